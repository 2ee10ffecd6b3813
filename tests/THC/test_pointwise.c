/* THCTensorMathPointwise against TH: every scalar, unary and binary operation on contiguous and
 * transposed operands, in place, for Double, Float and Long; then the argument errors. */
#include "thc_test.h"

/* A CPU tensor and its device twin with the same logical values and layout: rows x cols filled
 * from f in row-major order; transposed: a transposed view of a contiguous cols x rows base.
 * DPair/dpair/dfree for Double, FPair/fpair/ffree for Float, LPair/lpair/lfree for Long; the
 * prefixes D, F and L name the types, the functions and the comparison (P_CPU, P_GPU, P_TH(NAME),
 * P_THC(NAME), P_MATCH(GOT, EXPECTED, TOL)) for the checks below. */
#define D_CPU THDoubleTensor
#define D_GPU THCudaDoubleTensor
#define D_TH(NAME) THDoubleTensor_##NAME
#define D_THC(NAME) THCudaDoubleTensor_##NAME
#define D_MATCH(G, E, TOL) thc_assert_double_matches(G, E, TOL)
#define F_CPU THFloatTensor
#define F_GPU THCudaTensor
#define F_TH(NAME) THFloatTensor_##NAME
#define F_THC(NAME) THCudaTensor_##NAME
#define F_MATCH(G, E, TOL) thc_assert_float_matches(G, E, TOL)
#define L_CPU THLongTensor
#define L_GPU THCudaLongTensor
#define L_TH(NAME) THLongTensor_##NAME
#define L_THC(NAME) THCudaLongTensor_##NAME
#define L_MATCH(G, E, TOL) thc_assert_long_matches(G, E)

#define PAIR_TYPE(P, Pair, pair, pfree, real, s, source)                                                  \
  typedef struct {                                                                                     \
    P##_CPU *cpu;                                                                                      \
    P##_GPU *gpu;                                                                                      \
  } Pair;                                                                                              \
  static Pair pair(long rows, long cols, int transposed, source (*f)(long)) {                          \
    P##_CPU *base = transposed ? P##_TH(newWithSize2d)(cols, rows) : P##_TH(newWithSize2d)(rows, cols); \
    P##_CPU *view = transposed ? P##_TH(newTranspose)(base, 0, 1) : P##_TH(newWithTensor)(base);       \
    for (long i = 0; i < rows; i++)                                                                    \
      for (long j = 0; j < cols; j++) P##_TH(set2d)(view, i, j, (real)f(i * cols + j));                \
    P##_GPU *gbase = thc_upload_##s(base);                                                             \
    Pair p = {view, transposed ? P##_THC(newTranspose)(thc_state, gbase, 0, 1)                        \
                               : P##_THC(newWithTensor)(thc_state, gbase)};                           \
    P##_THC(free)(thc_state, gbase);                                                                   \
    P##_TH(free)(base);                                                                                \
    return p;                                                                                          \
  }                                                                                                    \
  static void pfree(Pair p) {                                                                          \
    P##_TH(free)(p.cpu);                                                                               \
    P##_THC(free)(thc_state, p.gpu);                                                                   \
  }
PAIR_TYPE(D, DPair, dpair, dfree, double, double, double)
PAIR_TYPE(F, FPair, fpair, ffree, float, float, double)
PAIR_TYPE(L, LPair, lpair, lfree, long, long, long)

/* Values in (0.05, 0.95): inside every domain (log, acos, sqrt, ...). */
static double unit(long i) { return 0.05 + 0.9 * (double)((i * 37) % 101) / 101.0; }
/* Values -6.25 .. 6.25 in steps of 1/8: signs, halves (round), integers (floor, ceil). */
static double spread(long i) { return (double)((i * 37) % 101 - 50) / 8.0; }
/* Never zero: divisors. */
static double divisor(long i) {
  double v = (double)((i * 13) % 17 - 8) / 4.0;
  return v == 0 ? 1.5 : v;
}
static long lvals(long i) { return (i * 37) % 101 - 50; }
static long ldivisor(long i) {
  long v = (i * 13) % 17 - 8;
  return v == 0 ? 3 : v;
}
static long lsmall(long i) { return (i * 7) % 9 - 2; } /* -2..6: exponents and shift counts */

static const long shapes[][2] = {{1, 1}, {3, 5}, {70, 130}};
#define NSHAPES 3

/* NAME(ARGS) (the arguments written with R for the result and A and B for the operand pairs a and
 * b) in TH into rc, then on the device into rg, and the results compared within TOL. */
#define RUN_BOTH(P, NAME, TOL, rc, rg, a, b, ...)              \
  do {                                                         \
    {                                                          \
      P##_CPU *R = rc, *A = (a).cpu, *B = (b).cpu;             \
      (void)B;                                                 \
      P##_TH(NAME)(__VA_ARGS__);                               \
    }                                                          \
    {                                                          \
      P##_GPU *R = rg, *A = (a).gpu, *B = (b).gpu;             \
      (void)B;                                                 \
      P##_THC(NAME)(thc_state, __VA_ARGS__);                   \
    }                                                          \
    P##_MATCH(rg, rc, TOL);                                    \
  } while (0)

/* RUN_BOTH for every shape, with a (filled from FA) contiguous or transposed and b (from FB) in the
 * other layout; then in place (R = A) into the device copy of a. Scalar and unary forms ignore b. */
#define CHECK_OP(P, NAME, FA, FB, TOL, ...)                                     \
  for (int s = 0; s < NSHAPES; s++)                                             \
    for (int tr = 0; tr < 2; tr++) {                                            \
      P##Pair a = P##pair_(shapes[s][0], shapes[s][1], tr, FA);                 \
      P##Pair b = P##pair_(shapes[s][0], shapes[s][1], !tr, FB);                \
      P##_CPU *rc = P##_TH(new)();                                              \
      P##_GPU *rg = P##_THC(new)(thc_state);                                    \
      RUN_BOTH(P, NAME, TOL, rc, rg, a, b, __VA_ARGS__);                        \
      {                                                                         \
        P##_GPU *R = a.gpu, *A = a.gpu, *B = b.gpu;                             \
        (void)B;                                                                \
        P##_THC(NAME)(thc_state, __VA_ARGS__);                                  \
      }                                                                         \
      P##_MATCH(a.gpu, rc, TOL);                                                \
      P##_TH(free)(rc);                                                         \
      P##_THC(free)(thc_state, rg);                                             \
      P##free_(a);                                                              \
      P##free_(b);                                                              \
    }
#define Dpair_ dpair
#define Dfree_ dfree
#define Lpair_ lpair
#define Lfree_ lfree

/* ------------------------------------------------------------------ Double */

/* r = OP(a) on the device matches TH; then in place on a device copy. */
#define UNARY_D(NAME, F) CHECK_OP(D, NAME, F, F, 1e-12, R, A)

static void test_double_unary(void **st) {
  UNARY_D(sigmoid, spread)
  UNARY_D(log, unit)
  UNARY_D(lgamma, unit) /* CUDA documents larger lgamma errors in (-11, -2.26) */
  UNARY_D(log1p, unit)
  UNARY_D(exp, spread)
  UNARY_D(cos, spread)
  UNARY_D(acos, unit)
  UNARY_D(cosh, spread)
  UNARY_D(sin, spread)
  UNARY_D(asin, unit)
  UNARY_D(sinh, spread)
  UNARY_D(tan, unit)
  UNARY_D(atan, spread)
  UNARY_D(tanh, spread)
  UNARY_D(sqrt, unit)
  UNARY_D(rsqrt, unit)
  UNARY_D(ceil, spread)
  UNARY_D(floor, spread)
  UNARY_D(round, spread)
  UNARY_D(trunc, spread)
  UNARY_D(frac, spread)
  UNARY_D(cinv, divisor)
  UNARY_D(neg, spread)
  UNARY_D(abs, spread)
  UNARY_D(sign, spread)
}

/* r = OP(a, value) ... */
static void test_double_scalar(void **st) {
  CHECK_OP(D, add, spread, spread, 1e-12, R, A, 2.5)
  CHECK_OP(D, sub, spread, spread, 1e-12, R, A, 2.5)
  CHECK_OP(D, mul, spread, spread, 1e-12, R, A, -1.75)
  CHECK_OP(D, div, spread, spread, 1e-12, R, A, -1.75)
  CHECK_OP(D, fmod, spread, spread, 1e-12, R, A, -1.5)
  CHECK_OP(D, remainder, spread, spread, 1e-12, R, A, -1.5)
  CHECK_OP(D, remainder, spread, spread, 1e-12, R, A, 1.5)
  CHECK_OP(D, lshift, spread, spread, 1e-12, R, A, 3)
  CHECK_OP(D, rshift, spread, spread, 1e-12, R, A, 2)
  CHECK_OP(D, clamp, spread, spread, 1e-12, R, A, -2, 3.5)
  CHECK_OP(D, cmaxValue, spread, spread, 1e-12, R, A, 0.5)
  CHECK_OP(D, cminValue, spread, spread, 1e-12, R, A, 0.5)
  CHECK_OP(D, pow, spread, spread, 1e-12, R, A, 2)
  CHECK_OP(D, pow, unit, unit, 1e-12, R, A, 1.7)
  CHECK_OP(D, tpow, spread, spread, 1e-12, R, 1.3, A)
}

/* r = OP(a, b) with b in the other layout; then in place into a device copy of a. */
static void test_double_binary(void **st) {
  CHECK_OP(D, cmul, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cdiv, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cpow, unit, spread, 1e-12, R, A, B)
  CHECK_OP(D, cfmod, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cremainder, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cmax, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cmin, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, clshift, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, crshift, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, atan2, spread, divisor, 1e-12, R, A, B)
  CHECK_OP(D, cadd, spread, divisor, 1e-12, R, A, -0.5, B)
  CHECK_OP(D, csub, spread, divisor, 1e-12, R, A, 2, B)
  CHECK_OP(D, lerp, spread, divisor, 1e-12, R, A, B, 0.3)
  /* addcmul/addcdiv: t = a, src1 = b, src2 = a (an operand aliasing the result when in place). */
  CHECK_OP(D, addcmul, spread, divisor, 1e-12, R, A, 0.7, B, A)
  CHECK_OP(D, addcdiv, spread, divisor, 1e-12, R, A, 0.7, A, B)
}

/* addcmul whose result is src1 (not t): the temporary path. */
static void test_addc_aliasing(void **st) {
  DPair t = dpair(4, 6, 0, spread), s1 = dpair(4, 6, 1, divisor), s2 = dpair(4, 6, 0, unit);
  THDoubleTensor *rc = THDoubleTensor_new();
  THDoubleTensor_addcmul(rc, t.cpu, 2, s1.cpu, s2.cpu);
  THCudaDoubleTensor_addcmul(thc_state, s1.gpu, t.gpu, 2, s1.gpu, s2.gpu);
  thc_assert_double_matches(s1.gpu, rc, 1e-12);
  THCudaDoubleTensor_addcdiv(thc_state, s2.gpu, t.gpu, 2, s2.gpu, s1.gpu);
  /* s1.gpu now holds the addcmul result, not s1.cpu: compare against TH on the same operands */
  THDoubleTensor *s1now = thc_download_double(s1.gpu), *expect = THDoubleTensor_new();
  THDoubleTensor_addcdiv(expect, t.cpu, 2, s2.cpu, s1now);
  thc_assert_double_matches(s2.gpu, expect, 1e-12);
  THDoubleTensor_free(s1now);
  THDoubleTensor_free(expect);
  THDoubleTensor_free(rc);
  dfree(t);
  dfree(s1);
  dfree(s2);
}

/* cross along an explicit dimension and the first of size 3; non-contiguous and in place. */
static void test_cross(void **st) {
  for (int tr = 0; tr < 2; tr++) {
    DPair a = dpair(3, 7, tr, spread), b = dpair(3, 7, !tr, divisor);
    THDoubleTensor *rc = THDoubleTensor_new();
    THCudaDoubleTensor *rg = THCudaDoubleTensor_new(thc_state);
    RUN_BOTH(D, cross, 1e-12, rc, rg, a, b, R, A, B, 0);
    THCudaDoubleTensor_cross(thc_state, rg, a.gpu, b.gpu, -1);
    thc_assert_double_matches(rg, rc, 1e-12);
    THCudaDoubleTensor_cross(thc_state, a.gpu, a.gpu, b.gpu, 0);
    thc_assert_double_matches(a.gpu, rc, 1e-12);
    THDoubleTensor_free(rc);
    THCudaDoubleTensor_free(thc_state, rg);
    dfree(a);
    dfree(b);
  }
  DPair a = dpair(5, 3, 1, spread), b = dpair(5, 3, 0, divisor);
  THDoubleTensor *rc = THDoubleTensor_new();
  THCudaDoubleTensor *rg = THCudaDoubleTensor_new(thc_state);
  RUN_BOTH(D, cross, 1e-12, rc, rg, a, b, R, A, B, 1);
  assert_th_error(THCudaDoubleTensor_cross(thc_state, rg, a.gpu, b.gpu, 0), "expected 3");
  THDoubleTensor_free(rc);
  THCudaDoubleTensor_free(thc_state, rg);
  dfree(a);
  dfree(b);
}

/* ------------------------------------------------------------------ Float (a sample) */

static void test_float(void **st) {
  for (int tr = 0; tr < 2; tr++) {
    FPair a = fpair(70, 130, tr, spread), b = fpair(70, 130, !tr, divisor);
    THFloatTensor *rc = THFloatTensor_new();
    THCudaTensor *rg = THCudaTensor_new(thc_state);
    RUN_BOTH(F, exp, 1e-5, rc, rg, a, b, R, A);
    RUN_BOTH(F, sigmoid, 1e-5, rc, rg, a, b, R, A);
    RUN_BOTH(F, tanh, 1e-5, rc, rg, a, b, R, A);
    RUN_BOTH(F, round, 0, rc, rg, a, b, R, A);
    RUN_BOTH(F, cadd, 1e-6, rc, rg, a, b, R, A, 3, B);
    RUN_BOTH(F, cremainder, 1e-6, rc, rg, a, b, R, A, B);
    RUN_BOTH(F, clamp, 0, rc, rg, a, b, R, A, -1, 1);
    THFloatTensor_free(rc);
    THCudaTensor_free(thc_state, rg);
    ffree(a);
    ffree(b);
  }
}

/* ------------------------------------------------------------------ Long */

#define LONG_OP(NAME, FB, ...) CHECK_OP(L, NAME, lvals, FB, 0, __VA_ARGS__)

/* Scalar and unary forms ignore b. */
static void test_long(void **st) {
  LONG_OP(add, ldivisor, R, A, -7)
  LONG_OP(sub, ldivisor, R, A, 9)
  LONG_OP(mul, ldivisor, R, A, -3)
  LONG_OP(div, ldivisor, R, A, -4)
  LONG_OP(fmod, ldivisor, R, A, -4)
  LONG_OP(remainder, ldivisor, R, A, -4)
  LONG_OP(remainder, ldivisor, R, A, 6)
  LONG_OP(lshift, ldivisor, R, A, 3)
  LONG_OP(rshift, ldivisor, R, A, 2)
  LONG_OP(bitand, ldivisor, R, A, 0x2d)
  LONG_OP(bitor, ldivisor, R, A, 0x2d)
  LONG_OP(bitxor, ldivisor, R, A, 0x2d)
  LONG_OP(clamp, ldivisor, R, A, -10, 20)
  LONG_OP(cmaxValue, ldivisor, R, A, 4)
  LONG_OP(cminValue, ldivisor, R, A, 4)
  LONG_OP(neg, ldivisor, R, A)
  LONG_OP(abs, ldivisor, R, A)
  LONG_OP(sign, ldivisor, R, A)
  /* element by element */
  LONG_OP(cadd, ldivisor, R, A, 3, B)
  LONG_OP(csub, ldivisor, R, A, 3, B)
  LONG_OP(cmul, ldivisor, R, A, B)
  LONG_OP(cdiv, ldivisor, R, A, B)
  LONG_OP(cfmod, ldivisor, R, A, B)
  LONG_OP(cremainder, ldivisor, R, A, B)
  LONG_OP(cpow, lsmall, R, A, B)
  LONG_OP(clshift, lsmall, R, A, B)
  LONG_OP(crshift, lsmall, R, A, B)
  LONG_OP(cmax, ldivisor, R, A, B)
  LONG_OP(cmin, ldivisor, R, A, B)
  LONG_OP(cbitand, ldivisor, R, A, B)
  LONG_OP(cbitor, ldivisor, R, A, B)
  LONG_OP(cbitxor, ldivisor, R, A, B)
  LONG_OP(addcdiv, ldivisor, R, A, 5, A, B)
  LONG_OP(addcmul, ldivisor, R, A, 5, B, B)
}

/* ------------------------------------------------------------------ errors */

static void test_errors(void **st) {
  LPair a = lpair(3, 4, 0, lvals), z = lpair(3, 4, 1, lsmall); /* lsmall has zeros */
  THCudaLongTensor *r = THCudaLongTensor_new(thc_state);
  assert_th_error(THCudaLongTensor_div(thc_state, r, a.gpu, 0), "division by zero");
  assert_th_error(THCudaLongTensor_remainder(thc_state, r, a.gpu, 0), "division by zero");
  assert_th_error(THCudaLongTensor_cdiv(thc_state, r, a.gpu, z.gpu), "division by zero");
  assert_th_error(THCudaLongTensor_cfmod(thc_state, r, a.gpu, z.gpu), "division by zero");
  assert_th_error(THCudaLongTensor_addcdiv(thc_state, r, a.gpu, 1, a.gpu, z.gpu), "division by zero");
  assert_int_equal(r->nDimension, 0); /* nothing was written */
  LPair small = lpair(2, 2, 0, lvals);
  assert_th_error(THCudaLongTensor_cadd(thc_state, r, a.gpu, 1, small.gpu), "elements");
  assert_th_error(THCudaLongTensor_cmul(thc_state, r, a.gpu, small.gpu), "elements");
  /* still works */
  THLongTensor *rc = THLongTensor_new();
  RUN_BOTH(L, cmul, 0, rc, r, a, z, R, A, B);
  THLongTensor_free(rc);

  FPair f = fpair(3, 4, 0, spread);
  THCudaTensor *rf = THCudaTensor_new(thc_state);
  assert_th_error(THCudaTensor_bitand(thc_state, rf, f.gpu, 1), "not supported for float types");
  assert_th_error(THCudaTensor_cbitxor(thc_state, rf, f.gpu, f.gpu), "not supported for float types");
  THCudaTensor_free(thc_state, rf);
  ffree(f);
  THCudaLongTensor_free(thc_state, r);
  lfree(a);
  lfree(z);
  lfree(small);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_double_unary), cmocka_unit_test(test_double_scalar),
      cmocka_unit_test(test_double_binary), cmocka_unit_test(test_addc_aliasing),
      cmocka_unit_test(test_cross),        cmocka_unit_test(test_float),
      cmocka_unit_test(test_long),         cmocka_unit_test(test_errors),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return rc;
}
