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
 * accumulators) and for each p loads two vectors of A and broadcasts NR values of B. One A panel
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

/* The MR x NR tile C[0:mr, 0:nr] (leading dimension ldc) = alpha * Apanel * Bpanel + beta * C, over
 * kc products; beta == 0 writes C without reading it. */
static void GEMM_(microKernel)(long kc, const real *restrict a, const real *restrict b, real *c, long ldc,
                               real alpha, real beta, long mr, long nr) {
  GEMM_(Vec) acc0[GEMM_NR], acc1[GEMM_NR];
#pragma GCC unroll 16
  for (int j = 0; j < GEMM_NR; j++) acc0[j] = acc1[j] = (GEMM_(Vec)){0};
  if (mr == GEMM_MR)
#pragma GCC unroll 16
    for (int j = 0; j < GEMM_NR; j++) { /* the tile's column may straddle two lines */
      __builtin_prefetch(c + j * ldc, 1);
      __builtin_prefetch(c + j * ldc + GEMM_MR - 1, 1);
    }
#pragma GCC unroll 2
  for (long p = 0; p < kc; p++) {
    GEMM_(Vec) a0 = *(const GEMM_(Vec) *)a, a1 = *(const GEMM_(Vec) *)(a + GEMM_LANES);
#pragma GCC unroll 16
    for (int j = 0; j < GEMM_NR; j++) {
      GEMM_(Vec) bj = b[j] - (GEMM_(Vec)){0}; /* a broadcast: x - 0 is x, so it folds away (x + 0 does not, for -0) */
      acc0[j] += a0 * bj;
      acc1[j] += a1 * bj;
    }
    a += GEMM_MR;
    b += GEMM_NR;
  }
  if (mr == GEMM_MR && nr == GEMM_NR) {
#pragma GCC unroll 16
    for (int j = 0; j < GEMM_NR; j++) {
      GEMM_(VecU) *c0 = (GEMM_(VecU) *)(c + j * ldc), *c1 = (GEMM_(VecU) *)(c + j * ldc + GEMM_LANES);
      if (beta == 0) {
        *c0 = alpha * acc0[j];
        *c1 = alpha * acc1[j];
      } else {
        *c0 = alpha * acc0[j] + beta * *c0;
        *c1 = alpha * acc1[j] + beta * *c1;
      }
    }
    return;
  }
  real tile[GEMM_NR][GEMM_MR] __attribute__((aligned(64)));
  for (int j = 0; j < GEMM_NR; j++) {
    *(GEMM_(Vec) *)tile[j] = alpha * acc0[j];
    *(GEMM_(Vec) *)(tile[j] + GEMM_LANES) = alpha * acc1[j];
  }
  for (long j = 0; j < nr; j++)
    for (long i = 0; i < mr; i++) c[i + j * ldc] = beta == 0 ? tile[j][i] : tile[j][i] + beta * c[i + j * ldc];
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
   * vectors, whose lanes past its end land on the start of the next row (or panel), written after
   * it (packSpace leaves room for the last). */
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
        for (int blk = 0; blk < BLOCKS; blk++)
          *(GEMM_(VecU) *)(dst + (p + l) * GEMM_NR + blk * GEMM_LANES) = v[blk][l];
    }
    for (; p < kc; p++) {
      real *d = dst + p * GEMM_NR;
      long j = 0;
      for (; j < cols; j++) d[j] = src[j * ldb + p];
      for (; j < GEMM_NR; j++) d[j] = 0;
    }
  }
}

/* The packing space for a block of `rows` x `cols` of C, in reals, each part rounded to 64 bytes:
 * packed A first, then packed B. */
#define GEMM_ROUND64(N) (((N) + 64 / (long)sizeof(real) - 1) / (64 / (long)sizeof(real)) * (64 / (long)sizeof(real)))
static long GEMM_(packedASpace)(long rows, long k) {
  return GEMM_ROUND64(THMin(GEMM_MT, (rows + GEMM_MR - 1) / GEMM_MR * GEMM_MR) * THMin(GEMM_KC, k));
}

static long GEMM_(packSpace)(long rows, long cols, long k) {
  long nc = THMin(GEMM_NC, (cols + GEMM_NR - 1) / GEMM_NR * GEMM_NR);
  /* packB's last vector may overhang its panel by less than a vector */
  return GEMM_(packedASpace)(rows, k) + GEMM_ROUND64(THMin(GEMM_KC, k) * nc + GEMM_LANES);
}

/* C[i0:i1, j0:j1] with the packing space `space` (packSpace of that block); k >= 1. */
static void GEMM_(block)(int ta, int tb, long i0, long i1, long j0, long j1, long k, real alpha, const real *a,
                         long lda, const real *b, long ldb, real beta, real *c, long ldc, real *space) {
  const int panelWise = j1 - j0 <= GEMM_NC; /* one block of B: pack each A panel just before its use */
  real *packedA = space;
  real *packedB = space + GEMM_(packedASpace)(i1 - i0, k);
  for (long ic = i0; ic < i1; ic += GEMM_MT) {
    long mt = THMin(GEMM_MT, i1 - ic);
    for (long pc = 0; pc < k; pc += GEMM_KC) {
      long kc = THMin(GEMM_KC, k - pc);
      real betaHere = pc == 0 ? beta : 1; /* later slices of k add to what the first wrote */
      if (!panelWise) /* the whole block of A, once for all the blocks of B */ GEMM_(packA)(ta, a, lda, ic, mt, pc, kc, packedA);
      for (long jc = j0; jc < j1; jc += GEMM_NC) {
        long nc = THMin(GEMM_NC, j1 - jc);
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
  /* One block of columns per thread, or of rows where B is the smaller operand to copy twice; never
   * blocks narrower than a micro-tile. */
  int byRows = (double)k * n < (double)m * k && m >= 2 * GEMM_MR;
  long extent = byRows ? m : n, unit = byRows ? GEMM_MR : GEMM_NR;
  threads = (int)THMin((long)threads, (extent + unit - 1) / unit);
  long chunk = ((extent + threads - 1) / threads + unit - 1) / unit * unit;
  threads = (int)((extent + chunk - 1) / chunk);
  long space = byRows ? GEMM_(packSpace)(chunk, n, k) : GEMM_(packSpace)(m, chunk, k);
  real *scratch = THGemm_scratch(sizeof(real) * (size_t)(space * threads));
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (int t = 0; t < threads; t++) {
    long lo = t * chunk, hi = THMin(extent, lo + chunk);
    if (byRows)
      GEMM_(block)(ta, tb, lo, hi, 0, n, k, alpha, a, lda, b, ldb, beta, c, ldc, scratch + t * space);
    else
      GEMM_(block)(ta, tb, 0, m, lo, hi, k, alpha, a, lda, b, ldb, beta, c, ldc, scratch + t * space);
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
#undef GEMM_LOW
#undef GEMM_HIGH
#undef GEMM_LANES4
#undef GEMM_LANES8
#undef GEMM_LANES16
#undef GEMM_INDICES
#undef GEMM_BUTTERFLY
#undef GEMM_TRANSPOSE

#endif
