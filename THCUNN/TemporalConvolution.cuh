#pragma once
// TemporalConvolution's device helpers: the GEMMs (THC's cuBLAS wrappers, THBlas's column-major
// conventions), the bias rows the output starts from, and the gradient-of-bias sum.
#include "PlaneReduce.cuh"
#include "THCReduce.cuh"
#include "THCTensorMathBlas.cuh"
#include "THNNTemporalShape.h"

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

// gradBias[o] += scale * the sum (in double) of column o of the contiguous rows x cols matrix gy.
template <typename T>
void accGradBias(THCState *state, const T *gy, long rows, long cols, T *gradBias, double scale) {
  if (rows == 0 || cols == 0) return;
  THC_reduceDim(state, gy, 1L, rows, cols, thcunn::DoubleSum{},
                [=] __device__(long o, double sum, long) { gradBias[o] += (T)(scale * sum); });
}

}  // namespace thcunn_temporal
