#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Pooling.c"
#else

/* ------------------------------------------------------------------ shapes and checks */

void THNN_(poolInputShape)(const char *fn, THTensor *input, int nAxes, THNNPoolShape *shape) {
  THNN_(checkDims)(fn, "input", input, nAxes + 1, nAxes + 2);
  THNNPool_setInputShape(input->nDimension, input->size, nAxes, shape);
}

void THNN_(poolOutputShape)(const char *fn, const char *axisNames, THNNPoolShape *shape,
                            const THNNPoolWindow *windows, int ceil_mode) {
  THNNPool_outputShape(fn, axisNames, shape, windows, ceil_mode);
}

void THNN_(poolPlan)(const char *fn, const char *axisNames, THTensor *input, const THNNPoolWindow *windows,
                     int ceil_mode, THNNPoolShape *shape) {
  THNN_(poolInputShape)(fn, input, (int)strlen(axisNames), shape);
  THNN_(poolOutputShape)(fn, axisNames, shape, windows, ceil_mode);
}

int THNN_(poolOutputSizes)(const THNNPoolShape *shape, long *sizes) { return THNNPool_outputSizes(shape, sizes); }

void THNN_(poolTemporalPlan)(const char *fn, THTensor *input, int kW, int dW, THNNPoolShape *shape) {
  THNN_(checkDims)(fn, "input", input, 2, 3);
  const THNNPoolWindow w = {kW, dW, 0, 1};
  THNNPool_setTemporalShape(input->nDimension, input->size, shape);
  THNNPool_outputShape(fn, "W", shape, &w, 0);
}

int THNN_(poolTemporalOutputSizes)(const THNNPoolShape *shape, long *sizes) {
  return THNNPool_temporalOutputSizes(shape, sizes);
}

static void THNN_(poolCheckSizes)(const char *fn, const char *arg, const void *t, int nDimension,
                                  const long *size, int nExpected, const long *expected) {
  THNN_(checkNotNull)(fn, arg, t);
  THNNPool_checkSizes(fn, arg, nDimension, size, nExpected, expected);
}

void THNN_(poolCheckTensorSizes)(const char *fn, const char *arg, THTensor *t, int nExpected, const long *expected) {
  THNN_(poolCheckSizes)(fn, arg, t, t ? t->nDimension : 0, t ? t->size : NULL, nExpected, expected);
}

void THNN_(poolCheckIndexSizes)(const char *fn, const char *arg, THIndexTensor *t, int nExpected,
                                const long *expected) {
  THNN_(poolCheckSizes)(fn, arg, t, t ? t->nDimension : 0, t ? t->size : NULL, nExpected, expected);
}

void THNN_(poolCheckOutputLike)(const char *fn, const char *arg, THTensor *t, const THNNPoolShape *shape) {
  long sizes[THNN_POOL_MAX_AXES + 2];
  const int nd = THNN_(poolOutputSizes)(shape, sizes);
  THNN_(poolCheckTensorSizes)(fn, arg, t, nd, sizes);
}

void THNN_(poolCheckIndicesLike)(const char *fn, const char *arg, THIndexTensor *t, const THNNPoolShape *shape) {
  long sizes[THNN_POOL_MAX_AXES + 2];
  const int nd = THNN_(poolOutputSizes)(shape, sizes);
  THNN_(poolCheckIndexSizes)(fn, arg, t, nd, sizes);
}

void THNN_(poolCheckIndicesLikeInput)(const char *fn, THIndexTensor *indices, THTensor *input) {
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, input->nDimension, input->size);
}

THNN_(PoolGrad) THNN_(poolGradBegin)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                     THIndexTensor *indices) {
  THNN_(PoolGrad) g = {.gradOutput = THTensor_(newContiguous)(gradOutput), .result = gradInput};
  g.indices = indices ? THIndexTensor_(newContiguous)(indices) : NULL;
  THTensor_(resizeAs)(gradInput, input);
  g.gradInput = THNN_(writable)(gradInput, 0);
  g.go = THTensor_(data)(g.gradOutput);
  g.gi = THTensor_(data)(g.gradInput);
  g.ind = g.indices ? THIndexTensor_(data)(g.indices) : NULL;
  return g;
}

void THNN_(poolGradEnd)(THNN_(PoolGrad) *g) {
  THTensor_(free)(g->gradOutput);
  if (g->indices) THIndexTensor_(free)(g->indices);
  THNN_(writeBack)(g->result, g->gradInput);
}

THIndexTensor *THNN_(poolIndicesWritable)(THIndexTensor *indices, int nDimension, const long *sizes) {
  THIndexTensor_(resizeNd)(indices, nDimension, (long *)sizes, NULL);
  if (THIndexTensor_(isContiguous)(indices)) {
    THIndexTensor_(retain)(indices);
    return indices;
  }
  THIndexTensor *w = THIndexTensor_(new)();
  THIndexTensor_(resizeNd)(w, nDimension, (long *)sizes, NULL);
  return w;
}

void THNN_(poolIndicesWritten)(THIndexTensor *writable, THIndexTensor *indices) {
  if (writable != indices) THIndexTensor_(copy)(indices, writable);
  THIndexTensor_(free)(writable);
}

void THNN_(poolFractionalStarts)(real sample, long inputSize, long outputSize, int poolSize, long *starts) {
  TH_CONCAT_2(THNNPool_fractionalStarts, Real)(sample, inputSize, outputSize, poolSize, starts);
}

void THNN_(poolIndexError)(const char *fn, const char *arg, long at, long index, long lo, long hi) {
  THNNPool_indexError(fn, arg, at, index, lo, hi);
}

/* ------------------------------------------------------------------ max pooling */

/* Scatters one plane's gradOutput to the 1-based positions of its indices (gradInput's plane is
 * zeroed first); index 0 passes nothing when zeroIsNone. Returns the first output position whose
 * index lies outside [1, inSize] otherwise (that one is skipped), or -1. */
static long THNN_(poolScatterPlane)(real *gi, long inSize, const real *go, const THIndex_t *ind, long outSize,
                                    int zeroIsNone) {
  long bad = -1;
  memset(gi, 0, sizeof(real) * (size_t)inSize);
  for (long o = 0; o < outSize; o++) {
    const long at = ind[o] - TH_INDEX_BASE;
    if (at < 0 || at >= inSize) {
      if (bad < 0 && !(zeroIsNone && ind[o] == 0)) bad = o;
      continue;
    }
    gi[at] += go[o];
  }
  return bad;
}

/* The 2x2 stride-2 fast path works on rows of windows in blocks, through int offsets within the
 * window (0, 1, width, width + 1): with every operand 32 bits wide (Float), the compiler vectorises
 * the block loops, which the 64-bit indices alone would prevent. */
#define THNN_POOL_BLOCK 256

/* Maxima of n windows over input rows r0 and r1 (= r0 + width) and their offsets; the order of the
 * comparisons is poolWindowMax's. */
static inline void THNN_(poolMax2x2Block)(const real *restrict r0, const real *restrict r1, long n, int width,
                                          real *restrict out, int *restrict offset) {
  for (long i = 0; i < n; i++) {
    const real a = r0[2 * i], b = r0[2 * i + 1], c = r1[2 * i], d = r1[2 * i + 1];
    real m = a;
    int k = 0;
    int t = (b > m) | (b != b);
    m = t ? b : m;
    k = t ? 1 : k;
    t = (c > m) | (c != c);
    m = t ? c : m;
    k = t ? width : k;
    t = (d > m) | (d != d);
    m = t ? d : m;
    k = t ? width + 1 : k;
    out[i] = m;
    offset[i] = k;
  }
}

/* One output row: `base` is r0's plane position + TH_INDEX_BASE. */
static void THNN_(poolMax2x2Row)(const real *r0, const real *r1, long oW, long width, long base, real *out,
                                 THIndex_t *ind) {
  int offset[THNN_POOL_BLOCK];
  for (long b = 0; b < oW; b += THNN_POOL_BLOCK) {
    const long n = oW - b < THNN_POOL_BLOCK ? oW - b : THNN_POOL_BLOCK;
    THNN_(poolMax2x2Block)(r0 + 2 * b, r1 + 2 * b, n, (int)width, out + b, offset);
    for (long i = 0; i < n; i++) ind[b + i] = base + 2 * (b + i) + offset[i];
  }
}

/* The backward of a block: both gradInput rows written whole (gradOutput at the offset, 0
 * elsewhere). Returns 0 when an offset is not one of the window's. */
static inline int THNN_(poolMax2x2BlockBackward)(const real *restrict go, const int *restrict offset, long n,
                                                 int width, real *restrict g0, real *restrict g1) {
  int ok = 1;
  for (long i = 0; i < n; i++) {
    const int k = offset[i];
    const real g = go[i];
    g0[2 * i] = k == 0 ? g : 0;
    g0[2 * i + 1] = k == 1 ? g : 0;
    g1[2 * i] = k == width ? g : 0;
    g1[2 * i + 1] = k == width + 1 ? g : 0;
    ok &= (k == 0) | (k == 1) | (k == width) | (k == width + 1);
  }
  return ok;
}

/* One output row's backward. Returns 0 when an index lies outside its own window (only a caller's
 * own indices can): the plane then takes the general path. */
static int THNN_(poolMax2x2RowBackward)(const real *go, const THIndex_t *ind, long oW, long width, long base,
                                        real *g0, real *g1) {
  int offset[THNN_POOL_BLOCK];
  for (long b = 0; b < oW; b += THNN_POOL_BLOCK) {
    const long n = oW - b < THNN_POOL_BLOCK ? oW - b : THNN_POOL_BLOCK;
    long high = 0; /* non-zero when an offset does not fit in an int (it is then no window's) */
    for (long i = 0; i < n; i++) {
      const long d = ind[b + i] - base - 2 * (b + i);
      offset[i] = (int)d;
      high |= d >> 32;
    }
    if (high || !THNN_(poolMax2x2BlockBackward)(go + b, offset, n, (int)width, g0 + 2 * b, g1 + 2 * b)) return 0;
  }
  return 1;
}

static int THNN_(poolIsFast2x2)(const THNNPoolWindow *w, const THNNPoolShape *s) {
  if (s->inputSize[1] > INT_MAX / 2) return 0; /* the offsets are ints */
  for (int a = 0; a < 2; a++)
    if (w[a].kernel != 2 || w[a].stride != 2 || w[a].pad != 0 || w[a].dilation != 1 ||
        s->inputSize[a] != 2 * s->outputSize[a])
      return 0;
  return 1;
}

void THNN_(poolMaxBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                            THIndexTensor *indices, const THNNPoolShape *shape, int zeroIsNone, int fast2x2) {
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, shape);
  THNN_(poolCheckIndicesLike)(fn, "indices", indices, shape);
  const long planes = shape->nBatch * shape->nPlanes;
  long inSize = 1, outSize = 1;
  for (int a = 0; a < shape->nAxes; a++) {
    inSize *= shape->inputSize[a];
    outSize *= shape->outputSize[a];
  }
  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  real *gip = ops.gi;
  const real *gop = ops.go;
  const THIndex_t *indp = ops.ind;
  const long oH = shape->outputSize[0], oW = shape->outputSize[1], width = shape->inputSize[1];
  long badAt = -1, badIndex = 0;

  /* Contiguous runs of planes (a static schedule), as the convolutions and element-wise loops
   * split theirs: a thread reads the planes the layer before left in its own cache. */
#pragma omp parallel for schedule(static) if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *g = gip + p * inSize;
    const real *gop_ = gop + p * outSize;
    const THIndex_t *ind_ = indp + p * outSize;
    int done = 0;
    if (fast2x2) {
      done = 1;
      for (long oh = 0; oh < oH && done; oh++)
        done = THNN_(poolMax2x2RowBackward)(gop_ + oh * oW, ind_ + oh * oW, oW, width,
                                            2 * oh * width + TH_INDEX_BASE, g + 2 * oh * width,
                                            g + (2 * oh + 1) * width);
    }
    if (!done) {
      const long bad = THNN_(poolScatterPlane)(g, inSize, gop_, ind_, outSize, zeroIsNone);
      if (bad >= 0) THNN_POOL_NOTE_BAD(badAt, badIndex, p * outSize + bad, ind_[bad]);
    }
  }

  THNN_(poolGradEnd)(&ops);
  if (badAt >= 0) THNN_(poolIndexError)(fn, "indices", badAt, badIndex, TH_INDEX_BASE, inSize - 1 + TH_INDEX_BASE);
}

void THNN_(poolMax2dForward)(const char *fn, THTensor *input, THTensor *output, THIndexTensor *indices,
                             const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "HW", input, windows, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  long sizes[4];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];
  const THNNPoolWindow wH = windows[0], wW = windows[1];
  const int fast = THNN_(poolIsFast2x2)(windows, &s);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *xp = THIndexTensor_(data)(ind);

  /* As in poolMaxBackward. */
#pragma omp parallel for schedule(static) if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *plane = ip + p * iH * iW;
    real *o = op + p * oH * oW;
    THIndex_t *x = xp + p * oH * oW;
    for (long oh = 0; oh < oH; oh++) {
      if (fast) {
        THNN_(poolMax2x2Row)(plane + 2 * oh * iW, plane + (2 * oh + 1) * iW, oW, iW, 2 * oh * iW + TH_INDEX_BASE,
                             o + oh * oW, x + oh * oW);
        continue;
      }
      long h0, h1;
      THNNPool_window(oh, iH, &wH, &h0, &h1);
      for (long ow = 0; ow < oW; ow++) {
        long w0, w1, at;
        THNNPool_window(ow, iW, &wW, &w0, &w1);
        o[oh * oW + ow] = THNN_(poolWindowMax)(plane, iW, h0, h1, wH.dilation, w0, w1, wW.dilation, &at);
        x[oh * oW + ow] = at + TH_INDEX_BASE;
      }
    }
  }

  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
  THNN_(poolIndicesWritten)(ind, indices);
}

void THNN_(poolMax2dBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                              THIndexTensor *indices, const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "HW", input, windows, ceil_mode, &s);
  THNN_(poolMaxBackward)(fn, input, gradOutput, gradInput, indices, &s, 1, THNN_(poolIsFast2x2)(windows, &s));
}


/* ------------------------------------------------------------------ volumetric max pooling */

static void THNN_(poolCheckPackable)(const char *fn, const THNNPoolWindow *windows) {
  for (int a = 0; a < 3; a++)
    if (windows[a].kernel > THNN_POOL_PACKED_MAX_KERNEL)
      THError("%s: kernel size must be at most %d (the indices keep each offset in a byte), got k%c = %d", fn,
              THNN_POOL_PACKED_MAX_KERNEL, "THW"[a], windows[a].kernel);
}

void THNN_(poolMax3dForward)(const char *fn, THTensor *input, THTensor *output, THIndexTensor *indices,
                             const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "THW", input, windows, ceil_mode, &s);
  THNN_(poolCheckPackable)(fn, windows);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  long sizes[5];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iT = s.inputSize[0], iH = s.inputSize[1], iW = s.inputSize[2];
  const long oT = s.outputSize[0], oH = s.outputSize[1], oW = s.outputSize[2];
  const THNNPoolWindow wT = windows[0], wH = windows[1], wW = windows[2];

  /* The windows' clipped bounds along T, H, W, computed once. */
  long *bounds = THAlloc(sizeof(long) * 2 * (size_t)(oT + oH + oW));
  long *t0 = bounds, *t1 = t0 + oT, *h0 = t1 + oT, *h1 = h0 + oH, *w0 = h1 + oH, *w1 = w0 + oW;
  THNNPool_windows(oT, iT, &wT, t0, t1, NULL);
  THNNPool_windows(oH, iH, &wH, h0, h1, NULL);
  THNNPool_windows(oW, iW, &wW, w0, w1, NULL);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *xp = THIndexTensor_(data)(ind);

#pragma omp parallel for if (planes > 1 && planes * iT * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    const real *volume = ip + p * iT * iH * iW;
    real *o = op + p * oT * oH * oW;
    THIndex_t *x = xp + p * oT * oH * oW;
    for (long ot = 0; ot < oT; ot++)
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++) {
          long t, at;
          *o++ = THNN_(poolWindowMax3d)(volume, iH, iW, t0[ot], t1[ot], wT.dilation, h0[oh], h1[oh], wH.dilation,
                                        w0[ow], w1[ow], wW.dilation, &t, &at);
          const long h = at / iW, w = at - h * iW;
          /* Offsets from the unclipped window start o * stride - pad, in dilation steps. */
          *x++ = THNNPool_pack3d((t - ot * wT.stride + wT.pad) / wT.dilation,
                                 (h - oh * wH.stride + wH.pad) / wH.dilation,
                                 (w - ow * wW.stride + wW.pad) / wW.dilation);
        }
  }

  THFree(bounds);
  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
  THNN_(poolIndicesWritten)(ind, indices);
}

void THNN_(poolMax3dBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                              THIndexTensor *indices, const THNNPoolWindow *windows, int ceil_mode) {
  THNNPoolShape s;
  THNN_(poolPlan)(fn, "THW", input, windows, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(poolCheckIndicesLike)(fn, "indices", indices, &s);
  const long planes = s.nBatch * s.nPlanes;
  const long iT = s.inputSize[0], iH = s.inputSize[1], iW = s.inputSize[2];
  const long oT = s.outputSize[0], oH = s.outputSize[1], oW = s.outputSize[2];
  const long inSize = iT * iH * iW, outSize = oT * oH * oW;

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  real *gip = ops.gi;
  const real *gop = ops.go;
  const THIndex_t *indp = ops.ind;
  long badAt = -1, badIndex = 0;

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    /* Local copies: the loop below then keeps them in registers. */
    const THNNPoolWindow wT = windows[0], wH = windows[1], wW = windows[2];
    const unsigned long inT = (unsigned long)iT, inH = (unsigned long)iH, inW = (unsigned long)iW;
    real *g = gip + p * inSize;
    memset(g, 0, sizeof(real) * (size_t)inSize);
    long k = p * outSize;
    for (long ot = 0; ot < oT; ot++)
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++, k++) {
          long off[3];
          THNNPool_unpack3d(indp[k], off);
          const long t = ot * wT.stride - wT.pad + off[0] * wT.dilation;
          const long h = oh * wH.stride - wH.pad + off[1] * wH.dilation;
          const long w = ow * wW.stride - wW.pad + off[2] * wW.dilation;
          /* (unsigned) x < n: 0 <= x < n. */
          const int ok = (off[0] < wT.kernel) & (off[1] < wH.kernel) & (off[2] < wW.kernel) &
                         ((unsigned long)t < inT) & ((unsigned long)h < inH) & ((unsigned long)w < inW);
          if (!ok) {
            THNN_POOL_NOTE_BAD(badAt, badIndex, k, indp[k]);
            continue;
          }
          g[(t * iH + h) * iW + w] += gop[k];
        }
  }

  THNN_(poolGradEnd)(&ops);
  if (badAt >= 0)
    THError("%s: indices value %ld at position %ld (counted from 0 over its elements) is not a window offset "
            "(its three low bytes offT + 256 offH + 65536 offW, each offset below the kernel size %dx%dx%d and "
            "inside the input)",
            fn, badIndex, badAt, windows[0].kernel, windows[1].kernel, windows[2].kernel);
}

#endif
