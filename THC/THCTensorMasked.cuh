#pragma once
// Kernels and helpers of THCTensorMasked (generic/THCTensorMasked.cu). A mask is a THCudaByteTensor
// of 0s and 1s with as many elements as the tensor it masks; the k-th one of the mask (row-major
// order) pairs with the k-th element of the packed operand (maskedCopy's src, maskedSelect's result).
#include "THC.h"
#include "THCApply.cuh"
#include "THCTensorMath.cuh"

namespace thc_masked {
template <typename T>
struct FillWhere {
  T value;
  __device__ void operator()(T *x, unsigned char *m) const {
    if (*m) *x = value;
  }
};

struct NotZeroOrOne {
  __device__ bool operator()(unsigned char m) const { return m > 1; }
};

// k < n: scatter: a[idx[k]] = b[k] (maskedCopy); gather: a[k] = b[idx[k]] (maskedSelect). The
// indices are row-major positions, each tensor walked with its own strides.
template <typename T>
__global__ void moveSelected(TensorInfo<T, uint64_t> a, TensorInfo<T, uint64_t> b, const long *idx, long n,
                             bool scatter) {
  for (long k = (long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long)gridDim.x * blockDim.x) {
    uint64_t i = (uint64_t)idx[k];
    if (scatter)
      a.data[a.offset(i)] = b.data[b.offset((uint64_t)k)];
    else
      a.data[a.offset((uint64_t)k)] = b.data[b.offset(i)];
  }
}
}  // namespace thc_masked

// Raises (naming fn, argument argNumber) when the mask holds a value other than 0 and 1.
void THC_checkMaskValues(THCState *state, const char *fn, THCudaByteTensor *mask, int argNumber);
// Writes the row-major positions of the mask's ones to indices (device, room for every element of
// the mask) and returns how many there are. THCTensorMasked.cu.
long THC_maskIndices(THCState *state, THCudaByteTensor *mask, long *indices);
