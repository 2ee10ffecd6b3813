// The type-independent part of THCTensorMath: linear indices to subscripts (nonzero).
#include "THCTensorMath.cuh"

namespace {
struct Sizes {
  long size[TH_MAX_DIMS];
};

__global__ void linearToSubscripts(const long *indices, long n, Sizes sizes, int dims, long *out) {
  for (long r = (long)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += (long)gridDim.x * blockDim.x) {
    long rest = indices[r];
    for (int d = dims - 1; d >= 0; d--) {
      out[r * dims + d] = rest % sizes.size[d];
      rest /= sizes.size[d];
    }
  }
}
}  // namespace

void THC_linearToSubscripts(THCState *state, const long *indices, long n, const long *sizes, int dims, long *out) {
  if (n == 0) return;
  Sizes s;
  for (int d = 0; d < dims; d++) s.size[d] = sizes[d];
  linearToSubscripts<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      indices, n, s, dims, out);
  THCudaCheckLaunch("linearToSubscripts");
}
