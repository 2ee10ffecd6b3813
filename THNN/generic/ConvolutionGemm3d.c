#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm3d.c"
#else

/* ---------------------------------------------------------------- the three GEMM passes
 * Over raw contiguous data. g is the vol2col side (C x T x H x W volumes, T' x H' x W' kernel
 * positions); `planes` is the number of planes on the other side; weight is [planes x K], K =
 * C*kT*kH*kW. Matrices are row-major; THBlas_(gemm) is column-major, hence the swapped operands.
 * `columns` is NULL for pointwise kernels. */

static long THNN_(volColumnsRows)(const THNNVolGeometry *g) { return g->channels * g->kT * g->kH * g->kW; }
static long THNN_(volColumnsCols)(const THNNVolGeometry *g) { return g->outDepth * g->outHeight * g->outWidth; }
static long THNN_(volSize)(const THNNVolGeometry *g) { return g->channels * g->depth * g->height * g->width; }

/* out[n] = weight x unfold(in[n]) (+ bias per plane). columnsStride: 0 to reuse one volume's
 * columns, K*L to keep every volume's. */
static void THNN_(volGemmForward)(const THNNVolGeometry *g, long nImages, long planes, real *in, real *weight,
                                  real *bias, real *columns, long columnsStride, real *out) {
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g), volSize = THNN_(volSize)(g);
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * volSize, *o = out + n * planes * L;
    if (columns) {
      cols = columns + n * columnsStride;
      THNN_(vol2col)(g, in + n * volSize, cols);
    }
    if (bias) THNN_(convFillPlanes)(o, planes, L, bias);
    THBlas_(gemm)('n', 'n', L, planes, K, 1, cols, L, weight, K, bias ? 1 : 0, o, L);
  }
}

/* in[n] = init per plane (0 when init is NULL) + fold(weight^T x out[n]). */
static void THNN_(volGemmBackwardInput)(const THNNVolGeometry *g, long nImages, long planes, real *out,
                                        real *weight, real *init, real *columns, real *in) {
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g), volSize = THNN_(volSize)(g);
  for (long n = 0; n < nImages; n++) {
    real *i = in + n * volSize, *o = out + n * planes * L;
    THNN_(convFillPlanes)(i, g->channels, volSize / g->channels, init);
    if (columns) {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, weight, K, 0, columns, L);
      THNN_(col2vol)(g, columns, i);
    } else {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, weight, K, 1, i, L);
    }
  }
}

/* gradWeight += scale * out[n] x unfold(in[n])^T, summed over n. columnsReady: columns (stride
 * columnsStride) already hold every volume's unfolding. */
static void THNN_(volGemmBackwardWeight)(const THNNVolGeometry *g, long nImages, long planes, real *in, real *out,
                                         real *columns, long columnsStride, int columnsReady, real *gradWeight,
                                         real scale) {
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g), volSize = THNN_(volSize)(g);
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * volSize;
    if (columns) {
      cols = columns + n * columnsStride;
      if (!columnsReady) THNN_(vol2col)(g, in + n * volSize, cols);
    }
    THBlas_(gemm)('t', 'n', K, planes, L, scale, cols, L, out + n * planes * L, L, 1, gradWeight, K);
  }
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

/* Torch7's output sizes: floor((in + 2 pad - extent) / stride) + 1 for a convolution, (in - 1) *
 * stride - 2 pad + extent + adj for a transposed one (extent = dilation * (k - 1) + 1). A negative
 * numerator gives 0, which the caller reports. */
static long THNN_(volOutputSize)(long in, int k, int d, int pad, int dilation, int adj, int transposed) {
  const long extent = (long)dilation * (k - 1) + 1;
  if (transposed) return (in - 1) * d - 2L * pad + extent + adj;
  const long span = in + 2L * pad - extent;
  return span < 0 ? 0 : span / d + 1;
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
  plan->outputDepth = THNN_(volOutputSize)(plan->inputDepth, p->kT, p->dT, p->padT, p->dilationT, p->adjT, transposed);
  plan->outputHeight =
      THNN_(volOutputSize)(plan->inputHeight, p->kH, p->dH, p->padH, p->dilationH, p->adjH, transposed);
  plan->outputWidth = THNN_(volOutputSize)(plan->inputWidth, p->kW, p->dW, p->padW, p->dilationW, p->adjW, transposed);
  if (plan->outputDepth < 1 || plan->outputHeight < 1 || plan->outputWidth < 1)
    THError("%s: output size %ld x %ld x %ld (T x H x W) is too small for input %ld x %ld x %ld (kernel %d x %d x "
            "%d, stride %d x %d x %d, padding %d x %d x %d, dilation %d x %d x %d)",
            fn, plan->outputDepth, plan->outputHeight, plan->outputWidth, plan->inputDepth, plan->inputHeight,
            plan->inputWidth, p->kT, p->kH, p->kW, p->dT, p->dH, p->dW, p->padT, p->padH, p->padW, p->dilationT,
            p->dilationH, p->dilationW);

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

/* OpenBLAS takes int sizes: refuse larger problems before anything is allocated. */
static void THNN_(volCheckGemmSizes)(const char *fn, long K, long L, long planes) {
  if (K > INT_MAX || L > INT_MAX || planes > INT_MAX || K * L > INT_MAX)
    THError("%s: the unfolded volume (%ld x %ld, %ld planes) is too large for BLAS's int sizes", fn, K, L, planes);
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
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, nOut);

  real *cols = NULL;
  long columnsStride = 0;
  if (!THNN_(volIsPointwise)(g)) {
    if (keepColumns && plan.batched) {
      cols = THNN_(convBuffer)(columns, 3, plan.nImages, K, L, 0);
      columnsStride = K * L;
    } else {
      cols = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THNN_(volResize)(output, &plan, nOut, plan.outputDepth, plan.outputHeight, plan.outputWidth);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(convWritable)(output, 0);
  THNN_(volGemmForward)(g, plan.nImages, nOut, THTensor_(data)(in), THTensor_(data)(w), b ? THTensor_(data)(b) : NULL,
                        cols, columnsStride, THTensor_(data)(out));
  THNN_(convWritten)(out, output);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
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
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, nOut);

  real *cols = THNN_(volIsPointwise)(g) ? NULL : THNN_(convBuffer)(gradColumns, 2, K, L, 0, 0);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *w = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(convWritable)(gradInput, 0);
  THNN_(volGemmBackwardInput)(g, plan.nImages, nOut, THTensor_(data)(gout), THTensor_(data)(w), NULL, cols,
                              THTensor_(data)(gin));
  THNN_(convWritten)(gin, gradInput);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

/* Whether `columns` has the size updateOutput gave it with keepColumns. */
static int THNN_(volColumnsKept)(THTensor *columns, const THNNVolPlan *plan, long K, long L) {
  if (!THTensor_(isContiguous)(columns)) return 0;
  if (plan->batched)
    return columns->nDimension == 3 && columns->size[0] == plan->nImages && columns->size[1] == K &&
           columns->size[2] == L;
  return columns->nDimension == 2 && columns->size[0] == K && columns->size[1] == L;
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
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, nOut);

  real *cols = NULL;
  long columnsStride = 0;
  int ready = 0;
  if (!THNN_(volIsPointwise)(g)) {
    ready = columnsKept && THNN_(volColumnsKept)(columns, &plan, K, L);
    if (ready) {
      cols = THTensor_(data)(columns);
      columnsStride = K * L;
    } else {
      cols = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(convWritable)(gradWeight, 1);
  THNN_(volGemmBackwardWeight)(g, plan.nImages, nOut, THTensor_(data)(in), THTensor_(data)(gout), cols,
                               columnsStride, ready, THTensor_(data)(gw), (real)scale);
  THNN_(convWritten)(gw, gradWeight);
  if (gradBias) {
    THTensor *gb = THNN_(convWritable)(gradBias, 1);
    THNN_(convAccGradBias)(THTensor_(data)(gout), plan.nImages, nOut, L, THTensor_(data)(gb), scale);
    THNN_(convWritten)(gb, gradBias);
  }
  THTensor_(free)(in);
  THTensor_(free)(gout);
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
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(volIsPointwise)(g) ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  THNN_(volResize)(output, &plan, nOut, plan.outputDepth, plan.outputHeight, plan.outputWidth);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(convWritable)(output, 0);
  THNN_(volGemmBackwardInput)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(in), THTensor_(data)(w),
                              b ? THTensor_(data)(b) : NULL, cols, THTensor_(data)(out));
  THNN_(convWritten)(out, output);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(FullConvolutionGemm3d_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                  const char *columnsName, const THNNVolParams *p) {
  THNNVolPlan plan;
  const long nOut = THNN_(fullVolPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(volCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(volIsPointwise)(g) ? NULL : THNN_(convBuffer)(gradColumns, 2, K, L, 0, 0);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *w = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(convWritable)(gradInput, 0);
  THNN_(volGemmForward)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(gout), THTensor_(data)(w), NULL, cols, 0,
                        THTensor_(data)(gin));
  THNN_(convWritten)(gin, gradInput);
  THTensor_(free)(gout);
  THTensor_(free)(w);
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
  const THNNVolGeometry *g = &plan.geometry;
  const long K = THNN_(volColumnsRows)(g), L = THNN_(volColumnsCols)(g);
  THNN_(volCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(volIsPointwise)(g) ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(convWritable)(gradWeight, 1);
  THNN_(volGemmBackwardWeight)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(gout), THTensor_(data)(in), cols,
                               0, 0, THTensor_(data)(gw), (real)scale);
  THNN_(convWritten)(gw, gradWeight);
  if (gradBias) {
    THTensor *gb = THNN_(convWritable)(gradBias, 1);
    THNN_(convAccGradBias)(THTensor_(data)(gout), plan.nImages, nOut, THNN_(volSize)(g) / nOut,
                           THTensor_(data)(gb), scale);
    THNN_(convWritten)(gb, gradBias);
  }
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
