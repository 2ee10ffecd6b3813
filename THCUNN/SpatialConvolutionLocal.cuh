#pragma once
// SpatialConvolutionLocal's kernels: a convolution whose weights are not shared, one [nOutputPlane x
// K] matrix (K = nInputPlane * kH * kW, rows ordered as im2col's) per output position l, weight
// [L x nOutputPlane x K], bias [nOutputPlane x L]. Direct kernels, one thread per element written:
// consecutive threads take consecutive output positions (forward, bias gradient), image elements
// (input gradient) or weight elements (weight gradient), so that writes coalesce.
#include "ConvolutionGemm.cuh"

namespace thcunn {

struct Local {
  THNNConvGeometry g;
  long nOutputPlane;

  __host__ __device__ long K() const { return g.channels * g.kH * g.kW; }
  __host__ __device__ long L() const { return g.outHeight * g.outWidth; }
  // The input element that weight column k reads at position l of image n (0 in the padding).
  template <typename T>
  __device__ T unfolded(const T *in, long n, long k, long l) const {
    const long kw = k % g.kW, kh = (k / g.kW) % g.kH, c = k / (g.kW * g.kH);
    return tapAt(g, in + (n * g.channels + c) * g.height * g.width, l / g.outWidth, l % g.outWidth, kh, kw);
  }
};

template <typename T>
__global__ void localOutputKernel(Local d, const T *__restrict__ in, const T *__restrict__ weight,
                                  const T *__restrict__ bias, T *__restrict__ out, long n) {
  const long L = d.L(), K = d.K();
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long l = i % L, p = (i / L) % d.nOutputPlane, image = i / (L * d.nOutputPlane);
    const T *w = weight + (l * d.nOutputPlane + p) * K;
    T sum = bias ? bias[p * L + l] : T(0);
    for (long k = 0; k < K; k++) sum += w[k] * d.unfolded(in, image, k, l);
    out[i] = sum;
  }
}

template <typename T>
__global__ void localGradInputKernel(Local d, const T *__restrict__ gradOutput, const T *__restrict__ weight,
                                     T *__restrict__ gradInput, long n) {
  const THNNConvGeometry &g = d.g;
  const long L = d.L(), K = d.K();
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long w = i % g.width, h = (i / g.width) % g.height, c = (i / (g.width * g.height)) % g.channels;
    const long image = i / (g.width * g.height * g.channels);
    T sum = 0;
    forEachTapReading(g, h, w, [&](long kh, long kw, long oh, long ow) {
      const long l = oh * g.outWidth + ow, k = (c * g.kH + kh) * g.kW + kw;
      for (long p = 0; p < d.nOutputPlane; p++)
        sum += weight[(l * d.nOutputPlane + p) * K + k] * gradOutput[(image * d.nOutputPlane + p) * L + l];
    });
    gradInput[i] = sum;
  }
}

// gradWeight[l][p][k] += scale * sum_n gradOutput[n][p][l] * unfolded(n, k, l).
template <typename T>
__global__ void localGradWeightKernel(Local d, const T *__restrict__ in, const T *__restrict__ gradOutput, long nImages,
                                      T scale, T *gradWeight, long n) {
  const long L = d.L(), K = d.K();
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long k = i % K, p = (i / K) % d.nOutputPlane, l = i / (K * d.nOutputPlane);
    T sum = 0;
    for (long image = 0; image < nImages; image++)
      sum += gradOutput[(image * d.nOutputPlane + p) * L + l] * d.unfolded(in, image, k, l);
    gradWeight[i] += scale * sum;
  }
}

// gradBias[p][l] += scale * sum_n gradOutput[n][p][l].
template <typename T>
__global__ void localGradBiasKernel(const T *__restrict__ gradOutput, long nImages, T scale, T *gradBias, long n) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    double sum = 0;
    for (long image = 0; image < nImages; image++) sum += gradOutput[image * n + i];
    gradBias[i] += (T)(scale * sum);
  }
}

}  // namespace thcunn
