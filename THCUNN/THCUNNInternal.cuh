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
}  // namespace thcunn

#define THC_GENERIC_FILE "THCUNNChecks.cuh"
#include "THCGenerateFloatTypes.h"
