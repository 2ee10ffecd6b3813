#pragma once
// Random fills for libTHC's kernels. Every draw comes from Philox4x32-10 (Salmon et al., "Parallel
// random numbers: as easy as 1, 2, 3", SC 2011), a counter-based generator: the 128-bit block for
// element i of a call is philox(counter = (i, call), key = seed). Each call reserves a fresh call
// number (THCRandom_nextKey), so element i's value depends only on the seed, the number of calls
// made before and i (its row-major index), never on the grid: the same seed and the same sequence
// of calls give the same numbers on any device.
#include <cstdint>
#include <cmath>

#include "THCApply.cuh"
#include "THCGeneral.h"
#include "THCTensor.h"
#include "THCTensorRandom.h"

// The key of one call: the generator's seed, and the call number reserved for it.
struct THCPhiloxKey {
  uint64_t seed;
  uint64_t call;
};

// Reserves the next call number of the current device's generator (THCRandom.cu).
THCPhiloxKey THCRandom_nextKey(THCState *state);

namespace thc_random {

// Philox4x32-10: ten rounds of two 32x32->64 multiplications, the key bumped by the Weyl
// constants between rounds.
__device__ __forceinline__ uint4 philox(THCPhiloxKey key, uint64_t index) {
  uint4 c = make_uint4((uint32_t)index, (uint32_t)(index >> 32), (uint32_t)key.call, (uint32_t)(key.call >> 32));
  uint32_t k0 = (uint32_t)key.seed, k1 = (uint32_t)(key.seed >> 32);
#pragma unroll
  for (int round = 0; round < 10; round++) {
    uint32_t hi0 = __umulhi(0xD2511F53u, c.x), lo0 = 0xD2511F53u * c.x;
    uint32_t hi1 = __umulhi(0xCD9E8D57u, c.z), lo1 = 0xCD9E8D57u * c.z;
    c = make_uint4(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c;
}

// Uniform in [0, 1) from 24 bits (float) or 53 bits (double, from two words).
__device__ __forceinline__ float uniformFloat(uint32_t a) { return (float)(a >> 8) * 0x1.0p-24f; }
__device__ __forceinline__ double uniformDouble(uint32_t a, uint32_t b) {
  return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * 0x1.0p-53;
}

// Two independent uniforms in [0, 1) per block, at the precision of T (float: 24 bits, else 53).
template <typename T>
struct Uniforms {
  __device__ static double first(uint4 r) { return uniformDouble(r.x, r.y); }
  __device__ static double second(uint4 r) { return uniformDouble(r.z, r.w); }
};
template <>
struct Uniforms<float> {
  __device__ static float first(uint4 r) { return uniformFloat(r.x); }
  __device__ static float second(uint4 r) { return uniformFloat(r.y); }
};

// A standard normal by Box-Muller (the cosine branch; 1 - u is in (0, 1], so the log is finite).
__device__ __forceinline__ float standardNormal(float u1, float u2) {
  return sqrtf(-2.0f * logf(1.0f - u1)) * cospif(2.0f * u2);
}
__device__ __forceinline__ double standardNormal(double u1, double u2) {
  return sqrt(-2.0 * log(1.0 - u1)) * cospi(2.0 * u2);
}
template <typename T>
__device__ __forceinline__ auto normalDraw(uint4 r) {
  return standardNormal(Uniforms<T>::first(r), Uniforms<T>::second(r));
}

// The largest T below b (b's predecessor), or a if that is below a: keeps rounding from reaching b.
template <typename T>
__device__ __forceinline__ T belowUpper(T v, double a, double b) {
  if (v >= (T)b && a < b) {
    T below = nextafter((T)b, (T)-INFINITY);
    v = below >= (T)a ? below : (T)a;
  }
  return v;
}

// ---------------------------------------------------------------- the launcher

template <bool Contiguous, typename IndexT, typename Op, typename... Ts>
__global__ void fillKernel(IndexT n, THCPhiloxKey key, Op op, TensorInfo<Ts, IndexT>... infos) {
  for (IndexT i = (IndexT)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (IndexT)gridDim.x * blockDim.x)
    op(philox(key, (uint64_t)i), thc_apply::at<Contiguous>(infos, i)...);
}

}  // namespace thc_random

// Runs op(philoxBlock, &first[i], &others[i]...) over the elements of `first` in row-major order,
// i being the row-major index of each tensor (the caller checks that all have first's element
// count). Reserves one call of the generator when there is anything to draw.
template <typename Op, typename TensorA, typename... TensorTs>
void THCRandom_fill(THCState *state, const Op &op, TensorA *first, TensorTs *...others) {
  long n = THC_elementCount(first);
  if (n == 0) return;
  THCPhiloxKey key = THCRandom_nextKey(state);
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned grid = thc_apply::gridFor(state, n);
  bool fits32 = THC_fitsIn32BitIndex(first) && (THC_fitsIn32BitIndex(others) && ...);
  if (fits32) {
    auto infoA = THC_tensorInfo<THCScalarOf<TensorA>, uint32_t>(first);
    if (infoA.isContiguous() && (THC_tensorInfo<THCScalarOf<TensorTs>, uint32_t>(others).isContiguous() && ...))
      thc_random::fillKernel<true, uint32_t><<<grid, thc_apply::kThreads, 0, stream>>>(
          (uint32_t)n, key, op, infoA, THC_tensorInfo<THCScalarOf<TensorTs>, uint32_t>(others)...);
    else
      thc_random::fillKernel<false, uint32_t><<<grid, thc_apply::kThreads, 0, stream>>>(
          (uint32_t)n, key, op, infoA, THC_tensorInfo<THCScalarOf<TensorTs>, uint32_t>(others)...);
  } else {
    thc_random::fillKernel<false, uint64_t><<<grid, thc_apply::kThreads, 0, stream>>>(
        (uint64_t)n, key, op, THC_tensorInfo<THCScalarOf<TensorA>, uint64_t>(first),
        THC_tensorInfo<THCScalarOf<TensorTs>, uint64_t>(others)...);
  }
  THCudaCheckLaunch("THCRandom_fill");
}

// ---------------------------------------------------------------- argument checks on the device

namespace thc_random {
template <typename T, typename Pred>
struct CountViolations {
  unsigned long long *count;
  Pred ok;
  __device__ void operator()(T *x) const {
    if (!ok(*x)) atomicAdd(count, 1ULL);
  }
};
struct InUnitInterval {  // a probability: in [0, 1], NaN refused
  template <typename T>
  __device__ bool operator()(T v) const { return v >= 0 && v <= 1; }
};
struct NonNegative {  // a standard deviation: >= 0, NaN refused
  template <typename T>
  __device__ bool operator()(T v) const { return v >= 0; }
};
}  // namespace thc_random

// The number of elements of t for which ok(value) is false (synchronizes with the stream).
template <typename TensorT, typename Pred>
long THCRandom_countViolations(THCState *state, TensorT *t, Pred ok) {
  if (THC_elementCount(t) == 0) return 0;
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned long long *count = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&count, sizeof *count));
  unsigned long long host = 0;
  cudaError_t err = cudaMemsetAsync(count, 0, sizeof *count, stream);
  if (err == cudaSuccess) {
    THC_pointwiseApply1(state, t, thc_random::CountViolations<THCScalarOf<TensorT>, Pred>{count, ok});
    err = cudaMemcpyAsync(&host, count, sizeof host, cudaMemcpyDeviceToHost, stream);
  }
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCudaFree(state, count);
  THCudaCheck(err);
  return (long)host;
}

// ---------------------------------------------------------------- 1-D vectors to and from the host

// n elements of a device vector of element stride `stride` (>= 0) into a dense host array.
template <typename T>
void THCRandom_download(THCState *state, T *host, const T *dev, long n, long stride) {
  if (n == 0) return;
  cudaStream_t stream = THCState_getCurrentStream(state);
  if (stride == 0) {  // an expanded vector: one value
    THCudaCheck(cudaMemcpyAsync(host, dev, sizeof(T), cudaMemcpyDeviceToHost, stream));
    THCudaCheck(cudaStreamSynchronize(stream));
    for (long i = 1; i < n; i++) host[i] = host[0];
    return;
  }
  THCudaCheck(cudaMemcpy2DAsync(host, sizeof(T), dev, sizeof(T) * stride, sizeof(T), n, cudaMemcpyDeviceToHost,
                                stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

// A dense host array of n elements into a device vector of element stride `stride` (>= 1).
template <typename T>
void THCRandom_upload(THCState *state, T *dev, const T *host, long n, long stride) {
  if (n == 0) return;
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpy2DAsync(dev, sizeof(T) * stride, host, sizeof(T), sizeof(T), n, cudaMemcpyHostToDevice,
                                stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

// ---------------------------------------------------------------- multinomial kernels

namespace thc_random {
constexpr int kRowThreads = 256;  // one block of this many threads per distribution

// One row of weights: element j at data[j * stride], read as double.
template <typename T>
struct RowWeights {
  const T *data;
  long stride;
  __device__ double operator()(long j) const { return (double)data[j * stride]; }
};

// c[j] = weight(0) + ... + weight(j) for j < n, computed by the whole block (every thread must call).
template <typename Weight>
__device__ void blockInclusiveScan(const Weight &weight, long n, double *c) {
  __shared__ double buf[kRowThreads];
  double carry = 0;
  for (long base = 0; base < n; base += kRowThreads) {
    long j = base + threadIdx.x;
    buf[threadIdx.x] = j < n ? weight(j) : 0.0;
    __syncthreads();
    for (int off = 1; off < kRowThreads; off <<= 1) {
      double add = threadIdx.x >= (unsigned)off ? buf[threadIdx.x - off] : 0.0;
      __syncthreads();
      buf[threadIdx.x] += add;
      __syncthreads();
    }
    if (j < n) c[j] = carry + buf[threadIdx.x];
    carry += buf[kRowThreads - 1];
    __syncthreads();  // everyone has read buf before the next chunk overwrites it
  }
  __syncthreads();  // c is complete for the whole block
}

// The category that target (in [0, c[n-1])) falls in: the first j with c[j] > target, moved to
// the nearest category of positive weight should rounding have landed on one of weight 0.
template <typename Weight>
__device__ long pickCategory(const Weight &weight, const double *c, long n, double target) {
  long lo = 0, hi = n;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (c[mid] > target)
      hi = mid;
    else
      lo = mid + 1;
  }
  long j = lo < n ? lo : n - 1;
  if (weight(j) > 0) return j;
  for (long k = j - 1; k >= 0; k--)
    if (weight(k) > 0) return k;
  for (long k = j + 1; k < n; k++)
    if (weight(k) > 0) return k;
  return j;  // unreachable: the row was checked to have a positive weight
}

// Per row: the sum of its weights, the number of positive ones and the first invalid entry (not
// finite or negative; n_cat when none).
template <typename T>
__global__ void rowStatsKernel(const T *w, long n_cat, long row_stride, long cat_stride, double *sums,
                               long *positives, long *firstBad) {
  __shared__ double s_sum[kRowThreads];
  __shared__ long s_pos[kRowThreads];
  __shared__ long s_bad[kRowThreads];
  const T *row = w + blockIdx.x * row_stride;
  double sum = 0;
  long pos = 0, bad = n_cat;
  for (long j = threadIdx.x; j < n_cat; j += kRowThreads) {
    double v = (double)row[j * cat_stride];
    if (!(v >= 0 && v < INFINITY)) {
      if (bad == n_cat) bad = j;  // j grows: the thread's first is its smallest
    } else {
      sum += v;
      pos += v > 0;
    }
  }
  s_sum[threadIdx.x] = sum;
  s_pos[threadIdx.x] = pos;
  s_bad[threadIdx.x] = bad;
  __syncthreads();
  for (int half = kRowThreads / 2; half > 0; half >>= 1) {
    if (threadIdx.x < (unsigned)half) {
      s_sum[threadIdx.x] += s_sum[threadIdx.x + half];
      s_pos[threadIdx.x] += s_pos[threadIdx.x + half];
      s_bad[threadIdx.x] = min(s_bad[threadIdx.x], s_bad[threadIdx.x + half]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = s_sum[0];
    positives[blockIdx.x] = s_pos[0];
    firstBad[blockIdx.x] = s_bad[0];
  }
}

// Where the samples go: row r, sample s at data[r * row_stride + s * col_stride].
struct SampleOut {
  long *data;
  long row_stride, col_stride;
};

// With replacement: the row's cumulative weights, then sample s of row r uses block (r * n_sample + s).
template <typename T>
__global__ void multinomialWithReplacementKernel(const T *w, long n_cat, long row_stride, long cat_stride,
                                                 double *cum, SampleOut out, int n_sample, THCPhiloxKey key) {
  long row = blockIdx.x;
  RowWeights<T> weight{w + row * row_stride, cat_stride};
  double *c = cum + row * n_cat;
  blockInclusiveScan(weight, n_cat, c);
  double total = c[n_cat - 1];
  for (int s = threadIdx.x; s < n_sample; s += kRowThreads) {
    uint4 r = philox(key, (uint64_t)row * (uint64_t)n_sample + (uint64_t)s);
    double target = uniformDouble(r.x, r.y) * total;
    out.data[row * out.row_stride + s * out.col_stride] = pickCategory(weight, c, n_cat, target);
  }
}

// Without replacement: samples one after the other, each drawn from the weights left (a drawn
// category's weight is set to 0), the cumulative sums recomputed from them every time.
template <typename T>
__global__ void multinomialWithoutReplacementKernel(const T *w, long n_cat, long row_stride, long cat_stride,
                                                    double *left, double *cum, SampleOut out, int n_sample,
                                                    THCPhiloxKey key) {
  long row = blockIdx.x;
  double *wl = left + row * n_cat;
  double *c = cum + row * n_cat;
  const T *src = w + row * row_stride;
  for (long j = threadIdx.x; j < n_cat; j += kRowThreads) wl[j] = (double)src[j * cat_stride];
  __syncthreads();
  RowWeights<double> weight{wl, 1};
  for (int s = 0; s < n_sample; s++) {
    blockInclusiveScan(weight, n_cat, c);
    if (threadIdx.x == 0) {
      uint4 r = philox(key, (uint64_t)row * (uint64_t)n_sample + (uint64_t)s);
      double target = uniformDouble(r.x, r.y) * c[n_cat - 1];
      long j = pickCategory(weight, c, n_cat, target);
      out.data[row * out.row_stride + s * out.col_stride] = j;
      wl[j] = 0;
    }
    __syncthreads();
  }
}
}  // namespace thc_random
