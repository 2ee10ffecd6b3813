/* The direct convolution's register kernels for one instruction set: included by
 * generic/DirectConvolution.c once per set (and per real type), after it defines
 *   THNN_DIRECT_ISA     the name suffix (AVX2, AVX512),
 *   THNN_DIRECT_TARGET  the target attribute of the kernels,
 *   THNN_DIRECT_BYTES   the vector width (32 or 64): the layouts the driver makes are in its lanes,
 *   THNN_DIRECT_BROADCAST_OPERANDS  whether multiply-adds take a broadcast memory operand (AVX-512),
 *   THNN_DIRECT_ROW_MOST, THNN_DIRECT_GRAD_MOST, THNN_DIRECT_INPUT_MOST  the largest register
 *                       blocks the set's registers hold (see each kernel), and
 *   THNN_DIRECT_ROW_CASES, THNN_DIRECT_GRAD_CASES, THNN_DIRECT_INPUT_CASES  a case for each block,
 * and undefines them all. Each kernel inlines its block function with constant sizes, so that the
 * accumulators live in registers. */

#define THNN_DIRECT_K_(NAME) THNN_(TH_CONCAT_2(NAME, THNN_DIRECT_ISA))
#define THNN_DIRECT_K_LANES ((long)(THNN_DIRECT_BYTES / sizeof(real)))
/* Unaligned vectors: loads and stores of them compile to vmovups/vmovupd. */
typedef real THNN_DIRECT_K_(DirectVector) __attribute__((vector_size(THNN_DIRECT_BYTES), aligned(sizeof(real))));

/* Planes q < nPlanes of out (q * planeStride apart), columns [0, width) of `vectors` vectors (the
 * last may be partial) = bias[q] + sum over taps t of weights[t * BLOCK + q] * in[offsets[t] + column]. */
static inline __attribute__((always_inline, target(THNN_DIRECT_TARGET))) void THNN_DIRECT_K_(directBlock)(const int vectors, const real *in,
                                                                             const long *offsets, long taps,
                                                                             const real *weights, const real *bias,
                                                                             real *out, long planeStride,
                                                                             long nPlanes, long width) {
  typedef THNN_DIRECT_K_(DirectVector) vec;
  vec acc[THNN_DIRECT_BLOCK][THNN_DIRECT_VECTORS_AVX512];
  for (int q = 0; q < THNN_DIRECT_BLOCK; q++)
    for (int j = 0; j < vectors; j++) acc[q][j] = (vec){0} + bias[q];
  for (long t = 0; t < taps; t++) {
    const real *src = in + offsets[t], *w = weights + t * THNN_DIRECT_BLOCK;
    vec x[THNN_DIRECT_VECTORS_AVX512];
#pragma GCC unroll 8
    for (int j = 0; j < vectors; j++) x[j] = *(const vec *)(src + j * THNN_DIRECT_K_LANES);
#pragma GCC unroll 6
    for (int q = 0; q < THNN_DIRECT_BLOCK; q++)
#pragma GCC unroll 8
      for (int j = 0; j < vectors; j++) acc[q][j] += w[q] * x[j];
  }
  for (long q = 0; q < nPlanes; q++)
    for (int j = 0; j < vectors; j++) {
      real *dst = out + q * planeStride + j * THNN_DIRECT_K_LANES;
      const long left = width - j * THNN_DIRECT_K_LANES;
      if (left >= THNN_DIRECT_K_LANES) {
        *(vec *)dst = acc[q][j];
      } else {
#if THNN_DIRECT_BYTES == 64 /* a masked store (a memcpy call here took 2% of LeNet's training) */
        if (sizeof(real) == 4)
          _mm512_mask_storeu_ps((float *)dst, (__mmask16)((1u << left) - 1), (__m512)acc[q][j]);
        else
          _mm512_mask_storeu_pd((double *)dst, (__mmask8)((1u << left) - 1), (__m512d)acc[q][j]);
#else
        real lanes[THNN_DIRECT_K_LANES];
        memcpy(lanes, &acc[q][j], sizeof lanes);
        memcpy(dst, lanes, sizeof(real) * (size_t)left);
#endif
      }
    }
}

/* One output row of a block of planes, in runs of equal numbers of vectors (at most
 * THNN_DIRECT_ROW_MOST). */
#define THNN_DIRECT_CASE(n)                                                                                  \
  case n:                                                                                                   \
    THNN_DIRECT_K_(directBlock)(n, in + column, offsets, taps, weights, bias, out + column, planeStride, nPlanes, \
                                cols);                                                                      \
    break;
__attribute__((target(THNN_DIRECT_TARGET))) static void THNN_DIRECT_K_(directRow)(
    const real *in, const long *offsets, long taps, const real *weights, const real *bias, real *out,
    long planeStride, long nPlanes, long width) {
  const long vectors = (width + THNN_DIRECT_K_LANES - 1) / THNN_DIRECT_K_LANES;
  const long runs = (vectors + THNN_DIRECT_ROW_MOST - 1) / THNN_DIRECT_ROW_MOST;
  for (long k = 0, first = 0; k < runs; k++) {
    const long count = THNN_convEvenPart(vectors, runs, k), column = first * THNN_DIRECT_K_LANES;
    const long cols = THMin(width - column, count * THNN_DIRECT_K_LANES);
    switch (count) { THNN_DIRECT_ROW_CASES }
    first += count;
  }
}
#undef THNN_DIRECT_CASE

/* sums[(tt * BLOCK + q) * LANES + lane] += the sum over the rows r < rows and the columns c = j *
 * LANES + lane of dy[q * planeStride + r * rowStride + c] * in[r * step + offsets[tt] + c], for
 * `taps` taps: lane-wise partial sums, added up at the end. The columns come in `vectors` whole
 * vectors: dy is 0 past the last output column. */
static inline __attribute__((always_inline)) void THNN_DIRECT_K_(directGradBlock)(
    const int taps, const real *in, long step, const long *offsets, const real *dy, long planeStride,
    long rowStride, long rows, long vectors, real *sums) {
  typedef THNN_DIRECT_K_(DirectVector) vec;
  vec acc[THNN_DIRECT_GRAD_BLOCK][THNN_DIRECT_GRAD_TAPS_AVX512];
  for (int q = 0; q < THNN_DIRECT_GRAD_BLOCK; q++)
    for (int tt = 0; tt < taps; tt++) acc[q][tt] = (vec){0};
  for (long r = 0; r < rows; r++)
    for (long j = 0; j < vectors; j++) {
      const real *src = in + r * step + j * THNN_DIRECT_K_LANES, *d = dy + r * rowStride + j * THNN_DIRECT_K_LANES;
      vec x[THNN_DIRECT_GRAD_TAPS_AVX512];
#pragma GCC unroll 8
      for (int tt = 0; tt < taps; tt++) x[tt] = *(const vec *)(src + offsets[tt]);
#pragma GCC unroll 4
      for (int q = 0; q < THNN_DIRECT_GRAD_BLOCK; q++) {
        const vec y = *(const vec *)(d + q * planeStride);
#pragma GCC unroll 8
        for (int tt = 0; tt < taps; tt++) acc[q][tt] += y * x[tt];
      }
    }
  for (int tt = 0; tt < taps; tt++)
    for (int q = 0; q < THNN_DIRECT_GRAD_BLOCK; q++)
      *(vec *)(sums + (tt * THNN_DIRECT_GRAD_BLOCK + q) * THNN_DIRECT_K_LANES) += acc[q][tt];
}

/* sums[q * LANES + lane] += the lane-wise sums of the gradient rows, as directGradBlock reads them:
 * the bias gradient. */
static inline __attribute__((always_inline)) void THNN_DIRECT_K_(directGradBias)(const real *dy, long planeStride,
                                                                                long rowStride, long rows,
                                                                                long vectors, real *sums) {
  typedef THNN_DIRECT_K_(DirectVector) vec;
  for (int q = 0; q < THNN_DIRECT_GRAD_BLOCK; q++) {
    vec acc = {0};
    for (long r = 0; r < rows; r++)
      for (long j = 0; j < vectors; j++)
        acc += *(const vec *)(dy + q * planeStride + r * rowStride + j * THNN_DIRECT_K_LANES);
    *(vec *)(sums + q * THNN_DIRECT_K_LANES) += acc;
  }
}

/* All `taps` taps of a block of planes, in runs of equal numbers of taps (at most
 * THNN_DIRECT_GRAD_MOST), then the bias (sums slot `taps`), over a few rows at a time
 * (THNN_DIRECT_GRAD_VECTORS vectors or more): the rows of gradient and input one run reads then stay
 * in L1 for the next. */
#define THNN_DIRECT_GRAD_CASE(k)                                                                       \
  case k:                                                                                             \
    THNN_DIRECT_K_(directGradBlock)(k, in + r0 * step, step, offsets + t0, dy + r0 * rowStride, planeStride, \
                                    rowStride, n, vectors, sums + t0 * THNN_DIRECT_GRAD_BLOCK * THNN_DIRECT_K_LANES); \
    break;
__attribute__((target(THNN_DIRECT_TARGET))) static void THNN_DIRECT_K_(directGrad)(
    const real *in, long step, const long *offsets, long taps, const real *dy, long planeStride, long rowStride,
    long rows, long vectors, real *sums) {
  const long runs = (taps + THNN_DIRECT_GRAD_MOST - 1) / THNN_DIRECT_GRAD_MOST;
  const long chunk = THMax(1L, THNN_DIRECT_GRAD_VECTORS / vectors);
  for (long r0 = 0; r0 < rows; r0 += chunk) {
    const long n = THMin(rows - r0, chunk);
    for (long k = 0, t0 = 0; k < runs; k++) {
      const long count = THNN_convEvenPart(taps, runs, k);
      switch (count) { THNN_DIRECT_GRAD_CASES }
      t0 += count;
    }
    THNN_DIRECT_K_(directGradBias)(dy + r0 * rowStride, planeStride, rowStride, n, vectors,
                                   sums + taps * THNN_DIRECT_GRAD_BLOCK * THNN_DIRECT_K_LANES);
  }
}
#undef THNN_DIRECT_GRAD_CASE

/* acc[c][j] = sum over entries e and planes q of weights[(wOff[e] + q) * cb + c] * dy[dyOff[e] + q *
 * planeStride + column]; then out[c * outStride + column] = acc (whole vectors). */
static inline __attribute__((always_inline)) void THNN_DIRECT_K_(directInputBlock)(
    const int cb, const int vectors, const real *dy, long planeStride, const real *weights, long planes,
    const long *dyOff, const long *wOff, long entries, real *out, long outStride) {
  typedef THNN_DIRECT_K_(DirectVector) vec;
  vec acc[THNN_DIRECT_INPUT_BLOCK][8];
  for (int c = 0; c < cb; c++)
    for (int j = 0; j < vectors; j++) acc[c][j] = (vec){0};
  for (long e = 0; e < entries; e++) {
    const real *d = dy + dyOff[e], *w = weights + wOff[e] * cb;
    for (long q = 0; q < planes; q++, d += planeStride, w += cb) {
#if THNN_DIRECT_BROADCAST_OPERANDS
      /* each gradient vector loaded once for all the channels, whose weights the multiply-adds
       * broadcast from memory: left to itself GCC reloads it as a memory operand of each of them
       * instead, and with 64-byte vectors most of these loads straddle two cache lines (1.4x on W2) */
#pragma GCC unroll 8
      for (int j = 0; j < vectors; j++) {
        vec x = *(const vec *)(d + j * THNN_DIRECT_K_LANES);
        __asm__("" : "+v"(x));
#pragma GCC unroll 6
        for (int c = 0; c < cb; c++) acc[c][j] += w[c] * x;
      }
#else /* the weights are broadcast into registers, so the gradient vectors stay memory operands */
      vec x[8];
#pragma GCC unroll 8
      for (int j = 0; j < vectors; j++) x[j] = *(const vec *)(d + j * THNN_DIRECT_K_LANES);
#pragma GCC unroll 6
      for (int c = 0; c < cb; c++)
#pragma GCC unroll 8
        for (int j = 0; j < vectors; j++) acc[c][j] += w[c] * x[j];
#endif
    }
  }
  for (int c = 0; c < cb; c++)
    for (int j = 0; j < vectors; j++) *(vec *)(out + c * outStride + j * THNN_DIRECT_K_LANES) = acc[c][j];
}

/* A row of `vectors` vectors for a block of cb channels, in runs of as many vectors as the registers
 * hold: THNN_DIRECT_INPUT_MOST[cb] (cb x vectors accumulators, and the loaded gradient vectors or the
 * broadcast weights, whichever are fewer, and one of the others). THNN_DIRECT_INPUT_CASES gives
 * every (cb, n) with n <= that. */
#define THNN_DIRECT_INPUT_CASE(cb, n)                                                                      \
  case cb * 16 + n:                                                                                       \
    THNN_DIRECT_K_(directInputBlock)(cb, n, dy + column, planeStride, weights, planes, dyOff, wOff, entries, \
                                     out + column, outStride);                                            \
    break;
#define THNN_DIRECT_INPUT_UPTO2(cb) THNN_DIRECT_INPUT_CASE(cb, 1) THNN_DIRECT_INPUT_CASE(cb, 2)
#define THNN_DIRECT_INPUT_UPTO3(cb) THNN_DIRECT_INPUT_UPTO2(cb) THNN_DIRECT_INPUT_CASE(cb, 3)
#define THNN_DIRECT_INPUT_UPTO4(cb) THNN_DIRECT_INPUT_UPTO3(cb) THNN_DIRECT_INPUT_CASE(cb, 4)
#define THNN_DIRECT_INPUT_UPTO5(cb) THNN_DIRECT_INPUT_UPTO4(cb) THNN_DIRECT_INPUT_CASE(cb, 5)
#define THNN_DIRECT_INPUT_UPTO6(cb) THNN_DIRECT_INPUT_UPTO5(cb) THNN_DIRECT_INPUT_CASE(cb, 6)
#define THNN_DIRECT_INPUT_UPTO8(cb) \
  THNN_DIRECT_INPUT_UPTO6(cb) THNN_DIRECT_INPUT_CASE(cb, 7) THNN_DIRECT_INPUT_CASE(cb, 8)
__attribute__((target(THNN_DIRECT_TARGET))) static void THNN_DIRECT_K_(directInput)(
    long cb, long vectors, const real *dy, long planeStride, const real *weights, long planes, const long *dyOff,
    const long *wOff, long entries, real *out, long outStride) {
  static const int most[THNN_DIRECT_INPUT_BLOCK + 1] = THNN_DIRECT_INPUT_MOST;
  for (long j0 = 0; j0 < vectors; j0 += most[cb]) {
    const long count = THMin((long)most[cb], vectors - j0), column = j0 * THNN_DIRECT_K_LANES;
    switch (cb * 16 + count) { THNN_DIRECT_INPUT_CASES }
  }
}
#undef THNN_DIRECT_INPUT_UPTO8
#undef THNN_DIRECT_INPUT_UPTO6
#undef THNN_DIRECT_INPUT_UPTO5
#undef THNN_DIRECT_INPUT_UPTO4
#undef THNN_DIRECT_INPUT_UPTO3
#undef THNN_DIRECT_INPUT_UPTO2
#undef THNN_DIRECT_INPUT_CASE

#undef THNN_DIRECT_K_LANES
#undef THNN_DIRECT_K_
#undef THNN_DIRECT_ISA
#undef THNN_DIRECT_TARGET
#undef THNN_DIRECT_BYTES
#undef THNN_DIRECT_BROADCAST_OPERANDS
#undef THNN_DIRECT_ROW_MOST
#undef THNN_DIRECT_GRAD_MOST
#undef THNN_DIRECT_ROW_CASES
#undef THNN_DIRECT_GRAD_CASES
#undef THNN_DIRECT_INPUT_CASES
#undef THNN_DIRECT_INPUT_MOST
