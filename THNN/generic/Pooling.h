#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Pooling.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "THNNSizes.h"

/* This part is type-free and reads sizes only: libTHCUNN includes it too (THCUNN/Pooling.cuh), so
 * that both devices size, check and word their errors alike. THNN_POOL_HD marks the window math the
 * CUDA kernels also run on the device. */
#ifdef __CUDACC__
#define THNN_POOL_HD __host__ __device__
#else
#define THNN_POOL_HD
#endif

/* The window math of every pooling module (spatial, temporal, volumetric), one axis at a time: a
 * module with several axes applies it per axis. Positions are 0-based here; the index tensors the
 * modules return are 1-based (TH_INDEX_BASE) where Torch7's were. */

/* One axis of a sliding window: kernel positions `dilation` apart, moved by `stride`, over the input
 * extended by `pad` on both sides. */
typedef struct {
  int kernel, stride, pad, dilation;
} THNNPoolWindow;

/* The number of windows along an axis of inputSize: floor (or ceil, in ceil mode) of
 * (inputSize + 2 pad - extent) / stride, plus one. In ceil mode the last window must start inside
 * the input or its left padding, else it is dropped. Torch7 dropped it only when the padding was
 * non-zero, so with pad 0 it could produce a window lying wholly past the input (max pooling then
 * stored index 0 and its backward wrote before gradInput); ember always applies the rule, as
 * PyTorch does. */
static inline long THNNPool_outputSize(const char *fn, long inputSize, const THNNPoolWindow *w, int ceil_mode) {
  const __int128 extent = (__int128)w->dilation * (w->kernel - 1) + 1;
  const __int128 span = (__int128)inputSize + 2 * (__int128)w->pad - extent;
  __int128 out = THNN_floorDiv128(ceil_mode ? span + w->stride - 1 : span, w->stride) + 1;
  if (ceil_mode && out > 1 && (out - 1) * w->stride >= (__int128)inputSize + w->pad) out--;
  return THNN_checkedSize(fn, "the output size", out);
}

/* Window i of an axis, clipped to the input: its positions are *start, *start + dilation, ... below
 * *end (none when *start >= *end). Returns the window's extent inside the padded input
 * [-pad, inputSize + pad): for dilation 1, the number of positions count_include_pad divides by. */
THNN_POOL_HD static inline long THNNPool_window(long i, long inputSize, const THNNPoolWindow *w, long *start, long *end) {
  const long extent = (long)w->dilation * (w->kernel - 1) + 1;
  long s = i * w->stride - w->pad;
  long e = s + extent;
  const long padded = (e < inputSize + w->pad ? e : inputSize + w->pad) - s;
  if (e > inputSize) e = inputSize;
  if (s < 0) s += (-s + w->dilation - 1) / w->dilation * w->dilation;
  *start = s;
  *end = e;
  return padded;
}

/* THNNPool_window for each of the outputSize windows of an axis, into lo[i], hi[i] and (when not
 * NULL) padded[i]: computed once per call by the modules whose inner loops run over many windows. */
static inline void THNNPool_windows(long outputSize, long inputSize, const THNNPoolWindow *w, long *lo, long *hi,
                                    long *padded) {
  for (long i = 0; i < outputSize; i++) {
    const long p = THNNPool_window(i, inputSize, w, &lo[i], &hi[i]);
    if (padded) padded[i] = p;
  }
}

/* Adaptive average pooling: output position i of outputSize covers input [floor(i * in / out),
 * ceil((i + 1) * in / out)), as Torch7's SpatialAdaptiveAveragePooling and PyTorch split it
 * (Torch7's SpatialAdaptiveMaxPooling rounds differently: see there). */
THNN_POOL_HD static inline long THNNPool_adaptiveStart(long i, long inputSize, long outputSize) {
  return i * inputSize / outputSize;
}
THNN_POOL_HD static inline long THNNPool_adaptiveEnd(long i, long inputSize, long outputSize) {
  return ((i + 1) * inputSize + outputSize - 1) / outputSize;
}

/* The planes and window axes of a pooling input: nAxes window axes (1 to 3, slowest first, e.g.
 * H, W) preceded by the planes and, in batch mode, the batch. */
#define THNN_POOL_MAX_AXES 3
typedef struct {
  int nAxes, batched;
  long nBatch, nPlanes;
  long inputSize[THNN_POOL_MAX_AXES], outputSize[THNN_POOL_MAX_AXES];
} THNNPoolShape;

/* "AxBxC" from n values: the way the messages write sizes along the window axes. */
static inline THDescBuff THNNPool_join(int n, const long *v) {
  THDescBuff b;
  size_t len = 0;
  b.str[0] = '\0';
  for (int i = 0; i < n && len < sizeof b.str; i++)
    len += (size_t)snprintf(b.str + len, sizeof b.str - len, i ? "x%ld" : "%ld", v[i]);
  return b;
}

/* Fills shape's batch, planes and input sizes (outputSize left 0) from the sizes of an input of
 * nAxes + 1 (one sample) or nAxes + 2 (a batch) dimensions, which the caller has checked. */
static inline void THNNPool_setInputShape(int nDimension, const long *size, int nAxes, THNNPoolShape *shape) {
  const int b = nDimension == nAxes + 2;
  shape->nAxes = nAxes;
  shape->batched = b;
  shape->nBatch = b ? size[0] : 1;
  shape->nPlanes = size[b];
  for (int a = 0; a < nAxes; a++) {
    shape->inputSize[a] = size[b + 1 + a];
    shape->outputSize[a] = 0;
  }
}

/* The same for the temporal modules' [nBatch x] T x F input (2 or 3 dimensions, checked): the F
 * features are the planes, T the one axis. */
static inline void THNNPool_setTemporalShape(int nDimension, const long *size, THNNPoolShape *shape) {
  const int b = nDimension == 3;
  shape->nAxes = 1;
  shape->batched = b;
  shape->nBatch = b ? size[0] : 1;
  shape->inputSize[0] = size[b];
  shape->outputSize[0] = 0;
  shape->nPlanes = size[b + 1];
}

/* The output's sizes ([nBatch x] nPlanes x outputSize...); returns the number of dimensions. */
static inline int THNNPool_outputSizes(const THNNPoolShape *shape, long *sizes) {
  int nd = 0;
  if (shape->batched) sizes[nd++] = shape->nBatch;
  sizes[nd++] = shape->nPlanes;
  for (int a = 0; a < shape->nAxes; a++) sizes[nd++] = shape->outputSize[a];
  return nd;
}

/* The temporal modules' output sizes: [nBatch x] oT x F. */
static inline int THNNPool_temporalOutputSizes(const THNNPoolShape *shape, long *sizes) {
  int nd = 0;
  if (shape->batched) sizes[nd++] = shape->nBatch;
  sizes[nd++] = shape->outputSize[0];
  sizes[nd++] = shape->nPlanes;
  return nd;
}

/* "(HxW; kernel 3x3, stride 1x1, padding 0x0, dilation 1x1, ceil_mode 0)": the window parameters
 * as the messages quote them. */
static inline void THNNPool_describeWindows(char *buf, size_t cap, const char *axisNames, int n,
                                            const THNNPoolWindow *windows, int ceil_mode) {
  long k[THNN_POOL_MAX_AXES], d[THNN_POOL_MAX_AXES], p[THNN_POOL_MAX_AXES], dil[THNN_POOL_MAX_AXES];
  char label[2 * THNN_POOL_MAX_AXES] = {0};
  for (int a = 0; a < n; a++) {
    k[a] = windows[a].kernel;
    d[a] = windows[a].stride;
    p[a] = windows[a].pad;
    dil[a] = windows[a].dilation;
    label[2 * a] = axisNames[a];
    if (a + 1 < n) label[2 * a + 1] = 'x';
  }
  snprintf(buf, cap, "(%s; kernel %s, stride %s, padding %s, dilation %s, ceil_mode %d)", label,
           THNNPool_join(n, k).str, THNNPool_join(n, d).str, THNNPool_join(n, p).str, THNNPool_join(n, dil).str,
           ceil_mode ? 1 : 0);
}

static inline void THNNPool_checkBorderWindow(const char *fn, const char *axisNames, const THNNPoolShape *shape,
                                              const THNNPoolWindow *windows, int ceil_mode, int a, long i) {
  long s, e;
  THNNPool_window(i, shape->inputSize[a], &windows[a], &s, &e);
  if (s < e) return;
  char params[384];
  THNNPool_describeWindows(params, sizeof params, axisNames, shape->nAxes, windows, ceil_mode);
  THError("%s: window %ld along %c lies wholly in the padding for input %s %s", fn, i + TH_INDEX_BASE,
          axisNames[a], THNNPool_join(shape->nAxes, shape->inputSize).str, params);
}

/* Checks each axis' window (kernel > 0, stride > 0, dilation > 0, 0 <= pad <= kernel / 2, Torch7's
 * "pad should be smaller than half of kernel size"), sets shape's output sizes and raises an error
 * naming every size when one is below 1 ("output size 0x0 is too small for input 2x2 (HxW; kernel
 * 3x3, ...)") or when a window lies wholly in the padding (possible with dilation). */
static inline void THNNPool_outputShape(const char *fn, const char *axisNames, THNNPoolShape *shape,
                                        const THNNPoolWindow *windows, int ceil_mode) {
  const int n = shape->nAxes;
  for (int a = 0; a < n; a++) {
    const THNNPoolWindow *w = &windows[a];
    const char axis = axisNames[a];
    if (w->kernel <= 0) THError("%s: kernel size must be positive, got k%c = %d", fn, axis, w->kernel);
    if (w->stride <= 0) THError("%s: stride must be positive, got d%c = %d", fn, axis, w->stride);
    if (w->dilation <= 0) THError("%s: dilation must be positive, got dilation%c = %d", fn, axis, w->dilation);
    if (w->pad < 0) THError("%s: padding must not be negative, got pad%c = %d", fn, axis, w->pad);
    if (w->pad > w->kernel / 2)
      THError("%s: pad should be smaller than half of kernel size, got pad%c = %d with k%c = %d", fn, axis,
              w->pad, axis, w->kernel);
  }
  int tooSmall = 0;
  for (int a = 0; a < n; a++) {
    shape->outputSize[a] = THNNPool_outputSize(fn, shape->inputSize[a], &windows[a], ceil_mode);
    if (shape->outputSize[a] < 1) tooSmall = 1;
  }
  if (tooSmall) {
    char params[384];
    THNNPool_describeWindows(params, sizeof params, axisNames, n, windows, ceil_mode);
    THError("%s: output size %s is too small for input %s %s", fn, THNNPool_join(n, shape->outputSize).str,
            THNNPool_join(n, shape->inputSize).str, params);
  }
  long sizes[THNN_POOL_MAX_AXES + 2];
  THNN_checkedProduct(fn, "the output", THNNPool_outputSizes(shape, sizes), sizes);
  /* Dilation can leave every position of a border window in the padding. Only the windows that start
   * in the left padding or end past the input can be: a few at each end, however many windows. */
  for (int a = 0; a < n; a++) {
    const THNNPoolWindow *w = &windows[a];
    const long in = shape->inputSize[a], out = shape->outputSize[a];
    const long extent = (long)w->dilation * (w->kernel - 1) + 1;
    for (long i = 0; i < out && i * w->stride < w->pad; i++)
      THNNPool_checkBorderWindow(fn, axisNames, shape, windows, ceil_mode, a, i);
    for (long i = out - 1; i >= 0 && (__int128)i * w->stride - w->pad + extent > in; i--)
      THNNPool_checkBorderWindow(fn, axisNames, shape, windows, ceil_mode, a, i);
  }
}

/* Raises "fn: arg must have size [expected], got [size]" unless a tensor of nDimension dimensions
 * of sizes `size` has exactly the expected sizes. */
static inline void THNNPool_checkSizes(const char *fn, const char *arg, int nDimension, const long *size,
                                       int nExpected, const long *expected) {
  int same = nDimension == nExpected;
  for (int i = 0; same && i < nDimension; i++) same = size[i] == expected[i];
  if (!same)
    THError("%s: %s must have size %s, got %s", fn, arg, _THSizeDesc(expected, nExpected).str,
            _THSizeDesc(size, nDimension).str);
}

/* Raises "fn: arg value V is out of range [lo, hi] at position P" for an index found out of range
 * by a loop that could not raise it itself (a parallel one); `at` is the 0-based flat position in
 * the index tensor. Callers free their temporaries first. */
static inline void THNNPool_indexError(const char *fn, const char *arg, long at, long index, long lo, long hi) {
  THError("%s: %s value %ld is out of range [%ld, %ld] at position %ld (counted from 0 over its elements)", fn,
          arg, index, lo, hi, at);
}

/* Fractional max pooling's window starts along one axis (Torch7's and PyTorch's sequence, computed
 * in the samples' type as they did): start i = floor((i + sample) * alpha) - floor(sample * alpha)
 * with alpha = (inputSize - poolSize) / (outputSize - 1), the last window ending at the input's end.
 * THNNPool_fractionalStartsFloat and ...Double. */
#define THNN_POOL_FRACTIONAL_STARTS(Type, type)                                                                 \
  static inline void THNNPool_fractionalStarts##Type(type sample, long inputSize, long outputSize, int poolSize, \
                                                     long *starts) {                                            \
    const long last = inputSize - poolSize;                                                                     \
    if (outputSize > 1) {                                                                                       \
      const type alpha = (type)last / (type)(outputSize - 1);                                                   \
      const long offset = (long)(sample * alpha);                                                               \
      for (long i = 0; i < outputSize - 1; i++) {                                                               \
        long s = (long)((i + sample) * alpha) - offset;                                                         \
        starts[i] = s < 0 ? 0 : s > last ? last : s; /* exact arithmetic keeps it there; rounding might not */  \
      }                                                                                                         \
    }                                                                                                           \
    starts[outputSize - 1] = last;                                                                              \
  }
THNN_POOL_FRACTIONAL_STARTS(Float, float)
THNN_POOL_FRACTIONAL_STARTS(Double, double)
#undef THNN_POOL_FRACTIONAL_STARTS

/* SpatialFractionalMaxPooling's sizes (both passes): sets shape's output to outputH x outputW after
 * checking them and the pool sizes against its input. */
static inline void THNNPool_fractionalShape2d(const char *fn, THNNPoolShape *s, int outputW, int outputH,
                                              int poolSizeW, int poolSizeH) {
  if (outputW < 1 || outputH < 1)
    THError("%s: output size must be positive, got outputW = %d, outputH = %d", fn, outputW, outputH);
  if (poolSizeW < 1 || poolSizeH < 1)
    THError("%s: pool size must be positive, got poolSizeW = %d, poolSizeH = %d", fn, poolSizeW, poolSizeH);
  if (outputH + poolSizeH - 1 > s->inputSize[0])
    THError("%s: poolSizeH %d is too large for input height %ld with outputH %d (need outputH + poolSizeH - 1 "
            "<= height)",
            fn, poolSizeH, s->inputSize[0], outputH);
  if (outputW + poolSizeW - 1 > s->inputSize[1])
    THError("%s: poolSizeW %d is too large for input width %ld with outputW %d (need outputW + poolSizeW - 1 "
            "<= width)",
            fn, poolSizeW, s->inputSize[1], outputW);
  s->outputSize[0] = outputH;
  s->outputSize[1] = outputW;
}

/* VolumetricFractionalMaxPooling's sizes: sets shape's output to out[] (its axes in memory order: H, W, T) after checking it
 * and pool[] against the input, of nDimension dimensions of sizes `size`. */
static inline void THNNPool_fractionalShape3d(const char *fn, THNNPoolShape *s, const int out[3], const int pool[3],
                                              int nDimension, const long *size) {
  for (int a = 0; a < 3; a++) {
    const char axis = "HWT"[a];
    if (out[a] < 1) THError("%s: output size must be positive, got output%c = %d", fn, axis, out[a]);
    if (pool[a] < 1) THError("%s: pool size must be positive, got poolSize%c = %d", fn, axis, pool[a]);
    if (out[a] + pool[a] - 1 > s->inputSize[a])
      THError("%s: poolSize%c %d is too large for input size %ld along %c (dimension %d of %s) with output%c %d "
              "(need output%c + poolSize%c - 1 <= size)",
              fn, axis, pool[a], s->inputSize[a], axis, s->batched + 2 + a, _THSizeDesc(size, nDimension).str, axis,
              out[a], axis, axis);
    s->outputSize[a] = out[a];
  }
}

/* The position of the first of n fractional pooling samples outside [0, 1), -1 when none
 * (THNNPool_firstBadSampleFloat and ...Double); THNNPool_sampleError raises the message for it, after
 * the caller has freed its temporaries. */
#define THNN_POOL_FIRST_BAD_SAMPLE(Type, type)                                         \
  static inline long THNNPool_firstBadSample##Type(const type *u, long n) {            \
    for (long i = 0; i < n; i++)                                                       \
      if (!(u[i] >= 0 && u[i] < 1)) return i;                                          \
    return -1;                                                                         \
  }
THNN_POOL_FIRST_BAD_SAMPLE(Float, float)
THNN_POOL_FIRST_BAD_SAMPLE(Double, double)
#undef THNN_POOL_FIRST_BAD_SAMPLE

static inline void THNNPool_sampleError(const char *fn, double bad, long i) {
  THError("%s: randomSamples must lie in [0, 1), got %g at position %ld (counted from 0)", fn, bad, i);
}

/* SpatialAdaptiveMaxPooling's window i of n along an axis of `size` input positions, [*start, *end),
 * as Torch7 computed it in single precision, dividing first (see THNN/generic/
 * SpatialAdaptiveMaxPooling.c), clamped to stay inside the input and hold at least one position. */
THNN_POOL_HD static inline void THNNPool_adaptiveMaxWindow(long i, long n, long size, long *start, long *end) {
  long s = (long)floorf((float)i / (float)n * (float)size);
  long e = (long)ceilf((float)(i + 1) / (float)n * (float)size);
  if (s > size - 1) s = size - 1;
  if (e > size) e = size;
  if (e <= s) e = s + 1;
  *start = s;
  *end = e;
}

/* Below this many elements read, the pooling loops stay on one thread. */
#define THNN_POOL_OMP_MIN 32768

/* Keeps the smaller of two out-of-range findings (position, value) so that the reported one does
 * not depend on the thread schedule. */
#define THNN_POOL_NOTE_BAD(BAD_AT, BAD_INDEX, AT, INDEX)         \
  do {                                                          \
    _Pragma("omp critical(THNN_pool_bad)") {                    \
      if ((BAD_AT) < 0 || (AT) < (BAD_AT)) {                    \
        (BAD_AT) = (AT);                                        \
        (BAD_INDEX) = (INDEX);                                  \
      }                                                         \
    }                                                           \
  } while (0)

/* VolumetricMaxPooling's indices (Torch7's format): per output element, the argmax's offsets within
 * its window, counted in kernel steps (units of the dilation) from the window's unpadded start
 * o * stride - pad, one byte each: T in the lowest byte, then H, then W. Torch7 wrote the bytes
 * through a char pointer (the same value on the little-endian machines it ran on: offT + 256 offH +
 * 65536 offW), set the fourth to 0 and left the upper four bytes of the long unwritten, so its
 * indices may carry anything there; its backward and VolumetricMaxUnpooling read the three low
 * bytes only, and so does ember (which writes the value whole). VolumetricMaxUnpooling reads the
 * same format (with dilation 1). Offsets fit a byte: kernels are limited to 256 positions.
 * (Where dilation > 1 and a window starts two or more positions into the padding, Torch7's forward
 * counted its offsets from another origin than its backward and skipped the window's last taps;
 * ember's offsets are the kernel steps that backward reads.) */
#define THNN_POOL_PACKED_MAX_KERNEL 256
static inline long THNNPool_pack3d(long offT, long offH, long offW) { return offT | offH << 8 | offW << 16; }
/* Splits a packed index into its offsets, from its three low bytes. */
static inline void THNNPool_unpack3d(long index, long off[3]) {
  off[0] = index & 255;
  off[1] = (index >> 8) & 255;
  off[2] = (index >> 16) & 255;
}

#else
/* The checks and shapes every pooling module shares. `axisNames` names the axes in the messages,
 * one letter each, slowest first ("HW", "THW"; "W" for the temporal modules, whose legacy
 * arguments are kW and dW). */

/* Checks that input is not NULL and has nAxes + 1 (one sample) or nAxes + 2 (a batch) dimensions,
 * and fills shape's batch, planes and input sizes (outputSize left 0). */
void THNN_(poolInputShape)(const char *fn, THTensor *input, int nAxes, THNNPoolShape *shape);

/* THNNPool_outputShape. */
void THNN_(poolOutputShape)(const char *fn, const char *axisNames, THNNPoolShape *shape,
                            const THNNPoolWindow *windows, int ceil_mode);

/* poolInputShape, then poolOutputShape. */
void THNN_(poolPlan)(const char *fn, const char *axisNames, THTensor *input, const THNNPoolWindow *windows,
                     int ceil_mode, THNNPoolShape *shape);

/* The output's sizes ([nBatch x] nPlanes x outputSize...); returns the number of dimensions. */
int THNN_(poolOutputSizes)(const THNNPoolShape *shape, long *sizes);

/* The temporal modules' [nBatch x] T x F input: shape's planes are the F features (contiguous),
 * its one axis the T frames, the window kW frames moved by dW; the output is [nBatch x] oT x F. */
void THNN_(poolTemporalPlan)(const char *fn, THTensor *input, int kW, int dW, THNNPoolShape *shape);
int THNN_(poolTemporalOutputSizes)(const THNNPoolShape *shape, long *sizes);

/* Raise "fn: arg must have size [expected], got [size]" unless t (NULL raises too) has exactly the
 * expected sizes. */
void THNN_(poolCheckTensorSizes)(const char *fn, const char *arg, THTensor *t, int nExpected, const long *expected);
void THNN_(poolCheckIndexSizes)(const char *fn, const char *arg, THIndexTensor *t, int nExpected,
                                const long *expected);

/* Checks that gradOutput (or an output passed back) and indices have the output's sizes. */
void THNN_(poolCheckOutputLike)(const char *fn, const char *arg, THTensor *t, const THNNPoolShape *shape);
void THNN_(poolCheckIndicesLike)(const char *fn, const char *arg, THIndexTensor *t, const THNNPoolShape *shape);

/* Checks that indices has input's sizes (the unpooling modules). */
void THNN_(poolCheckIndicesLikeInput)(const char *fn, THIndexTensor *indices, THTensor *input);

/* An index tensor resized to sizes, to be written through a contiguous view: the tensor itself
 * (a new reference) when it is contiguous, else a contiguous scratch that poolIndicesWritten
 * copies back and frees. */
THIndexTensor *THNN_(poolIndicesWritable)(THIndexTensor *indices, int nDimension, const long *sizes);
void THNN_(poolIndicesWritten)(THIndexTensor *writable, THIndexTensor *indices);

/* A backward pass's operands (pooling, unpooling, resampling): gradOutput and indices (NULL where
 * there are none) made contiguous, gradInput resized like input and made writable; poolGradEnd frees
 * them and writes gradInput back. */
typedef struct {
  THTensor *gradOutput, *gradInput, *result;
  THIndexTensor *indices;
  const real *go;
  real *gi;
  const THIndex_t *ind;
} THNN_(PoolGrad);
THNN_(PoolGrad) THNN_(poolGradBegin)(THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                     THIndexTensor *indices);
void THNN_(poolGradEnd)(THNN_(PoolGrad) *g);

/* THNNPool_fractionalStarts in `real`. */
void THNN_(poolFractionalStarts)(real sample, long inputSize, long outputSize, int poolSize, long *starts);

/* THNNPool_indexError. */
void THNN_(poolIndexError)(const char *fn, const char *arg, long at, long index, long lo, long hi);

/* The max of the window of a row-major plane `width` wide made of rows y0, y0 + dy, ... < y1 and
 * columns x0, x0 + dx, ... < x1 (not empty), with its 0-based plane position in *at. A NaN wins
 * (the last one), as in PyTorch; among equal values the first wins. Torch7 compared with > from
 * -inf and no position, so it passed over NaNs and left a window of NaN or -inf values without a max
 * (index 0, which its backward skipped; in the volumetric modules offsets of 255, which it followed
 * out of the input); here the window's first position stands until something beats it. */
static inline real THNN_(poolWindowMax)(const real *plane, long width, long y0, long y1, long dy, long x0,
                                        long x1, long dx, long *at) {
  real best = plane[y0 * width + x0];
  long bestAt = y0 * width + x0;
  for (long y = y0; y < y1; y += dy)
    for (long x = x0; x < x1; x += dx) {
      const real v = plane[y * width + x];
      if (v > best || isnan(v)) {
        best = v;
        bestAt = y * width + x;
      }
    }
  *at = bestAt;
  return best;
}

/* poolWindowMax over a row-major volume of planes height x width: the window's slices t0, t0 + dt,
 * ... < t1 (not empty) scanned in order, with the same rules (the first of equal maxima, the last
 * NaN); the max's slice goes to *atT, its position within the slice to *atPlane. */
static inline real THNN_(poolWindowMax3d)(const real *volume, long height, long width, long t0, long t1, long dt,
                                          long y0, long y1, long dy, long x0, long x1, long dx, long *atT,
                                          long *atPlane) {
  const long planeSize = height * width;
  long bestT = t0, bestAt;
  real best = THNN_(poolWindowMax)(volume + t0 * planeSize, width, y0, y1, dy, x0, x1, dx, &bestAt);
  for (long t = t0 + dt; t < t1; t += dt) {
    long sliceAt;
    const real v = THNN_(poolWindowMax)(volume + t * planeSize, width, y0, y1, dy, x0, x1, dx, &sliceAt);
    if (v > best || isnan(v)) {
      best = v;
      bestT = t;
      bestAt = sliceAt;
    }
  }
  *atT = bestT;
  *atPlane = bestAt;
  return best;
}

/* The backward of every max pooling that stores plane positions (Spatial(Dilated)MaxPooling,
 * Spatial/VolumetricFractionalMaxPooling): checks gradOutput and indices against shape's output,
 * then gradInput (resized like input) = 0 + gradOutput scattered to the 1-based positions in
 * indices, which must lie in the input plane. zeroIsNone: index 0 is Torch7's mark of a window
 * without a max (all NaN or -inf there; ember's forward never writes it) and passes nothing, as
 * Torch7's Spatial(Dilated)MaxPooling backward skipped it; otherwise it is out of range. fast2x2: the
 * windows are 2x2, stride 2, and tile the input exactly (the common case, written without the
 * zeroing pass). */
void THNN_(poolMaxBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                            THIndexTensor *indices, const THNNPoolShape *shape, int zeroIsNone, int fast2x2);

/* Spatial(Dilated)MaxPooling's forward over windows[0] (H) and windows[1] (W). */
void THNN_(poolMax2dForward)(const char *fn, THTensor *input, THTensor *output, THIndexTensor *indices,
                             const THNNPoolWindow *windows, int ceil_mode);

/* Spatial(Dilated)MaxPooling's backward: the plan again (same checks), then poolMaxBackward. */
void THNN_(poolMax2dBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                              THIndexTensor *indices, const THNNPoolWindow *windows, int ceil_mode);

/* Volumetric(Dilated)MaxPooling over windows[0..2] (T, H, W), indices in the packed format above. */
void THNN_(poolMax3dForward)(const char *fn, THTensor *input, THTensor *output, THIndexTensor *indices,
                             const THNNPoolWindow *windows, int ceil_mode);
void THNN_(poolMax3dBackward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                              THIndexTensor *indices, const THNNPoolWindow *windows, int ceil_mode);

#endif
