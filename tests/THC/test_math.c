/* THCTensorMath against TH: fills, reshape, cat, nonzero, tril/triu, diag, eye, trace, linspace,
 * logspace, range, arange, on contiguous and transposed operands; then the argument errors. */
#include "thc_test.h"

static double pattern(long i) { return (double)((i * 37) % 11) - 5.0; } /* zeros included */

/* A CPU rows x cols tensor (transposed: a transposed view) and a device tensor with the same
 * values and layout. */
static THDoubleTensor *cpu_operand(long rows, long cols, int transposed) {
  return thc_cpu_double_2d(rows, cols, transposed, pattern);
}
static THCudaDoubleTensor *device_operand(THDoubleTensor *t, int transposed) { return thc_device_double_2d(t, transposed); }

static void test_fills(void **st) {
  for (int tr = 0; tr < 2; tr++) {
    THDoubleTensor *a = cpu_operand(7, 9, tr);
    THCudaDoubleTensor *g = device_operand(a, tr);
    THDoubleTensor_fill(a, 2.5);
    THCudaDoubleTensor_fill(thc_state, g, 2.5);
    thc_assert_double_matches(g, a, 0);
    THDoubleTensor_zero(a);
    THCudaDoubleTensor_zero(thc_state, g);
    thc_assert_double_matches(g, a, 0);
    THDoubleTensor *r = THDoubleTensor_new();
    THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
    THDoubleTensor_onesLike(r, a);
    THCudaDoubleTensor_onesLike(thc_state, gr, g);
    thc_assert_double_matches(gr, r, 0);
    THDoubleTensor_zerosLike(r, a);
    THCudaDoubleTensor_zerosLike(thc_state, gr, g);
    thc_assert_double_matches(gr, r, 0);
    THLongStorage *size = THLongStorage_newWithSize2(4, 6);
    THDoubleTensor_ones(r, size);
    THCudaDoubleTensor_ones(thc_state, gr, size);
    thc_assert_double_matches(gr, r, 0);
    THDoubleTensor_zeros(r, size);
    THCudaDoubleTensor_zeros(thc_state, gr, size);
    thc_assert_double_matches(gr, r, 0);
    assert_int_equal(THCudaDoubleTensor_numel(thc_state, g), 63);
    THLongStorage_free(size);
    THDoubleTensor_free(r);
    THCudaDoubleTensor_free(thc_state, gr);
    THDoubleTensor_free(a);
    THCudaDoubleTensor_free(thc_state, g);
  }
  THLongTensor *l = THLongTensor_newWithSize1d(1000);
  THCudaLongTensor *gl = thc_upload_long(l);
  THLongTensor_fill(l, -123456789012L);
  THCudaLongTensor_fill(thc_state, gl, -123456789012L);
  thc_assert_long_matches(gl, l);
  THLongTensor_free(l);
  THCudaLongTensor_free(thc_state, gl);
}

static void test_reshape(void **st) {
  THDoubleTensor *a = cpu_operand(4, 6, 1);
  THCudaDoubleTensor *g = device_operand(a, 1);
  THLongStorage *size = THLongStorage_newWithSize3(2, 3, 4);
  THDoubleTensor *r = THDoubleTensor_new();
  THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_reshape(r, a, size);
  THCudaDoubleTensor_reshape(thc_state, gr, g, size);
  thc_assert_double_matches(gr, r, 0);
  THLongStorage *bad = THLongStorage_newWithSize2(5, 5);
  assert_th_error(THCudaDoubleTensor_reshape(thc_state, gr, g, bad), "does not hold");
  thc_assert_double_matches(gr, r, 0); /* untouched */
  THLongStorage_free(bad);
  THLongStorage_free(size);
  THDoubleTensor_free(r);
  THCudaDoubleTensor_free(thc_state, gr);
  THDoubleTensor_free(a);
  THCudaDoubleTensor_free(thc_state, g);
}

static void test_cat(void **st) {
  THDoubleTensor *a = cpu_operand(3, 4, 0), *b = cpu_operand(5, 4, 1), *c = cpu_operand(3, 2, 1);
  THCudaDoubleTensor *ga = device_operand(a, 0), *gb = device_operand(b, 1), *gc = device_operand(c, 1);
  THDoubleTensor *r = THDoubleTensor_new();
  THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_cat(r, a, b, 0);
  THCudaDoubleTensor_cat(thc_state, gr, ga, gb, 0);
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor_cat(r, a, c, 1);
  THCudaDoubleTensor_cat(thc_state, gr, ga, gc, 1);
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor_cat(r, a, c, -2); /* Lua's -1: the last dimension */
  THCudaDoubleTensor_cat(thc_state, gr, ga, gc, -2);
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor_cat(r, a, a, 2); /* past the last dimension: 3 x 4 x 2 */
  THCudaDoubleTensor_cat(thc_state, gr, ga, ga, 2);
  thc_assert_double_matches(gr, r, 0);
  /* an empty input is skipped; the result may be an input */
  THDoubleTensor *e = THDoubleTensor_new();
  THCudaDoubleTensor *ge = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor *in[3] = {a, e, b};
  THCudaDoubleTensor *gin[3] = {ga, ge, gb};
  THDoubleTensor_catArray(r, in, 3, 0);
  THCudaDoubleTensor_catArray(thc_state, gr, gin, 3, 0);
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor *a2 = THDoubleTensor_newClone(a);
  THDoubleTensor_cat(a2, a2, b, 0);
  THCudaDoubleTensor_cat(thc_state, ga, ga, gb, 0);
  thc_assert_double_matches(ga, a2, 0);
  /* vectors catted along 1 become columns */
  THDoubleTensor *v = THDoubleTensor_newWithSize1d(5);
  for (int i = 0; i < 5; i++) THDoubleTensor_set1d(v, i, i * 1.5);
  THCudaDoubleTensor *gv = thc_upload_double(v);
  THDoubleTensor_cat(r, v, v, 1);
  THCudaDoubleTensor_cat(thc_state, gr, gv, gv, 1);
  thc_assert_double_matches(gr, r, 0);
  assert_th_error(THCudaDoubleTensor_cat(thc_state, gr, gc, gb, 0), "does not match");
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor_free(v);
  THCudaDoubleTensor_free(thc_state, gv);
  THDoubleTensor_free(a2);
  THDoubleTensor_free(e);
  THCudaDoubleTensor_free(thc_state, ge);
  THDoubleTensor_free(r);
  THCudaDoubleTensor_free(thc_state, gr);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
  THDoubleTensor_free(c);
  THCudaDoubleTensor_free(thc_state, ga);
  THCudaDoubleTensor_free(thc_state, gb);
  THCudaDoubleTensor_free(thc_state, gc);
}

static void test_nonzero(void **st) {
  for (int tr = 0; tr < 2; tr++) {
    THDoubleTensor *a = cpu_operand(37, 53, tr);
    THCudaDoubleTensor *g = device_operand(a, tr);
    THLongTensor *r = THLongTensor_new();
    THCudaLongTensor *gr = THCudaLongTensor_new(thc_state);
    THDoubleTensor_nonzero(r, a);
    THCudaDoubleTensor_nonzero(thc_state, gr, g);
    thc_assert_long_matches(gr, r);
    THDoubleTensor_zero(a);
    THCudaDoubleTensor_zero(thc_state, g);
    THDoubleTensor_nonzero(r, a);
    THCudaDoubleTensor_nonzero(thc_state, gr, g);
    assert_int_equal(gr->nDimension, r->nDimension); /* none: empty */
    THLongTensor_free(r);
    THCudaLongTensor_free(thc_state, gr);
    THDoubleTensor_free(a);
    THCudaDoubleTensor_free(thc_state, g);
  }
  THLongTensor *l = THLongTensor_newWithSize3d(3, 4, 5);
  for (long i = 0; i < 60; i++) THLongTensor_data(l)[i] = (i * 7) % 3 == 0 ? 0 : i;
  THCudaLongTensor *gl = thc_upload_long(l);
  THLongTensor *r = THLongTensor_new();
  THCudaLongTensor *gr = THCudaLongTensor_new(thc_state);
  THLongTensor_nonzero(r, l);
  THCudaLongTensor_nonzero(thc_state, gr, gl);
  thc_assert_long_matches(gr, r);
  THCudaLongTensor_nonzero(thc_state, gl, gl); /* the result is the input */
  thc_assert_long_matches(gl, r);
  THLongTensor_free(r);
  THCudaLongTensor_free(thc_state, gr);
  THLongTensor_free(l);
  THCudaLongTensor_free(thc_state, gl);
}

static void test_triangles_and_diag(void **st) {
  for (int tr = 0; tr < 2; tr++) {
    THDoubleTensor *a = cpu_operand(6, 9, tr);
    THCudaDoubleTensor *g = device_operand(a, tr);
    THDoubleTensor *r = THDoubleTensor_new();
    THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
    for (long k = -2; k <= 3; k++) {
      THDoubleTensor_tril(r, a, k);
      THCudaDoubleTensor_tril(thc_state, gr, g, k);
      thc_assert_double_matches(gr, r, 0);
      THDoubleTensor_triu(r, a, k);
      THCudaDoubleTensor_triu(thc_state, gr, g, k);
      thc_assert_double_matches(gr, r, 0);
      THDoubleTensor_diag(r, a, (int)k);
      THCudaDoubleTensor_diag(thc_state, gr, g, k);
      thc_assert_double_matches(gr, r, 0);
    }
    /* a diagonal back to a matrix */
    THDoubleTensor *d = THDoubleTensor_new();
    THDoubleTensor_diag(d, a, 1);
    THCudaDoubleTensor *gd = thc_upload_double(d);
    THDoubleTensor_diag(r, d, -2);
    THCudaDoubleTensor_diag(thc_state, gr, gd, -2);
    thc_assert_double_matches(gr, r, 0);
    assert_close(THCudaDoubleTensor_trace(thc_state, g), THDoubleTensor_trace(a), 1e-12);
    /* in place */
    THDoubleTensor_triu(r, a, 1);
    THCudaDoubleTensor_triu(thc_state, g, g, 1);
    thc_assert_double_matches(g, r, 0);
    THDoubleTensor_free(d);
    THCudaDoubleTensor_free(thc_state, gd);
    THDoubleTensor_free(r);
    THCudaDoubleTensor_free(thc_state, gr);
    THDoubleTensor_free(a);
    THCudaDoubleTensor_free(thc_state, g);
  }
  THDoubleTensor *r = THDoubleTensor_new();
  THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_eye(r, 3, 5);
  THCudaDoubleTensor_eye(thc_state, gr, 3, 5);
  thc_assert_double_matches(gr, r, 0);
  THDoubleTensor_eye(r, 4, 0);
  THCudaDoubleTensor_eye(thc_state, gr, 4, 0);
  thc_assert_double_matches(gr, r, 0);
  assert_th_error(THCudaDoubleTensor_eye(thc_state, gr, 0, 2), "must be positive");
  THCudaDoubleTensor *v3 = THCudaDoubleTensor_newWithSize3d(thc_state, 2, 2, 2);
  assert_th_error(THCudaDoubleTensor_tril(thc_state, gr, v3, 0), "2D");
  assert_th_error(THCudaDoubleTensor_diag(thc_state, gr, v3, 0), "1D or 2D");
  assert_th_error(THCudaDoubleTensor_trace(thc_state, v3), "2D");
  thc_assert_double_matches(gr, r, 0);
  THCudaDoubleTensor_free(thc_state, v3);
  THDoubleTensor_free(r);
  THCudaDoubleTensor_free(thc_state, gr);
}

static void test_sequences(void **st) {
  THDoubleTensor *r = THDoubleTensor_new();
  THCudaDoubleTensor *gr = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_linspace(r, -1.5, 7, 101);
  THCudaDoubleTensor_linspace(thc_state, gr, -1.5, 7, 101);
  thc_assert_double_matches(gr, r, 1e-15);
  THDoubleTensor_logspace(r, -2, 3, 17);
  THCudaDoubleTensor_logspace(thc_state, gr, -2, 3, 17);
  thc_assert_double_matches(gr, r, 1e-14);
  THDoubleTensor_range(r, 2, 10, 0.75);
  THCudaDoubleTensor_range(thc_state, gr, 2, 10, 0.75);
  thc_assert_double_matches(gr, r, 1e-15);
  THDoubleTensor_arange(r, 10, -3, -1.5);
  THCudaDoubleTensor_arange(thc_state, gr, 10, -3, -1.5);
  thc_assert_double_matches(gr, r, 1e-15);
  assert_th_error(THCudaDoubleTensor_arange(thc_state, gr, 0, 5, 0), "step must be non-zero");
  assert_th_error(THCudaDoubleTensor_range(thc_state, gr, 0, 5, -1), "goes away");
  assert_th_error(THCudaDoubleTensor_linspace(thc_state, gr, 0, 5, 1), "invalid number of points");
  thc_assert_double_matches(gr, r, 1e-15);

  THFloatTensor *rf = THFloatTensor_new();
  THCudaTensor *grf = THCudaTensor_new(thc_state);
  THFloatTensor_linspace(rf, 0, 1, 7);
  THCudaTensor_linspace(thc_state, grf, 0, 1, 7);
  thc_assert_float_matches(grf, rf, 1e-7);
  THFloatTensor_free(rf);
  THCudaTensor_free(thc_state, grf);

  THLongTensor *rl = THLongTensor_new();
  THCudaLongTensor *grl = THCudaLongTensor_new(thc_state);
  THLongTensor_range(rl, -5, 20, 3);
  THCudaLongTensor_range(thc_state, grl, -5, 20, 3);
  thc_assert_long_matches(grl, rl);
  THLongTensor_arange(rl, 20, -5, -4);
  THCudaLongTensor_arange(thc_state, grl, 20, -5, -4);
  thc_assert_long_matches(grl, rl);
  THLongTensor_free(rl);
  THCudaLongTensor_free(thc_state, grl);
  THDoubleTensor_free(r);
  THCudaDoubleTensor_free(thc_state, gr);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fills),   cmocka_unit_test(test_reshape),
      cmocka_unit_test(test_cat),     cmocka_unit_test(test_nonzero),
      cmocka_unit_test(test_triangles_and_diag), cmocka_unit_test(test_sequences),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return rc;
}
