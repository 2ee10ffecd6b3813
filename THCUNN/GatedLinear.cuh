#pragma once
// GatedLinear's device code over a contiguous input seen as outer x 2 x half: the halves a and b of
// each outer slice are `half` elements apart. One thread per output element (o, i), consecutive
// threads on consecutive i.
namespace thcunn_glu {

template <typename T>
__device__ __forceinline__ T sigmoid(T z) {
  return 1 / (1 + exp(-z));
}

template <typename T>
__global__ void forwardKernel(const T *__restrict__ x, T *__restrict__ y, long n, long half) {
  for (long k = (long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long)gridDim.x * blockDim.x) {
    const T *a = x + (k / half) * 2 * half + k % half;
    y[k] = *a * sigmoid(a[half]);
  }
}

// d/da = sigmoid(b), d/db = a sigmoid(b) (1 - sigmoid(b)).
template <typename T>
__global__ void backwardKernel(const T *__restrict__ x, const T *__restrict__ g, T *__restrict__ gx, long n,
                               long half) {
  for (long k = (long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long)gridDim.x * blockDim.x) {
    const long at = (k / half) * 2 * half + k % half;
    const T a = x[at], s = sigmoid(x[at + half]), go = g[k];
    gx[at] = go * s;
    gx[at + half] = go * a * s * (1 - s);
  }
}

template <typename T>
void forward(THCState *state, const T *x, T *y, long n, long half) {
  if (n == 0) return;
  forwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(x, y, n,
                                                                                                          half);
  THCudaCheckLaunch("GatedLinear_updateOutput");
}

template <typename T>
void backward(THCState *state, const T *x, const T *g, T *gx, long n, long half) {
  if (n == 0) return;
  backwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      x, g, gx, n, half);
  THCudaCheckLaunch("GatedLinear_updateGradInput");
}

}  // namespace thcunn_glu
