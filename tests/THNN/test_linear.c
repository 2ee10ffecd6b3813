/* Linear: Float against PyTorch 1.13's F.linear (tests/golden/gen_linear.py), Double against finite
 * differences (accGradParameters through scales other than 1), non-contiguous operands, the addBuffer
 * and output buffers reused and resized, and bad inputs. */
#include "layer_test.h"

#define GOLDEN "linear.txt"

/* One golden case in Float: forward, gradInput, and gradients accumulated twice with scale 1/2 onto
 * gradWeight/gradBias filled with 1 (so the expected values are golden + 1). Run twice on the same
 * buffers; addBuffer arrives with a wrong size and content. */
static void check_golden(const char *name, int hasBias) {
  THFloatTensor *input = gold(GOLDEN, name, "input"), *weight = gold(GOLDEN, name, "weight");
  THFloatTensor *bias = hasBias ? gold(GOLDEN, name, "bias") : NULL, *go = gold(GOLDEN, name, "gradOutput");
  THFloatTensor *out = THFloatTensor_newWithSize1d(17), *gi = THFloatTensor_new();
  THFloatTensor *gw = THFloatTensor_newClone(weight), *gb = hasBias ? THFloatTensor_newClone(bias) : NULL;
  THFloatTensor *ones = THFloatTensor_newWithSize1d(9);
  THFloatTensor_fill(ones, 7);
  THFloatTensor *expectedGw = gold(GOLDEN, name, "gradWeight"), *expectedGb = NULL;
  THFloatTensor_add(expectedGw, expectedGw, 1);
  if (hasBias) {
    expectedGb = gold(GOLDEN, name, "gradBias");
    THFloatTensor_add(expectedGb, expectedGb, 1);
  }
  for (int round = 0; round < 2; round++) {
    THNN_FloatLinear_updateOutput(NULL, input, out, weight, bias, ones);
    assert_gold(GOLDEN, name, "output", out, 1e-5);
    THNN_FloatLinear_updateGradInput(NULL, input, go, gi, weight);
    assert_gold(GOLDEN, name, "gradInput", gi, 1e-5);
    THFloatTensor_fill(gw, 1);
    if (gb) THFloatTensor_fill(gb, 1);
    THNN_FloatLinear_accGradParameters(NULL, input, go, gi, weight, bias, gw, gb, ones, 0.5);
    THNN_FloatLinear_accGradParameters(NULL, input, go, gi, weight, bias, gw, gb, ones, 0.5);
    assert_float_tensor_close(gw, expectedGw, 1e-5, 1e-5);
    if (gb) assert_float_tensor_close(gb, expectedGb, 1e-5, 1e-5);
    if (hasBias && input->nDimension == 2) {
      assert_int_equal(ones->nDimension, 1);
      assert_int_equal(ones->size[0], input->size[0]);
      for (long i = 0; i < input->size[0]; i++) assert_true(THFloatTensor_get1d(ones, i) == 1);
    }
  }
  free_floats(input, weight, bias, go, out, gi, gw, gb, ones, expectedGw, expectedGb);
}

static void test_golden_batch(void **state) { check_golden("batch", 1); }
static void test_golden_single(void **state) { check_golden("single", 1); }
static void test_golden_nobias(void **state) { check_golden("nobias", 0); }

/* A NULL addBuffer is allowed (a temporary stands in), and a NULL gradInput skips updateGradInput. */
static void test_null_buffers(void **state) {
  THFloatTensor *input = gold(GOLDEN, "batch", "input"), *weight = gold(GOLDEN, "batch", "weight");
  THFloatTensor *bias = gold(GOLDEN, "batch", "bias"), *go = gold(GOLDEN, "batch", "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gb = THFloatTensor_newClone(bias), *gw = THFloatTensor_newClone(weight);
  THNN_FloatLinear_updateOutput(NULL, input, out, weight, bias, NULL);
  assert_gold(GOLDEN, "batch", "output", out, 1e-5);
  THNN_FloatLinear_updateGradInput(NULL, input, go, NULL, weight);
  THFloatTensor_zero(gw);
  THFloatTensor_zero(gb);
  THNN_FloatLinear_accGradParameters(NULL, input, go, NULL, weight, bias, gw, gb, NULL, 1);
  assert_gold(GOLDEN, "batch", "gradBias", gb, 1e-5);
  assert_gold(GOLDEN, "batch", "gradWeight", gw, 1e-5);
  free_floats(input, weight, bias, go, out, gb, gw);
}

/* Transposed views of input, weight and gradOutput give the results of their contiguous copies. */
static void test_non_contiguous(void **state) {
  THFloatTensor *input = gold(GOLDEN, "batch", "input"), *weight = gold(GOLDEN, "batch", "weight");
  THFloatTensor *bias = gold(GOLDEN, "batch", "bias"), *go = gold(GOLDEN, "batch", "gradOutput");
  /* storage laid out transposed, viewed back in the original shape */
  THFloatTensor *tin = THFloatTensor_newTranspose(input, 0, 1), *tw = THFloatTensor_newTranspose(weight, 0, 1);
  THFloatTensor *tgo = THFloatTensor_newTranspose(go, 0, 1);
  THFloatTensor *cin = THFloatTensor_newClone(tin), *cw = THFloatTensor_newClone(tw), *cgo = THFloatTensor_newClone(tgo);
  THFloatTensor *vin = THFloatTensor_newTranspose(cin, 0, 1), *vw = THFloatTensor_newTranspose(cw, 0, 1);
  THFloatTensor *vgo = THFloatTensor_newTranspose(cgo, 0, 1);
  assert_false(THFloatTensor_isContiguous(vin));
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new(), *gw = THFloatTensor_newClone(weight);
  THFloatTensor *gb = THFloatTensor_newClone(bias);
  /* a non-contiguous gradWeight too: accumulate into the transpose of a [in x out] tensor */
  THFloatTensor *gwT = THFloatTensor_newWithSize2d(weight->size[1], weight->size[0]);
  THFloatTensor_zero(gwT);
  THFloatTensor *gwView = THFloatTensor_newTranspose(gwT, 0, 1);
  THFloatTensor_zero(gb);
  THNN_FloatLinear_updateOutput(NULL, vin, out, vw, bias, NULL);
  assert_gold(GOLDEN, "batch", "output", out, 1e-5);
  THNN_FloatLinear_updateGradInput(NULL, vin, vgo, gi, vw);
  assert_gold(GOLDEN, "batch", "gradInput", gi, 1e-5);
  THNN_FloatLinear_accGradParameters(NULL, vin, vgo, gi, vw, bias, gwView, gb, NULL, 1);
  assert_gold(GOLDEN, "batch", "gradWeight", gwView, 1e-5);
  assert_gold(GOLDEN, "batch", "gradBias", gb, 1e-5);
  free_floats(input, weight, bias, go, tin, tw, tgo, cin, cw, cgo, vin, vw, vgo, out, gi, gw, gb, gwT, gwView);
}

/* The bias is written into the output before the product: a non-contiguous output still gets the
 * golden result, and an output that is the input itself (square weight) gets the result of a separate one. */
static void test_output_layouts(void **state) {
  THFloatTensor *input = gold(GOLDEN, "batch", "input"), *weight = gold(GOLDEN, "batch", "weight");
  THFloatTensor *bias = gold(GOLDEN, "batch", "bias");
  THFloatTensor *outT = THFloatTensor_newWithSize2d(weight->size[0], input->size[0]);
  THFloatTensor *out = THFloatTensor_newTranspose(outT, 0, 1);
  THNN_FloatLinear_updateOutput(NULL, input, out, weight, bias, NULL);
  assert_false(THFloatTensor_isContiguous(out));
  assert_gold(GOLDEN, "batch", "output", out, 1e-5);
  long n = weight->size[0];
  THFloatTensor *square = THFloatTensor_newNarrow(weight, 1, 0, n), *head = THFloatTensor_newNarrow(input, 1, 0, n);
  THFloatTensor *x = THFloatTensor_newClone(head), *expected = THFloatTensor_new();
  THNN_FloatLinear_updateOutput(NULL, x, expected, square, bias, NULL);
  THNN_FloatLinear_updateOutput(NULL, x, x, square, bias, NULL);
  assert_float_tensor_close(x, expected, 1e-6, 1e-6);
  free_floats(input, weight, bias, outT, out, square, head, x, expected);
}

/* ------------------------------------------------------------------ finite differences (Double) */

typedef struct {
  THDoubleTensor *weight, *bias, *gradWeight, *gradBias, *ones;
} LinearCtx;

static void gc_forward(void *p, THDoubleTensor *in, THDoubleTensor *out) {
  LinearCtx *c = p;
  THNN_DoubleLinear_updateOutput(NULL, in, out, c->weight, c->bias, c->ones);
}
static void gc_backward(void *p, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  LinearCtx *c = p;
  THNN_DoubleLinear_updateGradInput(NULL, in, go, gi, c->weight);
}
/* Zeroes the gradients, accumulates with scales 3 and -2 (once in all). */
static void gc_accumulate(void *p, THDoubleTensor *in, THDoubleTensor *go) {
  LinearCtx *c = p;
  THDoubleTensor_zero(c->gradWeight);
  if (c->gradBias) THDoubleTensor_zero(c->gradBias);
  THNN_DoubleLinear_accGradParameters(NULL, in, go, NULL, c->weight, c->bias, c->gradWeight, c->gradBias, c->ones, 3);
  THNN_DoubleLinear_accGradParameters(NULL, in, go, NULL, c->weight, c->bias, c->gradWeight, c->gradBias, c->ones,
                                      -2);
}

static void check_gradients(long nframe, long in, long out, int hasBias) {
  LinearCtx c = {gradcheck_random(1, -1, 1, out, in, 0, 0), hasBias ? gradcheck_random(2, -1, 1, out, 0, 0, 0) : NULL,
                 THDoubleTensor_newWithSize2d(out, in), hasBias ? THDoubleTensor_newWithSize1d(out) : NULL,
                 THDoubleTensor_new()};
  THDoubleTensor *x = nframe ? gradcheck_random(3, -1, 1, nframe, in, 0, 0) : gradcheck_random(3, -1, 1, in, 0, 0, 0);
  assert_true(gradcheck_input(gc_forward, gc_backward, &c, x, 1e-6) < 1e-7);
  assert_true(gradcheck_param(gc_forward, gc_accumulate, &c, x, c.weight, c.gradWeight, 1e-6) < 1e-7);
  if (hasBias) assert_true(gradcheck_param(gc_forward, gc_accumulate, &c, x, c.bias, c.gradBias, 1e-6) < 1e-7);
  free_doubles(c.weight, c.bias, c.gradWeight, c.gradBias, c.ones, x);
}

static void test_gradcheck(void **state) {
  check_gradients(5, 4, 3, 1);
  check_gradients(0, 6, 2, 1);
  check_gradients(3, 2, 5, 0);
  check_gradients(1, 3, 3, 1);
}

/* A larger batch (threaded BLAS) against the definition, in Double. */
static void test_large_against_definition(void **state) {
  long n = 64, in = 96, out = 80;
  THDoubleTensor *x = gradcheck_random(5, -1, 1, n, in, 0, 0), *w = gradcheck_random(6, -1, 1, out, in, 0, 0);
  THDoubleTensor *b = gradcheck_random(7, -1, 1, out, 0, 0, 0), *y = THDoubleTensor_new();
  THNN_DoubleLinear_updateOutput(NULL, x, y, w, b, NULL);
  double worst = 0;
  for (long i = 0; i < n; i++)
    for (long o = 0; o < out; o++) {
      double s = THDoubleTensor_get1d(b, o);
      for (long k = 0; k < in; k++) s += THDoubleTensor_get2d(x, i, k) * THDoubleTensor_get2d(w, o, k);
      worst = fmax(worst, fabs(s - THDoubleTensor_get2d(y, i, o)));
    }
  assert_true(worst < 1e-12);
  free_doubles(x, w, b, y);
}

static void test_bad_inputs(void **state) {
  THFloatTensor *input = gold(GOLDEN, "batch", "input"), *weight = gold(GOLDEN, "batch", "weight");
  THFloatTensor *bias = gold(GOLDEN, "batch", "bias"), *go = gold(GOLDEN, "batch", "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new(), *gw = THFloatTensor_newClone(weight);
  THFloatTensor *gb = THFloatTensor_newClone(bias);
  THFloatTensor *x3 = THFloatTensor_newWithSize3d(2, 2, 5), *x6 = THFloatTensor_newWithSize2d(4, 6);
  THFloatTensor *b4 = THFloatTensor_newWithSize1d(4), *go4 = THFloatTensor_newWithSize2d(4, 4);
  THFloatTensor *go2 = THFloatTensor_newWithSize2d(2, 3), *gw2 = THFloatTensor_newWithSize2d(5, 3);
  assert_th_error(THNN_FloatLinear_updateOutput(NULL, x3, out, weight, bias, NULL), "input must be a 1D to 2D tensor");
  assert_th_error(THNN_FloatLinear_updateOutput(NULL, x6, out, weight, bias, NULL), "size mismatch, input must have 5 features");
  assert_th_error(THNN_FloatLinear_updateOutput(NULL, input, out, weight, b4, NULL), "bias must have size 3");
  assert_th_error(THNN_FloatLinear_updateOutput(NULL, input, out, NULL, bias, NULL), "weight must not be NULL");
  assert_th_error(THNN_FloatLinear_updateGradInput(NULL, input, go4, gi, weight), "gradOutput must have size 3");
  assert_th_error(THNN_FloatLinear_updateGradInput(NULL, input, go2, gi, weight), "gradOutput must have size 4");
  assert_th_error(THNN_FloatLinear_accGradParameters(NULL, input, go, gi, weight, bias, gw2, gb, NULL, 1),
                  "gradWeight must have the size of weight");
  assert_th_error(THNN_FloatLinear_accGradParameters(NULL, input, go, gi, weight, bias, gw, b4, NULL, 1),
                  "gradBias must have size 3");
  /* the library keeps working */
  THNN_FloatLinear_updateOutput(NULL, input, out, weight, bias, NULL);
  assert_gold(GOLDEN, "batch", "output", out, 1e-5);
  free_floats(input, weight, bias, go, out, gi, gw, gb, x3, x6, b4, go4, go2, gw2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_batch),   cmocka_unit_test(test_golden_single),
      cmocka_unit_test(test_golden_nobias),  cmocka_unit_test(test_null_buffers),
      cmocka_unit_test(test_non_contiguous), cmocka_unit_test(test_gradcheck),
      cmocka_unit_test(test_large_against_definition), cmocka_unit_test(test_output_layouts),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
