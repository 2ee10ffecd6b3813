#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalSubSampling.c"
#else

/* Per feature f: output[t][f] = bias[f] + weight[f] * (the sum of input frames t*dW .. t*dW+kW-1 at
 * f), on [T x F] or [N x T x F]. weight and bias hold F values (any shape); bias and gradBias may be
 * NULL (no bias). Torch7's batch mode forgot the bias and could not run its backward; both work here. */

static void THNN_(TemporalSubSampling_checkParam)(const char *fn, const char *arg, THTensor *t, long F) {
  THNN_(convCheckNumel)(fn, arg, t, F, "one per input feature");
}

void THNN_(TemporalSubSampling_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                             THTensor *bias, int kW, int dW, int inputFrameSize) {
  const char *fn = "TemporalSubSampling_updateOutput";
  THNNPoolShape s;
  THNN_(poolTemporalPlan)(fn, input, kW, dW, &s);
  const long T = s.inputSize[0], oT = s.outputSize[0], F = s.nPlanes, rows = s.nBatch * oT;
  if (F != inputFrameSize)
    THError("%s: input must have inputFrameSize = %d features (its last dimension), got size %s", fn, inputFrameSize,
            THTensor_(sizeDesc)(input).str);
  THNN_(checkNotNull)(fn, "weight", weight);
  THNN_(TemporalSubSampling_checkParam)(fn, "weight", weight, F);
  THNN_(TemporalSubSampling_checkParam)(fn, "bias", bias, F);
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[3];
  const int nd = THNN_(poolTemporalOutputSizes)(&s, sizes);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *wc = THTensor_(newContiguous)(weight);
  THTensor *bc = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in), *wp = THTensor_(data)(wc), *bp = bc ? THTensor_(data)(bc) : NULL;
  real *op = THTensor_(data)(out);

#pragma omp parallel for if (rows > 1 && rows * kW * F > THNN_POOL_OMP_MIN)
  for (long r = 0; r < rows; r++) {
    const real *window = ip + ((r / oT) * T + (r % oT) * dW) * F;
    for (long f = 0; f < F; f++) {
      accreal sum = 0;
      for (long k = 0; k < kW; k++) sum += window[k * F + f];
      op[r * F + f] = (real)((bp ? bp[f] : 0) + wp[f] * sum);
    }
  }

  THTensor_(free)(in);
  THTensor_(free)(wc);
  if (bc) THTensor_(free)(bc);
  THNN_(writeBack)(output, out);
}

void THNN_(TemporalSubSampling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THTensor *weight, int kW, int dW) {
  const char *fn = "TemporalSubSampling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolTemporalPlan)(fn, input, kW, dW, &s);
  const long T = s.inputSize[0], oT = s.outputSize[0], F = s.nPlanes, nBatch = s.nBatch;
  long sizes[3];
  const int nd = THNN_(poolTemporalOutputSizes)(&s, sizes);
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(checkNotNull)(fn, "weight", weight);
  THNN_(TemporalSubSampling_checkParam)(fn, "weight", weight, F);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);

  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor *wc = THTensor_(newContiguous)(weight);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gi = THNN_(writable)(gradInput, 0);
  const real *gop = THTensor_(data)(go), *wp = THTensor_(data)(wc);
  real *gip = THTensor_(data)(gi);

  /* Windows overlap when dW < kW: the samples are what can run in parallel. */
#pragma omp parallel for if (nBatch > 1 && nBatch * T * F > THNN_POOL_OMP_MIN)
  for (long b = 0; b < nBatch; b++) {
    real *g = gip + b * T * F;
    memset(g, 0, sizeof(real) * (size_t)(T * F));
    for (long t = 0; t < oT; t++) {
      const real *gor = gop + (b * oT + t) * F;
      for (long k = 0; k < kW; k++) {
        real *frame = g + (t * dW + k) * F;
        for (long f = 0; f < F; f++) frame[f] += wp[f] * gor[f];
      }
    }
  }

  THTensor_(free)(go);
  THTensor_(free)(wc);
  THNN_(writeBack)(gradInput, gi);
}

void THNN_(TemporalSubSampling_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradWeight, THTensor *gradBias, int kW, int dW,
                                                  accreal scale) {
  const char *fn = "TemporalSubSampling_accGradParameters";
  THNNPoolShape s;
  THNN_(poolTemporalPlan)(fn, input, kW, dW, &s);
  const long T = s.inputSize[0], oT = s.outputSize[0], F = s.nPlanes, rows = s.nBatch * oT;
  long sizes[3];
  const int nd = THNN_(poolTemporalOutputSizes)(&s, sizes);
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(checkNotNull)(fn, "gradWeight", gradWeight);
  THNN_(TemporalSubSampling_checkParam)(fn, "gradWeight", gradWeight, F);
  THNN_(TemporalSubSampling_checkParam)(fn, "gradBias", gradBias, F);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(writable)(gradWeight, 1);
  THTensor *gb = gradBias ? THNN_(writable)(gradBias, 1) : NULL;
  const real *ip = THTensor_(data)(in), *gop = THTensor_(data)(go);
  real *gwp = THTensor_(data)(gw), *gbp = gb ? THTensor_(data)(gb) : NULL;

  /* Features are independent: each thread takes some and runs over every frame. */
#pragma omp parallel for if (F > 1 && rows * kW * F > THNN_POOL_OMP_MIN)
  for (long f = 0; f < F; f++) {
    accreal sumW = 0, sumB = 0;
    for (long r = 0; r < rows; r++) {
      const real *window = ip + ((r / oT) * T + (r % oT) * dW) * F;
      accreal sum = 0;
      for (long k = 0; k < kW; k++) sum += window[k * F + f];
      sumW += gop[r * F + f] * sum;
      sumB += gop[r * F + f];
    }
    gwp[f] += (real)(scale * sumW);
    if (gbp) gbp[f] += (real)(scale * sumB);
  }

  THTensor_(free)(in);
  THTensor_(free)(go);
  THNN_(writeBack)(gradWeight, gw);
  if (gb) THNN_(writeBack)(gradBias, gb);
}

#endif
