#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/PReLU.c"
#else

/* PReLU: x above 0, w x at and below, with one slope w shared by every element (nOutputPlane 0,
 * weight of one element) or one per channel (weight of nOutputPlane elements). The channels are
 * dimension 1 of a batch (N x C, N x C x H x W, ...) and dimension 0 of a single sample (C, and
 * C x H x W). Torch7 took dimension 1 for a 3D C x H x W input as well (and checked dimension 0):
 * ember reads such an input as one sample, as nn.PReLU documents.
 *
 * PReLU_(shape) checks the arguments and gives the view the kernels use: the input as
 * outer x channels x inner, with one slope per channel. */
static void THNN_(PReLU_shape)(const char *fn, THTensor *input, THTensor *weight, THIndex_t nOutputPlane,
                               long *outer, long *channels, long *inner) {
  THNN_(checkDims)(fn, "input", input, 1, TH_MAX_DIMS);
  THNN_(checkNotNull)(fn, "weight", weight);
  if (nOutputPlane < 0) THError("%s: nOutputPlane must be >= 0 (0: one shared slope), got %ld", fn, nOutputPlane);
  long expected = nOutputPlane == 0 ? 1 : nOutputPlane;
  if (THTensor_(nElement)(weight) != expected)
    THError("%s: weight must have %ld element%s (nOutputPlane %ld), got size %s", fn, expected,
            expected == 1 ? "" : "s", nOutputPlane, THTensor_(sizeDesc)(weight).str);
  *outer = 1;
  *channels = 1;
  *inner = THTensor_(nElement)(input);
  if (nOutputPlane == 0) return;
  int dims = input->nDimension;
  int channelDim = (dims == 1 || dims == 3) ? 0 : 1;
  if (input->size[channelDim] != nOutputPlane)
    THError("%s: input must have nOutputPlane = %ld channels at dimension %d, got size %s", fn, nOutputPlane,
            channelDim + TH_INDEX_BASE, THTensor_(sizeDesc)(input).str);
  *outer = channelDim == 0 ? 1 : input->size[0];
  *channels = nOutputPlane;
  *inner = 1;
  for (int d = channelDim + 1; d < dims; d++) *inner *= input->size[d];
}

void THNN_(PReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                               THIndex_t nOutputPlane) {
  long outer, channels, inner;
  THNN_(PReLU_shape)("PReLU_updateOutput", input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkNotNull)("PReLU_updateOutput", "output", output);
  input = THTensor_(newContiguous)(input);
  weight = THTensor_(newContiguous)(weight);
  THTensor_(resizeAs)(output, input);
  THTensor *out = THNN_(writable)(output, 0);
  const real *x = THTensor_(data)(input), *w = THTensor_(data)(weight);
  real *y = THTensor_(data)(out);
  long planes = outer * channels;
#pragma omp parallel for if (planes > 1 && planes * inner > TH_OMP_THRESHOLD)
  for (long p = 0; p < planes; p++) {
    const real slope = w[p % channels];
    const real *xp = x + p * inner;
    real *yp = y + p * inner;
    for (long i = 0; i < inner; i++) yp[i] = xp[i] > 0 ? xp[i] : slope * xp[i];
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(input);
  THTensor_(free)(weight);
}

void THNN_(PReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                  THTensor *weight, THIndex_t nOutputPlane) {
  long outer, channels, inner;
  THNN_(PReLU_shape)("PReLU_updateGradInput", input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkSameNumel)("PReLU_updateGradInput", "gradOutput", gradOutput, "input", input);
  THNN_(checkNotNull)("PReLU_updateGradInput", "gradInput", gradInput);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  weight = THTensor_(newContiguous)(weight);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *x = THTensor_(data)(input), *g = THTensor_(data)(gradOutput), *w = THTensor_(data)(weight);
  real *gi = THTensor_(data)(gin);
  long planes = outer * channels;
#pragma omp parallel for if (planes > 1 && planes * inner > TH_OMP_THRESHOLD)
  for (long p = 0; p < planes; p++) {
    const real slope = w[p % channels];
    for (long i = p * inner; i < (p + 1) * inner; i++) gi[i] = x[i] > 0 ? g[i] : slope * g[i];
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  THTensor_(free)(weight);
}

/* gradWeight[c] += scale * sum of x g over the elements of channel c with x <= 0. gradWeightBuf and
 * gradWeightBuf2 (Torch7's scratch space) are not needed and not touched; they may be NULL. */
void THNN_(PReLU_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                    THTensor *weight, THTensor *gradWeight, THTensor *gradWeightBuf,
                                    THTensor *gradWeightBuf2, THIndex_t nOutputPlane, accreal scale) {
  const char *fn = "PReLU_accGradParameters";
  long outer, channels, inner;
  THNN_(PReLU_shape)(fn, input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkSameNumel)(fn, "gradOutput", gradOutput, "input", input);
  THNN_(checkSameNumel)(fn, "gradWeight", gradWeight, "weight", weight);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THTensor_(newContiguous)(gradWeight);
  const real *x = THTensor_(data)(input), *g = THTensor_(data)(gradOutput);
  real *gwp = THTensor_(data)(gw);
#pragma omp parallel for if (channels > 1 && outer * channels * inner > TH_OMP_THRESHOLD)
  for (long c = 0; c < channels; c++) {
    accreal sum = 0;
    for (long o = 0; o < outer; o++) {
      const real *xp = x + (o * channels + c) * inner, *gp = g + (o * channels + c) * inner;
      for (long i = 0; i < inner; i++) sum += xp[i] > 0 ? 0 : (accreal)xp[i] * gp[i];
    }
    gwp[c] += (real)(scale * sum);
  }
  THTensor_(freeCopyTo)(gw, gradWeight);
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
}

#endif
