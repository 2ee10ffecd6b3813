#pragma once
// Linear interpolation (SpatialUpSamplingBilinear, VolumetricUpSamplingTrilinear) in THNN's
// coordinates (THNN/generic/Interpolation.h: Torch7's, PyTorch 1.13's align_corners=True): along an
// axis, output position o reads x = o (in - 1) / (out - 1) (0 when out == 1), split into its lower
// neighbour and the upper one's weight. Two-axis modules run with a leading axis of size 1. One
// thread per output element; the backward scatters with atomics (neighbouring outputs share inputs).
#include "PoolShape.cuh"
#include "generic/Interpolation.h"
#undef TH_GENERIC_FILE

namespace thcunn_pool3d {

// One axis' neighbours and weights: value = w0 in[i0] + w1 in[i1]; w1 == 0 where one neighbour is
// enough (the axis' end, or an exact hit).
template <typename real>
struct LinearTap {
  long i0, i1;
  real w0, w1;
};

// THNN's linearTaps for one position, computed in double as THNN computes it.
template <typename real>
__device__ inline LinearTap<real> linearTap(long o, long in, long out) {
  const double scale = out > 1 ? (double)(in - 1) / (double)(out - 1) : 0;
  const double x = scale * (double)o;
  const double f = floor(x);
  const double lambda = x - f;
  const long i0 = (long)f;
  if (i0 >= in - 1) return {in - 1, in - 1, real(1), real(0)};
  return {i0, lambda == 0 ? i0 : i0 + 1, (real)(1 - lambda), (real)lambda};
}

// The three axes' taps of output element i, and the offset of its plane's input.
template <typename real>
__device__ inline long linearTaps3(long i, const Dims3 &d, LinearTap<real> *taps) {
  const Coords3 c = splitIndex(i, d.out);
  for (int a = 0; a < 3; a++) taps[a] = linearTap<real>(c.o[a], d.in[a], d.out[a]);
  return c.p * d.inCount();
}

// The bilinear value at rows r0 (tap h.i0) and r1 (tap h.i1), columns by tap w (THNN's order).
template <typename real>
__device__ inline real bilinearAt(const real *r0, const real *r1, const LinearTap<real> &h, const LinearTap<real> &w) {
  return h.w0 * (w.w0 * r0[w.i0] + w.w1 * r0[w.i1]) + h.w1 * (w.w0 * r1[w.i0] + w.w1 * r1[w.i1]);
}

template <typename real>
__global__ void linearForward(const real *input, real *output, long n, Dims3 d) {
  THCUNN_GRID_LOOP(i, n) {
    LinearTap<real> tap[3];
    const real *volume = input + linearTaps3(i, d, tap);
    const long plane = d.in[1] * d.in[2];
    const real *a0 = volume + tap[0].i0 * plane, *a1 = volume + tap[0].i1 * plane;
    const real v = bilinearAt(a0 + tap[1].i0 * d.in[2], a0 + tap[1].i1 * d.in[2], tap[1], tap[2]);
    output[i] = tap[0].w1 == 0 ? v
                               : tap[0].w0 * v + tap[0].w1 * bilinearAt(a1 + tap[1].i0 * d.in[2],
                                                                        a1 + tap[1].i1 * d.in[2], tap[1], tap[2]);
  }
}

// The backward of bilinearAt: the four neighbours += their weights times g (zero weights skipped).
template <typename real>
__device__ inline void bilinearAdd(real *r0, real *r1, const LinearTap<real> &h, const LinearTap<real> &w, real g) {
  const real share[4] = {h.w0 * w.w0 * g, h.w0 * w.w1 * g, h.w1 * w.w0 * g, h.w1 * w.w1 * g};
  real *const at[4] = {r0 + w.i0, r0 + w.i1, r1 + w.i0, r1 + w.i1};
  for (int k = 0; k < 4; k++)
    if (share[k] != 0) atomicAdd(at[k], share[k]);
}

// gradInput (zeroed) += each output gradient spread over its neighbours.
template <typename real>
__global__ void linearBackward(const real *gradOutput, real *gradInput, long n, Dims3 d) {
  THCUNN_GRID_LOOP(i, n) {
    LinearTap<real> tap[3];
    real *volume = gradInput + linearTaps3(i, d, tap);
    const long plane = d.in[1] * d.in[2];
    real *a0 = volume + tap[0].i0 * plane, *a1 = volume + tap[0].i1 * plane;
    const real g = gradOutput[i];
    bilinearAdd(a0 + tap[1].i0 * d.in[2], a0 + tap[1].i1 * d.in[2], tap[1], tap[2], tap[0].w0 * g);
    if (tap[0].w1 != 0) bilinearAdd(a1 + tap[1].i0 * d.in[2], a1 + tap[1].i1 * d.in[2], tap[1], tap[2], tap[0].w1 * g);
  }
}

}  // namespace thcunn_pool3d
