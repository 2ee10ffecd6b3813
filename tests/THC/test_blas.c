/* THC BLAS (dot, addmv, addmm, addr, addbmm, baddbmm) against TH on the same inputs, with operands
 * in every layout BLAS takes as it lies (contiguous, transposed, narrowed), in layouts it cannot
 * (expanded: copied first), results in place of t, and beta = 0 over a NaN t (ignored). Values
 * are small integers, so every order of summation gives the same result (cuBLAS included). */
#include "thc_test.h"

/* Small integers in [-4, 4], different for each seed. */
static void fill_small(float *p, long n, int seed) {
  for (long i = 0; i < n; i++) p[i] = (float)(((i + 3) * (seed + 5) + seed * 7) % 9 - 4);
}

static THFloatTensor *floats(long s0, long s1, long s2, int seed) {
  THFloatTensor *t = s2 > 0 ? THFloatTensor_newWithSize3d(s0, s1, s2)
                            : s1 > 0 ? THFloatTensor_newWithSize2d(s0, s1) : THFloatTensor_newWithSize1d(s0);
  fill_small(THFloatTensor_data(t), THFloatTensor_nElement(t), seed);
  return t;
}

/* The device twin of a CPU view: its whole storage uploaded, and the same offset, sizes and
 * strides over it (so transposed, narrowed and expanded views keep their layout). */
static THCudaTensor *upload_view(THFloatTensor *t) {
  THFloatTensor *flat = THFloatTensor_newWithStorage1d(t->storage, 0, t->storage->size, 1);
  THCudaTensor *gflat = thc_upload_float(flat);
  THCudaTensor *g = THCudaTensor_new(thc_state);
  THCudaTensor_setStorageNd(thc_state, g, gflat->storage, t->storageOffset, t->nDimension, t->size, t->stride);
  THCudaTensor_free(thc_state, gflat);
  THFloatTensor_free(flat);
  return g;
}

static THFloatTensor *transpose_of(THFloatTensor *t) { return THFloatTensor_newTranspose(t, 0, 1); }

/* A rows x cols matrix in one of four layouts, same values: 0 contiguous, 1 transposed view,
 * 2 narrowed from a wider matrix (leading dimension > cols), 3 expanded rows (general strides). */
static THFloatTensor *matrix_in_layout(long rows, long cols, int layout, int seed) {
  if (layout == 1) {
    THFloatTensor *base = floats(cols, rows, 0, seed);
    THFloatTensor *t = transpose_of(base);
    THFloatTensor_free(base);
    return t;
  }
  if (layout == 2) {
    THFloatTensor *base = floats(rows, cols + 3, 0, seed);
    THFloatTensor *t = THFloatTensor_newNarrow(base, 1, 1, cols);
    THFloatTensor_free(base);
    return t;
  }
  if (layout == 3) {
    THFloatTensor *row = floats(cols, 0, 0, seed);
    THFloatTensor *t = THFloatTensor_newWithStorage2d(row->storage, 0, rows, 0, cols, 1);
    THFloatTensor_free(row);
    return t;
  }
  return floats(rows, cols, 0, seed);
}

static void test_addmm_layouts(void **state) {
  long M = 5, K = 4, N = 6;
  for (int l1 = 0; l1 < 4; l1++)
    for (int l2 = 0; l2 < 4; l2++)
      for (int lt = 0; lt < 3; lt++) {
        THFloatTensor *m1 = matrix_in_layout(M, K, l1, 1), *m2 = matrix_in_layout(K, N, l2, 2);
        THFloatTensor *t = matrix_in_layout(M, N, lt, 3);
        THCudaTensor *g1 = upload_view(m1), *g2 = upload_view(m2), *gt = upload_view(t);
        /* into a new result */
        THFloatTensor *want = THFloatTensor_new();
        THFloatTensor_addmm(want, 0.5f, t, 2.0f, m1, m2);
        THCudaTensor *got = THCudaTensor_new(thc_state);
        THCudaTensor_addmm(thc_state, got, 0.5f, gt, 2.0f, g1, g2);
        thc_assert_float_matches(got, want, 1e-5);
        /* in place of t, whatever its layout */
        THFloatTensor_addmm(t, -1.0f, t, 1.0f, m1, m2);
        THCudaTensor_addmm(thc_state, gt, -1.0f, gt, 1.0f, g1, g2);
        thc_assert_float_matches(gt, t, 1e-5);
        THCudaTensor_free(thc_state, got);
        THFloatTensor_free(want);
        THC_FREE_CUDA(g1, g2, gt);
        THC_FREE_FLOATS(m1, m2, t);
      }
}

static void test_addmm_beta_zero_and_errors(void **state) {
  THFloatTensor *m1 = floats(3, 2, 0, 1), *m2 = floats(2, 4, 0, 2), *t = floats(3, 4, 0, 3);
  THFloatTensor_fill(t, NAN);
  THCudaTensor *g1 = upload_view(m1), *g2 = upload_view(m2), *gt = upload_view(t);
  /* beta = 0: t's NaN are ignored, in place or not */
  THFloatTensor *want = THFloatTensor_new();
  THFloatTensor_addmm(want, 0, t, 1, m1, m2);
  THCudaTensor *got = THCudaTensor_new(thc_state);
  THCudaTensor_addmm(thc_state, got, 0, gt, 1, g1, g2);
  thc_assert_float_matches(got, want, 0);
  THCudaTensor_addmm(thc_state, gt, 0, gt, 1, g1, g2);
  thc_assert_float_matches(gt, want, 0);

  /* the result may be one of the operands */
  THFloatTensor *sq = floats(3, 3, 0, 4), *sq2 = floats(3, 3, 0, 5);
  THCudaTensor *gsq = upload_view(sq), *gsq2 = upload_view(sq2);
  THFloatTensor_addmm(sq, 1, sq2, 1, sq, sq);
  THCudaTensor_addmm(thc_state, gsq, 1, gsq2, 1, gsq, gsq);
  thc_assert_float_matches(gsq, sq, 1e-5);

  assert_th_error(THCudaTensor_addmm(thc_state, got, 1, gt, 1, g1, g1), "addmm: size mismatch, m1: [3 x 2], m2: [3 x 2]");
  assert_th_error(THCudaTensor_addmm(thc_state, got, 1, g1, 1, g1, g2), "addmm: size mismatch, t: [3 x 2], m1: [3 x 2], m2: [2 x 4]");
  THFloatTensor *v = floats(3, 0, 0, 1);
  THCudaTensor *gv = upload_view(v);
  assert_th_error(THCudaTensor_addmm(thc_state, got, 1, gt, 1, gv, g2), "addmm: matrices expected, got 1D, 2D tensors");
  thc_assert_float_matches(got, want, 0);

  THCudaTensor_free(thc_state, gv);
  THFloatTensor_free(v);
  THCudaTensor_free(thc_state, gsq);
  THCudaTensor_free(thc_state, gsq2);
  THFloatTensor_free(sq);
  THFloatTensor_free(sq2);
  THCudaTensor_free(thc_state, got);
  THFloatTensor_free(want);
  THC_FREE_CUDA(g1, g2, gt);
  THC_FREE_FLOATS(m1, m2, t);
}

static void test_addmv(void **state) {
  long M = 5, N = 7;
  for (int lm = 0; lm < 4; lm++)
    for (int strided = 0; strided < 3; strided++) {
      THFloatTensor *mat = matrix_in_layout(M, N, lm, 1);
      /* vec: contiguous, every other element of a longer vector, or expanded (stride 0) */
      THFloatTensor *vbase = floats(2 * N, 0, 0, 2);
      THFloatTensor *vec = strided == 0   ? THFloatTensor_newNarrow(vbase, 0, 0, N)
                           : strided == 1 ? THFloatTensor_newWithStorage1d(vbase->storage, 1, N, 2)
                                          : THFloatTensor_newWithStorage1d(vbase->storage, 3, N, 0);
      THFloatTensor *t = floats(M, 0, 0, 3);
      THCudaTensor *gm = upload_view(mat), *gv = upload_view(vec), *gt = upload_view(t);
      THFloatTensor *want = THFloatTensor_new();
      THFloatTensor_addmv(want, 3, t, -1, mat, vec);
      THCudaTensor *got = THCudaTensor_new(thc_state);
      THCudaTensor_addmv(thc_state, got, 3, gt, -1, gm, gv);
      thc_assert_float_matches(got, want, 1e-5);
      /* beta = 0 over NaN, in place */
      THFloatTensor_fill(t, NAN);
      THCudaTensor_fill(thc_state, gt, NAN);
      THFloatTensor_addmv(t, 0, t, 1, mat, vec);
      THCudaTensor_addmv(thc_state, gt, 0, gt, 1, gm, gv);
      thc_assert_float_matches(gt, t, 1e-5);
      THCudaTensor_free(thc_state, got);
      THFloatTensor_free(want);
      THC_FREE_CUDA(gm, gv, gt);
      THC_FREE_FLOATS(mat, vec, vbase, t);
    }
  THCudaTensor *gm = THCudaTensor_newWithSize2d(thc_state, 3, 4), *gv = THCudaTensor_newWithSize1d(thc_state, 3);
  THCudaTensor *gt = THCudaTensor_newWithSize1d(thc_state, 3);
  assert_th_error(THCudaTensor_addmv(thc_state, gt, 1, gt, 1, gm, gv), "addmv: size mismatch, mat: [3 x 4], vec: [3]");
  THC_FREE_CUDA(gm, gv, gt);
}

static void test_addr(void **state) {
  long M = 4, N = 6;
  for (int lt = 0; lt < 3; lt++) {
    THFloatTensor *t = matrix_in_layout(M, N, lt, 3);
    THFloatTensor *vbase = floats(2 * N, 0, 0, 1);
    THFloatTensor *v1 = THFloatTensor_newWithStorage1d(vbase->storage, 1, M, 2), *v2 = floats(N, 0, 0, 2);
    THCudaTensor *gt = upload_view(t), *g1 = upload_view(v1), *g2 = upload_view(v2);
    THFloatTensor *want = THFloatTensor_new();
    THFloatTensor_addr(want, 2, t, 3, v1, v2);
    THCudaTensor *got = THCudaTensor_new(thc_state);
    THCudaTensor_addr(thc_state, got, 2, gt, 3, g1, g2);
    thc_assert_float_matches(got, want, 1e-5);
    THFloatTensor_addr(t, 1, t, -1, v1, v2); /* in place, beta 1 */
    THCudaTensor_addr(thc_state, gt, 1, gt, -1, g1, g2);
    thc_assert_float_matches(gt, t, 1e-5);
    THFloatTensor_fill(t, NAN); /* beta 0 over NaN */
    THCudaTensor_fill(thc_state, gt, NAN);
    THFloatTensor_addr(t, 0, t, 1, v1, v2);
    THCudaTensor_addr(thc_state, gt, 0, gt, 1, g1, g2);
    thc_assert_float_matches(gt, t, 1e-5);
    assert_th_error(THCudaTensor_addr(thc_state, got, 1, gt, 1, g2, g1), "addr: size mismatch");
    THCudaTensor_free(thc_state, got);
    THFloatTensor_free(want);
    THC_FREE_CUDA(gt, g1, g2);
    THC_FREE_FLOATS(t, v1, v2, vbase);
  }
}

static void test_batched(void **state) {
  long B = 3, M = 4, K = 5, N = 2;
  THFloatTensor *b1 = floats(B, M, K, 1), *b2base = floats(B, N, K, 2);
  THFloatTensor *b2 = THFloatTensor_newTranspose(b2base, 1, 2); /* B x K x N, transposed matrices */
  THFloatTensor *t2 = floats(M, N, 0, 3), *t3 = floats(B, M, N, 4);
  THCudaTensor *g1 = upload_view(b1), *g2 = upload_view(b2), *gt2 = upload_view(t2), *gt3 = upload_view(t3);
  THFloatTensor *want = THFloatTensor_new();
  THCudaTensor *got = THCudaTensor_new(thc_state);
  THFloatTensor_addbmm(want, 0.5f, t2, 2, b1, b2);
  THCudaTensor_addbmm(thc_state, got, 0.5f, gt2, 2, g1, g2);
  thc_assert_float_matches(got, want, 1e-5);
  THFloatTensor_baddbmm(want, -1, t3, 1, b1, b2);
  THCudaTensor_baddbmm(thc_state, got, -1, gt3, 1, g1, g2);
  thc_assert_float_matches(got, want, 1e-5);
  THFloatTensor_fill(t3, NAN);
  THCudaTensor_fill(thc_state, gt3, NAN);
  THFloatTensor_baddbmm(t3, 0, t3, 1, b1, b2);
  THCudaTensor_baddbmm(thc_state, gt3, 0, gt3, 1, g1, g2);
  thc_assert_float_matches(gt3, t3, 1e-5);
  /* general strides (each matrix of batch1 one row repeated): the loop over the batch */
  THFloatTensor *rowsrc = floats(B, K, 0, 6);
  THFloatTensor *b1e = THFloatTensor_newWithStorage3d(rowsrc->storage, 0, B, K, M, 0, K, 1);
  THCudaTensor *g1e = upload_view(b1e);
  THFloatTensor_baddbmm(want, 1, t3, 2, b1e, b2);
  THCudaTensor_baddbmm(thc_state, got, 1, gt3, 2, g1e, g2);
  thc_assert_float_matches(got, want, 1e-5);
  THCudaTensor_free(thc_state, g1e);
  THFloatTensor_free(b1e);
  THFloatTensor_free(rowsrc);
  assert_th_error(THCudaTensor_baddbmm(thc_state, got, 1, gt3, 1, g1, g1), "baddbmm: size mismatch, batch1: [3 x 4 x 5], batch2: [3 x 4 x 5]");
  assert_th_error(THCudaTensor_addbmm(thc_state, got, 1, gt3, 1, g1, g2), "addbmm: size mismatch, t: [3 x 4 x 2]");
  THCudaTensor_free(thc_state, got);
  THFloatTensor_free(want);
  THC_FREE_CUDA(g1, g2, gt2, gt3);
  THC_FREE_FLOATS(b1, b2, b2base, t2, t3);
}

static void test_dot(void **state) {
  THFloatTensor *a = floats(3, 5, 0, 1), *bbase = floats(5, 3, 0, 2);
  THFloatTensor *b = transpose_of(bbase); /* 3 x 5, not contiguous */
  THCudaTensor *ga = upload_view(a), *gb = upload_view(b);
  assert_close(THCudaTensor_dot(thc_state, ga, gb), THFloatTensor_dot(a, b), 1e-6);
  assert_close(THCudaTensor_dot(thc_state, ga, ga), THFloatTensor_dot(a, a), 1e-6);
  THFloatTensor *col = THFloatTensor_newSelect(bbase, 1, 2); /* a strided vector */
  THFloatTensor *row = THFloatTensor_newSelect(a, 0, 1);
  THCudaTensor *gcol = upload_view(col), *grow = upload_view(row);
  assert_close(THCudaTensor_dot(thc_state, gcol, grow), THFloatTensor_dot(col, row), 1e-6);
  assert_th_error(THCudaTensor_dot(thc_state, ga, gcol), "dot: t has 15 elements but src has 5");
  THCudaTensor *e1 = THCudaTensor_new(thc_state), *e2 = THCudaTensor_new(thc_state);
  assert_close(THCudaTensor_dot(thc_state, e1, e2), 0, 0);
  THC_FREE_CUDA(e1, e2, gcol, grow);
  THFloatTensor_free(col);
  THFloatTensor_free(row);
  THCudaTensor_free(thc_state, ga);
  THCudaTensor_free(thc_state, gb);
  THC_FREE_FLOATS(a, b, bbase);
}

/* Double through cuBLAS, Long through ember's kernel: the same operations, exact. */
static void test_double_and_long(void **state) {
  long M = 17, K = 19, N = 21; /* more than one 16 x 16 tile, not a multiple of it */
  THFloatTensor *f1 = floats(M, K, 0, 1), *f2base = floats(N, K, 0, 2), *ft = floats(M, N, 0, 3);
  THFloatTensor *f2 = transpose_of(f2base);
  THDoubleTensor *d1 = THDoubleTensor_new(), *d2 = THDoubleTensor_new(), *dt = THDoubleTensor_new();
  THLongTensor *l1 = THLongTensor_new(), *l2 = THLongTensor_new(), *lt = THLongTensor_new();
  THDoubleTensor_resize2d(d1, M, K);
  THDoubleTensor_copyFloat(d1, f1);
  THDoubleTensor_resize2d(d2, K, N);
  THDoubleTensor_copyFloat(d2, f2);
  THDoubleTensor_resize2d(dt, M, N);
  THDoubleTensor_copyFloat(dt, ft);
  THLongTensor_resize2d(l1, M, K);
  THLongTensor_copyFloat(l1, f1);
  THLongTensor_resize2d(l2, K, N);
  THLongTensor_copyFloat(l2, f2);
  THLongTensor_resize2d(lt, M, N);
  THLongTensor_copyFloat(lt, ft);

  THCudaDoubleTensor *gd1 = thc_upload_double(d1), *gd2 = thc_upload_double(d2), *gdt = thc_upload_double(dt);
  THDoubleTensor *dwant = THDoubleTensor_new();
  THCudaDoubleTensor *dgot = THCudaDoubleTensor_new(thc_state);
  THDoubleTensor_addmm(dwant, 2, dt, 3, d1, d2);
  THCudaDoubleTensor_addmm(thc_state, dgot, 2, gdt, 3, gd1, gd2);
  thc_assert_double_matches(dgot, dwant, 0);

  THCudaLongTensor *gl1 = thc_upload_long(l1), *gl2 = thc_upload_long(l2), *glt = thc_upload_long(lt);
  THLongTensor *lwant = THLongTensor_new();
  THCudaLongTensor *lgot = THCudaLongTensor_new(thc_state);
  THLongTensor_addmm(lwant, 2, lt, 3, l1, l2);
  THCudaLongTensor_addmm(thc_state, lgot, 2, glt, 3, gl1, gl2);
  thc_assert_long_matches(lgot, lwant);
  /* transposed operands and result */
  THLongTensor *l1t = THLongTensor_newTranspose(l1, 0, 1), *ltt = THLongTensor_newTranspose(lt, 0, 1);
  THCudaLongTensor *gl1t = THCudaLongTensor_newTranspose(thc_state, gl1, 0, 1);
  THCudaLongTensor *gltt = THCudaLongTensor_newTranspose(thc_state, glt, 0, 1);
  THLongTensor *l2t = THLongTensor_newTranspose(l2, 0, 1);
  THCudaLongTensor *gl2t = THCudaLongTensor_newTranspose(thc_state, gl2, 0, 1);
  THLongTensor_addmm(ltt, -1, ltt, 1, l2t, l1t);
  THCudaLongTensor_addmm(thc_state, gltt, -1, gltt, 1, gl2t, gl1t);
  thc_assert_long_matches(gltt, ltt);
  thc_assert_long_matches(glt, lt);

  /* addmv (a strided vector, beta 0 and not), addr and dot on Long */
  THLongTensor *lv = THLongTensor_newSelect(l2, 1, 3), *lr = THLongTensor_newSelect(l1, 1, 0);
  THLongTensor *lw = THLongTensor_newSelect(l2, 0, 1);
  THCudaLongTensor *glv = THCudaLongTensor_newSelect(thc_state, gl2, 1, 3);
  THCudaLongTensor *glr = THCudaLongTensor_newSelect(thc_state, gl1, 1, 0);
  THCudaLongTensor *glw = THCudaLongTensor_newSelect(thc_state, gl2, 0, 1);
  THLongTensor *vwant = THLongTensor_new();
  THCudaLongTensor *vgot = THCudaLongTensor_new(thc_state);
  THLongTensor_addmv(vwant, 0, lr, 5, l1, lv);
  THCudaLongTensor_addmv(thc_state, vgot, 0, glr, 5, gl1, glv);
  thc_assert_long_matches(vgot, vwant);
  THLongTensor_addmv(vwant, 2, lw, -1, l2t, lv); /* N x K (transposed) times K */
  THCudaLongTensor_addmv(thc_state, vgot, 2, glw, -1, gl2t, glv);
  thc_assert_long_matches(vgot, vwant);
  THLongTensor_addr(lwant, 3, lt, 2, lr, lw);
  THCudaLongTensor_addr(thc_state, lgot, 3, glt, 2, glr, glw);
  thc_assert_long_matches(lgot, lwant);
  assert_int_equal(THCudaLongTensor_dot(thc_state, glv, glv), THLongTensor_dot(lv, lv));
  assert_int_equal(THCudaLongTensor_dot(thc_state, gl1, gl1), THLongTensor_dot(l1, l1));

  THLongTensor *longs3[] = {l1, l2, lt, lwant, l1t, ltt, l2t, lv, lr, lw, vwant};
  for (size_t i = 0; i < sizeof(longs3) / sizeof(*longs3); i++) THLongTensor_free(longs3[i]);
  THCudaLongTensor *glongs[] = {gl1, gl2, glt, lgot, gl1t, gltt, gl2t, glv, glr, glw, vgot};
  for (size_t i = 0; i < sizeof(glongs) / sizeof(*glongs); i++) THCudaLongTensor_free(thc_state, glongs[i]);
  THDoubleTensor *doubles[] = {d1, d2, dt, dwant};
  for (size_t i = 0; i < sizeof(doubles) / sizeof(*doubles); i++) THDoubleTensor_free(doubles[i]);
  THCudaDoubleTensor *gdoubles[] = {gd1, gd2, gdt, dgot};
  for (size_t i = 0; i < sizeof(gdoubles) / sizeof(*gdoubles); i++) THCudaDoubleTensor_free(thc_state, gdoubles[i]);
  THFloatTensor *fs[] = {f1, f2, f2base, ft};
  for (size_t i = 0; i < sizeof(fs) / sizeof(*fs); i++) THFloatTensor_free(fs[i]);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_addmm_layouts), cmocka_unit_test(test_addmm_beta_zero_and_errors),
      cmocka_unit_test(test_addmv),         cmocka_unit_test(test_addr),
      cmocka_unit_test(test_batched),       cmocka_unit_test(test_dot),
      cmocka_unit_test(test_double_and_long),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
