#pragma once
// The non-generic part of the copy family (generic/THCTensorCopy.cu, generic/THCStorageCopy.cu):
// the device-to-device copy with conversion, used for every pair of CUDA types.
#include <type_traits>

#include "THCApply.cuh"
#include "THCTensor.h"
#include "THCTensorCopy.h"

// *dst = (To)*src: C's conversion, as TH's copies do.
template <typename To, typename From>
struct THCCopyConvertOp {
  __device__ __forceinline__ void operator()(To *dst, const From *src) const { *dst = static_cast<To>(*src); }
};

template <typename TensorT>
bool THC_isContiguousTensor(const TensorT *t) {
  long expected = 1;
  for (int d = t->nDimension - 1; d >= 0; d--) {
    if (t->size[d] == 1) continue;
    if (t->stride[d] != expected) return false;
    expected *= t->size[d];
  }
  return true;
}

template <typename TensorT>
auto THC_tensorData(TensorT *t) -> THCScalarOf<TensorT> * {
  return t->storage ? t->storage->data + t->storageOffset : nullptr;
}

// Copies src into dst (both device tensors, any strides, the same number of elements), converting
// each element; fn names the caller in errors. Two contiguous tensors of one type take one
// cudaMemcpyAsync. Runs on the current stream without synchronising.
template <typename DstT, typename SrcT>
void THC_copyDevice(THCState *state, DstT *dst, SrcT *src, const char *fn) {
  using To = THCScalarOf<DstT>;
  using From = THCScalarOf<SrcT>;
  long n = THC_elementCount(dst);
  if (n != THC_elementCount(src))
    THArgCheck(0, 2, "%s: the destination has %ld elements but the source has %ld", fn, n,
               THC_elementCount(src));
  if (n == 0) return;
  if constexpr (std::is_same_v<To, From>) {
    if (THC_isContiguousTensor(dst) && THC_isContiguousTensor(src)) {
      if (THC_tensorData(dst) != THC_tensorData(src))
        THCudaCheck(cudaMemcpyAsync(THC_tensorData(dst), THC_tensorData(src), sizeof(To) * (size_t)n,
                                    cudaMemcpyDeviceToDevice, THCState_getCurrentStream(state)));
      return;
    }
  }
  THC_pointwiseApply2(state, dst, src, THCCopyConvertOp<To, From>());
}
