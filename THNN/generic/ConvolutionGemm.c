#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm.c"
#else

/* ---------------------------------------------------------------- the three GEMM passes
 * Shared with ConvolutionGemm3d.c through THNN_(Unfolding). Matrices are row-major; THBlas_(gemm)
 * is column-major, hence the swapped operands. Images are processed one at a time: unfold image n
 * (OpenMP), then one GEMM over its columns (OpenBLAS), never one inside the other. */

void THNN_(unfoldingCheckSizes)(const char *fn, const char *what, const THNN_(Unfolding) *u, long planes) {
  const long K = u->K, L = u->L;
  if (K > INT_MAX || L > INT_MAX || planes > INT_MAX || K * L > INT_MAX)
    THError("%s: the unfolded %s (%ld x %ld, %ld planes) is too large for BLAS's int sizes", fn, what, K, L,
            planes);
}

void THNN_(unfoldingForward)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *input, THTensor *weight,
                             THTensor *bias, THTensor *columns, int keepAll, THTensor *output) {
  const long K = u->K, L = u->L;
  real *columnsData = NULL;
  long columnsStride = 0;
  if (!u->pointwise) {
    if (keepAll) {
      columnsData = THNN_(convBuffer)(columns, 3, nImages, K, L, 0);
      columnsStride = K * L;
    } else {
      columnsData = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THTensor *inT = THTensor_(newContiguous)(input), *wT = THTensor_(newContiguous)(weight);
  THTensor *bT = bias ? THTensor_(newContiguous)(bias) : NULL, *outT = THNN_(convWritable)(output, 0);
  real *in = THTensor_(data)(inT), *w = THTensor_(data)(wT), *b = bT ? THTensor_(data)(bT) : NULL;
  real *out = THTensor_(data)(outT);
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * u->imageSize, *o = out + n * planes * L;
    if (columnsData) {
      cols = columnsData + n * columnsStride;
      u->unfold(u->geometry, in + n * u->imageSize, cols);
    }
    if (b) THNN_(convFillPlanes)(o, planes, L, b);
    THBlas_(gemm)('n', 'n', L, planes, K, 1, cols, L, w, K, b ? 1 : 0, o, L);
  }
  THNN_(convWritten)(outT, output);
  THTensor_(free)(inT);
  THTensor_(free)(wT);
  if (bT) THTensor_(free)(bT);
}

void THNN_(unfoldingBackwardInput)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *output,
                                   THTensor *weight, THTensor *init, THTensor *columns, THTensor *input) {
  const long K = u->K, L = u->L;
  real *columnsData = u->pointwise ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  THTensor *outT = THTensor_(newContiguous)(output), *wT = THTensor_(newContiguous)(weight);
  THTensor *initT = init ? THTensor_(newContiguous)(init) : NULL, *inT = THNN_(convWritable)(input, 0);
  real *out = THTensor_(data)(outT), *w = THTensor_(data)(wT), *in = THTensor_(data)(inT);
  real *initData = initT ? THTensor_(data)(initT) : NULL;
  for (long n = 0; n < nImages; n++) {
    real *i = in + n * u->imageSize, *o = out + n * planes * L;
    THNN_(convFillPlanes)(i, u->channels, u->imageSize / u->channels, initData);
    if (columnsData) {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, w, K, 0, columnsData, L);
      u->fold(u->geometry, columnsData, i);
    } else {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, w, K, 1, i, L);
    }
  }
  THNN_(convWritten)(inT, input);
  THTensor_(free)(outT);
  THTensor_(free)(wT);
  if (initT) THTensor_(free)(initT);
}

/* Whether `columns` has the size unfoldingForward gave it with keepAll. */
static int THNN_(unfoldingColumnsKept)(const THNN_(Unfolding) *u, THTensor *columns, int batched, long nImages) {
  if (!THTensor_(isContiguous)(columns)) return 0;
  if (batched)
    return columns->nDimension == 3 && columns->size[0] == nImages && columns->size[1] == u->K &&
           columns->size[2] == u->L;
  return columns->nDimension == 2 && columns->size[0] == u->K && columns->size[1] == u->L;
}

/* OpenBLAS is faster (by a fifth on W1) producing the transposed gradient [K x planes]: it is
 * summed over the images in a small buffer, then added transposed. */
void THNN_(unfoldingBackwardWeight)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *input,
                                    THTensor *output, THTensor *columns, int columnsKept, int batched,
                                    THTensor *gradWeight, THTensor *gradBias, int gradOutputIsIn, accreal scale) {
  const long K = u->K, L = u->L;
  real *columnsData = NULL;
  long columnsStride = 0;
  int ready = 0;
  if (!u->pointwise) {
    ready = columnsKept && THNN_(unfoldingColumnsKept)(u, columns, batched, nImages);
    if (ready) {
      columnsData = THTensor_(data)(columns);
      columnsStride = K * L;
    } else {
      columnsData = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
    }
  }
  THTensor *inT = THTensor_(newContiguous)(input), *outT = THTensor_(newContiguous)(output);
  THTensor *gwT = THNN_(convWritable)(gradWeight, 1);
  real *in = THTensor_(data)(inT), *out = THTensor_(data)(outT), *gw = THTensor_(data)(gwT);
  real *gradT = THAlloc(sizeof(real) * K * planes);
  for (long n = 0; n < nImages; n++) {
    real *cols = in + n * u->imageSize;
    if (columnsData) {
      cols = columnsData + n * columnsStride;
      if (!ready) u->unfold(u->geometry, in + n * u->imageSize, cols);
    }
    THBlas_(gemm)('t', 'n', planes, K, L, 1, out + n * planes * L, L, cols, L, n > 0, gradT, planes);
  }
  for (long p = 0; p < planes; p++)
    for (long k = 0; k < K; k++) gw[p * K + k] += (real)scale * gradT[k * planes + p];
  THFree(gradT);
  THNN_(convWritten)(gwT, gradWeight);
  if (gradBias) {
    THTensor *gb = THNN_(convWritable)(gradBias, 1);
    if (gradOutputIsIn)
      THNN_(convAccGradBias)(in, nImages, u->channels, u->imageSize / u->channels, THTensor_(data)(gb), scale);
    else
      THNN_(convAccGradBias)(out, nImages, planes, L, THTensor_(data)(gb), scale);
    THNN_(convWritten)(gb, gradBias);
  }
  THTensor_(free)(inT);
  THTensor_(free)(outT);
}

/* The 2D unfolding of g (im2col/col2im through the void-pointer signature THNN_(Unfolding) takes). */
static void THNN_(im2colUnfold)(const void *g, const real *image, real *columns) {
  THNN_(im2col)(g, image, columns);
}
static void THNN_(col2imFold)(const void *g, const real *columns, real *image) { THNN_(col2im)(g, columns, image); }

static THNN_(Unfolding) THNN_(convUnfolding)(const THNNConvGeometry *g) {
  THNN_(Unfolding) u = {g, THNN_(im2colUnfold), THNN_(col2imFold), g->channels, g->channels * g->height * g->width,
                        g->channels * g->kH * g->kW, g->outHeight * g->outWidth, THNN_(convIsPointwise)(g)};
  return u;
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

static void THNN_(convResize)(THTensor *t, const THNNConvPlan *plan, long planes, long height, long width) {
  if (plan->batched)
    THTensor_(resize4d)(t, plan->nImages, planes, height, width);
  else
    THTensor_(resize3d)(t, planes, height, width);
}

/* ---------------------------------------------------------------- convolution */

/* out = the Winograd convolution (Winograd.h) of `in`, [nImages x inPlanes x height x width], with
 * weight (adjoint: transposed and turned, for an input gradient), planes output planes, padding
 * padH/padW and bias (may be NULL); out is already resized. */
static void THNN_(convWinograd)(long nImages, THTensor *in, long inPlanes, long height, long width, long padH,
                                long padW, THTensor *weight, int adjoint, long planes, THTensor *bias,
                                THTensor *out) {
  THTensor *inT = THTensor_(newContiguous)(in), *wT = THTensor_(newContiguous)(weight);
  THTensor *bT = bias ? THTensor_(newContiguous)(bias) : NULL, *outT = THNN_(convWritable)(out, 0);
  THNN_(winogradConvolution)(THTensor_(data)(inT), nImages, inPlanes, height, width, padH, padW,
                             THTensor_(data)(wT), adjoint, planes, bT ? THTensor_(data)(bT) : NULL,
                             THTensor_(data)(outT));
  THNN_(convWritten)(outT, out);
  THTensor_(free)(inT);
  THTensor_(free)(wT);
  if (bT) THTensor_(free)(bT);
}

void THNN_(ConvolutionGemm_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                         THTensor *bias, THTensor *columns, const char *columnsName,
                                         int keepColumns, const THNNConvParams *p) {
  THNNConvPlan plan;
  THNN_(convPlan)(fn, input, p, 0, &plan);
  const long nOut = THNN_(convCheckWeight)(fn, "weight", weight, &plan, p);
  THNN_(convCheckNumel)(fn, "bias", bias, nOut, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, columnsName, columns);
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, nOut);

  THNN_(convResize)(output, &plan, nOut, plan.outputHeight, plan.outputWidth);
  if (THNN_(winogradApplies)(&plan.geometry, nOut)) {
    /* `columns` holds no unfolding then (nor does accGradParameters need one): emptied */
    THTensor_(resize1d)(columns, 0);
    THNN_(convWinograd)(plan.nImages, input, plan.nInputPlane, plan.inputHeight, plan.inputWidth, p->padH,
                        p->padW, weight, 0, nOut, bias, output);
    return;
  }
  THNN_(unfoldingForward)(&u, plan.nImages, nOut, input, weight, bias, columns, keepColumns && plan.batched, output);
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
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, nOut);

  THTensor_(resizeAs)(gradInput, input);
  if (THNN_(winogradApplies)(&plan.geometry, nOut)) {
    THNN_(convWinograd)(plan.nImages, gradOutput, nOut, plan.outputHeight, plan.outputWidth, 2 - p->padH,
                        2 - p->padW, weight, 1, plan.nInputPlane, NULL, gradInput);
    return;
  }
  THNN_(unfoldingBackwardInput)(&u, plan.nImages, nOut, gradOutput, weight, NULL, gradColumns, gradInput);
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
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, nOut);

  if (THNN_(winogradApplies)(&plan.geometry, nOut)) {
    THTensor *inT = THTensor_(newContiguous)(input), *goT = THTensor_(newContiguous)(gradOutput);
    THTensor *gwT = THNN_(convWritable)(gradWeight, 1);
    THNN_(winogradWeightGradient)(THTensor_(data)(inT), THTensor_(data)(goT), plan.nImages, plan.nInputPlane,
                                  plan.inputHeight, plan.inputWidth, p->padH, p->padW, nOut, scale,
                                  THTensor_(data)(gwT));
    THNN_(convWritten)(gwT, gradWeight);
    if (gradBias) {
      THTensor *gb = THNN_(convWritable)(gradBias, 1);
      THNN_(convAccGradBias)(THTensor_(data)(goT), plan.nImages, nOut, plan.outputHeight * plan.outputWidth,
                             THTensor_(data)(gb), scale);
      THNN_(convWritten)(gb, gradBias);
    }
    THTensor_(free)(inT);
    THTensor_(free)(goT);
    return;
  }
  THNN_(unfoldingBackwardWeight)(&u, plan.nImages, nOut, input, gradOutput, columns, columnsKept, plan.batched,
                                 gradWeight, gradBias, 0, scale);
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
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, plan.nInputPlane);

  THNN_(convResize)(output, &plan, nOut, plan.outputHeight, plan.outputWidth);
  THNN_(unfoldingBackwardInput)(&u, plan.nImages, plan.nInputPlane, input, weight, bias, columns, output);
}

void THNN_(FullConvolutionGemm_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                const THNNConvParams *p) {
  THNNConvPlan plan;
  const long nOut = THNN_(fullConvPlan)(fn, input, weight, "weight", p, &plan);
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "gradColumns", gradColumns);
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, plan.nInputPlane);

  THTensor_(resizeAs)(gradInput, input);
  THNN_(unfoldingForward)(&u, plan.nImages, plan.nInputPlane, gradOutput, weight, NULL, gradColumns, 0, gradInput);
}

void THNN_(FullConvolutionGemm_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                  const THNNConvParams *p, accreal scale) {
  THNNConvPlan plan;
  const long nOut = THNN_(fullConvPlan)(fn, input, gradWeight, "gradWeight", p, &plan);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut, "nOutputPlane");
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, nOut);
  THNN_(checkNotNull)(fn, "columns", columns);
  const THNN_(Unfolding) u = THNN_(convUnfolding)(&plan.geometry);
  THNN_(unfoldingCheckSizes)(fn, "image", &u, plan.nInputPlane);

  THNN_(unfoldingBackwardWeight)(&u, plan.nImages, plan.nInputPlane, gradOutput, input, columns, 0, 0, gradWeight,
                                 gradBias, 1, scale);
}

#endif
