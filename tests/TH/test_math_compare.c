/* Element-wise comparisons (generic/THTensorMathCompare.c): ltValue .. eqValue (Byte result),
 * ltValueT .. eqValueT (result of the input's type), ltTensor .. eqTensor, ltTensorT .. eqTensorT,
 * for every type (this file includes itself once per type), against C's operators, on contiguous,
 * transposed, in-place and large (threaded) operands; then NaN and the errors. */
#ifdef TEST_GENERIC_PASS

#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)

/* Values -3..3 (Byte: 0..6), with many ties between the two patterns. */
static real TEST_(a)(long i) { return (real)(TEST_SIGNED ? i * 5 % 7 - 3 : i * 5 % 7); }
static real TEST_(b)(long i) { return (real)(TEST_SIGNED ? i % 7 - 3 : i % 7); }

/* rows x cols filled from F in row-major order; transposed: a non-contiguous view. */
static THTensor *TEST_(operand)(int transposed, long rows, long cols, real (*f)(long)) {
  THTensor *t;
  if (transposed) {
    THTensor *base = THTensor_(newWithSize2d)(cols, rows);
    t = THTensor_(newTranspose)(base, 0, 1);
    THTensor_(free)(base);
  } else {
    t = THTensor_(newWithSize2d)(rows, cols);
  }
  real *d = THTensor_(data)(t);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) d[i * t->stride[0] + j * t->stride[1]] = f(i * cols + j);
  return t;
}

/* Checks element (i, j) of R (a Byte or a real tensor) against the relation on a and b. */
#define TEST_EXPECT_(WHAT, R, ROWS, COLS, OP, B)                                                \
  do {                                                                                          \
    assert_int_equal((R)->nDimension, 2);                                                       \
    assert_int_equal((R)->size[0], ROWS);                                                       \
    assert_int_equal((R)->size[1], COLS);                                                       \
    for (long i = 0; i < (ROWS); i++)                                                           \
      for (long j = 0; j < (COLS); j++) {                                                       \
        int want = TEST_(a)(i * (COLS) + j) OP (B);                                             \
        double got = (double)(R)->storage->data[(R)->storageOffset + i * (R)->stride[0] +       \
                                                j * (R)->stride[1]];                            \
        if (got != want)                                                                        \
          fail_msg("%s (%s): element (%ld, %ld) is %g, expected %d", WHAT,                      \
                   TH_CONCAT_STRING_2(Real, ), i, j, got, want);                                \
      }                                                                                         \
  } while (0)

/* The four functions of one relation, for every shape and layout, into new tensors and in place. */
#define TEST_RELATION_(NAME, OP)                                                                  \
  static void TEST_(NAME)(void **state) {                                                         \
    static const long shapes[2][2] = {{3, 5}, {TEST_BIG ? 250 : 6, TEST_BIG ? 300 : 4}};          \
    const real v = 1;                                                                             \
    for (int s = 0; s < 2; s++)                                                                   \
      for (int layout = 0; layout < 2; layout++) {                                                \
        long rows = shapes[s][0], cols = shapes[s][1];                                            \
        THTensor *a = TEST_(operand)(layout, rows, cols, TEST_(a));                               \
        THTensor *b = TEST_(operand)(!layout, rows, cols, TEST_(b));                              \
        THByteTensor *rb = THByteTensor_new();                                                    \
        THTensor *rt = THTensor_(new)();                                                          \
        THTensor_(NAME##Value)(rb, a, v);                                                         \
        TEST_EXPECT_(#NAME "Value", rb, rows, cols, OP, v);                                       \
        THTensor_(NAME##ValueT)(rt, a, v);                                                        \
        TEST_EXPECT_(#NAME "ValueT", rt, rows, cols, OP, v);                                      \
        THTensor_(NAME##Tensor)(rb, a, b);                                                        \
        TEST_EXPECT_(#NAME "Tensor", rb, rows, cols, OP, TEST_(b)(i * cols + j));                 \
        THTensor_(NAME##TensorT)(rt, a, b);                                                       \
        TEST_EXPECT_(#NAME "TensorT", rt, rows, cols, OP, TEST_(b)(i * cols + j));                \
        THTensor_(NAME##TensorT)(b, a, b); /* in place, result = second operand */                \
        TEST_EXPECT_(#NAME "TensorT in place", b, rows, cols, OP, TEST_(b)(i * cols + j));        \
        THTensor_(NAME##ValueT)(a, a, v); /* in place */                                          \
        TEST_EXPECT_(#NAME "ValueT in place", a, rows, cols, OP, v);                              \
        THByteTensor_free(rb);                                                                    \
        THTensor_(free)(rt);                                                                      \
        THTensor_(free)(a);                                                                       \
        THTensor_(free)(b);                                                                       \
      }                                                                                           \
  }

TEST_RELATION_(lt, <)
TEST_RELATION_(le, <=)
TEST_RELATION_(gt, >)
TEST_RELATION_(ge, >=)
TEST_RELATION_(ne, !=)
TEST_RELATION_(eq, ==)

#undef TEST_RELATION_
#undef TEST_EXPECT_
#undef TEST_

#else /* ---------------------------------------------------------------------- the tests */

#include <stdlib.h>
#include "th_test.h"

#define TEST_GENERIC_PASS
#include "th_each_type.h"
#undef TEST_GENERIC_PASS

/* NaN compares unequal to everything, itself included: only ne holds. */
static void test_nan(void **state) {
  THFloatTensor *a = THFloatTensor_newWithSize1d(3), *b = THFloatTensor_newWithSize1d(3);
  float *ad = THFloatTensor_data(a), *bd = THFloatTensor_data(b);
  ad[0] = NAN, ad[1] = 1, ad[2] = NAN;
  bd[0] = 1, bd[1] = NAN, bd[2] = NAN;
  THByteTensor *r = THByteTensor_new();
  THFloatTensor_eqTensor(r, a, b);
  for (int k = 0; k < 3; k++) assert_int_equal(THByteTensor_data(r)[k], 0);
  THFloatTensor_neTensor(r, a, b);
  for (int k = 0; k < 3; k++) assert_int_equal(THByteTensor_data(r)[k], 1);
  THFloatTensor_leTensor(r, a, b);
  for (int k = 0; k < 3; k++) assert_int_equal(THByteTensor_data(r)[k], 0);
  THFloatTensor_geValue(r, a, NAN);
  for (int k = 0; k < 3; k++) assert_int_equal(THByteTensor_data(r)[k], 0);
  THFloatTensor_eqValue(r, a, 1);
  assert_int_equal(THByteTensor_data(r)[1], 1);
  THFloatTensor *rt = THFloatTensor_new();
  THFloatTensor_neValueT(rt, a, 1);
  assert_true(THFloatTensor_data(rt)[0] == 1 && THFloatTensor_data(rt)[1] == 0);
  THFloatTensor_free(rt);
  THByteTensor_free(r);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
}

/* Byte compares as unsigned (200 > 100); shapes may differ when the counts agree. */
static void test_byte_and_shapes(void **state) {
  THByteTensor *a = THByteTensor_newWithSize2d(2, 2), *b = THByteTensor_newWithSize1d(4);
  unsigned char *ad = THByteTensor_data(a), *bd = THByteTensor_data(b);
  ad[0] = 200, ad[1] = 0, ad[2] = 255, ad[3] = 7;
  bd[0] = 100, bd[1] = 1, bd[2] = 255, bd[3] = 8;
  THByteTensor *r = THByteTensor_new();
  THByteTensor_gtTensor(r, a, b);
  assert_int_equal(r->nDimension, 2); /* shaped like the first operand */
  assert_int_equal(THByteTensor_get2d(r, 0, 0), 1);
  assert_int_equal(THByteTensor_get2d(r, 0, 1), 0);
  assert_int_equal(THByteTensor_get2d(r, 1, 0), 0);
  THByteTensor_geValue(r, a, 128);
  assert_int_equal(THByteTensor_get2d(r, 1, 0), 1);
  assert_int_equal(THByteTensor_get2d(r, 1, 1), 0);
  THByteTensor_ltTensor(a, a, b); /* the result may be an operand */
  assert_int_equal(THByteTensor_get2d(a, 1, 1), 1);
  assert_int_equal(THByteTensor_get2d(a, 0, 0), 0);
  THByteTensor *empty = THByteTensor_new();
  THByteTensor_eqValue(r, empty, 0);
  assert_int_equal(r->nDimension, 0);
  THByteTensor_free(empty);
  THByteTensor_free(a);
  THByteTensor_free(b);
  THByteTensor_free(r);
}

static void test_bad_inputs(void **state) {
  THDoubleTensor *a = THDoubleTensor_newWithSize1d(3), *b = THDoubleTensor_newWithSize1d(4);
  THDoubleTensor_fill(a, 1);
  THDoubleTensor_fill(b, 1);
  THByteTensor *r = THByteTensor_new();
  THDoubleTensor *rt = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_ltTensor(r, a, b), "ltTensor: ta (size [3], 3 elements) and tb (size [4], 4 elements)");
  assert_th_error(THDoubleTensor_eqTensorT(rt, a, b), "must have the same number of elements");
  assert_th_error(THDoubleTensor_geValue(NULL, a, 1), "geValue: r_ is NULL");
  assert_th_error(THDoubleTensor_neTensor(r, a, NULL), "neTensor: tb is NULL");
  assert_int_equal(r->nDimension, 0); /* untouched */
  THDoubleTensor_eqTensor(r, a, a);
  for (int k = 0; k < 3; k++) assert_int_equal(THByteTensor_data(r)[k], 1);
  THByteTensor_free(r);
  THDoubleTensor_free(rt);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
}

#define TYPE_TESTS_(Real)                                                                 \
  cmocka_unit_test(test_##Real##_lt), cmocka_unit_test(test_##Real##_le),                 \
  cmocka_unit_test(test_##Real##_gt), cmocka_unit_test(test_##Real##_ge),                 \
  cmocka_unit_test(test_##Real##_ne), cmocka_unit_test(test_##Real##_eq)

int main(void) {
  const struct CMUnitTest tests[] = {
      TYPE_TESTS_(Byte), TYPE_TESTS_(Char),  TYPE_TESTS_(Short),  TYPE_TESTS_(Int),
      TYPE_TESTS_(Long), TYPE_TESTS_(Float), TYPE_TESTS_(Double),
      cmocka_unit_test(test_nan),
      cmocka_unit_test(test_byte_and_shapes),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
