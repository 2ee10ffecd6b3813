/* GRUFused and LSTMFused: Float against the GRU/LSTM cell math of PyTorch 1.13 on the same
 * pre-activations (tests/golden/gen_rnn_fused.py), Double against finite differences with respect to
 * every input, NULL biases, one-row (1-D) states, aliasing, and bad inputs. */
#include "layer_test.h"

#define GOLDEN "rnn_fused.txt"

/* Column sums of a [N x W] tensor (a bias's gradient from the gates' one). */
static THFloatTensor *column_sums(THFloatTensor *t) {
  THFloatTensor *s = THFloatTensor_new();
  THFloatTensor_sum(s, t, 0, 0);
  return s;
}

static void test_gru_golden(void **state) {
  THFloatTensor *in = gold(GOLDEN, "gru", "input"), *hid = gold(GOLDEN, "gru", "hidden");
  THFloatTensor *b1 = gold(GOLDEN, "gru", "bias1"), *b2 = gold(GOLDEN, "gru", "bias2"), *hx = gold(GOLDEN, "gru", "hx");
  THFloatTensor *go = gold(GOLDEN, "gru", "gradOutput"), *hy = THFloatTensor_new(), *st = THFloatTensor_newWithSize1d(2);
  THFloatTensor *gi = THFloatTensor_new(), *gh = THFloatTensor_new(), *ghx = THFloatTensor_new();
  for (int round = 0; round < 2; round++) { /* buffers reused */
    THNN_FloatGRUFused_updateOutput(NULL, in, hid, b1, b2, hx, hy, st);
    assert_gold(GOLDEN, "gru", "output", hy, 1e-5);
    THNN_FloatGRUFused_updateGradInput(NULL, gi, gh, go, ghx, st);
    assert_gold(GOLDEN, "gru", "grad_input", gi, 1e-5);
    assert_gold(GOLDEN, "gru", "grad_hidden", gh, 1e-5);
    assert_gold(GOLDEN, "gru", "grad_hx", ghx, 1e-5);
  }
  THFloatTensor *s1 = column_sums(gi), *s2 = column_sums(gh);
  assert_gold(GOLDEN, "gru", "grad_bias1", s1, 1e-5);
  assert_gold(GOLDEN, "gru", "grad_bias2", s2, 1e-5);
  free_floats(in, hid, b1, b2, hx, go, hy, st, gi, gh, ghx, s1, s2);
}

static void test_lstm_golden(void **state) {
  THFloatTensor *in = gold(GOLDEN, "lstm", "input"), *hid = gold(GOLDEN, "lstm", "hidden");
  THFloatTensor *b1 = gold(GOLDEN, "lstm", "bias1"), *b2 = gold(GOLDEN, "lstm", "bias2"), *cx = gold(GOLDEN, "lstm", "cx");
  THFloatTensor *go = gold(GOLDEN, "lstm", "gradOutput"), *goc = gold(GOLDEN, "lstm", "gradOutputCell");
  THFloatTensor *hy = THFloatTensor_new(), *cy = THFloatTensor_new(), *gg = THFloatTensor_new(), *gcx = THFloatTensor_new();
  THNN_FloatLSTMFused_updateOutput(NULL, in, hid, b1, b2, cx, hy, cy);
  assert_gold(GOLDEN, "lstm", "output", hy, 1e-5);
  assert_gold(GOLDEN, "lstm", "outputCell", cy, 1e-5);
  assert_gold(GOLDEN, "lstm", "gates", in, 1e-6); /* input now holds the activated gates */
  THNN_FloatLSTMFused_updateGradInput(NULL, in, gg, cx, cy, go, goc, gcx);
  assert_gold(GOLDEN, "lstm", "grad_input", gg, 1e-5);
  assert_gold(GOLDEN, "lstm", "grad_hidden", gg, 1e-5);
  assert_gold(GOLDEN, "lstm", "grad_cx", gcx, 1e-5);
  THFloatTensor *s = column_sums(gg);
  assert_gold(GOLDEN, "lstm", "grad_bias1", s, 1e-5);
  assert_gold(GOLDEN, "lstm", "grad_bias2", s, 1e-5);
  free_floats(in, hid, b1, b2, cx, go, goc, hy, cy, gg, gcx, s);
}

/* NULL biases equal zero biases; a NULL gradOutputCell equals a zero one; one row as a 1-D state. */
static void test_null_biases_and_single_row(void **state) {
  THDoubleTensor *in = gradcheck_random(1, -2, 2, 2, 12, 0, 0), *hid = gradcheck_random(2, -2, 2, 2, 12, 0, 0);
  THDoubleTensor *hx = gradcheck_random(3, -1, 1, 2, 4, 0, 0), *zeros = THDoubleTensor_newWithSize1d(12);
  THDoubleTensor *a = THDoubleTensor_new(), *b = THDoubleTensor_new(), *st = THDoubleTensor_new();
  THDoubleTensor_zero(zeros);
  THNN_DoubleGRUFused_updateOutput(NULL, in, hid, NULL, NULL, hx, a, st);
  THNN_DoubleGRUFused_updateOutput(NULL, in, hid, zeros, zeros, hx, b, st);
  assert_true(max_abs_diff(a, b) == 0);
  /* row 1 alone, as 1-D tensors */
  THDoubleTensor *in1 = THDoubleTensor_newSelect(in, 0, 1), *hid1 = THDoubleTensor_newSelect(hid, 0, 1);
  THDoubleTensor *hx1 = THDoubleTensor_newSelect(hx, 0, 1), *row = THDoubleTensor_newSelect(a, 0, 1);
  THNN_DoubleGRUFused_updateOutput(NULL, in1, hid1, NULL, NULL, hx1, b, st);
  assert_int_equal(b->nDimension, 1);
  assert_true(max_abs_diff(b, row) == 0);

  THDoubleTensor *lin = gradcheck_random(4, -2, 2, 2, 16, 0, 0), *lhid = gradcheck_random(5, -2, 2, 2, 16, 0, 0);
  THDoubleTensor *cx = gradcheck_random(6, -1, 1, 2, 4, 0, 0), *z16 = THDoubleTensor_newWithSize1d(16);
  THDoubleTensor *lin2 = THDoubleTensor_newClone(lin), *hy = THDoubleTensor_new(), *cy = THDoubleTensor_new();
  THDoubleTensor *hy2 = THDoubleTensor_new(), *cy2 = THDoubleTensor_new(), *go = gradcheck_random(7, -1, 1, 2, 4, 0, 0);
  THDoubleTensor *zc = THDoubleTensor_newWithSize2d(2, 4), *g1 = THDoubleTensor_new(), *g2 = THDoubleTensor_new();
  THDoubleTensor *gc1 = THDoubleTensor_new(), *gc2 = THDoubleTensor_new();
  THDoubleTensor_zero(z16);
  THDoubleTensor_zero(zc);
  THNN_DoubleLSTMFused_updateOutput(NULL, lin, lhid, NULL, NULL, cx, hy, cy);
  THNN_DoubleLSTMFused_updateOutput(NULL, lin2, lhid, z16, z16, cx, hy2, cy2);
  assert_true(max_abs_diff(hy, hy2) == 0 && max_abs_diff(cy, cy2) == 0);
  THNN_DoubleLSTMFused_updateGradInput(NULL, lin, g1, cx, cy, go, NULL, gc1);
  THNN_DoubleLSTMFused_updateGradInput(NULL, lin, g2, cx, cy, go, zc, gc2);
  assert_true(max_abs_diff(g1, g2) == 0 && max_abs_diff(gc1, gc2) == 0);
  free_doubles(in, hid, hx, zeros, a, b, st, in1, hid1, hx1, row, lin, lhid, cx, z16, lin2, hy, cy, hy2, cy2, go, zc, g1,
               g2, gc1, gc2);
}

/* hy may be hx itself, gradInputHx gradOutput itself, and LSTM's cy the cell. */
static void test_aliasing(void **state) {
  THDoubleTensor *in = gradcheck_random(1, -2, 2, 3, 6, 0, 0), *hid = gradcheck_random(2, -2, 2, 3, 6, 0, 0);
  THDoubleTensor *hx = gradcheck_random(3, -1, 1, 3, 2, 0, 0), *hx2 = THDoubleTensor_newClone(hx);
  THDoubleTensor *hy = THDoubleTensor_new(), *st = THDoubleTensor_new(), *st2 = THDoubleTensor_new();
  THNN_DoubleGRUFused_updateOutput(NULL, in, hid, NULL, NULL, hx, hy, st);
  THNN_DoubleGRUFused_updateOutput(NULL, in, hid, NULL, NULL, hx2, hx2, st2);
  assert_true(max_abs_diff(hy, hx2) == 0 && max_abs_diff(st, st2) == 0);
  THDoubleTensor *go = gradcheck_random(4, -1, 1, 3, 2, 0, 0), *go2 = THDoubleTensor_newClone(go);
  THDoubleTensor *gi = THDoubleTensor_new(), *gh = THDoubleTensor_new(), *ghx = THDoubleTensor_new();
  THNN_DoubleGRUFused_updateGradInput(NULL, gi, gh, go, ghx, st);
  THNN_DoubleGRUFused_updateGradInput(NULL, gi, gh, go2, go2, st);
  assert_true(max_abs_diff(ghx, go2) == 0);

  THDoubleTensor *lin = gradcheck_random(5, -2, 2, 3, 8, 0, 0), *lin2 = THDoubleTensor_newClone(lin);
  THDoubleTensor *lhid = gradcheck_random(6, -2, 2, 3, 8, 0, 0), *cx = gradcheck_random(7, -1, 1, 3, 2, 0, 0);
  THDoubleTensor *cx2 = THDoubleTensor_newClone(cx), *ly = THDoubleTensor_new(), *cy = THDoubleTensor_new();
  THDoubleTensor *ly2 = THDoubleTensor_new();
  THNN_DoubleLSTMFused_updateOutput(NULL, lin, lhid, NULL, NULL, cx, ly, cy);
  THNN_DoubleLSTMFused_updateOutput(NULL, lin2, lhid, NULL, NULL, cx2, ly2, cx2);
  assert_true(max_abs_diff(ly, ly2) == 0 && max_abs_diff(cy, cx2) == 0);
  free_doubles(in, hid, hx, hx2, hy, st, st2, go, go2, gi, gh, ghx, lin, lin2, lhid, cx, cx2, ly, cy, ly2);
}

/* ------------------------------------------------------------------ finite differences (Double)
 * The context holds every input; `which` names the one gradcheck perturbs (passed as its input). The
 * LSTM's output is [hy, cy] side by side, so the loss covers both. */

enum { IN, HIDDEN, STATE, BIAS1, BIAS2 };

typedef struct {
  THDoubleTensor *t[5]; /* input, hidden, hx or cx, bias1, bias2 */
  int which;
  long n, h;
} RnnCtx;

/* The context's tensors with the perturbed one taking x's place. */
static void rnn_args(RnnCtx *c, THDoubleTensor *x, THDoubleTensor **a) {
  for (int i = 0; i < 5; i++) a[i] = i == c->which ? x : c->t[i];
}

static void gru_forward(void *p, THDoubleTensor *x, THDoubleTensor *out) {
  RnnCtx *c = p;
  THDoubleTensor *a[5], *st = THDoubleTensor_new();
  rnn_args(c, x, a);
  THNN_DoubleGRUFused_updateOutput(NULL, a[IN], a[HIDDEN], a[BIAS1], a[BIAS2], a[STATE], out, st);
  THDoubleTensor_free(st);
}

/* The gradient w.r.t. the perturbed tensor: a bias's is the column sum of its gates' gradient. */
static void gru_backward(void *p, THDoubleTensor *x, THDoubleTensor *go, THDoubleTensor *grad) {
  RnnCtx *c = p;
  THDoubleTensor *a[5], *st = THDoubleTensor_new(), *y = THDoubleTensor_new();
  THDoubleTensor *gi = THDoubleTensor_new(), *gh = THDoubleTensor_new(), *ghx = THDoubleTensor_new();
  rnn_args(c, x, a);
  THNN_DoubleGRUFused_updateOutput(NULL, a[IN], a[HIDDEN], a[BIAS1], a[BIAS2], a[STATE], y, st);
  THNN_DoubleGRUFused_updateGradInput(NULL, gi, gh, go, ghx, st);
  THDoubleTensor *pick[5] = {gi, gh, ghx, gi, gh};
  if (c->which >= BIAS1) THDoubleTensor_sum(grad, pick[c->which], 0, 0);
  else THDoubleTensor_resizeAs(grad, pick[c->which]), THDoubleTensor_copy(grad, pick[c->which]);
  free_doubles(st, y, gi, gh, ghx);
}

static void lstm_forward(void *p, THDoubleTensor *x, THDoubleTensor *out) {
  RnnCtx *c = p;
  THDoubleTensor *a[5];
  rnn_args(c, x, a);
  THDoubleTensor *gates = THDoubleTensor_newClone(a[IN]), *hy = THDoubleTensor_new(), *cy = THDoubleTensor_new();
  THNN_DoubleLSTMFused_updateOutput(NULL, gates, a[HIDDEN], a[BIAS1], a[BIAS2], a[STATE], hy, cy);
  THDoubleTensor_cat(out, hy, cy, 1);
  free_doubles(gates, hy, cy);
}

static void lstm_backward(void *p, THDoubleTensor *x, THDoubleTensor *go, THDoubleTensor *grad) {
  RnnCtx *c = p;
  THDoubleTensor *a[5];
  rnn_args(c, x, a);
  THDoubleTensor *gates = THDoubleTensor_newClone(a[IN]), *hy = THDoubleTensor_new(), *cy = THDoubleTensor_new();
  THDoubleTensor *gg = THDoubleTensor_new(), *gcx = THDoubleTensor_new();
  THNN_DoubleLSTMFused_updateOutput(NULL, gates, a[HIDDEN], a[BIAS1], a[BIAS2], a[STATE], hy, cy);
  THDoubleTensor *goh = THDoubleTensor_newNarrow(go, 1, 0, c->h), *goc = THDoubleTensor_newNarrow(go, 1, c->h, c->h);
  THNN_DoubleLSTMFused_updateGradInput(NULL, gates, gg, a[STATE], cy, goh, goc, gcx);
  if (c->which >= BIAS1) THDoubleTensor_sum(grad, gg, 0, 0);
  else {
    THDoubleTensor *src = c->which == STATE ? gcx : gg;
    THDoubleTensor_resizeAs(grad, src);
    THDoubleTensor_copy(grad, src);
  }
  free_doubles(gates, hy, cy, gg, gcx, goh, goc);
}

static void check_rnn_gradients(int gates, gradcheck_forward fwd, gradcheck_backward bwd) {
  long n = 3, h = 4;
  RnnCtx c = {{gradcheck_random(1, -2, 2, n, gates * h, 0, 0), gradcheck_random(2, -2, 2, n, gates * h, 0, 0),
               gradcheck_random(3, -1, 1, n, h, 0, 0), gradcheck_random(4, -1, 1, gates * h, 0, 0, 0),
               gradcheck_random(5, -1, 1, gates * h, 0, 0, 0)},
              0, n, h};
  for (c.which = IN; c.which <= BIAS2; c.which++) {
    THDoubleTensor *x = THDoubleTensor_newClone(c.t[c.which]);
    double err = gradcheck_input(fwd, bwd, &c, x, 1e-6);
    if (!(err < 1e-7)) fail_msg("%d gates, input %d: relative error %g", gates, c.which, err);
    THDoubleTensor_free(x);
  }
  for (int i = 0; i < 5; i++) THDoubleTensor_free(c.t[i]);
}

static void test_gradcheck(void **state) {
  check_rnn_gradients(3, gru_forward, gru_backward);
  check_rnn_gradients(4, lstm_forward, lstm_backward);
}

static void test_bad_inputs(void **state) {
  THFloatTensor *in = THFloatTensor_newWithSize2d(2, 12), *hx = THFloatTensor_newWithSize2d(2, 4);
  THFloatTensor *in3 = THFloatTensor_newWithSize2d(3, 12), *b = THFloatTensor_newWithSize1d(11);
  THFloatTensor *y = THFloatTensor_new(), *st = THFloatTensor_newWithSize1d(7), *g = THFloatTensor_new();
  THFloatTensor *g2 = THFloatTensor_new(), *gx = THFloatTensor_new(), *lin = THFloatTensor_newWithSize2d(2, 16);
  THFloatTensor *c5 = THFloatTensor_newWithSize2d(2, 5), *cy = THFloatTensor_new();
  THFloatTensor_fill(in, 0.5f);
  THFloatTensor_fill(hx, 0.25f);
  THFloatTensor_fill(lin, 0.5f);
  assert_th_error(THNN_FloatGRUFused_updateOutput(NULL, in3, in, NULL, NULL, hx, y, st), "input must have size 2 at dimension 1");
  assert_th_error(THNN_FloatGRUFused_updateOutput(NULL, in, in, b, NULL, hx, y, st), "bias1 must have 12 elements");
  assert_th_error(THNN_FloatGRUFused_updateOutput(NULL, in, lin, NULL, NULL, hx, y, st), "hidden must have size 12 at dimension 2");
  assert_th_error(THNN_FloatGRUFused_updateGradInput(NULL, g, g2, hx, gx, st), "storage must hold 40 elements");
  assert_th_error(THNN_FloatLSTMFused_updateOutput(NULL, lin, lin, NULL, NULL, c5, y, cy), "input must have size 20 at dimension 2");
  assert_th_error(THNN_FloatLSTMFused_updateOutput(NULL, lin, lin, NULL, NULL, NULL, y, cy), "cell must not be NULL");
  assert_th_error(THNN_FloatLSTMFused_updateGradInput(NULL, lin, g, hx, c5, hx, NULL, gx), "cy must have the size of cx");
  /* still working */
  THNN_FloatGRUFused_updateOutput(NULL, in, in, NULL, NULL, hx, y, st);
  THNN_FloatGRUFused_updateGradInput(NULL, g, g2, hx, gx, st);
  assert_int_equal(g->size[1], 12);
  free_floats(in, hx, in3, b, y, st, g, g2, gx, lin, c5, cy);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gru_golden),  cmocka_unit_test(test_lstm_golden),
      cmocka_unit_test(test_null_biases_and_single_row), cmocka_unit_test(test_aliasing),
      cmocka_unit_test(test_gradcheck),   cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
