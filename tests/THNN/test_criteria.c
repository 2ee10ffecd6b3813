/* THNN criteria: AbsCriterion, MSECriterion, SmoothL1Criterion, SoftMarginCriterion, MarginCriterion,
 * DistKLDivCriterion, BCECriterion, ClassNLLCriterion, SpatialClassNLLCriterion,
 * MultiLabelMarginCriterion, MultiMarginCriterion, L1Cost.
 * Goldens (Float) from tests/golden/gen_criteria.py (PyTorch 1.13) for sizeAverage on and off,
 * gradient checks in Double of updateGradInput against the loss, non-contiguous inputs, bad
 * inputs (targets out of range named by position, size mismatches), the legacy gradInput and
 * buffer conventions. */
#include "th_test.h"
#include "golden.h"
#include "gradcheck.h"
#include "THNN.h"

#define GOLDEN "criteria.txt"

enum { ABS, MSE, SMOOTHL1, SOFTMARGIN, MARGIN, KL, BCE, NLL, SNLL, MLM, MM };

typedef struct {
  const char *name;               /* golden prefix: <name>_<mean|sum>_<output|gradInput> */
  int kind;
  const char *input, *target;     /* golden records; target is a class (long) record for the class criteria */
  const char *weights;            /* or NULL */
  int row;                        /* >= 0: use this row of the 2D input and target (the 1D forms) */
  int p;                          /* MultiMargin */
  long ignore;                    /* ClassNLL (1-based); -100 when none */
} Case;

#define R Float
#include "criteria_run.h"
#undef R
#define R Double
#include "criteria_run.h"
#undef R

static const Case cases[] = {
    {"abs", ABS, "input", "target", NULL, -1, 0, -100},
    {"mse", MSE, "input", "target", NULL, -1, 0, -100},
    {"smoothl1", SMOOTHL1, "input", "target", NULL, -1, 0, -100},
    {"softmargin", SOFTMARGIN, "input", "sign", NULL, -1, 0, -100},
    {"margin", MARGIN, "input", "sign", NULL, -1, 0, -100},
    {"kl", KL, "kl_input", "kl_target", NULL, -1, 0, -100},
    {"bce", BCE, "bce_input", "bce_target", NULL, -1, 0, -100},
    {"bce_weighted", BCE, "bce_input", "bce_target", "bce_weights", -1, 0, -100},
    {"nll", NLL, "nll_input", "nll_target", NULL, -1, 0, -100},
    {"nll_weighted", NLL, "nll_input", "nll_target", "nll_weights", -1, 0, -100},
    {"nll_ignore", NLL, "nll_input", "nll_target", "nll_weights", -1, 0, 3},
    {"nll1d", NLL, "nll_input", "nll_target", NULL, 1, 0, -100},
    {"snll", SNLL, "snll_input", "snll_target", NULL, -1, 0, -100},
    {"snll_weighted", SNLL, "snll_input", "snll_target", "snll_weights", -1, 0, -100},
    {"mlm", MLM, "mlm_input", "mlm_target", NULL, -1, 0, -100},
    {"mlm1d", MLM, "mlm_input", "mlm_target", NULL, 1, 0, -100},
    {"mm_p1", MM, "mm_input", "mm_target", NULL, -1, 1, -100},
    {"mm_p2w", MM, "mm_input", "mm_target", "mm_weights", -1, 2, -100},
};
#define N_CASES (sizeof cases / sizeof cases[0])

static int is_class_kind(int kind) { return kind >= NLL; }

static THLongTensor *long_from_double(THDoubleTensor *d) {
  THLongTensor *l = THLongTensor_new();
  THLongTensor_resizeNd(l, d->nDimension, d->size, NULL);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(d); i++) THLongTensor_data(l)[i] = (long)THDoubleTensor_data(d)[i];
  return l;
}

/* Row `row` of a 2D tensor as a new 1D tensor, element `row` of a 1D one as a 1-element 1D
 * tensor (contiguous copies); the tensor itself when row < 0. */
static THDoubleTensor *pick_row(THDoubleTensor *t, int row) {
  if (row < 0) return t;
  THDoubleTensor *sel = t->nDimension == 1 ? THDoubleTensor_newNarrow(t, 0, row, 1) : THDoubleTensor_newSelect(t, 0, row);
  THDoubleTensor *copy = THDoubleTensor_newContiguous(sel);
  THDoubleTensor_free(sel);
  THDoubleTensor_free(t);
  return copy;
}

/* The case's tensors, in Double (the C test converts to Float where it needs). */
typedef struct {
  THDoubleTensor *x, *t, *w;
  THLongTensor *lt;
} Tensors;

static Tensors load_case(const Case *c) {
  Tensors s = {pick_row(golden_double(GOLDEN, c->input), c->row), NULL, NULL, NULL};
  THDoubleTensor *t = pick_row(golden_double(GOLDEN, c->target), c->row);
  if (is_class_kind(c->kind)) {
    s.lt = long_from_double(t);
    THDoubleTensor_free(t);
  } else {
    s.t = t;
  }
  if (c->weights) s.w = golden_double(GOLDEN, c->weights);
  return s;
}

static void free_case(Tensors *s) {
  THDoubleTensor_free(s->x);
  if (s->t) THDoubleTensor_free(s->t);
  if (s->w) THDoubleTensor_free(s->w);
  if (s->lt) THLongTensor_free(s->lt);
}

static THFloatTensor *to_float(THDoubleTensor *d) { return d ? th_float_copy(d) : NULL; }

/* ------------------------------------------------------------------ goldens (Float) */

static void test_goldens(void **state) {
  for (size_t k = 0; k < N_CASES; k++) {
    const Case *c = &cases[k];
    Tensors s = load_case(c);
    THFloatTensor *x = to_float(s.x), *t = to_float(s.t), *w = to_float(s.w);
    for (int sa = 1; sa >= 0; sa--) {
      char name[128];
      snprintf(name, sizeof name, "%s_%s_output", c->name, sa ? "mean" : "sum");
      THFloatTensor *want = golden_float(GOLDEN, name);
      snprintf(name, sizeof name, "%s_%s_gradInput", c->name, sa ? "mean" : "sum");
      THFloatTensor *wantGrad = golden_float(GOLDEN, name);
      /* gradInput as Torch7's callers pass it to the class criteria: sized and zeroed */
      THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
      THFloatTensor_resizeAs(gi, x);
      THFloatTensor_zero(gi);
      run_Float(c, x, t, s.lt, w, sa, out, gi);
      golden_assert_close_(out, want, 1e-5, 1e-5, name, "PyTorch's loss");
      golden_assert_close_(gi, wantGrad, 1e-6, 1e-5, name, "PyTorch's gradient");
      THFloatTensor_free(out);
      THFloatTensor_free(gi);
      THFloatTensor_free(want);
      THFloatTensor_free(wantGrad);
    }
    THFloatTensor_free(x);
    if (t) THFloatTensor_free(t);
    if (w) THFloatTensor_free(w);
    free_case(&s);
  }
}

/* BCE at probabilities of exactly 0 and 1: each log clamped at -100 (PyTorch 1.13). */
static void test_bce_edges(void **state) {
  THFloatTensor *x = golden_float(GOLDEN, "bce_edge_input"), *t = golden_float(GOLDEN, "bce_edge_target");
  THFloatTensor *want = golden_float(GOLDEN, "bce_edge_sum_output"), *out = THFloatTensor_new();
  THNN_FloatBCECriterion_updateOutput(NULL, x, t, out, false, NULL);
  assert_float_tensor_close(out, want, 1e-5, 1e-6);
  assert_close(THFloatTensor_data(out)[0], 200 + log(2.0) * 0.25 + log(2.0) * 0.75, 1e-6);
  THFloatTensor *gi = THFloatTensor_new();
  THNN_FloatBCECriterion_updateGradInput(NULL, x, t, gi, false, NULL);
  /* (x - t) / max(x (1 - x), 1e-12): finite at the edges */
  assert_close(THFloatTensor_data(gi)[0], -1e12, 1e-6);
  assert_close(THFloatTensor_data(gi)[1], 1e12, 1e-6);
  assert_close(THFloatTensor_data(gi)[2], 0, 0);
  assert_close(THFloatTensor_data(gi)[4], 1.0, 1e-6);
  THFloatTensor *ts[] = {x, t, want, out, gi};
  for (int i = 0; i < 5; i++) THFloatTensor_free(ts[i]);
}

/* ------------------------------------------------------------------ gradient checks (Double) */

typedef struct {
  const Case *c;
  Tensors s;
  bool sizeAverage;
} GradContext;

static void gc_forward(void *ctx, THDoubleTensor *input, THDoubleTensor *output) {
  GradContext *g = ctx;
  run_Double(g->c, input, g->s.t, g->s.lt, g->s.w, g->sizeAverage, output, NULL);
}

/* The criteria's gradient is that of the loss itself: scaled by the (one-element) gradOutput. */
static void gc_backward(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput, THDoubleTensor *gradInput) {
  GradContext *g = ctx;
  THDoubleTensor *out = THDoubleTensor_new();
  run_Double(g->c, input, g->s.t, g->s.lt, g->s.w, g->sizeAverage, out, gradInput);
  THDoubleTensor_mul(gradInput, gradInput, THDoubleTensor_data(gradOutput)[0]);
  THDoubleTensor_free(out);
}

static void test_gradcheck(void **state) {
  for (size_t k = 0; k < N_CASES; k++) {
    const Case *c = &cases[k];
    for (int sa = 0; sa < 2; sa++) {
      GradContext g = {c, load_case(c), sa};
      /* a fresh random point of the golden input's shape (probabilities for BCE) */
      THDoubleTensor *shape = g.s.x;
      long z[4] = {0, 0, 0, 0};
      for (int d = 0; d < shape->nDimension; d++) z[d] = shape->size[d];
      double lo = c->kind == BCE ? 0.05 : -2, hi = c->kind == BCE ? 0.95 : 2;
      THDoubleTensor *x = gradcheck_random(500 + k, lo, hi, z[0], z[1], z[2], z[3]);
      double err = gradcheck_input(gc_forward, gc_backward, &g, x, 1e-6);
      if (err > 1e-6) fail_msg("%s (sizeAverage %d): gradient check error %g", c->name, sa, err);
      THDoubleTensor_free(x);
      free_case(&g.s);
    }
  }
}

/* L1Cost: sum |x| and sign(x) (0 at 0), gradOutput not read (NULL). */
static void test_l1cost(void **state) {
  double v[] = {-1.5, 0.0, 2.0, -0.25};
  THDoubleTensor *x = th_test_double(v, 2, 2, 0, 0), *out = THDoubleTensor_new(), *gi = THDoubleTensor_new();
  THNN_DoubleL1Cost_updateOutput(NULL, x, out);
  assert_int_equal(THDoubleTensor_nElement(out), 1);
  assert_close(THDoubleTensor_data(out)[0], 3.75, 1e-15);
  THNN_DoubleL1Cost_updateGradInput(NULL, x, NULL, gi);
  double want[] = {-1, 0, 1, -1};
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(gi)[i], want[i], 0);
  assert_int_equal(gi->nDimension, 2);
  THDoubleTensor_free(x);
  THDoubleTensor_free(out);
  THDoubleTensor_free(gi);
}

/* ------------------------------------------------------------------ layouts and conventions */

/* Transposed input and target give what their contiguous copies give. */
static void test_noncontiguous(void **state) {
  THDoubleTensor *xs = gradcheck_random(61, 0.1, 0.9, 5, 3, 0, 0), *ts = gradcheck_random(62, 0.1, 0.9, 5, 3, 0, 0);
  THDoubleTensor *x = THDoubleTensor_newTranspose(xs, 0, 1), *t = THDoubleTensor_newTranspose(ts, 0, 1);
  THDoubleTensor *xc = THDoubleTensor_newContiguous(x), *tc = THDoubleTensor_newContiguous(t);
  for (int kind = ABS; kind <= BCE; kind++) {
    Case c = {"strided", kind, NULL, NULL, NULL, -1, 0, -100};
    THDoubleTensor *o1 = THDoubleTensor_new(), *g1 = THDoubleTensor_new();
    THDoubleTensor *o2 = THDoubleTensor_new(), *g2 = THDoubleTensor_new();
    run_Double(&c, x, t, NULL, NULL, true, o1, g1);
    run_Double(&c, xc, tc, NULL, NULL, true, o2, g2);
    assert_close(THDoubleTensor_data(o1)[0], THDoubleTensor_data(o2)[0], 1e-14);
    for (long i = 0; i < 3; i++)
      for (long j = 0; j < 5; j++) assert_close(THDoubleTensor_get2d(g1, i, j), THDoubleTensor_get2d(g2, i, j), 1e-14);
    THDoubleTensor_free(o1);
    THDoubleTensor_free(g1);
    THDoubleTensor_free(o2);
    THDoubleTensor_free(g2);
  }
  /* ClassNLL on a transposed input, into a transposed (caller-zeroed) gradInput */
  THLongTensor *cls = THLongTensor_newWithSize1d(3);
  long cv[] = {5, 1, 3};
  for (int i = 0; i < 3; i++) THLongTensor_data(cls)[i] = cv[i];
  THDoubleTensor *out = THDoubleTensor_new(), *tw = THDoubleTensor_new();
  THDoubleTensor *gstore = THDoubleTensor_newWithSize2d(5, 3), *gi = THDoubleTensor_newTranspose(gstore, 0, 1);
  THDoubleTensor_zero(gstore);
  THNN_DoubleClassNLLCriterion_updateOutput(NULL, x, cls, out, false, NULL, tw, -100);
  assert_close(THDoubleTensor_data(out)[0],
               -(THDoubleTensor_get2d(x, 0, 4) + THDoubleTensor_get2d(x, 1, 0) + THDoubleTensor_get2d(x, 2, 2)), 1e-15);
  THNN_DoubleClassNLLCriterion_updateGradInput(NULL, x, cls, gi, false, NULL, tw, -100);
  assert_ptr_equal(THDoubleTensor_data(gi), THDoubleTensor_data(gstore));
  for (long i = 0; i < 3; i++)
    for (long j = 0; j < 5; j++) assert_close(THDoubleTensor_get2d(gi, i, j), j + 1 == cv[i] ? -1 : 0, 0);
  THDoubleTensor *ts_[] = {xs, ts, x, t, xc, tc, out, tw, gstore, gi};
  for (int i = 0; i < 10; i++) THDoubleTensor_free(ts_[i]);
  THLongTensor_free(cls);
}

/* ClassNLL's legacy conventions: updateGradInput writes only the target entries of a sized
 * gradInput (the others keep what the caller left there); an unsized one is sized and zeroed;
 * output and total_weight arrive unsized and are sized; everything ignored gives 0 (as Torch7). */
static void test_classnll_conventions(void **state) {
  double v[] = {-1, -2, -3, -4, -5, -6};
  THDoubleTensor *x = th_test_double(v, 2, 3, 0, 0), *out = THDoubleTensor_new(), *tw = THDoubleTensor_new();
  THLongTensor *cls = THLongTensor_newWithSize1d(2);
  THLongTensor_data(cls)[0] = 2;
  THLongTensor_data(cls)[1] = 3;
  THNN_DoubleClassNLLCriterion_updateOutput(NULL, x, cls, out, true, NULL, tw, -100);
  assert_int_equal(THDoubleTensor_nElement(out), 1);
  assert_close(THDoubleTensor_data(out)[0], (2 + 6) / 2.0, 1e-15);
  assert_close(THDoubleTensor_data(tw)[0], 2, 0);
  THDoubleTensor *gi = THDoubleTensor_newWithSize2d(2, 3);
  THDoubleTensor_fill(gi, 7);
  THNN_DoubleClassNLLCriterion_updateGradInput(NULL, x, cls, gi, true, NULL, tw, -100);
  double want[] = {7, -0.5, 7, 7, 7, -0.5};
  for (int i = 0; i < 6; i++) assert_close(THDoubleTensor_data(gi)[i], want[i], 0);
  THDoubleTensor *fresh = THDoubleTensor_newWithSize1d(4);
  THNN_DoubleClassNLLCriterion_updateGradInput(NULL, x, cls, fresh, true, NULL, tw, -100);
  double wantFresh[] = {0, -0.5, 0, 0, 0, -0.5};
  assert_int_equal(fresh->nDimension, 2);
  for (int i = 0; i < 6; i++) assert_close(THDoubleTensor_data(fresh)[i], wantFresh[i], 0);
  /* a second forward call reuses the sized output and total_weight and gives the same */
  THNN_DoubleClassNLLCriterion_updateOutput(NULL, x, cls, out, true, NULL, tw, -100);
  assert_close(THDoubleTensor_data(out)[0], 4, 1e-15);
  /* every target ignored: loss 0, total_weight 0, gradient untouched */
  THLongTensor_fill(cls, 2);
  THNN_DoubleClassNLLCriterion_updateOutput(NULL, x, cls, out, true, NULL, tw, 2);
  assert_close(THDoubleTensor_data(out)[0], 0, 0);
  assert_close(THDoubleTensor_data(tw)[0], 0, 0);
  THDoubleTensor_zero(fresh);
  THNN_DoubleClassNLLCriterion_updateGradInput(NULL, x, cls, fresh, true, NULL, tw, 2);
  for (int i = 0; i < 6; i++) assert_close(THDoubleTensor_data(fresh)[i], 0, 0);
  THDoubleTensor *ts[] = {x, out, tw, gi, fresh};
  for (int i = 0; i < 5; i++) THDoubleTensor_free(ts[i]);
  THLongTensor_free(cls);
}

/* MultiLabelMargin's isTarget buffer: resized from any size and holding the target marks. */
static void test_multilabel_buffer(void **state) {
  THDoubleTensor *x = gradcheck_random(70, -1, 1, 2, 4, 0, 0), *out = THDoubleTensor_new();
  THDoubleTensor *isTarget = THDoubleTensor_newWithSize1d(11), *out2 = THDoubleTensor_new();
  long tv[] = {3, 1, 0, 4, 2, 0, 0, 0};
  THLongTensor *t = THLongTensor_newWithSize2d(2, 4);
  for (int i = 0; i < 8; i++) THLongTensor_data(t)[i] = tv[i];
  THNN_DoubleMultiLabelMarginCriterion_updateOutput(NULL, x, t, out, isTarget, true);
  double marks[] = {1, 0, 1, 0, 0, 1, 0, 0};
  assert_int_equal(isTarget->nDimension, 2);
  for (int i = 0; i < 8; i++) assert_close(THDoubleTensor_data(isTarget)[i], marks[i], 0);
  THNN_DoubleMultiLabelMarginCriterion_updateOutput(NULL, x, t, out2, isTarget, true);
  assert_close(THDoubleTensor_data(out2)[0], THDoubleTensor_data(out)[0], 0);
  /* by hand: sample 1 targets {3, 1} (0-based 2, 0), others {1, 3}; sample 2 target {2} */
  double *p = THDoubleTensor_data(x), sum = 0;
  int tg1[] = {2, 0}, nt1[] = {1, 3};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) sum += fmax(0, 1 - p[tg1[a]] + p[nt1[b]]);
  for (int b = 0; b < 4; b++)
    if (b != 1) sum += fmax(0, 1 - p[4 + 1] + p[4 + b]);
  assert_close(THDoubleTensor_data(out)[0], sum / 4 / 2, 1e-14);
  THDoubleTensor_free(x);
  THDoubleTensor_free(out);
  THDoubleTensor_free(out2);
  THDoubleTensor_free(isTarget);
  THLongTensor_free(t);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *x = THFloatTensor_newWithSize2d(3, 4), *out = THFloatTensor_new(), *tw = THFloatTensor_new();
  THFloatTensor *gi = THFloatTensor_new(), *t5 = THFloatTensor_newWithSize1d(5), *w3 = THFloatTensor_newWithSize1d(3);
  THFloatTensor_fill(x, 0.5f);
  THLongTensor *cls = THLongTensor_newWithSize1d(3);
  long bad[] = {1, 4, 5};
  for (int i = 0; i < 3; i++) THLongTensor_data(cls)[i] = bad[i];
  assert_th_error(THNN_FloatClassNLLCriterion_updateOutput(NULL, x, cls, out, true, NULL, tw, -100),
                  "ClassNLLCriterion_updateOutput: target 5 out of range [1, 4] at position [3]");
  THLongTensor_data(cls)[2] = 0;
  assert_th_error(THNN_FloatClassNLLCriterion_updateGradInput(NULL, x, cls, gi, true, NULL, tw, -100),
                  "ClassNLLCriterion_updateGradInput: target 0 out of range [1, 4] at position [3]");
  /* ignore_index may lie outside the classes */
  THLongTensor_data(cls)[2] = -100;
  THNN_FloatClassNLLCriterion_updateOutput(NULL, x, cls, out, true, NULL, tw, -100);
  assert_close(THFloatTensor_data(out)[0], -0.5, 1e-7);
  assert_th_error(THNN_FloatClassNLLCriterion_updateOutput(NULL, x, cls, out, true, w3, tw, -100),
                  "weights must have one element per class (4) or be NULL, got size [3]");
  THLongTensor *cls2 = THLongTensor_newWithSize1d(2);
  THLongTensor_fill(cls2, 1);
  assert_th_error(THNN_FloatClassNLLCriterion_updateOutput(NULL, x, cls2, out, true, NULL, tw, -100),
                  "target must be a 1D tensor of 3 elements (one per sample of input [3 x 4]), got size [2]");
  THFloatTensor *empty = THFloatTensor_new();
  assert_th_error(THNN_FloatClassNLLCriterion_updateGradInput(NULL, x, cls, gi, true, NULL, empty, -100),
                  "total_weight must hold one element (as left by updateOutput)");
  /* spatial: position as [n, h, w] */
  THFloatTensor *sx = THFloatTensor_newWithSize4d(2, 3, 2, 2);
  THFloatTensor_fill(sx, -1);
  THLongTensor *st = THLongTensor_newWithSize3d(2, 2, 2);
  THLongTensor_fill(st, 2);
  THLongTensor_data(st)[6] = 4;
  assert_th_error(THNN_FloatSpatialClassNLLCriterion_updateOutput(NULL, sx, st, out, true, NULL, tw),
                  "SpatialClassNLLCriterion_updateOutput: target 4 out of range [1, 3] at position [2, 2, 1]");
  assert_th_error(THNN_FloatSpatialClassNLLCriterion_updateOutput(NULL, sx, cls, out, true, NULL, tw),
                  "target must be a 3D tensor of size [2 x 2 x 2]");
  assert_th_error(THNN_FloatSpatialClassNLLCriterion_updateOutput(NULL, x, st, out, true, NULL, tw),
                  "input must be a 4D tensor, got a 2D tensor");
  /* element-wise criteria: size mismatch, empty input, BCE outside [0, 1] */
  assert_th_error(THNN_FloatMSECriterion_updateOutput(NULL, x, t5, out, true),
                  "MSECriterion_updateOutput: target must have as many elements as input (12), got 5");
  assert_th_error(THNN_FloatAbsCriterion_updateGradInput(NULL, x, t5, gi, true), "AbsCriterion_updateGradInput: target");
  assert_th_error(THNN_FloatSmoothL1Criterion_updateOutput(NULL, empty, empty, out, true), "input must not be empty");
  THFloatTensor *probs = THFloatTensor_newWithSize2d(3, 4);
  THFloatTensor_fill(probs, 0.5f);
  THFloatTensor_data(probs)[6] = 1.5f;
  assert_th_error(THNN_FloatBCECriterion_updateOutput(NULL, probs, x, out, true, NULL),
                  "BCECriterion_updateOutput: input must hold probabilities in [0, 1], got 1.5 at position 7");
  assert_th_error(THNN_FloatBCECriterion_updateOutput(NULL, x, x, out, true, t5), "weights must have as many elements");
  /* MultiMargin: p, targets; MultiLabelMargin: targets in [0, dim], sizes */
  THLongTensor_fill(cls, 2);
  assert_th_error(THNN_FloatMultiMarginCriterion_updateOutput(NULL, x, cls, out, true, 3, NULL, 1),
                  "MultiMarginCriterion_updateOutput: p must be 1 or 2, got 3");
  THLongTensor_data(cls)[1] = 9;
  assert_th_error(THNN_FloatMultiMarginCriterion_updateGradInput(NULL, x, cls, gi, true, 1, NULL, 1),
                  "MultiMarginCriterion_updateGradInput: target 9 out of range [1, 4] at position [2]");
  THLongTensor *mt = THLongTensor_newWithSize2d(3, 4);
  THLongTensor_fill(mt, 0);
  THLongTensor_data(mt)[5] = 5;
  THFloatTensor *isTarget = THFloatTensor_new();
  assert_th_error(THNN_FloatMultiLabelMarginCriterion_updateOutput(NULL, x, mt, out, isTarget, true),
                  "MultiLabelMarginCriterion_updateOutput: target 5 out of range [0, 4] at position [2, 2]");
  assert_th_error(THNN_FloatMultiLabelMarginCriterion_updateOutput(NULL, x, cls, out, isTarget, true),
                  "target must have the size of input [3 x 4], got size [3]");
  /* and the library keeps working */
  THLongTensor_data(mt)[5] = 0;
  THLongTensor_data(mt)[4] = 1; /* sample 2: class 1 against the 3 others, each 1 - 0.5 + 0.5 */
  THNN_FloatMultiLabelMarginCriterion_updateOutput(NULL, x, mt, out, isTarget, false);
  assert_close(THFloatTensor_data(out)[0], 3 * 1.0 / 4, 1e-7);
  THFloatTensor *fs[] = {x, out, tw, gi, t5, w3, empty, sx, probs, isTarget};
  for (int i = 0; i < 10; i++) THFloatTensor_free(fs[i]);
  THLongTensor_free(cls);
  THLongTensor_free(cls2);
  THLongTensor_free(st);
  THLongTensor_free(mt);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_goldens),
      cmocka_unit_test(test_bce_edges),
      cmocka_unit_test(test_gradcheck),
      cmocka_unit_test(test_l1cost),
      cmocka_unit_test(test_noncontiguous),
      cmocka_unit_test(test_classnll_conventions),
      cmocka_unit_test(test_multilabel_buffer),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
