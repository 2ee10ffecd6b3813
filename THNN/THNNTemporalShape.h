#ifndef THNN_TEMPORAL_SHAPE_H
#define THNN_TEMPORAL_SHAPE_H
/* The temporal convolutions' shape checks on plain sizes (a tensor's nDimension and size array):
 * shared by libTHNN (generic/TemporalConvolution.c, generic/TemporalRowConvolution.c) and libTHCUNN,
 * so that both reject the same input in the same words. The callers check for NULL and the number
 * of input dimensions (2 or 3) with their own tensor types. Not installed. */
#include "THNNConvShape.h"

/* TemporalConvolution: input [T x inputFrameSize] or [N x T x inputFrameSize], weight
 * [outputFrameSize x kW*inputFrameSize]. */
typedef struct {
  long nImages, nFrames, nOutputFrames, inputFrameSize, outputFrameSize;
  int batched;
} THNNTemporalPlan;

/* kW and dW positive; an input of nd (2 or 3) dimensions with at least kW frames of inputFrameSize
 * features (when >= 0). Fills the plan but for outputFrameSize. */
static inline void THNNTemporal_planInput(const char *fn, int nd, const long *size, int kW, int dW,
                                          long inputFrameSize, THNNTemporalPlan *plan) {
  if (kW <= 0 || dW <= 0) THError("%s: kW and dW must be positive, got kW=%d dW=%d", fn, kW, dW);
  plan->batched = nd == 3;
  plan->nImages = plan->batched ? size[0] : 1;
  plan->nFrames = size[plan->batched];
  plan->inputFrameSize = size[plan->batched + 1];
  if (inputFrameSize >= 0 && plan->inputFrameSize != inputFrameSize)
    THError("%s: input frames must have inputFrameSize = %ld features, got input of size %s", fn, inputFrameSize,
            _THSizeDesc(size, nd).str);
  if (plan->nFrames < kW)
    THError("%s: input has %ld frames, fewer than the kernel width kW=%d (input of size %s)", fn, plan->nFrames, kW,
            _THSizeDesc(size, nd).str);
  plan->nOutputFrames = (plan->nFrames - kW) / dW + 1;
}

/* The weight (not NULL, of wnd dimensions of sizes wsize) must be [outputFrameSize x kW*inputFrameSize];
 * fills outputFrameSize. The GEMMs take int sizes (OpenBLAS and cuBLAS): larger problems are refused
 * before anything is allocated, naming the input (nd dimensions of sizes `size`). */
static inline void THNNTemporal_planWeight(const char *fn, const char *weightName, int wnd, const long *wsize,
                                           int nd, const long *size, int kW, int dW, THNNTemporalPlan *plan) {
  if (wnd != 2 || wsize[1] != kW * plan->inputFrameSize)
    THError("%s: %s must be [outputFrameSize x %ld] (kW * inputFrameSize), got %s", fn, weightName,
            kW * plan->inputFrameSize, _THSizeDesc(wsize, wnd).str);
  plan->outputFrameSize = wsize[0];
  if ((long)kW * plan->inputFrameSize > INT_MAX || (long)dW * plan->inputFrameSize > INT_MAX ||
      plan->nOutputFrames > INT_MAX || plan->outputFrameSize > INT_MAX)
    THError("%s: input of size %s is too large for BLAS's int sizes", fn, _THSizeDesc(size, nd).str);
}

/* TemporalRowConvolution: input [F x T] (featFirst) or [T x F], with a batch dimension in front or
 * not; weight [F x 1 x kW]. */
typedef struct {
  long nImages, nFeatures, nFrames, nOutputFrames;
  int batched;
  THNNConvGeometry geometry; /* the 1 x T image of F channels that THNN's im2col unfolds */
} THNNRowConvPlan;

static inline void THNNRowConv_checkParams(const char *fn, int kW, int dW, int padW) {
  if (kW <= 0 || dW <= 0 || padW < 0)
    THError("%s: kW and dW must be positive and padW not negative, got kW=%d dW=%d padW=%d", fn, kW, dW, padW);
}

/* The weight (not NULL) and an input of nd (2 or 3) dimensions; the output must have a frame. */
static inline void THNNRowConv_plan(const char *fn, const char *weightName, int wnd, const long *wsize, int nd,
                                    const long *size, int kW, int dW, int padW, int featFirst,
                                    THNNRowConvPlan *plan) {
  if (wnd != 3 || wsize[1] != 1 || wsize[2] != kW)
    THError("%s: %s must be [inputFrameSize x 1 x %d], got %s", fn, weightName, kW, _THSizeDesc(wsize, wnd).str);
  plan->batched = nd == 3;
  plan->nImages = plan->batched ? size[0] : 1;
  const int dimF = plan->batched + (featFirst ? 0 : 1), dimT = plan->batched + (featFirst ? 1 : 0);
  plan->nFeatures = wsize[0];
  plan->nFrames = size[dimT];
  if (size[dimF] != plan->nFeatures)
    THError("%s: input must have inputFrameSize = %ld features at dimension %d (featFirst = %d), got size %s", fn,
            plan->nFeatures, dimF + TH_INDEX_BASE, featFirst, _THSizeDesc(size, nd).str);
  plan->nOutputFrames = THMax(0L, THNN_convOutputSize(fn, "the number of output frames", plan->nFrames, kW, dW, padW,
                                                      1, 0, 0));
  if (plan->nOutputFrames < 1)
    THError("%s: output has %ld frames, too few for input of %ld frames (kW=%d, dW=%d, padW=%d)", fn,
            plan->nOutputFrames, plan->nFrames, kW, dW, padW);
  THNNConvGeometry *g = &plan->geometry;
  g->channels = plan->nFeatures;
  g->height = 1;
  g->width = plan->nFrames;
  g->outHeight = 1;
  g->outWidth = plan->nOutputFrames;
  g->kH = 1;
  g->kW = kW;
  g->dH = 1;
  g->dW = dW;
  g->padH = 0;
  g->padW = padW;
  g->dilationH = 1;
  g->dilationW = 1;
}

/* gradOutput (not NULL, nd dimensions of sizes `size`) must be [nImages x rows x cols], without
 * nImages unless batched. */
static inline void THNNTemporal_checkGradOutput(const char *fn, int nd, const long *size, int batched, long nImages,
                                                long rows, long cols) {
  long expected[3] = {nImages, rows, cols};
  const long *e = batched ? expected : expected + 1;
  const int end = batched ? 3 : 2;
  int ok = nd == end;
  for (int d = 0; ok && d < end; d++) ok = size[d] == e[d];
  if (!ok) THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, end).str, _THSizeDesc(size, nd).str);
}

#endif
