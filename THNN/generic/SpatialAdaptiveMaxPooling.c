#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAdaptiveMaxPooling.c"
#else

/* Max over oheight x owidth windows that split the input evenly (THNNPool_adaptiveStart/End).
 * indices holds the 1-based position of each max within its input plane (h * inputWidth + w + 1). */

void THNN_(SpatialAdaptiveMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   THIndexTensor *indices, int owidth, int oheight) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
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
  THTensor *out = THNN_(convWritable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *xp = THIndexTensor_(data)(ind);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++)
    for (long oh = 0; oh < oH; oh++) {
      const long h0 = THNNPool_adaptiveStart(oh, iH, oH), h1 = THNNPool_adaptiveEnd(oh, iH, oH);
      for (long ow = 0; ow < oW; ow++) {
        const long w0 = THNNPool_adaptiveStart(ow, iW, oW), w1 = THNNPool_adaptiveEnd(ow, iW, oW);
        long at;
        op[(p * oH + oh) * oW + ow] = THNN_(poolWindowMax)(ip + p * iH * iW, iW, h0, h1, 1, w0, w1, 1, &at);
        xp[(p * oH + oh) * oW + ow] = at + TH_INDEX_BASE;
      }
    }

  THTensor_(free)(in);
  THNN_(convWritten)(out, output);
  THNN_(poolIndicesWritten)(ind, indices);
}

/* The output size is the one indices has (the legacy call does not pass it). */
void THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, THIndexTensor *indices) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "indices", indices);
  if (indices->nDimension != input->nDimension)
    THError("%s: indices must have input's %d dimensions, got size %s", fn, input->nDimension,
            _THSizeDesc(indices->size, indices->nDimension).str);
  s.outputSize[0] = indices->size[indices->nDimension - 2];
  s.outputSize[1] = indices->size[indices->nDimension - 1];
  THNN_(poolMaxBackward)(fn, input, gradOutput, gradInput, indices, &s, 0);
}

#endif
