#include "THNNTemporalShape.h"

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalRowConvolution.c"
#else
/* A 1D convolution of each feature row with its own kernel (a depthwise conv1d): input [F x T]
 * (featFirst) or [T x F], with a batch dimension in front or not; weight [F x 1 x kW], bias [F];
 * output [F x T'] (or [T' x F]), T' = (T + 2*padW - kW) / dW + 1.
 *
 * The rows are unfolded by im2col (Im2Col.c, a 1-row image of F channels): finput holds one
 * image's columns [F x kW x T'] and fgradInput its input-gradient columns; accGradParameters unfolds
 * the input again, so it does not depend on what updateOutput left in finput.
 * Torch7 differs: with padW > 0 it sized the output with the padding but unfolded without it
 * (reading and writing out of bounds); here the unfolding pads. And for featFirst = false it
 * returned a transposed (non-contiguous) view as output; here output is a contiguous [T' x F]. */

/* The checks are THNNTemporalShape.h's, on sizes, shared with libTHCUNN. */
static THNNRowConvPlan THNN_(TemporalRowConvolution_plan)(const char *fn, THTensor *input, const char *weightName,
                                                          THTensor *weight, int kW, int dW, int padW, bool featFirst) {
  THNN_(checkDims)(fn, "input", input, 2, 3);
  THNNRowConv_checkParams(fn, kW, dW, padW);
  THNN_(checkNotNull)(fn, weightName, weight);
  THNNRowConvPlan plan;
  THNNRowConv_plan(fn, weightName, weight->nDimension, weight->size, input->nDimension, input->size, kW, dW, padW,
                   featFirst, &plan);
  return plan;
}

/* t laid out as the caller passes it ([.. x F x T] or [.. x T x F]) seen feature-first. */
static THTensor *THNN_(TemporalRowConvolution_featFirstView)(THTensor *t, bool featFirst) {
  return featFirst ? THTensor_(newWithTensor)(t) : THTensor_(newTranspose)(t, t->nDimension - 2, t->nDimension - 1);
}

/* Resizes t to the caller's layout of [nImages x F x frames] and returns it seen feature-first. */
static THTensor *THNN_(TemporalRowConvolution_resize)(THTensor *t, const THNNRowConvPlan *plan, long frames,
                                                     bool featFirst) {
  long a = featFirst ? plan->nFeatures : frames, b = featFirst ? frames : plan->nFeatures;
  if (plan->batched)
    THTensor_(resize3d)(t, plan->nImages, a, b);
  else
    THTensor_(resize2d)(t, a, b);
  return THNN_(TemporalRowConvolution_featFirstView)(t, featFirst);
}

static void THNN_(TemporalRowConvolution_checkGradOutput)(const char *fn, THTensor *gradOutput,
                                                          const THNNRowConvPlan *plan, bool featFirst) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNTemporal_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan->batched, plan->nImages,
                               featFirst ? plan->nFeatures : plan->nOutputFrames,
                               featFirst ? plan->nOutputFrames : plan->nFeatures);
}

/* A contiguous feature-first copy of t (or t itself, retained). */
static THTensor *THNN_(TemporalRowConvolution_contiguous)(THTensor *t, bool featFirst) {
  THTensor *view = THNN_(TemporalRowConvolution_featFirstView)(t, featFirst);
  THTensor *c = THTensor_(newContiguous)(view);
  THTensor_(free)(view);
  return c;
}

void THNN_(TemporalRowConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                THTensor *weight, THTensor *bias, THTensor *finput,
                                                THTensor *fgradInput, int kW, int dW, int padW, bool featFirst) {
  const char *fn = "TemporalRowConvolution_updateOutput";
  const THNNRowConvPlan plan = THNN_(TemporalRowConvolution_plan)(fn, input, "weight", weight, kW, dW, padW,
                                                                     featFirst);
  THNN_(convCheckNumel)(fn, "bias", bias, plan.nFeatures, "inputFrameSize");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "finput", finput);

  const long F = plan.nFeatures, T = plan.nFrames, Tout = plan.nOutputFrames;
  real *cols = THNN_(convBuffer)(finput, 3, F, kW, Tout, 0);
  THTensor *outView = THNN_(TemporalRowConvolution_resize)(output, &plan, Tout, featFirst);
  THTensor *in = THNN_(TemporalRowConvolution_contiguous)(input, featFirst), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(writable)(outView, 0);
  const real *x = THTensor_(data)(in), *wd = THTensor_(data)(w), *bd = b ? THTensor_(data)(b) : NULL;
  real *y = THTensor_(data)(out);
  for (long n = 0; n < plan.nImages; n++) {
    THNN_(im2col)(&plan.geometry, x + n * F * T, cols);
    real *yn = y + n * F * Tout;
#pragma omp parallel for if (F * kW * Tout > THNN_CONV_OMP_MIN)
    for (long f = 0; f < F; f++) {
      real *yf = yn + f * Tout;
      const real *cf = cols + f * kW * Tout;
      for (long t = 0; t < Tout; t++) yf[t] = bd ? bd[f] : 0;
      for (long k = 0; k < kW; k++) {
        const real wk = wd[f * kW + k];
        for (long t = 0; t < Tout; t++) yf[t] += wk * cf[k * Tout + t];
      }
    }
  }
  THNN_(writeBack)(outView, out);
  THTensor_(free)(outView);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(TemporalRowConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                   THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                   THTensor *fgradInput, int kW, int dW, int padW, bool featFirst) {
  const char *fn = "TemporalRowConvolution_updateGradInput";
  const THNNRowConvPlan plan = THNN_(TemporalRowConvolution_plan)(fn, input, "weight", weight, kW, dW, padW,
                                                                     featFirst);
  THNN_(TemporalRowConvolution_checkGradOutput)(fn, gradOutput, &plan, featFirst);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "fgradInput", fgradInput);

  const long F = plan.nFeatures, T = plan.nFrames, Tout = plan.nOutputFrames;
  real *gcols = THNN_(convBuffer)(fgradInput, 3, F, kW, Tout, 0);
  THTensor *ginView = THNN_(TemporalRowConvolution_resize)(gradInput, &plan, T, featFirst);
  THTensor *gout = THNN_(TemporalRowConvolution_contiguous)(gradOutput, featFirst);
  THTensor *w = THTensor_(newContiguous)(weight), *gin = THNN_(writable)(ginView, 0);
  const real *gy = THTensor_(data)(gout), *wd = THTensor_(data)(w);
  real *gx = THTensor_(data)(gin);
  memset(gx, 0, sizeof(real) * (size_t)THTensor_(nElement)(gin));
  for (long n = 0; n < plan.nImages; n++) {
    const real *gyn = gy + n * F * Tout;
#pragma omp parallel for if (F * kW * Tout > THNN_CONV_OMP_MIN)
    for (long f = 0; f < F; f++)
      for (long k = 0; k < kW; k++) {
        const real wk = wd[f * kW + k];
        real *c = gcols + (f * kW + k) * Tout;
        for (long t = 0; t < Tout; t++) c[t] = wk * gyn[f * Tout + t];
      }
    THNN_(col2im)(&plan.geometry, gcols, gx + n * F * T);
  }
  THNN_(writeBack)(ginView, gin);
  THTensor_(free)(ginView);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

void THNN_(TemporalRowConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                     THTensor *fgradInput, int kW, int dW, int padW, bool featFirst,
                                                     accreal scale) {
  const char *fn = "TemporalRowConvolution_accGradParameters";
  const THNNRowConvPlan plan = THNN_(TemporalRowConvolution_plan)(fn, input, "gradWeight", gradWeight, kW, dW,
                                                                     padW, featFirst);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, plan.nFeatures, "inputFrameSize");
  THNN_(TemporalRowConvolution_checkGradOutput)(fn, gradOutput, &plan, featFirst);
  THNN_(checkNotNull)(fn, "finput", finput);

  const long F = plan.nFeatures, T = plan.nFrames, Tout = plan.nOutputFrames;
  real *cols = THNN_(convBuffer)(finput, 3, F, kW, Tout, 0);
  THTensor *in = THNN_(TemporalRowConvolution_contiguous)(input, featFirst);
  THTensor *gout = THNN_(TemporalRowConvolution_contiguous)(gradOutput, featFirst);
  THTensor *gw = THNN_(writable)(gradWeight, 1);
  const real *x = THTensor_(data)(in), *gy = THTensor_(data)(gout);
  real *gwd = THTensor_(data)(gw);
  for (long n = 0; n < plan.nImages; n++) {
    THNN_(im2col)(&plan.geometry, x + n * F * T, cols);
    const real *gyn = gy + n * F * Tout;
#pragma omp parallel for if (F * kW * Tout > THNN_CONV_OMP_MIN)
    for (long f = 0; f < F; f++)
      for (long k = 0; k < kW; k++) {
        const real *c = cols + (f * kW + k) * Tout, *g = gyn + f * Tout;
        accreal sum = 0;
        for (long t = 0; t < Tout; t++) sum += (accreal)g[t] * c[t];
        gwd[f * kW + k] += (real)(scale * sum);
      }
  }
  THNN_(writeBack)(gradWeight, gw);
  if (gradBias) {
    THTensor *gb = THNN_(writable)(gradBias, 1);
    THNN_(convAccGradBias)(gy, plan.nImages, F, Tout, THTensor_(data)(gb), scale);
    THNN_(writeBack)(gradBias, gb);
  }
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
