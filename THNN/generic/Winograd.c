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
/* The bytes of transformed input and output tiles one chunk aims at. */
#define THNN_WINOGRAD_CHUNK_BYTES (1L << 20)

int THNN_(winogradApplies)(const THNNConvGeometry *g, long planes) {
  return g->kH == 3 && g->kW == 3 && g->dH == 1 && g->dW == 1 && g->dilationH == 1 && g->dilationW == 1 &&
         g->padH <= 2 && g->padW <= 2 && g->channels >= THNN_WINOGRAD_MIN_PLANES &&
         planes >= THNN_WINOGRAD_MIN_PLANES;
}

/* U[xi][o][i] (slab = planes * channels per xi) for output plane o and input plane i. */
static void THNN_(winogradWeight)(const real *weight, int adjoint, long planes, long channels, real *U) {
  const long slab = planes * channels;
  for (long o = 0; o < planes; o++)
    for (long i = 0; i < channels; i++) {
      real g[3][3], t[4][3];
      for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
          g[r][c] = adjoint ? weight[((i * planes + o) * 3 + 2 - r) * 3 + 2 - c] : weight[((o * channels + i) * 3 + r) * 3 + c];
      for (int c = 0; c < 3; c++) {
        t[0][c] = g[0][c];
        t[1][c] = (g[0][c] + g[1][c] + g[2][c]) / 2;
        t[2][c] = (g[0][c] - g[1][c] + g[2][c]) / 2;
        t[3][c] = g[2][c];
      }
      for (int r = 0; r < 4; r++) {
        real *u = U + 4 * r * slab + o * channels + i;
        u[0] = t[r][0];
        u[slab] = (t[r][0] + t[r][1] + t[r][2]) / 2;
        u[2 * slab] = (t[r][0] - t[r][1] + t[r][2]) / 2;
        u[3 * slab] = t[r][2];
      }
    }
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

void THNN_(winogradConvolution)(const real *input, long nImages, long channels, long height, long width, long padH,
                                long padW, const real *weight, int adjoint, long planes, const real *bias,
                                real *output) {
  THNN_(WinogradShape) s = {channels, height, width, padH, padW, planes, height + 2 * padH - 2,
                            width + 2 * padW - 2, 0, 0};
  s.tilesH = (s.outHeight + 1) / 2;
  s.tilesW = (s.outWidth + 1) / 2;
  const long slotsW = THNN_(winogradSlotsPerRow)(&s), tileRows = nImages * s.tilesH;
  const long threads = omp_get_max_threads();
  long rowsPerChunk = THNN_WINOGRAD_CHUNK_BYTES / (long)(16 * (channels + planes) * sizeof(real) * slotsW);
  rowsPerChunk = THMax(1, THMin(rowsPerChunk, (tileRows + threads - 1) / threads));
  const long chunks = (tileRows + rowsPerChunk - 1) / rowsPerChunk, workers = THMin(threads, chunks);
  const long slotsMax = rowsPerChunk * slotsW, rows4Size = 4 * (rowsPerChunk * 2 * slotsW + 2);
  const long perWorker = 16 * (channels + planes) * slotsMax + rows4Size + width + 2 * s.tilesW;

  real *U = THAlloc(sizeof(real) * 16 * planes * channels);
  real *scratch = THAlloc(sizeof(real) * workers * perWorker);
  THNN_(winogradWeight)(weight, adjoint, planes, channels, U);
#pragma omp parallel for schedule(static) num_threads(workers) if (workers > 1)
  for (long chunk = 0; chunk < chunks; chunk++) {
    real *V = scratch + omp_get_thread_num() * perWorker, *M = V + 16 * channels * slotsMax;
    real *rows4 = M + 16 * planes * slotsMax, *zeros = rows4 + rows4Size, *spare = zeros + width;
    memset(zeros, 0, sizeof(real) * (size_t)width);
    const long row0 = chunk * rowsPerChunk, rows = THMin(rowsPerChunk, tileRows - row0), slots = rows * slotsW;
    THNN_(winogradInputTiles)(&s, input, row0, rows, V, rows4, zeros);
    for (int xi = 0; xi < 16; xi++)
      THBlas_(gemm)('n', 'n', slots, planes, channels, 1, V + xi * channels * slots, slots,
                    U + xi * planes * channels, channels, 0, M + xi * planes * slots, slots);
    THNN_(winogradOutputTiles)(&s, M, bias, row0, rows, output, spare);
  }
  THFree(scratch);
  THFree(U);
}

#undef THNN_WINOGRAD_MIN_PLANES
#undef THNN_WINOGRAD_CHUNK_BYTES
#endif
