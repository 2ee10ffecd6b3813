/* Element-wise arithmetic and math (generic/THTensorMathPointwise.c).
 *
 * The first part is generic: this file includes itself once per type (TEST_GENERIC_PASS) and
 * checks every operation against a scalar reference written here in plain C, on contiguous,
 * transposed, in-place and strided-output operands, small and large (above the OpenMP threshold,
 * so the threaded and vectorised paths run). Operand values stay small so the plain C reference
 * cannot overflow. The second part checks by hand what differs between types: integer truncation,
 * wrapping, division by zero, shifts, NaN, and the errors. */
#ifdef TEST_GENERIC_PASS

#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)

/* Operand patterns, by kind: 0 small integers (signed: -5..5, Byte: 0..10), 1 non-zero divisors,
 * 2 values in (0, 1) (floating types only). */
static real TEST_(pattern)(long i, int kind) {
  if (kind == 0) return (real)(TEST_SIGNED ? i * 7 % 11 - 5 : i * 7 % 11);
  if (kind == 1) return (real)((i % 4 + 1) * (TEST_SIGNED && i % 3 == 0 ? -1 : 1));
  return (real)((double)(i % 97 + 1) / 98.0);
}

/* Element (i, j) of a matrix (direct access: get2d/set2d per element would dominate the time). */
static real *TEST_(at)(THTensor *t, long i, long j) {
  return t->storage->data + t->storageOffset + i * t->stride[0] + j * t->stride[1];
}

/* A rows x cols operand filled with pattern KIND in row-major order: contiguous, or a transposed
 * (column-major, non-contiguous) view. */
static THTensor *TEST_(operand)(int transposed, long rows, long cols, int kind) {
  THTensor *t;
  if (transposed) {
    THTensor *base = THTensor_(newWithSize2d)(cols, rows);
    t = THTensor_(newTranspose)(base, 0, 1);
    THTensor_(free)(base);
    assert_false(THTensor_(isContiguous)(t));
  } else {
    t = THTensor_(newWithSize2d)(rows, cols);
  }
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) *TEST_(at)(t, i, j) = TEST_(pattern)(i * cols + j, kind);
  return t;
}

static void TEST_(expect)(const char *what, THTensor *r, long rows, long cols, const real *expected,
                          double tol) {
  assert_int_equal(THTensor_(nDimension)(r), 2);
  assert_int_equal(THTensor_(size)(r, 0), rows);
  assert_int_equal(THTensor_(size)(r, 1), cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) {
      double got = (double)*TEST_(at)(r, i, j), want = (double)expected[i * cols + j];
      if (!th_close(got, want, tol, tol))
        fail_msg("%s (%s): element (%ld, %ld) is %.9g, expected %.9g", what, TH_CONCAT_STRING_2(Real, ),
                 i, j, got, want);
    }
}

/* The shapes every operation is checked on: small, and (for one integer and one floating type, to
 * keep the test quick on a busy machine) above the OpenMP threshold. */
static const long TEST_(shapes)[2][2] = {{3, 5}, {TEST_BIG ? 250 : 4, TEST_BIG ? 300 : 7}};

typedef void (*TEST_(ScalarOp))(THTensor *, THTensor *, real);
typedef void (*TEST_(TensorOp))(THTensor *, THTensor *, THTensor *);
typedef void (*TEST_(UnaryOp))(THTensor *, THTensor *);

/* op(r, t) for every shape and layout of t: into a new tensor, in place, and into a strided
 * (transposed) result of the right size, which must stay strided. REF gives the expected element
 * from the element of t. */
#define TEST_CHECK_UNARY_(WHAT, CALL, KIND, REF, TOL)                                         \
  do {                                                                                        \
    for (int s = 0; s < 2; s++)                                                               \
      for (int layout = 0; layout < 2; layout++) {                                            \
        long rows = TEST_(shapes)[s][0], cols = TEST_(shapes)[s][1];                          \
        real *want = malloc(sizeof(real) * (size_t)(rows * cols));                            \
        for (long k = 0; k < rows * cols; k++) {                                              \
          real x = TEST_(pattern)(k, KIND);                                                   \
          want[k] = (real)(REF);                                                              \
        }                                                                                     \
        THTensor *t = TEST_(operand)(layout, rows, cols, KIND);                               \
        THTensor *r = THTensor_(new)();                                                       \
        THTensor *t_ = t, *r_ = r;                                                            \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " into a new tensor", r, rows, cols, want, TOL);                   \
        THTensor *strided = TEST_(operand)(1, rows, cols, 0);                                 \
        r_ = strided;                                                                         \
        CALL;                                                                                 \
        assert_false(THTensor_(isContiguous)(strided));                                      \
        TEST_(expect)(WHAT " into a strided tensor", strided, rows, cols, want, TOL);         \
        r_ = t;                                                                               \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " in place", t, rows, cols, want, TOL);                            \
        (void)t_;                                                                             \
        THTensor_(free)(strided);                                                             \
        THTensor_(free)(r);                                                                   \
        THTensor_(free)(t);                                                                   \
        free(want);                                                                           \
      }                                                                                       \
  } while (0)

/* The same for operations of two tensors: t (pattern KIND) and src (pattern SKIND, laid out the
 * other way round from t); in place means r_ == t, and also r_ == src. */
#define TEST_CHECK_BINARY_(WHAT, CALL, KIND, SKIND, REF, TOL)                                 \
  do {                                                                                        \
    for (int s = 0; s < 2; s++)                                                               \
      for (int layout = 0; layout < 2; layout++) {                                            \
        long rows = TEST_(shapes)[s][0], cols = TEST_(shapes)[s][1];                          \
        real *want = malloc(sizeof(real) * (size_t)(rows * cols));                            \
        for (long k = 0; k < rows * cols; k++) {                                              \
          real x = TEST_(pattern)(k, KIND), y = TEST_(pattern)(k, SKIND);                     \
          want[k] = (real)(REF);                                                              \
        }                                                                                     \
        THTensor *t = TEST_(operand)(layout, rows, cols, KIND);                               \
        THTensor *src = TEST_(operand)(!layout, rows, cols, SKIND);                           \
        THTensor *r = THTensor_(new)();                                                       \
        THTensor *t_ = t, *r_ = r, *src_ = src;                                               \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " into a new tensor", r, rows, cols, want, TOL);                   \
        THTensor *strided = TEST_(operand)(1, rows, cols, 0);                                 \
        r_ = strided;                                                                         \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " into a strided tensor", strided, rows, cols, want, TOL);         \
        THTensor *t2 = THTensor_(newClone)(t), *src2 = THTensor_(newClone)(src);              \
        r_ = t_ = t2;                                                                         \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " in place (result is t)", t2, rows, cols, want, TOL);             \
        r_ = src_ = src2; t_ = t;                                                             \
        CALL;                                                                                 \
        TEST_(expect)(WHAT " in place (result is src)", src2, rows, cols, want, TOL);         \
        THTensor_(free)(t2);                                                                  \
        THTensor_(free)(src2);                                                                \
        THTensor_(free)(strided);                                                             \
        THTensor_(free)(r);                                                                   \
        THTensor_(free)(src);                                                                 \
        THTensor_(free)(t);                                                                   \
        free(want);                                                                           \
      }                                                                                       \
  } while (0)

/* x^y: C's pow for floating types; for integers, y repeated multiplications (wrapping, as the
 * integer types do), and for y < 0 the real 1/x^|y| truncated toward zero (0 for x = 0). */
static real TEST_(powRef)(real x, real y) {
#if TEST_FLOATING
  return (real)pow((double)x, (double)y);
#else
  if (y < 0) return (real)(x == 1 ? 1 : x == -1 ? ((long)y % 2 ? -1 : 1) : 0);
  unsigned long p = 1;
  for (long k = 0; k < (long)y; k++) p *= (unsigned long)(long)x;
  return (real)p;
#endif
}

/* Torch7's integer shift of x by k bits (left for k > 0, right for k < 0), worked out on the bit
 * pattern: x modulo 2^bits (the unsigned value Torch7 cast to), shifted in 64-bit unsigned
 * arithmetic, reduced modulo 2^bits and read back as the signed type. So right shifts are logical.
 * Counts past the width give 0 (ember's definition where C leaves the shift undefined). */
static real TEST_(shiftRef)(real x, long k) {
  const int bits = (int)sizeof(real) * 8;
  const unsigned long long mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  unsigned long long u = (unsigned long long)(long long)x & mask;
  if (k >= bits || k <= -bits) return 0;
  u = k >= 0 ? (u << k) & mask : u >> -k;
  return (real)u;
}

#if TEST_FLOATING
#define TEST_TOL (sizeof(real) == 4 ? 1e-6 : 1e-14)
#else
#define TEST_TOL 0
#endif

static void TEST_(fill_and_friends)(void **state) {
  for (int layout = 0; layout < 2; layout++) {
    THTensor *t = TEST_(operand)(layout, 250, 300, 0);
    real sevens[250 * 3];
    for (int k = 0; k < 250 * 3; k++) sevens[k] = 7;
    THTensor_(fill)(t, 7);
    THTensor *part = THTensor_(newNarrow)(t, 1, 0, 3);
    TEST_(expect)("fill", part, 250, 3, sevens, 0);
    THTensor_(free)(part);
    assert_true(THTensor_(get2d)(t, 249, 299) == 7);
    THTensor_(zero)(t);
    assert_true(THTensor_(get2d)(t, 0, 0) == 0 && THTensor_(get2d)(t, 249, 299) == 0);
    THTensor *like = THTensor_(new)();
    THTensor_(onesLike)(like, t);
    assert_true(THTensor_(isSameSizeAs)(like, t));
    assert_true(THTensor_(get2d)(like, 17, 42) == 1);
    THTensor_(zerosLike)(like, t);
    assert_true(THTensor_(get2d)(like, 17, 42) == 0);
    THTensor_(free)(like);
    THTensor_(free)(t);
  }
  /* A narrowed column of a matrix: only those elements change. */
  THTensor *m = TEST_(operand)(0, 4, 6, 0);
  THTensor *column = THTensor_(newSelect)(m, 1, 2);
  THTensor_(fill)(column, 3);
  for (long i = 0; i < 4; i++)
    for (long j = 0; j < 6; j++)
      assert_true(THTensor_(get2d)(m, i, j) == (j == 2 ? 3 : TEST_(pattern)(i * 6 + j, 0)));
  THTensor_(free)(column);
  THTensor_(free)(m);

  THLongStorage *size = THLongStorage_newWithSize2(2, 3);
  THTensor *z = THTensor_(new)();
  THTensor_(ones)(z, size);
  assert_int_equal(THTensor_(nElement)(z), 6);
  assert_true(THTensor_(get2d)(z, 1, 2) == 1);
  THTensor_(zeros)(z, size);
  assert_true(THTensor_(get2d)(z, 1, 2) == 0);
  THLongStorage_free(size);
  /* Empty tensors: nothing to do, no crash. */
  THTensor *empty = THTensor_(new)();
  THTensor_(fill)(empty, 1);
  THTensor_(add)(z, empty, 1);
  assert_int_equal(THTensor_(nDimension)(z), 0);
  THTensor_(cmul)(z, empty, empty);
  assert_int_equal(THTensor_(nElement)(z), 0);
  THTensor_(free)(empty);
  THTensor_(free)(z);
}

static void TEST_(scalar_ops)(void **state) {
  const real v = 3;
  TEST_CHECK_UNARY_("add", THTensor_(add)(r_, t_, v), 0, x + v, TEST_TOL);
  TEST_CHECK_UNARY_("sub", THTensor_(sub)(r_, t_, v), 0, x - v, TEST_TOL);
  TEST_CHECK_UNARY_("mul", THTensor_(mul)(r_, t_, v), 0, x * v, TEST_TOL);
  TEST_CHECK_UNARY_("div", THTensor_(div)(r_, t_, v), 0, x / v, TEST_TOL);
  TEST_CHECK_UNARY_("clamp", THTensor_(clamp)(r_, t_, 2, 4), 0, x < 2 ? 2 : (x > 4 ? 4 : x), 0);
  TEST_CHECK_UNARY_("cmaxValue", THTensor_(cmaxValue)(r_, t_, v), 0, x > v ? x : v, 0);
  TEST_CHECK_UNARY_("cminValue", THTensor_(cminValue)(r_, t_, v), 0, x < v ? x : v, 0);
  TEST_CHECK_UNARY_("sign", THTensor_(sign)(r_, t_), 0, (x > 0) - (x < 0), 0);
  /* x % 3 in C (sign of the dividend) and Python (sign of the divisor). */
  TEST_CHECK_UNARY_("fmod", THTensor_(fmod)(r_, t_, v), 0, fmod((double)x, 3), 0);
  TEST_CHECK_UNARY_("remainder", THTensor_(remainder)(r_, t_, v), 0,
                    fmod((double)x, 3) < 0 ? fmod((double)x, 3) + 3 : fmod((double)x, 3), 0);
  /* Shifts by 2 are * 4 and / 4 for floating types; integer right shifts are logical. */
  TEST_CHECK_UNARY_("lshift", THTensor_(lshift)(r_, t_, 2), 0, x * 4, 0);
#if TEST_FLOATING
  TEST_CHECK_UNARY_("rshift", THTensor_(rshift)(r_, t_, 2), 0, x / 4, 0);
#else
  TEST_CHECK_UNARY_("rshift", THTensor_(rshift)(r_, t_, 2), 0, TEST_(shiftRef)(x, -2), 0);
  TEST_CHECK_UNARY_("bitand", THTensor_(bitand)(r_, t_, 6), 0, x & 6, 0);
  TEST_CHECK_UNARY_("bitor", THTensor_(bitor)(r_, t_, 6), 0, x | 6, 0);
  TEST_CHECK_UNARY_("bitxor", THTensor_(bitxor)(r_, t_, 6), 0, x ^ 6, 0);
#endif
#if TEST_HAS_NEG
  TEST_CHECK_UNARY_("neg", THTensor_(neg)(r_, t_), 0, -x, 0);
  TEST_CHECK_UNARY_("abs", THTensor_(abs)(r_, t_), 0, x < 0 ? -x : x, 0);
#endif
}

static void TEST_(tensor_ops)(void **state) {
  TEST_CHECK_BINARY_("cadd", THTensor_(cadd)(r_, t_, 3, src_), 0, 1, x + 3 * y, TEST_TOL);
  TEST_CHECK_BINARY_("csub", THTensor_(csub)(r_, t_, 3, src_), 0, 1, x - 3 * y, TEST_TOL);
  TEST_CHECK_BINARY_("cmul", THTensor_(cmul)(r_, t_, src_), 0, 1, x * y, TEST_TOL);
  TEST_CHECK_BINARY_("cdiv", THTensor_(cdiv)(r_, t_, src_), 0, 1, x / y, TEST_TOL);
  TEST_CHECK_BINARY_("cmax", THTensor_(cmax)(r_, t_, src_), 0, 1, x > y ? x : y, 0);
  TEST_CHECK_BINARY_("cmin", THTensor_(cmin)(r_, t_, src_), 0, 1, x < y ? x : y, 0);
  TEST_CHECK_BINARY_("cfmod", THTensor_(cfmod)(r_, t_, src_), 0, 1, fmod((double)x, (double)y), 0);
  TEST_CHECK_BINARY_("cremainder", THTensor_(cremainder)(r_, t_, src_), 0, 1,
                     x - (double)y * floor((double)x / (double)y), TEST_TOL);
  TEST_CHECK_BINARY_("cpow", THTensor_(cpow)(r_, t_, src_), 0, 1, TEST_(powRef)(x, y), TEST_TOL);
  /* Integer counts y include negative ones (shifts the other way). Both branches are real, so a
   * Long result does not pass through double. */
  TEST_CHECK_BINARY_("clshift", THTensor_(clshift)(r_, t_, src_), 0, 1,
                     TEST_FLOATING ? (real)(x * pow(2, (double)y)) : TEST_(shiftRef)(x, (long)y), 0);
  TEST_CHECK_BINARY_("crshift", THTensor_(crshift)(r_, t_, src_), 0, 1,
                     TEST_FLOATING ? (real)(x / pow(2, (double)y)) : TEST_(shiftRef)(x, -(long)y), 0);
#if !TEST_FLOATING
  TEST_CHECK_BINARY_("cbitand", THTensor_(cbitand)(r_, t_, src_), 0, 1, x & y, 0);
  TEST_CHECK_BINARY_("cbitor", THTensor_(cbitor)(r_, t_, src_), 0, 1, x | y, 0);
  TEST_CHECK_BINARY_("cbitxor", THTensor_(cbitxor)(r_, t_, src_), 0, 1, x ^ y, 0);
#endif
  /* addcmul/addcdiv: t + 2 * src1 * src2 and t + 2 * src1 / src2; here src1 is t itself. */
  TEST_CHECK_BINARY_("addcmul", THTensor_(addcmul)(r_, t_, 2, t_, src_), 0, 1, x + 2 * x * y, TEST_TOL);
  TEST_CHECK_BINARY_("addcdiv", THTensor_(addcdiv)(r_, t_, 2, t_, src_), 0, 1, x + 2 * x / y, TEST_TOL);
}

#if TEST_FLOATING
static void TEST_(math)(void **state) {
  /* References in double precision; the tolerance allows the float rounding. */
  const double tol = sizeof(real) == 4 ? 2e-6 : 1e-13;
  TEST_CHECK_UNARY_("log", THTensor_(log)(r_, t_), 2, log((double)x), tol);
  TEST_CHECK_UNARY_("log1p", THTensor_(log1p)(r_, t_), 2, log1p((double)x), tol);
  TEST_CHECK_UNARY_("lgamma", THTensor_(lgamma)(r_, t_), 2, lgamma((double)x), tol);
  TEST_CHECK_UNARY_("exp", THTensor_(exp)(r_, t_), 0, exp((double)x), tol);
  TEST_CHECK_UNARY_("sigmoid", THTensor_(sigmoid)(r_, t_), 0, 1 / (1 + exp(-(double)x)), tol);
  TEST_CHECK_UNARY_("cos", THTensor_(cos)(r_, t_), 0, cos((double)x), tol);
  TEST_CHECK_UNARY_("acos", THTensor_(acos)(r_, t_), 2, acos((double)x), tol);
  TEST_CHECK_UNARY_("cosh", THTensor_(cosh)(r_, t_), 0, cosh((double)x), tol);
  TEST_CHECK_UNARY_("sin", THTensor_(sin)(r_, t_), 0, sin((double)x), tol);
  TEST_CHECK_UNARY_("asin", THTensor_(asin)(r_, t_), 2, asin((double)x), tol);
  TEST_CHECK_UNARY_("sinh", THTensor_(sinh)(r_, t_), 0, sinh((double)x), tol);
  TEST_CHECK_UNARY_("tan", THTensor_(tan)(r_, t_), 0, tan((double)x), tol);
  TEST_CHECK_UNARY_("atan", THTensor_(atan)(r_, t_), 0, atan((double)x), tol);
  TEST_CHECK_UNARY_("tanh", THTensor_(tanh)(r_, t_), 0, tanh((double)x), tol);
  TEST_CHECK_UNARY_("sqrt", THTensor_(sqrt)(r_, t_), 2, sqrt((double)x), tol);
  TEST_CHECK_UNARY_("rsqrt", THTensor_(rsqrt)(r_, t_), 2, 1 / sqrt((double)x), tol);
  TEST_CHECK_UNARY_("cinv", THTensor_(cinv)(r_, t_), 2, 1 / (double)x, tol);
  TEST_CHECK_UNARY_("pow 2", THTensor_(pow)(r_, t_, 2), 0, (double)x * x, 0);
  TEST_CHECK_UNARY_("pow 1.5", THTensor_(pow)(r_, t_, 1.5), 2, pow((double)x, 1.5), tol);
  TEST_CHECK_UNARY_("tpow", THTensor_(tpow)(r_, 2, t_), 0, pow(2, (double)x), tol);
  /* x / 4 - 0.5 puts halves and negative fractions in: rounding direction matters. */
  TEST_CHECK_UNARY_("ceil", THTensor_(mul)(r_, t_, 0.25); THTensor_(add)(r_, r_, -0.5);
                    THTensor_(ceil)(r_, r_), 0, ceil((double)x / 4 - 0.5), 0);
  TEST_CHECK_UNARY_("floor", THTensor_(mul)(r_, t_, 0.25); THTensor_(add)(r_, r_, -0.5);
                    THTensor_(floor)(r_, r_), 0, floor((double)x / 4 - 0.5), 0);
  TEST_CHECK_UNARY_("round", THTensor_(mul)(r_, t_, 0.25); THTensor_(add)(r_, r_, -0.5);
                    THTensor_(round)(r_, r_), 0, round((double)x / 4 - 0.5), 0);
  TEST_CHECK_UNARY_("trunc", THTensor_(mul)(r_, t_, 0.25); THTensor_(add)(r_, r_, -0.5);
                    THTensor_(trunc)(r_, r_), 0, trunc((double)x / 4 - 0.5), 0);
  TEST_CHECK_UNARY_("frac", THTensor_(mul)(r_, t_, 0.25); THTensor_(add)(r_, r_, -0.5);
                    THTensor_(frac)(r_, r_), 0, (double)x / 4 - 0.5 - trunc((double)x / 4 - 0.5), 0);
  TEST_CHECK_BINARY_("atan2", THTensor_(atan2)(r_, t_, src_), 0, 1, atan2((double)x, (double)y), tol);
  TEST_CHECK_BINARY_("lerp", THTensor_(lerp)(r_, t_, src_, 0.25), 0, 1, x + 0.25 * (y - x), tol);
}
#endif

#undef TEST_TOL
#undef TEST_

#else /* ---------------------------------------------------------------------- the tests */

#include <limits.h>
#include <stdlib.h>
#include "th_test.h"

#define TEST_GENERIC_PASS
#include "th_each_type.h"
#undef TEST_GENERIC_PASS

/* A 1-d Int/Byte/... tensor from a list of values. */
#define VEC(Real, ...)                                                                        \
  ({                                                                                          \
    const double vals_[] = {__VA_ARGS__};                                                     \
    long n_ = (long)(sizeof vals_ / sizeof vals_[0]);                                         \
    TH##Real##Tensor *t_ = TH##Real##Tensor_newWithSize1d(n_);                                \
    for (long i_ = 0; i_ < n_; i_++) TH##Real##Tensor_set1d(t_, i_, vals_[i_]);               \
    t_;                                                                                       \
  })

#define EXPECT_VEC(Real, T, ...)                                                              \
  do {                                                                                        \
    const double want_[] = {__VA_ARGS__};                                                     \
    long n_ = (long)(sizeof want_ / sizeof want_[0]);                                         \
    assert_int_equal(TH##Real##Tensor_nElement(T), n_);                                       \
    for (long i_ = 0; i_ < n_; i_++) {                                                        \
      double got_ = (double)TH##Real##Tensor_get1d(T, i_);                                    \
      if (!th_close(got_, want_[i_], 1e-6, 1e-6))                                             \
        fail_msg("%s element %ld is %.9g, expected %.9g", #T, i_, got_, want_[i_]);           \
    }                                                                                         \
  } while (0)

static void test_integer_division_truncates(void **state) {
  THIntTensor *t = VEC(Int, 7, -7, 7, -7, 0), *d = VEC(Int, 2, 2, -2, -2, 5), *r = THIntTensor_new();
  THIntTensor_cdiv(r, t, d);
  EXPECT_VEC(Int, r, 3, -3, -3, 3, 0);
  THIntTensor_div(r, t, 2);
  EXPECT_VEC(Int, r, 3, -3, 3, -3, 0);
  /* fmod: sign of the dividend; remainder: sign of the divisor. -7 = 2 * -4 + 1 = -3 * 3 + 2. */
  THIntTensor_cfmod(r, t, d);
  EXPECT_VEC(Int, r, 1, -1, 1, -1, 0);
  THIntTensor_cremainder(r, t, d);
  EXPECT_VEC(Int, r, 1, 1, -1, -1, 0);
  THIntTensor_fmod(r, t, 3);
  EXPECT_VEC(Int, r, 1, -1, 1, -1, 0);
  THIntTensor_remainder(r, t, 3);
  EXPECT_VEC(Int, r, 1, 2, 1, 2, 0);
  THIntTensor_remainder(r, t, -3);
  EXPECT_VEC(Int, r, -2, -1, -2, -1, 0);
  /* addcdiv: t + value * src1 / src2 with (value * src1) / src2 truncated: 1 + (3 * 7) / 2 = 11. */
  THIntTensor *one = VEC(Int, 1, 1, 1, 1, 1);
  THIntTensor_addcdiv(r, one, 3, t, d);
  EXPECT_VEC(Int, r, 11, -9, -9, 11, 1);
  /* The most negative value divided by -1 wraps instead of trapping. */
  THIntTensor *m = VEC(Int, INT_MIN, INT_MIN), *m1 = VEC(Int, -1, -1);
  THIntTensor_cdiv(r, m, m1);
  EXPECT_VEC(Int, r, INT_MIN, INT_MIN);
  THIntTensor_fmod(r, m, -1);
  EXPECT_VEC(Int, r, 0, 0);
  THLongTensor *lm = VEC(Long, 1), *lr = THLongTensor_new();
  THLongTensor_set1d(lm, 0, LONG_MIN);
  THLongTensor_div(lr, lm, -1);
  assert_true(THLongTensor_get1d(lr, 0) == LONG_MIN);
  /* Float division is real division. */
  THFloatTensor *f = VEC(Float, 7, -7), *fr = THFloatTensor_new();
  THFloatTensor_div(fr, f, 2);
  EXPECT_VEC(Float, fr, 3.5, -3.5);
  THFloatTensor_fmod(fr, f, 2);
  EXPECT_VEC(Float, fr, 1, -1);
  THFloatTensor_remainder(fr, f, 2);
  EXPECT_VEC(Float, fr, 1, 1);
  THFloatTensor_remainder(fr, f, -2);
  EXPECT_VEC(Float, fr, -1, -1);
  THFloatTensor_free(f);
  THFloatTensor_free(fr);
  THLongTensor_free(lm);
  THLongTensor_free(lr);
  THIntTensor_free(m);
  THIntTensor_free(m1);
  THIntTensor_free(one);
  THIntTensor_free(t);
  THIntTensor_free(d);
  THIntTensor_free(r);
}

static void test_integer_division_by_zero_is_an_error(void **state) {
  THIntTensor *t = VEC(Int, 4, 5, 6), *z = VEC(Int, 1, 0, 2), *r = THIntTensor_new();
  assert_th_error(THIntTensor_div(r, t, 0), "division by zero");
  assert_th_error(THIntTensor_fmod(r, t, 0), "division by zero");
  assert_th_error(THIntTensor_remainder(r, t, 0), "division by zero");
  assert_th_error(THIntTensor_cdiv(r, t, z), "division by zero");
  assert_th_error(THIntTensor_cfmod(r, t, z), "division by zero");
  assert_th_error(THIntTensor_cremainder(r, t, z), "division by zero");
  assert_th_error(THIntTensor_addcdiv(r, t, 1, t, z), "division by zero");
  THByteTensor *b = VEC(Byte, 1, 2), *bz = VEC(Byte, 0, 0), *br = THByteTensor_new();
  assert_th_error(THByteTensor_cdiv(br, b, bz), "division by zero");
  /* Nothing was written, and the library still works. */
  assert_int_equal(THIntTensor_nDimension(r), 0);
  THIntTensor_cdiv(r, t, t);
  EXPECT_VEC(Int, r, 1, 1, 1);
  /* Float division by zero is IEEE's. */
  THFloatTensor *f = VEC(Float, 1, -1, 0), *fz = VEC(Float, 0, 0, 0), *fr = THFloatTensor_new();
  THFloatTensor_cdiv(fr, f, fz);
  assert_true(isinf(THFloatTensor_get1d(fr, 0)) && THFloatTensor_get1d(fr, 0) > 0);
  assert_true(isinf(THFloatTensor_get1d(fr, 1)) && THFloatTensor_get1d(fr, 1) < 0);
  assert_true(isnan(THFloatTensor_get1d(fr, 2)));
  THFloatTensor_free(f);
  THFloatTensor_free(fz);
  THFloatTensor_free(fr);
  THByteTensor_free(b);
  THByteTensor_free(bz);
  THByteTensor_free(br);
  THIntTensor_free(t);
  THIntTensor_free(z);
  THIntTensor_free(r);
}

static void test_integer_wrapping(void **state) {
  /* Byte arithmetic is modulo 256, Char modulo 256 in [-128, 127], Int modulo 2^32. */
  THByteTensor *b = VEC(Byte, 250, 3, 0), *br = THByteTensor_new();
  THByteTensor_add(br, b, 10);
  EXPECT_VEC(Byte, br, 4, 13, 10);
  THByteTensor_sub(br, b, 5);
  EXPECT_VEC(Byte, br, 245, 254, 251);
  THByteTensor_mul(br, b, 2);
  EXPECT_VEC(Byte, br, 244, 6, 0);
  THByteTensor_cadd(br, b, 2, b);
  EXPECT_VEC(Byte, br, (250 * 3) % 256, 9, 0);
  THCharTensor *c = VEC(Char, 127, -128), *cr = THCharTensor_new();
  THCharTensor_add(cr, c, 1);
  EXPECT_VEC(Char, cr, -128, -127);
  THCharTensor_sign(cr, c);
  EXPECT_VEC(Char, cr, 1, -1);
  THIntTensor *i = VEC(Int, INT_MAX, INT_MIN, -5), *ir = THIntTensor_new();
  THIntTensor_add(ir, i, 1);
  EXPECT_VEC(Int, ir, INT_MIN, INT_MIN + 1, -4);
  THIntTensor_abs(ir, i);
  EXPECT_VEC(Int, ir, INT_MAX, INT_MIN, 5); /* |INT_MIN| does not fit: it wraps to itself */
  THIntTensor_neg(ir, i);
  EXPECT_VEC(Int, ir, -INT_MAX, INT_MIN, 5);
  THIntTensor_cmul(ir, i, i);
  EXPECT_VEC(Int, ir, 1, 0, 25); /* (2^31 - 1)^2 = 1 mod 2^32, (2^31)^2 = 0 mod 2^32 */
  THIntTensor_addcmul(ir, i, 2, i, i);
  EXPECT_VEC(Int, ir, INT_MIN + 1, INT_MIN, -5 + 50);
  THShortTensor *s = VEC(Short, 200), *sr = THShortTensor_new();
  THShortTensor_mul(sr, s, 200); /* 40000 - 65536 */
  EXPECT_VEC(Short, sr, -25536);
  THByteTensor_free(b);
  THByteTensor_free(br);
  THCharTensor_free(c);
  THCharTensor_free(cr);
  THIntTensor_free(i);
  THIntTensor_free(ir);
  THShortTensor_free(s);
  THShortTensor_free(sr);
}

static void test_shifts_and_bits(void **state) {
  THIntTensor *i = VEC(Int, 1, -8, 5, 0x70000000), *ir = THIntTensor_new();
  THIntTensor_lshift(ir, i, 3);
  EXPECT_VEC(Int, ir, 8, -64, 40, INT_MIN); /* 0x70000000 << 3 = 0x380000000: low 32 bits 0x80000000 */
  /* Torch7 shifted (unsigned int)x: logical, -8 = 0xFFFFFFF8 >> 1 = 0x7FFFFFFC. */
  THIntTensor_rshift(ir, i, 1);
  EXPECT_VEC(Int, ir, 0, 0x7FFFFFFC, 2, 0x38000000);
  /* Counts past the width and negative counts are defined (see the generic file). */
  THIntTensor_lshift(ir, i, 40);
  EXPECT_VEC(Int, ir, 0, 0, 0, 0);
  THIntTensor_rshift(ir, i, 40);
  EXPECT_VEC(Int, ir, 0, 0, 0, 0);
  THIntTensor_lshift(ir, i, -1);
  EXPECT_VEC(Int, ir, 0, 0x7FFFFFFC, 2, 0x38000000);
  THIntTensor *counts = VEC(Int, 0, 2, 33, -1);
  THIntTensor_clshift(ir, i, counts);
  EXPECT_VEC(Int, ir, 1, -32, 0, 0x38000000);
  THIntTensor_crshift(ir, i, counts);
  EXPECT_VEC(Int, ir, 1, 0x3FFFFFFE, 0, -0x20000000); /* 0x70000000 << 1 = 0xE0000000 = -2^29 */
  THByteTensor *b = VEC(Byte, 200, 1), *br = THByteTensor_new();
  THByteTensor_rshift(br, b, 1);
  EXPECT_VEC(Byte, br, 100, 0); /* logical */
  THByteTensor_lshift(br, b, 1);
  EXPECT_VEC(Byte, br, 144, 2); /* 400 mod 256 */
  THByteTensor_bitxor(br, b, 0xFF);
  EXPECT_VEC(Byte, br, 55, 254);
  THIntTensor *m = VEC(Int, 12, -1, 5, 6);
  THIntTensor_cbitand(ir, m, counts);
  EXPECT_VEC(Int, ir, 0, 2, 1, 6);
  THIntTensor_bitor(ir, m, 3);
  EXPECT_VEC(Int, ir, 15, -1, 7, 7);
  /* Float shifts are * and / by powers of two. */
  THFloatTensor *f = VEC(Float, 3, -1.5), *fr = THFloatTensor_new();
  THFloatTensor_lshift(fr, f, 2);
  EXPECT_VEC(Float, fr, 12, -6);
  THFloatTensor_rshift(fr, f, 1);
  EXPECT_VEC(Float, fr, 1.5, -0.75);
  /* Bitwise operations do not exist for floats (Torch7 raised an error too). */
  assert_th_error(THFloatTensor_bitand(fr, f, 1), "not supported for float types");
  THDoubleTensor *d = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_bitor(d, d, 1), "not supported for float types");
  THDoubleTensor_free(d);
  assert_th_error(THFloatTensor_cbitxor(fr, f, f), "not supported for float types");
  THFloatTensor_free(f);
  THFloatTensor_free(fr);
  THByteTensor_free(b);
  THByteTensor_free(br);
  THIntTensor_free(m);
  THIntTensor_free(counts);
  THIntTensor_free(i);
  THIntTensor_free(ir);
}

/* Negative values shifted right, per type: Torch7 cast to the unsigned type of the same width, so
 * the sign bit shifts in as 0. By hand: Char -8 is 0xF8 = 248, >> 1 = 124, -1 >> 7 = 255 >> 7 = 1;
 * Short -8 = 65528 >> 1 = 32764; Int -8 = 0xFFFFFFF8 >> 1 = 0x7FFFFFFC; Long -8 = 2^64 - 8 >> 1 =
 * 2^63 - 4. A left shift wraps: Char -8 << 1 = 496 mod 256 = 240 = -16, -128 << 1 = 0. Float and
 * Double divide and multiply by 2^value (Torch7 called div and mul with pow(2, value)). */
static void test_right_shifts_of_negatives_are_logical(void **state) {
  THCharTensor *c = VEC(Char, -8, -1, -128, 100), *cr = THCharTensor_new();
  THCharTensor_rshift(cr, c, 1);
  EXPECT_VEC(Char, cr, 124, 127, 64, 50);
  THCharTensor_rshift(cr, c, 7);
  EXPECT_VEC(Char, cr, 1, 1, 1, 0);
  THCharTensor_lshift(cr, c, 1);
  EXPECT_VEC(Char, cr, -16, -2, 0, -56); /* 200 - 256 */
  THCharTensor *ccounts = VEC(Char, 4, 0, 6, -1);
  THCharTensor_crshift(cr, c, ccounts);
  EXPECT_VEC(Char, cr, 15, -1, 2, -56); /* 248 >> 4 = 15; 128 >> 6 = 2; -1: 100 << 1 */

  THShortTensor *s = VEC(Short, -8, -1, -32768), *sr = THShortTensor_new();
  THShortTensor_rshift(sr, s, 1);
  EXPECT_VEC(Short, sr, 32764, 32767, 16384);
  THShortTensor_rshift(sr, s, 15);
  EXPECT_VEC(Short, sr, 1, 1, 1);
  THShortTensor *scounts = VEC(Short, 3, 8, 16);
  THShortTensor_crshift(sr, s, scounts);
  EXPECT_VEC(Short, sr, 8191, 255, 0); /* 65528 >> 3, 65535 >> 8, past the width */

  THIntTensor *i = VEC(Int, -8, -1, INT_MIN), *ir = THIntTensor_new();
  THIntTensor_rshift(ir, i, 1);
  EXPECT_VEC(Int, ir, 0x7FFFFFFC, 0x7FFFFFFF, 0x40000000);
  THIntTensor_rshift(ir, i, 31);
  EXPECT_VEC(Int, ir, 1, 1, 1);

  THLongTensor *l = VEC(Long, -8, -1), *lr = THLongTensor_new();
  THLongTensor_rshift(lr, l, 1);
  assert_int_equal(THLongTensor_get1d(lr, 0), 0x7FFFFFFFFFFFFFFCL); /* 2^63 - 4 */
  assert_int_equal(THLongTensor_get1d(lr, 1), LONG_MAX);
  THLongTensor_rshift(lr, l, 63);
  assert_int_equal(THLongTensor_get1d(lr, 0), 1);
  assert_int_equal(THLongTensor_get1d(lr, 1), 1);
  THLongTensor *lcounts = VEC(Long, 60, 32);
  THLongTensor_crshift(lr, l, lcounts);
  assert_int_equal(THLongTensor_get1d(lr, 0), 15);          /* (2^64 - 8) >> 60 */
  assert_int_equal(THLongTensor_get1d(lr, 1), 0xFFFFFFFFL); /* (2^64 - 1) >> 32 */

  THDoubleTensor *d = VEC(Double, -3, 2), *dr = THDoubleTensor_new();
  THDoubleTensor_rshift(dr, d, 1);
  EXPECT_VEC(Double, dr, -1.5, 1);
  THDoubleTensor_lshift(dr, d, 0.5); /* times sqrt(2): a fractional count is a fractional power */
  EXPECT_VEC(Double, dr, -3 * M_SQRT2, 2 * M_SQRT2);
  THDoubleTensor *dcounts = VEC(Double, -1, 3);
  THDoubleTensor_crshift(dr, d, dcounts);
  EXPECT_VEC(Double, dr, -6, 0.25);

  THCharTensor_free(c);
  THCharTensor_free(cr);
  THCharTensor_free(ccounts);
  THShortTensor_free(s);
  THShortTensor_free(sr);
  THShortTensor_free(scounts);
  THIntTensor_free(i);
  THIntTensor_free(ir);
  THLongTensor_free(l);
  THLongTensor_free(lr);
  THLongTensor_free(lcounts);
  THDoubleTensor_free(d);
  THDoubleTensor_free(dr);
  THDoubleTensor_free(dcounts);
}

static void test_integer_pow(void **state) {
  THLongTensor *base = VEC(Long, 2, 3, -2, 1, -1, -1, 2, 0, 7), *r = THLongTensor_new();
  THLongTensor *e = VEC(Long, 10, 0, 3, -5, -3, -4, -1, -2, 20);
  THLongTensor_cpow(r, base, e);
  /* 7^20 = 79792266297612001 is exact in Long (pow in double would round it). */
  EXPECT_VEC(Long, r, 1024, 1, -8, 1, -1, 1, 0, 0, 79792266297612001.0);
  assert_true(THLongTensor_get1d(r, 8) == 79792266297612001L);
  THByteTensor *b = VEC(Byte, 2, 3), *be = VEC(Byte, 8, 5), *br = THByteTensor_new();
  THByteTensor_cpow(br, b, be);
  EXPECT_VEC(Byte, br, 0, 243); /* 256 wraps to 0 */
  THByteTensor_free(b);
  THByteTensor_free(be);
  THByteTensor_free(br);
  THLongTensor_free(base);
  THLongTensor_free(e);
  THLongTensor_free(r);
}

static void test_float_specials(void **state) {
  const double nan = NAN;
  THFloatTensor *a = VEC(Float, nan, 1, nan, -2), *b = VEC(Float, 1, nan, nan, 3);
  THFloatTensor *r = THFloatTensor_new();
  /* cmax/cmin propagate NaN whichever operand holds it. */
  THFloatTensor_cmax(r, a, b);
  EXPECT_VEC(Float, r, nan, nan, nan, 3);
  THFloatTensor_cmin(r, a, b);
  EXPECT_VEC(Float, r, nan, nan, nan, -2);
  THFloatTensor_cmaxValue(r, a, 0);
  EXPECT_VEC(Float, r, nan, 1, nan, 0);
  THFloatTensor_cminValue(r, a, 0);
  EXPECT_VEC(Float, r, nan, 0, nan, -2);
  THFloatTensor_cmaxValue(r, b, nan);
  EXPECT_VEC(Float, r, nan, nan, nan, nan);
  /* clamp keeps NaN; sign(NaN) is 0 as in Torch7. */
  THFloatTensor_clamp(r, a, -1, 0.5);
  EXPECT_VEC(Float, r, nan, 0.5, nan, -1);
  THFloatTensor_sign(r, a);
  EXPECT_VEC(Float, r, 0, 1, 0, -1);
  THFloatTensor_abs(r, a);
  EXPECT_VEC(Float, r, nan, 1, nan, 2);
  THFloatTensor *z = VEC(Float, -0.0, 0.0, -2.5, 2.5);
  THFloatTensor_abs(r, z);
  assert_false(signbit(THFloatTensor_get1d(r, 0)));
  THFloatTensor_round(r, z); /* halves away from zero */
  EXPECT_VEC(Float, r, 0, 0, -3, 3);
  THFloatTensor_neg(r, z);
  EXPECT_VEC(Float, r, 0, 0, 2.5, -2.5);
  assert_false(signbit(THFloatTensor_get1d(r, 0)));
  THFloatTensor_frac(r, z);
  EXPECT_VEC(Float, r, 0, 0, -0.5, 0.5);
  /* Known values: sigmoid(0) = 1/2, lgamma(5) = log(4!), atan2(1, 1) = pi/4, exp(-inf) = 0. */
  THDoubleTensor *d = VEC(Double, 0, 5, 1, -INFINITY), *dr = THDoubleTensor_new();
  THDoubleTensor_sigmoid(dr, d);
  EXPECT_VEC(Double, dr, 0.5, 1 / (1 + exp(-5.0)), 1 / (1 + exp(-1.0)), 0);
  THDoubleTensor_lgamma(dr, d);
  assert_close(THDoubleTensor_get1d(dr, 1), log(24.0), 1e-14);
  THDoubleTensor_exp(dr, d);
  EXPECT_VEC(Double, dr, 1, exp(5.0), exp(1.0), 0);
  THDoubleTensor *ones = VEC(Double, 1, 1, 1, 1);
  THDoubleTensor_atan2(dr, ones, ones);
  assert_close(THDoubleTensor_get1d(dr, 0), M_PI / 4, 1e-15);
  THDoubleTensor_pow(dr, d, 0.5);
  EXPECT_VEC(Double, dr, 0, sqrt(5.0), 1, INFINITY);
  THDoubleTensor_tpow(dr, 2, d);
  EXPECT_VEC(Double, dr, 1, 32, 2, 0);
  THDoubleTensor_cinv(dr, d);
  EXPECT_VEC(Double, dr, INFINITY, 0.2, 1, -0.0);
  THDoubleTensor_free(d);
  THDoubleTensor_free(dr);
  THDoubleTensor_free(ones);
  THFloatTensor_free(z);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(r);
}

/* Contiguous float exp/sigmoid/tanh run THFloatVector's kernels (built for the baseline and for
 * AVX2): both builds, on a dense range and on the special values (overflow, subnormal results,
 * NaN, infinities, signed zero), agree with double-precision libm to a few float ulps. */
static void test_float_exp_sigmoid_tanh(void **state) {
  const float specials[] = {NAN, INFINITY, -INFINITY, 88.5f, 89, -87.5f, -100, -0.0f, 1e-20f, -3e-5f};
  const long nRange = 2561, nSpecial = (long)(sizeof specials / sizeof specials[0]);
  const long n = nRange + nSpecial;
  THFloatTensor *x = THFloatTensor_newWithSize1d(n), *r = THFloatTensor_new();
  float *xd = THFloatTensor_data(x);
  for (long i = 0; i < nRange; i++) xd[i] = -20.0f + (float)i / 64.0f; /* exact in float */
  for (long i = 0; i < nSpecial; i++) xd[nRange + i] = specials[i];
  void (*ops[3])(THFloatTensor *, THFloatTensor *) = {THFloatTensor_exp, THFloatTensor_sigmoid,
                                                       THFloatTensor_tanh};
  const char *names[3] = {"exp", "sigmoid", "tanh"};
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    const char *isa = kernel_set_name(pass);
    THFloatVector_vectorDispatchInit();
    for (int op = 0; op < 3; op++) {
      ops[op](r, x);
      for (long i = 0; i < n; i++) {
        double v = xd[i];
        double want = op == 0 ? exp(v) : op == 1 ? 1 / (1 + exp(-v)) : tanh(v);
        want = (float)want; /* what a correctly rounded float result is */
        double got = THFloatTensor_data(r)[i];
        if (!th_close(got, want, 1e-38, 5e-7)) /* below FLT_MIN: absolute */
          fail_msg("%s(%.9g) = %.9g, expected %.9g (%s kernels)", names[op], v, got, want, isa);
        if (want == 0 && signbit(want) != signbit(got)) fail_msg("%s(%g): sign of zero", names[op], v);
      }
    }
  }
  THFloatTensor_free(x);
  THFloatTensor_free(r);
}

/* Legacy: element-wise operations need the same number of elements, not the same shape. */
static void test_shapes_may_differ(void **state) {
  THFloatTensor *m = THFloatTensor_newWithSize2d(2, 3), *v = VEC(Float, 10, 20, 30, 40, 50, 60);
  for (int k = 0; k < 6; k++) THFloatTensor_data(m)[k] = (float)k;
  THFloatTensor *r = THFloatTensor_new();
  THFloatTensor_cadd(r, m, 1, v);
  assert_int_equal(THFloatTensor_nDimension(r), 2); /* shaped like t */
  assert_close(THFloatTensor_get2d(r, 1, 2), 65, 0);
  THFloatTensor_cmul(v, v, m); /* result v keeps its own shape: resizeAs(v, v) */
  EXPECT_VEC(Float, v, 0, 20, 60, 120, 200, 300);
  /* An expanded (stride 0) operand is read as many times as it appears. */
  THFloatTensor *row = VEC(Float, 1, 2, 3);
  THLongStorage *size = THLongStorage_newWithSize2(2, 3);
  THFloatTensor *rows = THFloatTensor_newExpand(row, size);
  THFloatTensor_cmul(r, m, rows);
  assert_close(THFloatTensor_get2d(r, 1, 2), 15, 0);
  assert_close(THFloatTensor_get2d(r, 1, 0), 3, 0);
  THFloatTensor_add(r, rows, 1);
  assert_close(THFloatTensor_get2d(r, 1, 1), 3, 0);
  THLongStorage_free(size);
  THFloatTensor_free(rows);
  THFloatTensor_free(row);
  THFloatTensor_free(m);
  THFloatTensor_free(v);
  THFloatTensor_free(r);
}

/* Layouts the strided walk must reorder, merge, tile or leave alone: a 3-d tensor with its first
 * and last dimensions swapped and its middle one narrowed, combined with a contiguous tensor and
 * with a differently permuted one; checked element by element through get3d. */
static void test_permuted_and_narrowed_3d(void **state) {
  THDoubleTensor *base = THDoubleTensor_newWithSize3d(5, 6, 7), *other = THDoubleTensor_newWithSize3d(4, 7, 5);
  for (long k = 0; k < 5 * 6 * 7; k++) THDoubleTensor_data(base)[k] = (double)k;
  for (long k = 0; k < 4 * 7 * 5; k++) THDoubleTensor_data(other)[k] = 1000.0 * k;
  THDoubleTensor *a = THDoubleTensor_newTranspose(base, 0, 2); /* 7 x 6 x 5 */
  THDoubleTensor_narrow(a, NULL, 1, 1, 4);                       /* 7 x 4 x 5, not mergeable */
  THDoubleTensor *b = THDoubleTensor_newTranspose(other, 0, 1); /* 7 x 4 x 5, another order */
  THDoubleTensor *c = THDoubleTensor_newContiguous(b);
  THDoubleTensor *r = THDoubleTensor_new();
  for (int pass = 0; pass < 2; pass++) {
    THDoubleTensor *second = pass == 0 ? b : c;
    THDoubleTensor_cadd(r, a, 2, second);
    for (long i = 0; i < 7; i++)
      for (long j = 0; j < 4; j++)
        for (long k = 0; k < 5; k++) {
          double x = THDoubleTensor_get3d(base, k, j + 1, i), y = THDoubleTensor_get3d(other, j, i, k);
          assert_close(THDoubleTensor_get3d(r, i, j, k), x + 2 * y, 0);
        }
  }
  /* In place on the narrowed, permuted view: only its elements change. */
  THDoubleTensor_mul(a, a, -1);
  for (long i = 0; i < 5; i++)
    for (long j = 0; j < 6; j++)
      for (long k = 0; k < 7; k++) {
        double v = (double)((i * 6 + j) * 7 + k);
        assert_close(THDoubleTensor_get3d(base, i, j, k), j >= 1 && j <= 4 ? -v : v, 0);
      }
  THDoubleTensor_free(r);
  THDoubleTensor_free(c);
  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
  THDoubleTensor_free(other);
  THDoubleTensor_free(base);
}

/* r_ may be any of the operands; addcmul/addcdiv must not destroy src1/src2 when r_ is one of
 * them (and not t). */
static void test_addc_aliasing(void **state) {
  THDoubleTensor *t = VEC(Double, 1, 2, 3), *s1 = VEC(Double, 4, 5, 6), *s2 = VEC(Double, 2, 2, 4);
  THDoubleTensor_addcmul(s1, t, 0.5, s1, s2); /* 1 + 0.5*4*2, 2 + 0.5*5*2, 3 + 0.5*6*4 */
  EXPECT_VEC(Double, s1, 5, 7, 15);
  THDoubleTensor_addcdiv(s2, t, 2, s1, s2); /* 1 + 2*5/2, 2 + 2*7/2, 3 + 2*15/4 */
  EXPECT_VEC(Double, s2, 6, 9, 10.5);
  THDoubleTensor_addcmul(t, t, 1, t, t); /* x + x^2 */
  EXPECT_VEC(Double, t, 2, 6, 12);
  THDoubleTensor_free(t);
  THDoubleTensor_free(s1);
  THDoubleTensor_free(s2);
}

static void test_bad_inputs(void **state) {
  THFloatTensor *a = VEC(Float, 1, 2, 3), *b = VEC(Float, 1, 2), *r = THFloatTensor_new();
  assert_th_error(THFloatTensor_cadd(r, a, 1, b), "must have the same number of elements");
  assert_th_error(THFloatTensor_cmul(r, a, b), "cmul: t (size [3], 3 elements) and src (size [2], 2 elements)");
  assert_th_error(THFloatTensor_cdiv(r, a, b), "cdiv");
  assert_th_error(THFloatTensor_cpow(r, a, b), "same number of elements");
  assert_th_error(THFloatTensor_cmax(r, a, b), "same number of elements");
  assert_th_error(THFloatTensor_atan2(r, a, b), "same number of elements");
  assert_th_error(THFloatTensor_lerp(r, a, b, 0.5), "lerp");
  assert_th_error(THFloatTensor_addcmul(r, a, 1, a, b), "addcmul");
  assert_th_error(THFloatTensor_addcdiv(r, b, 1, a, a), "addcdiv");
  assert_th_error(THIntTensor_cbitand(NULL, NULL, NULL), "cbitand: r_ is NULL");
  assert_th_error(THFloatTensor_add(r, NULL, 1), "add: t is NULL");
  assert_th_error(THFloatTensor_cadd(r, a, 1, NULL), "cadd: src is NULL");
  assert_th_error(THFloatTensor_zeros(r, NULL), "zeros: size is NULL");
  /* Nothing was resized by a failed call, and the library still works. */
  assert_int_equal(THFloatTensor_nDimension(r), 0);
  THFloatTensor_cmul(r, a, a);
  EXPECT_VEC(Float, r, 1, 4, 9);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(r);
}

/* One element-wise op on 2^20 elements agrees with the same op done one element at a time
 * through a strided view (the threaded THVector path against the serial strided one). */
static void test_big_contiguous_matches_strided(void **state) {
  const long n = 1 << 20;
  THFloatTensor *x = THFloatTensor_newWithSize1d(n), *y = THFloatTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++) {
    THFloatTensor_data(x)[i] = (float)(i % 1000) * 0.5f;
    THFloatTensor_data(y)[i] = (float)(i % 7) - 3.0f;
  }
  THFloatTensor *r = THFloatTensor_new();
  THFloatTensor_cadd(r, x, 2, y);
  for (long i = 0; i < n; i += 997) assert_close(THFloatTensor_data(r)[i], (i % 1000) * 0.5 + 2 * ((i % 7) - 3.0), 0);
  THFloatTensor_cmul(r, x, y);
  assert_close(THFloatTensor_data(r)[n - 1], ((n - 1) % 1000) * 0.5 * (((n - 1) % 7) - 3.0), 0);
  THFloatTensor_fill(r, 2.5f);
  for (long i = 0; i < n; i += 4099) assert_close(THFloatTensor_data(r)[i], 2.5, 0);
  assert_close(THFloatTensor_data(r)[n - 1], 2.5, 0);
  THFloatTensor_free(x);
  THFloatTensor_free(y);
  THFloatTensor_free(r);
}

#define TYPE_TESTS_(Real)                                      \
  cmocka_unit_test(test_##Real##_fill_and_friends),            \
  cmocka_unit_test(test_##Real##_scalar_ops),                  \
  cmocka_unit_test(test_##Real##_tensor_ops)

int main(void) {
  const struct CMUnitTest tests[] = {
      TYPE_TESTS_(Byte),
      TYPE_TESTS_(Char),
      TYPE_TESTS_(Short),
      TYPE_TESTS_(Int),
      TYPE_TESTS_(Long),
      TYPE_TESTS_(Float),
      cmocka_unit_test(test_Float_math),
      TYPE_TESTS_(Double),
      cmocka_unit_test(test_Double_math),
      cmocka_unit_test(test_integer_division_truncates),
      cmocka_unit_test(test_integer_division_by_zero_is_an_error),
      cmocka_unit_test(test_integer_wrapping),
      cmocka_unit_test(test_shifts_and_bits),
      cmocka_unit_test(test_right_shifts_of_negatives_are_logical),
      cmocka_unit_test(test_integer_pow),
      cmocka_unit_test(test_float_specials),
      cmocka_unit_test(test_float_exp_sigmoid_tanh),
      cmocka_unit_test(test_shapes_may_differ),
      cmocka_unit_test(test_permuted_and_narrowed_3d),
      cmocka_unit_test(test_addc_aliasing),
      cmocka_unit_test(test_bad_inputs),
      cmocka_unit_test(test_big_contiguous_matches_strided),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
