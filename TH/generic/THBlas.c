#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THBlas.c"
#else

/* wreal: the type the portable loops compute in. For the integer types it is unsigned, so that
 * products and sums wrap modulo 2^bits (as Torch7's loops did in practice) without signed
 * overflow; converting back to real keeps the low bits. */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define THBLAS_USE_CBLAS
#define wreal real
#if defined(TH_REAL_IS_FLOAT)
#define CBLAS_(NAME) cblas_s##NAME
#else
#define CBLAS_(NAME) cblas_d##NAME
#endif
#define THGemm_(ISA) TH_CONCAT_4(TH, Real, Gemm_gemm_, ISA)
#elif defined(TH_REAL_IS_LONG)
#define wreal unsigned long
#else
#define wreal unsigned int
#endif

/* ------------------------------------------------------------------ level 1 */

void THBlas_(swap)(long n, real *x, long incx, real *y, long incy) {
  if (n <= 0) return;
  if (n == 1) incx = incy = 1; /* legacy: the increments of a single element do not matter */
#ifdef THBLAS_USE_CBLAS
  if (incx != 0 && incy != 0) {
    THBLAS_CHECK_INT("swap", n);
    THBLAS_CHECK_INT("swap", incx);
    THBLAS_CHECK_INT("swap", incy);
    CBLAS_(swap)((int)n, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  x += TH_BLAS_START(n, incx);
  y += TH_BLAS_START(n, incy);
  for (long i = 0; i < n; i++) {
    real z = x[i * incx];
    x[i * incx] = y[i * incy];
    y[i * incy] = z;
  }
}

/* a == 0 sets x to zero (NaN included), as Torch7's scal did: callers use it to apply a beta. */
void THBlas_(scal)(long n, real a, real *x, long incx) {
  if (n <= 0) return;
  if (n == 1) incx = 1;
  x += TH_BLAS_START(n, incx);
  if (a == 0) {
    for (long i = 0; i < n; i++) x[i * incx] = 0;
    return;
  }
#ifdef THBLAS_USE_CBLAS
  if (incx > 0) {
    THBLAS_CHECK_INT("scal", n);
    THBLAS_CHECK_INT("scal", incx);
    CBLAS_(scal)((int)n, a, x, (int)incx);
    return;
  }
#endif
  for (long i = 0; i < n; i++) x[i * incx] = (real)((wreal)a * (wreal)x[i * incx]);
}

void THBlas_(copy)(long n, real *x, long incx, real *y, long incy) {
  if (n <= 0) return;
  if (n == 1) incx = incy = 1;
#ifdef THBLAS_USE_CBLAS
  if (incx != 0 && incy != 0) {
    THBLAS_CHECK_INT("copy", n);
    THBLAS_CHECK_INT("copy", incx);
    THBLAS_CHECK_INT("copy", incy);
    CBLAS_(copy)((int)n, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  x += TH_BLAS_START(n, incx);
  y += TH_BLAS_START(n, incy);
  for (long i = 0; i < n; i++) y[i * incy] = x[i * incx];
}

void THBlas_(axpy)(long n, real a, real *x, long incx, real *y, long incy) {
  if (n <= 0) return;
  if (n == 1) incx = incy = 1;
#ifdef THBLAS_USE_CBLAS
  if (incx != 0 && incy != 0) {
    THBLAS_CHECK_INT("axpy", n);
    THBLAS_CHECK_INT("axpy", incx);
    THBLAS_CHECK_INT("axpy", incy);
    CBLAS_(axpy)((int)n, a, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  x += TH_BLAS_START(n, incx);
  y += TH_BLAS_START(n, incy);
  for (long i = 0; i < n; i++) y[i * incy] = (real)((wreal)y[i * incy] + (wreal)a * (wreal)x[i * incx]);
}

/* The integer types accumulate in the element type (a Byte dot wraps modulo 256), as in Torch7. */
real THBlas_(dot)(long n, real *x, long incx, real *y, long incy) {
  if (n <= 0) return 0;
  if (n == 1) incx = incy = 1;
#ifdef THBLAS_USE_CBLAS
  if (incx != 0 && incy != 0) {
    THBLAS_CHECK_INT("dot", n);
    THBLAS_CHECK_INT("dot", incx);
    THBLAS_CHECK_INT("dot", incy);
    return CBLAS_(dot)((int)n, x, (int)incx, y, (int)incy);
  }
#endif
  x += TH_BLAS_START(n, incx);
  y += TH_BLAS_START(n, incy);
  wreal sum = 0;
  for (long i = 0; i < n; i++) sum += (wreal)x[i * incx] * (wreal)y[i * incy];
  return (real)sum;
}

/* ------------------------------------------------------------------ level 2 */

#ifdef THBLAS_USE_CBLAS
/* BLAS refuses a zero increment for an input vector of gemv/ger; TH callers pass one for an
 * expanded (stride 0) tensor. The vector is then its first element repeated: write it out. */
static real *THBlas_(repeatVector)(real *buffer, long n, real *x, long incx) {
  for (long i = 0; i < n; i++) buffer[i] = x[i * incx];
  return buffer;
}
#endif

/* y = beta*y + alpha*op(A)*x, A m x n column-major with leading dimension lda. beta == 0 makes
 * y output only (what it held, NaN included, is ignored). */
void THBlas_(gemv)(char trans, long m, long n, real alpha, real *a, long lda, real *x, long incx,
                   real beta, real *y, long incy) {
  int transposed = THBlas_isTransposed("gemv", "trans", trans);
  THArgCheck(m >= 0 && n >= 0, 2, "gemv: m and n must be >= 0, but are %ld and %ld", m, n);
  if (n == 1) lda = THMax(1, m); /* legacy fix-up: the leading dimension of one column */
  THArgCheck(lda >= THMax(1, m), 6, "gemv: lda should be at least max(1, m = %ld), but is %ld", m,
             lda);
  long lenx = transposed ? m : n, leny = transposed ? n : m;
  if (leny == 0) return;
  if (lenx == 1) incx = 1;
  if (leny == 1) incy = 1;
  THArgCheck(incy != 0, 11, "gemv: incy must not be 0");
  if (beta == 0) THBlas_(scal)(leny, 0, y, incy);
  if (lenx == 0) {
    THBlas_(scal)(leny, beta, y, incy);
    return;
  }
#ifdef THBLAS_USE_CBLAS
  THBLAS_CHECK_INT("gemv", m);
  THBLAS_CHECK_INT("gemv", n);
  THBLAS_CHECK_INT("gemv", lda);
  THBLAS_CHECK_INT("gemv", incx);
  THBLAS_CHECK_INT("gemv", incy);
  real *repeated = NULL;
  if (incx == 0) {
    x = repeated = THBlas_(repeatVector)(THAlloc(sizeof(real) * lenx), lenx, x, 0);
    incx = 1;
  }
  CBLAS_(gemv)(CblasColMajor, transposed ? CblasTrans : CblasNoTrans, (int)m, (int)n, alpha, a,
               (int)lda, x, (int)incx, beta, y, (int)incy);
  THFree(repeated);
#else
  if (!transposed && beta != 1) THBlas_(scal)(m, beta, y, incy);
  x += TH_BLAS_START(lenx, incx);
  y += TH_BLAS_START(leny, incy);
  if (transposed) {
    for (long i = 0; i < n; i++) {
      const real *column = a + i * lda;
      wreal sum = 0;
      for (long j = 0; j < m; j++) sum += (wreal)column[j] * (wreal)x[j * incx];
      y[i * incy] = (real)((wreal)beta * (wreal)y[i * incy] + (wreal)alpha * sum);
    }
  } else {
    for (long j = 0; j < n; j++) {
      const real *column = a + j * lda;
      wreal z = (wreal)alpha * (wreal)x[j * incx];
      for (long i = 0; i < m; i++) y[i * incy] = (real)((wreal)y[i * incy] + z * (wreal)column[i]);
    }
  }
#endif
}

/* A += alpha*x*y', A m x n column-major with leading dimension lda. */
void THBlas_(ger)(long m, long n, real alpha, real *x, long incx, real *y, long incy, real *a, long lda) {
  THArgCheck(m >= 0 && n >= 0, 1, "ger: m and n must be >= 0, but are %ld and %ld", m, n);
  if (n == 1) lda = THMax(1, m); /* legacy fix-up */
  THArgCheck(lda >= THMax(1, m), 9, "ger: lda should be at least max(1, m = %ld), but is %ld", m, lda);
  if (m == 0 || n == 0) return;
  if (m == 1) incx = 1;
  if (n == 1) incy = 1;
#ifdef THBLAS_USE_CBLAS
  THBLAS_CHECK_INT("ger", m);
  THBLAS_CHECK_INT("ger", n);
  THBLAS_CHECK_INT("ger", lda);
  THBLAS_CHECK_INT("ger", incx);
  THBLAS_CHECK_INT("ger", incy);
  real *repeated = NULL;
  if (incx == 0 || incy == 0) {
    repeated = THAlloc(sizeof(real) * (m + n));
    if (incx == 0) {
      x = THBlas_(repeatVector)(repeated, m, x, 0);
      incx = 1;
    }
    if (incy == 0) {
      y = THBlas_(repeatVector)(repeated + m, n, y, 0);
      incy = 1;
    }
  }
  CBLAS_(ger)(CblasColMajor, (int)m, (int)n, alpha, x, (int)incx, y, (int)incy, a, (int)lda);
  THFree(repeated);
#else
  x += TH_BLAS_START(m, incx);
  y += TH_BLAS_START(n, incy);
  for (long j = 0; j < n; j++) {
    real *column = a + j * lda;
    wreal z = (wreal)alpha * (wreal)y[j * incy];
    for (long i = 0; i < m; i++) column[i] = (real)((wreal)column[i] + z * (wreal)x[i * incx]);
  }
#endif
}

/* ------------------------------------------------------------------ level 3 */

#ifndef THBLAS_USE_CBLAS
/* C = beta*C + alpha*op(A)*op(B) for the integer types, column-major. The columns of C are split
 * between threads; within a column block, a block of A is applied to every column while it is in
 * cache. When A is not transposed, C(:, j) += A(:, p) * B(p, j) runs down contiguous columns;
 * when it is, C(i, j) += A(:, i) . op(B)(:, j) is a contiguous dot product (op(B)(:, j) is
 * gathered first when B is transposed). */
static void THBlas_(gemmLoop)(int transa, int transb, long m, long n, long k, real alpha, real *a,
                              long lda, real *b, long ldb, real beta, real *c, long ldc) {
  if (beta != 1)
    for (long j = 0; j < n; j++) THBlas_(scal)(m, beta, c + j * ldc, 1);
  if (k == 0 || alpha == 0) return;
  const long nb = 16; /* columns of C a thread takes at a time */
  real *gathered = transa && transb ? THAlloc(sizeof(real) * k * n) : NULL;
#pragma omp parallel for schedule(static) if (m * n * k > THBLAS_OMP_WORK)
  for (long j0 = 0; j0 < n; j0 += nb) {
    long j1 = THMin(n, j0 + nb);
    for (long i0 = 0; i0 < m; i0 += THBLAS_MB) {
      long i1 = THMin(m, i0 + THBLAS_MB);
      for (long p0 = 0; p0 < k; p0 += THBLAS_KB) {
        long p1 = THMin(k, p0 + THBLAS_KB);
        for (long j = j0; j < j1; j++) {
          real *cj = c + j * ldc;
          if (!transa) {
            for (long p = p0; p < p1; p++) {
              wreal bpj = (wreal)alpha * (wreal)(transb ? b[j + p * ldb] : b[p + j * ldb]);
              const real *ap = a + p * lda;
              for (long i = i0; i < i1; i++) cj[i] = (real)((wreal)cj[i] + bpj * (wreal)ap[i]);
            }
            continue;
          }
          const real *bj = b + j * ldb;
          if (transb) {
            real *g = gathered + j * k;
            if (i0 == 0)
              for (long p = p0; p < p1; p++) g[p] = b[j + p * ldb];
            bj = g;
          }
          for (long i = i0; i < i1; i++) {
            const real *ai = a + i * lda;
            wreal sum = 0;
            for (long p = p0; p < p1; p++) sum += (wreal)ai[p] * (wreal)bj[p];
            cj[i] = (real)((wreal)cj[i] + (wreal)alpha * sum);
          }
        }
      }
    }
  }
  THFree(gathered);
}
#endif

/* C = beta*C + alpha*op(A)*op(B), C m x n, op(A) m x k, op(B) k x n, all column-major. beta == 0
 * makes C output only (NaN included). */
void THBlas_(gemm)(char transa, char transb, long m, long n, long k, real alpha, real *a, long lda,
                   real *b, long ldb, real beta, real *c, long ldc) {
  int ta = THBlas_isTransposed("gemm", "transa", transa);
  int tb = THBlas_isTransposed("gemm", "transb", transb);
  THArgCheck(m >= 0 && n >= 0 && k >= 0, 3, "gemm: m, n and k must be >= 0, but are %ld, %ld and %ld",
             m, n, k);
  /* legacy fix-ups: the leading dimension of a matrix of one column does not matter */
  if (n == 1) ldc = THMax(1, m);
  if (ta) {
    if (m == 1) lda = THMax(1, k);
  } else if (k == 1) {
    lda = THMax(1, m);
  }
  if (tb) {
    if (k == 1) ldb = THMax(1, n);
  } else if (n == 1) {
    ldb = THMax(1, k);
  }
  THArgCheck(lda >= THMax(1, ta ? k : m), 7, "gemm: lda should be at least max(1, %ld), but is %ld",
             ta ? k : m, lda);
  THArgCheck(ldb >= THMax(1, tb ? n : k), 9, "gemm: ldb should be at least max(1, %ld), but is %ld",
             tb ? n : k, ldb);
  THArgCheck(ldc >= THMax(1, m), 12, "gemm: ldc should be at least max(1, %ld), but is %ld", m, ldc);
  if (m == 0 || n == 0) return;
#ifdef THBLAS_USE_CBLAS
  int isa = THVector_isa(); /* ember's kernels on AVX2 and AVX-512 CPUs, OpenBLAS on older ones */
  if (isa > 0) {
    if (k == 0 || alpha == 0) { /* BLAS's rule: A and B are not read, C = beta*C (scal writes 0 for beta 0) */
      if (beta != 1)
        for (long j = 0; j < n; j++) THBlas_(scal)(m, beta, c + j * ldc, 1);
      return;
    }
    (isa >= 2 ? THGemm_(AVX512) : THGemm_(AVX2))(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    return;
  }
  THBLAS_CHECK_INT("gemm", m);
  THBLAS_CHECK_INT("gemm", n);
  THBLAS_CHECK_INT("gemm", k);
  THBLAS_CHECK_INT("gemm", lda);
  THBLAS_CHECK_INT("gemm", ldb);
  THBLAS_CHECK_INT("gemm", ldc);
  /* OpenBLAS's gemm with beta == 0 writes C without reading it, as the legacy contract needs */
  CBLAS_(gemm)(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, (int)m,
               (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
#else
  THBlas_(gemmLoop)(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
#endif
}

#undef wreal
#ifdef THBLAS_USE_CBLAS
#undef THBLAS_USE_CBLAS
#undef CBLAS_
#undef THGemm_
#endif

#endif
