#include "THNNTemporalShape.h"

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalConvolution.c"
#else
/* 1D convolution over frames: input [T x inputFrameSize] or [N x T x inputFrameSize], weight
 * [outputFrameSize x kW*inputFrameSize], output [T' x outputFrameSize], T' = (T - kW) / dW + 1.
 *
 * The window of output frame t is the contiguous run of kW*inputFrameSize elements at frame t*dW:
 * the input is its own unfolding, a row-major [T' x kW*inputFrameSize] matrix with leading dimension
 * dW*inputFrameSize. BLAS needs the leading dimension to cover a row, so the kernel is split into
 * blocks of dW frames (one block when dW >= kW): block j, kernel frames [j*dW, min(kW, (j+1)*dW)),
 * is one GEMM over that strided view, with no copy. */

/* Checks input (2D or 3D, frames of inputFrameSize features, at least kW frames), kW and dW, and
 * the weight [outputFrameSize x kW*inputFrameSize] (THNNTemporalShape.h, shared with libTHCUNN). */
static THNNTemporalPlan THNN_(TemporalConvolution_plan)(const char *fn, THTensor *input, const char *weightName,
                                                        THTensor *weight, int kW, int dW, long inputFrameSize) {
  THNN_(checkDims)(fn, "input", input, 2, 3);
  THNNTemporalPlan plan;
  THNNTemporal_planInput(fn, input->nDimension, input->size, kW, dW, inputFrameSize, &plan);
  THNN_(checkNotNull)(fn, weightName, weight);
  THNNTemporal_planWeight(fn, weightName, weight->nDimension, weight->size, input->nDimension, input->size, kW, dW,
                          &plan);
  return plan;
}

static void THNN_(TemporalConvolution_checkGradOutput)(const char *fn, THTensor *gradOutput,
                                                       const THNNTemporalPlan *plan) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNTemporal_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan->batched, plan->nImages,
                               plan->nOutputFrames, plan->outputFrameSize);
}

/* The kernel blocks: block j starts at element j*dW*inputFrameSize of a window and has *width
 * elements. Returns the number of blocks. */
static long THNN_(TemporalConvolution_blocks)(int kW, int dW) { return (kW + dW - 1) / dW; }
static long THNN_(TemporalConvolution_blockWidth)(long j, int kW, int dW, long inputFrameSize) {
  return THMin((long)dW, kW - j * dW) * inputFrameSize;
}

void THNN_(TemporalConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                             THTensor *bias, int kW, int dW, int inputFrameSize,
                                             int outputFrameSize) {
  const char *fn = "TemporalConvolution_updateOutput";
  const THNNTemporalPlan plan = THNN_(TemporalConvolution_plan)(fn, input, "weight", weight, kW, dW, inputFrameSize);
  if (plan.outputFrameSize != outputFrameSize)
    THError("%s: weight must have outputFrameSize = %d rows, got %s", fn, outputFrameSize,
            THTensor_(sizeDesc)(weight).str);
  THNN_(convCheckNumel)(fn, "bias", bias, outputFrameSize, "outputFrameSize");
  THNN_(checkNotNull)(fn, "output", output);

  const long inF = plan.inputFrameSize, outF = outputFrameSize, Tout = plan.nOutputFrames;
  if (plan.batched)
    THTensor_(resize3d)(output, plan.nImages, Tout, outF);
  else
    THTensor_(resize2d)(output, Tout, outF);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(writable)(output, 0);
  real *x = THTensor_(data)(in), *wd = THTensor_(data)(w), *y = THTensor_(data)(out);
  const real *bd = b ? THTensor_(data)(b) : NULL;
  for (long n = 0; n < plan.nImages; n++) {
    real *xn = x + n * plan.nFrames * inF, *yn = y + n * Tout * outF;
    for (long t = 0; t < Tout; t++)
      for (long o = 0; o < outF; o++) yn[t * outF + o] = bd ? bd[o] : 0;
    for (long j = 0; j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
      const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
      /* yn [T' x outF] += window block [T' x width] x weight block^T */
      THBlas_(gemm)('t', 'n', outF, Tout, width, 1, wd + off, kW * inF, xn + off, dW * inF, 1, yn, outF);
    }
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(TemporalConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THTensor *weight, int kW, int dW) {
  const char *fn = "TemporalConvolution_updateGradInput";
  const THNNTemporalPlan plan = THNN_(TemporalConvolution_plan)(fn, input, "weight", weight, kW, dW, -1);
  THNN_(TemporalConvolution_checkGradOutput)(fn, gradOutput, &plan);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);

  const long inF = plan.inputFrameSize, outF = plan.outputFrameSize, Tout = plan.nOutputFrames;
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *w = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  real *gy = THTensor_(data)(gout), *wd = THTensor_(data)(w), *gx = THTensor_(data)(gin);
  memset(gx, 0, sizeof(real) * (size_t)THTensor_(nElement)(gin));
  for (long n = 0; n < plan.nImages; n++) {
    real *gxn = gx + n * plan.nFrames * inF, *gyn = gy + n * Tout * outF;
    for (long j = 0; j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
      const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
      /* window block [T' x width] += gradOutput [T' x outF] x weight block; the blocks of one j do
       * not overlap (stride dW*inF >= width), those of different j are added one GEMM after another. */
      THBlas_(gemm)('n', 'n', width, Tout, outF, 1, wd + off, kW * inF, gyn, outF, 1, gxn + off, dW * inF);
    }
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

void THNN_(TemporalConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradWeight, THTensor *gradBias, int kW, int dW,
                                                  accreal scale) {
  const char *fn = "TemporalConvolution_accGradParameters";
  const THNNTemporalPlan plan = THNN_(TemporalConvolution_plan)(fn, input, "gradWeight", gradWeight, kW, dW, -1);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, plan.outputFrameSize, "outputFrameSize");
  THNN_(TemporalConvolution_checkGradOutput)(fn, gradOutput, &plan);

  const long inF = plan.inputFrameSize, outF = plan.outputFrameSize, Tout = plan.nOutputFrames;
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(writable)(gradWeight, 1);
  real *x = THTensor_(data)(in), *gy = THTensor_(data)(gout), *gwd = THTensor_(data)(gw);
  for (long n = 0; n < plan.nImages; n++) {
    real *xn = x + n * plan.nFrames * inF, *gyn = gy + n * Tout * outF;
    for (long j = 0; j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
      const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
      /* gradWeight block [outF x width] += scale * gradOutput^T x window block */
      THBlas_(gemm)('n', 't', width, outF, Tout, (real)scale, xn + off, dW * inF, gyn, outF, 1, gwd + off, kW * inF);
    }
  }
  THNN_(writeBack)(gradWeight, gw);
  if (gradBias) {
    THTensor *gb = THNN_(writable)(gradBias, 1);
    real *gbd = THTensor_(data)(gb);
    for (long o = 0; o < outF; o++) {
      accreal sum = 0;
      for (long r = 0; r < plan.nImages * Tout; r++) sum += gy[r * outF + o];
      gbd[o] += (real)(scale * sum);
    }
    THNN_(writeBack)(gradBias, gb);
  }
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
