#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricFractionalMaxPooling.c"
#else

/* Fractional max pooling in 3-D, in Torch7's layout: the input is [nBatch x] nPlanes x H x W x T
 * (T innermost), the output [nBatch x] nPlanes x outputH x outputW x outputT. Each plane's window
 * starts follow SpatialFractionalMaxPooling's sequence along each axis, drawn from the caller's
 * randomSamples [nBatch x nPlanes x 3] (one batch for a single volume; sample 0 drives T, 1 W,
 * 2 H; each in [0, 1)). indices holds the 1-based position of each max within its input plane.
 * Torch7 required outputX + poolSizeX - 1 < inputX; ember, like the spatial module, accepts
 * equality too (every window then moves by one). */

/* The sample that drives each axis, in memory order (H, W, T). */
static const int THNN_(VolumetricFractionalMaxPooling_sample)[3] = {2, 1, 0};

/* Checks the sizes shared by both passes and fills s. */
static void THNN_(VolumetricFractionalMaxPooling_plan)(const char *fn, THTensor *input, int outputT, int outputW,
                                                       int outputH, int poolSizeT, int poolSizeW, int poolSizeH,
                                                       THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, 3, s);
  const int out[3] = {outputH, outputW, outputT}, pool[3] = {poolSizeH, poolSizeW, poolSizeT};
  THNNPool_fractionalShape3d(fn, s, out, pool, input->nDimension, input->size);
}

void THNN_(VolumetricFractionalMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                        int outputT, int outputW, int outputH, int poolSizeT,
                                                        int poolSizeW, int poolSizeH, THIndexTensor *indices,
                                                        THTensor *randomSamples) {
  const char *fn = "VolumetricFractionalMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(VolumetricFractionalMaxPooling_plan)(fn, input, outputT, outputW, outputH, poolSizeT, poolSizeW, poolSizeH,
                                             &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(checkDims)(fn, "randomSamples", randomSamples, 3, 3);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 0, s.nBatch);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 1, s.nPlanes);
  THNN_(checkDimSize)(fn, "randomSamples", randomSamples, 2, 3);
  THTensor *samples = THTensor_(newContiguous)(randomSamples);
  const real *u = THTensor_(data)(samples);
  const long planes = s.nBatch * s.nPlanes;
  const long badSample = TH_CONCAT_2(THNNPool_firstBadSample, Real)(u, 3 * planes);
  if (badSample >= 0) {
    const double bad = u[badSample];
    THTensor_(free)(samples);
    THNNPool_sampleError(fn, bad, badSample);
  }

  long sizes[5];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long *in = s.inputSize, *out = s.outputSize;
  const long pool[3] = {poolSizeH, poolSizeW, poolSizeT};
  const long startsPerPlane = out[0] + out[1] + out[2];
  /* Each plane's window starts along H, then W, then T. */
  long *starts = THAlloc(sizeof(long) * (size_t)(planes * startsPerPlane));
  for (long p = 0; p < planes; p++) {
    long *axisStarts = starts + p * startsPerPlane;
    for (int a = 0; a < 3; a++) {
      THNN_(poolFractionalStarts)(u[3 * p + THNN_(VolumetricFractionalMaxPooling_sample)[a]], in[a], out[a],
                                  (int)pool[a], axisStarts);
      axisStarts += out[a];
    }
  }
  THTensor_(free)(samples);

  const long inSize = in[0] * in[1] * in[2], outSize = out[0] * out[1] * out[2];
  THTensor *inC = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *outW = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(inC);
  real *op = THTensor_(data)(outW);
  THIndex_t *xp = THIndexTensor_(data)(ind);

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const long *s0 = starts + p * startsPerPlane, *s1 = s0 + out[0], *s2 = s1 + out[1];
    real *o = op + p * outSize;
    THIndex_t *x = xp + p * outSize;
    for (long i = 0; i < out[0]; i++)
      for (long j = 0; j < out[1]; j++)
        for (long k = 0; k < out[2]; k++) {
          long slice, at;
          *o++ = THNN_(poolWindowMax3d)(ip + p * inSize, in[1], in[2], s0[i], s0[i] + pool[0], 1, s1[j],
                                        s1[j] + pool[1], 1, s2[k], s2[k] + pool[2], 1, &slice, &at);
          *x++ = slice * in[1] * in[2] + at + TH_INDEX_BASE;
        }
  }

  THFree(starts);
  THTensor_(free)(inC);
  THNN_(writeBack)(output, outW);
  THNN_(poolIndicesWritten)(ind, indices);
}

void THNN_(VolumetricFractionalMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                           THTensor *gradInput, int outputT, int outputW,
                                                           int outputH, int poolSizeT, int poolSizeW, int poolSizeH,
                                                           THIndexTensor *indices) {
  const char *fn = "VolumetricFractionalMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(VolumetricFractionalMaxPooling_plan)(fn, input, outputT, outputW, outputH, poolSizeT, poolSizeW, poolSizeH,
                                             &s);
  THNN_(poolMaxBackward)(fn, input, gradOutput, gradInput, indices, &s, 0, 0);
}

#endif
