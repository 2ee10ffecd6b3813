#pragma once
// TemporalConvolution's device helpers: the GEMMs (THC's cuBLAS wrappers, THBlas's column-major
// conventions), the bias rows the output starts from, and the gradient-of-bias sum.
#include "THCReduce.cuh"
#include "THCTensorMathBlas.cuh"

namespace thcunn_temporal {

// y[r][o] = bias ? bias[o] : 0 for the rows x cols matrix y.
template <typename T>
__global__ void fillRowsKernel(T *y, long n, long cols, const T *bias) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    y[i] = bias ? bias[i % cols] : T(0);
}

template <typename T>
void fillRows(THCState *state, T *y, long rows, long cols, const T *bias) {
  const long n = rows * cols;
  if (n == 0) return;
  fillRowsKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      y, n, cols, bias);
  THCudaCheckLaunch("TemporalConvolution bias");
}

// A column sum in double (a whole batch of frames per output feature).
struct Sum {
  __host__ __device__ double init() const { return 0; }
  template <typename T>
  __device__ double map(T x, long) const {
    return (double)x;
  }
  __device__ double combine(double a, double b) const { return a + b; }
};

// gradBias[o] += scale * the sum of column o of the contiguous rows x cols matrix gy.
template <typename T>
void accGradBias(THCState *state, const T *gy, long rows, long cols, T *gradBias, double scale) {
  if (rows == 0 || cols == 0) return;
  THC_reduceDim(state, gy, 1L, rows, cols, Sum{},
                [=] __device__(long o, double sum, long) { gradBias[o] += (T)(scale * sum); });
}

}  // namespace thcunn_temporal
