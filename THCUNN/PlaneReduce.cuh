#pragma once
// Per-plane work on a contiguous [n x planes x inner] array (batch x channels x positions), one block
// per plane: the layout of BatchNormalization's channels and of a convolution's bias gradient. A
// plane's elements lie in n runs of `inner` contiguous values; a block's consecutive threads take
// consecutive elements of a run (coalesced), and its sums meet through warp shuffles. Sums are kept
// in double, so that a long plane of floats stays within float rounding of the CPU's result.

namespace thcunn {

constexpr int kPlaneThreads = 1024;

// A sum in double as THC_reduceDim's reduction (THCReduce.cuh): a long row or column of floats stays
// within float rounding of the CPU's result.
struct DoubleSum {
  __host__ __device__ double init() const { return 0; }
  template <typename T>
  __device__ double map(T x, long) const {
    return (double)x;
  }
  __device__ double combine(double a, double b) const { return a + b; }
};

struct SumPair {
  double first, second;
};

__device__ __forceinline__ SumPair warpSum(SumPair v) {
  for (int offset = 16; offset > 0; offset /= 2) {
    v.first += __shfl_down_sync(0xffffffffu, v.first, offset);
    v.second += __shfl_down_sync(0xffffffffu, v.second, offset);
  }
  return v;
}

// The total of v over the block (blockDim.x a multiple of 32), returned to every thread. Every thread
// of the block must call it.
__device__ __forceinline__ SumPair blockSum(SumPair v) {
  __shared__ SumPair warps[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nWarps = blockDim.x / 32;
  v = warpSum(v);
  if (lane == 0) warps[warp] = v;
  __syncthreads();
  // every warp folds the warps' partials itself, so that all threads get the total
  v = warpSum(lane < nWarps ? warps[lane] : SumPair{0, 0});
  v.first = __shfl_sync(0xffffffffu, v.first, 0);
  v.second = __shfl_sync(0xffffffffu, v.second, 0);
  __syncthreads();  // warps[] is free again for a later call
  return v;
}

// Calls f(offset) for this thread's share of plane `plane`: element j = b * inner + i of the plane
// (b < n, i < inner) at offset (b * planes + plane) * inner + i, for j = threadIdx.x, + blockDim.x, ...
template <typename F>
__device__ __forceinline__ void forEachInPlane(long n, long planes, long inner, long plane, F f) {
  if (inner <= 0) return;
  const long stepB = blockDim.x / inner, stepI = blockDim.x % inner;
  long b = threadIdx.x / inner, i = threadIdx.x % inner;
  while (b < n) {
    f((b * planes + plane) * inner + i);
    b += stepB;
    i += stepI;
    if (i >= inner) {
      i -= inner;
      b++;
    }
  }
}

// Threads for a block over `count` elements: a multiple of 32, at most kPlaneThreads.
inline int planeThreadsFor(long count) {
  long t = (count + 31) / 32 * 32;
  return (int)(t < 32 ? 32 : t > kPlaneThreads ? kPlaneThreads : t);
}

// sums[p] += scale * (the sum of plane p of x), one block per plane.
template <typename T, typename S>
__global__ void __launch_bounds__(kPlaneThreads) planeSumAddKernel(const T *x, long n, long planes, long inner,
                                                                   S scale, T *sums) {
  SumPair s{0, 0};
  forEachInPlane(n, planes, inner, blockIdx.x, [&](long at) { s.first += (double)x[at]; });
  s = blockSum(s);
  if (threadIdx.x == 0) sums[blockIdx.x] += (T)(scale * s.first);
}

template <typename T, typename S>
void planeSumAdd(THCState *state, const T *x, long n, long planes, long inner, S scale, T *sums) {
  if (planes == 0) return;
  planeSumAddKernel<<<(unsigned)planes, planeThreadsFor(n * inner), 0, THCState_getCurrentStream(state)>>>(
      x, n, planes, inner, scale, sums);
  THCudaCheckLaunch("planeSumAdd");
}

}  // namespace thcunn
