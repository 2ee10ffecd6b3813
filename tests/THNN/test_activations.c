/* THNN activations: ELU, HardShrink, HardTanh, LeakyReLU, LogSigmoid, LogSoftMax, SoftMax, SoftPlus,
 * SoftShrink, Sigmoid, Tanh, Threshold, Sqrt, Square, PReLU, RReLU, GatedLinear.
 * Goldens (Float) from tests/golden/gen_activations.py (PyTorch 1.13), gradient checks in Double,
 * non-contiguous and aliased (in-place) tensors, bad inputs, buffers, and the accuracy of the
 * vectorised tanh / sigmoid / exp (THFloatVector's) against libm. */
#include "th_test.h"
#include "golden.h"
#include "gradcheck.h"
#include "THNN.h"

#define GOLDEN "activations.txt"

/* ------------------------------------------------------------------ the modules, as callbacks
 * Each activation is a forward (input -> output) and a backward (input, output, gradOutput ->
 * gradInput), defined once per type from two macros taking the type name R (Float, Double). */
#define NN(R, NAME) THNN_##R##NAME
#define DEFINE_ACT_(NAME, R, FWD, BWD)                                                                  \
  static void NAME##_fwd_##R(TH##R##Tensor *in, TH##R##Tensor *out) { FWD(R); }                         \
  static void NAME##_bwd_##R(TH##R##Tensor *in, TH##R##Tensor *out, TH##R##Tensor *go, TH##R##Tensor *gi) { \
    (void)in; (void)out; BWD(R);                                                                          \
  }
#define DEFINE_ACT(NAME, FWD, BWD) DEFINE_ACT_(NAME, Float, FWD, BWD) DEFINE_ACT_(NAME, Double, FWD, BWD)

#define ELU_F(R) NN(R, ELU_updateOutput)(NULL, in, out, 0.7, false)
#define ELU_B(R) NN(R, ELU_updateGradInput)(NULL, in, go, gi, out, 0.7, false)
DEFINE_ACT(elu, ELU_F, ELU_B)
#define HSH_F(R) NN(R, HardShrink_updateOutput)(NULL, in, out, 0.5)
#define HSH_B(R) NN(R, HardShrink_updateGradInput)(NULL, in, go, gi, 0.5)
DEFINE_ACT(hardshrink, HSH_F, HSH_B)
#define SSH_F(R) NN(R, SoftShrink_updateOutput)(NULL, in, out, 0.5)
#define SSH_B(R) NN(R, SoftShrink_updateGradInput)(NULL, in, go, gi, 0.5)
DEFINE_ACT(softshrink, SSH_F, SSH_B)
#define HT_F(R) NN(R, HardTanh_updateOutput)(NULL, in, out, -0.8, 1.2, false)
#define HT_B(R) NN(R, HardTanh_updateGradInput)(NULL, in, go, gi, -0.8, 1.2, false)
DEFINE_ACT(hardtanh, HT_F, HT_B)
#define LR_F(R) NN(R, LeakyReLU_updateOutput)(NULL, in, out, 0.1, false)
#define LR_B(R) NN(R, LeakyReLU_updateGradInput)(NULL, in, go, gi, 0.1, false)
DEFINE_ACT(leaky_relu, LR_F, LR_B)
/* LogSigmoid keeps a buffer between the passes: one per type, shared by the calls of a test. */
static THFloatTensor *logsigmoid_buffer_Float;
static THDoubleTensor *logsigmoid_buffer_Double;
#define LS_F(R) NN(R, LogSigmoid_updateOutput)(NULL, in, out, logsigmoid_buffer_##R)
#define LS_B(R) NN(R, LogSigmoid_updateGradInput)(NULL, in, go, gi, logsigmoid_buffer_##R)
DEFINE_ACT(logsigmoid, LS_F, LS_B)
#define SP_F(R) NN(R, SoftPlus_updateOutput)(NULL, in, out, 2.0, 3.0)
#define SP_B(R) NN(R, SoftPlus_updateGradInput)(NULL, in, go, gi, out, 2.0, 3.0)
DEFINE_ACT(softplus, SP_F, SP_B)
#define SG_F(R) NN(R, Sigmoid_updateOutput)(NULL, in, out)
#define SG_B(R) NN(R, Sigmoid_updateGradInput)(NULL, in, go, gi, out)
DEFINE_ACT(sigmoid, SG_F, SG_B)
#define TH_F(R) NN(R, Tanh_updateOutput)(NULL, in, out)
#define TH_B(R) NN(R, Tanh_updateGradInput)(NULL, in, go, gi, out)
DEFINE_ACT(tanh, TH_F, TH_B)
#define THR_F(R) NN(R, Threshold_updateOutput)(NULL, in, out, 0.3, -0.2, false)
#define THR_B(R) NN(R, Threshold_updateGradInput)(NULL, in, go, gi, 0.3, -0.2, false)
DEFINE_ACT(threshold, THR_F, THR_B)
#define SQ_F(R) NN(R, Sqrt_updateOutput)(NULL, in, out, 0.1)
#define SQ_B(R) NN(R, Sqrt_updateGradInput)(NULL, in, go, gi, out)
DEFINE_ACT(sqrt, SQ_F, SQ_B)
#define SQR_F(R) NN(R, Square_updateOutput)(NULL, in, out)
#define SQR_B(R) NN(R, Square_updateGradInput)(NULL, in, go, gi)
DEFINE_ACT(square, SQR_F, SQR_B)
#define RR_F(R) NN(R, RReLU_updateOutput)(NULL, in, out, NULL, 0.1, 0.3, false, false, NULL)
#define RR_B(R) NN(R, RReLU_updateGradInput)(NULL, in, go, gi, NULL, 0.1, 0.3, false, false)
DEFINE_ACT(rrelu_eval, RR_F, RR_B)
#define LSM_F(R) NN(R, LogSoftMax_updateOutput)(NULL, in, out)
#define LSM_B(R) NN(R, LogSoftMax_updateGradInput)(NULL, in, go, gi, out)
DEFINE_ACT(log_softmax, LSM_F, LSM_B)
#define SM_F(R) NN(R, SoftMax_updateOutput)(NULL, in, out)
#define SM_B(R) NN(R, SoftMax_updateGradInput)(NULL, in, go, gi, out)
DEFINE_ACT(softmax, SM_F, SM_B)
#define GLU2_F(R) NN(R, GatedLinear_updateOutput)(NULL, in, out, 2)
#define GLU2_B(R) NN(R, GatedLinear_updateGradInput)(NULL, in, go, gi, 2)
DEFINE_ACT(glu_dim2, GLU2_F, GLU2_B)
#define GLU1_F(R) NN(R, GatedLinear_updateOutput)(NULL, in, out, 1)
#define GLU1_B(R) NN(R, GatedLinear_updateGradInput)(NULL, in, go, gi, 1)
DEFINE_ACT(glu_dim1, GLU1_F, GLU1_B)

typedef struct {
  const char *name; /* golden record prefix */
  void (*fwdF)(THFloatTensor *, THFloatTensor *);
  void (*bwdF)(THFloatTensor *, THFloatTensor *, THFloatTensor *, THFloatTensor *);
  void (*fwdD)(THDoubleTensor *, THDoubleTensor *);
  void (*bwdD)(THDoubleTensor *, THDoubleTensor *, THDoubleTensor *, THDoubleTensor *);
  double lo, hi; /* gradient-check inputs are uniform in [lo, hi) */
} Activation;

#define ACT(GOLDEN_NAME, FN, LO, HI) {GOLDEN_NAME, FN##_fwd_Float, FN##_bwd_Float, FN##_fwd_Double, FN##_bwd_Double, LO, HI}
static const Activation activations[] = {
    ACT("elu", elu, -3, 3),
    ACT("hardshrink", hardshrink, -2, 2),
    ACT("softshrink", softshrink, -2, 2),
    ACT("hardtanh", hardtanh, -2, 2),
    ACT("leaky_relu", leaky_relu, -2, 2),
    ACT("logsigmoid", logsigmoid, -6, 6),
    ACT("softplus", softplus, -3, 3),
    ACT("sigmoid", sigmoid, -5, 5),
    ACT("tanh", tanh, -3, 3),
    ACT("threshold", threshold, -2, 2),
    ACT("sqrt", sqrt, 0.5, 4),
    ACT("square", square, -2, 2),
    ACT("rrelu_eval", rrelu_eval, -2, 2),
    ACT("log_softmax1d", log_softmax, -3, 3),
    ACT("log_softmax2d", log_softmax, -3, 3),
    ACT("log_softmax3d", log_softmax, -3, 3),
    ACT("log_softmax4d", log_softmax, -3, 3),
    ACT("softmax1d", softmax, -3, 3),
    ACT("softmax2d", softmax, -3, 3),
    ACT("softmax3d", softmax, -3, 3),
    ACT("softmax4d", softmax, -3, 3),
    ACT("glu_dim2", glu_dim2, -3, 3),
    ACT("glu_dim1", glu_dim1, -3, 3),
};
#define N_ACTIVATIONS (sizeof activations / sizeof activations[0])

static int setup_buffers(void **state) {
  logsigmoid_buffer_Float = THFloatTensor_new();
  logsigmoid_buffer_Double = THDoubleTensor_new();
  return 0;
}

static int teardown_buffers(void **state) {
  THFloatTensor_free(logsigmoid_buffer_Float);
  THDoubleTensor_free(logsigmoid_buffer_Double);
  return 0;
}

static THFloatTensor *golden(const char *prefix, const char *what) {
  char name[128];
  snprintf(name, sizeof name, "%s_%s", prefix, what);
  return golden_float(GOLDEN, name);
}

static void assert_named_close(const char *module, const char *what, THFloatTensor *got, THFloatTensor *want,
                               double atol, double rtol) {
  char label[128];
  snprintf(label, sizeof label, "%s %s", module, what);
  golden_assert_close_(got, want, atol, rtol, label, "PyTorch's");
}

/* ------------------------------------------------------------------ goldens (Float) */

static void test_goldens(void **state) {
  for (size_t k = 0; k < N_ACTIVATIONS; k++) {
    const Activation *a = &activations[k];
    THFloatTensor *in = golden(a->name, "input"), *go = golden(a->name, "gradOutput");
    THFloatTensor *want = golden(a->name, "output"), *wantGrad = golden(a->name, "gradInput");
    THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
    a->fwdF(in, out);
    assert_named_close(a->name, "output", out, want, 1e-5, 1e-5);
    a->bwdF(in, out, go, gi);
    assert_named_close(a->name, "gradInput", gi, wantGrad, 1e-5, 1e-5);
    /* The shapes are the input's (GatedLinear: the golden output's). */
    assert_int_equal(out->nDimension, want->nDimension);
    for (int d = 0; d < out->nDimension; d++) assert_int_equal(out->size[d], want->size[d]);
    THFloatTensor_free(in);
    THFloatTensor_free(go);
    THFloatTensor_free(want);
    THFloatTensor_free(wantGrad);
    THFloatTensor_free(out);
    THFloatTensor_free(gi);
  }
}

/* PReLU, with its parameter: per channel on N x C x H x W and N x C, shared, and the non-batch
 * C x H x W and C inputs (channels at dimension 0: Torch7's defect fixed). */
static void test_prelu_goldens(void **state) {
  static const struct { const char *name; long nOutputPlane; } cases[] = {
      {"prelu4d", 3}, {"prelu2d", 3}, {"prelu_shared", 0}, {"prelu3d", 3}, {"prelu1d", 3}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const char *name = cases[k].name;
    THFloatTensor *in = golden(name, "input"), *go = golden(name, "gradOutput");
    THFloatTensor *want = golden(name, "output"), *wantGrad = golden(name, "gradInput");
    THFloatTensor *wantGradW = golden(name, "gradParam0");
    THFloatTensor *weight = golden(name, "param0");
    THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
    THFloatTensor *gw = THFloatTensor_newWithSize1d(THFloatTensor_nElement(weight));
    THFloatTensor_fill(gw, 1.0f);
    THNN_FloatPReLU_updateOutput(NULL, in, out, weight, cases[k].nOutputPlane);
    assert_named_close(name, "output", out, want, 1e-5, 1e-5);
    THNN_FloatPReLU_updateGradInput(NULL, in, go, gi, weight, cases[k].nOutputPlane);
    assert_named_close(name, "gradInput", gi, wantGrad, 1e-5, 1e-5);
    /* gradWeight += scale * gradient, from 1: 1 + 0.5 * PyTorch's. */
    THNN_FloatPReLU_accGradParameters(NULL, in, go, gi, weight, gw, NULL, NULL, cases[k].nOutputPlane, 0.5);
    for (long c = 0; c < THFloatTensor_nElement(gw); c++)
      assert_close(THFloatTensor_data(gw)[c], 1 + 0.5 * THFloatTensor_data(wantGradW)[c], 1e-5);
    THFloatTensor_free(in);
    THFloatTensor_free(go);
    THFloatTensor_free(want);
    THFloatTensor_free(wantGrad);
    THFloatTensor_free(wantGradW);
    THFloatTensor_free(weight);
    THFloatTensor_free(out);
    THFloatTensor_free(gi);
    THFloatTensor_free(gw);
  }
}

/* ------------------------------------------------------------------ gradient checks (Double) */

static void gc_forward(void *ctx, THDoubleTensor *input, THDoubleTensor *output) {
  ((const Activation *)ctx)->fwdD(input, output);
}

static void gc_backward(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput, THDoubleTensor *gradInput) {
  THDoubleTensor *output = THDoubleTensor_new();
  ((const Activation *)ctx)->fwdD(input, output);
  ((const Activation *)ctx)->bwdD(input, output, gradOutput, gradInput);
  THDoubleTensor_free(output);
}

static void test_gradcheck(void **state) {
  for (size_t k = 0; k < N_ACTIVATIONS; k++) {
    const Activation *a = &activations[k];
    /* The golden input's shape, and a second shape of the same rank. */
    THFloatTensor *shape = golden(a->name, "input");
    long s[4] = {0, 0, 0, 0}, s2[4] = {0, 0, 0, 0};
    for (int d = 0; d < shape->nDimension; d++) {
      s[d] = shape->size[d];
      s2[d] = shape->size[d] + (d == 0 ? 2 : 0);
    }
    THFloatTensor_free(shape);
    for (int variant = 0; variant < 2; variant++) {
      long *z = variant ? s2 : s;
      THDoubleTensor *x = gradcheck_random(100 + k + variant, a->lo, a->hi, z[0], z[1], z[2], z[3]);
      double err = gradcheck_input(gc_forward, gc_backward, (void *)a, x, 1e-6);
      if (err > 1e-6) fail_msg("%s: gradient check error %g (shape %d)", a->name, err, variant);
      THDoubleTensor_free(x);
    }
  }
}

/* PReLU: updateGradInput and accGradParameters, per channel (batch and non-batch) and shared. */
typedef struct {
  THDoubleTensor *weight, *gradWeight;
  long nOutputPlane;
} PReLUContext;

static void prelu_forward(void *ctx, THDoubleTensor *input, THDoubleTensor *output) {
  PReLUContext *c = ctx;
  THNN_DoublePReLU_updateOutput(NULL, input, output, c->weight, c->nOutputPlane);
}

static void prelu_backward(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput, THDoubleTensor *gradInput) {
  PReLUContext *c = ctx;
  THNN_DoublePReLU_updateGradInput(NULL, input, gradOutput, gradInput, c->weight, c->nOutputPlane);
}

static void prelu_accumulate(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput) {
  PReLUContext *c = ctx;
  THDoubleTensor_fill(c->gradWeight, 0);
  THNN_DoublePReLU_accGradParameters(NULL, input, gradOutput, NULL, c->weight, c->gradWeight, NULL, NULL,
                                     c->nOutputPlane, 1.0);
}

static void test_prelu_gradcheck(void **state) {
  static const struct { long s[4]; long nOutputPlane; } cases[] = {
      {{2, 3, 2, 2}, 3}, {{4, 3, 0, 0}, 3}, {{3, 2, 2, 0}, 3}, {{3, 0, 0, 0}, 3}, {{2, 3, 2, 0}, 0}, {{2, 2, 3, 5}, 2}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    long nw = cases[k].nOutputPlane ? cases[k].nOutputPlane : 1;
    PReLUContext c = {gradcheck_random(7 + k, 0.05, 0.6, nw, 0, 0, 0), THDoubleTensor_newWithSize1d(nw),
                      cases[k].nOutputPlane};
    const long *s = cases[k].s;
    THDoubleTensor *x = gradcheck_random(20 + k, -2, 2, s[0], s[1], s[2], s[3]);
    double err = gradcheck_input(prelu_forward, prelu_backward, &c, x, 1e-6);
    if (err > 1e-6) fail_msg("PReLU case %zu: gradInput error %g", k, err);
    err = gradcheck_param(prelu_forward, prelu_accumulate, &c, x, c.weight, c.gradWeight, 1e-6);
    if (err > 1e-6) fail_msg("PReLU case %zu: gradWeight error %g", k, err);
    THDoubleTensor_free(x);
    THDoubleTensor_free(c.weight);
    THDoubleTensor_free(c.gradWeight);
  }
}

/* ------------------------------------------------------------------ layouts */

/* Every activation on a transposed (non-contiguous) input, into a transposed output and gradInput,
 * gives what it gives on a contiguous copy. */
static void test_noncontiguous(void **state) {
  for (size_t k = 0; k < N_ACTIVATIONS; k++) {
    const Activation *a = &activations[k];
    if (strcmp(a->name, "glu_dim1") == 0 || strstr(a->name, "softmax1d") || strstr(a->name, "softmax3d") ||
        strstr(a->name, "softmax4d"))
      continue; /* other shapes; their 2D forms cover the strided paths */
    THDoubleTensor *base = gradcheck_random(300 + k, a->lo, a->hi, 6, 4, 0, 0);
    THDoubleTensor *xt = THDoubleTensor_newTranspose(base, 0, 1); /* 4 x 6, strided */
    THDoubleTensor *xc = THDoubleTensor_newContiguous(xt);
    THDoubleTensor *gbase = gradcheck_random(400 + k, -1, 1, 6, 4, 0, 0);
    THDoubleTensor *outc = THDoubleTensor_new(), *gic = THDoubleTensor_new();
    a->fwdD(xc, outc);
    /* gradOutput shaped like the output, transposed storage */
    THDoubleTensor *gstore = THDoubleTensor_newWithSize2d(outc->size[1], outc->size[0]);
    for (long i = 0; i < THDoubleTensor_nElement(gstore); i++)
      THDoubleTensor_data(gstore)[i] = THDoubleTensor_data(gbase)[i];
    THDoubleTensor *got = THDoubleTensor_newTranspose(gstore, 0, 1);
    THDoubleTensor *goc = THDoubleTensor_newContiguous(got);
    a->bwdD(xc, outc, goc, gic);
    /* strided results: output and gradInput as transposed views of fresh storage */
    THDoubleTensor *ostore = THDoubleTensor_newWithSize2d(outc->size[1], outc->size[0]);
    THDoubleTensor *out = THDoubleTensor_newTranspose(ostore, 0, 1);
    THDoubleTensor *gistore = THDoubleTensor_newWithSize2d(6, 4);
    THDoubleTensor *gi = THDoubleTensor_newTranspose(gistore, 0, 1);
    a->fwdD(xt, out);
    a->bwdD(xt, out, got, gi);
    for (long i = 0; i < out->size[0]; i++)
      for (long j = 0; j < out->size[1]; j++)
        if (!th_close(THDoubleTensor_get2d(out, i, j), THDoubleTensor_get2d(outc, i, j), 1e-12, 1e-12))
          fail_msg("%s: strided output differs at (%ld, %ld)", a->name, i, j);
    for (long i = 0; i < 4; i++)
      for (long j = 0; j < 6; j++)
        if (!th_close(THDoubleTensor_get2d(gi, i, j), THDoubleTensor_get2d(gic, i, j), 1e-12, 1e-12))
          fail_msg("%s: strided gradInput differs at (%ld, %ld)", a->name, i, j);
    THDoubleTensor *tensors[] = {base, xt, xc, gbase, outc, gic, gstore, got, goc, ostore, out, gistore, gi};
    for (size_t t = 0; t < sizeof tensors / sizeof tensors[0]; t++) THDoubleTensor_free(tensors[t]);
  }
}

/* Empty input: empty output, no error. */
static void test_empty(void **state) {
  for (size_t k = 0; k < N_ACTIVATIONS; k++) {
    const Activation *a = &activations[k];
    if (strstr(a->name, "softmax") || strstr(a->name, "glu")) continue; /* need a shape */
    THFloatTensor *in = THFloatTensor_new(), *out = THFloatTensor_newWithSize1d(3);
    THFloatTensor *go = THFloatTensor_new(), *gi = THFloatTensor_newWithSize1d(2);
    a->fwdF(in, out);
    assert_int_equal(THFloatTensor_nElement(out), 0);
    a->bwdF(in, out, go, gi);
    assert_int_equal(THFloatTensor_nElement(gi), 0);
    THFloatTensor_free(in);
    THFloatTensor_free(out);
    THFloatTensor_free(go);
    THFloatTensor_free(gi);
  }
}

/* ------------------------------------------------------------------ in place */

/* The in-place variants: output is the input itself, gradInput the gradOutput itself, and the
 * values are those of the out-of-place calls. */
#define INPLACE_CASE(NAME, FWD, BWD)                                                               \
  do {                                                                                             \
    THDoubleTensor *x = gradcheck_random(55, -2, 2, 4, 5, 0, 0), *g = gradcheck_random(56, -1, 1, 4, 5, 0, 0); \
    THDoubleTensor *out = THDoubleTensor_new(), *gi = THDoubleTensor_new();                        \
    THDoubleTensor *xi = THDoubleTensor_newClone(x), *gin = THDoubleTensor_newClone(g);            \
    THDoubleTensor *in = x, *o = out, *go = g, *gI = gi;                                           \
    bool inplace = false;                                                                          \
    FWD;                                                                                           \
    BWD;                                                                                           \
    THDoubleTensor *outIn = THDoubleTensor_new(), *giIn = THDoubleTensor_new();                    \
    in = xi, o = outIn, go = gin, gI = giIn, inplace = true;                                       \
    FWD;                                                                                           \
    BWD;                                                                                           \
    assert_ptr_equal(THDoubleTensor_data(outIn), THDoubleTensor_data(xi));                         \
    assert_ptr_equal(THDoubleTensor_data(giIn), THDoubleTensor_data(gin));                         \
    for (long i = 0; i < 20; i++) {                                                                \
      assert_close(THDoubleTensor_data(xi)[i], THDoubleTensor_data(out)[i], 1e-15);                \
      if (!th_close(THDoubleTensor_data(gin)[i], THDoubleTensor_data(gi)[i], 1e-15, 1e-15))       \
        fail_msg("%s in place: gradInput[%ld] = %g, out of place %g", NAME, i,                    \
                 THDoubleTensor_data(gin)[i], THDoubleTensor_data(gi)[i]);                         \
    }                                                                                              \
    THDoubleTensor *ts[] = {x, g, out, gi, xi, gin, outIn, giIn};                                  \
    for (size_t t = 0; t < 8; t++) THDoubleTensor_free(ts[t]);                                     \
  } while (0)

static void test_inplace(void **state) {
  /* The backward pass of an in-place module sees the output where the input was. */
  INPLACE_CASE("Threshold", THNN_DoubleThreshold_updateOutput(NULL, in, o, 0.1, 0, inplace),
               THNN_DoubleThreshold_updateGradInput(NULL, inplace ? o : in, go, gI, 0.1, 0, inplace));
  INPLACE_CASE("HardTanh", THNN_DoubleHardTanh_updateOutput(NULL, in, o, -0.5, 0.7, inplace),
               THNN_DoubleHardTanh_updateGradInput(NULL, inplace ? o : in, go, gI, -0.5, 0.7, inplace));
  INPLACE_CASE("LeakyReLU", THNN_DoubleLeakyReLU_updateOutput(NULL, in, o, 0.2, inplace),
               THNN_DoubleLeakyReLU_updateGradInput(NULL, inplace ? o : in, go, gI, 0.2, inplace));
  INPLACE_CASE("ELU", THNN_DoubleELU_updateOutput(NULL, in, o, 1.3, inplace),
               THNN_DoubleELU_updateGradInput(NULL, in, go, gI, o, 1.3, inplace));
  INPLACE_CASE("RReLU eval", THNN_DoubleRReLU_updateOutput(NULL, in, o, NULL, 0.2, 0.4, false, inplace, NULL),
               THNN_DoubleRReLU_updateGradInput(NULL, inplace ? o : in, go, gI, NULL, 0.2, 0.4, false, inplace));
}

/* LogSoftMax and SoftMax with output = input (the same tensor) give the out-of-place values. */
static void test_softmax_aliasing(void **state) {
  for (int log = 0; log < 2; log++)
    for (int isFloat = 0; isFloat < 2; isFloat++) {
      THDoubleTensor *x = gradcheck_random(80, -3, 3, 5, 37, 0, 0), *want = THDoubleTensor_new();
      if (isFloat) {
        THFloatTensor *xf = THFloatTensor_new(), *wf = THFloatTensor_new();
        THFloatTensor_resize2d(xf, 5, 37);
        THFloatTensor_copyDouble(xf, x);
        (log ? log_softmax_fwd_Float : softmax_fwd_Float)(xf, wf);
        (log ? log_softmax_fwd_Float : softmax_fwd_Float)(xf, xf);
        assert_float_tensor_close(xf, wf, 0, 0);
        THFloatTensor_free(xf);
        THFloatTensor_free(wf);
      } else {
        (log ? log_softmax_fwd_Double : softmax_fwd_Double)(x, want);
        (log ? log_softmax_fwd_Double : softmax_fwd_Double)(x, x);
        for (long i = 0; i < 5 * 37; i++) assert_close(THDoubleTensor_data(x)[i], THDoubleTensor_data(want)[i], 0);
      }
      THDoubleTensor_free(x);
      THDoubleTensor_free(want);
    }
}

/* ReLU = Threshold(0, 0) by hand, and NaN passing through. */
static void test_threshold_values(void **state) {
  float v[] = {-1.5f, 0.0f, 2.0f, NAN, 0.25f};
  THFloatTensor *x = th_test_float(v, 5, 0, 0, 0), *y = THFloatTensor_new();
  THNN_FloatThreshold_updateOutput(NULL, x, y, 0, 0, false);
  float want[] = {0, 0, 2, NAN, 0.25f};
  for (int i = 0; i < 5; i++) assert_true(th_close(THFloatTensor_data(y)[i], want[i], 0, 0));
  THFloatTensor_free(x);
  THFloatTensor_free(y);
}

/* Sqrt adds eps (Torch7's kernel ignored it), and its gradient is 0 where the output is 0. */
static void test_sqrt_values(void **state) {
  double v[] = {0.0, 1.0, 2.25};
  THDoubleTensor *x = th_test_double(v, 3, 0, 0, 0), *y = THDoubleTensor_new(), *g = THDoubleTensor_new();
  THNN_DoubleSqrt_updateOutput(NULL, x, y, 0.75);
  assert_close(THDoubleTensor_data(y)[0], sqrt(0.75), 1e-15);
  assert_close(THDoubleTensor_data(y)[1], sqrt(1.75), 1e-15);
  assert_close(THDoubleTensor_data(y)[2], 1.7320508075688772, 1e-15);
  THNN_DoubleSqrt_updateOutput(NULL, x, y, 0);
  double ones[] = {1, 1, 1};
  THDoubleTensor *go = th_test_double(ones, 3, 0, 0, 0);
  THNN_DoubleSqrt_updateGradInput(NULL, x, go, g, y);
  assert_close(THDoubleTensor_data(g)[0], 0, 0);
  assert_close(THDoubleTensor_data(g)[1], 0.5, 1e-15);
  assert_close(THDoubleTensor_data(g)[2], 1 / 3.0, 1e-15);
  THDoubleTensor_free(x);
  THDoubleTensor_free(y);
  THDoubleTensor_free(g);
  THDoubleTensor_free(go);
}

/* LogSigmoid far in the negative tail is x itself (Torch7's form gave -inf in float); the buffer
 * arrives with the wrong size and is resized, and a second call gives the same. */
static void test_logsigmoid_tail_and_buffer(void **state) {
  float v[] = {-200.0f, -90.0f, 0.0f, 30.0f};
  THFloatTensor *x = th_test_float(v, 4, 0, 0, 0), *y = THFloatTensor_new();
  THFloatTensor *buffer = THFloatTensor_newWithSize2d(7, 3);
  THNN_FloatLogSigmoid_updateOutput(NULL, x, y, buffer);
  assert_int_equal(THFloatTensor_nElement(buffer), 4);
  assert_close(THFloatTensor_data(y)[0], -200.0, 1e-7);
  assert_close(THFloatTensor_data(y)[1], -90.0, 1e-7);
  assert_close(THFloatTensor_data(y)[2], -log(2.0), 1e-7);
  assert_close(THFloatTensor_data(y)[3], -exp(-30.0), 1e-6);
  THFloatTensor *y2 = THFloatTensor_new();
  THNN_FloatLogSigmoid_updateOutput(NULL, x, y2, buffer);
  assert_float_tensor_close(y2, y, 0, 0);
  float gv[] = {1, 1, 1, 1};
  THFloatTensor *go = th_test_float(gv, 4, 0, 0, 0), *gi = THFloatTensor_new();
  THNN_FloatLogSigmoid_updateGradInput(NULL, x, go, gi, buffer);
  assert_close(THFloatTensor_data(gi)[0], 1.0, 1e-7);
  assert_close(THFloatTensor_data(gi)[2], 0.5, 1e-7);
  assert_close(THFloatTensor_data(gi)[3], exp(-30.0), 1e-6);
  THFloatTensor *ts[] = {x, y, buffer, y2, go, gi};
  for (int i = 0; i < 6; i++) THFloatTensor_free(ts[i]);
}

/* RReLU in training: slopes drawn in [lower, upper] for x <= 0 (1 above) into noise, the same for
 * the same seed; the backward pass multiplies by noise; noise of the wrong size is resized. */
static void test_rrelu_train(void **state) {
  THDoubleTensor *x = gradcheck_random(9, -2, 2, 5, 8, 0, 0), *y = THDoubleTensor_new();
  THDoubleTensor *noise = THDoubleTensor_newWithSize1d(3), *noise2 = THDoubleTensor_new(), *y2 = THDoubleTensor_new();
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, 42);
  THNN_DoubleRReLU_updateOutput(NULL, x, y, noise, 0.1, 0.4, true, false, gen);
  assert_int_equal(THDoubleTensor_nElement(noise), 40);
  int drawn = 0;
  for (long i = 0; i < 40; i++) {
    double xi = THDoubleTensor_data(x)[i], r = THDoubleTensor_data(noise)[i];
    if (xi <= 0) {
      assert_true(r >= 0.1 && r <= 0.4);
      drawn += r != 1;
    } else {
      assert_true(r == 1);
    }
    assert_close(THDoubleTensor_data(y)[i], xi * r, 1e-15);
  }
  assert_true(drawn > 5);
  THRandom_manualSeed(gen, 42);
  THNN_DoubleRReLU_updateOutput(NULL, x, y2, noise2, 0.1, 0.4, true, false, gen);
  for (long i = 0; i < 40; i++) assert_true(THDoubleTensor_data(noise2)[i] == THDoubleTensor_data(noise)[i]);
  THDoubleTensor *g = gradcheck_random(10, -1, 1, 5, 8, 0, 0), *gi = THDoubleTensor_new();
  THNN_DoubleRReLU_updateGradInput(NULL, x, g, gi, noise, 0.1, 0.4, true, false);
  for (long i = 0; i < 40; i++)
    assert_close(THDoubleTensor_data(gi)[i], THDoubleTensor_data(g)[i] * THDoubleTensor_data(noise)[i], 1e-15);
  /* in place in training: output is the input, values as out of place */
  THDoubleTensor *xi = THDoubleTensor_newClone(x), *yi = THDoubleTensor_new();
  THRandom_manualSeed(gen, 42);
  THNN_DoubleRReLU_updateOutput(NULL, xi, yi, noise2, 0.1, 0.4, true, true, gen);
  assert_ptr_equal(THDoubleTensor_data(yi), THDoubleTensor_data(xi));
  for (long i = 0; i < 40; i++) assert_close(THDoubleTensor_data(xi)[i], THDoubleTensor_data(y)[i], 1e-15);
  THGenerator_free(gen);
  THDoubleTensor *ts[] = {x, y, noise, noise2, y2, g, gi, xi, yi};
  for (int i = 0; i < 9; i++) THDoubleTensor_free(ts[i]);
}

/* ------------------------------------------------------------------ accuracy of the vector kernels
 * Through the modules (threaded, with vector tails); tests/TH/test_vector.c checks THFloatVector's
 * kernels themselves, in both instruction-set builds. */

static void check_accuracy(const char *name, void (*fwd)(THFloatTensor *, THFloatTensor *), double (*exact)(double),
                           double lo, double hi, double maxUlps) {
  const long n = 200003; /* large enough for the threaded path, odd for the vector tail */
  THFloatTensor *x = THFloatTensor_newWithSize1d(n), *y = THFloatTensor_new();
  for (long i = 0; i < n; i++) THFloatTensor_data(x)[i] = (float)(lo + (hi - lo) * (double)i / (n - 1));
  fwd(x, y);
  double worst = 0, at = 0;
  for (long i = 0; i < n; i++) {
    double e = th_ulp_error(THFloatTensor_data(y)[i], exact(THFloatTensor_data(x)[i]));
    if (e > worst) worst = e, at = THFloatTensor_data(x)[i];
  }
  if (worst > maxUlps) fail_msg("%s: %.2f ulps at x = %.9g (allowed %.1f)", name, worst, at, maxUlps);
  THFloatTensor_free(x);
  THFloatTensor_free(y);
}

static double exact_sigmoid(double x) { return 1 / (1 + exp(-x)); }
static void test_vector_accuracy(void **state) {
  check_accuracy("tanh", tanh_fwd_Float, tanh, -10, 10, 2);
  check_accuracy("tanh near 0", tanh_fwd_Float, tanh, -0.7, 0.7, 2);
  check_accuracy("tanh tiny", tanh_fwd_Float, tanh, -1e-5, 1e-5, 1);
  check_accuracy("sigmoid", sigmoid_fwd_Float, exact_sigmoid, -20, 20, 3);
  check_accuracy("sigmoid tails", sigmoid_fwd_Float, exact_sigmoid, -103, 30, 3);
  /* exp, through LogSoftMax and SoftMax of a row [0 ... -100] (its max is 0): x - log(sum e^x),
   * and e^x / sum against libm. */
  const long n = 4099;
  THFloatTensor *x = THFloatTensor_newWithSize1d(n), *y = THFloatTensor_new();
  for (long i = 0; i < n; i++) THFloatTensor_data(x)[i] = (float)(-100.0 * i / (n - 1));
  THNN_FloatLogSoftMax_updateOutput(NULL, x, y);
  double lse = -THFloatTensor_data(y)[0]; /* log sum exp(x) - max, for x_0 = 0 = max */
  for (long i = 0; i < n; i++) {
    double xi = THFloatTensor_data(x)[i];
    assert_close(THFloatTensor_data(y)[i], xi - lse, 2e-6);
  }
  THNN_FloatSoftMax_updateOutput(NULL, x, y);
  double sum = 0;
  for (long i = 0; i < n; i++) sum += exp((double)THFloatTensor_data(x)[i]);
  double worst = 0;
  for (long i = 0; i < n; i++) {
    double e = th_ulp_error(THFloatTensor_data(y)[i], exp((double)THFloatTensor_data(x)[i]) / sum);
    if (e > worst) worst = e;
  }
  if (worst > 3) fail_msg("softmax (vector exp): %.2f ulps", worst);
  /* special values */
  float sv[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e-30f, -1e-40f, 88.0f, -88.0f};
  THFloatTensor *s = th_test_float(sv, 9, 0, 0, 0), *t = THFloatTensor_new();
  THNN_FloatTanh_updateOutput(NULL, s, t);
  float *tp = THFloatTensor_data(t);
  assert_true(isnan(tp[0]));
  assert_true(tp[1] == 1 && tp[2] == -1 && tp[3] == 0 && signbit(tp[4]) && tp[5] == 1e-30f && tp[6] == -1e-40f);
  assert_true(tp[7] == 1 && tp[8] == -1);
  THNN_FloatSigmoid_updateOutput(NULL, s, t);
  tp = THFloatTensor_data(t);
  assert_true(isnan(tp[0]));
  assert_true(tp[1] == 1 && tp[2] == 0 && tp[3] == 0.5f && tp[4] == 0.5f && tp[7] == 1);
  assert_close(tp[8], exp(-88.0), 1e-6);
  THFloatTensor_free(s);
  THFloatTensor_free(t);
  THFloatTensor_free(x);
  THFloatTensor_free(y);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *x = THFloatTensor_newWithSize2d(3, 4), *y = THFloatTensor_new(), *g = THFloatTensor_newWithSize1d(5);
  THFloatTensor *gi = THFloatTensor_new(), *w = THFloatTensor_newWithSize1d(2);
  THFloatTensor_fill(x, -0.5f);
  THFloatTensor_fill(w, 0.25f);
  assert_th_error(THNN_FloatTanh_updateOutput(NULL, NULL, y), "Tanh_updateOutput: input must not be NULL");
  THNN_FloatTanh_updateOutput(NULL, x, y);
  assert_th_error(THNN_FloatTanh_updateGradInput(NULL, x, g, gi, y),
                  "Tanh_updateGradInput: gradOutput must have as many elements as output (12), got 5");
  assert_th_error(THNN_FloatThreshold_updateGradInput(NULL, x, g, gi, 0, 0, false),
                  "Threshold_updateGradInput: gradOutput must have as many elements as input");
  assert_th_error(THNN_FloatPReLU_updateOutput(NULL, x, y, w, 3),
                  "PReLU_updateOutput: weight must have 3 elements (nOutputPlane 3), got size [2]");
  assert_th_error(THNN_FloatPReLU_updateOutput(NULL, x, y, w, 2),
                  "PReLU_updateOutput: input must have nOutputPlane = 2 channels at dimension 2");
  assert_th_error(THNN_FloatPReLU_updateOutput(NULL, x, y, w, -1), "nOutputPlane must be >= 0");
  assert_th_error(THNN_FloatGatedLinear_updateOutput(NULL, x, y, 3), "GatedLinear_updateOutput: dim must be in [1, 2]");
  THFloatTensor *odd = THFloatTensor_newWithSize2d(3, 5);
  assert_th_error(THNN_FloatGatedLinear_updateOutput(NULL, odd, y, 2), "input must have an even size at dimension 2");
  THNN_FloatGatedLinear_updateOutput(NULL, x, y, 2);
  assert_th_error(THNN_FloatGatedLinear_updateGradInput(NULL, x, g, gi, 2),
                  "GatedLinear_updateGradInput: gradOutput must have 6 elements");
  THFloatTensor *five = THFloatTensor_new();
  long sizes[5] = {1, 2, 1, 2, 2};
  THFloatTensor_resizeNd(five, 5, sizes, NULL);
  assert_th_error(THNN_FloatLogSoftMax_updateOutput(NULL, five, y),
                  "LogSoftMax_updateOutput: input must be a 1D to 4D tensor, got a 5D tensor");
  assert_th_error(THNN_FloatSoftMax_updateOutput(NULL, five, y), "SoftMax_updateOutput: input must be a 1D to 4D");
  THFloatTensor *noise = THFloatTensor_new();
  assert_th_error(THNN_FloatRReLU_updateOutput(NULL, x, y, noise, 0.1, 0.3, true, false, NULL),
                  "RReLU_updateOutput: generator (in training) must not be NULL");
  assert_th_error(THNN_FloatRReLU_updateOutput(NULL, x, y, noise, 0.5, 0.3, false, false, NULL),
                  "lower (0.5) must not exceed upper (0.3)");
  assert_th_error(THNN_FloatRReLU_updateGradInput(NULL, x, x, gi, noise, 0.1, 0.3, true, false),
                  "RReLU_updateGradInput: noise (as left by updateOutput) must have as many elements as input");
  THFloatTensor *buffer = THFloatTensor_new();
  assert_th_error(THNN_FloatLogSigmoid_updateGradInput(NULL, x, x, gi, buffer),
                  "LogSigmoid_updateGradInput: buffer (as left by updateOutput) must have as many elements");
  /* the failed calls left nothing behind: good calls still work */
  THFloatTensor_resize1d(w, 1);
  THNN_FloatPReLU_updateOutput(NULL, x, y, w, 0);
  for (int i = 0; i < 12; i++) assert_close(THFloatTensor_data(y)[i], -0.125, 1e-7);
  THFloatTensor *ts[] = {x, y, g, gi, w, odd, five, noise, buffer};
  for (int i = 0; i < 9; i++) THFloatTensor_free(ts[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_goldens),         cmocka_unit_test(test_prelu_goldens),
      cmocka_unit_test(test_gradcheck),       cmocka_unit_test(test_prelu_gradcheck),
      cmocka_unit_test(test_noncontiguous),   cmocka_unit_test(test_empty),
      cmocka_unit_test(test_inplace),         cmocka_unit_test(test_softmax_aliasing),
      cmocka_unit_test(test_threshold_values),
      cmocka_unit_test(test_sqrt_values),     cmocka_unit_test(test_logsigmoid_tail_and_buffer),
      cmocka_unit_test(test_rrelu_train),     cmocka_unit_test(test_vector_accuracy),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, setup_buffers, teardown_buffers);
}
