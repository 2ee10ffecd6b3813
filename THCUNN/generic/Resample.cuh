// The padding and nearest-upsampling wrappers, once per type (THNN's padForward/padBackward and
// nearestForward/nearestBackward, with their checks and messages); kernels in THCUNN/Resample.cuh.
#include "generic/PoolTensors.cuh"

// The plan of shape s: its three-axis sizes and each axis' parameter (the leading axes copy their
// single position).
static inline thcunn_pool3d::ResamplePlan THNN_(resamplePlan)(const thcunn_pool3d::PoolShape &s,
                                                              thcunn_pool3d::ResampleMode mode, const int *param) {
  thcunn_pool3d::ResamplePlan r;
  r.d = s.dims3();
  r.mode = mode;
  const int lead = 3 - s.nAxes;
  for (int a = 0; a < 3; a++) r.param[a] = a >= lead ? param[a - lead] : mode == thcunn_pool3d::ResampleMode::Nearest;
  return r;
}

static inline void THNN_(resampleForward)(THCState *state, const thcunn_pool3d::PoolShape &s,
                                          const thcunn_pool3d::ResamplePlan &r, THCTensor *input, THCTensor *output) {
  THNN_(PoolOut) o = THNN_(poolOutBegin)(state, s, input, output, NULL);
  const long n = s.planes() * r.d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::resampleGather<real>, THCTensor_(data)(state, o.in),
                THCTensor_(data)(state, o.out), n, r);
  THNN_(poolOutEnd)(state, &o, output, NULL);
}

static inline void THNN_(resampleBackward)(THCState *state, const thcunn_pool3d::PoolShape &s,
                                           const thcunn_pool3d::ResamplePlan &r, THCTensor *input,
                                           THCTensor *gradOutput, THCTensor *gradInput) {
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *gi = thcunn::writable(state, gradInput, input->nDimension, input->size);
  THCTensor_(zero)(state, gi);
  const long n = s.planes() * r.d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::resampleScatter<real>, THCTensor_(data)(state, go),
                THCTensor_(data)(state, gi), n, r);
  THCTensor_(free)(state, go);
  thcunn::written(state, gi, gradInput);
}

// THNN's padPlan: pads before[a] / after[a] along axis a, named padNames[2a] / padNames[2a + 1].
static inline thcunn_pool3d::PoolShape THNN_(padPlan)(THCState *state, const char *fn, thcunn_pool3d::ResampleMode mode,
                                                      int nAxes, const int *before, const int *after,
                                                      const char *const *padNames, THCTensor *input) {
  thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, nAxes);
  const int firstAxisDim = s.batched + 1 + TH_INDEX_BASE;
  for (int a = 0; a < nAxes; a++) {
    const long n = s.in[a];
    if (mode == thcunn_pool3d::ResampleMode::Reflect && (before[a] >= n || after[a] >= n))
      THError(
          "%s: padding size should be less than the corresponding input dimension, got %s = %d and %s = %d "
          "for size %ld at dimension %d of input %s",
          fn, padNames[2 * a], before[a], padNames[2 * a + 1], after[a], n, firstAxisDim + a,
          THCTensor_(sizeDesc)(state, input).str);
    s.out[a] = THNN_checkedSize(fn, "the padded size", (__int128)n + before[a] + after[a]);
    if (s.out[a] < 1)
      THError(
          "%s: output size %ld at dimension %d is too small: size %ld of input %s padded by %s = %d and "
          "%s = %d (negative padding crops)",
          fn, s.out[a], firstAxisDim + a, n, THCTensor_(sizeDesc)(state, input).str, padNames[2 * a], before[a],
          padNames[2 * a + 1], after[a]);
  }
  long sizes[5];
  THNN_checkedProduct(fn, "the output", s.outputSizes(sizes), sizes);
  return s;
}

static inline void THNN_(padForward)(THCState *state, const char *fn, thcunn_pool3d::ResampleMode mode, int nAxes,
                                     const int *before, const int *after, const char *const *padNames, THCTensor *input,
                                     THCTensor *output) {
  const thcunn_pool3d::PoolShape s = THNN_(padPlan)(state, fn, mode, nAxes, before, after, padNames, input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(resampleForward)(state, s, THNN_(resamplePlan)(s, mode, before), input, output);
}

static inline void THNN_(padBackward)(THCState *state, const char *fn, thcunn_pool3d::ResampleMode mode, int nAxes,
                                      const int *before, const int *after, const char *const *padNames,
                                      THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput) {
  const thcunn_pool3d::PoolShape s = THNN_(padPlan)(state, fn, mode, nAxes, before, after, padNames, input);
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THNN_(resampleBackward)(state, s, THNN_(resamplePlan)(s, mode, before), input, gradOutput, gradInput);
}

// THNN's nearestPlan: every axis scaled by scale >= 1.
static inline thcunn_pool3d::PoolShape THNN_(nearestPlan)(THCState *state, const char *fn, int nAxes, int scale,
                                                          THCTensor *input) {
  thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, nAxes);
  if (scale < 1) THError("%s: scale_factor must be at least 1, got %d", fn, scale);
  for (int a = 0; a < nAxes; a++) s.out[a] = THNN_checkedSize(fn, "the upsampled size", (__int128)s.in[a] * scale);
  long sizes[5];
  THNN_checkedProduct(fn, "the output", s.outputSizes(sizes), sizes);
  return s;
}

static inline void THNN_(nearestForward)(THCState *state, const char *fn, int nAxes, int scale, THCTensor *input,
                                         THCTensor *output) {
  const thcunn_pool3d::PoolShape s = THNN_(nearestPlan)(state, fn, nAxes, scale, input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  const int scales[3] = {scale, scale, scale};
  THNN_(resampleForward)(state, s, THNN_(resamplePlan)(s, thcunn_pool3d::ResampleMode::Nearest, scales), input, output);
}

static inline void THNN_(nearestBackward)(THCState *state, const char *fn, int nAxes, int scale, THCTensor *input,
                                          THCTensor *gradOutput, THCTensor *gradInput) {
  const thcunn_pool3d::PoolShape s = THNN_(nearestPlan)(state, fn, nAxes, scale, input);
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  const int scales[3] = {scale, scale, scale};
  THNN_(resampleBackward)(state, s, THNN_(resamplePlan)(s, thcunn_pool3d::ResampleMode::Nearest, scales), input,
                          gradOutput, gradInput);
}
