#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialMaxUnpooling.c"
#else

/* The inverse of max pooling: each input element goes to the 1-based position that indices (as
 * SpatialMaxPooling returned them, same size as input) gives within an oheight x owidth output
 * plane; the rest of the output is zero. Where indices repeat within a plane, the last element
 * wins (in order). An index outside the plane is an error naming its position (Torch7 raised it
 * from inside its parallel loop). */

static void THNN_(SpatialMaxUnpooling_plan)(const char *fn, THTensor *input, THIndexTensor *indices, int owidth,
                                            int oheight, THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, 2, s);
  THNN_(poolCheckIndicesLikeInput)(fn, indices, input);
  if (owidth < 1 || oheight < 1)
    THError("%s: output size must be positive, got owidth = %d, oheight = %d", fn, owidth, oheight);
  s->outputSize[0] = oheight;
  s->outputSize[1] = owidth;
}

void THNN_(SpatialMaxUnpooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                             THIndexTensor *indices, int owidth, int oheight) {
  const char *fn = "SpatialMaxUnpooling_updateOutput";
  THNNPoolShape s;
  THNN_(SpatialMaxUnpooling_plan)(fn, input, indices, owidth, oheight, &s);
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1], outSize = (long)owidth * oheight;

  THTensor *in = THTensor_(newContiguous)(input);
  THIndexTensor *ind = THIndexTensor_(newContiguous)(indices);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  const THIndex_t *xp = THIndexTensor_(data)(ind);
  real *op = THTensor_(data)(out);
  long badAt = -1, badIndex = 0;

#pragma omp parallel for if (planes > 1 && planes * (inSize + outSize) > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *o = op + p * outSize;
    memset(o, 0, sizeof(real) * (size_t)outSize);
    for (long k = p * inSize; k < (p + 1) * inSize; k++) {
      const long at = xp[k] - TH_INDEX_BASE;
      if (at < 0 || at >= outSize) {
        THNN_POOL_NOTE_BAD(badAt, badIndex, k, xp[k]);
        break;
      }
      o[at] = ip[k];
    }
  }

  THTensor_(free)(in);
  THIndexTensor_(free)(ind);
  THNN_(writeBack)(output, out);
  if (badAt >= 0) THNN_(poolIndexError)(fn, "indices", badAt, badIndex, TH_INDEX_BASE, outSize - 1 + TH_INDEX_BASE);
}

void THNN_(SpatialMaxUnpooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THIndexTensor *indices, int owidth,
                                                int oheight) {
  const char *fn = "SpatialMaxUnpooling_updateGradInput";
  THNNPoolShape s;
  THNN_(SpatialMaxUnpooling_plan)(fn, input, indices, owidth, oheight, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1], outSize = (long)owidth * oheight;

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  const THIndex_t *xp = ops.ind;
  const real *gop = ops.go;
  real *gip = ops.gi;
  long badAt = -1, badIndex = 0;

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *g = gop + p * outSize;
    for (long k = p * inSize; k < (p + 1) * inSize; k++) {
      const long at = xp[k] - TH_INDEX_BASE;
      if (at < 0 || at >= outSize) {
        THNN_POOL_NOTE_BAD(badAt, badIndex, k, xp[k]);
        gip[k] = 0;
        continue;
      }
      gip[k] = g[at];
    }
  }

  THNN_(poolGradEnd)(&ops);
  if (badAt >= 0) THNN_(poolIndexError)(fn, "indices", badAt, badIndex, TH_INDEX_BASE, outSize - 1 + TH_INDEX_BASE);
}

#endif
