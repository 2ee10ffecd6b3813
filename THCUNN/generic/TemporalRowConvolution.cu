// A 1D convolution of each feature row with its own kernel (a depthwise conv1d): input [F x T]
// (featFirst) or [T x F], with a batch dimension in front or not; weight [F x 1 x kW], bias [F];
// output [F x T'] (or [T' x F], contiguous), T' = (T + 2*padW - kW) / dW + 1, as
// THNN/generic/TemporalRowConvolution.c.
//
// The kernels (TemporalRowConvolution.cuh) read the input rows directly instead of unfolding them:
// finput and fgradInput are resized as THNN resizes them ([F x kW x T'], the columns of one image)
// but hold no result (THNN's accGradParameters does not depend on them either).

// THNN's checks (THNN/THNNTemporalShape.h).
static THNNRowConvPlan THNN_(TemporalRowConvolution_plan)(THCState *state, const char *fn, THCTensor *input,
                                                          const char *weightName, THCTensor *weight, int kW, int dW,
                                                          int padW, bool featFirst) {
  THNN_(checkDims)(state, fn, "input", input, 2, 3);
  THNNRowConv_checkParams(fn, kW, dW, padW);
  THNN_(checkNotNull)(fn, weightName, weight);
  THNNRowConvPlan plan;
  THNNRowConv_plan(fn, weightName, weight->nDimension, weight->size, input->nDimension, input->size, kW, dW, padW,
                   featFirst, &plan);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, weightName, weight);
  return plan;
}

static thcunn_rowconv::Geometry THNN_(TemporalRowConvolution_geometry)(const THNNRowConvPlan *plan, int kW, int dW,
                                                                      int padW) {
  return thcunn_rowconv::Geometry{plan->nImages, plan->nFeatures, plan->nFrames, plan->nOutputFrames, kW, dW, padW};
}

// t laid out as the caller passes it ([.. x F x T] or [.. x T x F]) seen feature-first.
static THCTensor *THNN_(TemporalRowConvolution_featFirstView)(THCState *state, THCTensor *t, bool featFirst) {
  return featFirst ? THCTensor_(newWithTensor)(state, t)
                   : THCTensor_(newTranspose)(state, t, t->nDimension - 2, t->nDimension - 1);
}

// Resizes t to the caller's layout of [nImages x F x frames] and returns it seen feature-first.
static THCTensor *THNN_(TemporalRowConvolution_resize)(THCState *state, THCTensor *t, const THNNRowConvPlan *plan,
                                                      long frames, bool featFirst) {
  const long a = featFirst ? plan->nFeatures : frames, b = featFirst ? frames : plan->nFeatures;
  if (plan->batched)
    THCTensor_(resize3d)(state, t, plan->nImages, a, b);
  else
    THCTensor_(resize2d)(state, t, a, b);
  return THNN_(TemporalRowConvolution_featFirstView)(state, t, featFirst);
}

// A contiguous feature-first copy of t (or t itself, retained).
static THCTensor *THNN_(TemporalRowConvolution_contiguous)(THCState *state, THCTensor *t, bool featFirst) {
  THCTensor *view = THNN_(TemporalRowConvolution_featFirstView)(state, t, featFirst);
  THCTensor *c = THCTensor_(newContiguous)(state, view);
  THCTensor_(free)(state, view);
  return c;
}

static void THNN_(TemporalRowConvolution_checkGradOutput)(THCState *state, const char *fn, THCTensor *gradOutput,
                                                          const THNNRowConvPlan *plan, bool featFirst) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNTemporal_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan->batched, plan->nImages,
                               featFirst ? plan->nFeatures : plan->nOutputFrames,
                               featFirst ? plan->nOutputFrames : plan->nFeatures);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
}

static void THNN_(TemporalRowConvolution_checkBuffer)(THCState *state, const char *fn, const char *arg,
                                                      THCTensor *buffer) {
  THNN_(checkNotNull)(fn, arg, buffer);
  THNN_(checkDevice)(state, fn, arg, buffer);
}

static void THNN_(TemporalRowConvolution_checkNumel)(THCState *state, const char *fn, const char *arg, THCTensor *t,
                                                     long n) {
  if (t) THNNConv_checkNumel(fn, arg, t->nDimension, t->size, n, "inputFrameSize");
  THNN_(checkDevice)(state, fn, arg, t);
}

void THNN_(TemporalRowConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                THCTensor *weight, THCTensor *bias, THCTensor *finput,
                                                THCTensor *fgradInput, int kW, int dW, int padW, bool featFirst) {
  const char *fn = "TemporalRowConvolution_updateOutput";
  const THNNRowConvPlan plan =
      THNN_(TemporalRowConvolution_plan)(state, fn, input, "weight", weight, kW, dW, padW, featFirst);
  THNN_(TemporalRowConvolution_checkNumel)(state, fn, "bias", bias, plan.nFeatures);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(TemporalRowConvolution_checkBuffer)(state, fn, "finput", finput);

  THCTensor_(resize3d)(state, finput, plan.nFeatures, kW, plan.nOutputFrames);
  THCTensor *outView = THNN_(TemporalRowConvolution_resize)(state, output, &plan, plan.nOutputFrames, featFirst);
  THCTensor *in = THNN_(TemporalRowConvolution_contiguous)(state, input, featFirst);
  THCTensor *w = THCTensor_(newContiguous)(state, weight), *b = bias ? THCTensor_(newContiguous)(state, bias) : NULL;
  THCTensor *out = THCTensor_(newContiguous)(state, outView);
  thcunn_rowconv::forward(state, THNN_(TemporalRowConvolution_geometry)(&plan, kW, dW, padW),
                          (const real *)THCTensor_(data)(state, in), (const real *)THCTensor_(data)(state, w),
                          b ? (const real *)THCTensor_(data)(state, b) : NULL, THCTensor_(data)(state, out));
  THCTensor_(freeCopyTo)(state, out, outView);
  THCTensor_(free)(state, outView);
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, w);
  if (b) THCTensor_(free)(state, b);
}

void THNN_(TemporalRowConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradInput, THCTensor *weight, THCTensor *finput,
                                                   THCTensor *fgradInput, int kW, int dW, int padW, bool featFirst) {
  const char *fn = "TemporalRowConvolution_updateGradInput";
  const THNNRowConvPlan plan =
      THNN_(TemporalRowConvolution_plan)(state, fn, input, "weight", weight, kW, dW, padW, featFirst);
  THNN_(TemporalRowConvolution_checkGradOutput)(state, fn, gradOutput, &plan, featFirst);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THNN_(TemporalRowConvolution_checkBuffer)(state, fn, "fgradInput", fgradInput);

  THCTensor_(resize3d)(state, fgradInput, plan.nFeatures, kW, plan.nOutputFrames);
  THCTensor *ginView = THNN_(TemporalRowConvolution_resize)(state, gradInput, &plan, plan.nFrames, featFirst);
  THCTensor *gout = THNN_(TemporalRowConvolution_contiguous)(state, gradOutput, featFirst);
  THCTensor *w = THCTensor_(newContiguous)(state, weight), *gin = THCTensor_(newContiguous)(state, ginView);
  thcunn_rowconv::backward(state, THNN_(TemporalRowConvolution_geometry)(&plan, kW, dW, padW),
                           (const real *)THCTensor_(data)(state, gout), (const real *)THCTensor_(data)(state, w),
                           THCTensor_(data)(state, gin));
  THCTensor_(freeCopyTo)(state, gin, ginView);
  THCTensor_(free)(state, ginView);
  THCTensor_(free)(state, gout);
  THCTensor_(free)(state, w);
}

void THNN_(TemporalRowConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                     THCTensor *gradWeight, THCTensor *gradBias, THCTensor *finput,
                                                     THCTensor *fgradInput, int kW, int dW, int padW, bool featFirst,
                                                     accreal scale) {
  const char *fn = "TemporalRowConvolution_accGradParameters";
  const THNNRowConvPlan plan =
      THNN_(TemporalRowConvolution_plan)(state, fn, input, "gradWeight", gradWeight, kW, dW, padW, featFirst);
  THNN_(TemporalRowConvolution_checkNumel)(state, fn, "gradBias", gradBias, plan.nFeatures);
  THNN_(TemporalRowConvolution_checkGradOutput)(state, fn, gradOutput, &plan, featFirst);
  THNN_(TemporalRowConvolution_checkBuffer)(state, fn, "finput", finput);

  THCTensor_(resize3d)(state, finput, plan.nFeatures, kW, plan.nOutputFrames);
  const thcunn_rowconv::Geometry g = THNN_(TemporalRowConvolution_geometry)(&plan, kW, dW, padW);
  THCTensor *in = THNN_(TemporalRowConvolution_contiguous)(state, input, featFirst);
  THCTensor *gout = THNN_(TemporalRowConvolution_contiguous)(state, gradOutput, featFirst);
  const real *gy = THCTensor_(data)(state, gout);
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  thcunn_rowconv::paramGrad(state, g, (const real *)THCTensor_(data)(state, in), gy, kW, THCTensor_(data)(state, gw),
                            (double)scale);
  THCTensor_(freeCopyTo)(state, gw, gradWeight);
  if (gradBias) {
    THCTensor *gb = THCTensor_(newContiguous)(state, gradBias);
    thcunn_rowconv::paramGrad(state, g, (const real *)NULL, gy, 1, THCTensor_(data)(state, gb), (double)scale);
    THCTensor_(freeCopyTo)(state, gb, gradBias);
  }
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, gout);
}
