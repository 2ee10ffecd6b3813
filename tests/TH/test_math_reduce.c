/* Reductions and statistics: sumall/prodall/maxall/minall/dot/trace/equal/logical*, sum/prod/mean/
 * max/min/std/var/norm along a dimension, cumsum/cumprod, renorm, histc/bhistc, meanall/varall/
 * stdall/normall/dist. Expected values are worked out by hand or follow from a defining identity
 * (a sum of a counting tensor by its closed form, a blocked sum against a naive loop). */
#include "th_test.h"

/* Asserts that t has the shape {s0} (s1 <= 0) or {s0, s1} and holds `expected` (row-major). */
static void assert_dtensor(THDoubleTensor *t, const double *expected, long s0, long s1) {
  assert_int_equal(t->nDimension, s1 > 0 ? 2 : 1);
  assert_int_equal(t->size[0], s0);
  if (s1 > 0) assert_int_equal(t->size[1], s1);
  for (long i = 0; i < s0; i++)
    for (long j = 0; j < (s1 > 0 ? s1 : 1); j++) {
      double got = s1 > 0 ? THDoubleTensor_get2d(t, i, j) : THDoubleTensor_get1d(t, i);
      double want = expected[i * (s1 > 0 ? s1 : 1) + j];
      if (!th_close(got, want, 1e-12, 1e-12))
        fail_msg("element (%ld, %ld) is %.17g, expected %.17g", i, j, got, want);
    }
}

static void assert_ltensor(THLongTensor *t, const long *expected, long s0, long s1) {
  assert_int_equal(t->nDimension, s1 > 0 ? 2 : 1);
  assert_int_equal(t->size[0], s0);
  if (s1 > 0) assert_int_equal(t->size[1], s1);
  for (long i = 0; i < s0; i++)
    for (long j = 0; j < (s1 > 0 ? s1 : 1); j++) {
      long got = s1 > 0 ? THLongTensor_get2d(t, i, j) : THLongTensor_get1d(t, i);
      if (got != expected[i * (s1 > 0 ? s1 : 1) + j])
        fail_msg("index (%ld, %ld) is %ld, expected %ld", i, j, got, expected[i * (s1 > 0 ? s1 : 1) + j]);
    }
}

static THDoubleTensor *dvec(const double *values, long n) { return th_test_double(values, n, -1, -1, -1); }

static THDoubleTensor *dmat(const double *values, long r, long c) { return th_test_double(values, r, c, -1, -1); }

/* Element (i, j) of an r x c matrix is i * c + j. */
static THDoubleTensor *counting(long r, long c) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(r, c);
  for (long i = 0; i < r * c; i++) THDoubleTensor_data(t)[i] = (double)i;
  return t;
}

/* ------------------------------------------------------------ whole tensor */

static void test_sumall_prodall(void **state) {
  THDoubleTensor *a = dmat((double[]){1, 2, 3, 4, 5, 6}, 2, 3);
  assert_true(THDoubleTensor_sumall(a) == 21);
  assert_true(THDoubleTensor_prodall(a) == 720);
  THDoubleTensor *at = THDoubleTensor_newTranspose(a, 0, 1);
  assert_true(THDoubleTensor_sumall(at) == 21);
  assert_true(THDoubleTensor_prodall(at) == 720);
  THDoubleTensor *col = THDoubleTensor_newSelect(a, 1, 1); /* 2 5, stride 3 */
  assert_true(THDoubleTensor_sumall(col) == 7);
  assert_true(THDoubleTensor_prodall(col) == 10);
  THDoubleTensor *one = dvec((double[]){-2.5}, 1);
  assert_true(THDoubleTensor_sumall(one) == -2.5 && THDoubleTensor_prodall(one) == -2.5);
  THDoubleTensor *e = THDoubleTensor_new();
  assert_true(THDoubleTensor_sumall(e) == 0);
  assert_true(THDoubleTensor_prodall(e) == 1);
  assert_int_equal(THDoubleTensor_numel(e), 0);
  assert_int_equal(THDoubleTensor_numel(a), 6);

  /* Integer sums accumulate in long: three INT_MAX do not overflow. */
  THIntTensor *big = THIntTensor_newWithSize1d(3);
  for (int i = 0; i < 3; i++) THIntTensor_data(big)[i] = INT_MAX;
  assert_true(THIntTensor_sumall(big) == 3L * INT_MAX);
  THIntTensor_data(big)[2] = 1;
  assert_true(THIntTensor_prodall(big) == (long)INT_MAX * INT_MAX);
  THByteTensor *bytes = THByteTensor_newWithSize1d(3);
  memset(THByteTensor_data(bytes), 255, 3);
  assert_true(THByteTensor_sumall(bytes) == 765);
  assert_true(THByteTensor_prodall(bytes) == 255L * 255 * 255);

  /* An expanded (stride-0) tensor: every element is the same storage element. */
  THDoubleTensor *x = dvec((double[]){3}, 1);
  THLongStorage *size = THLongStorage_newWithSize2(4, 5);
  THDoubleTensor *ex = THDoubleTensor_newExpand(x, size);
  assert_true(THDoubleTensor_sumall(ex) == 60);

  THLongStorage_free(size);
  THDoubleTensor_free(ex);
  THDoubleTensor_free(x);
  THByteTensor_free(bytes);
  THIntTensor_free(big);
  THDoubleTensor_free(e);
  THDoubleTensor_free(one);
  THDoubleTensor_free(col);
  THDoubleTensor_free(at);
  THDoubleTensor_free(a);
}

/* Blocked, vectorised and threaded sums must equal the plain definition: integer-valued floats sum
 * exactly in double, and the result may not depend on the thread count. */
static void test_sumall_large(void **state) {
  const long n = 3000017; /* not a multiple of any block or lane count */
  THFloatTensor *t = THFloatTensor_newWithSize1d(n);
  float *p = THFloatTensor_data(t);
  double expected = 0;
  for (long i = 0; i < n; i++) {
    p[i] = (float)(i % 1000) - 499;
    expected += p[i];
  }
  THSetNumThreads(1);
  double one = THFloatTensor_sumall(t);
  THSetNumThreads(2);
  double two = THFloatTensor_sumall(t);
  assert_true(one == expected);
  assert_true(two == expected);
  assert_true(THFloatTensor_maxall(t) == 500 && THFloatTensor_minall(t) == -499);

  /* Non-integers: the result is the same bits on 1 and 2 threads. */
  for (long i = 0; i < n; i++) p[i] = 1.0f / (float)(1 + i % 977);
  THSetNumThreads(1);
  one = THFloatTensor_sumall(t);
  THSetNumThreads(2);
  two = THFloatTensor_sumall(t);
  assert_true(one == two);

  /* A transposed matrix sums like its contiguous storage. */
  THFloatTensor *m = THFloatTensor_newWithSize2d(1000, 3000);
  float *q = THFloatTensor_data(m);
  for (long i = 0; i < 3000000; i++) q[i] = (float)(i % 7);
  THFloatTensor *mt = THFloatTensor_newTranspose(m, 0, 1);
  double sevens = 428571.0 * 21 + (0 + 1 + 2); /* 3000000 = 7 * 428571 + 3 */
  assert_true(THFloatTensor_sumall(mt) == sevens);
  assert_true(THFloatTensor_sumall(m) == sevens);
  THFloatTensor_free(mt);
  THFloatTensor_free(m);
  THFloatTensor_free(t);
}

static void test_dot(void **state) {
  THDoubleTensor *a = dvec((double[]){1, 2, 3}, 3), *b = dvec((double[]){4, 5, 6}, 3);
  assert_true(THDoubleTensor_dot(a, b) == 32);
  /* Non-contiguous: a column of a matrix against a row. */
  THDoubleTensor *m = counting(3, 3);
  THDoubleTensor *col = THDoubleTensor_newSelect(m, 1, 2); /* 2 5 8 */
  assert_true(THDoubleTensor_dot(col, b) == 8 + 25 + 48);
  THDoubleTensor *e = THDoubleTensor_new();
  assert_true(THDoubleTensor_dot(e, e) == 0);
  assert_th_error(THDoubleTensor_dot(a, m), "dot: t has 3 elements but src has 9");
  assert_true(THDoubleTensor_dot(a, a) == 14); /* still works */

  /* Float accumulates in double: 1e8 + 1 - 1e8 keeps the 1. */
  THFloatTensor *f = th_test_float((float[]){1e8f, 1, -1e8f}, 3, -1, -1, -1);
  THFloatTensor *ones = th_test_float((float[]){1, 1, 1}, 3, -1, -1, -1);
  assert_true(THFloatTensor_dot(f, ones) == 1);

  /* Legacy: Byte, Char and Short accumulate in the element type and wrap. */
  THByteTensor *x = THByteTensor_newWithSize1d(2), *y = THByteTensor_newWithSize1d(2);
  THByteTensor_set1d(x, 0, 16);
  THByteTensor_set1d(x, 1, 16);
  THByteTensor_set1d(y, 0, 16);
  THByteTensor_set1d(y, 1, 1);
  assert_true(THByteTensor_dot(x, y) == (256 + 16) % 256);
  THCharTensor *c = THCharTensor_newWithSize1d(1), *c2 = THCharTensor_newWithSize1d(1);
  THCharTensor_set1d(c, 0, 100);
  THCharTensor_set1d(c2, 0, 2);
  assert_true(THCharTensor_dot(c, c2) == 200 - 256);
  THShortTensor *s = THShortTensor_newWithSize1d(1);
  THShortTensor_set1d(s, 0, 200);
  assert_true(THShortTensor_dot(s, s) == 40000 - 65536);
  /* Int does not wrap: it accumulates in long. */
  THIntTensor *i = THIntTensor_newWithSize1d(1);
  THIntTensor_set1d(i, 0, 50000);
  assert_true(THIntTensor_dot(i, i) == 2500000000L);

  THIntTensor_free(i);
  THShortTensor_free(s);
  THCharTensor_free(c2);
  THCharTensor_free(c);
  THByteTensor_free(y);
  THByteTensor_free(x);
  THFloatTensor_free(ones);
  THFloatTensor_free(f);
  THDoubleTensor_free(e);
  THDoubleTensor_free(col);
  THDoubleTensor_free(m);
  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
}

static void test_maxall_minall(void **state) {
  THDoubleTensor *a = dmat((double[]){3, -7, 9, 9, 0, -7}, 2, 3);
  assert_true(THDoubleTensor_maxall(a) == 9 && THDoubleTensor_minall(a) == -7);
  THDoubleTensor *at = THDoubleTensor_newTranspose(a, 0, 1);
  assert_true(THDoubleTensor_maxall(at) == 9 && THDoubleTensor_minall(at) == -7);
  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_maxall(e), "maxall: the tensor is empty");
  assert_th_error(THDoubleTensor_minall(e), "minall: the tensor is empty");
  assert_true(THDoubleTensor_maxall(a) == 9);

  /* NaN propagates: it is both the max and the min, wherever it is (also past the lanes). */
  THFloatTensor *f = THFloatTensor_newWithSize1d(100);
  for (int k = 0; k < 100; k++) THFloatTensor_data(f)[k] = (float)k;
  assert_true(THFloatTensor_maxall(f) == 99 && THFloatTensor_minall(f) == 0);
  THFloatTensor_data(f)[97] = NAN;
  assert_true(isnan(THFloatTensor_maxall(f)) && isnan(THFloatTensor_minall(f)));
  THFloatTensor_data(f)[97] = 97;
  THFloatTensor_data(f)[3] = NAN;
  assert_true(isnan(THFloatTensor_maxall(f)) && isnan(THFloatTensor_minall(f)));

  THCharTensor *c = THCharTensor_newWithSize1d(3);
  THCharTensor_set1d(c, 0, -128);
  THCharTensor_set1d(c, 1, 127);
  THCharTensor_set1d(c, 2, 0);
  assert_true(THCharTensor_maxall(c) == 127 && THCharTensor_minall(c) == -128);
  THLongTensor *l = THLongTensor_newWithSize1d(2);
  THLongTensor_set1d(l, 0, LONG_MIN);
  THLongTensor_set1d(l, 1, LONG_MAX);
  assert_true(THLongTensor_maxall(l) == LONG_MAX && THLongTensor_minall(l) == LONG_MIN);

  THLongTensor_free(l);
  THCharTensor_free(c);
  THFloatTensor_free(f);
  THDoubleTensor_free(e);
  THDoubleTensor_free(at);
  THDoubleTensor_free(a);
}

static void test_trace_equal_logical(void **state) {
  THDoubleTensor *a = dmat((double[]){1, 2, 3, 4, 5, 6}, 2, 3);
  assert_true(THDoubleTensor_trace(a) == 6);
  THDoubleTensor *at = THDoubleTensor_newTranspose(a, 0, 1);
  assert_true(THDoubleTensor_trace(at) == 6);
  THDoubleTensor *v = dvec((double[]){1, 2}, 2);
  assert_th_error(THDoubleTensor_trace(v), "trace: expected a 2D tensor, got a 1D tensor");

  THDoubleTensor *b = dmat((double[]){1, 2, 3, 4, 5, 6}, 2, 3);
  assert_true(THDoubleTensor_equal(a, b));
  assert_false(THDoubleTensor_equal(a, at)); /* same elements, other shape */
  THDoubleTensor_set2d(b, 1, 2, 7);
  assert_false(THDoubleTensor_equal(a, b));
  THDoubleTensor *bt = THDoubleTensor_newTranspose(at, 0, 1); /* non-contiguous, equal */
  assert_true(THDoubleTensor_equal(a, bt));
  THDoubleTensor *n1 = dvec((double[]){NAN}, 1);
  assert_false(THDoubleTensor_equal(n1, n1)); /* NaN != NaN */
  THDoubleTensor *e1 = THDoubleTensor_new(), *e2 = THDoubleTensor_new();
  assert_true(THDoubleTensor_equal(e1, e2));

  THByteTensor *m = THByteTensor_newWithSize1d(3);
  memset(THByteTensor_data(m), 1, 3);
  assert_true(THByteTensor_logicalall(m) && THByteTensor_logicalany(m));
  THByteTensor_set1d(m, 1, 0);
  assert_true(!THByteTensor_logicalall(m) && THByteTensor_logicalany(m));
  memset(THByteTensor_data(m), 0, 3);
  assert_true(!THByteTensor_logicalall(m) && !THByteTensor_logicalany(m));
  THByteTensor *eb = THByteTensor_new();
  assert_true(THByteTensor_logicalall(eb) && !THByteTensor_logicalany(eb));

  THByteTensor_free(eb);
  THByteTensor_free(m);
  THDoubleTensor_free(e2);
  THDoubleTensor_free(e1);
  THDoubleTensor_free(n1);
  THDoubleTensor_free(bt);
  THDoubleTensor_free(b);
  THDoubleTensor_free(v);
  THDoubleTensor_free(at);
  THDoubleTensor_free(a);
}

/* ------------------------------------------------------- along a dimension */

/* Element (i, j, k) of the 2x3x4 counting tensor is 12i + 4j + k, so the sums are closed forms. */
static void check_counting_sums(THDoubleTensor *t, THDoubleTensor *r) {
  THDoubleTensor_sum(r, t, 0, 0); /* 3 x 4: 12 + 8j + 2k */
  assert_true(r->nDimension == 2 && r->size[0] == 3 && r->size[1] == 4);
  for (long j = 0; j < 3; j++)
    for (long k = 0; k < 4; k++) assert_true(THDoubleTensor_get2d(r, j, k) == 12 + 8 * j + 2 * k);
  THDoubleTensor_sum(r, t, 1, 0); /* 2 x 4: 36i + 12 + 3k */
  for (long i = 0; i < 2; i++)
    for (long k = 0; k < 4; k++) assert_true(THDoubleTensor_get2d(r, i, k) == 36 * i + 12 + 3 * k);
  THDoubleTensor_sum(r, t, 2, 1); /* 2 x 3 x 1: 48i + 16j + 6 */
  assert_true(r->nDimension == 3 && r->size[2] == 1);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 3; j++) assert_true(THDoubleTensor_get3d(r, i, j, 0) == 48 * i + 16 * j + 6);
  THDoubleTensor_mean(r, t, 1, 0); /* (36i + 12 + 3k) / 3 */
  for (long i = 0; i < 2; i++)
    for (long k = 0; k < 4; k++) assert_true(THDoubleTensor_get2d(r, i, k) == 12 * i + 4 + k);
}

static void test_sum_prod_mean_dim(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize3d(2, 3, 4);
  for (int i = 0; i < 24; i++) THDoubleTensor_data(t)[i] = i;
  THDoubleTensor *r = THDoubleTensor_new();
  check_counting_sums(t, r);
  /* The same values in a non-contiguous layout: a 4x3x2 tensor transposed (0, 2). */
  THDoubleTensor *s = THDoubleTensor_newWithSize3d(4, 3, 2);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 3; j++)
      for (long k = 0; k < 4; k++) THDoubleTensor_set3d(s, k, j, i, 12 * i + 4 * j + k);
  THDoubleTensor *st = THDoubleTensor_newTranspose(s, 0, 2);
  check_counting_sums(st, r);
  /* A non-contiguous output (a transposed 4x3 written as 3x4). */
  THDoubleTensor *o = THDoubleTensor_newWithSize2d(4, 3);
  THDoubleTensor *ot = THDoubleTensor_newTranspose(o, 0, 1);
  THDoubleTensor_sum(ot, t, 0, 0);
  assert_true(ot->storage == o->storage && THDoubleTensor_get2d(o, 3, 2) == 12 + 16 + 6);

  THDoubleTensor *m = dmat((double[]){1, 2, 3, 4}, 2, 2);
  THDoubleTensor_prod(r, m, 0, 0);
  assert_dtensor(r, (double[]){3, 8}, 2, 0);
  THDoubleTensor_prod(r, m, 1, 1);
  assert_dtensor(r, (double[]){2, 12}, 2, 1);
  THDoubleTensor_sum(r, m, 1, 1);
  assert_dtensor(r, (double[]){3, 7}, 2, 1);
  /* A 1D input keeps one element even without keepdim (Torch7's squeeze1d). */
  THDoubleTensor *v = dvec((double[]){1, 2, 3}, 3);
  THDoubleTensor_sum(r, v, 0, 0);
  assert_dtensor(r, (double[]){6}, 1, 0);
  THDoubleTensor_mean(r, v, 0, 1);
  assert_dtensor(r, (double[]){2}, 1, 0);

  /* The result may be the input. */
  THDoubleTensor *alias = dmat((double[]){1, 2, 3, 4}, 2, 2);
  THDoubleTensor_sum(alias, alias, 0, 0);
  assert_dtensor(alias, (double[]){4, 6}, 2, 0);

  /* Type classes: Byte sums wrap in the result type, Int sums go through long. */
  THByteTensor *b = THByteTensor_newWithSize1d(2), *br = THByteTensor_new();
  THByteTensor_set1d(b, 0, 200);
  THByteTensor_set1d(b, 1, 100);
  THByteTensor_sum(br, b, 0, 0);
  assert_int_equal(THByteTensor_get1d(br, 0), 44);
  THIntTensor *it = THIntTensor_newWithSize2d(2, 2), *ir = THIntTensor_new();
  int *ip = THIntTensor_data(it);
  ip[0] = 7, ip[1] = -3, ip[2] = 5, ip[3] = -4;
  THIntTensor_sum(ir, it, 0, 0);
  assert_true(THIntTensor_get1d(ir, 0) == 12 && THIntTensor_get1d(ir, 1) == -7);
  THIntTensor_prod(ir, it, 1, 0);
  assert_true(THIntTensor_get1d(ir, 0) == -21 && THIntTensor_get1d(ir, 1) == -20);

  /* Float accumulates in double: 1e8 + 1 - 1e8 keeps the 1 (a float accumulator loses it). */
  THFloatTensor *f = th_test_float((float[]){1e8f, 1, -1e8f}, 3, -1, -1, -1), *fr = THFloatTensor_new();
  THFloatTensor_sum(fr, f, 0, 0);
  assert_true(THFloatTensor_get1d(fr, 0) == 1);
  THFloatTensor_cumsum(fr, f, 0);
  assert_true(THFloatTensor_get1d(fr, 2) == 1);
  THFloatTensor_free(fr);
  THFloatTensor_free(f);

  assert_th_error(THDoubleTensor_sum(r, m, 2, 0), "sum: dimension 3 out of range of a 2D tensor");
  assert_th_error(THDoubleTensor_prod(r, m, -1, 0), "prod: dimension 0 out of range of a 2D tensor");
  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_mean(r, e, 0, 0), "mean: dimension 1 out of range of a 0D tensor");
  THDoubleTensor_sum(r, m, 0, 0);
  assert_dtensor(r, (double[]){4, 6}, 2, 0);

  THDoubleTensor_free(e);
  THIntTensor_free(ir);
  THIntTensor_free(it);
  THByteTensor_free(br);
  THByteTensor_free(b);
  THDoubleTensor_free(alias);
  THDoubleTensor_free(v);
  THDoubleTensor_free(m);
  THDoubleTensor_free(ot);
  THDoubleTensor_free(o);
  THDoubleTensor_free(st);
  THDoubleTensor_free(s);
  THDoubleTensor_free(r);
  THDoubleTensor_free(t);
}

/* The contiguous fast paths (row folds, column blocks, threads) against a naive double loop. */
/* Torch7's prod along a dimension multiplies each slice in order, in accreal (double) where the
 * slice has stride 1 and in real where it has not (THTensor_(prod) in torch7's THTensorMath.c);
 * torchtest.prod compares the result exactly with a loop of cmul. The expected values here are
 * those two loops, written out; 24 factors make the order matter to the last bit. */
enum { PROD_N = 24 };

static double prod_factor(int i) { return 1 + 0.0123 * (i + 1) + 0.00037 * i * i; }

/* Slice r (r = 0, 1) has the factors prod_factor(i + 7 r), i < PROD_N. */
static double prod_in_double(int r, int asFloat) {
  double p = 1;
  for (int i = 0; i < PROD_N; i++) p *= asFloat ? (double)(float)prod_factor(i + 7 * r) : prod_factor(i + 7 * r);
  return p;
}

static float prod_in_float(int r) {
  float p = 1;
  for (int i = 0; i < PROD_N; i++) p *= (float)prod_factor(i + 7 * r);
  return p;
}

static void test_prod_dim_in_order(void **state) {
  THDoubleTensor *rows = THDoubleTensor_newWithSize2d(2, PROD_N), *cols = THDoubleTensor_newWithSize2d(PROD_N, 2);
  THFloatTensor *frows = THFloatTensor_newWithSize2d(2, PROD_N), *fcols = THFloatTensor_newWithSize2d(PROD_N, 2);
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < PROD_N; i++) {
      THDoubleTensor_set2d(rows, r, i, prod_factor(i + 7 * r));
      THDoubleTensor_set2d(cols, i, r, prod_factor(i + 7 * r));
      THFloatTensor_set2d(frows, r, i, (float)prod_factor(i + 7 * r));
      THFloatTensor_set2d(fcols, i, r, (float)prod_factor(i + 7 * r));
    }
  /* The two Float rules give different floats for these factors, so the test tells them apart. */
  for (int r = 0; r < 2; r++) assert_true((float)prod_in_double(r, 1) != prod_in_float(r));

  THDoubleTensor *rowsT = THDoubleTensor_newTranspose(rows, 0, 1), *colsT = THDoubleTensor_newTranspose(cols, 0, 1);
  THFloatTensor *frowsT = THFloatTensor_newTranspose(frows, 0, 1), *fcolsT = THFloatTensor_newTranspose(fcols, 0, 1);
  THDoubleTensor *r_ = THDoubleTensor_new();
  THFloatTensor *fr = THFloatTensor_new();
  /* Double: in order whatever the layout (a contiguous last dimension, a contiguous first one, the
   * transposes of both). */
  THDoubleTensor *doubleInputs[] = {rows, cols, rowsT, colsT};
  int doubleDims[] = {1, 0, 0, 1};
  for (int k = 0; k < 4; k++) {
    THDoubleTensor_prod(r_, doubleInputs[k], doubleDims[k], 0);
    for (int r = 0; r < 2; r++) assert_true(THDoubleTensor_get1d(r_, r) == prod_in_double(r, 0));
  }
  /* Float: stride 1 along the dimension (rows, and the transposed rows along dimension 0) gives the
   * double product rounded once; any other stride gives the float product. */
  THFloatTensor *floatInputs[] = {frows, frowsT, fcols, fcolsT};
  int floatDims[] = {1, 0, 0, 1};
  for (int k = 0; k < 4; k++) {
    THFloatTensor_prod(fr, floatInputs[k], floatDims[k], 1);
    assert_int_equal(fr->nDimension, 2);
    for (int r = 0; r < 2; r++) {
      float got = floatDims[k] == 1 ? THFloatTensor_get2d(fr, r, 0) : THFloatTensor_get2d(fr, 0, r);
      float want = k < 2 ? (float)prod_in_double(r, 1) : prod_in_float(r);
      if (got != want) fail_msg("input %d, slice %d: %.9g, expected %.9g", k, r, got, want);
    }
  }
  /* A slice of one element is that element. */
  THDoubleTensor *one = THDoubleTensor_newNarrow(cols, 0, 3, 1);
  THDoubleTensor_prod(r_, one, 0, 0);
  assert_true(THDoubleTensor_get1d(r_, 1) == prod_factor(3 + 7));

  THDoubleTensor_free(one);
  THFloatTensor_free(fr);
  THDoubleTensor_free(r_);
  THFloatTensor_free(fcolsT);
  THFloatTensor_free(frowsT);
  THDoubleTensor_free(colsT);
  THDoubleTensor_free(rowsT);
  THFloatTensor_free(fcols);
  THFloatTensor_free(frows);
  THDoubleTensor_free(cols);
  THDoubleTensor_free(rows);
}

static void test_sum_dim_large(void **state) {
  const long R = 300, C = 2500; /* C spans several column blocks */
  THFloatTensor *t = THFloatTensor_newWithSize2d(R, C), *r = THFloatTensor_new();
  float *p = THFloatTensor_data(t);
  for (long i = 0; i < R * C; i++) p[i] = (float)((i * 7919) % 1001) / 8.0f; /* exact in float */
  for (int threads = 1; threads <= 2; threads++) {
    THSetNumThreads(threads);
    THFloatTensor_sum(r, t, 0, 0);
    for (long j = 0; j < C; j++) {
      double s = 0;
      for (long i = 0; i < R; i++) s += p[i * C + j];
      if (THFloatTensor_get1d(r, j) != (float)s) fail_msg("column %ld: %g, expected %g", j, THFloatTensor_get1d(r, j), s);
    }
    THFloatTensor_sum(r, t, 1, 0);
    for (long i = 0; i < R; i++) {
      double s = 0;
      for (long j = 0; j < C; j++) s += p[i * C + j];
      if (THFloatTensor_get1d(r, i) != (float)s) fail_msg("row %ld: %g, expected %g", i, THFloatTensor_get1d(r, i), s);
    }
  }
  /* One long row: the blocked fold. */
  THFloatTensor *row = THFloatTensor_newWithStorage2d(t->storage, 0, 1, R * C, R * C, 1);
  THFloatTensor_sum(r, row, 1, 0);
  assert_true(THFloatTensor_get1d(r, 0) == (float)THFloatTensor_sumall(t));
  THFloatTensor_free(row);
  THFloatTensor_free(r);
  THFloatTensor_free(t);
}

static void test_max_min_dim(void **state) {
  THDoubleTensor *a = dmat((double[]){1, 5, 5, 7, 2, 7}, 2, 3);
  THDoubleTensor *v = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  /* Indices are 0-based, as Torch7's C returned them; Torch7 replaces the best only on a strictly
   * better value, so the first of equal extremes wins. */
  THDoubleTensor_max(v, ix, a, 1, 0);
  assert_dtensor(v, (double[]){5, 7}, 2, 0);
  assert_ltensor(ix, (long[]){1, 0}, 2, 0);
  THDoubleTensor_max(v, ix, a, 1, 1);
  assert_dtensor(v, (double[]){5, 7}, 2, 1);
  assert_ltensor(ix, (long[]){1, 0}, 2, 1);
  THDoubleTensor_max(v, ix, a, 0, 0);
  assert_dtensor(v, (double[]){7, 5, 7}, 3, 0);
  assert_ltensor(ix, (long[]){1, 0, 1}, 3, 0);
  THDoubleTensor_min(v, ix, a, 0, 1);
  assert_dtensor(v, (double[]){1, 2, 5}, 1, 3);
  assert_ltensor(ix, (long[]){0, 1, 0}, 1, 3);
  THDoubleTensor_min(v, ix, a, 1, 0);
  assert_dtensor(v, (double[]){1, 2}, 2, 0);
  assert_ltensor(ix, (long[]){0, 1}, 2, 0);
  /* Transposed input (dimension stride not 1: Torch7's min leaked here). */
  THDoubleTensor *at = THDoubleTensor_newTranspose(a, 0, 1);
  THDoubleTensor_min(v, ix, at, 0, 0);
  assert_dtensor(v, (double[]){1, 2}, 2, 0);
  assert_ltensor(ix, (long[]){0, 1}, 2, 0);
  THDoubleTensor_max(v, ix, at, 1, 0);
  assert_dtensor(v, (double[]){7, 5, 7}, 3, 0);
  assert_ltensor(ix, (long[]){1, 0, 1}, 3, 0);

  /* NaN is the max and the min, with the first NaN's index: Torch7's unit-stride path takes any
   * value that is not <= (>= for min) the best so far, which a NaN never is, and stops there. */
  THDoubleTensor *n = dvec((double[]){1, NAN, 3, NAN}, 4);
  THDoubleTensor_max(v, ix, n, 0, 0);
  assert_true(v->nDimension == 1 && isnan(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 1);
  THDoubleTensor_min(v, ix, n, 0, 0);
  assert_true(isnan(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 1);
  THDoubleTensor *nfirst = dvec((double[]){NAN, 5, -1}, 3);
  THDoubleTensor_max(v, ix, nfirst, 0, 0);
  assert_true(isnan(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 0);
  THDoubleTensor_min(v, ix, nfirst, 0, 0);
  assert_true(isnan(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 0);
  /* Torch7's other path (the dimension's stride is not 1) starts from element 0 and never replaces
   * a NaN: again the first NaN. Columns of 2 NaN NaN / NaN 9 -1 / 4 8 NaN. */
  THDoubleTensor *ncol = dmat((double[]){2, NAN, 4, NAN, 9, 8, NAN, -1, NAN}, 3, 3);
  THDoubleTensor_max(v, ix, ncol, 0, 0);
  assert_true(isnan(THDoubleTensor_get1d(v, 0)) && isnan(THDoubleTensor_get1d(v, 1)) && isnan(THDoubleTensor_get1d(v, 2)));
  assert_ltensor(ix, (long[]){1, 0, 2}, 3, 0);
  THDoubleTensor_min(v, ix, ncol, 0, 0);
  assert_ltensor(ix, (long[]){1, 0, 2}, 3, 0);
  /* -0 and +0 are equal: the first one stays. */
  THDoubleTensor *zeros = dvec((double[]){-0.0, 0.0}, 2);
  THDoubleTensor_max(v, ix, zeros, 0, 0);
  assert_true(signbit(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 0);
  THDoubleTensor_min(v, ix, zeros, 0, 0);
  assert_true(signbit(THDoubleTensor_get1d(v, 0)) && THLongTensor_get1d(ix, 0) == 0);

  /* values_ may be the input. */
  THDoubleTensor *alias = dmat((double[]){4, 9, 8, 3}, 2, 2);
  THDoubleTensor_max(alias, ix, alias, 0, 0);
  assert_dtensor(alias, (double[]){8, 9}, 2, 0);
  assert_ltensor(ix, (long[]){1, 0}, 2, 0);

  /* Integer types. */
  THByteTensor *b = THByteTensor_newWithSize2d(2, 2), *bv = THByteTensor_new();
  unsigned char *bp = THByteTensor_data(b);
  bp[0] = 255, bp[1] = 0, bp[2] = 3, bp[3] = 255;
  THByteTensor_max(bv, ix, b, 0, 0);
  assert_true(THByteTensor_get1d(bv, 0) == 255 && THByteTensor_get1d(bv, 1) == 255);
  assert_ltensor(ix, (long[]){0, 1}, 2, 0);

  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_max(v, ix, a, 2, 0), "max: dimension 3 out of range of a 2D tensor");
  assert_th_error(THDoubleTensor_min(v, ix, e, 0, 0), "min: dimension 1 out of range of a 0D tensor");
  assert_th_error(THDoubleTensor_max(v, NULL, a, 0, 0), "max: indices_ is NULL");
  THDoubleTensor_max(v, ix, a, 1, 0);
  assert_dtensor(v, (double[]){5, 7}, 2, 0);

  THDoubleTensor_free(e);
  THByteTensor_free(bv);
  THByteTensor_free(b);
  THDoubleTensor_free(alias);
  THDoubleTensor_free(zeros);
  THDoubleTensor_free(ncol);
  THDoubleTensor_free(nfirst);
  THDoubleTensor_free(n);
  THDoubleTensor_free(at);
  THLongTensor_free(ix);
  THDoubleTensor_free(v);
  THDoubleTensor_free(a);
}

static void test_cumsum_cumprod(void **state) {
  THDoubleTensor *v = dvec((double[]){1, 2, 3, 4}, 4), *r = THDoubleTensor_new();
  THDoubleTensor_cumsum(r, v, 0);
  assert_dtensor(r, (double[]){1, 3, 6, 10}, 4, 0);
  THDoubleTensor_cumprod(r, v, 0);
  assert_dtensor(r, (double[]){1, 2, 6, 24}, 4, 0);
  THDoubleTensor *m = dmat((double[]){1, 2, 3, 4, 5, 6}, 2, 3);
  THDoubleTensor_cumsum(r, m, 0);
  assert_dtensor(r, (double[]){1, 2, 3, 5, 7, 9}, 2, 3);
  THDoubleTensor_cumsum(r, m, 1);
  assert_dtensor(r, (double[]){1, 3, 6, 4, 9, 15}, 2, 3);
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1); /* 1 4 / 2 5 / 3 6 */
  THDoubleTensor_cumprod(r, mt, 0);
  assert_dtensor(r, (double[]){1, 4, 2, 20, 6, 120}, 3, 2);
  /* In place. */
  THDoubleTensor_cumsum(v, v, 0);
  assert_dtensor(v, (double[]){1, 3, 6, 10}, 4, 0);
  /* Byte wraps in the result type; Int products go through long. */
  THByteTensor *b = THByteTensor_newWithSize1d(2), *br = THByteTensor_new();
  THByteTensor_set1d(b, 0, 200);
  THByteTensor_set1d(b, 1, 100);
  THByteTensor_cumsum(br, b, 0);
  assert_true(THByteTensor_get1d(br, 0) == 200 && THByteTensor_get1d(br, 1) == 44);
  assert_th_error(THDoubleTensor_cumsum(r, m, 2), "cumsum: dimension 3 out of range of a 2D tensor");
  assert_th_error(THDoubleTensor_cumprod(NULL, m, 0), "cumprod: r_ is NULL");
  THByteTensor_free(br);
  THByteTensor_free(b);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* ------------------------------------------------------------ statistics */

static void test_std_var(void **state) {
  THDoubleTensor *v = dvec((double[]){1, 2, 3, 4}, 4), *r = THDoubleTensor_new();
  /* mean 2.5, squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5 */
  assert_true(THDoubleTensor_meanall(v) == 2.5);
  assert_close(THDoubleTensor_varall(v, 1), 1.25, 1e-15);
  assert_close(THDoubleTensor_varall(v, 0), 5.0 / 3, 1e-15);
  assert_close(THDoubleTensor_stdall(v, 1), sqrt(1.25), 1e-15);
  THDoubleTensor *m = dmat((double[]){1, 2, 3, 4, 2, 4, 6, 8}, 2, 4);
  THDoubleTensor_var(r, m, 1, 1, 0);
  assert_dtensor(r, (double[]){1.25, 5}, 2, 0);
  THDoubleTensor_std(r, m, 1, 0, 1);
  assert_dtensor(r, (double[]){sqrt(5.0 / 3), sqrt(20.0 / 3)}, 2, 1);
  THDoubleTensor_var(r, m, 0, 0, 0); /* pairs (1,2) (2,4) (3,6) (4,8): d^2 / 2 */
  assert_dtensor(r, (double[]){0.5, 2, 4.5, 8}, 4, 0);
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1);
  THDoubleTensor_var(r, mt, 1, 0, 0);
  assert_dtensor(r, (double[]){0.5, 2, 4.5, 8}, 4, 0);
  /* One element: unbiased is NaN, biased 0. */
  THDoubleTensor *one = dmat((double[]){3, 4}, 2, 1);
  THDoubleTensor_var(r, one, 1, 0, 0);
  assert_true(isnan(THDoubleTensor_get1d(r, 0)) && isnan(THDoubleTensor_get1d(r, 1)));
  THDoubleTensor_std(r, one, 1, 1, 0);
  assert_dtensor(r, (double[]){0, 0}, 2, 0);
  assert_close(THDoubleTensor_varall(one, 0), 0.5, 1e-15); /* two elements */
  THDoubleTensor *single = dvec((double[]){7}, 1);
  assert_true(isnan(THDoubleTensor_varall(single, 0)) && THDoubleTensor_varall(single, 1) == 0);

  THFloatTensor *f = th_test_float((float[]){1, 2, 3, 4}, 2, 2, -1, -1), *fr = THFloatTensor_new();
  THFloatTensor_mean(fr, f, 0, 0);
  assert_true(THFloatTensor_get1d(fr, 0) == 2 && THFloatTensor_get1d(fr, 1) == 3);
  assert_close(THFloatTensor_stdall(f, 0), sqrt(5.0 / 3), 1e-7);

  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_meanall(e), "meanall: the tensor is empty");
  assert_th_error(THDoubleTensor_varall(e, 0), "varall: the tensor is empty");
  assert_th_error(THDoubleTensor_stdall(e, 1), "stdall: the tensor is empty");
  assert_th_error(THDoubleTensor_std(r, m, 5, 0, 0), "std: dimension 6 out of range of a 2D tensor");
  assert_true(THDoubleTensor_meanall(v) == 2.5);

  THFloatTensor_free(fr);
  THFloatTensor_free(f);
  THDoubleTensor_free(e);
  THDoubleTensor_free(single);
  THDoubleTensor_free(one);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

static void test_norm_dist(void **state) {
  THDoubleTensor *v = dvec((double[]){3, 0, -4}, 3), *r = THDoubleTensor_new();
  assert_close(THDoubleTensor_normall(v, 2), 5, 1e-15);
  assert_close(THDoubleTensor_normall(v, 1), 7, 1e-15);
  assert_close(THDoubleTensor_normall(v, 0), 2, 1e-15);
  assert_close(THDoubleTensor_normall(v, 3), cbrt(91), 1e-14);
  assert_close(THDoubleTensor_normall(v, INFINITY), 4, 1e-15);
  THDoubleTensor *e = THDoubleTensor_new();
  assert_true(THDoubleTensor_normall(e, 2) == 0);

  THDoubleTensor *m = dmat((double[]){3, 4, 0, 6, 8, 0}, 2, 3);
  THDoubleTensor_norm(r, m, 2, 1, 0);
  assert_dtensor(r, (double[]){5, 10}, 2, 0);
  THDoubleTensor_norm(r, m, 1, 0, 1);
  assert_dtensor(r, (double[]){9, 12, 0}, 1, 3);
  THDoubleTensor_norm(r, m, 0, 1, 0);
  assert_dtensor(r, (double[]){2, 2}, 2, 0);
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1);
  THDoubleTensor_norm(r, mt, 2, 0, 0);
  assert_dtensor(r, (double[]){5, 10}, 2, 0);

  THDoubleTensor *a = dvec((double[]){1, 2}, 2), *b = dvec((double[]){4, 6}, 2);
  assert_close(THDoubleTensor_dist(a, b, 2), 5, 1e-15);
  assert_close(THDoubleTensor_dist(a, b, 1), 7, 1e-15);
  assert_close(THDoubleTensor_dist(a, a, 2), 0, 1e-15);
  assert_close(THDoubleTensor_dist(a, b, 0), 2, 1e-15);
  assert_th_error(THDoubleTensor_dist(a, m, 2), "dist: a has 2 elements but b has 6");
  assert_th_error(THDoubleTensor_norm(r, m, 2, 2, 0), "norm: dimension 3 out of range of a 2D tensor");

  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(e);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

static void test_renorm(void **state) {
  THDoubleTensor *m = dmat((double[]){3, 4, 0.3, 0.4}, 2, 2), *r = THDoubleTensor_new();
  /* Row 0 has norm 5 > 1: scaled by 1 / (5 + 1e-7); row 1 (norm 0.5) is unchanged. */
  THDoubleTensor_renorm(r, m, 2, 0, 1);
  double s = 1 / (5 + 1e-7);
  assert_dtensor(r, (double[]){3 * s, 4 * s, 0.3, 0.4}, 2, 2);
  /* p = 1 along dimension 1: the columns (3, 0.3) and (4, 0.4) have 1-norms 3.3 and 4.4 > 2. */
  THDoubleTensor_renorm(r, m, 1, 1, 2);
  double c0 = 2 / (3.3 + 1e-7), c1 = 2 / (4.4 + 1e-7);
  assert_dtensor(r, (double[]){3 * c0, 4 * c1, 0.3 * c0, 0.4 * c1}, 2, 2);
  /* In place. */
  THDoubleTensor_renorm(m, m, 2, 0, 1);
  assert_dtensor(m, (double[]){3 * s, 4 * s, 0.3, 0.4}, 2, 2);
  THDoubleTensor *v = dvec((double[]){1, 2}, 2);
  assert_th_error(THDoubleTensor_renorm(r, m, 0, 0, 1), "renorm: the norm p must be positive, got 0");
  assert_th_error(THDoubleTensor_renorm(r, v, 2, 0, 1), "renorm: expected a tensor of at least 2 dimensions");
  THDoubleTensor_free(v);
  THDoubleTensor_free(r);
  THDoubleTensor_free(m);
}

static void test_histc(void **state) {
  THDoubleTensor *v = dvec((double[]){1, 2, 1, 4}, 4), *h = THDoubleTensor_new();
  /* min == max: the data's range [1, 4] in 4 bins of 0.75: 1 -> 0, 2 -> 1, 4 -> last. */
  THDoubleTensor_histc(h, v, 4, 0, 0);
  assert_dtensor(h, (double[]){2, 1, 0, 1}, 4, 0);
  /* [0, 10] in 5 bins: -1, 11 and NaN are ignored, 10 falls in the last bin. */
  THDoubleTensor *w = dvec((double[]){-1, 0, 2, 9.99, 10, 11, NAN}, 7);
  THDoubleTensor_histc(h, w, 5, 0, 10);
  assert_dtensor(h, (double[]){1, 1, 0, 0, 2}, 5, 0);
  /* All equal: the range widens to [x - 1, x + 1]. */
  THDoubleTensor *c = dvec((double[]){5, 5}, 2);
  THDoubleTensor_histc(h, c, 2, 0, 0);
  assert_dtensor(h, (double[]){0, 2}, 2, 0);
  /* In place (hist is the input). */
  THDoubleTensor_histc(v, v, 3, 1, 4);
  assert_dtensor(v, (double[]){2, 1, 1}, 3, 0);

  THFloatTensor *m = th_test_float((float[]){1, 2, 3, 3, 3, 1}, 2, 3, -1, -1), *fh = THFloatTensor_new();
  THFloatTensor_bhistc(fh, m, 3, 0, 0);
  assert_true(fh->nDimension == 2 && fh->size[0] == 2 && fh->size[1] == 3);
  float expect[6] = {1, 1, 1, 1, 0, 2};
  for (int i = 0; i < 6; i++) assert_true(THFloatTensor_get2d(fh, i / 3, i % 3) == expect[i]);
  THFloatTensor *mt = THFloatTensor_newTranspose(m, 0, 1); /* rows 1 3 / 2 3 / 3 1 */
  THFloatTensor_bhistc(fh, mt, 2, 1, 3);
  float expect_t[6] = {1, 1, 0, 2, 1, 1};
  for (int i = 0; i < 6; i++) assert_true(THFloatTensor_get2d(fh, i / 2, i % 2) == expect_t[i]);

  assert_th_error(THDoubleTensor_histc(h, w, 0, 0, 1), "histc: nbins must be positive, got 0");
  assert_th_error(THDoubleTensor_histc(h, w, 3, 2, 1), "histc: min 2 is greater than max 1");
  THFloatTensor *row = THFloatTensor_newSelect(mt, 0, 0);
  assert_th_error(THFloatTensor_bhistc(fh, row, 3, 0, 0), "bhistc: expected a 2D tensor, got a 1D tensor");
  THFloatTensor_free(row);
  THFloatTensor_histc(fh, m, 3, 0, 0);
  assert_true(THFloatTensor_get1d(fh, 2) == 3);

  THFloatTensor_free(mt);
  THFloatTensor_free(fh);
  THFloatTensor_free(m);
  THDoubleTensor_free(c);
  THDoubleTensor_free(w);
  THDoubleTensor_free(h);
  THDoubleTensor_free(v);
}

/* ------------------------------------------------------------ every type */

/* 2x3 matrix 1 4 2 / 3 2 5 in every type. */
#define TYPE_CASE(Real, real)                                                                  \
  static void test_all_types_##Real(void **state) {                                            \
    TH##Real##Tensor *t = TH##Real##Tensor_newWithSize2d(2, 3), *r = TH##Real##Tensor_new();   \
    THLongTensor *ix = THLongTensor_new();                                                     \
    real values[6] = {1, 4, 2, 3, 2, 5};                                                       \
    memcpy(TH##Real##Tensor_data(t), values, sizeof values);                                   \
    assert_true(TH##Real##Tensor_sumall(t) == 17 && TH##Real##Tensor_prodall(t) == 240);      \
    assert_true(TH##Real##Tensor_maxall(t) == 5 && TH##Real##Tensor_minall(t) == 1);          \
    assert_true(TH##Real##Tensor_trace(t) == 3 && TH##Real##Tensor_dot(t, t) == 59);          \
    assert_true(TH##Real##Tensor_equal(t, t));                                                 \
    TH##Real##Tensor_sum(r, t, 0, 0);                                                          \
    assert_true(TH##Real##Tensor_get1d(r, 1) == 6);                                            \
    TH##Real##Tensor_prod(r, t, 1, 1);                                                         \
    assert_true(TH##Real##Tensor_get2d(r, 1, 0) == 30);                                        \
    TH##Real##Tensor_max(r, ix, t, 1, 0);                                                      \
    assert_true(TH##Real##Tensor_get1d(r, 0) == 4 && THLongTensor_get1d(ix, 1) == 2);          \
    TH##Real##Tensor_min(r, ix, t, 0, 0);                                                      \
    assert_true(TH##Real##Tensor_get1d(r, 1) == 2 && THLongTensor_get1d(ix, 1) == 1);          \
    TH##Real##Tensor_cumsum(r, t, 1);                                                          \
    assert_true(TH##Real##Tensor_get2d(r, 1, 2) == 10);                                        \
    TH##Real##Tensor_cumprod(r, t, 0);                                                         \
    assert_true(TH##Real##Tensor_get2d(r, 1, 2) == 10);                                        \
    assert_th_error(TH##Real##Tensor_sum(r, t, 2, 0), "sum: dimension 3 out of range");        \
    THLongTensor_free(ix);                                                                     \
    TH##Real##Tensor_free(r);                                                                  \
    TH##Real##Tensor_free(t);                                                                  \
  }
TH_FOR_ALL_TYPES(TYPE_CASE)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sumall_prodall), cmocka_unit_test(test_sumall_large),
      cmocka_unit_test(test_dot), cmocka_unit_test(test_maxall_minall),
      cmocka_unit_test(test_trace_equal_logical), cmocka_unit_test(test_sum_prod_mean_dim),
      cmocka_unit_test(test_prod_dim_in_order),
      cmocka_unit_test(test_sum_dim_large), cmocka_unit_test(test_max_min_dim),
      cmocka_unit_test(test_cumsum_cumprod), cmocka_unit_test(test_std_var),
      cmocka_unit_test(test_norm_dist), cmocka_unit_test(test_renorm),
      cmocka_unit_test(test_histc),
      TH_ALL_TYPES_TESTS,
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
