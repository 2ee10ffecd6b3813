#pragma once
// SpatialDepthWiseConvolution's kernels: input plane c convolved with each of its `multiplier`
// kernels weight[j][c] ([multiplier x nInputPlane x kH x kW]) gives output plane c * multiplier + j,
// plus bias[j][c]. The per-plane products are too small for GEMMs: one thread per output element
// (forward), per input element (gradient, gathering as col2im does) and one block per weight
// element (its gradient and the bias's, reductions over the images and output positions).
#include "ConvolutionGemm.cuh"

namespace thcunn {

// The geometry of one input plane (channels = nInputPlane) and the number of kernels per plane.
struct DepthWise {
  THNNConvGeometry g;
  long multiplier;

  __host__ __device__ long kernelSize() const { return g.kH * g.kW; }
  __host__ __device__ long positions() const { return g.outHeight * g.outWidth; }
  // weight and bias rows are [j][c], output planes [c][j]
  __host__ __device__ long weightRow(long c, long j) const { return j * g.channels + c; }
};

template <typename T>
__global__ void depthWiseOutputKernel(DepthWise d, const T *__restrict__ in, const T *__restrict__ weight,
                                      const T *__restrict__ bias, T *__restrict__ out, long n) {
  const THNNConvGeometry &g = d.g;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight, plane = i / d.positions();
    const long c = (plane / d.multiplier) % g.channels, j = plane % d.multiplier;
    const long image = plane / (d.multiplier * g.channels), row = d.weightRow(c, j);
    const T *w = weight + row * d.kernelSize(), *p = in + (image * g.channels + c) * g.height * g.width;
    T sum = bias ? bias[row] : T(0);
    for (long kh = 0; kh < g.kH; kh++)
      for (long kw = 0; kw < g.kW; kw++) sum += w[kh * g.kW + kw] * tapAt(g, p, oh, ow, kh, kw);
    out[i] = sum;
  }
}

template <typename T>
__global__ void depthWiseGradInputKernel(DepthWise d, const T *__restrict__ gradOutput, const T *__restrict__ weight,
                                         T *__restrict__ gradInput, long n) {
  const THNNConvGeometry &g = d.g;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long w = i % g.width, h = (i / g.width) % g.height, ic = i / (g.width * g.height), c = ic % g.channels;
    T sum = 0;
    for (long j = 0; j < d.multiplier; j++) {
      const T *go = gradOutput + (ic * d.multiplier + j) * d.positions();
      const T *k = weight + d.weightRow(c, j) * d.kernelSize();
      forEachTapReading(
          g, h, w, [&](long kh, long kw, long oh, long ow) { sum += k[kh * g.kW + kw] * go[oh * g.outWidth + ow]; });
    }
    gradInput[i] = sum;
  }
}

// Block b: weight element b = (j * nInputPlane + c) * kH * kW + kh * kW + kw, and with it (the blocks of
// the first tap, when gradBias is not NULL) bias element j * nInputPlane + c: both sums over the
// images and output positions of output plane c * multiplier + j.
template <typename T>
__global__ void depthWiseGradParametersKernel(DepthWise d, const T *__restrict__ in, const T *__restrict__ gradOutput,
                                              long nImages, T scale, T *gradWeight, T *gradBias) {
  const THNNConvGeometry &g = d.g;
  const long b = blockIdx.x, q = b % d.kernelSize(), row = b / d.kernelSize();
  const long c = row % g.channels, j = row / g.channels, kh = q / g.kW, kw = q % g.kW, L = d.positions();
  SumPair sum{0, 0};  // weight, bias
  for (long n = 0; n < nImages; n++) {
    const T *go = gradOutput + ((n * g.channels + c) * d.multiplier + j) * L;
    const T *p = in + (n * g.channels + c) * g.height * g.width;
    for (long l = threadIdx.x; l < L; l += blockDim.x) {
      sum.first += (double)go[l] * tapAt(g, p, l / g.outWidth, l % g.outWidth, kh, kw);
      sum.second += go[l];
    }
  }
  sum = blockSum(sum);
  if (threadIdx.x != 0) return;
  gradWeight[b] += (T)(scale * sum.first);
  if (gradBias && q == 0) gradBias[row] += (T)(scale * sum.second);
}

}  // namespace thcunn
