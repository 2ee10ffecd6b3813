#pragma once
// VolumetricAveragePooling's kernels: the forward one thread per output element, the backward one
// thread per input element gathering the shares of the windows that cover it (no atomics, and the
// shares added in THNN's order).
#include "PoolShape.cuh"

namespace thcunn_pool3d {

// The divisor of the window at output coordinates o (THNN's rule: the positions inside the input,
// or with countIncludePad those in the padding too, not those a ceil_mode window has past it).
__device__ inline long averageDivisor(const long *o, const Dims3 &d, const PoolWindows3 &ws, bool countIncludePad,
                                      long *lo, long *hi) {
  long inside = 1, padded = 1;
  for (int a = 0; a < 3; a++) {
    padded *= THNNPool_window(o[a], d.in[a], &ws.w[a], &lo[a], &hi[a]);
    inside *= hi[a] - lo[a];
  }
  return countIncludePad ? padded : inside;
}

template <typename real, typename accreal>
__global__ void averagePool3dForward(const real *input, real *output, long n, Dims3 d, PoolWindows3 ws,
                                     bool countIncludePad) {
  THCUNN_GRID_LOOP(i, n) {
    const Coords3 c = splitIndex(i, d.out);
    long lo[3], hi[3];
    const long divisor = averageDivisor(c.o, d, ws, countIncludePad, lo, hi);
    const real *volume = input + c.p * d.inCount();
    accreal sum = 0;
    for (long t = lo[0]; t < hi[0]; t++)
      for (long y = lo[1]; y < hi[1]; y++)
        for (long x = lo[2]; x < hi[2]; x++) sum += volume[(t * d.in[1] + y) * d.in[2] + x];
    output[i] = (real)(sum / divisor);
  }
}

template <typename real, typename accreal>
__global__ void averagePool3dBackward(const real *gradOutput, real *gradInput, long n, Dims3 d, PoolWindows3 ws,
                                      bool countIncludePad) {
  THCUNN_GRID_LOOP(i, n) {
    const Coords3 c = splitIndex(i, d.in);
    long first[3], last[3];
    for (int a = 0; a < 3; a++) coveringWindows(c.o[a], d.out[a], ws.w[a], &first[a], &last[a]);
    const real *g = gradOutput + c.p * d.outCount();
    real sum = 0;
    long o[3], lo[3], hi[3];
    for (o[0] = first[0]; o[0] <= last[0]; o[0]++)
      for (o[1] = first[1]; o[1] <= last[1]; o[1]++)
        for (o[2] = first[2]; o[2] <= last[2]; o[2]++) {
          const long divisor = averageDivisor(o, d, ws, countIncludePad, lo, hi);
          sum += (real)(g[(o[0] * d.out[1] + o[1]) * d.out[2] + o[2]] / (accreal)divisor);
        }
    gradInput[i] = sum;
  }
}

}  // namespace thcunn_pool3d
