/* The temporal convolutions: TemporalConvolution and TemporalRowConvolution.
 * Float against PyTorch 1.13 (tests/golden/gen_temporal_convolution.py: conv1d on the transposed
 * layout, and conv1d with groups = features), Double against finite differences, larger shapes (the
 * OpenMP paths) against the adjoint identities, non-contiguous tensors, buffers and bad inputs. */
#include "th_test.h"
#include "THNN.h"
#include "golden.h"
#include "gradcheck.h"

#define GOLDEN "temporal_convolution.txt"
#include "conv_test.h"

typedef enum { TC, ROW } Kind;

typedef struct {
  Kind kind;
  int kW, dW, padW, featFirst;
} Spec;

/* One module instance over type T: its parameters, gradients and buffers, and its three calls. */
#define DEFINE_CONV(T)                                                                                             \
  typedef struct {                                                                                                 \
    Spec s;                                                                                                        \
    TH##T##Tensor *weight, *bias, *gradWeight, *gradBias, *finput, *fgradInput;                                    \
  } T##Conv;                                                                                                       \
                                                                                                                   \
  static T##Conv *T##Conv_new(Spec s, TH##T##Tensor *weight, TH##T##Tensor *bias) {                                \
    T##Conv *c = calloc(1, sizeof *c);                                                                             \
    c->s = s;                                                                                                      \
    c->weight = weight;                                                                                            \
    c->bias = bias;                                                                                                \
    c->gradWeight = TH##T##Tensor_newClone(weight);                                                                \
    c->gradBias = bias ? TH##T##Tensor_newClone(bias) : NULL;                                                      \
    c->finput = TH##T##Tensor_new();                                                                               \
    c->fgradInput = TH##T##Tensor_new();                                                                           \
    return c;                                                                                                      \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_free(T##Conv *c) {                                                                           \
    TH##T##Tensor *all[] = {c->weight, c->bias, c->gradWeight, c->gradBias, c->finput, c->fgradInput};             \
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)                                                        \
      if (all[i]) TH##T##Tensor_free(all[i]);                                                                      \
    free(c);                                                                                                       \
  }                                                                                                                \
                                                                                                                   \
  /* TemporalConvolution's frame sizes: inputFrameSize from the weight, outputFrameSize its rows. */             \
  static void T##Conv_forward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *out) {                                 \
    const Spec *s = &c->s;                                                                                         \
    if (s->kind == TC)                                                                                             \
      THNN_##T##TemporalConvolution_updateOutput(NULL, in, out, c->weight, c->bias, s->kW, s->dW,                  \
                                                 (int)(c->weight->size[1] / s->kW), (int)c->weight->size[0]);      \
    else                                                                                                           \
      THNN_##T##TemporalRowConvolution_updateOutput(NULL, in, out, c->weight, c->bias, c->finput, c->fgradInput,   \
                                                    s->kW, s->dW, s->padW, s->featFirst);                          \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_backward(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, TH##T##Tensor *gi) {              \
    const Spec *s = &c->s;                                                                                         \
    if (s->kind == TC)                                                                                             \
      THNN_##T##TemporalConvolution_updateGradInput(NULL, in, go, gi, c->weight, s->kW, s->dW);                    \
    else                                                                                                           \
      THNN_##T##TemporalRowConvolution_updateGradInput(NULL, in, go, gi, c->weight, c->finput, c->fgradInput,      \
                                                       s->kW, s->dW, s->padW, s->featFirst);                       \
  }                                                                                                                \
                                                                                                                   \
  static void T##Conv_accGrad(T##Conv *c, TH##T##Tensor *in, TH##T##Tensor *go, double scale) {                   \
    const Spec *s = &c->s;                                                                                         \
    if (s->kind == TC)                                                                                             \
      THNN_##T##TemporalConvolution_accGradParameters(NULL, in, go, c->gradWeight, c->gradBias, s->kW, s->dW,      \
                                                      scale);                                                      \
    else                                                                                                           \
      THNN_##T##TemporalRowConvolution_accGradParameters(NULL, in, go, c->gradWeight, c->gradBias, c->finput,      \
                                                         c->fgradInput, s->kW, s->dW, s->padW, s->featFirst,       \
                                                         scale);                                                   \
  }

DEFINE_CONV(Float)
DEFINE_CONV(Double)

/* The specs of the golden cases (gen_temporal_convolution.py). */
static const Spec tc_batch = {.kind = TC, .kW = 3, .dW = 2};
static const Spec tc_single = {.kind = TC, .kW = 2, .dW = 3};
static const Spec tc_dw1 = {.kind = TC, .kW = 4, .dW = 1};
static const Spec row_batch = {.kind = ROW, .kW = 3, .dW = 2, .padW = 1, .featFirst = 1};
static const Spec row_single = {.kind = ROW, .kW = 2, .dW = 1, .padW = 2, .featFirst = 0};
static const Spec row_framesfirst = {.kind = ROW, .kW = 3, .dW = 3, .padW = 0, .featFirst = 0};

static FloatConv *golden_module(const char *name, Spec s) {
  return FloatConv_new(s, golden(name, "weight"), golden(name, "bias"));
}

/* Forward, input gradient and parameter gradients (accumulated twice with scale 1/2 onto 1); then
 * the same calls again on the now-sized buffers give the same results. */
static void check_golden(const char *name, Spec s) {
  FloatConv *c = golden_module(name, s);
  THFloatTensor *input = golden(name, "input"), *go = golden(name, "gradOutput");
  THFloatTensor *output = golden(name, "output"), *gradInput = golden(name, "gradInput");
  THFloatTensor *gw = golden(name, "gradWeight"), *gb = golden(name, "gradBias");
  THFloatTensor_add(gw, gw, 1);
  THFloatTensor_add(gb, gb, 1);
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  for (int round = 0; round < 2; round++) {
    FloatConv_forward(c, input, out);
    assert_same_size_close(out, output);
    assert_true(THFloatTensor_isContiguous(out));
    FloatConv_backward(c, input, go, gin);
    assert_same_size_close(gin, gradInput);
    fill_float(c->gradWeight, 1);
    fill_float(c->gradBias, 1);
    FloatConv_accGrad(c, input, go, 0.5);
    FloatConv_accGrad(c, input, go, 0.5);
    assert_same_size_close(c->gradWeight, gw);
    assert_same_size_close(c->gradBias, gb);
  }
  FREE_FLOATS(input, go, output, gradInput, gw, gb, out, gin);
  FloatConv_free(c);
}

#define GOLDEN_TEST(NAME) \
  static void test_golden_##NAME(void **state) { check_golden(#NAME, NAME); }
GOLDEN_TEST(tc_batch)
GOLDEN_TEST(tc_single)
GOLDEN_TEST(tc_dw1)
GOLDEN_TEST(row_batch)
GOLDEN_TEST(row_single)
GOLDEN_TEST(row_framesfirst)

/* A hand-computed TemporalConvolution: 1 input feature, kW 2, dW 1 over frames 1 2 3 with weight
 * [1 10] and bias 0.5 is 0.5 + 1*x[t] + 10*x[t+1]: 21.5, 32.5. And a TemporalRowConvolution of the
 * same row with padW 1: windows [0 1], [1 2], [2 3], [3 0] give 10.5, 21.5, 32.5, 3.5. */
static void test_by_hand(void **state) {
  static const float frames[] = {1, 2, 3}, w[] = {1, 10}, b[] = {0.5f};
  THFloatTensor *input = th_test_float(frames, 3, 1, -1, -1), *weight = th_test_float(w, 1, 2, -1, -1);
  THFloatTensor *bias = th_test_float(b, 1, -1, -1, -1), *out = THFloatTensor_new();
  THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, weight, bias, 2, 1, 1, 1);
  assert_int_equal(out->nDimension, 2);
  assert_int_equal(out->size[0], 2);
  assert_close(THFloatTensor_get2d(out, 0, 0), 21.5, 1e-6);
  assert_close(THFloatTensor_get2d(out, 1, 0), 32.5, 1e-6);

  THFloatTensor *row = th_test_float(frames, 1, 3, -1, -1), *rowWeight = th_test_float(w, 1, 1, 2, -1);
  THFloatTensor *finput = THFloatTensor_new(), *fgradInput = THFloatTensor_new();
  THNN_FloatTemporalRowConvolution_updateOutput(NULL, row, out, rowWeight, bias, finput, fgradInput, 2, 1, 1, true);
  static const float expected[] = {10.5f, 21.5f, 32.5f, 3.5f};
  THFloatTensor *e = th_test_float(expected, 1, 4, -1, -1);
  assert_same_size_close(out, e);
  /* finput holds the unfolded row [F x kW x T'], the padding as zeros. */
  static const float unfolded[] = {0, 1, 2, 3, 1, 2, 3, 0};
  THFloatTensor *u = th_test_float(unfolded, 1, 2, 4, -1);
  assert_same_size_close(finput, u);
  FREE_FLOATS(input, weight, bias, out, row, rowWeight, finput, fgradInput, e, u);
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
  THDoubleTensor_zero(c->gradBias);
  DoubleConv_accGrad(c, in, go, 3);
  DoubleConv_accGrad(c, in, go, -2);
}

static void check_gradients(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize, long nBias) {
  THDoubleTensor *input = random_double(1, ndIn, inSize);
  DoubleConv *c = DoubleConv_new(s, random_double(2, ndW, wSize), random_double(3, 1, (long[]){nBias}));
  double err = gradcheck_input(gc_forward, gc_backward, c, input, 1e-6);
  if (err > 1e-7) fail_msg("kind %d kW %d dW %d: gradInput error %g", s.kind, s.kW, s.dW, err);
  err = gradcheck_param(gc_forward, gc_accumulate, c, input, c->weight, c->gradWeight, 1e-6);
  if (err > 1e-7) fail_msg("kind %d kW %d dW %d: gradWeight error %g", s.kind, s.kW, s.dW, err);
  err = gradcheck_param(gc_forward, gc_accumulate, c, input, c->bias, c->gradBias, 1e-6);
  if (err > 1e-7) fail_msg("kind %d kW %d dW %d: gradBias error %g", s.kind, s.kW, s.dW, err);
  THDoubleTensor_free(input);
  DoubleConv_free(c);
}

static void test_gradcheck_temporal(void **state) {
  /* dW < kW (three kernel blocks, the last one narrower), a stride that does not tile 9 frames. */
  check_gradients((Spec){.kind = TC, .kW = 5, .dW = 2}, SIZES(2, 9, 3), SIZES(4, 15), 4);
  /* One sequence, dW > kW. */
  check_gradients((Spec){.kind = TC, .kW = 2, .dW = 3}, SIZES(8, 2), SIZES(3, 4), 3);
  /* dW == kW, a window of the whole sequence. */
  check_gradients((Spec){.kind = TC, .kW = 3, .dW = 3}, SIZES(2, 3, 2), SIZES(2, 6), 2);
}

static void test_gradcheck_row(void **state) {
  check_gradients((Spec){.kind = ROW, .kW = 3, .dW = 2, .padW = 1, .featFirst = 1}, SIZES(2, 3, 8), SIZES(3, 1, 3),
                  3);
  /* padW > kW / 2: windows that lie wholly in the padding. */
  check_gradients((Spec){.kind = ROW, .kW = 2, .dW = 1, .padW = 3, .featFirst = 0}, SIZES(5, 2), SIZES(2, 1, 2), 2);
  check_gradients((Spec){.kind = ROW, .kW = 4, .dW = 3, .padW = 2, .featFirst = 0}, SIZES(2, 9, 3), SIZES(3, 1, 4),
                  3);
  check_gradients((Spec){.kind = ROW, .kW = 1, .dW = 2, .padW = 0, .featFirst = 1}, SIZES(3, 5), SIZES(3, 1, 1), 3);
}

/* ------------------------------------------------------------------ larger shapes (OpenMP, BLAS) */

/* With zero bias, y = f(x, W) is bilinear, so <y, g> = <x, gradInput(g)> = <W, gradWeight(x, g)>. */
static void check_adjoint(Spec s, int ndIn, const long *inSize, int ndW, const long *wSize, long nBias) {
  THDoubleTensor *input = random_double(11, ndIn, inSize), *weight = random_double(12, ndW, wSize);
  THDoubleTensor *bias = THDoubleTensor_newWithSize1d(nBias);
  THDoubleTensor_zero(bias);
  DoubleConv *c = DoubleConv_new(s, weight, bias);
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
  check_adjoint((Spec){.kind = TC, .kW = 5, .dW = 2}, SIZES(3, 200, 24), SIZES(32, 120), 32);
  check_adjoint((Spec){.kind = TC, .kW = 3, .dW = 1}, SIZES(300, 16), SIZES(8, 48), 8);
  check_adjoint((Spec){.kind = ROW, .kW = 5, .dW = 1, .padW = 2, .featFirst = 1}, SIZES(2, 64, 300), SIZES(64, 1, 5),
                64);
  check_adjoint((Spec){.kind = ROW, .kW = 4, .dW = 2, .padW = 3, .featFirst = 0}, SIZES(2, 500, 40), SIZES(40, 1, 4),
                40);
}

/* TemporalConvolution against its definition, y[n][t][o] = b[o] + sum_{k,i} W[o][k*inF + i] *
 * x[n][t*dW + k][i], on a batch large enough for BLAS's threaded paths. */
static void test_tc_direct_reference(void **state) {
  const long N = 2, T = 57, inF = 11, outF = 13, kW = 4, dW = 3, Tout = (T - kW) / dW + 1;
  THDoubleTensor *input = random_double(21, 3, (long[]){N, T, inF});
  DoubleConv *c = DoubleConv_new((Spec){.kind = TC, .kW = kW, .dW = dW}, random_double(22, 2, (long[]){outF, kW * inF}),
                                 random_double(23, 1, (long[]){outF}));
  THDoubleTensor *out = THDoubleTensor_new();
  DoubleConv_forward(c, input, out);
  assert_int_equal(out->size[1], Tout);
  const double *x = THDoubleTensor_data(input), *w = THDoubleTensor_data(c->weight), *b = THDoubleTensor_data(c->bias);
  for (long n = 0; n < N; n++)
    for (long t = 0; t < Tout; t++)
      for (long o = 0; o < outF; o++) {
        double s = b[o];
        for (long k = 0; k < kW; k++)
          for (long i = 0; i < inF; i++) s += w[o * kW * inF + k * inF + i] * x[(n * T + t * dW + k) * inF + i];
        assert_close(THDoubleTensor_get3d(out, n, t, o), s, 1e-12);
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
  fill_float(out, 0);
  fill_float(gin, 0);
  FloatConv_forward(c, ncInput, out);
  assert_false(THFloatTensor_isContiguous(out)); /* written through, not replaced */
  assert_same_size_close(out, output);
  FloatConv_backward(c, ncInput, ncGo, gin);
  assert_same_size_close(gin, gradInput);
  fill_float(c->gradWeight, 0);
  fill_float(c->gradBias, 0);
  FloatConv_accGrad(c, ncInput, ncGo, 1);
  assert_same_size_close(c->gradWeight, gwExpected);
  FREE_FLOATS(input, go, output, gradInput, gwExpected, ncInput, ncGo, out, gin);
  FloatConv_free(c);
}

static void test_noncontiguous(void **state) {
  check_noncontiguous("tc_batch", tc_batch);
  check_noncontiguous("tc_single", tc_single);
  check_noncontiguous("row_batch", row_batch);
  check_noncontiguous("row_framesfirst", row_framesfirst);
}

/* finput / fgradInput of any size are resized to one sequence's columns [F x kW x T'];
 * accGradParameters does not depend on what finput holds. */
static void test_buffers(void **state) {
  FloatConv *c = golden_module("row_batch", row_batch);
  THFloatTensor *input = golden("row_batch", "input"), *go = golden("row_batch", "gradOutput");
  THFloatTensor *output = golden("row_batch", "output"), *gradInput = golden("row_batch", "gradInput");
  THFloatTensor *gw = golden("row_batch", "gradWeight"), *out = THFloatTensor_new(), *gin = THFloatTensor_new();
  THFloatTensor_resize1d(c->finput, 1000);
  THFloatTensor_resize4d(c->fgradInput, 1, 1, 1, 1);
  FloatConv_forward(c, input, out);
  assert_same_size_close(out, output);
  assert_int_equal(c->finput->nDimension, 3);
  assert_int_equal(c->finput->size[0], 3);
  assert_int_equal(c->finput->size[1], 3);
  assert_int_equal(c->finput->size[2], 4);
  FloatConv_backward(c, input, go, gin);
  assert_same_size_close(gin, gradInput);
  assert_int_equal(c->fgradInput->nDimension, 3);
  fill_float(c->finput, 1e6f);
  fill_float(c->gradWeight, 0);
  fill_float(c->gradBias, 0);
  FloatConv_accGrad(c, input, go, 1);
  assert_same_size_close(c->gradWeight, gw);
  FREE_FLOATS(input, go, output, gradInput, gw, out, gin);
  FloatConv_free(c);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *input = golden("tc_batch", "input"), *go = golden("tc_batch", "gradOutput");
  THFloatTensor *w = golden("tc_batch", "weight"), *b = golden("tc_batch", "bias");
  THFloatTensor *out = THFloatTensor_new(), *gin = THFloatTensor_new(), *f = THFloatTensor_new();
  THFloatTensor *g = THFloatTensor_new(), *vec = THFloatTensor_newWithSize1d(8);
  THFloatTensor *tiny = THFloatTensor_newWithSize2d(2, 3);

  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, vec, out, w, b, 3, 2, 3, 4),
                  "TemporalConvolution_updateOutput: input must be a 2D to 3D tensor, got a 1D tensor");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, b, 3, 2, 2, 4),
                  "input frames must have inputFrameSize = 2 features, got input of size [2 x 8 x 3]");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, b, 3, 2, 3, 5),
                  "weight must have outputFrameSize = 5 rows");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, b, 3, 0, 3, 4),
                  "kW and dW must be positive, got kW=3 dW=0");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, tiny, out, w, b, 3, 2, 3, 4),
                  "input has 2 frames, fewer than the kernel width kW=3");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, b, 2, 2, 3, 4),
                  "weight must be [outputFrameSize x 6] (kW * inputFrameSize), got [4 x 9]");
  assert_th_error(THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, vec, 3, 2, 3, 4),
                  "bias must have 4 elements (outputFrameSize), got size [8]");
  assert_th_error(THNN_FloatTemporalConvolution_updateGradInput(NULL, input, tiny, gin, w, 3, 2),
                  "TemporalConvolution_updateGradInput: gradOutput must have size [2 x 3 x 4], got [2 x 3]");
  assert_th_error(THNN_FloatTemporalConvolution_accGradParameters(NULL, input, go, tiny, NULL, 3, 2, 1),
                  "TemporalConvolution_accGradParameters: gradWeight must be [outputFrameSize x 9]");
  assert_th_error(THNN_FloatTemporalConvolution_accGradParameters(NULL, input, go, NULL, NULL, 3, 2, 1),
                  "gradWeight must not be NULL");

  THFloatTensor *rowInput = golden("row_batch", "input"), *rw = golden("row_batch", "weight");
  THFloatTensor *rb = golden("row_batch", "bias"), *rgo = golden("row_batch", "gradOutput");
  assert_th_error(THNN_FloatTemporalRowConvolution_updateOutput(NULL, rowInput, out, rw, rb, f, g, 3, 2, -1, true),
                  "TemporalRowConvolution_updateOutput: kW and dW must be positive and padW not negative");
  assert_th_error(THNN_FloatTemporalRowConvolution_updateOutput(NULL, rowInput, out, w, rb, f, g, 3, 2, 1, true),
                  "weight must be [inputFrameSize x 1 x 3], got [4 x 9]");
  /* featFirst = false reads [N x T x F]: 7 features where the weight has 3. */
  assert_th_error(THNN_FloatTemporalRowConvolution_updateOutput(NULL, rowInput, out, rw, rb, f, g, 3, 2, 1, false),
                  "input must have inputFrameSize = 3 features at dimension 3 (featFirst = 0), got size [2 x 3 x 7]");
  THFloatTensor *wide = THFloatTensor_newWithSize3d(3, 1, 10);
  assert_th_error(THNN_FloatTemporalRowConvolution_updateOutput(NULL, rowInput, out, wide, rb, f, g, 10, 1, 1, true),
                  "output has 0 frames, too few for input of 7 frames (kW=10, dW=1, padW=1)");
  assert_th_error(THNN_FloatTemporalRowConvolution_updateOutput(NULL, rowInput, out, rw, rb, NULL, g, 3, 2, 1, true),
                  "finput must not be NULL");
  assert_th_error(THNN_FloatTemporalRowConvolution_updateGradInput(NULL, rowInput, rgo, gin, rw, f, g, 3, 1, 1, true),
                  "TemporalRowConvolution_updateGradInput: gradOutput must have size [2 x 3 x 7], got [2 x 3 x 4]");
  assert_th_error(THNN_FloatTemporalRowConvolution_accGradParameters(NULL, rowInput, rgo, rw, vec, f, g, 3, 2, 1,
                                                                     true, 1),
                  "gradBias must have 3 elements (inputFrameSize), got size [8]");

  /* The library still works. */
  THFloatTensor *output = golden("tc_batch", "output");
  THNN_FloatTemporalConvolution_updateOutput(NULL, input, out, w, b, 3, 2, 3, 4);
  assert_same_size_close(out, output);
  FREE_FLOATS(input, go, w, b, out, gin, f, g, vec, tiny, rowInput, rw, rb, rgo, output, wide);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_tc_batch),
      cmocka_unit_test(test_golden_tc_single),
      cmocka_unit_test(test_golden_tc_dw1),
      cmocka_unit_test(test_golden_row_batch),
      cmocka_unit_test(test_golden_row_single),
      cmocka_unit_test(test_golden_row_framesfirst),
      cmocka_unit_test(test_by_hand),
      cmocka_unit_test(test_gradcheck_temporal),
      cmocka_unit_test(test_gradcheck_row),
      cmocka_unit_test(test_adjoint_large),
      cmocka_unit_test(test_tc_direct_reference),
      cmocka_unit_test(test_noncontiguous),
      cmocka_unit_test(test_buffers),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
