/* BatchNormalization and FeatureLPPooling on the CPU and on the GPU (same outputs, statistics and
 * gradients; same errors for bad input), and SpatialCrossMapLRN on the GPU against a reference
 * written here from nn's formula (THNN has no CPU kernel for it). */
#ifdef TEST_TYPE_PASS

/* A random tensor of nd sizes; narrowed: a narrowed view of a wider last dimension (non-contiguous). */
static TTensor *TEST_(norm_random)(unsigned long seed, int nd, const long *sizes, int narrowed, double lo, double hi,
                                   CTensor **device) {
  long wide[4], n = 1;
  for (int d = 0; d < nd; d++) wide[d] = sizes[d] + (d == nd - 1 && narrowed ? 3 : 0), n *= wide[d];
  TTensor *t = TEST_RANDOM(seed, 1, n, 0, 0, 0, lo, hi);
  T_(resizeNd)(t, nd, wide, NULL);
  *device = TEST_UPLOAD(t);
  if (narrowed) {
    T_(narrow)(t, NULL, nd - 1, 1, sizes[nd - 1]);
    C_(narrow)(thc_state, *device, NULL, nd - 1, 1, sizes[nd - 1]);
  }
  return t;
}

static TTensor *TEST_(norm_vector)(unsigned long seed, long n, double lo, double hi, CTensor **device) {
  return TEST_(norm_random)(seed, 1, &n, 0, lo, hi, device);
}

/* BatchNormalization on input sizes (nd 2 or 4), forward then backward, in training or evaluation,
 * with or without weight and bias. */
static void TEST_(bn_check)(int nd, const long *sizes, int narrowed, int train, int affine) {
  const long C = sizes[1];
  CTensor *gx, *gw = NULL, *gb = NULL, *grm, *grv, *ggo, *ggw, *ggb;
  TTensor *x = TEST_(norm_random)(31, nd, sizes, narrowed, -2, 3, &gx);
  TTensor *w = affine ? TEST_(norm_vector)(32, C, 0.5, 1.5, &gw) : NULL;
  TTensor *b = affine ? TEST_(norm_vector)(33, C, -1, 1, &gb) : NULL;
  TTensor *rm = TEST_(norm_vector)(34, C, -1, 1, &grm), *rv = TEST_(norm_vector)(35, C, 0.5, 1.5, &grv);
  TTensor *y = T_(new)(), *sm = T_(new)(), *ss = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *gsm = C_(new)(thc_state), *gss = C_(new)(thc_state), *ggi = C_(new)(thc_state);

  CPU_(BatchNormalization_updateOutput)(NULL, x, y, w, b, rm, rv, sm, ss, train, 0.1, 1e-5);
  GPU_(BatchNormalization_updateOutput)(thc_state, gx, gy, gw, gb, grm, grv, gsm, gss, train, 0.1, 1e-5);
  TEST_MATCHES(gy, y);
  TEST_MATCHES(grm, rm);
  TEST_MATCHES(grv, rv);
  if (train) TEST_MATCHES(gsm, sm), TEST_MATCHES(gss, ss);

  TTensor *go = TEST_(norm_random)(36, nd, sizes, 0, -1, 1, &ggo);
  TTensor *gradW = TEST_(norm_vector)(37, C, -1, 1, &ggw), *gradB = TEST_(norm_vector)(38, C, -1, 1, &ggb);
  CPU_(BatchNormalization_backward)(NULL, x, go, gi, gradW, gradB, w, rm, rv, sm, ss, train, 0.7, 1e-5);
  GPU_(BatchNormalization_backward)(thc_state, gx, ggo, ggi, ggw, ggb, gw, grm, grv, gsm, gss, train, 0.7, 1e-5);
  TEST_MATCHES(ggi, gi);
  TEST_MATCHES(ggw, gradW);
  TEST_MATCHES(ggb, gradB);
  /* without gradInput and gradBias: only gradWeight moves */
  CPU_(BatchNormalization_backward)(NULL, x, go, NULL, gradW, NULL, w, rm, rv, sm, ss, train, 1, 1e-5);
  GPU_(BatchNormalization_backward)(thc_state, gx, ggo, NULL, ggw, NULL, gw, grm, grv, gsm, gss, train, 1, 1e-5);
  TEST_MATCHES(ggw, gradW);
  /* gradInput only */
  CPU_(BatchNormalization_backward)(NULL, x, go, gi, NULL, NULL, w, rm, rv, sm, ss, train, 1, 1e-5);
  GPU_(BatchNormalization_backward)(thc_state, gx, ggo, ggi, NULL, NULL, gw, grm, grv, gsm, gss, train, 1, 1e-5);
  TEST_MATCHES(ggi, gi);

  T_(free)(x), T_(free)(rm), T_(free)(rv), T_(free)(y), T_(free)(sm), T_(free)(ss), T_(free)(gi), T_(free)(go);
  T_(free)(gradW), T_(free)(gradB);
  if (affine) T_(free)(w), T_(free)(b), C_(free)(thc_state, gw), C_(free)(thc_state, gb);
  C_(free)(thc_state, gx), C_(free)(thc_state, grm), C_(free)(thc_state, grv), C_(free)(thc_state, gy);
  C_(free)(thc_state, gsm), C_(free)(thc_state, gss), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  C_(free)(thc_state, ggw), C_(free)(thc_state, ggb);
}

static void TEST_(batch_normalization)(void **unused) {
  const long image[4] = {4, 3, 5, 6}, rows[2] = {9, 5}, w7[4] = {16, 64, 32, 32};
  for (int train = 0; train <= 1; train++) {
    TEST_(bn_check)(4, image, 0, train, 1);
    TEST_(bn_check)(4, image, 1, train, 0);
    TEST_(bn_check)(2, rows, 0, train, 1);
    TEST_(bn_check)(2, rows, 1, train, 1);
  }
  TEST_(bn_check)(4, w7, 0, 1, 1); /* the benchmark's shape: long channels */

  CTensor *gx, *gw, *gy = C_(new)(thc_state);
  const long one[1] = {5};
  TTensor *x = TEST_(norm_random)(39, 1, one, 0, -1, 1, &gx), *y = T_(new)();
  TTensor *w = TEST_(norm_vector)(40, 4, -1, 1, &gw);
  assert_same_error(CPU_(BatchNormalization_updateOutput)(NULL, x, y, NULL, NULL, NULL, NULL, NULL, NULL, 1, 0.1, 1e-5),
                    GPU_(BatchNormalization_updateOutput)(thc_state, gx, gy, NULL, NULL, NULL, NULL, NULL, NULL, 1, 0.1,
                                                          1e-5),
                    "input must be a 2D or higher tensor");
  T_(resize2d)(x, 1, 5), C_(resize2d)(thc_state, gx, 1, 5);
  assert_same_error(CPU_(BatchNormalization_updateOutput)(NULL, x, y, w, NULL, NULL, NULL, NULL, NULL, 1, 0.1, 1e-5),
                    GPU_(BatchNormalization_updateOutput)(thc_state, gx, gy, gw, NULL, NULL, NULL, NULL, NULL, 1, 0.1,
                                                          1e-5),
                    "weight must have size 5 at dimension 1");
  T_(resize2d)(x, 5, 1), C_(resize2d)(thc_state, gx, 5, 1);
  CPU_(BatchNormalization_updateOutput)(NULL, x, y, NULL, NULL, NULL, NULL, NULL, NULL, 1, 0.1, 1e-5);
  GPU_(BatchNormalization_updateOutput)(thc_state, gx, gy, NULL, NULL, NULL, NULL, NULL, NULL, 1, 0.1, 1e-5);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y), T_(free)(w), C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, gw);
}

/* SpatialCrossMapLRN's reference (the formula of THCUNN/SpatialCrossMapLRN.cuh, in double): scale,
 * output and, for gradOutput g, gradInput of a contiguous 3D or 4D x. */
static void TEST_(lrn_reference)(TTensor *x, TTensor *g, int size, double alpha, double beta, double k,
                                 TTensor *scale, TTensor *y, TTensor *gi) {
  const int b = x->nDimension == 4, pre = (size - 1) / 2, post = size - 1 - pre;
  const long C = x->size[b], inner = x->size[b + 1] * x->size[b + 2], n = T_(nElement)(x) / (C * inner);
  T_(resizeAs)(scale, x), T_(resizeAs)(y, x), T_(resizeAs)(gi, x);
  const real *X = T_(data)(x), *G = T_(data)(g);
  real *S = T_(data)(scale), *Y = T_(data)(y), *GI = T_(data)(gi);
  for (long i = 0; i < n * inner; i++) {
    const long base = (i / inner) * C * inner + i % inner;
    for (long c = 0; c < C; c++) {
      double sum = 0;
      for (long o = c - pre; o <= c + post; o++)
        if (o >= 0 && o < C) sum += (double)X[base + o * inner] * X[base + o * inner];
      S[base + c * inner] = (real)(k + alpha / size * sum);
      Y[base + c * inner] = (real)(X[base + c * inner] * pow(k + alpha / size * sum, -beta));
    }
    for (long j = 0; j < C; j++) {
      double sum = 0;
      for (long c = j - post; c <= j + pre; c++)
        if (c >= 0 && c < C) sum += (double)G[base + c * inner] * Y[base + c * inner] / S[base + c * inner];
      const long at = base + j * inner;
      GI[at] = (real)(G[at] * pow(S[at], -beta) - 2 * alpha * beta / size * X[at] * sum);
    }
  }
}

static void TEST_(lrn_check)(int nd, const long *sizes, int narrowed, int size, double alpha, double beta, double k) {
  CTensor *gx, *ggo;
  TTensor *x = TEST_(norm_random)(41, nd, sizes, narrowed, -2, 2, &gx), *go = TEST_(norm_random)(42, nd, sizes, 0, -1, 1, &ggo);
  TTensor *xc = T_(newContiguous)(x), *scale = T_(new)(), *y = T_(new)(), *gi = T_(new)();
  CTensor *gscale = C_(new)(thc_state), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  TEST_(lrn_reference)(xc, go, size, alpha, beta, k, scale, y, gi);
  GPU_(SpatialCrossMapLRN_updateOutput)(thc_state, gx, gy, gscale, size, alpha, beta, k);
  TEST_MATCHES(gscale, scale);
  TEST_MATCHES(gy, y);
  GPU_(SpatialCrossMapLRN_updateGradInput)(thc_state, gx, ggo, ggi, gscale, gy, size, alpha, beta, k);
  TEST_MATCHES(ggi, gi);
  T_(free)(x), T_(free)(go), T_(free)(xc), T_(free)(scale), T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gx), C_(free)(thc_state, ggo), C_(free)(thc_state, gscale), C_(free)(thc_state, gy);
  C_(free)(thc_state, ggi);
}

static void TEST_(cross_map_lrn)(void **unused) {
  const long batch[4] = {2, 7, 4, 5}, single[3] = {6, 3, 4};
  TEST_(lrn_check)(4, batch, 0, 5, 1e-2, 0.75, 2);
  TEST_(lrn_check)(4, batch, 1, 3, 0.5, 0.75, 2);
  TEST_(lrn_check)(3, single, 0, 4, 0.3, 0.6, 1.5); /* even size: c - 1 .. c + 2 */
  TEST_(lrn_check)(3, single, 1, 9, 0.2, 0.5, 1);   /* a window wider than the channels */

  CTensor *gx, *gy = C_(new)(thc_state), *gscale = C_(new)(thc_state);
  const long flat[2] = {4, 4};
  TTensor *x = TEST_(norm_random)(43, 2, flat, 0, -1, 1, &gx);
  assert_thc_error(GPU_(SpatialCrossMapLRN_updateOutput)(thc_state, gx, gy, gscale, 3, 1e-4, 0.75, 1),
                   "input must be a 3D to 4D tensor");
  C_(resize3d)(thc_state, gx, 2, 2, 4);
  assert_thc_error(GPU_(SpatialCrossMapLRN_updateOutput)(thc_state, gx, gy, gscale, 0, 1e-4, 0.75, 1),
                   "size must be positive");
  GPU_(SpatialCrossMapLRN_updateOutput)(thc_state, gx, gy, gscale, 3, 1e-4, 0.75, 1);
  assert_int_equal(C_(nElement)(thc_state, gy), 16);
  T_(free)(x), C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, gscale);
}

static void TEST_(lp_check)(int nd, const long *sizes, int narrowed, double power, int width, int stride, int batch) {
  CTensor *gx, *ggo;
  TTensor *x = TEST_(norm_random)(51, nd, sizes, narrowed, 0.1, 1.5, &gx), *y = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  CPU_(FeatureLPPooling_updateOutput)(NULL, x, y, power, width, stride, batch);
  GPU_(FeatureLPPooling_updateOutput)(thc_state, gx, gy, power, width, stride, batch);
  TEST_MATCHES(gy, y);
  long ysizes[4];
  for (int d = 0; d < nd; d++) ysizes[d] = y->size[d];
  TTensor *go = TEST_(norm_random)(52, nd, ysizes, 0, -1, 1, &ggo);
  CPU_(FeatureLPPooling_updateGradInput)(NULL, go, x, y, gi, power, width, stride, batch);
  GPU_(FeatureLPPooling_updateGradInput)(thc_state, ggo, gx, gy, ggi, power, width, stride, batch);
  TEST_MATCHES(ggi, gi);
  T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
}

static void TEST_(feature_lp_pooling)(void **unused) {
  const long batch4[4] = {2, 9, 3, 4}, batch2[2] = {3, 8}, single2[2] = {7, 5}, single1[1] = {10};
  TEST_(lp_check)(4, batch4, 0, 2, 3, 2, 1);
  TEST_(lp_check)(4, batch4, 1, 3, 2, 1, 1);
  TEST_(lp_check)(2, batch2, 0, 1.5, 4, 3, 1);
  TEST_(lp_check)(2, single2, 1, 2, 2, 1, 0);
  TEST_(lp_check)(1, single1, 0, 2, 10, 5, 0); /* one window over every feature */

  CTensor *gx, *gy = C_(new)(thc_state);
  TTensor *x = TEST_(norm_random)(53, 2, single2, 0, 0.1, 1, &gx), *y = T_(new)();
  assert_same_error(CPU_(FeatureLPPooling_updateOutput)(NULL, x, y, 2, 8, 1, 0),
                    GPU_(FeatureLPPooling_updateOutput)(thc_state, gx, gy, 2, 8, 1, 0),
                    "input must have at least width = 8 features");
  assert_same_error(CPU_(FeatureLPPooling_updateOutput)(NULL, x, y, 2, 2, 0, 0),
                    GPU_(FeatureLPPooling_updateOutput)(thc_state, gx, gy, 2, 2, 0, 0),
                    "width and stride must be positive");
  CPU_(FeatureLPPooling_updateOutput)(NULL, x, y, 2, 2, 2, 0);
  GPU_(FeatureLPPooling_updateOutput)(thc_state, gx, gy, 2, 2, 2, 0);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y), C_(free)(thc_state, gx), C_(free)(thc_state, gy);
}

#else
#include <math.h>

#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_batch_normalization), cmocka_unit_test(test_Double_batch_normalization),
      cmocka_unit_test(test_Float_cross_map_lrn),       cmocka_unit_test(test_Double_cross_map_lrn),
      cmocka_unit_test(test_Float_feature_lp_pooling),  cmocka_unit_test(test_Double_feature_lp_pooling)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
