/* The element-wise activations, PReLU, RReLU and GatedLinear on the CPU and on the GPU: the same
 * outputs and gradients on a batched, a single and a transposed (non-contiguous) input, in place and
 * not, and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* One activation checked on input x (and its transpose): FWD(in, out) and BWD(in, gout, gin, out)
 * are statements in terms of the CPU_/GPU_ prefix P and the state S. */
#define ACT_CHECK(X, GO, FWD, BWD)                                                                  \
  do {                                                                                              \
    TTensor *x_ = (X), *y_ = T_(new)(), *go_ = (GO), *gi_ = T_(new)();                               \
    CTensor *gx_ = TEST_UPLOAD(x_), *gy_ = C_(new)(thc_state), *ggo_ = TEST_UPLOAD(go_), *ggi_ = C_(new)(thc_state); \
    for (int t_ = 0; t_ < 2; t_++) {                                                                \
      TTensor *cx_ = t_ ? T_(newTranspose)(x_, 0, x_->nDimension - 1) : T_(newWithTensor)(x_);       \
      CTensor *cgx_ = t_ ? C_(newTranspose)(thc_state, gx_, 0, gx_->nDimension - 1) : C_(newWithTensor)(thc_state, gx_); \
      { TTensor *in = cx_, *out = y_, *gout = go_, *gin = gi_; (void)gout, (void)gin; FWD(CPU_, NULL); BWD(CPU_, NULL); } \
      { CTensor *in = cgx_, *out = gy_, *gout = ggo_, *gin = ggi_; (void)gout, (void)gin; FWD(GPU_, thc_state); BWD(GPU_, thc_state); } \
      TEST_MATCHES(gy_, y_);                                                                        \
      TEST_MATCHES(ggi_, gi_);                                                                      \
      T_(free)(cx_);                                                                                \
      C_(free)(thc_state, cgx_);                                                                    \
    }                                                                                               \
    T_(free)(x_), T_(free)(y_), T_(free)(go_), T_(free)(gi_);                                       \
    C_(free)(thc_state, gx_), C_(free)(thc_state, gy_), C_(free)(thc_state, ggo_), C_(free)(thc_state, ggi_); \
  } while (0)

#define ACT_BOTH_SHAPES(FWD, BWD)                                                                    \
  do {                                                                                              \
    ACT_CHECK(TEST_RANDOM(1, 4, 3, 4, 5, 6, -3, 3), TEST_RANDOM(2, 4, 3, 4, 5, 6, -1, 1), FWD, BWD); \
    ACT_CHECK(TEST_RANDOM(3, 2, 7, 9, 0, 0, -3, 3), TEST_RANDOM(4, 2, 7, 9, 0, 0, -1, 1), FWD, BWD); \
  } while (0)

#define SIGMOID_F(P, S) P(Sigmoid_updateOutput)(S, in, out)
#define SIGMOID_B(P, S) P(Sigmoid_updateGradInput)(S, in, gout, gin, out)
#define TANH_F(P, S) P(Tanh_updateOutput)(S, in, out)
#define TANH_B(P, S) P(Tanh_updateGradInput)(S, in, gout, gin, out)
#define SQUARE_F(P, S) P(Square_updateOutput)(S, in, out)
#define SQUARE_B(P, S) P(Square_updateGradInput)(S, in, gout, gin)
#define SQRT_F(P, S) P(Sqrt_updateOutput)(S, in, out, 3.5)
#define SQRT_B(P, S) P(Sqrt_updateGradInput)(S, in, gout, gin, out)
#define ELU_F(P, S) P(ELU_updateOutput)(S, in, out, 1.5, false)
#define ELU_B(P, S) P(ELU_updateGradInput)(S, in, gout, gin, out, 1.5, false)
#define HARDTANH_F(P, S) P(HardTanh_updateOutput)(S, in, out, -1, 2, false)
#define HARDTANH_B(P, S) P(HardTanh_updateGradInput)(S, in, gout, gin, -1, 2, false)
#define LEAKY_F(P, S) P(LeakyReLU_updateOutput)(S, in, out, 0.1, false)
#define LEAKY_B(P, S) P(LeakyReLU_updateGradInput)(S, in, gout, gin, 0.1, false)
#define SOFTPLUS_F(P, S) P(SoftPlus_updateOutput)(S, in, out, 2, 4)
#define SOFTPLUS_B(P, S) P(SoftPlus_updateGradInput)(S, in, gout, gin, out, 2, 4)
#define SOFTSHRINK_F(P, S) P(SoftShrink_updateOutput)(S, in, out, 0.5)
#define SOFTSHRINK_B(P, S) P(SoftShrink_updateGradInput)(S, in, gout, gin, 0.5)
#define THRESHOLD_F(P, S) P(Threshold_updateOutput)(S, in, out, 0.25, -2, false)
#define THRESHOLD_B(P, S) P(Threshold_updateGradInput)(S, in, gout, gin, 0.25, -2, false)
#define RRELU_EVAL_F(P, S) P(RReLU_updateOutput)(S, in, out, NULL, 0.1, 0.3, false, false, NULL)
#define RRELU_EVAL_B(P, S) P(RReLU_updateGradInput)(S, in, gout, gin, NULL, 0.1, 0.3, false, false)
/* PReLU with one shared slope: CPU_w / GPU_w, the slope on each side. */
#define PRELU1_F(P, S) P(PReLU_updateOutput)(S, in, out, P##w, 0)
#define PRELU1_B(P, S) P(PReLU_updateGradInput)(S, in, gout, gin, P##w, 0)

static void TEST_(pointwise)(void **unused) {
  ACT_BOTH_SHAPES(SIGMOID_F, SIGMOID_B);
  ACT_BOTH_SHAPES(TANH_F, TANH_B);
  ACT_BOTH_SHAPES(SQUARE_F, SQUARE_B);
  ACT_BOTH_SHAPES(SQRT_F, SQRT_B);
  ACT_BOTH_SHAPES(ELU_F, ELU_B);
  ACT_BOTH_SHAPES(HARDTANH_F, HARDTANH_B);
  ACT_BOTH_SHAPES(LEAKY_F, LEAKY_B);
  ACT_BOTH_SHAPES(SOFTPLUS_F, SOFTPLUS_B);
  ACT_BOTH_SHAPES(SOFTSHRINK_F, SOFTSHRINK_B);
  ACT_BOTH_SHAPES(THRESHOLD_F, THRESHOLD_B);
  ACT_BOTH_SHAPES(RRELU_EVAL_F, RRELU_EVAL_B);
}

/* LogSigmoid (its buffer), in-place Threshold/ELU/LeakyReLU/HardTanh, and the errors. */
static void TEST_(buffers_and_inplace)(void **unused) {
  TTensor *x = TEST_RANDOM(5, 3, 4, 5, 6, 0, -3, 3), *go = TEST_RANDOM(6, 3, 4, 5, 6, 0, -1, 1);
  TTensor *y = T_(new)(), *gi = T_(new)(), *buf = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *ggo = TEST_UPLOAD(go), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state),
          *gbuf = C_(new)(thc_state);
  CPU_(LogSigmoid_updateOutput)(NULL, x, y, buf);
  GPU_(LogSigmoid_updateOutput)(thc_state, gx, gy, gbuf);
  TEST_MATCHES(gy, y);
  TEST_MATCHES(gbuf, buf);
  CPU_(LogSigmoid_updateGradInput)(NULL, x, go, gi, buf);
  GPU_(LogSigmoid_updateGradInput)(thc_state, gx, ggo, ggi, gbuf);
  TEST_MATCHES(ggi, gi);

  /* In place: output is input, gradInput is gradOutput (copies, so that x and go stay). */
  TTensor *xc = T_(newClone)(x), *goc = T_(newClone)(go);
  CTensor *gxc = TEST_UPLOAD(x), *ggoc = TEST_UPLOAD(go);
  CPU_(Threshold_updateOutput)(NULL, xc, y, 0, 0, true);
  GPU_(Threshold_updateOutput)(thc_state, gxc, gy, 0, 0, true);
  TEST_MATCHES(gxc, xc);
  TEST_MATCHES(gy, y);
  CPU_(Threshold_updateGradInput)(NULL, xc, goc, gi, 0, 0, true);
  GPU_(Threshold_updateGradInput)(thc_state, gxc, ggoc, ggi, 0, 0, true);
  TEST_MATCHES(ggoc, goc);
  TEST_MATCHES(ggi, gi);
  CPU_(ELU_updateOutput)(NULL, xc, y, 0.5, true);
  GPU_(ELU_updateOutput)(thc_state, gxc, gy, 0.5, true);
  TEST_MATCHES(gxc, xc);
  CPU_(ELU_updateGradInput)(NULL, xc, goc, gi, y, 0.5, true);
  GPU_(ELU_updateGradInput)(thc_state, gxc, ggoc, ggi, gy, 0.5, true);
  TEST_MATCHES(ggi, gi);
  CPU_(LeakyReLU_updateOutput)(NULL, xc, y, 0.2, true);
  GPU_(LeakyReLU_updateOutput)(thc_state, gxc, gy, 0.2, true);
  TEST_MATCHES(gxc, xc);
  CPU_(HardTanh_updateOutput)(NULL, xc, y, -0.5, 0.5, true);
  GPU_(HardTanh_updateOutput)(thc_state, gxc, gy, -0.5, 0.5, true);
  TEST_MATCHES(gxc, xc);
  CPU_(HardTanh_updateGradInput)(NULL, xc, goc, gi, -0.5, 0.5, true);
  GPU_(HardTanh_updateGradInput)(thc_state, gxc, ggoc, ggi, -0.5, 0.5, true);
  TEST_MATCHES(ggi, gi);

  TTensor *bad = TEST_RANDOM(7, 1, 5, 0, 0, 0, -1, 1);
  CTensor *gbad = TEST_UPLOAD(bad);
  assert_same_error(CPU_(Tanh_updateGradInput)(NULL, x, bad, gi, y), GPU_(Tanh_updateGradInput)(thc_state, gx, gbad, ggi, gy),
                    "gradOutput must have as many elements as output");
  assert_same_error(CPU_(LogSigmoid_updateGradInput)(NULL, x, go, gi, bad),
                    GPU_(LogSigmoid_updateGradInput)(thc_state, gx, ggo, ggi, gbad), "buffer (as left by updateOutput)");
  assert_same_error(CPU_(Sigmoid_updateOutput)(NULL, NULL, y), GPU_(Sigmoid_updateOutput)(thc_state, NULL, gy),
                    "input must not be NULL");
  GPU_(Sigmoid_updateOutput)(thc_state, gx, gy);
  CPU_(Sigmoid_updateOutput)(NULL, x, y);
  TEST_MATCHES(gy, y);

  T_(free)(x), T_(free)(go), T_(free)(y), T_(free)(gi), T_(free)(buf), T_(free)(xc), T_(free)(goc), T_(free)(bad);
  C_(free)(thc_state, gx), C_(free)(thc_state, ggo), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
  C_(free)(thc_state, gbuf), C_(free)(thc_state, gxc), C_(free)(thc_state, ggoc), C_(free)(thc_state, gbad);
}

/* PReLU with one shared slope and with one per channel (batched N x C x H x W and single C x H x W),
 * accGradParameters included; GatedLinear on both halves of dimension 1. */
static void TEST_(prelu_glu)(void **unused) {
  {
    TTensor *CPU_w = TEST_RANDOM(8, 1, 1, 0, 0, 0, 0.1, 0.5);
    CTensor *GPU_w = TEST_UPLOAD(CPU_w);
    ACT_BOTH_SHAPES(PRELU1_F, PRELU1_B);
    T_(free)(CPU_w);
    C_(free)(thc_state, GPU_w);
  }
  for (int batched = 0; batched < 2; batched++) {
    TTensor *x = batched ? TEST_RANDOM(9, 4, 2, 3, 4, 5, -2, 2) : TEST_RANDOM(9, 3, 3, 4, 5, 0, -2, 2);
    TTensor *go = batched ? TEST_RANDOM(10, 4, 2, 3, 4, 5, -1, 1) : TEST_RANDOM(10, 3, 3, 4, 5, 0, -1, 1);
    TTensor *w = TEST_RANDOM(11, 1, 3, 0, 0, 0, 0.1, 0.5), *gradW = TEST_RANDOM(12, 1, 3, 0, 0, 0, -1, 1);
    TTensor *y = T_(new)(), *gi = T_(new)();
    CTensor *gx = TEST_UPLOAD(x), *ggo = TEST_UPLOAD(go), *gw = TEST_UPLOAD(w), *ggradW = TEST_UPLOAD(gradW);
    CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
    CPU_(PReLU_updateOutput)(NULL, x, y, w, 3);
    GPU_(PReLU_updateOutput)(thc_state, gx, gy, gw, 3);
    TEST_MATCHES(gy, y);
    CPU_(PReLU_updateGradInput)(NULL, x, go, gi, w, 3);
    GPU_(PReLU_updateGradInput)(thc_state, gx, ggo, ggi, gw, 3);
    TEST_MATCHES(ggi, gi);
    CPU_(PReLU_accGradParameters)(NULL, x, go, gi, w, gradW, NULL, NULL, 3, 0.5);
    GPU_(PReLU_accGradParameters)(thc_state, gx, ggo, ggi, gw, ggradW, NULL, NULL, 3, 0.5);
    TEST_MATCHES(ggradW, gradW);
    assert_same_error(CPU_(PReLU_updateOutput)(NULL, x, y, w, 4), GPU_(PReLU_updateOutput)(thc_state, gx, gy, gw, 4),
                      "weight must have 4 elements");
    /* GatedLinear halves dimension 2 (1-based) of the batched input, dimension 1 of the single one. */
    CPU_(GatedLinear_updateOutput)(NULL, x, y, batched ? 3 : 2);
    GPU_(GatedLinear_updateOutput)(thc_state, gx, gy, batched ? 3 : 2);
    TEST_MATCHES(gy, y);
    TTensor *glo = T_(newClone)(y);
    CTensor *gglo = TEST_UPLOAD(glo);
    CPU_(GatedLinear_updateGradInput)(NULL, x, glo, gi, batched ? 3 : 2);
    GPU_(GatedLinear_updateGradInput)(thc_state, gx, gglo, ggi, batched ? 3 : 2);
    TEST_MATCHES(ggi, gi);
    assert_same_error(CPU_(GatedLinear_updateOutput)(NULL, x, y, batched ? 2 : 1),
                      GPU_(GatedLinear_updateOutput)(thc_state, gx, gy, batched ? 2 : 1), "must have an even size");
    T_(free)(x), T_(free)(go), T_(free)(w), T_(free)(gradW), T_(free)(y), T_(free)(gi), T_(free)(glo);
    C_(free)(thc_state, gx), C_(free)(thc_state, ggo), C_(free)(thc_state, gw), C_(free)(thc_state, ggradW);
    C_(free)(thc_state, gy), C_(free)(thc_state, ggi), C_(free)(thc_state, gglo);
  }
}

/* RReLU in training: every output is input * noise, noise in [lower, upper] at and below 0 and 1
 * above; updateGradInput matches the CPU's given the GPU's noise. */
static void TEST_(rrelu_train)(void **unused) {
  TTensor *x = TEST_RANDOM(13, 3, 4, 5, 6, 0, -2, 2), *go = TEST_RANDOM(14, 3, 4, 5, 6, 0, -1, 1);
  TTensor *gi = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *ggo = TEST_UPLOAD(go), *gy = C_(new)(thc_state), *gnoise = C_(new)(thc_state),
          *ggi = C_(new)(thc_state);
  GPU_(RReLU_updateOutput)(thc_state, gx, gy, gnoise, 0.1, 0.3, true, false, NULL);
  TTensor *y = TEST_DOWNLOAD(gy), *noise = TEST_DOWNLOAD(gnoise);
  for (ptrdiff_t i = 0; i < T_(nElement)(x); i++) {
    real v = T_(data)(x)[i], r = T_(data)(noise)[i];
    if (v <= 0)
      assert_true(r >= (real)0.1 && r <= (real)0.3);
    else
      assert_true(r == 1);
    assert_true(T_(data)(y)[i] == v * r);
  }
  CPU_(RReLU_updateGradInput)(NULL, x, go, gi, noise, 0.1, 0.3, true, false);
  GPU_(RReLU_updateGradInput)(thc_state, gx, ggo, ggi, gnoise, 0.1, 0.3, true, false);
  TEST_MATCHES(ggi, gi);
  assert_same_error(CPU_(RReLU_updateOutput)(NULL, x, y, noise, 0.5, 0.3, false, false, NULL),
                    GPU_(RReLU_updateOutput)(thc_state, gx, gy, gnoise, 0.5, 0.3, false, false, NULL),
                    "must not exceed upper");
  T_(free)(x), T_(free)(go), T_(free)(gi), T_(free)(y), T_(free)(noise);
  C_(free)(thc_state, gx), C_(free)(thc_state, ggo), C_(free)(thc_state, gy), C_(free)(thc_state, gnoise),
      C_(free)(thc_state, ggi);
}

#else
#include "thcunn_test.h"
#define TEST_DOWNLOAD_Float thc_download_float
#define TEST_DOWNLOAD_Double thc_download_double
#define TEST_DOWNLOAD(G) TH_CONCAT_2(TEST_DOWNLOAD_, Real)(G)
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_pointwise),  cmocka_unit_test(test_Double_pointwise),
      cmocka_unit_test(test_Float_buffers_and_inplace), cmocka_unit_test(test_Double_buffers_and_inplace),
      cmocka_unit_test(test_Float_prelu_glu),  cmocka_unit_test(test_Double_prelu_glu),
      cmocka_unit_test(test_Float_rrelu_train), cmocka_unit_test(test_Double_rrelu_train)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
