#pragma once
// SpatialSubSampling's kernels (LeNet's subsampling): output = bias[k] + weight[k] * (the sum of the
// kH x kW window) on plane k, windows moved by dH, dW without padding. Window sums in double, as the
// CPU sums them in accreal.
#include "ConvolutionGemm.cuh"
#include "THNNConvShape.h"

namespace thcunn {

struct SubSampling {
  int batched;
  long nBatch, nPlanes, iH, iW, oH, oW;
  int kH, kW, dH, dW;

  // The output's sizes ([nBatch x] nPlanes x oH x oW); returns their number.
  int outputSizes(long *sizes) const {
    int nd = 0;
    if (batched) sizes[nd++] = nBatch;
    sizes[nd++] = nPlanes;
    sizes[nd++] = oH;
    sizes[nd++] = oW;
    return nd;
  }

  // The sum of the window of output element o (of plane `plane`, counted over the batch's planes).
  template <typename T>
  __device__ double windowSum(const T *in, long plane, long o) const {
    const T *r = in + plane * iH * iW + (o / oW) * dH * iW + (o % oW) * dW;
    double sum = 0;
    for (int y = 0; y < kH; y++)
      for (int x = 0; x < kW; x++) sum += r[y * iW + x];
    return sum;
  }
};

// THNN's pooling plan (THNN/generic/Pooling.c's poolPlan with axes "HW", no padding, dilation 1, no
// ceil mode) for an input of nd (3 or 4, already checked) dimensions, with its messages.
inline SubSampling subSamplingPlan(const char *fn, int nd, const long *size, int kW, int kH, int dW, int dH) {
  const int kernel[2] = {kH, kW}, stride[2] = {dH, dW};
  for (int a = 0; a < 2; a++) {
    if (kernel[a] <= 0) THError("%s: kernel size must be positive, got k%c = %d", fn, "HW"[a], kernel[a]);
    if (stride[a] <= 0) THError("%s: stride must be positive, got d%c = %d", fn, "HW"[a], stride[a]);
  }
  const int b = nd == 4;
  SubSampling s = {b, b ? size[0] : 1, size[b], size[b + 1], size[b + 2], 0, 0, kH, kW, dH, dW};
  s.oH = THNN_checkedSize(fn, "the output size", THNN_floorDiv128((__int128)s.iH - kH, dH) + 1);
  s.oW = THNN_checkedSize(fn, "the output size", THNN_floorDiv128((__int128)s.iW - kW, dW) + 1);
  if (s.oH < 1 || s.oW < 1)
    THError(
        "%s: output size %ldx%ld is too small for input %ldx%ld (HxW; kernel %dx%d, stride %dx%d, padding 0x0, "
        "dilation 1x1, ceil_mode 0)",
        fn, s.oH, s.oW, s.iH, s.iW, kH, kW, dH, dW);
  long sizes[4];
  THNN_checkedProduct(fn, "the output", s.outputSizes(sizes), sizes);
  return s;
}

// THNN's poolCheckOutputLike: t (NULL raises too) must have the output's sizes.
inline void subSamplingCheckOutputLike(const char *fn, const char *arg, const void *t, int nd, const long *size,
                                       const SubSampling &s) {
  if (!t) THError("%s: %s must not be NULL", fn, arg);
  long expected[4];
  const int n = s.outputSizes(expected);
  bool same = nd == n;
  for (int i = 0; same && i < nd; i++) same = size[i] == expected[i];
  if (!same)
    THError("%s: %s must have size %s, got %s", fn, arg, _THSizeDesc(expected, n).str, _THSizeDesc(size, nd).str);
}

template <typename T>
__global__ void subSamplingOutputKernel(SubSampling s, const T *__restrict__ in, const T *__restrict__ weight,
                                        const T *__restrict__ bias, T *__restrict__ out, long n) {
  const long L = s.oH * s.oW;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long plane = i / L, k = plane % s.nPlanes;
    out[i] = (T)((bias ? (double)bias[k] : 0.0) + weight[k] * s.windowSum(in, plane, i % L));
  }
}

// gradInput[h][w] = weight[k] * the sum of the gradOutput elements whose windows hold (h, w).
template <typename T>
__global__ void subSamplingGradInputKernel(SubSampling s, const T *__restrict__ gradOutput,
                                           const T *__restrict__ weight, T *__restrict__ gradInput, long n) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long w = i % s.iW, h = (i / s.iW) % s.iH, plane = i / (s.iW * s.iH);
    const T *go = gradOutput + plane * s.oH * s.oW;
    // windows oh with oh * dH <= h < oh * dH + kH
    const long oh0 = h >= s.kH ? (h - s.kH) / s.dH + 1 : 0, oh1 = min(s.oH - 1, h / s.dH);
    const long ow0 = w >= s.kW ? (w - s.kW) / s.dW + 1 : 0, ow1 = min(s.oW - 1, w / s.dW);
    T sum = 0;
    for (long oh = oh0; oh <= oh1; oh++)
      for (long ow = ow0; ow <= ow1; ow++) sum += go[oh * s.oW + ow];
    gradInput[i] = weight[plane % s.nPlanes] * sum;
  }
}

// Block k: gradWeight[k] += scale * sum(gradOutput * window sums), gradBias[k] += scale * sum(gradOutput)
// over plane k of every sample.
template <typename T>
__global__ void __launch_bounds__(kPlaneThreads)
    subSamplingGradParametersKernel(SubSampling s, const T *__restrict__ in, const T *__restrict__ gradOutput,
                                    long nBatch, T scale, T *gradWeight, T *gradBias) {
  const long L = s.oH * s.oW;
  SumPair sum{0, 0};  // weight, bias
  forEachInPlane(nBatch, s.nPlanes, L, blockIdx.x, [&](long at) {
    const double g = gradOutput[at];
    sum.first += g * s.windowSum(in, at / L, at % L);
    sum.second += g;
  });
  sum = blockSum(sum);
  if (threadIdx.x != 0) return;
  gradWeight[blockIdx.x] += (T)(scale * sum.first);
  if (gradBias) gradBias[blockIdx.x] += (T)(scale * sum.second);
}

}  // namespace thcunn
