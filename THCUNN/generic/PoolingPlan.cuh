// The pooling families' per-type host code (included by their generic files once per type, after
// THCUNN/Pooling.cuh): the CPU's checks in the CPU's order (THNN/generic/Pooling.c, whose type-free
// part both devices share), the operands of a pass, and the max pooling both
// Spatial(Dilated)MaxPooling run.

// THNN_(poolInputShape): input of nAxes + 1 or nAxes + 2 dimensions.
static inline void THNN_(poolInputShape)(THCState *state, const char *fn, THCTensor *input, int nAxes,
                                         THNNPoolShape *s) {
  THNN_(checkDims)(state, fn, "input", input, nAxes + 1, nAxes + 2);
  THNNPool_setInputShape(input->nDimension, input->size, nAxes, s);
}

// THNN_(poolPlan) for the 2D windows (H, W).
static inline void THNN_(poolPlan2d)(THCState *state, const char *fn, THCTensor *input, const THNNPoolWindow *windows,
                                     int ceil_mode, THNNPoolShape *s) {
  THNN_(poolInputShape)(state, fn, input, 2, s);
  THNNPool_outputShape(fn, "HW", s, windows, ceil_mode);
}

// THNN_(poolCheckTensorSizes) / poolCheckIndexSizes: t (not NULL) has exactly these sizes.
static inline void THNN_(poolCheckSizes)(const char *fn, const char *arg, const void *t, int nDimension,
                                         const long *size, int nExpected, const long *expected) {
  THNN_(checkNotNull)(fn, arg, t);
  THNNPool_checkSizes(fn, arg, nDimension, size, nExpected, expected);
}

static inline void THNN_(poolCheckTensorSizes)(const char *fn, const char *arg, THCTensor *t, int nExpected,
                                               const long *expected) {
  THNN_(poolCheckSizes)(fn, arg, t, t ? t->nDimension : 0, t ? t->size : NULL, nExpected, expected);
}

static inline void THNN_(poolCheckIndexSizes)(const char *fn, const char *arg, THCudaLongTensor *t, int nExpected,
                                              const long *expected) {
  THNN_(poolCheckSizes)(fn, arg, t, t ? t->nDimension : 0, t ? t->size : NULL, nExpected, expected);
}

// gradOutput (or indices) with the output's sizes.
static inline void THNN_(poolCheckOutputLike)(const char *fn, const char *arg, THCTensor *t, const THNNPoolShape *s) {
  long sizes[THNN_POOL_MAX_AXES + 2];
  const int nd = THNNPool_outputSizes(s, sizes);
  THNN_(poolCheckTensorSizes)(fn, arg, t, nd, sizes);
}

static inline void THNN_(poolCheckIndicesLike)(const char *fn, const char *arg, THCudaLongTensor *t,
                                               const THNNPoolShape *s) {
  long sizes[THNN_POOL_MAX_AXES + 2];
  const int nd = THNNPool_outputSizes(s, sizes);
  THNN_(poolCheckIndexSizes)(fn, arg, t, nd, sizes);
}

// The GPU-only check, after THNN's: the call's tensors on the current device (NULL: not passed).
// `result` is output or gradInput, named by resultName.
static inline void THNN_(poolCheckDevices)(THCState *state, const char *fn, THCTensor *input, THCTensor *gradOutput,
                                           const char *resultName, THCTensor *result, THCudaLongTensor *indices) {
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, resultName, result);
  thcunn::checkIndexDevice(state, fn, "indices", indices);
}

// A backward pass's operands: gradOutput and indices (NULL where there are none) made contiguous,
// gradInput resized like input and made writable (zeroed when the kernel accumulates into it);
// poolGradEnd frees them and writes gradInput back.
typedef struct {
  THCTensor *gradOutput, *gradInput, *result;
  THCudaLongTensor *indices;
} THNN_(PoolGrad);

static inline THNN_(PoolGrad) THNN_(poolGradBegin)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradInput, THCudaLongTensor *indices, bool zero) {
  THNN_(PoolGrad) g;
  g.gradOutput = THCTensor_(newContiguous)(state, gradOutput);
  g.indices = indices ? THCudaLongTensor_newContiguous(state, indices) : NULL;
  g.result = gradInput;
  g.gradInput = thcunn::writable(state, gradInput, input->nDimension, input->size);
  if (zero) THCTensor_(zero)(state, g.gradInput);
  return g;
}

static inline void THNN_(poolGradEnd)(THCState *state, THNN_(PoolGrad) *g) {
  THCTensor_(free)(state, g->gradOutput);
  if (g->indices) THCudaLongTensor_free(state, g->indices);
  thcunn::written(state, g->gradInput, g->result);
}

// THNN_(poolMaxBackward): checks gradOutput and indices against s's output, then gradInput = 0 +
// gradOutput scattered to the 1-based plane positions in indices (index 0 passes nothing when
// zeroIsNone; other positions outside the plane raise THNN's error, after gradInput is written).
static inline void THNN_(poolMaxBackward)(THCState *state, const char *fn, THCTensor *input, THCTensor *gradOutput,
                                          THCTensor *gradInput, THCudaLongTensor *indices, const THNNPoolShape *s,
                                          bool zeroIsNone) {
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, s);
  THNN_(poolCheckIndicesLike)(fn, "indices", indices, s);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, indices);
  const long planes = s->nBatch * s->nPlanes;
  const long inSize = s->inputSize[0] * s->inputSize[1], outSize = s->outputSize[0] * s->outputSize[1];
  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, true);
  const long *ind = THCudaLongTensor_data(state, g.indices);
  thcunn_pool::FirstBad bad;
  bad.begin(state);
  thcunn_pool::maxScatter(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput), ind,
                          planes, inSize, outSize, zeroIsNone, bad.at);
  long badIndex = 0;
  const long badAt = bad.end(state, ind, &badIndex);
  THNN_(poolGradEnd)(state, &g);
  if (badAt >= 0) THNNPool_indexError(fn, "indices", badAt, badIndex, TH_INDEX_BASE, inSize - 1 + TH_INDEX_BASE);
}

// Spatial(Dilated)MaxPooling's forward over windows[0] (H) and windows[1] (W).
static inline void THNN_(poolMax2dForward)(THCState *state, const char *fn, THCTensor *input, THCTensor *output,
                                           THCudaLongTensor *indices, const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan2d)(state, fn, input, windows, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, indices);
  long sizes[4];
  const int nd = THNNPool_outputSizes(&s, sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  THCudaLongTensor *ind = thcunn::writable(state, indices, nd, sizes);
  thcunn_pool::max2dForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out),
                            THCudaLongTensor_data(state, ind), s.nBatch * s.nPlanes, s.inputSize[0], s.inputSize[1],
                            s.outputSize[0], s.outputSize[1], windows[0], windows[1]);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
  thcunn::written(state, ind, indices);
}

// Spatial(Dilated)MaxPooling's backward: the plan again (same checks), then poolMaxBackward.
static inline void THNN_(poolMax2dBackward)(THCState *state, const char *fn, THCTensor *input, THCTensor *gradOutput,
                                            THCTensor *gradInput, THCudaLongTensor *indices,
                                            const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan2d)(state, fn, input, windows, ceil_mode, &s);
  THNN_(poolMaxBackward)(state, fn, input, gradOutput, gradInput, indices, &s, true);
}

// The adaptive modules' (and unpooling's) output size: positive, set as s's output.
static inline void THNN_(poolCheckAdaptiveSize)(const char *fn, int owidth, int oheight, THNNPoolShape *s) {
  if (owidth < 1 || oheight < 1)
    THError("%s: output size must be positive, got owidth = %d, oheight = %d", fn, owidth, oheight);
  s->outputSize[0] = oheight;
  s->outputSize[1] = owidth;
}

// The adaptive modules' backward shape: the output size is gradOutput's (the legacy call does not
// pass it), which must otherwise have the output's sizes.
static inline void THNN_(poolAdaptiveGradShape)(THCState *state, const char *fn, THCTensor *input,
                                                THCTensor *gradOutput, THCTensor *gradInput, THNNPoolShape *s) {
  THNN_(poolInputShape)(state, fn, input, 2, s);
  THNN_(checkDims)(state, fn, "gradOutput", gradOutput, input->nDimension, input->nDimension);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  s->outputSize[0] = gradOutput->size[gradOutput->nDimension - 2];
  s->outputSize[1] = gradOutput->size[gradOutput->nDimension - 1];
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, s);
}
