/* Padding, upsampling and grid sampling: Spatial{Reflection,Replication}Padding,
 * VolumetricReplicationPadding, Spatial/VolumetricUpSamplingNearest, SpatialUpSamplingBilinear,
 * VolumetricUpSamplingTrilinear, SpatialGridSamplerBilinear.
 * Float against PyTorch 1.13 (tests/golden/gen_padding_upsampling.py), Double against finite
 * differences, small cases by hand, threads, buffers, non-contiguous tensors and bad inputs. */
#include "layer_test.h"

#define GOLDEN "padding_upsampling.txt"

/* A Float tensor of up to 5 sizes (a size <= 0 ends the list), uniform in [-1, 1). */
static THFloatTensor *random_float(unsigned long seed, long s0, long s1, long s2, long s3, long s4) {
  const long sizes[5] = {s0, s1, s2, s3, s4};
  int nd = 0;
  long n = 1;
  while (nd < 5 && sizes[nd] > 0) n *= sizes[nd++];
  THDoubleTensor *flat = gradcheck_random(seed, -1, 1, n, -1, -1, -1);
  THFloatTensor *f = THFloatTensor_new();
  THFloatTensor_resizeNd(f, nd, (long *)sizes, NULL);
  for (long i = 0; i < n; i++) THFloatTensor_data(f)[i] = (float)THDoubleTensor_data(flat)[i];
  THDoubleTensor_free(flat);
  return f;
}

static THDoubleTensor *random_double(unsigned long seed, double scale, long s0, long s1, long s2, long s3, long s4) {
  THFloatTensor *f = random_float(seed, s0, s1, s2, s3, s4);
  THDoubleTensor *d = THDoubleTensor_new();
  THDoubleTensor_resizeNd(d, f->nDimension, f->size, NULL);
  THDoubleTensor_copyFloat(d, f);
  THDoubleTensor_mul(d, d, scale);
  THFloatTensor_free(f);
  return d;
}

/* ------------------------------------------------------------------ goldens (Float) */

typedef enum { REFLECT, REPLICATE, REPLICATE3D } PadKind;

/* pads: l, r, t, b (and front, back for 3-D), F.pad's order and the legacy one. */
static void pad_forward(PadKind kind, const int *p, THFloatTensor *in, THFloatTensor *out) {
  if (kind == REFLECT)
    THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3]);
  else if (kind == REPLICATE)
    THNN_FloatSpatialReplicationPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3]);
  else
    THNN_FloatVolumetricReplicationPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3], p[4], p[5]);
}

static void pad_backward(PadKind kind, const int *p, THFloatTensor *in, THFloatTensor *go, THFloatTensor *gi) {
  if (kind == REFLECT)
    THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3]);
  else if (kind == REPLICATE)
    THNN_FloatSpatialReplicationPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3]);
  else
    THNN_FloatVolumetricReplicationPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3], p[4], p[5]);
}

static void check_pad_case(const char *name, PadKind kind, const int *p) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  pad_forward(kind, p, in, out);
  assert_gold(GOLDEN, name, "output", out, 0);
  pad_backward(kind, p, in, go, gi);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-6);
  free_floats(in, go, out, gi);
}

static void test_golden_padding(void **state) {
  check_pad_case("reflect", REFLECT, (int[]){2, 4, 3, 1});
  check_pad_case("reflect_crop", REFLECT, (int[]){-1, 2, 1, -2});
  check_pad_case("reflect_single", REFLECT, (int[]){1, 0, 2, 2});
  check_pad_case("replicate", REPLICATE, (int[]){5, 1, 0, 4});
  check_pad_case("replicate_crop", REPLICATE, (int[]){-2, 1, 2, -3});
  check_pad_case("replicate3d", REPLICATE3D, (int[]){1, 2, 0, 3, 2, 1});
  check_pad_case("replicate3d_crop", REPLICATE3D, (int[]){-1, 2, 1, -1, 0, -2});
}

static void check_nearest_case(const char *name, int volumetric, int scale) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  if (volumetric) {
    THNN_FloatVolumetricUpSamplingNearest_updateOutput(NULL, in, out, scale);
    THNN_FloatVolumetricUpSamplingNearest_updateGradInput(NULL, in, go, gi, scale);
  } else {
    THNN_FloatSpatialUpSamplingNearest_updateOutput(NULL, in, out, scale);
    THNN_FloatSpatialUpSamplingNearest_updateGradInput(NULL, in, go, gi, scale);
  }
  assert_gold(GOLDEN, name, "output", out, 0);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-6);
  free_floats(in, go, out, gi);
}

static void test_golden_nearest(void **state) {
  check_nearest_case("nearest", 0, 2);
  check_nearest_case("nearest_single", 0, 3);
  check_nearest_case("nearest3d", 1, 2);
  check_nearest_case("nearest3d_single", 1, 2);
}

/* Bilinear (nAxes 2) or trilinear (3) to the sizes `size`; the backward gets the sizes of the input. */
static void linear_forward(int nAxes, const int *size, THFloatTensor *in, THFloatTensor *out) {
  if (nAxes == 2)
    THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, size[0], size[1]);
  else
    THNN_FloatVolumetricUpSamplingTrilinear_updateOutput(NULL, in, out, size[0], size[1], size[2]);
}

static void linear_backward(int nAxes, const int *size, THFloatTensor *in, THFloatTensor *go, THFloatTensor *gi) {
  const int b = in->nDimension == nAxes + 2;
  const int n = b ? (int)in->size[0] : 1, c = (int)in->size[b];
  const long *is = in->size + b + 1;
  if (nAxes == 2)
    THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, go, gi, n, c, (int)is[0], (int)is[1], size[0], size[1]);
  else
    THNN_FloatVolumetricUpSamplingTrilinear_updateGradInput(NULL, go, gi, n, c, (int)is[0], (int)is[1], (int)is[2],
                                                            size[0], size[1], size[2]);
}

static void check_linear_case(const char *name, int nAxes, const int *size) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  linear_forward(nAxes, size, in, out);
  assert_gold(GOLDEN, name, "output", out, 1e-5);
  linear_backward(nAxes, size, in, go, gi);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-5);
  free_floats(in, go, out, gi);
}

static void test_golden_linear(void **state) {
  check_linear_case("bilinear_up", 2, (int[]){5, 7});
  check_linear_case("bilinear_down", 2, (int[]){4, 3});
  check_linear_case("bilinear_line", 2, (int[]){1, 6});
  check_linear_case("bilinear_single", 2, (int[]){4, 5});
  check_linear_case("trilinear_up", 3, (int[]){3, 4, 5});
  check_linear_case("trilinear_down", 3, (int[]){2, 2, 3});
  check_linear_case("trilinear_single", 3, (int[]){3, 3, 2});
}

static void check_grid_case(const char *name) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *grid = gold(GOLDEN, name, "grid");
  THFloatTensor *go = gold(GOLDEN, name, "gradOutput"), *out = THFloatTensor_new(), *gi = THFloatTensor_new(),
                *gg = THFloatTensor_new();
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid, out);
  assert_gold(GOLDEN, name, "output", out, 1e-5);
  THNN_FloatSpatialGridSamplerBilinear_updateGradInput(NULL, in, gi, grid, gg, go);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-5);
  assert_gold(GOLDEN, name, "gradGrid", gg, 1e-5);
  free_floats(in, grid, go, out, gi, gg);
}

static void test_golden_grid(void **state) {
  check_grid_case("grid");
  check_grid_case("grid_wide");
}

/* ------------------------------------------------------------------ by hand */

static void assert_values(THFloatTensor *t, const float *expect, long n) {
  assert_int_equal(THFloatTensor_nElement(t), n);
  THFloatTensor *c = THFloatTensor_newContiguous(t);
  for (long i = 0; i < n; i++)
    if (THFloatTensor_data(c)[i] != expect[i])
      fail_msg("element %ld: got %.9g, expected %.9g", i, THFloatTensor_data(c)[i], expect[i]);
  THFloatTensor_free(c);
}

static void test_by_hand(void **state) {
  const float row[3] = {1, 2, 3};
  THFloatTensor *in = th_test_float(row, 1, 1, 3, -1), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  /* Reflection about the ends (the border not repeated), replication, cropping. */
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, 2, 1, 0, 0);
  assert_values(out, (float[]){3, 2, 1, 2, 3, 2}, 6);
  THNN_FloatSpatialReplicationPadding_updateOutput(NULL, in, out, 2, 1, 0, 0);
  assert_values(out, (float[]){1, 1, 1, 2, 3, 3}, 6);
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, -1, 2, 0, 0);
  assert_values(out, (float[]){2, 3, 2, 1}, 4);
  THNN_FloatSpatialReplicationPadding_updateOutput(NULL, in, out, -3, 3, 0, 0);
  assert_values(out, (float[]){3, 3, 3}, 3);
  /* Backward: each input element receives the gradients of the outputs that copied it. */
  const float ones[6] = {1, 10, 100, 1000, 10000, 100000};
  THFloatTensor *go = th_test_float(ones, 1, 1, 6, -1);
  THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, in, go, gi, 2, 1, 0, 0);
  assert_values(gi, (float[]){100, 10 + 1000 + 100000, 1 + 10000}, 3);
  THNN_FloatSpatialReplicationPadding_updateGradInput(NULL, in, go, gi, 2, 1, 0, 0);
  assert_values(gi, (float[]){111, 1000, 110000}, 3);
  THFloatTensor_free(go);

  /* Nearest by 2 of [1 2 3]: each element twice along both axes. */
  THNN_FloatSpatialUpSamplingNearest_updateOutput(NULL, in, out, 2);
  assert_values(out, (float[]){1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}, 12);
  THFloatTensor_free(in);

  /* Bilinear 2x2 -> 3x3 with the corners aligned: the middle row averages the two rows. */
  const float square[4] = {0, 1, 2, 3};
  in = th_test_float(square, 1, 1, 2, 2);
  THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, 3, 3);
  assert_values(out, (float[]){0, 0.5f, 1, 1, 1.5f, 2, 2, 2.5f, 3}, 9);
  /* Same size: a copy. One output row: the input's first row (source coordinate 0). */
  THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, 2, 2);
  assert_values(out, square, 4);
  THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, 1, 3);
  assert_values(out, (float[]){0, 0.5f, 1}, 3);
  /* Its backward spreads each gradient over the same neighbours. */
  go = th_test_float((float[]){4, 8, 12}, 1, 1, 1, 3);
  THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, go, gi, 1, 1, 2, 2, 1, 3);
  assert_values(gi, (float[]){4 + 4, 4 + 12, 0, 0}, 4);
  THFloatTensor_free(go);

  /* Grid sampling a 2x2 plane: the corners at +-1, the centre at 0, zeros outside. */
  const float points[10] = {-1, -1, 1, 1, 0, 0, 1, -1, 3, 0};
  THFloatTensor *grid = th_test_float(points, 1, 1, 5, 2);
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid, out);
  assert_values(out, (float[]){0, 3, 1.5f, 1, 0}, 5);
  /* x = 0.5 halfway between the centre and the right edge: 3/4 of the right column. */
  THFloatTensor_data(grid)[0] = 0.5f;
  THFloatTensor_data(grid)[1] = -1;
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid, out);
  assert_close(THFloatTensor_data(out)[0], 0.75, 1e-6);
  free_floats(in, out, gi, grid);
}

/* ------------------------------------------------------------------ gradients (Double) */

typedef enum { G_REFLECT, G_REPLICATE, G_REPLICATE3D, G_NEAREST, G_NEAREST3D, G_LINEAR, G_GRID } GKind;

typedef struct {
  GKind kind;
  int p[6];
  int scale, nAxes, size[3];
  THDoubleTensor *grid, *gradGrid;
} Ctx;

static void ctx_forward(void *vctx, THDoubleTensor *in, THDoubleTensor *out) {
  Ctx *c = vctx;
  const int *p = c->p;
  switch (c->kind) {
  case G_REFLECT:
    THNN_DoubleSpatialReflectionPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3]);
    break;
  case G_REPLICATE:
    THNN_DoubleSpatialReplicationPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3]);
    break;
  case G_REPLICATE3D:
    THNN_DoubleVolumetricReplicationPadding_updateOutput(NULL, in, out, p[0], p[1], p[2], p[3], p[4], p[5]);
    break;
  case G_NEAREST:
    THNN_DoubleSpatialUpSamplingNearest_updateOutput(NULL, in, out, c->scale);
    break;
  case G_NEAREST3D:
    THNN_DoubleVolumetricUpSamplingNearest_updateOutput(NULL, in, out, c->scale);
    break;
  case G_LINEAR:
    if (c->nAxes == 2)
      THNN_DoubleSpatialUpSamplingBilinear_updateOutput(NULL, in, out, c->size[0], c->size[1]);
    else
      THNN_DoubleVolumetricUpSamplingTrilinear_updateOutput(NULL, in, out, c->size[0], c->size[1], c->size[2]);
    break;
  case G_GRID:
    THNN_DoubleSpatialGridSamplerBilinear_updateOutput(NULL, in, c->grid, out);
    break;
  }
}

static void ctx_backward(void *vctx, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  Ctx *c = vctx;
  const int *p = c->p;
  switch (c->kind) {
  case G_REFLECT:
    THNN_DoubleSpatialReflectionPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3]);
    break;
  case G_REPLICATE:
    THNN_DoubleSpatialReplicationPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3]);
    break;
  case G_REPLICATE3D:
    THNN_DoubleVolumetricReplicationPadding_updateGradInput(NULL, in, go, gi, p[0], p[1], p[2], p[3], p[4], p[5]);
    break;
  case G_NEAREST:
    THNN_DoubleSpatialUpSamplingNearest_updateGradInput(NULL, in, go, gi, c->scale);
    break;
  case G_NEAREST3D:
    THNN_DoubleVolumetricUpSamplingNearest_updateGradInput(NULL, in, go, gi, c->scale);
    break;
  case G_LINEAR: {
    const int b = in->nDimension == c->nAxes + 2;
    const int n = b ? (int)in->size[0] : 1, ch = (int)in->size[b];
    const long *is = in->size + b + 1;
    if (c->nAxes == 2)
      THNN_DoubleSpatialUpSamplingBilinear_updateGradInput(NULL, go, gi, n, ch, (int)is[0], (int)is[1], c->size[0],
                                                           c->size[1]);
    else
      THNN_DoubleVolumetricUpSamplingTrilinear_updateGradInput(NULL, go, gi, n, ch, (int)is[0], (int)is[1],
                                                               (int)is[2], c->size[0], c->size[1], c->size[2]);
    break;
  }
  case G_GRID: {
    THDoubleTensor *gg = THDoubleTensor_new();
    THNN_DoubleSpatialGridSamplerBilinear_updateGradInput(NULL, in, gi, c->grid, gg, go);
    THDoubleTensor_free(gg);
    break;
  }
  }
}

/* The grid's gradient, for gradcheck_param. */
static void ctx_grid_accumulate(void *vctx, THDoubleTensor *in, THDoubleTensor *go) {
  Ctx *c = vctx;
  THDoubleTensor *gi = THDoubleTensor_new();
  THNN_DoubleSpatialGridSamplerBilinear_updateGradInput(NULL, in, gi, c->grid, c->gradGrid, go);
  THDoubleTensor_free(gi);
}

/* Runs the gradchecks of c on in (and of the grid), then frees in and the grid. */
static void gradcheck_ctx(Ctx c, THDoubleTensor *in) {
  double err = gradcheck_input(ctx_forward, ctx_backward, &c, in, 1e-6);
  if (err > 1e-6) fail_msg("kind %d: gradInput differs from finite differences by %g", c.kind, err);
  if (c.kind == G_GRID) {
    c.gradGrid = THDoubleTensor_new();
    err = gradcheck_param(ctx_forward, ctx_grid_accumulate, &c, in, c.grid, c.gradGrid, 1e-6);
    if (err > 1e-6) fail_msg("gradGrid differs from finite differences by %g", err);
    THDoubleTensor_free(c.gradGrid);
    THDoubleTensor_free(c.grid);
  }
  THDoubleTensor_free(in);
}

static void test_gradcheck_padding(void **state) {
  gradcheck_ctx((Ctx){G_REFLECT, {2, 1, 3, 2}}, random_double(1, 1, 2, 2, 4, 3, -1));
  gradcheck_ctx((Ctx){G_REFLECT, {-1, 2, 1, -2}}, random_double(2, 1, 3, 4, 4, -1, -1));
  gradcheck_ctx((Ctx){G_REPLICATE, {4, 1, 0, 3}}, random_double(3, 1, 2, 1, 3, 2, -1));
  gradcheck_ctx((Ctx){G_REPLICATE, {-2, 3, 2, -1}}, random_double(4, 1, 2, 3, 4, -1, -1));
  gradcheck_ctx((Ctx){G_REPLICATE3D, {1, 2, 0, 3, 2, 1}}, random_double(5, 1, 2, 1, 2, 3, 2));
  gradcheck_ctx((Ctx){G_REPLICATE3D, {-1, 2, 1, -1, 0, -1}}, random_double(6, 1, 2, 3, 4, 3, -1));
}

static void test_gradcheck_upsampling(void **state) {
  gradcheck_ctx((Ctx){G_NEAREST, .scale = 2}, random_double(7, 1, 2, 2, 3, 2, -1));
  gradcheck_ctx((Ctx){G_NEAREST, .scale = 3}, random_double(8, 1, 2, 2, 3, -1, -1));
  gradcheck_ctx((Ctx){G_NEAREST3D, .scale = 2}, random_double(9, 1, 1, 2, 2, 3, 2));
  gradcheck_ctx((Ctx){G_LINEAR, .nAxes = 2, .size = {5, 4}}, random_double(10, 1, 2, 2, 3, 3, -1));
  gradcheck_ctx((Ctx){G_LINEAR, .nAxes = 2, .size = {2, 3}}, random_double(11, 1, 2, 5, 4, -1, -1));
  gradcheck_ctx((Ctx){G_LINEAR, .nAxes = 3, .size = {3, 4, 2}}, random_double(12, 1, 2, 1, 2, 3, 3));
  gradcheck_ctx((Ctx){G_LINEAR, .nAxes = 3, .size = {1, 2, 5}}, random_double(13, 1, 2, 3, 2, 3, -1));
}

static void test_gradcheck_grid(void **state) {
  gradcheck_ctx((Ctx){G_GRID, .grid = random_double(14, 1.2, 2, 3, 4, 2, -1)}, random_double(15, 1, 2, 2, 3, 4, -1));
  gradcheck_ctx((Ctx){G_GRID, .grid = random_double(16, 1.1, 1, 2, 2, 2, -1)}, random_double(17, 1, 1, 3, 5, 2, -1));
}

/* ------------------------------------------------------------------ threads, buffers, layouts */

static void test_threads_and_layouts(void **state) {
  /* 4 x 16 x 32 x 32: large enough for the threaded loops; one thread gives the same. */
  THFloatTensor *in = random_float(20, 4, 16, 32, 32, -1), *a = THFloatTensor_new(), *b = THFloatTensor_new();
  THFloatTensor *ga = THFloatTensor_new(), *gb = THFloatTensor_new();
  const int threads = THGetNumThreads();
  for (int round = 0; round < 2; round++) {
    THSetNumThreads(round == 0 ? 1 : 2);
    THFloatTensor *out = round == 0 ? a : b, *gi = round == 0 ? ga : gb;
    THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, 3, 2, 1, 4);
    THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, in, out, gi, 3, 2, 1, 4);
  }
  assert_float_tensor_close(a, b, 0, 0);
  assert_float_tensor_close(ga, gb, 0, 0);
  for (int round = 0; round < 2; round++) {
    THSetNumThreads(round == 0 ? 1 : 2);
    THFloatTensor *out = round == 0 ? a : b, *gi = round == 0 ? ga : gb;
    THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, 45, 50);
    THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, out, gi, 4, 16, 32, 32, 45, 50);
  }
  assert_float_tensor_close(a, b, 0, 0);
  assert_float_tensor_close(ga, gb, 0, 0);
  THSetNumThreads(threads > 1 ? threads : 2);

  /* A non-contiguous input (H and W swapped over a transposed copy), non-contiguous outputs, and
   * buffers of the wrong size reused twice give the same values. */
  THFloatTensor *small = random_float(21, 2, 3, 4, 5, -1), *copy = THFloatTensor_new();
  THFloatTensor *t = THFloatTensor_newTranspose(small, 2, 3), *tc = THFloatTensor_newContiguous(t);
  THFloatTensor *strided = THFloatTensor_newTranspose(tc, 2, 3);
  assert_false(THFloatTensor_isContiguous(strided));
  THFloatTensor *outBase = THFloatTensor_newWithSize4d(2, 3, 6, 10);
  THFloatTensor *outView = THFloatTensor_newTranspose(outBase, 2, 3);
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, small, a, 1, 0, 3, 3);
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, strided, outView, 1, 0, 3, 3);
  assert_float_tensor_close(outView, a, 0, 0);
  THFloatTensor_resize1d(copy, 3);
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, small, copy, 1, 0, 3, 3);
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, small, copy, 1, 0, 3, 3);
  assert_float_tensor_close(copy, a, 0, 0);
  THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, small, a, ga, 1, 0, 3, 3);
  THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, strided, outView, gb, 1, 0, 3, 3);
  assert_float_tensor_close(ga, gb, 0, 0);
  /* Bilinear and the grid sampler on the strided input. */
  THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, small, a, 6, 3);
  THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, strided, b, 6, 3);
  assert_float_tensor_close(a, b, 0, 0);
  THFloatTensor *grid = random_float(22, 2, 3, 3, 2, -1);
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, small, grid, a);
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, strided, grid, b);
  assert_float_tensor_close(a, b, 0, 0);
  free_floats(in, a, b, ga, gb, small, copy, t, tc, strided, outBase, outView, grid);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *in = random_float(30, 1, 2, 3, 3, -1), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THFloatTensor *flat = random_float(31, 3, 3, -1, -1, -1), *vol = random_float(32, 1, 2, 2, 3, 3);
  assert_th_error(THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, 3, 0, 0, 0),
                  "SpatialReflectionPadding_updateOutput: padding size should be less than the corresponding input "
                  "dimension, got pad_l = 3 and pad_r = 0 for size 3 at dimension 4 of input [1 x 2 x 3 x 3]");
  assert_th_error(THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, 0, 0, 1, 5),
                  "got pad_t = 1 and pad_b = 5 for size 3 at dimension 3");
  assert_th_error(THNN_FloatSpatialReplicationPadding_updateOutput(NULL, in, out, -2, -1, 0, 0),
                  "SpatialReplicationPadding_updateOutput: output size 0 at dimension 4 is too small: size 3 of input "
                  "[1 x 2 x 3 x 3] padded by pad_l = -2 and pad_r = -1 (negative padding crops)");
  assert_th_error(THNN_FloatSpatialReplicationPadding_updateOutput(NULL, flat, out, 1, 1, 1, 1),
                  "input must be a 3D to 4D tensor, got a 2D tensor");
  assert_th_error(THNN_FloatVolumetricReplicationPadding_updateOutput(NULL, in, out, 0, 0, 0, 0, -2, -1),
                  "VolumetricReplicationPadding_updateOutput: output size -1 at dimension 2 is too small: size 2");
  THNN_FloatSpatialReflectionPadding_updateOutput(NULL, in, out, 1, 1, 1, 1); /* [1 x 2 x 5 x 5] */
  THFloatTensor *go = THFloatTensor_newClone(out);
  assert_th_error(THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, in, go, gi, 1, 1, 1, 0),
                  "gradOutput must have size [1 x 2 x 4 x 5], got [1 x 2 x 5 x 5]");

  assert_th_error(THNN_FloatSpatialUpSamplingNearest_updateOutput(NULL, in, out, 0),
                  "SpatialUpSamplingNearest_updateOutput: scale_factor must be at least 1, got 0");
  assert_th_error(THNN_FloatVolumetricUpSamplingNearest_updateGradInput(NULL, vol, go, gi, 2),
                  "gradOutput must have size [1 x 2 x 4 x 6 x 6], got [1 x 2 x 5 x 5]");
  assert_th_error(THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, in, out, 0, 4),
                  "SpatialUpSamplingBilinear_updateOutput: output size must be positive, got outputHeight = 0");
  THFloatTensor *in3 = random_float(33, 2, 3, 3, -1, -1);
  assert_th_error(THNN_FloatVolumetricUpSamplingTrilinear_updateOutput(NULL, in3, out, 2, 2, 2),
                  "VolumetricUpSamplingTrilinear_updateOutput: input must be a 4D to 5D tensor, got a 3D tensor");
  assert_th_error(THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, go, gi, 1, 2, 3, 3, 5, 4),
                  "SpatialUpSamplingBilinear_updateGradInput: gradOutput must have size [1 x 2 x 5 x 4], got "
                  "[1 x 2 x 5 x 5]");
  assert_th_error(THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, go, gi, 1, 0, 3, 3, 5, 5),
                  "nchannels must be positive, got 0");
  assert_th_error(THNN_FloatVolumetricUpSamplingTrilinear_updateGradInput(NULL, go, gi, 1, 2, 3, 0, 3, 5, 5, 5),
                  "inputHeight must be positive, got 0");
  /* A gradOutput without the batch dimension needs nbatch = 1. */
  assert_th_error(THNN_FloatSpatialUpSamplingBilinear_updateGradInput(NULL, in3, gi, 2, 2, 2, 2, 3, 3),
                  "gradOutput must have size [2 x 2 x 3 x 3], got [2 x 3 x 3]");

  /* Grid sampling: the grid's last size, its batch, the input's dimensions, gradOutput. */
  THFloatTensor *grid3 = random_float(34, 1, 2, 2, 3, -1), *grid2 = random_float(35, 2, 2, 2, 2, -1);
  assert_th_error(THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid3, out),
                  "SpatialGridSamplerBilinear_updateOutput: grid must have size 2 at dimension 4, got size "
                  "[1 x 2 x 2 x 3]");
  assert_th_error(THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid2, out),
                  "grid must have size 1 at dimension 1");
  assert_th_error(THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in3, grid2, out),
                  "input must be a 4D tensor, got a 3D tensor");
  THFloatTensor_narrow(grid2, NULL, 0, 0, 1);
  THFloatTensor *gg = THFloatTensor_new();
  assert_th_error(THNN_FloatSpatialGridSamplerBilinear_updateGradInput(NULL, in, gi, grid2, gg, go),
                  "SpatialGridSamplerBilinear_updateGradInput: gradOutput must have size [1 x 2 x 2 x 2], got "
                  "[1 x 2 x 5 x 5]");

  /* The library keeps working. */
  THNN_FloatSpatialGridSamplerBilinear_updateOutput(NULL, in, grid2, out);
  assert_int_equal(THFloatTensor_nElement(out), 8);
  THNN_FloatSpatialReflectionPadding_updateGradInput(NULL, in, go, gi, 1, 1, 1, 1);
  assert_close(THFloatTensor_sumall(gi), THFloatTensor_sumall(go), 1e-5);
  free_floats(in3, grid3, grid2, gg);
  free_floats(in, out, gi, flat, vol, go);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_padding),      cmocka_unit_test(test_golden_nearest),
      cmocka_unit_test(test_golden_linear),       cmocka_unit_test(test_golden_grid),
      cmocka_unit_test(test_by_hand),             cmocka_unit_test(test_gradcheck_padding),
      cmocka_unit_test(test_gradcheck_upsampling), cmocka_unit_test(test_gradcheck_grid),
      cmocka_unit_test(test_threads_and_layouts), cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
