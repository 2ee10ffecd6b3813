// What GRUFused and LSTMFused share (included by GRUFused.cuh and LSTMFused.cuh): THNN's checks of
// their state, gate and bias tensors (THNN/generic/FusedRNN.c, same messages), generic per type, and
// the device activations. A state is 1-D [H] or 2-D [N x H]; a gate tensor has the state's dimensions
// and rows and nGates*H columns; a bias is NULL or nGates*H elements (any shape).
#ifndef THC_GENERIC_FILE
#ifndef THCUNN_FUSEDRNN_CUH
#define THCUNN_FUSEDRNN_CUH

namespace thcunn_rnn {

constexpr int kThreads = 256;

template <typename T>
__device__ inline T sigmoid(T v) {
  return 1 / (1 + exp(-v));
}

// Blocks for n threads, capped (the kernels loop over the rest).
inline unsigned blocksFor(long n) {
  long blocks = (n + kThreads - 1) / kThreads;
  return (unsigned)(blocks < 1 ? 1 : blocks > 65535 ? 65535 : blocks);
}

}  // namespace thcunn_rnn

#define THC_GENERIC_FILE "FusedRNN.cuh"
#include "THCGenerateFloatTypes.h"
#endif
#else

// Checks a state tensor; returns its number of rows and sets *width to H.
static inline long THNN_(FusedRNN_checkState)(THCState *state, const char *fn, const char *arg, THCTensor *t,
                                              long *width) {
  THNN_(checkDims)(state, fn, arg, t, 1, 2);
  THNN_(checkDevice)(state, fn, arg, t);
  *width = t->size[t->nDimension - 1];
  return t->nDimension == 2 ? t->size[0] : 1;
}

static inline void THNN_(FusedRNN_checkGates)(THCState *state, const char *fn, const char *arg, THCTensor *gates,
                                              int nDimension, long rows, long width) {
  THNN_(checkDims)(state, fn, arg, gates, nDimension, nDimension);
  if (nDimension == 2) THNN_(checkDimSize)(state, fn, arg, gates, 0, rows);
  THNN_(checkDimSize)(state, fn, arg, gates, nDimension - 1, width);
  THNN_(checkDevice)(state, fn, arg, gates);
}

static inline void THNN_(FusedRNN_checkBias)(THCState *state, const char *fn, const char *arg, THCTensor *bias,
                                             long width) {
  if (bias && THCTensor_(nElement)(state, bias) != width)
    THError("%s: %s must have %ld elements, got size %s", fn, arg, width, THCTensor_(sizeDesc)(state, bias).str);
  THNN_(checkDevice)(state, fn, arg, bias);
}

// A contiguous copy or view of t (retained; free it), or NULL for NULL.
static inline THCTensor *THNN_(FusedRNN_contiguous)(THCState *state, THCTensor *t) {
  return t ? THCTensor_(newContiguous)(state, t) : NULL;
}

static inline const real *THNN_(FusedRNN_data)(THCState *state, THCTensor *t) {
  return t ? THCTensor_(data)(state, t) : NULL;
}

// Resizes a result to [rows x width] (or [width] when nDimension is 1) and returns where to write it
// (the result itself, retained, when contiguous); hand it to THCTensor_(freeCopyTo) afterwards.
static inline THCTensor *THNN_(FusedRNN_beginResult)(THCState *state, THCTensor *result, int nDimension, long rows,
                                                     long width) {
  if (nDimension == 1) THCTensor_(resize1d)(state, result, width);
  else THCTensor_(resize2d)(state, result, rows, width);
  return THCTensor_(newContiguous)(state, result);
}

#endif
