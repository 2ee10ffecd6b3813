#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Interpolation.c"
#else

/* One axis' neighbours and weights for one output position: value = w0 in[i0] + w1 in[i1]. At the
 * axis' end (or on an axis of one position) i1 = i0 with w0 = 1, w1 = 0, so that w1 == 0 tells
 * that one neighbour is enough. */
typedef struct {
  long i0, i1;
  real w0, w1;
} THNN_(LinearTap);

/* The taps of the out positions of an axis of in positions, in Torch7's (align_corners)
 * coordinates. */
static void THNN_(linearTaps)(long in, long out, THNN_(LinearTap) *taps) {
  const double scale = out > 1 ? (double)(in - 1) / (double)(out - 1) : 0;
  for (long o = 0; o < out; o++) {
    double lambda;
    const long i0 = THNNInterp_split(scale * (double)o, &lambda);
    if (i0 >= in - 1) { /* the last position, whatever the rounding left in lambda */
      taps[o] = (THNN_(LinearTap)){in - 1, in - 1, 1, 0};
      continue;
    }
    taps[o] = (THNN_(LinearTap)){i0, i0 + 1, (real)(1 - lambda), (real)lambda};
    if (lambda == 0) taps[o].i1 = i0;
  }
}

/* The taps of the three axes of s (the leading one trivial for nAxes 2), in one allocation
 * (returned, to free) laid out T, H, W; in and out receive the three sizes. */
static THNN_(LinearTap) *THNN_(linearTaps3)(const THNNPoolShape *s, long *in, long *out, THNN_(LinearTap) **taps) {
  THNNResample_axes3(s, in, out);
  THNN_(LinearTap) *all = THAlloc(sizeof(THNN_(LinearTap)) * (size_t)(out[0] + out[1] + out[2]));
  THNN_(LinearTap) *t = all;
  for (int a = 0; a < 3; a++) {
    taps[a] = t;
    THNN_(linearTaps)(in[a], out[a], t);
    t += out[a];
  }
  return all;
}

/* The bilinear value at rows r0 (tap h.i0) and r1 (tap h.i1), columns by tap w. */
static inline real THNN_(bilinearAt)(const real *r0, const real *r1, THNN_(LinearTap) h, THNN_(LinearTap) w) {
  return h.w0 * (w.w0 * r0[w.i0] + w.w1 * r0[w.i1]) + h.w1 * (w.w0 * r1[w.i0] + w.w1 * r1[w.i1]);
}

/* Its backward: the four neighbours += their weights times g. */
static inline void THNN_(bilinearAdd)(real *r0, real *r1, THNN_(LinearTap) h, THNN_(LinearTap) w, real g) {
  r0[w.i0] += h.w0 * w.w0 * g;
  r0[w.i1] += h.w0 * w.w1 * g;
  r1[w.i0] += h.w1 * w.w0 * g;
  r1[w.i1] += h.w1 * w.w1 * g;
}

/* Runs the statement (the last argument) for each output position of plane p (o counting them),
 * with the row pointers r00, r01 (slice tt.i0; rows th.i0, th.i1) and r10, r11 (slice tt.i1) of the
 * plane at VOLUME and the taps tt, th, tw. */
#define THNN_LINEAR_FOR_EACH(REAL, VOLUME, ...)                                                   \
  do {                                                                                            \
    long o = p * outCount;                                                                        \
    for (long t = 0; t < out[0]; t++) {                                                           \
      const THNN_(LinearTap) tt = taps[0][t];                                                     \
      REAL *a0 = (VOLUME) + tt.i0 * in[1] * in[2], *a1 = (VOLUME) + tt.i1 * in[1] * in[2];        \
      for (long h = 0; h < out[1]; h++) {                                                         \
        const THNN_(LinearTap) th = taps[1][h];                                                   \
        REAL *r00 = a0 + th.i0 * in[2], *r01 = a0 + th.i1 * in[2];                                \
        REAL *r10 = a1 + th.i0 * in[2], *r11 = a1 + th.i1 * in[2];                                \
        for (long w = 0; w < out[2]; w++, o++) {                                                  \
          const THNN_(LinearTap) tw = taps[2][w];                                                 \
          __VA_ARGS__;                                                                            \
        }                                                                                         \
      }                                                                                           \
    }                                                                                             \
  } while (0)

void THNN_(linearForward)(const char *fn, int nAxes, const int *outSize, const char *const *outSizeNames,
                          THTensor *input, THTensor *output) {
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, nAxes, &s);
  for (int a = 0; a < nAxes; a++) {
    if (outSize[a] < 1) THError("%s: output size must be positive, got %s = %d", fn, outSizeNames[a], outSize[a]);
    s.outputSize[a] = outSize[a];
  }
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[5], in[3], out[3];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  THNN_checkedProduct(fn, "the output", nd, sizes);
  THNN_(LinearTap) *taps[3];
  THNN_(LinearTap) *all = THNN_(linearTaps3)(&s, in, out, taps);
  const long planes = s.nBatch * s.nPlanes, inCount = in[0] * in[1] * in[2], outCount = out[0] * out[1] * out[2];

  THTensor *inC = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *outW = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(inC);
  real *op = THTensor_(data)(outW);

#pragma omp parallel for if (planes > 1 && planes * outCount > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++)
    THNN_LINEAR_FOR_EACH(const real, ip + p * inCount, {
      const real v = THNN_(bilinearAt)(r00, r01, th, tw);
      op[o] = tt.w1 == 0 ? v : tt.w0 * v + tt.w1 * THNN_(bilinearAt)(r10, r11, th, tw);
    });

  THFree(all);
  THTensor_(free)(inC);
  THNN_(writeBack)(output, outW);
}

void THNN_(linearBackward)(const char *fn, int nAxes, long nbatch, long nchannels, const int *inSize,
                           const int *outSize, const char *const *sizeNames, THTensor *gradOutput,
                           THTensor *gradInput) {
  THNNInterp_checkGradSizes(fn, nAxes, nbatch, nchannels, inSize, outSize, sizeNames);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNNPoolShape s = THNNInterp_gradShape(nAxes, nbatch, nchannels, inSize, outSize, gradOutput->nDimension);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  long giSizes[5], in[3], out[3];
  const int nd = THNNInterp_gradInputSizes(fn, &s, giSizes);
  THNN_(LinearTap) *taps[3];
  THNN_(LinearTap) *all = THNN_(linearTaps3)(&s, in, out, taps);
  const long planes = nbatch * nchannels, inCount = in[0] * in[1] * in[2], outCount = out[0] * out[1] * out[2];

  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor_(resizeNd)(gradInput, nd, giSizes, NULL);
  THTensor *gi = THNN_(writable)(gradInput, 0);
  const real *gop = THTensor_(data)(go);
  real *gip = THTensor_(data)(gi);

#pragma omp parallel for if (planes > 1 && planes * outCount > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    memset(gip + p * inCount, 0, sizeof(real) * (size_t)inCount);
    THNN_LINEAR_FOR_EACH(real, gip + p * inCount, {
      const real g = gop[o];
      THNN_(bilinearAdd)(r00, r01, th, tw, tt.w0 * g);
      if (tt.w1 != 0) THNN_(bilinearAdd)(r10, r11, th, tw, tt.w1 * g);
    });
  }

  THFree(all);
  THTensor_(free)(go);
  THNN_(writeBack)(gradInput, gi);
}

#undef THNN_LINEAR_FOR_EACH

#endif
