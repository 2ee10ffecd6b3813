/* The volumetric pooling families on the CPU and on the GPU: VolumetricMaxPooling,
 * VolumetricDilatedMaxPooling, VolumetricAveragePooling, VolumetricFractionalMaxPooling and
 * VolumetricMaxUnpooling give the same outputs, indices and gradients (batched and single volumes,
 * non-contiguous inputs, padding, strides, dilation, ceil mode, count_include_pad, ties) and the
 * same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A contiguous [n x] planes x s0 x s1 x s2 tensor (n 0: none) of values in [-3, 3), whole numbers
 * when ints (many ties for the max poolings). */
static TTensor *TEST_(volume)(unsigned long seed, long n, long planes, const long *size, int ints) {
  long sizes[5] = {n, planes, size[0], size[1], size[2]};
  const int skip = n == 0;
  TTensor *x = T_(new)();
  T_(resizeNd)(x, 5 - skip, sizes + skip, NULL);
  real *d = T_(data)(x);
  for (ptrdiff_t i = 0; i < T_(nElement)(x); i++) {
    const double v = thcunn_uniform(seed, i, -3, 3);
    d[i] = (real)(ints ? floor(v) : v);
  }
  return x;
}

/* Windows along T, H, W; the input [n x] planes x size (n 0: a single volume). */
typedef struct {
  int k[3], d[3], pad[3], dil[3], ceil;
  long n, planes, size[3];
  int transposed;
} TEST_(Pool);

static const TEST_(Pool) TEST_(pools)[] = {
    {{2, 2, 2}, {2, 2, 2}, {0, 0, 0}, {1, 1, 1}, 0, 2, 3, {4, 6, 6}, 0},
    {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 0, 0, 2, {5, 5, 6}, 1},
    {{3, 2, 3}, {2, 1, 2}, {1, 1, 0}, {1, 1, 1}, 1, 2, 2, {6, 7, 7}, 0},
    {{3, 3, 2}, {2, 2, 1}, {1, 1, 1}, {2, 2, 1}, 1, 1, 2, {7, 9, 6}, 1},
    {{2, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 1, 2}, 0, 0, 3, {6, 7, 9}, 0},
};
#define TEST_NPOOLS (sizeof TEST_(pools) / sizeof TEST_(pools)[0])
/* kT, kW, kH, dT, dW, dH, padT, padW, padH: the legacy argument order. */
#define TEST_WINDOW_ARGS(P) \
  (P)->k[0], (P)->k[2], (P)->k[1], (P)->d[0], (P)->d[2], (P)->d[1], (P)->pad[0], (P)->pad[2], (P)->pad[1]
#define TEST_DILATION_ARGS(P) (P)->dil[0], (P)->dil[2], (P)->dil[1]

static int TEST_(undilated)(const TEST_(Pool) *p) {
  return p->dil[0] == 1 && p->dil[1] == 1 && p->dil[2] == 1;
}

static void TEST_(max_pooling)(void **unused) {
  for (size_t c = 0; c < TEST_NPOOLS; c++) {
    const TEST_(Pool) *p = &TEST_(pools)[c];
    TTensor *base = TEST_(volume)(c, p->n, p->planes, p->size, 1), *x, *y = T_(new)(), *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    THLongTensor *ind = THLongTensor_new();
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    TEST_PAIR(base, p->transposed, 3, 1, &x, &gx);

    CPU_(VolumetricDilatedMaxPooling_updateOutput)(NULL, x, y, ind, TEST_WINDOW_ARGS(p), TEST_DILATION_ARGS(p),
                                                   p->ceil);
    GPU_(VolumetricDilatedMaxPooling_updateOutput)(thc_state, gx, gy, gind, TEST_WINDOW_ARGS(p), TEST_DILATION_ARGS(p),
                                                   p->ceil);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    TTensor *go = TEST_GRAD_LIKE(100 + c, y, &ggo);
    CPU_(VolumetricDilatedMaxPooling_updateGradInput)(NULL, x, go, gi, ind, TEST_WINDOW_ARGS(p), TEST_DILATION_ARGS(p),
                                                      p->ceil);
    GPU_(VolumetricDilatedMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind, TEST_WINDOW_ARGS(p),
                                                      TEST_DILATION_ARGS(p), p->ceil);
    TEST_MATCHES(ggi, gi);

    if (TEST_(undilated)(p)) {
      CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, y, ind, TEST_WINDOW_ARGS(p), p->ceil);
      GPU_(VolumetricMaxPooling_updateOutput)(thc_state, gx, gy, gind, TEST_WINDOW_ARGS(p), p->ceil);
      TEST_MATCHES(gy, y);
      thc_assert_long_matches(gind, ind);
      CPU_(VolumetricMaxPooling_updateGradInput)(NULL, x, go, gi, ind, TEST_WINDOW_ARGS(p), p->ceil);
      GPU_(VolumetricMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gind, TEST_WINDOW_ARGS(p), p->ceil);
      TEST_MATCHES(ggi, gi);
    }

    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go), THLongTensor_free(ind);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    THCudaLongTensor_free(thc_state, gind);
  }
}

static void TEST_(max_pooling_errors)(void **unused) {
  const TEST_(Pool) *p = &TEST_(pools)[0];
  TTensor *x = TEST_(volume)(7, p->n, p->planes, p->size, 1), *y = T_(new)(), *gi = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
  THLongTensor *ind = THLongTensor_new();
  THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);

  /* A padding above half the kernel. */
  assert_same_error(CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, y, ind, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0),
                    GPU_(VolumetricMaxPooling_updateOutput)(thc_state, gx, gy, gind, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0),
                    "pad should be smaller than half of kernel size");
  /* A 3D input to a volumetric module. */
  TTensor *flat = TEST_RANDOM(8, 3, 2, 4, 4, 0, -1, 1);
  CTensor *gflat = TEST_UPLOAD(flat);
  assert_same_error(CPU_(VolumetricMaxPooling_updateOutput)(NULL, flat, y, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0),
                    GPU_(VolumetricMaxPooling_updateOutput)(thc_state, gflat, gy, gind, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0),
                    "input must be a 4D to 5D tensor");

  /* An index whose offsets leave the window: the CPU's error, raised after the same writes. */
  CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, y, ind, TEST_WINDOW_ARGS(p), p->ceil);
  TTensor *go = TEST_GRAD_LIKE(9, y, &ggo);
  THLongTensor_data(ind)[3] = 255;
  THCudaLongTensor *gbad = thc_upload_long(ind);
  assert_same_error(
      CPU_(VolumetricMaxPooling_updateGradInput)(NULL, x, go, gi, ind, TEST_WINDOW_ARGS(p), p->ceil),
      GPU_(VolumetricMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, gbad, TEST_WINDOW_ARGS(p), p->ceil),
      "is not a window offset");

  /* The state stays usable. */
  CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, y, ind, TEST_WINDOW_ARGS(p), p->ceil);
  GPU_(VolumetricMaxPooling_updateOutput)(thc_state, gx, gy, gind, TEST_WINDOW_ARGS(p), p->ceil);
  TEST_MATCHES(gy, y);
  thc_assert_long_matches(gind, ind);

  T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go), T_(free)(flat), THLongTensor_free(ind);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  C_(free)(thc_state, gflat), THCudaLongTensor_free(thc_state, gind), THCudaLongTensor_free(thc_state, gbad);
}

static void TEST_(average_pooling)(void **unused) {
  for (size_t c = 0; c < TEST_NPOOLS; c++) {
    const TEST_(Pool) *p = &TEST_(pools)[c];
    if (!TEST_(undilated)(p)) continue;
    for (int include = 0; include < 2; include++) {
      TTensor *base = TEST_(volume)(20 + c, p->n, p->planes, p->size, 0), *x, *y = T_(new)(), *gi = T_(new)();
      CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
      TEST_PAIR(base, p->transposed, 3, 1, &x, &gx);
      CPU_(VolumetricAveragePooling_updateOutput)(NULL, x, y, TEST_WINDOW_ARGS(p), p->ceil, include);
      GPU_(VolumetricAveragePooling_updateOutput)(thc_state, gx, gy, TEST_WINDOW_ARGS(p), p->ceil, include);
      TEST_MATCHES(gy, y);
      TTensor *go = TEST_GRAD_LIKE(200 + c, y, &ggo);
      CPU_(VolumetricAveragePooling_updateGradInput)(NULL, x, go, gi, TEST_WINDOW_ARGS(p), p->ceil, include);
      GPU_(VolumetricAveragePooling_updateGradInput)(thc_state, gx, ggo, ggi, TEST_WINDOW_ARGS(p), p->ceil, include);
      TEST_MATCHES(ggi, gi);
      T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
      C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    }
  }

  /* gradOutput of the wrong size, then a valid call. */
  const TEST_(Pool) *p = &TEST_(pools)[0];
  TTensor *x = TEST_(volume)(30, p->n, p->planes, p->size, 0), *y = T_(new)(), *gi = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  assert_same_error(
      CPU_(VolumetricAveragePooling_updateGradInput)(NULL, x, x, gi, TEST_WINDOW_ARGS(p), p->ceil, 0),
      GPU_(VolumetricAveragePooling_updateGradInput)(thc_state, gx, gx, ggi, TEST_WINDOW_ARGS(p), p->ceil, 0),
      "gradOutput must have size");
  CPU_(VolumetricAveragePooling_updateOutput)(NULL, x, y, TEST_WINDOW_ARGS(p), p->ceil, 0);
  GPU_(VolumetricAveragePooling_updateOutput)(thc_state, gx, gy, TEST_WINDOW_ARGS(p), p->ceil, 0);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

/* Fractional pooling: input [n x] planes x H x W x T, outputs and pool sizes along H, W, T. */
typedef struct {
  long n, planes, size[3];
  int out[3], pool[3], transposed;
} TEST_(Fractional);

static const TEST_(Fractional) TEST_(fractionals)[] = {
    {2, 3, {9, 8, 7}, {4, 3, 3}, {2, 3, 2}, 0},
    {0, 2, {7, 7, 6}, {3, 5, 4}, {3, 3, 3}, 1},
    {1, 2, {6, 9, 5}, {5, 1, 2}, {2, 2, 3}, 0},
};
/* outputT, outputW, outputH, poolSizeT, poolSizeW, poolSizeH. */
#define TEST_FRACTIONAL_ARGS(F) (F)->out[2], (F)->out[1], (F)->out[0], (F)->pool[2], (F)->pool[1], (F)->pool[0]

static void TEST_(fractional_max_pooling)(void **unused) {
  for (size_t c = 0; c < sizeof TEST_(fractionals) / sizeof TEST_(fractionals)[0]; c++) {
    const TEST_(Fractional) *f = &TEST_(fractionals)[c];
    TTensor *base = TEST_(volume)(40 + c, f->n, f->planes, f->size, 1), *x, *y = T_(new)(), *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    THLongTensor *ind = THLongTensor_new();
    THCudaLongTensor *gind = THCudaLongTensor_new(thc_state);
    /* Transposed: H and W swapped (the cases where that keeps the sizes valid). */
    TEST_PAIR(base, f->transposed, 3, 2, &x, &gx);
    TTensor *samples = TEST_RANDOM(50 + c, 3, f->n ? f->n : 1, f->planes, 3, 0, 0, 0.99);
    CTensor *gsamples = TEST_UPLOAD(samples);
    CPU_(VolumetricFractionalMaxPooling_updateOutput)(NULL, x, y, TEST_FRACTIONAL_ARGS(f), ind, samples);
    GPU_(VolumetricFractionalMaxPooling_updateOutput)(thc_state, gx, gy, TEST_FRACTIONAL_ARGS(f), gind, gsamples);
    TEST_MATCHES(gy, y);
    thc_assert_long_matches(gind, ind);
    TTensor *go = TEST_GRAD_LIKE(300 + c, y, &ggo);
    CPU_(VolumetricFractionalMaxPooling_updateGradInput)(NULL, x, go, gi, TEST_FRACTIONAL_ARGS(f), ind);
    GPU_(VolumetricFractionalMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, TEST_FRACTIONAL_ARGS(f), gind);
    TEST_MATCHES(ggi, gi);

    if (c == 0) {
      /* A sample outside [0, 1), an index outside the volume; then a valid call. */
      T_(data)(samples)[4] = 1.5;
      CTensor *gbadSamples = TEST_UPLOAD(samples);
      assert_same_error(
          CPU_(VolumetricFractionalMaxPooling_updateOutput)(NULL, x, y, TEST_FRACTIONAL_ARGS(f), ind, samples),
          GPU_(VolumetricFractionalMaxPooling_updateOutput)(thc_state, gx, gy, TEST_FRACTIONAL_ARGS(f), gind,
                                                            gbadSamples),
          "randomSamples must lie in [0, 1)");
      THLongTensor_data(ind)[5] = 0;
      THCudaLongTensor *gbad = thc_upload_long(ind);
      assert_same_error(
          CPU_(VolumetricFractionalMaxPooling_updateGradInput)(NULL, x, go, gi, TEST_FRACTIONAL_ARGS(f), ind),
          GPU_(VolumetricFractionalMaxPooling_updateGradInput)(thc_state, gx, ggo, ggi, TEST_FRACTIONAL_ARGS(f), gbad),
          "indices value 0 is out of range");
      T_(data)(samples)[4] = 0.25;
      CPU_(VolumetricFractionalMaxPooling_updateOutput)(NULL, x, y, TEST_FRACTIONAL_ARGS(f), ind, samples);
      C_(free)(thc_state, gsamples);
      gsamples = TEST_UPLOAD(samples);
      GPU_(VolumetricFractionalMaxPooling_updateOutput)(thc_state, gx, gy, TEST_FRACTIONAL_ARGS(f), gind, gsamples);
      TEST_MATCHES(gy, y);
      thc_assert_long_matches(gind, ind);
      C_(free)(thc_state, gbadSamples), THCudaLongTensor_free(thc_state, gbad);
    }

    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go), T_(free)(samples);
    THLongTensor_free(ind);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
    C_(free)(thc_state, gsamples), THCudaLongTensor_free(thc_state, gind);
  }
}

/* Unpooling what VolumetricMaxPooling pooled (tiling and overlapping windows), and its backward. */
static void TEST_(max_unpooling)(void **unused) {
  static const size_t cases[] = {0, 2, 1};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const TEST_(Pool) *p = &TEST_(pools)[cases[k]];
    TTensor *base = TEST_(volume)(60 + k, p->n, p->planes, p->size, 0), *x, *pooled = T_(new)(), *y = T_(new)(),
            *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *gpooled, *ggo;
    THLongTensor *ind = THLongTensor_new();
    TEST_PAIR(base, p->transposed, 3, 1, &x, &gx);
    CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, pooled, ind, TEST_WINDOW_ARGS(p), p->ceil);
    THCudaLongTensor *gind = thc_upload_long(ind);
    gpooled = TEST_UPLOAD(pooled);
    const int nd = x->nDimension;
    const long oT = x->size[nd - 3], oH = x->size[nd - 2], oW = x->size[nd - 1];
#define TEST_UNPOOL_ARGS oT, oW, oH, p->d[0], p->d[2], p->d[1], p->pad[0], p->pad[2], p->pad[1]
    CPU_(VolumetricMaxUnpooling_updateOutput)(NULL, pooled, y, ind, TEST_UNPOOL_ARGS);
    GPU_(VolumetricMaxUnpooling_updateOutput)(thc_state, gpooled, gy, gind, TEST_UNPOOL_ARGS);
    TEST_MATCHES(gy, y);
    TTensor *go = TEST_GRAD_LIKE(400 + k, y, &ggo);
    CPU_(VolumetricMaxUnpooling_updateGradInput)(NULL, pooled, go, gi, ind, TEST_UNPOOL_ARGS);
    GPU_(VolumetricMaxUnpooling_updateGradInput)(thc_state, gpooled, ggo, ggi, gind, TEST_UNPOOL_ARGS);
    TEST_MATCHES(ggi, gi);

    if (k == 0) {
      /* Offsets that leave the output volume: the same error both ways, then a valid call. */
      THLongTensor_data(ind)[2] = 0xffffff;
      THCudaLongTensor *gbad = thc_upload_long(ind);
      assert_same_error(CPU_(VolumetricMaxUnpooling_updateOutput)(NULL, pooled, y, ind, TEST_UNPOOL_ARGS),
                        GPU_(VolumetricMaxUnpooling_updateOutput)(thc_state, gpooled, gy, gbad, TEST_UNPOOL_ARGS),
                        "does not name a position");
      assert_same_error(
          CPU_(VolumetricMaxUnpooling_updateGradInput)(NULL, pooled, go, gi, ind, TEST_UNPOOL_ARGS),
          GPU_(VolumetricMaxUnpooling_updateGradInput)(thc_state, gpooled, ggo, ggi, gbad, TEST_UNPOOL_ARGS),
          "does not name a position");
      THCudaLongTensor_free(thc_state, gbad);
      CPU_(VolumetricMaxPooling_updateOutput)(NULL, x, pooled, ind, TEST_WINDOW_ARGS(p), p->ceil);
      CPU_(VolumetricMaxUnpooling_updateOutput)(NULL, pooled, y, ind, TEST_UNPOOL_ARGS);
      GPU_(VolumetricMaxUnpooling_updateOutput)(thc_state, gpooled, gy, gind, TEST_UNPOOL_ARGS);
      TEST_MATCHES(gy, y);
    }
#undef TEST_UNPOOL_ARGS

    T_(free)(base), T_(free)(x), T_(free)(pooled), T_(free)(y), T_(free)(gi), T_(free)(go), THLongTensor_free(ind);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, gpooled);
    C_(free)(thc_state, ggo), THCudaLongTensor_free(thc_state, gind);
  }
}

#else
#include <math.h>

#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_max_pooling),
      cmocka_unit_test(test_Double_max_pooling),
      cmocka_unit_test(test_Float_max_pooling_errors),
      cmocka_unit_test(test_Double_max_pooling_errors),
      cmocka_unit_test(test_Float_average_pooling),
      cmocka_unit_test(test_Double_average_pooling),
      cmocka_unit_test(test_Float_fractional_max_pooling),
      cmocka_unit_test(test_Double_fractional_max_pooling),
      cmocka_unit_test(test_Float_max_unpooling),
      cmocka_unit_test(test_Double_max_unpooling),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
