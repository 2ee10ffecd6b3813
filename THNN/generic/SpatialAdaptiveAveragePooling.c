#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAdaptiveAveragePooling.c"
#else

/* The mean over oheight x owidth windows that split the input evenly (THNNPool_adaptiveStart/End). */

void THNN_(SpatialAdaptiveAveragePooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                       int owidth, int oheight) {
  const char *fn = "SpatialAdaptiveAveragePooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "output", output);
  if (owidth < 1 || oheight < 1)
    THError("%s: output size must be positive, got owidth = %d, oheight = %d", fn, owidth, oheight);
  s.outputSize[0] = oheight;
  s.outputSize[1] = owidth;
  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = oheight, oW = owidth;

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *plane = ip + p * iH * iW;
    for (long oh = 0; oh < oH; oh++) {
      const long h0 = THNNPool_adaptiveStart(oh, iH, oH), h1 = THNNPool_adaptiveEnd(oh, iH, oH);
      for (long ow = 0; ow < oW; ow++) {
        const long w0 = THNNPool_adaptiveStart(ow, iW, oW), w1 = THNNPool_adaptiveEnd(ow, iW, oW);
        accreal sum = 0;
        for (long y = h0; y < h1; y++)
          for (long x = w0; x < w1; x++) sum += plane[y * iW + x];
        op[(p * oH + oh) * oW + ow] = (real)(sum / ((h1 - h0) * (w1 - w0)));
      }
    }
  }

  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
}

/* The output size is the one gradOutput has (the legacy call does not pass it). */
void THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                          THTensor *gradInput) {
  const char *fn = "SpatialAdaptiveAveragePooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkDims)(fn, "gradOutput", gradOutput, input->nDimension, input->nDimension);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  s.outputSize[0] = gradOutput->size[gradOutput->nDimension - 2];
  s.outputSize[1] = gradOutput->size[gradOutput->nDimension - 1];
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, NULL);
  real *gip = ops.gi;
  const real *gop = ops.go;

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *plane = gip + p * iH * iW;
    memset(plane, 0, sizeof(real) * (size_t)(iH * iW));
    for (long oh = 0; oh < oH; oh++) {
      const long h0 = THNNPool_adaptiveStart(oh, iH, oH), h1 = THNNPool_adaptiveEnd(oh, iH, oH);
      for (long ow = 0; ow < oW; ow++) {
        const long w0 = THNNPool_adaptiveStart(ow, iW, oW), w1 = THNNPool_adaptiveEnd(ow, iW, oW);
        const real g = (real)(gop[(p * oH + oh) * oW + ow] / (accreal)((h1 - h0) * (w1 - w0)));
        for (long y = h0; y < h1; y++)
          for (long x = w0; x < w1; x++) plane[y * iW + x] += g;
      }
    }
  }

  THNN_(poolGradEnd)(&ops);
}

#endif
