#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/PlaneConvolution.c"
#else

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)

/* Output planes per register block: 64 bytes of them, two of AVX2's vectors or one of AVX-512's. */
#define THNN_PLANE_BLOCK ((long)(64 / sizeof(real)))
/* Pixels (output pass) or taps (weight gradient) per register block, at most: 2 x 6 accumulators,
 * the 2 weight or gradient vectors and a broadcast fill AVX2's 16 registers. AVX-512's 32 would hold
 * 24 of its vectors, but 12 measured a fifth faster on LeNet's second layer (Zen 5): each pixel or tap
 * also keeps a pointer or offset in a general register, and there are 16 of those. */
#define THNN_PLANE_RUN_AVX2 6
#define THNN_PLANE_RUN_AVX512 12

/* Measured on LeNet's second layer (Float, Zen 3, 1 thread): 2.5x faster forward and 1.6x for the
 * weight gradient than im2col + GEMM. Rows of 2 vectors or more are the direct kernels'; fewer
 * planes than a block would leave lanes idle. The taps bound the weights of a block (and the
 * offsets) to L1, as the direct kernels'. */
int THNN_(planeApplies)(const THNNConvGeometry *g, long planes) {
  const long taps = g->channels * g->kH * g->kW;
  return THVector_isa() >= 1 && g->outWidth < THNN_PLANE_BLOCK && planes >= THNN_PLANE_BLOCK && taps >= 16 &&
         taps <= THNN_DIRECT_MAX_TAPS;
}

/* Where the kernels read: the image, or its padded copy, is [channels x rows x rowStride]; output
 * pixel p = oh * outWidth + ow reads from pixels[p] on, tap t = (c * kH + kh) * kW + kw at taps[t]
 * past that. */
typedef struct {
  long rows, rowStride, imageSize;
  int padded;
  long *pixels, *taps; /* one allocation */
} THNN_(PlaneFrame);

static THNN_(PlaneFrame) THNN_(planeFrame)(const THNNConvGeometry *g) {
  THNN_(PlaneFrame) f;
  f.padded = g->padH > 0 || g->padW > 0;
  f.rows = g->height + 2 * g->padH;
  f.rowStride = g->width + 2 * g->padW;
  f.imageSize = g->channels * f.rows * f.rowStride;
  const long pixels = g->outHeight * g->outWidth;
  f.pixels = THAlloc(sizeof(long) * (size_t)(pixels + g->channels * g->kH * g->kW));
  f.taps = f.pixels + pixels;
  for (long oh = 0; oh < g->outHeight; oh++)
    for (long ow = 0; ow < g->outWidth; ow++) f.pixels[oh * g->outWidth + ow] = oh * g->dH * f.rowStride + ow * g->dW;
  long t = 0;
  for (long c = 0; c < g->channels; c++)
    for (long kh = 0; kh < g->kH; kh++)
      for (long kw = 0; kw < g->kW; kw++)
        f.taps[t++] = (c * f.rows + kh * g->dilationH) * f.rowStride + kw * g->dilationW;
  return f;
}

/* A thread's buffer for padded copies (NULL without padding), its padding already 0. */
static real *THNN_(planeBuffer)(const THNN_(PlaneFrame) *f, real *buffers) {
  if (!f->padded) return NULL;
  real *buffer = buffers + THNN_convThread() * f->imageSize;
  memset(buffer, 0, sizeof(real) * (size_t)f->imageSize);
  return buffer;
}

/* The image as the frame reads it: in place, or copied into the middle of `buffer`. */
static const real *THNN_(planeImage)(const THNNConvGeometry *g, const THNN_(PlaneFrame) *f, const real *image,
                                     real *buffer) {
  if (!buffer) return image;
  for (long c = 0; c < g->channels; c++)
    for (long y = 0; y < g->height; y++)
      memcpy(buffer + (c * f->rows + y + g->padH) * f->rowStride + g->padW, image + (c * g->height + y) * g->width,
             sizeof(real) * (size_t)g->width);
  return buffer;
}

/* The weights (or weight gradients) of block b of planes, tap-major: packed[(b * taps + t) * BLOCK +
 * q] for plane b * BLOCK + q; `blocks` blocks, then a block's worth of bias (0 for missing planes or
 * bias). */
static real *THNN_(planePack)(const real *weight, const real *bias, long planes, long taps, long blocks) {
  real *packed = THAlloc(sizeof(real) * (size_t)((blocks * taps + blocks) * THNN_PLANE_BLOCK));
  real *packedBias = packed + blocks * taps * THNN_PLANE_BLOCK;
  for (long b = 0; b < blocks; b++)
    for (long q = 0; q < THNN_PLANE_BLOCK; q++) {
      const long p = b * THNN_PLANE_BLOCK + q;
      for (long t = 0; t < taps; t++) packed[(b * taps + t) * THNN_PLANE_BLOCK + q] = p < planes ? weight[p * taps + t] : 0;
      packedBias[b * THNN_PLANE_BLOCK + q] = p < planes && bias ? bias[p] : 0;
    }
  return packed;
}

/* ---------------------------------------------------------------- kernels
 * Per instruction set: AVX2's with two 32-byte vectors per block of planes, AVX-512's with one
 * 64-byte vector and longer runs. */
#define THNN_PLANE_ISA AVX2
#define THNN_PLANE_TARGET "avx2,fma"
#define THNN_PLANE_BYTES 32
#define THNN_PLANE_RUN THNN_PLANE_RUN_AVX2
#define THNN_PLANE_OUTPUT_CASES                                                                        \
  THNN_PLANE_OUTPUT_CASE(1) THNN_PLANE_OUTPUT_CASE(2) THNN_PLANE_OUTPUT_CASE(3) THNN_PLANE_OUTPUT_CASE(4) \
  THNN_PLANE_OUTPUT_CASE(5) THNN_PLANE_OUTPUT_CASE(6)
#define THNN_PLANE_GRAD_CASES                                                                          \
  THNN_PLANE_GRAD_CASE(1) THNN_PLANE_GRAD_CASE(2) THNN_PLANE_GRAD_CASE(3) THNN_PLANE_GRAD_CASE(4)      \
  THNN_PLANE_GRAD_CASE(5) THNN_PLANE_GRAD_CASE(6)
#include "generic/PlaneKernels.h"
#define THNN_PLANE_ISA AVX512
#define THNN_PLANE_TARGET "avx2,fma,avx512f,avx512vl"
#define THNN_PLANE_BYTES 64
#define THNN_PLANE_RUN THNN_PLANE_RUN_AVX512
#define THNN_PLANE_CASES_(CASE) \
  CASE(1) CASE(2) CASE(3) CASE(4) CASE(5) CASE(6) CASE(7) CASE(8) CASE(9) CASE(10) CASE(11) CASE(12)
#define THNN_PLANE_OUTPUT_CASES THNN_PLANE_CASES_(THNN_PLANE_OUTPUT_CASE)
#define THNN_PLANE_GRAD_CASES THNN_PLANE_CASES_(THNN_PLANE_GRAD_CASE)
#include "generic/PlaneKernels.h"
#undef THNN_PLANE_CASES_

typedef void (*THNN_(PlaneOutputKernel))(const real *image, const long *pixelOffsets, long count,
                                         const long *tapOffsets, long taps, const real *weights, const real *bias,
                                         real *out, long planeSize, long nPlanes);
typedef void (*THNN_(PlaneGradKernel))(const real *image, const long *pixelOffsets, long count,
                                       const long *tapOffsets, long taps, const real *dy, real *sums);

/* ---------------------------------------------------------------- output */

void THNN_(planeConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                             long planes, const real *bias, real *output) {
  const THNN_(PlaneOutputKernel) kernel = THVector_isa() >= 2 ? THNN_(planeOutputAVX512) : THNN_(planeOutputAVX2);
  const THNN_(PlaneFrame) f = THNN_(planeFrame)(g);
  const long taps = g->channels * g->kH * g->kW, blocks = (planes + THNN_PLANE_BLOCK - 1) / THNN_PLANE_BLOCK;
  const long L = g->outHeight * g->outWidth, imageSize = g->channels * g->height * g->width, total = nImages * L;
  real *packed = THNN_(planePack)(weight, bias, planes, taps, blocks), *packedBias = packed + blocks * taps * THNN_PLANE_BLOCK;
  const int threads = THNN_convThreads(total, (double)total * planes * taps);
  real *buffers = f.padded ? THAlloc(sizeof(real) * (size_t)(threads * f.imageSize)) : NULL;
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    real *buffer = THNN_(planeBuffer)(&f, buffers);
    /* a contiguous run of the batch's output pixels, image by image */
    for (long r = total * THNN_convThread() / threads, last = total * (THNN_convThread() + 1) / threads; r < last;) {
      const long n = r / L, p0 = r % L, p1 = THMin(L, p0 + last - r);
      const real *image = THNN_(planeImage)(g, &f, input + n * imageSize, buffer);
      for (long b = 0; b < blocks; b++)
        kernel(image, f.pixels + p0, p1 - p0, f.taps, taps, packed + b * taps * THNN_PLANE_BLOCK,
               packedBias + b * THNN_PLANE_BLOCK, output + (n * planes + b * THNN_PLANE_BLOCK) * L + p0, L,
               THMin(THNN_PLANE_BLOCK, planes - b * THNN_PLANE_BLOCK));
      r += p1 - p0;
    }
  }
  THFree(buffers);
  THFree(packed);
  THFree(f.pixels);
}

/* ---------------------------------------------------------------- weight gradient */

void THNN_(planeWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                long nImages, long planes, accreal scale, real *gradWeight, real *gradBias) {
  const THNN_(PlaneGradKernel) kernel = THVector_isa() >= 2 ? THNN_(planeGradAVX512) : THNN_(planeGradAVX2);
  const THNN_(PlaneFrame) f = THNN_(planeFrame)(g);
  const long taps = g->channels * g->kH * g->kW, blocks = (planes + THNN_PLANE_BLOCK - 1) / THNN_PLANE_BLOCK;
  const long L = g->outHeight * g->outWidth, imageSize = g->channels * g->height * g->width, total = nImages * L;
  /* per thread: sums of blocks x (taps + 1) x BLOCK (the last of a block's the bias's), then a
   * block of gradient, pixel-major */
  const long sumsSize = blocks * (taps + 1) * THNN_PLANE_BLOCK, ownSize = sumsSize + L * THNN_PLANE_BLOCK;
  const int threads = THNN_convThreads(total, (double)total * planes * taps);
  real *own = THAlloc(sizeof(real) * (size_t)(threads * ownSize));
  real *buffers = f.padded ? THAlloc(sizeof(real) * (size_t)(threads * f.imageSize)) : NULL;
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    real *buffer = THNN_(planeBuffer)(&f, buffers), *sums = own + THNN_convThread() * ownSize;
    real *dy = sums + sumsSize;
    memset(sums, 0, sizeof(real) * (size_t)sumsSize);
    for (long r = total * THNN_convThread() / threads, last = total * (THNN_convThread() + 1) / threads; r < last;) {
      const long n = r / L, p0 = r % L, p1 = THMin(L, p0 + last - r), count = p1 - p0;
      const real *image = THNN_(planeImage)(g, &f, input + n * imageSize, buffer);
      for (long b = 0; b < blocks; b++) {
        real *blockSums = sums + b * (taps + 1) * THNN_PLANE_BLOCK, *biasSums = blockSums + taps * THNN_PLANE_BLOCK;
        const real *src = gradOutput + (n * planes + b * THNN_PLANE_BLOCK) * L + p0;
        const long nPlanes = THMin(THNN_PLANE_BLOCK, planes - b * THNN_PLANE_BLOCK);
        for (long j = 0; j < count; j++) {
          for (long q = 0; q < nPlanes; q++) dy[j * THNN_PLANE_BLOCK + q] = src[q * L + j];
          for (long q = nPlanes; q < THNN_PLANE_BLOCK; q++) dy[j * THNN_PLANE_BLOCK + q] = 0;
          for (long q = 0; q < THNN_PLANE_BLOCK; q++) biasSums[q] += dy[j * THNN_PLANE_BLOCK + q];
        }
        kernel(image, f.pixels + p0, count, f.taps, taps, dy, blockSums);
      }
      r += count;
    }
  }
  /* the threads' sums added in a fixed order */
  for (long p = 0; p < planes; p++)
    for (long t = 0; t <= taps; t++) {
      const long k = ((p / THNN_PLANE_BLOCK) * (taps + 1) + t) * THNN_PLANE_BLOCK + p % THNN_PLANE_BLOCK;
      accreal sum = 0;
      for (int th = 0; th < threads; th++) sum += own[th * ownSize + k];
      if (t < taps)
        gradWeight[p * taps + t] += (real)(scale * sum);
      else if (gradBias)
        gradBias[p] += (real)(scale * sum);
    }
  THFree(buffers);
  THFree(own);
  THFree(f.pixels);
}

#else /* no x86-64 GCC: no plane kernels */

int THNN_(planeApplies)(const THNNConvGeometry *g, long planes) { return 0; }

void THNN_(planeConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                             long planes, const real *bias, real *output) {
  THError("planeConvolution: not built for this compiler or CPU");
}

void THNN_(planeWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                long nImages, long planes, accreal scale, real *gradWeight, real *gradBias) {
  THError("planeWeightGradient: not built for this compiler or CPU");
}

#endif
#endif
