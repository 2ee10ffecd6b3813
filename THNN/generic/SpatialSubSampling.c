#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialSubSampling.c"
#else

/* LeNet's subsampling: output = bias[k] + weight[k] * (the sum of the kH x kW window) for plane k,
 * windows moved by dH, dW without padding. weight and bias hold one value per plane (any shape with
 * nInputPlane elements); bias and gradBias may be NULL (no bias). */

static void THNN_(SpatialSubSampling_plan)(const char *fn, THTensor *input, THTensor *weight, int kW, int kH, int dW,
                                           int dH, THNNPoolShape *s) {
  const THNNPoolWindow w[2] = {{kH, dH, 0, 1}, {kW, dW, 0, 1}};
  THNN_(poolPlan)(fn, "HW", input, w, 0, s);
  if (weight) THNN_(convCheckNumel)(fn, "weight", weight, s->nPlanes, "one per input plane");
}

/* The sum of window (oh, ow) of a plane. */
static inline accreal THNN_(SpatialSubSampling_sum)(const real *plane, long iW, long oh, long ow, int kW, int kH,
                                                    int dW, int dH) {
  accreal sum = 0;
  const real *r = plane + oh * dH * iW + ow * dW;
  for (long y = 0; y < kH; y++)
    for (long x = 0; x < kW; x++) sum += r[y * iW + x];
  return sum;
}

void THNN_(SpatialSubSampling_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                            THTensor *bias, int kW, int kH, int dW, int dH) {
  const char *fn = "SpatialSubSampling_updateOutput";
  THNNPoolShape s;
  THNN_(checkNotNull)(fn, "weight", weight);
  THNN_(SpatialSubSampling_plan)(fn, input, weight, kW, kH, dW, dH, &s);
  THNN_(convCheckNumel)(fn, "bias", bias, s.nPlanes, "one per input plane");
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes, nPlanes = s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *wc = THTensor_(newContiguous)(weight);
  THTensor *bc = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in), *wp = THTensor_(data)(wc), *bp = bc ? THTensor_(data)(bc) : NULL;
  real *op = THTensor_(data)(out);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const long k = p % nPlanes;
    const accreal b = bp ? bp[k] : 0;
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++)
        op[(p * oH + oh) * oW + ow] =
            (real)(b + wp[k] * THNN_(SpatialSubSampling_sum)(ip + p * iH * iW, iW, oh, ow, kW, kH, dW, dH));
  }

  THTensor_(free)(in);
  THTensor_(free)(wc);
  if (bc) THTensor_(free)(bc);
  THNN_(writeBack)(output, out);
}

void THNN_(SpatialSubSampling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                               THTensor *gradInput, THTensor *weight, int kW, int kH, int dW, int dH) {
  const char *fn = "SpatialSubSampling_updateGradInput";
  THNNPoolShape s;
  THNN_(checkNotNull)(fn, "weight", weight);
  THNN_(SpatialSubSampling_plan)(fn, input, weight, kW, kH, dW, dH, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long planes = s.nBatch * s.nPlanes, nPlanes = s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor *wc = THTensor_(newContiguous)(weight);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gi = THNN_(writable)(gradInput, 0);
  const real *gop = THTensor_(data)(go), *wp = THTensor_(data)(wc);
  real *gip = THTensor_(data)(gi);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *plane = gip + p * iH * iW;
    const real w = wp[p % nPlanes];
    memset(plane, 0, sizeof(real) * (size_t)(iH * iW));
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        const real g = w * gop[(p * oH + oh) * oW + ow];
        real *r = plane + oh * dH * iW + ow * dW;
        for (long y = 0; y < kH; y++)
          for (long x = 0; x < kW; x++) r[y * iW + x] += g;
      }
  }

  THTensor_(free)(go);
  THTensor_(free)(wc);
  THNN_(writeBack)(gradInput, gi);
}

/* gradWeight[k] += scale * sum(gradOutput * window sums), gradBias[k] += scale * sum(gradOutput),
 * over plane k of every sample. */
void THNN_(SpatialSubSampling_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradWeight, THTensor *gradBias, int kW, int kH, int dW,
                                                 int dH, accreal scale) {
  const char *fn = "SpatialSubSampling_accGradParameters";
  THNNPoolShape s;
  THNN_(checkNotNull)(fn, "gradWeight", gradWeight);
  THNN_(SpatialSubSampling_plan)(fn, input, gradWeight, kW, kH, dW, dH, &s);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, s.nPlanes, "one per input plane");
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  const long nBatch = s.nBatch, nPlanes = s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor *gw = THNN_(writable)(gradWeight, 1);
  THTensor *gb = gradBias ? THNN_(writable)(gradBias, 1) : NULL;
  const real *ip = THTensor_(data)(in), *gop = THTensor_(data)(go);
  real *gwp = THTensor_(data)(gw), *gbp = gb ? THTensor_(data)(gb) : NULL;

#pragma omp parallel for if (nPlanes > 1 && nBatch * nPlanes * iH * iW > THNN_POOL_OMP_MIN)
  for (long k = 0; k < nPlanes; k++) {
    accreal sumW = 0, sumB = 0;
    for (long b = 0; b < nBatch; b++) {
      const long p = b * nPlanes + k;
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++) {
          const accreal g = gop[(p * oH + oh) * oW + ow];
          sumB += g;
          sumW += g * THNN_(SpatialSubSampling_sum)(ip + p * iH * iW, iW, oh, ow, kW, kH, dW, dH);
        }
    }
    gwp[k] += (real)(scale * sumW);
    if (gbp) gbp[k] += (real)(scale * sumB);
  }

  THTensor_(free)(in);
  THTensor_(free)(go);
  THNN_(writeBack)(gradWeight, gw);
  if (gb) THNN_(writeBack)(gradBias, gb);
}

#endif
