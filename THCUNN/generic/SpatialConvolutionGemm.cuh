// The checks and tensor plumbing of the 2D convolutions, once per type: included (no guard) by the
// generic files of SpatialConvolutionMM, SpatialDilatedConvolution, SpatialFullConvolution,
// SpatialFullDilatedConvolution (which run ConvolutionGemm.cuh's engine through
// ConvolutionGemm_*), SpatialDepthWiseConvolution and SpatialConvolutionLocal. The shape checks are
// THNN's (THNN/THNNConvShape.h), in THNN's order, so both devices reject the same input in the
// same words; the device checks come after them.

/* ---------------------------------------------------------------- checks and tensors */

static inline void THNN_(convPlan)(THCState *state, const char *fn, THCTensor *input, const THNNConvParams *p,
                                   int transposed, THNNConvPlan *plan) {
  THNN_(checkDims)(state, fn, "input", input, 3, 4);
  THNNConv_plan(fn, input->nDimension, input->size, p, transposed, plan);
}

static inline void THNN_(convCheckGradOutput)(const char *fn, THCTensor *gradOutput, const THNNConvPlan *plan,
                                              long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNConv_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan, nOutputPlane);
}

// t may be NULL (an optional bias or its gradient).
static inline void THNN_(convCheckNumel)(const char *fn, const char *arg, THCTensor *t, long n, const char *what) {
  if (t) THNNConv_checkNumel(fn, arg, t->nDimension, t->size, n, what);
}

// Every tensor of a call (NULL ones skipped) on the current device.
static inline void THNN_(convCheckDevices)(THCState *state, const char *fn, int n, const char *const *names,
                                           THCTensor *const *tensors) {
  for (int i = 0; i < n; i++) THNN_(checkDevice)(state, fn, names[i], tensors[i]);
}

static inline void THNN_(convResize)(THCState *state, THCTensor *t, const THNNConvPlan *plan, long planes, long height,
                                     long width) {
  if (plan->batched)
    THCTensor_(resize4d)(state, t, plan->nImages, planes, height, width);
  else
    THCTensor_(resize3d)(state, t, planes, height, width);
}

// t's data as a contiguous tensor (NULL for NULL): t's own storage when t is contiguous, else a copy.
static inline THCTensor *THNN_(convContiguous)(THCState *state, THCTensor *t) {
  return t ? THCTensor_(newContiguous)(state, t) : NULL;
}

static inline real *THNN_(convData)(THCState *state, THCTensor *t) { return t ? THCTensor_(data)(state, t) : NULL; }

// Ends a convContiguous of a tensor that was written: copies the values back when they were written
// to a copy (THC's copy skips a tensor onto its own data), and frees it.
static inline void THNN_(convWriteBack)(THCState *state, THCTensor *t, THCTensor *written) {
  if (written) THCTensor_(freeCopyTo)(state, written, t);
}

static inline void THNN_(convFree)(THCState *state, THCTensor *t) {
  if (t) THCTensor_(free)(state, t);
}

// The direct kernels' passes (SpatialDepthWiseConvolution, SpatialConvolutionLocal), on contiguous
// copies: output = kernel(geometry, input, weight, bias) over n output elements (output already
// resized; bias may be NULL), and gradInput = kernel(geometry, gradOutput, weight) over every element
// of gradInput (already resized).
template <typename Geometry>
static inline void THNN_(convDirectOutput)(THCState *state, const char *fn, long n,
                                           void (*kernel)(Geometry, const real *, const real *, const real *, real *,
                                                          long),
                                           const Geometry &d, THCTensor *input, THCTensor *weight, THCTensor *bias,
                                           THCTensor *output) {
  THCTensor *in = THNN_(convContiguous)(state, input), *w = THNN_(convContiguous)(state, weight);
  THCTensor *b = THNN_(convContiguous)(state, bias), *out = THNN_(convContiguous)(state, output);
  thcunn::launchPerElement(state, fn, n, kernel, d, (const real *)THCTensor_(data)(state, in),
                           (const real *)THCTensor_(data)(state, w), (const real *)THNN_(convData)(state, b),
                           THCTensor_(data)(state, out));
  THNN_(convWriteBack)(state, output, out);
  THNN_(convFree)(state, in);
  THNN_(convFree)(state, w);
  THNN_(convFree)(state, b);
}

template <typename Geometry>
static inline void THNN_(convDirectGradInput)(THCState *state, const char *fn,
                                              void (*kernel)(Geometry, const real *, const real *, real *, long),
                                              const Geometry &d, THCTensor *gradOutput, THCTensor *weight,
                                              THCTensor *gradInput) {
  THCTensor *go = THNN_(convContiguous)(state, gradOutput), *w = THNN_(convContiguous)(state, weight);
  THCTensor *gi = THNN_(convContiguous)(state, gradInput);
  thcunn::launchPerElement(state, fn, (long)THCTensor_(nElement)(state, gi), kernel, d,
                           (const real *)THCTensor_(data)(state, go), (const real *)THCTensor_(data)(state, w),
                           THCTensor_(data)(state, gi));
  THNN_(convWriteBack)(state, gradInput, gi);
  THNN_(convFree)(state, go);
  THNN_(convFree)(state, w);
}

/* ---------------------------------------------------------------- im2col + GEMM
 * A convolution's im2col side is its input, the GEMM's planes its nOutputPlane; a transposed
 * convolution's im2col side is its output (nOutputPlane x outputHeight x outputWidth), the GEMM's
 * planes its nInputPlane, and its weight [nInputPlane x nOutputPlane*kH*kW] is already the
 * [planes x K] matrix. */

// Checks input, p and the weight (named weightName) as THNN does; returns nOutputPlane.
static inline long THNN_(convBegin)(THCState *state, const char *fn, THCTensor *input, THCTensor *weight,
                                    const char *weightName, const THNNConvParams *p, int transposed,
                                    THNNConvPlan *plan) {
  THNN_(convPlan)(state, fn, input, p, transposed, plan);
  THNN_(checkNotNull)(fn, weightName, weight);
  if (!transposed) return THNNConv_checkWeight(fn, weightName, weight->nDimension, weight->size, plan, p->kH, p->kW);
  const long nOut = THNNConv_checkFullWeight(fn, weightName, weight->nDimension, weight->size, plan, p->kH, p->kW);
  plan->geometry.channels = nOut;
  return nOut;
}

static inline thcunn::GemmConvolution THNN_(convEngine)(const char *fn, const THNNConvPlan *plan, long planes) {
  const thcunn::GemmConvolution engine(plan->geometry, plan->nImages, planes, (long)sizeof(real));
  THNNConv_checkBlasSizes(fn, "image", engine.K, engine.L, planes);
  return engine;
}

// The caller's column buffer, resized to a chunk of columns (left as it is when the engine needs none).
static inline real *THNN_(convColumns)(THCState *state, THCTensor *columns, const thcunn::GemmConvolution &engine) {
  if (engine.columnElements() == 0) return NULL;
  THCTensor_(resize3d)(state, columns, engine.chunk, engine.K, engine.L);
  return THCTensor_(data)(state, columns);
}

static inline long THNN_(convPlanes)(const THNNConvPlan *plan, long nOut, int transposed) {
  return transposed ? plan->nInputPlane : nOut;
}

static inline void THNN_(ConvolutionGemm_updateOutput)(THCState *state, const char *fn, THCTensor *input,
                                                       THCTensor *output, THCTensor *weight, THCTensor *bias,
                                                       THCTensor *columns, const THNNConvParams *p, int transposed) {
  THNNConvPlan plan;
  const long nOut = THNN_(convBegin)(state, fn, input, weight, "weight", p, transposed, &plan);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "columns", columns);
  const long planes = THNN_(convPlanes)(&plan, nOut, transposed);
  const thcunn::GemmConvolution engine = THNN_(convEngine)(fn, &plan, planes);
  const char *const names[] = {"input", "output", "weight", "bias", "columns"};
  THCTensor *const tensors[] = {input, output, weight, bias, columns};
  THNN_(convCheckDevices)(state, fn, 5, names, tensors);

  THNN_(convResize)(state, output, &plan, nOut, plan.outputHeight, plan.outputWidth);
  real *cols = THNN_(convColumns)(state, columns, engine);
  THCTensor *in = THNN_(convContiguous)(state, input), *w = THNN_(convContiguous)(state, weight);
  THCTensor *b = THNN_(convContiguous)(state, bias), *out = THNN_(convContiguous)(state, output);
  const real *inData = THCTensor_(data)(state, in), *wData = THCTensor_(data)(state, w);
  if (transposed)
    engine.backwardInput(state, plan.nImages, planes, inData, wData, THNN_(convData)(state, b), cols,
                         THCTensor_(data)(state, out));
  else
    engine.forward(state, plan.nImages, planes, inData, wData, THNN_(convData)(state, b), cols,
                   THCTensor_(data)(state, out));
  THNN_(convWriteBack)(state, output, out);
  THNN_(convFree)(state, in);
  THNN_(convFree)(state, w);
  THNN_(convFree)(state, b);
}

static inline void THNN_(ConvolutionGemm_updateGradInput)(THCState *state, const char *fn, THCTensor *input,
                                                          THCTensor *gradOutput, THCTensor *gradInput,
                                                          THCTensor *weight, THCTensor *gradColumns,
                                                          const THNNConvParams *p, int transposed) {
  THNNConvPlan plan;
  const long nOut = THNN_(convBegin)(state, fn, input, weight, "weight", p, transposed, &plan);
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "gradColumns", gradColumns);
  const long planes = THNN_(convPlanes)(&plan, nOut, transposed);
  const thcunn::GemmConvolution engine = THNN_(convEngine)(fn, &plan, planes);
  const char *const names[] = {"input", "gradOutput", "gradInput", "weight", "gradColumns"};
  THCTensor *const tensors[] = {input, gradOutput, gradInput, weight, gradColumns};
  THNN_(convCheckDevices)(state, fn, 5, names, tensors);

  THCTensor_(resizeAs)(state, gradInput, input);
  real *cols = THNN_(convColumns)(state, gradColumns, engine);
  THCTensor *go = THNN_(convContiguous)(state, gradOutput), *w = THNN_(convContiguous)(state, weight);
  THCTensor *gi = THNN_(convContiguous)(state, gradInput);
  const real *goData = THCTensor_(data)(state, go), *wData = THCTensor_(data)(state, w);
  if (transposed)
    engine.forward(state, plan.nImages, planes, goData, wData, (const real *)NULL, cols, THCTensor_(data)(state, gi));
  else
    engine.backwardInput(state, plan.nImages, planes, goData, wData, (const real *)NULL, cols,
                         THCTensor_(data)(state, gi));
  THNN_(convWriteBack)(state, gradInput, gi);
  THNN_(convFree)(state, go);
  THNN_(convFree)(state, w);
}

static inline void THNN_(ConvolutionGemm_accGradParameters)(THCState *state, const char *fn, THCTensor *input,
                                                            THCTensor *gradOutput, THCTensor *gradWeight,
                                                            THCTensor *gradBias, THCTensor *columns,
                                                            const THNNConvParams *p, int transposed, accreal scale) {
  THNNConvPlan plan;
  const long nOut = THNN_(convBegin)(state, fn, input, gradWeight, "gradWeight", p, transposed, &plan);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "columns", columns);
  const long planes = THNN_(convPlanes)(&plan, nOut, transposed);
  const thcunn::GemmConvolution engine = THNN_(convEngine)(fn, &plan, planes);
  const char *const names[] = {"input", "gradOutput", "gradWeight", "gradBias", "columns"};
  THCTensor *const tensors[] = {input, gradOutput, gradWeight, gradBias, columns};
  THNN_(convCheckDevices)(state, fn, 5, names, tensors);

  real *cols = THNN_(convColumns)(state, columns, engine);
  THCTensor *in = THNN_(convContiguous)(state, input), *go = THNN_(convContiguous)(state, gradOutput);
  THCTensor *gw = THNN_(convContiguous)(state, gradWeight), *gb = THNN_(convContiguous)(state, gradBias);
  THCTensor *partial = THCTensor_(newWithSize1d)(state, engine.chunk * planes * engine.K);
  const real *inData = THCTensor_(data)(state, in), *goData = THCTensor_(data)(state, go);
  // the weight's rows are the GEMM's planes: the output's for a convolution, the input's for a
  // transposed one, whose unfolded image is gradOutput
  engine.backwardWeight(state, plan.nImages, planes, transposed ? goData : inData, transposed ? inData : goData, cols,
                        THCTensor_(data)(state, partial), (real)scale, THCTensor_(data)(state, gw));
  if (gb)
    thcunn::planeSumAdd(state, goData, plan.nImages, nOut, plan.outputHeight * plan.outputWidth, scale,
                        THCTensor_(data)(state, gb));
  THCTensor_(free)(state, partial);
  THNN_(convWriteBack)(state, gradWeight, gw);
  THNN_(convWriteBack)(state, gradBias, gb);
  THNN_(convFree)(state, in);
  THNN_(convFree)(state, go);
}
