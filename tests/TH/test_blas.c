/* THBlas (every type) against naive loops, and the BLAS-shaped tensor math (addmv, addmm, addr,
 * addbmm, baddbmm). The per-type tests are written once, below, and instantiated by including
 * this file into itself once per type (as TH's generic files are). Values are small integers, so
 * every type computes them exactly (Byte and Char wrap, as checked against the wrapped reference). */
#ifndef BLAS_TEST_TYPE
#include "th_test.h"

#define BLAS_TEST_TYPE
#define real unsigned char
#define Real Byte
#define TEST_UNSIGNED 1
#include __FILE__
#undef TEST_UNSIGNED
#define TEST_UNSIGNED 0
#define real char
#define Real Char
#include __FILE__
#define real short
#define Real Short
#include __FILE__
#define real int
#define Real Int
#include __FILE__
#define real long
#define Real Long
#include __FILE__
#undef TEST_FLOATING
#define TEST_FLOATING 1
#define real float
#define Real Float
#include __FILE__
#define real double
#define Real Double
#include __FILE__

/* ---------------------------------------------------------- type-specific facts */

static void test_dot_wraps_in_the_element_type(void **state) {
  unsigned char b16[2] = {16, 16}, b200 = 200, b2 = 2;
  assert_int_equal(THByteBlas_dot(2, b16, 1, b16, 1), 0); /* 512 mod 256 */
  assert_int_equal(THByteBlas_dot(1, &b200, 1, &b2, 1), 144); /* 400 mod 256 */
  char c100 = 100, c2 = 2;
  assert_int_equal(THCharBlas_dot(1, &c100, 1, &c2, 1), -56); /* 200 - 256 */
  int i65536[1] = {65536};
  assert_int_equal(THIntBlas_dot(1, i65536, 1, i65536, 1), 0); /* 2^32 wraps, without UB */
  long l[2] = {1L << 62, 4};
  long prod = 0;
  THLongBlas_gemm('n', 'n', 1, 1, 1, 1, &l[0], 1, &l[1], 1, 0, &prod, 1);
  assert_true(prod == 0); /* 2^64 wraps */
}

static void test_float_dot_uses_blas_semantics(void **state) {
  double x[3] = {1, 2, 3}, y[3] = {4, 5, 6};
  assert_true(THDoubleBlas_dot(3, x, 1, y, 1) == 32);
  float xf[3] = {1e8f, 1, -1e8f}, yf[3] = {1, 1, 1};
  /* float accumulation: the 1 is absorbed by 1e8 (in any order of summation but the exact one) */
  float d = THFloatBlas_dot(3, xf, 1, yf, 1);
  assert_true(d == 0 || d == 1);
}

static void test_blas_bad_arguments(void **state) {
  float a[4] = {1, 2, 3, 4}, c[4];
  assert_th_error(THFloatBlas_gemm('x', 'n', 2, 2, 2, 1, a, 2, a, 2, 0, c, 2), "transa should be 'n', 't' or 'c'");
  assert_th_error(THFloatBlas_gemm('n', 'n', 2, 2, 2, 1, a, 1, a, 2, 0, c, 2), "lda should be at least max(1, 2)");
  assert_th_error(THIntBlas_gemm('n', 'n', -1, 2, 2, 1, NULL, 1, NULL, 2, 0, NULL, 2), "must be >= 0");
  assert_th_error(THDoubleBlas_gemv('n', 3, 2, 1, NULL, 2, NULL, 1, 0, NULL, 1), "lda should be at least max(1, m = 3)");
  assert_th_error(THFloatBlas_gemv('q', 2, 2, 1, a, 2, a, 1, 0, c, 1), "trans should be");
  assert_th_error(THFloatBlas_gemv('n', 2, 2, 1, a, 2, a, 1, 0, c, 0), "incy must not be 0");
  assert_th_error(THFloatBlas_ger(3, 2, 1, a, 1, a, 1, c, 2), "lda should be at least max(1, m = 3)");
  assert_th_error(THFloatBlas_dot(1L << 40, a, 1, a, 1), "does not fit in BLAS's int");
  /* the library keeps working */
  THFloatBlas_gemm('n', 'n', 2, 2, 2, 1, a, 2, a, 2, 0, c, 2);
  assert_true(c[0] == 1 * 1 + 3 * 2 && c[3] == 2 * 3 + 4 * 4);
}

/* beta == 0: what C and y held, NaN included, does not matter (the legacy contract) */
static void test_beta_zero_ignores_nan(void **state) {
  float a[6] = {1, 2, 3, 4, 5, 6}, x[3] = {1, 1, 1}, y[2] = {NAN, NAN}, c[4] = {NAN, NAN, NAN, NAN};
  THFloatBlas_gemv('n', 2, 3, 1, a, 2, x, 1, 0, y, 1);
  assert_true(y[0] == 1 + 3 + 5 && y[1] == 2 + 4 + 6);
  THFloatBlas_gemm('n', 't', 2, 2, 3, 1, a, 2, a, 2, 0, c, 2);
  assert_true(c[0] == 1 + 9 + 25 && c[3] == 4 + 16 + 36 && c[1] == 2 + 12 + 30);
  double yd[3] = {NAN, NAN, NAN}, ad[6] = {1, 2, 3, 4, 5, 6}, xd[2] = {1, -1};
  THDoubleBlas_gemv('t', 2, 3, 2, ad, 2, xd, 1, 0, yd, 1);
  assert_true(yd[0] == -2 && yd[1] == -2 && yd[2] == -2);
  /* big enough for OpenBLAS's blocked (and threaded) driver rather than a small-matrix kernel */
  enum { BIG = 300 };
  float *ones = THAlloc(sizeof(float) * BIG * BIG), *big = THAlloc(sizeof(float) * BIG * BIG);
  for (long i = 0; i < BIG * BIG; i++) ones[i] = 1, big[i] = NAN;
  THFloatBlas_gemm('n', 't', BIG, BIG, BIG, 1, ones, BIG, ones, BIG, 0, big, BIG);
  for (long i = 0; i < BIG * BIG; i++)
    if (big[i] != BIG) fail_msg("C[%ld] = %g, expected %d", i, big[i], BIG);
  THFree(ones);
  THFree(big);
  float s[3] = {NAN, 1, NAN};
  THFloatBlas_scal(3, 0, s, 1);
  assert_true(s[0] == 0 && s[1] == 0 && s[2] == 0);
}

static void test_addmm_errors(void **state) {
  THFloatTensor *m1 = THFloatTensor_newWithSize2d(2, 3), *m2 = THFloatTensor_newWithSize2d(4, 5);
  THFloatTensor *t = THFloatTensor_newWithSize2d(2, 5), *r = THFloatTensor_new();
  THFloatTensor *v = THFloatTensor_newWithSize1d(3), *b3 = THFloatTensor_newWithSize3d(2, 2, 3);
  assert_th_error(THFloatTensor_addmm(r, 1, t, 1, m1, m2), "addmm: size mismatch, m1: [2 x 3], m2: [4 x 5]");
  assert_th_error(THFloatTensor_addmm(r, 1, t, 1, m1, v), "addmm: matrices expected, got 2D, 1D tensors");
  THFloatTensor *empty = THFloatTensor_new();
  assert_th_error(THFloatTensor_addmm(r, 1, t, 1, empty, m2), "addmm: matrices expected, got 0D, 2D tensors");
  assert_th_error(THFloatTensor_addmv(v, 1, v, 1, m1, empty), "addmv: matrix and vector expected, got 2D, 0D");
  THFloatTensor_free(empty);
  THFloatTensor *m3 = THFloatTensor_newWithSize2d(3, 5);
  assert_th_error(THFloatTensor_addmm(r, 1, m1, 1, m1, m3), "addmm: size mismatch, t: [2 x 3], m1: [2 x 3], m2: [3 x 5]");
  THFloatTensor_free(m3);
  assert_th_error(THFloatTensor_addmv(v, 1, v, 1, m2, v), "addmv: size mismatch, mat: [4 x 5], vec: [3]");
  assert_th_error(THFloatTensor_addmv(v, 1, v, 1, m1, v), "addmv: size mismatch, t: [3], mat: [2 x 3]");
  assert_th_error(THFloatTensor_addr(r, 1, t, 1, v, v), "addr: size mismatch, t: [2 x 5], vec1: [3], vec2: [3]");
  assert_th_error(THFloatTensor_addr(r, 1, t, 1, m1, v), "addr: vector and vector expected");
  assert_th_error(THFloatTensor_baddbmm(r, 1, b3, 1, b3, b3), "baddbmm: size mismatch, batch1: [2 x 2 x 3], batch2: [2 x 2 x 3]");
  assert_th_error(THFloatTensor_addbmm(r, 1, t, 1, b3, m1), "addbmm: 3D tensors expected, got 3D, 2D tensors");
  /* the library keeps working: a good call after the failures */
  THFloatTensor_resize2d(m2, 3, 5);
  for (int i = 0; i < 6; i++) THFloatTensor_data(m1)[i] = 1;
  for (int i = 0; i < 15; i++) THFloatTensor_data(m2)[i] = 2;
  THFloatTensor_addmm(r, 0, t, 1, m1, m2);
  assert_true(THFloatTensor_get2d(r, 1, 4) == 6);
  THFloatTensor_free(m1);
  THFloatTensor_free(m2);
  THFloatTensor_free(t);
  THFloatTensor_free(r);
  THFloatTensor_free(v);
  THFloatTensor_free(b3);
}

/* addmm with contiguous or transposed operands must not copy them: a thin wrapper over gemm. The
 * observable part: operands that share the result's storage are still read correctly, and a
 * column-major result keeps its strides (it is written in place, not replaced). */
static void test_addmm_keeps_result_layout(void **state) {
  THDoubleTensor *rt = THDoubleTensor_newWithSize2d(3, 2); /* r = rt' : 2 x 3 column-major */
  THDoubleTensor *r = THDoubleTensor_newTranspose(rt, 0, 1);
  double *storage = THDoubleTensor_data(r);
  THDoubleTensor *m1 = THDoubleTensor_newWithSize2d(2, 2), *m2 = THDoubleTensor_newWithSize2d(2, 3);
  double v1[4] = {1, 2, 3, 4}, v2[6] = {1, 0, 2, 0, 1, 3};
  memcpy(THDoubleTensor_data(m1), v1, sizeof v1);
  memcpy(THDoubleTensor_data(m2), v2, sizeof v2);
  THDoubleTensor_addmm(r, 0, r, 1, m1, m2);
  assert_ptr_equal(THDoubleTensor_data(r), storage);
  assert_int_equal(r->stride[0], 1);
  assert_int_equal(r->stride[1], 2);
  /* [1 2; 3 4] [1 0 2; 0 1 3] = [1 2 8; 3 4 18] */
  double expect[6] = {1, 2, 8, 3, 4, 18};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) assert_true(THDoubleTensor_get2d(r, i, j) == expect[i * 3 + j]);
  /* r_ == m1 (a separate result over an input's storage): computed aside, then copied */
  THDoubleTensor *sq = THDoubleTensor_newClone(m1);
  THDoubleTensor_addmm(sq, 1, sq, 1, sq, sq); /* sq + sq*sq = [1 2; 3 4] + [7 10; 15 22] */
  assert_true(THDoubleTensor_get2d(sq, 0, 0) == 8 && THDoubleTensor_get2d(sq, 0, 1) == 12 &&
              THDoubleTensor_get2d(sq, 1, 0) == 18 && THDoubleTensor_get2d(sq, 1, 1) == 26);
  THDoubleTensor *other = THDoubleTensor_new();
  THDoubleTensor_set(other, m1);
  THDoubleTensor_addmm(other, 0, m2, 1, m1, m2); /* result shares m1's storage: m1 must be read first */
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) assert_true(THDoubleTensor_get2d(other, i, j) == expect[i * 3 + j]);
  THDoubleTensor_free(other);
  THDoubleTensor_free(sq);
  THDoubleTensor_free(rt);
  THDoubleTensor_free(r);
  THDoubleTensor_free(m1);
  THDoubleTensor_free(m2);
}

#define TYPE_TESTS(R)                                          \
  cmocka_unit_test(test_level1_##R), cmocka_unit_test(test_gemv_ger_##R), \
      cmocka_unit_test(test_gemm_##R), cmocka_unit_test(test_addmm_##R),  \
      cmocka_unit_test(test_addmv_addr_##R), cmocka_unit_test(test_batched_##R)

int main(void) {
  const struct CMUnitTest tests[] = {
      TYPE_TESTS(Byte),  TYPE_TESTS(Char),  TYPE_TESTS(Short),  TYPE_TESTS(Int),
      TYPE_TESTS(Long),  TYPE_TESTS(Float), TYPE_TESTS(Double),
      cmocka_unit_test(test_dot_wraps_in_the_element_type),
      cmocka_unit_test(test_float_dot_uses_blas_semantics),
      cmocka_unit_test(test_blas_bad_arguments),
      cmocka_unit_test(test_beta_zero_ignores_nan),
      cmocka_unit_test(test_addmm_errors),
      cmocka_unit_test(test_addmm_keeps_result_layout),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* ======================================================= per type: real, Real */

#define T_(NAME) TH_CONCAT_3(NAME, _, Real)
#ifndef TEST_FLOATING
#define TEST_FLOATING 0
#endif

/* Small deterministic values in [-3, 3] ([0, 6] for Byte). */
static real T_(value)(long i) {
  long v = (i * 5 + 2) % 7 - 3;
  return (real)(TEST_UNSIGNED ? v + 3 : v);
}

/* An exact integer reference, wrapped to the type the way the library's arithmetic wraps. */
static real T_(wrap)(double ref) {
  if (TEST_FLOATING) return (real)ref;
  return (real)(unsigned long)(long)ref;
}

/* The reference element of BLAS vector x: increments < 0 count from the far end. */
static real T_(at)(const real *x, long n, long inc, long i) {
  return inc < 0 ? x[(n - 1 - i) * -inc] : x[i * inc];
}

static void T_(test_level1)(void **state) {
  real x[16], y[16], x0[16], y0[16];
  for (long i = 0; i < 16; i++) x0[i] = x[i] = T_(value)(i), y0[i] = y[i] = T_(value)(i + 3);
  const long incs[][2] = {{1, 1}, {2, 3}, {-2, 1}, {3, -2}, {0, 1}};
  for (int c = 0; c < 5; c++) {
    long ix = incs[c][0], iy = incs[c][1], n = 5;
    double ref = 0;
    for (long i = 0; i < n; i++) ref += (double)T_(at)(x0, n, ix, i) * T_(at)(y0, n, iy, i);
    assert_true(THBlas_(dot)(n, x, ix, y, iy) == T_(wrap)(ref));

    THBlas_(axpy)(n, 2, x, ix, y, iy);
    if (iy != 0)
      for (long i = 0; i < n; i++)
        assert_true(T_(at)(y, n, iy, i) == T_(wrap)(T_(at)(y0, n, iy, i) + 2.0 * T_(at)(x0, n, ix, i)));
    memcpy(y, y0, sizeof y);

    THBlas_(copy)(n, x, ix, y, iy);
    for (long i = 0; i < n; i++) assert_true(T_(at)(y, n, iy, i) == T_(at)(x0, n, ix, i));
    memcpy(y, y0, sizeof y);

    if (ix != 0) {
      THBlas_(swap)(n, x, ix, y, iy);
      for (long i = 0; i < n; i++) {
        assert_true(T_(at)(x, n, ix, i) == T_(at)(y0, n, iy, i));
        assert_true(T_(at)(y, n, iy, i) == T_(at)(x0, n, ix, i));
      }
      memcpy(x, x0, sizeof x);
      memcpy(y, y0, sizeof y);

      THBlas_(scal)(n, 3, x, ix);
      for (long i = 0; i < n; i++) assert_true(T_(at)(x, n, ix, i) == T_(wrap)(3.0 * T_(at)(x0, n, ix, i)));
      THBlas_(scal)(n, 0, x, ix);
      for (long i = 0; i < n; i++) assert_true(T_(at)(x, n, ix, i) == 0);
      memcpy(x, x0, sizeof x);
    }
  }
  /* n == 1: the increments do not matter (legacy fix-up), even 0 or negative ones */
  assert_true(THBlas_(dot)(1, x, 0, y, -7) == T_(wrap)((double)x0[0] * y0[0]));
  /* n <= 0: nothing happens */
  THBlas_(scal)(0, 0, x, 1);
  THBlas_(copy)(-1, y, 1, x, 1);
  assert_true(x[0] == x0[0]);
  assert_true(THBlas_(dot)(0, x, 1, y, 1) == 0);
}

/* Reference: y = beta*y + alpha*op(A)*x with A m x n column-major. */
static void T_(test_gemv_ger)(void **state) {
  enum { M = 5, N = 4, LDA = 7 };
  real a[LDA * N], x[2 * M], y[3 * M], y0[3 * M];
  for (long i = 0; i < LDA * N; i++) a[i] = T_(value)(i);
  for (long i = 0; i < 2 * M; i++) x[i] = T_(value)(i + 11);
  for (int trans = 0; trans < 3; trans++) {
    char tc = "ntc"[trans];
    long lenx = trans ? M : N, leny = trans ? N : M;
    for (long i = 0; i < 3 * M; i++) y0[i] = y[i] = T_(value)(i + 5);
    THBlas_(gemv)(tc, M, N, 3, a, LDA, x, 2, 2, y, -3);
    for (long i = 0; i < leny; i++) {
      double sum = 0;
      for (long p = 0; p < lenx; p++) {
        double aip = trans ? a[p + i * LDA] : a[i + p * LDA];
        sum += aip * x[p * 2];
      }
      assert_true(T_(at)(y, leny, -3, i) == T_(wrap)(2.0 * T_(at)(y0, leny, -3, i) + 3.0 * sum));
    }
  }
  /* beta == 0 ignores y; x with increment 0 is its first element repeated */
  for (long i = 0; i < M; i++) y[i] = 99;
  THBlas_(gemv)('n', M, N, 1, a, LDA, x, 0, 0, y, 1);
  for (long i = 0; i < M; i++) {
    double sum = 0;
    for (long p = 0; p < N; p++) sum += (double)a[i + p * LDA] * x[0];
    assert_true(y[i] == T_(wrap)(sum));
  }
  /* legacy fix-up: with one column, lda may be anything */
  THBlas_(gemv)('t', M, 1, 1, a, 0, x, 1, 0, y, 1);
  {
    double sum = 0;
    for (long p = 0; p < M; p++) sum += (double)a[p] * x[p];
    assert_true(y[0] == T_(wrap)(sum));
  }

  /* ger: A += alpha*x*y' with strided and zero increments */
  real g[LDA * N], g0[LDA * N];
  for (long i = 0; i < LDA * N; i++) g0[i] = g[i] = T_(value)(i + 2);
  for (long i = 0; i < 3 * M; i++) y[i] = T_(value)(i + 1);
  THBlas_(ger)(M, N, 2, x, 2, y, 3, g, LDA);
  for (long j = 0; j < N; j++)
    for (long i = 0; i < LDA; i++) {
      double expect = i < M ? g0[i + j * LDA] + 2.0 * x[2 * i] * y[3 * j] : g0[i + j * LDA];
      assert_true(g[i + j * LDA] == T_(wrap)(expect));
    }
  memcpy(g, g0, sizeof g);
  THBlas_(ger)(M, N, 1, x, 0, y, -1, g, LDA);
  for (long j = 0; j < N; j++)
    for (long i = 0; i < M; i++)
      assert_true(g[i + j * LDA] == T_(wrap)(g0[i + j * LDA] + (double)x[0] * T_(at)(y, N, -1, j)));
}

/* C = beta*C + alpha*op(A)*op(B) against the triple loop, for every transpose combination and
 * leading dimensions larger than the rows; a big case takes the blocked, threaded integer path. */
static void T_(checkGemm)(char ta, char tb, long m, long n, long k, long pad) {
  long lda = (ta == 'n' ? m : k) + pad, ldb = (tb == 'n' ? k : n) + pad, ldc = m + pad;
  long acols = ta == 'n' ? k : m, bcols = tb == 'n' ? n : k;
  real *a = THAlloc(sizeof(real) * lda * acols), *b = THAlloc(sizeof(real) * ldb * bcols);
  real *c = THAlloc(sizeof(real) * ldc * n), *c0 = THAlloc(sizeof(real) * ldc * n);
  for (long i = 0; i < lda * acols; i++) a[i] = T_(value)(i);
  for (long i = 0; i < ldb * bcols; i++) b[i] = T_(value)(3 * i + 1);
  for (long i = 0; i < ldc * n; i++) c0[i] = c[i] = T_(value)(i + 4);
  THBlas_(gemm)(ta, tb, m, n, k, 3, a, lda, b, ldb, 2, c, ldc);
  for (long j = 0; j < n; j++)
    for (long i = 0; i < ldc; i++) {
      if (i >= m) {
        assert_true(c[i + j * ldc] == c0[i + j * ldc]); /* the padding is not touched */
        continue;
      }
      double sum = 0;
      for (long p = 0; p < k; p++) {
        double aip = ta == 'n' ? a[i + p * lda] : a[p + i * lda];
        double bpj = tb == 'n' ? b[p + j * ldb] : b[j + p * ldb];
        sum += aip * bpj;
      }
      real expect = T_(wrap)(2.0 * c0[i + j * ldc] + 3.0 * sum);
      if (c[i + j * ldc] != expect)
        fail_msg("gemm %c%c %ldx%ldx%ld: C(%ld,%ld) = %g, expected %g", ta, tb, m, n, k, i, j,
                 (double)c[i + j * ldc], (double)expect);
    }
  THFree(a);
  THFree(b);
  THFree(c);
  THFree(c0);
}

static void T_(test_gemm)(void **state) {
  const char *trans = "ntc";
  for (int x = 0; x < 3; x++)
    for (int y = 0; y < 3; y++) {
      T_(checkGemm)(trans[x], trans[y], 5, 4, 3, 2);
      T_(checkGemm)(trans[x], trans[y], 1, 6, 1, 0);
    }
  T_(checkGemm)('n', 'n', 150, 140, 130, 1);
  T_(checkGemm)('t', 't', 140, 150, 130, 0);
  T_(checkGemm)('t', 'n', 130, 20, 300, 3);
  T_(checkGemm)('n', 't', 20, 130, 140, 0);
  /* beta == 0: C is output only; k == 0: C = beta*C */
  real a[6], b[6], c[4] = {99, 99, 99, 99};
  for (int i = 0; i < 6; i++) a[i] = T_(value)(i), b[i] = T_(value)(i + 1);
  THBlas_(gemm)('n', 'n', 2, 2, 3, 1, a, 2, b, 3, 0, c, 2);
  assert_true(c[0] == T_(wrap)((double)a[0] * b[0] + (double)a[2] * b[1] + (double)a[4] * b[2]));
  real c1[2] = {5, 6};
  THBlas_(gemm)('n', 'n', 2, 1, 0, 1, a, 2, b, 1, 2, c1, 2);
  assert_true(c1[0] == 10 && c1[1] == 12);
  /* legacy fix-ups: leading dimensions of 0 are accepted for one-column matrices */
  real v[3] = {1, 2, 3}, w[1] = {2}, out[3];
  THBlas_(gemm)('n', 'n', 3, 1, 1, 1, v, 0, w, 0, 0, out, 0);
  assert_true(out[0] == 2 && out[1] == 4 && out[2] == 6);
}

/* ------------------------------------------------------------ tensor math */

/* Every element of the 2-D t set to v (NaN for "ignored" content). */
static void T_(setAll)(THTensor *t, real v) {
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < t->size[1]; j++) THTensor_(set2d)(t, i, j, v);
}

static THTensor *T_(newFilled)(long rows, long cols, long seed) {
  THTensor *t = THTensor_(newWithSize2d)(rows, cols);
  for (long i = 0; i < rows * cols; i++) THTensor_(data)(t)[i] = T_(value)(i + seed);
  return t;
}

/* A rows x cols view with general strides (every other element of every other row) of a new
 * storage, for the copy path. */
static THTensor *T_(newStrided)(long rows, long cols, long seed) {
  THTensor *big = T_(newFilled)(2 * rows, 2 * cols, seed);
  THTensor *v = THTensor_(newWithStorage2d)(big->storage, 0, rows, 4 * cols, cols, 2);
  THTensor_(free)(big);
  return v;
}

/* The transpose of a new contiguous cols x rows tensor: rows x cols with stride 1 down columns. */
static THTensor *T_(newTransposed)(long rows, long cols, long seed) {
  THTensor *base = T_(newFilled)(cols, rows, seed);
  THTensor *v = THTensor_(newTranspose)(base, 0, 1);
  THTensor_(free)(base);
  return v;
}

static THTensor *T_(newKind)(int kind, long rows, long cols, long seed) {
  if (kind == 0) return T_(newFilled)(rows, cols, seed);
  if (kind == 1) return T_(newTransposed)(rows, cols, seed);
  return T_(newStrided)(rows, cols, seed);
}

/* r == beta*t0 + alpha*m1*m2 (t0: t's values before the call, as doubles) */
static void T_(checkMM)(THTensor *r, const double *t0, double beta, double alpha, THTensor *m1, THTensor *m2) {
  long M = m1->size[0], N = m2->size[1], K = m1->size[1];
  assert_int_equal(r->nDimension, 2);
  assert_int_equal(r->size[0], M);
  assert_int_equal(r->size[1], N);
  for (long i = 0; i < M; i++)
    for (long j = 0; j < N; j++) {
      double sum = 0;
      for (long p = 0; p < K; p++) sum += (double)THTensor_(get2d)(m1, i, p) * THTensor_(get2d)(m2, p, j);
      real expect = T_(wrap)((beta != 0 ? beta * t0[i * N + j] : 0) + alpha * sum);
      if (THTensor_(get2d)(r, i, j) != expect)
        fail_msg("r(%ld,%ld) = %g, expected %g", i, j, (double)THTensor_(get2d)(r, i, j), (double)expect);
    }
}

static void T_(snapshot)(THTensor *t, double *values) {
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < t->size[1]; j++) values[i * t->size[1] + j] = THTensor_(get2d)(t, i, j);
}

static void T_(test_addmm)(void **state) {
  enum { M = 4, K = 3, N = 5 };
  double t0[M * N];
  /* every layout of m1, m2 and the result: contiguous, transposed, general strides */
  for (int k1 = 0; k1 < 3; k1++)
    for (int k2 = 0; k2 < 3; k2++)
      for (int kr = 0; kr < 3; kr++) {
        THTensor *m1 = T_(newKind)(k1, M, K, 1), *m2 = T_(newKind)(k2, K, N, 2);
        THTensor *t = T_(newKind)(kr, M, N, 3);
        T_(snapshot)(t, t0);
        THTensor *r = THTensor_(new)();
        THTensor_(addmm)(r, 2, t, 3, m1, m2); /* r separate from t */
        T_(checkMM)(r, t0, 2, 3, m1, m2);
        THTensor_(addmm)(t, 2, t, 3, m1, m2); /* r == t */
        T_(checkMM)(t, t0, 2, 3, m1, m2);
        THTensor_(free)(r);
        THTensor_(free)(t);
        THTensor_(free)(m1);
        THTensor_(free)(m2);
      }
  /* beta == 0 ignores t's values (NaN for the floating types); alpha == 0 gives beta*t */
  THTensor *m1 = T_(newFilled)(M, K, 1), *m2 = T_(newFilled)(K, N, 2), *t = T_(newFilled)(M, N, 3);
  T_(setAll)(t, TEST_FLOATING ? (real)NAN : (real)99);
  THTensor *r = THTensor_(new)();
  THTensor_(addmm)(r, 0, t, 1, m1, m2);
  T_(checkMM)(r, t0, 0, 1, m1, m2);
  THTensor_(addmm)(t, 0, t, 1, m1, m2);
  T_(checkMM)(t, t0, 0, 1, m1, m2);
  T_(snapshot)(t, t0);
  THTensor_(addmm)(r, 2, t, 0, m1, m2);
  for (long i = 0; i < M * N; i++) assert_true(THTensor_(data)(r)[i] == T_(wrap)(2 * t0[i]));
  /* an expanded (stride 0) operand is copied first */
  THTensor *row = THTensor_(newWithStorage2d)(m2->storage, 0, K, 0, N, 1);
  THTensor_(addmm)(r, 1, t, 1, m1, row);
  T_(checkMM)(r, t0, 1, 1, m1, row);
  /* a result that is one of the inputs: m1 square */
  THTensor *sq = T_(newFilled)(K, K, 5), *sq0 = T_(newFilled)(K, K, 5);
  double s0[K * K];
  T_(snapshot)(sq, s0);
  THTensor_(addmm)(sq, 1, sq, 2, sq, sq0);
  T_(checkMM)(sq, s0, 1, 2, sq0, sq0);
  THTensor_(free)(sq);
  THTensor_(free)(sq0);
  THTensor_(free)(row);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(m1);
  THTensor_(free)(m2);
}

static void T_(test_addmv_addr)(void **state) {
  enum { M = 4, N = 3 };
  for (int kind = 0; kind < 3; kind++) {
    THTensor *mat = T_(newKind)(kind, M, N, 1);
    THTensor *vecs = T_(newFilled)(N, 3, 2); /* column 1: a strided vector of N */
    THTensor *vec = THTensor_(newSelect)(vecs, 1, 1);
    THTensor *t = T_(newFilled)(M, 2, 4), *tv = THTensor_(newSelect)(t, 1, 0); /* strided t */
    double t0[M];
    for (long i = 0; i < M; i++) t0[i] = THTensor_(get1d)(tv, i);
    THTensor *r = THTensor_(new)();
    for (int alias = 0; alias < 2; alias++) {
      THTensor *out = alias ? tv : r;
      THTensor_(addmv)(out, 2, tv, 3, mat, vec);
      for (long i = 0; i < M; i++) {
        double sum = 0;
        for (long p = 0; p < N; p++) sum += (double)THTensor_(get2d)(mat, i, p) * THTensor_(get1d)(vec, p);
        assert_true(THTensor_(get1d)(out, i) == T_(wrap)(2 * t0[i] + 3 * sum));
      }
    }
    /* beta == 0 ignores t; an expanded vector (stride 0) */
    for (long i = 0; i < M; i++) THTensor_(set1d)(tv, i, TEST_FLOATING ? (real)NAN : (real)99);
    THTensor *ones = THTensor_(newWithStorage1d)(vecs->storage, 0, N, 0);
    THTensor_(addmv)(r, 0, tv, 1, mat, ones);
    for (long i = 0; i < M; i++) {
      double sum = 0;
      for (long p = 0; p < N; p++) sum += (double)THTensor_(get2d)(mat, i, p) * THTensor_(data)(vecs)[0];
      assert_true(THTensor_(get1d)(r, i) == T_(wrap)(sum));
    }
    THTensor_(free)(ones);
    THTensor_(free)(r);
    THTensor_(free)(tv);
    THTensor_(free)(t);
    THTensor_(free)(vec);
    THTensor_(free)(vecs);
    THTensor_(free)(mat);
  }

  /* addr: r = beta*t + alpha*v1*v2' for each layout of t, a strided v1 and an expanded v2 */
  for (int kind = 0; kind < 3; kind++) {
    THTensor *t = T_(newKind)(kind, M, N, 3), *src = T_(newFilled)(2, M, 6);
    THTensor *v1 = THTensor_(newWithStorage1d)(src->storage, 0, M, 2);
    THTensor *v2 = THTensor_(newWithStorage1d)(src->storage, 1, N, 0);
    double t0[M * N];
    T_(snapshot)(t, t0);
    THTensor *r = THTensor_(new)();
    for (int alias = 0; alias < 2; alias++) {
      THTensor *out = alias ? t : r;
      THTensor_(addr)(out, 2, t, 3, v1, v2);
      for (long i = 0; i < M; i++)
        for (long j = 0; j < N; j++) {
          double expect = 2 * t0[i * N + j] + 3.0 * THTensor_(get1d)(v1, i) * THTensor_(get1d)(v2, j);
          assert_true(THTensor_(get2d)(out, i, j) == T_(wrap)(expect));
        }
    }
    T_(setAll)(t, TEST_FLOATING ? (real)NAN : (real)99);
    THTensor_(addr)(r, 0, t, 1, v1, v2);
    for (long i = 0; i < M; i++)
      for (long j = 0; j < N; j++)
        assert_true(THTensor_(get2d)(r, i, j) ==
                    T_(wrap)((double)THTensor_(get1d)(v1, i) * THTensor_(get1d)(v2, j)));
    THTensor_(free)(r);
    THTensor_(free)(v1);
    THTensor_(free)(v2);
    THTensor_(free)(src);
    THTensor_(free)(t);
  }
}

static void T_(test_batched)(void **state) {
  enum { B = 3, M = 4, K = 2, N = 3 };
  THTensor *b1 = THTensor_(newWithSize3d)(B, M, K), *b2base = THTensor_(newWithSize3d)(B, N, K);
  THTensor *t3 = THTensor_(newWithSize3d)(B, M, N), *t2 = T_(newFilled)(M, N, 7);
  for (long i = 0; i < B * M * K; i++) THTensor_(data)(b1)[i] = T_(value)(i);
  for (long i = 0; i < B * N * K; i++) THTensor_(data)(b2base)[i] = T_(value)(2 * i + 1);
  for (long i = 0; i < B * M * N; i++) THTensor_(data)(t3)[i] = T_(value)(i + 3);
  THTensor *b2 = THTensor_(newTranspose)(b2base, 1, 2); /* B x K x N, transposed matrices */
  double t0[B * M * N], t20[M * N];
  for (long i = 0; i < B * M * N; i++) t0[i] = THTensor_(data)(t3)[i];
  T_(snapshot)(t2, t20);
  THTensor *m1 = THTensor_(new)(), *m2 = THTensor_(new)(), *rb = THTensor_(new)(), *r = THTensor_(new)();

  THTensor_(baddbmm)(r, 2, t3, 3, b1, b2);
  for (long b = 0; b < B; b++) {
    THTensor_(select)(m1, b1, 0, b);
    THTensor_(select)(m2, b2, 0, b);
    THTensor_(select)(rb, r, 0, b);
    T_(checkMM)(rb, t0 + b * M * N, 2, 3, m1, m2);
  }
  THTensor_(baddbmm)(t3, 2, t3, 3, b1, b2); /* r == t */
  for (long b = 0; b < B; b++) {
    THTensor_(select)(m1, b1, 0, b);
    THTensor_(select)(m2, b2, 0, b);
    THTensor_(select)(rb, t3, 0, b);
    T_(checkMM)(rb, t0 + b * M * N, 2, 3, m1, m2);
  }

  /* addbmm: r = beta*t + alpha*sum_b b1[b]*b2[b]: the same as the concatenation
   * [b1[0] b1[1] b1[2]] (M x BK) times [b2[0]; b2[1]; b2[2]] (BK x N) */
  THTensor *cat1 = THTensor_(newWithSize2d)(M, B * K), *cat2 = THTensor_(newWithSize2d)(B * K, N);
  for (long b = 0; b < B; b++)
    for (long p = 0; p < K; p++) {
      for (long i = 0; i < M; i++) THTensor_(set2d)(cat1, i, b * K + p, THTensor_(get3d)(b1, b, i, p));
      for (long j = 0; j < N; j++) THTensor_(set2d)(cat2, b * K + p, j, THTensor_(get3d)(b2, b, p, j));
    }
  THTensor_(addbmm)(r, 2, t2, 3, b1, b2);
  T_(checkMM)(r, t20, 2, 3, cat1, cat2);
  THTensor_(addbmm)(t2, 2, t2, 3, b1, b2);
  T_(checkMM)(t2, t20, 2, 3, cat1, cat2);
  T_(setAll)(t2, TEST_FLOATING ? (real)NAN : (real)99);
  THTensor_(addbmm)(t2, 0, t2, 1, b1, b2);
  T_(checkMM)(t2, t20, 0, 1, cat1, cat2);

  THTensor_(free)(cat1);
  THTensor_(free)(cat2);
  THTensor_(free)(m1);
  THTensor_(free)(m2);
  THTensor_(free)(rb);
  THTensor_(free)(r);
  THTensor_(free)(b1);
  THTensor_(free)(b2);
  THTensor_(free)(b2base);
  THTensor_(free)(t3);
  THTensor_(free)(t2);
}

#undef T_
#undef real
#undef Real
#endif
