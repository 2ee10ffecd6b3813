/* Shape-building math: cat/catArray, diag, eye, arange/range, reshape, tril/triu, cross,
 * linspace/logspace, match. Expected values are worked out by hand from the definitions. */
#include "th_test.h"

/* Asserts that t (any layout) is s0 x s1 (a vector of s0 when s1 <= 0) holding `expected`. */
static void assert_double_tensor(THDoubleTensor *t, const double *expected, long s0, long s1) {
  assert_int_equal(t->nDimension, s1 > 0 ? 2 : 1);
  assert_int_equal(t->size[0], s0);
  if (s1 > 0) assert_int_equal(t->size[1], s1);
  for (long i = 0; i < s0; i++)
    for (long j = 0; j < (s1 > 0 ? s1 : 1); j++) {
      double got = s1 > 0 ? THDoubleTensor_get2d(t, i, j) : THDoubleTensor_get1d(t, i);
      double want = expected[i * (s1 > 0 ? s1 : 1) + j];
      if (got != want) fail_msg("element (%ld, %ld) is %.17g, expected %.17g", i, j, got, want);
    }
}

static THDoubleTensor *counting(long r, long c) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(r, c);
  for (long i = 0; i < r * c; i++) THDoubleTensor_data(t)[i] = (double)i;
  return t;
}

static THDoubleTensor *vec(const double *values, long n) { return th_test_double(values, n, -1, -1, -1); }

static THDoubleTensor *transposed(THDoubleTensor *t) { return THDoubleTensor_newTranspose(t, 0, 1); }

/* -------------------------------------------------------------------- cat */

static void test_cat(void **state) {
  THDoubleTensor *a = counting(2, 3);
  THDoubleTensor *b = th_test_double((double[]){6, 7, 8}, 1, 3, -1, -1);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_cat(r, a, b, 0);
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4, 5, 6, 7, 8}, 3, 3);

  THDoubleTensor *a2 = counting(2, 2);
  THDoubleTensor *b2 = th_test_double((double[]){4, 5, 6, 7, 8, 9}, 2, 3, -1, -1);
  THDoubleTensor_cat(r, a2, b2, 1);
  assert_double_tensor(r, (double[]){0, 1, 4, 5, 6, 2, 3, 7, 8, 9}, 2, 5);

  /* Vectors: along dim 0 they join; along dim 1 (one past their last) they become columns. */
  THDoubleTensor *x = vec((double[]){1, 2, 3}, 3), *y = vec((double[]){4, 5, 6}, 3);
  THDoubleTensor_cat(r, x, y, 0);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6}, 6, 0);
  THDoubleTensor_cat(r, x, y, 1);
  assert_double_tensor(r, (double[]){1, 4, 2, 5, 3, 6}, 3, 2);
  /* A 3x1 column and a vector of 3 (size 1 past its last dimension) agree. */
  THDoubleTensor *col = th_test_double((double[]){7, 8, 9}, 3, 1, -1, -1);
  THDoubleTensor_cat(r, col, x, 1);
  assert_double_tensor(r, (double[]){7, 1, 8, 2, 9, 3}, 3, 2);

  /* Empty inputs are skipped; all empty gives an empty result. */
  THDoubleTensor *e = THDoubleTensor_new();
  THDoubleTensor_cat(r, e, x, 0);
  assert_double_tensor(r, (double[]){1, 2, 3}, 3, 0);
  THDoubleTensor_cat(r, e, e, 3); /* any dimension >= 0 */
  assert_int_equal(r->nDimension, 0);

  /* Transposed (non-contiguous) inputs. */
  THDoubleTensor *at = transposed(a); /* 0 3 / 1 4 / 2 5 */
  THDoubleTensor_cat(r, at, at, 1);
  assert_double_tensor(r, (double[]){0, 3, 0, 3, 1, 4, 1, 4, 2, 5, 2, 5}, 3, 4);

  /* A non-contiguous result of the right size keeps its layout. */
  THDoubleTensor *big = THDoubleTensor_newWithSize2d(3, 3);
  THDoubleTensor *bigT = transposed(big);
  THDoubleTensor_cat(bigT, a, b, 0);
  assert_double_tensor(bigT, (double[]){0, 1, 2, 3, 4, 5, 6, 7, 8}, 3, 3);
  assert_true(THDoubleTensor_get2d(big, 0, 1) == 3); /* big is the transpose */

  /* Torch7 allows any dimension past the last: sizes 1 fill the gap. Vectors of 3 catted along
   * dimension 2 (0-based) give 3 x 1 x 2 with r[i][0] = {x[i], y[i]}. */
  THDoubleTensor_cat(r, x, y, 2);
  assert_int_equal(r->nDimension, 3);
  assert_int_equal(r->size[0], 3);
  assert_int_equal(r->size[1], 1);
  assert_int_equal(r->size[2], 2);
  for (int i = 0; i < 3; i++) {
    assert_true(THDoubleTensor_get3d(r, i, 0, 0) == i + 1);
    assert_true(THDoubleTensor_get3d(r, i, 0, 1) == i + 4);
  }

  /* Dimension -2 (Lua's -1, torch.cat's default) is the last dimension of the input with the most
   * (Torch7's catArray: maxDim - 1): 1 for matrices, 0 for vectors, 1 for a column and a vector. */
  THDoubleTensor_cat(r, a2, b2, -2);
  assert_double_tensor(r, (double[]){0, 1, 4, 5, 6, 2, 3, 7, 8, 9}, 2, 5);
  THDoubleTensor_cat(r, x, y, -2);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6}, 6, 0);
  THDoubleTensor_cat(r, col, x, -2);
  assert_double_tensor(r, (double[]){7, 1, 8, 2, 9, 3}, 3, 2);
  THDoubleTensor_cat(r, e, y, -2);
  assert_double_tensor(r, (double[]){4, 5, 6}, 3, 0);
  THDoubleTensor_cat(r, e, e, -2);
  assert_int_equal(r->nDimension, 0);

  /* Mismatched sizes, bad dimensions: errors, r untouched. */
  THDoubleTensor_cat(r, x, y, 0);
  assert_th_error(THDoubleTensor_cat(r, a, a2, 0), "cat: input 2 [2 x 2] does not match input 1 [2 x 3] at dimension 2");
  assert_th_error(THDoubleTensor_cat(r, a, b, -2), "cat: input 2 [1 x 3] does not match input 1 [2 x 3] at dimension 1");
  assert_th_error(THDoubleTensor_cat(r, x, y, -1), "cat: dimension 0 out of range");
  assert_th_error(THDoubleTensor_cat(r, x, y, -3), "cat: dimension -2 out of range");
  assert_th_error(THDoubleTensor_cat(r, x, y, TH_MAX_DIMS), "cat: dimension 65 out of range (a tensor has at most 64 dimensions)");
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6}, 6, 0);

  /* The result may be one of the inputs. */
  THDoubleTensor *self = counting(2, 3);
  THDoubleTensor_cat(self, self, b, 0);
  assert_double_tensor(self, (double[]){0, 1, 2, 3, 4, 5, 6, 7, 8}, 3, 3);
  THDoubleTensor_cat(x, x, x, 0);
  assert_double_tensor(x, (double[]){1, 2, 3, 1, 2, 3}, 6, 0);

  THDoubleTensor_free(self);
  THDoubleTensor_free(bigT);
  THDoubleTensor_free(big);
  THDoubleTensor_free(at);
  THDoubleTensor_free(e);
  THDoubleTensor_free(col);
  THDoubleTensor_free(y);
  THDoubleTensor_free(x);
  THDoubleTensor_free(b2);
  THDoubleTensor_free(a2);
  THDoubleTensor_free(r);
  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
}

static void test_cat_array(void **state) {
  THDoubleTensor *x = vec((double[]){1, 2, 3}, 3), *y = vec((double[]){4, 5}, 2), *e = THDoubleTensor_new();
  THDoubleTensor *inputs[] = {x, e, y, x};
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_catArray(r, inputs, 4, 0);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 1, 2, 3}, 8, 0);
  THDoubleTensor_catArray(r, inputs, 1, 0);
  assert_double_tensor(r, (double[]){1, 2, 3}, 3, 0);
  assert_th_error(THDoubleTensor_catArray(r, inputs, 0, 0), "catArray: expected at least one input, got 0");
  THDoubleTensor *withNull[] = {x, NULL};
  assert_th_error(THDoubleTensor_catArray(r, withNull, 2, 0), "catArray: input 2 is NULL");

  /* 3-D along the middle dimension, contiguous blocks: out[a][.][c] = x1 rows then x2 rows. */
  THDoubleTensor *p = THDoubleTensor_newWithSize3d(2, 1, 2), *q = THDoubleTensor_newWithSize3d(2, 2, 2);
  for (int i = 0; i < 4; i++) THDoubleTensor_data(p)[i] = 100 + i;
  for (int i = 0; i < 8; i++) THDoubleTensor_data(q)[i] = i;
  THDoubleTensor *pq[] = {p, q};
  THDoubleTensor_catArray(r, pq, 2, 1);
  assert_int_equal(r->nDimension, 3);
  assert_int_equal(r->size[1], 3);
  const double want[] = {100, 101, 0, 1, 2, 3, 102, 103, 4, 5, 6, 7};
  for (int i = 0; i < 12; i++) assert_true(THDoubleTensor_data(r)[i] == want[i]);

  /* Dimension -2 with a 2-D and a 3-D input: the last of the 3-D one (2, 0-based), where the
   * matrix has size 1: r[i][j] = {m[i][j], q[i][j][0], q[i][j][1]}, 2 x 2 x 3. */
  THDoubleTensor *m = counting(2, 2);
  THDoubleTensor_mul(m, m, 10);
  THDoubleTensor *mq[] = {m, e, q};
  THDoubleTensor_catArray(r, mq, 3, -2);
  assert_int_equal(r->nDimension, 3);
  assert_int_equal(r->size[0], 2);
  assert_int_equal(r->size[1], 2);
  assert_int_equal(r->size[2], 3);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      assert_true(THDoubleTensor_get3d(r, i, j, 0) == 10 * (2 * i + j));
      assert_true(THDoubleTensor_get3d(r, i, j, 1) == 4 * i + 2 * j);
      assert_true(THDoubleTensor_get3d(r, i, j, 2) == 4 * i + 2 * j + 1);
    }
  THDoubleTensor *pm[] = {p, m};
  assert_th_error(THDoubleTensor_catArray(r, pm, 2, -2), "catArray: input 2 [2 x 2] does not match input 1 [2 x 1 x 2] at dimension 2");

  THDoubleTensor_free(m);

  THDoubleTensor_free(q);
  THDoubleTensor_free(p);
  THDoubleTensor_free(r);
  THDoubleTensor_free(e);
  THDoubleTensor_free(y);
  THDoubleTensor_free(x);
}

/* Long enough for the threaded copy of the dim-0 fast path. */
static void test_cat_big(void **state) {
  const long rows = 500, cols = 400;
  THFloatTensor *a = THFloatTensor_newWithSize2d(rows, cols), *b = THFloatTensor_newWithSize2d(rows, cols);
  for (long i = 0; i < rows * cols; i++) {
    THFloatTensor_data(a)[i] = (float)i;
    THFloatTensor_data(b)[i] = (float)-i;
  }
  THFloatTensor *r = THFloatTensor_new();
  THFloatTensor_cat(r, a, b, 0);
  assert_int_equal(r->size[0], 2 * rows);
  for (long i = 0; i < rows * cols; i += 997) {
    assert_true(THFloatTensor_data(r)[i] == (float)i);
    assert_true(THFloatTensor_data(r)[rows * cols + i] == (float)-i);
  }
  THFloatTensor_cat(r, a, b, 1);
  assert_true(THFloatTensor_get2d(r, 3, cols + 5) == (float)-(3 * cols + 5));
  assert_true(THFloatTensor_get2d(r, 3, 5) == (float)(3 * cols + 5));
  THFloatTensor_free(r);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
}

/* -------------------------------------------------------------- diag, eye */

static void test_diag(void **state) {
  THDoubleTensor *v = vec((double[]){1, 2, 3}, 3);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_diag(r, v, 0);
  assert_double_tensor(r, (double[]){1, 0, 0, 0, 2, 0, 0, 0, 3}, 3, 3);
  THDoubleTensor_diag(r, v, 1);
  assert_double_tensor(r, (double[]){0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0}, 4, 4);
  THDoubleTensor_diag(r, v, -1);
  assert_double_tensor(r, (double[]){0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0}, 4, 4);

  THDoubleTensor *m = counting(3, 4);
  THDoubleTensor_diag(r, m, 0);
  assert_double_tensor(r, (double[]){0, 5, 10}, 3, 0);
  THDoubleTensor_diag(r, m, 1);
  assert_double_tensor(r, (double[]){1, 6, 11}, 3, 0);
  THDoubleTensor_diag(r, m, 2);
  assert_double_tensor(r, (double[]){2, 7}, 2, 0);
  THDoubleTensor_diag(r, m, -2);
  assert_double_tensor(r, (double[]){8}, 1, 0);
  THDoubleTensor_diag(r, m, 4);
  assert_int_equal(r->nDimension, 0);
  THDoubleTensor_diag(r, m, -3);
  assert_int_equal(r->nDimension, 0);

  THDoubleTensor *mt = transposed(m); /* 4x3 */
  THDoubleTensor_diag(r, mt, 1);
  assert_double_tensor(r, (double[]){4, 9}, 2, 0);

  THDoubleTensor *cube = THDoubleTensor_newWithSize3d(2, 2, 2);
  assert_th_error(THDoubleTensor_diag(r, cube, 0), "diag: expected a 1D or 2D tensor, got a 3D tensor");
  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_diag(r, e, 0), "diag: expected a 1D or 2D tensor, got a 0D tensor");

  THDoubleTensor_diag(v, v, 0); /* r == t */
  assert_double_tensor(v, (double[]){1, 0, 0, 0, 2, 0, 0, 0, 3}, 3, 3);

  THDoubleTensor_free(e);
  THDoubleTensor_free(cube);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

static void test_eye(void **state) {
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_eye(r, 3, 0);
  assert_double_tensor(r, (double[]){1, 0, 0, 0, 1, 0, 0, 0, 1}, 3, 3);
  THDoubleTensor_eye(r, 2, 3);
  assert_double_tensor(r, (double[]){1, 0, 0, 0, 1, 0}, 2, 3);
  THDoubleTensor_eye(r, 3, 1);
  assert_double_tensor(r, (double[]){1, 0, 0}, 3, 1);
  assert_th_error(THDoubleTensor_eye(r, 0, 2), "eye: n must be positive, got 0");
  THByteTensor *b = THByteTensor_new();
  THByteTensor_eye(b, 2, -1);
  assert_int_equal(THByteTensor_get2d(b, 1, 1), 1);
  assert_int_equal(THByteTensor_get2d(b, 0, 1), 0);
  THByteTensor_free(b);
  THDoubleTensor_free(r);
}

/* ----------------------------------------------------------- arange, range */

static void test_arange_range_double(void **state) {
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_arange(r, 0, 5, 1); /* end excluded */
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4}, 5, 0);
  THDoubleTensor_range(r, 0, 5, 1); /* end included */
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4, 5}, 6, 0);
  THDoubleTensor_range(r, 0, 1, 0.25);
  assert_double_tensor(r, (double[]){0, 0.25, 0.5, 0.75, 1}, 5, 0);
  THDoubleTensor_arange(r, 0, 1, 0.3); /* ceil(3.33) = 4 values */
  assert_int_equal(r->size[0], 4);
  assert_close(THDoubleTensor_get1d(r, 3), 0.9, 1e-15);
  THDoubleTensor_range(r, 0, 1, 0.3); /* floor(3.33) + 1 = 4 values */
  assert_int_equal(r->size[0], 4);
  THDoubleTensor_arange(r, 5, 0, -2);
  assert_double_tensor(r, (double[]){5, 3, 1}, 3, 0);
  THDoubleTensor_arange(r, 5, 1, -2);
  assert_double_tensor(r, (double[]){5, 3}, 2, 0);
  THDoubleTensor_range(r, 5, 1, -2);
  assert_double_tensor(r, (double[]){5, 3, 1}, 3, 0);
  THDoubleTensor_range(r, 1, 1, 1);
  assert_double_tensor(r, (double[]){1}, 1, 0);
  THDoubleTensor_arange(r, 1, 1, 1);
  assert_int_equal(r->nDimension, 0);

  /* A result that already has the right number of elements keeps its shape (Torch7). */
  THDoubleTensor_resize2d(r, 2, 2);
  THDoubleTensor_range(r, 1, 4, 1);
  assert_double_tensor(r, (double[]){1, 2, 3, 4}, 2, 2);

  assert_th_error(THDoubleTensor_range(r, 0, 5, 0), "range: step must be non-zero");
  assert_th_error(THDoubleTensor_arange(r, 0, 5, -1), "arange: step -1 goes away from xmax 5 (xmin 0)");
  assert_th_error(THDoubleTensor_range(r, 5, 0, 1), "range: step 1 goes away from xmax 0 (xmin 5)");
  assert_th_error(THDoubleTensor_arange(r, 0, NAN, 1), "arange: xmin, xmax and step must be finite");
  assert_th_error(THDoubleTensor_range(r, 0, 1e300, 1e-300), "values are too many");
  assert_double_tensor(r, (double[]){1, 2, 3, 4}, 2, 2);
  THDoubleTensor_free(r);
}

static void test_arange_range_integer(void **state) {
  THLongTensor *l = THLongTensor_new();
  THLongTensor_arange(l, 0, 10, 3); /* ceil(10/3) = 4 */
  assert_int_equal(l->size[0], 4);
  assert_int_equal(THLongTensor_get1d(l, 3), 9);
  THLongTensor_arange(l, 0, 9, 3); /* exactly 3 */
  assert_int_equal(l->size[0], 3);
  THLongTensor_range(l, 0, 9, 3);
  assert_int_equal(l->size[0], 4);
  assert_int_equal(THLongTensor_get1d(l, 3), 9);
  /* The widest span: computed without overflow. */
  THLongTensor_range(l, LONG_MIN, LONG_MAX, LONG_MAX);
  assert_int_equal(l->size[0], 3);
  assert_true(THLongTensor_get1d(l, 0) == LONG_MIN);
  assert_true(THLongTensor_get1d(l, 1) == -1);
  assert_true(THLongTensor_get1d(l, 2) == LONG_MAX - 1);
  assert_th_error(THLongTensor_arange(l, 0, 3, 0), "arange: step must be non-zero");
  assert_th_error(THLongTensor_range(l, 0, 3, -1), "range: step -1 goes away from xmax 3 (xmin 0)");

  THIntTensor *i = THIntTensor_new();
  THIntTensor_arange(i, 10, 0, -4); /* 10 6 2 */
  assert_int_equal(i->size[0], 3);
  assert_int_equal(THIntTensor_get1d(i, 2), 2);

  /* Byte values wrap modulo 256 as they are stored. */
  THByteTensor *b = THByteTensor_new();
  THByteTensor_range(b, 254, 257, 1);
  assert_int_equal(b->size[0], 4);
  assert_int_equal(THByteTensor_get1d(b, 1), 255);
  assert_int_equal(THByteTensor_get1d(b, 2), 0);
  assert_int_equal(THByteTensor_get1d(b, 3), 1);

  THByteTensor_free(b);
  THIntTensor_free(i);
  THLongTensor_free(l);
}

/* ---------------------------------------------------------------- reshape */

static void test_reshape(void **state) {
  THDoubleTensor *t = counting(2, 3);
  THDoubleTensor *r = THDoubleTensor_new();
  THLongStorage *s32 = THLongStorage_newWithSize2(3, 2);
  THDoubleTensor_reshape(r, t, s32);
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4, 5}, 3, 2);
  assert_true(r->storage != t->storage);

  THDoubleTensor *tt = transposed(t); /* 0 3 / 1 4 / 2 5 */
  THLongStorage *s6 = THLongStorage_newWithSize1(6);
  THDoubleTensor_reshape(r, tt, s6);
  assert_double_tensor(r, (double[]){0, 3, 1, 4, 2, 5}, 6, 0);

  /* The legacy size rule: the first size <= 0 ends the list. */
  THLongStorage *s60 = THLongStorage_newWithSize3(6, 0, 5);
  THDoubleTensor_reshape(r, t, s60);
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4, 5}, 6, 0);

  THLongStorage *s4 = THLongStorage_newWithSize1(4);
  assert_th_error(THDoubleTensor_reshape(r, t, s4), "reshape: size [4] does not hold the 6 elements of the tensor [2 x 3]");
  assert_th_error(THDoubleTensor_reshape(r, t, NULL), "reshape: size is NULL");
  THLongStorage *huge = THLongStorage_newWithSize3(1L << 40, 1L << 40, 1L << 40);
  assert_th_error(THDoubleTensor_reshape(r, t, huge), "does not hold");
  assert_double_tensor(r, (double[]){0, 1, 2, 3, 4, 5}, 6, 0);

  /* r == t, transposed: the elements keep their row-major order. */
  THDoubleTensor_reshape(tt, tt, s32);
  assert_double_tensor(tt, (double[]){0, 3, 1, 4, 2, 5}, 3, 2);

  THLongStorage *s0 = THLongStorage_newWithSize1(0);
  THDoubleTensor *e = THDoubleTensor_new();
  THDoubleTensor_reshape(r, e, s0);
  assert_int_equal(r->nDimension, 0);

  THDoubleTensor_free(e);
  THLongStorage_free(s0);
  THLongStorage_free(huge);
  THLongStorage_free(s4);
  THLongStorage_free(s60);
  THLongStorage_free(s6);
  THDoubleTensor_free(tt);
  THLongStorage_free(s32);
  THDoubleTensor_free(r);
  THDoubleTensor_free(t);
}

/* ------------------------------------------------------------- tril, triu */

static void test_tril_triu(void **state) {
  THDoubleTensor *m = THDoubleTensor_newWithSize2d(3, 4);
  for (int i = 0; i < 12; i++) THDoubleTensor_data(m)[i] = i + 1;
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_tril(r, m, 0);
  assert_double_tensor(r, (double[]){1, 0, 0, 0, 5, 6, 0, 0, 9, 10, 11, 0}, 3, 4);
  THDoubleTensor_tril(r, m, 1);
  assert_double_tensor(r, (double[]){1, 2, 0, 0, 5, 6, 7, 0, 9, 10, 11, 12}, 3, 4);
  THDoubleTensor_tril(r, m, -1);
  assert_double_tensor(r, (double[]){0, 0, 0, 0, 5, 0, 0, 0, 9, 10, 0, 0}, 3, 4);
  THDoubleTensor_triu(r, m, 0);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 0, 6, 7, 8, 0, 0, 11, 12}, 3, 4);
  THDoubleTensor_triu(r, m, 2);
  assert_double_tensor(r, (double[]){0, 0, 3, 4, 0, 0, 0, 8, 0, 0, 0, 0}, 3, 4);
  THDoubleTensor_triu(r, m, -1);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12}, 3, 4);
  THDoubleTensor_tril(r, m, LONG_MAX);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 4);
  THDoubleTensor_triu(r, m, LONG_MIN);
  assert_double_tensor(r, (double[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 4);

  THDoubleTensor *mt = transposed(m); /* 1 5 9 / 2 6 10 / 3 7 11 / 4 8 12 */
  THDoubleTensor_triu(r, mt, 0);
  assert_double_tensor(r, (double[]){1, 5, 9, 0, 6, 10, 0, 0, 11, 0, 0, 0}, 4, 3);

  THDoubleTensor *v = vec((double[]){1, 2}, 2);
  assert_th_error(THDoubleTensor_tril(r, v, 0), "tril: expected a 2D tensor, got a 1D tensor");
  assert_th_error(THDoubleTensor_triu(r, v, 0), "triu: expected a 2D tensor, got a 1D tensor");

  /* In place, also on the transposed view (which writes into m). */
  THDoubleTensor_tril(mt, mt, 0);
  assert_double_tensor(m, (double[]){1, 2, 3, 4, 0, 6, 7, 8, 0, 0, 11, 12}, 3, 4);

  THDoubleTensor_free(v);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(r);
  THDoubleTensor_free(m);
}

/* ------------------------------------------------------------------ cross */

static void test_cross(void **state) {
  THDoubleTensor *ex = vec((double[]){1, 0, 0}, 3), *ey = vec((double[]){0, 1, 0}, 3);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_cross(r, ex, ey, 0);
  assert_double_tensor(r, (double[]){0, 0, 1}, 3, 0);
  THDoubleTensor_cross(r, ey, ex, -1);
  assert_double_tensor(r, (double[]){0, 0, -1}, 3, 0);

  /* Rows of 2x3 matrices (dimension < 0 finds dimension 1, the first of size 3). */
  THDoubleTensor *A = th_test_double((double[]){1, 0, 0, 1, 2, 3}, 2, 3, -1, -1);
  THDoubleTensor *B = th_test_double((double[]){0, 1, 0, 4, 5, 6}, 2, 3, -1, -1);
  THDoubleTensor_cross(r, A, B, -1);
  assert_double_tensor(r, (double[]){0, 0, 1, -3, 6, -3}, 2, 3);

  /* Columns of the transposed 3x2 views. */
  THDoubleTensor *At = transposed(A), *Bt = transposed(B);
  THDoubleTensor_cross(r, At, Bt, -1);
  assert_double_tensor(r, (double[]){0, -3, 0, 6, 1, -3}, 3, 2);

  assert_th_error(THDoubleTensor_cross(r, A, At, -1), "cross: a [2 x 3] and b [3 x 2] must have the same size");
  THDoubleTensor *sq = counting(2, 2);
  assert_th_error(THDoubleTensor_cross(r, sq, sq, -1), "cross: a [2 x 2] has no dimension of size 3");
  assert_th_error(THDoubleTensor_cross(r, A, B, 0), "cross: dimension 1 of a [2 x 3] has size 2, expected 3");
  assert_th_error(THDoubleTensor_cross(r, A, B, 2), "cross: dimension 3 out of range of a 2D tensor");
  assert_double_tensor(r, (double[]){0, -3, 0, 6, 1, -3}, 3, 2);

  /* r == a, and r == b. */
  THDoubleTensor *a = vec((double[]){1, 2, 3}, 3), *b = vec((double[]){4, 5, 6}, 3);
  THDoubleTensor_cross(a, a, b, 0);
  assert_double_tensor(a, (double[]){-3, 6, -3}, 3, 0);
  THDoubleTensor *c = vec((double[]){1, 2, 3}, 3);
  THDoubleTensor_cross(b, c, b, 0);
  assert_double_tensor(b, (double[]){-3, 6, -3}, 3, 0);

  /* Integer types: Int exact, Byte wraps (-3 is 253). */
  THIntTensor *ia = THIntTensor_newWithSize1d(3), *ib = THIntTensor_newWithSize1d(3), *ir = THIntTensor_new();
  THByteTensor *ba = THByteTensor_newWithSize1d(3), *bb = THByteTensor_newWithSize1d(3), *br = THByteTensor_new();
  for (int i = 0; i < 3; i++) {
    THIntTensor_data(ia)[i] = THByteTensor_data(ba)[i] = (unsigned char)(i + 1);
    THIntTensor_data(ib)[i] = THByteTensor_data(bb)[i] = (unsigned char)(i + 4);
  }
  THIntTensor_cross(ir, ia, ib, 0);
  assert_int_equal(THIntTensor_get1d(ir, 0), -3);
  assert_int_equal(THIntTensor_get1d(ir, 1), 6);
  THByteTensor_cross(br, ba, bb, 0);
  assert_int_equal(THByteTensor_get1d(br, 0), 253);
  assert_int_equal(THByteTensor_get1d(br, 1), 6);

  THByteTensor_free(br);
  THByteTensor_free(bb);
  THByteTensor_free(ba);
  THIntTensor_free(ir);
  THIntTensor_free(ib);
  THIntTensor_free(ia);
  THDoubleTensor_free(c);
  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
  THDoubleTensor_free(sq);
  THDoubleTensor_free(Bt);
  THDoubleTensor_free(At);
  THDoubleTensor_free(B);
  THDoubleTensor_free(A);
  THDoubleTensor_free(r);
  THDoubleTensor_free(ey);
  THDoubleTensor_free(ex);
}

/* ------------------------------------------------------ linspace, logspace */

static void test_linspace_logspace(void **state) {
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_linspace(r, 0, 1, 5);
  assert_double_tensor(r, (double[]){0, 0.25, 0.5, 0.75, 1}, 5, 0);
  THDoubleTensor_linspace(r, 1, 0, 3);
  assert_double_tensor(r, (double[]){1, 0.5, 0}, 3, 0);
  THDoubleTensor_linspace(r, 3, 3, 1); /* one point needs a == b (Torch7) */
  assert_double_tensor(r, (double[]){3}, 1, 0);
  assert_th_error(THDoubleTensor_linspace(r, 3, 9, 1), "linspace: invalid number of points 1");
  assert_th_error(THDoubleTensor_logspace(r, 0, 1, 1), "logspace: invalid number of points 1");
  assert_double_tensor(r, (double[]){3}, 1, 0);
  THDoubleTensor_logspace(r, 0, 2, 3);
  assert_double_tensor(r, (double[]){1, 10, 100}, 3, 0);
  THDoubleTensor_logspace(r, -1, -1, 1);
  assert_close(THDoubleTensor_get1d(r, 0), 0.1, 1e-15);

  /* Both ends exact, also where (b - a) / (n - 1) rounds. */
  THFloatTensor *f = THFloatTensor_new();
  THFloatTensor_linspace(f, 0.1f, 0.7f, 7);
  assert_true(THFloatTensor_get1d(f, 0) == 0.1f);
  assert_true(THFloatTensor_get1d(f, 6) == 0.7f);
  assert_close(THFloatTensor_get1d(f, 3), 0.4, 1e-6);

  /* A result that already has n elements keeps its shape (Torch7). */
  THDoubleTensor_resize2d(r, 2, 2);
  THDoubleTensor_linspace(r, 0, 3, 4);
  assert_double_tensor(r, (double[]){0, 1, 2, 3}, 2, 2);

  assert_th_error(THDoubleTensor_linspace(r, 0, 1, 0), "linspace: invalid number of points 0");
  assert_th_error(THDoubleTensor_linspace(r, 0, 0, 0), "linspace: invalid number of points 0");
  assert_th_error(THFloatTensor_logspace(f, 0, 1, -2), "logspace: invalid number of points -2");
  assert_double_tensor(r, (double[]){0, 1, 2, 3}, 2, 2);
  THFloatTensor_free(f);
  THDoubleTensor_free(r);
}

/* ------------------------------------------------------------------ match */

static void test_match(void **state) {
  THDoubleTensor *m1 = th_test_double((double[]){0, 0, 1, 1}, 2, 2, -1, -1);
  THDoubleTensor *m2 = th_test_double((double[]){0, 0, 1, 0, 2, 2}, 3, 2, -1, -1);
  THDoubleTensor *r = THDoubleTensor_new();
  /* r[i][j] = gain * |m1_i - m2_j|^2 */
  THDoubleTensor_match(r, m1, m2, 0.5);
  assert_double_tensor(r, (double[]){0, 0.5, 4, 1, 0.5, 1}, 2, 3);

  /* A transposed m2 with the same rows; a 2x1x2 m1 (rows flattened). */
  THDoubleTensor *store = th_test_double((double[]){0, 1, 2, 0, 0, 2}, 2, 3, -1, -1);
  THDoubleTensor *m2t = transposed(store);
  THDoubleTensor *m13 = th_test_double((double[]){0, 0, 1, 1}, 2, 1, 2, -1);
  THDoubleTensor_match(r, m13, m2t, 0.5);
  assert_double_tensor(r, (double[]){0, 0.5, 4, 1, 0.5, 1}, 2, 3);

  THDoubleTensor *wide = counting(2, 3);
  assert_th_error(THDoubleTensor_match(r, m1, wide, 1), "match: the rows of m1 [2 x 2] have 2 elements but the rows of m2 [2 x 3] have 3");
  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_match(r, e, m2, 1), "match: m1 is empty");
  assert_double_tensor(r, (double[]){0, 0.5, 4, 1, 0.5, 1}, 2, 3);

  /* The result may replace an input. */
  THDoubleTensor_match(m1, m1, m2, 0.5);
  assert_double_tensor(m1, (double[]){0, 0.5, 4, 1, 0.5, 1}, 2, 3);

  /* Byte: the differences are signed before squaring ((1 - 3)^2 = 4). */
  THByteTensor *b1 = THByteTensor_newWithSize1d(2), *b2 = THByteTensor_newWithSize1d(1), *br = THByteTensor_new();
  THByteTensor_data(b1)[0] = 1;
  THByteTensor_data(b1)[1] = 5;
  THByteTensor_data(b2)[0] = 3;
  THByteTensor_match(br, b1, b2, 1);
  assert_int_equal(THByteTensor_get2d(br, 0, 0), 4);
  assert_int_equal(THByteTensor_get2d(br, 1, 0), 4);

  THByteTensor_free(br);
  THByteTensor_free(b2);
  THByteTensor_free(b1);
  THDoubleTensor_free(e);
  THDoubleTensor_free(wide);
  THDoubleTensor_free(m13);
  THDoubleTensor_free(m2t);
  THDoubleTensor_free(store);
  THDoubleTensor_free(r);
  THDoubleTensor_free(m2);
  THDoubleTensor_free(m1);
}

/* ------------------------------------------------------------ every type */

#define TYPE_CASE(Real, real)                                                                \
  static void test_all_types_##Real(void **state) {                                          \
    TH##Real##Tensor *a = TH##Real##Tensor_new(), *b = TH##Real##Tensor_new();               \
    TH##Real##Tensor *r = TH##Real##Tensor_new();                                            \
    TH##Real##Tensor_range(a, 1, 3, 1);                                                      \
    TH##Real##Tensor_arange(b, 4, 7, 1);                                                     \
    TH##Real##Tensor_cat(r, a, b, 1); /* 1 4 / 2 5 / 3 6 */                                  \
    assert_true(TH##Real##Tensor_get2d(r, 2, 1) == 6);                                       \
    TH##Real##Tensor_cross(r, a, b, 0); /* -3 6 -3 */                                        \
    assert_true(TH##Real##Tensor_get1d(r, 1) == 6 && TH##Real##Tensor_get1d(r, 0) == (real)-3); \
    TH##Real##Tensor_diag(r, a, 0);                                                          \
    TH##Real##Tensor_tril(r, r, -1); /* nothing below the diagonal */                        \
    assert_true(TH##Real##Tensor_get2d(r, 2, 2) == 0 && r->size[0] == 3);                    \
    TH##Real##Tensor_eye(r, 3, 2);                                                           \
    TH##Real##Tensor_triu(r, r, 0);                                                          \
    assert_true(TH##Real##Tensor_get2d(r, 1, 1) == 1 && TH##Real##Tensor_get2d(r, 2, 0) == 0); \
    THLongStorage *size = THLongStorage_newWithSize2(3, 1);                                  \
    TH##Real##Tensor_reshape(r, b, size);                                                    \
    assert_true(r->nDimension == 2 && TH##Real##Tensor_get2d(r, 2, 0) == 6);                 \
    TH##Real##Tensor_match(r, a, b, 2); /* 2 * (1 - 6)^2 */                                  \
    assert_true(TH##Real##Tensor_get2d(r, 0, 2) == (real)50);                                \
    assert_th_error(TH##Real##Tensor_range(r, 1, 3, 0), "range: step must be non-zero");     \
    THLongStorage_free(size);                                                                \
    TH##Real##Tensor_free(r);                                                                \
    TH##Real##Tensor_free(b);                                                                \
    TH##Real##Tensor_free(a);                                                                \
  }
TH_FOR_ALL_TYPES(TYPE_CASE)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cat), cmocka_unit_test(test_cat_array),
      cmocka_unit_test(test_cat_big), cmocka_unit_test(test_diag),
      cmocka_unit_test(test_eye), cmocka_unit_test(test_arange_range_double),
      cmocka_unit_test(test_arange_range_integer), cmocka_unit_test(test_reshape),
      cmocka_unit_test(test_tril_triu), cmocka_unit_test(test_cross),
      cmocka_unit_test(test_linspace_logspace), cmocka_unit_test(test_match),
      TH_ALL_TYPES_TESTS,
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
