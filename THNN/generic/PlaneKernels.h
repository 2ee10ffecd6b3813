/* The plane kernels for one instruction set: included by generic/PlaneConvolution.c once per set
 * (and per real type), after it defines
 *   THNN_PLANE_ISA     the name suffix (AVX2, AVX512),
 *   THNN_PLANE_TARGET  the target attribute of the kernels,
 *   THNN_PLANE_BYTES   the vector width (32 or 64): a block of THNN_PLANE_BLOCK planes is 64 bytes,
 *                      so two vectors or one,
 *   THNN_PLANE_RUN     the most pixels (or taps) of a register block, and
 *   THNN_PLANE_OUTPUT_CASES, THNN_PLANE_GRAD_CASES  one case for each run up to that,
 * and undefines them. Each kernel inlines its tile function with a constant run, so that the
 * accumulators live in registers. */

#define THNN_PLANE_K_(NAME) THNN_(TH_CONCAT_2(NAME, THNN_PLANE_ISA))
#define THNN_PLANE_K_LANES ((long)(THNN_PLANE_BYTES / sizeof(real)))
#define THNN_PLANE_K_VECTORS (64 / THNN_PLANE_BYTES) /* vectors per block of planes */
/* Unaligned vectors: loads and stores of them compile to vmovups/vmovupd. */
typedef real THNN_PLANE_K_(PlaneVector) __attribute__((vector_size(THNN_PLANE_BYTES), aligned(sizeof(real))));

/* out[q * planeSize + j] for planes q < nPlanes and pixels j < pixels = bias[q] + the sum over taps t
 * of weights[t * BLOCK + q] * image[pixelOffsets[j] + tapOffsets[t]]. */
static inline __attribute__((always_inline)) void THNN_PLANE_K_(planeTile)(const int pixels, const real *image,
                                                                          const long *pixelOffsets,
                                                                          const long *tapOffsets, long taps,
                                                                          const real *weights, const real *bias,
                                                                          real *out, long planeSize, long nPlanes) {
  typedef THNN_PLANE_K_(PlaneVector) vec;
  const real *px[THNN_PLANE_RUN_AVX512];
  vec acc[THNN_PLANE_RUN_AVX512][THNN_PLANE_K_VECTORS];
  for (int j = 0; j < pixels; j++) {
    px[j] = image + pixelOffsets[j];
    for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) acc[j][v] = *(const vec *)(bias + v * THNN_PLANE_K_LANES);
  }
  for (long t = 0; t < taps; t++) {
    const long o = tapOffsets[t];
    vec w[THNN_PLANE_K_VECTORS];
    for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) w[v] = *(const vec *)(weights + t * THNN_PLANE_BLOCK + v * THNN_PLANE_K_LANES);
#pragma GCC unroll 12
    for (int j = 0; j < pixels; j++) {
      const real x = px[j][o];
      for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) acc[j][v] += x * w[v];
    }
  }
  /* planes are lanes: out, plane by plane, from a transposed copy */
  real tile[THNN_PLANE_RUN_AVX512][THNN_PLANE_BLOCK];
  for (int j = 0; j < pixels; j++) memcpy(tile[j], acc[j], sizeof tile[j]);
  for (long q = 0; q < nPlanes; q++)
    for (int j = 0; j < pixels; j++) out[q * planeSize + j] = tile[j][q];
}

/* Pixels [0, count) for one block of planes, in runs of equal numbers of pixels. */
#define THNN_PLANE_OUTPUT_CASE(n)                                                                         \
  case n:                                                                                                \
    THNN_PLANE_K_(planeTile)(n, image, pixelOffsets + first, tapOffsets, taps, weights, bias, out + first, \
                             planeSize, nPlanes);                                                        \
    break;
__attribute__((target(THNN_PLANE_TARGET))) static void THNN_PLANE_K_(planeOutput)(
    const real *image, const long *pixelOffsets, long count, const long *tapOffsets, long taps, const real *weights,
    const real *bias, real *out, long planeSize, long nPlanes) {
  const long runs = (count + THNN_PLANE_RUN - 1) / THNN_PLANE_RUN;
  for (long k = 0, first = 0; k < runs; k++) {
    const long n = THNN_convEvenPart(count, runs, k);
    switch (n) { THNN_PLANE_OUTPUT_CASES }
    first += n;
  }
}
#undef THNN_PLANE_OUTPUT_CASE

/* sums[tt * BLOCK + q] += the sum over pixels j < count of dy[j * BLOCK + q] * image[pixelOffsets[j] +
 * tapOffsets[tt]], for taps tt < taps: dy holds the gradient pixel-major, a block of planes per
 * pixel. */
static inline __attribute__((always_inline)) void THNN_PLANE_K_(planeGradTile)(const int taps, const real *image,
                                                                              const long *pixelOffsets, long count,
                                                                              const long *tapOffsets,
                                                                              const real *dy, real *sums) {
  typedef THNN_PLANE_K_(PlaneVector) vec;
  vec acc[THNN_PLANE_RUN_AVX512][THNN_PLANE_K_VECTORS];
  long o[THNN_PLANE_RUN_AVX512];
  for (int tt = 0; tt < taps; tt++) {
    o[tt] = tapOffsets[tt];
    for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) acc[tt][v] = (vec){0};
  }
  for (long j = 0; j < count; j++) {
    const real *px = image + pixelOffsets[j];
    vec d[THNN_PLANE_K_VECTORS];
    for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) d[v] = *(const vec *)(dy + j * THNN_PLANE_BLOCK + v * THNN_PLANE_K_LANES);
#pragma GCC unroll 12
    for (int tt = 0; tt < taps; tt++) {
      const real x = px[o[tt]];
      for (int v = 0; v < THNN_PLANE_K_VECTORS; v++) acc[tt][v] += x * d[v];
    }
  }
  for (int tt = 0; tt < taps; tt++)
    for (int v = 0; v < THNN_PLANE_K_VECTORS; v++)
      *(vec *)(sums + tt * THNN_PLANE_BLOCK + v * THNN_PLANE_K_LANES) += acc[tt][v];
}

/* All `taps` taps of a block of planes over pixels [0, count), in runs of equal numbers of taps. */
#define THNN_PLANE_GRAD_CASE(n)                                                                              \
  case n:                                                                                                   \
    THNN_PLANE_K_(planeGradTile)(n, image, pixelOffsets, count, tapOffsets + t0, dy, sums + t0 * THNN_PLANE_BLOCK); \
    break;
__attribute__((target(THNN_PLANE_TARGET))) static void THNN_PLANE_K_(planeGrad)(
    const real *image, const long *pixelOffsets, long count, const long *tapOffsets, long taps, const real *dy,
    real *sums) {
  const long runs = (taps + THNN_PLANE_RUN - 1) / THNN_PLANE_RUN;
  for (long k = 0, t0 = 0; k < runs; k++) {
    const long n = THNN_convEvenPart(taps, runs, k);
    switch (n) { THNN_PLANE_GRAD_CASES }
    t0 += n;
  }
}
#undef THNN_PLANE_GRAD_CASE

#undef THNN_PLANE_K_VECTORS
#undef THNN_PLANE_K_LANES
#undef THNN_PLANE_K_
#undef THNN_PLANE_ISA
#undef THNN_PLANE_TARGET
#undef THNN_PLANE_BYTES
#undef THNN_PLANE_RUN
#undef THNN_PLANE_OUTPUT_CASES
#undef THNN_PLANE_GRAD_CASES
