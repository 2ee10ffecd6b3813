/* The 2D and temporal pooling families on the CPU and on the GPU: the same outputs, indices and
 * gradients (batched, single, non-contiguous inputs; padding, strides, dilation, ceil mode,
 * count_include_pad, overlapping windows, ties) and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A [n x] planes x h x w input (n 0: none) of small integers (many ties), or a transposed view of one. */
static TTensor *TEST_(input)(unsigned long seed, long n, long planes, long h, long w, int transposed) {
  TTensor *x = n ? TEST_RANDOM(seed, 4, n, planes, h, w, -3, 3) : TEST_RANDOM(seed, 3, planes, h, w, 0, -3, 3);
  T_(floor)(x, x);
  if (!transposed) return x;
  TTensor *t = T_(newTranspose)(x, x->nDimension - 2, x->nDimension - 1);
  T_(free)(x);
  return t;
}

typedef struct {
  int kW, kH, dW, dH, padW, padH, dilW, dilH, ceil;
  long n, planes, h, w;
  int transposed;
} TEST_(Window);

static const TEST_(Window) TEST_(windows)[] = {
    {2, 2, 2, 2, 0, 0, 1, 1, 0, 2, 3, 8, 8, 0},  {3, 3, 1, 1, 1, 1, 1, 1, 0, 0, 3, 7, 9, 0},
    {3, 2, 2, 1, 1, 0, 1, 1, 1, 2, 2, 7, 8, 1},  {3, 3, 2, 2, 1, 1, 2, 2, 1, 2, 2, 9, 10, 0},
    {2, 3, 3, 2, 1, 1, 1, 1, 1, 0, 2, 8, 11, 1},
};
#define TEST_NWINDOWS (sizeof TEST_(windows) / sizeof TEST_(windows)[0])

static void TEST_(max_pooling)(void **unused) {
  for (size_t c = 0; c < TEST_NWINDOWS; c++) {
    const TEST_(Window) *p = &TEST_(windows)[c];
    TTensor *x = TEST_(input)(c, p->n, p->planes, p->h, p->w, p->transposed), *y = T_(new)(), *gi = T_(new)();
    THLongTensor *ind = THLongTensor_new();
    CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
    if (p->transposed) { /* the upload is contiguous: give the GPU the same transposed view */
      C_(free)(thc_state, gx);
      TTensor *base = T_(newTranspose)(x, x->nDimension - 2, x->nDimension - 1);
      CTensor *gbase = TEST_UPLOAD(base);
      gx = C_(newTranspose)(thc_state, gbase, x->nDimension - 2, x->nDimension - 1);
      T_(free)(base), C_(free)(thc_state, gbase);
    }
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    CPU_(SpatialDilatedMaxPooling_updateOutput)(NULL, x, y, ind, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                                p->dilW, p->dilH, p->ceil);
    GPU_(SpatialDilatedMaxPooling_updateOutput)(thc_state, gx, gy, gind, p->kW, p->kH, p->dW, p->dH, p->padW,
                                                p->padH, p->dilW, p->dilH, p->ceil);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    CTensor *ggo;
    TTensor *go = TEST_GRAD_LIKE(100 + c, y, &ggo);
    CPU_(SpatialDilatedMaxPooling_updateGradInput)(NULL, x, go, gi, ind, p->kW, p->kH, p->dW, p->dH, p->padW,
                                                   p->padH, p->dilW, p->dilH, p->ceil);
    GPU_(SpatialDilatedMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind, p->kW, p->kH, p->dW, p->dH,
                                                   p->padW, p->padH, p->dilW, p->dilH, p->ceil);
    TEST_MATCHES(ggi, gi);
    if (p->dilW == 1 && p->dilH == 1) {
      CPU_(SpatialMaxPooling_updateOutput)(NULL, x, y, ind, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH, p->ceil);
      GPU_(SpatialMaxPooling_updateOutput)(thc_state, gx, gy, gind, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                           p->ceil);
      TEST_MATCHES(gy, y);
      thc_assert_long_matches(gind, ind);
      CPU_(SpatialMaxPooling_updateGradInput)(NULL, x, go, gi, ind, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                              p->ceil);
      GPU_(SpatialMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind, p->kW, p->kH, p->dW, p->dH, p->padW,
                                              p->padH, p->ceil);
      TEST_MATCHES(ggi, gi);
    }
    /* SpatialMaxUnpooling inverts the windows that do not overlap (and others: the last wins). */
    const int oh = (int)x->size[x->nDimension - 2], ow = (int)x->size[x->nDimension - 1];
    TTensor *u = T_(new)(), *ugi = T_(new)();
    CTensor *gu = C_(new)(thc_state), *gugi = C_(new)(thc_state);
    CPU_(SpatialMaxUnpooling_updateOutput)(NULL, y, u, ind, ow, oh);
    GPU_(SpatialMaxUnpooling_updateOutput)(thc_state, gy, gu, gind, ow, oh);
    TEST_MATCHES(gu, u);
    CTensor *gugo;
    TTensor *ugo = TEST_GRAD_LIKE(200 + c, u, &gugo);
    CPU_(SpatialMaxUnpooling_updateGradInput)(NULL, y, ugo, ugi, ind, ow, oh);
    GPU_(SpatialMaxUnpooling_updateGradInput)(thc_state, gy, gugo, gugi, gind, ow, oh);
    TEST_MATCHES(gugi, ugi);

    T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go), T_(free)(u), T_(free)(ugi), T_(free)(ugo);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    C_(free)(thc_state, gu), C_(free)(thc_state, gugi), C_(free)(thc_state, gugo);
    THLongTensor_free(ind), THCudaLongTensor_free(thc_state, gind);
  }
}

static void TEST_(average_pooling)(void **unused) {
  for (size_t c = 0; c < TEST_NWINDOWS; c++)
    for (int include = 0; include < 2; include++) {
      const TEST_(Window) *p = &TEST_(windows)[c];
      TTensor *x = TEST_(input)(10 + c, p->n, p->planes, p->h, p->w, p->transposed), *y = T_(new)(), *gi = T_(new)();
      CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
      CPU_(SpatialAveragePooling_updateOutput)(NULL, x, y, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH, p->ceil,
                                               include);
      GPU_(SpatialAveragePooling_updateOutput)(thc_state, gx, gy, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                               p->ceil, include);
      TEST_MATCHES(gy, y);
      CTensor *ggo;
      TTensor *go = TEST_GRAD_LIKE(300 + c, y, &ggo);
      CPU_(SpatialAveragePooling_updateGradInput)(NULL, x, go, gi, p->kW, p->kH, p->dW, p->dH, p->padW, p->padH,
                                                  p->ceil, include);
      GPU_(SpatialAveragePooling_updateGradInput)(thc_state, gx, ggo, ggi, p->kW, p->kH, p->dW, p->dH, p->padW,
                                                  p->padH, p->ceil, include);
      TEST_MATCHES(ggi, gi);
      T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
      C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    }
}

/* Adaptive sizes: even splits, overlapping ones (7 into 3) and Torch7's wider windows (21 into 7). */
static void TEST_(adaptive_pooling)(void **unused) {
  static const long shapes[][6] = {{2, 3, 8, 8, 4, 4}, {0, 2, 7, 10, 3, 4}, {2, 2, 21, 22, 7, 22}};
  for (int c = 0; c < 3; c++) {
    const long *s = shapes[c];
    const int ow = (int)s[5], oh = (int)s[4];
    TTensor *x = TEST_(input)(20 + c, s[0], s[1], s[2], s[3], c == 1), *y = T_(new)(), *gi = T_(new)();
    CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
    THLongTensor *ind = THLongTensor_new();
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    CPU_(SpatialAdaptiveAveragePooling_updateOutput)(NULL, x, y, ow, oh);
    GPU_(SpatialAdaptiveAveragePooling_updateOutput)(thc_state, gx, gy, ow, oh);
    TEST_MATCHES(gy, y);
    CTensor *ggo;
    TTensor *go = TEST_GRAD_LIKE(400 + c, y, &ggo);
    CPU_(SpatialAdaptiveAveragePooling_updateGradInput)(NULL, x, go, gi);
    GPU_(SpatialAdaptiveAveragePooling_updateGradInput)(thc_state, gx, ggo, ggi);
    TEST_MATCHES(ggi, gi);
    CPU_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, x, y, ind, ow, oh);
    GPU_(SpatialAdaptiveMaxPooling_updateOutput)(thc_state, gx, gy, gind, ow, oh);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    CPU_(SpatialAdaptiveMaxPooling_updateGradInput)(NULL, x, go, gi, ind);
    GPU_(SpatialAdaptiveMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind);
    TEST_MATCHES(ggi, gi);
    T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    THLongTensor_free(ind), THCudaLongTensor_free(thc_state, gind);
  }
}

static void TEST_(fractional_pooling)(void **unused) {
  static const long shapes[][7] = {{2, 3, 11, 13, 5, 6, 2}, {0, 2, 9, 9, 4, 3, 3}};
  for (int c = 0; c < 2; c++) {
    const long *s = shapes[c];
    const int oh = (int)s[4], ow = (int)s[5], pool = (int)s[6];
    TTensor *x = TEST_(input)(30 + c, s[0], s[1], s[2], s[3], c == 1), *y = T_(new)(), *gi = T_(new)();
    TTensor *u = TEST_RANDOM(40 + c, 3, s[0] ? s[0] : 1, s[1], 2, 0, 0, 1);
    CTensor *gx = TEST_UPLOAD(x), *gu = TEST_UPLOAD(u), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
    THLongTensor *ind = THLongTensor_new();
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    CPU_(SpatialFractionalMaxPooling_updateOutput)(NULL, x, y, ow, oh, pool, pool, ind, u);
    GPU_(SpatialFractionalMaxPooling_updateOutput)(thc_state, gx, gy, ow, oh, pool, pool, gind, gu);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    CTensor *ggo;
    TTensor *go = TEST_GRAD_LIKE(500 + c, y, &ggo);
    CPU_(SpatialFractionalMaxPooling_updateGradInput)(NULL, x, go, gi, ow, oh, pool, pool, ind);
    GPU_(SpatialFractionalMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, ow, oh, pool, pool, gind);
    TEST_MATCHES(ggi, gi);
    T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go), T_(free)(u);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    C_(free)(thc_state, gu);
    THLongTensor_free(ind), THCudaLongTensor_free(thc_state, gind);
  }
}

/* [T x F] and [N x T x F] (transposed: a non-contiguous view), overlapping windows or not. */
static void TEST_(temporal_pooling)(void **unused) {
  static const int params[][2] = {{3, 2}, {2, 2}, {4, 1}};
  for (int c = 0; c < 3; c++) {
    const int kW = params[c][0], dW = params[c][1];
    TTensor *x = c == 0 ? TEST_RANDOM(50, 2, 9, 5, 0, 0, -2, 2) : TEST_RANDOM(51 + c, 3, 2, 10, 6, 0, -2, 2);
    T_(floor)(x, x);
    if (c == 2) {
      TTensor *t = T_(newTranspose)(x, 1, 2);
      T_(free)(x);
      x = t;
    }
    TTensor *y = T_(new)(), *gi = T_(new)();
    CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
    THLongTensor *ind = THLongTensor_new();
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    CPU_(TemporalMaxPooling_updateOutput)(NULL, x, y, ind, kW, dW);
    GPU_(TemporalMaxPooling_updateOutput)(thc_state, gx, gy, gind, kW, dW);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    CTensor *ggo;
    TTensor *go = TEST_GRAD_LIKE(600 + c, y, &ggo);
    CPU_(TemporalMaxPooling_updateGradInput)(NULL, x, go, gi, ind, kW, dW);
    GPU_(TemporalMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind, kW, dW);
    TEST_MATCHES(ggi, gi);
    T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    THLongTensor_free(ind), THCudaLongTensor_free(thc_state, gind);
  }
}

/* Bad input in each family: the CPU's error, word for word; afterwards the GPU keeps working. */
static void TEST_(bad_inputs)(void **unused) {
  TTensor *x = TEST_(input)(60, 2, 2, 6, 6, 0), *y = T_(new)(), *gi = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  THLongTensor *ind = THLongTensor_new();
  THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
  assert_same_error(CPU_(SpatialMaxPooling_updateOutput)(NULL, x, y, ind, 2, 2, 1, 1, 2, 0, 0),
                    GPU_(SpatialMaxPooling_updateOutput)(thc_state, gx, gy, gind, 2, 2, 1, 1, 2, 0, 0),
                    "pad should be smaller than half of kernel size");
  assert_same_error(CPU_(SpatialDilatedMaxPooling_updateOutput)(NULL, x, y, ind, 3, 3, 1, 1, 0, 0, 3, 3, 0),
                    GPU_(SpatialDilatedMaxPooling_updateOutput)(thc_state, gx, gy, gind, 3, 3, 1, 1, 0, 0, 3, 3, 0),
                    "is too small for input");
  assert_same_error(CPU_(SpatialAveragePooling_updateOutput)(NULL, x, y, 7, 2, 1, 1, 0, 0, 0, 0),
                    GPU_(SpatialAveragePooling_updateOutput)(thc_state, gx, gy, 7, 2, 1, 1, 0, 0, 0, 0),
                    "is too small for input");
  assert_same_error(CPU_(SpatialAdaptiveAveragePooling_updateOutput)(NULL, x, y, 0, 2),
                    GPU_(SpatialAdaptiveAveragePooling_updateOutput)(thc_state, gx, gy, 0, 2),
                    "output size must be positive");
  assert_same_error(CPU_(SpatialAdaptiveMaxPooling_updateOutput)(NULL, x, y, NULL, 2, 2),
                    GPU_(SpatialAdaptiveMaxPooling_updateOutput)(thc_state, gx, gy, NULL, 2, 2),
                    "indices must not be NULL");
  TTensor *u = TEST_RANDOM(61, 3, 2, 2, 2, 0, 0, 1);
  T_(data)(u)[5] = (real)1.5;
  CTensor *gu = TEST_UPLOAD(u);
  assert_same_error(CPU_(SpatialFractionalMaxPooling_updateOutput)(NULL, x, y, 3, 3, 2, 2, ind, u),
                    GPU_(SpatialFractionalMaxPooling_updateOutput)(thc_state, gx, gy, 3, 3, 2, 2, gind, gu),
                    "randomSamples must lie in [0, 1)");
  assert_same_error(CPU_(TemporalMaxPooling_updateOutput)(NULL, x, y, ind, 2, 1),
                    GPU_(TemporalMaxPooling_updateOutput)(thc_state, gx, gy, gind, 2, 1), "input must be a 2D to 3D");

  /* Indices out of range: max pooling's and unpooling's backward, unpooling's forward. */
  CPU_(SpatialMaxPooling_updateOutput)(NULL, x, y, ind, 2, 2, 2, 2, 0, 0, 0);
  THLongTensor_data(ind)[7] = 100;
  THLongTensor_data(ind)[3] = -4;
  THCudaLongTensor_free(thc_state, gind);
  gind = thc_upload_long(ind);
  CTensor *gy2 = TEST_UPLOAD(y);
  assert_same_error(CPU_(SpatialMaxPooling_updateGradInput)(NULL, x, y, gi, ind, 2, 2, 2, 2, 0, 0, 0),
                    GPU_(SpatialMaxPooling_updateGradInput)(thc_state, gx, gy2, ggi, gind, 2, 2, 2, 2, 0, 0, 0),
                    "indices value -4 is out of range [1, 36] at position 3");
  assert_same_error(CPU_(SpatialMaxUnpooling_updateOutput)(NULL, y, gi, ind, 6, 6),
                    GPU_(SpatialMaxUnpooling_updateOutput)(thc_state, gy2, ggi, gind, 6, 6), "is out of range");
  assert_same_error(CPU_(SpatialMaxUnpooling_updateGradInput)(NULL, y, x, gi, ind, 6, 6),
                    GPU_(SpatialMaxUnpooling_updateGradInput)(thc_state, gy2, gx, ggi, gind, 6, 6), "is out of range");

  /* A valid call afterwards. */
  CPU_(SpatialMaxPooling_updateOutput)(NULL, x, y, ind, 3, 3, 2, 2, 1, 1, 1);
  GPU_(SpatialMaxPooling_updateOutput)(thc_state, gx, gy, gind, 3, 3, 2, 2, 1, 1, 1);
  TEST_MATCHES(gy, y);
  thc_assert_long_matches(gind, ind);

  T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(u);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, gu);
  C_(free)(thc_state, gy2);
  THLongTensor_free(ind), THCudaLongTensor_free(thc_state, gind);
}

#undef TEST_NWINDOWS
#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_max_pooling),      cmocka_unit_test(test_Double_max_pooling),
      cmocka_unit_test(test_Float_average_pooling),  cmocka_unit_test(test_Double_average_pooling),
      cmocka_unit_test(test_Float_adaptive_pooling), cmocka_unit_test(test_Double_adaptive_pooling),
      cmocka_unit_test(test_Float_fractional_pooling), cmocka_unit_test(test_Double_fractional_pooling),
      cmocka_unit_test(test_Float_temporal_pooling), cmocka_unit_test(test_Double_temporal_pooling),
      cmocka_unit_test(test_Float_bad_inputs),       cmocka_unit_test(test_Double_bad_inputs),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
