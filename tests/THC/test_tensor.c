/* THCudaTensor headers and storages: every view and resize gives the geometry TH gives on the same
 * input (sizes, strides, offset), element access and clones give TH's values, bad input TH's
 * errors. */
#include "thc_test.h"

static void assert_same_geometry(THCudaTensor *g, THFloatTensor *e) {
  assert_int_equal(g->nDimension, e->nDimension);
  assert_int_equal(g->storageOffset, e->storageOffset);
  for (int d = 0; d < e->nDimension; d++) {
    if (g->size[d] != e->size[d] || g->stride[d] != e->stride[d])
      fail_msg("dimension %d: size %ld stride %ld, expected size %ld stride %ld", d, g->size[d], g->stride[d],
               e->size[d], e->stride[d]);
  }
}

/* A 4x6 tensor 0..23 on both sides, sharing nothing. */
static THFloatTensor *host_4x6(void) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(4, 6);
  for (long i = 0; i < 24; i++) THFloatTensor_data(t)[i] = (float)i * 0.5f - 3;
  return t;
}

static void test_views_match_TH(void **unused) {
  THFloatTensor *h = host_4x6();
  THCudaTensor *d = thc_upload_float(h);
  assert_same_geometry(d, h);

  THFloatTensor *hv = THFloatTensor_newNarrow(h, 1, 2, 3);
  THCudaTensor *dv = THCudaTensor_newNarrow(thc_state, d, 1, 2, 3);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0);
  THFloatTensor_transpose(hv, NULL, 0, 1);
  THCudaTensor_transpose(thc_state, dv, NULL, 0, 1);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0); /* a non-contiguous download */
  THFloatTensor_select(hv, NULL, 1, 2);
  THCudaTensor_select(thc_state, dv, NULL, 1, 2);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0);
  THFloatTensor_free(hv);
  THCudaTensor_free(thc_state, dv);

  hv = THFloatTensor_newUnfold(h, 1, 3, 2);
  dv = THCudaTensor_newUnfold(thc_state, d, 1, 3, 2);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0);
  THFloatTensor_free(hv);
  THCudaTensor_free(thc_state, dv);

  hv = THFloatTensor_new();
  dv = THCudaTensor_new(thc_state);
  THFloatTensor_unsqueeze1d(hv, h, 1);
  THCudaTensor_unsqueeze1d(thc_state, dv, d, 1);
  assert_same_geometry(dv, hv);
  THFloatTensor_squeeze(hv, NULL);
  THCudaTensor_squeeze(thc_state, dv, NULL);
  assert_same_geometry(dv, hv);
  THFloatTensor_free(hv);
  THCudaTensor_free(thc_state, dv);

  THLongStorage *size = THLongStorage_newWithSize2(-1, 8);
  hv = THFloatTensor_newView(h, size);
  dv = THCudaTensor_newView(thc_state, d, size);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0);
  THLongStorage_free(size);
  THFloatTensor_free(hv);
  THCudaTensor_free(thc_state, dv);

  /* expand: a 4x1 column to 4x6 (stride 0). */
  THFloatTensor *hc = THFloatTensor_newNarrow(h, 1, 0, 1);
  THCudaTensor *dc = THCudaTensor_newNarrow(thc_state, d, 1, 0, 1);
  size = THLongStorage_newWithSize2(4, 6);
  hv = THFloatTensor_newExpand(hc, size);
  dv = THCudaTensor_newExpand(thc_state, dc, size);
  assert_same_geometry(dv, hv);
  thc_assert_float_matches(dv, hv, 0);
  THLongStorage_free(size);
  THFloatTensor_free(hv);
  THCudaTensor_free(thc_state, dv);
  THFloatTensor_free(hc);
  THCudaTensor_free(thc_state, dc);

  assert_true(THCudaTensor_isContiguous(thc_state, d));
  assert_int_equal(THCudaTensor_nElement(thc_state, d), 24);
  assert_string_equal(THCudaTensor_sizeDesc(thc_state, d).str, THFloatTensor_sizeDesc(h).str);
  THFloatTensor_free(h);
  THCudaTensor_free(thc_state, d);
}

static void test_resize_rules_match_TH(void **unused) {
  THFloatTensor *h = THFloatTensor_new();
  THCudaTensor *d = THCudaTensor_new(thc_state);
  THFloatTensor_resize2d(h, 3, 0); /* a size <= 0 ends the list: 1-D of 3 */
  THCudaTensor_resize2d(thc_state, d, 3, 0);
  assert_same_geometry(d, h);
  THFloatTensor_resize4d(h, 2, 3, 4, 5);
  THCudaTensor_resize4d(thc_state, d, 2, 3, 4, 5);
  assert_same_geometry(d, h);
  assert_true(THCudaTensor_storage(thc_state, d)->size >= 120);
  THFloatTensor_resize5d(h, 1, 2, 1, 2, 3);
  THCudaTensor_resize5d(thc_state, d, 1, 2, 1, 2, 3);
  assert_same_geometry(d, h);
  long size[3] = {2, 5, 3}, stride[3] = {20, 1, 5};
  THFloatTensor_resizeNd(h, 3, size, stride);
  THCudaTensor_resizeNd(thc_state, d, 3, size, stride);
  assert_same_geometry(d, h);
  THFloatTensor_resize1d(h, 0);
  THCudaTensor_resize1d(thc_state, d, 0);
  assert_same_geometry(d, h);
  assert_int_equal(THCudaTensor_nElement(thc_state, d), 0);
  THFloatTensor_free(h);
  THCudaTensor_free(thc_state, d);

  /* setStorage over a shared storage; newWithStorage; isSetTo. */
  THCudaStorage *s = THCudaStorage_newWithSize(thc_state, 30);
  THCudaTensor *a = THCudaTensor_newWithStorage2d(thc_state, s, 2, 4, 7, 3, 2);
  THFloatStorage *hs = THFloatStorage_newWithSize(30);
  THFloatTensor *ha = THFloatTensor_newWithStorage2d(hs, 2, 4, 7, 3, 2);
  assert_same_geometry(a, ha);
  THCudaTensor *b = THCudaTensor_new(thc_state);
  THCudaTensor_set(thc_state, b, a);
  assert_true(THCudaTensor_isSetTo(thc_state, b, a));
  assert_int_equal(s->refcount, 3);
  THCudaTensor_free(thc_state, a);
  THCudaTensor_free(thc_state, b);
  assert_int_equal(s->refcount, 1);
  THCudaStorage_free(thc_state, s);
  THFloatTensor_free(ha);
  THFloatStorage_free(hs);
}

static void test_element_access_and_clones(void **unused) {
  THFloatTensor *h = THFloatTensor_newWithSize4d(2, 3, 2, 2);
  for (long i = 0; i < 24; i++) THFloatTensor_data(h)[i] = (float)(i * i) - 40;
  THCudaTensor *d = thc_upload_float(h);
  assert_true(THCudaTensor_get4d(thc_state, d, 1, 2, 0, 1) == THFloatTensor_get4d(h, 1, 2, 0, 1));
  THCudaTensor_set4d(thc_state, d, 0, 1, 1, 0, -9.25f);
  THFloatTensor_set4d(h, 0, 1, 1, 0, -9.25f);
  thc_assert_float_matches(d, h, 0);
  assert_th_error(THCudaTensor_get4d(thc_state, d, 0, 3, 0, 0), "out of range");
  assert_th_error(THCudaTensor_get2d(thc_state, d, 0, 0), "expected a 2D tensor");

  /* newContiguous / newClone of a transposed view: TH's values in TH's order. */
  THFloatTensor *ht = THFloatTensor_newTranspose(h, 0, 3);
  THCudaTensor *dt = THCudaTensor_newTranspose(thc_state, d, 0, 3);
  THCudaTensor *dcont = THCudaTensor_newContiguous(thc_state, dt);
  assert_true(THCudaTensor_isContiguous(thc_state, dcont));
  thc_assert_float_matches(dcont, ht, 0);
  THCudaTensor *dclone = THCudaTensor_newClone(thc_state, dt);
  thc_assert_float_matches(dclone, ht, 0);
  assert_true(dclone->storage != d->storage);
  THCudaTensor *dst = THCudaTensor_newWithSize1d(thc_state, 24);
  THCudaTensor_retain(thc_state, dclone);
  THCudaTensor_freeCopyTo(thc_state, dclone, dst);
  THFloatTensor *hflat = THFloatTensor_newContiguous(ht);
  THLongStorage *flat = THLongStorage_newWithSize1(24);
  THFloatTensor *hflatv = THFloatTensor_newView(hflat, flat);
  thc_assert_float_matches(dst, hflatv, 0);
  THLongStorage_free(flat);
  THFloatTensor_free(hflatv);
  THFloatTensor_free(hflat);
  THC_FREE_CUDA(dclone, dst, dcont, dt);
  THFloatTensor_free(ht);
  THCudaTensor_free(thc_state, d);
  THFloatTensor_free(h);
}

static void test_bad_input_is_TH_error(void **unused) {
  THCudaTensor *d = THCudaTensor_newWithSize2d(thc_state, 3, 4);
  assert_th_error(THCudaTensor_newNarrow(thc_state, d, 2, 0, 1), "narrow: dimension 3 out of range");
  assert_th_error(THCudaTensor_narrow(thc_state, d, NULL, 1, 3, 2), "narrow: size 2 out of range");
  assert_th_error(THCudaTensor_select(thc_state, d, NULL, 0, 3), "select: index 3 out of range");
  assert_th_error(THCudaTensor_transpose(thc_state, d, NULL, 0, 5), "transpose: dimension 6 out of range");
  assert_th_error(THCudaTensor_unfold(thc_state, d, NULL, 1, 5, 1), "unfold: size 5 out of range");
  THLongStorage *bad = THLongStorage_newWithSize2(5, 5);
  assert_th_error(THCudaTensor_newView(thc_state, d, bad), "view: size");
  assert_th_error(THCudaTensor_newExpand(thc_state, d, bad), "expand");
  THLongStorage_free(bad);
  assert_th_error(THCudaTensor_size(thc_state, d, 2), "size: dimension 3 out of range");
  assert_th_error(THCudaTensor_resize2d(NULL, d, 2, 2), "state is NULL");
  /* Nothing changed, and the library still works. */
  assert_int_equal(d->nDimension, 2);
  assert_int_equal(d->size[0], 3);
  assert_int_equal(d->size[1], 4);
  THCudaTensor_set2d(thc_state, d, 2, 3, 5.0f);
  assert_true(THCudaTensor_get2d(thc_state, d, 2, 3) == 5.0f);
  THCudaTensor_free(thc_state, d);
}

static void test_device_queries(void **unused) {
  int device = THCState_getCurrentDevice(thc_state);
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 8);
  THCudaTensor *empty = THCudaTensor_new(thc_state);
  assert_int_equal(THCudaTensor_getDevice(thc_state, a), device);
  assert_int_equal(THCudaTensor_getDevice(thc_state, empty), -1);
  assert_int_equal(THCudaTensor_checkGPU(thc_state, 3, a, NULL, empty), 1);
  cudaTextureObject_t tex = THCudaTensor_getTextureObject(thc_state, a);
  assert_int_equal(cudaDestroyTextureObject(tex), cudaSuccess);
  THCudaTensor *m = THCudaTensor_newWithSize2d(thc_state, 2, 2);
  assert_th_error(THCudaTensor_getTextureObject(thc_state, m), "1D contiguous");
  THC_FREE_CUDA(m, a, empty);
}

static void test_storages(void **unused) {
  THCudaDoubleStorage *s = THCudaDoubleStorage_newWithSize3(thc_state, 1.5, -2, 7);
  assert_int_equal(THCudaDoubleStorage_size(thc_state, s), 3);
  assert_int_equal(THCudaDoubleStorage_elementSize(thc_state), 8);
  assert_true(THCudaDoubleStorage_get(thc_state, s, 1) == -2);
  THCudaDoubleStorage_resize(thc_state, s, 5); /* keeps the contents */
  assert_true(THCudaDoubleStorage_get(thc_state, s, 0) == 1.5);
  assert_true(THCudaDoubleStorage_get(thc_state, s, 2) == 7);
  THCudaDoubleStorage_fill(thc_state, s, 0.25);
  for (int i = 0; i < 5; i++) assert_true(THCudaDoubleStorage_get(thc_state, s, i) == 0.25);
  assert_th_error(THCudaDoubleStorage_get(thc_state, s, 5), "out of range");
  assert_th_error(THCudaDoubleStorage_set(thc_state, s, -1, 0), "out of range");
  assert_int_equal(THCudaDoubleStorage_getDevice(thc_state, s), THCState_getCurrentDevice(thc_state));
  THCudaDoubleStorage_free(thc_state, s);

  THCudaByteStorage *b = THCudaByteStorage_newWithSize(thc_state, 1001);
  THCudaByteStorage_fill(thc_state, b, 200);
  assert_int_equal(THCudaByteStorage_get(thc_state, b, 1000), 200);
  THCudaByteStorage_resize(thc_state, b, 0);
  assert_null(THCudaByteStorage_data(thc_state, b));
  THCudaByteStorage_free(thc_state, b);

  THCudaShortStorage *sh = THCudaShortStorage_newWithSize4(thc_state, 1, -2, 3, -4);
  assert_int_equal(THCudaShortStorage_get(thc_state, sh, 3), -4);
  THCudaShortStorage_free(thc_state, sh);
  assert_th_error(THCudaStorage_newWithMapping(thc_state, "/tmp/x", 4, 0), "cannot map a file");
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_views_match_TH),        cmocka_unit_test(test_resize_rules_match_TH),
      cmocka_unit_test(test_element_access_and_clones), cmocka_unit_test(test_bad_input_is_TH_error),
      cmocka_unit_test(test_device_queries),        cmocka_unit_test(test_storages),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
