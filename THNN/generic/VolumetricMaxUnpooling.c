#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricMaxUnpooling.c"
#else

/* The inverse of VolumetricMaxPooling: each input element (t, h, w) goes to the output position
 * (t dT - pT + offT, h dH - pH + offH, w dW - pW + offW) of an oT x oH x oW output volume, with the
 * offsets packed in indices as VolumetricMaxPooling writes them (see Pooling.h); the rest of the
 * output is zero. Where positions repeat within a volume, the last element wins (in order). A
 * position outside the output volume is an error naming the index and its position. */

/* Checks shared by both passes; fills s (output sizes oT, oH, oW). */
static void THNN_(VolumetricMaxUnpooling_plan)(const char *fn, THTensor *input, THIndexTensor *indices, int oT,
                                               int oW, int oH, int dT, int dW, int dH, int pT, int pW, int pH,
                                               THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, 3, s);
  THNN_(poolCheckIndicesLikeInput)(fn, indices, input);
  if (oT < 1 || oW < 1 || oH < 1)
    THError("%s: output size must be positive, got oT = %d, oH = %d, oW = %d", fn, oT, oH, oW);
  if (dT < 1 || dW < 1 || dH < 1)
    THError("%s: stride must be positive, got dT = %d, dH = %d, dW = %d", fn, dT, dH, dW);
  if (pT < 0 || pW < 0 || pH < 0)
    THError("%s: padding must not be negative, got pT = %d, pH = %d, pW = %d", fn, pT, pH, pW);
  s->outputSize[0] = oT;
  s->outputSize[1] = oH;
  s->outputSize[2] = oW;
}

/* The output position (within its volume) that input element (t, h, w) of a plane goes to by its
 * packed index, or -1 when that lies outside the output volume. */
static inline long THNN_(VolumetricMaxUnpooling_target)(const THNNPoolShape *s, long t, long h, long w, long index,
                                                        const int *stride, const int *pad) {
  long off[3];
  THNNPool_unpack3d(index, off);
  int ok = 1;
  const long pos[3] = {t * stride[0] - pad[0] + off[0], h * stride[1] - pad[1] + off[1],
                       w * stride[2] - pad[2] + off[2]};
  for (int a = 0; a < 3; a++) ok &= pos[a] >= 0 && pos[a] < s->outputSize[a];
  return ok ? (pos[0] * s->outputSize[1] + pos[1]) * s->outputSize[2] + pos[2] : -1;
}

/* Runs the statement (the argument) for each input element of plane p, with k its flat position
 * (over all planes) and `at` its target, noting the bad indices. */
#define THNN_UNPOOL3D_FOR_EACH(...)                                                                 \
  do {                                                                                              \
    long k = p * inSize;                                                                            \
    for (long t = 0; t < s.inputSize[0]; t++)                                                       \
      for (long h = 0; h < s.inputSize[1]; h++)                                                     \
        for (long w = 0; w < s.inputSize[2]; w++, k++) {                                            \
          const long at = THNN_(VolumetricMaxUnpooling_target)(&s, t, h, w, xp[k], stride, pad);    \
          if (at < 0) THNN_POOL_NOTE_BAD(badAt, badIndex, k, xp[k]);                                \
          __VA_ARGS__;                                                                              \
        }                                                                                           \
  } while (0)

static void THNN_(VolumetricMaxUnpooling_badIndex)(const char *fn, long at, long index, const THNNPoolShape *s) {
  THError("%s: indices value %ld at position %ld (counted from 0 over its elements) does not name a position of "
          "the %ldx%ldx%ld output (its three low bytes offT + 256 offH + 65536 offW are offsets from the window "
          "start)",
          fn, index, at, s->outputSize[0], s->outputSize[1], s->outputSize[2]);
}

void THNN_(VolumetricMaxUnpooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                THIndexTensor *indices, int oT, int oW, int oH, int dT, int dW,
                                                int dH, int pT, int pW, int pH) {
  const char *fn = "VolumetricMaxUnpooling_updateOutput";
  THNNPoolShape s;
  THNN_(VolumetricMaxUnpooling_plan)(fn, input, indices, oT, oW, oH, dT, dW, dH, pT, pW, pH, &s);
  THNN_(checkNotNull)(fn, "output", output);
  const int stride[3] = {dT, dH, dW}, pad[3] = {pT, pH, pW};
  long sizes[5];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1] * s.inputSize[2], outSize = (long)oT * oH * oW;

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
    THNN_UNPOOL3D_FOR_EACH(if (at >= 0) o[at] = ip[k]);
  }

  THTensor_(free)(in);
  THIndexTensor_(free)(ind);
  THNN_(writeBack)(output, out);
  if (badAt >= 0) THNN_(VolumetricMaxUnpooling_badIndex)(fn, badAt, badIndex, &s);
}

void THNN_(VolumetricMaxUnpooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                   THTensor *gradInput, THIndexTensor *indices, int oT, int oW,
                                                   int oH, int dT, int dW, int dH, int pT, int pW, int pH) {
  const char *fn = "VolumetricMaxUnpooling_updateGradInput";
  THNNPoolShape s;
  THNN_(VolumetricMaxUnpooling_plan)(fn, input, indices, oT, oW, oH, dT, dW, dH, pT, pW, pH, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const int stride[3] = {dT, dH, dW}, pad[3] = {pT, pH, pW};
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1] * s.inputSize[2], outSize = (long)oT * oH * oW;

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  const THIndex_t *xp = ops.ind;
  const real *gop = ops.go;
  real *gip = ops.gi;
  long badAt = -1, badIndex = 0;

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *g = gop + p * outSize;
    THNN_UNPOOL3D_FOR_EACH(gip[k] = at >= 0 ? g[at] : 0);
  }

  THNN_(poolGradEnd)(&ops);
  if (badAt >= 0) THNN_(VolumetricMaxUnpooling_badIndex)(fn, badAt, badIndex, &s);
}

#undef THNN_UNPOOL3D_FOR_EACH

#endif
