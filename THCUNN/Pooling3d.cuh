#pragma once
// The volumetric max pooling engine (VolumetricMaxPooling, VolumetricDilatedMaxPooling, and the
// window scan of VolumetricFractionalMaxPooling) and the packed indices VolumetricMaxUnpooling reads.
// (VolumetricMaxUnpooling's kernels are in its own header.) One thread per output element: consecutive threads take
// consecutive outputs along W, so the reads of a window row are coalesced across the warp when the stride is small.
#include "PoolShape.cuh"

namespace thcunn_pool3d {

// THNN's packed volumetric index: per-axis window offsets in kernel steps, one byte each (T lowest).
__host__ __device__ inline long pack3d(long offT, long offH, long offW) { return offT | offH << 8 | offW << 16; }
__host__ __device__ inline void unpack3d(long index, long off[3]) {
  off[0] = index & 255;
  off[1] = (index >> 8) & 255;
  off[2] = (index >> 16) & 255;
}

// The max of volume[t][y][x] over t in [lo[0], hi[0]) by step[0], ... : THNN's poolWindowMax3d
// rules (scan in memory order; the first of equal maxima wins, the last NaN wins). Returns the
// max; its coordinates go to at[].
template <typename real>
__device__ inline real windowMax3d(const real *volume, long height, long width, const long *lo, const long *hi,
                                   const long *step, long at[3]) {
  real best = volume[(lo[0] * height + lo[1]) * width + lo[2]];
  at[0] = lo[0], at[1] = lo[1], at[2] = lo[2];
  for (long t = lo[0]; t < hi[0]; t += step[0])
    for (long y = lo[1]; y < hi[1]; y += step[1])
      for (long x = lo[2]; x < hi[2]; x += step[2]) {
        const real v = volume[(t * height + y) * width + x];
        if (v > best || isnan(v)) {
          best = v;
          at[0] = t, at[1] = y, at[2] = x;
        }
      }
  return best;
}

template <typename real>
__global__ void maxPool3dForward(const real *input, real *output, long *indices, long n, Dims3 d, PoolWindows3 ws) {
  THCUNN_GRID_LOOP(i, n) {
    const Coords3 c = splitIndex(i, d.out);
    long lo[3], hi[3], step[3], at[3];
    for (int a = 0; a < 3; a++) {
      THNNPool_window(c.o[a], d.in[a], &ws.w[a], &lo[a], &hi[a]);
      step[a] = ws.w[a].dilation;
    }
    output[i] = windowMax3d(input + c.p * d.inCount(), d.in[1], d.in[2], lo, hi, step, at);
    long off[3];
    // Offsets from the unclipped window start o * stride - pad, in dilation steps.
    for (int a = 0; a < 3; a++) off[a] = (at[a] - c.o[a] * ws.w[a].stride + ws.w[a].pad) / ws.w[a].dilation;
    indices[i] = pack3d(off[0], off[1], off[2]);
  }
}

// gradInput (zeroed) += gradOutput at the positions the packed indices name; an index that names no
// position of its window inside the input is recorded and skipped, as THNN does.
template <typename real>
__global__ void maxPool3dBackward(const real *gradOutput, const long *indices, real *gradInput, long n, Dims3 d,
                                  PoolWindows3 ws, unsigned long long *firstBad) {
  THCUNN_GRID_LOOP(i, n) {
    const Coords3 c = splitIndex(i, d.out);
    long off[3], pos[3];
    unpack3d(indices[i], off);
    bool ok = true;
    for (int a = 0; a < 3; a++) {
      pos[a] = c.o[a] * ws.w[a].stride - ws.w[a].pad + off[a] * ws.w[a].dilation;
      ok = ok && off[a] < ws.w[a].kernel && pos[a] >= 0 && pos[a] < d.in[a];
    }
    if (!ok) {
      noteBadIndex(firstBad, i);
      continue;
    }
    atomicAdd(gradInput + c.p * d.inCount() + (pos[0] * d.in[1] + pos[1]) * d.in[2] + pos[2], gradOutput[i]);
  }
}

// Fractional windows: window o along axis a starts at starts[p * perPlane + axisBase[a] + o] and
// spans pool[a] positions; indices are 1-based positions within the input volume.
struct FractionalPlan {
  long perPlane, axisBase[3], pool[3];
};

template <typename real>
__global__ void fractionalMaxPool3dForward(const real *input, real *output, long *indices, long n, Dims3 d,
                                           const long *starts, FractionalPlan plan) {
  THCUNN_GRID_LOOP(i, n) {
    const Coords3 c = splitIndex(i, d.out);
    const long *planeStarts = starts + c.p * plan.perPlane;
    long lo[3], hi[3], step[3] = {1, 1, 1}, at[3];
    for (int a = 0; a < 3; a++) {
      lo[a] = planeStarts[plan.axisBase[a] + c.o[a]];
      hi[a] = lo[a] + plan.pool[a];
    }
    output[i] = windowMax3d(input + c.p * d.inCount(), d.in[1], d.in[2], lo, hi, step, at);
    indices[i] = (at[0] * d.in[1] + at[1]) * d.in[2] + at[2] + TH_INDEX_BASE;
  }
}

// gradInput (zeroed) += gradOutput at the 1-based plane positions in indices (THNN's poolMaxBackward
// without zeroIsNone): an index outside [1, inCount] is recorded and skipped.
template <typename real>
__global__ void maxPoolScatter(const real *gradOutput, const long *indices, real *gradInput, long n, long outCount,
                               long inCount, unsigned long long *firstBad) {
  THCUNN_GRID_LOOP(i, n) {
    const long at = indices[i] - TH_INDEX_BASE;
    if (at < 0 || at >= inCount) {
      noteBadIndex(firstBad, i);
      continue;
    }
    atomicAdd(gradInput + i / outCount * inCount + at, gradOutput[i]);
  }
}

}  // namespace thcunn_pool3d
