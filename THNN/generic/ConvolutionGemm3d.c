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

static void THNN_(volCheckParams)(const char *fn, const THNNVolParams *p, int transposed) {
  if (p->kT <= 0 || p->kW <= 0 || p->kH <= 0)
    THError("%s: kernel size must be positive, got kT=%d kW=%d kH=%d", fn, p->kT, p->kW, p->kH);
  if (p->dT <= 0 || p->dW <= 0 || p->dH <= 0)
    THError("%s: stride must be positive, got dT=%d dW=%d dH=%d", fn, p->dT, p->dW, p->dH);
  if (p->padT < 0 || p->padW < 0 || p->padH < 0)
    THError("%s: padding must not be negative, got padT=%d padW=%d padH=%d", fn, p->padT, p->padW, p->padH);
  if (p->dilationT <= 0 || p->dilationW <= 0 || p->dilationH <= 0)
    THError("%s: dilation must be positive, got dilationT=%d dilationW=%d dilationH=%d", fn, p->dilationT,
            p->dilationW, p->dilationH);
  if (!transposed) return;
  if (p->adjT < 0 || p->adjW < 0 || p->adjH < 0)
    THError("%s: adj must not be negative, got adjT=%d adjW=%d adjH=%d", fn, p->adjT, p->adjW, p->adjH);
  if ((p->adjT >= p->dT && p->adjT >= p->dilationT) || (p->adjW >= p->dW && p->adjW >= p->dilationW) ||
      (p->adjH >= p->dH && p->adjH >= p->dilationH))
    THError("%s: adj must be smaller than the stride or the dilation, got adjT=%d adjW=%d adjH=%d "
            "(dT=%d dW=%d dH=%d, dilationT=%d dilationW=%d dilationH=%d)",
            fn, p->adjT, p->adjW, p->adjH, p->dT, p->dW, p->dH, p->dilationT, p->dilationW, p->dilationH);
}

/* Checks input (4D C x T x H x W or 5D N x C x T x H x W) and p, computes the output size and
 * raises an error when it is smaller than 1x1x1. geometry.channels is left to the caller for a
 * transposed convolution (it is the weight's nOutputPlane). */
static void THNN_(volPlan)(const char *fn, THTensor *input, const THNNVolParams *p, int transposed,
                           THNNVolPlan *plan) {
  THNN_(checkDims)(fn, "input", input, 4, 5);
  THNN_(volCheckParams)(fn, p, transposed);
  const int b = input->nDimension == 5;
  plan->batched = b;
  plan->nImages = b ? input->size[0] : 1;
  plan->nInputPlane = input->size[b];
  plan->inputDepth = input->size[b + 1];
  plan->inputHeight = input->size[b + 2];
  plan->inputWidth = input->size[b + 3];
  plan->outputDepth = THNN_convOutputSize(fn, "the output depth", plan->inputDepth, p->kT, p->dT, p->padT,
                                          p->dilationT, p->adjT, transposed);
  plan->outputHeight = THNN_convOutputSize(fn, "the output height", plan->inputHeight, p->kH, p->dH, p->padH,
                                           p->dilationH, p->adjH, transposed);
  plan->outputWidth = THNN_convOutputSize(fn, "the output width", plan->inputWidth, p->kW, p->dW, p->padW,
                                          p->dilationW, p->adjW, transposed);
  /* A window that does not fit is reported as an output size of 0. */
  plan->outputDepth = THMax(plan->outputDepth, 0L);
  plan->outputHeight = THMax(plan->outputHeight, 0L);
  plan->outputWidth = THMax(plan->outputWidth, 0L);
  if (plan->outputDepth < 1 || plan->outputHeight < 1 || plan->outputWidth < 1)
    THError("%s: output size %ld x %ld x %ld (T x H x W) is too small for input %ld x %ld x %ld (kernel %d x %d x "
            "%d, stride %d x %d x %d, padding %d x %d x %d, dilation %d x %d x %d)",
            fn, plan->outputDepth, plan->outputHeight, plan->outputWidth, plan->inputDepth, plan->inputHeight,
            plan->inputWidth, p->kT, p->kH, p->kW, p->dT, p->dH, p->dW, p->padT, p->padH, p->padW, p->dilationT,
            p->dilationH, p->dilationW);

  /* The unfolded buffers' sizes, computed from these in long arithmetic (see convPlan). */
  const long outputVolume[3] = {plan->outputDepth, plan->outputHeight, plan->outputWidth};
  THNN_checkedProduct(fn, "the output volume", 3, outputVolume);
  if (!transposed) {
    const long unfoldedRows[4] = {plan->nInputPlane, p->kT, p->kH, p->kW};
    THNN_checkedProduct(fn, "the unfolded input's rows (nInputPlane x kT x kH x kW)", 4, unfoldedRows);
  }

  THNNVolGeometry *g = &plan->geometry;
  g->channels = transposed ? 0 : plan->nInputPlane;
  g->depth = transposed ? plan->outputDepth : plan->inputDepth;
  g->height = transposed ? plan->outputHeight : plan->inputHeight;
  g->width = transposed ? plan->outputWidth : plan->inputWidth;
  g->outDepth = transposed ? plan->inputDepth : plan->outputDepth;
  g->outHeight = transposed ? plan->inputHeight : plan->outputHeight;
  g->outWidth = transposed ? plan->inputWidth : plan->outputWidth;
  g->kT = p->kT;
  g->kH = p->kH;
  g->kW = p->kW;
  g->dT = p->dT;
  g->dH = p->dH;
  g->dW = p->dW;
  g->padT = p->padT;
  g->padH = p->padH;
  g->padW = p->padW;
  g->dilationT = p->dilationT;
  g->dilationH = p->dilationH;
  g->dilationW = p->dilationW;
}

/* gradOutput must be [nImages x nOutputPlane x T' x H' x W'] (without nImages for one volume). */
static void THNN_(volCheckGradOutput)(const char *fn, THTensor *gradOutput, const THNNVolPlan *plan,
                                      long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  long expected[5] = {plan->nImages, nOutputPlane, plan->outputDepth, plan->outputHeight, plan->outputWidth};
  const long *e = plan->batched ? expected : expected + 1;
  const int nd = plan->batched ? 5 : 4;
  int ok = gradOutput->nDimension == nd;
  for (int d = 0; ok && d < nd; d++) ok = gradOutput->size[d] == e[d];
  if (!ok)
    THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, nd).str,
            THTensor_(sizeDesc)(gradOutput).str);
}

/* A convolution's weight: [nOutputPlane x nInputPlane x kT x kH x kW] or [nOutputPlane x
 * nInputPlane*kT*kH*kW]. Returns nOutputPlane. */
static long THNN_(volCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNVolPlan *plan,
                                  const THNNVolParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  const long nIn = plan->nInputPlane, K = nIn * p->kT * p->kH * p->kW;
  int ok = (w->nDimension == 5 && w->size[1] == nIn && w->size[2] == p->kT && w->size[3] == p->kH &&
            w->size[4] == p->kW) ||
           (w->nDimension == 2 && w->size[1] == K);
  if (!ok)
    THError("%s: %s must be [nOutputPlane x %ld x %d x %d x %d] or [nOutputPlane x %ld] for an input of %ld planes "
            "and a %d x %d x %d kernel, got %s",
            fn, arg, nIn, p->kT, p->kH, p->kW, K, nIn, p->kT, p->kH, p->kW, THTensor_(sizeDesc)(w).str);
  return w->size[0];
}

/* A transposed convolution's weight: [nInputPlane x nOutputPlane x kT x kH x kW]. Returns
 * nOutputPlane. */
static long THNN_(fullVolCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNVolPlan *plan,
                                      const THNNVolParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  if (w->nDimension != 5 || w->size[0] != plan->nInputPlane || w->size[2] != p->kT || w->size[3] != p->kH ||
      w->size[4] != p->kW)
    THError("%s: %s must be [%ld x nOutputPlane x %d x %d x %d] for an input of %ld planes and a %d x %d x %d "
            "kernel, got %s",
            fn, arg, plan->nInputPlane, p->kT, p->kH, p->kW, plan->nInputPlane, p->kT, p->kH, p->kW,
            THTensor_(sizeDesc)(w).str);
  return w->size[1];
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
