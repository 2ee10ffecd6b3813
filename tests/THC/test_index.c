/* THC indexing (gather, scatter, scatterAdd, scatterFill, index{Select,Copy,Add,Fill} and their
 * *_long forms, calculateAdvancedIndexingOffsets) against TH on the same inputs: contiguous and
 * transposed operands, 1-based indices, repeated indices where the result does not depend on the
 * order, and out-of-range indices, which must fail with TH's message before anything is written. */
#include "thc_test.h"

/* An r x c float matrix with distinct, exactly representable values. */
static THFloatTensor *float_matrix(long r, long c, float offset) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(r, c);
  float *p = THFloatTensor_data(t);
  for (long i = 0; i < r * c; i++) p[i] = offset + (float)((i * 7) % 23) - 11.0f + 0.25f * (float)i;
  return t;
}

/* A Long tensor (a vector when s1 <= 0) with the given values. */
static THLongTensor *longs(const long *values, long s0, long s1) {
  THLongTensor *t = s1 > 0 ? THLongTensor_newWithSize2d(s0, s1) : THLongTensor_newWithSize1d(s0);
  memcpy(THLongTensor_data(t), values, sizeof(long) * (size_t)THLongTensor_nElement(t));
  return t;
}

/* A device copy of t keeping its layout when t is a transposed view of a contiguous matrix. */
static THCudaTensor *upload_transposed(THFloatTensor *t) {
  THFloatTensor *base = THFloatTensor_newTranspose(t, 0, 1); /* contiguous again */
  THCudaTensor *g = thc_upload_float(base);
  THCudaTensor_transpose(thc_state, g, NULL, 0, 1);
  THFloatTensor_free(base);
  return g;
}

/* ------------------------------------------------------------ indexSelect */

static void test_index_select(void **state) {
  THFloatTensor *src = float_matrix(4, 5, 0);
  THLongTensor *idx = longs((long[]){3, 1, 4, 1}, 4, 0);
  THCudaTensor *gsrc = thc_upload_float(src);
  THCudaLongTensor *gidx = thc_upload_long(idx);
  for (int dim = 0; dim < 2; dim++) {
    THFloatTensor *want = THFloatTensor_new();
    THFloatTensor_indexSelect(want, src, dim, idx);
    THCudaTensor *got = THCudaTensor_new(thc_state);
    THCudaTensor_indexSelect(thc_state, got, gsrc, dim, gidx);
    thc_assert_float_matches(got, want, 0);
    THCudaTensor *got_long = THCudaTensor_new(thc_state);
    THCudaTensor_indexSelect_long(thc_state, got_long, gsrc, dim, idx);
    thc_assert_float_matches(got_long, want, 0);
    THCudaTensor_free(thc_state, got);
    THCudaTensor_free(thc_state, got_long);
    THFloatTensor_free(want);
  }
  /* a transposed (non-contiguous) source */
  THFloatTensor *srcT = THFloatTensor_newTranspose(src, 0, 1); /* 5 x 4 */
  THCudaTensor *gsrcT = upload_transposed(srcT);
  THFloatTensor *want = THFloatTensor_new();
  THFloatTensor_indexSelect(want, srcT, 1, idx);
  THCudaTensor *got = THCudaTensor_new(thc_state);
  THCudaTensor_indexSelect(thc_state, got, gsrcT, 1, gidx);
  thc_assert_float_matches(got, want, 0);

  /* out of range: TH's message, output untouched */
  THLongTensor *bad = longs((long[]){1, 5}, 2, 0);
  THCudaLongTensor *gbad = thc_upload_long(bad);
  assert_th_error(THCudaTensor_indexSelect(thc_state, got, gsrc, 0, gbad), "indexSelect: index 5 out of range [1, 4] at position 2");
  assert_th_error(THCudaTensor_indexSelect_long(thc_state, got, gsrc, 0, bad), "indexSelect: index 5 out of range [1, 4] at position 2");
  assert_th_error(THCudaTensor_indexSelect(thc_state, got, gsrc, 2, gidx), "indexSelect: dimension 3 out of range");
  thc_assert_float_matches(got, want, 0);

  THCudaLongTensor_free(thc_state, gbad);
  THLongTensor_free(bad);
  THCudaTensor_free(thc_state, got);
  THFloatTensor_free(want);
  THCudaTensor_free(thc_state, gsrcT);
  THFloatTensor_free(srcT);
  THCudaLongTensor_free(thc_state, gidx);
  THCudaTensor_free(thc_state, gsrc);
  THLongTensor_free(idx);
  THFloatTensor_free(src);
}

/* ------------------------------------------------- indexCopy, indexAdd, indexFill */

static void test_index_copy_add_fill(void **state) {
  THLongTensor *idx = longs((long[]){4, 2}, 2, 0);
  THLongTensor *dup = longs((long[]){2, 5, 2}, 3, 0);
  THLongTensor *cols = longs((long[]){3, 1, 3}, 3, 0);
  THCudaLongTensor *gidx = thc_upload_long(idx), *gdup = thc_upload_long(dup), *gcols = thc_upload_long(cols);
  for (int transposedDst = 0; transposedDst < 2; transposedDst++) {
    /* dst 5 x 3 (a transposed view of a 3 x 5 when transposedDst), indexed along dim 0 */
    THFloatTensor *base = float_matrix(transposedDst ? 3 : 5, transposedDst ? 5 : 3, 100);
    THFloatTensor *dst = transposedDst ? THFloatTensor_newTranspose(base, 0, 1) : THFloatTensor_newClone(base);
    THFloatTensor *src = float_matrix(2, 3, 0), *src3 = float_matrix(3, 3, 50);
    THCudaTensor *g = transposedDst ? upload_transposed(dst) : thc_upload_float(dst);
    THCudaTensor *gsrc = thc_upload_float(src), *gsrc3 = thc_upload_float(src3);

    THFloatTensor_indexCopy(dst, 0, idx, src);
    THCudaTensor_indexCopy(thc_state, g, 0, gidx, gsrc);
    thc_assert_float_matches(g, dst, 0);
    THFloatTensor *src2 = float_matrix(2, 3, 30);
    THCudaTensor *gsrc2 = thc_upload_float(src2);
    THFloatTensor_indexCopy(dst, 0, idx, src2); /* through the CPU index */
    THCudaTensor_indexCopy_long(thc_state, g, 0, idx, gsrc2);
    thc_assert_float_matches(g, dst, 0);
    THCudaTensor_free(thc_state, gsrc2);
    THFloatTensor_free(src2);

    /* repeated indices: every addition counts */
    THFloatTensor_indexAdd(dst, 0, dup, src3);
    THCudaTensor_indexAdd(thc_state, g, 0, gdup, gsrc3);
    thc_assert_float_matches(g, dst, 1e-6);
    THFloatTensor_indexAdd(dst, 0, dup, src3);
    THCudaTensor_indexAdd_long(thc_state, g, 0, dup, gsrc3);
    thc_assert_float_matches(g, dst, 1e-6);

    /* fill columns 3 and 1 (3 twice), then rows 2 and 5 */
    THFloatTensor_indexFill(dst, 1, cols, -3.5f);
    THCudaTensor_indexFill(thc_state, g, 1, gcols, -3.5f);
    thc_assert_float_matches(g, dst, 0);
    THFloatTensor_indexFill(dst, 0, dup, 8);
    THCudaTensor_indexFill_long(thc_state, g, 0, dup, 8);
    thc_assert_float_matches(g, dst, 0);

    /* bad input fails with TH's message and writes nothing */
    THLongTensor *bad = longs((long[]){1, 6}, 2, 0);
    THCudaLongTensor *gbad = thc_upload_long(bad);
    assert_th_error(THCudaTensor_indexCopy(thc_state, g, 0, gbad, gsrc), "indexCopy: index 6 out of range [1, 5] at position 2");
    assert_th_error(THCudaTensor_indexAdd_long(thc_state, g, 0, bad, gsrc), "indexAdd: index 6 out of range [1, 5] at position 2");
    THCudaLongTensor_free(thc_state, gbad);
    THLongTensor_free(bad);
    assert_th_error(THCudaTensor_indexFill(thc_state, g, 1, gdup, 0), "indexFill: index 5 out of range [1, 3] at position 2");
    assert_th_error(THCudaTensor_indexCopy(thc_state, g, 0, gidx, gsrc3), "indexCopy: src [3 x 3] must have the size");
    thc_assert_float_matches(g, dst, 0);

    THFloatTensor_free(src);
    THFloatTensor_free(src3);
    THC_FREE_CUDA(gsrc, gsrc3, g);
    THFloatTensor_free(dst);
    THFloatTensor_free(base);
  }
  THCudaLongTensor_free(thc_state, gidx);
  THCudaLongTensor_free(thc_state, gdup);
  THCudaLongTensor_free(thc_state, gcols);
  THLongTensor_free(idx);
  THLongTensor_free(dup);
  THLongTensor_free(cols);
}

/* ------------------------------------------------------------ gather, scatter */

static void test_gather(void **state) {
  THFloatTensor *src = float_matrix(3, 4, 0);
  THCudaTensor *gsrc = thc_upload_float(src);
  /* dim 0: index 2 x 4 with rows of src; dim 1: index 3 x 2 with columns */
  THLongTensor *rows = longs((long[]){3, 1, 2, 2, 1, 3, 3, 1}, 2, 4);
  THLongTensor *colsIdx = longs((long[]){4, 1, 2, 2, 3, 4}, 3, 2);
  THCudaLongTensor *grows = thc_upload_long(rows), *gcols = thc_upload_long(colsIdx);
  THFloatTensor *want = THFloatTensor_new();
  THCudaTensor *got = THCudaTensor_new(thc_state);
  THFloatTensor_gather(want, src, 0, rows);
  THCudaTensor_gather(thc_state, got, gsrc, 0, grows);
  thc_assert_float_matches(got, want, 0);
  THFloatTensor_gather(want, src, 1, colsIdx);
  THCudaTensor_gather(thc_state, got, gsrc, 1, gcols);
  thc_assert_float_matches(got, want, 0);

  /* a transposed source and a transposed index */
  THFloatTensor *srcT = THFloatTensor_newTranspose(src, 0, 1); /* 4 x 3 */
  THCudaTensor *gsrcT = upload_transposed(srcT);
  THLongTensor *rowsT = THLongTensor_newTranspose(rows, 0, 1); /* 4 x 2, values in [1, 3] */
  THCudaLongTensor *growsT = thc_upload_long(rowsT);
  THFloatTensor_gather(want, srcT, 1, rowsT);
  THCudaTensor_gather(thc_state, got, gsrcT, 1, growsT);
  thc_assert_float_matches(got, want, 0);

  /* out of range (position counted in the index's row-major order) */
  THLongTensor_data(rows)[5] = 4;
  THCudaLongTensor *gbad = thc_upload_long(rows);
  assert_th_error(THCudaTensor_gather(thc_state, got, gsrc, 0, gbad), "gather: index 4 out of range [1, 3] at position 6");
  THLongTensor *tall = THLongTensor_newWithSize2d(4, 4);
  THLongTensor_fill(tall, 1);
  THCudaLongTensor *gtall = thc_upload_long(tall);
  assert_th_error(THCudaTensor_gather(thc_state, got, gsrc, 1, gtall), "gather: index [4 x 4] is larger than src [3 x 4] at dimension 1");
  THCudaLongTensor_free(thc_state, gtall);
  THLongTensor_free(tall);
  thc_assert_float_matches(got, want, 0);

  THCudaLongTensor_free(thc_state, gbad);
  THCudaLongTensor_free(thc_state, growsT);
  THLongTensor_free(rowsT);
  THCudaTensor_free(thc_state, gsrcT);
  THFloatTensor_free(srcT);
  THCudaTensor_free(thc_state, got);
  THFloatTensor_free(want);
  THCudaLongTensor_free(thc_state, grows);
  THCudaLongTensor_free(thc_state, gcols);
  THLongTensor_free(rows);
  THLongTensor_free(colsIdx);
  THCudaTensor_free(thc_state, gsrc);
  THFloatTensor_free(src);
}

static void test_scatter(void **state) {
  THFloatTensor *dst = float_matrix(3, 5, 10);
  THFloatTensor *src = float_matrix(2, 5, 0);
  THCudaTensor *g = thc_upload_float(dst), *gsrc = thc_upload_float(src);
  /* distinct rows within each column, so scatter's result does not depend on the write order */
  THLongTensor *rows = longs((long[]){1, 3, 2, 3, 1, 2, 1, 1, 2, 3}, 2, 5);
  /* repeated rows within columns: scatterAdd adds them all */
  THLongTensor *dupRows = longs((long[]){2, 2, 3, 1, 1, 2, 2, 3, 1, 1}, 2, 5);
  THCudaLongTensor *grows = thc_upload_long(rows), *gdup = thc_upload_long(dupRows);

  THFloatTensor_scatter(dst, 0, rows, src);
  THCudaTensor_scatter(thc_state, g, 0, grows, gsrc);
  thc_assert_float_matches(g, dst, 0);
  THFloatTensor_scatterAdd(dst, 0, dupRows, src);
  THCudaTensor_scatterAdd(thc_state, g, 0, gdup, gsrc);
  thc_assert_float_matches(g, dst, 1e-6);
  THFloatTensor_scatterFill(dst, 0, dupRows, 0.5f);
  THCudaTensor_scatterFill(thc_state, g, 0, gdup, 0.5f);
  thc_assert_float_matches(g, dst, 0);

  /* into a transposed view along dim 1 */
  THFloatTensor *base = float_matrix(5, 3, 1);
  THFloatTensor *dstT = THFloatTensor_newTranspose(base, 0, 1); /* 3 x 5 */
  THCudaTensor *gT = upload_transposed(dstT);
  THLongTensor *colIdx = longs((long[]){5, 1, 2, 4, 3, 1}, 3, 2);
  THCudaLongTensor *gcolIdx = thc_upload_long(colIdx);
  THFloatTensor *src32 = float_matrix(3, 2, -20);
  THCudaTensor *gsrc32 = thc_upload_float(src32);
  THFloatTensor_scatterAdd(dstT, 1, colIdx, src32);
  THCudaTensor_scatterAdd(thc_state, gT, 1, gcolIdx, gsrc32);
  thc_assert_float_matches(gT, dstT, 1e-6);

  /* out of range: nothing written */
  THLongTensor_data(rows)[9] = 0;
  THCudaLongTensor *gbad = thc_upload_long(rows);
  assert_th_error(THCudaTensor_scatter(thc_state, g, 0, gbad, gsrc), "scatter: index 0 out of range [1, 3] at position 10");
  assert_th_error(THCudaTensor_scatterFill(thc_state, g, 0, gbad, 1), "scatterFill: index 0 out of range [1, 3] at position 10");
  assert_th_error(THCudaTensor_scatterAdd(thc_state, g, 2, grows, gsrc), "scatterAdd: dimension 3 out of range");
  thc_assert_float_matches(g, dst, 0);

  THCudaLongTensor_free(thc_state, gbad);
  THCudaTensor_free(thc_state, gsrc32);
  THFloatTensor_free(src32);
  THCudaLongTensor_free(thc_state, gcolIdx);
  THLongTensor_free(colIdx);
  THCudaTensor_free(thc_state, gT);
  THFloatTensor_free(dstT);
  THFloatTensor_free(base);
  THCudaLongTensor_free(thc_state, grows);
  THCudaLongTensor_free(thc_state, gdup);
  THLongTensor_free(rows);
  THLongTensor_free(dupRows);
  THCudaTensor_free(thc_state, g);
  THCudaTensor_free(thc_state, gsrc);
  THFloatTensor_free(src);
  THFloatTensor_free(dst);
}

/* ------------------------------------------------------- Double and Long */

static void test_other_types(void **state) {
  THLongTensor *idx = longs((long[]){2, 2, 1}, 3, 0);
  THCudaLongTensor *gidx = thc_upload_long(idx);

  THDoubleTensor *d = THDoubleTensor_newWithSize2d(2, 3);
  for (int i = 0; i < 6; i++) THDoubleTensor_data(d)[i] = 0.1 * i - 0.2;
  THCudaDoubleTensor *gd = thc_upload_double(d);
  THDoubleTensor *dwant = THDoubleTensor_new();
  THCudaDoubleTensor *dgot = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_indexSelect(dwant, d, 1, idx);
  THCudaDoubleTensor_indexSelect(thc_state, dgot, gd, 1, gidx);
  thc_assert_double_matches(dgot, dwant, 0);
  THDoubleTensor *dsrc = THDoubleTensor_newWithSize2d(3, 3);
  for (int i = 0; i < 9; i++) THDoubleTensor_data(dsrc)[i] = 1.0 / (i + 1);
  THCudaDoubleTensor *gdsrc = thc_upload_double(dsrc);
  THDoubleTensor *dacc = THDoubleTensor_newWithSize2d(2, 3);
  THDoubleTensor_zero(dacc);
  THCudaDoubleTensor *gdacc = thc_upload_double(dacc);
  THDoubleTensor *dsrcNarrow = THDoubleTensor_newNarrow(dsrc, 0, 0, 2);
  THDoubleTensor_indexAdd(dacc, 1, idx, dsrcNarrow);
  THDoubleTensor_free(dsrcNarrow);
  THCudaDoubleTensor *gdsrc2 = THCudaDoubleTensor_newNarrow(thc_state, gdsrc, 0, 0, 2);
  THCudaDoubleTensor_indexAdd(thc_state, gdacc, 1, gidx, gdsrc2);
  thc_assert_double_matches(gdacc, dacc, 1e-15);

  /* Long: values and additions are exact; atomics on the 64-bit pattern handle negatives */
  THLongTensor *l = longs((long[]){-5, 7, 1L << 40, -(1L << 33), 3, 0}, 2, 3);
  THCudaLongTensor *gl = thc_upload_long(l);
  THLongTensor *lwant = THLongTensor_new();
  THCudaLongTensor *lgot = THCudaLongTensor_new(thc_state);
  THLongTensor_indexSelect(lwant, l, 1, idx);
  THCudaLongTensor_indexSelect(thc_state, lgot, gl, 1, gidx);
  thc_assert_long_matches(lgot, lwant);
  THLongTensor *lrows = longs((long[]){2, 2, 2, 2, 1, 2}, 2, 3);
  THCudaLongTensor *glrows = thc_upload_long(lrows);
  THLongTensor_scatterAdd(l, 0, lrows, lwant);
  THCudaLongTensor_scatterAdd(thc_state, gl, 0, glrows, lgot);
  thc_assert_long_matches(gl, l);
  THLongTensor_gather(lwant, l, 0, lrows);
  THCudaLongTensor_gather(thc_state, lgot, gl, 0, glrows);
  thc_assert_long_matches(lgot, lwant);
  /* the index may be the output itself (a Long tensor): it is read before it is overwritten */
  THLongTensor *self = longs((long[]){2, 1, 1}, 3, 0);
  THCudaLongTensor *gself = thc_upload_long(self);
  THLongTensor *v = longs((long[]){10, 20}, 2, 0);
  THCudaLongTensor *gv = thc_upload_long(v);
  THLongTensor_indexSelect(self, v, 0, self);
  THCudaLongTensor_indexSelect(thc_state, gself, gv, 0, gself);
  thc_assert_long_matches(gself, self);

  THCudaLongTensor_free(thc_state, gv);
  THLongTensor_free(v);
  THCudaLongTensor_free(thc_state, gself);
  THLongTensor_free(self);
  THCudaLongTensor_free(thc_state, glrows);
  THLongTensor_free(lrows);
  THCudaLongTensor_free(thc_state, lgot);
  THLongTensor_free(lwant);
  THCudaLongTensor_free(thc_state, gl);
  THLongTensor_free(l);
  THCudaDoubleTensor_free(thc_state, gdsrc2);
  THCudaDoubleTensor_free(thc_state, gdacc);
  THDoubleTensor_free(dacc);
  THCudaDoubleTensor_free(thc_state, gdsrc);
  THDoubleTensor_free(dsrc);
  THCudaDoubleTensor_free(thc_state, dgot);
  THDoubleTensor_free(dwant);
  THCudaDoubleTensor_free(thc_state, gd);
  THDoubleTensor_free(d);
  THCudaLongTensor_free(thc_state, gidx);
  THLongTensor_free(idx);
}

/* ------------------------------------------------------- advanced indexing */

static void test_advanced_indexing_offsets(void **state) {
  THCudaTensor *indexed = THCudaTensor_newWithSize2d(thc_state, 3, 4); /* strides 4, 1 */
  THLongTensor *hrows = longs((long[]){0, 2}, 2, 0), *hcols = longs((long[]){1, 3}, 2, 0);
  THCudaLongTensor *rows = thc_upload_long(hrows), *cols = thc_upload_long(hcols);
  THCudaLongTensor *out = THCudaLongTensor_newWithSize1d(thc_state, 8);

  /* x[{0, 2}, :]: rows 0 and 2 whole, from base offset 5 */
  THCudaLongTensor *only_rows[2] = {rows, NULL};
  THCudaTensor_calculateAdvancedIndexingOffsets(thc_state, out, indexed, 5, only_rows);
  THLongTensor *want = longs((long[]){5, 6, 7, 8, 13, 14, 15, 16}, 8, 0);
  thc_assert_long_matches(out, want);

  /* x[{0, 2}, {1, 3}]: the two indexed dimensions advance together: (0, 1) and (2, 3) */
  THCudaLongTensor *both[2] = {rows, cols};
  THCudaLongTensor_resize1d(thc_state, out, 2);
  THCudaTensor_calculateAdvancedIndexingOffsets(thc_state, out, indexed, 0, both);
  THLongTensor *want2 = longs((long[]){1, 11}, 2, 0);
  thc_assert_long_matches(out, want2);

  THLongTensor_free(want);
  THLongTensor_free(want2);
  THLongTensor_free(hrows);
  THLongTensor_free(hcols);
  THCudaLongTensor_free(thc_state, out);
  THCudaLongTensor_free(thc_state, rows);
  THCudaLongTensor_free(thc_state, cols);
  THCudaTensor_free(thc_state, indexed);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_index_select), cmocka_unit_test(test_index_copy_add_fill),
      cmocka_unit_test(test_gather),       cmocka_unit_test(test_scatter),
      cmocka_unit_test(test_other_types),  cmocka_unit_test(test_advanced_indexing_offsets),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
