/* THVector: the contiguous-array kernels, for every type, with every kernel set (portable, AVX2 and
 * AVX-512 where the CPU has them; EMBER_VECTOR_ISA picks them, see th_test.h), against a plain C
 * reference: lengths that are not multiples of any vector width, unaligned starts, in place; and
 * THFloatVector's extensions (exp, sigmoid, tanh, expShiftSum, sum, dot, max): accuracy in ulps
 * against libm in double, special values, exact reductions, bad arguments. */
#ifdef TEST_GENERIC_PASS

#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)
#define VECTOR_(NAME) TH_CONCAT_4(TH, Real, Vector_, NAME)

/* Small values (the reference cannot overflow): x in -5..5 (Byte 0..10), y non-zero in +-1..4. */
static real TEST_(x)(long i) { return (real)(TEST_SIGNED ? i * 7 % 11 - 5 : i * 7 % 11); }
static real TEST_(y)(long i) { return (real)((i % 4 + 1) * (TEST_SIGNED && i % 3 == 0 ? -1 : 1)); }

#define TEST_EXPECT_(WHAT, GOT, N, REF)                                                          \
  do {                                                                                           \
    for (long i = 0; i < (N); i++) {                                                             \
      real want = (real)(REF);                                                                   \
      if ((GOT)[i] != want)                                                                      \
        fail_msg("%s (%s, %s kernels, n = %ld): element %ld is %g, expected %g", WHAT,           \
                 TH_CONCAT_STRING_2(Real, ), isa, (long)(N), i, (double)(GOT)[i], (double)want); \
    }                                                                                            \
  } while (0)

/* Every kernel on n elements starting `offset` elements into the buffers (0 aligned, 1 not). */
static void TEST_(kernels)(const char *isa, long n, long offset) {
  real *xb = malloc(sizeof(real) * (size_t)(n + 1)), *yb = malloc(sizeof(real) * (size_t)(n + 1));
  real *zb = malloc(sizeof(real) * (size_t)(n + 1));
  real *x = xb + offset, *y = yb + offset, *z = zb + offset;
  const real c = 3;
#define RESET_()                                                 \
  for (long i = 0; i < n; i++) {                                 \
    x[i] = TEST_(x)(i);                                          \
    y[i] = TEST_(y)(i);                                          \
  }
  RESET_();
  VECTOR_(fill)(z, c, n);
  TEST_EXPECT_("fill", z, n, c);
  VECTOR_(copy)(z, x, n);
  TEST_EXPECT_("copy", z, n, TEST_(x)(i));
  VECTOR_(cadd)(z, x, y, c, n);
  TEST_EXPECT_("cadd", z, n, TEST_(x)(i) + c * TEST_(y)(i));
  VECTOR_(adds)(z, x, c, n);
  TEST_EXPECT_("adds", z, n, TEST_(x)(i) + c);
  VECTOR_(cmul)(z, x, y, n);
  TEST_EXPECT_("cmul", z, n, TEST_(x)(i) * TEST_(y)(i));
  VECTOR_(muls)(z, x, c, n);
  TEST_EXPECT_("muls", z, n, TEST_(x)(i) * c);
  VECTOR_(cdiv)(z, x, y, n);
  TEST_EXPECT_("cdiv", z, n, TEST_(x)(i) / TEST_(y)(i));
  VECTOR_(divs)(z, x, c, n);
  TEST_EXPECT_("divs", z, n, TEST_(x)(i) / c);
  /* In place: the output is the first input. */
  VECTOR_(cadd)(x, x, y, c, n);
  TEST_EXPECT_("cadd in place", x, n, TEST_(x)(i) + c * TEST_(y)(i));
  RESET_();
  VECTOR_(cmul)(x, x, y, n);
  TEST_EXPECT_("cmul in place", x, n, TEST_(x)(i) * TEST_(y)(i));
  RESET_();
  VECTOR_(adds)(x, x, c, n);
  TEST_EXPECT_("adds in place", x, n, TEST_(x)(i) + c);
  RESET_();
  VECTOR_(muls)(x, x, c, n);
  TEST_EXPECT_("muls in place", x, n, TEST_(x)(i) * c);
  RESET_();
  VECTOR_(cdiv)(x, x, y, n);
  TEST_EXPECT_("cdiv in place", x, n, TEST_(x)(i) / TEST_(y)(i));
  RESET_();
  VECTOR_(divs)(x, x, c, n);
  TEST_EXPECT_("divs in place", x, n, TEST_(x)(i) / c);
  VECTOR_(copy)(x, x, n);
  TEST_EXPECT_("copy onto itself", x, n, TEST_(x)(i) / c);
#undef RESET_
  free(xb);
  free(yb);
  free(zb);
}

static void TEST_(all_kernels)(void **state) {
  static const long lengths[] = {0, 1, 7, 37, 1000, 4099};
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    const char *isa = kernel_set_name(pass);
    VECTOR_(vectorDispatchInit)();
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++)
      for (long offset = 0; offset < 2; offset++) TEST_(kernels)(isa, lengths[k], offset);
  }
}

static void TEST_(bad_arguments)(void **state) {
  real a[4] = {1, 2, 3, 4}, zero[4] = {1, 0, 1, 1};
  assert_th_error(VECTOR_(fill)(NULL, 1, 4), "array argument 1 is NULL");
  assert_th_error(VECTOR_(cadd)(a, a, NULL, 1, 4), "array argument 3 is NULL");
  assert_th_error(VECTOR_(copy)(a, a, -1), "n must be >= 0, got -1");
  VECTOR_(cadd)(NULL, NULL, NULL, 1, 0); /* nothing to do: NULL is fine */
#if TEST_FLOATING
  VECTOR_(divs)(a, a, 0, 4); /* IEEE: x / 0 = inf */
  assert_true(isinf(a[0]));
  (void)zero;
#else
  assert_th_error(VECTOR_(cdiv)(a, a, zero, 4), "division by zero");
  assert_th_error(VECTOR_(divs)(a, a, 0, 4), "division by zero");
  assert_true(a[1] == 2); /* refused before anything was written */
  VECTOR_(divs)(a, a, 2, 4);
  assert_true(a[3] == 2);
#endif
}

#undef TEST_EXPECT_
#undef VECTOR_
#undef TEST_

#else /* ---------------------------------------------------------------------- the tests */

#include <limits.h>
#include <stdlib.h>
#include "th_test.h"

#define TEST_GENERIC_PASS
#define TEST_SIGNED 0
#define TEST_FLOATING 0
#define Real Byte
#define real unsigned char
#include __FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#define TEST_SIGNED 1
#define Real Char
#define real char
#include __FILE__
#undef Real
#undef real
#define Real Short
#define real short
#include __FILE__
#undef Real
#undef real
#define Real Int
#define real int
#include __FILE__
#undef Real
#undef real
#define Real Long
#define real long
#include __FILE__
#undef Real
#undef real
#undef TEST_FLOATING
#define TEST_FLOATING 1
#define Real Float
#define real float
#include __FILE__
#undef Real
#undef real
#define Real Double
#define real double
#include __FILE__
#undef Real
#undef real
#undef TEST_GENERIC_PASS

/* Integer kernels wrap, truncate toward zero, and do not trap on INT_MIN / -1. */
static void test_integer_kernels(void **state) {
  unsigned char b[3] = {250, 3, 128}, bc[3];
  THByteVector_cadd(bc, b, b, 2, 3); /* 3x modulo 256 */
  assert_int_equal(bc[0], 750 % 256);
  assert_int_equal(bc[2], 384 % 256);
  int i[4] = {INT_MIN, -7, 7, INT_MAX}, m1[4] = {-1, 2, -2, -1}, r[4];
  THIntVector_cdiv(r, i, m1, 4);
  assert_int_equal(r[0], INT_MIN);
  assert_int_equal(r[1], -3);
  assert_int_equal(r[2], -3);
  assert_int_equal(r[3], -INT_MAX);
  THIntVector_muls(r, i, 2, 4);
  assert_int_equal(r[0], 0);
  assert_int_equal(r[3], -2);
  long l = LONG_MIN, lr;
  THLongVector_divs(&lr, &l, -1, 1);
  assert_true(lr == LONG_MIN);
}

/* Float kernels: IEEE results, NaN passes through. */
static void test_float_kernels(void **state) {
  float x[3] = {1, NAN, -2}, y[3] = {0.5f, 1, 0.25f}, z[3];
  THFloatVector_cdiv(z, x, y, 3);
  assert_true(z[0] == 2 && isnan(z[1]) && z[2] == -8);
  THFloatVector_cadd(z, x, y, -2, 3);
  assert_true(z[0] == 0 && isnan(z[1]) && z[2] == -2.5f);
  double d[2] = {0.1, 0.2}, dz[2];
  THDoubleVector_cadd(dz, d, d, 0.5, 2);
  assert_true(dz[0] == 0.1 + 0.5 * 0.1 && dz[1] == 0.2 + 0.5 * 0.2);
}

/* ------------------------------------------------------------------ THFloatVector's extensions
 * exp, sigmoid, tanh, expShiftSum, sum, dot and max (vector/VectorMath.h), in both builds. */

/* Picks the kernel set of a pass for THFloatVector; returns its name. */
static const char *use_kernel_set(int pass) {
  const char *name = kernel_set_name(pass);
  THFloatVector_vectorDispatchInit();
  return name;
}

typedef void (*float_map)(float *, const float *, ptrdiff_t);

static double exact_sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* The worst ulp error of map over n points spread evenly over [lo, hi] (n odd: a vector tail;
 * x unaligned), against exact in double; then the same in place, which must give the same bits. */
static void check_map_accuracy(const char *isa, const char *name, float_map map, double (*exact)(double),
                               double lo, double hi, double maxUlps) {
  const long n = 100003;
  float *xb = malloc(sizeof(float) * (size_t)(n + 1)), *y = malloc(sizeof(float) * (size_t)n);
  float *x = xb + 1;
  for (long i = 0; i < n; i++) x[i] = (float)(lo + (hi - lo) * (double)i / (double)(n - 1));
  map(y, x, n);
  double worst = 0, at = 0;
  for (long i = 0; i < n; i++) {
    double e = th_ulp_error(y[i], exact(x[i]));
    if (e > worst) worst = e, at = x[i];
  }
  if (worst > maxUlps)
    fail_msg("%s (%s kernels): %.2f ulps at x = %.9g (allowed %.1f)", name, isa, worst, at, maxUlps);
  map(x, x, n);
  if (memcmp(x, y, sizeof(float) * (size_t)n) != 0) fail_msg("%s (%s kernels): in place differs", name, isa);
  free(xb);
  free(y);
}

/* Special inputs, each within maxUlps of exact (NaN for NaN, infinities exactly). */
static void check_map_specials(const char *isa, const char *name, float_map map, double (*exact)(double),
                               const float *x, int n, double maxUlps) {
  float y[16];
  map(y, x, n);
  for (int i = 0; i < n; i++)
    if (th_ulp_error(y[i], exact(x[i])) > maxUlps)
      fail_msg("%s(%.9g) = %.9g (%s kernels), expected %.9g", name, x[i], y[i], isa, exact(x[i]));
}

/* exp takes a short path for vectors whose lanes all lie in [-87, 88] and a long one otherwise:
 * both give the same bits. Every fourth input out of range puts every vector (of 4, 8 or 16 lanes)
 * on the long path; the same inputs alone go the short one. */
static void check_exp_paths_agree(const char *isa) {
  enum { N = 4096 };
  static float x[N], mixed[N], alone[N], withOut[N];
  for (long i = 0; i < N; i++) {
    x[i] = -87.0f + 175.0f * (float)i / N;
    mixed[i] = i % 4 == 3 ? -100.0f : x[i];
  }
  THFloatVector_exp(alone, x, N);
  THFloatVector_exp(withOut, mixed, N);
  for (long i = 0; i < N; i++)
    if (i % 4 != 3 && alone[i] != withOut[i])
      fail_msg("exp(%.9g) (%s kernels): %.9g on the short path, %.9g on the long one", x[i], isa, alone[i], withOut[i]);
}

static void test_float_exp_sigmoid_tanh_accuracy(void **state) {
  const float expSpecials[] = {NAN, INFINITY, -INFINITY, 89, 88.72f, -87, -100, -104, -200, 0, -0.0f};
  const float tanhSpecials[] = {NAN, INFINITY, -INFINITY, 0, -0.0f, 1e-30f, -1e-40f, 0.55f, -9, 100};
  const float sigmoidSpecials[] = {NAN, INFINITY, -INFINITY, 0, -0.0f, -88, -103, -200, 17, 200};
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    const char *isa = use_kernel_set(pass);
    /* exp down to subnormal results (below -87.3) and up to near FLT_MAX (88.72) */
    check_map_accuracy(isa, "exp", THFloatVector_exp, exp, -103.9, 88.72, 1);
    check_map_accuracy(isa, "exp near 0", THFloatVector_exp, exp, -1, 1, 1);
    check_exp_paths_agree(isa);
    check_map_accuracy(isa, "tanh", THFloatVector_tanh, tanh, -10, 10, 2);
    check_map_accuracy(isa, "tanh near 0", THFloatVector_tanh, tanh, -0.7, 0.7, 2);
    check_map_accuracy(isa, "tanh tiny", THFloatVector_tanh, tanh, -1e-5, 1e-5, 1);
    check_map_accuracy(isa, "sigmoid", THFloatVector_sigmoid, exact_sigmoid, -20, 20, 3);
    check_map_accuracy(isa, "sigmoid tails", THFloatVector_sigmoid, exact_sigmoid, -103, 30, 3);
    check_map_specials(isa, "exp", THFloatVector_exp, exp, expSpecials, 11, 1);
    check_map_specials(isa, "tanh", THFloatVector_tanh, tanh, tanhSpecials, 10, 2);
    check_map_specials(isa, "sigmoid", THFloatVector_sigmoid, exact_sigmoid, sigmoidSpecials, 10, 3);
    float z[2] = {-0.0f, -INFINITY}, r[2];
    THFloatVector_tanh(r, z, 1);
    assert_true(r[0] == 0 && signbit(r[0])); /* tanh(-0) = -0 */
    THFloatVector_exp(r, z, 2);
    assert_true(r[0] == 1 && r[1] == 0);
  }
}

/* Values whose sums and products are exact in float (multiples of 1/8, small), so that sum, dot
 * and max compare exactly with a double reference; lengths with vector tails, unaligned starts. */
static void check_reductions(const char *isa, long n, long offset) {
  float *xb = malloc(sizeof(float) * (size_t)(n + 1)), *yb = malloc(sizeof(float) * (size_t)(n + 1));
  float *eb = malloc(sizeof(float) * (size_t)(n + 1));
  float *x = xb + offset, *y = yb + offset, *e = eb + offset;
  double sum = 0, dot = 0;
  float max = -INFINITY;
  for (long i = 0; i < n; i++) {
    x[i] = (float)(i * 7 % 11 - 5) / 4;
    y[i] = (float)(i % 4 + 1) / 2;
    sum += x[i];
    dot += (double)x[i] * y[i];
    max = x[i] > max ? x[i] : max;
  }
  if (THFloatVector_sum(x, n) != sum) fail_msg("sum (%s kernels, n = %ld)", isa, n);
  if (THFloatVector_dot(x, y, n) != dot) fail_msg("dot (%s kernels, n = %ld)", isa, n);
  if (THFloatVector_max(x, n) != max) fail_msg("max (%s kernels, n = %ld)", isa, n);
  /* exp(x - max), stored and not (x - max is exact in float) */
  double expSum = 0;
  for (long i = 0; i < n; i++) expSum += exp((double)x[i] - max);
  double got = THFloatVector_expShiftSum(e, x, max, n);
  if (!th_close(got, expSum, 0, 1e-6))
    fail_msg("expShiftSum (%s kernels, n = %ld): %.9g, expected %.9g", isa, n, got, expSum);
  for (long i = 0; i < n; i++)
    if (th_ulp_error(e[i], exp((double)x[i] - max)) > 1)
      fail_msg("expShiftSum (%s kernels, n = %ld): element %ld is %.9g", isa, n, i, e[i]);
  assert_true(THFloatVector_expShiftSum(NULL, x, max, n) == got);
  /* max ignores NaN */
  if (n > 2) {
    x[0] = NAN;
    x[n - 1] = NAN;
    float rest = -INFINITY;
    for (long i = 1; i < n - 1; i++) rest = x[i] > rest ? x[i] : rest;
    if (THFloatVector_max(x, n) != rest) fail_msg("max with NaN (%s kernels, n = %ld)", isa, n);
  }
  free(xb);
  free(yb);
  free(eb);
}

static void test_float_reductions(void **state) {
  static const long lengths[] = {0, 1, 3, 7, 37, 1000, 4099};
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    const char *isa = use_kernel_set(pass);
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++)
      for (long offset = 0; offset < 2; offset++) check_reductions(isa, lengths[k], offset);
    float none[1];
    assert_true(THFloatVector_max(none, 0) == -INFINITY);
    assert_true(THFloatVector_sum(NULL, 0) == 0 && THFloatVector_expShiftSum(NULL, NULL, 0, 0) == 0);
  }
}

/* The extensions are not legacy functions (no guarded-mode wrapper): their errors go to the
 * argument-error handler, as every error outside guarded mode does. */
static jmp_buf caught_jump;
static char caught_msg[512];
static void catch_arg_error(int argNumber, const char *msg, void *data) {
  snprintf(caught_msg, sizeof caught_msg, "%s", msg);
  longjmp(caught_jump, 1);
}

#define assert_arg_error(CALL, SUBSTR)                                                             \
  do {                                                                                             \
    caught_msg[0] = 0;                                                                             \
    THSetArgErrorHandler(catch_arg_error, NULL);                                                   \
    if (!setjmp(caught_jump)) {                                                                    \
      CALL;                                                                                        \
      THSetArgErrorHandler(NULL, NULL);                                                            \
      fail_msg("expected an error containing \"%s\" from %s", SUBSTR, #CALL);                     \
    }                                                                                              \
    THSetArgErrorHandler(NULL, NULL);                                                              \
    if (!strstr(caught_msg, SUBSTR))                                                               \
      fail_msg("the error \"%s\" of %s does not contain \"%s\"", caught_msg, #CALL, SUBSTR);      \
  } while (0)

static void test_float_extension_bad_arguments(void **state) {
  float a[4] = {1, 2, 3, 4}, r[4];
  assert_arg_error(THFloatVector_exp(r, a, -1), "THFloatVector_exp: n must be >= 0, got -1");
  assert_arg_error(THFloatVector_tanh(NULL, a, 4), "THFloatVector_tanh: array argument 1 is NULL");
  assert_arg_error(THFloatVector_sigmoid(r, NULL, 4), "THFloatVector_sigmoid: array argument 2 is NULL");
  assert_arg_error(THFloatVector_expShiftSum(r, NULL, 0, 4), "THFloatVector_expShiftSum: array argument 1 is NULL");
  assert_arg_error(THFloatVector_dot(a, NULL, 4), "THFloatVector_dot: array argument 2 is NULL");
  assert_arg_error(THFloatVector_sum(a, -3), "THFloatVector_sum: n must be >= 0, got -3");
  assert_arg_error(THFloatVector_max(NULL, 1), "THFloatVector_max: array argument 1 is NULL");
  /* still working */
  assert_true(THFloatVector_max(a, 4) == 4 && THFloatVector_sum(a, 4) == 10);
}

#define TYPE_TESTS_(Real) \
  cmocka_unit_test(test_##Real##_all_kernels), cmocka_unit_test(test_##Real##_bad_arguments)

int main(void) {
  const struct CMUnitTest tests[] = {
      TYPE_TESTS_(Byte),  TYPE_TESTS_(Char),  TYPE_TESTS_(Short),  TYPE_TESTS_(Int),
      TYPE_TESTS_(Long),  TYPE_TESTS_(Float), TYPE_TESTS_(Double),
      cmocka_unit_test(test_integer_kernels),
      cmocka_unit_test(test_float_kernels),
      cmocka_unit_test(test_float_exp_sigmoid_tanh_accuracy),
      cmocka_unit_test(test_float_reductions),
      cmocka_unit_test(test_float_extension_bad_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
