/* THVector: the contiguous-array kernels, for every type, with both kernel sets (the portable one,
 * forced by EMBER_VECTOR_ISA=portable, and the AVX2 one where the CPU has it), against a plain C
 * reference: lengths that are not multiples of any vector width, unaligned starts, in place. */
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
  for (int pass = 0; pass < 2; pass++) {
    const char *isa = pass == 0 ? "portable" : "best";
    if (pass == 0)
      setenv("EMBER_VECTOR_ISA", "portable", 1);
    else
      unsetenv("EMBER_VECTOR_ISA");
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

#define TYPE_TESTS_(Real) \
  cmocka_unit_test(test_##Real##_all_kernels), cmocka_unit_test(test_##Real##_bad_arguments)

int main(void) {
  const struct CMUnitTest tests[] = {
      TYPE_TESTS_(Byte),  TYPE_TESTS_(Char),  TYPE_TESTS_(Short),  TYPE_TESTS_(Int),
      TYPE_TESTS_(Long),  TYPE_TESTS_(Float), TYPE_TESTS_(Double),
      cmocka_unit_test(test_integer_kernels),
      cmocka_unit_test(test_float_kernels),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
