/* The class criteria on the CPU and on the GPU: ClassNLL, SpatialClassNLL, MultiMargin and
 * MultiLabelMargin give the same loss, total weight, isTarget and gradient for batched, single and
 * non-contiguous inputs, sizeAverage both ways, weights absent and given, ignore_index, p and
 * margin; and the same errors for bad targets and sizes. */
#ifdef TEST_TYPE_PASS

/* ClassNLL of x (nframe x nclasses or nclasses) against t, with weights w (or NULL), ignore_index
 * ignore, sizeAverage both ways. gi and ggi are reused across calls, as a module reuses its
 * gradInput (the criterion then writes only the target positions, on both devices). */
static void TEST_(compare_class_nll)(TTensor *x, THLongTensor *t, TTensor *w, CTensor *gx, THCudaLongTensor *gt,
                                     CTensor *gw, long ignore) {
  TTensor *y = T_(new)(), *tw = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *gtw = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
    CPU_(ClassNLLCriterion_updateOutput)(NULL, x, t, y, sizeAverage, w, tw, ignore);
    GPU_(ClassNLLCriterion_updateOutput)(thc_state, gx, gt, gy, sizeAverage, gw, gtw, ignore);
    TEST_MATCHES(gy, y);
    TEST_MATCHES(gtw, tw);
    CPU_(ClassNLLCriterion_updateGradInput)(NULL, x, t, gi, sizeAverage, w, tw, ignore);
    GPU_(ClassNLLCriterion_updateGradInput)(thc_state, gx, gt, ggi, sizeAverage, gw, gtw, ignore);
    TEST_MATCHES(ggi, gi);
  }
  T_(free)(y), T_(free)(tw), T_(free)(gi);
  C_(free)(thc_state, gy), C_(free)(thc_state, gtw), C_(free)(thc_state, ggi);
}

static void TEST_(class_nll)(void **unused) {
  TTensor *x = TEST_RANDOM(1, 2, 6, 5, 0, 0, -3, 0), *w = TEST_RANDOM(2, 1, 5, 0, 0, 0, 0.5, 2);
  THLongTensor *t = thcunn_indices(3, 6, 5);
  CTensor *gx = TEST_UPLOAD(x), *gw = TEST_UPLOAD(w);
  THCudaLongTensor *gt = thc_upload_long(t);
  TEST_(compare_class_nll)(x, t, NULL, gx, gt, NULL, -100);
  TEST_(compare_class_nll)(x, t, w, gx, gt, gw, -100);
  /* ignore_index equal to a target that occurs. */
  TEST_(compare_class_nll)(x, t, w, gx, gt, gw, THLongTensor_data(t)[0]);

  /* Every target ignored: total weight 0, the loss 0 and no gradient written. */
  THLongTensor *same = THLongTensor_newWithSize1d(6);
  THLongTensor_fill(same, 2);
  THCudaLongTensor *gsame = thc_upload_long(same);
  TEST_(compare_class_nll)(x, same, w, gx, gsame, gw, 2);

  /* A single sample, and a transposed input. */
  TTensor *x1 = TEST_RANDOM(4, 1, 5, 0, 0, 0, -3, 0);
  THLongTensor *t1 = thcunn_indices(5, 1, 5);
  CTensor *gx1 = TEST_UPLOAD(x1);
  THCudaLongTensor *gt1 = thc_upload_long(t1);
  TEST_(compare_class_nll)(x1, t1, w, gx1, gt1, gw, -100);
  TTensor *base = TEST_RANDOM(6, 2, 5, 6, 0, 0, -3, 0), *xt = T_(newTranspose)(base, 0, 1);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 0, 1);
  TEST_(compare_class_nll)(xt, t, NULL, gxt, gt, NULL, -100);

  /* W6's shape: 256 samples of 1000 classes. */
  TTensor *xw6 = TEST_RANDOM(7, 2, 256, 1000, 0, 0, -9, 0);
  THLongTensor *tw6 = thcunn_indices(8, 256, 1000);
  CTensor *gxw6 = TEST_UPLOAD(xw6);
  THCudaLongTensor *gtw6 = thc_upload_long(tw6);
  TEST_(compare_class_nll)(xw6, tw6, NULL, gxw6, gtw6, NULL, -100);

  T_(free)(x), T_(free)(w), T_(free)(x1), T_(free)(base), T_(free)(xt), T_(free)(xw6);
  THLongTensor_free(t), THLongTensor_free(same), THLongTensor_free(t1), THLongTensor_free(tw6);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw), C_(free)(thc_state, gx1), C_(free)(thc_state, gbase);
  C_(free)(thc_state, gxt), C_(free)(thc_state, gxw6);
  THCudaLongTensor_free(thc_state, gt), THCudaLongTensor_free(thc_state, gsame);
  THCudaLongTensor_free(thc_state, gt1), THCudaLongTensor_free(thc_state, gtw6);
}

static void TEST_(class_nll_errors)(void **unused) {
  TTensor *x = TEST_RANDOM(10, 2, 4, 5, 0, 0, -3, 0), *w3 = TEST_RANDOM(11, 1, 3, 0, 0, 0, 0, 1), *y = T_(new)(),
          *tw = T_(new)(), *gi = T_(new)();
  THLongTensor *t = thcunn_indices(12, 4, 5), *t3 = thcunn_indices(13, 3, 5);
  THLongTensor_data(t)[2] = 6;
  CTensor *gx = TEST_UPLOAD(x), *gw3 = TEST_UPLOAD(w3), *gy = C_(new)(thc_state), *gtw = C_(new)(thc_state),
          *ggi = C_(new)(thc_state);
  THCudaLongTensor *gt = thc_upload_long(t), *gt3 = thc_upload_long(t3);
  assert_same_error(CPU_(ClassNLLCriterion_updateOutput)(NULL, x, t, y, true, NULL, tw, -100),
                    GPU_(ClassNLLCriterion_updateOutput)(thc_state, gx, gt, gy, true, NULL, gtw, -100),
                    "target 6 out of range [1, 5] at position [3]");
  assert_same_error(CPU_(ClassNLLCriterion_updateGradInput)(NULL, x, t, gi, true, NULL, tw, -100),
                    GPU_(ClassNLLCriterion_updateGradInput)(thc_state, gx, gt, ggi, true, NULL, gtw, -100),
                    "target 6 out of range [1, 5] at position [3]");
  assert_same_error(CPU_(ClassNLLCriterion_updateOutput)(NULL, x, t3, y, true, NULL, tw, -100),
                    GPU_(ClassNLLCriterion_updateOutput)(thc_state, gx, gt3, gy, true, NULL, gtw, -100),
                    "target must be a 1D tensor of 4 elements");
  THLongTensor_data(t)[2] = 1;
  THCudaLongTensor_free(thc_state, gt);
  gt = thc_upload_long(t);
  assert_same_error(CPU_(ClassNLLCriterion_updateOutput)(NULL, x, t, y, true, w3, tw, -100),
                    GPU_(ClassNLLCriterion_updateOutput)(thc_state, gx, gt, gy, true, gw3, gtw, -100),
                    "weights must have one element per class (5)");
  /* The valid call afterwards. */
  CPU_(ClassNLLCriterion_updateOutput)(NULL, x, t, y, true, NULL, tw, -100);
  GPU_(ClassNLLCriterion_updateOutput)(thc_state, gx, gt, gy, true, NULL, gtw, -100);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(w3), T_(free)(y), T_(free)(tw), T_(free)(gi);
  THLongTensor_free(t), THLongTensor_free(t3);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw3), C_(free)(thc_state, gy), C_(free)(thc_state, gtw);
  C_(free)(thc_state, ggi);
  THCudaLongTensor_free(thc_state, gt), THCudaLongTensor_free(thc_state, gt3);
}

/* A CPU N x H x W target of classes in [1, count] from seed. */
static THLongTensor *TEST_(spatial_targets)(unsigned long seed, long n, long h, long w, long count) {
  THLongTensor *flat = thcunn_indices(seed, n * h * w, count);
  THLongTensor *t = THLongTensor_newWithSize3d(n, h, w);
  THLongTensor_copy(t, flat);
  THLongTensor_free(flat);
  return t;
}

static void TEST_(compare_spatial_nll)(TTensor *x, THLongTensor *t, TTensor *w, CTensor *gx, THCudaLongTensor *gt,
                                       CTensor *gw) {
  TTensor *y = T_(new)(), *tw = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *gtw = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
    CPU_(SpatialClassNLLCriterion_updateOutput)(NULL, x, t, y, sizeAverage, w, tw);
    GPU_(SpatialClassNLLCriterion_updateOutput)(thc_state, gx, gt, gy, sizeAverage, gw, gtw);
    TEST_MATCHES(gy, y);
    TEST_MATCHES(gtw, tw);
    CPU_(SpatialClassNLLCriterion_updateGradInput)(NULL, x, t, gi, sizeAverage, w, tw);
    GPU_(SpatialClassNLLCriterion_updateGradInput)(thc_state, gx, gt, ggi, sizeAverage, gw, gtw);
    TEST_MATCHES(ggi, gi);
  }
  T_(free)(y), T_(free)(tw), T_(free)(gi);
  C_(free)(thc_state, gy), C_(free)(thc_state, gtw), C_(free)(thc_state, ggi);
}

static void TEST_(spatial_class_nll)(void **unused) {
  TTensor *x = TEST_RANDOM(20, 4, 2, 3, 4, 5, -3, 0), *w = TEST_RANDOM(21, 1, 3, 0, 0, 0, 0.5, 2);
  THLongTensor *t = TEST_(spatial_targets)(22, 2, 4, 5, 3);
  CTensor *gx = TEST_UPLOAD(x), *gw = TEST_UPLOAD(w);
  THCudaLongTensor *gt = thc_upload_long(t);
  TEST_(compare_spatial_nll)(x, t, NULL, gx, gt, NULL);
  TEST_(compare_spatial_nll)(x, t, w, gx, gt, gw);

  /* A non-contiguous input: H and W transposed from a 2 x 3 x 5 x 4 base. */
  TTensor *base = TEST_RANDOM(23, 4, 2, 3, 5, 4, -3, 0), *xt = T_(newTranspose)(base, 2, 3);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 2, 3);
  TEST_(compare_spatial_nll)(xt, t, w, gxt, gt, gw);

  /* A target out of range at [2, 3, 1] and a target of the wrong size; then a valid call. */
  TTensor *y = T_(new)(), *tw = T_(new)();
  CTensor *gy = C_(new)(thc_state), *gtw = C_(new)(thc_state);
  THLongTensor *bad = THLongTensor_newClone(t);
  THLongTensor_set3d(bad, 1, 2, 0, 4);
  THLongTensor *small = TEST_(spatial_targets)(24, 2, 4, 4, 3);
  THCudaLongTensor *gbad = thc_upload_long(bad), *gsmall = thc_upload_long(small);
  assert_same_error(CPU_(SpatialClassNLLCriterion_updateOutput)(NULL, x, bad, y, true, NULL, tw),
                    GPU_(SpatialClassNLLCriterion_updateOutput)(thc_state, gx, gbad, gy, true, NULL, gtw),
                    "target 4 out of range [1, 3] at position [2, 3, 1]");
  assert_same_error(CPU_(SpatialClassNLLCriterion_updateGradInput)(NULL, x, small, y, true, NULL, tw),
                    GPU_(SpatialClassNLLCriterion_updateGradInput)(thc_state, gx, gsmall, gy, true, NULL, gtw),
                    "target must be a 3D tensor of size [2 x 4 x 5]");
  TEST_(compare_spatial_nll)(x, t, NULL, gx, gt, NULL);

  T_(free)(x), T_(free)(w), T_(free)(base), T_(free)(xt), T_(free)(y), T_(free)(tw);
  THLongTensor_free(t), THLongTensor_free(bad), THLongTensor_free(small);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw), C_(free)(thc_state, gbase), C_(free)(thc_state, gxt);
  C_(free)(thc_state, gy), C_(free)(thc_state, gtw);
  THCudaLongTensor_free(thc_state, gt), THCudaLongTensor_free(thc_state, gbad);
  THCudaLongTensor_free(thc_state, gsmall);
}

/* MultiMargin with p 1 and 2, margins 1 and 0.5, sizeAverage both ways. */
static void TEST_(compare_multi_margin)(TTensor *x, THLongTensor *t, TTensor *w, CTensor *gx, THCudaLongTensor *gt,
                                        CTensor *gw) {
  TTensor *y = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  const double margins[] = {1, 0.5};
  for (int p = 1; p <= 2; p++)
    for (int m = 0; m < 2; m++)
      for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
        CPU_(MultiMarginCriterion_updateOutput)(NULL, x, t, y, sizeAverage, p, w, margins[m]);
        GPU_(MultiMarginCriterion_updateOutput)(thc_state, gx, gt, gy, sizeAverage, p, gw, margins[m]);
        TEST_MATCHES(gy, y);
        CPU_(MultiMarginCriterion_updateGradInput)(NULL, x, t, gi, sizeAverage, p, w, margins[m]);
        GPU_(MultiMarginCriterion_updateGradInput)(thc_state, gx, gt, ggi, sizeAverage, p, gw, margins[m]);
        TEST_MATCHES(ggi, gi);
      }
  T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

static void TEST_(multi_margin)(void **unused) {
  TTensor *x = TEST_RANDOM(30, 2, 6, 7, 0, 0, -1, 1), *w = TEST_RANDOM(31, 1, 7, 0, 0, 0, 0.5, 2);
  THLongTensor *t = thcunn_indices(32, 6, 7);
  CTensor *gx = TEST_UPLOAD(x), *gw = TEST_UPLOAD(w);
  THCudaLongTensor *gt = thc_upload_long(t);
  TEST_(compare_multi_margin)(x, t, NULL, gx, gt, NULL);
  TEST_(compare_multi_margin)(x, t, w, gx, gt, gw);

  TTensor *x1 = TEST_RANDOM(33, 1, 7, 0, 0, 0, -1, 1);
  THLongTensor *t1 = thcunn_indices(34, 1, 7);
  CTensor *gx1 = TEST_UPLOAD(x1);
  THCudaLongTensor *gt1 = thc_upload_long(t1);
  TEST_(compare_multi_margin)(x1, t1, w, gx1, gt1, gw);
  TTensor *base = TEST_RANDOM(35, 2, 7, 6, 0, 0, -1, 1), *xt = T_(newTranspose)(base, 0, 1);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 0, 1);
  TEST_(compare_multi_margin)(xt, t, NULL, gxt, gt, NULL);

  /* p 3, a target out of range; then a valid call. */
  TTensor *y = T_(new)();
  CTensor *gy = C_(new)(thc_state);
  THLongTensor *bad = THLongTensor_newClone(t);
  THLongTensor_data(bad)[4] = 0;
  THCudaLongTensor *gbad = thc_upload_long(bad);
  assert_same_error(CPU_(MultiMarginCriterion_updateOutput)(NULL, x, t, y, true, 3, NULL, 1),
                    GPU_(MultiMarginCriterion_updateOutput)(thc_state, gx, gt, gy, true, 3, NULL, 1),
                    "p must be 1 or 2, got 3");
  assert_same_error(CPU_(MultiMarginCriterion_updateGradInput)(NULL, x, bad, y, true, 1, NULL, 1),
                    GPU_(MultiMarginCriterion_updateGradInput)(thc_state, gx, gbad, gy, true, 1, NULL, 1),
                    "target 0 out of range [1, 7] at position [5]");
  TEST_(compare_multi_margin)(x, t, NULL, gx, gt, NULL);

  T_(free)(x), T_(free)(w), T_(free)(x1), T_(free)(base), T_(free)(xt), T_(free)(y);
  THLongTensor_free(t), THLongTensor_free(t1), THLongTensor_free(bad);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw), C_(free)(thc_state, gx1), C_(free)(thc_state, gbase);
  C_(free)(thc_state, gxt), C_(free)(thc_state, gy);
  THCudaLongTensor_free(thc_state, gt), THCudaLongTensor_free(thc_state, gt1), THCudaLongTensor_free(thc_state, gbad);
}

/* Loss, isTarget and gradient of MultiLabelMargin, sizeAverage both ways. */
static void TEST_(compare_multi_label)(TTensor *x, THLongTensor *t, CTensor *gx, THCudaLongTensor *gt) {
  TTensor *y = T_(new)(), *gi = T_(new)(), *is = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *gis = C_(new)(thc_state);
  for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
    CPU_(MultiLabelMarginCriterion_updateOutput)(NULL, x, t, y, is, sizeAverage);
    GPU_(MultiLabelMarginCriterion_updateOutput)(thc_state, gx, gt, gy, gis, sizeAverage);
    TEST_MATCHES(gy, y);
    TEST_MATCHES(gis, is);
    CPU_(MultiLabelMarginCriterion_updateGradInput)(NULL, x, t, gi, is, sizeAverage);
    GPU_(MultiLabelMarginCriterion_updateGradInput)(thc_state, gx, gt, ggi, gis, sizeAverage);
    TEST_MATCHES(ggi, gi);
    TEST_MATCHES(gis, is);
  }
  T_(free)(y), T_(free)(gi), T_(free)(is);
  C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, gis);
}

/* Rows of target lists: {3, 1, 0, ...}, a full row, an empty row, a class listed twice, and
 * values after the first 0 (ignored). */
static THLongTensor *TEST_(label_lists)(void) {
  static const long rows[4][5] = {{3, 1, 0, 0, 0}, {5, 4, 3, 2, 1}, {0, 2, 3, 0, 0}, {2, 2, 4, 0, 5}};
  THLongTensor *t = THLongTensor_newWithSize2d(4, 5);
  for (long i = 0; i < 4; i++)
    for (long j = 0; j < 5; j++) THLongTensor_set2d(t, i, j, rows[i][j]);
  return t;
}

static void TEST_(multi_label_margin)(void **unused) {
  TTensor *x = TEST_RANDOM(40, 2, 4, 5, 0, 0, -1, 1);
  THLongTensor *t = TEST_(label_lists)();
  CTensor *gx = TEST_UPLOAD(x);
  THCudaLongTensor *gt = thc_upload_long(t);
  TEST_(compare_multi_label)(x, t, gx, gt);

  /* One sample (the last row), and a transposed input. */
  TTensor *x1 = TEST_RANDOM(41, 1, 5, 0, 0, 0, -1, 1);
  THLongTensor *t1 = THLongTensor_newSelect(t, 0, 3);
  CTensor *gx1 = TEST_UPLOAD(x1);
  THCudaLongTensor *gt1 = thc_upload_long(t1);
  TEST_(compare_multi_label)(x1, t1, gx1, gt1);
  TTensor *base = TEST_RANDOM(42, 2, 5, 4, 0, 0, -1, 1), *xt = T_(newTranspose)(base, 0, 1);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 0, 1);
  TEST_(compare_multi_label)(xt, t, gxt, gt);

  /* A target out of range at [2, 4], a target of the wrong size; then a valid call. */
  TTensor *y = T_(new)(), *is = T_(new)();
  CTensor *gy = C_(new)(thc_state), *gis = C_(new)(thc_state);
  THLongTensor *bad = THLongTensor_newClone(t);
  THLongTensor_set2d(bad, 1, 3, 6);
  THLongTensor *small = THLongTensor_newWithSize1d(20);
  THLongTensor_zero(small);
  THCudaLongTensor *gbad = thc_upload_long(bad), *gsmall = thc_upload_long(small);
  assert_same_error(CPU_(MultiLabelMarginCriterion_updateOutput)(NULL, x, bad, y, is, true),
                    GPU_(MultiLabelMarginCriterion_updateOutput)(thc_state, gx, gbad, gy, gis, true),
                    "target 6 out of range [0, 5] at position [2, 4]");
  assert_same_error(CPU_(MultiLabelMarginCriterion_updateGradInput)(NULL, x, small, y, is, true),
                    GPU_(MultiLabelMarginCriterion_updateGradInput)(thc_state, gx, gsmall, gy, gis, true),
                    "target must have the size of input");
  TEST_(compare_multi_label)(x, t, gx, gt);

  T_(free)(x), T_(free)(x1), T_(free)(base), T_(free)(xt), T_(free)(y), T_(free)(is);
  THLongTensor_free(t), THLongTensor_free(t1), THLongTensor_free(bad), THLongTensor_free(small);
  C_(free)(thc_state, gx), C_(free)(thc_state, gx1), C_(free)(thc_state, gbase), C_(free)(thc_state, gxt);
  C_(free)(thc_state, gy), C_(free)(thc_state, gis);
  THCudaLongTensor_free(thc_state, gt), THCudaLongTensor_free(thc_state, gt1);
  THCudaLongTensor_free(thc_state, gbad), THCudaLongTensor_free(thc_state, gsmall);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_class_nll),          cmocka_unit_test(test_Double_class_nll),
      cmocka_unit_test(test_Float_class_nll_errors),   cmocka_unit_test(test_Double_class_nll_errors),
      cmocka_unit_test(test_Float_spatial_class_nll),  cmocka_unit_test(test_Double_spatial_class_nll),
      cmocka_unit_test(test_Float_multi_margin),       cmocka_unit_test(test_Double_multi_margin),
      cmocka_unit_test(test_Float_multi_label_margin), cmocka_unit_test(test_Double_multi_label_margin),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
