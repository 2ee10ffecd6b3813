#pragma once
// BatchNormalization's kernels: one block per channel of the contiguous [N x C x inner] input
// (PlaneReduce.cuh), which first sums its channel (in double, warp-shuffle reductions) and then
// writes it, while it is still in L2. The formulas and roundings are THNN's
// (THNN/generic/BatchNormalization.c): the one-pass variance is shifted by the channel's first value,
// the per-channel coefficients are computed in double and rounded to the tensor's type before the
// elementwise pass.
#include "PlaneReduce.cuh"

namespace thcunn {

// A per-channel vector (weight, running_mean, ...), possibly strided, possibly absent (NULL data).
template <typename T>
struct ChannelVector {
  T *data;
  long stride;
  __device__ double at(long c, double absent) const { return data ? (double)data[c * stride] : absent; }
  __device__ void set(long c, double value) const {
    if (data) data[c * stride] = (T)value;
  }
};

struct BNShape {
  long n, channels, inner;
  __host__ __device__ long perChannel() const { return n * inner; }
};

// 1/sqrt(var + eps); 0 when both are 0 (Torch7's guard against a division by zero).
__device__ __forceinline__ double bnInvstd(double var, double eps) {
  return var == 0 && eps == 0 ? 0 : 1 / sqrt(var + eps);
}

template <typename T>
struct BNForward {
  const T *x;
  T *y;
  BNShape s;
  ChannelVector<T> weight, bias, runningMean, runningVar, saveMean, saveStd;
  bool train;
  double momentum, eps;
};

template <typename T>
__global__ void __launch_bounds__(kPlaneThreads) bnForwardKernel(BNForward<T> a) {
  const long c = blockIdx.x, count = a.s.perChannel();
  double mean, invstd;
  if (a.train) {
    // shifting by one sample keeps the one-pass variance accurate when |mean| >> std
    const T shift = a.x[c * a.s.inner];
    SumPair sums{0, 0};
    forEachInPlane(a.s.n, a.s.channels, a.s.inner, c, [&](long at) {
      const double d = (double)(a.x[at] - shift);
      sums.first += d;
      sums.second += d * d;
    });
    sums = blockSum(sums);
    const double shiftedMean = sums.first / count;
    double sq = sums.second - sums.first * shiftedMean;  // sum of squared deviations
    if (sq < 0) sq = 0;
    mean = (double)shift + shiftedMean;
    invstd = bnInvstd(sq / count, a.eps);
    if (threadIdx.x == 0) {
      a.saveMean.set(c, mean);
      a.saveStd.set(c, invstd);
      a.runningMean.set(c, a.momentum * mean + (1 - a.momentum) * a.runningMean.at(c, 0));
      a.runningVar.set(c, a.momentum * sq / (count - 1) + (1 - a.momentum) * a.runningVar.at(c, 0));
    }
  } else {
    mean = a.runningMean.at(c, 0);
    invstd = bnInvstd(a.runningVar.at(c, 0), a.eps);
  }
  const double k = invstd * a.weight.at(c, 1);
  const T mul = (T)k, add = (T)(a.bias.at(c, 0) - mean * k);
  forEachInPlane(a.s.n, a.s.channels, a.s.inner, c, [&](long at) { a.y[at] = a.x[at] * mul + add; });
}

template <typename T>
struct BNBackward {
  const T *x, *g;
  T *dx;  // NULL: no gradInput
  BNShape s;
  ChannelVector<T> weight, runningMean, runningVar, saveMean, saveStd, gradWeight, gradBias;
  bool train;
  double scale, eps;
};

// Training: dx = (g - mean(g) - (x - mean) * sum((x - mean) g) * invstd^2 / n) * invstd * w, written
// as x * a + b + g * k; evaluation: dx = g * invstd * w. gradWeight += scale * sum((x - mean) g) *
// invstd, gradBias += scale * sum(g).
template <typename T>
__global__ void __launch_bounds__(kPlaneThreads) bnBackwardKernel(BNBackward<T> a) {
  const long c = blockIdx.x, count = a.s.perChannel();
  const double mean = a.train ? a.saveMean.at(c, 0) : a.runningMean.at(c, 0);
  const double invstd = a.train ? a.saveStd.at(c, 0) : bnInvstd(a.runningVar.at(c, 0), a.eps);
  const double w = a.weight.at(c, 1);
  SumPair sums{0, 0};  // sum(g), sum((x - mean) g)
  if (a.gradWeight.data || a.gradBias.data || (a.dx && a.train)) {
    const T m = (T)mean;
    forEachInPlane(a.s.n, a.s.channels, a.s.inner, c, [&](long at) {
      const T d = a.x[at] - m;
      sums.first += (double)a.g[at];
      sums.second += (double)d * (double)a.g[at];
    });
    sums = blockSum(sums);
  }
  if (a.dx && a.train) {
    const double k = invstd * w, slope = -sums.second * invstd * invstd / count * k;
    const double offset = -mean * slope - sums.first / count * k;
    const T xMul = (T)slope, add = (T)offset, gMul = (T)k;
    forEachInPlane(a.s.n, a.s.channels, a.s.inner, c,
                   [&](long at) { a.dx[at] = a.x[at] * xMul + add + a.g[at] * gMul; });
  } else if (a.dx) {
    const T gMul = (T)(invstd * w);
    forEachInPlane(a.s.n, a.s.channels, a.s.inner, c, [&](long at) { a.dx[at] = a.g[at] * gMul; });
  }
  if (threadIdx.x == 0) {
    a.gradWeight.set(c, a.gradWeight.at(c, 0) + a.scale * sums.second * invstd);
    a.gradBias.set(c, a.gradBias.at(c, 0) + a.scale * sums.first);
  }
}

}  // namespace thcunn
