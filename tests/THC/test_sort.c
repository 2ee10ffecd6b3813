/* THC sorting (generic/THCTensorSort.cu) against TH: sort, topk, median, medianall, mode and
 * sortKeyValueInplace along every dimension of contiguous, transposed and narrowed 3D tensors.
 * Values are distinct where TH's result depends on its quicksort (long slices, topk, median), and
 * tied only in slices of up to 11 elements, where TH keeps equal values in order as THC does.
 * The body is compiled once per type (Long, Float, Double) by including this file again. */
#ifdef TEST_TYPE_PASS

#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)
#define T_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define C_(NAME) TH_CONCAT_4(TH, CReal, Tensor_, NAME)
#define TTensor TH_CONCAT_3(TH, Real, Tensor)
#define CTensor TH_CONCAT_3(TH, CReal, Tensor)

/* Distinct values (a permutation of 0..119, shifted and scaled), and values with many ties. */
static real TEST_(distinct)(long i) { return (real)((i * 37 % 120) - 60) / (TEST_FLOAT ? 8 : 1); }
static real TEST_(tied)(long i) { return (real)(i * 7 % 5 - 2); }

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

static void TEST_(sort)(void **unused) {
  real (*fill[2])(long) = {TEST_(distinct), TEST_(tied)};
  for (int f = 0; f < 2; f++)
    for (int layout = 0; layout < 3; layout++)
      for (int dim = 0; dim < 3; dim++)
        for (int order = 0; order < 2; order++) {
          CTensor *gx;
          TTensor *x = TEST_(input)(layout, fill[f], &gx);
          CTensor *r = C_(new)(thc_state);
          THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
          TTensor *e = T_(new)();
          THLongTensor *ei = THLongTensor_new();
          C_(sort)(thc_state, r, ri, gx, dim, order);
          T_(sort)(e, ei, x, dim, order);
          TEST_MATCHES(r, e);
          thc_assert_long_matches(ri, ei);
          /* sortKeyValueInplace with the positions as values gives the same. */
          THLongTensor *p = THLongTensor_newWithSize3d(4, 5, 6);
          for (long a = 0; a < 4; a++)
            for (long b = 0; b < 5; b++)
              for (long c = 0; c < 6; c++) THLongTensor_set3d(p, a, b, c, dim == 0 ? a : dim == 1 ? b : c);
          THCudaLongTensor *gp = thc_upload_long(p);
          C_(sortKeyValueInplace)(thc_state, gx, gp, dim, order);
          TEST_MATCHES(gx, e);
          thc_assert_long_matches(gp, ei);
          THLongTensor_free(p);
          THCudaLongTensor_free(thc_state, gp);
          T_(free)(x);
          T_(free)(e);
          THLongTensor_free(ei);
          C_(free)(thc_state, gx);
          C_(free)(thc_state, r);
          THCudaLongTensor_free(thc_state, ri);
        }
}

static void TEST_(topk_median)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++) {
      CTensor *gx;
      TTensor *x = TEST_(input)(layout, TEST_(distinct), &gx);
      CTensor *r = C_(new)(thc_state);
      THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
      TTensor *e = T_(new)();
      THLongTensor *ei = THLongTensor_new();
      for (long k = 1; k <= x->size[dim]; k++)
        for (int dir = 0; dir < 2; dir++) {
          C_(topk)(thc_state, r, ri, gx, k, dim, dir, 1);
          T_(topk)(e, ei, x, k, dim, dir, 1);
          TEST_MATCHES(r, e);
          thc_assert_long_matches(ri, ei);
        }
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        C_(median)(thc_state, r, ri, gx, dim, keepdim);
        T_(median)(e, ei, x, dim, keepdim);
        TEST_MATCHES(r, e);
        thc_assert_long_matches(ri, ei);
      }
      assert_true(C_(medianall)(thc_state, gx) == T_(medianall)(x));
      T_(free)(x);
      T_(free)(e);
      THLongTensor_free(ei);
      C_(free)(thc_state, gx);
      C_(free)(thc_state, r);
      THCudaLongTensor_free(thc_state, ri);
    }
}

static void TEST_(mode)(void **unused) {
  for (int layout = 0; layout < 3; layout++)
    for (int dim = 0; dim < 3; dim++)
      for (int keepdim = 0; keepdim < 2; keepdim++) {
        CTensor *gx;
        TTensor *x = TEST_(input)(layout, TEST_(tied), &gx);
        CTensor *r = C_(new)(thc_state);
        THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
        TTensor *e = T_(new)();
        THLongTensor *ei = THLongTensor_new();
        C_(mode)(thc_state, r, ri, gx, dim, keepdim);
        T_(mode)(e, ei, x, dim, keepdim);
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

/* A long slice of distinct values: the radix sort over many blocks, against TH. */
static void TEST_(long_slices)(void **unused) {
  TTensor *x = T_(newWithSize2d)(3, 5000);
  for (long i = 0; i < 15000; i++) T_(data)(x)[i] = (real)((i * 7919) % 15000) - 7000;
  CTensor *gx = TEST_UPLOAD(x), *r = C_(new)(thc_state);
  THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
  TTensor *e = T_(new)();
  THLongTensor *ei = THLongTensor_new();
  for (int order = 0; order < 2; order++) {
    C_(sort)(thc_state, r, ri, gx, 1, order);
    T_(sort)(e, ei, x, 1, order);
    TEST_MATCHES(r, e);
    thc_assert_long_matches(ri, ei);
  }
  C_(median)(thc_state, r, ri, gx, 1, 0);
  T_(median)(e, ei, x, 1, 0);
  TEST_MATCHES(r, e);
  thc_assert_long_matches(ri, ei);
  assert_true(C_(medianall)(thc_state, gx) == T_(medianall)(x));
  T_(free)(x);
  T_(free)(e);
  THLongTensor_free(ei);
  C_(free)(thc_state, gx);
  C_(free)(thc_state, r);
  THCudaLongTensor_free(thc_state, ri);
}

static void TEST_(errors)(void **unused) {
  CTensor *gx;
  TTensor *x = TEST_(input)(0, TEST_(distinct), &gx);
  CTensor *r = C_(new)(thc_state), *empty = C_(new)(thc_state);
  THCudaLongTensor *ri = THCudaLongTensor_new(thc_state);
  assert_th_error(C_(sort)(thc_state, r, ri, gx, 3, 0), "out of range");
  assert_th_error(C_(topk)(thc_state, r, ri, gx, 7, 2, 1, 1), "out of range");
  assert_th_error(C_(topk)(thc_state, r, ri, gx, 0, 2, 1, 1), "out of range");
  assert_th_error(C_(mode)(thc_state, r, ri, gx, -1, 0), "out of range");
  assert_th_error(C_(medianall)(thc_state, empty), "empty");
  assert_th_error(C_(median)(thc_state, r, NULL, gx, 0, 0), "is NULL");
  assert_int_equal(r->nDimension, 0); /* untouched */
  TTensor *e = T_(new)();
  THLongTensor *ei = THLongTensor_new();
  C_(sort)(thc_state, r, ri, gx, 2, 1);
  T_(sort)(e, ei, x, 2, 1);
  TEST_MATCHES(r, e);
  thc_assert_long_matches(ri, ei);
  T_(free)(x);
  T_(free)(e);
  THLongTensor_free(ei);
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
#include "test_sort.c"
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
#define TEST_MATCHES(G, E) thc_assert_float_matches(G, E, 0)
#include "test_sort.c"
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
#define TEST_MATCHES(G, E) thc_assert_double_matches(G, E, 0)
#include "test_sort.c"
#undef Real
#undef CReal
#undef real
#undef TEST_FLOAT
#undef TEST_UPLOAD
#undef TEST_MATCHES

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
