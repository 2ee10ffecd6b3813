#pragma once
// Sorting for generic/THCTensorSort.cu (Long, Float, Double): every row of a contiguous rows x n
// array is sorted by a stable segmented radix sort (CUB) of order-preserving unsigned keys, so
// equal values keep their order. NaN sorts above every number (first when descending); -0 and +0
// are equal. One CUB instantiation per element type: descending order complements the keys.
#include <cstdint>
#include <cstring>
#include <cub/device/device_segmented_radix_sort.cuh>
#include "THCReduce.cuh"
#include "THCTensorMath.h"

namespace thc_sort {
constexpr int kThreads = 256;

template <typename T> struct KeyOf { using type = uint64_t; };
template <> struct KeyOf<float> { using type = uint32_t; };

// The unsigned key whose order is T's order (NaN largest, -0 == +0).
__device__ inline uint32_t sortKey(float x) {
  if (x != x) return 0xffffffffu;
  if (x == 0) x = 0;
  uint32_t u = __float_as_uint(x);
  return (u & 0x80000000u) ? ~u : u | 0x80000000u;
}
__device__ inline uint64_t sortKey(double x) {
  if (x != x) return ~(uint64_t)0;
  if (x == 0) x = 0;
  uint64_t u = (uint64_t)__double_as_longlong(x);
  return (u & (1ull << 63)) ? ~u : u | (1ull << 63);
}
__device__ inline uint64_t sortKey(long x) { return (uint64_t)x ^ (1ull << 63); }

template <typename T, typename K>
__global__ void keysKernel(K *keys, long *positions, int *offsets, const T *in, long rows, long n, bool descending) {
  long total = rows * n;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x) {
    K k = sortKey(in[i]);
    keys[i] = descending ? (K)~k : k;
    positions[i] = i % n;
    if (i % n == 0) offsets[i / n] = (int)i;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) offsets[rows] = (int)total;
}

// out[r][j] = src[r][pos[r][j]]: a row-wise permutation (out must not be src).
template <typename T>
__global__ void gatherRowsKernel(T *out, const T *src, const long *pos, long rows, long n) {
  long total = rows * n;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x)
    out[i] = src[i - i % n + pos[i]];
}

// TH's mode of each sorted row: the first longest run of equal values (NaN equals nothing), its
// value and the original position of the run's last element.
template <typename T>
__global__ void modeKernel(T *value, long *index, const T *sorted, const long *pos, long rows, long n) {
  for (long r = (long)blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += (long)gridDim.x * blockDim.x) {
    const T *v = sorted + r * n;
    long best = 0, bestCount = 0, run = 0;
    for (long i = 0; i < n; i++) {
      run++;
      if (i == n - 1 || !(v[i] == v[i + 1])) {
        if (run > bestCount) {
          bestCount = run;
          best = i;
        }
        run = 0;
      }
    }
    value[r] = v[best];
    index[r] = pos[r * n + best];
  }
}

inline unsigned gridFor(THCState *state, long n) {
  long blocks = (n + kThreads - 1) / kThreads;
  long cap = 8L * THCState_getCurrentDeviceProperties(state)->multiProcessorCount * (2048 / kThreads);
  return (unsigned)(blocks < 1 ? 1 : blocks < cap ? blocks : cap);
}
}  // namespace thc_sort

// Sorts each row of the contiguous rows x n array `in` (rows * n < 2^31, checked by the caller):
// values[r][j] is the j-th of row r in order, positions[r][j] where it was in the row (0-based).
// values must not overlap in.
template <typename T>
void THC_sortRows(THCState *state, const T *in, long rows, long n, bool descending, T *values, long *positions) {
  using K = typename thc_sort::KeyOf<T>::type;
  cudaStream_t stream = THCState_getCurrentStream(state);
  long total = rows * n;
  char *scratch = nullptr;
  size_t keyBytes = sizeof(K) * total, posBytes = sizeof(long) * total, offBytes = sizeof(int) * (rows + 1);
  size_t align = 256;
  size_t keyPart = (keyBytes + align - 1) / align * align, posPart = (posBytes + align - 1) / align * align,
         offPart = (offBytes + align - 1) / align * align;
  size_t cubBytes = 0;
  THCudaCheck(cub::DeviceSegmentedRadixSort::SortPairs(nullptr, cubBytes, (const K *)nullptr, (K *)nullptr,
                                                       (const long *)nullptr, (long *)nullptr, (int)total, (int)rows,
                                                       (const int *)nullptr, (const int *)nullptr, 0,
                                                       (int)(sizeof(K) * 8), stream));
  // keys in, keys out, positions in, offsets, CUB's own storage
  THCudaCheck(THCudaMalloc(state, (void **)&scratch, 2 * keyPart + posPart + offPart + cubBytes));
  K *keysIn = (K *)scratch, *keysOut = (K *)(scratch + keyPart);
  long *posIn = (long *)(scratch + 2 * keyPart);
  int *offsets = (int *)(scratch + 2 * keyPart + posPart);
  void *cubStorage = scratch + 2 * keyPart + posPart + offPart;
  unsigned grid = thc_sort::gridFor(state, total);
  thc_sort::keysKernel<<<grid, thc_sort::kThreads, 0, stream>>>(keysIn, posIn, offsets, in, rows, n, descending);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess)
    err = cub::DeviceSegmentedRadixSort::SortPairs(cubStorage, cubBytes, keysIn, keysOut, posIn, positions,
                                                   (int)total, (int)rows, offsets, offsets + 1, 0,
                                                   (int)(sizeof(K) * 8), stream);
  if (err == cudaSuccess) {
    thc_sort::gatherRowsKernel<<<grid, thc_sort::kThreads, 0, stream>>>(values, in, positions, rows, n);
    err = cudaGetLastError();
  }
  THCudaCheck(THCudaFree(state, scratch));
  THCudaCheck(err);
}

// Copies a contiguous result laid out with dimension dim and the last one swapped (`moved`) into dst.
inline void THC_copyIndicesFromMoved(THCState *state, THCudaLongTensor *dst, THCudaLongTensor *moved, int dim) {
  THCudaLongTensor *view = THCudaLongTensor_newTranspose(state, dst, dim, dst->nDimension - 1);
  THCudaLongTensor_copy(state, view, moved);
  THCudaLongTensor_free(state, view);
}
