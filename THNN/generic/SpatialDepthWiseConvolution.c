#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialDepthWiseConvolution.c"
#else
/* Depth-wise convolution: input plane i convolved with each of its nOutputPlane kernels
 * weight[j][i] ([nOutputPlane x nInputPlane x kH x kW], or 2D [nOutputPlane x nInputPlane*kH*kW])
 * gives output plane i * nOutputPlane + j, plus bias[j][i] ([nOutputPlane x nInputPlane]).
 * finput holds the unfolded input ([nImages x nInputPlane x kH*kW x outputHeight*outputWidth],
 * without nImages for one image) for accGradParameters, fgradInput the input-gradient columns, as in
 * Torch7. gradOutput may also split its planes as [nInputPlane x nOutputPlane]. Torch7 swapped the
 * input's height and width (wrong for non-square inputs); here they are read in NCHW order.
 * The per-plane products are small (nOutputPlane x kH*kW): they run as vectorised loops, in
 * parallel over images and planes, rather than as tiny GEMMs. */

typedef struct {
  THNNConvPlan plan;
  long multiplier, kernelSize, L;
} THNN_(DepthWiseCall);

static void THNN_(SpatialDepthWiseConvolution_begin)(const char *fn, THTensor *input, THTensor *weight,
                                                     const char *weightName, int kW, int kH, int dW, int dH,
                                                     int padW, int padH, THNN_(DepthWiseCall) *c) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(convPlan)(fn, input, &p, 0, &c->plan);
  THNN_(checkNotNull)(fn, weightName, weight);
  /* the checks are THNNConvShape.h's, on sizes, shared with libTHCUNN */
  c->multiplier = THNNConv_checkWeight(fn, weightName, weight->nDimension, weight->size, &c->plan, kH, kW);
  c->kernelSize = (long)kH * kW;
  c->L = c->plan.outputHeight * c->plan.outputWidth;
}

/* The unfolded input of every image, [nImages*nInputPlane x kH*kW x L]. */
static real *THNN_(SpatialDepthWiseConvolution_columns)(THTensor *buffer, const THNN_(DepthWiseCall) *c) {
  const THNNConvPlan *pl = &c->plan;
  if (pl->batched) return THNN_(convBuffer)(buffer, 4, pl->nImages, pl->nInputPlane, c->kernelSize, c->L);
  return THNN_(convBuffer)(buffer, 3, pl->nInputPlane, c->kernelSize, c->L, 0);
}

static void THNN_(SpatialDepthWiseConvolution_checkGradOutput)(const char *fn, THTensor *gradOutput,
                                                               const THNN_(DepthWiseCall) *c) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNConv_checkDepthWiseGradOutput(fn, gradOutput->nDimension, gradOutput->size, &c->plan, c->multiplier);
}

void THNN_(SpatialDepthWiseConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                     THTensor *weight, THTensor *bias, THTensor *finput,
                                                     THTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                     int padH) {
  const char *fn = "SpatialDepthWiseConvolution_updateOutput";
  THNN_(DepthWiseCall) c;
  THNN_(SpatialDepthWiseConvolution_begin)(fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, &c);
  const long nIn = c.plan.nInputPlane, mult = c.multiplier, kk = c.kernelSize, L = c.L;
  THNN_(convCheckNumel)(fn, "bias", bias, mult * nIn, "nOutputPlane x nInputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "finput", finput);

  real *cols = THNN_(SpatialDepthWiseConvolution_columns)(finput, &c);
  THNN_(convResize)(output, &c.plan, nIn * mult, c.plan.outputHeight, c.plan.outputWidth);
  THTensor *in = THTensor_(newContiguous)(input), *wt = THTensor_(newContiguous)(weight);
  THTensor *bt = bias ? THTensor_(newContiguous)(bias) : NULL, *out = THNN_(writable)(output, 0);
  const long imageSize = nIn * c.plan.inputHeight * c.plan.inputWidth;
  for (long n = 0; n < c.plan.nImages; n++)
    THNN_(im2col)(&c.plan.geometry, THTensor_(data)(in) + n * imageSize, cols + n * nIn * kk * L);

  const real *w = THTensor_(data)(wt), *b = bt ? THTensor_(data)(bt) : NULL;
  real *o = THTensor_(data)(out);
#pragma omp parallel for if (c.plan.nImages * nIn * mult * kk * L > THNN_CONV_OMP_MIN)
  for (long ni = 0; ni < c.plan.nImages * nIn; ni++) {
    const long i = ni % nIn;
    const real *col = cols + ni * kk * L;
    for (long j = 0; j < mult; j++) {
      real *dst = o + (ni * mult + j) * L;
      const real start = b ? b[j * nIn + i] : 0;
      for (long l = 0; l < L; l++) dst[l] = start;
      for (long q = 0; q < kk; q++) {
        const real wq = w[(j * nIn + i) * kk + q];
        for (long l = 0; l < L; l++) dst[l] += wq * col[q * L + l];
      }
    }
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(in);
  THTensor_(free)(wt);
  if (bt) THTensor_(free)(bt);
}

void THNN_(SpatialDepthWiseConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                        THTensor *fgradInput, int kW, int kH, int dW, int dH,
                                                        int padW, int padH) {
  const char *fn = "SpatialDepthWiseConvolution_updateGradInput";
  THNN_(DepthWiseCall) c;
  THNN_(SpatialDepthWiseConvolution_begin)(fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, &c);
  THNN_(SpatialDepthWiseConvolution_checkGradOutput)(fn, gradOutput, &c);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "fgradInput", fgradInput);
  const long nIn = c.plan.nInputPlane, mult = c.multiplier, kk = c.kernelSize, L = c.L;

  real *gcols = THNN_(SpatialDepthWiseConvolution_columns)(fgradInput, &c);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *wt = THTensor_(newContiguous)(weight);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *w = THTensor_(data)(wt), *go = THTensor_(data)(gout);
#pragma omp parallel for if (c.plan.nImages * nIn * mult * kk * L > THNN_CONV_OMP_MIN)
  for (long ni = 0; ni < c.plan.nImages * nIn; ni++) {
    const long i = ni % nIn;
    real *col = gcols + ni * kk * L;
    memset(col, 0, sizeof(real) * (size_t)(kk * L));
    for (long j = 0; j < mult; j++) {
      const real *g = go + (ni * mult + j) * L;
      for (long q = 0; q < kk; q++) {
        const real wq = w[(j * nIn + i) * kk + q];
        for (long l = 0; l < L; l++) col[q * L + l] += wq * g[l];
      }
    }
  }
  const long imageSize = nIn * c.plan.inputHeight * c.plan.inputWidth;
  memset(THTensor_(data)(gin), 0, sizeof(real) * (size_t)THTensor_(nElement)(gin));
  for (long n = 0; n < c.plan.nImages; n++)
    THNN_(col2im)(&c.plan.geometry, gcols + n * nIn * kk * L, THTensor_(data)(gin) + n * imageSize);
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(gout);
  THTensor_(free)(wt);
}

/* Reads finput as updateOutput left it (call it after updateOutput on the same input, as Torch7
 * required); a finput of another size is refilled from the input. */
void THNN_(SpatialDepthWiseConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                          THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                          THTensor *fgradInput, int kW, int kH, int dW, int dH,
                                                          int padW, int padH, accreal scale) {
  const char *fn = "SpatialDepthWiseConvolution_accGradParameters";
  THNN_(DepthWiseCall) c;
  THNN_(SpatialDepthWiseConvolution_begin)(fn, input, gradWeight, "gradWeight", kW, kH, dW, dH, padW, padH, &c);
  const long nIn = c.plan.nInputPlane, mult = c.multiplier, kk = c.kernelSize, L = c.L, N = c.plan.nImages;
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, mult * nIn, "nOutputPlane x nInputPlane");
  THNN_(SpatialDepthWiseConvolution_checkGradOutput)(fn, gradOutput, &c);
  THNN_(checkNotNull)(fn, "finput", finput);

  const int kept = THTensor_(isContiguous)(finput) && THTensor_(nElement)(finput) == N * nIn * kk * L &&
                   finput->nDimension == (c.plan.batched ? 4 : 3);
  real *cols = THNN_(SpatialDepthWiseConvolution_columns)(finput, &c);
  THTensor *in = THTensor_(newContiguous)(input), *gout = THTensor_(newContiguous)(gradOutput);
  if (!kept) {
    const long imageSize = nIn * c.plan.inputHeight * c.plan.inputWidth;
    for (long n = 0; n < N; n++)
      THNN_(im2col)(&c.plan.geometry, THTensor_(data)(in) + n * imageSize, cols + n * nIn * kk * L);
  }
  THTensor *gw = THNN_(writable)(gradWeight, 1), *gb = gradBias ? THNN_(writable)(gradBias, 1) : NULL;
  real *gwd = THTensor_(data)(gw), *gbd = gb ? THTensor_(data)(gb) : NULL;
  const real *go = THTensor_(data)(gout);
#pragma omp parallel for if (N * nIn * mult * kk * L > THNN_CONV_OMP_MIN)
  for (long i = 0; i < nIn; i++) {
    for (long j = 0; j < mult; j++) {
      for (long q = 0; q < kk; q++) {
        accreal sum = 0;
        for (long n = 0; n < N; n++) {
          const real *g = go + ((n * nIn + i) * mult + j) * L, *col = cols + ((n * nIn + i) * kk + q) * L;
          for (long l = 0; l < L; l++) sum += (accreal)g[l] * col[l];
        }
        gwd[(j * nIn + i) * kk + q] += (real)(scale * sum);
      }
      if (gbd) {
        accreal sum = 0;
        for (long n = 0; n < N; n++)
          for (long l = 0; l < L; l++) sum += go[((n * nIn + i) * mult + j) * L + l];
        gbd[j * nIn + i] += (real)(scale * sum);
      }
    }
  }
  THNN_(writeBack)(gradWeight, gw);
  if (gb) THNN_(writeBack)(gradBias, gb);
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
