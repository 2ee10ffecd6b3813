/* THCTensorMathPointwise against TH: every scalar, unary and binary operation on contiguous and
 * transposed operands, in place, for Double, Float and Long; then the argument errors. */
#include "thc_test.h"

/* A CPU tensor and its device twin with the same logical values and layout: rows x cols filled
 * from f in row-major order; transposed: a transposed view of a contiguous cols x rows base. */
typedef struct {
  THDoubleTensor *cpu;
  THCudaDoubleTensor *gpu;
} DPair;
typedef struct {
  THLongTensor *cpu;
  THCudaLongTensor *gpu;
} LPair;
typedef struct {
  THFloatTensor *cpu;
  THCudaTensor *gpu;
} FPair;

static DPair dpair(long rows, long cols, int transposed, double (*f)(long)) {
  THDoubleTensor *base = transposed ? THDoubleTensor_newWithSize2d(cols, rows) : THDoubleTensor_newWithSize2d(rows, cols);
  THDoubleTensor *view = transposed ? THDoubleTensor_newTranspose(base, 0, 1) : THDoubleTensor_newWithTensor(base);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) THDoubleTensor_set2d(view, i, j, f(i * cols + j));
  THCudaDoubleTensor *gbase = thc_upload_double(base);
  DPair p = {view, transposed ? THCudaDoubleTensor_newTranspose(thc_state, gbase, 0, 1)
                              : THCudaDoubleTensor_newWithTensor(thc_state, gbase)};
  THCudaDoubleTensor_free(thc_state, gbase);
  THDoubleTensor_free(base);
  return p;
}
static void dfree(DPair p) {
  THDoubleTensor_free(p.cpu);
  THCudaDoubleTensor_free(thc_state, p.gpu);
}

static LPair lpair(long rows, long cols, int transposed, long (*f)(long)) {
  THLongTensor *base = transposed ? THLongTensor_newWithSize2d(cols, rows) : THLongTensor_newWithSize2d(rows, cols);
  THLongTensor *view = transposed ? THLongTensor_newTranspose(base, 0, 1) : THLongTensor_newWithTensor(base);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) THLongTensor_set2d(view, i, j, f(i * cols + j));
  THCudaLongTensor *gbase = thc_upload_long(base);
  LPair p = {view, transposed ? THCudaLongTensor_newTranspose(thc_state, gbase, 0, 1)
                              : THCudaLongTensor_newWithTensor(thc_state, gbase)};
  THCudaLongTensor_free(thc_state, gbase);
  THLongTensor_free(base);
  return p;
}
static void lfree(LPair p) {
  THLongTensor_free(p.cpu);
  THCudaLongTensor_free(thc_state, p.gpu);
}

static FPair fpair(long rows, long cols, int transposed, double (*f)(long)) {
  THFloatTensor *base = transposed ? THFloatTensor_newWithSize2d(cols, rows) : THFloatTensor_newWithSize2d(rows, cols);
  THFloatTensor *view = transposed ? THFloatTensor_newTranspose(base, 0, 1) : THFloatTensor_newWithTensor(base);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) THFloatTensor_set2d(view, i, j, (float)f(i * cols + j));
  THCudaTensor *gbase = thc_upload_float(base);
  FPair p = {view, transposed ? THCudaTensor_newTranspose(thc_state, gbase, 0, 1)
                              : THCudaTensor_newWithTensor(thc_state, gbase)};
  THCudaTensor_free(thc_state, gbase);
  THFloatTensor_free(base);
  return p;
}
static void ffree(FPair p) {
  THFloatTensor_free(p.cpu);
  THCudaTensor_free(thc_state, p.gpu);
}

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

/* ------------------------------------------------------------------ Double */

/* r = OP(a) on the device matches TH; then in place on a device copy. */
#define CHECK_UNARY_D(NAME, F)                                                     \
  for (int s = 0; s < NSHAPES; s++)                                                \
    for (int tr = 0; tr < 2; tr++) {                                               \
      DPair a = dpair(shapes[s][0], shapes[s][1], tr, F);                          \
      THDoubleTensor *rc = THDoubleTensor_new();                                   \
      THCudaDoubleTensor *rg = THCudaDoubleTensor_new(thc_state);                  \
      THDoubleTensor_##NAME(rc, a.cpu);                                            \
      THCudaDoubleTensor_##NAME(thc_state, rg, a.gpu);                             \
      thc_assert_double_matches(rg, rc, 1e-12);                                    \
      THCudaDoubleTensor_##NAME(thc_state, a.gpu, a.gpu);                          \
      thc_assert_double_matches(a.gpu, rc, 1e-12);                                 \
      THDoubleTensor_free(rc);                                                     \
      THCudaDoubleTensor_free(thc_state, rg);                                      \
      dfree(a);                                                                    \
    }

static void test_double_unary(void **st) {
  CHECK_UNARY_D(sigmoid, spread)
  CHECK_UNARY_D(log, unit)
  CHECK_UNARY_D(lgamma, unit) /* CUDA documents larger lgamma errors in (-11, -2.26) */
  CHECK_UNARY_D(log1p, unit)
  CHECK_UNARY_D(exp, spread)
  CHECK_UNARY_D(cos, spread)
  CHECK_UNARY_D(acos, unit)
  CHECK_UNARY_D(cosh, spread)
  CHECK_UNARY_D(sin, spread)
  CHECK_UNARY_D(asin, unit)
  CHECK_UNARY_D(sinh, spread)
  CHECK_UNARY_D(tan, unit)
  CHECK_UNARY_D(atan, spread)
  CHECK_UNARY_D(tanh, spread)
  CHECK_UNARY_D(sqrt, unit)
  CHECK_UNARY_D(rsqrt, unit)
  CHECK_UNARY_D(ceil, spread)
  CHECK_UNARY_D(floor, spread)
  CHECK_UNARY_D(round, spread)
  CHECK_UNARY_D(trunc, spread)
  CHECK_UNARY_D(frac, spread)
  CHECK_UNARY_D(cinv, divisor)
  CHECK_UNARY_D(neg, spread)
  CHECK_UNARY_D(abs, spread)
  CHECK_UNARY_D(sign, spread)
}

/* r = OP(a, value) ... */
#define CHECK_SCALAR_D(CALL_TH, CALL_THC, F)                                      \
  for (int s = 0; s < NSHAPES; s++)                                               \
    for (int tr = 0; tr < 2; tr++) {                                              \
      DPair a = dpair(shapes[s][0], shapes[s][1], tr, F);                         \
      THDoubleTensor *rc = THDoubleTensor_new();                                  \
      THCudaDoubleTensor *rg = THCudaDoubleTensor_new(thc_state);                 \
      CALL_TH(rc, a.cpu);                                                         \
      CALL_THC(rg, a.gpu);                                                        \
      thc_assert_double_matches(rg, rc, 1e-12);                                   \
      CALL_THC(a.gpu, a.gpu);                                                     \
      thc_assert_double_matches(a.gpu, rc, 1e-12);                                \
      THDoubleTensor_free(rc);                                                    \
      THCudaDoubleTensor_free(thc_state, rg);                                     \
      dfree(a);                                                                   \
    }

static void test_double_scalar(void **st) {
#define S_TH(R, A) THDoubleTensor_add(R, A, 2.5)
#define S_THC(R, A) THCudaDoubleTensor_add(thc_state, R, A, 2.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_sub(R, A, 2.5)
#define S_THC(R, A) THCudaDoubleTensor_sub(thc_state, R, A, 2.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_mul(R, A, -1.75)
#define S_THC(R, A) THCudaDoubleTensor_mul(thc_state, R, A, -1.75)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_div(R, A, -1.75)
#define S_THC(R, A) THCudaDoubleTensor_div(thc_state, R, A, -1.75)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_fmod(R, A, -1.5)
#define S_THC(R, A) THCudaDoubleTensor_fmod(thc_state, R, A, -1.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_remainder(R, A, -1.5)
#define S_THC(R, A) THCudaDoubleTensor_remainder(thc_state, R, A, -1.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_remainder(R, A, 1.5)
#define S_THC(R, A) THCudaDoubleTensor_remainder(thc_state, R, A, 1.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_lshift(R, A, 3)
#define S_THC(R, A) THCudaDoubleTensor_lshift(thc_state, R, A, 3)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_rshift(R, A, 2)
#define S_THC(R, A) THCudaDoubleTensor_rshift(thc_state, R, A, 2)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_clamp(R, A, -2, 3.5)
#define S_THC(R, A) THCudaDoubleTensor_clamp(thc_state, R, A, -2, 3.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_cmaxValue(R, A, 0.5)
#define S_THC(R, A) THCudaDoubleTensor_cmaxValue(thc_state, R, A, 0.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_cminValue(R, A, 0.5)
#define S_THC(R, A) THCudaDoubleTensor_cminValue(thc_state, R, A, 0.5)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_pow(R, A, 2)
#define S_THC(R, A) THCudaDoubleTensor_pow(thc_state, R, A, 2)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_pow(R, A, 1.7)
#define S_THC(R, A) THCudaDoubleTensor_pow(thc_state, R, A, 1.7)
  CHECK_SCALAR_D(S_TH, S_THC, unit)
#undef S_TH
#undef S_THC
#define S_TH(R, A) THDoubleTensor_tpow(R, 1.3, A)
#define S_THC(R, A) THCudaDoubleTensor_tpow(thc_state, R, 1.3, A)
  CHECK_SCALAR_D(S_TH, S_THC, spread)
#undef S_TH
#undef S_THC
}

/* r = OP(a, b) with b in the other layout; then in place into a device copy of a. */
#define CHECK_BINARY_D(CALL_TH, CALL_THC, FA, FB)                                 \
  for (int s = 0; s < NSHAPES; s++)                                               \
    for (int tr = 0; tr < 2; tr++) {                                              \
      DPair a = dpair(shapes[s][0], shapes[s][1], tr, FA);                        \
      DPair b = dpair(shapes[s][0], shapes[s][1], !tr, FB);                       \
      THDoubleTensor *rc = THDoubleTensor_new();                                  \
      THCudaDoubleTensor *rg = THCudaDoubleTensor_new(thc_state);                 \
      CALL_TH(rc, a.cpu, b.cpu);                                                  \
      CALL_THC(rg, a.gpu, b.gpu);                                                 \
      thc_assert_double_matches(rg, rc, 1e-12);                                   \
      CALL_THC(a.gpu, a.gpu, b.gpu);                                              \
      thc_assert_double_matches(a.gpu, rc, 1e-12);                                \
      THDoubleTensor_free(rc);                                                    \
      THCudaDoubleTensor_free(thc_state, rg);                                     \
      dfree(a);                                                                   \
      dfree(b);                                                                   \
    }

#define BIN_D(NAME, FA, FB)                                            \
  {                                                                    \
    CHECK_BINARY_D(THDoubleTensor_##NAME, THC_D_##NAME, FA, FB)        \
  }
#define THC_D_cmul(R, A, B) THCudaDoubleTensor_cmul(thc_state, R, A, B)
#define THC_D_cdiv(R, A, B) THCudaDoubleTensor_cdiv(thc_state, R, A, B)
#define THC_D_cpow(R, A, B) THCudaDoubleTensor_cpow(thc_state, R, A, B)
#define THC_D_cfmod(R, A, B) THCudaDoubleTensor_cfmod(thc_state, R, A, B)
#define THC_D_cremainder(R, A, B) THCudaDoubleTensor_cremainder(thc_state, R, A, B)
#define THC_D_cmax(R, A, B) THCudaDoubleTensor_cmax(thc_state, R, A, B)
#define THC_D_cmin(R, A, B) THCudaDoubleTensor_cmin(thc_state, R, A, B)
#define THC_D_clshift(R, A, B) THCudaDoubleTensor_clshift(thc_state, R, A, B)
#define THC_D_crshift(R, A, B) THCudaDoubleTensor_crshift(thc_state, R, A, B)
#define THC_D_atan2(R, A, B) THCudaDoubleTensor_atan2(thc_state, R, A, B)

static void test_double_binary(void **st) {
  BIN_D(cmul, spread, divisor)
  BIN_D(cdiv, spread, divisor)
  BIN_D(cpow, unit, spread)
  BIN_D(cfmod, spread, divisor)
  BIN_D(cremainder, spread, divisor)
  BIN_D(cmax, spread, divisor)
  BIN_D(cmin, spread, divisor)
  BIN_D(clshift, spread, divisor)
  BIN_D(crshift, spread, divisor)
  BIN_D(atan2, spread, divisor)
#define B_TH(R, A, B) THDoubleTensor_cadd(R, A, -0.5, B)
#define B_THC(R, A, B) THCudaDoubleTensor_cadd(thc_state, R, A, -0.5, B)
  CHECK_BINARY_D(B_TH, B_THC, spread, divisor)
#undef B_TH
#undef B_THC
#define B_TH(R, A, B) THDoubleTensor_csub(R, A, 2, B)
#define B_THC(R, A, B) THCudaDoubleTensor_csub(thc_state, R, A, 2, B)
  CHECK_BINARY_D(B_TH, B_THC, spread, divisor)
#undef B_TH
#undef B_THC
#define B_TH(R, A, B) THDoubleTensor_lerp(R, A, B, 0.3)
#define B_THC(R, A, B) THCudaDoubleTensor_lerp(thc_state, R, A, B, 0.3)
  CHECK_BINARY_D(B_TH, B_THC, spread, divisor)
#undef B_TH
#undef B_THC
/* addcmul/addcdiv: t = a, src1 = b, src2 = a (an operand aliasing the result when in place). */
#define B_TH(R, A, B) THDoubleTensor_addcmul(R, A, 0.7, B, A)
#define B_THC(R, A, B) THCudaDoubleTensor_addcmul(thc_state, R, A, 0.7, B, A)
  CHECK_BINARY_D(B_TH, B_THC, spread, divisor)
#undef B_TH
#undef B_THC
#define B_TH(R, A, B) THDoubleTensor_addcdiv(R, A, 0.7, A, B)
#define B_THC(R, A, B) THCudaDoubleTensor_addcdiv(thc_state, R, A, 0.7, A, B)
  CHECK_BINARY_D(B_TH, B_THC, spread, divisor)
#undef B_TH
#undef B_THC
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
    THDoubleTensor_cross(rc, a.cpu, b.cpu, 0);
    THCudaDoubleTensor_cross(thc_state, rg, a.gpu, b.gpu, 0);
    thc_assert_double_matches(rg, rc, 1e-12);
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
  THDoubleTensor_cross(rc, a.cpu, b.cpu, 1);
  THCudaDoubleTensor_cross(thc_state, rg, a.gpu, b.gpu, 1);
  thc_assert_double_matches(rg, rc, 1e-12);
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
    THFloatTensor_exp(rc, a.cpu);
    THCudaTensor_exp(thc_state, rg, a.gpu);
    thc_assert_float_matches(rg, rc, 1e-5);
    THFloatTensor_sigmoid(rc, a.cpu);
    THCudaTensor_sigmoid(thc_state, rg, a.gpu);
    thc_assert_float_matches(rg, rc, 1e-5);
    THFloatTensor_tanh(rc, a.cpu);
    THCudaTensor_tanh(thc_state, rg, a.gpu);
    thc_assert_float_matches(rg, rc, 1e-5);
    THFloatTensor_round(rc, a.cpu);
    THCudaTensor_round(thc_state, rg, a.gpu);
    thc_assert_float_matches(rg, rc, 0);
    THFloatTensor_cadd(rc, a.cpu, 3, b.cpu);
    THCudaTensor_cadd(thc_state, rg, a.gpu, 3, b.gpu);
    thc_assert_float_matches(rg, rc, 1e-6);
    THFloatTensor_cremainder(rc, a.cpu, b.cpu);
    THCudaTensor_cremainder(thc_state, rg, a.gpu, b.gpu);
    thc_assert_float_matches(rg, rc, 1e-6);
    THFloatTensor_clamp(rc, a.cpu, -1, 1);
    THCudaTensor_clamp(thc_state, rg, a.gpu, -1, 1);
    thc_assert_float_matches(rg, rc, 0);
    THFloatTensor_free(rc);
    THCudaTensor_free(thc_state, rg);
    ffree(a);
    ffree(b);
  }
}

/* ------------------------------------------------------------------ Long */

#define CHECK_LONG(CALL_TH, CALL_THC, FA, FB)                                     \
  for (int s = 0; s < NSHAPES; s++)                                               \
    for (int tr = 0; tr < 2; tr++) {                                              \
      LPair a = lpair(shapes[s][0], shapes[s][1], tr, FA);                        \
      LPair b = lpair(shapes[s][0], shapes[s][1], !tr, FB);                       \
      THLongTensor *rc = THLongTensor_new();                                      \
      THCudaLongTensor *rg = THCudaLongTensor_new(thc_state);                     \
      CALL_TH(rc, a.cpu, b.cpu);                                                  \
      CALL_THC(rg, a.gpu, b.gpu);                                                 \
      thc_assert_long_matches(rg, rc);                                            \
      CALL_THC(a.gpu, a.gpu, b.gpu);                                              \
      thc_assert_long_matches(a.gpu, rc);                                         \
      THLongTensor_free(rc);                                                      \
      THCudaLongTensor_free(thc_state, rg);                                       \
      lfree(a);                                                                   \
      lfree(b);                                                                   \
    }

/* Scalar and unary forms ignore b. */
static void test_long(void **st) {
#define T_TH(R, A, B) THLongTensor_add(R, A, -7)
#define T_THC(R, A, B) THCudaLongTensor_add(thc_state, R, A, -7)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_sub(R, A, 9)
#define T_THC(R, A, B) THCudaLongTensor_sub(thc_state, R, A, 9)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_mul(R, A, -3)
#define T_THC(R, A, B) THCudaLongTensor_mul(thc_state, R, A, -3)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_div(R, A, -4)
#define T_THC(R, A, B) THCudaLongTensor_div(thc_state, R, A, -4)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_fmod(R, A, -4)
#define T_THC(R, A, B) THCudaLongTensor_fmod(thc_state, R, A, -4)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_remainder(R, A, -4)
#define T_THC(R, A, B) THCudaLongTensor_remainder(thc_state, R, A, -4)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_remainder(R, A, 6)
#define T_THC(R, A, B) THCudaLongTensor_remainder(thc_state, R, A, 6)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_lshift(R, A, 3)
#define T_THC(R, A, B) THCudaLongTensor_lshift(thc_state, R, A, 3)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_rshift(R, A, 2)
#define T_THC(R, A, B) THCudaLongTensor_rshift(thc_state, R, A, 2)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_bitand(R, A, 0x2d)
#define T_THC(R, A, B) THCudaLongTensor_bitand(thc_state, R, A, 0x2d)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_bitor(R, A, 0x2d)
#define T_THC(R, A, B) THCudaLongTensor_bitor(thc_state, R, A, 0x2d)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_bitxor(R, A, 0x2d)
#define T_THC(R, A, B) THCudaLongTensor_bitxor(thc_state, R, A, 0x2d)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_clamp(R, A, -10, 20)
#define T_THC(R, A, B) THCudaLongTensor_clamp(thc_state, R, A, -10, 20)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cmaxValue(R, A, 4)
#define T_THC(R, A, B) THCudaLongTensor_cmaxValue(thc_state, R, A, 4)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cminValue(R, A, 4)
#define T_THC(R, A, B) THCudaLongTensor_cminValue(thc_state, R, A, 4)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_neg(R, A)
#define T_THC(R, A, B) THCudaLongTensor_neg(thc_state, R, A)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_abs(R, A)
#define T_THC(R, A, B) THCudaLongTensor_abs(thc_state, R, A)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_sign(R, A)
#define T_THC(R, A, B) THCudaLongTensor_sign(thc_state, R, A)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
  /* element by element */
#define T_TH(R, A, B) THLongTensor_cadd(R, A, 3, B)
#define T_THC(R, A, B) THCudaLongTensor_cadd(thc_state, R, A, 3, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_csub(R, A, 3, B)
#define T_THC(R, A, B) THCudaLongTensor_csub(thc_state, R, A, 3, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cmul(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cmul(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cdiv(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cdiv(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cfmod(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cfmod(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cremainder(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cremainder(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cpow(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cpow(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, lsmall)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_clshift(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_clshift(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, lsmall)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_crshift(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_crshift(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, lsmall)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cmax(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cmax(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cmin(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cmin(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cbitand(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cbitand(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cbitor(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cbitor(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_cbitxor(R, A, B)
#define T_THC(R, A, B) THCudaLongTensor_cbitxor(thc_state, R, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_addcdiv(R, A, 5, A, B)
#define T_THC(R, A, B) THCudaLongTensor_addcdiv(thc_state, R, A, 5, A, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
#define T_TH(R, A, B) THLongTensor_addcmul(R, A, 5, B, B)
#define T_THC(R, A, B) THCudaLongTensor_addcmul(thc_state, R, A, 5, B, B)
  CHECK_LONG(T_TH, T_THC, lvals, ldivisor)
#undef T_TH
#undef T_THC
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
  THLongTensor_cmul(rc, a.cpu, z.cpu);
  THCudaLongTensor_cmul(thc_state, r, a.gpu, z.gpu);
  thc_assert_long_matches(r, rc);
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
