/* THC reductions (generic/THCTensorMathReduce.cu) against TH on the same input: along every
 * dimension of contiguous, transposed and narrowed 3D tensors, with and without keepdim, and over
 * all elements; TH's tie and NaN rules for max/min; the statistics of the float types; the errors.
 * The body below is compiled once per type (Long, Float, Double) by including this file again. */
#ifdef TEST_TYPE_PASS

/* Small values with many ties: integers -11..11 (the float types: quarters of them). */
static real TEST_(value)(long i) { return (real)((i * 37 % 23) - 11) / (TEST_FLOAT ? 4 : 1); }
/* Factors for products that neither overflow nor vanish quickly. */
static real TEST_(factor)(long i) { return TEST_FLOAT ? (real)(1 + (double)(i * 7 % 5 - 2) / 10) : (real)(i * 7 % 4 - 1); }

static void TEST_(sum_prod)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx, *gp;
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        TTensor *p = TEST_(input)(layout, TEST_(factor), &gp);
        TEST_(out) o = TEST_(out_new)();
        TEST_VALUES(sum, &o, gx, x, dim, keepdim);
        TEST_VALUES(prod, &o, gp, p, dim, keepdim);
        TEST_VALUES(cumsum, &o, gx, x, dim);
        TEST_VALUES(cumprod, &o, gp, p, dim);
        TEST_(input_free)(x, gx);
        TEST_(input_free)(p, gp);
        TEST_(out_free)(&o);
      }
}

static void TEST_(max_min)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        TEST_(out) o = TEST_(out_new)();
        TEST_INDEXED(max, &o, gx, x, dim, keepdim); /* ties: the first position, as TH */
        TEST_INDEXED(min, &o, gx, x, dim, keepdim);
        TEST_(input_free)(x, gx);
        TEST_(out_free)(&o);
      }
}

static void TEST_(all)(void **unused) {
  for (int layout = 0; layout < 3; layout++) {
    CTensor *gx, *gp;
    TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
    TTensor *p = TEST_(input)(layout, TEST_(factor), &gp);
    assert_close(C_(sumall)(thc_state, gx), T_(sumall)(x), 1e-4);
    assert_close(C_(prodall)(thc_state, gp), T_(prodall)(p), 1e-4);
    assert_true(C_(maxall)(thc_state, gx) == T_(maxall)(x));
    assert_true(C_(minall)(thc_state, gx) == T_(minall)(x));
    assert_true(C_(equal)(thc_state, gx, gx));
    assert_false(C_(equal)(thc_state, gx, gp));
    TEST_(input_free)(x, gx);
    TEST_(input_free)(p, gp);
  }
  /* A larger run (several blocks of the two-pass reduction and of each dimension kernel). */
  TTensor *big = T_(newWithSize2d)(300, 1000);
  for (long i = 0; i < 300 * 1000; i++) T_(data)(big)[i] = TEST_(value)(i);
  CTensor *gbig = TEST_UPLOAD(big);
  TEST_(out) o = TEST_(out_new)();
  assert_close(C_(sumall)(thc_state, gbig), T_(sumall)(big), 1e-4);
  assert_true(C_(maxall)(thc_state, gbig) == T_(maxall)(big));
  for (int dim = 0; dim < 2; dim++) TEST_VALUES(sum, &o, gbig, big, dim, 0);
  /* A few long runs (the whole-grid path of a reduction along a dimension): 1 x 300000 and
   * 3 x 100000 views of the same data, reduced along their last dimension. */
  for (int rows = 1; rows <= 3; rows += 2) {
    long len = 300000 / rows;
    TTensor *flat = T_(newWithStorage2d)(big->storage, 0, rows, len, len, 1);
    CTensor *gflat = C_(newWithStorage2d)(thc_state, gbig->storage, 0, rows, len, len, 1);
    TEST_VALUES(sum, &o, gflat, flat, 1, 1);
    TEST_INDEXED(max, &o, gflat, flat, 1, 0);
    TEST_INDEXED(min, &o, gflat, flat, 1, 1);
    TEST_(input_free)(flat, gflat);
  }
  /* Different sizes: not equal. */
  CTensor *row = C_(newNarrow)(thc_state, gbig, 0, 0, 1);
  assert_false(C_(equal)(thc_state, row, gbig));
  C_(free)(thc_state, row);
  TEST_(input_free)(big, gbig);
  TEST_(out_free)(&o);
}

#if TEST_FLOAT
static const double TEST_(norms)[] = {0, 1, 2, 3, 0.5, INFINITY};

static void TEST_(statistics)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        TEST_(out) o = TEST_(out_new)();
        TEST_VALUES(mean, &o, gx, x, dim, keepdim);
        for (int biased = 0; biased < 2; biased++) {
          TEST_VALUES(var, &o, gx, x, dim, biased, keepdim);
          TEST_VALUES(std, &o, gx, x, dim, biased, keepdim);
        }
        for (int k = 0; k < 6; k++) TEST_VALUES(norm, &o, gx, x, (real)TEST_(norms)[k], dim, keepdim);
        TEST_(input_free)(x, gx);
        TEST_(out_free)(&o);
      }
}

static void TEST_(statistics_all)(void **unused) {
  for (int layout = 0; layout < 3; layout++) {
    CTensor *gx, *gy;
    TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
    TTensor *y = TEST_(input)((layout + 1) % 3, TEST_(factor), &gy);
    assert_close(C_(meanall)(thc_state, gx), T_(meanall)(x), 1e-4);
    for (int biased = 0; biased < 2; biased++) {
      assert_close(C_(varall)(thc_state, gx, biased), T_(varall)(x, biased), 1e-4);
      assert_close(C_(stdall)(thc_state, gx, biased), T_(stdall)(x, biased), 1e-4);
    }
    for (int k = 0; k < 6; k++) {
      real n = (real)TEST_(norms)[k];
      assert_close(C_(normall)(thc_state, gx, n), T_(normall)(x, n), 1e-4);
      assert_close(C_(dist)(thc_state, gx, gy, n), T_(dist)(x, y, n), 1e-4);
    }
    TEST_(input_free)(x, gx);
    TEST_(input_free)(y, gy);
  }
}

static void TEST_(renorm)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++) {
      CTensor *gx;
      TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
      TEST_(out) o = TEST_(out_new)();
      TEST_VALUES(renorm, &o, gx, x, 2, dim, 5);
      C_(renorm)(thc_state, gx, gx, 1, dim, 8); /* in place */
      T_(renorm)(x, x, 1, dim, 8);
      TEST_MATCHES(gx, x);
      TEST_(input_free)(x, gx);
      TEST_(out_free)(&o);
    }
}

/* NaN: max and min return the first NaN of a slice, the unbiased variance of one element is NaN. */
static void TEST_(nan)(void **unused) {
  TTensor *x = T_(newWithSize2d)(3, 4);
  for (long i = 0; i < 12; i++) T_(data)(x)[i] = (real)i;
  T_(set2d)(x, 1, 2, NAN);
  T_(set2d)(x, 1, 3, NAN);
  T_(set2d)(x, 2, 0, NAN);
  CTensor *gx = TEST_UPLOAD(x);
  TEST_(out) o = TEST_(out_new)();
  for (int dim = 0; dim < 2; dim++) {
    TEST_INDEXED(max, &o, gx, x, dim, 1);
    TEST_INDEXED(min, &o, gx, x, dim, 0);
  }
  assert_true(isnan(C_(maxall)(thc_state, gx)));
  assert_true(isnan(C_(minall)(thc_state, gx)));
  TTensor *one = T_(newWithSize2d)(1, 5);
  for (long i = 0; i < 5; i++) T_(data)(one)[i] = (real)i;
  CTensor *gone = TEST_UPLOAD(one);
  TEST_VALUES(var, &o, gone, one, 0, 0, 0);
  TEST_(input_free)(one, gone);
  TEST_(input_free)(x, gx);
  TEST_(out_free)(&o);
}
#endif

static void TEST_(errors)(void **unused) {
  CTensor *gx;
  TTensor *x = TEST_(input)(0, TEST_(value), &gx);
  TEST_(out) o = TEST_(out_new)();
  CTensor *empty = C_(new)(thc_state);
  assert_th_error(C_(sum)(thc_state, o.r, gx, 3, 0), "out of range");
  assert_th_error(C_(max)(thc_state, o.r, o.ri, gx, -1, 0), "out of range");
  assert_th_error(C_(cumsum)(thc_state, o.r, gx, 5), "out of range");
  assert_th_error(C_(maxall)(thc_state, empty), "empty");
  assert_th_error(C_(prod)(thc_state, NULL, gx, 0, 0), "is NULL");
  assert_int_equal(o.r->nDimension, 0); /* untouched */
  /* Still works. */
  TEST_VALUES(sum, &o, gx, x, 1, 1);
  TEST_(input_free)(x, gx);
  TEST_(out_free)(&o);
  C_(free)(thc_state, empty);
}

#else /* the driver */

#include "thc_test.h"

#define TEST_TYPE_PASS
#define THC_TEST_FLOAT_TOL 1e-4
#define THC_TEST_DOUBLE_TOL 1e-9
#include "thc_each_type.h"

#define COMMON_TESTS_(R)                                                        \
  cmocka_unit_test(test_##R##_sum_prod), cmocka_unit_test(test_##R##_max_min), \
      cmocka_unit_test(test_##R##_all), cmocka_unit_test(test_##R##_errors)
#define FLOAT_TESTS_(R)                                                                      \
  cmocka_unit_test(test_##R##_statistics), cmocka_unit_test(test_##R##_statistics_all),     \
      cmocka_unit_test(test_##R##_renorm), cmocka_unit_test(test_##R##_nan)

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      COMMON_TESTS_(Long), COMMON_TESTS_(Float), COMMON_TESTS_(Double), FLOAT_TESTS_(Float), FLOAT_TESTS_(Double),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
