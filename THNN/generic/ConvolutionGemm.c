#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm.c"
#else

/* ---------------------------------------------------------------- the three GEMM passes
 * Over raw contiguous data. g is the im2col side (C x H x W images, H' x W' kernel positions);
 * `planes` is the number of planes on the other side (the convolution's output planes); weight is
 * [planes x K], K = C*kH*kW. Matrices are row-major; THBlas_(gemm) is column-major, hence the
 * swapped operands. `columns` is NULL for pointwise kernels. */

/* out[n] = weight x unfold(in[n]) (+ bias per plane). columnsStride: 0 to reuse one image's
 * columns, K*H'*W' to keep every image's. */
static void THNN_(convGemmForward)(const THNNConvGeometry *g, long nImages, long planes, real *in, real *weight,
                                   real *bias, real *columns, long columnsStride, real *out) {
  const long K = g->channels * g->kH * g->kW, L = g->outHeight * g->outWidth;
  const long imageSize = g->channels * g->height * g->width;
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * imageSize, *o = out + n * planes * L;
    if (columns) {
      cols = columns + n * columnsStride;
      THNN_(im2col)(g, in + n * imageSize, cols);
    }
    if (bias) THNN_(convFillPlanes)(o, planes, L, bias);
    THBlas_(gemm)('n', 'n', L, planes, K, 1, cols, L, weight, K, bias ? 1 : 0, o, L);
  }
}

/* in[n] = init per plane (0 when init is NULL) + fold(weight^T x out[n]). */
static void THNN_(convGemmBackwardInput)(const THNNConvGeometry *g, long nImages, long planes, real *out,
                                         real *weight, real *init, real *columns, real *in) {
  const long K = g->channels * g->kH * g->kW, L = g->outHeight * g->outWidth;
  const long planeSize = g->height * g->width, imageSize = g->channels * planeSize;
  for (long n = 0; n < nImages; n++) {
    real *i = in + n * imageSize, *o = out + n * planes * L;
    THNN_(convFillPlanes)(i, g->channels, planeSize, init);
    if (columns) {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, weight, K, 0, columns, L);
      THNN_(col2im)(g, columns, i);
    } else {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, weight, K, 1, i, L);
    }
  }
}

/* gradWeight += scale * out[n] x unfold(in[n])^T, summed over n. columnsReady: columns (stride
 * columnsStride) already hold every image's unfolding. OpenBLAS is faster (by a fifth on W1)
 * producing the transposed gradient [K x planes]: it is summed over the images in a small buffer,
 * then added transposed. */
static void THNN_(convGemmBackwardWeight)(const THNNConvGeometry *g, long nImages, long planes, real *in,
                                          real *out, real *columns, long columnsStride, int columnsReady,
                                          real *gradWeight, real scale) {
  const long K = g->channels * g->kH * g->kW, L = g->outHeight * g->outWidth;
  const long imageSize = g->channels * g->height * g->width;
  real *gradT = THAlloc(sizeof(real) * K * planes);
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * imageSize;
    if (columns) {
      cols = columns + n * columnsStride;
      if (!columnsReady) THNN_(im2col)(g, in + n * imageSize, cols);
    }
    THBlas_(gemm)('t', 'n', planes, K, L, 1, out + n * planes * L, L, cols, L, n > 0, gradT, planes);
  }
  for (long p = 0; p < planes; p++)
    for (long k = 0; k < K; k++) gradWeight[p * K + k] += scale * gradT[k * planes + p];
  THFree(gradT);
}

/* ---------------------------------------------------------------- checks */

/* A convolution's weight: [nOutputPlane x nInputPlane x kH x kW] or [nOutputPlane x nInputPlane*kH*kW].
 * Returns nOutputPlane. */
static long THNN_(convCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNConvPlan *plan,
                                   const THNNConvParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  const long nIn = plan->nInputPlane;
  int ok = (w->nDimension == 4 && w->size[1] == nIn && w->size[2] == p->kH && w->size[3] == p->kW) ||
           (w->nDimension == 2 && w->size[1] == nIn * p->kH * p->kW);
  if (!ok)
    THError("%s: %s must be [nOutputPlane x %ld x %d x %d] or [nOutputPlane x %ld] for an input of %ld "
            "planes and a %d x %d kernel, got %s",
            fn, arg, nIn, p->kH, p->kW, nIn * p->kH * p->kW, nIn, p->kH, p->kW, THTensor_(sizeDesc)(w).str);
  return w->size[0];
}

/* A transposed convolution's weight: [nInputPlane x nOutputPlane x kH x kW]. Returns nOutputPlane. */
static long THNN_(fullConvCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNConvPlan *plan,
                                       const THNNConvParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  if (w->nDimension != 4 || w->size[0] != plan->nInputPlane || w->size[2] != p->kH || w->size[3] != p->kW)
    THError("%s: %s must be [%ld x nOutputPlane x %d x %d] for an input of %ld planes and a %d x %d kernel, "
            "got %s",
            fn, arg, plan->nInputPlane, p->kH, p->kW, plan->nInputPlane, p->kH, p->kW,
            THTensor_(sizeDesc)(w).str);
  return w->size[1];
}

/* OpenBLAS takes int sizes: refuse larger problems before anything is allocated. */
static void THNN_(convCheckGemmSizes)(const char *fn, long K, long L, long planes) {
  if (K > INT_MAX || L > INT_MAX || planes > INT_MAX || K * L > INT_MAX)
    THError("%s: the unfolded image (%ld x %ld, %ld planes) is too large for BLAS's int sizes", fn, K, L, planes);
}

static void THNN_(convResize)(THTensor *t, const THNNConvPlan *plan, long planes, long height, long width) {
  if (plan->batched)
    THTensor_(resize4d)(t, plan->nImages, planes, height, width);
  else
    THTensor_(resize3d)(t, planes, height, width);
}

/* ---------------------------------------------------------------- convolution */

void THNN_(ConvolutionGemm_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                         THTensor *bias, THTensor *columns, const char *columnsName,
                                         int keepColumns, const THNNConvParams *p) {
  THNNConvPlan plan;
  THNN_(convPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(convCheckWeight)(fn, "weight", weight, &plan, p);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = g->channels * p->kH * p->kW, L = plan.outputHeight * plan.outputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, nOut);

  real *cols = NULL;
  long columnsStride = 0;
  if (!THNN_(convIsPointwise)(g)) {
    if (keepColumns && plan.batched) {
      cols = THNN_(convBuffer)(columns, 3, plan.nImages, K, L, 0);
      columnsStride = K * L;
    } else {
      cols = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THNN_(convResize)(output, &plan, nOut, plan.outputHeight, plan.outputWidth);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(convWritable)(output, 0);
  THNN_(convGemmForward)(g, plan.nImages, nOut, THTensor_(data)(in), THTensor_(data)(w),
                         b ? THTensor_(data)(b) : NULL, cols, columnsStride, THTensor_(data)(out));
  THNN_(convWritten)(out, output);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(ConvolutionGemm_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                            THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                            const char *columnsName, const THNNConvParams *p) {
  THNNConvPlan plan;
  THNN_(convPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(convCheckWeight)(fn, "weight", weight, &plan, p);
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, columnsName, gradColumns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = g->channels * p->kH * p->kW, L = plan.outputHeight * plan.outputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, nOut);

  real *cols = THNN_(convIsPointwise)(g) ? NULL : THNN_(convBuffer)(gradColumns, 2, K, L, 0, 0);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *w = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(convWritable)(gradInput, 0);
  THNN_(convGemmBackwardInput)(g, plan.nImages, nOut, THTensor_(data)(gout), THTensor_(data)(w), NULL, cols,
                               THTensor_(data)(gin));
  THNN_(convWritten)(gin, gradInput);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

/* Whether `columns` has the size updateOutput gave it with keepColumns. */
static int THNN_(convColumnsKept)(THTensor *columns, const THNNConvPlan *plan, long K, long L) {
  if (!THTensor_(isContiguous)(columns)) return 0;
  if (plan->batched)
    return columns->nDimension == 3 && columns->size[0] == plan->nImages && columns->size[1] == K &&
           columns->size[2] == L;
  return columns->nDimension == 2 && columns->size[0] == K && columns->size[1] == L;
}

void THNN_(ConvolutionGemm_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                              THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                              const char *columnsName, int columnsKept,
                                              const THNNConvParams *p, accreal scale) {
  THNNConvPlan plan;
  THNN_(convPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(convCheckWeight)(fn, "gradWeight", gradWeight, &plan, p);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = g->channels * p->kH * p->kW, L = plan.outputHeight * plan.outputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, nOut);

  real *cols = NULL;
  long columnsStride = 0;
  int ready = 0;
  if (!THNN_(convIsPointwise)(g)) {
    ready = columnsKept && THNN_(convColumnsKept)(columns, &plan, K, L);
    if (ready) {
      cols = THTensor_(data)(columns);
      columnsStride = K * L;
    } else {
      cols = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(convWritable)(gradWeight, 1);
  THNN_(convGemmBackwardWeight)(g, plan.nImages, nOut, THTensor_(data)(in), THTensor_(data)(gout), cols,
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
 * The im2col side is the output (nOutputPlane x outputHeight x outputWidth); the GEMM's `planes` are
 * the input's nInputPlane, and weight [nInputPlane x nOutputPlane*kH*kW] is already the [planes x K]
 * matrix the passes expect. */

static long THNN_(fullConvPlan)(const char *fn, THTensor *input, THTensor *weight, const char *weightName,
                                const THNNConvParams *p, THNNConvPlan *plan) {
  THNN_(convPlan)(fn, input, p, 1, plan);
  const long nOut = THNN_(fullConvCheckWeight)(fn, weightName, weight, plan, p);
  plan->geometry.channels = nOut;
  return nOut;
}

void THNN_(FullConvolutionGemm_updateOutput)(const char *fn, THTensor *input, THTensor *output,
                                             THTensor *weight, THTensor *bias, THTensor *columns,
                                             const THNNConvParams *p) {
  THNNConvPlan plan;
  const long nOut = THNN_(fullConvPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "columns", columns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = nOut * p->kH * p->kW, L = plan.inputHeight * plan.inputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(convIsPointwise)(g) ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  THNN_(convResize)(output, &plan, nOut, plan.outputHeight, plan.outputWidth);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *b = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(convWritable)(output, 0);
  THNN_(convGemmBackwardInput)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(in), THTensor_(data)(w),
                               b ? THTensor_(data)(b) : NULL, cols, THTensor_(data)(out));
  THNN_(convWritten)(out, output);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(FullConvolutionGemm_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                const THNNConvParams *p) {
  THNNConvPlan plan;
  const long nOut = THNN_(fullConvPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "gradColumns", gradColumns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = nOut * p->kH * p->kW, L = plan.inputHeight * plan.inputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(convIsPointwise)(g) ? NULL : THNN_(convBuffer)(gradColumns, 2, K, L, 0, 0);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *w = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(convWritable)(gradInput, 0);
  THNN_(convGemmForward)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(gout), THTensor_(data)(w), NULL,
                         cols, 0, THTensor_(data)(gin));
  THNN_(convWritten)(gin, gradInput);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

void THNN_(FullConvolutionGemm_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                  const THNNConvParams *p, accreal scale) {
  THNNConvPlan plan;
  const long nOut = THNN_(fullConvPlan)(fn, input, gradWeight, "gradWeight", p, &plan);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "columns", columns);
  const THNNConvGeometry *g = &plan.geometry;
  const long K = nOut * p->kH * p->kW, L = plan.inputHeight * plan.inputWidth;
  THNN_(convCheckGemmSizes)(fn, K, L, plan.nInputPlane);

  real *cols = THNN_(convIsPointwise)(g) ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(convWritable)(gradWeight, 1);
  THNN_(convGemmBackwardWeight)(g, plan.nImages, plan.nInputPlane, THTensor_(data)(gout), THTensor_(data)(in),
                                cols, 0, 0, THTensor_(data)(gw), (real)scale);
  THNN_(convWritten)(gw, gradWeight);
  if (gradBias) {
    THTensor *gb = THNN_(convWritable)(gradBias, 1);
    THNN_(convAccGradBias)(THTensor_(data)(gout), plan.nImages, nOut, plan.outputHeight * plan.outputWidth,
                           THTensor_(data)(gb), scale);
    THNN_(convWritten)(gb, gradBias);
  }
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
