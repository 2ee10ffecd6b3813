#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Winograd.c"
#else
/* F(2x2, 3x3) as Winograd.h describes it. The transforms, with xi = 4 * row + column in a tile:
 *   input  V = B^T d B,   B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]
 *   kernel U = G g G^T,   G   = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1]
 *   output Y = A^T M A,   A^T = [1 1 1 0; 0 1 -1 -1]
 * Work is split by rows of tiles: a chunk is a run of tile rows (over all images), small enough
 * that its transformed tiles stay in cache between the transforms and the GEMMs. */

/* Below this many planes on either side, the GEMMs are too thin for the transforms to pay. */
#define THNN_WINOGRAD_MIN_PLANES 8
/* The bytes of transformed input and output tiles one chunk aims at (2 MB measured a tenth faster
 * than 1 MB on W1 with a 1 MB L2: fewer, longer GEMMs, each packing the kernels' U once), and the
 * fewest tiles it takes (below that, the GEMMs lose more than the cache gains). */
#define THNN_WINOGRAD_CHUNK_BYTES (1L << 21)
#define THNN_WINOGRAD_MIN_SLOTS 128

int THNN_(winogradApplies)(const THNNConvGeometry *g, long planes) {
  return g->kH == 3 && g->kW == 3 && g->dH == 1 && g->dW == 1 && g->dilationH == 1 && g->dilationW == 1 &&
         g->padH <= 2 && g->padW <= 2 && g->channels >= THNN_WINOGRAD_MIN_PLANES &&
         planes >= THNN_WINOGRAD_MIN_PLANES;
}

/* u[xi * n + m] = (G g G^T)[xi] for the n kernels g[j * n + m], j = 3 * row + column < 9. */
THNN_AVX2_CLONES static void THNN_(winogradKernelTransform)(const real *restrict g, long n, real *restrict u) {
#pragma omp simd
  for (long m = 0; m < n; m++) {
    real t[4][3]; /* G g */
    for (int c = 0; c < 3; c++) {
      const real g0 = g[c * n + m], g1 = g[(3 + c) * n + m], g2 = g[(6 + c) * n + m];
      t[0][c] = g0;
      t[1][c] = (g0 + g1 + g2) / 2;
      t[2][c] = (g0 - g1 + g2) / 2;
      t[3][c] = g2;
    }
    for (int r = 0; r < 4; r++) {
      u[(4 * r) * n + m] = t[r][0];
      u[(4 * r + 1) * n + m] = (t[r][0] + t[r][1] + t[r][2]) / 2;
      u[(4 * r + 2) * n + m] = (t[r][0] - t[r][1] + t[r][2]) / 2;
      u[(4 * r + 3) * n + m] = t[r][2];
    }
  }
}

/* g[j * n + m] = (G^T x G)[j] for the n 4x4 matrices x[xi * n + m]: the adjoint of the above. */
THNN_AVX2_CLONES static void THNN_(winogradKernelAdjoint)(const real *restrict x, long n, real *restrict g) {
#pragma omp simd
  for (long m = 0; m < n; m++) {
    real q[3][4]; /* G^T x */
    for (int c = 0; c < 4; c++) {
      const real x0 = x[c * n + m], x1 = x[(4 + c) * n + m], x2 = x[(8 + c) * n + m], x3 = x[(12 + c) * n + m];
      q[0][c] = x0 + (x1 + x2) / 2;
      q[1][c] = (x1 - x2) / 2;
      q[2][c] = (x1 + x2) / 2 + x3;
    }
    for (int r = 0; r < 3; r++) {
      g[(3 * r) * n + m] = q[r][0] + (q[r][1] + q[r][2]) / 2;
      g[(3 * r + 1) * n + m] = (q[r][1] - q[r][2]) / 2;
      g[(3 * r + 2) * n + m] = (q[r][1] + q[r][2]) / 2 + q[r][3];
    }
  }
}

/* U[xi][o][i] for output plane o and input plane i: the kernels are first gathered plane pair by
 * plane pair (for adjoint, transposed and turned), then transformed side by side. */
static void THNN_(winogradWeight)(const real *weight, int adjoint, long planes, long channels, real *U) {
  const long n = planes * channels;
  real *g = THAlloc(sizeof(real) * 9 * n);
  for (long o = 0; o < planes; o++)
    for (long i = 0; i < channels; i++)
      for (int j = 0; j < 9; j++)
        g[j * n + o * channels + i] = adjoint ? weight[(i * planes + o) * 9 + 8 - j] : weight[(o * channels + i) * 9 + j];
  THNN_(winogradKernelTransform)(g, n, U);
  THFree(g);
}

/* gradWeight [planes x channels x 3 x 3] += scale * G^T X G for the sums X[xi][o][i] of the
 * products of the transformed tiles (the adjoint of winogradWeight). */
static void THNN_(winogradWeightAdjoint)(const real *X, long planes, long channels, accreal scale, real *gradWeight) {
  const long n = planes * channels;
  real *g = THAlloc(sizeof(real) * 9 * n);
  THNN_(winogradKernelAdjoint)(X, n, g);
  for (long m = 0; m < n; m++)
    for (int j = 0; j < 9; j++) gradWeight[m * 9 + j] += (real)scale * g[j * n + m];
  THFree(g);
}

typedef struct {
  long channels, height, width, padH, padW, planes, outHeight, outWidth, tilesH, tilesW;
} THNN_(WinogradShape);

/* A chunk's tiles are laid out in slots, tilesW + 1 per tile row: the spare slot (computed from
 * whatever follows the row, then ignored) lets the column transform and the GEMMs run over the
 * whole chunk at once instead of row by row. */
static long THNN_(winogradSlotsPerRow)(const THNN_(WinogradShape) *s) { return s->tilesW + 1; }

/* The rows of B^T d for n columns: t0 = d0 - d2, t1 = d1 + d2, t2 = d2 - d1, t3 = d1 - d3. */
THNN_AVX2_CLONES static void THNN_(winogradRowsTransform)(const real *restrict d0, const real *restrict d1,
                                                          const real *restrict d2, const real *restrict d3, long n,
                                                          real *restrict t0, real *restrict t1, real *restrict t2,
                                                          real *restrict t3) {
  for (long x = 0; x < n; x++) {
    t0[x] = d0[x] - d2[x];
    t1[x] = d1[x] + d2[x];
    t2[x] = d2[x] - d1[x];
    t3[x] = d1[x] - d3[x];
  }
}

/* (B^T d) B for `count` slots: slot u takes columns 2u .. 2u + 3 of the rows t0 .. t3 of B^T d;
 * its 16 values go to v[xi * slab + u]. */
THNN_AVX2_CLONES static void THNN_(winogradColumnsTransform)(const real *restrict t0, const real *restrict t1,
                                                             const real *restrict t2, const real *restrict t3,
                                                             long count, real *restrict v, long slab) {
  const real *t[4] = {t0, t1, t2, t3};
#pragma omp simd /* the 16 outputs are separate rows of v: no dependence between iterations */
  for (long u = 0; u < count; u++)
    for (int r = 0; r < 4; r++) {
      const real a = t[r][2 * u], b = t[r][2 * u + 1], c = t[r][2 * u + 2], d = t[r][2 * u + 3];
      v[(4 * r) * slab + u] = a - c;
      v[(4 * r + 1) * slab + u] = b + c;
      v[(4 * r + 2) * slab + u] = c - b;
      v[(4 * r + 3) * slab + u] = b - d;
    }
}

/* V[xi][c][slot] (slab = channels * slots) for the tile rows [row0, row0 + rows). rows4 holds 4
 * rows of rows * 2 * slotsPerRow + 2 elements (B^T d of every tile row side by side, with the
 * padding columns), zeros holds `width` zeros (the rows above and below the image). */
static void THNN_(winogradInputTiles)(const THNN_(WinogradShape) *s, const real *input, long row0, long rows,
                                      real *V, real *rows4, const real *zeros) {
  const long slotsW = THNN_(winogradSlotsPerRow)(s), slots = rows * slotsW, slab = s->channels * slots;
  const long rowWidth = 2 * slotsW, padW = s->padW, width = s->width, stride = rows * rowWidth + 2;
  real *t[4];
  for (int r = 0; r < 4; r++) {
    t[r] = rows4 + r * stride;
    t[r][stride - 2] = t[r][stride - 1] = 0; /* what the last spare slot reads */
  }
  for (long c = 0; c < s->channels; c++) {
    for (long k = 0; k < rows; k++) {
      const long image = (row0 + k) / s->tilesH, ty = (row0 + k) % s->tilesH;
      const real *plane = input + (image * s->channels + c) * s->height * width, *d[4];
      for (int r = 0; r < 4; r++) {
        const long y = 2 * ty - s->padH + r;
        d[r] = y >= 0 && y < s->height ? plane + y * width : zeros;
      }
      const long at = k * rowWidth;
      for (int r = 0; r < 4; r++) {
        memset(t[r] + at, 0, sizeof(real) * (size_t)padW);
        memset(t[r] + at + padW + width, 0, sizeof(real) * (size_t)(rowWidth - padW - width));
      }
      THNN_(winogradRowsTransform)(d[0], d[1], d[2], d[3], width, t[0] + at + padW, t[1] + at + padW,
                                   t[2] + at + padW, t[3] + at + padW);
    }
    THNN_(winogradColumnsTransform)(t[0], t[1], t[2], t[3], slots, V + c * slots, slab);
  }
}

/* The two output rows of tiles tx < count of one tile row and plane: top and bottom get columns
 * 2tx and 2tx + 1 of A^T m A + bias, m[xi][tx] at m + xi * slab. */
THNN_AVX2_CLONES static void THNN_(winogradOutputRow)(const real *restrict m, long slab, long count, real bias,
                                                      real *restrict top, real *restrict bottom) {
#pragma omp simd
  for (long tx = 0; tx < count; tx++) {
    real z0[4], z1[4]; /* A^T m */
    for (int c = 0; c < 4; c++) {
      const real m1 = m[(4 + c) * slab + tx], m2 = m[(8 + c) * slab + tx];
      z0[c] = m[c * slab + tx] + m1 + m2;
      z1[c] = m1 - m2 - m[(12 + c) * slab + tx];
    }
    top[2 * tx] = bias + z0[0] + z0[1] + z0[2];
    top[2 * tx + 1] = bias + z0[1] - z0[2] - z0[3];
    bottom[2 * tx] = bias + z1[0] + z1[1] + z1[2];
    bottom[2 * tx + 1] = bias + z1[1] - z1[2] - z1[3];
  }
}

/* The output rows of tile rows [row0, row0 + rows) from M[xi][o][slot] (slab = planes * slots),
 * plus the bias, written in place; spare (2 * tilesW elements) takes the row below an odd height. */
static void THNN_(winogradOutputTiles)(const THNN_(WinogradShape) *s, const real *M, const real *bias, long row0,
                                       long rows, real *output, real *spare) {
  const long slotsW = THNN_(winogradSlotsPerRow)(s), slots = rows * slotsW, slab = s->planes * slots;
  const long tilesW = s->tilesW, whole = s->outWidth / 2;
  for (long k = 0; k < rows; k++) {
    const long image = (row0 + k) / s->tilesH, y = 2 * ((row0 + k) % s->tilesH);
    for (long o = 0; o < s->planes; o++) {
      const real *m = M + o * slots + k * slotsW, b = bias ? bias[o] : 0;
      real *top = output + ((image * s->planes + o) * s->outHeight + y) * s->outWidth;
      real *bottom = y + 1 < s->outHeight ? top + s->outWidth : spare;
      THNN_(winogradOutputRow)(m, slab, whole, b, top, bottom);
      if (whole < tilesW) { /* an odd width: the last tile's first column */
        real lastTop[2], lastBottom[2];
        THNN_(winogradOutputRow)(m + whole, slab, 1, b, lastTop, lastBottom);
        top[2 * whole] = lastTop[0];
        bottom[2 * whole] = lastBottom[0];
      }
    }
  }
}

/* The rows of A dY for the two rows y0, y1 of n columns of output tiles: p0 = y0, p1 = y0 + y1,
 * p2 = y0 - y1, p3 = -y1. */
THNN_AVX2_CLONES static void THNN_(winogradGradRowsTransform)(const real *restrict y0, const real *restrict y1, long n,
                                                              real *restrict p0, real *restrict p1,
                                                              real *restrict p2, real *restrict p3) {
  for (long x = 0; x < n; x++) {
    p0[x] = y0[x];
    p1[x] = y0[x] + y1[x];
    p2[x] = y0[x] - y1[x];
    p3[x] = -y1[x];
  }
}

/* (A dY) A^T for `count` slots: slot u takes columns 2u, 2u + 1 of the rows p0 .. p3 of A dY; its
 * 16 values go to w[xi * slab + u]. */
THNN_AVX2_CLONES static void THNN_(winogradGradColumnsTransform)(const real *restrict p0, const real *restrict p1,
                                                                 const real *restrict p2, const real *restrict p3,
                                                                 long count, real *restrict w, long slab) {
  const real *p[4] = {p0, p1, p2, p3};
#pragma omp simd
  for (long u = 0; u < count; u++)
    for (int r = 0; r < 4; r++) {
      const real a = p[r][2 * u], b = p[r][2 * u + 1];
      w[(4 * r) * slab + u] = a;
      w[(4 * r + 1) * slab + u] = a + b;
      w[(4 * r + 2) * slab + u] = a - b;
      w[(4 * r + 3) * slab + u] = -b;
    }
}

/* W[xi][o][slot] (slab = planes * slots) = A dY A^T of the output-gradient tiles of tile rows
 * [row0, row0 + rows); every spare slot is 0, and so are the parts of tiles past an odd output
 * size. rows4 holds 4 * rows * 2 * slotsPerRow elements, zeros outWidth zeros. */
static void THNN_(winogradGradOutputTiles)(const THNN_(WinogradShape) *s, const real *gradOutput, long row0,
                                           long rows, real *W, real *rows4, const real *zeros) {
  const long slotsW = THNN_(winogradSlotsPerRow)(s), slots = rows * slotsW, slab = s->planes * slots;
  const long rowWidth = 2 * slotsW, outWidth = s->outWidth, stride = rows * rowWidth;
  real *p[4];
  for (int r = 0; r < 4; r++) p[r] = rows4 + r * stride;
  for (long o = 0; o < s->planes; o++) {
    for (long k = 0; k < rows; k++) {
      const long image = (row0 + k) / s->tilesH, y = 2 * ((row0 + k) % s->tilesH);
      const real *top = gradOutput + ((image * s->planes + o) * s->outHeight + y) * outWidth;
      const real *bottom = y + 1 < s->outHeight ? top + outWidth : zeros;
      const long at = k * rowWidth;
      for (int r = 0; r < 4; r++) memset(p[r] + at + outWidth, 0, sizeof(real) * (size_t)(rowWidth - outWidth));
      THNN_(winogradGradRowsTransform)(top, bottom, outWidth, p[0] + at, p[1] + at, p[2] + at, p[3] + at);
    }
    THNN_(winogradGradColumnsTransform)(p[0], p[1], p[2], p[3], slots, W + o * slots, slab);
  }
}

/* How a convolution's tile rows are split: chunks of rowsPerChunk tile rows, `workers` threads,
 * each with perWorker elements of scratch. */
typedef struct {
  THNN_(WinogradShape) shape;
  long tileRows, rowsPerChunk, chunks, workers, slotsMax, rows4Size, perWorker;
} THNN_(WinogradPlan);

static THNN_(WinogradPlan) THNN_(winogradPlan)(long nImages, long channels, long height, long width, long padH,
                                               long padW, long planes) {
  THNN_(WinogradPlan) p;
  THNN_(WinogradShape) s = {channels, height, width, padH, padW, planes, height + 2 * padH - 2,
                            width + 2 * padW - 2, 0, 0};
  s.tilesH = (s.outHeight + 1) / 2;
  s.tilesW = (s.outWidth + 1) / 2;
  const long slotsW = THNN_(winogradSlotsPerRow)(&s), threads = omp_get_max_threads();
  p.shape = s;
  p.tileRows = nImages * s.tilesH;
  p.rowsPerChunk = THNN_WINOGRAD_CHUNK_BYTES / (long)(16 * (channels + planes) * sizeof(real) * slotsW);
  p.rowsPerChunk = THMax(p.rowsPerChunk, (THNN_WINOGRAD_MIN_SLOTS + slotsW - 1) / slotsW);
  p.rowsPerChunk = THMax(1, THMin(p.rowsPerChunk, (p.tileRows + threads - 1) / threads));
  p.chunks = (p.tileRows + p.rowsPerChunk - 1) / p.rowsPerChunk;
  p.workers = THMin(threads, p.chunks);
  p.slotsMax = p.rowsPerChunk * slotsW;
  p.rows4Size = 4 * (p.rowsPerChunk * 2 * slotsW + 2);
  /* V, M (or W), rows4, zeros for the widest row, a spare output row */
  p.perWorker = 16 * (channels + planes) * p.slotsMax + p.rows4Size + THMax(width, s.outWidth) + 2 * s.tilesW;
  return p;
}

void THNN_(winogradConvolution)(const real *input, long nImages, long channels, long height, long width, long padH,
                                long padW, const real *weight, int adjoint, long planes, const real *bias,
                                real *output) {
  const THNN_(WinogradPlan) p = THNN_(winogradPlan)(nImages, channels, height, width, padH, padW, planes);
  const long slotsW = THNN_(winogradSlotsPerRow)(&p.shape), zerosSize = THMax(width, p.shape.outWidth);
  real *U = THAlloc(sizeof(real) * 16 * planes * channels);
  real *scratch = THAlloc(sizeof(real) * p.workers * p.perWorker);
  THNN_(winogradWeight)(weight, adjoint, planes, channels, U);
#pragma omp parallel num_threads(p.workers) if (p.workers > 1)
  {
    real *V = scratch + omp_get_thread_num() * p.perWorker, *M = V + 16 * channels * p.slotsMax;
    real *rows4 = M + 16 * planes * p.slotsMax, *zeros = rows4 + p.rows4Size, *spare = zeros + zerosSize;
    memset(zeros, 0, sizeof(real) * (size_t)zerosSize);
#pragma omp for schedule(dynamic, 1) /* a thread slowed by another process takes fewer chunks */
    for (long chunk = 0; chunk < p.chunks; chunk++) {
      const long row0 = chunk * p.rowsPerChunk, rows = THMin(p.rowsPerChunk, p.tileRows - row0);
      const long slots = rows * slotsW;
      THNN_(winogradInputTiles)(&p.shape, input, row0, rows, V, rows4, zeros);
      for (int xi = 0; xi < 16; xi++)
        THBlas_(gemm)('n', 'n', slots, planes, channels, 1, V + xi * channels * slots, slots,
                      U + xi * planes * channels, channels, 0, M + xi * planes * slots, slots);
      THNN_(winogradOutputTiles)(&p.shape, M, bias, row0, rows, output, spare);
    }
  }
  THFree(scratch);
  THFree(U);
}

/* The chunks' products are summed in groups of consecutive chunks, each group's sum in a buffer of
 * its own, in chunk order; threads take groups as they come free (a thread slowed by another process
 * does not hold the other back), and the groups are then added in group order, so the rounding is
 * the same whichever thread summed what. At most this many bytes of group sums, and at least one
 * group per thread: */
#define THNN_WINOGRAD_GROUP_BYTES (32L << 20)
#define THNN_WINOGRAD_GROUPS_PER_THREAD 4

void THNN_(winogradWeightGradient)(const real *input, const real *gradOutput, long nImages, long channels,
                                   long height, long width, long padH, long padW, long planes, accreal scale,
                                   real *gradWeight) {
  const THNN_(WinogradPlan) p = THNN_(winogradPlan)(nImages, channels, height, width, padH, padW, planes);
  const long slotsW = THNN_(winogradSlotsPerRow)(&p.shape), zerosSize = THMax(width, p.shape.outWidth);
  const long sums = 16 * planes * channels;
  long groups = THMin(p.chunks, p.workers * THNN_WINOGRAD_GROUPS_PER_THREAD);
  groups = THMax(p.workers, THMin(groups, THNN_WINOGRAD_GROUP_BYTES / (long)(sizeof(real) * sums)));
  /* the group sums X, then each worker's scratch */
  real *X = THAlloc(sizeof(real) * (groups * sums + p.workers * p.perWorker));
#pragma omp parallel num_threads(p.workers) if (p.workers > 1)
  {
    real *V = X + groups * sums + omp_get_thread_num() * p.perWorker, *W = V + 16 * channels * p.slotsMax;
    real *rows4 = W + 16 * planes * p.slotsMax, *zeros = rows4 + p.rows4Size;
    memset(zeros, 0, sizeof(real) * (size_t)zerosSize);
#pragma omp for schedule(dynamic, 1)
    for (long group = 0; group < groups; group++) {
      real *sum = X + group * sums;
      const long first = p.chunks * group / groups, last = p.chunks * (group + 1) / groups;
      for (long chunk = first; chunk < last; chunk++) {
        const long row0 = chunk * p.rowsPerChunk, rows = THMin(p.rowsPerChunk, p.tileRows - row0);
        const long slots = rows * slotsW;
        THNN_(winogradInputTiles)(&p.shape, input, row0, rows, V, rows4, zeros);
        THNN_(winogradGradOutputTiles)(&p.shape, gradOutput, row0, rows, W, rows4, zeros);
        for (int xi = 0; xi < 16; xi++)
          THBlas_(gemm)('t', 'n', channels, planes, slots, 1, V + xi * channels * slots, slots,
                        W + xi * planes * slots, slots, chunk > first, sum + xi * planes * channels, channels);
      }
    }
  }
  for (long group = 1; group < groups; group++) THVector_(cadd)(X, X, X + group * sums, 1, sums);
  THNN_(winogradWeightAdjoint)(X, planes, channels, scale, gradWeight);
  THFree(X);
}

#undef THNN_WINOGRAD_GROUP_BYTES
#undef THNN_WINOGRAD_GROUPS_PER_THREAD
#undef THNN_WINOGRAD_MIN_PLANES
#undef THNN_WINOGRAD_CHUNK_BYTES
#undef THNN_WINOGRAD_MIN_SLOTS
#endif
