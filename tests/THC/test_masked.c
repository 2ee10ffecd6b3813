/* THCTensorMasked against TH: maskedFill, maskedCopy, maskedSelect with a device mask and their
 * *Byte forms with a CPU mask, on contiguous and transposed tensors and masks, for Double and
 * Long; then the argument errors (mask size, mask values, too few src elements). */
#include "thc_test.h"

static double dval(long i) { return (double)((i * 37) % 101) / 4.0 - 12.0; }
static int bit(long i) { return (i * 7) % 5 < 2; }

/* rows x cols: a CPU double tensor, optionally a transposed view, and its device twin. */
static THDoubleTensor *cpu_double(long rows, long cols, int transposed) {
  return thc_cpu_double_2d(rows, cols, transposed, dval);
}
static THCudaDoubleTensor *device_double(THDoubleTensor *t, int transposed) { return thc_device_double_2d(t, transposed); }

/* A rows x cols CPU mask (transposed view or not) and its device twin with the same layout. */
static THByteTensor *cpu_mask(long rows, long cols, int transposed) {
  THByteTensor *base = transposed ? THByteTensor_newWithSize2d(cols, rows) : THByteTensor_newWithSize2d(rows, cols);
  THByteTensor *m = transposed ? THByteTensor_newTranspose(base, 0, 1) : THByteTensor_newWithTensor(base);
  THByteTensor_free(base);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) THByteTensor_set2d(m, i, j, (unsigned char)bit(i * cols + j));
  return m;
}
static THCudaByteTensor *device_mask(THByteTensor *m, int transposed) {
  THByteTensor *src = transposed ? THByteTensor_newTranspose(m, 0, 1) : THByteTensor_newWithTensor(m);
  THByteTensor *c = THByteTensor_newContiguous(src);
  THCudaByteTensor *g = THCudaByteTensor_new(thc_state);
  THCudaByteTensor_resizeNd(thc_state, g, c->nDimension, c->size, NULL);
  THCudaByteTensor_copyByte(thc_state, g, c);
  THCudaByteTensor *v = transposed ? THCudaByteTensor_newTranspose(thc_state, g, 0, 1) : THCudaByteTensor_newWithTensor(thc_state, g);
  THCudaByteTensor_free(thc_state, g);
  THByteTensor_free(c);
  THByteTensor_free(src);
  return v;
}

static void test_double(void **st) {
  static const long shapes[3][2] = {{1, 1}, {4, 7}, {90, 111}};
  for (int s = 0; s < 3; s++)
    for (int tr = 0; tr < 2; tr++) {
      long rows = shapes[s][0], cols = shapes[s][1];
      THDoubleTensor *t = cpu_double(rows, cols, tr);
      THCudaDoubleTensor *gt = device_double(t, tr);
      THByteTensor *m = cpu_mask(rows, cols, !tr);
      THCudaByteTensor *gm = device_mask(m, !tr);
      THDoubleTensor *src = cpu_double(cols, rows, !tr); /* same count, other shape */
      THCudaDoubleTensor *gsrc = device_double(src, !tr);
      THDoubleTensor *r = THDoubleTensor_new();
      THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);

      THDoubleTensor_maskedSelect(r, t, m);
      THCudaDoubleTensor_maskedSelect(thc_state, gr, gt, gm);
      thc_assert_double_matches(gr, r, 0);
      THCudaDoubleTensor_maskedSelectByte(thc_state, gr, gt, m);
      thc_assert_double_matches(gr, r, 0);

      THDoubleTensor *t2 = THDoubleTensor_newClone(t);
      THCudaDoubleTensor *gt2 = THCudaDoubleTensor_newClone(thc_state, gt);
      THDoubleTensor_maskedCopy(t, m, src);
      THCudaDoubleTensor_maskedCopy(thc_state, gt, gm, gsrc);
      thc_assert_double_matches(gt, t, 0);
      THCudaDoubleTensor_maskedCopyByte(thc_state, gt2, m, gsrc);
      thc_assert_double_matches(gt2, t, 0);

      THDoubleTensor_maskedFill(t, m, -0.5);
      THCudaDoubleTensor_maskedFill(thc_state, gt, gm, -0.5);
      thc_assert_double_matches(gt, t, 0);
      THCudaDoubleTensor_maskedFillByte(thc_state, gt2, m, -0.5);
      thc_assert_double_matches(gt2, t, 0);

      THDoubleTensor_free(t2);
      THCudaDoubleTensor_free(thc_state, gt2);
      THDoubleTensor_free(r);
      THCudaDoubleTensor_free(thc_state, gr);
      THDoubleTensor_free(src);
      THCudaDoubleTensor_free(thc_state, gsrc);
      THByteTensor_free(m);
      THCudaByteTensor_free(thc_state, gm);
      THDoubleTensor_free(t);
      THCudaDoubleTensor_free(thc_state, gt);
    }
}

static void test_long(void **st) {
  THLongTensor *t = THLongTensor_newWithSize1d(1000), *src = THLongTensor_newWithSize1d(1200);
  for (long i = 0; i < 1000; i++) THLongTensor_data(t)[i] = i * 3 - 700;
  for (long i = 0; i < 1200; i++) THLongTensor_data(src)[i] = -i;
  THByteTensor *m = cpu_mask(1000, 1, 0);
  THByteTensor *m1 = THByteTensor_newWithSize1d(1000);
  THByteTensor_copy(m1, m);
  THCudaLongTensor *gt = thc_upload_long(t), *gsrc = thc_upload_long(src);
  THCudaByteTensor *gm = device_mask(m1, 0);
  THLongTensor *r = THLongTensor_new();
  THCudaLongTensor *gr = THCudaLongTensor_new(thc_state);
  THLongTensor_maskedSelect(r, t, m1);
  THCudaLongTensor_maskedSelect(thc_state, gr, gt, gm);
  thc_assert_long_matches(gr, r);
  THLongTensor_maskedCopy(t, m1, src);
  THCudaLongTensor_maskedCopy(thc_state, gt, gm, gsrc);
  thc_assert_long_matches(gt, t);
  THLongTensor_maskedFill(t, m1, 77);
  THCudaLongTensor_maskedFill(thc_state, gt, gm, 77);
  thc_assert_long_matches(gt, t);
  /* an all-zero mask selects nothing */
  THByteTensor_zero(m1);
  THCudaByteTensor_free(thc_state, gm);
  gm = device_mask(m1, 0);
  THLongTensor_maskedSelect(r, t, m1);
  THCudaLongTensor_maskedSelect(thc_state, gr, gt, gm);
  assert_int_equal(gr->nDimension, r->nDimension);
  THLongTensor_free(r);
  THCudaLongTensor_free(thc_state, gr);
  THByteTensor_free(m);
  THByteTensor_free(m1);
  THCudaByteTensor_free(thc_state, gm);
  THLongTensor_free(t);
  THLongTensor_free(src);
  THCudaLongTensor_free(thc_state, gt);
  THCudaLongTensor_free(thc_state, gsrc);
}

static void test_errors(void **st) {
  THDoubleTensor *t = cpu_double(3, 4, 0), *small = cpu_double(1, 2, 0);
  THCudaDoubleTensor *gt = device_double(t, 0), *gsmall = device_double(small, 0);
  THByteTensor *m = cpu_mask(3, 4, 0), *m5 = cpu_mask(5, 1, 0);
  THCudaByteTensor *gm = device_mask(m, 0), *gm5 = device_mask(m5, 0);
  THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
  assert_th_error(THCudaDoubleTensor_maskedFill(thc_state, gt, gm5, 1), "elements");
  assert_th_error(THCudaDoubleTensor_maskedFillByte(thc_state, gt, m5, 1), "elements");
  assert_th_error(THCudaDoubleTensor_maskedSelect(thc_state, gr, gt, gm5), "elements");
  assert_th_error(THCudaDoubleTensor_maskedCopy(thc_state, gt, gm, gsmall), "has only");
  assert_th_error(THCudaDoubleTensor_maskedCopyByte(thc_state, gt, m, gsmall), "has only");
  THByteTensor_set2d(m, 1, 1, 2);
  THCudaByteTensor_free(thc_state, gm);
  gm = device_mask(m, 0);
  assert_th_error(THCudaDoubleTensor_maskedFill(thc_state, gt, gm, 1), "only 0 and 1");
  assert_th_error(THCudaDoubleTensor_maskedSelectByte(thc_state, gr, gt, m), "only 0 and 1");
  thc_assert_double_matches(gt, t, 0); /* nothing was written */
  assert_int_equal(gr->nDimension, 0);
  /* still works */
  THByteTensor_set2d(m, 1, 1, 1);
  THDoubleTensor_maskedFill(t, m, 9);
  THCudaDoubleTensor_maskedFillByte(thc_state, gt, m, 9);
  thc_assert_double_matches(gt, t, 0);
  THCudaDoubleTensor_free(thc_state, gr);
  THByteTensor_free(m);
  THByteTensor_free(m5);
  THCudaByteTensor_free(thc_state, gm);
  THCudaByteTensor_free(thc_state, gm5);
  THDoubleTensor_free(t);
  THDoubleTensor_free(small);
  THCudaDoubleTensor_free(thc_state, gt);
  THCudaDoubleTensor_free(thc_state, gsmall);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_double),
      cmocka_unit_test(test_long),
      cmocka_unit_test(test_errors),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return rc;
}
