#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricAveragePooling.c"
#else

/* The mean over each kT x kH x kW window of a [nBatch x] nPlanes x T x H x W input, with
 * SpatialAveragePooling's divisor: the window's positions inside the input, or, with
 * count_include_pad, also those in the padding (not those a ceil_mode window has past it). */

/* The windows of the three axes (T, H, W) of s, computed once: lo, hi and padded extents of axis a
 * at w->lo[a], ...; one allocation (w->all) to free. */
typedef struct {
  long *all, *lo[3], *hi[3], *padded[3];
} THNN_(VolumetricAveragePooling_windows);

static THNN_(VolumetricAveragePooling_windows)
    THNN_(VolumetricAveragePooling_plan)(const THNNPoolWindow *w, const THNNPoolShape *s) {
  THNN_(VolumetricAveragePooling_windows) v;
  const long *out = s->outputSize;
  v.all = THAlloc(sizeof(long) * 3 * (size_t)(out[0] + out[1] + out[2]));
  long *at = v.all;
  for (int a = 0; a < 3; a++) {
    v.lo[a] = at;
    v.hi[a] = at + out[a];
    v.padded[a] = at + 2 * out[a];
    THNNPool_windows(out[a], s->inputSize[a], &w[a], v.lo[a], v.hi[a], v.padded[a]);
    at += 3 * out[a];
  }
  return v;
}

/* The divisor of window (t, h, w). */
static inline long THNN_(VolumetricAveragePooling_divisor)(const THNN_(VolumetricAveragePooling_windows) *v, long t,
                                                            long h, long w, bool count_include_pad) {
  if (count_include_pad) return v->padded[0][t] * v->padded[1][h] * v->padded[2][w];
  return (v->hi[0][t] - v->lo[0][t]) * (v->hi[1][h] - v->lo[1][h]) * (v->hi[2][w] - v->lo[2][w]);
}

void THNN_(VolumetricAveragePooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int kT,
                                                  int kW, int kH, int dT, int dW, int dH, int padT, int padW,
                                                  int padH, bool ceil_mode, bool count_include_pad) {
  const char *fn = "VolumetricAveragePooling_updateOutput";
  const THNNPoolWindow w[3] = {{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "THW", input, w, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[5];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[1], iW = s.inputSize[2], inSize = s.inputSize[0] * iH * iW;
  const long oT = s.outputSize[0], oH = s.outputSize[1], oW = s.outputSize[2];
  const THNN_(VolumetricAveragePooling_windows) v = THNN_(VolumetricAveragePooling_plan)(w, &s);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *volume = ip + p * inSize;
    real *o = op + p * oT * oH * oW;
    for (long ot = 0; ot < oT; ot++)
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++) {
          accreal sum = 0;
          for (long t = v.lo[0][ot]; t < v.hi[0][ot]; t++)
            for (long y = v.lo[1][oh]; y < v.hi[1][oh]; y++) {
              const real *row = volume + (t * iH + y) * iW;
              for (long x = v.lo[2][ow]; x < v.hi[2][ow]; x++) sum += row[x];
            }
          *o++ = (real)(sum / THNN_(VolumetricAveragePooling_divisor)(&v, ot, oh, ow, count_include_pad));
        }
  }

  THFree(v.all);
  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
}

void THNN_(VolumetricAveragePooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradInput, int kT, int kW, int kH, int dT, int dW,
                                                     int dH, int padT, int padW, int padH, bool ceil_mode,
                                                     bool count_include_pad) {
  const char *fn = "VolumetricAveragePooling_updateGradInput";
  const THNNPoolWindow w[3] = {{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "THW", input, w, ceil_mode, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[1], iW = s.inputSize[2], inSize = s.inputSize[0] * iH * iW;
  const long oT = s.outputSize[0], oH = s.outputSize[1], oW = s.outputSize[2];
  const THNN_(VolumetricAveragePooling_windows) v = THNN_(VolumetricAveragePooling_plan)(w, &s);

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, NULL);
  real *gip = ops.gi;
  const real *gop = ops.go;

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *volume = gip + p * inSize;
    const real *g = gop + p * oT * oH * oW;
    memset(volume, 0, sizeof(real) * (size_t)inSize);
    for (long ot = 0; ot < oT; ot++)
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++) {
          const real share =
              (real)(*g++ / (accreal)THNN_(VolumetricAveragePooling_divisor)(&v, ot, oh, ow, count_include_pad));
          for (long t = v.lo[0][ot]; t < v.hi[0][ot]; t++)
            for (long y = v.lo[1][oh]; y < v.hi[1][oh]; y++) {
              real *row = volume + (t * iH + y) * iW;
              for (long x = v.lo[2][ow]; x < v.hi[2][ow]; x++) row[x] += share;
            }
        }
  }

  THFree(v.all);
  THNN_(poolGradEnd)(&ops);
}

#endif
