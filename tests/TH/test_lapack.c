/* THTensorLapack (Float and Double): every result checked by its defining identity (A X = B,
 * Q R = A with Q orthonormal, U S V' = A, A v = lambda v, U'U = A, A inv(A) = I, P L U = A), plus
 * aliasing, non-contiguous inputs and the errors. The per-type tests are written once, below, and
 * instantiated by including this file into itself (as TH's generic files are). */
#ifndef LAPACK_TEST_TYPE
#include "th_test.h"

#define LAPACK_TEST_TYPE
#define real float
#define Real Float
#define TOL 2e-4
#include __FILE__
#define real double
#define Real Double
#define TOL 1e-10
#include __FILE__

#define TYPE_TESTS(R)                                                                            \
  cmocka_unit_test(test_gesv_##R), cmocka_unit_test(test_trtrs_gels_##R),                       \
      cmocka_unit_test(test_eigen_##R), cmocka_unit_test(test_gesvd_##R),                        \
      cmocka_unit_test(test_getri_##R), cmocka_unit_test(test_cholesky_##R),                     \
      cmocka_unit_test(test_qr_##R), cmocka_unit_test(test_btrifact_##R),                       \
      cmocka_unit_test(test_solver_layouts_##R), cmocka_unit_test(test_factor_layouts_##R),      \
      cmocka_unit_test(test_qr_layouts_##R), cmocka_unit_test(test_eigen_svd_layouts_##R)

int main(void) {
  const struct CMUnitTest tests[] = {TYPE_TESTS(Float), TYPE_TESTS(Double)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* ======================================================= per type: real, Real, TOL */

#define T_(NAME) TH_CONCAT_3(NAME, _, Real)

static THTensor *T_(matrix)(long rows, long cols, const double *values) {
  THTensor *t = THTensor_(newWithSize2d)(rows, cols);
  for (long i = 0; i < rows * cols; i++) THTensor_(data)(t)[i] = (real)values[i];
  return t;
}

/* A well-conditioned 4 x 4 matrix and its symmetric positive definite product with its
 * transpose plus 4 I. */
static const double T_(A4)[16] = {4, 1, -2, 3, 1, 5, 0, -1, 2, -1, 6, 1, 0, 3, 1, 7};

static THTensor *T_(spd)(long n) {
  THTensor *a = THTensor_(newWithSize2d)(n, n);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double s = i == j ? 4 : 0;
      for (long p = 0; p < n; p++) s += T_(A4)[i * 4 + p] * T_(A4)[j * 4 + p];
      THTensor_(set2d)(a, i, j, (real)s);
    }
  return a;
}

static double T_(el)(THTensor *t, long i, long j) {
  return t->nDimension == 1 ? THTensor_(get1d)(t, i) : THTensor_(get2d)(t, i, j);
}

/* max |a*b - c| over the first rows x cols of c (b may be a vector, taken as one column) */
static void T_(assertProduct)(THTensor *a, int ta, THTensor *b, int tb, THTensor *c, long rows, long cols) {
  long k = ta ? a->size[0] : a->size[1];
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) {
      double s = 0;
      for (long p = 0; p < k; p++)
        s += (ta ? T_(el)(a, p, i) : T_(el)(a, i, p)) * (tb ? T_(el)(b, j, p) : T_(el)(b, p, j));
      if (!th_close(s, T_(el)(c, i, j), TOL * 100, TOL * 100))
        fail_msg("product (%ld,%ld) = %.10g, expected %.10g", i, j, s, T_(el)(c, i, j));
    }
}

static void T_(assertIdentity)(THTensor *q, int tq, THTensor *p, long n) {
  THTensor *eye = THTensor_(newWithSize2d)(n, n);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) THTensor_(set2d)(eye, i, j, i == j);
  T_(assertProduct)(q, tq, p, 0, eye, n, n);
  THTensor_(free)(eye);
}

static void T_(test_gesv)(void **state) {
  THTensor *a = T_(matrix)(4, 4, T_(A4));
  double bv[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  THTensor *b = T_(matrix)(4, 2, bv);
  THTensor *x = THTensor_(new)(), *lu = THTensor_(new)();
  THTensor_(gesv)(x, lu, b, a);
  T_(assertProduct)(a, 0, x, 0, b, 4, 2);
  /* as in Torch7 the results are column-major */
  assert_int_equal(x->stride[0], 1);
  assert_int_equal(lu->stride[0], 1);

  /* in place (rb_ == b, ra_ == a), with a transposed (non-contiguous) A and a 1-D B */
  THTensor *ac = THTensor_(newClone)(a), *bc = THTensor_(newClone)(b);
  THTensor *at = THTensor_(newTranspose)(ac, 0, 1), *a2 = THTensor_(newClone)(at);
  THTensor *b1 = THTensor_(newSelect)(bc, 1, 1), *b1c = THTensor_(newClone)(b1);
  THTensor_(gesv)(b1, at, b1, at);
  assert_int_equal(b1->nDimension, 2); /* a 1-D B gives an n x 1 solution, as in Torch7 */
  T_(assertProduct)(a2, 0, b1, 0, b1c, 4, 1);

  /* singular: an error naming the pivot; nothing leaks; a good call afterwards works */
  double sv[4] = {1, 2, 2, 4};
  THTensor *s = T_(matrix)(2, 2, sv), *sb = T_(matrix)(2, 1, bv);
  assert_th_error(THTensor_(gesv)(x, lu, sb, s), "gesv: U(2,2) is zero, singular U.");
  THTensor *ns = T_(matrix)(2, 3, bv);
  assert_th_error(THTensor_(gesv)(x, lu, sb, ns), "A should be square, but is 2 x 3");
  assert_th_error(THTensor_(gesv)(x, lu, b, s), "A has 2 rows, B has 4");
  THTensor *empty = THTensor_(new)();
  assert_th_error(THTensor_(gesv)(x, lu, b, empty), "A should have 2 dimensions, but has 0");
  assert_th_error(THTensor_(qr)(x, lu, empty), "qr: A should have 2 dimensions, but has 0");
  THTensor_(free)(empty);
  THTensor_(gesv)(x, lu, b, a);
  T_(assertProduct)(a, 0, x, 0, b, 4, 2);

  THTensor_(free)(ns);
  THTensor_(free)(s);
  THTensor_(free)(sb);
  THTensor_(free)(b1);
  THTensor_(free)(b1c);
  THTensor_(free)(ac);
  THTensor_(free)(bc);
  THTensor_(free)(at);
  THTensor_(free)(a2);
  THTensor_(free)(x);
  THTensor_(free)(lu);
  THTensor_(free)(a);
  THTensor_(free)(b);
}

static void T_(test_trtrs_gels)(void **state) {
  double uv[9] = {2, 1, -1, 0, 3, 2, 0, 0, 4}, bv[6] = {1, 2, 3, 4, 5, 6};
  THTensor *u = T_(matrix)(3, 3, uv), *b = T_(matrix)(3, 2, bv), *x = THTensor_(new)(), *ra = THTensor_(new)();
  THTensor_(trtrs)(x, ra, b, u, "U", "N", "N");
  T_(assertProduct)(u, 0, x, 0, b, 3, 2);
  THTensor_(trtrs)(x, ra, b, u, "U", "T", "N"); /* U' X = B */
  T_(assertProduct)(u, 1, x, 0, b, 3, 2);
  THTensor_(set2d)(u, 1, 1, 0);
  assert_th_error(THTensor_(trtrs)(x, ra, b, u, "U", "N", "N"), "trtrs: A(2,2) is zero, singular A.");
  assert_th_error(THTensor_(trtrs)(x, ra, b, u, "X", "N", "N"), "trtrs: uplo should be one of \"UL\"");

  /* gels, overdetermined 4 x 2: the least-squares X satisfies A'(A X - B) = 0 */
  double av[8] = {1, 1, 1, 2, 1, 3, 1, 4}, cv[4] = {6, 5, 7, 10};
  THTensor *a = T_(matrix)(4, 2, av), *c = T_(matrix)(4, 1, cv);
  THTensor_(gels)(x, ra, c, a);
  assert_int_equal(x->size[0], 2); /* the n rows of the solution (the final Torch7 narrows) */
  /* fit y = p + q t to (1,6) (2,5) (3,7) (4,10): q = 1.4, p = 3.5 by the normal equations */
  assert_close(THTensor_(get2d)(x, 0, 0), 3.5, TOL * 10);
  assert_close(THTensor_(get2d)(x, 1, 0), 1.4, TOL * 10);
  /* underdetermined 2 x 4: the minimum norm solution solves A X = B exactly */
  THTensor *aw = THTensor_(newTranspose)(a, 0, 1), *cw = T_(matrix)(2, 1, cv);
  THTensor_(gels)(x, ra, cw, aw);
  T_(assertProduct)(aw, 0, x, 0, cw, 2, 1);
  double rank1[8] = {1, 0, 2, 0, 3, 0, 4, 0}; /* a zero column: R(2,2) is exactly 0 */
  THTensor *def = T_(matrix)(4, 2, rank1);
  assert_th_error(THTensor_(gels)(x, ra, c, def), "does not have full rank");
  THTensor_(free)(def);
  THTensor_(free)(aw);
  THTensor_(free)(cw);
  THTensor_(free)(a);
  THTensor_(free)(c);
  THTensor_(free)(u);
  THTensor_(free)(b);
  THTensor_(free)(x);
  THTensor_(free)(ra);
}

static void T_(test_eigen)(void **state) {
  THTensor *a = T_(spd)(4), *e = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(syev)(e, v, a, "V", "U");
  assert_int_equal(e->size[0], 4);
  for (long j = 0; j < 4; j++) {
    if (j > 0) assert_true(THTensor_(get1d)(e, j - 1) <= THTensor_(get1d)(e, j)); /* ascending */
    double lambda = THTensor_(get1d)(e, j);
    for (long i = 0; i < 4; i++) {
      double av = 0;
      for (long p = 0; p < 4; p++) av += THTensor_(get2d)(a, i, p) * THTensor_(get2d)(v, p, j);
      assert_close(av, lambda * THTensor_(get2d)(v, i, j), TOL * 1000);
    }
  }
  T_(assertIdentity)(v, 1, v, 4);
  /* "N": the same eigenvalues, no vectors */
  THTensor *e2 = THTensor_(new)();
  THTensor_(syev)(e2, v, a, "N", "L");
  for (long j = 0; j < 4; j++) assert_close(THTensor_(get1d)(e2, j), THTensor_(get1d)(e, j), TOL * 100);
  assert_true(THTensor_(get2d)(v, 1, 2) == 0);
  THTensor *ns = THTensor_(newWithSize2d)(2, 3);
  assert_th_error(THTensor_(syev)(e, v, ns, "V", "U"), "A should be square");
  assert_th_error(THTensor_(syev)(e, v, a, "Q", "U"), "jobz should be one of");

  /* geev on a rotation: eigenvalues +-i */
  double rv[4] = {0, -1, 1, 0};
  THTensor *rot = T_(matrix)(2, 2, rv);
  THTensor_(geev)(e, v, rot, "N");
  assert_int_equal(e->size[0], 2);
  assert_int_equal(e->size[1], 2);
  assert_close(THTensor_(get2d)(e, 0, 0), 0, TOL);
  assert_close(fabs(THTensor_(get2d)(e, 0, 1)), 1, TOL);
  assert_close(THTensor_(get2d)(e, 0, 1), -THTensor_(get2d)(e, 1, 1), TOL);
  /* geev on a triangular matrix: real eigenvalues 1, 4, 6 and A v = lambda v */
  double tv[9] = {1, 2, 3, 0, 4, 5, 0, 0, 6};
  THTensor *tri = T_(matrix)(3, 3, tv);
  THTensor_(geev)(e, v, tri, "V");
  double sum = 0;
  for (long j = 0; j < 3; j++) {
    double lambda = THTensor_(get2d)(e, j, 0);
    assert_close(THTensor_(get2d)(e, j, 1), 0, TOL);
    sum += lambda;
    for (long i = 0; i < 3; i++) {
      double av = 0;
      for (long p = 0; p < 3; p++) av += THTensor_(get2d)(tri, i, p) * THTensor_(get2d)(v, p, j);
      assert_close(av, lambda * THTensor_(get2d)(v, i, j), TOL * 100);
    }
  }
  assert_close(sum, 11, TOL * 10);
  THTensor_(free)(rot);
  THTensor_(free)(tri);
  THTensor_(free)(ns);
  THTensor_(free)(a);
  THTensor_(free)(e);
  THTensor_(free)(e2);
  THTensor_(free)(v);
}

/* U diag(S) V' == A, U'U = I, V'V = I, S descending and >= 0 */
static void T_(checkSvd)(THTensor *a, const char *jobu) {
  long m = a->size[0], n = a->size[1], k = THMin(m, n);
  THTensor *u = THTensor_(new)(), *s = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(gesvd)(u, s, v, a, jobu);
  long uc = jobu[0] == 'A' ? m : k, vc = jobu[0] == 'A' ? n : k;
  assert_int_equal(u->size[0], m);
  assert_int_equal(u->size[1], uc);
  assert_int_equal(s->size[0], k);
  assert_int_equal(v->size[0], n);
  assert_int_equal(v->size[1], vc);
  for (long i = 0; i < k; i++) {
    assert_true(THTensor_(get1d)(s, i) >= 0);
    if (i) assert_true(THTensor_(get1d)(s, i - 1) >= THTensor_(get1d)(s, i));
  }
  THTensor *us = THTensor_(newWithSize2d)(m, k);
  for (long i = 0; i < m; i++)
    for (long j = 0; j < k; j++) THTensor_(set2d)(us, i, j, THTensor_(get2d)(u, i, j) * THTensor_(get1d)(s, j));
  T_(assertProduct)(us, 0, v, 1, a, m, n);
  T_(assertIdentity)(u, 1, u, uc);
  T_(assertIdentity)(v, 1, v, vc);
  THTensor_(free)(us);
  THTensor_(free)(u);
  THTensor_(free)(s);
  THTensor_(free)(v);
}

static void T_(test_gesvd)(void **state) {
  double av[12] = {1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2};
  THTensor *tall = T_(matrix)(4, 3, av), *wide = THTensor_(newTranspose)(tall, 0, 1);
  T_(checkSvd)(tall, "S");
  T_(checkSvd)(tall, "A");
  T_(checkSvd)(wide, "S");
  T_(checkSvd)(wide, "A");
  /* gesvd2 also hands back what LAPACK left of A */
  THTensor *u = THTensor_(new)(), *s = THTensor_(new)(), *v = THTensor_(new)(), *ra = THTensor_(new)();
  THTensor_(gesvd2)(u, s, v, ra, tall, "S");
  assert_int_equal(ra->size[0], 4);
  assert_int_equal(ra->size[1], 3);
  assert_th_error(THTensor_(gesvd)(u, s, v, tall, "N"), "jobu should be one of \"AS\"");
  THTensor_(free)(u);
  THTensor_(free)(s);
  THTensor_(free)(v);
  THTensor_(free)(ra);
  THTensor_(free)(wide);
  THTensor_(free)(tall);
}

static void T_(test_getri)(void **state) {
  THTensor *a = T_(matrix)(4, 4, T_(A4)), *inv = THTensor_(new)();
  THTensor_(getri)(inv, a);
  T_(assertIdentity)(a, 0, inv, 4);
  /* in place on a transposed view */
  THTensor *at = THTensor_(newTranspose)(a, 0, 1), *keep = THTensor_(newClone)(at);
  THTensor_(getri)(at, at);
  T_(assertIdentity)(keep, 0, at, 4);
  double sv[4] = {1, 2, 2, 4};
  THTensor *s = T_(matrix)(2, 2, sv);
  assert_th_error(THTensor_(getri)(inv, s), "getri: U(2,2) is zero, singular U.");
  THTensor_(getri)(inv, a);
  THTensor_(free)(s);
  THTensor_(free)(at);
  THTensor_(free)(keep);
  THTensor_(free)(a);
  THTensor_(free)(inv);
}

static void T_(test_cholesky)(void **state) {
  THTensor *a = T_(spd)(4), *f = THTensor_(new)(), *x = THTensor_(new)(), *inv = THTensor_(new)();
  THTensor_(potrf)(f, a, "U"); /* A = U'U, U upper */
  for (long i = 0; i < 4; i++)
    for (long j = 0; j < i; j++) assert_true(THTensor_(get2d)(f, i, j) == 0);
  T_(assertProduct)(f, 1, f, 0, a, 4, 4);
  double bv[8] = {1, -2, 3, 0, 2, 1, -1, 5};
  THTensor *b = T_(matrix)(4, 2, bv);
  THTensor_(potrs)(x, b, f, "U");
  T_(assertProduct)(a, 0, x, 0, b, 4, 2);
  THTensor_(potri)(inv, f, "U");
  T_(assertIdentity)(a, 0, inv, 4);
  assert_close(THTensor_(get2d)(inv, 0, 3), THTensor_(get2d)(inv, 3, 0), TOL); /* both triangles */

  THTensor_(potrf)(f, a, "L"); /* A = LL' */
  for (long i = 0; i < 4; i++)
    for (long j = i + 1; j < 4; j++) assert_true(THTensor_(get2d)(f, i, j) == 0);
  T_(assertProduct)(f, 0, f, 1, a, 4, 4);
  THTensor_(potrs)(x, b, f, "L");
  T_(assertProduct)(a, 0, x, 0, b, 4, 2);
  THTensor_(potri)(inv, f, "L");
  T_(assertIdentity)(a, 0, inv, 4);

  double nv[4] = {1, 2, 2, 1}; /* eigenvalues 3, -1 */
  THTensor *notpd = T_(matrix)(2, 2, nv);
  assert_th_error(THTensor_(potrf)(f, notpd, "U"), "potrf: the leading minor of order 2 is not positive definite");
  THTensor_(potrf)(f, a, "U");

  /* pstrf: P'AP = U'U with the pivots 1-based */
  THIntTensor *piv = THIntTensor_new();
  THTensor_(pstrf)(f, piv, a, "U", -1);
  assert_int_equal(piv->size[0], 4);
  int seen[4] = {0};
  for (long i = 0; i < 4; i++) {
    int p = THIntTensor_get1d(piv, i);
    assert_true(p >= 1 && p <= 4);
    seen[p - 1]++;
  }
  for (int i = 0; i < 4; i++) assert_int_equal(seen[i], 1);
  THTensor *pap = THTensor_(newWithSize2d)(4, 4);
  for (long i = 0; i < 4; i++)
    for (long j = 0; j < 4; j++)
      THTensor_(set2d)(pap, i, j, THTensor_(get2d)(a, THIntTensor_get1d(piv, i) - 1, THIntTensor_get1d(piv, j) - 1));
  T_(assertProduct)(f, 1, f, 0, pap, 4, 4);
  /* the largest diagonal element comes first */
  long best = 0;
  for (long i = 1; i < 4; i++)
    if (THTensor_(get2d)(a, i, i) > THTensor_(get2d)(a, best, best)) best = i;
  assert_int_equal(THIntTensor_get1d(piv, 0), best + 1);
  double r1[4] = {1, 1, 1, 1}; /* rank 1 */
  THTensor *def = T_(matrix)(2, 2, r1);
  assert_th_error(THTensor_(pstrf)(f, piv, def, "U", -1), "rank deficient (computed rank 1 of 2)");

  THIntTensor_free(piv);
  THTensor_(free)(pap);
  THTensor_(free)(def);
  THTensor_(free)(notpd);
  THTensor_(free)(b);
  THTensor_(free)(a);
  THTensor_(free)(f);
  THTensor_(free)(x);
  THTensor_(free)(inv);
}

static void T_(checkQr)(THTensor *a) {
  long m = a->size[0], n = a->size[1], k = THMin(m, n);
  THTensor *q = THTensor_(new)(), *r = THTensor_(new)();
  THTensor_(qr)(q, r, a);
  assert_int_equal(q->size[0], m);
  assert_int_equal(q->size[1], k);
  assert_int_equal(r->size[0], k);
  assert_int_equal(r->size[1], n);
  for (long i = 0; i < k; i++)
    for (long j = 0; j < i; j++) assert_true(THTensor_(get2d)(r, i, j) == 0);
  T_(assertProduct)(q, 0, r, 0, a, m, n);
  T_(assertIdentity)(q, 1, q, k);
  THTensor_(free)(q);
  THTensor_(free)(r);
}

static void T_(test_qr)(void **state) {
  double av[12] = {1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2};
  THTensor *tall = T_(matrix)(4, 3, av), *wide = THTensor_(newTranspose)(tall, 0, 1);
  T_(checkQr)(tall);
  T_(checkQr)(wide);

  /* geqrf + orgqr give Q; ormqr applies Q (or Q') without forming it */
  THTensor *g = THTensor_(new)(), *tau = THTensor_(new)(), *q = THTensor_(new)(), *qc = THTensor_(new)();
  THTensor_(geqrf)(g, tau, tall);
  assert_int_equal(tau->size[0], 3);
  THTensor_(orgqr)(q, g, tau);
  T_(assertIdentity)(q, 1, q, 3);
  double cv[8] = {1, 0, 2, 1, -1, 3, 0, 2};
  THTensor *c = T_(matrix)(4, 2, cv);
  /* Q (4 x 4) applied to C: its first 3 columns are q's; check Q' (Q C) = C instead */
  THTensor *back = THTensor_(new)();
  THTensor_(ormqr)(qc, g, tau, c, "L", "N");
  THTensor_(ormqr)(back, g, tau, qc, "L", "T");
  for (long i = 0; i < 4; i++)
    for (long j = 0; j < 2; j++) assert_close(THTensor_(get2d)(back, i, j), THTensor_(get2d)(c, i, j), TOL * 10);
  /* Q' C: its first 3 rows are q' C */
  THTensor_(ormqr)(qc, g, tau, c, "L", "T");
  T_(assertProduct)(q, 1, c, 0, qc, 3, 2);
  /* C' Q from the right: the first 3 columns are C' q */
  THTensor *ct = THTensor_(newTranspose)(c, 0, 1);
  THTensor_(ormqr)(qc, g, tau, ct, "R", "N");
  T_(assertProduct)(ct, 0, q, 0, qc, 2, 3);
  assert_th_error(THTensor_(ormqr)(qc, g, tau, ct, "L", "N"), "ormqr: A should be 2 x (at least 3)");
  THTensor *thin = THTensor_(newNarrow)(tall, 1, 0, 2);
  assert_th_error(THTensor_(orgqr)(q, thin, tau), "tau has 3 elements, more than min(rows, columns) = 2");
  THTensor_(free)(thin);
  THTensor_(free)(ct);
  THTensor_(free)(back);
  THTensor_(free)(c);
  THTensor_(free)(g);
  THTensor_(free)(tau);
  THTensor_(free)(q);
  THTensor_(free)(qc);
  THTensor_(free)(tall);
  THTensor_(free)(wide);
}

/* Rebuilds A from btrifact's LU and pivots: L U with the row interchanges undone in reverse order. */
static void T_(checkLu)(THTensor *lu, THIntTensor *piv, long b, THTensor *a) {
  long n = lu->size[1];
  double prod[16], orig[16];
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double s = 0;
      for (long p = 0; p <= THMin(i, j); p++) {
        double l = p == i ? 1 : THTensor_(get3d)(lu, b, i, p);
        s += l * THTensor_(get3d)(lu, b, p, j);
      }
      prod[i * n + j] = s;
    }
  for (long i = n - 1; i >= 0; i--) {
    long r = THIntTensor_get2d(piv, b, i) - 1;
    assert_true(r >= i && r < n);
    for (long j = 0; j < n; j++) {
      double z = prod[i * n + j];
      prod[i * n + j] = prod[r * n + j];
      prod[r * n + j] = z;
    }
  }
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) orig[i * n + j] = THTensor_(get3d)(a, b, i, j);
  for (long i = 0; i < n * n; i++) assert_close(prod[i], orig[i], TOL * 10);
}

static void T_(test_btrifact)(void **state) {
  enum { B = 3, N = 4 };
  THTensor *a = THTensor_(newWithSize3d)(B, N, N);
  for (long b = 0; b < B; b++)
    for (long i = 0; i < N; i++)
      for (long j = 0; j < N; j++) THTensor_(set3d)(a, b, i, j, (real)(T_(A4)[i * N + j] + (b == 1 ? j : 0) - b * (i == j)));
  THTensor *lu = THTensor_(new)();
  THIntTensor *piv = THIntTensor_new(), *info = THIntTensor_new();
  THTensor_(btrifact)(lu, piv, info, 1, a);
  assert_int_equal(piv->size[0], B);
  assert_int_equal(piv->size[1], N);
  for (long b = 0; b < B; b++) {
    assert_int_equal(THIntTensor_get1d(info, b), 0);
    T_(checkLu)(lu, piv, b, a);
  }
  /* btrisolve: A_b x_b = c_b, with one right-hand side (B x N) and with two (B x N x 2) */
  THTensor *c = THTensor_(newWithSize2d)(B, N), *x = THTensor_(new)(), *m = THTensor_(new)(), *xb = THTensor_(new)(), *cb = THTensor_(new)();
  for (long i = 0; i < B * N; i++) THTensor_(data)(c)[i] = (real)(i % 5 - 2);
  THTensor_(btrisolve)(x, c, lu, piv);
  for (long b = 0; b < B; b++) {
    THTensor_(select)(m, a, 0, b);
    THTensor_(select)(xb, x, 0, b);
    THTensor_(select)(cb, c, 0, b);
    T_(assertProduct)(m, 0, xb, 0, cb, N, 1);
  }
  THTensor *c3 = THTensor_(newWithSize3d)(B, N, 2);
  for (long i = 0; i < B * N * 2; i++) THTensor_(data)(c3)[i] = (real)(i % 7 - 3);
  THTensor_(btrisolve)(c3, c3, lu, piv); /* in place */
  for (long b = 0; b < B; b++) {
    THTensor_(select)(m, a, 0, b);
    THTensor_(select)(xb, c3, 0, b);
    for (long i = 0; i < N; i++)
      for (long j = 0; j < 2; j++) {
        double s = 0;
        for (long p = 0; p < N; p++) s += THTensor_(get2d)(m, i, p) * THTensor_(get2d)(xb, p, j);
        assert_close(s, (double)(((b * N + i) * 2 + j) % 7 - 3), TOL * 100);
      }
  }
  /* a singular batch element: info > 0 with rinfo_, an error without */
  for (long i = 0; i < N; i++) THTensor_(set3d)(a, 2, i, 1, 0);
  THTensor_(btrifact)(lu, piv, info, 1, a);
  assert_int_equal(THIntTensor_get1d(info, 0), 0);
  assert_true(THIntTensor_get1d(info, 2) > 0);
  assert_th_error(THTensor_(btrifact)(lu, piv, NULL, 1, a), "btrifact: batch element 2 is singular");
  assert_th_error(THTensor_(btrifact)(lu, piv, NULL, 0, a), "without pivoting is not implemented");
  THIntTensor_set2d(piv, 1, 2, 9);
  assert_th_error(THTensor_(btrisolve)(x, c, lu, piv), "btrisolve: pivot 9 out of range [1, 4] at batch 2 position 3");
  THTensor *sq = THTensor_(newWithSize3d)(2, 3, 4);
  assert_th_error(THTensor_(btrifact)(lu, piv, info, 1, sq), "should be square, but are 3 x 4");
  THTensor_(free)(sq);
  THTensor_(free)(c3);
  THTensor_(free)(c);
  THTensor_(free)(x);
  THTensor_(free)(m);
  THTensor_(free)(xb);
  THTensor_(free)(cb);
  THIntTensor_free(piv);
  THIntTensor_free(info);
  THTensor_(free)(lu);
  THTensor_(free)(a);
}

/* ---------------------------------------------------------------- Torch7's result geometry
 * Torch7 computed each LAPACK result in the output tensor itself, resized to the transpose of a
 * contiguous matrix (cloneColumnMajor: resize2d(cols, rows), then transpose), so results come back
 * column-major: sizes (rows, cols), strides (1, rows). Where the output was the input it was asked
 * to overwrite, it computed in a copy and copied the values back into the input's own layout. The
 * small systems below are solved by hand; the geometry is read off Torch7's THTensorLapack.c. */

static void T_(assertGeometry)(THTensor *t, long rows, long cols, long stride0, long stride1) {
  assert_int_equal(t->nDimension, 2);
  assert_int_equal(t->size[0], rows);
  assert_int_equal(t->size[1], cols);
  assert_int_equal(t->stride[0], stride0);
  assert_int_equal(t->stride[1], stride1);
}

/* t's elements (read through its strides) against the row-major expected values. */
static void T_(assertValues)(THTensor *t, const double *expected) {
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < t->size[1]; j++)
      if (!th_close(THTensor_(get2d)(t, i, j), expected[i * t->size[1] + j], TOL * 10, TOL * 10))
        fail_msg("element (%ld, %ld) is %.10g, expected %.10g", i, j, THTensor_(get2d)(t, i, j),
                 expected[i * t->size[1] + j]);
}

/* |t| against the row-major expected magnitudes (eigen and singular vectors: LAPACK picks signs). */
static void T_(assertMagnitudes)(THTensor *t, const double *expected) {
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < t->size[1]; j++)
      if (!th_close(fabs(THTensor_(get2d)(t, i, j)), expected[i * t->size[1] + j], TOL * 10, TOL * 10))
        fail_msg("|element (%ld, %ld)| is %.10g, expected %.10g", i, j, fabs(THTensor_(get2d)(t, i, j)),
                 expected[i * t->size[1] + j]);
}

static void T_(test_solver_layouts)(void **state) {
  /* gesv: A = [2 1; 1 3], X = [1 2; 3 -1], B = A X = [5 3; 10 -1]. LU without a row swap
   * (|2| > |1|): L21 = 1/2, U = [2 1; 0 5/2]; LAPACK stores both in one matrix. */
  double av[4] = {2, 1, 1, 3}, bv[4] = {5, 3, 10, -1}, xv[4] = {1, 2, 3, -1}, luv[4] = {2, 1, 0.5, 2.5};
  THTensor *a = T_(matrix)(2, 2, av), *b = T_(matrix)(2, 2, bv);
  THTensor *x = THTensor_(new)(), *lu = THTensor_(new)();
  THTensor_(gesv)(x, lu, b, a);
  T_(assertGeometry)(x, 2, 2, 1, 2);
  T_(assertValues)(x, xv);
  assert_close(THTensor_(data)(x)[1], 3, TOL); /* column-major storage: X(1,0) second */
  T_(assertGeometry)(lu, 2, 2, 1, 2);
  T_(assertValues)(lu, luv);
  /* outputs that are contiguous already, of the right size or not, come back column-major too */
  THTensor *x2 = THTensor_(newWithSize2d)(2, 2), *lu2 = THTensor_(newWithSize2d)(3, 5);
  THTensor_(gesv)(x2, lu2, b, a);
  T_(assertGeometry)(x2, 2, 2, 1, 2);
  T_(assertValues)(x2, xv);
  T_(assertGeometry)(lu2, 2, 2, 1, 2);
  /* a vector B gives a 2 x 1 column-major X, also in place (Torch7 viewed B as 2 x 1 and wrote
   * into rb_ directly) */
  double b1v[2] = {5, 10}, x1v[2] = {1, 3};
  THTensor *b1 = THTensor_(newWithSize1d)(2);
  THTensor_(set1d)(b1, 0, 5);
  THTensor_(set1d)(b1, 1, 10);
  THTensor_(gesv)(x, lu, b1, a);
  T_(assertGeometry)(x, 2, 1, 1, 2);
  T_(assertValues)(x, x1v);
  THTensor_(gesv)(b1, lu, b1, a);
  T_(assertGeometry)(b1, 2, 1, 1, 2);
  T_(assertValues)(b1, x1v);
  (void)b1v;
  /* in place with contiguous A and B: the values are copied back, the layouts stay row-major */
  THTensor *ai = THTensor_(newClone)(a), *bi = THTensor_(newClone)(b);
  THTensor_(gesv)(bi, ai, bi, ai);
  T_(assertGeometry)(bi, 2, 2, 2, 1);
  T_(assertValues)(bi, xv);
  T_(assertGeometry)(ai, 2, 2, 2, 1);
  T_(assertValues)(ai, luv);

  /* trtrs: U = [2 1; 0 4], B = [4; 8]: x2 = 2, x1 = (4 - 2) / 2 = 1; ra_ is A's column-major copy */
  double uv[4] = {2, 1, 0, 4}, tbv[2] = {4, 8}, txv[2] = {1, 2};
  THTensor *u = T_(matrix)(2, 2, uv), *tb = T_(matrix)(2, 1, tbv);
  THTensor_(trtrs)(x, lu, tb, u, "U", "N", "N");
  T_(assertGeometry)(x, 2, 1, 1, 2);
  T_(assertValues)(x, txv);
  T_(assertGeometry)(lu, 2, 2, 1, 2);
  T_(assertValues)(lu, uv);

  /* gels, overdetermined: A = [1 0; 0 1; 1 1], B = [1 1; 2 0; 3 1]. Normal equations A'A X = A'B
   * with A'A = [2 1; 1 2]: A'B = [4 2; 5 1], X = [1 1; 2 0]. LAPACK works on max(m, n) = 3 rows of
   * B; the final Torch7 keeps n = 2 of them: sizes 2 x 2, strides (1, 3). */
  double gav[6] = {1, 0, 0, 1, 1, 1}, gbv[6] = {1, 1, 2, 0, 3, 1}, gxv[4] = {1, 1, 2, 0};
  THTensor *ga = T_(matrix)(3, 2, gav), *gb = T_(matrix)(3, 2, gbv);
  THTensor_(gels)(x, lu, gb, ga);
  T_(assertGeometry)(x, 2, 2, 1, 3);
  T_(assertValues)(x, gxv);
  T_(assertGeometry)(lu, 3, 2, 1, 3);
  /* in place, B contiguous or column-major (torch.gels(b, a, b, a)): Torch7 copied the 2 rows back
   * into B resized to 2 x 2 (resize2d: contiguous) */
  THTensor *gbi = THTensor_(newClone)(gb), *gai = THTensor_(newClone)(ga);
  THTensor_(gels)(gbi, gai, gbi, gai);
  T_(assertGeometry)(gbi, 2, 2, 2, 1);
  T_(assertValues)(gbi, gxv);
  T_(assertGeometry)(gai, 3, 2, 2, 1);
  THTensor *gbt = THTensor_(newWithSize2d)(2, 3);
  THTensor_(transpose)(gbt, NULL, 0, 1);
  THTensor_(copy)(gbt, gb);
  THTensor_(gels)(gbt, lu, gbt, ga);
  T_(assertGeometry)(gbt, 2, 2, 2, 1);
  T_(assertValues)(gbt, gxv);
  /* underdetermined: A = [1 1], B = [2]: the minimum norm X = [1; 1], ldb = 2 */
  double uav[2] = {1, 1}, ubv[1] = {2}, uxv[2] = {1, 1};
  THTensor *ua = T_(matrix)(1, 2, uav), *ub = T_(matrix)(1, 1, ubv);
  THTensor_(gels)(x, lu, ub, ua);
  T_(assertGeometry)(x, 2, 1, 1, 2);
  T_(assertValues)(x, uxv);

  THTensor *ts[] = {a, b, x, lu, x2, lu2, b1, ai, bi, u, tb, ga, gb, gbi, gai, gbt, ua, ub};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) THTensor_(free)(ts[i]);
}

static void T_(test_factor_layouts)(void **state) {
  /* getri: A = [2 1; 4 3], det 2, inverse [3 -1; -4 2] / 2 */
  double av[4] = {2, 1, 4, 3}, invv[4] = {1.5, -0.5, -2, 1};
  THTensor *a = T_(matrix)(2, 2, av), *r = THTensor_(new)();
  THTensor_(getri)(r, a);
  T_(assertGeometry)(r, 2, 2, 1, 2);
  T_(assertValues)(r, invv);
  THTensor_(getri)(a, a); /* in place: a contiguous A keeps its layout */
  T_(assertGeometry)(a, 2, 2, 2, 1);
  T_(assertValues)(a, invv);

  /* Cholesky of S = [4 2; 2 5]: U = [2 1; 0 2] (U'U = [4 2; 2 5]), L = U'. */
  double sv[4] = {4, 2, 2, 5}, uv[4] = {2, 1, 0, 2}, lv[4] = {2, 0, 1, 2};
  THTensor *s = T_(matrix)(2, 2, sv), *f = THTensor_(new)(), *x = THTensor_(new)();
  THTensor_(potrf)(f, s, "L");
  T_(assertGeometry)(f, 2, 2, 1, 2);
  T_(assertValues)(f, lv);
  THTensor_(potrf)(f, s, "U");
  T_(assertGeometry)(f, 2, 2, 1, 2);
  T_(assertValues)(f, uv);
  /* potrs: S x = [8; 12], S^-1 = [5 -2; -2 4] / 16, x = [1; 2]; a vector B gives 2 x 1 */
  double bv[2] = {8, 12}, xv[2] = {1, 2};
  THTensor *b = T_(matrix)(2, 1, bv), *b1 = THTensor_(newWithSize1d)(2);
  THTensor_(set1d)(b1, 0, 8);
  THTensor_(set1d)(b1, 1, 12);
  THTensor_(potrs)(x, b, f, "U");
  T_(assertGeometry)(x, 2, 1, 1, 2);
  T_(assertValues)(x, xv);
  THTensor_(potrs)(x, b1, f, "U");
  T_(assertGeometry)(x, 2, 1, 1, 2);
  T_(assertValues)(x, xv);
  /* potri: S^-1, both triangles */
  double siv[4] = {5.0 / 16, -2.0 / 16, -2.0 / 16, 4.0 / 16};
  THTensor_(potri)(r, f, "U");
  T_(assertGeometry)(r, 2, 2, 1, 2);
  T_(assertValues)(r, siv);
  /* pstrf pivots the larger diagonal element (5, the second) first: P'SP = [5 2; 2 4] = U'U with
   * U = [sqrt5 2/sqrt5; 0 sqrt(4 - 4/5)] */
  double pv[4] = {sqrt(5.0), 2 / sqrt(5.0), 0, sqrt(16.0 / 5)};
  THIntTensor *piv = THIntTensor_new();
  THTensor_(pstrf)(f, piv, s, "U", -1);
  T_(assertGeometry)(f, 2, 2, 1, 2);
  T_(assertValues)(f, pv);
  assert_int_equal(THIntTensor_get1d(piv, 0), 2);
  assert_int_equal(THIntTensor_get1d(piv, 1), 1);

  THIntTensor_free(piv);
  THTensor *ts[] = {a, r, s, f, x, b, b1};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) THTensor_(free)(ts[i]);
}

/* QR by Householder reflections as LAPACK's geqrf forms them (dlarfg: beta = -sign(alpha) * norm,
 * v = x / (alpha - beta) with v(0) = 1, tau = (beta - alpha) / beta; a column with nothing below
 * the diagonal gives tau = 0). For A = [3 5; 4 10; 0 0]: column 0 = [3 4 0], beta = -5,
 * v = [1 0.5 0], tau = 1.6; H1 = I - 1.6 v v' maps column 1 to [5 10 0] - 16 v = [-11 2 0], whose
 * part below row 0, [2 0], needs no reflection (tau 0). So R = [-5 -11; 0 2] and
 * Q = H1 [e1 e2] = [-0.6 -0.8; -0.8 0.6; 0 0]. */
static void T_(test_qr_layouts)(void **state) {
  double av[6] = {3, 5, 4, 10, 0, 0};
  double qv[6] = {-0.6, -0.8, -0.8, 0.6, 0, 0}, rv[4] = {-5, -11, 0, 2};
  double gv[6] = {-5, -11, 0.5, 2, 0, 0}; /* R on and above the diagonal, v below */
  THTensor *a = T_(matrix)(3, 2, av), *q = THTensor_(new)(), *r = THTensor_(new)();
  THTensor_(qr)(q, r, a);
  T_(assertGeometry)(q, 3, 2, 1, 3);
  T_(assertValues)(q, qv);
  T_(assertGeometry)(r, 2, 2, 2, 1); /* triu into a fresh tensor: contiguous */
  T_(assertValues)(r, rv);

  /* wide: A = [3 5 1; 4 10 2]; the same first reflection maps column 2 to [1 2] - 3.2 [1 0.5] =
   * [-2.2 0.4]; Q is orgqr's 2 x 3 result narrowed to 2 columns, strides (1, 2) */
  double wv[6] = {3, 5, 1, 4, 10, 2}, wqv[4] = {-0.6, -0.8, -0.8, 0.6}, wrv[6] = {-5, -11, -2.2, 0, 2, 0.4};
  THTensor *w = T_(matrix)(2, 3, wv);
  THTensor_(qr)(q, r, w);
  T_(assertGeometry)(q, 2, 2, 1, 2);
  T_(assertValues)(q, wqv);
  T_(assertGeometry)(r, 2, 3, 3, 1);
  T_(assertValues)(r, wrv);

  /* geqrf, orgqr, ormqr one by one */
  THTensor *g = THTensor_(new)(), *tau = THTensor_(new)(), *o = THTensor_(new)();
  THTensor_(geqrf)(g, tau, a);
  T_(assertGeometry)(g, 3, 2, 1, 3);
  T_(assertValues)(g, gv);
  assert_int_equal(tau->nDimension, 1);
  assert_close(THTensor_(get1d)(tau, 0), 1.6, TOL);
  assert_close(THTensor_(get1d)(tau, 1), 0, TOL);
  THTensor_(orgqr)(o, g, tau);
  T_(assertGeometry)(o, 3, 2, 1, 3);
  T_(assertValues)(o, qv);
  /* with one reflector, orgqr forms Q's first column only; the second keeps geqrf's [-11 2 0] */
  double o1v[6] = {-0.6, -11, -0.8, 2, 0, 0};
  THTensor *tau1 = THTensor_(newNarrow)(tau, 0, 0, 1);
  THTensor_(orgqr)(o, g, tau1);
  T_(assertGeometry)(o, 3, 2, 1, 3);
  T_(assertValues)(o, o1v);
  /* ormqr: Q' A = H1 A = [-5 -11; 0 2; 0 0], column-major like C */
  double qtav[6] = {-5, -11, 0, 2, 0, 0};
  THTensor_(ormqr)(o, g, tau, a, "L", "T");
  T_(assertGeometry)(o, 3, 2, 1, 3);
  T_(assertValues)(o, qtav);

  THTensor *ts[] = {a, q, r, w, g, tau, o, tau1};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) THTensor_(free)(ts[i]);
}

static void T_(test_eigen_svd_layouts)(void **state) {
  const double h = sqrt(0.5);
  /* syev: [2 1; 1 2] has eigenvalues 1, 3 with vectors [1 -1] / sqrt2 and [1 1] / sqrt2, in the
   * columns of a column-major rv_; the eigenvalues in a contiguous vector */
  double sv[4] = {2, 1, 1, 2}, hv[4] = {h, h, h, h};
  THTensor *s = T_(matrix)(2, 2, sv), *e = THTensor_(new)(), *v = THTensor_(new)();
  THTensor_(syev)(e, v, s, "V", "U");
  assert_int_equal(e->nDimension, 1);
  assert_int_equal(e->stride[0], 1);
  assert_close(THTensor_(get1d)(e, 0), 1, TOL);
  assert_close(THTensor_(get1d)(e, 1), 3, TOL);
  T_(assertGeometry)(v, 2, 2, 1, 2);
  T_(assertMagnitudes)(v, hv);
  assert_true(THTensor_(get2d)(v, 0, 0) * THTensor_(get2d)(v, 1, 0) < 0);
  assert_true(THTensor_(get2d)(v, 0, 1) * THTensor_(get2d)(v, 1, 1) > 0);

  /* geev: the triangular [2 1; 0 3] has eigenvalues 2 and 3 with unit vectors [1 0] and
   * [1 1] / sqrt2; re_ is n x 2 (real, imaginary) contiguous, rv_ column-major */
  double tv[4] = {2, 1, 0, 3}, gvv[4] = {1, h, 0, h};
  THTensor *t = T_(matrix)(2, 2, tv);
  THTensor_(geev)(e, v, t, "V");
  T_(assertGeometry)(e, 2, 2, 2, 1);
  T_(assertGeometry)(v, 2, 2, 1, 2);
  long first = THTensor_(get2d)(e, 0, 0) < 2.5 ? 0 : 1; /* the column of eigenvalue 2 */
  assert_close(THTensor_(get2d)(e, first, 0), 2, TOL);
  assert_close(THTensor_(get2d)(e, 1 - first, 0), 3, TOL);
  assert_close(THTensor_(get2d)(e, 0, 1), 0, TOL);
  assert_close(fabs(THTensor_(get2d)(v, 0, first)), gvv[0], TOL);
  assert_close(fabs(THTensor_(get2d)(v, 1, first)), gvv[2], TOL);
  assert_close(fabs(THTensor_(get2d)(v, 0, 1 - first)), gvv[1], TOL);
  assert_close(fabs(THTensor_(get2d)(v, 1, 1 - first)), gvv[3], TOL);
  /* an rv_ of the right size whose strides are neither row- nor column-major keeps them (Torch7
   * computed in a copy and copied the vectors in) */
  THTensor *base = THTensor_(newWithSize2d)(2, 4);
  THTensor *odd = THTensor_(newWithStorage2d)(base->storage, 0, 2, 4, 2, 2);
  THTensor_(geev)(e, odd, t, "V");
  T_(assertGeometry)(odd, 2, 2, 4, 2);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 2; j++) assert_close(THTensor_(get2d)(odd, i, j), THTensor_(get2d)(v, i, j), TOL);

  /* gesvd of A = [0 2; 3 0; 0 0]: A e1 = 3 e2 and A e2 = 2 e1, so S = [3 2], U's columns +-e2 and
   * +-e1 (and +-e3 with "A"), V's +-e1 and +-e2. U is column-major; V is contiguous, as Torch7
   * read LAPACK's column-major V' through a contiguous n x n matrix. */
  double av[6] = {0, 2, 3, 0, 0, 0}, usv[6] = {0, 1, 1, 0, 0, 0}, uav[9] = {0, 1, 0, 1, 0, 0, 0, 0, 1};
  double iv[4] = {1, 0, 0, 1};
  THTensor *a = T_(matrix)(3, 2, av), *u = THTensor_(new)(), *sv2 = THTensor_(new)(), *ra = THTensor_(new)();
  THTensor *vs = THTensor_(new)();
  THTensor_(gesvd2)(u, sv2, vs, ra, a, "S");
  T_(assertGeometry)(u, 3, 2, 1, 3);
  T_(assertMagnitudes)(u, usv);
  assert_int_equal(sv2->stride[0], 1);
  assert_close(THTensor_(get1d)(sv2, 0), 3, TOL);
  assert_close(THTensor_(get1d)(sv2, 1), 2, TOL);
  T_(assertGeometry)(vs, 2, 2, 2, 1);
  T_(assertMagnitudes)(vs, iv);
  T_(assertGeometry)(ra, 3, 2, 1, 3);
  for (long i = 0; i < 2; i++) /* the sign pairs agree: u_i s_i v_i' rebuilds A */
    assert_close(THTensor_(get2d)(u, 1 - i, i) * THTensor_(get1d)(sv2, i) * THTensor_(get2d)(vs, i, i),
                 av[(1 - i) * 2 + i], TOL * 10);
  /* an rv_ of V's sizes keeps its strides (Torch7 resizeAs'd it and copied V in): v is geev's
   * column-major 2 x 2 */
  THTensor_(gesvd)(u, sv2, v, a, "A");
  T_(assertGeometry)(u, 3, 3, 1, 3);
  T_(assertMagnitudes)(u, uav);
  T_(assertGeometry)(v, 2, 2, 1, 2);
  T_(assertMagnitudes)(v, iv);
  /* wide: A' = [0 3 0; 2 0 0]: V (3 x 2 with "S") is contiguous, U (2 x 2) column-major */
  THTensor *at = THTensor_(newTranspose)(a, 0, 1);
  THTensor_(gesvd)(u, sv2, v, at, "S");
  T_(assertGeometry)(u, 2, 2, 1, 2);
  T_(assertMagnitudes)(u, iv);
  T_(assertGeometry)(v, 3, 2, 2, 1); /* resized: contiguous */
  T_(assertMagnitudes)(v, usv);

  THTensor *ts[] = {s, e, v, t, base, odd, a, u, sv2, ra, at, vs};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) THTensor_(free)(ts[i]);
}

#undef T_
#undef TOL
#undef real
#undef Real
#endif
