// The type-independent part of THCTensorMasked: mask checks and the positions of a mask's ones
// (one CUB selection for every element type).
#include "THCTensorMasked.cuh"

namespace {
struct OneAt {
  TensorInfo<unsigned char, uint64_t> mask;
  __device__ bool operator()(long i) const { return mask.data[mask.offset((uint64_t)i)] != 0; }
};
}  // namespace

void THC_checkMaskValues(THCState *state, const char *fn, THCudaByteTensor *mask, int argNumber) {
  if (THC_pointwiseAny(state, mask, thc_masked::NotZeroOrOne{}))
    THArgCheck(0, argNumber, "%s: a mask may hold only 0 and 1", fn);
}

long THC_maskIndices(THCState *state, THCudaByteTensor *mask, long *indices) {
  long n = (long)THCudaByteTensor_nElement(state, mask);
  if (n == 0) return 0;
  return THC_selectIndices(state, n, OneAt{THC_tensorInfo<unsigned char, uint64_t>(mask)}, indices);
}
