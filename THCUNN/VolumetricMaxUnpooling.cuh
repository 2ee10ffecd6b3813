#pragma once
// VolumetricMaxUnpooling's kernels; the packed indices are the volumetric max pooling's.
#include "Pooling3d.cuh"

namespace thcunn_pool3d {

// VolumetricMaxUnpooling: the output position (within its volume) that input element i goes to by
// its packed index, or -1 when that lies outside the output volume.
struct UnpoolPlan {
  Dims3 d;  // in: the pooled input, out: the unpooled output
  int stride[3], pad[3];
};

__device__ inline long unpoolTarget(long i, long index, const UnpoolPlan &u) {
  const Coords3 c = splitIndex(i, u.d.in);
  long off[3], pos[3];
  unpack3d(index, off);
  for (int a = 0; a < 3; a++) {
    pos[a] = c.o[a] * u.stride[a] - u.pad[a] + off[a];
    if (pos[a] < 0 || pos[a] >= u.d.out[a]) return -1;
  }
  return (pos[0] * u.d.out[1] + pos[1]) * u.d.out[2] + pos[2];
}

// First pass of the unpooling forward: winner[target] = the last input element (in order) going
// there, as THNN's sequential loop leaves it; bad indices recorded.
static __global__ void unpoolClaim(const long *indices, long n, UnpoolPlan u, long long *winner,
                                   unsigned long long *firstBad) {
  const long inCount = u.d.inCount(), outCount = u.d.outCount();
  THCUNN_GRID_LOOP(i, n) {
    const long at = unpoolTarget(i, indices[i], u);
    if (at < 0)
      noteBadIndex(firstBad, i);
    else
      atomicMax(winner + i / inCount * outCount + at, (long long)i);
  }
}

// Second pass: every output element takes its winner's value, or 0.
template <typename real>
__global__ void unpoolWrite(const real *input, const long long *winner, real *output, long n) {
  THCUNN_GRID_LOOP(i, n) {
    const long long w = winner[i];
    output[i] = w >= 0 ? input[w] : real(0);
  }
}

// The unpooling backward, a gather: gradInput[i] = gradOutput at i's target, or 0.
template <typename real>
__global__ void unpoolGather(const real *gradOutput, const long *indices, real *gradInput, long n, UnpoolPlan u,
                             unsigned long long *firstBad) {
  const long inCount = u.d.inCount(), outCount = u.d.outCount();
  THCUNN_GRID_LOOP(i, n) {
    const long at = unpoolTarget(i, indices[i], u);
    if (at < 0) noteBadIndex(firstBad, i);
    gradInput[i] = at >= 0 ? gradOutput[i / inCount * outCount + at] : real(0);
  }
}

}  // namespace thcunn_pool3d
