#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ResampleMap.c"
#else

/* ------------------------------------------------------------------ gather and scatter */

/* The index maps of shape s: one array per axis (three, see THNNResample_axes3) of the axis' output
 * size, by THNNResample_source with param[a] for real axis a, 0 for the leading ones. Returns the
 * allocation to free. */
static long *THNN_(resampleMaps)(const THNNPoolShape *s, THNNResampleMode mode, const int *param, long **maps) {
  long in[3], out[3];
  THNNResample_axes3(s, in, out);
  long *all = THAlloc(sizeof(long) * (size_t)(out[0] + out[1] + out[2]));
  const int lead = 3 - s->nAxes;
  long *m = all;
  for (int a = 0; a < 3; a++) {
    maps[a] = m;
    for (long o = 0; o < out[a]; o++) m[o] = a < lead ? 0 : THNNResample_source(mode, o, param[a - lead], in[a]);
    m += out[a];
  }
  return all;
}

/* output[p][t][h][w] = input[p][maps[0][t]][maps[1][h]][maps[2][w]] for every plane p. */
static void THNN_(resampleGather)(const THNNPoolShape *s, long *const *maps, THTensor *input, THTensor *output) {
  long in[3], out[3], sizes[5];
  THNNResample_axes3(s, in, out);
  const int nd = THNN_(poolOutputSizes)(s, sizes);
  const long planes = s->nBatch * s->nPlanes, inSize = in[0] * in[1] * in[2], outSize = out[0] * out[1] * out[2];
  THTensor *inC = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *outW = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(inC);
  real *op = THTensor_(data)(outW);

#pragma omp parallel for if (planes > 1 && planes * outSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *o = op + p * outSize;
    for (long t = 0; t < out[0]; t++)
      for (long h = 0; h < out[1]; h++) {
        const real *row = ip + p * inSize + (maps[0][t] * in[1] + maps[1][h]) * in[2];
        for (long w = 0; w < out[2]; w++) *o++ = row[maps[2][w]];
      }
  }

  THTensor_(free)(inC);
  THNN_(writeBack)(output, outW);
}

/* gradInput (resized like input) = 0, then gradInput[p][maps...] += gradOutput[p][t][h][w]. */
static void THNN_(resampleScatter)(const THNNPoolShape *s, long *const *maps, THTensor *input, THTensor *gradOutput,
                                   THTensor *gradInput) {
  long in[3], out[3];
  THNNResample_axes3(s, in, out);
  const long planes = s->nBatch * s->nPlanes, inSize = in[0] * in[1] * in[2], outSize = out[0] * out[1] * out[2];
  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, NULL);
  const real *gop = ops.go;
  real *gip = ops.gi;

#pragma omp parallel for if (planes > 1 && planes * outSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *g = gop + p * outSize;
    memset(gip + p * inSize, 0, sizeof(real) * (size_t)inSize);
    for (long t = 0; t < out[0]; t++)
      for (long h = 0; h < out[1]; h++) {
        real *row = gip + p * inSize + (maps[0][t] * in[1] + maps[1][h]) * in[2];
        for (long w = 0; w < out[2]; w++) row[maps[2][w]] += *g++;
      }
  }

  THNN_(poolGradEnd)(&ops);
}

/* ------------------------------------------------------------------ padding */

static void THNN_(padPlan)(const char *fn, THNNResampleMode mode, int nAxes, const int *before, const int *after,
                           const char *const *padNames, THTensor *input, THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, nAxes, s);
  const int firstAxisDim = s->batched + 1 + TH_INDEX_BASE;
  for (int a = 0; a < nAxes; a++) {
    const long n = s->inputSize[a];
    if (mode == THNN_RESAMPLE_REFLECT && (before[a] >= n || after[a] >= n))
      THError("%s: padding size should be less than the corresponding input dimension, got %s = %d and %s = %d "
              "for size %ld at dimension %d of input %s",
              fn, padNames[2 * a], before[a], padNames[2 * a + 1], after[a], n, firstAxisDim + a,
              THTensor_(sizeDesc)(input).str);
    s->outputSize[a] = THNN_checkedSize(fn, "the padded size", (__int128)n + before[a] + after[a]);
    if (s->outputSize[a] < 1)
      THError("%s: output size %ld at dimension %d is too small: size %ld of input %s padded by %s = %d and "
              "%s = %d (negative padding crops)",
              fn, s->outputSize[a], firstAxisDim + a, n, THTensor_(sizeDesc)(input).str, padNames[2 * a], before[a],
              padNames[2 * a + 1], after[a]);
  }
  long sizes[THNN_POOL_MAX_AXES + 2];
  THNN_checkedProduct(fn, "the output", THNN_(poolOutputSizes)(s, sizes), sizes);
}

void THNN_(padForward)(const char *fn, THNNResampleMode mode, int nAxes, const int *before, const int *after,
                       const char *const *padNames, THTensor *input, THTensor *output) {
  THNNPoolShape s;
  THNN_(padPlan)(fn, mode, nAxes, before, after, padNames, input, &s);
  THNN_(checkNotNull)(fn, "output", output);
  long *maps[3];
  long *all = THNN_(resampleMaps)(&s, mode, before, maps);
  THNN_(resampleGather)(&s, maps, input, output);
  THFree(all);
}

void THNN_(padBackward)(const char *fn, THNNResampleMode mode, int nAxes, const int *before, const int *after,
                        const char *const *padNames, THTensor *input, THTensor *gradOutput, THTensor *gradInput) {
  THNNPoolShape s;
  THNN_(padPlan)(fn, mode, nAxes, before, after, padNames, input, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  long *maps[3];
  long *all = THNN_(resampleMaps)(&s, mode, before, maps);
  THNN_(resampleScatter)(&s, maps, input, gradOutput, gradInput);
  THFree(all);
}

/* ------------------------------------------------------------------ nearest upsampling */

static void THNN_(nearestPlan)(const char *fn, int nAxes, int scale, THTensor *input, THNNPoolShape *s) {
  THNN_(poolInputShape)(fn, input, nAxes, s);
  if (scale < 1) THError("%s: scale_factor must be at least 1, got %d", fn, scale);
  for (int a = 0; a < nAxes; a++)
    s->outputSize[a] = THNN_checkedSize(fn, "the upsampled size", (__int128)s->inputSize[a] * scale);
  long sizes[THNN_POOL_MAX_AXES + 2];
  THNN_checkedProduct(fn, "the output", THNN_(poolOutputSizes)(s, sizes), sizes);
}

void THNN_(nearestForward)(const char *fn, int nAxes, int scale, THTensor *input, THTensor *output) {
  THNNPoolShape s;
  THNN_(nearestPlan)(fn, nAxes, scale, input, &s);
  THNN_(checkNotNull)(fn, "output", output);
  const int scales[3] = {scale, scale, scale};
  long *maps[3];
  long *all = THNN_(resampleMaps)(&s, THNN_RESAMPLE_NEAREST, scales, maps);
  THNN_(resampleGather)(&s, maps, input, output);
  THFree(all);
}

void THNN_(nearestBackward)(const char *fn, int nAxes, int scale, THTensor *input, THTensor *gradOutput,
                            THTensor *gradInput) {
  THNNPoolShape s;
  THNN_(nearestPlan)(fn, nAxes, scale, input, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const int scales[3] = {scale, scale, scale};
  long *maps[3];
  long *all = THNN_(resampleMaps)(&s, THNN_RESAMPLE_NEAREST, scales, maps);
  THNN_(resampleScatter)(&s, maps, input, gradOutput, gradInput);
  THFree(all);
}

#endif
