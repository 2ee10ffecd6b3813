// The tensor side of the volumetric GEMM convolutions, once per type (included by the generic files
// of VolumetricConvolution, VolumetricDilatedConvolution, VolumetricFullConvolution and
// VolumetricFullDilatedConvolution): THNN's checks and messages (THNN/generic/ConvolutionGemm3d.c),
// its output sizes and buffer rules, then the passes of THCUNN/VolumetricGemm.cuh.
//
// Convolutions take weight [nOutputPlane x nInputPlane x kT x kH x kW] (or 2D [nOutputPlane x
// nInputPlane*kT*kH*kW]); transposed ones weight [nInputPlane x nOutputPlane x kT x kH x kW] and are
// the adjoint of the convolution with the same weight (their forward pass is a convolution's input
// gradient, and the other way round). `columns` (named columnsName in messages) is resized to one
// volume's columns [K x L], as the CPU does, unless the unfolding is pointwise (then untouched).
// Inputs of any layout are made contiguous; outputs are written through contiguous tensors.
#include "VolumetricGemm.cuh"

// Sets p's kT, kH, kW from a 5D weight (the legacy modules that take the kernel size from it).
static inline void THNN_(volKernelFromWeight)(THCState *state, const char *fn, const char *arg, THCTensor *weight,
                                              thcunn::VolParams *p) {
  THNN_(checkDims)(state, fn, arg, weight, 5, 5);
  p->kT = (int)weight->size[2];
  p->kH = (int)weight->size[3];
  p->kW = (int)weight->size[4];
}

// Checks input (4D C x T x H x W or 5D N x C x T x H x W) and p; computes the output size (an error
// when smaller than 1x1x1). geometry.channels is left to the caller for a transposed convolution.
static inline void THNN_(volPlan)(THCState *state, const char *fn, THCTensor *input, const thcunn::VolParams &p,
                                  bool transposed, thcunn::VolPlan *plan) {
  THNN_(checkDims)(state, fn, "input", input, 4, 5);
  thcunn::volCheckParams(fn, p, transposed);
  const int b = input->nDimension == 5;
  plan->batched = b;
  plan->nImages = b ? input->size[0] : 1;
  plan->nInputPlane = input->size[b];
  plan->inputDepth = input->size[b + 1];
  plan->inputHeight = input->size[b + 2];
  plan->inputWidth = input->size[b + 3];
  plan->outputDepth = THMax(THNN_convOutputSize(fn, "the output depth", plan->inputDepth, p.kT, p.dT, p.padT,
                                                p.dilationT, p.adjT, transposed),
                            0L);
  plan->outputHeight = THMax(THNN_convOutputSize(fn, "the output height", plan->inputHeight, p.kH, p.dH, p.padH,
                                                 p.dilationH, p.adjH, transposed),
                             0L);
  plan->outputWidth = THMax(THNN_convOutputSize(fn, "the output width", plan->inputWidth, p.kW, p.dW, p.padW,
                                                p.dilationW, p.adjW, transposed),
                            0L);
  if (plan->outputDepth < 1 || plan->outputHeight < 1 || plan->outputWidth < 1)
    THError("%s: output size %ld x %ld x %ld (T x H x W) is too small for input %ld x %ld x %ld (kernel %d x %d x "
            "%d, stride %d x %d x %d, padding %d x %d x %d, dilation %d x %d x %d)",
            fn, plan->outputDepth, plan->outputHeight, plan->outputWidth, plan->inputDepth, plan->inputHeight,
            plan->inputWidth, p.kT, p.kH, p.kW, p.dT, p.dH, p.dW, p.padT, p.padH, p.padW, p.dilationT, p.dilationH,
            p.dilationW);
  const long outputVolume[3] = {plan->outputDepth, plan->outputHeight, plan->outputWidth};
  THNN_checkedProduct(fn, "the output volume", 3, outputVolume);
  if (!transposed) {
    const long unfoldedRows[4] = {plan->nInputPlane, p.kT, p.kH, p.kW};
    THNN_checkedProduct(fn, "the unfolded input's rows (nInputPlane x kT x kH x kW)", 4, unfoldedRows);
  }
  thcunn::VolGeometry &g = plan->geometry;
  g.channels = transposed ? 0 : plan->nInputPlane;
  g.depth = transposed ? plan->outputDepth : plan->inputDepth;
  g.height = transposed ? plan->outputHeight : plan->inputHeight;
  g.width = transposed ? plan->outputWidth : plan->inputWidth;
  g.outDepth = transposed ? plan->inputDepth : plan->outputDepth;
  g.outHeight = transposed ? plan->inputHeight : plan->outputHeight;
  g.outWidth = transposed ? plan->inputWidth : plan->outputWidth;
  g.kT = p.kT, g.kH = p.kH, g.kW = p.kW;
  g.dT = p.dT, g.dH = p.dH, g.dW = p.dW;
  g.padT = p.padT, g.padH = p.padH, g.padW = p.padW;
  g.dilationT = p.dilationT, g.dilationH = p.dilationH, g.dilationW = p.dilationW;
}

// gradOutput must be [nImages x nOutputPlane x T' x H' x W'] (without nImages for one volume).
static inline void THNN_(volCheckGradOutput)(const char *fn, THCTensor *gradOutput, const thcunn::VolPlan &plan,
                                             long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  const long expected[5] = {plan.nImages, nOutputPlane, plan.outputDepth, plan.outputHeight, plan.outputWidth};
  const long *e = plan.batched ? expected : expected + 1;
  const int nd = plan.batched ? 5 : 4;
  bool ok = gradOutput->nDimension == nd;
  for (int d = 0; ok && d < nd; d++) ok = gradOutput->size[d] == e[d];
  if (!ok)
    THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, nd).str,
            _THSizeDesc(gradOutput->size, gradOutput->nDimension).str);
}

// A convolution's weight; returns nOutputPlane.
static inline long THNN_(volCheckWeight)(THCState *state, const char *fn, const char *arg, THCTensor *w,
                                         const thcunn::VolPlan &plan, const thcunn::VolParams &p) {
  THNN_(checkNotNull)(fn, arg, w);
  const long nIn = plan.nInputPlane, K = nIn * p.kT * p.kH * p.kW;
  const bool ok = (w->nDimension == 5 && w->size[1] == nIn && w->size[2] == p.kT && w->size[3] == p.kH &&
                   w->size[4] == p.kW) ||
                  (w->nDimension == 2 && w->size[1] == K);
  if (!ok)
    THError("%s: %s must be [nOutputPlane x %ld x %d x %d x %d] or [nOutputPlane x %ld] for an input of %ld planes "
            "and a %d x %d x %d kernel, got %s",
            fn, arg, nIn, p.kT, p.kH, p.kW, K, nIn, p.kT, p.kH, p.kW, THCTensor_(sizeDesc)(state, w).str);
  return w->size[0];
}

// A transposed convolution's weight; returns nOutputPlane.
static inline long THNN_(fullVolCheckWeight)(THCState *state, const char *fn, const char *arg, THCTensor *w,
                                             const thcunn::VolPlan &plan, const thcunn::VolParams &p) {
  THNN_(checkNotNull)(fn, arg, w);
  if (w->nDimension != 5 || w->size[0] != plan.nInputPlane || w->size[2] != p.kT || w->size[3] != p.kH ||
      w->size[4] != p.kW)
    THError("%s: %s must be [%ld x nOutputPlane x %d x %d x %d] for an input of %ld planes and a %d x %d x %d "
            "kernel, got %s",
            fn, arg, plan.nInputPlane, p.kT, p.kH, p.kW, plan.nInputPlane, p.kT, p.kH, p.kW,
            THCTensor_(sizeDesc)(state, w).str);
  return w->size[1];
}

// bias / gradBias: NULL or n elements (THNN's convCheckNumel).
static inline void THNN_(volCheckNumel)(THCState *state, const char *fn, const char *arg, THCTensor *t, long n) {
  if (t && THCTensor_(nElement)(state, t) != n)
    THError("%s: %s must have %ld elements (%s), got size %s", fn, arg, n, "nOutputPlane",
            THCTensor_(sizeDesc)(state, t).str);
}

// Every tensor of a pass (NULL ones skipped) on the current device.
static inline void THNN_(volCheckDevices)(THCState *state, const char *fn, THCTensor *input, THCTensor *a,
                                          const char *aName, THCTensor *b, const char *bName, THCTensor *c,
                                          const char *cName, THCTensor *columns, const char *columnsName) {
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, aName, a);
  THNN_(checkDevice)(state, fn, bName, b);
  THNN_(checkDevice)(state, fn, cName, c);
  THNN_(checkDevice)(state, fn, columnsName, columns);
}

static inline void THNN_(volResize)(THCState *state, THCTensor *t, const thcunn::VolPlan &plan, long planes) {
  if (plan.batched)
    THCTensor_(resize5d)(state, t, plan.nImages, planes, plan.outputDepth, plan.outputHeight, plan.outputWidth);
  else
    THCTensor_(resize4d)(state, t, planes, plan.outputDepth, plan.outputHeight, plan.outputWidth);
}

// One volume's columns [K x L] in `columns` (contiguous), or NULL for a pointwise unfolding.
static inline real *THNN_(volColumns)(THCState *state, THCTensor *columns, const thcunn::VolGeometry &g) {
  if (thcunn::volIsPointwise(g)) return NULL;
  long size[2] = {thcunn::volK(g), thcunn::volL(g)}, stride[2] = {thcunn::volL(g), 1};
  THCTensor_(resizeNd)(state, columns, 2, size, stride);
  return THCTensor_(data)(state, columns);
}

static inline real *THNN_(volDataOrNull)(THCState *state, THCTensor *t) {
  return t ? THCTensor_(data)(state, t) : NULL;
}

static inline THCTensor *THNN_(volContiguousOrNull)(THCState *state, THCTensor *t) {
  return t ? THCTensor_(newContiguous)(state, t) : NULL;
}

static inline void THNN_(volFreeOrNull)(THCState *state, THCTensor *t) {
  if (t) THCTensor_(free)(state, t);
}

// out[n] = weight x unfold(in[n]) (+ bias); out already resized.
static inline void THNN_(volForwardTensors)(THCState *state, const thcunn::VolGeometry &g, long nImages, long planes,
                                            THCTensor *in, THCTensor *weight, THCTensor *bias, THCTensor *columns,
                                            THCTensor *out) {
  real *cols = THNN_(volColumns)(state, columns, g);
  THCTensor *inC = THCTensor_(newContiguous)(state, in), *wC = THCTensor_(newContiguous)(state, weight);
  THCTensor *bC = THNN_(volContiguousOrNull)(state, bias), *outC = THCTensor_(newContiguous)(state, out);
  thcunn::volForward<real>(state, g, nImages, planes, THCTensor_(data)(state, inC), THCTensor_(data)(state, wC),
                           THNN_(volDataOrNull)(state, bC), cols, THCTensor_(data)(state, outC));
  THCTensor_(free)(state, inC);
  THCTensor_(free)(state, wC);
  THNN_(volFreeOrNull)(state, bC);
  THCTensor_(freeCopyTo)(state, outC, out);
}

// in[n] = init per channel (0 when NULL) + fold(weight^T x out[n]); in already resized.
static inline void THNN_(volBackwardInputTensors)(THCState *state, const thcunn::VolGeometry &g, long nImages,
                                                  long planes, THCTensor *out, THCTensor *weight, THCTensor *init,
                                                  THCTensor *columns, THCTensor *in) {
  real *cols = THNN_(volColumns)(state, columns, g);
  THCTensor *outC = THCTensor_(newContiguous)(state, out), *wC = THCTensor_(newContiguous)(state, weight);
  THCTensor *initC = THNN_(volContiguousOrNull)(state, init), *inC = THCTensor_(newContiguous)(state, in);
  thcunn::volBackwardInput<real>(state, g, nImages, planes, THCTensor_(data)(state, outC),
                                 THCTensor_(data)(state, wC), THNN_(volDataOrNull)(state, initC), cols,
                                 THCTensor_(data)(state, inC));
  THCTensor_(free)(state, outC);
  THCTensor_(free)(state, wC);
  THNN_(volFreeOrNull)(state, initC);
  THCTensor_(freeCopyTo)(state, inC, in);
}

// gradWeight += scale * sum over n of out[n] x unfold(in[n])^T; gradBias (may be NULL) += scale * the
// plane sums of the gradient output: `out` (planes planes), or `in` when gradOutputIsIn (a
// transposed convolution, whose gradient output is the unfolded side).
static inline void THNN_(volBackwardWeightTensors)(THCState *state, const thcunn::VolGeometry &g, long nImages,
                                                   long planes, THCTensor *in, THCTensor *out, THCTensor *columns,
                                                   THCTensor *gradWeight, THCTensor *gradBias, bool gradOutputIsIn,
                                                   accreal scale) {
  real *cols = THNN_(volColumns)(state, columns, g);
  THCTensor *inC = THCTensor_(newContiguous)(state, in), *outC = THCTensor_(newContiguous)(state, out);
  THCTensor *gwC = THCTensor_(newContiguous)(state, gradWeight);
  const real *inData = THCTensor_(data)(state, inC), *outData = THCTensor_(data)(state, outC);
  thcunn::volBackwardWeight<real>(state, g, nImages, planes, inData, outData, cols, (real)scale,
                                  THCTensor_(data)(state, gwC));
  THCTensor_(freeCopyTo)(state, gwC, gradWeight);
  if (gradBias) {
    THCTensor *gbC = THCTensor_(newContiguous)(state, gradBias);
    if (gradOutputIsIn)
      thcunn::planeSumAdd(state, inData, nImages, g.channels, g.depth * g.height * g.width, scale,
                          THCTensor_(data)(state, gbC));
    else
      thcunn::planeSumAdd(state, outData, nImages, planes, thcunn::volL(g), scale, THCTensor_(data)(state, gbC));
    THCTensor_(freeCopyTo)(state, gbC, gradBias);
  }
  THCTensor_(free)(state, inC);
  THCTensor_(free)(state, outC);
}

/* ---------------------------------------------------------------- convolution */

static inline void THNN_(ConvolutionGemm3d_updateOutput)(THCState *state, const char *fn, THCTensor *input,
                                                         THCTensor *output, THCTensor *weight, THCTensor *bias,
                                                         THCTensor *columns, const char *columnsName,
                                                         const thcunn::VolParams &p) {
  thcunn::VolPlan plan;
  THNN_(volPlan)(state, fn, input, p, false, &plan);
  const long nOut = THNN_(volCheckWeight)(state, fn, "weight", weight, plan, p);
  THNN_(volCheckNumel)(state, fn, "bias", bias, nOut);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, nOut);
  THNN_(volCheckDevices)(state, fn, input, output, "output", weight, "weight", bias, "bias", columns, columnsName);

  THNN_(volResize)(state, output, plan, nOut);
  THNN_(volForwardTensors)(state, plan.geometry, plan.nImages, nOut, input, weight, bias, columns, output);
}

static inline void THNN_(ConvolutionGemm3d_updateGradInput)(THCState *state, const char *fn, THCTensor *input,
                                                            THCTensor *gradOutput, THCTensor *gradInput,
                                                            THCTensor *weight, THCTensor *gradColumns,
                                                            const char *columnsName, const thcunn::VolParams &p) {
  thcunn::VolPlan plan;
  THNN_(volPlan)(state, fn, input, p, false, &plan);
  const long nOut = THNN_(volCheckWeight)(state, fn, "weight", weight, plan, p);
  THNN_(volCheckGradOutput)(fn, gradOutput, plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, nOut);
  THNN_(volCheckDevices)(state, fn, input, gradOutput, "gradOutput", gradInput, "gradInput", weight, "weight",
                         gradColumns, columnsName);

  THCTensor_(resizeAs)(state, gradInput, input);
  THNN_(volBackwardInputTensors)(state, plan.geometry, plan.nImages, nOut, gradOutput, weight, NULL, gradColumns,
                                 gradInput);
}

static inline void THNN_(ConvolutionGemm3d_accGradParameters)(THCState *state, const char *fn, THCTensor *input,
                                                              THCTensor *gradOutput, THCTensor *gradWeight,
                                                              THCTensor *gradBias, THCTensor *columns,
                                                              const char *columnsName, const thcunn::VolParams &p,
                                                              accreal scale) {
  thcunn::VolPlan plan;
  THNN_(volPlan)(state, fn, input, p, false, &plan);
  const long nOut = THNN_(volCheckWeight)(state, fn, "gradWeight", gradWeight, plan, p);
  THNN_(volCheckNumel)(state, fn, "gradBias", gradBias, nOut);
  THNN_(volCheckGradOutput)(fn, gradOutput, plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, nOut);
  THNN_(volCheckDevices)(state, fn, input, gradOutput, "gradOutput", gradWeight, "gradWeight", gradBias, "gradBias",
                         columns, columnsName);

  THNN_(volBackwardWeightTensors)(state, plan.geometry, plan.nImages, nOut, input, gradOutput, columns, gradWeight,
                                  gradBias, false, scale);
}

/* ---------------------------------------------------------------- transposed convolution
 * The vol2col side is the output (nOutputPlane x T' x H' x W'); the GEMM's `planes` are the input's
 * nInputPlane, and weight [nInputPlane x nOutputPlane*kT*kH*kW] is the [planes x K] matrix. */

static inline long THNN_(fullVolPlan)(THCState *state, const char *fn, THCTensor *input, THCTensor *weight,
                                      const char *weightName, const thcunn::VolParams &p, thcunn::VolPlan *plan) {
  THNN_(volPlan)(state, fn, input, p, true, plan);
  const long nOut = THNN_(fullVolCheckWeight)(state, fn, weightName, weight, *plan, p);
  plan->geometry.channels = nOut;
  return nOut;
}

static inline void THNN_(FullConvolutionGemm3d_updateOutput)(THCState *state, const char *fn, THCTensor *input,
                                                             THCTensor *output, THCTensor *weight, THCTensor *bias,
                                                             THCTensor *columns, const char *columnsName,
                                                             const thcunn::VolParams &p) {
  thcunn::VolPlan plan;
  const long nOut = THNN_(fullVolPlan)(state, fn, input, weight, "weight", p, &plan);
  THNN_(volCheckNumel)(state, fn, "bias", bias, nOut);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, plan.nInputPlane);
  THNN_(volCheckDevices)(state, fn, input, output, "output", weight, "weight", bias, "bias", columns, columnsName);

  THNN_(volResize)(state, output, plan, nOut);
  THNN_(volBackwardInputTensors)(state, plan.geometry, plan.nImages, plan.nInputPlane, input, weight, bias, columns,
                                 output);
}

static inline void THNN_(FullConvolutionGemm3d_updateGradInput)(THCState *state, const char *fn, THCTensor *input,
                                                                THCTensor *gradOutput, THCTensor *gradInput,
                                                                THCTensor *weight, THCTensor *gradColumns,
                                                                const char *columnsName,
                                                                const thcunn::VolParams &p) {
  thcunn::VolPlan plan;
  const long nOut = THNN_(fullVolPlan)(state, fn, input, weight, "weight", p, &plan);
  THNN_(volCheckGradOutput)(fn, gradOutput, plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, plan.nInputPlane);
  THNN_(volCheckDevices)(state, fn, input, gradOutput, "gradOutput", gradInput, "gradInput", weight, "weight",
                         gradColumns, columnsName);

  THCTensor_(resizeAs)(state, gradInput, input);
  THNN_(volForwardTensors)(state, plan.geometry, plan.nImages, plan.nInputPlane, gradOutput, weight, NULL,
                           gradColumns, gradInput);
}

static inline void THNN_(FullConvolutionGemm3d_accGradParameters)(THCState *state, const char *fn, THCTensor *input,
                                                                  THCTensor *gradOutput, THCTensor *gradWeight,
                                                                  THCTensor *gradBias, THCTensor *columns,
                                                                  const char *columnsName,
                                                                  const thcunn::VolParams &p, accreal scale) {
  thcunn::VolPlan plan;
  const long nOut = THNN_(fullVolPlan)(state, fn, input, gradWeight, "gradWeight", p, &plan);
  THNN_(volCheckNumel)(state, fn, "gradBias", gradBias, nOut);
  THNN_(volCheckGradOutput)(fn, gradOutput, plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, plan.nInputPlane);
  THNN_(volCheckDevices)(state, fn, input, gradOutput, "gradOutput", gradWeight, "gradWeight", gradBias, "gradBias",
                         columns, columnsName);

  THNN_(volBackwardWeightTensors)(state, plan.geometry, plan.nImages, plan.nInputPlane, gradOutput, input, columns,
                                  gradWeight, gradBias, true, scale);
}
