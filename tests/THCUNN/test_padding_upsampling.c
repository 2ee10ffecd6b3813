/* Padding and upsampling on the CPU and on the GPU: SpatialReflectionPadding,
 * SpatialReplicationPadding, VolumetricReplicationPadding, Spatial/VolumetricUpSamplingNearest,
 * SpatialUpSamplingBilinear and VolumetricUpSamplingTrilinear give the same outputs and gradients
 * (batched and single inputs, non-contiguous inputs, positive and negative pads, several scales,
 * upsampling and downsampling) and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A contiguous [n x] planes x size[0..nAxes) tensor (n 0: none) of values in [-2, 2). */
static TTensor *TEST_(planes)(unsigned long seed, long n, long planes, int nAxes, const long *size) {
  long sizes[5] = {n, planes, size[0], size[1], nAxes == 3 ? size[2] : 0};
  const int skip = n == 0;
  TTensor *x = T_(new)();
  T_(resizeNd)(x, nAxes + 2 - skip, sizes + skip, NULL);
  for (ptrdiff_t i = 0; i < T_(nElement)(x); i++) T_(data)(x)[i] = (real)thcunn_uniform(seed, i, -2, 2);
  return x;
}

/* The inputs of the cases: [n x] planes x size, transposed or not. */
typedef struct {
  long n, planes, size[3];
  int transposed;
  int arg[6]; /* the module's integer arguments in legacy order */
} TEST_(Case);

/* ------------------------------------------------------------------ spatial padding */

typedef struct {
  void (*cpuForward)(THNNState *, TTensor *, TTensor *, int, int, int, int);
  void (*gpuForward)(THCState *, CTensor *, CTensor *, int, int, int, int);
  void (*cpuBackward)(THNNState *, TTensor *, TTensor *, TTensor *, int, int, int, int);
  void (*gpuBackward)(THCState *, CTensor *, CTensor *, CTensor *, int, int, int, int);
} TEST_(Padding2d);

/* The cases of a spatial padding (args: padL, padR, padT, padB) compared on both devices. */
static void TEST_(check_padding2d)(const TEST_(Padding2d) *m, const TEST_(Case) *cases, size_t n) {
  for (size_t c = 0; c < n; c++) {
    const TEST_(Case) *k = &cases[c];
    const int *a = k->arg;
    TTensor *base = TEST_(planes)(c, k->n, k->planes, 2, k->size), *x, *y = T_(new)(), *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    TEST_PAIR(base, k->transposed, 1, 2, &x, &gx);
    m->cpuForward(NULL, x, y, a[0], a[1], a[2], a[3]);
    m->gpuForward(thc_state, gx, gy, a[0], a[1], a[2], a[3]);
    TEST_MATCHES(gy, y);
    TTensor *go = TEST_GRAD_LIKE(10 + c, y, &ggo);
    m->cpuBackward(NULL, x, go, gi, a[0], a[1], a[2], a[3]);
    m->gpuBackward(thc_state, gx, ggo, ggi, a[0], a[1], a[2], a[3]);
    TEST_MATCHES(ggi, gi);
    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  }
}

static void TEST_(reflection_padding)(void **unused) {
  static const TEST_(Case) cases[] = {
      {2, 3, {6, 7}, 0, {2, 3, 1, 2}},
      {0, 2, {5, 5}, 1, {-1, 2, 3, -2}},
      {1, 2, {4, 8}, 0, {0, 7, 3, 0}},
  };
  const TEST_(Padding2d)
      m = {CPU_(SpatialReflectionPadding_updateOutput), GPU_(SpatialReflectionPadding_updateOutput),
           CPU_(SpatialReflectionPadding_updateGradInput), GPU_(SpatialReflectionPadding_updateGradInput)};
  TEST_(check_padding2d)(&m, cases, sizeof cases / sizeof cases[0]);

  /* A pad as large as the input, then a valid call. */
  TTensor *x = TEST_(planes)(5, 2, 2, 2, cases[0].size), *y = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state);
  assert_same_error(CPU_(SpatialReflectionPadding_updateOutput)(NULL, x, y, 7, 0, 0, 0),
                    GPU_(SpatialReflectionPadding_updateOutput)(thc_state, gx, gy, 7, 0, 0, 0),
                    "padding size should be less than the corresponding input dimension");
  CPU_(SpatialReflectionPadding_updateOutput)(NULL, x, y, 1, 2, 3, 4);
  GPU_(SpatialReflectionPadding_updateOutput)(thc_state, gx, gy, 1, 2, 3, 4);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy);
}

static void TEST_(replication_padding)(void **unused) {
  static const TEST_(Case) cases[] = {
      {2, 2, {4, 5}, 0, {3, 1, 2, 4}},
      {0, 3, {6, 4}, 1, {-2, 1, 0, 2}},
      {1, 1, {1, 1}, 0, {5, 4, 3, 2}},
  };
  const TEST_(Padding2d)
      m = {CPU_(SpatialReplicationPadding_updateOutput), GPU_(SpatialReplicationPadding_updateOutput),
           CPU_(SpatialReplicationPadding_updateGradInput), GPU_(SpatialReplicationPadding_updateGradInput)};
  TEST_(check_padding2d)(&m, cases, sizeof cases / sizeof cases[0]);

  /* Cropping everything away, then a valid call. */
  TTensor *x = TEST_(planes)(6, 0, 2, 2, cases[0].size), *y = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state);
  assert_same_error(CPU_(SpatialReplicationPadding_updateOutput)(NULL, x, y, -3, -2, 0, 0),
                    GPU_(SpatialReplicationPadding_updateOutput)(thc_state, gx, gy, -3, -2, 0, 0), "is too small");
  CPU_(SpatialReplicationPadding_updateOutput)(NULL, x, y, 1, 1, 1, 1);
  GPU_(SpatialReplicationPadding_updateOutput)(thc_state, gx, gy, 1, 1, 1, 1);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy);
}

static void TEST_(volumetric_replication_padding)(void **unused) {
  /* args: pleft, pright, ptop, pbottom, pfront, pback */
  static const TEST_(Case) cases[] = {
      {2, 2, {3, 4, 5}, 0, {1, 2, 0, 3, 2, 1}},
      {0, 3, {4, 3, 5}, 1, {-1, 2, 2, -1, 0, 3}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const TEST_(Case) *k = &cases[c];
    const int *a = k->arg;
    TTensor *base = TEST_(planes)(20 + c, k->n, k->planes, 3, k->size), *x, *y = T_(new)(), *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    TEST_PAIR(base, k->transposed, 1, 2, &x, &gx);
    CPU_(VolumetricReplicationPadding_updateOutput)(NULL, x, y, a[0], a[1], a[2], a[3], a[4], a[5]);
    GPU_(VolumetricReplicationPadding_updateOutput)(thc_state, gx, gy, a[0], a[1], a[2], a[3], a[4], a[5]);
    TEST_MATCHES(gy, y);
    TTensor *go = TEST_GRAD_LIKE(30 + c, y, &ggo);
    CPU_(VolumetricReplicationPadding_updateGradInput)(NULL, x, go, gi, a[0], a[1], a[2], a[3], a[4], a[5]);
    GPU_(VolumetricReplicationPadding_updateGradInput)(thc_state, gx, ggo, ggi, a[0], a[1], a[2], a[3], a[4], a[5]);
    TEST_MATCHES(ggi, gi);

    /* gradOutput of the input's size, then a valid call. */
    assert_same_error(
        CPU_(VolumetricReplicationPadding_updateGradInput)(NULL, x, x, gi, a[0], a[1], a[2], a[3], a[4], a[5]),
        GPU_(VolumetricReplicationPadding_updateGradInput)(thc_state, gx, gx, ggi, a[0], a[1], a[2], a[3], a[4], a[5]),
        "gradOutput must have size");
    GPU_(VolumetricReplicationPadding_updateOutput)(thc_state, gx, gy, a[0], a[1], a[2], a[3], a[4], a[5]);
    TEST_MATCHES(gy, y);

    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  }
}

/* ------------------------------------------------------------------ nearest upsampling */

static void TEST_(nearest_upsampling)(void **unused) {
  /* args: scale_factor; nAxes by size[2] (0: spatial) */
  static const TEST_(Case) cases[] = {
      {2, 3, {4, 5, 0}, 0, {2}}, {0, 2, {3, 6, 0}, 1, {3}}, {1, 2, {2, 3, 4}, 0, {2}},
      {0, 2, {3, 2, 5}, 1, {3}}, {2, 1, {2, 2, 3}, 0, {1}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const TEST_(Case) *k = &cases[c];
    const int volumetric = k->size[2] != 0, scale = k->arg[0];
    TTensor *base = TEST_(planes)(40 + c, k->n, k->planes, volumetric ? 3 : 2, k->size), *x, *y = T_(new)(),
            *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    TEST_PAIR(base, k->transposed, 1, 2, &x, &gx);
    if (volumetric) {
      CPU_(VolumetricUpSamplingNearest_updateOutput)(NULL, x, y, scale);
      GPU_(VolumetricUpSamplingNearest_updateOutput)(thc_state, gx, gy, scale);
    } else {
      CPU_(SpatialUpSamplingNearest_updateOutput)(NULL, x, y, scale);
      GPU_(SpatialUpSamplingNearest_updateOutput)(thc_state, gx, gy, scale);
    }
    TEST_MATCHES(gy, y);
    TTensor *go = TEST_GRAD_LIKE(50 + c, y, &ggo);
    if (volumetric) {
      CPU_(VolumetricUpSamplingNearest_updateGradInput)(NULL, x, go, gi, scale);
      GPU_(VolumetricUpSamplingNearest_updateGradInput)(thc_state, gx, ggo, ggi, scale);
    } else {
      CPU_(SpatialUpSamplingNearest_updateGradInput)(NULL, x, go, gi, scale);
      GPU_(SpatialUpSamplingNearest_updateGradInput)(thc_state, gx, ggo, ggi, scale);
    }
    TEST_MATCHES(ggi, gi);
    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  }

  /* A zero scale, then a valid call. */
  TTensor *x = TEST_(planes)(60, 2, 2, 3, cases[2].size), *y = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state);
  assert_same_error(CPU_(VolumetricUpSamplingNearest_updateOutput)(NULL, x, y, 0),
                    GPU_(VolumetricUpSamplingNearest_updateOutput)(thc_state, gx, gy, 0),
                    "scale_factor must be at least 1");
  assert_same_error(CPU_(SpatialUpSamplingNearest_updateOutput)(NULL, x, y, 2),
                    GPU_(SpatialUpSamplingNearest_updateOutput)(thc_state, gx, gy, 2), "input must be a 3D to 4D");
  CPU_(VolumetricUpSamplingNearest_updateOutput)(NULL, x, y, 2);
  GPU_(VolumetricUpSamplingNearest_updateOutput)(thc_state, gx, gy, 2);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy);
}

/* ------------------------------------------------------------------ linear upsampling */

/* args: the output sizes; nAxes by size[2] (0: bilinear). The backward gets the sizes, and a
 * gradOutput without the batch dimension for a single input. */
static void TEST_(linear_upsampling)(void **unused) {
  static const TEST_(Case) cases[] = {
      {2, 3, {4, 5, 0}, 0, {9, 11}},   {0, 2, {7, 8, 0}, 1, {3, 4}},    {1, 2, {5, 6, 0}, 0, {1, 7}},
      {2, 2, {3, 4, 5}, 0, {5, 7, 9}}, {0, 2, {6, 5, 4}, 1, {3, 5, 2}}, {1, 1, {1, 3, 2}, 0, {4, 1, 3}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const TEST_(Case) *k = &cases[c];
    const int volumetric = k->size[2] != 0, *o = k->arg;
    TTensor *base = TEST_(planes)(70 + c, k->n, k->planes, volumetric ? 3 : 2, k->size), *x, *y = T_(new)(),
            *gi = T_(new)();
    CTensor *gx, *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *ggo;
    TEST_PAIR(base, k->transposed, 1, 2, &x, &gx);
    const int nd = x->nDimension, nb = k->n ? (int)k->n : 1, np = (int)k->planes;
    const int i0 = (int)x->size[nd - 3], i1 = (int)x->size[nd - 2], i2 = (int)x->size[nd - 1];
    if (volumetric) {
      CPU_(VolumetricUpSamplingTrilinear_updateOutput)(NULL, x, y, o[0], o[1], o[2]);
      GPU_(VolumetricUpSamplingTrilinear_updateOutput)(thc_state, gx, gy, o[0], o[1], o[2]);
    } else {
      CPU_(SpatialUpSamplingBilinear_updateOutput)(NULL, x, y, o[0], o[1]);
      GPU_(SpatialUpSamplingBilinear_updateOutput)(thc_state, gx, gy, o[0], o[1]);
    }
    TEST_MATCHES(gy, y);
    TTensor *go = TEST_GRAD_LIKE(80 + c, y, &ggo);
    if (volumetric) {
      CPU_(VolumetricUpSamplingTrilinear_updateGradInput)(NULL, go, gi, nb, np, i0, i1, i2, o[0], o[1], o[2]);
      GPU_(VolumetricUpSamplingTrilinear_updateGradInput)(thc_state, ggo, ggi, nb, np, i0, i1, i2, o[0], o[1], o[2]);
    } else {
      CPU_(SpatialUpSamplingBilinear_updateGradInput)(NULL, go, gi, nb, np, i1, i2, o[0], o[1]);
      GPU_(SpatialUpSamplingBilinear_updateGradInput)(thc_state, ggo, ggi, nb, np, i1, i2, o[0], o[1]);
    }
    TEST_MATCHES(ggi, gi);

    if (c == 0) {
      /* A zero output size and a gradOutput of the wrong size, then a valid call. */
      assert_same_error(CPU_(SpatialUpSamplingBilinear_updateOutput)(NULL, x, y, 0, 3),
                        GPU_(SpatialUpSamplingBilinear_updateOutput)(thc_state, gx, gy, 0, 3),
                        "output size must be positive");
      assert_same_error(
          CPU_(SpatialUpSamplingBilinear_updateGradInput)(NULL, go, gi, nb, np, i1, i2, o[0] + 1, o[1]),
          GPU_(SpatialUpSamplingBilinear_updateGradInput)(thc_state, ggo, ggi, nb, np, i1, i2, o[0] + 1, o[1]),
          "gradOutput must have size");
      GPU_(SpatialUpSamplingBilinear_updateOutput)(thc_state, gx, gy, o[0], o[1]);
      TEST_MATCHES(gy, y);
    }

    T_(free)(base), T_(free)(x), T_(free)(y), T_(free)(gi), T_(free)(go);
    C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, ggo);
  }
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_reflection_padding),
      cmocka_unit_test(test_Double_reflection_padding),
      cmocka_unit_test(test_Float_replication_padding),
      cmocka_unit_test(test_Double_replication_padding),
      cmocka_unit_test(test_Float_volumetric_replication_padding),
      cmocka_unit_test(test_Double_volumetric_replication_padding),
      cmocka_unit_test(test_Float_nearest_upsampling),
      cmocka_unit_test(test_Double_nearest_upsampling),
      cmocka_unit_test(test_Float_linear_upsampling),
      cmocka_unit_test(test_Double_linear_upsampling),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
