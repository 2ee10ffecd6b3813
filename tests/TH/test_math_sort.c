/* Ordering functions: sort, topk, kthvalue, median, mode, medianall. Indices are 0-based, as
 * Torch7's C returned them. Which of several equal values (or where a NaN) comes back is what
 * Torch7's quicksort and quickselect (lib/TH/generic/THTensorMath.c at 814ea4af) leave there: the
 * expected indices of the small cases were worked out by stepping through those algorithms, by hand
 * for the shortest and with a line-by-line Python transcription of Torch7's routines (its explicit
 * stack, its backwards insertion pass) for the rest. Large random cases are checked against the
 * definitions (sorted, a permutation, kthvalue(k) == sort()[k], topk == the first k of a sort). */
#include "th_test.h"

static THDoubleTensor *dvec(const double *values, long n) { return th_test_double(values, n, -1, -1, -1); }

/* Asserts a 1D double tensor (NaN matches NaN; the sign of zero must match too). */
static void assert_dvec(THDoubleTensor *t, const double *expected, long n) {
  assert_int_equal(t->nDimension, 1);
  assert_int_equal(t->size[0], n);
  for (long i = 0; i < n; i++) {
    double got = THDoubleTensor_get1d(t, i);
    if (!(isnan(expected[i]) ? isnan(got) : got == expected[i] && signbit(got) == signbit(expected[i])))
      fail_msg("element %ld is %g, expected %g", i, got, expected[i]);
  }
}

static void assert_lvec(THLongTensor *t, const long *expected, long n) {
  assert_int_equal(t->nDimension, 1);
  assert_int_equal(t->size[0], n);
  for (long i = 0; i < n; i++)
    if (THLongTensor_get1d(t, i) != expected[i])
      fail_msg("index %ld is %ld, expected %ld", i, THLongTensor_get1d(t, i), expected[i]);
}

/* A deterministic pseudo-random sequence (xorshift), so failures reproduce. */
static unsigned long rng_state = 88172645463325252UL;
static unsigned long rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* ------------------------------------------------------------------ sort */

static void test_sort_small(void **state) {
  THDoubleTensor *v = dvec((double[]){3, 1, 2, 1}, 4), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  /* Up to 11 elements Torch7 runs only its insertion pass, which never moves equal values past
   * each other: the two 1s keep their index order in both directions. */
  THDoubleTensor_sort(r, ix, v, 0, 0);
  assert_dvec(r, (double[]){1, 1, 2, 3}, 4);
  assert_lvec(ix, (long[]){1, 3, 2, 0}, 4);
  THDoubleTensor_sort(r, ix, v, 0, 1);
  assert_dvec(r, (double[]){3, 2, 1, 1}, 4);
  assert_lvec(ix, (long[]){0, 2, 1, 3}, 4);

  /* NaN compares false with everything, so the insertion pass (from the end backwards, moving an
   * element right while its right neighbour goes before it) never moves a NaN, and nothing moves
   * past one: the NaNs split the slice. Ascending, -0.0 and -2 move past each other, then 0.0
   * past -2, and 1 past -inf; -0 and +0 are equal and keep their order. Descending, nothing moves. */
  THDoubleTensor *n = dvec((double[]){NAN, 1, -INFINITY, NAN, 0.0, -0.0, -2}, 7);
  THDoubleTensor_sort(r, ix, n, 0, 0);
  assert_dvec(r, (double[]){NAN, -INFINITY, 1, NAN, -2, 0.0, -0.0}, 7);
  assert_lvec(ix, (long[]){0, 2, 1, 3, 6, 4, 5}, 7);
  THDoubleTensor_sort(r, ix, n, 0, 1);
  assert_dvec(r, (double[]){NAN, 1, -INFINITY, NAN, 0.0, -0.0, -2}, 7);
  assert_lvec(ix, (long[]){0, 1, 2, 3, 4, 5, 6}, 7);

  /* 2D along each dimension, and a transposed input. */
  THDoubleTensor *m = th_test_double((double[]){5, 2, 9, 1, 7, 3}, 2, 3, -1, -1);
  THDoubleTensor_sort(r, ix, m, 1, 0);
  double by_row[6] = {2, 5, 9, 1, 3, 7};
  long by_row_ix[6] = {1, 0, 2, 0, 2, 1};
  for (int i = 0; i < 6; i++) {
    assert_true(THDoubleTensor_get2d(r, i / 3, i % 3) == by_row[i]);
    assert_true(THLongTensor_get2d(ix, i / 3, i % 3) == by_row_ix[i]);
  }
  THDoubleTensor_sort(r, ix, m, 0, 1);
  double by_col[6] = {5, 7, 9, 1, 2, 3};
  long by_col_ix[6] = {0, 1, 0, 1, 0, 1};
  for (int i = 0; i < 6; i++) {
    assert_true(THDoubleTensor_get2d(r, i / 3, i % 3) == by_col[i]);
    assert_true(THLongTensor_get2d(ix, i / 3, i % 3) == by_col_ix[i]);
  }
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1); /* 5 1 / 2 7 / 9 3 */
  THDoubleTensor_sort(r, ix, mt, 0, 0);
  assert_true(r->size[0] == 3 && r->size[1] == 2);
  double t_sorted[6] = {2, 1, 5, 3, 9, 7};
  long t_ix[6] = {1, 0, 0, 2, 2, 1};
  for (int i = 0; i < 6; i++) {
    assert_true(THDoubleTensor_get2d(r, i / 2, i % 2) == t_sorted[i]);
    assert_true(THLongTensor_get2d(ix, i / 2, i % 2) == t_ix[i]);
  }
  /* In place: rt_ is the input. */
  THDoubleTensor_sort(v, ix, v, 0, 0);
  assert_dvec(v, (double[]){1, 1, 2, 3}, 4);
  /* One element. */
  THDoubleTensor *one = dvec((double[]){4}, 1);
  THDoubleTensor_sort(r, ix, one, 0, 1);
  assert_dvec(r, (double[]){4}, 1);
  assert_lvec(ix, (long[]){0}, 1);

  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_sort(r, ix, e, 0, 0), "sort: dimension 1 out of range of a 0D tensor");
  assert_th_error(THDoubleTensor_sort(r, ix, m, 2, 0), "sort: dimension 3 out of range of a 2D tensor");
  assert_th_error(THDoubleTensor_sort(r, NULL, m, 0, 0), "sort: ri_ is NULL");
  THDoubleTensor_sort(r, ix, one, 0, 0);
  assert_dvec(r, (double[]){4}, 1);

  THDoubleTensor_free(e);
  THDoubleTensor_free(one);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(n);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* 16 elements: Torch7 partitions first (more than 11), and its quicksort is not stable. Values
 * 0..4; a stable sort would list the 2s as 1 2 10 and the 3s as 5 11 13. */
static const double quick16[16] = {4, 2, 2, 4, 0, 3, 1, 0, 1, 0, 2, 3, 1, 3, 4, 0};

static void test_sort_partitioned(void **state) {
  THDoubleTensor *v = dvec(quick16, 16), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  THDoubleTensor_sort(r, ix, v, 0, 0);
  assert_dvec(r, (double[]){0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4}, 16);
  assert_lvec(ix, (long[]){4, 7, 9, 15, 6, 8, 12, 2, 1, 10, 13, 5, 11, 3, 14, 0}, 16);
  THDoubleTensor_sort(r, ix, v, 0, 1);
  assert_dvec(r, (double[]){4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0}, 16);
  assert_lvec(ix, (long[]){0, 3, 14, 5, 13, 11, 1, 2, 10, 6, 8, 12, 7, 9, 4, 15}, 16);
  /* The same slice along dimension 0 of a 16x2 matrix (stride 2): the same order. */
  THDoubleTensor *m = THDoubleTensor_newWithSize2d(16, 2);
  for (int i = 0; i < 16; i++) {
    THDoubleTensor_set2d(m, i, 0, quick16[i]);
    THDoubleTensor_set2d(m, i, 1, -quick16[i]);
  }
  THDoubleTensor_sort(r, ix, m, 0, 1);
  THLongTensor *col = THLongTensor_newSelect(ix, 1, 0);
  assert_lvec(col, (long[]){0, 3, 14, 5, 13, 11, 1, 2, 10, 6, 8, 12, 7, 9, 4, 15}, 16);
  THLongTensor_free(col);
  THDoubleTensor_free(m);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* Asserts that (r, ix) is a sort of the n values at src (ascending or descending). */
#define ASSERT_SORTED(Real, real, src, r, ix, n, desc)                                                 \
  do {                                                                                           \
    char *seen = calloc((size_t)(n), 1);                                                         \
    for (long i = 0; i < (n); i++) {                                                             \
      long at = THLongTensor_get1d(ix, i);                                                       \
      if (at < 0 || at >= (n) || seen[at]) fail_msg("index %ld is not a permutation", at);       \
      seen[at] = 1;                                                                              \
      if (TH##Real##Tensor_get1d(r, i) != (src)[at]) fail_msg("value %ld does not match", i);    \
      if (i > 0) {                                                                               \
        real a = TH##Real##Tensor_get1d(r, i - 1), b = TH##Real##Tensor_get1d(r, i);             \
        if ((desc) ? a < b : a > b) fail_msg("not sorted at %ld", i);                            \
      }                                                                                          \
    }                                                                                            \
    free(seen);                                                                                  \
  } while (0)

static void test_sort_large(void **state) {
  const long n = 200003;
  THFloatTensor *t = THFloatTensor_newWithSize1d(n), *r = THFloatTensor_new();
  THLongTensor *ix = THLongTensor_new();
  float *p = THFloatTensor_data(t);
  for (long i = 0; i < n; i++) p[i] = (float)((long)(rng() % 2000001) - 1000000) / 64.0f;
  THFloatTensor_sort(r, ix, t, 0, 0);
  ASSERT_SORTED(Float, float, p, r, ix, n, 0);
  THFloatTensor_sort(r, ix, t, 0, 1);
  ASSERT_SORTED(Float, float, p, r, ix, n, 1);

  /* Many ties in integer types, with negatives. */
  THLongTensor *l = THLongTensor_newWithSize1d(n), *lr = THLongTensor_new();
  long *lp = THLongTensor_data(l);
  for (long i = 0; i < n; i++) lp[i] = (long)(rng() % 1000) - 500 + (i % 7 == 0 ? LONG_MIN / 2 : 0);
  THLongTensor_sort(lr, ix, l, 0, 0);
  ASSERT_SORTED(Long, long, lp, lr, ix, n, 0);
  THIntTensor *it = THIntTensor_newWithSize1d(n), *ir = THIntTensor_new();
  int *ip = THIntTensor_data(it);
  for (long i = 0; i < n; i++) ip[i] = (int)(rng() % 100) - 50;
  THIntTensor_sort(ir, ix, it, 0, 1);
  ASSERT_SORTED(Int, int, ip, ir, ix, n, 1);
  THDoubleTensor *d = THDoubleTensor_newWithSize1d(n), *dr = THDoubleTensor_new();
  double *dp = THDoubleTensor_data(d);
  for (long i = 0; i < n; i++) dp[i] = ((double)rng() / 1e19 - 0.9) * 1e300;
  THDoubleTensor_sort(dr, ix, d, 0, 0);
  ASSERT_SORTED(Double, double, dp, dr, ix, n, 0);

  THDoubleTensor_free(dr);
  THDoubleTensor_free(d);
  THIntTensor_free(ir);
  THIntTensor_free(it);
  THLongTensor_free(lr);
  THLongTensor_free(l);
  THLongTensor_free(ix);
  THFloatTensor_free(r);
  THFloatTensor_free(t);
}

/* The extremes of every integer type sort in value order (the sort keys must not wrap). */
#define SORT_EXTREMES(Real, real, LO, HI)                                                  \
  do {                                                                                     \
    TH##Real##Tensor *t = TH##Real##Tensor_newWithSize1d(5), *r = TH##Real##Tensor_new();  \
    real *p = TH##Real##Tensor_data(t);                                                    \
    p[0] = (HI), p[1] = (LO), p[2] = 0, p[3] = (real)((LO) + 1), p[4] = (real)((HI) - 1);  \
    TH##Real##Tensor_sort(r, ix, t, 0, 0);                                                 \
    assert_true(TH##Real##Tensor_get1d(r, 0) == (LO) && TH##Real##Tensor_get1d(r, 4) == (HI)); \
    assert_true(TH##Real##Tensor_get1d(r, 1) == (real)((LO) + 1));                         \
    assert_lvec(ix, (long[]){1, 3, 2, 4, 0}, 5);                                           \
    TH##Real##Tensor_free(r);                                                              \
    TH##Real##Tensor_free(t);                                                              \
  } while (0)

static void test_sort_integer_extremes(void **state) {
  THLongTensor *ix = THLongTensor_new();
  SORT_EXTREMES(Char, char, CHAR_MIN, CHAR_MAX);
  SORT_EXTREMES(Short, short, SHRT_MIN, SHRT_MAX);
  SORT_EXTREMES(Int, int, INT_MIN, INT_MAX);
  SORT_EXTREMES(Long, long, LONG_MIN, LONG_MAX);
  /* Byte is unsigned: 0 is its smallest. */
  THByteTensor *b = THByteTensor_newWithSize1d(3), *br = THByteTensor_new();
  unsigned char *bp = THByteTensor_data(b);
  bp[0] = 128, bp[1] = 255, bp[2] = 0;
  THByteTensor_sort(br, ix, b, 0, 1);
  assert_true(THByteTensor_get1d(br, 0) == 255 && THByteTensor_get1d(br, 2) == 0);
  assert_lvec(ix, (long[]){1, 0, 2}, 3);
  THByteTensor_free(br);
  THByteTensor_free(b);
  THLongTensor_free(ix);
}

/* Slices whose values are all distinct have one sorted order, which ember finds by a radix sort on
 * keys (not Torch7's quicksort). A permutation of -500..499 (i * 389 mod 1000, 389 prime to 1000)
 * scaled by 1/8: the position of rank r is the i with i * 389 = r (mod 1000), found here by
 * search. Sorted both ways as 1000 elements and as their first 40 (below the radix cutoff), in
 * float, double and (unscaled) int; topk's sorted results are the first k of that order, and mode, every
 * value occurring once, is the smallest. */
#define CHECK_DISTINCT(Real, real, SCALE)                                                              \
  do {                                                                                          \
    for (long n = 40; n <= 1000; n += 960) {                                                    \
      TH##Real##Tensor *t = TH##Real##Tensor_newWithSize1d(n), *r = TH##Real##Tensor_new();    \
      for (long i = 0; i < n; i++) TH##Real##Tensor_data(t)[i] = (real)(((i * 389) % 1000 - 500) * SCALE); \
      long *ascending = malloc(sizeof(long) * (size_t)n), m = 0;                                \
      for (long rank = 0; rank < 1000; rank++)                                                  \
        for (long i = 0; i < n; i++)                                                            \
          if ((i * 389) % 1000 == rank) ascending[m++] = i;                                     \
      TH##Real##Tensor_sort(r, ix, t, 0, 0);                                                    \
      assert_lvec(ix, ascending, n);                                                            \
      for (long j = 1; j < n; j++) assert_true(TH##Real##Tensor_get1d(r, j - 1) < TH##Real##Tensor_get1d(r, j)); \
      TH##Real##Tensor_sort(r, ix, t, 0, 1);                                                    \
      for (long j = 0; j < n; j++) assert_int_equal(THLongTensor_get1d(ix, j), ascending[n - 1 - j]); \
      TH##Real##Tensor_topk(r, ix, t, 30, 0, 1, 1);                                             \
      for (long j = 0; j < 30; j++) assert_int_equal(THLongTensor_get1d(ix, j), ascending[n - 1 - j]); \
      TH##Real##Tensor_topk(r, ix, t, 30, 0, 0, 1);                                             \
      for (long j = 0; j < 30; j++) assert_int_equal(THLongTensor_get1d(ix, j), ascending[j]);  \
      TH##Real##Tensor_mode(r, ix, t, 0, 0);                                                    \
      assert_int_equal(THLongTensor_get1d(ix, 0), ascending[0]);                                \
      free(ascending);                                                                          \
      TH##Real##Tensor_free(r);                                                                 \
      TH##Real##Tensor_free(t);                                                                 \
    }                                                                                           \
  } while (0)

static void test_sort_distinct(void **state) {
  THLongTensor *ix = THLongTensor_new();
  CHECK_DISTINCT(Float, float, 0.125);
  CHECK_DISTINCT(Double, double, 0.125);
  CHECK_DISTINCT(Int, int, 1);
  THLongTensor_free(ix);
}

/* 70 distinct values ((13 i mod 71) - 35); a slice counts as distinct only when no two values
 * compare equal and none is NaN, otherwise Torch7's quicksort decides. The expected indices below
 * were worked out by running Torch7's quicksort on these slices in the Python transcription
 * (see the top of this file). */
static double distinct70(long i) { return (double)((i * 13) % 71 - 35); }

static void test_sort_equal_or_nan_in_long_slice(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize1d(70), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  double *p = THDoubleTensor_data(t);
  /* One duplicate: index 5 gets -35, the value at index 0. Torch7 puts index 5 first both ways (a
   * stable sort would put 0 first ascending), and mode is -35 at the end of its run: index 0. */
  for (long i = 0; i < 70; i++) p[i] = distinct70(i);
  p[5] = p[0];
  THDoubleTensor_sort(r, ix, t, 0, 0);
  assert_lvec(ix, (long[]){5,  0,  11, 22, 33, 44, 55, 66, 6,  17, 28, 39, 50, 61, 1,  12, 23, 34,
                           45, 56, 67, 7,  18, 29, 40, 51, 62, 2,  13, 24, 35, 46, 57, 68, 8,  19,
                           30, 41, 52, 63, 3,  14, 25, 36, 47, 58, 69, 9,  20, 31, 42, 53, 64, 4,
                           15, 26, 37, 48, 59, 10, 21, 32, 43, 54, 65, 16, 27, 38, 49, 60},
              70);
  THDoubleTensor_sort(r, ix, t, 0, 1);
  assert_lvec(ix, (long[]){60, 49, 38, 27, 16, 65, 54, 43, 32, 21, 10, 59, 48, 37, 26, 15, 4,  64,
                           53, 42, 31, 20, 9,  69, 58, 47, 36, 25, 14, 3,  63, 52, 41, 30, 19, 8,
                           68, 57, 46, 35, 24, 13, 2,  62, 51, 40, 29, 18, 7,  67, 56, 45, 34, 23,
                           12, 1,  61, 50, 39, 28, 17, 6,  66, 55, 44, 33, 22, 11, 5,  0},
              70);
  THDoubleTensor_mode(r, ix, t, 0, 0);
  assert_dvec(r, (double[]){-35}, 1);
  assert_lvec(ix, (long[]){0}, 1);
  /* Distinct, but a NaN at index 5: the NaN stops Torch7's scans wherever it is met and ends
   * between 60 and 65 ascending, between 23 and 12 descending (not at an end). */
  for (long i = 0; i < 70; i++) p[i] = distinct70(i);
  p[5] = NAN;
  THDoubleTensor_sort(r, ix, t, 0, 0);
  assert_lvec(ix, (long[]){0,  11, 22, 33, 44, 55, 66, 6,  17, 28, 39, 50, 61, 1,  12, 23, 34, 45,
                           56, 67, 7,  18, 29, 40, 51, 62, 2,  13, 24, 35, 46, 57, 68, 8,  19, 30,
                           41, 52, 63, 3,  14, 25, 36, 47, 58, 69, 9,  20, 31, 42, 53, 64, 4,  15,
                           26, 37, 48, 59, 10, 21, 32, 43, 54, 60, 5,  65, 16, 27, 38, 49},
              70);
  assert_true(isnan(THDoubleTensor_get1d(r, 64)));
  THDoubleTensor_sort(r, ix, t, 0, 1);
  assert_lvec(ix, (long[]){60, 49, 38, 27, 16, 65, 54, 43, 32, 21, 10, 59, 48, 37, 26, 15, 4,  64,
                           53, 42, 31, 20, 9,  69, 58, 47, 36, 25, 14, 3,  63, 52, 41, 30, 19, 8,
                           68, 57, 46, 35, 24, 13, 2,  62, 51, 40, 29, 18, 7,  67, 56, 45, 34, 23,
                           61, 5,  12, 1,  50, 39, 28, 17, 6,  66, 55, 44, 33, 22, 11, 0},
              70);

  /* Both kinds of slice in one call: along dimension 0 of a 70x2 matrix, column 0 distinct and
   * column 1 the duplicate case above. */
  THDoubleTensor *m = THDoubleTensor_newWithSize2d(70, 2);
  for (long i = 0; i < 70; i++) {
    THDoubleTensor_set2d(m, i, 0, distinct70(i));
    THDoubleTensor_set2d(m, i, 1, distinct70(i == 5 ? 0 : i));
  }
  THDoubleTensor_sort(r, ix, m, 0, 1);
  THLongTensor *col = THLongTensor_newSelect(ix, 1, 1);
  assert_lvec(col, (long[]){60, 49, 38, 27, 16, 65, 54, 43, 32, 21, 10, 59, 48, 37, 26, 15, 4,  64,
                            53, 42, 31, 20, 9,  69, 58, 47, 36, 25, 14, 3,  63, 52, 41, 30, 19, 8,
                            68, 57, 46, 35, 24, 13, 2,  62, 51, 40, 29, 18, 7,  67, 56, 45, 34, 23,
                            12, 1,  61, 50, 39, 28, 17, 6,  66, 55, 44, 33, 22, 11, 5,  0},
               70);
  THLongTensor_free(col);
  col = THLongTensor_newSelect(ix, 1, 0);
  for (long j = 1; j < 70; j++) /* distinct: strictly descending, so the one sorted order */
    assert_true(distinct70(THLongTensor_get1d(col, j - 1)) > distinct70(THLongTensor_get1d(col, j)));
  THLongTensor_free(col);

  THDoubleTensor_free(m);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(t);
}

/* -0 and +0 compare equal in Torch7, so a slice holding both is not distinct and the quicksort
 * decides their order: in -12..12 (7 i mod 25 - 12, +0 at index 17 once -0 is inserted at index
 * 10) Torch7 puts the +0 from index 17 before the -0 from index 10 in both directions (worked
 * out with the Python transcription), and mode is the zero at the end of the run: -0, index 10. */
static void test_sort_signed_zeros(void **state) {
  double values[26];
  for (long i = 0, j = 0; i < 26; i++) values[i] = i == 10 ? -0.0 : (double)((j++ * 7) % 25 - 12);
  THDoubleTensor *t = dvec(values, 26), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  assert_true(values[17] == 0 && !signbit(values[17]) && signbit(values[10]));
  THDoubleTensor_sort(r, ix, t, 0, 0);
  long at17 = -1, at10 = -1;
  for (long j = 0; j < 26; j++) {
    if (THLongTensor_get1d(ix, j) == 17) at17 = j;
    if (THLongTensor_get1d(ix, j) == 10) at10 = j;
  }
  assert_true(at17 == 12 && at10 == 13);
  assert_true(!signbit(THDoubleTensor_get1d(r, 12)) && signbit(THDoubleTensor_get1d(r, 13)));
  THDoubleTensor_sort(r, ix, t, 0, 1);
  assert_true(THLongTensor_get1d(ix, 12) == 17 && THLongTensor_get1d(ix, 13) == 10);
  THDoubleTensor_mode(r, ix, t, 0, 0);
  assert_true(THDoubleTensor_get1d(r, 0) == 0 && signbit(THDoubleTensor_get1d(r, 0)));
  assert_lvec(ix, (long[]){10}, 1);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(t);
}

/* ------------------------------------------------------------------ topk */

static void test_topk(void **state) {
  double values[8] = {5, 1, 4, 1, 5, 9, 2, 6};
  THDoubleTensor *v = dvec(values, 8), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  /* Largest: quickselect puts the 5 smallest first (positions 0..4), the 3 largest follow in the
   * order it left them (unsorted: 9 5 6, the 5 at index 4 having been swapped there), and sorted
   * sorts only those 3. */
  THDoubleTensor_topk(r, ix, v, 3, 0, 1, 1);
  assert_dvec(r, (double[]){9, 6, 5}, 3);
  assert_lvec(ix, (long[]){5, 7, 4}, 3);
  THDoubleTensor_topk(r, ix, v, 3, 0, 1, 0);
  assert_dvec(r, (double[]){9, 5, 6}, 3);
  assert_lvec(ix, (long[]){5, 4, 7}, 3);
  /* Smallest: quickselect for the 3rd smallest leaves 1 1 2 in front, the 1 at index 3 first. */
  THDoubleTensor_topk(r, ix, v, 3, 0, 0, 1);
  assert_dvec(r, (double[]){1, 1, 2}, 3);
  assert_lvec(ix, (long[]){3, 1, 6}, 3);
  THDoubleTensor_topk(r, ix, v, 3, 0, 0, 0);
  assert_dvec(r, (double[]){1, 1, 2}, 3);
  assert_lvec(ix, (long[]){3, 1, 6}, 3);
  /* k = n: largest runs no quickselect (unsorted is the input as it is), and sorted is a
   * descending sort; smallest still runs quickselect for the largest element. */
  THDoubleTensor_topk(r, ix, v, 8, 0, 1, 1);
  assert_dvec(r, (double[]){9, 6, 5, 5, 4, 2, 1, 1}, 8);
  assert_lvec(ix, (long[]){5, 7, 0, 4, 2, 6, 1, 3}, 8);
  THDoubleTensor_topk(r, ix, v, 8, 0, 1, 0);
  assert_dvec(r, values, 8);
  assert_lvec(ix, (long[]){0, 1, 2, 3, 4, 5, 6, 7}, 8);
  THDoubleTensor_topk(r, ix, v, 8, 0, 0, 0);
  assert_dvec(r, (double[]){2, 1, 4, 1, 5, 5, 6, 9}, 8);
  assert_lvec(ix, (long[]){6, 3, 2, 1, 0, 4, 7, 5}, 8);
  /* NaN compares false: in 1 NaN 3 the median-of-three steps swap nothing, so 1 is the pivot;
   * both scans stop at once and the pivot's final swap leaves NaN 1 3. The 2 largest are then
   * 1 3 (sorted: 3 1), and the smallest is the NaN. */
  THDoubleTensor *n = dvec((double[]){1, NAN, 3}, 3);
  THDoubleTensor_topk(r, ix, n, 2, 0, 1, 1);
  assert_dvec(r, (double[]){3, 1}, 2);
  assert_lvec(ix, (long[]){2, 0}, 2);
  THDoubleTensor_topk(r, ix, n, 1, 0, 0, 1);
  assert_dvec(r, (double[]){NAN}, 1);
  assert_lvec(ix, (long[]){1}, 1);
  /* The partitioned 16-element slice: the largest 5 and the smallest 5, both ways. */
  THDoubleTensor *q = dvec(quick16, 16);
  THDoubleTensor_topk(r, ix, q, 5, 0, 1, 0);
  assert_dvec(r, (double[]){3, 3, 4, 4, 4}, 5);
  assert_lvec(ix, (long[]){11, 13, 3, 14, 0}, 5);
  THDoubleTensor_topk(r, ix, q, 5, 0, 1, 1);
  assert_dvec(r, (double[]){4, 4, 4, 3, 3}, 5);
  assert_lvec(ix, (long[]){3, 14, 0, 11, 13}, 5);
  THDoubleTensor_topk(r, ix, q, 5, 0, 0, 1);
  assert_dvec(r, (double[]){0, 0, 0, 0, 1}, 5);
  assert_lvec(ix, (long[]){4, 7, 9, 15, 8}, 5);
  /* 2D along dimension 0 (a non-unit-stride slice). */
  THDoubleTensor *m = th_test_double((double[]){5, 2, 9, 1, 7, 3, 4, 8, 6}, 3, 3, -1, -1);
  THDoubleTensor_topk(r, ix, m, 2, 0, 1, 1);
  assert_true(r->nDimension == 2 && r->size[0] == 2 && r->size[1] == 3);
  double top[6] = {5, 8, 9, 4, 7, 6};
  long top_ix[6] = {0, 2, 0, 2, 1, 2};
  for (int i = 0; i < 6; i++) {
    assert_true(THDoubleTensor_get2d(r, i / 3, i % 3) == top[i]);
    assert_true(THLongTensor_get2d(ix, i / 3, i % 3) == top_ix[i]);
  }
  /* Torch7 required 0 < k <= the slice's length ("k not in range for dimension"): k = 0 is refused
   * like any other k out of range, and the results are left as they were. */
  assert_th_error(THDoubleTensor_topk(r, ix, v, 0, 0, 1, 1), "topk: k 0 out of range [1, 8]");
  assert_th_error(THDoubleTensor_topk(r, ix, v, 0, 0, 0, 0), "topk: k 0 out of range [1, 8]");
  assert_true(r->nDimension == 2 && r->size[0] == 2 && r->size[1] == 3);
  assert_th_error(THDoubleTensor_topk(r, ix, v, 9, 0, 1, 1), "topk: k 9 out of range [1, 8]");
  assert_th_error(THDoubleTensor_topk(r, ix, v, -1, 0, 1, 1), "topk: k -1 out of range [1, 8]");
  assert_th_error(THDoubleTensor_topk(r, ix, v, 1, 1, 1, 1), "topk: dimension 2 out of range of a 1D tensor");
  THDoubleTensor_topk(r, ix, v, 1, 0, 1, 1);
  assert_dvec(r, (double[]){9}, 1);

  THDoubleTensor_free(q);
  THDoubleTensor_free(m);
  THDoubleTensor_free(n);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* topk(k)'s values equal the first k of a sort, for random data with many ties, and its indices
 * are distinct positions of those values. */
static void test_topk_random(void **state) {
  const long n = 5000;
  THIntTensor *t = THIntTensor_newWithSize1d(n), *r = THIntTensor_new(), *s = THIntTensor_new();
  THLongTensor *ix = THLongTensor_new(), *six = THLongTensor_new();
  int *p = THIntTensor_data(t);
  for (long i = 0; i < n; i++) p[i] = (int)(rng() % 300);
  for (int dir = 0; dir <= 1; dir++) {
    THIntTensor_sort(s, six, t, 0, dir);
    for (long k = 1; k <= n; k += 777) {
      THIntTensor_topk(r, ix, t, k, 0, dir, 1);
      char *seen = calloc((size_t)n, 1);
      for (long j = 0; j < k; j++) {
        long at = THLongTensor_get1d(ix, j);
        if (THIntTensor_get1d(r, j) != THIntTensor_get1d(s, j))
          fail_msg("dir %d k %ld: element %ld differs from the sort", dir, k, j);
        if (at < 0 || at >= n || seen[at] || p[at] != THIntTensor_get1d(r, j))
          fail_msg("dir %d k %ld: index %ld is wrong", dir, k, j);
        seen[at] = 1;
      }
      free(seen);
    }
  }
  THLongTensor_free(six);
  THLongTensor_free(ix);
  THIntTensor_free(s);
  THIntTensor_free(r);
  THIntTensor_free(t);
}

/* ------------------------------------------------- kthvalue, median, mode */

static void test_kthvalue_median(void **state) {
  /* 5 1 4 1 5 9 2 6: kthvalue is what Torch7's quickselect leaves at k - 1, so which of two equal
   * values comes back depends on k. For k = 1 (worked by hand): the first step's pivot is 5, the
   * 5 at index 4 and the 2 at index 6 swap, then 2 becomes the front; in 2 1 4 1 the ends swap,
   * and the pivot (the 1 from index 1) trades places with the 1 from index 3, which lands at 0. */
  THDoubleTensor *v = dvec((double[]){5, 1, 4, 1, 5, 9, 2, 6}, 8), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  long ks[5] = {1, 2, 3, 5, 8};
  double want[5] = {1, 1, 2, 5, 9};
  long want_ix[5] = {3, 1, 6, 0, 5};
  for (int i = 0; i < 5; i++) {
    THDoubleTensor_kthvalue(r, ix, v, ks[i], 0, 0);
    assert_dvec(r, &want[i], 1);
    assert_lvec(ix, &want_ix[i], 1);
  }
  /* Even count: the lower median, the 4th smallest. */
  THDoubleTensor_median(r, ix, v, 0, 0);
  assert_dvec(r, (double[]){4}, 1);
  assert_lvec(ix, (long[]){2}, 1);
  assert_true(THDoubleTensor_medianall(v) == 4);
  /* NaN compares false. In NaN 1 2 the median of three leaves the NaN in front as the pivot, the
   * scans stop at once and the final swap gives 1 NaN 2: the median (2nd smallest) is the NaN
   * from index 0, the 3rd smallest the 2. */
  THDoubleTensor *n = dvec((double[]){NAN, 1, 2}, 3);
  THDoubleTensor_median(r, ix, n, 0, 0);
  assert_dvec(r, (double[]){NAN}, 1);
  assert_lvec(ix, (long[]){0}, 1);
  THDoubleTensor_kthvalue(r, ix, n, 3, 0, 0);
  assert_dvec(r, (double[]){2}, 1);
  assert_lvec(ix, (long[]){2}, 1);
  assert_true(isnan(THDoubleTensor_medianall(n)));
  /* The partitioned 16-element slice (values 0..4): its median, the 8th smallest, is the 2 from
   * index 1, though index 2 holds a 2 too; its mode is 0 (four times), at index 15. */
  THDoubleTensor *q = dvec(quick16, 16);
  THDoubleTensor_median(r, ix, q, 0, 0);
  assert_dvec(r, (double[]){2}, 1);
  assert_lvec(ix, (long[]){1}, 1);
  THDoubleTensor_mode(r, ix, q, 0, 0);
  assert_dvec(r, (double[]){0}, 1);
  assert_lvec(ix, (long[]){15}, 1);

  /* 2D, both dimensions, keepdim both ways, transposed. */
  THDoubleTensor *m = th_test_double((double[]){3, 1, 2, 9, 7, 8}, 2, 3, -1, -1);
  THDoubleTensor_median(r, ix, m, 1, 1);
  assert_true(r->nDimension == 2 && r->size[0] == 2 && r->size[1] == 1);
  assert_true(THDoubleTensor_get2d(r, 0, 0) == 2 && THDoubleTensor_get2d(r, 1, 0) == 8);
  assert_true(THLongTensor_get2d(ix, 0, 0) == 2 && THLongTensor_get2d(ix, 1, 0) == 2);
  THDoubleTensor_kthvalue(r, ix, m, 2, 0, 0);
  assert_dvec(r, (double[]){9, 7, 8}, 3);
  assert_lvec(ix, (long[]){1, 1, 1}, 3);
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1);
  THDoubleTensor_kthvalue(r, ix, mt, 1, 1, 0);
  assert_dvec(r, (double[]){3, 1, 2}, 3);
  assert_lvec(ix, (long[]){0, 0, 0}, 3);
  assert_true(THDoubleTensor_medianall(mt) == 3); /* 1 2 3 7 8 9 -> 3rd */
  /* values_ may be the input. */
  THDoubleTensor *alias = th_test_double((double[]){3, 1, 2}, 3, -1, -1, -1);
  THDoubleTensor_median(alias, ix, alias, 0, 0);
  assert_dvec(alias, (double[]){2}, 1);
  assert_lvec(ix, (long[]){2}, 1);

  THDoubleTensor *e = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_kthvalue(r, ix, v, 0, 0, 0), "kthvalue: k 0 out of range [1, 8]");
  assert_th_error(THDoubleTensor_kthvalue(r, ix, v, 9, 0, 0), "kthvalue: k 9 out of range [1, 8]");
  assert_th_error(THDoubleTensor_median(r, ix, v, 1, 0), "median: dimension 2 out of range of a 1D tensor");
  assert_th_error(THDoubleTensor_medianall(e), "medianall: the tensor is empty");
  THDoubleTensor_kthvalue(r, ix, v, 8, 0, 0);
  assert_dvec(r, (double[]){9}, 1);

  THDoubleTensor_free(q);
  THDoubleTensor_free(e);
  THDoubleTensor_free(alias);
  THDoubleTensor_free(mt);
  THDoubleTensor_free(m);
  THDoubleTensor_free(n);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* kthvalue(k) equals sort()[k] for random data, sorted and adversarial inputs, and its index points
 * at an element equal to it. */
static void test_kthvalue_random(void **state) {
  const long n = 3001;
  THFloatTensor *t = THFloatTensor_newWithSize1d(n), *r = THFloatTensor_new(), *s = THFloatTensor_new();
  THLongTensor *ix = THLongTensor_new(), *six = THLongTensor_new();
  float *p = THFloatTensor_data(t);
  for (int pattern = 0; pattern < 4; pattern++) {
    for (long i = 0; i < n; i++) {
      switch (pattern) {
        case 0: p[i] = (float)(rng() % 1000); break;
        case 1: p[i] = (float)i; break;              /* sorted */
        case 2: p[i] = 7; break;                     /* all equal */
        default: p[i] = (float)(i < n / 2 ? i : n - i); /* organ pipe */
      }
    }
    THFloatTensor_sort(s, six, t, 0, 0);
    for (long k = 1; k <= n; k += 250) {
      THFloatTensor_kthvalue(r, ix, t, k, 0, 1);
      float want = THFloatTensor_get1d(s, k - 1);
      assert_true(THFloatTensor_get1d(r, 0) == want);
      long at = THLongTensor_get1d(ix, 0);
      assert_true(at >= 0 && at < n && p[at] == want);
    }
    assert_true(THFloatTensor_medianall(t) == THFloatTensor_get1d(s, (n + 1) / 2 - 1));
  }
  THLongTensor_free(six);
  THLongTensor_free(ix);
  THFloatTensor_free(s);
  THFloatTensor_free(r);
  THFloatTensor_free(t);
}

static void test_mode(void **state) {
  THDoubleTensor *v = dvec((double[]){2, 1, 2, 3, 1}, 5), *r = THDoubleTensor_new();
  THLongTensor *ix = THLongTensor_new();
  /* Torch7 sorts the slice and takes the first longest run of equal values, with the index of
   * the run's last element: up to 11 elements the sort keeps equal values in order, so that is the
   * value's last occurrence. 1 and 2 both appear twice: the smaller, 1, from index 4. */
  THDoubleTensor_mode(r, ix, v, 0, 0);
  assert_dvec(r, (double[]){1}, 1);
  assert_lvec(ix, (long[]){4}, 1);
  THDoubleTensor *w = dvec((double[]){4, 4, 1}, 3);
  THDoubleTensor_mode(r, ix, w, 0, 1);
  assert_dvec(r, (double[]){4}, 1);
  assert_lvec(ix, (long[]){1}, 1);
  /* NaN equals nothing: every element is a run of one, and the first run (the sort moves nothing
   * past a NaN) wins. */
  THDoubleTensor *n = dvec((double[]){NAN, 1, NAN}, 3);
  THDoubleTensor_mode(r, ix, n, 0, 0);
  assert_dvec(r, (double[]){NAN}, 1);
  assert_lvec(ix, (long[]){0}, 1);
  /* Along dimension 0 of a matrix. */
  THDoubleTensor *m = th_test_double((double[]){1, 5, 2, 5, 1, 6}, 3, 2, -1, -1); /* cols 1 2 1 / 5 5 6 */
  THDoubleTensor_mode(r, ix, m, 0, 0);
  assert_dvec(r, (double[]){1, 5}, 2);
  assert_lvec(ix, (long[]){2, 1}, 2);
  /* Torch7's own test (test.lua, torchtest.mode): a 100x100 matrix of 1..10000 whose first two
   * rows and columns are set to 1. Rows 0 and 1 are all 1s (mode index 99 after Torch7's
   * quicksort), the others hold two 1s in front of distinct larger values (index 1). */
  THDoubleTensor *big = THDoubleTensor_newWithSize2d(100, 100);
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 100; j++) THDoubleTensor_set2d(big, i, j, i < 2 || j < 2 ? 1 : i * 100 + j + 1);
  THDoubleTensor_mode(r, ix, big, 1, 0);
  for (int i = 0; i < 100; i++) {
    assert_true(THDoubleTensor_get1d(r, i) == 1);
    assert_int_equal(THLongTensor_get1d(ix, i), i < 2 ? 99 : 1);
  }
  THDoubleTensor *rows = th_test_double((double[]){1, 2, 2, 2, 3, 2, 1.5, 2, 2, 1.5, 1.5, 5}, 2, 6, -1, -1);
  THDoubleTensor_mode(r, ix, rows, 1, 0);
  assert_dvec(r, (double[]){2, 1.5}, 2);
  assert_lvec(ix, (long[]){5, 4}, 2);
  /* A long slice in a small type: 200 appears 104 times (every i % 10 == 3, and i = 200, 456,
   * 712, 968); Torch7's quicksort leaves the one from index 613 at the end of the run. */
  THByteTensor *b = THByteTensor_newWithSize1d(1000), *br = THByteTensor_new();
  for (long i = 0; i < 1000; i++) THByteTensor_data(b)[i] = (unsigned char)(i % 10 == 3 ? 200 : i % 256);
  THByteTensor_mode(br, ix, b, 0, 0);
  assert_true(THByteTensor_get1d(br, 0) == 200 && THLongTensor_get1d(ix, 0) == 613);
  assert_th_error(THDoubleTensor_mode(r, ix, m, 2, 0), "mode: dimension 3 out of range of a 2D tensor");
  THByteTensor_free(br);
  THByteTensor_free(b);
  THDoubleTensor_free(rows);
  THDoubleTensor_free(big);
  THDoubleTensor_free(m);
  THDoubleTensor_free(n);
  THDoubleTensor_free(w);
  THLongTensor_free(ix);
  THDoubleTensor_free(r);
  THDoubleTensor_free(v);
}

/* Every type through sort/topk/kthvalue/median/mode/medianall on 3 1 2 2. */
#define TYPE_CASE(Real, real)                                                                \
  static void test_all_types_##Real(void **state) {                                          \
    TH##Real##Tensor *t = TH##Real##Tensor_newWithSize1d(4), *r = TH##Real##Tensor_new();    \
    THLongTensor *ix = THLongTensor_new();                                                   \
    real values[4] = {3, 1, 2, 2};                                                           \
    memcpy(TH##Real##Tensor_data(t), values, sizeof values);                                 \
    TH##Real##Tensor_sort(r, ix, t, 0, 1);                                                   \
    assert_true(TH##Real##Tensor_get1d(r, 0) == 3 && TH##Real##Tensor_get1d(r, 3) == 1);    \
    assert_lvec(ix, (long[]){0, 2, 3, 1}, 4);                                                \
    TH##Real##Tensor_topk(r, ix, t, 2, 0, 0, 1);                                             \
    assert_true(TH##Real##Tensor_get1d(r, 1) == 2);                                          \
    assert_lvec(ix, (long[]){1, 3}, 2);                                                      \
    TH##Real##Tensor_kthvalue(r, ix, t, 4, 0, 0);                                            \
    assert_true(TH##Real##Tensor_get1d(r, 0) == 3 && THLongTensor_get1d(ix, 0) == 0);        \
    TH##Real##Tensor_median(r, ix, t, 0, 0);                                                 \
    assert_true(TH##Real##Tensor_get1d(r, 0) == 2 && THLongTensor_get1d(ix, 0) == 3);        \
    TH##Real##Tensor_mode(r, ix, t, 0, 0);                                                   \
    assert_true(TH##Real##Tensor_get1d(r, 0) == 2 && THLongTensor_get1d(ix, 0) == 3);        \
    assert_true(TH##Real##Tensor_medianall(t) == 2);                                         \
    THLongTensor_free(ix);                                                                   \
    TH##Real##Tensor_free(r);                                                                \
    TH##Real##Tensor_free(t);                                                                \
  }
TH_FOR_ALL_TYPES(TYPE_CASE)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sort_small), cmocka_unit_test(test_sort_large),
      cmocka_unit_test(test_sort_partitioned), cmocka_unit_test(test_sort_integer_extremes),
      cmocka_unit_test(test_sort_distinct), cmocka_unit_test(test_sort_equal_or_nan_in_long_slice),
      cmocka_unit_test(test_sort_signed_zeros),
      cmocka_unit_test(test_topk),
      cmocka_unit_test(test_topk_random), cmocka_unit_test(test_kthvalue_median),
      cmocka_unit_test(test_kthvalue_random), cmocka_unit_test(test_mode),
      TH_ALL_TYPES_TESTS,
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
