#pragma once
// Kernels and helpers of THCTensorMath (generic/THCTensorMath.cu): fill, the index-valued fills of
// linspace/logspace/range/arange, tril/triu, and the selection of the indices of non-zero elements
// (CUB's DeviceSelect) that nonzero and the masked functions share.
#include <cstdint>

#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include "THC.h"
#include "THCApply.cuh"

namespace thc_math {
template <typename T>
struct Fill {
  T value;
  __device__ void operator()(T *x) const { *x = value; }
};

// Element i (row-major) of the tensor gets f(i).
template <typename T, typename F>
__global__ void fillByIndex(TensorInfo<T, uint64_t> t, uint64_t n, F f) {
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    t.data[t.offset(i)] = f(i);
}

// n evenly spaced values from a to b, both ends exact (the first half counts from a, the second
// from b), or 10 to their power: TH's arithmetic, in double.
template <typename T>
struct Spaced {
  double a, b, step;
  uint64_t n;
  bool powerOf10;
  __device__ T operator()(uint64_t i) const {
    double v = 2 * i < n ? a + (double)i * step : b - (double)(n - 1 - i) * step;
    return (T)(powerOf10 ? pow(10.0, v) : v);
  }
};

// xmin + i * step: in double for floating point, in wrapping unsigned arithmetic for integers.
template <typename T>
struct Sequence {
  double xmin, step;
  long ixmin, istep;
  __device__ T operator()(uint64_t i) const {
    if constexpr (std::is_integral_v<T>)
      return (T)(long)((unsigned long)ixmin + (unsigned long)i * (unsigned long)istep);
    else
      return (T)(xmin + (double)i * step);
  }
};

// out[i][j] = src[i][j] where j - i <= k (lower) or j - i >= k (upper), else 0. out may be src.
template <typename T>
__global__ void triangle(T *out, long os0, long os1, const T *src, long ss0, long ss1, long rows, long cols, long k,
                         bool upper) {
  uint64_t n = (uint64_t)rows * (uint64_t)cols;
  for (uint64_t e = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; e < n; e += (uint64_t)gridDim.x * blockDim.x) {
    long i = (long)(e / (uint64_t)cols), j = (long)(e % (uint64_t)cols);
    bool keep = upper ? j - i >= k : j - i <= k;
    out[i * os0 + j * os1] = keep ? src[i * ss0 + j * ss1] : (T)0;
  }
}

template <typename T>
struct NonZeroAt {
  TensorInfo<T, uint64_t> t;
  __device__ bool operator()(long i) const { return t.data[t.offset((uint64_t)i)] != 0; }
};

}  // namespace thc_math

// The row-major subscripts of the n linear indices (device): row r of out (device, n x dims,
// contiguous) gets those of indices[r] in a tensor of the given sizes. THCTensorMath.cu.
void THC_linearToSubscripts(THCState *state, const long *indices, long n, const long *sizes, int dims, long *out);

// Writes to `indices` (a device array of n longs) the i < n, in increasing order, for which
// pred(i) holds, and returns how many there are (synchronises with the current stream).
template <typename Pred>
long THC_selectIndices(THCState *state, long n, Pred pred, long *indices) {
  if (n == 0) return 0;
  cudaStream_t stream = THCState_getCurrentStream(state);
  thrust::counting_iterator<long> first(0);
  size_t tempBytes = 0;
  THCudaCheck(cub::DeviceSelect::If(nullptr, tempBytes, first, indices, (long *)nullptr, n, pred, stream));
  // One allocation: the count first (aligned), CUB's scratch after it.
  char *scratch = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&scratch, tempBytes + 256));
  long *count = (long *)scratch;
  long found = 0;
  cudaError_t err = cub::DeviceSelect::If(scratch + 256, tempBytes, first, indices, count, n, pred, stream);
  if (err == cudaSuccess) err = cudaMemcpyAsync(&found, count, sizeof(long), cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCudaCheck(THCudaFree(state, scratch));
  THCudaCheck(err);
  return found;
}

// Device scratch of n longs (THCudaMalloc), freed with THCudaFree. NULL for n == 0.
inline long *THC_allocIndices(THCState *state, long n) {
  long *p = nullptr;
  if (n > 0) THCudaCheck(THCudaMalloc(state, (void **)&p, (size_t)n * sizeof(long)));
  return p;
}
