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

// The checks are THNN's (THNN/THNNConvShape.h), on sizes.

// Checks input (4D C x T x H x W or 5D N x C x T x H x W) and p; computes the output size (an error
// when smaller than 1x1x1). geometry.channels is left to the caller for a transposed convolution.
static inline void THNN_(volPlan)(THCState *state, const char *fn, THCTensor *input, const thcunn::VolParams &p,
                                  bool transposed, thcunn::VolPlan *plan) {
  THNN_(checkDims)(state, fn, "input", input, 4, 5);
  THNNVol_plan(fn, input->nDimension, input->size, &p, transposed, plan);
}

static inline void THNN_(volCheckGradOutput)(const char *fn, THCTensor *gradOutput, const thcunn::VolPlan &plan,
                                             long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNVol_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, &plan, nOutputPlane);
}

// A convolution's weight; returns nOutputPlane.
static inline long THNN_(volCheckWeight)(const char *fn, const char *arg, THCTensor *w, const thcunn::VolPlan &plan,
                                         const thcunn::VolParams &p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNVol_checkWeight(fn, arg, w->nDimension, w->size, &plan, &p);
}

// A transposed convolution's weight; returns nOutputPlane.
static inline long THNN_(fullVolCheckWeight)(const char *fn, const char *arg, THCTensor *w,
                                             const thcunn::VolPlan &plan, const thcunn::VolParams &p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNVol_checkFullWeight(fn, arg, w->nDimension, w->size, &plan, &p);
}

// bias / gradBias: NULL or n elements.
static inline void THNN_(volCheckNumel)(const char *fn, const char *arg, THCTensor *t, long n) {
  if (t) THNNConv_checkNumel(fn, arg, t->nDimension, t->size, n, "nOutputPlane");
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
  const long nOut = THNN_(volCheckWeight)(fn, "weight", weight, plan, p);
  THNN_(volCheckNumel)(fn, "bias", bias, nOut);
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
  const long nOut = THNN_(volCheckWeight)(fn, "weight", weight, plan, p);
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
  const long nOut = THNN_(volCheckWeight)(fn, "gradWeight", gradWeight, plan, p);
  THNN_(volCheckNumel)(fn, "gradBias", gradBias, nOut);
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
  const long nOut = THNN_(fullVolCheckWeight)(fn, weightName, weight, *plan, p);
  plan->geometry.channels = nOut;
  return nOut;
}

static inline void THNN_(FullConvolutionGemm3d_updateOutput)(THCState *state, const char *fn, THCTensor *input,
                                                             THCTensor *output, THCTensor *weight, THCTensor *bias,
                                                             THCTensor *columns, const char *columnsName,
                                                             const thcunn::VolParams &p) {
  thcunn::VolPlan plan;
  const long nOut = THNN_(fullVolPlan)(state, fn, input, weight, "weight", p, &plan);
  THNN_(volCheckNumel)(fn, "bias", bias, nOut);
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
  THNN_(volCheckNumel)(fn, "gradBias", gradBias, nOut);
  THNN_(volCheckGradOutput)(fn, gradOutput, plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  thcunn::volCheckBlasSizes(fn, plan.geometry, plan.nInputPlane);
  THNN_(volCheckDevices)(state, fn, input, gradOutput, "gradOutput", gradWeight, "gradWeight", gradBias, "gradBias",
                         columns, columnsName);

  THNN_(volBackwardWeightTensors)(state, plan.geometry, plan.nImages, plan.nInputPlane, gradOutput, input, columns,
                                  gradWeight, gradBias, true, scale);
}
