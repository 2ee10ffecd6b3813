/* THCTensorMathCompare against TH: the Value/ValueT/Tensor/TensorT forms of every relation, on
 * contiguous and transposed operands with many ties, for Double, Float and Long; NaN; errors. */
#include "thc_test.h"

static void assert_byte_matches(THCudaByteTensor *got, THByteTensor *expected) {
  THByteTensor *g = THByteTensor_new();
  THByteTensor_resizeNd(g, got->nDimension, got->size, NULL);
  THByteTensor_copyCudaByte(thc_state, g, got);
  if (!THByteTensor_isSameSizeAs(g, expected))
    fail_msg("size %s, expected %s", THByteTensor_sizeDesc(g).str, THByteTensor_sizeDesc(expected).str);
  THByteTensor *e = THByteTensor_newContiguous(expected);
  for (ptrdiff_t i = 0; i < THByteTensor_nElement(e); i++)
    if (THByteTensor_data(g)[i] != THByteTensor_data(e)[i])
      fail_msg("element %td: %d, expected %d", i, THByteTensor_data(g)[i], THByteTensor_data(e)[i]);
  THByteTensor_free(e);
  THByteTensor_free(g);
}

/* Values -3..3 with many ties between the two patterns. */
static double va(long i) { return (double)(i * 5 % 7 - 3); }
static double vb(long i) { return (double)(i % 7 - 3); }

/* One test per type: CPU operands (the ...T results compared with `assert_matches`, defined
 * around each instantiation) rows x cols (b transposed), uploaded, then every relation. */
#define TYPE_TEST(Real, CReal, real, upload)                                          \
  static TH##Real##Tensor *operand_##Real(long rows, long cols, int transposed, double (*f)(long)) {   \
    TH##Real##Tensor *base = transposed ? TH##Real##Tensor_newWithSize2d(cols, rows)                  \
                                        : TH##Real##Tensor_newWithSize2d(rows, cols);                 \
    TH##Real##Tensor *t = transposed ? TH##Real##Tensor_newTranspose(base, 0, 1)                      \
                                     : TH##Real##Tensor_newWithTensor(base);                          \
    TH##Real##Tensor_free(base);                                                                      \
    for (long i = 0; i < rows; i++)                                                                   \
      for (long j = 0; j < cols; j++) TH##Real##Tensor_set2d(t, i, j, (real)f(i * cols + j));         \
    return t;                                                                                         \
  }                                                                                                   \
  /* A device tensor with t's values and t's layout (transposed when t is). */                        \
  static TH##CReal##Tensor *device_##Real(TH##Real##Tensor *t, int transposed) {                      \
    if (!transposed) return upload(t);                                                                \
    TH##Real##Tensor *tt = TH##Real##Tensor_newTranspose(t, 0, 1);                                    \
    TH##Real##Tensor *c = TH##Real##Tensor_newContiguous(tt);                                         \
    TH##CReal##Tensor *g = upload(c);                                                                 \
    TH##CReal##Tensor *v = TH##CReal##Tensor_newTranspose(thc_state, g, 0, 1);                        \
    TH##CReal##Tensor_free(thc_state, g);                                                             \
    TH##Real##Tensor_free(c);                                                                         \
    TH##Real##Tensor_free(tt);                                                                        \
    return v;                                                                                         \
  }                                                                                                   \
  static void test_##Real(void **st) {                                                                \
    static const long shapes[3][2] = {{1, 1}, {3, 5}, {90, 120}};                                     \
    for (int s = 0; s < 3; s++) {                                                                     \
      long rows = shapes[s][0], cols = shapes[s][1];                                                  \
      TH##Real##Tensor *a = operand_##Real(rows, cols, 0, va), *b = operand_##Real(rows, cols, 1, vb); \
      TH##CReal##Tensor *ga = device_##Real(a, 0), *gb = device_##Real(b, 1);                          \
      THByteTensor *rb = THByteTensor_new();                                                          \
      TH##Real##Tensor *rt = TH##Real##Tensor_new();                                                  \
      THCudaByteTensor *grb = THCudaByteTensor_new(thc_state);                                        \
      TH##CReal##Tensor *grt = TH##CReal##Tensor_new(thc_state);                                      \
      CHECK_REL(Real, CReal, lt) CHECK_REL(Real, CReal, gt) CHECK_REL(Real, CReal, le)                \
      CHECK_REL(Real, CReal, ge) CHECK_REL(Real, CReal, eq) CHECK_REL(Real, CReal, ne)                \
      THByteTensor_free(rb);                                                                          \
      TH##Real##Tensor_free(rt);                                                                      \
      THCudaByteTensor_free(thc_state, grb);                                                          \
      TH##CReal##Tensor_free(thc_state, grt);                                                         \
      TH##CReal##Tensor_free(thc_state, ga);                                                          \
      TH##CReal##Tensor_free(thc_state, gb);                                                          \
      TH##Real##Tensor_free(a);                                                                       \
      TH##Real##Tensor_free(b);                                                                       \
    }                                                                                                 \
  }

/* The four forms of one relation against TH, with a and b in different layouts. */
#define CHECK_REL(Real, CReal, NAME)                                   \
  TH##Real##Tensor_##NAME##Value(rb, b, 1);                            \
  TH##CReal##Tensor_##NAME##Value(thc_state, grb, gb, 1);              \
  assert_byte_matches(grb, rb);                                        \
  TH##Real##Tensor_##NAME##ValueT(rt, b, 1);                           \
  TH##CReal##Tensor_##NAME##ValueT(thc_state, grt, gb, 1);             \
  assert_matches(grt, rt);                                             \
  TH##Real##Tensor_##NAME##Tensor(rb, a, b);                           \
  TH##CReal##Tensor_##NAME##Tensor(thc_state, grb, ga, gb);            \
  assert_byte_matches(grb, rb);                                        \
  TH##Real##Tensor_##NAME##TensorT(rt, a, b);                          \
  TH##CReal##Tensor_##NAME##TensorT(thc_state, grt, ga, gb);           \
  assert_matches(grt, rt);

#define assert_matches_double(G, E) thc_assert_double_matches(G, E, 0)
#define assert_matches_float(G, E) thc_assert_float_matches(G, E, 0)
#define assert_matches_long(G, E) thc_assert_long_matches(G, E)

#define assert_matches assert_matches_double
TYPE_TEST(Double, CudaDouble, double, thc_upload_double)
#undef assert_matches
#define assert_matches assert_matches_float
TYPE_TEST(Float, Cuda, float, thc_upload_float)
#undef assert_matches
#define assert_matches assert_matches_long
TYPE_TEST(Long, CudaLong, long, thc_upload_long)
#undef assert_matches

/* NaN: every relation false but ne. In place: the ...T forms with the result an operand. */
static void test_nan_and_in_place(void **st) {
  THDoubleTensor *a = THDoubleTensor_newWithSize1d(4);
  double vals[4] = {NAN, 1, 2, NAN};
  for (int i = 0; i < 4; i++) THDoubleTensor_set1d(a, i, vals[i]);
  THCudaDoubleTensor *ga = thc_upload_double(a);
  THByteTensor *rb = THByteTensor_new();
  THCudaByteTensor *grb = THCudaByteTensor_new(thc_state);
  THDoubleTensor_neTensor(rb, a, a);
  THCudaDoubleTensor_neTensor(thc_state, grb, ga, ga);
  assert_byte_matches(grb, rb);
  THDoubleTensor_eqValue(rb, a, 1);
  THCudaDoubleTensor_eqValue(thc_state, grb, ga, 1);
  assert_byte_matches(grb, rb);
  THDoubleTensor *rt = THDoubleTensor_new();
  THDoubleTensor_geValueT(rt, a, 2);
  THCudaDoubleTensor_geValueT(thc_state, ga, ga, 2);
  assert_matches_double(ga, rt);
  THDoubleTensor_free(rt);
  THByteTensor_free(rb);
  THCudaByteTensor_free(thc_state, grb);
  THCudaDoubleTensor_free(thc_state, ga);
  THDoubleTensor_free(a);
}

static void test_errors(void **st) {
  THLongTensor *a = THLongTensor_newWithSize1d(3), *b = THLongTensor_newWithSize1d(4);
  THLongTensor_fill(a, 1);
  THLongTensor_fill(b, 2);
  THCudaLongTensor *ga = thc_upload_long(a), *gb = thc_upload_long(b);
  THCudaByteTensor *r = THCudaByteTensor_new(thc_state);
  THCudaLongTensor *rt = THCudaLongTensor_new(thc_state);
  assert_th_error(THCudaLongTensor_ltTensor(thc_state, r, ga, gb), "elements");
  assert_th_error(THCudaLongTensor_eqTensorT(thc_state, rt, ga, gb), "elements");
  assert_int_equal(r->nDimension, 0); /* untouched */
  THByteTensor *rb = THByteTensor_new();
  THLongTensor_eqTensor(rb, a, a);
  THCudaLongTensor_eqTensor(thc_state, r, ga, ga);
  assert_byte_matches(r, rb);
  THByteTensor_free(rb);
  THCudaByteTensor_free(thc_state, r);
  THCudaLongTensor_free(thc_state, rt);
  THCudaLongTensor_free(thc_state, ga);
  THCudaLongTensor_free(thc_state, gb);
  THLongTensor_free(a);
  THLongTensor_free(b);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Double),           cmocka_unit_test(test_Float), cmocka_unit_test(test_Long),
      cmocka_unit_test(test_nan_and_in_place), cmocka_unit_test(test_errors),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return rc;
}
