#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm.c"
#else

/* ---------------------------------------------------------------- the three GEMM passes
 * Shared with ConvolutionGemm3d.c through THNN_(Unfolding). Matrices are row-major; THBlas_(gemm)
 * is column-major, hence the swapped operands.
 *
 * A batch goes one of two ways. With several threads and images, the threads share out whole
 * images, each with its own column buffer and single-threaded GEMMs: one image of a small layer
 * (LeNet's) is too little work to split, and threads that split every image spend their time
 * waiting for each other. THBlas's gemm runs on the calling thread inside an active parallel
 * region (it asks omp_in_parallel), as OpenBLAS's OpenMP build does, and the unfolding's own
 * parallel loop becomes an inactive nested one. Otherwise (one thread, one image, little work, or
 * called from the caller's own parallel region) images go one at a time: the unfolding on OpenMP
 * threads, then one GEMM over its columns on the GEMM's threads (the same pool), never one inside
 * the other. Both ways run the loop below: a region whose `if` is false is inactive and leaves the unfolding and
 * the GEMM all the threads. Threads take contiguous runs of images (a static schedule), as the
 * element-wise and pooling loops split their work, so that a thread mostly reads what it wrote
 * in the layer before, from its own cache. */

void THNN_(unfoldingCheckSizes)(const char *fn, const char *what, const THNN_(Unfolding) *u, long planes) {
  THNNConv_checkBlasSizes(fn, what, u->K, u->L, planes);
}

/* How many threads share the images out: 1 (images one at a time) unless there are several threads
 * and images and the pass does enough multiply-adds to pay for the parallel region. */
static int THNN_(unfoldingThreads)(long nImages, double multiplyAdds) {
#ifdef _OPENMP
  if (nImages < 2 || multiplyAdds <= THNN_CONV_OMP_MIN || omp_in_parallel()) return 1;
  return (int)THMin((long)omp_get_max_threads(), nImages);
#else
  return 1;
#endif
}

/* Column buffers of `size` elements for threads 1 .. threads - 1 (thread 0 has the caller's);
 * NULL for one thread. Allocated before the parallel region, which must not raise errors. */
static real *THNN_(unfoldingScratch)(int threads, long size) {
  return threads > 1 ? THAlloc(sizeof(real) * (threads - 1) * size) : NULL;
}

/* Thread t's column buffer: `own` (the caller's) for thread 0, else its part of `scratch`. */
static inline real *THNN_(unfoldingColumnsOf)(int t, real *own, real *scratch, long size) {
  return t == 0 ? own : scratch + (t - 1) * size;
}

void THNN_(unfoldingForward)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *input, THTensor *weight,
                             THTensor *bias, THTensor *columns, int keepAll, THTensor *output) {
  const long K = u->K, L = u->L;
  const int threads = THNN_(unfoldingThreads)(nImages, (double)nImages * planes * K * L);
  real *columnsData = NULL, *scratch = NULL;
  if (!u->pointwise) {
    if (keepAll) {
      columnsData = THNN_(convBuffer)(columns, 3, nImages, K, L, 0);
    } else {
      columnsData = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
      scratch = THNN_(unfoldingScratch)(threads, K * L);
    }
  }
  THTensor *inT = THTensor_(newContiguous)(input), *wT = THTensor_(newContiguous)(weight);
  THTensor *bT = bias ? THTensor_(newContiguous)(bias) : NULL, *outT = THNN_(writable)(output, 0);
  real *in = THTensor_(data)(inT), *w = THTensor_(data)(wT), *b = bT ? THTensor_(data)(bT) : NULL;
  real *out = THTensor_(data)(outT);
  /* bands of about THNN_CONV_BAND elements of columns */
  const long band = u->unfoldRows ? THMax(1, THNN_CONV_BAND / THMax(1, K * u->rowLength)) : 0;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (long n = 0; n < nImages; n++) {
    real *image = in + n * u->imageSize, *cols = image, *o = out + n * planes * L;
    if (columnsData)
      cols = keepAll ? columnsData + n * K * L
                     : THNN_(unfoldingColumnsOf)(THNN_convThread(), columnsData, scratch, K * L);
    if (b) THNN_(convFillPlanes)(o, planes, L, b);
    if (columnsData && u->unfoldRows) {
      /* a band of rows at a time, multiplied while its columns are still in cache */
      for (long row0 = 0; row0 < u->rowCount; row0 += band) {
        const long row1 = THMin(u->rowCount, row0 + band), l0 = row0 * u->rowLength;
        u->unfoldRows(u->geometry, image, row0, row1, cols + l0, L);
        THBlas_(gemm)('n', 'n', (row1 - row0) * u->rowLength, planes, K, 1, cols + l0, L, w, K, b ? 1 : 0, o + l0,
                      L);
      }
    } else {
      if (columnsData) u->unfold(u->geometry, image, cols);
      THBlas_(gemm)('n', 'n', L, planes, K, 1, cols, L, w, K, b ? 1 : 0, o, L);
    }
  }
  THFree(scratch);
  THNN_(writeBack)(output, outT);
  THTensor_(free)(inT);
  THTensor_(free)(wT);
  if (bT) THTensor_(free)(bT);
}

void THNN_(unfoldingBackwardInput)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *output,
                                   THTensor *weight, THTensor *init, THTensor *columns, THTensor *input) {
  const long K = u->K, L = u->L;
  const int threads = THNN_(unfoldingThreads)(nImages, (double)nImages * planes * K * L);
  real *columnsData = u->pointwise ? NULL : THNN_(convBuffer)(columns, 2, K, L, 0, 0);
  real *scratch = columnsData ? THNN_(unfoldingScratch)(threads, K * L) : NULL;
  THTensor *outT = THTensor_(newContiguous)(output), *wT = THTensor_(newContiguous)(weight);
  THTensor *initT = init ? THTensor_(newContiguous)(init) : NULL, *inT = THNN_(writable)(input, 0);
  real *out = THTensor_(data)(outT), *w = THTensor_(data)(wT), *in = THTensor_(data)(inT);
  real *initData = initT ? THTensor_(data)(initT) : NULL;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (long n = 0; n < nImages; n++) {
    real *i = in + n * u->imageSize, *o = out + n * planes * L;
    THNN_(convFillPlanes)(i, u->channels, u->imageSize / u->channels, initData);
    if (columnsData) {
      real *cols = THNN_(unfoldingColumnsOf)(THNN_convThread(), columnsData, scratch, K * L);
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, w, K, 0, cols, L);
      u->fold(u->geometry, cols, i);
    } else {
      THBlas_(gemm)('n', 't', L, K, planes, 1, o, L, w, K, 1, i, L);
    }
  }
  THFree(scratch);
  THNN_(writeBack)(input, inT);
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

/* gradBias (may be NULL, may be non-contiguous) += scale * the plane sums of gradOutput [nImages x
 * planes x planeSize]. */
static void THNN_(convAccGradBiasTensor)(THTensor *gradBias, const real *gradOutput, long nImages, long planes,
                                         long planeSize, accreal scale) {
  if (!gradBias) return;
  THTensor *gb = THNN_(writable)(gradBias, 1);
  THNN_(convAccGradBias)(gradOutput, nImages, planes, planeSize, THTensor_(data)(gb), scale);
  THNN_(writeBack)(gradBias, gb);
}

/* The GEMM was faster (OpenBLAS's, by a fifth on W1) producing the transposed gradient
 * [K x planes]: each thread sums it over its run of images in a small buffer of its own; the
 * buffers are then added, transposed, always in the same order (the rounding does not change from
 * run to run). */
void THNN_(unfoldingBackwardWeight)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *input,
                                    THTensor *output, THTensor *columns, int columnsKept, int batched,
                                    THTensor *gradWeight, THTensor *gradBias, int gradOutputIsIn, accreal scale) {
  const long K = u->K, L = u->L;
  const int threads = THNN_(unfoldingThreads)(nImages, (double)nImages * planes * K * L);
  real *columnsData = NULL, *scratch = NULL;
  int ready = 0;
  if (!u->pointwise) {
    ready = columnsKept && THNN_(unfoldingColumnsKept)(u, columns, batched, nImages);
    if (ready) {
      columnsData = THTensor_(data)(columns);
    } else {
      columnsData = THNN_(convBuffer)(columns, 2, K, L, 0, 0);
      scratch = THNN_(unfoldingScratch)(threads, K * L);
    }
  }
  THTensor *inT = THTensor_(newContiguous)(input), *outT = THTensor_(newContiguous)(output);
  THTensor *gwT = THNN_(writable)(gradWeight, 1);
  real *in = THTensor_(data)(inT), *out = THTensor_(data)(outT), *gw = THTensor_(data)(gwT);
  real *gradT = THAlloc(sizeof(real) * threads * K * planes);
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = THNN_convThread();
    const long first = nImages * t / threads, last = nImages * (t + 1) / threads;
    real *sum = gradT + t * K * planes;
    real *own = ready ? NULL : THNN_(unfoldingColumnsOf)(t, columnsData, scratch, K * L);
    for (long n = first; n < last; n++) {
      real *cols = in + n * u->imageSize;
      if (ready) {
        cols = columnsData + n * K * L;
      } else if (columnsData) {
        u->unfold(u->geometry, cols, own);
        cols = own;
      }
      THBlas_(gemm)('t', 'n', planes, K, L, 1, out + n * planes * L, L, cols, L, n > first, sum, planes);
    }
    if (first == last) memset(sum, 0, sizeof(real) * (size_t)(K * planes)); /* an empty batch */
  }
  for (long p = 0; p < planes; p++)
    for (long k = 0; k < K; k++) {
      real g = gradT[k * planes + p];
      for (int t = 1; t < threads; t++) g += gradT[(t * K + k) * planes + p];
      gw[p * K + k] += (real)scale * g;
    }
  THFree(gradT);
  THFree(scratch);
  THNN_(writeBack)(gradWeight, gwT);
  if (gradOutputIsIn)
    THNN_(convAccGradBiasTensor)(gradBias, in, nImages, u->channels, u->imageSize / u->channels, scale);
  else
    THNN_(convAccGradBiasTensor)(gradBias, out, nImages, planes, L, scale);
  THTensor_(free)(inT);
  THTensor_(free)(outT);
}

/* The 2D unfolding of g (im2col/col2im through the void-pointer signature THNN_(Unfolding) takes). */
static void THNN_(im2colUnfold)(const void *g, const real *image, real *columns) {
  THNN_(im2col)(g, image, columns);
}
static void THNN_(col2imFold)(const void *g, const real *columns, real *image) { THNN_(col2im)(g, columns, image); }

static void THNN_(im2colUnfoldRows)(const void *g, const real *image, long row0, long row1, real *columns, long ld) {
  THNN_(im2colRows)(g, image, row0, row1, columns, ld);
}

static THNN_(Unfolding) THNN_(convUnfolding)(const THNNConvGeometry *g) {
  THNN_(Unfolding) u = {g, THNN_(im2colUnfold), THNN_(col2imFold), g->channels, g->channels * g->height * g->width,
                        g->channels * g->kH * g->kW, g->outHeight * g->outWidth, THNN_(convIsPointwise)(g),
                        THNN_(im2colUnfoldRows), g->outWidth, g->outHeight};
  return u;
}

/* ---------------------------------------------------------------- checks */

/* The weights' checks are THNNConvShape.h's, on sizes, shared with libTHCUNN. Both return nOutputPlane. */
static long THNN_(convCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNConvPlan *plan,
                                   const THNNConvParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNConv_checkWeight(fn, arg, w->nDimension, w->size, plan, p->kH, p->kW);
}

static long THNN_(fullConvCheckWeight)(const char *fn, const char *arg, THTensor *w, const THNNConvPlan *plan,
                                       const THNNConvParams *p) {
  THNN_(checkNotNull)(fn, arg, w);
  return THNNConv_checkFullWeight(fn, arg, w->nDimension, w->size, plan, p->kH, p->kW);
}

/* ---------------------------------------------------------------- convolution */

/* The arrays the Winograd and direct kernels take: contiguous in, weight and bias (bias may be NULL)
 * and a writable out (already resized); convOperandsDone writes out back and frees the rest. */
typedef struct {
  THTensor *in, *weight, *bias, *out, *result;
} THNN_(ConvOperands);

static THNN_(ConvOperands) THNN_(convOperands)(THTensor *in, THTensor *weight, THTensor *bias, THTensor *out) {
  THNN_(ConvOperands) o = {THTensor_(newContiguous)(in), THTensor_(newContiguous)(weight),
                           bias ? THTensor_(newContiguous)(bias) : NULL, THNN_(writable)(out, 0), out};
  return o;
}

static inline const real *THNN_(convOperandsBias)(const THNN_(ConvOperands) *o) {
  return o->bias ? THTensor_(data)(o->bias) : NULL;
}

static void THNN_(convOperandsDone)(THNN_(ConvOperands) *o) {
  THNN_(writeBack)(o->result, o->out);
  THTensor_(free)(o->in);
  THTensor_(free)(o->weight);
  if (o->bias) THTensor_(free)(o->bias);
}

/* out = the Winograd convolution (Winograd.h) of `in`, [nImages x inPlanes x height x width], with
 * weight (adjoint: transposed and turned, for an input gradient), planes output planes, padding
 * padH/padW and bias (may be NULL); out is already resized. */
static void THNN_(convWinograd)(long nImages, THTensor *in, long inPlanes, long height, long width, long padH,
                                long padW, THTensor *weight, int adjoint, long planes, THTensor *bias,
                                THTensor *out) {
  THNN_(ConvOperands) o = THNN_(convOperands)(in, weight, bias, out);
  THNN_(winogradConvolution)(THTensor_(data)(o.in), nImages, inPlanes, height, width, padH, padW,
                             THTensor_(data)(o.weight), adjoint, planes, THNN_(convOperandsBias)(&o),
                             THTensor_(data)(o.out));
  THNN_(convOperandsDone)(&o);
}

/* The output and weight-gradient passes of the kernels that need no unfolded columns: the direct
 * ones (rows of 2 vectors or more) or the plane ones (shorter rows). */
typedef struct {
  void (*output)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight, long planes,
                 const real *bias, real *output);
  void (*weightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput, long nImages,
                         long planes, accreal scale, real *gradWeight, real *gradBias);
} THNN_(ColumnlessPasses);

/* The columnless passes that take geometry g to `planes` planes on this CPU, or NULL (im2col +
 * GEMM). Both passes go the same way: after a columnless output, finput holds no columns. */
static const THNN_(ColumnlessPasses) *THNN_(convColumnless)(const THNNConvGeometry *g, long planes) {
  static const THNN_(ColumnlessPasses) direct = {THNN_(directConvolution), THNN_(directWeightGradient)};
  static const THNN_(ColumnlessPasses) plane = {THNN_(planeConvolution), THNN_(planeWeightGradient)};
  if (THNN_(directApplies)(g, planes, THNN_DIRECT_OUTPUT)) return &direct;
  return THNN_(planeApplies)(g, planes) ? &plane : NULL;
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
  const THNN_(ColumnlessPasses) *columnless = THNN_(convColumnless)(&plan.geometry, nOut);
  if (columnless) {
    THTensor_(resize1d)(columns, 0); /* as for Winograd */
    THNN_(ConvOperands) o = THNN_(convOperands)(input, weight, bias, output);
    columnless->output(&plan.geometry, THTensor_(data)(o.in), plan.nImages, THTensor_(data)(o.weight), nOut,
                       THNN_(convOperandsBias)(&o), THTensor_(data)(o.out));
    THNN_(convOperandsDone)(&o);
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
  if (THNN_(directApplies)(&plan.geometry, nOut, THNN_DIRECT_GRAD_INPUT)) {
    THNN_(ConvOperands) o = THNN_(convOperands)(gradOutput, weight, NULL, gradInput);
    THNN_(directInputGradient)(&plan.geometry, THTensor_(data)(o.in), plan.nImages, THTensor_(data)(o.weight), nOut,
                               THTensor_(data)(o.out));
    THNN_(convOperandsDone)(&o);
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
    THTensor *gwT = THNN_(writable)(gradWeight, 1);
    THNN_(winogradWeightGradient)(THTensor_(data)(inT), THTensor_(data)(goT), plan.nImages, plan.nInputPlane,
                                  plan.inputHeight, plan.inputWidth, p->padH, p->padW, nOut, scale,
                                  THTensor_(data)(gwT));
    THNN_(writeBack)(gradWeight, gwT);
    THNN_(convAccGradBiasTensor)(gradBias, THTensor_(data)(goT), plan.nImages, nOut,
                                 plan.outputHeight * plan.outputWidth, scale);
    THTensor_(free)(inT);
    THTensor_(free)(goT);
    return;
  }
  const THNN_(ColumnlessPasses) *columnless = THNN_(convColumnless)(&plan.geometry, nOut);
  if (columnless) {
    THTensor *inT = THTensor_(newContiguous)(input), *goT = THTensor_(newContiguous)(gradOutput);
    THTensor *gwT = THNN_(writable)(gradWeight, 1), *gbT = gradBias ? THNN_(writable)(gradBias, 1) : NULL;
    columnless->weightGradient(&plan.geometry, THTensor_(data)(inT), THTensor_(data)(goT), plan.nImages, nOut, scale,
                               THTensor_(data)(gwT), gbT ? THTensor_(data)(gbT) : NULL);
    THNN_(writeBack)(gradWeight, gwT);
    if (gbT) THNN_(writeBack)(gradBias, gbT);
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
