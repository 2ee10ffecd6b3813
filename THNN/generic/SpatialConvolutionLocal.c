#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialConvolutionLocal.c"
#else
/* Locally connected layer: a convolution whose weights are not shared, one [nOutputPlane x
 * nInputPlane*kH*kW] matrix per output position l: weight [outputHeight x outputWidth x nOutputPlane
 * x nInputPlane x kH x kW] (or 3D [outputHeight*outputWidth x nOutputPlane x nInputPlane*kH*kW]),
 * bias [nOutputPlane x outputHeight x outputWidth]. With the input unfolded (finput, [nImages x
 * nInputPlane*kH*kW x L], kept for accGradParameters as in Torch7) and the weight transposed to
 * [nOutputPlane x K x L], every product is an element-wise multiply-add along l, vectorised and
 * parallel over images and planes. fgradInput holds the input-gradient columns (same size). */

typedef struct {
  THNNConvPlan plan;
  long nOutputPlane, K, L;
} THNN_(LocalCall);

static void THNN_(SpatialConvolutionLocal_begin)(const char *fn, THTensor *input, THTensor *weight,
                                                 const char *weightName, int kW, int kH, int dW, int dH, int padW,
                                                 int padH, long inputWidth, long inputHeight, long outputWidth,
                                                 long outputHeight, THNN_(LocalCall) *c) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(convPlan)(fn, input, &p, 0, &c->plan);
  const THNNConvPlan *pl = &c->plan;
  /* the checks are THNNConvShape.h's, on sizes, shared with libTHCUNN */
  THNNConv_checkLocalSizes(fn, input->nDimension, input->size, pl, inputWidth, inputHeight, outputWidth,
                           outputHeight);
  THNN_(checkNotNull)(fn, weightName, weight);
  c->nOutputPlane = THNNConv_checkLocalWeight(fn, weightName, weight->nDimension, weight->size, pl, kH, kW);
  c->K = pl->nInputPlane * kH * kW;
  c->L = outputHeight * outputWidth;
}

static real *THNN_(SpatialConvolutionLocal_columns)(THTensor *buffer, const THNN_(LocalCall) *c) {
  if (c->plan.batched) return THNN_(convBuffer)(buffer, 3, c->plan.nImages, c->K, c->L, 0);
  return THNN_(convBuffer)(buffer, 2, c->K, c->L, 0, 0);
}

/* [L x nOutputPlane*K] -> [nOutputPlane*K x L]: the weight with the position innermost. */
static real *THNN_(SpatialConvolutionLocal_transposedWeight)(THTensor *weight, const THNN_(LocalCall) *c) {
  THTensor *w = THTensor_(newContiguous)(weight);
  const real *src = THTensor_(data)(w);
  const long rows = c->nOutputPlane * c->K, L = c->L;
  real *t = THAlloc(sizeof(real) * rows * L);
#pragma omp parallel for if (rows * L > THNN_CONV_OMP_MIN)
  for (long r = 0; r < rows; r++)
    for (long l = 0; l < L; l++) t[r * L + l] = src[l * rows + r];
  THTensor_(free)(w);
  return t;
}

static void THNN_(SpatialConvolutionLocal_unfold)(THTensor *input, real *cols, const THNN_(LocalCall) *c) {
  THTensor *in = THTensor_(newContiguous)(input);
  const long imageSize = c->plan.nInputPlane * c->plan.inputHeight * c->plan.inputWidth;
  for (long n = 0; n < c->plan.nImages; n++)
    THNN_(im2col)(&c->plan.geometry, THTensor_(data)(in) + n * imageSize, cols + n * c->K * c->L);
  THTensor_(free)(in);
}

void THNN_(SpatialConvolutionLocal_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                 THTensor *weight, THTensor *bias, THTensor *finput,
                                                 THTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                 int padH, long inputWidth, long inputHeight, long outputWidth,
                                                 long outputHeight) {
  const char *fn = "SpatialConvolutionLocal_updateOutput";
  THNN_(LocalCall) c;
  THNN_(SpatialConvolutionLocal_begin)(fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, inputWidth,
                                       inputHeight, outputWidth, outputHeight, &c);
  const long nOut = c.nOutputPlane, K = c.K, L = c.L, N = c.plan.nImages;
  THNN_(convCheckNumel)(fn, "bias", bias, nOut * L, "nOutputPlane x outputHeight x outputWidth");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "finput", finput);

  real *cols = THNN_(SpatialConvolutionLocal_columns)(finput, &c);
  THNN_(SpatialConvolutionLocal_unfold)(input, cols, &c);
  THNN_(convResize)(output, &c.plan, nOut, outputHeight, outputWidth);
  THTensor *out = THNN_(writable)(output, 0), *bt = bias ? THTensor_(newContiguous)(bias) : NULL;
  real *wt = THNN_(SpatialConvolutionLocal_transposedWeight)(weight, &c);
  const real *b = bt ? THTensor_(data)(bt) : NULL;
  real *o = THTensor_(data)(out);
#pragma omp parallel for if (N * nOut * K * L > THNN_CONV_OMP_MIN)
  for (long no = 0; no < N * nOut; no++) {
    const long n = no / nOut, p = no % nOut;
    real *dst = o + no * L;
    for (long l = 0; l < L; l++) dst[l] = b ? b[p * L + l] : 0;
    for (long k = 0; k < K; k++) {
      const real *w = wt + (p * K + k) * L, *col = cols + (n * K + k) * L;
      for (long l = 0; l < L; l++) dst[l] += w[l] * col[l];
    }
  }
  THFree(wt);
  THNN_(writeBack)(output, out);
  if (bt) THTensor_(free)(bt);
}

void THNN_(SpatialConvolutionLocal_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                    THTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                    int padH, long inputWidth, long inputHeight, long outputWidth,
                                                    long outputHeight) {
  const char *fn = "SpatialConvolutionLocal_updateGradInput";
  THNN_(LocalCall) c;
  THNN_(SpatialConvolutionLocal_begin)(fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, inputWidth,
                                       inputHeight, outputWidth, outputHeight, &c);
  const long nOut = c.nOutputPlane, K = c.K, L = c.L, N = c.plan.nImages;
  THNN_(convCheckGradOutput)(fn, gradOutput, &c.plan, nOut);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "fgradInput", fgradInput);

  real *gcols = THNN_(SpatialConvolutionLocal_columns)(fgradInput, &c);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *gin = THNN_(writable)(gradInput, 0);
  real *wt = THNN_(SpatialConvolutionLocal_transposedWeight)(weight, &c);
  const real *go = THTensor_(data)(gout);
#pragma omp parallel for if (N * nOut * K * L > THNN_CONV_OMP_MIN)
  for (long nk = 0; nk < N * K; nk++) {
    const long n = nk / K, k = nk % K;
    real *dst = gcols + nk * L;
    memset(dst, 0, sizeof(real) * (size_t)L);
    for (long p = 0; p < nOut; p++) {
      const real *w = wt + (p * K + k) * L, *g = go + (n * nOut + p) * L;
      for (long l = 0; l < L; l++) dst[l] += w[l] * g[l];
    }
  }
  THFree(wt);
  const long imageSize = c.plan.nInputPlane * inputHeight * inputWidth;
  memset(THTensor_(data)(gin), 0, sizeof(real) * (size_t)THTensor_(nElement)(gin));
  for (long n = 0; n < N; n++) THNN_(col2im)(&c.plan.geometry, gcols + n * K * L, THTensor_(data)(gin) + n * imageSize);
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(gout);
}

/* Reads finput as updateOutput left it (call it after updateOutput on the same input, as Torch7
 * required); a finput of another size is refilled from the input. */
void THNN_(SpatialConvolutionLocal_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                      THTensor *fgradInput, int kW, int kH, int dW, int dH,
                                                      int padW, int padH, long inputWidth, long inputHeight,
                                                      long outputWidth, long outputHeight, accreal scale) {
  const char *fn = "SpatialConvolutionLocal_accGradParameters";
  THNN_(LocalCall) c;
  THNN_(SpatialConvolutionLocal_begin)(fn, input, gradWeight, "gradWeight", kW, kH, dW, dH, padW, padH, inputWidth,
                                       inputHeight, outputWidth, outputHeight, &c);
  const long nOut = c.nOutputPlane, K = c.K, L = c.L, N = c.plan.nImages;
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOut * L, "nOutputPlane x outputHeight x outputWidth");
  THNN_(convCheckGradOutput)(fn, gradOutput, &c.plan, nOut);
  THNN_(checkNotNull)(fn, "finput", finput);

  const int kept = THTensor_(isContiguous)(finput) && THTensor_(nElement)(finput) == N * K * L &&
                   finput->nDimension == (c.plan.batched ? 3 : 2);
  real *cols = THNN_(SpatialConvolutionLocal_columns)(finput, &c);
  if (!kept) THNN_(SpatialConvolutionLocal_unfold)(input, cols, &c);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *gw = THNN_(writable)(gradWeight, 1);
  const real *go = THTensor_(data)(gout);
  real *gwd = THTensor_(data)(gw);
  /* The gradient in the transposed layout [nOutputPlane*K x L], then added position-major. */
  real *gwt = THAlloc(sizeof(real) * nOut * K * L);
#pragma omp parallel for if (N * nOut * K * L > THNN_CONV_OMP_MIN)
  for (long pk = 0; pk < nOut * K; pk++) {
    const long p = pk / K, k = pk % K;
    real *dst = gwt + pk * L;
    memset(dst, 0, sizeof(real) * (size_t)L);
    for (long n = 0; n < N; n++) {
      const real *g = go + (n * nOut + p) * L, *col = cols + (n * K + k) * L;
      for (long l = 0; l < L; l++) dst[l] += g[l] * col[l];
    }
  }
#pragma omp parallel for if (nOut * K * L > THNN_CONV_OMP_MIN)
  for (long l = 0; l < L; l++)
    for (long pk = 0; pk < nOut * K; pk++) gwd[l * nOut * K + pk] += (real)(scale * gwt[pk * L + l]);
  THFree(gwt);
  THNN_(writeBack)(gradWeight, gw);
  if (gradBias) {
    THTensor *gb = THNN_(writable)(gradBias, 1);
    real *gbd = THTensor_(data)(gb);
    for (long p = 0; p < nOut; p++)
      for (long l = 0; l < L; l++) {
        accreal sum = 0;
        for (long n = 0; n < N; n++) sum += go[(n * nOut + p) * L + l];
        gbd[p * L + l] += (real)(scale * sum);
      }
    THNN_(writeBack)(gradBias, gb);
  }
  THTensor_(free)(gout);
}

#endif
