#pragma once
// PReLU's device code: the per-channel slope applied to a contiguous outer x channels x inner array.
// The slope gradient sums a whole channel of float products in double (thcunn::DoubleSum).
#include "PlaneReduce.cuh"
#include "THCReduce.cuh"

namespace thcunn_prelu {

// out[i] = x[i] > 0 ? v[i] : slope(i) * v[i], slope(i) the weight of element i's channel: the output
// (v = x) and the input gradient (v = gradOutput) alike.
template <typename T>
__global__ void slopeKernel(const T *__restrict__ x, const T *__restrict__ v, const T *__restrict__ w, T *out,
                            long n, long channels, long inner) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const T slope = w[(i / inner) % channels];
    out[i] = x[i] > 0 ? v[i] : slope * v[i];
  }
}

template <typename T>
void applySlope(THCState *state, const T *x, const T *v, const T *w, T *out, long n, long channels, long inner) {
  if (n == 0) return;
  slopeKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      x, v, w, out, n, channels, inner);
  THCudaCheckLaunch("PReLU slope");
}

}  // namespace thcunn_prelu
