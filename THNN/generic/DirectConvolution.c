#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/DirectConvolution.c"
#else

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>

/* Output planes per register block (missing planes of the last block are computed as 0), and the
 * fewest planes the direct kernels take. */
#define THNN_DIRECT_BLOCK 6
#define THNN_DIRECT_MIN_PLANES 4
/* Output rows per padded band a thread copies and then computes. */
#define THNN_DIRECT_BAND 16
/* Vectors of gradient (whole output rows) the weight gradient's kernels take at a time, at least. */
#define THNN_DIRECT_GRAD_VECTORS 56
/* Vectors of an output row per register block, at most: 6 x 4 accumulators, the 4 input vectors
 * and a broadcast weight fill 29 of AVX-512's 32 registers (6 x 2 + 3 of AVX2's 16). */
#define THNN_DIRECT_VECTORS_AVX512 4
#define THNN_DIRECT_VECTORS_AVX2 2
/* The weight gradient's register block: 4 planes x up to 6 taps (AVX-512) or 3 (AVX2), and as many
 * input vectors and the gradient's. Its loads are the taps' inputs and the planes' gradient: 6 planes
 * x 2 taps measured a third slower on W2 than 4 x 3. */
#define THNN_DIRECT_GRAD_BLOCK 4
#define THNN_DIRECT_GRAD_TAPS_AVX512 6
#define THNN_DIRECT_GRAD_TAPS_AVX2 3
/* Channels per register block of the input gradient, at most; the channels are split into blocks of
 * equal size. */
#define THNN_DIRECT_INPUT_BLOCK 6
/* Lanes of AVX2's 32-byte vectors, in which the thresholds below were measured. */
#define THNN_DIRECT_AVX2_LANES ((long)(32 / sizeof(real)))

/* Measured against im2col + GEMM at 1 thread (Float, Zen 4): the direct passes lose with fewer than
 * 16 taps and, for the input gradient, with fewer than 3 channels (a loaded vector then feeds one or
 * two multiply-adds). The output needs rows of 2 vectors (shorter ones are the plane kernels'); the
 * input gradient, whose rows are the image's, wins from one vector on (W8's second layer, 14
 * columns: 1.4x, Float, Zen 3). The weight gradient goes where the output goes: when the output is
 * direct, the GEMM's way would have to unfold the input again (finput is empty), and loses. */
int THNN_(directApplies)(const THNNConvGeometry *g, long planes, THNNDirectPass pass) {
  const long taps = g->channels * g->kH * g->kW;
  if (THVector_isa() < 1 || g->dilationH != 1 || g->dilationW != 1 || g->dW > 4 || taps < 16 ||
      taps > THNN_DIRECT_MAX_TAPS || planes < THNN_DIRECT_MIN_PLANES)
    return 0;
  if (pass == THNN_DIRECT_GRAD_INPUT ? g->width < THNN_DIRECT_AVX2_LANES : g->outWidth < 2 * THNN_DIRECT_AVX2_LANES)
    return 0;
  return pass != THNN_DIRECT_GRAD_INPUT || g->channels >= 3;
}

/* The padded band buffer: rows of `phases` (= dW) phase rows of phaseLength elements each, in
 * vectors of `lanes`. */
typedef struct {
  long phaseLength, rowStride, bandRows; /* bandRows: input rows of a full band */
} THNN_(DirectLayout);

static THNN_(DirectLayout) THNN_(directLayout)(const THNNConvGeometry *g, long lanes) {
  const long vectors = (g->outWidth + lanes - 1) / lanes;
  THNN_(DirectLayout) l;
  /* the last vector of a row reads (kW - 1) / dW past its own columns */
  l.phaseLength = vectors * lanes + (g->kW - 1) / g->dW;
  l.rowStride = g->dW * l.phaseLength;
  l.bandRows = (THNN_DIRECT_BAND - 1) * g->dH + g->kH;
  return l;
}

/* buffer = the input rows output rows [oh0, oh1) of image `im` read, padded and split by phase:
 * channel c's input row oh0 * dH - padH + r at buffer + (c * rows + r) * rowStride, rows = (oh1 -
 * oh0 - 1) * dH + kH; padding, and the columns past the image, are 0. */
static void THNN_(directPadBand)(const THNNConvGeometry *g, const THNN_(DirectLayout) *l, const real *im, long oh0,
                                 long oh1, real *buffer) {
  const long rows = (oh1 - oh0 - 1) * g->dH + g->kH, dW = g->dW, length = l->phaseLength;
  for (long c = 0; c < g->channels; c++)
    for (long r = 0; r < rows; r++) {
      const long iy = oh0 * g->dH - g->padH + r;
      real *dst = buffer + (c * rows + r) * l->rowStride;
      if (iy < 0 || iy >= g->height) {
        memset(dst, 0, sizeof(real) * (size_t)l->rowStride);
        continue;
      }
      const real *src = im + (c * g->height + iy) * g->width;
      for (long p = 0; p < dW; p++, dst += length) {
        /* columns no output reads stay 0 as well (the lanes past the last output column read them,
         * and the weight gradient multiplies those lanes by 0: an infinity there would give NaN) */
        const long used = p < g->kW ? g->outWidth + (g->kW - 1 - p) / dW : 0;
        long lo, hi;
        THNN_(im2colValidRange)(p - g->padW, dW, g->width, used, &lo, &hi);
        memset(dst, 0, sizeof(real) * (size_t)lo);
        for (long j = lo; j < hi; j++) dst[j] = src[j * dW + p - g->padW];
        memset(dst + hi, 0, sizeof(real) * (size_t)(length - hi));
      }
    }
}

/* Where tap t = (c * kH + kh) * kW + kw reads in a band of `rows` input rows, relative to the
 * band row of its output row and to the output column. */
static void THNN_(directTapOffsets)(const THNNConvGeometry *g, const THNN_(DirectLayout) *l, long rows,
                                    long *offsets) {
  long t = 0;
  for (long c = 0; c < g->channels; c++)
    for (long kh = 0; kh < g->kH; kh++)
      for (long kw = 0; kw < g->kW; kw++)
        offsets[t++] = (c * rows + kh) * l->rowStride + (kw % g->dW) * l->phaseLength + kw / g->dW;
}

/* The kernels, per instruction set: AVX-512's with 64-byte vectors and its 32 registers (longer
 * register blocks), AVX2's with 32-byte vectors. */
#define THNN_DIRECT_ISA AVX2
#define THNN_DIRECT_TARGET "avx2,fma"
#define THNN_DIRECT_BYTES 32
#define THNN_DIRECT_BROADCAST_OPERANDS 0
#define THNN_DIRECT_ROW_MOST THNN_DIRECT_VECTORS_AVX2
#define THNN_DIRECT_GRAD_MOST THNN_DIRECT_GRAD_TAPS_AVX2
#define THNN_DIRECT_ROW_CASES THNN_DIRECT_CASE(1) THNN_DIRECT_CASE(2)
#define THNN_DIRECT_GRAD_CASES THNN_DIRECT_GRAD_CASE(1) THNN_DIRECT_GRAD_CASE(2) THNN_DIRECT_GRAD_CASE(3)
#define THNN_DIRECT_INPUT_CASES                                                                        \
  THNN_DIRECT_INPUT_UPTO8(1) THNN_DIRECT_INPUT_UPTO6(2) THNN_DIRECT_INPUT_UPTO4(3)                    \
  THNN_DIRECT_INPUT_UPTO3(4) THNN_DIRECT_INPUT_UPTO2(5) THNN_DIRECT_INPUT_UPTO2(6)
#define THNN_DIRECT_INPUT_MOST {0, 8, 6, 4, 3, 2, 2}
#include "generic/DirectKernels.h"
#define THNN_DIRECT_ISA AVX512
#define THNN_DIRECT_TARGET "avx2,fma,avx512f,avx512vl"
#define THNN_DIRECT_BYTES 64
#define THNN_DIRECT_BROADCAST_OPERANDS 1
#define THNN_DIRECT_ROW_MOST THNN_DIRECT_VECTORS_AVX512
#define THNN_DIRECT_GRAD_MOST THNN_DIRECT_GRAD_TAPS_AVX512
#define THNN_DIRECT_ROW_CASES THNN_DIRECT_CASE(1) THNN_DIRECT_CASE(2) THNN_DIRECT_CASE(3) THNN_DIRECT_CASE(4)
#define THNN_DIRECT_GRAD_CASES                                                                         \
  THNN_DIRECT_GRAD_CASE(1) THNN_DIRECT_GRAD_CASE(2) THNN_DIRECT_GRAD_CASE(3) THNN_DIRECT_GRAD_CASE(4)  \
  THNN_DIRECT_GRAD_CASE(5) THNN_DIRECT_GRAD_CASE(6)
#define THNN_DIRECT_INPUT_CASES                                                                        \
  THNN_DIRECT_INPUT_UPTO8(1) THNN_DIRECT_INPUT_UPTO8(2) THNN_DIRECT_INPUT_UPTO8(3)                    \
  THNN_DIRECT_INPUT_UPTO6(4) THNN_DIRECT_INPUT_UPTO5(5) THNN_DIRECT_INPUT_UPTO4(6)
#define THNN_DIRECT_INPUT_MOST {0, 8, 8, 8, 6, 5, 4}
#include "generic/DirectKernels.h"

/* The kernel set THVector_isa() picks and its vector lanes (the layouts' unit). */
typedef struct {
  void (*row)(const real *in, const long *offsets, long taps, const real *weights, const real *bias, real *out,
              long planeStride, long nPlanes, long width);
  void (*grad)(const real *in, long step, const long *offsets, long taps, const real *dy, long planeStride,
               long rowStride, long rows, long vectors, real *sums);
  void (*input)(long cb, long vectors, const real *dy, long planeStride, const real *weights, long planes,
                const long *dyOff, const long *wOff, long entries, real *out, long outStride);
  long lanes;
} THNN_(DirectKernels);

static THNN_(DirectKernels) THNN_(directKernels)(void) {
  if (THVector_isa() >= 2)
    return (THNN_(DirectKernels)){THNN_(directRowAVX512), THNN_(directGradAVX512), THNN_(directInputAVX512),
                                  64 / (long)sizeof(real)};
  return (THNN_(DirectKernels)){THNN_(directRowAVX2), THNN_(directGradAVX2), THNN_(directInputAVX2),
                                32 / (long)sizeof(real)};
}

/* The band that starts at row r of the batch (image *n, output rows [*oh0, *oh1)) in a run that ends
 * at row `last`: at most THNN_DIRECT_BAND rows, within one image. */
static inline void THNN_(directBand)(long r, long last, long outH, long *n, long *oh0, long *oh1) {
  *n = r / outH;
  *oh0 = r % outH;
  *oh1 = THMin(THMin(outH, *oh0 + THNN_DIRECT_BAND), *oh0 + last - r);
}

void THNN_(directConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                              long planes, const real *bias, real *output) {
  const THNN_(DirectKernels) kernels = THNN_(directKernels)();
  const THNN_(DirectLayout) l = THNN_(directLayout)(g, kernels.lanes);
  const long taps = g->channels * g->kH * g->kW, blocks = (planes + THNN_DIRECT_BLOCK - 1) / THNN_DIRECT_BLOCK;
  const long outH = g->outHeight, planeSize = outH * g->outWidth, imageSize = g->channels * g->height * g->width;
  const long bufferSize = g->channels * l.bandRows * l.rowStride, totalRows = nImages * outH;

  /* weights by block of planes, tap-major: packed[(b * taps + t) * BLOCK + q]; missing planes 0 */
  real *packed = THAlloc(sizeof(real) * (size_t)(blocks * (taps + 1) * THNN_DIRECT_BLOCK));
  real *packedBias = packed + blocks * taps * THNN_DIRECT_BLOCK;
  for (long b = 0; b < blocks; b++)
    for (long q = 0; q < THNN_DIRECT_BLOCK; q++) {
      const long p = b * THNN_DIRECT_BLOCK + q;
      for (long t = 0; t < taps; t++) packed[(b * taps + t) * THNN_DIRECT_BLOCK + q] = p < planes ? weight[p * taps + t] : 0;
      packedBias[b * THNN_DIRECT_BLOCK + q] = p < planes && bias ? bias[p] : 0;
    }
  const int threads = THNN_convThreads(totalRows, (double)totalRows * g->outWidth * planes * taps);
  real *buffers = THAlloc(sizeof(real) * (size_t)(threads * bufferSize));
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = THNN_convThread();
    real *buffer = buffers + t * bufferSize;
    long offsets[THNN_DIRECT_MAX_TAPS];
    /* a contiguous run of the batch's output rows, in bands within each image */
    for (long r = totalRows * t / threads, last = totalRows * (t + 1) / threads, n, oh0, oh1; r < last;) {
      THNN_(directBand)(r, last, outH, &n, &oh0, &oh1);
      const long rows = (oh1 - oh0 - 1) * g->dH + g->kH;
      THNN_(directPadBand)(g, &l, input + n * imageSize, oh0, oh1, buffer);
      THNN_(directTapOffsets)(g, &l, rows, offsets);
      for (long oh = oh0; oh < oh1; oh++)
        for (long b = 0; b < blocks; b++)
          kernels.row(buffer + (oh - oh0) * g->dH * l.rowStride, offsets, taps, packed + b * taps * THNN_DIRECT_BLOCK,
              packedBias + b * THNN_DIRECT_BLOCK, output + (n * planes + b * THNN_DIRECT_BLOCK) * planeSize + oh * g->outWidth,
              planeSize, THMin(THNN_DIRECT_BLOCK, planes - b * THNN_DIRECT_BLOCK), g->outWidth);
      r += oh1 - oh0;
    }
  }
  THFree(buffers);
  THFree(packed);
}

/* ---------------------------------------------------------------- weight gradient */

void THNN_(directWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                 long nImages, long planes, accreal scale, real *gradWeight, real *gradBias) {
  const THNN_(DirectKernels) kernels = THNN_(directKernels)();
  const long lanes = kernels.lanes;
  const THNN_(DirectLayout) l = THNN_(directLayout)(g, lanes);
  const long taps = g->channels * g->kH * g->kW, blocks = (planes + THNN_DIRECT_GRAD_BLOCK - 1) / THNN_DIRECT_GRAD_BLOCK;
  const long outH = g->outHeight, outW = g->outWidth, planeSize = outH * outW;
  const long imageSize = g->channels * g->height * g->width, totalRows = nImages * outH;
  const long vectors = (outW + lanes - 1) / lanes, dyRow = vectors * lanes;
  /* lane-wise sums per block: taps + 1 slots (the last the bias's) of BLOCK x LANES */
  const long blockSums = (taps + 1) * THNN_DIRECT_GRAD_BLOCK * lanes, sumsSize = blocks * blockSums;
  const long dyPlane = THNN_DIRECT_BAND * dyRow, bandSize = g->channels * l.bandRows * l.rowStride;
  const long bufferSize = bandSize + THNN_DIRECT_GRAD_BLOCK * dyPlane;
  const int threads = THNN_convThreads(totalRows, (double)totalRows * outW * planes * taps);
  real *buffers = THAlloc(sizeof(real) * (size_t)(threads * bufferSize));
  real *sums = THAlloc(sizeof(real) * (size_t)(threads * sumsSize));
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = THNN_convThread();
    real *buffer = buffers + t * bufferSize, *padded = buffer + bandSize, *own = sums + t * sumsSize;
    long offsets[THNN_DIRECT_MAX_TAPS];
    memset(own, 0, sizeof(real) * (size_t)sumsSize);
    for (long r = totalRows * t / threads, last = totalRows * (t + 1) / threads, n, oh0, oh1; r < last;) {
      THNN_(directBand)(r, last, outH, &n, &oh0, &oh1);
      const long rows = oh1 - oh0;
      THNN_(directPadBand)(g, &l, input + n * imageSize, oh0, oh1, buffer);
      THNN_(directTapOffsets)(g, &l, (rows - 1) * g->dH + g->kH, offsets);
      for (long b = 0; b < blocks; b++) {
        const long p0 = b * THNN_DIRECT_GRAD_BLOCK;
        const real *dy = gradOutput + (n * planes + p0) * planeSize + oh0 * outW;
        long dyPlaneStride = planeSize, dyRowStride = outW;
        if (outW != dyRow || p0 + THNN_DIRECT_GRAD_BLOCK > planes) {
          /* rows that do not end on whole vectors, or planes missing: padded with 0 */
          for (long q = 0; q < THNN_DIRECT_GRAD_BLOCK; q++)
            for (long i = 0; i < rows; i++) {
              real *dst = padded + q * dyPlane + i * dyRow;
              const long copied = p0 + q < planes ? outW : 0;
              if (copied) memcpy(dst, dy + q * planeSize + i * outW, sizeof(real) * (size_t)outW);
              memset(dst + copied, 0, sizeof(real) * (size_t)(dyRow - copied));
            }
          dy = padded;
          dyPlaneStride = dyPlane;
          dyRowStride = dyRow;
        }
        kernels.grad(buffer, g->dH * l.rowStride, offsets, taps, dy, dyPlaneStride, dyRowStride, rows, vectors,
               own + b * blockSums);
      }
      r += rows;
    }
  }
  /* the threads' lane sums added in a fixed order */
  for (long p = 0; p < planes; p++)
    for (long t = 0; t <= taps; t++) {
      const long k = (p / THNN_DIRECT_GRAD_BLOCK) * blockSums + (t * THNN_DIRECT_GRAD_BLOCK + p % THNN_DIRECT_GRAD_BLOCK) *
                     lanes;
      accreal sum = 0;
      for (int th = 0; th < threads; th++)
        for (long lane = 0; lane < lanes; lane++) sum += sums[th * sumsSize + k + lane];
      if (t < taps)
        gradWeight[p * taps + t] += (real)(scale * sum);
      else if (gradBias)
        gradBias[p] += (real)(scale * sum);
    }
  THFree(sums);
  THFree(buffers);
}

/* ---------------------------------------------------------------- input gradient
 * The transposed pass, gathered per input element: in the padded, phase-split frame (padded column
 * j * dW + p), input element (c, Y, p, j) receives weight[q][c][kh][kw] * gradOutput[q][oh][ow] for
 * every kh with Y = oh * dH + kh and kw = p + m * dW, ow = j - m. Registers hold up to 6 channels x
 * a run of j vectors; each gradient vector loaded serves all the channels. */

void THNN_(directInputGradient)(const THNNConvGeometry *g, const real *gradOutput, long nImages, const real *weight,
                                long planes, real *gradInput) {
  const THNN_(DirectKernels) kernels = THNN_(directKernels)();
  const long lanes = kernels.lanes;
  const long C = g->channels, H = g->height, W = g->width, kH = g->kH, kW = g->kW, dH = g->dH, dW = g->dW;
  const long outH = g->outHeight, outW = g->outWidth, taps = C * kH * kW, kernelSize = kH * kW;
  /* phase columns j in [0, J) cover the image's padded columns; gradient rows are padded with
   * `lead` zeros before (ow = j - m, m <= lead) and zeros after, to J + lead */
  const long vectors = ((g->padW + W - 1) / dW + lanes) / lanes;
  const long J = vectors * lanes, lead = (kW - 1) / dW, dyRow = J + lead;
  const long bandRows = THNN_DIRECT_BAND * dH, dyRows = (bandRows + kH - 2) / dH + 2;
  const long dyPlane = dyRows * dyRow, dySize = planes * dyPlane, rowSize = THNN_DIRECT_INPUT_BLOCK * J;
  const long totalRows = nImages * H;

  /* weights by block of channels: block cb0's [kh][kw][q][c < cb] at cb0 * kernelSize * planes */
  real *packed = THAlloc(sizeof(real) * (size_t)(planes * taps));
  const long channelBlocks = (C + THNN_DIRECT_INPUT_BLOCK - 1) / THNN_DIRECT_INPUT_BLOCK;
  for (long i = 0, c0 = 0, cb; i < channelBlocks; i++, c0 += cb) {
    cb = THNN_convEvenPart(C, channelBlocks, i);
    for (long k = 0; k < kernelSize; k++)
      for (long q = 0; q < planes; q++)
        for (long c = 0; c < cb; c++)
          packed[c0 * kernelSize * planes + (k * planes + q) * cb + c] = weight[(q * C + c0 + c) * kernelSize + k];
  }
  const int threads = THNN_convThreads(totalRows, (double)nImages * outH * outW * planes * taps);
  real *buffers = THAlloc(sizeof(real) * (size_t)(threads * (dySize + rowSize)));
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = THNN_convThread();
    real *dy = buffers + t * (dySize + rowSize), *row = dy + dySize;
    long dyOff[THNN_DIRECT_MAX_TAPS], wOff[THNN_DIRECT_MAX_TAPS];
    for (long r = totalRows * t / threads, last = totalRows * (t + 1) / threads; r < last;) {
      /* input rows [iy0, iy1) of image n, and the gradient rows [oh0, oh1) they read */
      const long n = r / H, iy0 = r % H, iy1 = THMin(THMin(H, iy0 + bandRows), iy0 + last - r);
      const long oh0 = THMax(0L, (iy0 + g->padH - kH + dH) / dH), oh1 = THMin(outH, (iy1 - 1 + g->padH) / dH + 1);
      for (long q = 0; q < planes; q++)
        for (long oh = oh0; oh < oh1; oh++) {
          real *dst = dy + q * dyPlane + (oh - oh0) * dyRow;
          const long copied = THMin(outW, J);
          memset(dst, 0, sizeof(real) * (size_t)lead);
          memcpy(dst + lead, gradOutput + ((n * planes + q) * outH + oh) * outW, sizeof(real) * (size_t)copied);
          memset(dst + lead + copied, 0, sizeof(real) * (size_t)(J - copied));
        }
      for (long iy = iy0; iy < iy1; iy++) {
        const long Y = iy + g->padH;
        for (long p = 0; p < dW; p++) {
          /* the (kh, kw) pairs that reach padded row Y, phase p */
          long entries = 0;
          for (long kh = Y % dH; kh < kH; kh += dH) {
            const long oh = (Y - kh) / dH;
            if (oh < oh0 || oh >= oh1) continue;
            for (long kw = p, m = 0; kw < kW; kw += dW, m++) {
              dyOff[entries] = (oh - oh0) * dyRow + lead - m;
              wOff[entries++] = (kh * kW + kw) * planes;
            }
          }
          /* the row's phase-p columns that fall in the image */
          long lo, hi;
          THNN_(im2colValidRange)(p - g->padW, dW, W, J, &lo, &hi);
          for (long i = 0, c0 = 0, cb; i < channelBlocks; i++, c0 += cb) {
            cb = THNN_convEvenPart(C, channelBlocks, i);
            if (entries)
              kernels.input(cb, vectors, dy, dyPlane, packed + c0 * kernelSize * planes, planes, dyOff, wOff,
                            entries, row, J);
            else
              memset(row, 0, sizeof(real) * (size_t)(cb * J));
            for (long c = 0; c < cb; c++) {
              real *dst = gradInput + ((n * C + c0 + c) * H + iy) * W;
              for (long j = lo; j < hi; j++) dst[j * dW + p - g->padW] = row[c * J + j];
            }
          }
        }
      }
      r += iy1 - iy0;
    }
  }
  THFree(buffers);
  THFree(packed);
}

#else /* no x86-64 GCC: no direct kernels */

int THNN_(directApplies)(const THNNConvGeometry *g, long planes, THNNDirectPass pass) { return 0; }

void THNN_(directConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                              long planes, const real *bias, real *output) {
  THError("directConvolution: not built for this compiler or CPU");
}

void THNN_(directWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                 long nImages, long planes, accreal scale, real *gradWeight, real *gradBias) {
  THError("directWeightGradient: not built for this compiler or CPU");
}

void THNN_(directInputGradient)(const THNNConvGeometry *g, const real *gradOutput, long nImages, const real *weight,
                                long planes, real *gradInput) {
  THError("directInputGradient: not built for this compiler or CPU");
}

#endif
#endif
