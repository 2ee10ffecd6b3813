#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm3d.c"
#else

/* The 3D unfolding of g, for the GEMM passes shared with ConvolutionGemm.c (THNN_(Unfolding)). */
static void THNN_(vol2colUnfold)(const void *g, const real *volume, real *columns) {
  THNN_(vol2col)(g, volume, columns);
}
static void THNN_(col2volFold)(const void *g, const real *columns, real *volume) {
  THNN_(col2vol)(g, columns, volume);
}

static THNN_(Unfolding) THNN_(volUnfolding)(const THNNVolGeometry *g) {
  THNN_(Unfolding) u = {g,
                        THNN_(vol2colUnfold),
                        THNN_(col2volFold),
                        g->channels,
                        g->channels * g->depth * g->height * g->width,
                        g->channels * g->kT * g->kH * g->kW,
                        g->outDepth * g->outHeight * g->outWidth,
                        THNN_(volIsPointwise)(g),
                        NULL,
                        0,
                        0};
  return u;
}

/* ---------------------------------------------------------------- checks */

void THNN_(volKernelFromWeight)(const char *fn, const char *arg, THTensor *weight, THNNVolParams *p) {
  THNN_(checkDims)(fn, arg, weight, 5, 5);
  p->kT = (int)weight->size[2];
  p->kH = (int)weight->size[3];
  p->kW = (int)weight->size[4];
}

/* The checks themselves are THNNConvShape.h's, on sizes, shared with libTHCUNN. */

/* Checks input (4D C x T x H x W or 5D N x C x T x H x W) and p, computes the output size and
 * raises an error when it is smaller than 1x1x1. geometry.channels is left to the caller for a
 * transposed convolution (it is the weight's nOutputPlane). */
static void THNN_(volPlan)(const char *fn, THTensor *input, const THNNVolParams *p, int transposed,
                           THNNVolPlan *plan) {
  THNN_(checkDims)(fn, "input", input, 4, 5);
  THNNVol_plan(fn, input->nDimension, input->size, p, transposed, plan);
}

static void THNN_(volCheckGradOutput)(const char *fn, THTensor *gradOutput, const THNNVolPlan *plan,
                                      long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNVol_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan, nOutputPlane);
}

static long THNN_(volCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNVolPlan *plan,
                                  const THNNVolParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNVol_checkWeight(fn, arg, w->nDimension, w->size, plan, p);
}

static long THNN_(fullVolCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNVolPlan *plan,
                                      const THNNVolParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNVol_checkFullWeight(fn, arg, w->nDimension, w->size, plan, p);
}

static void THNN_(volResize)(THTensor *t, const THNNVolPlan *plan, long planes, long depth, long height,
                             long width) {
  if (plan->batched)
    THTensor_(resize5d)(t, plan->nImages, planes, depth, height, width);
  else
    THTensor_(resize4d)(t, planes, depth, height, width);
}

/* ---------------------------------------------------------------- convolution */

void THNN_(ConvolutionGemm3d_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                           THTensor *bias, THTensor *columns, const char *columnsName,
                                           int keepColumns, const THNNVolParams *p) {
  THNNVolPlan plan;
  THNN_(volPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(volCheckWeight)(fn, "weight", weight, &plan, p);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, nOut);

  THNN_(volResize)(output, &plan, nOut, plan.outputDepth, plan.outputHeight, plan.outputWidth);
  THNN_(unfoldingForward)(&u, plan.nImages, nOut, input, weight, bias, columns, keepColumns && plan.batched, output);
}

void THNN_(ConvolutionGemm3d_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                              THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                              const char *columnsName, const THNNVolParams *p) {
  THNNVolPlan plan;
  THNN_(volPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(volCheckWeight)(fn, "weight", weight, &plan, p);
  THNN_(volCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, nOut);

  THTensor_(resizeAs)(gradInput, input);
  THNN_(unfoldingBackwardInput)(&u, plan.nImages, nOut, gradOutput, weight, NULL, gradColumns, gradInput);
}

void THNN_(ConvolutionGemm3d_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                const char *columnsName, int columnsKept, const THNNVolParams *p,
                                                accreal scale) {
  THNNVolPlan plan;
  THNN_(volPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(volCheckWeight)(fn, "gradWeight", gradWeight, &plan, p);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(volCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, nOut);

  THNN_(unfoldingBackwardWeight)(&u, plan.nImages, nOut, input, gradOutput, columns, columnsKept, plan.batched,
                                 gradWeight, gradBias, 0, scale);
}

/* ---------------------------------------------------------------- transposed convolution
 * The vol2col side is the output (nOutputPlane x T' x H' x W'); the GEMM's `planes` are the input's
 * nInputPlane, and weight [nInputPlane x nOutputPlane*kT*kH*kW] is already the [planes x K] matrix
 * the passes expect. */

static long THNN_(fullVolPlan)(const char *fn, THTensor *input, THTensor *weight, const char *weightName,
                               const THNNVolParams *p, THNNVolPlan *plan) {
  THNN_(volPlan)(fn, input, p, 1, plan);
  const long nOut = THNN_(fullVolCheckWeight)(fn, weightName, weight, plan, p);
  plan->geometry.channels = nOut;
  return nOut;
}

void THNN_(FullConvolutionGemm3d_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                               THTensor *bias, THTensor *columns, const char *columnsName,
                                               const THNNVolParams *p) {
  THNNVolPlan plan;
  const long nOut = THNN_(fullVolPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, plan.nInputPlane);

  THNN_(volResize)(output, &plan, nOut, plan.outputDepth, plan.outputHeight, plan.outputWidth);
  THNN_(unfoldingBackwardInput)(&u, plan.nImages, plan.nInputPlane, input, weight, bias, columns, output);
}

void THNN_(FullConvolutionGemm3d_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                  const char *columnsName, const THNNVolParams *p) {
  THNNVolPlan plan;
  const long nOut = THNN_(fullVolPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(volCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, plan.nInputPlane);

  THTensor_(resizeAs)(gradInput, input);
  THNN_(unfoldingForward)(&u, plan.nImages, plan.nInputPlane, gradOutput, weight, NULL, gradColumns, 0, gradInput);
}

void THNN_(FullConvolutionGemm3d_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                    const char *columnsName, const THNNVolParams *p,
                                                    accreal scale) {
  THNNVolPlan plan;
  const long nOut = THNN_(fullVolPlan)(fn, input, gradWeight, "gradWeight", p, &plan);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(volCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNN_(Unfolding) u = THNN_(volUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "volume", &u, plan.nInputPlane);

  THNN_(unfoldingBackwardWeight)(&u, plan.nImages, plan.nInputPlane, gradOutput, input, columns, 0, 0, gradWeight,
                                 gradBias, 1, scale);
}

#endif
