/* ember's float and double GEMM for one vector instruction set: C = beta*C + alpha*op(A)*op(B),
 * column-major as THBlas takes it. Built once per set by gemm/AVX2.c and gemm/AVX512.c, which
 * define THGEMM_ISA (the name suffix), THGEMM_VECTOR_BYTES (the register width), THGEMM_NR (the
 * columns of a micro-tile) and the cache budgets below; written with GCC vector extensions, so the
 * compiler's flags for the file pick the instructions.
 *
 * The shape is the one of BLIS and GotoBLAS. op(A) is copied ("packed") in blocks of MT x KC
 * into panels of MR rows stored p-major (MR contiguous values per p), op(B) in blocks of KC x NC
 * into panels of NR columns (NR contiguous values per p); zero padding completes the last panel.
 * The micro-kernel keeps an MR x NR tile of C in registers (MR = two vectors, so 2 * NR
 * accumulators) and for each p loads two vectors of A and broadcasts NR values of B; edge tiles
 * are computed by smaller kernels (one vector of rows, a third or two of NR columns). k, n and m are
 * cut into blocks of equal size (at most KC, NC, MT), not full blocks and a remainder. One A panel
 * (MR x KC) stays in L1 while the kernel walks the B panels of a block, which stays in L2; the A
 * block is sized for the L3. Where all of n is one block of B (the convolutions' products, mostly),
 * each A panel is packed right before its use instead, while the copy is in L1.
 *
 * Threads split C into one block of columns each (or of rows, when that copies less), each packing
 * its own operands: no barrier but the one at the end of the parallel region. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "gemm/generic/THGemmKernels.c"
#else

#define GEMM_(NAME) TH_CONCAT_4(TH, Real, Gemm_##NAME##_, THGEMM_ISA)
#if defined(TH_REAL_IS_FLOAT)
#define GEMM_LANES (THGEMM_VECTOR_BYTES / 4)
#else
#define GEMM_LANES (THGEMM_VECTOR_BYTES / 8)
#endif
#define GEMM_MR (2 * GEMM_LANES)
#define GEMM_NR THGEMM_NR
/* KC: an A panel fills THGEMM_L1_BYTES; NC: a B block fills THGEMM_L2_BYTES; MT rows of A per block */
#define GEMM_KC (THGEMM_L1_BYTES / (GEMM_MR * (long)sizeof(real)))
#define GEMM_NC (THGEMM_L2_BYTES / (GEMM_KC * (long)sizeof(real)) / GEMM_NR * GEMM_NR)
#define GEMM_MT (THGEMM_L3_BYTES / (GEMM_KC * (long)sizeof(real)) / GEMM_MR * GEMM_MR)

/* Packed panels are 64-byte aligned; C is not. */
typedef real GEMM_(Vec) __attribute__((vector_size(THGEMM_VECTOR_BYTES)));
typedef real GEMM_(VecU) __attribute__((vector_size(THGEMM_VECTOR_BYTES), aligned(sizeof(real))));

/* The tile C[0:mr, 0:nr] (leading dimension ldc) = alpha * Apanel * Bpanel + beta * C, over kc
 * products; beta == 0 writes C without reading it. The tile computed is `halves` vectors of rows (1
 * or 2) by `cols` columns, constants once inlined: an edge tile costs what it covers, rounded up. */
static inline __attribute__((always_inline)) void GEMM_(tile)(long kc, const real *restrict a,
                                                             const real *restrict b, real *c, long ldc, real alpha,
                                                             real beta, long mr, long nr, const int halves,
                                                             const int cols) {
  GEMM_(Vec) acc0[GEMM_NR], acc1[GEMM_NR];
#pragma GCC unroll 16
  for (int j = 0; j < cols; j++) acc0[j] = acc1[j] = (GEMM_(Vec)){0};
  if (mr == halves * GEMM_LANES)
#pragma GCC unroll 16
    for (int j = 0; j < cols; j++) { /* the tile's column may straddle two lines */
      __builtin_prefetch(c + j * ldc, 1);
      __builtin_prefetch(c + j * ldc + halves * GEMM_LANES - 1, 1);
    }
#pragma GCC unroll 2
  for (long p = 0; p < kc; p++) {
    GEMM_(Vec) a0 = *(const GEMM_(Vec) *)a, a1 = halves == 2 ? *(const GEMM_(Vec) *)(a + GEMM_LANES) : a0;
#pragma GCC unroll 16
    for (int j = 0; j < cols; j++) {
      GEMM_(Vec) bj = b[j] - (GEMM_(Vec)){0}; /* a broadcast: x - 0 is x, so it folds away (x + 0 does not, for -0) */
      acc0[j] += a0 * bj;
      if (halves == 2) acc1[j] += a1 * bj;
    }
    a += GEMM_MR;
    b += GEMM_NR;
  }
  if (mr == halves * GEMM_LANES && nr == cols) {
#pragma GCC unroll 16
    for (int j = 0; j < cols; j++) {
      GEMM_(VecU) *c0 = (GEMM_(VecU) *)(c + j * ldc), *c1 = (GEMM_(VecU) *)(c + j * ldc + GEMM_LANES);
      if (beta == 0) {
        *c0 = alpha * acc0[j];
        if (halves == 2) *c1 = alpha * acc1[j];
      } else {
        *c0 = alpha * acc0[j] + beta * *c0;
        if (halves == 2) *c1 = alpha * acc1[j] + beta * *c1;
      }
    }
    return;
  }
  real tile[GEMM_NR][GEMM_MR] __attribute__((aligned(64)));
  for (int j = 0; j < cols; j++) {
    *(GEMM_(Vec) *)tile[j] = alpha * acc0[j];
    if (halves == 2) *(GEMM_(Vec) *)(tile[j] + GEMM_LANES) = alpha * acc1[j];
  }
  for (long j = 0; j < nr; j++)
    for (long i = 0; i < mr; i++) c[i + j * ldc] = beta == 0 ? tile[j][i] : tile[j][i] + beta * c[i + j * ldc];
}

/* The tiles built: one or two vectors of rows by a third, two thirds or all of NR columns. */
#define GEMM_NR3 (GEMM_NR / 3)
_Static_assert(GEMM_NR % 3 == 0, "THGEMM_NR must be a multiple of 3");
#define GEMM_TILE_VARIANT(NAME, HALVES, COLS)                                                                 \
  static void GEMM_(NAME)(long kc, const real *a, const real *b, real *c, long ldc, real alpha, real beta,   \
                          long mr, long nr) {                                                                  \
    GEMM_(tile)(kc, a, b, c, ldc, alpha, beta, mr, nr, HALVES, COLS);                                          \
  }
GEMM_TILE_VARIANT(tile2x3, 2, 3 * GEMM_NR3)
GEMM_TILE_VARIANT(tile2x2, 2, 2 * GEMM_NR3)
GEMM_TILE_VARIANT(tile2x1, 2, GEMM_NR3)
GEMM_TILE_VARIANT(tile1x3, 1, 3 * GEMM_NR3)
GEMM_TILE_VARIANT(tile1x2, 1, 2 * GEMM_NR3)
GEMM_TILE_VARIANT(tile1x1, 1, GEMM_NR3)
#undef GEMM_TILE_VARIANT

/* C[0:mr, 0:nr] from an A panel and a B panel, by the smallest tile that covers it. */
static void GEMM_(microKernel)(long kc, const real *a, const real *b, real *c, long ldc, real alpha, real beta,
                               long mr, long nr) {
  const long thirds = (nr + GEMM_NR3 - 1) / GEMM_NR3;
  if (mr > GEMM_LANES)
    (thirds == 3 ? GEMM_(tile2x3) : thirds == 2 ? GEMM_(tile2x2) : GEMM_(tile2x1))(kc, a, b, c, ldc, alpha, beta, mr, nr);
  else
    (thirds == 3 ? GEMM_(tile1x3) : thirds == 2 ? GEMM_(tile1x2) : GEMM_(tile1x1))(kc, a, b, c, ldc, alpha, beta, mr, nr);
}

/* Lane indices for transposing in registers, written out as constants (so that each shuffle is one
 * or two instructions; __builtin_shufflevector, which GCC and clang both have, needs them so):
 * GEMM_LOW(l, d) and GEMM_HIGH(l, d) give lane l of the butterfly below. */
#define GEMM_LOW(l, d) (((l) & (d)) ? GEMM_LANES + (l) - (d) : (l))
#define GEMM_HIGH(l, d) (((l) & (d)) ? GEMM_LANES + (l) : (l) + (d))
#define GEMM_LANES4(F, d) F(0, d), F(1, d), F(2, d), F(3, d)
#define GEMM_LANES8(F, d) GEMM_LANES4(F, d), F(4, d), F(5, d), F(6, d), F(7, d)
#define GEMM_LANES16(F, d) \
  GEMM_LANES8(F, d), F(8, d), F(9, d), F(10, d), F(11, d), F(12, d), F(13, d), F(14, d), F(15, d)
#if GEMM_LANES == 4
#define GEMM_INDICES(F, d) GEMM_LANES4(F, d)
#elif GEMM_LANES == 8
#define GEMM_INDICES(F, d) GEMM_LANES8(F, d)
#else
#define GEMM_INDICES(F, d) GEMM_LANES16(F, d)
#endif
/* The butterfly at distance d exchanges, between vectors q and q + d, the lanes whose index has bit
 * d set, which swaps that bit of the row and column indices; one per bit transposes. */
#define GEMM_BUTTERFLY(v, d)                                              \
  _Pragma("GCC unroll 16") for (int q = 0; q < GEMM_LANES; q++) if (!(q & (d))) { \
    GEMM_(Vec) x_ = v[q], y_ = v[q + (d)];                                \
    v[q] = __builtin_shufflevector(x_, y_, GEMM_INDICES(GEMM_LOW, d));    \
    v[q + (d)] = __builtin_shufflevector(x_, y_, GEMM_INDICES(GEMM_HIGH, d)); \
  }

/* Transposes the LANES x LANES matrix held in the vectors v[0..LANES) (v[q][l] becomes v[l][q]). */
#if GEMM_LANES == 16
#define GEMM_TRANSPOSE(v) GEMM_BUTTERFLY(v, 8) GEMM_BUTTERFLY(v, 4) GEMM_BUTTERFLY(v, 2) GEMM_BUTTERFLY(v, 1)
#elif GEMM_LANES == 8
#define GEMM_TRANSPOSE(v) GEMM_BUTTERFLY(v, 4) GEMM_BUTTERFLY(v, 2) GEMM_BUTTERFLY(v, 1)
#else
#define GEMM_TRANSPOSE(v) GEMM_BUTTERFLY(v, 2) GEMM_BUTTERFLY(v, 1)
#endif

/* The LANES x LANES block src[q * lds + l] (q, l < LANES) transposed into dst[l * ldd + q]; dst is
 * vector-aligned. */
static inline __attribute__((always_inline)) void GEMM_(transposeBlock)(const real *src, long lds, real *dst,
                                                                       long ldd) {
  GEMM_(Vec) v[GEMM_LANES];
#pragma GCC unroll 16
  for (int q = 0; q < GEMM_LANES; q++) v[q] = *(const GEMM_(VecU) *)(src + q * lds);
  GEMM_TRANSPOSE(v)
#pragma GCC unroll 16
  for (int l = 0; l < GEMM_LANES; l++) *(GEMM_(Vec) *)(dst + l * ldd) = v[l];
}

/* op(A)[i0:i0+mc, p0:p0+kc] into MR-row panels; op(A)(i, p) is a[i + p*lda], or a[p + i*lda] when
 * transposed. */
static void GEMM_(packA)(int ta, const real *a, long lda, long i0, long mc, long p0, long kc, real *restrict dst) {
  for (long r0 = 0; r0 < mc; r0 += GEMM_MR, dst += GEMM_MR * kc) {
    long rows = THMin(GEMM_MR, mc - r0);
    if (!ta) {
      const real *src = a + (i0 + r0) + p0 * lda;
      for (long p = 0; p < kc; p++, src += lda) {
        real *d = dst + p * GEMM_MR;
        if (rows == GEMM_MR) {
          *(GEMM_(Vec) *)d = *(const GEMM_(VecU) *)src;
          *(GEMM_(Vec) *)(d + GEMM_LANES) = *(const GEMM_(VecU) *)(src + GEMM_LANES);
        } else {
          long i = 0;
          for (; i < rows; i++) d[i] = src[i];
          for (; i < GEMM_MR; i++) d[i] = 0;
        }
      }
    } else {
      /* rows run along p here: whole panels go by LANES x LANES blocks transposed in registers */
      const real *src[GEMM_MR];
      for (long i = 0; i < GEMM_MR; i++) src[i] = a + p0 + (i0 + r0 + THMin(i, rows - 1)) * lda;
      long p = 0;
      if (rows == GEMM_MR)
        for (; p + GEMM_LANES <= kc; p += GEMM_LANES) {
          GEMM_(transposeBlock)(src[0] + p, lda, dst + p * GEMM_MR, GEMM_MR);
          GEMM_(transposeBlock)(src[GEMM_LANES] + p, lda, dst + p * GEMM_MR + GEMM_LANES, GEMM_MR);
        }
      for (; p < kc; p++) {
        real *d = dst + p * GEMM_MR;
#pragma GCC unroll 32
        for (long i = 0; i < GEMM_MR; i++) d[i] = src[i][p];
        if (rows < GEMM_MR)
          for (long i = rows; i < GEMM_MR; i++) d[i] = 0;
      }
    }
  }
}

/* op(B)[p0:p0+kc, j0:j0+nc] into NR-column panels; op(B)(p, j) is b[p + j*ldb], or b[j + p*ldb]
 * when transposed. */
static void GEMM_(packB)(int tb, const real *b, long ldb, long p0, long kc, long j0, long nc, real *restrict dst) {
  if (tb) { /* rows of B run along j: each is read once, whole, and dealt out to the panels */
    for (long p = 0; p < kc; p++) {
      const real *src = b + j0 + (p0 + p) * ldb;
      for (long c0 = 0; c0 < nc; c0 += GEMM_NR) {
        real *d = dst + c0 * kc + p * GEMM_NR;
        long cols = THMin(GEMM_NR, nc - c0), j = 0;
        if (cols == GEMM_NR)
#pragma GCC unroll 16
          for (; j < GEMM_NR; j++) d[j] = src[c0 + j];
        for (; j < cols; j++) d[j] = src[c0 + j];
        for (; j < GEMM_NR; j++) d[j] = 0;
      }
    }
    return;
  }
  /* columns of B run along p: LANES values of each of the panel's columns (zeros past the last
   * column) are transposed in registers, giving LANES rows of the panel; a row is stored as whole
   * vectors, whose lanes past its end land on the start of the next row, written after it, except
   * in the panel's last row: nothing is written past the panel (packSpace counts no slack). */
  enum { BLOCKS = (GEMM_NR + GEMM_LANES - 1) / GEMM_LANES };
  for (long c0 = 0; c0 < nc; c0 += GEMM_NR, dst += GEMM_NR * kc) {
    long cols = THMin(GEMM_NR, nc - c0);
    const real *src = b + p0 + (j0 + c0) * ldb;
    long p = 0;
    for (; p + GEMM_LANES <= kc; p += GEMM_LANES) {
      GEMM_(Vec) v[BLOCKS][GEMM_LANES];
#pragma GCC unroll 2
      for (int blk = 0; blk < BLOCKS; blk++) {
#pragma GCC unroll 16
        for (int q = 0; q < GEMM_LANES; q++) {
          long j = blk * GEMM_LANES + q;
          v[blk][q] = j < cols ? *(const GEMM_(VecU) *)(src + j * ldb + p) : (GEMM_(Vec)){0};
        }
        GEMM_TRANSPOSE(v[blk])
      }
#pragma GCC unroll 16
      for (int l = 0; l < GEMM_LANES; l++)
#pragma GCC unroll 2
        for (int blk = 0; blk < BLOCKS; blk++) {
          real *d = dst + (p + l) * GEMM_NR + blk * GEMM_LANES;
          if ((blk + 1) * GEMM_LANES <= GEMM_NR || p + l + 1 < kc)
            *(GEMM_(VecU) *)d = v[blk][l];
          else
            memcpy(d, &v[blk][l], sizeof(real) * (GEMM_NR - blk * GEMM_LANES));
        }
    }
    for (; p < kc; p++) {
      real *d = dst + p * GEMM_NR;
      long j = 0;
      for (; j < cols; j++) d[j] = src[j * ldb + p];
      for (; j < GEMM_NR; j++) d[j] = 0;
    }
  }
}

/* Blocks of about equal size: part `i` of `parts` of [0, extent), in whole units of `unit` (the last
 * part ends at extent). Equal parts instead of full blocks and a remainder: a k slice of 16 after
 * two of 192, or a block of B of 8 columns, would cost as much as a full one for little work. */
static long GEMM_(partStart)(long extent, long unit, long parts, long i) {
  if (i >= parts) return extent;
  long units = (extent + unit - 1) / unit;
  return THMin(extent, units * i / parts * unit);
}

static long GEMM_(parts)(long extent, long most) { return THMax(1, (extent + most - 1) / most); }

#define GEMM_ROUND64(N) (((N) + 64 / (long)sizeof(real) - 1) / (64 / (long)sizeof(real)) * (64 / (long)sizeof(real)))
#define GEMM_ROUNDUP(N, UNIT) (((N) + (UNIT) - 1) / (UNIT) * (UNIT))

/* The packing space of GEMM_(block) for `rows` x `cols` of C, in reals, each part rounded to 64
 * bytes: packed A first, then packed B. */
static long GEMM_(packedASpace)(long rows, long k) {
  return GEMM_ROUND64(THMin(GEMM_MT, GEMM_ROUNDUP(rows, GEMM_MR)) * THMin(GEMM_KC, k));
}

static long GEMM_(packSpace)(long rows, long cols, long k) {
  return GEMM_(packedASpace)(rows, k) + GEMM_ROUND64(THMin(GEMM_KC, k) * THMin(GEMM_NC, GEMM_ROUNDUP(cols, GEMM_NR)));
}

/* C[0:m, 0:n] on one thread with the packing space `space` (packSpace(m, n, k)); k >= 1. */
static void GEMM_(block)(int ta, int tb, long m, long n, long k, real alpha, const real *a, long lda, const real *b,
                         long ldb, real beta, real *c, long ldc, real *space) {
  const long mBlocks = GEMM_(parts)(m, GEMM_MT), nBlocks = GEMM_(parts)(n, GEMM_NC), slices = GEMM_(parts)(k, GEMM_KC);
  const int panelWise = nBlocks == 1; /* one block of B: pack each A panel just before its use */
  real *packedA = space, *packedB = space + GEMM_(packedASpace)(m, k);
  for (long ib = 0; ib < mBlocks; ib++) {
    const long ic = GEMM_(partStart)(m, GEMM_MR, mBlocks, ib), mt = GEMM_(partStart)(m, GEMM_MR, mBlocks, ib + 1) - ic;
    for (long s = 0; s < slices; s++) {
      const long pc = k * s / slices, kc = k * (s + 1) / slices - pc;
      const real betaHere = s == 0 ? beta : 1; /* later slices of k add to what the first wrote */
      if (!panelWise) /* the whole block of A, once for all the blocks of B */
        GEMM_(packA)(ta, a, lda, ic, mt, pc, kc, packedA);
      for (long jb = 0; jb < nBlocks; jb++) {
        const long jc = GEMM_(partStart)(n, GEMM_NR, nBlocks, jb), nc = GEMM_(partStart)(n, GEMM_NR, nBlocks, jb + 1) - jc;
        GEMM_(packB)(tb, b, ldb, pc, kc, jc, nc, packedB);
        for (long ir = 0; ir < mt; ir += GEMM_MR) {
          const long mr = THMin(GEMM_MR, mt - ir);
          if (panelWise) GEMM_(packA)(ta, a, lda, ic + ir, mr, pc, kc, packedA);
          const real *panel = panelWise ? packedA : packedA + ir * kc;
          for (long jr = 0; jr < nc; jr += GEMM_NR)
            GEMM_(microKernel)(kc, panel, packedB + jr * kc, c + (ic + ir) + (jc + jr) * ldc, ldc, alpha, betaHere,
                               mr, THMin(GEMM_NR, nc - jr));
        }
      }
    }
  }
}

void GEMM_(gemm)(int ta, int tb, long m, long n, long k, real alpha, const real *a, long lda, const real *b,
                 long ldb, real beta, real *c, long ldc) {
  int threads = 1;
#ifdef _OPENMP
  if ((double)m * n * k >= THGEMM_PARALLEL_MACS && !omp_in_parallel()) threads = omp_get_max_threads();
#endif
  /* Threads take one block of columns each, or of rows where B is the smaller operand to copy
   * twice, never narrower than two micro-tiles, and pack their own operands. A static split:
   * threads that took small units as they came free (tried: the same units by slices of k, with
   * each thread's A slice kept in its L2) measured 10-20% slower at two threads on a quiet Zen 5,
   * C and the packed slices moving between the cores' caches; that would pay only on a machine
   * whose other processes hold a core back by more. */
  const int byRows = (double)k * n < (double)m * k;
  const long extent = byRows ? m : n, unit = byRows ? GEMM_MR : GEMM_NR;
  threads = (int)THMin((long)threads, (extent + unit - 1) / unit / 2);
  if (threads <= 1) {
    GEMM_(block)(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                 THGemm_scratch(sizeof(real) * (size_t)GEMM_(packSpace)(m, n, k)));
    return;
  }
  const long most = ((extent + unit - 1) / unit + threads - 1) / threads * unit; /* the widest part */
  const long space = byRows ? GEMM_(packSpace)(most, n, k) : GEMM_(packSpace)(m, most, k);
  real *scratch = THGemm_scratch(sizeof(real) * (size_t)(space * threads));
#pragma omp parallel for num_threads(threads) schedule(static, 1)
  for (int t = 0; t < threads; t++) {
    const long lo = GEMM_(partStart)(extent, unit, threads, t), hi = GEMM_(partStart)(extent, unit, threads, t + 1);
    if (byRows)
      GEMM_(block)(ta, tb, hi - lo, n, k, alpha, ta ? a + lo * lda : a + lo, lda, b, ldb, beta, c + lo, ldc,
                   scratch + t * space);
    else
      GEMM_(block)(ta, tb, m, hi - lo, k, alpha, a, lda, tb ? b + lo : b + lo * ldb, ldb, beta, c + lo * ldc, ldc,
                   scratch + t * space);
  }
}

#undef GEMM_
#undef GEMM_LANES
#undef GEMM_MR
#undef GEMM_NR
#undef GEMM_KC
#undef GEMM_NC
#undef GEMM_MT
#undef GEMM_ROUND64
#undef GEMM_ROUNDUP
#undef GEMM_NR3
#undef GEMM_LOW
#undef GEMM_HIGH
#undef GEMM_LANES4
#undef GEMM_LANES8
#undef GEMM_LANES16
#undef GEMM_INDICES
#undef GEMM_BUTTERFLY
#undef GEMM_TRANSPOSE

#endif
