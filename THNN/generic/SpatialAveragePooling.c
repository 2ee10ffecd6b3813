#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAveragePooling.c"
#else

/* The mean over each kH x kW window. A window counts its positions inside the input, or, with
 * count_include_pad, also those in the padding (but not those a ceil_mode window has past the
 * padding): Torch7's and PyTorch's divisor. */

/* The divisor of window (oh, ow) and its clipped bounds. */
static inline long THNN_(SpatialAveragePooling_window)(const THNNPoolWindow *w, const THNNPoolShape *s, long oh,
                                                        long ow, bool count_include_pad, long *h0, long *h1,
                                                        long *w0, long *w1) {
  const long paddedH = THNNPool_window(oh, s->inputSize[0], &w[0], h0, h1);
  const long paddedW = THNNPool_window(ow, s->inputSize[1], &w[1], w0, w1);
  return count_include_pad ? paddedH * paddedW : (*h1 - *h0) * (*w1 - *w0);
}

void THNN_(SpatialAveragePooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int kW, int kH,
                                               int dW, int dH, int padW, int padH, bool ceil_mode,
                                               bool count_include_pad) {
  const char *fn = "SpatialAveragePooling_updateOutput";
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "HW", input, w, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *plane = ip + p * iH * iW;
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        long h0, h1, w0, w1;
        const long divisor = THNN_(SpatialAveragePooling_window)(w, &s, oh, ow, count_include_pad, &h0, &h1, &w0, &w1);
        accreal sum = 0;
        for (long y = h0; y < h1; y++)
          for (long x = w0; x < w1; x++) sum += plane[y * iW + x];
        op[(p * oH + oh) * oW + ow] = (real)(sum / divisor);
      }
  }

  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
}

void THNN_(SpatialAveragePooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, int kW, int kH, int dW, int dH, int padW,
                                                  int padH, bool ceil_mode, bool count_include_pad) {
  const char *fn = "SpatialAveragePooling_updateGradInput";
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "HW", input, w, ceil_mode, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, NULL);
  real *gip = ops.gi;
  const real *gop = ops.go;

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *plane = gip + p * iH * iW;
    memset(plane, 0, sizeof(real) * (size_t)(iH * iW));
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        long h0, h1, w0, w1;
        const long divisor = THNN_(SpatialAveragePooling_window)(w, &s, oh, ow, count_include_pad, &h0, &h1, &w0, &w1);
        const real g = (real)(gop[(p * oH + oh) * oW + ow] / (accreal)divisor);
        for (long y = h0; y < h1; y++)
          for (long x = w0; x < w1; x++) plane[y * iW + x] += g;
      }
  }

  THNN_(poolGradEnd)(&ops);
}

#endif
