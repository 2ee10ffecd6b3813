/* THC reductions (generic/THCTensorMathReduce.cu) against TH on the same input: along every
 * dimension of contiguous, transposed and narrowed 3D tensors, with and without keepdim, and over
 * all elements; TH's tie and NaN rules for max/min; the statistics of the float types; the errors.
 * The body below is compiled once per type (Long, Float, Double) by including this file again. */
#ifdef TEST_TYPE_PASS

#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)
#define T_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define C_(NAME) TH_CONCAT_4(TH, CReal, Tensor_, NAME)
#define TTensor TH_CONCAT_3(TH, Real, Tensor)
#define CTensor TH_CONCAT_3(TH, CReal, Tensor)

/* Small values with many ties: integers -11..11 (the float types: quarters of them). */
static real TEST_(value)(long i) { return (real)((i * 37 % 23) - 11) / (TEST_FLOAT ? 4 : 1); }
/* Factors for products that neither overflow nor vanish quickly. */
static real TEST_(factor)(long i) { return TEST_FLOAT ? (real)(1 + (double)(i * 7 % 5 - 2) / 10) : (real)(i * 7 % 4 - 1); }

/* A 4 x 5 x 6 tensor filled from F in its own row-major order: contiguous (layout 0), a transposed
 * view (1), or a narrowed view (2); *gpu gets the same view of a device copy of the same base. */
static TTensor *TEST_(input)(int layout, real (*f)(long), CTensor **gpu) {
  TTensor *base, *t;
  if (layout == 1)
    base = T_(newWithSize3d)(6, 5, 4);
  else if (layout == 2)
    base = T_(newWithSize3d)(4, 7, 6);
  else
    base = T_(newWithSize3d)(4, 5, 6);
  T_(fill)(base, 0);
  if (layout == 1)
    t = T_(newTranspose)(base, 0, 2);
  else if (layout == 2)
    t = T_(newNarrow)(base, 1, 1, 5);
  else
    t = T_(newWithTensor)(base);
  long i = 0;
  for (long a = 0; a < 4; a++)
    for (long b = 0; b < 5; b++)
      for (long c = 0; c < 6; c++) T_(set3d)(t, a, b, c, f(i++));
  CTensor *gbase = TEST_UPLOAD(base);
  if (layout == 1)
    *gpu = C_(newTranspose)(thc_state, gbase, 0, 2);
  else if (layout == 2)
    *gpu = C_(newNarrow)(thc_state, gbase, 1, 1, 5);
  else
    *gpu = C_(newWithTensor)(thc_state, gbase);
  C_(free)(thc_state, gbase);
  T_(free)(base);
  return t;
}

static void TEST_(sum_prod)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx, *gp, *r = C_(new)(thc_state);
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        TTensor *p = TEST_(input)(layout, TEST_(factor), &gp);
        TTensor *e = T_(new)();
        C_(sum)(thc_state, r, gx, dim, keepdim);
        T_(sum)(e, x, dim, keepdim);
        TEST_MATCHES(r, e);
        C_(prod)(thc_state, r, gp, dim, keepdim);
        T_(prod)(e, p, dim, keepdim);
        TEST_MATCHES(r, e);
        C_(cumsum)(thc_state, r, gx, dim);
        T_(cumsum)(e, x, dim);
        TEST_MATCHES(r, e);
        C_(cumprod)(thc_state, r, gp, dim);
        T_(cumprod)(e, p, dim);
        TEST_MATCHES(r, e);
        T_(free)(x);
        T_(free)(p);
        T_(free)(e);
        C_(free)(thc_state, gx);
        C_(free)(thc_state, gp);
        C_(free)(thc_state, r);
      }
}

static void TEST_(max_min)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        CTensor *r = C_(new)(thc_state);
        THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
        TTensor *e = T_(new)();
        THLongTensor *ei = THLongTensor_new();
        C_(max)(thc_state, r, ri, gx, dim, keepdim);
        T_(max)(e, ei, x, dim, keepdim);
        TEST_MATCHES(r, e);
        thc_assert_long_matches(ri, ei); /* ties: the first position, as TH */
        C_(min)(thc_state, r, ri, gx, dim, keepdim);
        T_(min)(e, ei, x, dim, keepdim);
        TEST_MATCHES(r, e);
        thc_assert_long_matches(ri, ei);
        T_(free)(x);
        T_(free)(e);
        THLongTensor_free(ei);
        C_(free)(thc_state, gx);
        C_(free)(thc_state, r);
        THCudaLongTensor_free(thc_state, ri);
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
    T_(free)(x);
    T_(free)(p);
    C_(free)(thc_state, gx);
    C_(free)(thc_state, gp);
  }
  /* A larger run (several blocks of the two-pass reduction and of each dimension kernel). */
  TTensor *big = T_(newWithSize2d)(300, 1000);
  for (long i = 0; i < 300 * 1000; i++) T_(data)(big)[i] = TEST_(value)(i);
  CTensor *gbig = TEST_UPLOAD(big), *r = C_(new)(thc_state);
  TTensor *e = T_(new)();
  assert_close(C_(sumall)(thc_state, gbig), T_(sumall)(big), 1e-4);
  assert_true(C_(maxall)(thc_state, gbig) == T_(maxall)(big));
  for (int dim = 0; dim < 2; dim++) {
    C_(sum)(thc_state, r, gbig, dim, 0);
    T_(sum)(e, big, dim, 0);
    TEST_MATCHES(r, e);
  }
  /* A few long runs (the whole-grid path of a reduction along a dimension): 1 x 300000 and
   * 3 x 100000 views of the same data, reduced along their last dimension. */
  THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
  THLongTensor *ei = THLongTensor_new();
  for (int rows = 1; rows <= 3; rows += 2) {
    long len = 300000 / rows;
    TTensor *flat = T_(newWithStorage2d)(big->storage, 0, rows, len, len, 1);
    CTensor *gflat = C_(newWithStorage2d)(thc_state, gbig->storage, 0, rows, len, len, 1);
    C_(sum)(thc_state, r, gflat, 1, 1);
    T_(sum)(e, flat, 1, 1);
    TEST_MATCHES(r, e);
    C_(max)(thc_state, r, ri, gflat, 1, 0);
    T_(max)(e, ei, flat, 1, 0);
    TEST_MATCHES(r, e);
    thc_assert_long_matches(ri, ei);
    C_(min)(thc_state, r, ri, gflat, 1, 1);
    T_(min)(e, ei, flat, 1, 1);
    TEST_MATCHES(r, e);
    thc_assert_long_matches(ri, ei);
    T_(free)(flat);
    C_(free)(thc_state, gflat);
  }
  THCudaLongTensor_free(thc_state, ri);
  THLongTensor_free(ei);
  /* Different sizes: not equal. */
  CTensor *row = C_(newNarrow)(thc_state, gbig, 0, 0, 1);
  assert_false(C_(equal)(thc_state, row, gbig));
  C_(free)(thc_state, row);
  T_(free)(big);
  T_(free)(e);
  C_(free)(thc_state, gbig);
  C_(free)(thc_state, r);
}

#if TEST_FLOAT
static void TEST_(statistics)(void **unused) {
  static const double norms[] = {0, 1, 2, 3, 0.5, INFINITY};
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
        CTensor *r = C_(new)(thc_state);
        TTensor *e = T_(new)();
        C_(mean)(thc_state, r, gx, dim, keepdim);
        T_(mean)(e, x, dim, keepdim);
        TEST_MATCHES(r, e);
        for (int biased = 0; biased < 2; biased++) {
          C_(var)(thc_state, r, gx, dim, biased, keepdim);
          T_(var)(e, x, dim, biased, keepdim);
          TEST_MATCHES(r, e);
          C_(std)(thc_state, r, gx, dim, biased, keepdim);
          T_(std)(e, x, dim, biased, keepdim);
          TEST_MATCHES(r, e);
        }
        for (int k = 0; k < 6; k++) {
          C_(norm)(thc_state, r, gx, (real)norms[k], dim, keepdim);
          T_(norm)(e, x, (real)norms[k], dim, keepdim);
          TEST_MATCHES(r, e);
        }
        T_(free)(x);
        T_(free)(e);
        C_(free)(thc_state, gx);
        C_(free)(thc_state, r);
      }
}

static void TEST_(statistics_all)(void **unused) {
  static const double norms[] = {0, 1, 2, 3, 0.5, INFINITY};
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
      assert_close(C_(normall)(thc_state, gx, (real)norms[k]), T_(normall)(x, (real)norms[k]), 1e-4);
      assert_close(C_(dist)(thc_state, gx, gy, (real)norms[k]), T_(dist)(x, y, (real)norms[k]), 1e-4);
    }
    T_(free)(x);
    T_(free)(y);
    C_(free)(thc_state, gx);
    C_(free)(thc_state, gy);
  }
}

static void TEST_(renorm)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++) {
      CTensor *gx;
      TTensor *x = TEST_(input)(layout, TEST_(value), &gx);
      CTensor *r = C_(new)(thc_state);
      TTensor *e = T_(new)();
      C_(renorm)(thc_state, r, gx, 2, dim, 5);
      T_(renorm)(e, x, 2, dim, 5);
      TEST_MATCHES(r, e);
      C_(renorm)(thc_state, gx, gx, 1, dim, 8); /* in place */
      T_(renorm)(x, x, 1, dim, 8);
      TEST_MATCHES(gx, x);
      T_(free)(x);
      T_(free)(e);
      C_(free)(thc_state, gx);
      C_(free)(thc_state, r);
    }
}

/* NaN: max and min return the first NaN of a slice, the unbiased variance of one element is NaN. */
static void TEST_(nan)(void **unused) {
  TTensor *x = T_(newWithSize2d)(3, 4);
  for (long i = 0; i < 12; i++) T_(data)(x)[i] = (real)i;
  T_(set2d)(x, 1, 2, NAN);
  T_(set2d)(x, 1, 3, NAN);
  T_(set2d)(x, 2, 0, NAN);
  CTensor *gx = TEST_UPLOAD(x), *r = C_(new)(thc_state);
  THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
  TTensor *e = T_(new)();
  THLongTensor *ei = THLongTensor_new();
  for (int dim = 0; dim < 2; dim++) {
    C_(max)(thc_state, r, ri, gx, dim, 1);
    T_(max)(e, ei, x, dim, 1);
    TEST_MATCHES(r, e);
    thc_assert_long_matches(ri, ei);
    C_(min)(thc_state, r, ri, gx, dim, 0);
    T_(min)(e, ei, x, dim, 0);
    TEST_MATCHES(r, e);
    thc_assert_long_matches(ri, ei);
  }
  assert_true(isnan(C_(maxall)(thc_state, gx)));
  assert_true(isnan(C_(minall)(thc_state, gx)));
  TTensor *one = T_(newWithSize2d)(1, 5);
  for (long i = 0; i < 5; i++) T_(data)(one)[i] = (real)i;
  CTensor *gone = TEST_UPLOAD(one);
  C_(var)(thc_state, r, gone, 0, 0, 0);
  T_(var)(e, one, 0, 0, 0);
  TEST_MATCHES(r, e);
  T_(free)(one);
  C_(free)(thc_state, gone);
  T_(free)(x);
  T_(free)(e);
  THLongTensor_free(ei);
  C_(free)(thc_state, gx);
  C_(free)(thc_state, r);
  THCudaLongTensor_free(thc_state, ri);
}
#endif

static void TEST_(errors)(void **unused) {
  CTensor *gx;
  TTensor *x = TEST_(input)(0, TEST_(value), &gx);
  CTensor *r = C_(new)(thc_state), *empty = C_(new)(thc_state);
  THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
  assert_th_error(C_(sum)(thc_state, r, gx, 3, 0), "out of range");
  assert_th_error(C_(max)(thc_state, r, ri, gx, -1, 0), "out of range");
  assert_th_error(C_(cumsum)(thc_state, r, gx, 5), "out of range");
  assert_th_error(C_(maxall)(thc_state, empty), "empty");
  assert_th_error(C_(prod)(thc_state, NULL, gx, 0, 0), "is NULL");
  assert_int_equal(r->nDimension, 0); /* untouched */
  /* Still works. */
  TTensor *e = T_(new)();
  C_(sum)(thc_state, r, gx, 1, 1);
  T_(sum)(e, x, 1, 1);
  TEST_MATCHES(r, e);
  T_(free)(x);
  T_(free)(e);
  C_(free)(thc_state, gx);
  C_(free)(thc_state, r);
  C_(free)(thc_state, empty);
  THCudaLongTensor_free(thc_state, ri);
}

#undef TEST_
#undef T_
#undef C_
#undef TTensor
#undef CTensor

#else /* the driver */

#include "thc_test.h"

#define TEST_TYPE_PASS
#define Real Long
#define CReal CudaLong
#define real long
#define TEST_FLOAT 0
#define TEST_UPLOAD(T) thc_upload_long(T)
#define TEST_MATCHES(G, E) thc_assert_long_matches(G, E)
#include "test_reduce.c"
#undef Real
#undef CReal
#undef real
#undef TEST_FLOAT
#undef TEST_UPLOAD
#undef TEST_MATCHES

#define Real Float
#define CReal Cuda
#define real float
#define TEST_FLOAT 1
#define TEST_UPLOAD(T) thc_upload_float(T)
#define TEST_MATCHES(G, E) thc_assert_float_matches(G, E, 1e-4)
#include "test_reduce.c"
#undef Real
#undef CReal
#undef real
#undef TEST_FLOAT
#undef TEST_UPLOAD
#undef TEST_MATCHES

#define Real Double
#define CReal CudaDouble
#define real double
#define TEST_FLOAT 1
#define TEST_UPLOAD(T) thc_upload_double(T)
#define TEST_MATCHES(G, E) thc_assert_double_matches(G, E, 1e-9)
#include "test_reduce.c"
#undef Real
#undef CReal
#undef real
#undef TEST_FLOAT
#undef TEST_UPLOAD
#undef TEST_MATCHES

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
