#pragma once
// What libTHCUNN's own sources share; not installed. Every generic kernel file THCUNN/generic/<Family>.cu
// is compiled for Float and Double in a translation unit of its own that includes this header, then
// THCUNN/<Family>.cuh when that exists (the family's non-generic templates), then the generic file once
// per type (THC_GENERIC_FILE, THCGenerateFloatTypes.h); see CMakeLists.txt.
//
// A kernel's wrapper follows THNN's shape: check every argument first (with THNN's messages, so that
// the CPU and the GPU reject the same input in the same words), resize outputs and caller-owned
// buffers, then launch on the current stream (THCState_getCurrentStream) and check the launch
// (THCudaCheckLaunch). No host synchronisation: nothing reads device memory back unless THNN's
// semantics need a value on the host (e.g. a range check of indices that must raise before writing).
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "THCUNN.h"
#include "THCApply.cuh"
#include "THNNSizes.h"

// In this library THNN_(NAME) names the CUDA kernels (THCUNN.h restored THNN's meaning at its end).
#undef THNN_
#define THNN_(NAME) TH_CONCAT_3(THNN_, CReal, NAME)

namespace thcunn {
// THNN_(checkDevice) (THCUNNChecks.cuh) for an index tensor, with the same message: t (NULL allowed)
// lives on the current device.
inline void checkIndexDevice(THCState *state, const char *fn, const char *arg, THCudaLongTensor *t) {
  if (t && !THCudaLongTensor_checkGPU(state, 1, t))
    THError("%s: %s is on device %d, the current device is %d", fn, arg, THCudaLongTensor_getDevice(state, t),
            THCState_getCurrentDevice(state));
}

// A value outside [lo, hi] that is not the skipped value.
struct OutOfRange {
  long lo, hi;
  bool hasSkip;
  long skip;
  __host__ __device__ bool operator()(long v) const { return (v < lo || v > hi) && !(hasSkip && v == skip); }
};

// The position (row-major) and value of the first of the n contiguous device values at data for
// which bad holds, or -1. For error messages only: it waits for the current stream.
template <typename T, typename Pred>
long firstOnHost(THCState *state, const T *data, long n, const Pred &bad, T *value) {
  std::vector<T> host((size_t)n);
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(host.data(), data, sizeof(T) * (size_t)n, cudaMemcpyDeviceToHost, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
  for (long i = 0; i < n; i++)
    if (bad(host[i])) {
      *value = host[i];
      return i;
    }
  return -1;
}

// THNN's checkIndexRange: every element of index (not NULL) in [lo, hi] except those equal to skip
// when hasSkip, else the error naming the first bad one and its 1-based position per dimension. The
// test runs on the device; only its yes/no comes back (a synchronisation THNN's semantics need:
// the error is raised before anything is written).
inline void checkIndexRange(THCState *state, const char *fn, const char *arg, THCudaLongTensor *index, long lo,
                            long hi, bool hasSkip, long skip) {
  if (!index) THError("%s: %s must not be NULL", fn, arg);
  OutOfRange bad{lo, hi, hasSkip, skip};
  if (!THC_pointwiseAny(state, index, bad)) return;
  THCudaLongTensor *flat = THCudaLongTensor_newContiguous(state, index);
  long value = 0;
  long at = firstOnHost(state, THCudaLongTensor_data(state, flat), (long)THCudaLongTensor_nElement(state, flat), bad,
                        &value);
  THCudaLongTensor_free(state, flat);
  char position[TH_MAX_DIMS * 24];
  long coord[TH_MAX_DIMS];
  for (int d = index->nDimension - 1; d >= 0; d--) {
    coord[d] = at % index->size[d] + TH_INDEX_BASE;
    at /= index->size[d];
  }
  int len = 0;
  for (int d = 0; d < index->nDimension; d++)
    len += snprintf(position + len, sizeof position - (size_t)len, d ? ", %ld" : "%ld", coord[d]);
  THError("%s: %s %ld out of range [%ld, %ld] at position [%s]", fn, arg, value, lo, hi, position);
}
}  // namespace thcunn

#define THC_GENERIC_FILE "THCUNNChecks.cuh"
#include "THCGenerateFloatTypes.h"
