/* THLogAdd, THHalf and THSize. */
#include "th_test.h"

/* ---------------------------------------------------------------- THLogAdd */

static jmp_buf jump_env;
static char jump_msg[512];

static void jump_handler(const char *msg, void *data) {
  snprintf(jump_msg, sizeof jump_msg, "%s", msg);
  longjmp(jump_env, 1);
}

static void test_log_constants(void **state) {
  assert_close(THLog2Pi, log(2 * M_PI), 1e-15);
  assert_true(isinf(THLogZero) && THLogZero < 0);
  assert_true(THLogOne == 0.0);
}

static void test_log_add(void **state) {
  /* log(2 + 3), either order */
  assert_close(THLogAdd(log(2.0), log(3.0)), log(5.0), 1e-15);
  assert_close(THLogAdd(log(3.0), log(2.0)), log(5.0), 1e-15);
  /* log(e^a + e^a) = a + log 2, far beyond where exp overflows */
  assert_close(THLogAdd(1000.0, 1000.0), 1000.0 + M_LN2, 1e-15);
  assert_close(THLogAdd(-1000.0, -1000.0), -1000.0 + M_LN2, 1e-15);
  /* a tiny term: log(1 + e^-40) = e^-40 to first order */
  assert_close(THLogAdd(0.0, -40.0) / exp(-40.0), 1.0, 1e-12);
  /* log 0 is the identity */
  assert_true(THLogAdd(THLogZero, 2.5) == 2.5);
  assert_true(THLogAdd(2.5, THLogZero) == 2.5);
  assert_true(THLogAdd(THLogZero, THLogZero) == THLogZero);
  assert_true(THLogAdd(INFINITY, 1.0) == INFINITY);
  assert_true(isnan(THLogAdd(NAN, 1.0)));
}

static void test_log_sub(void **state) {
  assert_close(THLogSub(log(5.0), log(3.0)), log(2.0), 1e-15);
  assert_close(THLogSub(1000.0 + M_LN2, 1000.0), 1000.0, 1e-15);
  /* close operands: log(e^a - e^(a - 1e-10)) = a + log(1 - e^-1e-10) ~ a + log(1e-10) */
  assert_close(THLogSub(0.0, -1e-10), log(1e-10), 1e-9);
  assert_true(THLogSub(3.0, 3.0) == THLogZero);
  assert_true(THLogSub(3.0, THLogZero) == 3.0);
  /* THLogSub is not in the legacy lists (no guarded wrapper): catch its error with a handler */
  THSetErrorHandler(jump_handler, NULL);
  if (!setjmp(jump_env)) {
    THLogSub(1.0, 2.0);
    fail_msg("THLogSub(1, 2) did not raise");
  }
  THSetErrorHandler(NULL, NULL);
  assert_non_null(strstr(jump_msg, "THLogSub"));
  assert_close(THLogSub(log(4.0), log(1.0)), log(3.0), 1e-15);
}

static void test_exp_minus_approx(void **state) {
  /* Documented: relative error below 1e-9 on [0, 708]. */
  double worst = 0;
  for (double x = 0; x <= 708; x += 0.0173) {
    double e = exp(-x), r = fabs(THExpMinusApprox(x) - e) / e;
    if (r > worst) worst = r;
  }
  assert_true(worst < 1e-9);
  assert_true(THExpMinusApprox(0.0) == 1.0);
  assert_true(THExpMinusApprox(800.0) == 0.0);
  assert_true(THExpMinusApprox(INFINITY) == 0.0);
  assert_true(isnan(THExpMinusApprox(NAN)));
  assert_close(THExpMinusApprox(-2.0), exp(2.0), 1e-9);
}

/* ---------------------------------------------------------------- THHalf */

static unsigned short f2h(float f) {
  unsigned short h;
  TH_float2halfbits(&f, &h);
  return h;
}

static float h2f(unsigned short h) {
  float f;
  TH_halfbits2float(&h, &f);
  return f;
}

static void test_half_values(void **state) {
  /* hand-computed encodings: sign | exponent (bias 15) << 10 | mantissa */
  assert_int_equal(f2h(0.0f), 0x0000);
  assert_int_equal(f2h(-0.0f), 0x8000);
  assert_int_equal(f2h(1.0f), 0x3C00);
  assert_int_equal(f2h(-2.0f), 0xC000);
  assert_int_equal(f2h(0.5f), 0x3800);
  assert_int_equal(f2h(65504.0f), 0x7BFF);          /* the largest half */
  assert_int_equal(f2h(65519.0f), 0x7BFF);          /* below the halfway point to 2^16 */
  assert_int_equal(f2h(65520.0f), 0x7C00);          /* the tie rounds to even: inf */
  assert_int_equal(f2h(1e10f), 0x7C00);
  assert_int_equal(f2h(-INFINITY), 0xFC00);
  assert_int_equal(f2h(ldexpf(1, -14)), 0x0400);    /* smallest normal */
  assert_int_equal(f2h(ldexpf(1, -24)), 0x0001);    /* smallest subnormal */
  assert_int_equal(f2h(ldexpf(1023, -24)), 0x03FF); /* largest subnormal */
  assert_int_equal(f2h(ldexpf(1, -25)), 0x0000);    /* tie between 0 and 2^-24: even is 0 */
  assert_int_equal(f2h(ldexpf(3, -26)), 0x0001);    /* 0.75 * 2^-24 rounds up */
  assert_int_equal(f2h(ldexpf(3, -25)), 0x0002);    /* 1.5 * 2^-24: tie to even 2 */
  assert_int_equal(f2h(ldexpf(5, -25)), 0x0002);    /* 2.5 * 2^-24: tie to even 2 */
  /* 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even (1); 1 + 3 * 2^-11 goes up to 1 + 2^-9 */
  assert_int_equal(f2h(1.0f + ldexpf(1, -11)), 0x3C00);
  assert_int_equal(f2h(1.0f + ldexpf(3, -11)), 0x3C02);
  /* a mantissa carry bumps the exponent: 2 - 2^-12 rounds to 2 */
  assert_int_equal(f2h(2.0f - ldexpf(1, -12)), 0x4000);
  unsigned short nan_bits = f2h(NAN);
  assert_true((nan_bits & 0x7C00) == 0x7C00 && (nan_bits & 0x3FF) != 0);

  assert_true(h2f(0x3C00) == 1.0f);
  assert_true(h2f(0x7BFF) == 65504.0f);
  assert_true(h2f(0x0001) == ldexpf(1, -24));
  assert_true(h2f(0x03FF) == ldexpf(1023, -24));
  assert_true(h2f(0x8000) == 0.0f && signbit(h2f(0x8000)));
  assert_true(h2f(0x7C00) == INFINITY && h2f(0xFC00) == -INFINITY);
  assert_true(isnan(h2f(0x7E00)) && isnan(h2f(0x7C01)));

  THHalf h = TH_float2half(-1.5f);
  assert_int_equal(h.x, 0xBE00);
  assert_true(TH_half2float(h) == -1.5f);
  assert_th_error(TH_float2halfbits(NULL, &nan_bits), "TH_float2halfbits");
}

#if defined(__FLT16_MAX__)
/* GCC's _Float16 conversions (libgcc, correctly rounded) as the reference. */
static unsigned short ref_f2h(float f) {
  _Float16 h = (_Float16)f;
  unsigned short b;
  memcpy(&b, &h, 2);
  return b;
}

static void test_half_against_float16(void **state) {
  /* every half -> float, and back */
  for (unsigned h = 0; h < 0x10000; h++) {
    _Float16 r;
    unsigned short hb = (unsigned short)h;
    memcpy(&r, &hb, 2);
    float f = h2f(hb);
    if (isnan((float)r)) {
      assert_true(isnan(f));
      continue;
    }
    if (f != (float)r) fail_msg("half 0x%04x -> %g, expected %g", h, f, (double)(float)r);
    if (f2h(f) != hb) fail_msg("half 0x%04x does not round-trip", h);
  }
  /* every tie and its neighbours: the midpoints between consecutive positive halves */
  for (unsigned h = 0; h < 0x7C00; h++) {
    float mid = (h2f((unsigned short)h) + h2f((unsigned short)(h + 1))) / 2; /* exact in float */
    float probes[3] = {nextafterf(mid, 0), mid, nextafterf(mid, INFINITY)};
    for (int k = 0; k < 3; k++) {
      if (f2h(probes[k]) != ref_f2h(probes[k]))
        fail_msg("float %a -> 0x%04x, expected 0x%04x", (double)probes[k], f2h(probes[k]), ref_f2h(probes[k]));
      if (f2h(-probes[k]) != ref_f2h(-probes[k])) fail_msg("float %a (negated) differs", (double)probes[k]);
    }
  }
  /* a spread of all float bit patterns */
  for (uint64_t bits = 0; bits < 0x100000000ull; bits += 1009) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    if (isnan(f)) {
      assert_true(isnan(h2f(f2h(f))));
      continue;
    }
    if (f2h(f) != ref_f2h(f)) fail_msg("float %a -> 0x%04x, expected 0x%04x", (double)f, f2h(f), ref_f2h(f));
  }
}
#endif

/* ---------------------------------------------------------------- THSize */

static void test_size(void **state) {
  long a[3] = {2, 3, 4}, b[3] = {2, 3, 4}, c[3] = {2, 3, 5};
  assert_true(THSize_isSameSizeAs(a, 3, b, 3));
  assert_false(THSize_isSameSizeAs(a, 3, c, 3));
  assert_false(THSize_isSameSizeAs(a, 2, b, 3));
  assert_true(THSize_isSameSizeAs(a, 2, c, 2));
  assert_true(THSize_isSameSizeAs(NULL, 0, NULL, 0));
  assert_int_equal(THSize_nElement(3, a), 24);
  assert_int_equal(THSize_nElement(1, c + 2), 5);
  assert_int_equal(THSize_nElement(0, NULL), 0); /* no dimensions: Torch7's empty tensor */
  long z[2] = {3, 0};
  assert_int_equal(THSize_nElement(2, z), 0);
  assert_th_error(THSize_nElement(2, NULL), "THSize_nElement");
  assert_th_error(THSize_isSameSizeAs(a, -1, b, 3), "THSize_isSameSizeAs");
  assert_int_equal(THSize_nElement(2, a), 6); /* still working */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_log_constants),
      cmocka_unit_test(test_log_add),
      cmocka_unit_test(test_log_sub),
      cmocka_unit_test(test_exp_minus_approx),
      cmocka_unit_test(test_half_values),
#if defined(__FLT16_MAX__)
      cmocka_unit_test(test_half_against_float16),
#endif
      cmocka_unit_test(test_size),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
