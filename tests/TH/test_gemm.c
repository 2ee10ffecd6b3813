/* THFloatBlas_gemm and THDoubleBlas_gemm on every kernel set (OpenBLAS where EMBER_VECTOR_ISA is
 * portable, ember's AVX2 kernels, and the best the CPU has), and the AVX-512 configuration of
 * ember's GEMM built for AVX2 (gemm_avx512_on_avx2.c), against a double-precision triple loop.
 * The shapes cross every blocking boundary of both configurations (micro-tile edges, the KC slices
 * of k, the NC blocks of n, the MT blocks of m), with every transpose, padded leading dimensions,
 * one and two threads. Each element must lie within the rounding bound
 * (k + 2) * eps * (|alpha| * sum |a||b| + |beta c|): a wrong or missing term is far outside it. */
#include <omp.h>

#include "th_test.h"

void THFloatGemm_gemm_AVX512_ON_AVX2(int ta, int tb, long m, long n, long k, float alpha, const float *a,
                                     long lda, const float *b, long ldb, float beta, float *c, long ldc);
void THDoubleGemm_gemm_AVX512_ON_AVX2(int ta, int tb, long m, long n, long k, double alpha, const double *a,
                                      long lda, const double *b, long ldb, double beta, double *c, long ldc);

/* Which implementation a check calls: THBlas (with the kernel set of the pass) or the AVX-512
 * configuration directly. */
enum { VIA_THBLAS, VIA_AVX512_ON_AVX2 };

#define GEMM_TEST(Real, real, EPS)                                                                              \
  static void check_##Real(int via, char ta, char tb, long m, long n, long k, real alpha, real beta, long pad) { \
    long lda = (ta == 'n' ? m : k) + pad, ldb = (tb == 'n' ? k : n) + pad, ldc = m + pad;                      \
    long acols = ta == 'n' ? k : m, bcols = tb == 'n' ? n : k;                                                \
    real *a = THAlloc(sizeof(real) * lda * acols), *b = THAlloc(sizeof(real) * ldb * bcols);                  \
    real *c = THAlloc(sizeof(real) * ldc * n), *c0 = THAlloc(sizeof(real) * ldc * n);                         \
    unsigned s = (unsigned)(m * 131 + n * 31 + k * 7 + pad);                                                   \
    for (long i = 0; i < lda * acols; i++) a[i] = (real)((s = s * 1103515245u + 12345u) >> 16) / 32768 - 1;   \
    for (long i = 0; i < ldb * bcols; i++) b[i] = (real)((s = s * 1103515245u + 12345u) >> 16) / 32768 - 1;   \
    /* beta == 0 makes C output only: NaN there must not come through */                                      \
    for (long i = 0; i < ldc * n; i++) c0[i] = c[i] = beta == 0 ? NAN : (real)(i % 17) - 8;                    \
    if (via == VIA_THBLAS)                                                                                     \
      TH##Real##Blas_gemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);                              \
    else                                                                                                       \
      TH##Real##Gemm_gemm_AVX512_ON_AVX2(ta != 'n', tb != 'n', m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);  \
    for (long j = 0; j < n; j++)                                                                               \
      for (long i = 0; i < ldc; i++) {                                                                         \
        real got = c[i + j * ldc];                                                                             \
        if (i >= m) {                                                                                          \
          if (!(got == c0[i + j * ldc] || (isnan(got) && isnan(c0[i + j * ldc]))))                           \
            fail_msg("gemm %c%c %ldx%ldx%ld: padding row %ld of column %ld was written", ta, tb, m, n, k, i, j); \
          continue;                                                                                            \
        }                                                                                                      \
        double sum = 0, size = 0;                                                                              \
        for (long p = 0; p < k; p++) {                                                                         \
          double x = ta == 'n' ? a[i + p * lda] : a[p + i * lda];                                              \
          double y = tb == 'n' ? b[p + j * ldb] : b[j + p * ldb];                                              \
          sum += x * y;                                                                                        \
          size += fabs(x * y);                                                                                 \
        }                                                                                                      \
        double old = beta == 0 ? 0 : (double)beta * c0[i + j * ldc];                                           \
        double expect = (double)alpha * sum + old;                                                             \
        double bound = (k + 2) * (EPS) * (fabs((double)alpha) * size + fabs(old)) + 1e-300;                   \
        if (!(fabs(got - expect) <= bound))                                                                    \
          fail_msg("gemm %c%c %ldx%ldx%ld alpha %g beta %g pad %ld (%s): C(%ld,%ld) = %.9g, expected %.9g", ta, tb, \
                   m, n, k, (double)alpha, (double)beta, pad, via == VIA_THBLAS ? "THBlas" : "avx512 on avx2", i, \
                   j, (double)got, expect);                                                                    \
      }                                                                                                        \
    THFree(a);                                                                                                 \
    THFree(b);                                                                                                 \
    THFree(c);                                                                                                 \
    THFree(c0);                                                                                                \
  }
GEMM_TEST(Float, float, 0x1p-24)
GEMM_TEST(Double, double, 0x1p-53)

/* Every shape of the sweep, through `via`, in both types. */
static void sweep(int via) {
  const char *trans = "nt";
  static const long ms[] = {1, 3, 8, 15, 16, 17, 33, 64};
  static const long ns[] = {1, 5, 6, 7, 13, 25};
  static const long ks[] = {1, 2, 7, 64};
  for (int x = 0; x < 2; x++)
    for (int y = 0; y < 2; y++) {
      char ta = trans[x], tb = trans[y];
      for (size_t i = 0; i < sizeof ms / sizeof *ms; i++)
        for (size_t j = 0; j < sizeof ns / sizeof *ns; j++)
          for (size_t l = 0; l < sizeof ks / sizeof *ks; l++) {
            check_Float(via, ta, tb, ms[i], ns[j], ks[l], 1, 0, (long)(i + j) % 3);
            check_Double(via, ta, tb, ms[i], ns[j], ks[l], -1.5, 0.5, (long)(i + l) % 2);
          }
      /* k across the KC slices (256 for AVX2, 192 for AVX-512) */
      for (long k = 191; k <= 193; k++) check_Float(via, ta, tb, 40, 30, k, 2, -1, 1);
      for (long k = 255; k <= 257; k++) check_Double(via, ta, tb, 40, 30, k, 2, -1, 1);
      check_Float(via, ta, tb, 37, 11, 600, 1, 1, 0);
      /* n across the NC blocks (float 192 and 504, double 96 and 252) */
      static const long wide[] = {95, 97, 191, 193, 251, 253, 503, 505};
      for (size_t j = 0; j < sizeof wide / sizeof *wide; j++) {
        check_Float(via, ta, tb, 20, wide[j], 20, 1, 0, 0);
        check_Double(via, ta, tb, 20, wide[j], 20, 1, 0, 2);
      }
      /* m across the MT blocks (float 2048 and 2720, double 1024 and 1360) */
      check_Float(via, ta, tb, 2721, 7, 3, 1, 0, 0);
      check_Double(via, ta, tb, 1361, 7, 3, 1, 0, 0);
      /* big enough to be split between threads: by columns, and by rows where B is small */
      check_Float(via, ta, tb, 100, 90, 80, 1, 0, 1);
      check_Double(via, ta, tb, 300, 13, 70, 0.5, 2, 0);
      check_Float(via, ta, tb, 700, 3, 300, 1, 0, 0);
      /* split by rows, with B wider than a block (NC): two blocks of B, each thread packing its own */
      check_Float(via, ta, tb, 600, 505, 20, 1, 0.5, 1);
    }
}

static void test_gemm_every_kernel_set(void **state) {
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    print_message("kernel set %s\n", kernel_set_name(pass));
    for (int threads = 1; threads <= 2; threads++) {
      THSetNumThreads(threads);
      sweep(VIA_THBLAS);
    }
  }
  unsetenv("EMBER_VECTOR_ISA");
}

static void test_gemm_avx512_configuration_on_avx2(void **state) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) skip();
  for (int threads = 1; threads <= 2; threads++) {
    THSetNumThreads(threads);
    sweep(VIA_AVX512_ON_AVX2);
  }
}

/* alpha == 0 or k == 0: C = beta * C and A, B are not read (NaN there stays out). */
static void test_gemm_alpha_zero_and_empty_k(void **state) {
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    kernel_set_name(pass);
    float a[6] = {NAN, NAN, NAN, NAN, NAN, NAN}, b[6] = {NAN, NAN, NAN, NAN, NAN, NAN};
    float c[4] = {1, 2, 3, 4};
    THFloatBlas_gemm('n', 'n', 2, 2, 3, 0, a, 2, b, 3, 2, c, 2);
    assert_true(c[0] == 2 && c[1] == 4 && c[2] == 6 && c[3] == 8);
    THFloatBlas_gemm('n', 'n', 2, 2, 3, 0, a, 2, b, 3, 0, c, 2);
    assert_true(c[0] == 0 && c[3] == 0);
    double d[4] = {NAN, 1, 2, 3}, e[1] = {0};
    THDoubleBlas_gemm('t', 'n', 2, 2, 0, 1, e, 1, e, 1, 0, d, 2);
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
  }
  unsetenv("EMBER_VECTOR_ISA");
}

/* Called from inside a parallel region (as THNN's per-image loops do), gemm runs on the calling
 * thread only and gives the same results. */
static void test_gemm_inside_parallel_region(void **state) {
  THSetNumThreads(2);
  enum { M = 96, N = 80, K = 70 };
  static float a[M * K], b[K * N], c[2][M * N], ref[M * N];
  for (long i = 0; i < M * K; i++) a[i] = (float)(i % 13) - 6;
  for (long i = 0; i < K * N; i++) b[i] = (float)(i % 7) - 3;
  THFloatBlas_gemm('n', 'n', M, N, K, 1, a, M, b, K, 0, ref, M);
#pragma omp parallel for num_threads(2)
  for (int t = 0; t < 2; t++) THFloatBlas_gemm('n', 'n', M, N, K, 1, a, M, b, K, 0, c[t], M);
  for (long i = 0; i < M * N; i++) assert_true(c[0][i] == ref[i] && c[1][i] == ref[i]);
}

/* Threads take units of C as they come free, but each element is summed in the same order whichever
 * thread and however many: one and two threads give the same bits, on both of ember's kernel sets
 * (OpenBLAS, the portable set, does not promise it). */
static void test_gemm_same_bits_on_any_thread_count(void **state) {
  enum { M = 300, N = 200, K = 500 };
  static float a[M * K], b[K * M], one[M * N], two[M * N]; /* A and B take either of m, n */
  for (long i = 0; i < M * K; i++) a[i] = (float)((i * 37) % 101) / 7 - 7;
  for (long i = 0; i < K * M; i++) b[i] = (float)((i * 53) % 89) / 11 - 4;
  for (int pass = 1; pass < KERNEL_SETS; pass++) {
    kernel_set_name(pass);
    for (int shape = 0; shape < 2; shape++) { /* split by columns (n >= m), then by rows */
      long m = shape ? M : N, n = shape ? N : M;
      THSetNumThreads(1);
      THFloatBlas_gemm('n', 't', m, n, K, 1, a, m, b, n, 0, one, m);
      THSetNumThreads(2);
      THFloatBlas_gemm('n', 't', m, n, K, 1, a, m, b, n, 0, two, m);
      assert_memory_equal(one, two, sizeof(float) * (size_t)(m * n));
    }
  }
  unsetenv("EMBER_VECTOR_ISA");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gemm_every_kernel_set),
      cmocka_unit_test(test_gemm_avx512_configuration_on_avx2),
      cmocka_unit_test(test_gemm_alpha_zero_and_empty_k),
      cmocka_unit_test(test_gemm_inside_parallel_region),
      cmocka_unit_test(test_gemm_same_bits_on_any_thread_count),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
