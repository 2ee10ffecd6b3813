/* The spatial convolutions: SpatialConvolutionMM, SpatialDilatedConvolution, SpatialFullConvolution,
 * SpatialFullDilatedConvolution, SpatialDepthWiseConvolution, SpatialConvolutionLocal,
 * SpatialConvolutionMap, SpatialFullConvolutionMap, unfolded_copy / unfolded_acc.
 * Float against PyTorch 1.13 (tests/golden/gen_spatial_convolution.py; the modules without a PyTorch
 * counterpart are expressed there through one), Double against finite differences, larger shapes
 * (the OpenMP paths) against the adjoint identities, and bad inputs. */
#include "th_test.h"
#include "THNN.h"
#include "golden.h"
#include "gradcheck.h"

#define GOLDEN "spatial_convolution.txt"
#include "conv_test.h"

typedef enum { MM, DILATED, FULL, FULL_DILATED, DEPTHWISE, LOCAL, MAP, FULLMAP } Kind;

typedef struct {
  Kind kind;
  int kW, kH, dW, dH, padW, padH, dilW, dilH, adjW, adjH;
  long iW, iH, oW, oH; /* SpatialConvolutionLocal's explicit sizes */
  int nIn, nOut;       /* the Map modules */
} Spec;

/* One module instance over type T: its parameters, gradients and buffers, and its three calls. */
#define DEFINE_CONV(T)                                                                                             \
  typedef struct {                                                                                                 \
    Spec s;                                                                                                        \
    TH##T##Tensor *weight, *bias, *gradWeight, *gradBias, *connTable, *buf1, *buf2;                                \
  } T##Conv;                                                                                                       \
                                                                                                                   \
  static T##Conv *T##Conv_new(Spec s, TH##T##Tensor *weight, TH##T##Tensor *bias, TH##T##Tensor *connTable) {      \
    T##Conv *c = calloc(1, sizeof *c);                                                                             \
    c->s = s;                                                                                                      \
    c->weight = weight;                                                                                            \
    c->bias = bias;                                                                                                \
    c->connTable = connTable;                                                                                      \
    c->gradWeight = TH##T##Tensor_newClone(weight);                                                                \
    c->gradBias = bias ? TH##T##Tensor_newClone(bias) : NULL;                                                      \
    c->buf1 = TH##T##Tensor_new();                                                                                 \
    c->buf2 = TH##T##Tensor_new();                                                                                 \
    return c;                                                                                                      \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_free(T##Conv *c) {                                                                           \
    TH##T##Tensor *all[] = {c->weight, c->bias, c->gradWeight, c->gradBias, c->connTable, c->buf1, c->buf2};       \
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)                                                        \
      if (all[i]) TH##T##Tensor_free(all[i]);                                                                      \
    free(c);                                                                                                       \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_forward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *out) {                                 \
    const Spec *s = &c->s;                                                                                         \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##SpatialConvolutionMM_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2, s->kW,     \
                                                  s->kH, s->dW, s->dH, s->padW, s->padH);                          \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##SpatialDilatedConvolution_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2,       \
                                                       s->kW, s->kH, s->dW, s->dH, s->padW, s->padH, s->dilW,      \
                                                       s->dilH);                                                   \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##SpatialFullConvolution_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2, s->kW,   \
                                                    s->kH, s->dW, s->dH, s->padW, s->padH, s->adjW, s->adjH);      \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##SpatialFullDilatedConvolution_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2,   \
                                                           s->kW, s->kH, s->dW, s->dH, s->padW, s->padH, s->dilW,  \
                                                           s->dilH, s->adjW, s->adjH);                             \
      break;                                                                                                       \
    case DEPTHWISE:                                                                                                \
      THNN_##T##SpatialDepthWiseConvolution_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2,     \
                                                         s->kW, s->kH, s->dW, s->dH, s->padW, s->padH);            \
      break;                                                                                                       \
    case LOCAL:                                                                                                    \
      THNN_##T##SpatialConvolutionLocal_updateOutput(NULL, in, out, c->weight, c->bias, c->buf1, c->buf2, s->kW,  \
                                                     s->kH, s->dW, s->dH, s->padW, s->padH, s->iW, s->iH, s->oW,   \
                                                     s->oH);                                                       \
      break;                                                                                                       \
    case MAP:                                                                                                      \
      THNN_##T##SpatialConvolutionMap_updateOutput(NULL, in, out, c->weight, c->bias, c->connTable, s->nIn,       \
                                                   s->nOut, s->dW, s->dH);                                         \
      break;                                                                                                       \
    case FULLMAP:                                                                                                  \
      THNN_##T##SpatialFullConvolutionMap_updateOutput(NULL, in, out, c->weight, c->bias, c->connTable, s->nIn,   \
                                                       s->nOut, s->dW, s->dH);                                     \
      break;                                                                                                       \
    }                                                                                                              \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_backward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, TH##T##Tensor *gi) {              \
    const Spec *s = &c->s;                                                                                         \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##SpatialConvolutionMM_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, c->buf2, s->kW, s->kH, \
                                                     s->dW, s->dH, s->padW, s->padH);                              \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##SpatialDilatedConvolution_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, s->kW, s->kH,     \
                                                          s->dW, s->dH, s->padW, s->padH, s->dilW, s->dilH);       \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##SpatialFullConvolution_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, s->kW, s->kH, s->dW, \
                                                       s->dH, s->padW, s->padH, s->adjW, s->adjH);                 \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##SpatialFullDilatedConvolution_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, s->kW, s->kH, \
                                                              s->dW, s->dH, s->padW, s->padH, s->dilW, s->dilH,    \
                                                              s->adjW, s->adjH);                                   \
      break;                                                                                                       \
    case DEPTHWISE:                                                                                                \
      THNN_##T##SpatialDepthWiseConvolution_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, c->buf2, s->kW, \
                                                             s->kH, s->dW, s->dH, s->padW, s->padH);               \
      break;                                                                                                       \
    case LOCAL:                                                                                                    \
      THNN_##T##SpatialConvolutionLocal_updateGradInput(NULL, in, go, gi, c->weight, c->buf1, c->buf2, s->kW,     \
                                                        s->kH, s->dW, s->dH, s->padW, s->padH, s->iW, s->iH,       \
                                                        s->oW, s->oH);                                             \
      break;                                                                                                       \
    case MAP:                                                                                                      \
      THNN_##T##SpatialConvolutionMap_updateGradInput(NULL, in, go, gi, c->weight, c->bias, c->connTable, s->nIn, \
                                                      s->nOut, s->dW, s->dH);                                      \
      break;                                                                                                       \
    case FULLMAP:                                                                                                  \
      THNN_##T##SpatialFullConvolutionMap_updateGradInput(NULL, in, go, gi, c->weight, c->bias, c->connTable,     \
                                                          s->nIn, s->nOut, s->dW, s->dH);                          \
      break;                                                                                                       \
    }                                                                                                              \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_accGrad(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, double scale) {                   \
    const Spec *s = &c->s;                                                                                         \
    TH##T##Tensor *gw = c->gradWeight, *gb = c->gradBias;                                                          \
    switch (s->kind) {                                                                                             \
    case MM:                                                                                                       \
      THNN_##T##SpatialConvolutionMM_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW, s->kH,      \
                                                       s->dW, s->dH, s->padW, s->padH, scale);                     \
      break;                                                                                                       \
    case DILATED:                                                                                                  \
      THNN_##T##SpatialDilatedConvolution_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW, s->kH, \
                                                            s->dW, s->dH, s->padW, s->padH, s->dilW, s->dilH,      \
                                                            scale);                                                \
      break;                                                                                                       \
    case FULL:                                                                                                     \
      THNN_##T##SpatialFullConvolution_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW, s->kH,    \
                                                         s->dW, s->dH, s->padW, s->padH, s->adjW, s->adjH, scale); \
      break;                                                                                                       \
    case FULL_DILATED:                                                                                             \
      THNN_##T##SpatialFullDilatedConvolution_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW,    \
                                                                s->kH, s->dW, s->dH, s->padW, s->padH, s->dilW,    \
                                                                s->dilH, s->adjW, s->adjH, scale);                 \
      break;                                                                                                       \
    case DEPTHWISE:                                                                                                \
      THNN_##T##SpatialDepthWiseConvolution_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW,      \
                                                              s->kH, s->dW, s->dH, s->padW, s->padH, scale);       \
      break;                                                                                                       \
    case LOCAL:                                                                                                    \
      THNN_##T##SpatialConvolutionLocal_accGradParameters(NULL, in, go, gw, gb, c->buf1, c->buf2, s->kW, s->kH,   \
                                                          s->dW, s->dH, s->padW, s->padH, s->iW, s->iH, s->oW,     \
                                                          s->oH, scale);                                           \
      break;                                                                                                       \
    case MAP:                                                                                                      \
      THNN_##T##SpatialConvolutionMap_accGradParameters(NULL, in, go, gw, gb, c->connTable, s->nIn, s->nOut,      \
                                                        s->dW, s->dH, scale);                                      \
      break;                                                                                                       \
    case FULLMAP:                                                                                                  \
      THNN_##T##SpatialFullConvolutionMap_accGradParameters(NULL, in, go, gw, gb, c->connTable, s->nIn, s->nOut,  \
                                                            s->dW, s->dH, scale);                                  \
      break;                                                                                                       \
    }                                                                                                              \
  }

DEFINE_CONV(Float)
DEFINE_CONV(Double)

/* The specs of the golden cases (gen_spatial_convolution.py). */
static const Spec mm_batch = {.kind = MM, .kW = 2, .kH = 3, .dW = 1, .dH = 2, .padW = 0, .padH = 1};
static const Spec mm_single = {.kind = MM, .kW = 3, .kH = 3, .dW = 2, .dH = 3, .padW = 2, .padH = 1};
static const Spec mm_pointwise = {.kind = MM, .kW = 1, .kH = 1, .dW = 1, .dH = 1};
static const Spec dilated = {
    .kind = DILATED, .kW = 2, .kH = 3, .dW = 2, .dH = 1, .padW = 1, .padH = 2, .dilW = 3, .dilH = 2};
static const Spec full = {
    .kind = FULL, .kW = 3, .kH = 3, .dW = 3, .dH = 2, .padW = 0, .padH = 1, .adjW = 2, .adjH = 1};
static const Spec full_dilated = {.kind = FULL_DILATED, .kW = 3, .kH = 2, .dW = 2, .dH = 2, .padW = 1,
                                  .padH = 1, .dilW = 1, .dilH = 2, .adjW = 0, .adjH = 1};
static const Spec depthwise = {.kind = DEPTHWISE, .kW = 2, .kH = 3, .dW = 2, .dH = 1, .padW = 0, .padH = 1};
static const Spec local = {.kind = LOCAL, .kW = 3, .kH = 2, .dW = 2, .dH = 2, .padW = 1, .padH = 1,
                           .iW = 5, .iH = 4, .oW = 3, .oH = 3};
static const Spec map = {.kind = MAP, .dW = 3, .dH = 3, .nIn = 3, .nOut = 2};
static const Spec fullmap = {.kind = FULLMAP, .dW = 1, .dH = 2, .nIn = 3, .nOut = 2};

/* base + golden gradient (in place; returns g), the expected value after accumulating twice with
 * scale 1/2 onto base. */
static THFloatTensor *shifted(THFloatTensor *g, float base) {
  float *p = THFloatTensor_data(g);
  for (ptrdiff_t i = 0; i < THFloatTensor_nElement(g); i++) p[i] += base;
  return g;
}

static FloatConv *golden_module(const char *name, Spec s) {
  int hasBias = s.kind != MM || strcmp(name, "mm_pointwise") != 0;
  int hasTable = s.kind == MAP || s.kind == FULLMAP;
  THFloatTensor *weight = golden(name, "weight");
  if (hasTable) {
    s.kH = (int)weight->size[1];
    s.kW = (int)weight->size[2];
  }
  return FloatConv_new(s, weight, hasBias ? golden(name, "bias") : NULL, hasTable ? golden(name, "connTable") : NULL);
}

/* Forward, input gradient and parameter gradients of one golden case; then the same calls again on
 * the now-sized buffers give the same results. */
static void check_golden(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput");
  THFloatTensor *output = golden(name, "output"), *gradInput = golden(name, "gradInput");
  THFloatTensor *gw = shifted(golden(name, "gradWeight"), 1), *gb = c->bias ? shifted(golden(name, "gradBias"), 1) : NULL;
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  for (int round = 0; round < 2; round++) {
    FloatConv_forward(c, input, out);
    assert_same_size_close(out, output);
    FloatConv_backward(c, input, go, gin);
    assert_same_size_close(gin, gradInput);
    fill_float(c->gradWeight, 1);
    if (c->gradBias) fill_float(c->gradBias, 1);
    FloatConv_accGrad(c, input, go, 0.5);
    FloatConv_accGrad(c, input, go, 0.5);
    assert_same_size_close(c->gradWeight, gw);
    if (gb) assert_same_size_close(c->gradBias, gb);
  }
  THFloatTensor *all[] = {input, go, output, gradInput, gw, gb, out, gin};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i]) THFloatTensor_free(all[i]);
  FloatConv_free(c);
}

#define GOLDEN_TEST(NAME) \
  static void test_golden_##NAME(void **state) { check_golden(#NAME, NAME); }
GOLDEN_TEST(mm_batch)
GOLDEN_TEST(mm_single)
GOLDEN_TEST(mm_pointwise)
GOLDEN_TEST(dilated)
GOLDEN_TEST(full)
GOLDEN_TEST(full_dilated)
GOLDEN_TEST(depthwise)
GOLDEN_TEST(local)
GOLDEN_TEST(map)
GOLDEN_TEST(fullmap)

/* The 2D weight layouts: SpatialConvolutionMM [nOut x nIn*kH*kW], SpatialConvolutionLocal
 * [oH*oW x nOut x nIn*kH*kW], SpatialDepthWiseConvolution [mult x nIn*kH*kW]. */
static void check_flat_weight(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *w = c->weight;
  long rows = s.kind == LOCAL ? w->size[0] * w->size[1] : w->size[0];
  long middle = s.kind == LOCAL ? w->size[2] : 0;
  long cols = THFloatTensor_nElement(w) / rows / (middle ? middle : 1);
  THFloatTensor *flat = THFloatTensor_newWithStorage3d(w->storage, w->storageOffset, rows, -1, middle ? middle : cols,
                                                       -1, middle ? cols : -1, -1);
  THFloatTensor *gflat = THFloatTensor_newClone(flat);
  c->weight = flat;
  THFloatTensor_free(c->gradWeight);
  c->gradWeight = gflat;
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput"), *out = THFloatTensor_new();
  THFloatTensor *gin = THFloatTensor_new(), *gwExpected = golden(name, "gradWeight");
  FloatConv_forward(c, input, out);
  THFloatTensor *expected = golden(name, "output");
  assert_same_size_close(out, expected);
  FloatConv_backward(c, input, go, gin);
  THFloatTensor *expectedGin = golden(name, "gradInput");
  assert_same_size_close(gin, expectedGin);
  fill_float(c->gradWeight, 0);
  FloatConv_accGrad(c, input, go, 1);
  assert_float_tensor_close(c->gradWeight, gwExpected, 2e-5, 2e-4);
  THFloatTensor_free(w);
  THFloatTensor *all[] = {input, go, out, gin, gwExpected, expected, expectedGin};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) THFloatTensor_free(all[i]);
  FloatConv_free(c);
}

static void test_flat_weights(void **state) {
  check_flat_weight("mm_batch", mm_batch);
  check_flat_weight("mm_single", mm_single);
  check_flat_weight("depthwise", depthwise);
  check_flat_weight("local", local);
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
  memset(THDoubleTensor_data(c->gradWeight), 0, sizeof(double) * (size_t)THDoubleTensor_nElement(c->gradWeight));
  if (c->gradBias)
    memset(THDoubleTensor_data(c->gradBias), 0, sizeof(double) * (size_t)THDoubleTensor_nElement(c->gradBias));
  DoubleConv_accGrad(c, in, go, 3);
  DoubleConv_accGrad(c, in, go, -2);
}

/* Gradient checks of input, weight and bias for one module. */
static void check_gradients(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize, int ndB,
                            const long *bSize, THDoubleTensor *connTable) {
  THDoubleTensor *input = random_double(1, ndIn, inSize);
  THDoubleTensor *weight = random_double(2, ndW, wSize), *bias = ndB ? random_double(3, ndB, bSize) : NULL;
  DoubleConv *c = DoubleConv_new(s, weight, bias, connTable);
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
  Spec s = {.kind = MM, .kW = 2, .kH = 3, .dW = 2, .dH = 1, .padW = 1, .padH = 2};
  check_gradients(s, SIZES(2, 3, 6, 5), SIZES(2, 3, 3, 2), SIZES(2), NULL);
  /* One image, a 2D weight, no bias. */
  Spec t = {.kind = MM, .kW = 3, .kH = 2, .dW = 2, .dH = 2, .padW = 0, .padH = 1};
  check_gradients(t, SIZES(2, 5, 7), SIZES(3, 12), 0, NULL, NULL);
  Spec u = {.kind = MM, .kW = 1, .kH = 1, .dW = 1, .dH = 1};
  check_gradients(u, SIZES(2, 3, 4, 3), SIZES(2, 3, 1, 1), SIZES(2), NULL);
}

static void test_gradcheck_dilated(void **state) {
  Spec s = {.kind = DILATED, .kW = 3, .kH = 2, .dW = 1, .dH = 2, .padW = 2, .padH = 1, .dilW = 2, .dilH = 3};
  check_gradients(s, SIZES(2, 2, 7, 6), SIZES(2, 2, 2, 3), SIZES(2), NULL);
  Spec t = {.kind = DILATED, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1, .dilW = 2, .dilH = 2};
  check_gradients(t, SIZES(1, 5, 6), SIZES(2, 1, 3, 3), SIZES(2), NULL);
}

static void test_gradcheck_full(void **state) {
  Spec s = {.kind = FULL, .kW = 2, .kH = 3, .dW = 2, .dH = 3, .padW = 1, .padH = 0, .adjW = 1, .adjH = 2};
  check_gradients(s, SIZES(2, 2, 3, 4), SIZES(2, 3, 3, 2), SIZES(3), NULL);
  Spec t = {.kind = FULL, .kW = 2, .kH = 2, .dW = 1, .dH = 1};
  check_gradients(t, SIZES(3, 3, 2), SIZES(3, 2, 2, 2), 0, NULL, NULL);
  Spec u = {.kind = FULL_DILATED, .kW = 3, .kH = 2, .dW = 2, .dH = 1, .padW = 1, .padH = 1, .dilW = 1, .dilH = 2,
            .adjW = 1, .adjH = 1};
  check_gradients(u, SIZES(2, 2, 3, 3), SIZES(2, 2, 2, 3), SIZES(2), NULL);
  Spec v = {.kind = FULL_DILATED, .kW = 1, .kH = 1, .dW = 1, .dH = 1, .dilW = 2, .dilH = 2, .adjW = 1, .adjH = 0};
  check_gradients(v, SIZES(2, 3, 4), SIZES(2, 2, 1, 1), SIZES(2), NULL);
}

static void test_gradcheck_depthwise(void **state) {
  Spec s = {.kind = DEPTHWISE, .kW = 2, .kH = 3, .dW = 2, .dH = 1, .padW = 1, .padH = 1};
  check_gradients(s, SIZES(2, 3, 5, 4), SIZES(2, 3, 3, 2), SIZES(2, 3), NULL);
  Spec t = {.kind = DEPTHWISE, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1};
  check_gradients(t, SIZES(2, 4, 6), SIZES(1, 18), 0, NULL, NULL);
}

static void test_gradcheck_local(void **state) {
  Spec s = {.kind = LOCAL, .kW = 2, .kH = 3, .dW = 1, .dH = 2, .padW = 1, .padH = 1, .iW = 4, .iH = 5, .oW = 5, .oH = 3};
  check_gradients(s, SIZES(2, 2, 5, 4), SIZES(3, 5, 2, 2, 3, 2), SIZES(2, 3, 5), NULL);
  Spec t = {.kind = LOCAL, .kW = 2, .kH = 2, .dW = 2, .dH = 1, .iW = 5, .iH = 3, .oW = 2, .oH = 2};
  check_gradients(t, SIZES(2, 3, 5), SIZES(4, 3, 8), SIZES(3, 2, 2), NULL);
}

static THDoubleTensor *connection_table(void) {
  static const double rows[] = {1, 1, 2, 1, 2, 2, 3, 2, 3, 1, 1, 2};
  return th_test_double(rows, 6, 2, -1, -1);
}

static void test_gradcheck_map(void **state) {
  /* Strides that do not tile the input ((6 - 2) % 3, (7 - 3) % 2): Torch7's gradWeight overflow. */
  Spec s = {.kind = MAP, .kW = 3, .kH = 2, .dW = 2, .dH = 3, .nIn = 3, .nOut = 2};
  check_gradients(s, SIZES(2, 3, 6, 8), SIZES(6, 2, 3), SIZES(2), connection_table());
  check_gradients(s, SIZES(3, 5, 7), SIZES(6, 2, 3), SIZES(2), connection_table());
  Spec t = {.kind = FULLMAP, .kW = 3, .kH = 2, .dW = 2, .dH = 3, .nIn = 3, .nOut = 2};
  check_gradients(t, SIZES(2, 3, 3, 2), SIZES(6, 2, 3), SIZES(2), connection_table());
  check_gradients(t, SIZES(3, 2, 4), SIZES(6, 2, 3), SIZES(2), connection_table());
}

/* ------------------------------------------------------------------ larger shapes (OpenMP paths) */

/* Without bias, y = f(x, W) is bilinear, so <y, g> = <x, gradInput(g)> = <W, gradWeight(x, g)>. */
static void check_adjoint(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize,
                          THDoubleTensor *connTable) {
  THDoubleTensor *input = random_double(11, ndIn, inSize), *weight = random_double(12, ndW, wSize);
  DoubleConv *c = DoubleConv_new(s, weight, NULL, connTable);
  THDoubleTensor *out = THDoubleTensor_new(), *gin = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  THDoubleTensor *g = random_double(13, out->nDimension, out->size);
  DoubleConv_backward(c, input, g, gin);
  memset(THDoubleTensor_data(c->gradWeight), 0, sizeof(double) * (size_t)THDoubleTensor_nElement(c->gradWeight));
  DoubleConv_accGrad(c, input, g, 1);
  double yg = dot_double(out, g);
  assert_close(dot_double(input, gin), yg, 1e-10);
  assert_close(dot_double(weight, c->gradWeight), yg, 1e-10);
  THDoubleTensor *all[] = {input, out, gin, g};
  for (size_t i = 0; i < 4; i++) THDoubleTensor_free(all[i]);
  DoubleConv_free(c);
}

static void test_adjoint_large(void **state) {
  check_adjoint((Spec){.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1}, SIZES(2, 16, 20, 18),
                SIZES(8, 16, 3, 3), NULL);
  check_adjoint((Spec){.kind = MM, .kW = 7, .kH = 5, .dW = 2, .dH = 3, .padW = 3, .padH = 2}, SIZES(3, 40, 37),
                SIZES(4, 3, 5, 7), NULL);
  check_adjoint((Spec){.kind = DILATED, .kW = 3, .kH = 3, .dW = 2, .dH = 1, .padW = 2, .padH = 2, .dilW = 2, .dilH = 3},
                SIZES(2, 8, 24, 21), SIZES(6, 8, 3, 3), NULL);
  check_adjoint((Spec){.kind = FULL_DILATED, .kW = 4, .kH = 3, .dW = 2, .dH = 2, .padW = 1, .padH = 1, .dilW = 2,
                       .dilH = 1, .adjW = 1, .adjH = 1},
                SIZES(2, 8, 15, 17), SIZES(8, 6, 3, 4), NULL);
  check_adjoint((Spec){.kind = DEPTHWISE, .kW = 3, .kH = 5, .dW = 1, .dH = 2, .padW = 1, .padH = 2},
                SIZES(2, 12, 30, 25), SIZES(3, 12, 5, 3), NULL);
  check_adjoint((Spec){.kind = LOCAL, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1, .iW = 14, .iH = 12,
                       .oW = 14, .oH = 12},
                SIZES(3, 6, 12, 14), SIZES(12, 14, 5, 6, 3, 3), NULL);
  THDoubleTensor *table = connection_table();
  check_adjoint((Spec){.kind = MAP, .kW = 5, .kH = 4, .dW = 1, .dH = 1, .nIn = 3, .nOut = 2}, SIZES(2, 3, 60, 50),
                SIZES(6, 4, 5), table);
  check_adjoint((Spec){.kind = FULLMAP, .kW = 5, .kH = 4, .dW = 2, .dH = 1, .nIn = 3, .nOut = 2}, SIZES(2, 3, 40, 30),
                SIZES(6, 4, 5), connection_table());
}

/* A direct (definition) convolution checks SpatialConvolutionMM's (or, for kind DILATED, the dilated
 * one's) forward on input [N x C x H x W] and weight [O x C x kH x kW]; gradInput and gradWeight
 * follow from it by check_adjoint. */
static void check_mm_direct(long N, long C, long H, long W, long O, Spec s) {
  const long kH = s.kH, kW = s.kW, dH = s.dH, dW = s.dW, pH = s.padH, pW = s.padW;
  const long eH = s.dilH ? s.dilH : 1, eW = s.dilW ? s.dilW : 1;
  THDoubleTensor *input = random_double(21, 4, (long[]){N, C, H, W});
  THDoubleTensor *weight = random_double(22, 4, (long[]){O, C, kH, kW}), *bias = random_double(23, 1, (long[]){O});
  DoubleConv *c = DoubleConv_new(s, weight, bias, NULL);
  THDoubleTensor *out = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  const long oH = (H + 2 * pH - eH * (kH - 1) - 1) / dH + 1, oW = (W + 2 * pW - eW * (kW - 1) - 1) / dW + 1;
  assert_int_equal(out->size[2], oH);
  assert_int_equal(out->size[3], oW);
  const double *x = THDoubleTensor_data(input), *w = THDoubleTensor_data(weight), *b = THDoubleTensor_data(bias);
  for (long n = 0; n < N; n++)
    for (long o = 0; o < O; o++)
      for (long i = 0; i < oH; i++)
        for (long j = 0; j < oW; j++) {
          double sum = b[o];
          for (long ch = 0; ch < C; ch++)
            for (long u = 0; u < kH; u++)
              for (long v = 0; v < kW; v++) {
                long y = i * dH - pH + u * eH, z = j * dW - pW + v * eW;
                if (y >= 0 && y < H && z >= 0 && z < W)
                  sum += w[((o * C + ch) * kH + u) * kW + v] * x[((n * C + ch) * H + y) * W + z];
              }
          assert_close(THDoubleTensor_get4d(out, n, o, i, j), sum, 1e-12);
        }
  THDoubleTensor_free(input);
  THDoubleTensor_free(out);
  DoubleConv_free(c);
}

/* A batch large enough for the threaded unfolding and for BLAS. */
static void test_mm_direct_reference(void **state) {
  check_mm_direct(2, 5, 19, 23, 7, (Spec){.kind = MM, .kW = 4, .kH = 3, .dW = 1, .dH = 2, .padW = 2, .padH = 1});
  /* columns of more than THNN_CONV_BAND elements: unfolded and multiplied in bands of output rows
   * (five here, the last short); finput, filled band by band, serves accGradParameters (6 planes
   * of 7x7 are more taps than the direct kernels take) */
  const Spec bands = {.kind = MM, .kW = 7, .kH = 7, .dW = 2, .dH = 2, .padW = 3, .padH = 3};
  check_mm_direct(2, 6, 85, 85, 4, bands);
  check_adjoint(bands, SIZES(2, 6, 85, 85), SIZES(4, 6, 7, 7), NULL);
}

/* gradBias of a module with bias: scale * the plane sums of gradOutput, added to what it held. */
static void check_grad_bias(long N, long C, long H, long W, long O, Spec s) {
  THDoubleTensor *input = random_double(41, 4, (long[]){N, C, H, W});
  DoubleConv *c = DoubleConv_new(s, random_double(42, 4, (long[]){O, C, s.kH, s.kW}),
                                 random_double(43, 1, (long[]){O}), NULL);
  THDoubleTensor *out = THDoubleTensor_new(), *before = THDoubleTensor_newClone(c->gradBias);
  DoubleConv_forward(c, input, out);
  THDoubleTensor *go = random_double(44, 4, out->size);
  DoubleConv_accGrad(c, input, go, 0.5);
  const long plane = out->size[2] * out->size[3];
  for (long o = 0; o < O; o++) {
    double sum = 0;
    for (long n = 0; n < N; n++)
      for (long i = 0; i < plane; i++) sum += THDoubleTensor_data(go)[(n * O + o) * plane + i];
    assert_close(THDoubleTensor_get1d(c->gradBias, o), THDoubleTensor_get1d(before, o) + 0.5 * sum, 1e-10);
  }
  THDoubleTensor *all[] = {input, out, before, go};
  for (size_t i = 0; i < 4; i++) THDoubleTensor_free(all[i]);
  DoubleConv_free(c);
}

/* Few input planes (16 to 256 taps) go through the direct kernels (THNN/generic/DirectConvolution.c)
 * with AVX2 or AVX-512, and through im2col + GEMM with the portable set: every set against the
 * definition (forward) and the adjoint identities (both gradients), and gradBias. The shapes: rows
 * that end in a partial vector, a partial block of planes (7, 5), more rows than a band (16), a
 * batch split across threads mid-image, strides 1 to 4 with dW > kW (a phase no tap reads) and dH
 * != dW, unequal padding, and 1 and 2 channels (the input gradient then goes through the GEMM). */
static void test_mm_direct_kernels(void **state) {
  const struct {
    long N, C, H, W, O;
    Spec s;
  } cases[] = {
      {2, 3, 20, 23, 7, {.kind = MM, .kW = 3, .kH = 5, .dW = 1, .dH = 1, .padW = 1, .padH = 2}},
      {3, 3, 37, 39, 8, {.kind = MM, .kW = 7, .kH = 7, .dW = 2, .dH = 2, .padW = 3, .padH = 3}},
      {2, 4, 13, 40, 5, {.kind = MM, .kW = 4, .kH = 2, .dW = 3, .dH = 1, .padW = 1, .padH = 0}},
      {1, 6, 21, 41, 4, {.kind = MM, .kW = 3, .kH = 3, .dW = 4, .dH = 2, .padW = 1, .padH = 1}},
      {2, 5, 30, 17, 6, {.kind = MM, .kW = 2, .kH = 4, .dW = 1, .dH = 3, .padW = 0, .padH = 1}},
      {3, 1, 19, 28, 6, {.kind = MM, .kW = 5, .kH = 5, .dW = 1, .dH = 1, .padW = 0, .padH = 0}},
      {2, 2, 18, 26, 4, {.kind = DILATED, .kW = 5, .kH = 3, .dW = 2, .dH = 1, .padW = 2, .padH = 1, .dilW = 1,
                         .dilH = 1}},
  };
  const int saved = THGetNumThreads();
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    kernel_set_name(pass);
    for (int threads = 1; threads <= 2; threads++) {
      THSetNumThreads(threads);
      for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const long N = cases[i].N, C = cases[i].C, H = cases[i].H, W = cases[i].W, O = cases[i].O;
        const Spec s = cases[i].s;
        check_mm_direct(N, C, H, W, O, s);
        check_adjoint(s, SIZES(N, C, H, W), SIZES(O, C, s.kH, s.kW), NULL);
        check_grad_bias(N, C, H, W, O, s);
      }
    }
  }
  THSetNumThreads(saved);
  kernel_set_name(KERNEL_SETS - 1);
}

/* Output rows shorter than 2 vectors (8 columns in Double) with a block of planes or more (8 in
 * Double) go through the plane kernels (THNN/generic/PlaneConvolution.c) for the output and the
 * weight gradient, and image rows of a vector or more (4 columns) through the direct input
 * gradient; every kernel set against the definition, the adjoint identities and gradBias. The
 * shapes: LeNet's second layer made narrower, a block exactly, partial blocks (13, 20 planes),
 * runs of pixels that do not divide a row, unequal padding, strides, a dilation, one image split
 * between threads, images narrower than a vector (the input gradient then takes the GEMM). */
static void test_mm_plane_kernels(void **state) {
  const struct {
    long N, C, H, W, O;
    Spec s;
  } cases[] = {
      {3, 6, 10, 9, 16, {.kind = MM, .kW = 5, .kH = 5, .dW = 1, .dH = 1, .padW = 0, .padH = 0}},
      {2, 4, 7, 6, 8, {.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1}},
      {2, 3, 11, 13, 13, {.kind = MM, .kW = 4, .kH = 3, .dW = 2, .dH = 3, .padW = 2, .padH = 1}},
      {1, 5, 20, 7, 20, {.kind = MM, .kW = 3, .kH = 2, .dW = 1, .dH = 1, .padW = 0, .padH = 1}},
      {2, 2, 12, 3, 9, {.kind = MM, .kW = 3, .kH = 5, .dW = 1, .dH = 2, .padW = 1, .padH = 0}},
      {2, 3, 13, 11, 10, {.kind = DILATED, .kW = 3, .kH = 3, .dW = 2, .dH = 1, .padW = 2, .padH = 1, .dilW = 2,
                          .dilH = 3}},
  };
  const int saved = THGetNumThreads();
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    kernel_set_name(pass);
    for (int threads = 1; threads <= 2; threads++) {
      THSetNumThreads(threads);
      for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const long N = cases[i].N, C = cases[i].C, H = cases[i].H, W = cases[i].W, O = cases[i].O;
        const Spec s = cases[i].s;
        check_mm_direct(N, C, H, W, O, s);
        check_adjoint(s, SIZES(N, C, H, W), SIZES(O, C, s.kH, s.kW), NULL);
        check_grad_bias(N, C, H, W, O, s);
      }
    }
  }
  THSetNumThreads(saved);
  kernel_set_name(KERNEL_SETS - 1);
}

/* An infinity in input columns that no output reads (past the last stride step) changes nothing:
 * the direct kernels' lanes past the last output column must not multiply it by 0. */
static void test_mm_direct_unread_columns(void **state) {
  const Spec s = {.kind = MM, .kW = 3, .kH = 3, .dW = 2, .dH = 2, .padW = 0, .padH = 0};
  THDoubleTensor *input = random_double(51, 4, (long[]){2, 3, 19, 24}); /* column 23 is never read */
  DoubleConv *c = DoubleConv_new(s, random_double(52, 4, (long[]){4, 3, 3, 3}), random_double(53, 1, (long[]){4}),
                                 NULL);
  for (long n = 0; n < 2; n++)
    for (long ch = 0; ch < 3; ch++)
      for (long y = 0; y < 19; y++) THDoubleTensor_set4d(input, n, ch, y, 23, INFINITY);
  THDoubleTensor *out = THDoubleTensor_new(), *gin = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  assert_int_equal(out->size[3], 11);
  THDoubleTensor *go = random_double(54, 4, out->size);
  DoubleConv_backward(c, input, go, gin);
  DoubleConv_accGrad(c, input, go, 1);
  THDoubleTensor *results[] = {out, gin, c->gradWeight, c->gradBias};
  for (size_t r = 0; r < 4; r++)
    for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(results[r]); i++)
      assert_true(isfinite(THDoubleTensor_data(results[r])[i]));
  THDoubleTensor *all[] = {input, out, gin, go};
  for (size_t i = 0; i < 4; i++) THDoubleTensor_free(all[i]);
  DoubleConv_free(c);
}

/* 3x3 stride-1 kernels between enough planes go through Winograd's F(2x2, 3x3) (THNN/generic/
 * Winograd.c): odd and even output sizes (partial tiles), every padding it takes (0-2, unequal), a
 * single image, more tile rows than one chunk holds, and the input gradient by adjointness. */
static void test_mm_winograd(void **state) {
  const Spec pads[] = {{.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1},
                       {.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 0, .padH = 2},
                       {.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 2, .padH = 0}};
  for (size_t i = 0; i < sizeof pads / sizeof pads[0]; i++) {
    check_mm_direct(3, 8, 11, 8, 10, pads[i]);
    check_mm_direct(1, 12, 6, 13, 8, pads[i]);
    check_adjoint(pads[i], SIZES(2, 9, 13, 10), SIZES(11, 9, 3, 3), NULL);
    check_adjoint(pads[i], SIZES(8, 7, 5), SIZES(10, 8, 3, 3), NULL);
  }
  check_mm_direct(2, 16, 70, 90, 16, pads[0]);
  check_mm_direct(1, 8, 3, 3, 8, pads[1]);
}

/* The largest |float - double| over a tensor, relative to the largest |double|. */
static double float_error(THFloatTensor *f, THDoubleTensor *d) {
  THDoubleTensor *fd = THDoubleTensor_new();
  THDoubleTensor_resizeAs(fd, d);
  THDoubleTensor_copyFloat(fd, f);
  double worst = 0, scale = 0;
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(d); i++) {
    worst = fmax(worst, fabs(THDoubleTensor_data(fd)[i] - THDoubleTensor_data(d)[i]));
    scale = fmax(scale, fabs(THDoubleTensor_data(d)[i]));
  }
  THDoubleTensor_free(fd);
  return worst / scale;
}

/* SpatialConvolutionMM in Float ([N x C x H x W] input, O planes, a k x k kernel with stride st and
 * padding pad) stays within float rounding (2e-6 of the largest result) of the Double results, in
 * all three passes. */
static void check_float_accuracy(long N, long C, long H, long W, long O, int k, int st, int pad) {
  THDoubleTensor *dIn = random_double(31, 4, (long[]){N, C, H, W}), *dW = random_double(32, 4, (long[]){O, C, k, k});
  THDoubleTensor *dB = random_double(33, 1, (long[]){O});
  THDoubleTensor *dGo = random_double(34, 4, (long[]){N, O, (H + 2 * pad - k) / st + 1, (W + 2 * pad - k) / st + 1});
  THDoubleTensor *dOut = THDoubleTensor_new(), *dGi = THDoubleTensor_new(), *dGw = THDoubleTensor_new();
  THDoubleTensor *dGb = THDoubleTensor_new(), *dCols = THDoubleTensor_new(), *dCols2 = THDoubleTensor_new();
  THDoubleTensor_resizeAs(dGw, dW);
  THDoubleTensor_zero(dGw);
  THDoubleTensor_resizeAs(dGb, dB);
  THDoubleTensor_zero(dGb);
  THNN_DoubleSpatialConvolutionMM_updateOutput(NULL, dIn, dOut, dW, dB, dCols, dCols2, k, k, st, st, pad, pad);
  THNN_DoubleSpatialConvolutionMM_updateGradInput(NULL, dIn, dGo, dGi, dW, dCols, dCols2, k, k, st, st, pad, pad);
  THNN_DoubleSpatialConvolutionMM_accGradParameters(NULL, dIn, dGo, dGw, dGb, dCols, dCols2, k, k, st, st, pad, pad,
                                                    1);
  THFloatTensor *fIn = th_float_copy(dIn), *fW = th_float_copy(dW), *fB = th_float_copy(dB), *fGo = th_float_copy(dGo);
  THFloatTensor *fOut = THFloatTensor_new(), *fGi = THFloatTensor_new(), *fGw = THFloatTensor_new();
  THFloatTensor *fGb = THFloatTensor_new(), *fCols = THFloatTensor_new(), *fCols2 = THFloatTensor_new();
  THFloatTensor_resizeAs(fGw, fW);
  THFloatTensor_zero(fGw);
  THFloatTensor_resizeAs(fGb, fB);
  THFloatTensor_zero(fGb);
  THNN_FloatSpatialConvolutionMM_updateOutput(NULL, fIn, fOut, fW, fB, fCols, fCols2, k, k, st, st, pad, pad);
  THNN_FloatSpatialConvolutionMM_updateGradInput(NULL, fIn, fGo, fGi, fW, fCols, fCols2, k, k, st, st, pad, pad);
  THNN_FloatSpatialConvolutionMM_accGradParameters(NULL, fIn, fGo, fGw, fGb, fCols, fCols2, k, k, st, st, pad, pad,
                                                   1);
  assert_true(float_error(fOut, dOut) < 2e-6);
  assert_true(float_error(fGi, dGi) < 2e-6);
  assert_true(float_error(fGw, dGw) < 2e-6);
  assert_true(float_error(fGb, dGb) < 2e-6);
  THDoubleTensor *ds[] = {dIn, dW, dB, dGo, dOut, dGi, dGw, dGb, dCols, dCols2};
  for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) THDoubleTensor_free(ds[i]);
  FREE_FLOATS(fIn, fW, fB, fGo, fOut, fGi, fGw, fGb, fCols, fCols2);
}

/* Winograd on W1's channel counts (its transforms add 16 terms where im2col adds 9: no loss beyond
 * that), and with every kernel set the direct kernels on W2's shape with fewer images and the plane
 * kernels on W8's second layer. */
static void test_float_accuracy(void **state) {
  check_float_accuracy(2, 64, 12, 13, 32, 3, 1, 1);
  for (int pass = 0; pass < KERNEL_SETS; pass++) {
    kernel_set_name(pass);
    check_float_accuracy(2, 3, 64, 70, 64, 7, 2, 3);
    check_float_accuracy(3, 6, 14, 14, 16, 5, 1, 0);
  }
}

/* The three passes at `threads` threads (threads then take whole images) against one thread, which
 * goes image by image: the same output, gradInput, gradWeight and gradBias up to rounding. accGrad
 * runs twice: on the columns updateOutput kept (MM's finput) and, with buf1 resized away, on
 * columns it unfolds itself. */
static void check_threads(Spec s, long nImages, long nIn, long height, long width, int ndW, const long *wSize,
                          int threads) {
  const int saved = THGetNumThreads();
  THDoubleTensor *input = random_double(31, 4, (long[]){nImages, nIn, height, width});
  THDoubleTensor *result[2][5];
  for (int run = 0; run < 2; run++) {
    THSetNumThreads(run ? threads : 1);
    DoubleConv *c = DoubleConv_new(s, random_double(32, ndW, wSize), random_double(33, 1, (long[]){wSize[0]}), NULL);
    if (s.kind == FULL) {
      THDoubleTensor_free(c->bias);
      c->bias = random_double(33, 1, (long[]){wSize[1]});
      THDoubleTensor_free(c->gradBias);
      c->gradBias = THDoubleTensor_newClone(c->bias);
    }
    THDoubleTensor *out = THDoubleTensor_new(), *gin = THDoubleTensor_new();
    DoubleConv_forward(c, input, out);
    THDoubleTensor *go = random_double(34, out->nDimension, out->size);
    DoubleConv_backward(c, input, go, gin);
    THDoubleTensor_zero(c->gradWeight);
    THDoubleTensor_zero(c->gradBias);
    DoubleConv_accGrad(c, input, go, 0.5);
    THDoubleTensor_resize1d(c->buf1, 1);
    DoubleConv_accGrad(c, input, go, 0.5);
    result[run][0] = out;
    result[run][1] = gin;
    result[run][2] = THDoubleTensor_newClone(c->gradWeight);
    result[run][3] = THDoubleTensor_newClone(c->gradBias);
    result[run][4] = go;
    DoubleConv_free(c);
  }
  THSetNumThreads(saved);
  for (int i = 0; i < 4; i++) {
    THDoubleTensor *a = result[0][i], *b = result[1][i];
    assert_true(THDoubleTensor_isSameSizeAs(a, b));
    for (ptrdiff_t j = 0; j < THDoubleTensor_nElement(a); j++)
      if (!th_close(THDoubleTensor_data(b)[j], THDoubleTensor_data(a)[j], 1e-12, 1e-12))
        fail_msg("kind %d, %ld images, %d threads: result %d differs at %td: %.17g, one thread %.17g", s.kind, nImages,
                 threads, i, j, THDoubleTensor_data(b)[j], THDoubleTensor_data(a)[j]);
  }
  for (int run = 0; run < 2; run++)
    for (int i = 0; i < 5; i++) THDoubleTensor_free(result[run][i]);
  THDoubleTensor_free(input);
}

static void test_threads_take_images(void **state) {
  const Spec mm = {.kind = MM, .kW = 3, .kH = 3, .dW = 1, .dH = 1, .padW = 1, .padH = 1};
  const Spec dilated = {.kind = DILATED, .kW = 3, .kH = 2, .dW = 2, .dH = 1, .padW = 2, .padH = 1, .dilW = 2,
                        .dilH = 1};
  const Spec full = {.kind = FULL, .kW = 3, .kH = 3, .dW = 2, .dH = 2, .padW = 1, .padH = 1, .adjW = 1, .adjH = 1};
  const Spec pointwise = {.kind = MM, .kW = 1, .kH = 1, .dW = 1, .dH = 1};
  for (int threads = 2; threads <= 3; threads++)
    for (long n = 1; n <= 5; n += 2) {
      check_threads(mm, n, 4, 13, 11, SIZES(6, 4, 3, 3), threads);
      check_threads(dilated, n, 5, 12, 14, SIZES(7, 5, 2, 3), threads);
      check_threads(full, n, 6, 9, 8, SIZES(6, 4, 3, 3), threads);
      check_threads(pointwise, n, 40, 16, 16, SIZES(9, 40, 1, 1), threads);
    }
  check_threads(mm, 2, 4, 13, 11, SIZES(6, 4, 3, 3), 4); /* more threads than images */
  for (long n = 1; n <= 3; n += 2) check_threads(mm, n, 9, 13, 11, SIZES(8, 9, 3, 3), 2); /* Winograd */
}

/* ------------------------------------------------------------------ layouts and buffers */
/* Non-contiguous input, weight, gradOutput and result tensors give the contiguous results. */
static void check_noncontiguous(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *w = noncontiguous_copy(c->weight);
  THFloatTensor_free(c->weight);
  c->weight = w;
  THFloatTensor *gradWeight = noncontiguous_copy(c->gradWeight);
  THFloatTensor_free(c->gradWeight);
  c->gradWeight = gradWeight;
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput");
  THFloatTensor *output = golden(name, "output"), *gradInput = golden(name, "gradInput");
  THFloatTensor *gw = golden(name, "gradWeight");
  THFloatTensor *ncInput = noncontiguous_copy(input), *ncGo = noncontiguous_copy(go);
  THFloatTensor *out = noncontiguous_copy(output), *gin = noncontiguous_copy(gradInput);
  fill_float(out, 0);
  fill_float(gin, 0);
  FloatConv_forward(c, ncInput, out);
  assert_false(THFloatTensor_isContiguous(out)); /* written through, not replaced */
  assert_same_size_close(out, output);
  FloatConv_backward(c, ncInput, ncGo, gin);
  assert_same_size_close(gin, gradInput);
  THFloatTensor_zero(c->gradWeight);
  if (c->gradBias) THFloatTensor_zero(c->gradBias);
  FloatConv_accGrad(c, ncInput, ncGo, 1);
  assert_same_size_close(c->gradWeight, gw);
  THFloatTensor *all[] = {input, go, output, gradInput, gw, ncInput, ncGo, out, gin};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) THFloatTensor_free(all[i]);
  FloatConv_free(c);
}

static void test_noncontiguous(void **state) {
  check_noncontiguous("mm_batch", mm_batch);
  check_noncontiguous("dilated", dilated);
  check_noncontiguous("full", full);
  check_noncontiguous("depthwise", depthwise);
  check_noncontiguous("map", map);
  check_noncontiguous("fullmap", fullmap);
}

/* finput / fgradInput of any size are resized; a finput that does not hold the unfolded input (wrong
 * size) is refilled by accGradParameters; the 1x1 path leaves finput alone. */
static void test_buffers(void **state) {
  FloatConv *c = golden_module("mm_batch", mm_batch);
  THFloatTensor *input = golden("mm_batch", "input"), *go = golden("mm_batch", "gradOutput");
  THFloatTensor *output = golden("mm_batch", "output"), *gw = golden("mm_batch", "gradWeight");
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  THFloatTensor_resize1d(c->buf1, 1000);
  THFloatTensor_resize2d(c->buf2, 1, 1);
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  assert_int_equal(c->buf1->nDimension, 3); /* [nImages x nIn*kH*kW x oH*oW] */
  assert_int_equal(c->buf1->size[0], 2);
  assert_int_equal(c->buf1->size[1], 2 * 3 * 2);
  assert_int_equal(c->buf1->size[2], 3 * 3);
  THFloatTensor_resize1d(c->buf1, 5); /* no longer the unfolded input */
  THFloatTensor_zero(c->gradWeight);
  THFloatTensor_zero(c->gradBias);
  FloatConv_accGrad(c, input, go, 1);
  assert_same_size_close(c->gradWeight, gw);
  FloatConv_free(c);

  c = golden_module("mm_pointwise", mm_pointwise);
  THFloatTensor_resize1d(c->buf1, 3);
  THFloatTensor *pin = golden("mm_pointwise", "input"), *pout = golden("mm_pointwise", "output");
  FloatConv_forward(c, pin, out);
  assert_same_size_close(out, pout);
  assert_int_equal(c->buf1->nDimension, 1);
  assert_int_equal(c->buf1->size[0], 3);
  FloatConv_free(c);
  THFloatTensor *all[] = {input, go, output, gw, out, gin, pin, pout};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) THFloatTensor_free(all[i]);
}

/* ------------------------------------------------------------------ unfolded_copy / unfolded_acc */

static void test_unfolded_by_hand(void **state) {
  static const float image[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  THFloatTensor *input = th_test_float(image, 1, 3, 3, -1), *finput = THFloatTensor_new();
  /* 2x2 windows, stride 1: each row is one kernel offset (kh, kw) over the 2x2 positions. */
  THNN_Floatunfolded_copy(finput, input, 2, 2, 1, 1, 0, 0, 1, 3, 3, 2, 2);
  static const float plain[] = {1, 2, 4, 5, 2, 3, 5, 6, 4, 5, 7, 8, 5, 6, 8, 9};
  THFloatTensor *expected = th_test_float(plain, 4, 4, -1, -1);
  assert_same_size_close(finput, expected);
  THFloatTensor_free(expected);
  /* Stride 2, padding 1: windows start at -1 and 1; what falls outside reads 0. */
  THNN_Floatunfolded_copy(finput, input, 2, 2, 2, 2, 1, 1, 1, 3, 3, 2, 2);
  static const float padded[] = {0, 0, 0, 5, 0, 0, 4, 6, 0, 2, 0, 8, 1, 3, 7, 9};
  expected = th_test_float(padded, 4, 4, -1, -1);
  assert_same_size_close(finput, expected);
  THFloatTensor_free(expected);
  /* Folding all-ones columns counts the windows covering each pixel, added to what was there. */
  fill_float(finput, 1);
  THNN_Floatunfolded_acc(finput, input, 2, 2, 1, 1, 0, 0, 1, 3, 3, 2, 2);
  static const float counted[] = {2, 4, 4, 6, 9, 8, 8, 10, 10};
  expected = th_test_float(counted, 1, 3, 3, -1);
  assert_same_size_close(input, expected);
  THFloatTensor_free(expected);
  THFloatTensor_free(input);
  THFloatTensor_free(finput);
}

/* unfolded_acc is the adjoint of unfolded_copy: <copy(x), y> = <x, acc(y)>. */
static void test_unfolded_adjoint(void **state) {
  THDoubleTensor *x = random_double(31, 3, (long[]){3, 11, 13}), *cols = THDoubleTensor_new();
  const int kW = 4, kH = 3, dW = 3, dH = 2, pW = 2, pH = 1;
  const int oW = (13 + 2 * pW - kW) / dW + 1, oH = (11 + 2 * pH - kH) / dH + 1;
  THNN_Doubleunfolded_copy(cols, x, kW, kH, dW, dH, pW, pH, 3, 13, 11, oW, oH);
  assert_int_equal(THDoubleTensor_nElement(cols), 3L * kW * kH * oW * oH);
  THDoubleTensor *y = random_double(32, cols->nDimension, cols->size), *folded = THDoubleTensor_newClone(x);
  memset(THDoubleTensor_data(folded), 0, sizeof(double) * (size_t)THDoubleTensor_nElement(folded));
  THNN_Doubleunfolded_acc(y, folded, kW, kH, dW, dH, pW, pH, 3, 13, 11, oW, oH);
  assert_close(dot_double(cols, y), dot_double(x, folded), 1e-12);
  THDoubleTensor *all[] = {x, cols, y, folded};
  for (size_t i = 0; i < 4; i++) THDoubleTensor_free(all[i]);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  FloatConv *c = golden_module("mm_single", mm_single);
  THFloatTensor *input = golden("mm_single", "input"), *go = golden("mm_single", "gradOutput");
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  THFloatTensor *flat = THFloatTensor_newWithSize2d(6, 7), *tiny = THFloatTensor_newWithSize3d(2, 2, 2);
  THFloatTensor *f = c->buf1, *g = c->buf2, *w = c->weight, *b = c->bias;

  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, flat, out, w, b, f, g, 3, 3, 2, 3, 2, 1),
                  "SpatialConvolutionMM_updateOutput: input must be a 3D to 4D tensor, got a 2D tensor");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, tiny, out, w, b, f, g, 3, 3, 1, 1, 0, 0),
                  "output size 0 x 0 (H x W) is too small for input 2 x 2 (kernel 3 x 3");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, out, w, b, f, g, 2, 3, 2, 3, 2, 1),
                  "weight must be [nOutputPlane x 2 x 3 x 2] or [nOutputPlane x 12]");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 0, 3, 2, 1),
                  "stride must be positive, got dW=0 dH=3");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 2, 3, -1, 1),
                  "padding must not be negative");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, out, w, flat, f, g, 3, 3, 2, 3, 2, 1),
                  "bias must have 2 elements (nOutputPlane), got size [6 x 7]");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, out, w, b, NULL, g, 3, 3, 2, 3, 2, 1),
                  "finput must not be NULL");
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateGradInput(NULL, input, tiny, gin, w, f, g, 3, 3, 2, 3, 2, 1),
                  "gradOutput must have size [2 x 2 x 5], got [2 x 2 x 2]");
  assert_th_error(THNN_FloatSpatialConvolutionMM_accGradParameters(NULL, input, go, tiny, NULL, f, g, 3, 3, 2, 3, 2,
                                                                   1, 1),
                  "gradWeight must be");
  assert_th_error(THNN_FloatSpatialDilatedConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 1, 1, 0, 0, 4,
                                                                   4),
                  "is too small for input 6 x 7 (kernel 3 x 3, stride 1 x 1, padding 0 x 0, dilation 4 x 4)");
  assert_th_error(THNN_FloatSpatialDilatedConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 1, 1, 0, 0, 0,
                                                                   1),
                  "dilation must be positive");
  /* A transposed convolution's weight is [nInputPlane x nOutputPlane x kH x kW]: 2 x 2 x 3 x 3 fits,
   * but adj must stay below the stride or the dilation. */
  assert_th_error(THNN_FloatSpatialFullConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 2, 2, 0, 0, 2,
                                                                0),
                  "adj must be smaller than the stride or the dilation, got adjW=2 adjH=0");
  assert_th_error(THNN_FloatSpatialFullConvolution_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 1, 1, 4, 4, 0,
                                                                0),
                  "output size 0 x 1 (H x W) is too small");
  assert_th_error(THNN_FloatSpatialFullConvolution_updateOutput(NULL, flat, out, w, b, f, g, 3, 3, 1, 1, 0, 0, 0, 0),
                  "input must be a 3D to 4D tensor");
  assert_th_error(THNN_FloatSpatialDepthWiseConvolution_updateOutput(NULL, input, out, tiny, NULL, f, g, 3, 3, 1, 1,
                                                                     0, 0),
                  "weight must be [nOutputPlane x 2 x 3 x 3] or [nOutputPlane x 18]");
  assert_th_error(THNN_FloatSpatialConvolutionLocal_updateOutput(NULL, input, out, w, b, f, g, 3, 3, 1, 1, 0, 0, 7, 5,
                                                                 5, 4),
                  "do not match the input");

  THFloatTensor *table = golden("map", "connTable"), *mapWeight = golden("map", "weight");
  THFloatTensor_set2d(table, 1, 0, 4); /* input plane 4 of 3 */
  assert_th_error(THNN_FloatSpatialConvolutionMap_updateOutput(NULL, input, out, mapWeight, NULL, table, 3, 2, 1, 1),
                  "connTable[2][1] (input plane) must be an integer in [1, 3], got 4");
  THFloatTensor_set2d(table, 1, 0, 1.5f);
  assert_th_error(THNN_FloatSpatialFullConvolutionMap_updateOutput(NULL, input, out, mapWeight, NULL, table, 3, 2, 1,
                                                                   1),
                  "must be an integer");
  THFloatTensor_set2d(table, 1, 0, 2);
  assert_th_error(THNN_FloatSpatialConvolutionMap_updateOutput(NULL, input, out, mapWeight, NULL, table, 3, 2, 1, 1),
                  "input must have at least nInputPlane = 3 planes");
  assert_th_error(THNN_FloatSpatialConvolutionMap_updateOutput(NULL, input, out, w, NULL, table, 2, 2, 1, 1),
                  "weight must be a 3D tensor");
  assert_th_error(THNN_Floatunfolded_copy(f, flat, 3, 3, 1, 1, 0, 0, 2, 3, 3, 1, 1),
                  "unfolded_copy: input must have nInputPlane*inputHeight*inputWidth = 18 elements");
  assert_th_error(THNN_Floatunfolded_acc(tiny, flat, 3, 3, 1, 1, 0, 0, 1, 7, 6, 5, 4),
                  "unfolded_acc: finput must have");

  /* The library still works. */
  THFloatTensor *output = golden("mm_single", "output");
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  THFloatTensor *all[] = {input, go, out, gin, flat, tiny, table, mapWeight, output};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) THFloatTensor_free(all[i]);
  FloatConv_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_mm_batch),
      cmocka_unit_test(test_golden_mm_single),
      cmocka_unit_test(test_golden_mm_pointwise),
      cmocka_unit_test(test_golden_dilated),
      cmocka_unit_test(test_golden_full),
      cmocka_unit_test(test_golden_full_dilated),
      cmocka_unit_test(test_golden_depthwise),
      cmocka_unit_test(test_golden_local),
      cmocka_unit_test(test_golden_map),
      cmocka_unit_test(test_golden_fullmap),
      cmocka_unit_test(test_flat_weights),
      cmocka_unit_test(test_gradcheck_mm),
      cmocka_unit_test(test_gradcheck_dilated),
      cmocka_unit_test(test_gradcheck_full),
      cmocka_unit_test(test_gradcheck_depthwise),
      cmocka_unit_test(test_gradcheck_local),
      cmocka_unit_test(test_gradcheck_map),
      cmocka_unit_test(test_adjoint_large),
      cmocka_unit_test(test_mm_direct_reference),
      cmocka_unit_test(test_mm_winograd),
      cmocka_unit_test(test_mm_direct_kernels),
      cmocka_unit_test(test_mm_direct_unread_columns),
      cmocka_unit_test(test_mm_plane_kernels),
      cmocka_unit_test(test_float_accuracy),
      cmocka_unit_test(test_threads_take_images),
      cmocka_unit_test(test_noncontiguous),
      cmocka_unit_test(test_buffers),
      cmocka_unit_test(test_unfolded_by_hand),
      cmocka_unit_test(test_unfolded_adjoint),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
