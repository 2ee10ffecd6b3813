#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFractionalMaxPooling.c"
#else

/* Fractional max pooling (Graham 2014): outputH x outputW windows of poolSizeH x poolSizeW whose
 * starts follow a pseudo-random sequence per plane drawn from the caller's randomSamples
 * ([nBatch x nPlanes x 2], one batch for a single image; sample 0 drives W, sample 1 drives H, each
 * in [0, 1)). indices holds the 1-based position of each max within its input plane. */

/* Checks the sizes shared by both passes and fills s. */
static void THNN_(SpatialFractionalMaxPooling_plan)(const char *fn, THTensor *input, int outputW, int outputH,
                                                    int poolSizeW, int poolSizeH, THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, 2, s);
  THNNPool_fractionalShape2d(fn, s, outputW, outputH, poolSizeW, poolSizeH);
}

void THNN_(SpatialFractionalMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                     int outputW, int outputH, int poolSizeW, int poolSizeH,
                                                     THIndexTensor *indices, THTensor *randomSamples) {
  const char *fn = "SpatialFractionalMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(SpatialFractionalMaxPooling_plan)(fn, input, outputW, outputH, poolSizeW, poolSizeH, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(checkDims)(fn, "randomSamples", randomSamples, 3, 3);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 0, s.nBatch);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 1, s.nPlanes);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 2, 2);
  THTensor *samples = THTensor_(newContiguous)(randomSamples);
  const real *u = THTensor_(data)(samples);
  const long planes = s.nBatch * s.nPlanes;
  const long badSample = TH_CONCAT_2(THNNPool_firstBadSample, Real)(u, 2 * planes);
  if (badSample >= 0) {
    const double bad = u[badSample];
    THTensor_(free)(samples);
    THNNPool_sampleError(fn, bad, badSample);
  }

  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = outputH, oW = outputW;
  /* Each plane's window starts: oH for the rows, then oW for the columns. */
  long *starts = THAlloc(sizeof(long) * (size_t)(planes * (oH + oW)));
  for (long p = 0; p < planes; p++) {
    THNN_(poolFractionalStarts)(u[2 * p + 1], iH, oH, poolSizeH, starts + p * (oH + oW));
    THNN_(poolFractionalStarts)(u[2 * p], iW, oW, poolSizeW, starts + p * (oH + oW) + oH);
  }
  THTensor_(free)(samples);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *xp = THIndexTensor_(data)(ind);

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const long *rows = starts + p * (oH + oW), *cols = rows + oH;
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        long at;
        op[(p * oH + oh) * oW + ow] = THNN_(poolWindowMax)(ip + p * iH * iW, iW, rows[oh], rows[oh] + poolSizeH, 1,
                                                           cols[ow], cols[ow] + poolSizeW, 1, &at);
        xp[(p * oH + oh) * oW + ow] = at + TH_INDEX_BASE;
      }
  }

  THFree(starts);
  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
  THNN_(poolIndicesWritten)(ind, indices);
}

void THNN_(SpatialFractionalMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradInput, int outputW, int outputH, int poolSizeW,
                                                        int poolSizeH, THIndexTensor *indices) {
  const char *fn = "SpatialFractionalMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(SpatialFractionalMaxPooling_plan)(fn, input, outputW, outputH, poolSizeW, poolSizeH, &s);
  THNN_(poolMaxBackward)(fn, input, gradOutput, gradInput, indices, &s, 0, 0);
}

#endif
