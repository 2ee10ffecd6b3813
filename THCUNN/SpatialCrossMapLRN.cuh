#pragma once
// SpatialCrossMapLRN's kernels (local response normalisation across channels; nn has no THNN kernel
// for it, its CPU version lives in Lua). For an input [N x C x H x W] (or [C x H x W]), with the
// window W(c) of the `size` channels c - pre .. c + post (pre = (size - 1) / 2, post = size - 1 - pre,
// clipped to 0 .. C - 1; the window of Torch7's CUDA kernel, centred for odd sizes):
//   scale_c  = k + alpha / size * sum over c' in W(c) of x_c'^2
//   output_c = x_c * scale_c^-beta
//   gradInput_j = gradOutput_j * scale_j^-beta
//                 - 2 alpha beta / size * x_j * sum over c with j in W(c) of gradOutput_c * output_c / scale_c
// (j in W(c) exactly when c is in j - post .. j + pre). One thread per (image, position) walks the
// channels; consecutive threads take consecutive positions, so every access coalesces.

namespace thcunn {

struct LRNShape {
  long n, channels, inner;  // images, channels, positions (H * W) per channel
  int pre, post;
};

// The sum over channels c + lo .. c + hi (clipped) of f(channel).
template <typename T, typename F>
__device__ __forceinline__ T lrnWindowSum(long c, long lo, long hi, long channels, F f) {
  T sum = 0;
  for (long o = c + lo < 0 ? 0 : c + lo, last = c + hi < channels ? c + hi : channels - 1; o <= last; o++) sum += f(o);
  return sum;
}

template <typename T>
__global__ void lrnForwardKernel(LRNShape s, const T *__restrict__ x, T *__restrict__ scale, T *__restrict__ y,
                                 T alphaOverSize, T beta, T k) {
  const long columns = s.n * s.inner;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < columns; i += (long)gridDim.x * blockDim.x) {
    const long base = (i / s.inner) * s.channels * s.inner + i % s.inner;
    for (long c = 0; c < s.channels; c++) {
      const T squares = lrnWindowSum<T>(c, -s.pre, s.post, s.channels, [&](long o) {
        const T v = x[base + o * s.inner];
        return v * v;
      });
      const T sc = k + alphaOverSize * squares;
      const long at = base + c * s.inner;
      scale[at] = sc;
      y[at] = x[at] * pow(sc, -beta);
    }
  }
}

template <typename T>
__global__ void lrnBackwardKernel(LRNShape s, const T *__restrict__ x, const T *__restrict__ g,
                                  const T *__restrict__ scale, const T *__restrict__ y, T *__restrict__ dx,
                                  T twoAlphaBetaOverSize, T beta) {
  const long columns = s.n * s.inner;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < columns; i += (long)gridDim.x * blockDim.x) {
    const long base = (i / s.inner) * s.channels * s.inner + i % s.inner;
    for (long j = 0; j < s.channels; j++) {
      const T ratios = lrnWindowSum<T>(j, -s.post, s.pre, s.channels, [&](long o) {
        const long at = base + o * s.inner;
        return g[at] * y[at] / scale[at];
      });
      const long at = base + j * s.inner;
      dx[at] = g[at] * pow(scale[at], -beta) - twoAlphaBetaOverSize * x[at] * ratios;
    }
  }
}

}  // namespace thcunn
