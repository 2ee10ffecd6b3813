/* The element-wise criteria (Abs, MSE, SmoothL1, SoftMargin, DistKLDiv, Margin, BCE) and L1Cost on
 * the CPU and on the GPU: the same loss and gradient for batched, single and non-contiguous inputs,
 * with sizeAverage both ways and BCE's weights absent and given; the same errors for bad input.
 * The class criteria (ClassNLL, SpatialClassNLL, MultiMargin, MultiLabelMargin) are in
 * test_class_nll.c. */
#ifdef TEST_TYPE_PASS

typedef void (*TEST_(CpuLoss))(THNNState *, TTensor *, TTensor *, TTensor *, bool);
typedef void (*TEST_(GpuLoss))(THCState *, CTensor *, CTensor *, CTensor *, bool);

/* One element-wise criterion: its four functions and the ranges of its input and target. */
typedef struct {
  TEST_(CpuLoss) cpuOutput, cpuGrad;
  TEST_(GpuLoss) gpuOutput, gpuGrad;
  double xlo, xhi, tlo, thi;
} TEST_(Criterion);

/* Loss and gradient of x against t (CPU tensors, any layout; gx, gt their device versions) with
 * sizeAverage both ways. */
static void TEST_(compare_criterion)(const TEST_(Criterion) *c, TTensor *x, TTensor *t, CTensor *gx, CTensor *gt) {
  TTensor *y = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
    c->cpuOutput(NULL, x, t, y, sizeAverage);
    c->gpuOutput(thc_state, gx, gt, gy, sizeAverage);
    TEST_MATCHES(gy, y);
    c->cpuGrad(NULL, x, t, gi, sizeAverage);
    c->gpuGrad(thc_state, gx, gt, ggi, sizeAverage);
    TEST_MATCHES(ggi, gi);
  }
  T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

/* Batched (4 x 6), single (7), a transposed input against a contiguous target, and a target of
 * another shape with as many elements. */
static void TEST_(check_criterion)(const TEST_(Criterion) *c, unsigned long seed) {
  TTensor *x = TEST_RANDOM(seed, 2, 4, 6, 0, 0, c->xlo, c->xhi);
  TTensor *t = TEST_RANDOM(seed + 1, 2, 4, 6, 0, 0, c->tlo, c->thi);
  CTensor *gx = TEST_UPLOAD(x), *gt = TEST_UPLOAD(t);
  TEST_(compare_criterion)(c, x, t, gx, gt);

  TTensor *x1 = TEST_RANDOM(seed + 2, 1, 7, 0, 0, 0, c->xlo, c->xhi);
  TTensor *t1 = TEST_RANDOM(seed + 3, 1, 7, 0, 0, 0, c->tlo, c->thi);
  CTensor *gx1 = TEST_UPLOAD(x1), *gt1 = TEST_UPLOAD(t1);
  TEST_(compare_criterion)(c, x1, t1, gx1, gt1);

  TTensor *base = TEST_RANDOM(seed + 4, 2, 6, 4, 0, 0, c->xlo, c->xhi), *xt = T_(newTranspose)(base, 0, 1);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 0, 1);
  TEST_(compare_criterion)(c, xt, t, gxt, gt);

  TTensor *tflat = TEST_RANDOM(seed + 5, 1, 24, 0, 0, 0, c->tlo, c->thi);
  CTensor *gtflat = TEST_UPLOAD(tflat);
  TEST_(compare_criterion)(c, x, tflat, gx, gtflat);

  T_(free)(x), T_(free)(t), T_(free)(x1), T_(free)(t1), T_(free)(base), T_(free)(xt), T_(free)(tflat);
  C_(free)(thc_state, gx), C_(free)(thc_state, gt), C_(free)(thc_state, gx1), C_(free)(thc_state, gt1);
  C_(free)(thc_state, gbase), C_(free)(thc_state, gxt), C_(free)(thc_state, gtflat);
}

static void TEST_(elementwise)(void **unused) {
  const TEST_(Criterion) criteria[] = {
      {CPU_(AbsCriterion_updateOutput), CPU_(AbsCriterion_updateGradInput), GPU_(AbsCriterion_updateOutput),
       GPU_(AbsCriterion_updateGradInput), -2, 2, -2, 2},
      {CPU_(MSECriterion_updateOutput), CPU_(MSECriterion_updateGradInput), GPU_(MSECriterion_updateOutput),
       GPU_(MSECriterion_updateGradInput), -2, 2, -2, 2},
      {CPU_(SmoothL1Criterion_updateOutput), CPU_(SmoothL1Criterion_updateGradInput),
       GPU_(SmoothL1Criterion_updateOutput), GPU_(SmoothL1Criterion_updateGradInput), -3, 3, -1, 1},
      {CPU_(SoftMarginCriterion_updateOutput), CPU_(SoftMarginCriterion_updateGradInput),
       GPU_(SoftMarginCriterion_updateOutput), GPU_(SoftMarginCriterion_updateGradInput), -4, 4, -1, 1},
      /* Targets from -0.5: some terms have t <= 0 and count 0. */
      {CPU_(DistKLDivCriterion_updateOutput), CPU_(DistKLDivCriterion_updateGradInput),
       GPU_(DistKLDivCriterion_updateOutput), GPU_(DistKLDivCriterion_updateGradInput), -3, 0, -0.5, 1},
  };
  for (unsigned i = 0; i < sizeof criteria / sizeof criteria[0]; i++) TEST_(check_criterion)(&criteria[i], 10 * i);
}

/* MarginCriterion with targets of +1 and -1 and two margins. */
static void TEST_(margin)(void **unused) {
  TTensor *x = TEST_RANDOM(20, 2, 5, 3, 0, 0, -2, 2), *t = TEST_RANDOM(21, 2, 5, 3, 0, 0, -1, 1);
  T_(sign)(t, t);
  CTensor *gx = TEST_UPLOAD(x), *gt = TEST_UPLOAD(t), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  TTensor *y = T_(new)(), *gi = T_(new)();
  const double margins[] = {1, 0.5};
  for (int m = 0; m < 2; m++)
    for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
      CPU_(MarginCriterion_updateOutput)(NULL, x, t, y, sizeAverage, margins[m]);
      GPU_(MarginCriterion_updateOutput)(thc_state, gx, gt, gy, sizeAverage, margins[m]);
      TEST_MATCHES(gy, y);
      CPU_(MarginCriterion_updateGradInput)(NULL, x, t, gi, sizeAverage, margins[m]);
      GPU_(MarginCriterion_updateGradInput)(thc_state, gx, gt, ggi, sizeAverage, margins[m]);
      TEST_MATCHES(ggi, gi);
    }
  T_(free)(x), T_(free)(t), T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gx), C_(free)(thc_state, gt), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

/* BCE of x against t with weights w (NULL or not; gw likewise), sizeAverage both ways. */
static void TEST_(compare_bce)(TTensor *x, TTensor *t, TTensor *w, CTensor *gx, CTensor *gt, CTensor *gw) {
  TTensor *y = T_(new)(), *gi = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  for (int sizeAverage = 0; sizeAverage <= 1; sizeAverage++) {
    CPU_(BCECriterion_updateOutput)(NULL, x, t, y, sizeAverage, w);
    GPU_(BCECriterion_updateOutput)(thc_state, gx, gt, gy, sizeAverage, gw);
    TEST_MATCHES(gy, y);
    CPU_(BCECriterion_updateGradInput)(NULL, x, t, gi, sizeAverage, w);
    GPU_(BCECriterion_updateGradInput)(thc_state, gx, gt, ggi, sizeAverage, gw);
    TEST_MATCHES(ggi, gi);
  }
  T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

static void TEST_(bce)(void **unused) {
  TTensor *x = TEST_RANDOM(30, 2, 4, 5, 0, 0, 0.01, 0.99), *t = TEST_RANDOM(31, 2, 4, 5, 0, 0, 0, 1),
          *w = TEST_RANDOM(32, 2, 4, 5, 0, 0, 0.5, 2);
  CTensor *gx = TEST_UPLOAD(x), *gt = TEST_UPLOAD(t), *gw = TEST_UPLOAD(w);
  TEST_(compare_bce)(x, t, NULL, gx, gt, NULL);
  TEST_(compare_bce)(x, t, w, gx, gt, gw);

  /* Probabilities 0 and 1: the clamped logs give finite values on both. */
  T_(set2d)(x, 0, 0, 0), T_(set2d)(x, 1, 1, 1);
  CTensor *gx01 = TEST_UPLOAD(x);
  TEST_(compare_bce)(x, t, w, gx01, gt, gw);

  /* Single and transposed inputs, weights of another shape. */
  TTensor *x1 = TEST_RANDOM(33, 1, 6, 0, 0, 0, 0.01, 0.99), *t1 = TEST_RANDOM(34, 1, 6, 0, 0, 0, 0, 1);
  CTensor *gx1 = TEST_UPLOAD(x1), *gt1 = TEST_UPLOAD(t1);
  TEST_(compare_bce)(x1, t1, NULL, gx1, gt1, NULL);
  TTensor *base = TEST_RANDOM(35, 2, 5, 4, 0, 0, 0.01, 0.99), *xt = T_(newTranspose)(base, 0, 1),
          *wflat = TEST_RANDOM(36, 1, 20, 0, 0, 0, 0.5, 2);
  CTensor *gbase = TEST_UPLOAD(base), *gxt = C_(newTranspose)(thc_state, gbase, 0, 1), *gwflat = TEST_UPLOAD(wflat);
  TEST_(compare_bce)(xt, t, wflat, gxt, gt, gwflat);

  /* A value outside [0, 1] (position 7 in row-major order) and weights of the wrong size. */
  TTensor *y = T_(new)(), *bad = T_(newClone)(x), *w3 = TEST_RANDOM(37, 1, 3, 0, 0, 0, 0, 1);
  T_(set2d)(bad, 1, 1, 1.5);
  CTensor *gy = C_(new)(thc_state), *gbad = TEST_UPLOAD(bad), *gw3 = TEST_UPLOAD(w3);
  assert_same_error(CPU_(BCECriterion_updateOutput)(NULL, bad, t, y, true, NULL),
                    GPU_(BCECriterion_updateOutput)(thc_state, gbad, gt, gy, true, NULL),
                    "input must hold probabilities in [0, 1], got 1.5 at position 7");
  assert_same_error(CPU_(BCECriterion_updateGradInput)(NULL, x, t, y, true, w3),
                    GPU_(BCECriterion_updateGradInput)(thc_state, gx, gt, gy, true, gw3),
                    "weights must have as many elements as input");
  TEST_(compare_bce)(x, t, w, gx01, gt, gw);

  T_(free)(x), T_(free)(t), T_(free)(w), T_(free)(x1), T_(free)(t1), T_(free)(base), T_(free)(xt);
  T_(free)(wflat), T_(free)(y), T_(free)(bad), T_(free)(w3);
  C_(free)(thc_state, gx), C_(free)(thc_state, gt), C_(free)(thc_state, gw), C_(free)(thc_state, gx01);
  C_(free)(thc_state, gx1), C_(free)(thc_state, gt1), C_(free)(thc_state, gbase), C_(free)(thc_state, gxt);
  C_(free)(thc_state, gwflat), C_(free)(thc_state, gy), C_(free)(thc_state, gbad), C_(free)(thc_state, gw3);
}

/* L1Cost of x (and its device copy gx) on both devices: the same loss and gradient. */
static void TEST_(l1cost_matches)(TTensor *x, CTensor *gx, TTensor *y, CTensor *gy, TTensor *gi, CTensor *ggi) {
  CPU_(L1Cost_updateOutput)(NULL, x, y);
  GPU_(L1Cost_updateOutput)(thc_state, gx, gy);
  TEST_MATCHES(gy, y);
  CPU_(L1Cost_updateGradInput)(NULL, x, NULL, gi);
  GPU_(L1Cost_updateGradInput)(thc_state, gx, NULL, ggi);
  TEST_MATCHES(ggi, gi);
}

/* L1Cost: a sum (never averaged) and sign(x); gradOutput may be NULL. */
static void TEST_(l1cost)(void **unused) {
  TTensor *x = TEST_RANDOM(40, 3, 3, 4, 5, 0, -1, 1), *xt = T_(newTranspose)(x, 0, 2), *y = T_(new)(), *gi = T_(new)();
  T_(set3d)(x, 0, 0, 0, 0);
  CTensor *gx = TEST_UPLOAD(x), *gxt = C_(newTranspose)(thc_state, gx, 0, 2), *gy = C_(new)(thc_state),
          *ggi = C_(new)(thc_state);
  TEST_(l1cost_matches)(x, gx, y, gy, gi, ggi);
  TEST_(l1cost_matches)(xt, gxt, y, gy, gi, ggi);
  assert_same_error(CPU_(L1Cost_updateOutput)(NULL, NULL, y), GPU_(L1Cost_updateOutput)(thc_state, NULL, gy),
                    "input must not be NULL");
  T_(free)(x), T_(free)(xt), T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gx), C_(free)(thc_state, gxt), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

/* Bad input shared by the element-wise criteria: a target of another size, an empty input, a NULL
 * result; then a valid call. */
static void TEST_(criterion_errors)(void **unused) {
  TTensor *x = TEST_RANDOM(50, 2, 3, 4, 0, 0, -1, 1), *t = TEST_RANDOM(51, 1, 5, 0, 0, 0, -1, 1), *empty = T_(new)(),
          *y = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gt = TEST_UPLOAD(t), *gempty = C_(new)(thc_state), *gy = C_(new)(thc_state);
  assert_same_error(CPU_(MSECriterion_updateOutput)(NULL, x, t, y, true),
                    GPU_(MSECriterion_updateOutput)(thc_state, gx, gt, gy, true),
                    "target must have as many elements as input");
  assert_same_error(CPU_(AbsCriterion_updateGradInput)(NULL, empty, empty, y, true),
                    GPU_(AbsCriterion_updateGradInput)(thc_state, gempty, gempty, gy, true), "input must not be empty");
  assert_same_error(CPU_(SmoothL1Criterion_updateOutput)(NULL, x, x, NULL, false),
                    GPU_(SmoothL1Criterion_updateOutput)(thc_state, gx, gx, NULL, false), "output must not be NULL");
  assert_same_error(CPU_(MarginCriterion_updateGradInput)(NULL, x, t, y, false, 1),
                    GPU_(MarginCriterion_updateGradInput)(thc_state, gx, gt, gy, false, 1),
                    "target must have as many elements as input");
  CPU_(MSECriterion_updateOutput)(NULL, x, x, y, true);
  GPU_(MSECriterion_updateOutput)(thc_state, gx, gx, gy, true);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(t), T_(free)(empty), T_(free)(y);
  C_(free)(thc_state, gx), C_(free)(thc_state, gt), C_(free)(thc_state, gempty), C_(free)(thc_state, gy);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_elementwise),      cmocka_unit_test(test_Double_elementwise),
      cmocka_unit_test(test_Float_margin),           cmocka_unit_test(test_Double_margin),
      cmocka_unit_test(test_Float_bce),              cmocka_unit_test(test_Double_bce),
      cmocka_unit_test(test_Float_l1cost),           cmocka_unit_test(test_Double_l1cost),
      cmocka_unit_test(test_Float_criterion_errors), cmocka_unit_test(test_Double_criterion_errors),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
