#pragma once
// TemporalRowConvolution's device code on contiguous feature-first arrays: x [N x F x T], y and gy
// [N x F x T'], weight [F x kW], output frame t of row f reading x[f][t*dW - padW + k] (0 outside).
// The rows are independent 1-tap-per-weight dot products, so the kernels compute them directly
// (consecutive threads on consecutive frames) rather than through an unfolding and a GEMM.
#include "THNNTemporalShape.h"

namespace thcunn_rowconv {

struct Geometry {
  long nImages, F, T, Tout;
  int kW, dW, padW;
};

template <typename T>
__global__ void forwardKernel(Geometry g, const T *__restrict__ x, const T *__restrict__ w,
                              const T *__restrict__ bias, T *__restrict__ y) {
  const long n = g.nImages * g.F * g.Tout;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long t = i % g.Tout, row = i / g.Tout, f = row % g.F;
    const T *xr = x + row * g.T, *wf = w + f * g.kW;
    T sum = bias ? bias[f] : T(0);
    for (int k = 0; k < g.kW; k++) {
      const long s = t * g.dW - g.padW + k;
      if (s >= 0 && s < g.T) sum += wf[k] * xr[s];
    }
    y[i] = sum;
  }
}

// gx[row][s] = the sum over the taps k and output frames t with t*dW - padW + k = s of w[f][k] gy[row][t].
template <typename T>
__global__ void backwardKernel(Geometry g, const T *__restrict__ gy, const T *__restrict__ w, T *__restrict__ gx) {
  const long n = g.nImages * g.F * g.T;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long s = i % g.T, row = i / g.T, f = row % g.F;
    const T *gr = gy + row * g.Tout, *wf = w + f * g.kW;
    T sum = 0;
    for (int k = 0; k < g.kW; k++) {
      const long shifted = s + g.padW - k;  // = t * dW for the output frame that reads s through tap k
      if (shifted < 0 || shifted % g.dW) continue;
      const long t = shifted / g.dW;
      if (t < g.Tout) sum += wf[k] * gr[t];
    }
    gx[i] = sum;
  }
}

// One warp per parameter p (p = f * taps + k): grad[p] += scale * the sum over images and output
// frames of gy[n][f][t] times x[n][f][t*dW - padW + k] (weights, x given) or times 1 (bias, x NULL,
// taps 1). Accumulated in double, as the CPU's accreal.
template <typename T>
__global__ void paramGradKernel(Geometry g, const T *__restrict__ x, const T *__restrict__ gy, int taps, T *grad,
                                double scale) {
  const long params = g.F * taps, terms = g.nImages * g.Tout;
  const long warpsPerGrid = (long)gridDim.x * blockDim.y;
  for (long p = (long)blockIdx.x * blockDim.y + threadIdx.y; p < params; p += warpsPerGrid) {
    const long f = p / taps, k = p % taps;
    double sum = 0;
    for (long j = threadIdx.x; j < terms; j += 32) {
      const long n = j / g.Tout, t = j % g.Tout, row = n * g.F + f;
      const T go = gy[row * g.Tout + t];
      if (!x) {
        sum += go;
        continue;
      }
      const long s = t * g.dW - g.padW + k;
      if (s >= 0 && s < g.T) sum += (double)go * x[row * g.T + s];
    }
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (threadIdx.x == 0) grad[p] += (T)(scale * sum);
  }
}

constexpr int kWarpsPerBlock = 8;

template <typename T>
void forward(THCState *state, const Geometry &g, const T *x, const T *w, const T *bias, T *y) {
  const long n = g.nImages * g.F * g.Tout;
  if (n == 0) return;
  forwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(g, x, w,
                                                                                                          bias, y);
  THCudaCheckLaunch("TemporalRowConvolution_updateOutput");
}

template <typename T>
void backward(THCState *state, const Geometry &g, const T *gy, const T *w, T *gx) {
  const long n = g.nImages * g.F * g.T;
  if (n == 0) return;
  backwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(g, gy,
                                                                                                           w, gx);
  THCudaCheckLaunch("TemporalRowConvolution_updateGradInput");
}

template <typename T>
void paramGrad(THCState *state, const Geometry &g, const T *x, const T *gy, int taps, T *grad, double scale) {
  const long params = g.F * taps;
  if (params == 0) return;
  const long blocks = (params + kWarpsPerBlock - 1) / kWarpsPerBlock;
  const long cap = 8L * THCState_getCurrentDeviceProperties(state)->multiProcessorCount * 8;
  paramGradKernel<<<(unsigned)(blocks < cap ? blocks : cap), dim3(32, kWarpsPerBlock), 0,
                    THCState_getCurrentStream(state)>>>(g, x, gy, taps, grad, scale);
  THCudaCheckLaunch("TemporalRowConvolution_accGradParameters");
}

}  // namespace thcunn_rowconv
