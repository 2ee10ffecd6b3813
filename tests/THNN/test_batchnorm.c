/* BatchNormalization: Float against PyTorch 1.13's F.batch_norm (tests/golden/gen_batchnorm.py) in
 * training (running statistics updated with the unbiased variance, saved mean and inverse std) and
 * evaluation, Double against finite differences, the threaded path against the definition, NULL
 * gradients and parameters, unsized save buffers, and bad inputs. */
#include "layer_test.h"

#define GOLDEN "batchnorm.txt"
#define MOMENTUM 0.1
#define EPS 1e-5

static void check_golden(const char *name, int affine, int train) {
  THFloatTensor *input = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *weight = affine ? gold(GOLDEN, name, "weight") : NULL;
  THFloatTensor *bias = affine ? gold(GOLDEN, name, "bias") : NULL;
  THFloatTensor *rm = gold(GOLDEN, name, "running_mean"), *rv = gold(GOLDEN, name, "running_var");
  THFloatTensor *saveMean = THFloatTensor_new(), *saveStd = THFloatTensor_new(); /* unsized: sized by the callee */
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_newWithSize1d(3);
  THFloatTensor *gw = affine ? THFloatTensor_newClone(weight) : NULL, *gb = affine ? THFloatTensor_newClone(bias) : NULL;
  THNN_FloatBatchNormalization_updateOutput(NULL, input, out, weight, bias, rm, rv, saveMean, saveStd, train, MOMENTUM,
                                            EPS);
  assert_gold(GOLDEN, name, "output", out, 2e-5);
  assert_gold(GOLDEN, name, "running_mean_after", rm, 1e-6);
  assert_gold(GOLDEN, name, "running_var_after", rv, 1e-6);
  if (train) {
    assert_gold(GOLDEN, name, "save_mean", saveMean, 1e-6);
    assert_gold(GOLDEN, name, "save_std", saveStd, 2e-5);
  }
  if (gw) THFloatTensor_fill(gw, 1);
  if (gb) THFloatTensor_fill(gb, 1);
  for (int round = 0; round < 2; round++) /* scale 1/2 twice onto 1: golden + 1 */
    THNN_FloatBatchNormalization_backward(NULL, input, go, gi, gw, gb, weight, rm, rv, saveMean, saveStd, train, 0.5,
                                          EPS);
  assert_gold(GOLDEN, name, "gradInput", gi, 2e-5);
  if (affine) {
    THFloatTensor_add(gw, gw, -1);
    THFloatTensor_add(gb, gb, -1);
    assert_gold(GOLDEN, name, "gradWeight", gw, 2e-5);
    assert_gold(GOLDEN, name, "gradBias", gb, 2e-5);
  }
  free_floats(input, go, weight, bias, rm, rv, saveMean, saveStd, out, gi, gw, gb);
}

static void test_golden_train4d(void **state) { check_golden("train4d", 1, 1); }
static void test_golden_train2d(void **state) { check_golden("train2d", 0, 1); }
static void test_golden_eval3d(void **state) { check_golden("eval3d", 1, 0); }

/* Only what is asked is computed: each NULL gradient is skipped, the others keep their values. */
static void test_partial_backward(void **state) {
  const char *name = "train4d";
  THFloatTensor *input = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *weight = gold(GOLDEN, name, "weight"), *bias = gold(GOLDEN, name, "bias");
  THFloatTensor *rm = gold(GOLDEN, name, "running_mean"), *rv = gold(GOLDEN, name, "running_var");
  THFloatTensor *sm = THFloatTensor_new(), *ss = THFloatTensor_new(), *out = THFloatTensor_new();
  THFloatTensor *gi = THFloatTensor_new(), *gw = THFloatTensor_newClone(weight), *gb = THFloatTensor_newClone(bias);
  THNN_FloatBatchNormalization_updateOutput(NULL, input, out, weight, bias, rm, rv, sm, ss, true, MOMENTUM, EPS);
  THFloatTensor_zero(gb);
  THNN_FloatBatchNormalization_backward(NULL, input, go, NULL, NULL, gb, weight, rm, rv, sm, ss, true, 1, EPS);
  assert_gold(GOLDEN, name, "gradBias", gb, 2e-5);
  THFloatTensor_zero(gw);
  THNN_FloatBatchNormalization_backward(NULL, input, go, NULL, gw, NULL, weight, rm, rv, sm, ss, true, 1, EPS);
  assert_gold(GOLDEN, name, "gradWeight", gw, 2e-5);
  assert_gold(GOLDEN, name, "gradBias", gb, 2e-5); /* untouched */
  THNN_FloatBatchNormalization_backward(NULL, input, go, gi, NULL, NULL, weight, rm, rv, sm, ss, true, 1, EPS);
  assert_gold(GOLDEN, name, "gradInput", gi, 2e-5);
  /* NULL running statistics in training: nothing to update, the same output */
  THFloatTensor *out2 = THFloatTensor_new();
  THNN_FloatBatchNormalization_updateOutput(NULL, input, out2, weight, bias, NULL, NULL, sm, ss, true, MOMENTUM, EPS);
  assert_gold(GOLDEN, name, "output", out2, 2e-5);
  free_floats(input, go, weight, bias, rm, rv, sm, ss, out, gi, gw, gb, out2);
}

/* A non-contiguous input and gradOutput (transposed last two dimensions, made contiguous in that
 * order) and a non-contiguous output. */
static void test_non_contiguous(void **state) {
  const char *name = "train4d";
  THFloatTensor *input = gold(GOLDEN, name, "input"), *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *weight = gold(GOLDEN, name, "weight"), *bias = gold(GOLDEN, name, "bias");
  THFloatTensor *rm = gold(GOLDEN, name, "running_mean"), *rv = gold(GOLDEN, name, "running_var");
  THFloatTensor *t1 = THFloatTensor_newTranspose(input, 2, 3), *t2 = THFloatTensor_newTranspose(go, 2, 3);
  THFloatTensor *c1 = THFloatTensor_newClone(t1), *c2 = THFloatTensor_newClone(t2);
  THFloatTensor *vin = THFloatTensor_newTranspose(c1, 2, 3), *vgo = THFloatTensor_newTranspose(c2, 2, 3);
  THFloatTensor *outT = THFloatTensor_newWithSize4d(3, 4, 3, 2), *out = THFloatTensor_newTranspose(outT, 2, 3);
  THFloatTensor *sm = THFloatTensor_newWithSize1d(4), *ss = THFloatTensor_newWithSize1d(4), *gi = THFloatTensor_new();
  assert_false(THFloatTensor_isContiguous(vin));
  THNN_FloatBatchNormalization_updateOutput(NULL, vin, out, weight, bias, rm, rv, sm, ss, true, MOMENTUM, EPS);
  assert_gold(GOLDEN, name, "output", out, 2e-5);
  THNN_FloatBatchNormalization_backward(NULL, vin, vgo, gi, NULL, NULL, weight, rm, rv, sm, ss, true, 1, EPS);
  assert_gold(GOLDEN, name, "gradInput", gi, 2e-5);
  free_floats(input, go, weight, bias, rm, rv, t1, t2, c1, c2, vin, vgo, outT, out, sm, ss, gi);
}

/* ------------------------------------------------------------------ finite differences (Double) */

typedef struct {
  THDoubleTensor *weight, *bias, *gradWeight, *gradBias, *rm, *rv, *sm, *ss;
  bool train;
} BNCtx;

static void gc_forward(void *p, THDoubleTensor *in, THDoubleTensor *out) {
  BNCtx *c = p;
  THNN_DoubleBatchNormalization_updateOutput(NULL, in, out, c->weight, c->bias, c->rm, c->rv, c->sm, c->ss, c->train,
                                             MOMENTUM, EPS);
}
static void gc_backward(void *p, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  BNCtx *c = p;
  THNN_DoubleBatchNormalization_backward(NULL, in, go, gi, NULL, NULL, c->weight, c->rm, c->rv, c->sm, c->ss, c->train,
                                         1, EPS);
}
/* Zeroes the gradients, then accumulates with scales 3 and -2 (once in all). */
static void gc_accumulate(void *p, THDoubleTensor *in, THDoubleTensor *go) {
  BNCtx *c = p;
  THDoubleTensor_zero(c->gradWeight);
  THDoubleTensor_zero(c->gradBias);
  for (int k = 0; k < 2; k++)
    THNN_DoubleBatchNormalization_backward(NULL, in, go, NULL, c->gradWeight, c->gradBias, c->weight, c->rm, c->rv,
                                           c->sm, c->ss, c->train, k ? -2 : 3, EPS);
}

static void check_gradients(bool train, long s0, long s1, long s2, long s3) {
  BNCtx c = {gradcheck_random(11, 0.5, 1.5, s1, 0, 0, 0), gradcheck_random(12, -1, 1, s1, 0, 0, 0),
             THDoubleTensor_newWithSize1d(s1), THDoubleTensor_newWithSize1d(s1),
             gradcheck_random(13, -1, 1, s1, 0, 0, 0), gradcheck_random(14, 0.5, 2, s1, 0, 0, 0),
             THDoubleTensor_new(), THDoubleTensor_new(), train};
  THDoubleTensor *x = gradcheck_random(15, -2, 3, s0, s1, s2, s3);
  assert_true(gradcheck_input(gc_forward, gc_backward, &c, x, 1e-6) < 1e-6);
  assert_true(gradcheck_param(gc_forward, gc_accumulate, &c, x, c.weight, c.gradWeight, 1e-6) < 1e-6);
  assert_true(gradcheck_param(gc_forward, gc_accumulate, &c, x, c.bias, c.gradBias, 1e-6) < 1e-6);
  free_doubles(c.weight, c.bias, c.gradWeight, c.gradBias, c.rm, c.rv, c.sm, c.ss, x);
}

static void test_gradcheck(void **state) {
  check_gradients(true, 3, 2, 2, 3);
  check_gradients(true, 4, 3, 0, 0);
  check_gradients(true, 2, 2, 5, 0);
  check_gradients(false, 3, 2, 2, 2);
  check_gradients(false, 4, 3, 0, 0);
}

/* [6 x 8 x 40 x 40] (OpenMP over channels), Float, against the definition computed in Double; then
 * a channel whose mean is 1e4 times its spread (the one-pass variance must not cancel). */
static void test_large_against_definition(void **state) {
  long n = 6, ch = 8, hw = 1600;
  THDoubleTensor *xd = gradcheck_random(21, -1, 1, n, ch, 40, 40);
  double *p = THDoubleTensor_data(xd);
  for (long i = 0; i < n * hw; i++) p[(i / hw) * ch * hw + 5 * hw + i % hw] = 1e4 + p[i]; /* channel 5 */
  THFloatTensor *x = THFloatTensor_new(), *y = THFloatTensor_new();
  THFloatTensor_resizeNd(x, 4, xd->size, NULL);
  THFloatTensor_copyDouble(x, xd);
  THFloatTensor *rm = THFloatTensor_newWithSize1d(ch), *rv = THFloatTensor_newWithSize1d(ch);
  THFloatTensor *sm = THFloatTensor_new(), *ss = THFloatTensor_new();
  THFloatTensor_zero(rm);
  THFloatTensor_fill(rv, 1);
  THNN_FloatBatchNormalization_updateOutput(NULL, x, y, NULL, NULL, rm, rv, sm, ss, true, 0.5, 0);
  const float *px = THFloatTensor_data(x), *py = THFloatTensor_data(y);
  for (long c = 0; c < ch; c++) {
    double mean = 0, sq = 0;
    for (long b = 0; b < n; b++)
      for (long i = 0; i < hw; i++) mean += px[(b * ch + c) * hw + i];
    mean /= n * hw;
    for (long b = 0; b < n; b++)
      for (long i = 0; i < hw; i++) sq += pow(px[(b * ch + c) * hw + i] - mean, 2);
    double var = sq / (n * hw), invstd = 1 / sqrt(var);
    assert_close(THFloatTensor_get1d(sm, c), mean, 1e-6);
    assert_close(THFloatTensor_get1d(ss, c), invstd, 1e-3);
    assert_close(THFloatTensor_get1d(rm, c), 0.5 * mean, 1e-6);
    assert_close(THFloatTensor_get1d(rv, c), 0.5 + 0.5 * sq / (n * hw - 1), 1e-3);
    for (long b = 0; b < n; b += 5)
      for (long i = 0; i < hw; i += 37)
        assert_close(py[(b * ch + c) * hw + i], (px[(b * ch + c) * hw + i] - mean) * invstd, 2e-3);
  }
  free_floats(x, y, rm, rv, sm, ss);
  free_doubles(xd);
}

/* Backward in Float against the definition computed in Double on [5 x 3 x height x width]. */
static void check_backward_against_definition(long height, long width) {
  long n = 5, ch = 3, hw = height * width;
  THDoubleTensor *xd = gradcheck_random(31, -1, 2, n, ch, height, width);
  THDoubleTensor *gd = gradcheck_random(32, -1, 1, n, ch, height, width);
  THFloatTensor *x = THFloatTensor_new(), *g = THFloatTensor_new(), *y = THFloatTensor_new(), *gi = THFloatTensor_new();
  THFloatTensor_resizeNd(x, 4, xd->size, NULL);
  THFloatTensor_resizeNd(g, 4, gd->size, NULL);
  THFloatTensor_copyDouble(x, xd);
  THFloatTensor_copyDouble(g, gd);
  THFloatTensor *w = THFloatTensor_newWithSize1d(ch), *b = THFloatTensor_newWithSize1d(ch);
  THFloatTensor *gw = THFloatTensor_newWithSize1d(ch), *gb = THFloatTensor_newWithSize1d(ch);
  THFloatTensor *sm = THFloatTensor_new(), *ss = THFloatTensor_new();
  for (long c = 0; c < ch; c++) {
    THFloatTensor_set1d(w, c, 0.5f + c);
    THFloatTensor_set1d(b, c, 0.25f * c);
  }
  THFloatTensor_zero(gw);
  THFloatTensor_zero(gb);
  THNN_FloatBatchNormalization_updateOutput(NULL, x, y, w, b, NULL, NULL, sm, ss, true, MOMENTUM, EPS);
  THNN_FloatBatchNormalization_backward(NULL, x, g, gi, gw, gb, w, NULL, NULL, sm, ss, true, 1, EPS);
  const float *px = THFloatTensor_data(x), *pg = THFloatTensor_data(g), *pgi = THFloatTensor_data(gi);
  for (long c = 0; c < ch; c++) {
    double mean = 0, sq = 0, sum = 0, dot = 0, m = n * hw;
    for (long i = 0; i < m; i++) mean += px[(i / hw * ch + c) * hw + i % hw];
    mean /= m;
    for (long i = 0; i < m; i++) {
      long at = (i / hw * ch + c) * hw + i % hw;
      sq += pow(px[at] - mean, 2);
      sum += pg[at];
      dot += (px[at] - mean) * pg[at];
    }
    double invstd = 1 / sqrt(sq / m + EPS), wc = THFloatTensor_get1d(w, c);
    assert_close(THFloatTensor_get1d(gw, c), dot * invstd, 1e-3);
    assert_close(THFloatTensor_get1d(gb, c), sum, 1e-3);
    for (long i = 0; i < m; i += 13) {
      long at = (i / hw * ch + c) * hw + i % hw;
      double want = (pg[at] - sum / m - (px[at] - mean) * dot * invstd * invstd / m) * invstd * wc;
      assert_close(pgi[at], want, 1e-4);
    }
  }
  free_floats(x, g, y, gi, w, b, gw, gb, sm, ss);
  free_doubles(xd, gd);
}

/* Blocks of 1640 values (a whole chunk, then a long run whose last 8 take the one vector reduction),
 * 1634 (a long run ending in 2 scalar values) and 49 (short runs). */
static void test_backward_against_definition(void **state) {
  check_backward_against_definition(40, 41);
  check_backward_against_definition(38, 43);
  check_backward_against_definition(7, 7);
}

static void test_bad_inputs(void **state) {
  THFloatTensor *x = THFloatTensor_newWithSize3d(2, 3, 4), *y = THFloatTensor_new();
  THFloatTensor *v3 = THFloatTensor_newWithSize1d(3), *v4 = THFloatTensor_newWithSize1d(4);
  THFloatTensor *sm = THFloatTensor_new(), *ss = THFloatTensor_new(), *gi = THFloatTensor_new();
  THFloatTensor *x1 = THFloatTensor_newWithSize1d(3), *one = THFloatTensor_newWithSize2d(1, 3);
  THFloatTensor *go = THFloatTensor_newWithSize3d(2, 3, 5);
  THFloatTensor_fill(x, 0.5);
  THFloatTensor_data(x)[0] = 1;
  THFloatTensor_zero(v3);
  THFloatTensor_fill(v4, 1);
  assert_th_error(THNN_FloatBatchNormalization_updateOutput(NULL, x1, y, NULL, NULL, v3, v3, sm, ss, true, 0.1, EPS),
                  "input must be a 2D or higher tensor");
  assert_th_error(THNN_FloatBatchNormalization_updateOutput(NULL, x, y, v4, NULL, v3, v3, sm, ss, true, 0.1, EPS),
                  "weight must have size 3 at dimension 1");
  assert_th_error(THNN_FloatBatchNormalization_updateOutput(NULL, x, y, NULL, NULL, NULL, v3, sm, ss, false, 0.1, EPS),
                  "running_mean must not be NULL");
  assert_th_error(THNN_FloatBatchNormalization_updateOutput(NULL, one, y, NULL, NULL, v3, v3, sm, ss, true, 0.1, EPS),
                  "more than one value per channel");
  assert_th_error(THNN_FloatBatchNormalization_backward(NULL, x, go, gi, NULL, NULL, NULL, v3, v3, v3, v3, true, 1, EPS),
                  "gradOutput must have the size of input");
  assert_th_error(THNN_FloatBatchNormalization_backward(NULL, x, x, gi, NULL, NULL, NULL, v3, v3, NULL, v3, true, 1, EPS),
                  "save_mean must not be NULL");
  /* still working: one value per channel is fine in evaluation */
  THFloatTensor_fill(v3, 1);
  THFloatTensor_zero(one);
  THNN_FloatBatchNormalization_updateOutput(NULL, one, y, NULL, NULL, v3, v3, sm, ss, false, 0.1, 0);
  for (long c = 0; c < 3; c++) assert_close(THFloatTensor_get2d(y, 0, c), 0 - 1, 1e-6); /* (0 - 1) / sqrt(1) */
  free_floats(x, y, v3, v4, sm, ss, gi, x1, one, go);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_train4d),   cmocka_unit_test(test_golden_train2d),
      cmocka_unit_test(test_golden_eval3d),    cmocka_unit_test(test_partial_backward),
      cmocka_unit_test(test_non_contiguous),   cmocka_unit_test(test_gradcheck),
      cmocka_unit_test(test_large_against_definition), cmocka_unit_test(test_backward_against_definition),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
