#ifndef EMBER_TH_TEST_H
#define EMBER_TH_TEST_H
/* Shared by the CMocka test programs. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "TH.h"

/* Runs CALL (one call of a legacy function) in guarded mode and asserts that it failed with a
 * message containing SUBSTR; the library must keep working afterwards. */
#define assert_th_error(CALL, SUBSTR)                                                    \
  do {                                                                                   \
    THSetGuardedMode(1);                                                                 \
    CALL;                                                                                \
    THSetGuardedMode(0);                                                                 \
    const char *th_msg_ = THGetLastError();                                              \
    if (!th_msg_) fail_msg("expected an error containing \"%s\" from %s", SUBSTR, #CALL); \
    if (!strstr(th_msg_, SUBSTR))                                                        \
      fail_msg("the error \"%s\" of %s does not contain \"%s\"", th_msg_, #CALL, SUBSTR); \
    THClearLastError();                                                                  \
  } while (0)

/* |a - b| <= atol + rtol * |b|, NaN equal to NaN. */
static inline int th_close(double a, double b, double atol, double rtol) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  if (isinf(a) || isinf(b)) return a == b;
  return fabs(a - b) <= atol + rtol * fabs(b);
}

#define assert_close(A, B, TOL)                                                           \
  do {                                                                                    \
    double th_a_ = (double)(A), th_b_ = (double)(B);                                      \
    if (!th_close(th_a_, th_b_, (TOL), (TOL)))                                            \
      fail_msg("%s = %.17g, expected %s = %.17g (tolerance %g)", #A, th_a_, #B, th_b_, (double)(TOL)); \
  } while (0)

/* The error of a float result in ulps: |got - exact| in units of the float spacing at the exact
 * (double) value, the smallest subnormal spacing below FLT_MIN; 0 for matching NaN or infinities. */
static inline double th_ulp_error(float got, double exact) {
  if (isnan(exact)) return isnan(got) ? 0 : INFINITY;
  float e = (float)exact;
  if (isinf(e)) return got == e ? 0 : INFINITY;
  double spacing = fabs(e) < 1.17549435e-38f ? 1.4012984643e-45 : nextafterf(fabsf(e), INFINITY) - fabsf(e);
  return fabs((double)got - exact) / spacing;
}

/* THVector's kernel sets, one test pass each: pass 0 the portable set, 1 AVX2 (capped by
 * EMBER_VECTOR_ISA; the portable one on a CPU without it), 2 the best the CPU has (AVX-512 where
 * present). Sets the variable for the pass and returns the pass's name; callers then call
 * TH<Real>Vector_vectorDispatchInit (or a TH function that does) to switch. */
#define KERNEL_SETS 3
static inline const char *kernel_set_name(int pass) {
  static const char *const names[KERNEL_SETS] = {"portable", "avx2", "best"};
  if (pass < 2)
    setenv("EMBER_VECTOR_ISA", names[pass], 1);
  else
    unsetenv("EMBER_VECTOR_ISA");
  return names[pass];
}

/* Per-type tests: a file defines TYPE_CASE(Real, real) to write `static void
 * test_all_types_##Real(void **state)`, instantiates it with TH_FOR_ALL_TYPES(TYPE_CASE) and lists
 * the seven tests with TH_ALL_TYPES_TESTS in its cmocka table. */
#define TH_FOR_ALL_TYPES(M) \
  M(Byte, unsigned char) M(Char, char) M(Short, short) M(Int, int) M(Long, long) M(Float, float) M(Double, double)
#define TH_ALL_TYPES_TESTS                                                                                  \
  cmocka_unit_test(test_all_types_Byte), cmocka_unit_test(test_all_types_Char),                           \
      cmocka_unit_test(test_all_types_Short), cmocka_unit_test(test_all_types_Int),                       \
      cmocka_unit_test(test_all_types_Long), cmocka_unit_test(test_all_types_Float),                      \
      cmocka_unit_test(test_all_types_Double)

/* A new contiguous Double tensor of the given sizes (up to 4) filled from values (row-major). */
static inline THDoubleTensor *th_test_double(const double *values, long s0, long s1, long s2, long s3) {
  THDoubleTensor *t = THDoubleTensor_newWithSize4d(s0, s1, s2, s3);
  memcpy(THDoubleTensor_data(t), values, sizeof(double) * (size_t)THDoubleTensor_nElement(t));
  return t;
}

static inline THFloatTensor *th_test_float(const float *values, long s0, long s1, long s2, long s3) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(s0, s1, s2, s3);
  memcpy(THFloatTensor_data(t), values, sizeof(float) * (size_t)THFloatTensor_nElement(t));
  return t;
}

#endif
