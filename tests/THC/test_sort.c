/* THC sorting (generic/THCTensorSort.cu) against TH: sort, topk, median, medianall, mode and
 * sortKeyValueInplace along every dimension of contiguous, transposed and narrowed 3D tensors.
 * Values are distinct where TH's result depends on its quicksort (long slices, topk, median), and
 * tied only in slices of up to 11 elements, where TH keeps equal values in order as THC does.
 * The body is compiled once per type (Long, Float, Double) by including this file again. */
#ifdef TEST_TYPE_PASS

/* Distinct values (a permutation of 0..119, shifted and scaled), and values with many ties. */
static real TEST_(distinct)(long i) { return (real)((i * 37 % 120) - 60) / (TEST_FLOAT ? 8 : 1); }
static real TEST_(tied)(long i) { return (real)(i * 7 % 5 - 2); }

static void TEST_(sort)(void **unused) {
  real (*fill[2])(long) = {TEST_(distinct), TEST_(tied)};
  for (int f = 0; f < 2; f++)
    for (int layout = 0; layout < 3; layout++)
      for (int dim = 0; dim < 3; dim++)
        for (int order = 0; order < 2; order++) {
          CTensor *gx;
          TTensor *x = TEST_(input)(layout, fill[f], &gx);
          TEST_(out) o = TEST_(out_new)();
          TEST_INDEXED(sort, &o, gx, x, dim, order);
          /* sortKeyValueInplace with the positions as values gives the same. */
          THLongTensor *p = THLongTensor_newWithSize3d(4, 5, 6);
          for (long a = 0; a < 4; a++)
            for (long b = 0; b < 5; b++)
              for (long c = 0; c < 6; c++) THLongTensor_set3d(p, a, b, c, dim == 0 ? a : dim == 1 ? b : c);
          THCudaLongTensor *gp = thc_upload_long(p);
          C_(sortKeyValueInplace)(thc_state, gx, gp, dim, order);
          TEST_MATCHES(gx, o.e);
          thc_assert_long_matches(gp, o.ei);
          THLongTensor_free(p);
          THCudaLongTensor_free(thc_state, gp);
          TEST_(input_free)(x, gx);
          TEST_(out_free)(&o);
        }
}

static void TEST_(topk_median)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++) {
      CTensor *gx;
      TTensor *x = TEST_(input)(layout, TEST_(distinct), &gx);
      TEST_(out) o = TEST_(out_new)();
      for (long k = 1; k <= x->size[dim]; k++)
        for (int dir = 0; dir < 2; dir++) TEST_INDEXED(topk, &o, gx, x, k, dim, dir, 1);
      for (int keepdim = 0; keepdim < 2; keepdim++) TEST_INDEXED(median, &o, gx, x, dim, keepdim);
      assert_true(C_(medianall)(thc_state, gx) == T_(medianall)(x));
      TEST_(input_free)(x, gx);
      TEST_(out_free)(&o);
    }
}

static void TEST_(mode)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(tied), &gx);
        TEST_(out) o = TEST_(out_new)();
        TEST_INDEXED(mode, &o, gx, x, dim, keepdim);
        TEST_(input_free)(x, gx);
        TEST_(out_free)(&o);
      }
}

/* A long slice of distinct values: the radix sort over many blocks, against TH. */
static void TEST_(long_slices)(void **unused) {
  TTensor *x = T_(newWithSize2d)(3, 5000);
  for (long i = 0; i < 15000; i++) T_(data)(x)[i] = (real)((i * 7919) % 15000) - 7000;
  CTensor *gx = TEST_UPLOAD(x);
  TEST_(out) o = TEST_(out_new)();
  for (int order = 0; order < 2; order++) TEST_INDEXED(sort, &o, gx, x, 1, order);
  TEST_INDEXED(median, &o, gx, x, 1, 0);
  assert_true(C_(medianall)(thc_state, gx) == T_(medianall)(x));
  TEST_(input_free)(x, gx);
  TEST_(out_free)(&o);
}

static void TEST_(errors)(void **unused) {
  CTensor *gx;
  TTensor *x = TEST_(input)(0, TEST_(distinct), &gx);
  TEST_(out) o = TEST_(out_new)();
  CTensor *empty = C_(new)(thc_state);
  assert_th_error(C_(sort)(thc_state, o.r, o.ri, gx, 3, 0), "out of range");
  assert_th_error(C_(topk)(thc_state, o.r, o.ri, gx, 7, 2, 1, 1), "out of range");
  assert_th_error(C_(topk)(thc_state, o.r, o.ri, gx, 0, 2, 1, 1), "out of range");
  assert_th_error(C_(mode)(thc_state, o.r, o.ri, gx, -1, 0), "out of range");
  assert_th_error(C_(medianall)(thc_state, empty), "empty");
  assert_th_error(C_(median)(thc_state, o.r, NULL, gx, 0, 0), "is NULL");
  assert_int_equal(o.r->nDimension, 0); /* untouched */
  TEST_INDEXED(sort, &o, gx, x, 2, 1);
  TEST_(input_free)(x, gx);
  TEST_(out_free)(&o);
  C_(free)(thc_state, empty);
}

#else /* the driver */

#include "thc_test.h"

#define TEST_TYPE_PASS
#define THC_TEST_FLOAT_TOL 0
#define THC_TEST_DOUBLE_TOL 0
#include "thc_each_type.h"

#define TYPE_TESTS_(R)                                                                             \
  cmocka_unit_test(test_##R##_sort), cmocka_unit_test(test_##R##_topk_median),                    \
      cmocka_unit_test(test_##R##_mode), cmocka_unit_test(test_##R##_long_slices),                 \
      cmocka_unit_test(test_##R##_errors)

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {TYPE_TESTS_(Long), TYPE_TESTS_(Float), TYPE_TESTS_(Double)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
