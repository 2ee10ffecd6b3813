/* The volumetric convolutions: VolumetricConvolution, VolumetricConvolutionMM,
 * VolumetricDilatedConvolution, VolumetricFullConvolution, VolumetricFullDilatedConvolution.
 * Float against PyTorch 1.13 (tests/golden/gen_volumetric_convolution.py: conv3d, conv_transpose3d),
 * Double against finite differences, larger shapes (the OpenMP paths of vol2col / col2vol) against
 * the adjoint identities and a direct definition, non-contiguous tensors, buffers and bad inputs. */
#include "th_test.h"
#include "THNN.h"
#include "golden.h"
#include "gradcheck.h"

#define GOLDEN "volumetric_convolution.txt"
#include "conv_test.h"

typedef enum { MM, DIRECT, DILATED, FULL, FULL_DILATED } Kind;

/* Sizes in the legacy argument order (T, W, H). DIRECT, FULL and FULL_DILATED take the kernel size
 * from the weight. */
typedef struct {
  Kind kind;
  int kT, kW, kH, dT, dW, dH, pT, pW, pH, dilT, dilW, dilH, aT, aW, aH;
} Spec;

/* One module instance over type T: its parameters, gradients and buffers, and its three calls. */
#define DEFINE_CONV(T)                                                                                             \
  typedef struct {                                                                                                 \
    Spec s;                                                                                                        \
    TH##T##Tensor *weight, *bias, *gradWeight, *gradBias, *buf1, *buf2;                                            \
  } T##Conv;                                                                                                       \
                                                                                                                   \
  static T##Conv *T##Conv_new(Spec s, TH##T##Tensor *weight, TH##T##Tensor *bias) {                                \
    T##Conv *c = calloc(1, sizeof *c);                                                                             \
    c->s = s;                                                                                                      \
    c->weight = weight;                                                                                            \
    c->bias = bias;                                                                                                \
    c->gradWeight = TH##T##Tensor_newClone(weight);                                                                \
    c->gradBias = bias ? TH##T##Tensor_newClone(bias) : NULL;                                                      \
    c->buf1 = TH##T##Tensor_new();                                                                                 \
    c->buf2 = TH##T##Tensor_new();                                                                                 \
    return c;                                                                                                      \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_free(T##Conv *c) {                                                                           \
    TH##T##Tensor *all[] = {c->weight, c->bias, c->gradWeight, c->gradBias, c->buf1, c->buf2};                     \
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)                                                        \
      if (all[i]) TH##T##Tensor_free(all[i]);                                                                      \
    free(c);                                                                                                       \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_forward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *out) {                                 \
    const Spec *s = &c->s;                                                                                         \
    TH##T##Tensor *w = c->weight, *b = c->bias, *b1 = c->buf1, *b2 = c->buf2;                                      \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##VolumetricConvolutionMM_updateOutput(NULL, in, out, w, b, b1, s->kT, s->kW, s->kH, s->dT, s->dW,   \
                                                     s->dH, s->pT, s->pW, s->pH);                                  \
      break;                                                                                                       \
    case DIRECT:                                                                                                   \
      THNN_##T##VolumetricConvolution_updateOutput(NULL, in, out, w, b, b1, b2, s->dT, s->dW, s->dH, s->pT, s->pW, \
                                                   s->pH);                                                         \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##VolumetricDilatedConvolution_updateOutput(NULL, in, out, w, b, b1, b2, s->kT, s->kW, s->kH, s->dT, \
                                                          s->dW, s->dH, s->pT, s->pW, s->pH, s->dilT, s->dilW,     \
                                                          s->dilH);                                                \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##VolumetricFullConvolution_updateOutput(NULL, in, out, w, b, b1, b2, s->dT, s->dW, s->dH, s->pT,    \
                                                       s->pW, s->pH, s->aT, s->aW, s->aH);                         \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##VolumetricFullDilatedConvolution_updateOutput(NULL, in, out, w, b, b1, b2, s->dT, s->dW, s->dH,    \
                                                              s->pT, s->pW, s->pH, s->dilT, s->dilW, s->dilH,      \
                                                              s->aT, s->aW, s->aH);                                \
      break;                                                                                                       \
    }                                                                                                              \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_backward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, TH##T##Tensor *gi) {              \
    const Spec *s = &c->s;                                                                                         \
    TH##T##Tensor *w = c->weight, *b1 = c->buf1, *b2 = c->buf2;                                                    \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##VolumetricConvolutionMM_updateGradInput(NULL, in, go, gi, w, b1, b2, s->kT, s->kW, s->kH, s->dT,   \
                                                        s->dW, s->dH, s->pT, s->pW, s->pH);                        \
      break;                                                                                                       \
    case DIRECT:                                                                                                   \
      THNN_##T##VolumetricConvolution_updateGradInput(NULL, in, go, gi, w, b1, s->dT, s->dW, s->dH, s->pT, s->pW,  \
                                                      s->pH);                                                      \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##VolumetricDilatedConvolution_updateGradInput(NULL, in, go, gi, w, b1, s->kT, s->kW, s->kH, s->dT,  \
                                                             s->dW, s->dH, s->pT, s->pW, s->pH, s->dilT, s->dilW,  \
                                                             s->dilH);                                             \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##VolumetricFullConvolution_updateGradInput(NULL, in, go, gi, w, b1, b2, s->dT, s->dW, s->dH, s->pT, \
                                                          s->pW, s->pH, s->aT, s->aW, s->aH);                      \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##VolumetricFullDilatedConvolution_updateGradInput(NULL, in, go, gi, w, b1, b2, s->dT, s->dW, s->dH, \
                                                                 s->pT, s->pW, s->pH, s->dilT, s->dilW, s->dilH,   \
                                                                 s->aT, s->aW, s->aH);                             \
      break;                                                                                                       \
    }                                                                                                              \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_accGrad(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, double scale) {                   \
    const Spec *s = &c->s;                                                                                         \
    TH##T##Tensor *gw = c->gradWeight, *gb = c->gradBias, *b1 = c->buf1, *b2 = c->buf2;                            \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##VolumetricConvolutionMM_accGradParameters(NULL, in, go, gw, gb, b1, s->kT, s->kW, s->kH, s->dT,    \
                                                          s->dW, s->dH, s->pT, s->pW, s->pH, scale);               \
      break;                                                                                                       \
    case DIRECT:                                                                                                   \
      THNN_##T##VolumetricConvolution_accGradParameters(NULL, in, go, gw, gb, b1, b2, s->dT, s->dW, s->dH, s->pT,  \
                                                        s->pW, s->pH, scale);                                      \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##VolumetricDilatedConvolution_accGradParameters(NULL, in, go, gw, gb, b1, b2, s->kT, s->kW, s->kH,  \
                                                               s->dT, s->dW, s->dH, s->pT, s->pW, s->pH, s->dilT,  \
                                                               s->dilW, s->dilH, scale);                           \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##VolumetricFullConvolution_accGradParameters(NULL, in, go, gw, gb, b1, b2, s->dT, s->dW, s->dH,     \
                                                            s->pT, s->pW, s->pH, s->aT, s->aW, s->aH, scale);      \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##VolumetricFullDilatedConvolution_accGradParameters(NULL, in, go, gw, gb, b1, b2, s->dT, s->dW,     \
                                                                   s->dH, s->pT, s->pW, s->pH, s->dilT, s->dilW,   \
                                                                   s->dilH, s->aT, s->aW, s->aH, scale);           \
      break;                                                                                                       \
    }                                                                                                              \
  }

DEFINE_CONV(Float)
DEFINE_CONV(Double)

/* The golden cases of gen_volumetric_convolution.py (which lists sizes as T, H, W). */
#define CONV_BATCH .kT = 2, .kW = 2, .kH = 3, .dT = 2, .dW = 2, .dH = 1, .pT = 1, .pW = 1, .pH = 0, .dilT = 1, .dilW = 1, .dilH = 1
#define CONV_SINGLE .kT = 3, .kW = 3, .kH = 2, .dT = 1, .dW = 2, .dH = 3, .pT = 0, .pW = 1, .pH = 1, .dilT = 1, .dilW = 1, .dilH = 1
#define CONV_POINTWISE .kT = 1, .kW = 1, .kH = 1, .dT = 1, .dW = 1, .dH = 1, .dilT = 1, .dilW = 1, .dilH = 1
static const Spec conv_batch_mm = {.kind = MM, CONV_BATCH};
static const Spec conv_batch_direct = {.kind = DIRECT, CONV_BATCH};
static const Spec conv_batch_dilated = {.kind = DILATED, CONV_BATCH};
static const Spec conv_single_mm = {.kind = MM, CONV_SINGLE};
static const Spec conv_single_direct = {.kind = DIRECT, CONV_SINGLE};
static const Spec conv_pointwise_mm = {.kind = MM, CONV_POINTWISE};
static const Spec conv_pointwise_direct = {.kind = DIRECT, CONV_POINTWISE};
static const Spec dilated = {.kind = DILATED, .kT = 2, .kW = 2, .kH = 3, .dT = 1, .dW = 1, .dH = 2, .pT = 1, .pW = 2,
                             .pH = 1, .dilT = 2, .dilW = 3, .dilH = 1};
#define FULL_CASE .dT = 2, .dW = 1, .dH = 3, .pT = 1, .pW = 1, .pH = 0, .dilT = 1, .dilW = 1, .dilH = 1, .aT = 1, .aW = 0, .aH = 2
static const Spec full = {.kind = FULL, FULL_CASE};
static const Spec full_as_dilated = {.kind = FULL_DILATED, FULL_CASE};
static const Spec full_dilated = {.kind = FULL_DILATED, .dT = 2, .dW = 2, .dH = 1, .pT = 1, .pW = 0, .pH = 1,
                                  .dilT = 2, .dilW = 1, .dilH = 2, .aT = 1, .aW = 1, .aH = 0};

static int has_bias(const char *name) { return strcmp(name, "conv_pointwise") != 0; }

static FloatConv *golden_module(const char *name, Spec s) {
  return FloatConv_new(s, golden(name, "weight"), has_bias(name) ? golden(name, "bias") : NULL);
}

/* Forward, input gradient and parameter gradients (accumulated twice with scale 1/2 onto 1); then
 * the same calls again on the now-sized buffers give the same results. */
static void check_golden(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput");
  THFloatTensor *output = golden(name, "output"), *gradInput = golden(name, "gradInput");
  THFloatTensor *gw = golden(name, "gradWeight"), *gb = has_bias(name) ? golden(name, "gradBias") : NULL;
  THFloatTensor_add(gw, gw, 1);
  if (gb) THFloatTensor_add(gb, gb, 1);
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  for (int round = 0; round < 2; round++) {
    FloatConv_forward(c, input, out);
    assert_same_size_close(out, output);
    FloatConv_backward(c, input, go, gin);
    assert_same_size_close(gin, gradInput);
    THFloatTensor_fill(c->gradWeight, 1);
    if (gb) THFloatTensor_fill(c->gradBias, 1);
    FloatConv_accGrad(c, input, go, 0.5);
    FloatConv_accGrad(c, input, go, 0.5);
    assert_same_size_close(c->gradWeight, gw);
    if (gb) assert_same_size_close(c->gradBias, gb);
  }
  FREE_FLOATS(input, go, output, gradInput, gw, gb, out, gin);
  FloatConv_free(c);
}

#define GOLDEN_TEST(NAME, SPEC) \
  static void test_golden_##SPEC(void **state) { check_golden(#NAME, SPEC); }
GOLDEN_TEST(conv_batch, conv_batch_mm)
GOLDEN_TEST(conv_batch, conv_batch_direct)
GOLDEN_TEST(conv_batch, conv_batch_dilated)
GOLDEN_TEST(conv_single, conv_single_mm)
GOLDEN_TEST(conv_single, conv_single_direct)
GOLDEN_TEST(conv_pointwise, conv_pointwise_mm)
GOLDEN_TEST(conv_pointwise, conv_pointwise_direct)
GOLDEN_TEST(dilated, dilated)
GOLDEN_TEST(full, full)
GOLDEN_TEST(full, full_as_dilated)
GOLDEN_TEST(full_dilated, full_dilated)

/* VolumetricConvolutionMM's 2D weight [nOutputPlane x nInputPlane*kT*kH*kW]. */
static void test_flat_weight(void **state) {
  FloatConv *c = golden_module("conv_batch", conv_batch_mm);
  THFloatTensor *w = c->weight;
  c->weight = THFloatTensor_newWithStorage2d(w->storage, w->storageOffset, w->size[0], -1,
                                             THFloatTensor_nElement(w) / w->size[0], -1);
  THFloatTensor_free(w);
  THFloatTensor_free(c->gradWeight);
  c->gradWeight = THFloatTensor_newClone(c->weight);
  THFloatTensor_zero(c->gradWeight);
  THFloatTensor *input = golden("conv_batch", "input"), *go = golden("conv_batch", "gradOutput");
  THFloatTensor *output = golden("conv_batch", "output"), *gradInput = golden("conv_batch", "gradInput");
  THFloatTensor *gw = golden("conv_batch", "gradWeight"), *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  FloatConv_backward(c, input, go, gin);
  assert_same_size_close(gin, gradInput);
  FloatConv_accGrad(c, input, go, 1);
  assert_int_equal(c->gradWeight->nDimension, 2);
  assert_float_tensor_close(c->gradWeight, gw, 2e-5, 2e-4);
  FREE_FLOATS(input, go, output, gradInput, gw, out, gin);
  FloatConv_free(c);
}

/* ------------------------------------------------------------------ finite differences (Double) */

static void gc_forward(void *ctx, THDoubleTensor *in, THDoubleTensor *out) { DoubleConv_forward(ctx, in, out); }
static void gc_backward(void *ctx, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  DoubleConv_backward(ctx, in, go, gi);
}
/* Zeroes the gradients, then accumulates with scale 3 and with scale -2: the gradient once, through
 * two scales other than 1. */
static void gc_accumulate(void *ctx, THDoubleTensor *in, THDoubleTensor *go) {
  DoubleConv *c = ctx;
  THDoubleTensor_zero(c->gradWeight);
  if (c->gradBias) THDoubleTensor_zero(c->gradBias);
  DoubleConv_accGrad(c, in, go, 3);
  DoubleConv_accGrad(c, in, go, -2);
}

static void check_gradients(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize, long nBias) {
  THDoubleTensor *input = random_double(1, ndIn, inSize);
  THDoubleTensor *bias = nBias ? random_double(3, 1, (long[]){nBias}) : NULL;
  DoubleConv *c = DoubleConv_new(s, random_double(2, ndW, wSize), bias);
  double err = gradcheck_input(gc_forward, gc_backward, c, input, 1e-6);
  if (err > 1e-7) fail_msg("kind %d: gradInput error %g", s.kind, err);
  err = gradcheck_param(gc_forward, gc_accumulate, c, input, c->weight, c->gradWeight, 1e-6);
  if (err > 1e-7) fail_msg("kind %d: gradWeight error %g", s.kind, err);
  if (bias) {
    err = gradcheck_param(gc_forward, gc_accumulate, c, input, c->bias, c->gradBias, 1e-6);
    if (err > 1e-7) fail_msg("kind %d: gradBias error %g", s.kind, err);
  }
  THDoubleTensor_free(input);
  DoubleConv_free(c);
}

static void test_gradcheck_mm(void **state) {
  /* Padding, and strides that tile the input in no dimension: (5 + 2 - 2) % 2, (4 + 2 - 3) % 2 and
   * (5 + 2 - 2) % 3 are not 0. */
  Spec s = {.kind = MM, .kT = 2, .kW = 2, .kH = 3, .dT = 2, .dW = 3, .dH = 2, .pT = 1, .pW = 1, .pH = 1};
  check_gradients(s, SIZES(2, 2, 5, 4, 5), SIZES(3, 2, 2, 3, 2), 3);
  /* One volume, a 2D weight, no bias. */
  Spec t = {.kind = MM, .kT = 1, .kW = 2, .kH = 2, .dT = 1, .dW = 1, .dH = 2, .pT = 1, .pW = 0, .pH = 0};
  check_gradients(t, SIZES(3, 2, 5, 3), SIZES(2, 12), 0);
  Spec u = {.kind = MM, .kT = 1, .kW = 1, .kH = 1, .dT = 1, .dW = 1, .dH = 1};
  check_gradients(u, SIZES(2, 3, 2, 3, 2), SIZES(2, 3, 1, 1, 1), 2);
}

/* Torch7's direct VolumetricConvolution refused zero padding, ignored other padding and gave
 * wrongly shaped gradients for strides that do not tile the input: each case below has both. */
static void test_gradcheck_direct(void **state) {
  Spec s = {.kind = DIRECT, .dT = 2, .dW = 2, .dH = 3, .pT = 1, .pW = 0, .pH = 2};
  check_gradients(s, SIZES(2, 2, 4, 6, 5), SIZES(2, 2, 3, 2, 2), 2);
  Spec t = {.kind = DIRECT, .dT = 3, .dW = 2, .dH = 1};
  check_gradients(t, SIZES(2, 6, 5, 4), SIZES(3, 2, 2, 3, 3), 3);
}

static void test_gradcheck_dilated(void **state) {
  Spec s = {.kind = DILATED, .kT = 2, .kW = 3, .kH = 2, .dT = 1, .dW = 2, .dH = 1, .pT = 2, .pW = 1, .pH = 0,
            .dilT = 3, .dilW = 1, .dilH = 2};
  check_gradients(s, SIZES(2, 2, 5, 4, 5), SIZES(2, 2, 2, 2, 3), 2);
  Spec t = {.kind = DILATED, .kT = 2, .kW = 2, .kH = 2, .dT = 1, .dW = 1, .dH = 1, .pT = 1, .pW = 1, .pH = 1,
            .dilT = 2, .dilW = 2, .dilH = 2};
  check_gradients(t, SIZES(1, 4, 4, 4), SIZES(2, 1, 2, 2, 2), 2);
}

static void test_gradcheck_full(void **state) {
  Spec s = {.kind = FULL, .dT = 2, .dW = 3, .dH = 1, .pT = 1, .pW = 0, .pH = 1, .dilT = 1, .dilW = 1, .dilH = 1,
            .aT = 1, .aW = 2, .aH = 0};
  check_gradients(s, SIZES(2, 2, 2, 3, 2), SIZES(2, 3, 2, 3, 2), 3);
  Spec t = {.kind = FULL, .dT = 1, .dW = 1, .dH = 1, .dilT = 1, .dilW = 1, .dilH = 1};
  check_gradients(t, SIZES(3, 2, 2, 3), SIZES(3, 2, 2, 2, 2), 2);
  Spec u = {.kind = FULL_DILATED, .dT = 1, .dW = 2, .dH = 2, .pT = 1, .pW = 1, .pH = 0, .dilT = 2, .dilW = 1,
            .dilH = 2, .aT = 1, .aW = 1, .aH = 1};
  check_gradients(u, SIZES(2, 2, 3, 2, 2), SIZES(2, 2, 2, 3, 2), 2);
  /* 1x1x1 with adj: the output has more positions than the input, so it is still unfolded. */
  Spec v = {.kind = FULL_DILATED, .dT = 1, .dW = 1, .dH = 1, .dilT = 2, .dilW = 1, .dilH = 1, .aT = 1};
  check_gradients(v, SIZES(2, 3, 2, 2), SIZES(2, 2, 1, 1, 1), 2);
}

/* ------------------------------------------------------------------ larger shapes (OpenMP paths) */

/* Without bias, y = f(x, W) is bilinear, so <y, g> = <x, gradInput(g)> = <W, gradWeight(x, g)>. */
static void check_adjoint(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize) {
  THDoubleTensor *input = random_double(11, ndIn, inSize), *weight = random_double(12, ndW, wSize);
  DoubleConv *c = DoubleConv_new(s, weight, NULL);
  THDoubleTensor *out = THDoubleTensor_new(), *gin = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  THDoubleTensor *g = random_double(13, out->nDimension, out->size);
  DoubleConv_backward(c, input, g, gin);
  THDoubleTensor_zero(c->gradWeight);
  DoubleConv_accGrad(c, input, g, 1);
  double yg = dot_double(out, g);
  assert_close(dot_double(input, gin), yg, 1e-10);
  assert_close(dot_double(weight, c->gradWeight), yg, 1e-10);
  THDoubleTensor *all[] = {input, out, gin, g};
  for (size_t i = 0; i < 4; i++) THDoubleTensor_free(all[i]);
  DoubleConv_free(c);
}

static void test_adjoint_large(void **state) {
  check_adjoint((Spec){.kind = MM, .kT = 3, .kW = 3, .kH = 3, .dT = 1, .dW = 1, .dH = 1, .pT = 1, .pW = 1, .pH = 1},
                SIZES(2, 4, 8, 10, 9), SIZES(6, 4, 3, 3, 3));
  check_adjoint((Spec){.kind = DIRECT, .dT = 2, .dW = 3, .dH = 2, .pT = 1, .pW = 2, .pH = 0}, SIZES(3, 9, 14, 16),
                SIZES(4, 3, 3, 4, 5));
  check_adjoint((Spec){.kind = DILATED, .kT = 2, .kW = 3, .kH = 3, .dT = 1, .dW = 2, .dH = 1, .pT = 2, .pW = 2,
                       .pH = 1, .dilT = 2, .dilW = 2, .dilH = 3},
                SIZES(2, 3, 9, 12, 11), SIZES(5, 3, 2, 3, 3));
  check_adjoint((Spec){.kind = FULL_DILATED, .dT = 2, .dW = 2, .dH = 1, .pT = 1, .pW = 1, .pH = 1, .dilT = 1,
                       .dilW = 2, .dilH = 1, .aT = 1, .aW = 1, .aH = 0},
                SIZES(2, 4, 5, 7, 6), SIZES(4, 5, 3, 3, 4));
}

/* VolumetricConvolutionMM's forward against the definition, on a batch large enough for the
 * threaded unfolding and for BLAS. */
static void test_mm_direct_reference(void **state) {
  const long N = 2, C = 3, T = 7, H = 9, W = 11, O = 5, kT = 2, kH = 3, kW = 4, dT = 2, dH = 1, dW = 3;
  const long pT = 1, pH = 2, pW = 1;
  THDoubleTensor *input = random_double(21, 5, (long[]){N, C, T, H, W});
  DoubleConv *c = DoubleConv_new((Spec){.kind = MM, .kT = kT, .kW = kW, .kH = kH, .dT = dT, .dW = dW, .dH = dH,
                                        .pT = pT, .pW = pW, .pH = pH},
                                 random_double(22, 5, (long[]){O, C, kT, kH, kW}), random_double(23, 1, (long[]){O}));
  THDoubleTensor *out = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  const long oT = (T + 2 * pT - kT) / dT + 1, oH = (H + 2 * pH - kH) / dH + 1, oW = (W + 2 * pW - kW) / dW + 1;
  assert_int_equal(out->nDimension, 5);
  assert_int_equal(out->size[2], oT);
  assert_int_equal(out->size[3], oH);
  assert_int_equal(out->size[4], oW);
  const double *x = THDoubleTensor_data(input), *w = THDoubleTensor_data(c->weight);
  const double *b = THDoubleTensor_data(c->bias), *y = THDoubleTensor_data(out);
  for (long n = 0; n < N; n++)
    for (long o = 0; o < O; o++)
      for (long t = 0; t < oT; t++)
        for (long i = 0; i < oH; i++)
          for (long j = 0; j < oW; j++) {
            double s = b[o];
            for (long ch = 0; ch < C; ch++)
              for (long a = 0; a < kT; a++)
                for (long u = 0; u < kH; u++)
                  for (long v = 0; v < kW; v++) {
                    long zt = t * dT - pT + a, zh = i * dH - pH + u, zw = j * dW - pW + v;
                    if (zt >= 0 && zt < T && zh >= 0 && zh < H && zw >= 0 && zw < W)
                      s += w[(((o * C + ch) * kT + a) * kH + u) * kW + v] *
                           x[(((n * C + ch) * T + zt) * H + zh) * W + zw];
                  }
            assert_close(y[(((n * O + o) * oT + t) * oH + i) * oW + j], s, 1e-12);
          }
  THDoubleTensor_free(input);
  THDoubleTensor_free(out);
  DoubleConv_free(c);
}

/* ------------------------------------------------------------------ layouts and buffers */
/* Non-contiguous input, weight, gradOutput and result tensors give the contiguous results. */
static void check_noncontiguous(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *w = noncontiguous_copy(c->weight), *gw = noncontiguous_copy(c->gradWeight);
  THFloatTensor_free(c->weight);
  THFloatTensor_free(c->gradWeight);
  c->weight = w;
  c->gradWeight = gw;
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput");
  THFloatTensor *output = golden(name, "output"), *gradInput = golden(name, "gradInput");
  THFloatTensor *gwExpected = golden(name, "gradWeight");
  THFloatTensor *ncInput = noncontiguous_copy(input), *ncGo = noncontiguous_copy(go);
  THFloatTensor *out = noncontiguous_copy(output), *gin = noncontiguous_copy(gradInput);
  THFloatTensor_zero(out);
  THFloatTensor_zero(gin);
  FloatConv_forward(c, ncInput, out);
  assert_false(THFloatTensor_isContiguous(out)); /* written through, not replaced */
  assert_same_size_close(out, output);
  FloatConv_backward(c, ncInput, ncGo, gin);
  assert_same_size_close(gin, gradInput);
  THFloatTensor_zero(c->gradWeight);
  if (c->gradBias) THFloatTensor_zero(c->gradBias);
  FloatConv_accGrad(c, ncInput, ncGo, 1);
  assert_same_size_close(c->gradWeight, gwExpected);
  FREE_FLOATS(input, go, output, gradInput, gwExpected, ncInput, ncGo, out, gin);
  FloatConv_free(c);
}

static void test_noncontiguous(void **state) {
  check_noncontiguous("conv_batch", conv_batch_mm);
  check_noncontiguous("conv_single", conv_single_direct);
  check_noncontiguous("dilated", dilated);
  check_noncontiguous("full", full);
}

/* finput / fgradInput of any size are resized; VolumetricConvolutionMM keeps every volume's columns
 * in finput, and a finput that does not hold them (wrong size) is refilled by accGradParameters;
 * the 1x1x1 path leaves finput alone. */
static void test_buffers(void **state) {
  FloatConv *c = golden_module("conv_batch", conv_batch_mm);
  THFloatTensor *input = golden("conv_batch", "input"), *go = golden("conv_batch", "gradOutput");
  THFloatTensor *output = golden("conv_batch", "output"), *gw = golden("conv_batch", "gradWeight");
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  THFloatTensor_resize1d(c->buf1, 1000);
  THFloatTensor_resize2d(c->buf2, 1, 1);
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  assert_int_equal(c->buf1->nDimension, 3); /* [nImages x nIn*kT*kH*kW x oT*oH*oW] */
  assert_int_equal(c->buf1->size[0], 2);
  assert_int_equal(c->buf1->size[1], 2 * 2 * 3 * 2);
  assert_int_equal(c->buf1->size[2], 2 * 2 * 3);
  FloatConv_backward(c, input, go, gin);
  assert_int_equal(c->buf2->nDimension, 2); /* one volume's gradient columns */
  THFloatTensor_resize1d(c->buf1, 5); /* no longer the unfolded input */
  THFloatTensor_zero(c->gradWeight);
  THFloatTensor_zero(c->gradBias);
  FloatConv_accGrad(c, input, go, 1);
  assert_same_size_close(c->gradWeight, gw);
  FloatConv_free(c);

  c = golden_module("conv_pointwise", conv_pointwise_mm);
  THFloatTensor_resize1d(c->buf1, 3);
  THFloatTensor *pin = golden("conv_pointwise", "input"), *pout = golden("conv_pointwise", "output");
  FloatConv_forward(c, pin, out);
  assert_same_size_close(out, pout);
  assert_int_equal(c->buf1->nDimension, 1);
  assert_int_equal(c->buf1->size[0], 3);
  FloatConv_free(c);
  FREE_FLOATS(input, go, output, gw, out, gin, pin, pout);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  FloatConv *c = golden_module("conv_single", conv_single_mm);
  THFloatTensor *input = golden("conv_single", "input"), *go = golden("conv_single", "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  THFloatTensor *flat = THFloatTensor_newWithSize3d(4, 5, 5), *tiny = THFloatTensor_newWithSize4d(2, 2, 2, 2);
  THFloatTensor *f = c->buf1, *g = c->buf2, *w = c->weight, *b = c->bias;

  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, flat, out, w, b, f, 3, 3, 2, 1, 2, 3, 0, 1, 1),
                  "VolumetricConvolutionMM_updateOutput: input must be a 4D to 5D tensor, got a 3D tensor");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, tiny, out, w, b, f, 3, 3, 2, 1, 1, 1, 0, 0, 0),
                  "output size 0 x 1 x 0 (T x H x W) is too small for input 2 x 2 x 2 (kernel 3 x 2 x 3");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, b, f, 3, 2, 2, 1, 2, 3, 0, 1, 1),
                  "weight must be [nOutputPlane x 2 x 3 x 2 x 2] or [nOutputPlane x 24] for an input of 2 planes");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, b, f, 3, 3, 2, 1, 0, 3, 0, 1, 1),
                  "stride must be positive, got dT=1 dW=0 dH=3");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, b, f, 3, 3, 2, 1, 2, 3, -1, 1, 1),
                  "padding must not be negative, got padT=-1 padW=1 padH=1");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, b, f, 0, 3, 2, 1, 2, 3, 0, 1, 1),
                  "kernel size must be positive, got kT=0 kW=3 kH=2");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, flat, f, 3, 3, 2, 1, 2, 3, 0, 1,
                                                                 1),
                  "bias must have 2 elements (nOutputPlane), got size [4 x 5 x 5]");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, out, w, b, NULL, 3, 3, 2, 1, 2, 3, 0, 1,
                                                                 1),
                  "finput must not be NULL");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateGradInput(NULL, input, tiny, gin, w, f, g, 3, 3, 2, 1, 2, 3,
                                                                    0, 1, 1),
                  "gradOutput must have size [2 x 2 x 2 x 3], got [2 x 2 x 2 x 2]");
  assert_th_error(THNN_FloatVolumetricConvolutionMM_accGradParameters(NULL, input, go, tiny, NULL, f, 3, 3, 2, 1, 2,
                                                                      3, 0, 1, 1, 1),
                  "VolumetricConvolutionMM_accGradParameters: gradWeight must be");
  assert_th_error(THNN_FloatVolumetricConvolution_updateOutput(NULL, input, out, tiny, b, f, g, 1, 2, 3, 0, 1, 1),
                  "VolumetricConvolution_updateOutput: weight must be a 5D tensor, got a 4D tensor");
  assert_th_error(THNN_FloatVolumetricConvolution_accGradParameters(NULL, input, go, NULL, NULL, f, g, 1, 2, 3, 0, 1,
                                                                    1, 1),
                  "VolumetricConvolution_accGradParameters: gradWeight must not be NULL");
  assert_th_error(THNN_FloatVolumetricDilatedConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 2, 1, 1, 1,
                                                                      0, 0, 0, 1, 1, 5),
                  "output size 2 x 0 x 3 (T x H x W) is too small for input 4 x 5 x 5 (kernel 3 x 2 x 3, stride "
                  "1 x 1 x 1, padding 0 x 0 x 0, dilation 1 x 5 x 1)");
  assert_th_error(THNN_FloatVolumetricDilatedConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 2, 1, 1, 1,
                                                                      0, 0, 0, 1, 0, 1),
                  "dilation must be positive, got dilationT=1 dilationW=0 dilationH=1");
  /* A transposed convolution's weight is [nInputPlane x nOutputPlane x kT x kH x kW]: 2 x 2 x 3 x 2 x 3
   * fits, but adj must stay below the stride or the dilation. */
  assert_th_error(THNN_FloatVolumetricFullConvolution_updateOutput(NULL, input, out, w, b, f, g, 2, 2, 2, 0, 0, 0, 0,
                                                                   2, 0),
                  "adj must be smaller than the stride or the dilation, got adjT=0 adjW=2 adjH=0");
  assert_th_error(THNN_FloatVolumetricFullConvolution_updateOutput(NULL, input, out, w, b, f, g, 1, 1, 1, 3, 0, 0, 0,
                                                                   0, 0),
                  "output size 0 x 6 x 7 (T x H x W) is too small");
  assert_th_error(THNN_FloatVolumetricFullConvolution_updateOutput(NULL, input, out, tiny, b, f, g, 1, 1, 1, 0, 0, 0,
                                                                   0, 0, 0),
                  "VolumetricFullConvolution_updateOutput: weight must be a 5D tensor");
  assert_th_error(THNN_FloatVolumetricFullDilatedConvolution_updateOutput(NULL, flat, out, w, b, f, g, 1, 1, 1, 0, 0,
                                                                          0, 1, 1, 1, 0, 0, 0),
                  "input must be a 4D to 5D tensor");
  THFloatTensor *other = THFloatTensor_new();
  THFloatTensor_resize5d(other, 3, 2, 3, 2, 3);
  assert_th_error(THNN_FloatVolumetricFullDilatedConvolution_updateOutput(NULL, input, out, other, b, f, g, 1, 1, 1, 0,
                                                                          0, 0, 1, 1, 1, 0, 0, 0),
                  "weight must be [2 x nOutputPlane x 3 x 2 x 3] for an input of 2 planes");

  /* The library still works. */
  THFloatTensor *output = golden("conv_single", "output");
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  FREE_FLOATS(input, go, out, gin, flat, tiny, other, output);
  FloatConv_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_conv_batch_mm),
      cmocka_unit_test(test_golden_conv_batch_direct),
      cmocka_unit_test(test_golden_conv_batch_dilated),
      cmocka_unit_test(test_golden_conv_single_mm),
      cmocka_unit_test(test_golden_conv_single_direct),
      cmocka_unit_test(test_golden_conv_pointwise_mm),
      cmocka_unit_test(test_golden_conv_pointwise_direct),
      cmocka_unit_test(test_golden_dilated),
      cmocka_unit_test(test_golden_full),
      cmocka_unit_test(test_golden_full_as_dilated),
      cmocka_unit_test(test_golden_full_dilated),
      cmocka_unit_test(test_flat_weight),
      cmocka_unit_test(test_gradcheck_mm),
      cmocka_unit_test(test_gradcheck_direct),
      cmocka_unit_test(test_gradcheck_dilated),
      cmocka_unit_test(test_gradcheck_full),
      cmocka_unit_test(test_adjoint_large),
      cmocka_unit_test(test_mm_direct_reference),
      cmocka_unit_test(test_noncontiguous),
      cmocka_unit_test(test_buffers),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
