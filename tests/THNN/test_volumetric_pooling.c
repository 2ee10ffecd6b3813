/* The volumetric pooling modules: Volumetric(Dilated)MaxPooling, VolumetricAveragePooling,
 * VolumetricFractionalMaxPooling, VolumetricMaxUnpooling.
 * Float against PyTorch 1.13 (tests/golden/gen_volumetric_pooling.py; max pooling indices converted
 * to Torch7's packed window offsets there), Double against finite differences, the index format by
 * hand, the threaded loops against a direct reference, buffers, non-contiguous tensors and bad
 * inputs. */
#include "layer_test.h"

#define GOLDEN "volumetric_pooling.txt"

static THLongTensor *gold_long(const char *name, const char *field) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", name, field);
  THDoubleTensor *d = golden_double(GOLDEN, key);
  THLongTensor *l = THLongTensor_new();
  THLongTensor_resizeNd(l, d->nDimension, d->size, NULL);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(d); i++) THLongTensor_data(l)[i] = (long)THDoubleTensor_data(d)[i];
  THDoubleTensor_free(d);
  return l;
}

static void assert_long_tensor_equal(THLongTensor *a, THLongTensor *b) {
  if (!THLongTensor_isSameSizeAs(a, b))
    fail_msg("size %s, expected %s", THLongTensor_sizeDesc(a).str, THLongTensor_sizeDesc(b).str);
  THLongTensor *ac = THLongTensor_newContiguous(a), *bc = THLongTensor_newContiguous(b);
  for (ptrdiff_t i = 0; i < THLongTensor_nElement(ac); i++)
    if (THLongTensor_data(ac)[i] != THLongTensor_data(bc)[i])
      fail_msg("index %td: got %ld, expected %ld", i, THLongTensor_data(ac)[i], THLongTensor_data(bc)[i]);
  THLongTensor_free(ac);
  THLongTensor_free(bc);
}

/* A Double tensor [n x] c x t x h x w (no batch dimension for n = 0), uniform in [lo, hi). */
static THDoubleTensor *random5(unsigned long seed, double lo, double hi, long n, long c, long t, long h, long w) {
  THDoubleTensor *flat = gradcheck_random(seed, lo, hi, (n ? n : 1) * c * t * h * w, -1, -1, -1);
  const long sizes[5] = {n, c, t, h, w};
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_resizeNd(r, n ? 5 : 4, (long *)(n ? sizes : sizes + 1), NULL);
  memcpy(THDoubleTensor_data(r), THDoubleTensor_data(flat), sizeof(double) * (size_t)THDoubleTensor_nElement(r));
  THDoubleTensor_free(flat);
  return r;
}

static THFloatTensor *random5f(unsigned long seed, long n, long c, long t, long h, long w) {
  THDoubleTensor *d = random5(seed, -1, 1, n, c, t, h, w);
  THFloatTensor *f = THFloatTensor_new();
  THFloatTensor_resizeNd(f, d->nDimension, d->size, NULL);
  THFloatTensor_copyDouble(f, d);
  THDoubleTensor_free(d);
  return f;
}

/* ------------------------------------------------------------------ goldens (Float) */

/* Window parameters in the legacy argument order. */
typedef struct {
  const char *name;
  int kT, kW, kH, dT, dW, dH, pT, pW, pH, dilT, dilW, dilH;
  bool ceil;
} MaxCase;

static void max_forward(MaxCase c, THFloatTensor *in, THFloatTensor *out, THLongTensor *ind) {
  if (c.dilT == 1 && c.dilW == 1 && c.dilH == 1)
    THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, c.kT, c.kW, c.kH, c.dT, c.dW, c.dH, c.pT, c.pW,
                                                c.pH, c.ceil);
  else
    THNN_FloatVolumetricDilatedMaxPooling_updateOutput(NULL, in, out, ind, c.kT, c.kW, c.kH, c.dT, c.dW, c.dH, c.pT,
                                                       c.pW, c.pH, c.dilT, c.dilW, c.dilH, c.ceil);
}

static void max_backward(MaxCase c, THFloatTensor *in, THFloatTensor *go, THFloatTensor *gi, THLongTensor *ind) {
  if (c.dilT == 1 && c.dilW == 1 && c.dilH == 1)
    THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, go, gi, ind, c.kT, c.kW, c.kH, c.dT, c.dW, c.dH, c.pT,
                                                   c.pW, c.pH, c.ceil);
  else
    THNN_FloatVolumetricDilatedMaxPooling_updateGradInput(NULL, in, go, gi, ind, c.kT, c.kW, c.kH, c.dT, c.dW, c.dH,
                                                          c.pT, c.pW, c.pH, c.dilT, c.dilW, c.dilH, c.ceil);
}

static void check_max_case(MaxCase c) {
  THFloatTensor *in = gold(GOLDEN, c.name, "input"), *go = gold(GOLDEN, c.name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new(), *eInd = gold_long(c.name, "indices");
  max_forward(c, in, out, ind);
  assert_gold(GOLDEN, c.name, "output", out, 0);
  assert_long_tensor_equal(ind, eInd);
  max_backward(c, in, go, gi, ind);
  assert_gold(GOLDEN, c.name, "gradInput", gi, 1e-6);
  free_floats(in, go, out, gi);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_max(void **state) {
  check_max_case((MaxCase){"max_pad", 2, 2, 3, 1, 2, 2, 1, 1, 1, 1, 1, 1, false});
  check_max_case((MaxCase){"max_ceil", 2, 2, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, true});
  check_max_case((MaxCase){"dilated", 2, 3, 2, 2, 2, 1, 1, 1, 1, 2, 2, 1, true});
  check_max_case((MaxCase){"dilated_pad2", 1, 4, 4, 1, 3, 2, 0, 2, 2, 1, 2, 2, false});
}

static void check_avg_case(const char *name, int kT, int kW, int kH, int dT, int dW, int dH, int pT, int pW, int pH,
                           bool ceil, bool includePad) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THNN_FloatVolumetricAveragePooling_updateOutput(NULL, in, out, kT, kW, kH, dT, dW, dH, pT, pW, pH, ceil, includePad);
  assert_gold(GOLDEN, name, "output", out, 1e-5);
  THNN_FloatVolumetricAveragePooling_updateGradInput(NULL, in, go, gi, kT, kW, kH, dT, dW, dH, pT, pW, pH, ceil,
                                                     includePad);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-5);
  free_floats(in, go, out, gi);
}

static void test_golden_avg(void **state) {
  check_avg_case("avg_pad_incl", 2, 2, 3, 1, 2, 2, 1, 1, 1, false, true);
  check_avg_case("avg_pad_excl", 2, 2, 3, 1, 2, 2, 1, 1, 1, false, false);
  check_avg_case("avg_ceil_incl", 3, 3, 3, 2, 2, 2, 1, 1, 1, true, true);
  check_avg_case("avg_ceil_excl", 3, 3, 3, 2, 2, 2, 1, 1, 1, true, false);
  check_avg_case("avg_plain", 2, 3, 2, 2, 3, 1, 0, 0, 0, false, true);
}

/* Sizes in the legacy argument order (T, W, H); the input is H x W x T. */
static void check_fractional_case(const char *name, int oT, int oW, int oH, int kT, int kW, int kH) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *samples = gold(GOLDEN, name, "samples"),
                *go = gold(GOLDEN, name, "gradOutput"), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new(), *eInd = gold_long(name, "indices");
  THNN_FloatVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, oT, oW, oH, kT, kW, kH, ind, samples);
  assert_gold(GOLDEN, name, "output", out, 0);
  assert_long_tensor_equal(ind, eInd);
  THNN_FloatVolumetricFractionalMaxPooling_updateGradInput(NULL, in, go, gi, oT, oW, oH, kT, kW, kH, ind);
  assert_gold(GOLDEN, name, "gradInput", gi, 1e-6);
  free_floats(in, samples, go, out, gi);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_fractional(void **state) {
  check_fractional_case("fractional", 5, 3, 4, 2, 3, 2);
  check_fractional_case("fractional_single", 4, 3, 3, 2, 2, 2);
}

static void check_unpool_case(const char *name, int oT, int oW, int oH, int d, int p) {
  THFloatTensor *in = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = gold_long(name, "indices");
  THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, in, out, ind, oT, oW, oH, d, d, d, p, p, p);
  assert_gold(GOLDEN, name, "output", out, 0);
  THNN_FloatVolumetricMaxUnpooling_updateGradInput(NULL, in, go, gi, ind, oT, oW, oH, d, d, d, p, p, p);
  assert_gold(GOLDEN, name, "gradInput", gi, 0);
  free_floats(in, go, out, gi);
  THLongTensor_free(ind);
}

static void test_golden_unpool(void **state) {
  check_unpool_case("unpool", 2, 6, 4, 2, 0);
  check_unpool_case("unpool_pad", 5, 3, 5, 2, 1);
}

/* ------------------------------------------------------------------ the index format by hand */

static void test_index_format(void **state) {
  /* One 2x2x2 window with its max at (t, h, w) = (1, 0, 1): offsets (1, 0, 1) -> 1 + 65536. */
  const float cube[8] = {0, 1, 2, 3, 4, 9, 5, 6};
  THFloatTensor *in = th_test_float(cube, 1, 2, 2, 2), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  assert_int_equal(THFloatTensor_nElement(out), 1);
  assert_close(THFloatTensor_data(out)[0], 9, 0);
  assert_int_equal(THLongTensor_data(ind)[0], 1 + 65536);
  THFloatTensor_free(in);

  /* A row [1 3 2] (W), kernel 3 padded by 1, stride 1: the windows start at w = -1, 0, 1, so the 3
   * at w = 1 is their offset 2, 1, 0 (in byte 2, W's). */
  const float row[3] = {1, 3, 2};
  in = th_test_float(row, 1, 1, 1, 3);
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 1, 3, 1, 1, 1, 1, 0, 1, 0, false);
  assert_int_equal(THLongTensor_nElement(ind), 3);
  for (int i = 0; i < 3; i++) assert_int_equal(THLongTensor_data(ind)[i], (2 - i) << 16);
  THFloatTensor_free(in);

  /* Dilation 2, kernel 4, padding 2 along H over [5 1 4 2 3]: window 0 covers h = -2, 0, 2, 4, its
   * max 5 at h = 0 is offset 1 (Torch7 stored 2, its backward then wrote to h = 2); window 1 covers
   * -1, 1, 3, 5 (max 2 at h = 3, offset 2); window 2 covers 0, 2, 4, 6 (5 at offset 0). */
  const float col[5] = {5, 1, 4, 2, 3};
  in = th_test_float(col, 1, 1, 5, 1);
  THNN_FloatVolumetricDilatedMaxPooling_updateOutput(NULL, in, out, ind, 1, 1, 4, 1, 1, 1, 0, 0, 2, 1, 1, 2, false);
  assert_int_equal(THLongTensor_nElement(ind), 3);
  assert_int_equal(THLongTensor_data(ind)[0], 1 << 8);
  assert_int_equal(THLongTensor_data(ind)[1], 2 << 8);
  assert_int_equal(THLongTensor_data(ind)[2], 0);
  const float grads[3] = {1, 10, 100};
  THFloatTensor *go = th_test_float(grads, 1, 1, 3, 1);
  THNN_FloatVolumetricDilatedMaxPooling_updateGradInput(NULL, in, go, gi, ind, 1, 1, 4, 1, 1, 1, 0, 0, 2, 1, 1, 2,
                                                        false);
  const float expect[5] = {101, 0, 0, 10, 0};
  for (int i = 0; i < 5; i++) assert_close(THFloatTensor_data(gi)[i], expect[i], 0);
  free_floats(in, go);

  /* Round trip: unpooling a 2x2x2 stride-2 pooling puts each max back in place, zeros elsewhere. */
  in = random5f(1, 0, 2, 2, 4, 6);
  THFloatTensor *back = THFloatTensor_new();
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, back, ind, 2, 6, 4, 2, 2, 2, 0, 0, 0);
  assert_true(THFloatTensor_isSameSizeAs(back, in));
  int kept = 0;
  for (ptrdiff_t i = 0; i < THFloatTensor_nElement(in); i++) {
    const float b = THFloatTensor_data(back)[i];
    if (b != 0) {
      assert_close(b, THFloatTensor_data(in)[i], 0);
      kept++;
    }
  }
  assert_int_equal(kept, THFloatTensor_nElement(out));
  free_floats(out, gi, back, in);
  THLongTensor_free(ind);
}

/* Torch7 wrote each index's three offset bytes and a zero fourth, and left its upper four bytes
 * unwritten (whatever the tensor held before); its backward and VolumetricMaxUnpooling read the
 * three low bytes only. Indices with anything above those bytes (a negative value included) give
 * what the clean ones give. */
static void test_index_high_bytes(void **state) {
  THFloatTensor *in = random5f(5, 2, 2, 4, 4, 6), *out = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  THLongTensor *dirty = THLongTensor_newClone(ind);
  long *d = THLongTensor_data(dirty);
  for (ptrdiff_t i = 0; i < THLongTensor_nElement(dirty); i++)
    d[i] |= (long)(i % 200 + 1) << 24 | 0x5A5A5AL << 32 | (i % 2 ? LONG_MIN : 0);
  assert_true(d[1] < 0);
  assert_true(d[0] != THLongTensor_data(ind)[0]);

  THFloatTensor *go = random5f(6, 2, 2, 2, 2, 3), *gi = THFloatTensor_new(), *gi2 = THFloatTensor_new();
  THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, go, gi2, dirty, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  assert_float_tensor_close(gi2, gi, 0, 0);
  assert_close(THFloatTensor_sumall(gi2), THFloatTensor_sumall(go), 1e-5);

  THFloatTensor *up = THFloatTensor_new(), *up2 = THFloatTensor_new();
  THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, up, ind, 4, 6, 4, 2, 2, 2, 0, 0, 0);
  THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, up2, dirty, 4, 6, 4, 2, 2, 2, 0, 0, 0);
  assert_float_tensor_close(up2, up, 0, 0);
  THNN_FloatVolumetricMaxUnpooling_updateGradInput(NULL, out, in, gi, ind, 4, 6, 4, 2, 2, 2, 0, 0, 0);
  THNN_FloatVolumetricMaxUnpooling_updateGradInput(NULL, out, in, gi2, dirty, 4, 6, 4, 2, 2, 2, 0, 0, 0);
  assert_float_tensor_close(gi2, gi, 0, 0);
  assert_float_tensor_close(gi2, out, 0, 0); /* unpooling's gradient reads back each max */
  free_floats(in, out, go, gi, gi2, up, up2);
  THLongTensor_free(ind);
  THLongTensor_free(dirty);
}

/* A window of NaN and one of -inf: the NaN is the max (the last NaN), and a window of -inf keeps
 * its first position (Torch7 stored offsets of 255 there). */
static void test_nan_and_inf(void **state) {
  const float v[8] = {1, NAN, 2, NAN, -INFINITY, -INFINITY, -INFINITY, -INFINITY};
  THFloatTensor *in = th_test_float(v, 1, 1, 2, 4), *out = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 1, 4, 1, 1, 1, 1, 0, 0, 0, false);
  assert_true(isnan(THFloatTensor_data(out)[0]));
  assert_int_equal(THLongTensor_data(ind)[0], 3 << 16);
  assert_true(isinf(THFloatTensor_data(out)[1]));
  assert_int_equal(THLongTensor_data(ind)[1], 0);
  free_floats(in, out);
  THLongTensor_free(ind);
}

/* ------------------------------------------------------------------ gradients (Double) */

typedef enum { MAX, AVG, FRACTIONAL, UNPOOL } Kind;

typedef struct {
  Kind kind;
  int kT, kW, kH, dT, dW, dH, pT, pW, pH, dilT, dilW, dilH;
  int oT, oW, oH;
  bool ceil, includePad;
  THLongTensor *indices;
  THDoubleTensor *samples;
} Ctx;

static void ctx_forward(void *vctx, THDoubleTensor *in, THDoubleTensor *out) {
  Ctx *c = vctx;
  switch (c->kind) {
  case MAX:
    THNN_DoubleVolumetricDilatedMaxPooling_updateOutput(NULL, in, out, c->indices, c->kT, c->kW, c->kH, c->dT, c->dW,
                                                        c->dH, c->pT, c->pW, c->pH, c->dilT, c->dilW, c->dilH,
                                                        c->ceil);
    break;
  case AVG:
    THNN_DoubleVolumetricAveragePooling_updateOutput(NULL, in, out, c->kT, c->kW, c->kH, c->dT, c->dW, c->dH, c->pT,
                                                     c->pW, c->pH, c->ceil, c->includePad);
    break;
  case FRACTIONAL:
    THNN_DoubleVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, c->oT, c->oW, c->oH, c->kT, c->kW, c->kH,
                                                           c->indices, c->samples);
    break;
  case UNPOOL:
    THNN_DoubleVolumetricMaxUnpooling_updateOutput(NULL, in, out, c->indices, c->oT, c->oW, c->oH, c->dT, c->dW,
                                                   c->dH, c->pT, c->pW, c->pH);
    break;
  }
}

static void ctx_backward(void *vctx, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  Ctx *c = vctx;
  switch (c->kind) {
  case MAX:
    THNN_DoubleVolumetricDilatedMaxPooling_updateGradInput(NULL, in, go, gi, c->indices, c->kT, c->kW, c->kH, c->dT,
                                                           c->dW, c->dH, c->pT, c->pW, c->pH, c->dilT, c->dilW,
                                                           c->dilH, c->ceil);
    break;
  case AVG:
    THNN_DoubleVolumetricAveragePooling_updateGradInput(NULL, in, go, gi, c->kT, c->kW, c->kH, c->dT, c->dW, c->dH,
                                                        c->pT, c->pW, c->pH, c->ceil, c->includePad);
    break;
  case FRACTIONAL:
    THNN_DoubleVolumetricFractionalMaxPooling_updateGradInput(NULL, in, go, gi, c->oT, c->oW, c->oH, c->kT, c->kW,
                                                              c->kH, c->indices);
    break;
  case UNPOOL:
    THNN_DoubleVolumetricMaxUnpooling_updateGradInput(NULL, in, go, gi, c->indices, c->oT, c->oW, c->oH, c->dT,
                                                      c->dW, c->dH, c->pT, c->pW, c->pH);
    break;
  }
}

/* Runs the input gradcheck of c on in, then frees in and c's tensors. */
static void gradcheck_ctx(Ctx c, THDoubleTensor *in) {
  c.indices = c.indices ? c.indices : THLongTensor_new();
  double err = gradcheck_input(ctx_forward, ctx_backward, &c, in, 1e-6);
  if (err > 1e-6) fail_msg("kind %d: gradInput differs from finite differences by %g", c.kind, err);
  THLongTensor_free(c.indices);
  if (c.samples) THDoubleTensor_free(c.samples);
  THDoubleTensor_free(in);
}

#define ONE .dilT = 1, .dilW = 1, .dilH = 1

static void test_gradcheck_max(void **state) {
  /* Batch with padding; one volume in ceil_mode; dilation with padding 2. */
  gradcheck_ctx((Ctx){MAX, .kT = 2, .kW = 2, .kH = 3, .dT = 1, .dW = 2, .dH = 2, .pT = 1, .pW = 1, .pH = 1, ONE},
                random5(1, -1, 1, 2, 2, 3, 5, 4));
  gradcheck_ctx((Ctx){MAX, .kT = 2, .kW = 2, .kH = 2, .dT = 2, .dW = 2, .dH = 2, ONE, .ceil = true},
                random5(2, -1, 1, 0, 2, 3, 5, 3));
  gradcheck_ctx((Ctx){MAX, .kT = 1, .kW = 4, .kH = 3, .dT = 1, .dW = 2, .dH = 1, .pW = 2, .pH = 1, .dilT = 1,
                      .dilW = 2, .dilH = 2, .ceil = true},
                random5(3, -1, 1, 1, 2, 2, 5, 7));
}

static void test_gradcheck_avg(void **state) {
  for (int includePad = 0; includePad < 2; includePad++) {
    gradcheck_ctx((Ctx){AVG, .kT = 2, .kW = 2, .kH = 3, .dT = 1, .dW = 2, .dH = 2, .pT = 1, .pW = 1, .pH = 1,
                        .includePad = includePad},
                  random5(4, -1, 1, 2, 1, 3, 5, 4));
    gradcheck_ctx((Ctx){AVG, .kT = 3, .kW = 3, .kH = 3, .dT = 2, .dW = 2, .dH = 2, .pT = 1, .pW = 1, .pH = 1,
                        .ceil = true, .includePad = includePad},
                  random5(5, -1, 1, 0, 2, 4, 5, 4));
  }
}

static void test_gradcheck_fractional(void **state) {
  THDoubleTensor *samples = gradcheck_random(6, 0, 1, 2, 2, 3, -1);
  gradcheck_ctx((Ctx){FRACTIONAL, .kT = 2, .kW = 2, .kH = 3, .oT = 3, .oW = 3, .oH = 2, .samples = samples},
                random5(7, -1, 1, 2, 2, 5, 5, 5));
  samples = gradcheck_random(8, 0, 1, 1, 3, 3, -1);
  gradcheck_ctx((Ctx){FRACTIONAL, .kT = 1, .kW = 2, .kH = 2, .oT = 4, .oW = 2, .oH = 3, .samples = samples},
                random5(9, -1, 1, 0, 3, 4, 4, 4));
}

/* The indices of a max pooling (kernel k, stride d, pad p) of a random [n x] c x t x h x w volume.
 * The windows must not overlap: unpooling is then a true function of its input (two elements
 * sent to one place would make the last one win, and the backward hand both the gradient). */
static THLongTensor *pooled_indices(long n, long c, long t, long h, long w, int k, int d, int p) {
  THDoubleTensor *x = random5(10, -1, 1, n, c, t, h, w), *y = THDoubleTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_DoubleVolumetricMaxPooling_updateOutput(NULL, x, y, ind, k, k, k, d, d, d, p, p, p, false);
  THDoubleTensor_free(x);
  THDoubleTensor_free(y);
  return ind;
}

static void test_gradcheck_unpool(void **state) {
  gradcheck_ctx((Ctx){UNPOOL, .oT = 2, .oW = 6, .oH = 4, .dT = 2, .dW = 2, .dH = 2,
                      .indices = pooled_indices(2, 2, 2, 4, 6, 2, 2, 0)},
                random5(11, -1, 1, 2, 2, 1, 2, 3));
  gradcheck_ctx((Ctx){UNPOOL, .oT = 5, .oW = 5, .oH = 3, .dT = 2, .dW = 2, .dH = 2, .pT = 1, .pW = 1, .pH = 1,
                      .indices = pooled_indices(0, 2, 5, 3, 5, 2, 2, 1)},
                random5(12, -1, 1, 0, 2, 3, 2, 3));
}

/* ------------------------------------------------------------------ threads, buffers, layouts */

/* Max pooling written out directly: every kernel position in t, h, w order, the first of equal
 * maxima kept; indices packed as Torch7 did. */
static void reference_max(THFloatTensor *in, MaxCase c, THFloatTensor *out, THLongTensor *ind) {
  const long planes = in->size[0] * in->size[1], iT = in->size[2], iH = in->size[3], iW = in->size[4];
  const long oT = out->size[2], oH = out->size[3], oW = out->size[4];
  const float *x = THFloatTensor_data(in);
  float *y = THFloatTensor_data(out);
  long *z = THLongTensor_data(ind);
  for (long p = 0; p < planes; p++)
    for (long ot = 0; ot < oT; ot++)
      for (long oh = 0; oh < oH; oh++)
        for (long ow = 0; ow < oW; ow++) {
          float best = -INFINITY;
          long bestIndex = -1;
          for (int a = 0; a < c.kT; a++)
            for (int b = 0; b < c.kH; b++)
              for (int e = 0; e < c.kW; e++) {
                const long t = ot * c.dT - c.pT + a * c.dilT, h = oh * c.dH - c.pH + b * c.dilH,
                           w = ow * c.dW - c.pW + e * c.dilW;
                if (t < 0 || t >= iT || h < 0 || h >= iH || w < 0 || w >= iW) continue;
                const float v = x[((p * iT + t) * iH + h) * iW + w];
                if (bestIndex < 0 || v > best) {
                  best = v;
                  bestIndex = a + 256 * b + 65536 * e;
                }
              }
          const long o = ((p * oT + ot) * oH + oh) * oW + ow;
          y[o] = best;
          z[o] = bestIndex;
        }
}

static void test_threads(void **state) {
  /* 2 x 4 x 8 x 32 x 32: large enough for the threaded loops. */
  THFloatTensor *in = random5f(20, 2, 4, 8, 32, 32), *out = THFloatTensor_new(), *ref = THFloatTensor_new();
  THFloatTensor *one = THFloatTensor_new(), *gi = THFloatTensor_new(), *gi1 = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new(), *refInd = THLongTensor_new();
  const MaxCase c = {"big", 3, 3, 2, 2, 2, 1, 1, 1, 0, 1, 2, 1, false};
  max_forward(c, in, out, ind);
  THFloatTensor_resizeAs(ref, out);
  THLongTensor_resizeNd(refInd, ind->nDimension, ind->size, NULL);
  reference_max(in, c, ref, refInd);
  assert_float_tensor_close(out, ref, 0, 0);
  assert_long_tensor_equal(ind, refInd);
  /* One thread and two give the same results. */
  THFloatTensor *go = THFloatTensor_newClone(out);
  max_backward(c, in, go, gi, ind);
  const int threads = THGetNumThreads();
  THSetNumThreads(1);
  max_backward(c, in, go, gi1, ind);
  assert_float_tensor_close(gi, gi1, 0, 0);
  THNN_FloatVolumetricAveragePooling_updateOutput(NULL, in, one, 3, 3, 3, 2, 2, 2, 1, 1, 1, true, false);
  THSetNumThreads(threads > 1 ? threads : 2);
  THNN_FloatVolumetricAveragePooling_updateOutput(NULL, in, out, 3, 3, 3, 2, 2, 2, 1, 1, 1, true, false);
  assert_float_tensor_close(out, one, 0, 0);
  /* gradInput sums to gradOutput's sum. */
  assert_close(THFloatTensor_sumall(gi), THFloatTensor_sumall(go), 1e-2);
  free_floats(in, out, ref, one, gi, gi1, go);
  THLongTensor_free(ind);
  THLongTensor_free(refInd);
}

static void test_buffers_and_layouts(void **state) {
  THFloatTensor *in = random5f(30, 2, 3, 4, 5, 6), *out = THFloatTensor_newWithSize1d(7), *gi = THFloatTensor_new();
  THFloatTensor *out2 = THFloatTensor_new(), *gi2 = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_newWithSize2d(2, 2), *ind2 = THLongTensor_new();
  const MaxCase c = {"buf", 2, 3, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1, true};
  /* Wrongly sized buffers get resized; a second call with the same buffers gives the same result. */
  max_forward(c, in, out, ind);
  max_forward(c, in, out2, ind2);
  max_forward(c, in, out2, ind2);
  assert_float_tensor_close(out, out2, 0, 0);
  assert_long_tensor_equal(ind, ind2);
  THFloatTensor *go = THFloatTensor_newClone(out);
  max_backward(c, in, go, gi, ind);
  THFloatTensor_resize1d(gi2, 3);
  max_backward(c, in, go, gi2, ind);
  max_backward(c, in, go, gi2, ind);
  assert_float_tensor_close(gi, gi2, 0, 0);

  /* A non-contiguous input (W and H swapped twice over a transposed copy) and non-contiguous
   * output, indices and gradInput give the same values. */
  THFloatTensor *swapped = THFloatTensor_newTranspose(in, 3, 4), *copy = THFloatTensor_newContiguous(swapped);
  THFloatTensor *strided = THFloatTensor_newTranspose(copy, 3, 4);
  assert_false(THFloatTensor_isContiguous(strided));
  THFloatTensor *outT = THFloatTensor_newWithSize1d(1);
  THFloatTensor_resize5d(outT, out->size[0], out->size[1], out->size[2], out->size[4], out->size[3]);
  THFloatTensor *outView = THFloatTensor_newTranspose(outT, 3, 4);
  THLongTensor *indT = THLongTensor_newWithSize1d(1);
  THLongTensor_resize5d(indT, out->size[0], out->size[1], out->size[2], out->size[4], out->size[3]);
  THLongTensor *indView = THLongTensor_newTranspose(indT, 3, 4);
  max_forward(c, strided, outView, indView);
  assert_float_tensor_close(outView, out, 0, 0);
  assert_long_tensor_equal(indView, ind);
  THFloatTensor *giT = THFloatTensor_newWithSize1d(1);
  THFloatTensor_resize5d(giT, 2, 3, 4, 6, 5);
  THFloatTensor *giView = THFloatTensor_newTranspose(giT, 3, 4);
  max_backward(c, strided, go, giView, indView);
  assert_float_tensor_close(giView, gi, 0, 0);

  /* Average pooling and unpooling on the strided input. */
  THNN_FloatVolumetricAveragePooling_updateOutput(NULL, in, out, 2, 2, 2, 2, 2, 2, 0, 0, 0, false, true);
  THNN_FloatVolumetricAveragePooling_updateOutput(NULL, strided, out2, 2, 2, 2, 2, 2, 2, 0, 0, 0, false, true);
  assert_float_tensor_close(out, out2, 0, 0);
  free_floats(in, out, gi, out2, gi2, go, swapped, copy, strided, outT, outView, giT, giView);
  THLongTensor_free(ind);
  THLongTensor_free(ind2);
  THLongTensor_free(indT);
  THLongTensor_free(indView);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *in = random5f(40, 1, 2, 3, 4, 4), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THFloatTensor *wide = random5f(41, 0, 1, 1, 1, 300), *flat = random5f(42, 0, 1, 1, 4, 4);
  THLongTensor *ind = THLongTensor_new();
  THFloatTensor_resize3d(flat, 1, 4, 4);
  assert_th_error(
      THNN_FloatVolumetricMaxPooling_updateOutput(NULL, wide, out, ind, 1, 300, 1, 1, 1, 1, 0, 0, 0, false),
      "VolumetricMaxPooling_updateOutput: kernel size must be at most 256 (the indices keep each offset in a "
      "byte), got kW = 300");
  assert_th_error(THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 1, 1, 1, 2, 0, 0, false),
                  "pad should be smaller than half of kernel size, got padT = 2 with kT = 2");
  assert_th_error(THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 4, 2, 2, 1, 1, 1, 0, 0, 0, false),
                  "VolumetricMaxPooling_updateOutput: output size 0x3x3 is too small for input 3x4x4 (TxHxW; kernel "
                  "4x2x2");
  assert_th_error(THNN_FloatVolumetricMaxPooling_updateOutput(NULL, flat, out, ind, 2, 2, 2, 1, 1, 1, 0, 0, 0, false),
                  "input must be a 4D to 5D tensor, got a 3D tensor");
  assert_th_error(THNN_FloatVolumetricDilatedMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0,
                                                                     1, 1, false),
                  "dilation must be positive, got dilationT = 0");
  assert_th_error(THNN_FloatVolumetricAveragePooling_updateOutput(NULL, in, out, 2, 2, 2, 1, 0, 1, 0, 0, 0, false,
                                                                  true),
                  "VolumetricAveragePooling_updateOutput: stride must be positive, got dW = 0");

  /* Backward: gradOutput of the wrong size; indices that are no window offsets. */
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false); /* 1x2x1x2x2 */
  THFloatTensor *go = THFloatTensor_newClone(out), *wrong = random5f(43, 1, 2, 1, 2, 3);
  assert_th_error(
      THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, wrong, gi, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false),
      "gradOutput must have size [1 x 2 x 1 x 2 x 2], got [1 x 2 x 1 x 2 x 3]");
  THLongTensor *bad = THLongTensor_newClone(ind);
  /* Only the three low bytes count (test_index_high_bytes): 1 << 24 | 2 is a T offset of 2. */
  const long badValues[] = {2, 2 << 8, 2 << 16, -1, 1L << 24 | 2};
  for (int i = 0; i < 5; i++) {
    THLongTensor_data(bad)[5] = badValues[i];
    char expect[160];
    snprintf(expect, sizeof expect, "VolumetricMaxPooling_updateGradInput: indices value %ld at position 5 (counted "
                                    "from 0 over its elements) is not a window offset", badValues[i]);
    assert_th_error(
        THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, go, gi, bad, 2, 2, 2, 2, 2, 2, 0, 0, 0, false),
        expect);
  }

  /* Unpooling: a position past the output, indices of the wrong size, stride 0, output size 0. */
  THLongTensor_zero(bad);
  THLongTensor_data(bad)[5] = 1; /* T offset 1 from t = 0: inside a 2-deep output, not a 1-deep one */
  THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, gi, bad, 2, 4, 4, 2, 2, 2, 0, 0, 0);
  assert_th_error(THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, gi, bad, 1, 4, 4, 2, 2, 2, 0, 0, 0),
                  "VolumetricMaxUnpooling_updateOutput: indices value 1 at position 5 (counted from 0 over its "
                  "elements) does not name a position of the 1x4x4 output");
  THFloatTensor *goUnpool = THFloatTensor_newWithSize1d(1);
  THFloatTensor_resize5d(goUnpool, 1, 2, 1, 4, 4);
  THFloatTensor_fill(goUnpool, 1);
  assert_th_error(
      THNN_FloatVolumetricMaxUnpooling_updateGradInput(NULL, out, goUnpool, gi, bad, 1, 4, 4, 2, 2, 2, 0, 0, 0),
      "VolumetricMaxUnpooling_updateGradInput: indices value 1 at position 5");
  assert_th_error(THNN_FloatVolumetricMaxUnpooling_updateGradInput(NULL, out, go, gi, bad, 1, 4, 4, 2, 2, 2, 0, 0, 0),
                  "gradOutput must have size [1 x 2 x 1 x 4 x 4], got [1 x 2 x 1 x 2 x 2]");
  THLongTensor *ind3 = THLongTensor_newWithSize3d(2, 2, 2);
  assert_th_error(THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, gi, ind3, 2, 4, 2, 2, 2, 2, 0, 0, 0),
                  "indices must have size [1 x 2 x 1 x 2 x 2], got [2 x 2 x 2]");
  assert_th_error(THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, gi, ind, 2, 4, 2, 0, 2, 2, 0, 0, 0),
                  "stride must be positive, got dT = 0");
  assert_th_error(THNN_FloatVolumetricMaxUnpooling_updateOutput(NULL, out, gi, ind, 2, 0, 2, 2, 2, 2, 0, 0, 0),
                  "output size must be positive, got oT = 2, oH = 2, oW = 0");

  /* Fractional: pool too large; samples outside [0, 1) or of the wrong size. (in is H 3 x W 4 x T 4.) */
  THFloatTensor *samples = THFloatTensor_newWithSize3d(1, 2, 3);
  THFloatTensor_fill(samples, 0.5f);
  assert_th_error(THNN_FloatVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, 4, 2, ind, samples),
                  "poolSizeW 4 is too large for input size 4 along W (dimension 4 of [1 x 2 x 3 x 4 x 4]) with "
                  "outputW 2");
  THFloatTensor_data(samples)[4] = -0.25f;
  assert_th_error(THNN_FloatVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, 2, 2, ind, samples),
                  "randomSamples must lie in [0, 1), got -0.25 at position 4");
  THFloatTensor *samples2 = THFloatTensor_newWithSize3d(1, 2, 2);
  THFloatTensor_fill(samples2, 0.5f);
  assert_th_error(
      THNN_FloatVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, 2, 2, ind, samples2),
      "randomSamples must have size 3 at dimension 3");
  assert_th_error(THNN_FloatVolumetricFractionalMaxPooling_updateOutput(NULL, in, out, 0, 2, 2, 2, 2, 2, ind, samples2),
                  "output size must be positive, got outputT = 0");

  /* The library keeps working. */
  THNN_FloatVolumetricMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  THNN_FloatVolumetricMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 2, 2, 0, 0, 0, false);
  assert_close(THFloatTensor_sumall(gi), THFloatTensor_sumall(go), 1e-5);
  free_floats(in, out, gi, wide, flat, go, wrong, samples, samples2, goUnpool);
  THLongTensor_free(ind);
  THLongTensor_free(bad);
  THLongTensor_free(ind3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_max),          cmocka_unit_test(test_golden_avg),
      cmocka_unit_test(test_golden_fractional),   cmocka_unit_test(test_golden_unpool),
      cmocka_unit_test(test_index_format),        cmocka_unit_test(test_index_high_bytes),
      cmocka_unit_test(test_nan_and_inf),
      cmocka_unit_test(test_gradcheck_max),       cmocka_unit_test(test_gradcheck_avg),
      cmocka_unit_test(test_gradcheck_fractional), cmocka_unit_test(test_gradcheck_unpool),
      cmocka_unit_test(test_threads),             cmocka_unit_test(test_buffers_and_layouts),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
