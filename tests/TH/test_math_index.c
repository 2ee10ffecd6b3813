/* Indexing math: maskedFill/Copy/Select, nonzero, index{Select,Copy,Add,Fill}, gather,
 * scatter{,Add,Fill}. Expected values are worked out by hand from the definitions (1-based
 * indices); every bad index must fail with a message and leave the output untouched. */
#include "th_test.h"

/* A contiguous Long tensor (a vector when s1 <= 0) with the given values. */
static THLongTensor *longs(const long *values, long s0, long s1) {
  THLongTensor *t = THLongTensor_newWithSize2d(s0, s1);
  memcpy(THLongTensor_data(t), values, sizeof(long) * (size_t)THLongTensor_nElement(t));
  return t;
}

static THByteTensor *bytes(const unsigned char *values, long s0, long s1) {
  THByteTensor *t = THByteTensor_newWithSize2d(s0, s1);
  memcpy(THByteTensor_data(t), values, (size_t)THByteTensor_nElement(t));
  return t;
}

/* Asserts that t (any layout) holds `expected` in row-major order, with the given shape. */
static void assert_double_tensor(THDoubleTensor *t, const double *expected, long s0, long s1) {
  assert_int_equal(t->nDimension, s1 > 0 ? 2 : 1);
  assert_int_equal(t->size[0], s0);
  if (s1 > 0) assert_int_equal(t->size[1], s1);
  for (long i = 0; i < s0; i++)
    for (long j = 0; j < (s1 > 0 ? s1 : 1); j++) {
      double got = s1 > 0 ? THDoubleTensor_get2d(t, i, j) : THDoubleTensor_get1d(t, i);
      double want = expected[i * (s1 > 0 ? s1 : 1) + j];
      if (!(got == want || (isnan(got) && isnan(want))))
        fail_msg("element (%ld, %ld) is %g, expected %g", i, j, got, want);
    }
}

/* 0 1 2 / 3 4 5 / ... : element (i, j) of an r x c matrix is i * c + j. */
static THDoubleTensor *counting(long r, long c) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(r, c);
  double *p = THDoubleTensor_data(t);
  for (long i = 0; i < r * c; i++) p[i] = (double)i;
  return t;
}

static THDoubleTensor *transposed(THDoubleTensor *t) { return THDoubleTensor_newTranspose(t, 0, 1); }

/* ------------------------------------------------------------------ masks */

static void test_masked_fill(void **state) {
  THDoubleTensor *t = counting(2, 3);
  THByteTensor *mask = bytes((unsigned char[]){1, 0, 1, 0, 0, 1}, 2, 3);
  THDoubleTensor_maskedFill(t, mask, -1);
  assert_double_tensor(t, (double[]){-1, 1, -1, 3, 4, -1}, 2, 3);

  /* On a transposed view the mask follows the view's row-major order: view (0,1) is t[1][0]. */
  THDoubleTensor *tt = transposed(t); /* 3x2 view: -1 3 / 1 4 / -1 -1 */
  THByteTensor *mask2 = bytes((unsigned char[]){0, 1, 0, 0, 0, 0}, 3, 2);
  THDoubleTensor_maskedFill(tt, mask2, 9);
  assert_double_tensor(t, (double[]){-1, 1, -1, 9, 4, -1}, 2, 3);

  /* A mask value other than 0/1 fails before anything is written, naming where it is. */
  THByteTensor_data(mask2)[3] = 2;
  THByteTensor_data(mask2)[0] = 1;
  assert_th_error(THDoubleTensor_maskedFill(tt, mask2, 7), "maskedFill: a mask may hold only 0 and 1, got 2 at position 4");
  assert_double_tensor(t, (double[]){-1, 1, -1, 9, 4, -1}, 2, 3);
  THByteTensor *small = bytes((unsigned char[]){1, 1}, 2, 0);
  assert_th_error(THDoubleTensor_maskedFill(t, small, 7), "maskedFill: the mask [2] has 2 elements but tensor");
  assert_double_tensor(t, (double[]){-1, 1, -1, 9, 4, -1}, 2, 3);

  /* Empty tensor and empty mask: nothing to do. */
  THDoubleTensor *e = THDoubleTensor_new();
  THByteTensor *em = THByteTensor_new();
  THDoubleTensor_maskedFill(e, em, 1);
  assert_int_equal(THDoubleTensor_nElement(e), 0);

  /* Byte: the mask may be the tensor itself (a 0/1 tensor filled where it is 1). */
  THByteTensor *b = bytes((unsigned char[]){0, 1, 1, 0}, 4, 0);
  THByteTensor_maskedFill(b, b, 1);
  assert_int_equal(b->storage->data[1], 1);
  assert_int_equal(b->storage->data[0], 0);

  THByteTensor_free(b);
  THDoubleTensor_free(e);
  THByteTensor_free(em);
  THByteTensor_free(small);
  THByteTensor_free(mask2);
  THDoubleTensor_free(tt);
  THByteTensor_free(mask);
  THDoubleTensor_free(t);
}

static void test_masked_copy(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(2, 3);
  memset(THDoubleTensor_data(t), 0, 6 * sizeof(double));
  THByteTensor *mask = bytes((unsigned char[]){0, 1, 1, 0, 1, 0}, 2, 3);
  THDoubleTensor *src = th_test_double((double[]){10, 20, 30, 40}, 4, -1, -1, -1);
  THDoubleTensor_maskedCopy(t, mask, src); /* consecutive src elements; the 4th is left over */
  assert_double_tensor(t, (double[]){0, 10, 20, 0, 30, 0}, 2, 3);

  /* A transposed src is read in its own row-major order. */
  THDoubleTensor *c = counting(2, 2); /* 0 1 / 2 3, transposed: 0 2 / 1 3 */
  THDoubleTensor *ct = transposed(c);
  THByteTensor *all = bytes((unsigned char[]){1, 1, 1, 1}, 4, 0);
  THDoubleTensor *v = THDoubleTensor_newWithSize1d(4);
  THDoubleTensor_maskedCopy(v, all, ct);
  assert_double_tensor(v, (double[]){0, 2, 1, 3}, 4, 0);

  /* Too few source elements: error, no write. */
  THByteTensor *many = bytes((unsigned char[]){1, 1, 1, 1, 1, 0}, 2, 3);
  THDoubleTensor *two = th_test_double((double[]){7, 8}, 2, -1, -1, -1);
  assert_th_error(THDoubleTensor_maskedCopy(t, many, two), "maskedCopy: the mask has 5 ones but src [2] has only 2");
  assert_double_tensor(t, (double[]){0, 10, 20, 0, 30, 0}, 2, 3);

  /* tensor == src: the source is read as it was before the call. */
  THDoubleTensor *a = th_test_double((double[]){1, 2, 3}, 3, -1, -1, -1);
  THByteTensor *m3 = bytes((unsigned char[]){0, 1, 1}, 3, 0);
  THDoubleTensor_maskedCopy(a, m3, a);
  assert_double_tensor(a, (double[]){1, 1, 2}, 3, 0);

  THDoubleTensor_free(a);
  THByteTensor_free(m3);
  THDoubleTensor_free(two);
  THByteTensor_free(many);
  THDoubleTensor_free(v);
  THByteTensor_free(all);
  THDoubleTensor_free(ct);
  THDoubleTensor_free(c);
  THDoubleTensor_free(src);
  THByteTensor_free(mask);
  THDoubleTensor_free(t);
}

static void test_masked_select(void **state) {
  THDoubleTensor *c = counting(2, 3);
  THDoubleTensor *ct = transposed(c); /* 0 3 / 1 4 / 2 5 */
  THByteTensor *mask = bytes((unsigned char[]){0, 1, 1, 0, 1, 1}, 3, 2);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_maskedSelect(r, ct, mask);
  assert_double_tensor(r, (double[]){3, 1, 2, 5}, 4, 0);

  THByteTensor *none = bytes((unsigned char[]){0, 0, 0, 0, 0, 0}, 2, 3);
  THDoubleTensor_maskedSelect(r, c, none);
  assert_int_equal(r->nDimension, 0);

  THByteTensor_data(none)[5] = 3;
  THDoubleTensor_maskedSelect(r, c, mask); /* sizes may differ, element counts match */
  assert_double_tensor(r, (double[]){1, 2, 4, 5}, 4, 0);
  assert_th_error(THDoubleTensor_maskedSelect(r, c, none), "maskedSelect: a mask may hold only 0 and 1, got 3 at position 6");
  assert_double_tensor(r, (double[]){1, 2, 4, 5}, 4, 0);

  /* Aliasing: the result replaces its own source. */
  THDoubleTensor *a = counting(2, 3);
  THDoubleTensor_maskedSelect(a, a, mask);
  assert_double_tensor(a, (double[]){1, 2, 4, 5}, 4, 0);

  THDoubleTensor_free(a);
  THByteTensor_free(none);
  THDoubleTensor_free(r);
  THByteTensor_free(mask);
  THDoubleTensor_free(ct);
  THDoubleTensor_free(c);
}

static void test_nonzero(void **state) {
  THDoubleTensor *t = th_test_double((double[]){0, 5, 0, 7, 0, NAN}, 2, 3, -1, -1);
  THLongTensor *sub = THLongTensor_new();
  THDoubleTensor_nonzero(sub, t);
  assert_int_equal(sub->nDimension, 2);
  assert_int_equal(sub->size[0], 3);
  assert_int_equal(sub->size[1], 2);
  /* 0-based subscripts, as Torch7's C wrote them (i / div % size per dimension); NaN != 0. */
  const long expected[] = {0, 1, 1, 0, 1, 2};
  for (int i = 0; i < 6; i++) assert_int_equal(THLongTensor_data(sub)[i], expected[i]);

  /* Transposed 3x2 view 0 7 / 5 0 / 0 NaN: subscripts are of the view. */
  THDoubleTensor *tt = transposed(t);
  THDoubleTensor_nonzero(sub, tt);
  const long expectedT[] = {0, 1, 1, 0, 2, 1};
  assert_int_equal(sub->size[0], 3);
  for (int i = 0; i < 6; i++) assert_int_equal(THLongTensor_data(sub)[i], expectedT[i]);

  THDoubleTensor *z = THDoubleTensor_newWithSize1d(4);
  memset(THDoubleTensor_data(z), 0, 4 * sizeof(double));
  THDoubleTensor_nonzero(sub, z);
  assert_int_equal(sub->nDimension, 0);
  THDoubleTensor *e = THDoubleTensor_new();
  THDoubleTensor_nonzero(sub, e);
  assert_int_equal(sub->nDimension, 0);

  /* Long: the subscripts may replace the tensor they describe. */
  THLongTensor *l = longs((long[]){0, 4, 0, 9}, 4, 0);
  THLongTensor_nonzero(l, l);
  assert_int_equal(l->size[0], 2);
  assert_int_equal(l->size[1], 1);
  assert_int_equal(THLongTensor_get2d(l, 0, 0), 1);
  assert_int_equal(THLongTensor_get2d(l, 1, 0), 3);

  /* 3-D, 2x2x3: non-zeros at linear positions 1, 5, 6, 11 -> (0,0,1) (0,1,2) (1,0,0) (1,1,2). */
  THDoubleTensor *c = th_test_double((double[]){0, 1, 0, 0, 0, 2, 3, 0, 0, 0, 0, -1}, 2, 2, 3, -1);
  THDoubleTensor_nonzero(sub, c);
  assert_int_equal(sub->nDimension, 2);
  assert_int_equal(sub->size[0], 4);
  assert_int_equal(sub->size[1], 3);
  const long expected3[] = {0, 0, 1, 0, 1, 2, 1, 0, 0, 1, 1, 2};
  for (int i = 0; i < 12; i++) assert_int_equal(THLongTensor_data(sub)[i], expected3[i]);
  /* Its 3x2x2 view with dimensions 0 and 2 swapped: (i,j,k) -> (k,j,i), listed in the view's
   * row-major order: (0,0,1) (1,0,0) (2,1,0) (2,1,1). */
  THDoubleTensor *cv = THDoubleTensor_newTranspose(c, 0, 2);
  THDoubleTensor_nonzero(sub, cv);
  assert_int_equal(sub->size[0], 4);
  const long expected3T[] = {0, 0, 1, 1, 0, 0, 2, 1, 0, 2, 1, 1};
  for (int i = 0; i < 12; i++) assert_int_equal(THLongTensor_data(sub)[i], expected3T[i]);

  THDoubleTensor_free(cv);
  THDoubleTensor_free(c);
  THLongTensor_free(l);
  THDoubleTensor_free(e);
  THDoubleTensor_free(z);
  THDoubleTensor_free(tt);
  THLongTensor_free(sub);
  THDoubleTensor_free(t);
}

/* ------------------------------------------------------------ indexSelect */

static void test_index_select(void **state) {
  THDoubleTensor *src = counting(4, 3);
  THLongTensor *rows = longs((long[]){3, 1, 3}, 3, 0);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_indexSelect(r, src, 0, rows);
  assert_double_tensor(r, (double[]){6, 7, 8, 0, 1, 2, 6, 7, 8}, 3, 3);

  THLongTensor *cols = longs((long[]){3, 2}, 2, 0);
  THDoubleTensor_indexSelect(r, src, 1, cols);
  assert_double_tensor(r, (double[]){2, 1, 5, 4, 8, 7, 11, 10}, 4, 2);

  /* Non-contiguous src (3x4 transposed view) along both dimensions. */
  THDoubleTensor *st = transposed(src); /* (i, j) = 3j + i */
  THDoubleTensor_indexSelect(r, st, 0, cols);
  assert_double_tensor(r, (double[]){2, 5, 8, 11, 1, 4, 7, 10}, 2, 4);
  THDoubleTensor_indexSelect(r, st, 1, rows);
  assert_double_tensor(r, (double[]){6, 0, 6, 7, 1, 7, 8, 2, 8}, 3, 3);

  /* A strided index vector (every other element of 1 9 4 9). */
  THLongTensor *base = longs((long[]){1, 9, 4, 9}, 4, 0);
  THLongTensor *strided = THLongTensor_newWithStorage1d(base->storage, 0, 2, 2);
  THDoubleTensor_indexSelect(r, src, 0, strided);
  assert_double_tensor(r, (double[]){0, 1, 2, 9, 10, 11}, 2, 3);

  /* 1-D and 3-D sources. */
  THDoubleTensor *vec = th_test_double((double[]){5, 6, 7, 8, 9}, 5, -1, -1, -1);
  THDoubleTensor_indexSelect(r, vec, 0, rows);
  assert_double_tensor(r, (double[]){7, 5, 7}, 3, 0);
  THDoubleTensor *cube = THDoubleTensor_newWithSize3d(2, 3, 2);
  for (int i = 0; i < 12; i++) THDoubleTensor_data(cube)[i] = i;
  THDoubleTensor_indexSelect(r, cube, 1, cols);
  assert_int_equal(r->nDimension, 3);
  assert_int_equal(r->size[1], 2);
  const double cubeWant[] = {4, 5, 2, 3, 10, 11, 8, 9};
  for (int i = 0; i < 8; i++) assert_true(THDoubleTensor_data(r)[i] == cubeWant[i]);

  /* Out of range, zero and negative indices: the message names the position; r is untouched. */
  THDoubleTensor_indexSelect(r, vec, 0, rows);
  THLongTensor *bad = longs((long[]){1, 7}, 2, 0);
  assert_th_error(THDoubleTensor_indexSelect(r, vec, 0, bad), "indexSelect: index 7 out of range [1, 5] at position 2");
  THLongTensor_data(bad)[1] = 0;
  assert_th_error(THDoubleTensor_indexSelect(r, vec, 0, bad), "indexSelect: index 0 out of range [1, 5] at position 2");
  THLongTensor_data(bad)[0] = -1;
  assert_th_error(THDoubleTensor_indexSelect(r, vec, 0, bad), "indexSelect: index -1 out of range [1, 5] at position 1");
  assert_double_tensor(r, (double[]){7, 5, 7}, 3, 0);
  assert_th_error(THDoubleTensor_indexSelect(r, src, 2, rows), "indexSelect: dimension 3 out of range of a 2D src");
  THLongTensor *matrixIndex = longs((long[]){1, 1}, 1, 2);
  assert_th_error(THDoubleTensor_indexSelect(r, src, 0, matrixIndex), "indexSelect: index must be a vector");

  /* An empty index gives an empty result; tensor == src reads the source as it was. */
  THLongTensor *none = THLongTensor_new();
  THDoubleTensor_indexSelect(r, src, 0, none);
  assert_int_equal(r->nDimension, 0);
  THDoubleTensor *a = counting(4, 3);
  THDoubleTensor_indexSelect(a, a, 0, rows);
  assert_double_tensor(a, (double[]){6, 7, 8, 0, 1, 2, 6, 7, 8}, 3, 3);

  THDoubleTensor_free(a);
  THLongTensor_free(none);
  THLongTensor_free(matrixIndex);
  THLongTensor_free(bad);
  THDoubleTensor_free(cube);
  THDoubleTensor_free(vec);
  THLongTensor_free(strided);
  THLongTensor_free(base);
  THDoubleTensor_free(st);
  THLongTensor_free(cols);
  THDoubleTensor_free(r);
  THLongTensor_free(rows);
  THDoubleTensor_free(src);
}

/* Big enough for the threaded row-copy path: every row must land where the index says. */
static void test_index_select_big_rows(void **state) {
  const long n = 3000, d = 64, picks = 2000;
  THFloatTensor *src = THFloatTensor_newWithSize2d(n, d);
  for (long i = 0; i < n * d; i++) THFloatTensor_data(src)[i] = (float)i;
  THLongTensor *index = THLongTensor_newWithSize1d(picks);
  for (long i = 0; i < picks; i++) THLongTensor_data(index)[i] = (i * 7919) % n + 1;
  THFloatTensor *r = THFloatTensor_new();
  THFloatTensor_indexSelect(r, src, 0, index);
  assert_int_equal(r->size[0], picks);
  for (long i = 0; i < picks; i++) {
    long row = (i * 7919) % n;
    assert_true(THFloatTensor_get2d(r, i, 0) == (float)(row * d));
    assert_true(THFloatTensor_get2d(r, i, d - 1) == (float)(row * d + d - 1));
  }
  THFloatTensor_free(r);
  THLongTensor_free(index);
  THFloatTensor_free(src);
}

/* ------------------------------------------------ indexCopy, indexAdd, indexFill */

static void test_index_copy(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(4, 3);
  memset(THDoubleTensor_data(t), 0, 12 * sizeof(double));
  THLongTensor *index = longs((long[]){4, 2}, 2, 0);
  THDoubleTensor *src = th_test_double((double[]){1, 2, 3, 4, 5, 6}, 2, 3, -1, -1);
  THDoubleTensor_indexCopy(t, 0, index, src);
  assert_double_tensor(t, (double[]){0, 0, 0, 4, 5, 6, 0, 0, 0, 1, 2, 3}, 4, 3);

  /* Along dim 1 into a transposed (non-contiguous) view of t. */
  THDoubleTensor *tt = transposed(t); /* 3x4 */
  THDoubleTensor *src2 = th_test_double((double[]){7, 8, 9}, 3, 1, -1, -1);
  THLongTensor *one = longs((long[]){1}, 1, 0);
  THDoubleTensor_indexCopy(tt, 1, one, src2); /* column 1 of tt = row 1 of t */
  assert_double_tensor(t, (double[]){7, 8, 9, 4, 5, 6, 0, 0, 0, 1, 2, 3}, 4, 3);

  /* Repeated indices: the last copy wins. */
  THLongTensor *twice = longs((long[]){3, 3}, 2, 0);
  THDoubleTensor_indexCopy(t, 0, twice, src);
  assert_double_tensor(t, (double[]){7, 8, 9, 4, 5, 6, 4, 5, 6, 1, 2, 3}, 4, 3);

  /* Bad index or shape: error and t untouched. */
  THLongTensor *bad = longs((long[]){2, 5}, 2, 0);
  assert_th_error(THDoubleTensor_indexCopy(t, 0, bad, src), "indexCopy: index 5 out of range [1, 4] at position 2");
  THLongTensor_data(bad)[1] = -3;
  assert_th_error(THDoubleTensor_indexCopy(t, 0, bad, src), "indexCopy: index -3 out of range [1, 4] at position 2");
  THLongTensor *three = longs((long[]){1, 2, 3}, 3, 0);
  assert_th_error(THDoubleTensor_indexCopy(t, 0, three, src), "indexCopy: src [2 x 3] must have the size of tensor [4 x 3]");
  assert_double_tensor(t, (double[]){7, 8, 9, 4, 5, 6, 4, 5, 6, 1, 2, 3}, 4, 3);

  THLongTensor_free(three);
  THLongTensor_free(bad);
  THLongTensor_free(twice);
  THLongTensor_free(one);
  THDoubleTensor_free(src2);
  THDoubleTensor_free(tt);
  THDoubleTensor_free(src);
  THLongTensor_free(index);
  THDoubleTensor_free(t);
}

static void test_index_add(void **state) {
  THDoubleTensor *t = th_test_double((double[]){0, 0, 0}, 3, -1, -1, -1);
  THLongTensor *index = longs((long[]){1, 1, 3}, 3, 0);
  THDoubleTensor *src = th_test_double((double[]){1, 2, 3}, 3, -1, -1, -1);
  THDoubleTensor_indexAdd(t, 0, index, src); /* repeated indices all count */
  assert_double_tensor(t, (double[]){3, 0, 3}, 3, 0);

  /* 2-D along dim 1, non-contiguous src. */
  THDoubleTensor *m = counting(2, 3);
  THDoubleTensor *s = counting(2, 2);
  THDoubleTensor *st = transposed(s); /* 0 2 / 1 3 */
  THLongTensor *cols = longs((long[]){3, 3}, 2, 0);
  THDoubleTensor_indexAdd(m, 1, cols, st);
  assert_double_tensor(m, (double[]){0, 1, 4, 3, 4, 9}, 2, 3);

  /* Byte arithmetic wraps modulo 256. */
  THByteTensor *b = bytes((unsigned char[]){250, 1}, 2, 0);
  THByteTensor *bs = bytes((unsigned char[]){10}, 1, 0);
  THLongTensor *first = longs((long[]){1}, 1, 0);
  THByteTensor_indexAdd(b, 0, first, bs);
  assert_int_equal(THByteTensor_data(b)[0], 4);

  THLongTensor *bad = longs((long[]){4, 1, 1}, 3, 0);
  assert_th_error(THDoubleTensor_indexAdd(t, 0, bad, src), "indexAdd: index 4 out of range [1, 3] at position 1");
  assert_double_tensor(t, (double[]){3, 0, 3}, 3, 0);

  /* src == tensor: the additions use the values from before the call. */
  THLongTensor *rev = longs((long[]){3, 2, 1}, 3, 0);
  THDoubleTensor_indexAdd(t, 0, rev, t);
  assert_double_tensor(t, (double[]){6, 0, 6}, 3, 0);

  THLongTensor_free(rev);
  THLongTensor_free(bad);
  THLongTensor_free(first);
  THByteTensor_free(bs);
  THByteTensor_free(b);
  THLongTensor_free(cols);
  THDoubleTensor_free(st);
  THDoubleTensor_free(s);
  THDoubleTensor_free(m);
  THDoubleTensor_free(src);
  THLongTensor_free(index);
  THDoubleTensor_free(t);
}

static void test_index_fill(void **state) {
  THDoubleTensor *t = counting(3, 4);
  THLongTensor *cols = longs((long[]){2, 4}, 2, 0);
  THDoubleTensor_indexFill(t, 1, cols, -1);
  assert_double_tensor(t, (double[]){0, -1, 2, -1, 4, -1, 6, -1, 8, -1, 10, -1}, 3, 4);

  THDoubleTensor *tt = transposed(t); /* 4x3 view; its rows are t's columns */
  THLongTensor *row = longs((long[]){1}, 1, 0);
  THDoubleTensor_indexFill(tt, 0, row, 9);
  assert_double_tensor(t, (double[]){9, -1, 2, -1, 9, -1, 6, -1, 9, -1, 10, -1}, 3, 4);

  THLongTensor *bad = longs((long[]){5}, 1, 0);
  assert_th_error(THDoubleTensor_indexFill(t, 1, bad, 0), "indexFill: index 5 out of range [1, 4] at position 1");
  assert_th_error(THDoubleTensor_indexFill(t, 2, cols, 0), "indexFill: dimension 3 out of range of a 2D tensor");
  assert_double_tensor(t, (double[]){9, -1, 2, -1, 9, -1, 6, -1, 9, -1, 10, -1}, 3, 4);

  /* Long: the index may be the tensor being filled; it is read as it was before the call. */
  THLongTensor *l = longs((long[]){2, 1, 3}, 3, 0);
  THLongTensor_indexFill(l, 0, l, 5);
  for (int i = 0; i < 3; i++) assert_int_equal(THLongTensor_data(l)[i], 5);

  THLongTensor_free(l);
  THLongTensor_free(bad);
  THLongTensor_free(row);
  THDoubleTensor_free(tt);
  THLongTensor_free(cols);
  THDoubleTensor_free(t);
}

/* --------------------------------------------------------- gather, scatter */

static void test_gather(void **state) {
  THDoubleTensor *src = th_test_double((double[]){1, 2, 3, 4, 5, 6}, 3, 2, -1, -1);
  THLongTensor *index = longs((long[]){3, 1, 2, 2}, 2, 2);
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_gather(r, src, 0, index); /* r[i][j] = src[index[i][j]][j] */
  assert_double_tensor(r, (double[]){5, 2, 3, 4}, 2, 2);

  THLongTensor *byCol = longs((long[]){2, 1, 2}, 3, 1);
  THDoubleTensor_gather(r, src, 1, byCol); /* r[i][0] = src[i][index[i][0]] */
  assert_double_tensor(r, (double[]){2, 3, 6}, 3, 1);

  /* An index smaller than src in the other dimension; a transposed src (2x3: 1 3 5 / 2 4 6). */
  THLongTensor *narrowIndex = longs((long[]){2, 1}, 1, 2);
  THDoubleTensor_gather(r, src, 0, narrowIndex);
  assert_double_tensor(r, (double[]){3, 2}, 1, 2);
  THDoubleTensor *st = transposed(src);
  THDoubleTensor_gather(r, st, 1, index);
  assert_double_tensor(r, (double[]){5, 1, 4, 4}, 2, 2);

  /* Bad indices and shapes: error, r untouched. */
  THLongTensor *bad = longs((long[]){3, 4, 1, 1}, 2, 2);
  assert_th_error(THDoubleTensor_gather(r, src, 0, bad), "gather: index 4 out of range [1, 3] at position 2");
  THLongTensor_data(bad)[1] = -2;
  assert_th_error(THDoubleTensor_gather(r, src, 0, bad), "gather: index -2 out of range [1, 3] at position 2");
  THLongTensor *wide = longs((long[]){1, 1, 1}, 1, 3);
  assert_th_error(THDoubleTensor_gather(r, src, 0, wide), "gather: index [1 x 3] is larger than src [3 x 2] at dimension 2");
  THLongTensor *flat = longs((long[]){1, 1}, 2, 0);
  assert_th_error(THDoubleTensor_gather(r, src, 0, flat), "gather: index must have as many dimensions as src (2), got 1");
  assert_double_tensor(r, (double[]){5, 1, 4, 4}, 2, 2);

  /* tensor == src; an empty index. */
  THDoubleTensor *a = th_test_double((double[]){1, 2, 3, 4, 5, 6}, 3, 2, -1, -1);
  THDoubleTensor_gather(a, a, 0, index);
  assert_double_tensor(a, (double[]){5, 2, 3, 4}, 2, 2);
  THLongTensor *none = THLongTensor_new();
  THDoubleTensor_gather(r, src, 0, none);
  assert_int_equal(r->nDimension, 0);

  THLongTensor_free(none);
  THDoubleTensor_free(a);
  THLongTensor_free(flat);
  THLongTensor_free(wide);
  THLongTensor_free(bad);
  THDoubleTensor_free(st);
  THLongTensor_free(narrowIndex);
  THLongTensor_free(byCol);
  THDoubleTensor_free(r);
  THLongTensor_free(index);
  THDoubleTensor_free(src);
}

static void test_scatter(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(3, 2);
  memset(THDoubleTensor_data(t), 0, 6 * sizeof(double));
  THLongTensor *index = longs((long[]){3, 1, 2, 2}, 2, 2);
  THDoubleTensor *src = th_test_double((double[]){10, 20, 30, 40}, 2, 2, -1, -1);
  THDoubleTensor_scatter(t, 0, index, src); /* t[index[i][j]][j] = src[i][j] */
  assert_double_tensor(t, (double[]){0, 20, 30, 40, 10, 0}, 3, 2);

  /* scatter undoes gather: gather(scatter(x)) returns x. */
  THDoubleTensor *back = THDoubleTensor_new();
  THDoubleTensor_gather(back, t, 0, index);
  assert_double_tensor(back, (double[]){10, 20, 30, 40}, 2, 2);

  /* scatterAdd: repeated indices add up; src may be larger than index. */
  THLongTensor *same = longs((long[]){1, 1}, 2, 1);
  THDoubleTensor_scatterAdd(t, 0, same, src); /* t[0][0] += src[0][0] + src[1][0] */
  assert_double_tensor(t, (double[]){40, 20, 30, 40, 10, 0}, 3, 2);

  /* scatterFill along dim 1 into a transposed view (2x3 view of t). */
  THDoubleTensor *tt = transposed(t);
  THLongTensor *cols = longs((long[]){3, 1}, 2, 1);
  THDoubleTensor_scatterFill(tt, 1, cols, -1); /* tt[0][2] = t[2][0], tt[1][0] = t[0][1] */
  assert_double_tensor(t, (double[]){40, -1, 30, 40, -1, 0}, 3, 2);

  /* Bad indices: nothing written. */
  THLongTensor *bad = longs((long[]){1, 2, 4, 1}, 2, 2);
  assert_th_error(THDoubleTensor_scatter(t, 0, bad, src), "scatter: index 4 out of range [1, 3] at position 3");
  assert_th_error(THDoubleTensor_scatterAdd(t, 0, bad, src), "scatterAdd: index 4 out of range [1, 3] at position 3");
  THLongTensor_data(bad)[2] = -1;
  assert_th_error(THDoubleTensor_scatterFill(t, 0, bad, 5), "scatterFill: index -1 out of range [1, 3] at position 3");
  THDoubleTensor *small = th_test_double((double[]){1, 2}, 1, 2, -1, -1);
  assert_th_error(THDoubleTensor_scatter(t, 0, index, small), "scatter: index [2 x 2] is larger than src [1 x 2] at dimension 1");
  assert_th_error(THDoubleTensor_scatter(t, 2, index, src), "scatter: dimension 3 out of range of a 2D tensor");
  assert_double_tensor(t, (double[]){40, -1, 30, 40, -1, 0}, 3, 2);

  /* src sharing storage with tensor is read as it was. */
  THDoubleTensor *a = th_test_double((double[]){1, 2, 3}, 3, -1, -1, -1);
  THLongTensor *shift = longs((long[]){2, 3, 1}, 3, 0);
  THDoubleTensor_scatter(a, 0, shift, a);
  assert_double_tensor(a, (double[]){3, 1, 2}, 3, 0);

  /* An empty index does nothing. */
  THLongTensor *none = THLongTensor_new();
  THDoubleTensor_scatter(t, 0, none, src);
  assert_double_tensor(t, (double[]){40, -1, 30, 40, -1, 0}, 3, 2);

  THLongTensor_free(none);
  THLongTensor_free(shift);
  THDoubleTensor_free(a);
  THDoubleTensor_free(small);
  THLongTensor_free(bad);
  THLongTensor_free(cols);
  THDoubleTensor_free(tt);
  THLongTensor_free(same);
  THDoubleTensor_free(back);
  THDoubleTensor_free(src);
  THLongTensor_free(index);
  THDoubleTensor_free(t);
}

/* 3-D along each dimension, against the definition evaluated element by element; a non-contiguous
 * (transposed) src and index. scatter with distinct indices is undone by gather. */
static void test_gather_scatter_3d(void **state) {
  THDoubleTensor *base = THDoubleTensor_newWithSize3d(4, 3, 5);
  for (int i = 0; i < 60; i++) THDoubleTensor_data(base)[i] = i * 1.5;
  THDoubleTensor *src = THDoubleTensor_newTranspose(base, 0, 2); /* 5 x 3 x 4 */
  for (int dim = 0; dim < 3; dim++) {
    long isize[3] = {4, 2, 3};
    isize[dim] = 3;
    THLongTensor *ibase = THLongTensor_newWithSize3d(isize[2], isize[1], isize[0]);
    THLongTensor *index = THLongTensor_newTranspose(ibase, 0, 2); /* isize[0] x isize[1] x isize[2] */
    long bound = src->size[dim];
    for (long i = 0; i < isize[0]; i++)
      for (long j = 0; j < isize[1]; j++)
        for (long k = 0; k < isize[2]; k++)
          THLongTensor_set3d(index, i, j, k, (i * 7 + j * 3 + k * 5 + dim) % bound + 1);
    THDoubleTensor *r = THDoubleTensor_new();
    THDoubleTensor_gather(r, src, dim, index);
    for (long i = 0; i < isize[0]; i++)
      for (long j = 0; j < isize[1]; j++)
        for (long k = 0; k < isize[2]; k++) {
          long at[3] = {i, j, k};
          at[dim] = THLongTensor_get3d(index, i, j, k) - 1;
          assert_true(THDoubleTensor_get3d(r, i, j, k) == THDoubleTensor_get3d(src, at[0], at[1], at[2]));
        }
    /* scatterAdd of ones counts how often each element is indexed. */
    THDoubleTensor *counts = THDoubleTensor_newWithSize3d(src->size[0], src->size[1], src->size[2]);
    memset(THDoubleTensor_data(counts), 0, sizeof(double) * 60);
    THDoubleTensor *ones = THDoubleTensor_newWithSize3d(isize[0], isize[1], isize[2]);
    for (long e = 0; e < THDoubleTensor_nElement(ones); e++) THDoubleTensor_data(ones)[e] = 1;
    THDoubleTensor_scatterAdd(counts, dim, index, ones);
    double total = 0;
    for (long e = 0; e < 60; e++) total += THDoubleTensor_data(counts)[e];
    assert_true(total == (double)THLongTensor_nElement(index));
    long at[3] = {1, 1, 2};
    at[dim] = THLongTensor_get3d(index, 1, 1, 2) - 1;
    assert_true(THDoubleTensor_get3d(counts, at[0], at[1], at[2]) >= 1);
    THDoubleTensor_free(ones);
    THDoubleTensor_free(counts);
    THDoubleTensor_free(r);
    THLongTensor_free(index);
    THLongTensor_free(ibase);
  }
  /* Distinct indices along dim 1: scatter then gather returns the source. */
  THLongTensor *perm = THLongTensor_newWithSize3d(2, 3, 2);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 3; j++)
      for (long k = 0; k < 2; k++) THLongTensor_set3d(perm, i, j, k, (j + i + k) % 3 + 1);
  THDoubleTensor *vals = THDoubleTensor_newWithSize3d(2, 3, 2);
  for (int e = 0; e < 12; e++) THDoubleTensor_data(vals)[e] = 100 + e;
  THDoubleTensor *dst = THDoubleTensor_newWithSize3d(2, 3, 2);
  THDoubleTensor_scatter(dst, 1, perm, vals);
  THDoubleTensor *back = THDoubleTensor_new();
  THDoubleTensor_gather(back, dst, 1, perm);
  for (int e = 0; e < 12; e++) assert_true(THDoubleTensor_data(back)[e] == 100 + e);
  THDoubleTensor_free(back);
  THDoubleTensor_free(dst);
  THDoubleTensor_free(vals);
  THLongTensor_free(perm);
  THDoubleTensor_free(src);
  THDoubleTensor_free(base);
}

/* ------------------------------------------------------------ every type */

/* The same small case in each type: select, gather, scatterAdd, maskedSelect, nonzero. */
#define TYPE_CASE(Real, real)                                                              \
  static void test_all_types_##Real(void **state) {                                        \
    TH##Real##Tensor *src = TH##Real##Tensor_newWithSize2d(2, 3);                          \
    for (int i = 0; i < 6; i++) TH##Real##Tensor_data(src)[i] = (real)(i + 1);             \
    THLongTensor *index = longs((long[]){2, 1}, 2, 0);                                     \
    TH##Real##Tensor *r = TH##Real##Tensor_new();                                          \
    TH##Real##Tensor_indexSelect(r, src, 0, index);                                        \
    assert_true(TH##Real##Tensor_get2d(r, 0, 2) == 6 && TH##Real##Tensor_get2d(r, 1, 0) == 1); \
    THLongTensor *g = longs((long[]){2, 2, 1}, 1, 3);                                      \
    TH##Real##Tensor_gather(r, src, 0, g);                                                 \
    assert_true(TH##Real##Tensor_get2d(r, 0, 0) == 4 && TH##Real##Tensor_get2d(r, 0, 2) == 3); \
    TH##Real##Tensor_scatterAdd(src, 0, g, r); /* src[g[0][j]][j] += r[0][j] */ \
    assert_true(TH##Real##Tensor_get2d(src, 1, 0) == 8 && TH##Real##Tensor_get2d(src, 0, 2) == 6); \
    THByteTensor *mask = bytes((unsigned char[]){0, 0, 1, 1, 0, 0}, 2, 3);                 \
    TH##Real##Tensor_maskedSelect(r, src, mask);                                           \
    assert_true(r->size[0] == 2 && TH##Real##Tensor_get1d(r, 1) == 8);                     \
    THLongTensor *sub = THLongTensor_new();                                                \
    TH##Real##Tensor_nonzero(sub, r);                                                      \
    assert_int_equal(sub->size[0], 2);                                                     \
    assert_true(THLongTensor_get2d(sub, 0, 0) == 0 && THLongTensor_get2d(sub, 1, 0) == 1); \
    assert_th_error(TH##Real##Tensor_indexSelect(r, src, 1, g), "index must be a vector"); \
    THLongTensor_free(sub);                                                                \
    THByteTensor_free(mask);                                                               \
    THLongTensor_free(g);                                                                  \
    TH##Real##Tensor_free(r);                                                              \
    THLongTensor_free(index);                                                              \
    TH##Real##Tensor_free(src);                                                            \
  }
TH_FOR_ALL_TYPES(TYPE_CASE)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_masked_fill), cmocka_unit_test(test_masked_copy),
      cmocka_unit_test(test_masked_select), cmocka_unit_test(test_nonzero),
      cmocka_unit_test(test_index_select), cmocka_unit_test(test_index_select_big_rows),
      cmocka_unit_test(test_index_copy), cmocka_unit_test(test_index_add),
      cmocka_unit_test(test_index_fill), cmocka_unit_test(test_gather),
      cmocka_unit_test(test_scatter), cmocka_unit_test(test_gather_scatter_3d),
      TH_ALL_TYPES_TESTS,
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
