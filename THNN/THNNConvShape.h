#ifndef THNN_CONV_SHAPE_H
#define THNN_CONV_SHAPE_H
/* The 2D and 3D convolutions' shape checks on plain sizes (a tensor's nDimension and size array):
 * shared by libTHNN (generic/ConvolutionShape.c, generic/ConvolutionGemm3d.c) and libTHCUNN, so that
 * both reject the same input in the same words. Not installed. */
#include "THNNSizes.h"

/* A 2D convolution's hyper-parameters as the legacy functions take them (adj: the extra output
 * rows/columns of a transposed convolution). */
typedef struct {
  int kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH;
} THNNConvParams;

/* What the checks derive from the input and the parameters. A 3D input is one image (batched = 0,
 * nImages = 1). `geometry` is the im2col side: the input for a convolution, the output for a
 * transposed one (its channels are filled in once the weight gave nOutputPlane). */
typedef struct {
  int batched;
  long nImages, nInputPlane, inputHeight, inputWidth, outputHeight, outputWidth;
  THNNConvGeometry geometry;
} THNNConvPlan;

/* A tensor's element count from its sizes (0 for a tensor of no dimension, as TH counts it). */
static inline long THNNConv_numel(int nd, const long *size) {
  if (nd == 0) return 0;
  long n = 1;
  for (int d = 0; d < nd; d++) n *= size[d];
  return n;
}

static inline void THNNConv_checkParams(const char *fn, const THNNConvParams *p, int transposed) {
  if (p->kW <= 0 || p->kH <= 0) THError("%s: kernel size must be positive, got kW=%d kH=%d", fn, p->kW, p->kH);
  if (p->dW <= 0 || p->dH <= 0) THError("%s: stride must be positive, got dW=%d dH=%d", fn, p->dW, p->dH);
  if (p->padW < 0 || p->padH < 0)
    THError("%s: padding must not be negative, got padW=%d padH=%d", fn, p->padW, p->padH);
  if (p->dilationW <= 0 || p->dilationH <= 0)
    THError("%s: dilation must be positive, got dilationW=%d dilationH=%d", fn, p->dilationW, p->dilationH);
  if (!transposed) return;
  if (p->adjW < 0 || p->adjH < 0) THError("%s: adj must not be negative, got adjW=%d adjH=%d", fn, p->adjW, p->adjH);
  if ((p->adjW >= p->dW && p->adjW >= p->dilationW) || (p->adjH >= p->dH && p->adjH >= p->dilationH))
    THError(
        "%s: adj must be smaller than the stride or the dilation, got adjW=%d adjH=%d "
        "(dW=%d dH=%d, dilationW=%d dilationH=%d)",
        fn, p->adjW, p->adjH, p->dW, p->dH, p->dilationW, p->dilationH);
}

/* The plan of an input of nd (3 or 4, already checked) dimensions: checks p, computes the output
 * size (Torch7's formulas) and raises an error when it is smaller than 1x1. */
static inline void THNNConv_plan(const char *fn, int nd, const long *size, const THNNConvParams *p, int transposed,
                                 THNNConvPlan *plan) {
  THNNConv_checkParams(fn, p, transposed);
  const int b = nd == 4;
  plan->batched = b;
  plan->nImages = b ? size[0] : 1;
  plan->nInputPlane = size[b];
  plan->inputHeight = size[b + 1];
  plan->inputWidth = size[b + 2];
  plan->outputHeight = THNN_convOutputSize(fn, "the output height", plan->inputHeight, p->kH, p->dH, p->padH,
                                           p->dilationH, p->adjH, transposed);
  plan->outputWidth = THNN_convOutputSize(fn, "the output width", plan->inputWidth, p->kW, p->dW, p->padW, p->dilationW,
                                          p->adjW, transposed);
  if (plan->outputHeight < 1 || plan->outputWidth < 1)
    THError(
        "%s: output size %ld x %ld (H x W) is too small for input %ld x %ld (kernel %d x %d, stride "
        "%d x %d, padding %d x %d, dilation %d x %d)",
        fn, plan->outputHeight, plan->outputWidth, plan->inputHeight, plan->inputWidth, p->kH, p->kW, p->dH, p->dW,
        p->padH, p->padW, p->dilationH, p->dilationW);

  /* The unfolded buffers' sizes, computed from these in long arithmetic: the output plane, and for a
   * convolution the rows of its im2col matrix (for a transposed one they come from the weight). */
  const long outputPlane[2] = {plan->outputHeight, plan->outputWidth};
  THNN_checkedProduct(fn, "the output plane", 2, outputPlane);
  if (!transposed) {
    const long unfoldedRows[3] = {plan->nInputPlane, p->kH, p->kW};
    THNN_checkedProduct(fn, "the unfolded input's rows (nInputPlane x kH x kW)", 3, unfoldedRows);
  }

  THNNConvGeometry *g = &plan->geometry;
  g->channels = transposed ? 0 : plan->nInputPlane;
  g->height = transposed ? plan->outputHeight : plan->inputHeight;
  g->width = transposed ? plan->outputWidth : plan->inputWidth;
  g->outHeight = transposed ? plan->inputHeight : plan->outputHeight;
  g->outWidth = transposed ? plan->inputWidth : plan->outputWidth;
  g->kH = p->kH;
  g->kW = p->kW;
  g->dH = p->dH;
  g->dW = p->dW;
  g->padH = p->padH;
  g->padW = p->padW;
  g->dilationH = p->dilationH;
  g->dilationW = p->dilationW;
}

/* gradOutput (not NULL) must be [nImages x nOutputPlane x outputHeight x outputWidth] (without
 * nImages for a single image). */
static inline void THNNConv_checkGradOutput(const char *fn, int nd, const long *size, const THNNConvPlan *plan,
                                            long nOutputPlane) {
  long expected[4] = {plan->nImages, nOutputPlane, plan->outputHeight, plan->outputWidth};
  const long *e = plan->batched ? expected : expected + 1;
  const int end = plan->batched ? 4 : 3;
  int ok = nd == end;
  for (int d = 0; ok && d < end; d++) ok = size[d] == e[d];
  if (!ok) THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, end).str, _THSizeDesc(size, nd).str);
}

/* A parameter, its gradient or a bias (not NULL) must have n elements. */
static inline void THNNConv_checkNumel(const char *fn, const char *arg, int nd, const long *size, long n,
                                       const char *what) {
  if (THNNConv_numel(nd, size) != n)
    THError("%s: %s must have %ld elements (%s), got size %s", fn, arg, n, what, _THSizeDesc(size, nd).str);
}

/* A convolution's weight (not NULL): [nOutputPlane x nInputPlane x kH x kW] or
 * [nOutputPlane x nInputPlane*kH*kW]. Returns nOutputPlane. */
static inline long THNNConv_checkWeight(const char *fn, const char *arg, int nd, const long *s,
                                        const THNNConvPlan *plan, int kH, int kW) {
  const long nIn = plan->nInputPlane;
  int ok = (nd == 4 && s[1] == nIn && s[2] == kH && s[3] == kW) || (nd == 2 && s[1] == nIn * kH * kW);
  if (!ok)
    THError(
        "%s: %s must be [nOutputPlane x %ld x %d x %d] or [nOutputPlane x %ld] for an input of %ld "
        "planes and a %d x %d kernel, got %s",
        fn, arg, nIn, kH, kW, nIn * kH * kW, nIn, kH, kW, _THSizeDesc(s, nd).str);
  return s[0];
}

/* A transposed convolution's weight (not NULL): [nInputPlane x nOutputPlane x kH x kW]. Returns
 * nOutputPlane. */
static inline long THNNConv_checkFullWeight(const char *fn, const char *arg, int nd, const long *s,
                                            const THNNConvPlan *plan, int kH, int kW) {
  if (nd != 4 || s[0] != plan->nInputPlane || s[2] != kH || s[3] != kW)
    THError(
        "%s: %s must be [%ld x nOutputPlane x %d x %d] for an input of %ld planes and a %d x %d kernel, "
        "got %s",
        fn, arg, plan->nInputPlane, kH, kW, plan->nInputPlane, kH, kW, _THSizeDesc(s, nd).str);
  return s[1];
}

/* The GEMMs' operands must fit BLAS's int sizes: K x L columns, `planes` rows of the weight. */
static inline void THNNConv_checkBlasSizes(const char *fn, const char *what, long K, long L, long planes) {
  if (K > INT_MAX || L > INT_MAX || planes > INT_MAX || K * L > INT_MAX)
    THError("%s: the unfolded %s (%ld x %ld, %ld planes) is too large for BLAS's int sizes", fn, what, K, L, planes);
}

/* SpatialConvolutionLocal: the sizes passed must be the input's and its output's. */
static inline void THNNConv_checkLocalSizes(const char *fn, int nd, const long *size, const THNNConvPlan *pl,
                                            long inputWidth, long inputHeight, long outputWidth, long outputHeight) {
  if (pl->inputHeight != inputHeight || pl->inputWidth != inputWidth || pl->outputHeight != outputHeight ||
      pl->outputWidth != outputWidth)
    THError(
        "%s: inputHeight x inputWidth = %ld x %ld and outputHeight x outputWidth = %ld x %ld do not match the "
        "input %s, whose output is %ld x %ld",
        fn, inputHeight, inputWidth, outputHeight, outputWidth, _THSizeDesc(size, nd).str, pl->outputHeight,
        pl->outputWidth);
}

/* SpatialConvolutionLocal's weight (not NULL): [oH x oW x nOutputPlane x nInputPlane x kH x kW] or
 * [oH*oW x nOutputPlane x nInputPlane*kH*kW]. Returns nOutputPlane. */
static inline long THNNConv_checkLocalWeight(const char *fn, const char *arg, int nd, const long *s,
                                             const THNNConvPlan *pl, int kH, int kW) {
  const long K = pl->nInputPlane * kH * kW, L = pl->outputHeight * pl->outputWidth;
  int ok = (nd == 6 && s[0] == pl->outputHeight && s[1] == pl->outputWidth && s[3] == pl->nInputPlane && s[4] == kH &&
            s[5] == kW) ||
           (nd == 3 && s[0] == L && s[2] == K);
  if (!ok)
    THError("%s: %s must be [%ld x %ld x nOutputPlane x %ld x %d x %d] or [%ld x nOutputPlane x %ld], got %s", fn, arg,
            pl->outputHeight, pl->outputWidth, pl->nInputPlane, kH, kW, L, K, _THSizeDesc(s, nd).str);
  return nd == 6 ? s[2] : s[1];
}

/* SpatialDepthWiseConvolution's gradOutput (not NULL): [nImages x] nInputPlane*multiplier x oH x oW,
 * or with its planes split as [nInputPlane x multiplier]. */
static inline void THNNConv_checkDepthWiseGradOutput(const char *fn, int nd, const long *size, const THNNConvPlan *pl,
                                                     long multiplier) {
  const long planes = pl->nInputPlane * multiplier;
  const long L = pl->outputHeight * pl->outputWidth;
  int ok = nd >= 3 && THNNConv_numel(nd, size) == pl->nImages * planes * L && size[nd - 2] == pl->outputHeight &&
           size[nd - 1] == pl->outputWidth && (!pl->batched || size[0] == pl->nImages);
  if (!ok)
    THError("%s: gradOutput must have size [%s%ld x %ld x %ld] (or with its planes as [%ld x %ld]), got %s", fn,
            pl->batched ? "nImages x " : "", planes, pl->outputHeight, pl->outputWidth, pl->nInputPlane, multiplier,
            _THSizeDesc(size, nd).str);
}

/* ---------------------------------------------------------------- volumetric (3D) convolutions */

/* The geometry of one 3D unfolding: a C x T x H x W volume and the kernel positions that cover it.
 * Column row r = ((c * kT + kt) * kH + kh) * kW + kw holds, at column (ot * outHeight + oh) *
 * outWidth + ow, the volume element (c, ot * dT - padT + kt * dilationT, oh * dH - padH + kh *
 * dilationH, ow * dW - padW + kw * dilationW), or 0 where that falls in the padding. A transposed
 * convolution describes its output as the volume. THNN/generic/Vol2Col.c and THCUNN/Vol2Col.cuh
 * unfold by it. */
typedef struct {
  long channels, depth, height, width;
  long outDepth, outHeight, outWidth;
  long kT, kH, kW, dT, dH, dW, padT, padH, padW, dilationT, dilationH, dilationW;
} THNNVolGeometry;

/* A volumetric convolution's hyper-parameters, in the legacy argument order (T, W, H). adj: the
 * extra output frames/columns/rows of a transposed convolution. */
typedef struct {
  int kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH, adjT, adjW, adjH;
} THNNVolParams;

/* What the checks derive from the input and the parameters. A 4D input is one volume (batched = 0,
 * nImages = 1). `geometry` is the vol2col side: the input for a convolution, the output for a
 * transposed one (its channels are filled in once the weight gave nOutputPlane). */
typedef struct {
  int batched;
  long nImages, nInputPlane, inputDepth, inputHeight, inputWidth, outputDepth, outputHeight, outputWidth;
  THNNVolGeometry geometry;
} THNNVolPlan;

static inline void THNNVol_checkParams(const char *fn, const THNNVolParams *p, int transposed) {
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

/* The plan of an input of nd (4 or 5, already checked) dimensions: checks p, computes the output
 * size and raises an error when it is smaller than 1x1x1. */
static inline void THNNVol_plan(const char *fn, int nd, const long *size, const THNNVolParams *p, int transposed,
                                THNNVolPlan *plan) {
  THNNVol_checkParams(fn, p, transposed);
  const int b = nd == 5;
  plan->batched = b;
  plan->nImages = b ? size[0] : 1;
  plan->nInputPlane = size[b];
  plan->inputDepth = size[b + 1];
  plan->inputHeight = size[b + 2];
  plan->inputWidth = size[b + 3];
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

  /* The unfolded buffers' sizes, computed from these in long arithmetic (see THNNConv_plan). */
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

/* gradOutput (not NULL) must be [nImages x nOutputPlane x T' x H' x W'] (without nImages for one
 * volume). */
static inline void THNNVol_checkGradOutput(const char *fn, int nd, const long *size, const THNNVolPlan *plan,
                                           long nOutputPlane) {
  long expected[5] = {plan->nImages, nOutputPlane, plan->outputDepth, plan->outputHeight, plan->outputWidth};
  const long *e = plan->batched ? expected : expected + 1;
  const int end = plan->batched ? 5 : 4;
  int ok = nd == end;
  for (int d = 0; ok && d < end; d++) ok = size[d] == e[d];
  if (!ok) THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, end).str, _THSizeDesc(size, nd).str);
}

/* A convolution's weight (not NULL): [nOutputPlane x nInputPlane x kT x kH x kW] or
 * [nOutputPlane x nInputPlane*kT*kH*kW]. Returns nOutputPlane. */
static inline long THNNVol_checkWeight(const char *fn, const char *arg, int nd, const long *s, const THNNVolPlan *plan,
                                       const THNNVolParams *p) {
  const long nIn = plan->nInputPlane, K = nIn * p->kT * p->kH * p->kW;
  int ok = (nd == 5 && s[1] == nIn && s[2] == p->kT && s[3] == p->kH && s[4] == p->kW) || (nd == 2 && s[1] == K);
  if (!ok)
    THError("%s: %s must be [nOutputPlane x %ld x %d x %d x %d] or [nOutputPlane x %ld] for an input of %ld planes "
            "and a %d x %d x %d kernel, got %s",
            fn, arg, nIn, p->kT, p->kH, p->kW, K, nIn, p->kT, p->kH, p->kW, _THSizeDesc(s, nd).str);
  return s[0];
}

/* A transposed convolution's weight (not NULL): [nInputPlane x nOutputPlane x kT x kH x kW]. Returns
 * nOutputPlane. */
static inline long THNNVol_checkFullWeight(const char *fn, const char *arg, int nd, const long *s,
                                           const THNNVolPlan *plan, const THNNVolParams *p) {
  if (nd != 5 || s[0] != plan->nInputPlane || s[2] != p->kT || s[3] != p->kH || s[4] != p->kW)
    THError("%s: %s must be [%ld x nOutputPlane x %d x %d x %d] for an input of %ld planes and a %d x %d x %d "
            "kernel, got %s",
            fn, arg, plan->nInputPlane, p->kT, p->kH, p->kW, plan->nInputPlane, p->kT, p->kH, p->kW,
            _THSizeDesc(s, nd).str);
  return s[1];
}

#endif
