#pragma once
// FeatureLPPooling's kernels, on the input seen as [nBatch x nFeatures x inner] (inner: the trailing
// positions): output feature j = (sum over input features j * stride .. j * stride + width - 1 of
// x^power)^(1/power). Computed in double as THNN's (accreal), one thread per output element for the
// forward pass and per input element for the gradient (a gather over the windows that hold it, in the
// CPU's order); consecutive threads take consecutive positions, so accesses coalesce.
#include "THNNFeatureLPShape.h"

namespace thcunn {

using LPShape = THNNFeatureLPShape;

template <typename T>
__global__ void featureLPForwardKernel(LPShape s, double power, const T *__restrict__ x, T *__restrict__ y) {
  const long n = s.nBatch * s.nOutFeatures * s.inner;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long r = i % s.inner, j = (i / s.inner) % s.nOutFeatures, b = i / (s.inner * s.nOutFeatures);
    const T *column = x + b * s.nFeatures * s.inner + r;
    double sum = 0;
    for (long w = 0; w < s.width; w++) sum += pow((double)column[(j * s.stride + w) * s.inner], power);
    y[i] = (T)pow(sum, 1 / power);
  }
}

// d output_j / d x_f = (x_f / output_j)^(power - 1); an output of 0 passes no gradient (Torch7's
// choice, where the expression is 0/0).
template <typename T>
__global__ void featureLPBackwardKernel(LPShape s, double power, const T *__restrict__ x, const T *__restrict__ y,
                                        const T *__restrict__ gy, T *__restrict__ gx) {
  const long n = s.nBatch * s.nFeatures * s.inner;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long r = i % s.inner, f = (i / s.inner) % s.nFeatures, b = i / (s.inner * s.nFeatures);
    const long outBase = b * s.nOutFeatures * s.inner + r;
    // the windows j with j * stride <= f < j * stride + width
    const long first = f >= s.width ? (f - s.width) / s.stride + 1 : 0;
    const long last = f / s.stride < s.nOutFeatures - 1 ? f / s.stride : s.nOutFeatures - 1;
    T g = 0;
    for (long j = first; j <= last; j++) {
      const double yj = y[outBase + j * s.inner];
      if (yj == 0) continue;
      g += (T)(gy[outBase + j * s.inner] * pow(x[i] / yj, power - 1));
    }
    gx[i] = g;
  }
}

}  // namespace thcunn
