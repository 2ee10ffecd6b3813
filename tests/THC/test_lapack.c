/* THC linear algebra (computed on the host by TH's LAPACK functions) against TH on the same inputs:
 * results, sizes and errors must be TH's. Double for every function, Float for a few. */
#include "thc_test.h"

/* An n x m matrix with entries in [-1, 1] plus `diag` on the diagonal (well conditioned for a
 * large diag). */
static THDoubleTensor *dmatrix(long n, long m, double diag, int seed) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(n, m);
  double *p = THDoubleTensor_data(t);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) p[i * m + j] = (double)(((i * 5 + j * 3 + seed * 7) % 11) - 5) / 5.0 + (i == j ? diag : 0);
  return t;
}

/* A symmetric positive definite n x n matrix: m m' + n I. */
static THDoubleTensor *spd(long n, int seed) {
  THDoubleTensor *m = dmatrix(n, n, 0, seed), *r = THDoubleTensor_new();
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1), *eye = THDoubleTensor_newWithSize2d(n, n);
  THDoubleTensor_zero(eye);
  for (long i = 0; i < n; i++) THDoubleTensor_set2d(eye, i, i, (double)n);
  THDoubleTensor_addmm(r, 1, eye, 1, m, mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(eye);
  return r;
}

static THCudaDoubleTensor *gnew(void) { return THCudaDoubleTensor_new(thc_state); }

static void gfree(THCudaDoubleTensor *g) { THCudaDoubleTensor_free(thc_state, g); }

static void test_gesv_gels(void **state) {
  THDoubleTensor *a = dmatrix(4, 4, 4, 1), *b = dmatrix(4, 2, 0, 2);
  THCudaDoubleTensor *ga = thc_upload_double(a), *gb = thc_upload_double(b);
  THDoubleTensor *rb = THDoubleTensor_new(), *ra = THDoubleTensor_new();
  THCudaDoubleTensor *grb = gnew(), *gra = gnew();
  THDoubleTensor_gesv(rb, ra, b, a);
  THCudaDoubleTensor_gesv(thc_state, grb, gra, gb, ga);
  thc_assert_double_matches(grb, rb, 1e-12);
  thc_assert_double_matches(gra, ra, 1e-12);
  /* the inputs are left alone; in place (rb_ == b, ra_ == a) overwrites them as TH does */
  thc_assert_double_matches(ga, a, 0);
  THDoubleTensor_gesv(b, a, b, a);
  THCudaDoubleTensor_gesv(thc_state, gb, ga, gb, ga);
  thc_assert_double_matches(gb, b, 1e-12);
  thc_assert_double_matches(ga, a, 1e-12);

  /* least squares: 6 x 3 */
  THDoubleTensor *la = dmatrix(6, 3, 2, 3), *lb = dmatrix(6, 2, 0, 4);
  THCudaDoubleTensor *gla = thc_upload_double(la), *glb = thc_upload_double(lb);
  THDoubleTensor_gels(rb, ra, lb, la);
  THCudaDoubleTensor_gels(thc_state, grb, gra, glb, gla);
  thc_assert_double_matches(grb, rb, 1e-12);
  thc_assert_double_matches(gra, ra, 1e-12);

  assert_th_error(THCudaDoubleTensor_gesv(thc_state, grb, gra, glb, gla), "gesv: A should be square, but is 6 x 3");
  THDoubleTensor *singular = THDoubleTensor_newWithSize2d(2, 2), *b2 = dmatrix(2, 1, 0, 1);
  THDoubleTensor_zero(singular);
  THCudaDoubleTensor *gs = thc_upload_double(singular), *gb2 = thc_upload_double(b2);
  assert_th_error(THCudaDoubleTensor_gesv(thc_state, grb, gra, gb2, gs), "gesv: U(1,1) is zero, singular U.");
  thc_assert_double_matches(grb, rb, 1e-12); /* the results of the failed call are not written */

  gfree(gs);
  gfree(gb2);
  THDoubleTensor_free(singular);
  THDoubleTensor_free(b2);
  gfree(gla);
  gfree(glb);
  THDoubleTensor_free(la);
  THDoubleTensor_free(lb);
  gfree(grb);
  gfree(gra);
  THDoubleTensor_free(rb);
  THDoubleTensor_free(ra);
  gfree(ga);
  gfree(gb);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
}

static void test_eigen_and_svd(void **state) {
  THDoubleTensor *s = spd(5, 1), *a = dmatrix(5, 5, 1, 2), *r = dmatrix(6, 4, 1, 3);
  THCudaDoubleTensor *gsym = thc_upload_double(s), *ga = thc_upload_double(a), *gr = thc_upload_double(r);
  THDoubleTensor *e = THDoubleTensor_new(), *v = THDoubleTensor_new(), *u = THDoubleTensor_new();
  THDoubleTensor *ra = THDoubleTensor_new();
  THCudaDoubleTensor *ge = gnew(), *gv = gnew(), *gu = gnew(), *gra = gnew();

  THDoubleTensor_syev(e, v, s, "V", "U");
  THCudaDoubleTensor_syev(thc_state, ge, gv, gsym, "V", "U");
  thc_assert_double_matches(ge, e, 1e-10);
  thc_assert_double_matches(gv, v, 1e-10);
  THDoubleTensor_syev(e, v, s, "N", "L");
  THCudaDoubleTensor_syev(thc_state, ge, gv, gsym, "N", "L");
  thc_assert_double_matches(ge, e, 1e-10);
  thc_assert_double_matches(gv, v, 1e-10);

  THDoubleTensor_geev(e, v, a, "V");
  THCudaDoubleTensor_geev(thc_state, ge, gv, ga, "V");
  thc_assert_double_matches(ge, e, 1e-10);
  thc_assert_double_matches(gv, v, 1e-10);

  THDoubleTensor_gesvd(u, e, v, r, "S");
  THCudaDoubleTensor_gesvd(thc_state, gu, ge, gv, gr, "S");
  thc_assert_double_matches(gu, u, 1e-10);
  thc_assert_double_matches(ge, e, 1e-10);
  thc_assert_double_matches(gv, v, 1e-10);
  THDoubleTensor_gesvd2(u, e, v, ra, r, "A");
  THCudaDoubleTensor_gesvd2(thc_state, gu, ge, gv, gra, gr, "A");
  thc_assert_double_matches(gu, u, 1e-10);
  thc_assert_double_matches(ge, e, 1e-10);
  thc_assert_double_matches(gv, v, 1e-10);
  thc_assert_double_matches(gra, ra, 1e-10);

  assert_th_error(THCudaDoubleTensor_syev(thc_state, ge, gv, gr, "V", "U"), "syev: A should be square");

  gfree(ge);
  gfree(gv);
  gfree(gu);
  gfree(gra);
  THDoubleTensor_free(e);
  THDoubleTensor_free(v);
  THDoubleTensor_free(u);
  THDoubleTensor_free(ra);
  gfree(gsym);
  gfree(ga);
  gfree(gr);
  THDoubleTensor_free(s);
  THDoubleTensor_free(a);
  THDoubleTensor_free(r);
}

static void test_inverse_cholesky_qr(void **state) {
  THDoubleTensor *a = dmatrix(4, 4, 3, 5), *s = spd(4, 6), *b = dmatrix(4, 3, 0, 7), *r = dmatrix(5, 3, 1, 8);
  THCudaDoubleTensor *ga = thc_upload_double(a), *gsym = thc_upload_double(s), *gb = thc_upload_double(b);
  THCudaDoubleTensor *gr = thc_upload_double(r);
  THDoubleTensor *x = THDoubleTensor_new(), *chol = THDoubleTensor_new(), *q = THDoubleTensor_new();
  THCudaDoubleTensor *gx = gnew(), *gchol = gnew(), *gq = gnew();

  THDoubleTensor_getri(x, a);
  THCudaDoubleTensor_getri(thc_state, gx, ga);
  thc_assert_double_matches(gx, x, 1e-12);

  THDoubleTensor_potrf(chol, s, "U");
  THCudaDoubleTensor_potrf(thc_state, gchol, gsym, "U");
  thc_assert_double_matches(gchol, chol, 1e-12);
  /* potrs: the right-hand side second, the factor third */
  THDoubleTensor_potrs(x, b, chol, "U");
  THCudaDoubleTensor_potrs(thc_state, gx, gb, gchol, "U");
  thc_assert_double_matches(gx, x, 1e-12);
  THDoubleTensor_potri(x, chol, "U");
  THCudaDoubleTensor_potri(thc_state, gx, gchol, "U");
  thc_assert_double_matches(gx, x, 1e-12);
  THDoubleTensor_potrf(chol, s, "L");
  THCudaDoubleTensor_potrf(thc_state, gchol, gsym, "L");
  thc_assert_double_matches(gchol, chol, 1e-12);

  THDoubleTensor_qr(q, x, r);
  THCudaDoubleTensor_qr(thc_state, gq, gx, gr);
  thc_assert_double_matches(gq, q, 1e-12);
  thc_assert_double_matches(gx, x, 1e-12);

  assert_th_error(THCudaDoubleTensor_potrf(thc_state, gchol, gsym, "X"), "potrf");
  thc_assert_double_matches(gchol, chol, 1e-12);

  gfree(gx);
  gfree(gchol);
  gfree(gq);
  THDoubleTensor_free(x);
  THDoubleTensor_free(chol);
  THDoubleTensor_free(q);
  gfree(ga);
  gfree(gsym);
  gfree(gb);
  gfree(gr);
  THDoubleTensor_free(a);
  THDoubleTensor_free(s);
  THDoubleTensor_free(b);
  THDoubleTensor_free(r);
}

static THIntTensor *download_int(THCudaIntTensor *g) {
  THIntTensor *c = THIntTensor_new();
  THIntTensor_resizeNd(c, g->nDimension, g->size, NULL);
  THIntTensor_copyCudaInt(thc_state, c, g);
  return c;
}

static void assert_int_tensors_equal(THCudaIntTensor *got, THIntTensor *want) {
  THIntTensor *g = download_int(got);
  assert_true(THIntTensor_isSameSizeAs(g, want));
  THIntTensor *w = THIntTensor_newContiguous(want);
  for (ptrdiff_t i = 0; i < THIntTensor_nElement(w); i++) assert_int_equal(THIntTensor_data(g)[i], THIntTensor_data(w)[i]);
  THIntTensor_free(w);
  THIntTensor_free(g);
}

static void test_batched_lu(void **state) {
  /* two 3 x 3 matrices, the second needing row exchanges */
  THDoubleTensor *a = THDoubleTensor_newWithSize3d(2, 3, 3);
  double values[18] = {4, 1, 2, 1, 5, 1, 2, 1, 6, 0, 2, 1, 3, 1, 0, 1, 4, 2};
  memcpy(THDoubleTensor_data(a), values, sizeof(values));
  THDoubleTensor *b = THDoubleTensor_newWithSize2d(2, 3);
  for (int i = 0; i < 6; i++) THDoubleTensor_data(b)[i] = i - 2.5;
  THCudaDoubleTensor *ga = thc_upload_double(a), *gb = thc_upload_double(b);

  THDoubleTensor *lu = THDoubleTensor_new(), *x = THDoubleTensor_new();
  THIntTensor *piv = THIntTensor_new(), *info = THIntTensor_new();
  THCudaDoubleTensor *glu = gnew(), *gx = gnew();
  THCudaIntTensor *gpiv = THCudaIntTensor_new(thc_state), *ginfo = THCudaIntTensor_new(thc_state);
  THDoubleTensor_btrifact(lu, piv, info, 1, a);
  THCudaDoubleTensor_btrifact(thc_state, glu, gpiv, ginfo, 1, ga);
  thc_assert_double_matches(glu, lu, 1e-12);
  assert_int_tensors_equal(gpiv, piv);
  assert_int_tensors_equal(ginfo, info);

  THDoubleTensor_btrisolve(x, b, lu, piv);
  THCudaDoubleTensor_btrisolve(thc_state, gx, gb, glu, gpiv);
  thc_assert_double_matches(gx, x, 1e-12);

  /* singular matrices: LAPACK's info per matrix, as TH reports it */
  THDoubleTensor_zero(a);
  THCudaDoubleTensor *gz = thc_upload_double(a);
  THDoubleTensor_btrifact(lu, piv, info, 1, a);
  THCudaDoubleTensor_btrifact(thc_state, glu, gpiv, ginfo, 1, gz);
  assert_int_tensors_equal(ginfo, info);
  assert_int_tensors_equal(gpiv, piv);
  THCudaDoubleTensor *gflat = THCudaDoubleTensor_newWithSize3d(thc_state, 2, 3, 2);
  assert_th_error(THCudaDoubleTensor_btrifact(thc_state, glu, gpiv, ginfo, 1, gflat), "btrifact: the matrices of A should be square, but are 3 x 2");
  THCudaDoubleTensor_free(thc_state, gflat);
  assert_th_error(THCudaDoubleTensor_btrisolve(thc_state, gx, gb, glu, ginfo), "btrisolve: pivots should be 2 x 3");

  gfree(gz);
  THCudaIntTensor_free(thc_state, gpiv);
  THCudaIntTensor_free(thc_state, ginfo);
  gfree(glu);
  gfree(gx);
  THIntTensor_free(piv);
  THIntTensor_free(info);
  THDoubleTensor_free(lu);
  THDoubleTensor_free(x);
  gfree(ga);
  gfree(gb);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
}

static void test_float(void **state) {
  THFloatTensor *a = THFloatTensor_newWithSize2d(3, 3), *b = THFloatTensor_newWithSize2d(3, 1);
  float av[9] = {3, 1, 0, 1, 4, 1, 0, 1, 5}, bv[3] = {1, 2, 3};
  memcpy(THFloatTensor_data(a), av, sizeof(av));
  memcpy(THFloatTensor_data(b), bv, sizeof(bv));
  /* a transposed input view on the device */
  THFloatTensor *at = THFloatTensor_newTranspose(a, 0, 1);
  THCudaTensor *gat = thc_upload_float(a);
  THCudaTensor_transpose(thc_state, gat, NULL, 0, 1);
  THFloatTensor *atc = THFloatTensor_newContiguous(at);
  THCudaTensor *gb = thc_upload_float(b);
  THFloatTensor *rb = THFloatTensor_new(), *ra = THFloatTensor_new();
  THCudaTensor *grb = THCudaTensor_new(thc_state), *gra = THCudaTensor_new(thc_state);
  THFloatTensor_gesv(rb, ra, b, atc);
  THCudaTensor_gesv(thc_state, grb, gra, gb, gat);
  thc_assert_float_matches(grb, rb, 1e-6);
  thc_assert_float_matches(gra, ra, 1e-6);
  THFloatTensor_qr(rb, ra, atc);
  THCudaTensor_qr(thc_state, grb, gra, gat);
  thc_assert_float_matches(grb, rb, 1e-6);
  thc_assert_float_matches(gra, ra, 1e-6);
  THCudaTensor_free(thc_state, grb);
  THCudaTensor_free(thc_state, gra);
  THFloatTensor_free(rb);
  THFloatTensor_free(ra);
  THCudaTensor_free(thc_state, gb);
  THCudaTensor_free(thc_state, gat);
  THC_FREE_FLOATS(atc, at, a, b);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gesv_gels),           cmocka_unit_test(test_eigen_and_svd),
      cmocka_unit_test(test_inverse_cholesky_qr), cmocka_unit_test(test_batched_lu),
      cmocka_unit_test(test_float),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
