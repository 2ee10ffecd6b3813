/* The volumetric GEMM convolutions (VolumetricConvolution, VolumetricDilatedConvolution,
 * VolumetricFullConvolution, VolumetricFullDilatedConvolution) on the CPU and on the GPU: the same
 * outputs, input gradients and accumulated weight and bias gradients, batched and single volumes,
 * contiguous and transposed inputs, with strides, padding, dilation, adj, bias NULL and a 1x1x1
 * (pointwise) kernel; and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A random CPU tensor of nd (4 or 5) dimensions; transposed: a transposed view of its last two
 * dimensions (non-contiguous), with the sizes asked for. */
static TTensor *TEST_(vol_random)(unsigned long seed, int nd, const long *sizes, int transposed) {
  long n = 1, s[5];
  for (int d = 0; d < nd; d++) n *= sizes[d], s[d] = sizes[d];
  if (transposed) s[nd - 1] = sizes[nd - 2], s[nd - 2] = sizes[nd - 1];
  TTensor *t = TEST_RANDOM(seed, 1, n, 0, 0, 0, -1, 1);
  T_(resizeNd)(t, nd, s, NULL);
  if (transposed) T_(transpose)(t, NULL, nd - 1, nd - 2);
  return t;
}

/* A device copy of t with t's layout when t is a transposed view (vol_random), else contiguous. */
static CTensor *TEST_(vol_upload)(TTensor *t, int transposed) {
  const int nd = t->nDimension;
  if (!transposed) return TEST_UPLOAD(t);
  TTensor *base = T_(newTranspose)(t, nd - 1, nd - 2);
  CTensor *g = TEST_UPLOAD(base);
  C_(transpose)(thc_state, g, NULL, nd - 1, nd - 2);
  T_(free)(base);
  return g;
}

/* A random tensor of t's size and its device copy. */
static TTensor *TEST_(vol_like)(unsigned long seed, TTensor *t, CTensor **device) {
  TTensor *r = TEST_RANDOM(seed, 1, T_(nElement)(t), 0, 0, 0, -1, 1);
  T_(resizeAs)(r, t);
  *device = TEST_UPLOAD(r);
  return r;
}

/* One case: input [nImages x nIn x T x H x W] (4D when nImages is 0), the three passes on both
 * devices compared; withBias 0 passes NULL bias and gradBias. */
static void TEST_(vol_check)(const VolCase *c, long nImages, long nIn, long nOut, long T, long H, long W,
                             int transposed, int withBias) {
  const int transposedConv = c->family == VOL_FULL || c->family == VOL_FULL_DILATED;
  const long inSizes[5] = {nImages, nIn, T, H, W};
  const long wSizes[5] = {transposedConv ? nIn : nOut, transposedConv ? nOut : nIn, c->kT, c->kH, c->kW};
  const int nd = nImages ? 5 : 4;
  TTensor *x = TEST_(vol_random)(11, nd, nImages ? inSizes : inSizes + 1, transposed);
  TTensor *w = TEST_(vol_random)(12, 5, wSizes, 0);
  TTensor *b = withBias ? TEST_RANDOM(13, 1, nOut, 0, 0, 0, -1, 1) : NULL;
  CTensor *gx = TEST_(vol_upload)(x, transposed), *gw = TEST_UPLOAD(w), *gb = b ? TEST_UPLOAD(b) : NULL;
  TTensor *y = T_(new)(), *gi = T_(new)(), *b1 = T_(new)(), *b2 = T_(new)();
  CTensor *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state), *gb1 = C_(new)(thc_state), *gb2 = C_(new)(thc_state);

  VOL_UPDATE_OUTPUT(CPU_, NULL, c, x, y, w, b, b1, b2);
  VOL_UPDATE_OUTPUT(GPU_, thc_state, c, gx, gy, gw, gb, gb1, gb2);
  TEST_MATCHES(gy, y);

  CTensor *ggo, *ggw, *ggb = NULL;
  TTensor *go = TEST_(vol_like)(14, y, &ggo);
  VOL_UPDATE_GRAD_INPUT(CPU_, NULL, c, x, go, gi, w, b1, b2);
  VOL_UPDATE_GRAD_INPUT(GPU_, thc_state, c, gx, ggo, ggi, gw, gb1, gb2);
  TEST_MATCHES(ggi, gi);

  /* gradWeight and gradBias start from random values: the passes accumulate into them */
  TTensor *gradW = TEST_(vol_like)(15, w, &ggw), *gradB = b ? TEST_(vol_like)(16, b, &ggb) : NULL;
  VOL_ACC_GRAD_PARAMETERS(CPU_, NULL, c, x, go, gradW, gradB, b1, b2, 0.5);
  VOL_ACC_GRAD_PARAMETERS(GPU_, thc_state, c, gx, ggo, ggw, ggb, gb1, gb2, 0.5);
  TEST_MATCHES(ggw, gradW);
  if (gradB) TEST_MATCHES(ggb, gradB);

  T_(free)(x), T_(free)(w), T_(free)(y), T_(free)(gi), T_(free)(b1), T_(free)(b2), T_(free)(go), T_(free)(gradW);
  if (b) T_(free)(b), T_(free)(gradB);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
  C_(free)(thc_state, gb1), C_(free)(thc_state, gb2), C_(free)(thc_state, ggo), C_(free)(thc_state, ggw);
  if (gb) C_(free)(thc_state, gb), C_(free)(thc_state, ggb);
}

/* Every family on a batch, a single volume, a transposed input, no bias and its main options. */
static void TEST_(volumetric_values)(void **unused) {
  for (int family = VOL_PLAIN; family <= VOL_FULL_DILATED; family++) {
    const int dilated = family == VOL_DILATED || family == VOL_FULL_DILATED;
    const int transposedConv = family == VOL_FULL || family == VOL_FULL_DILATED;
    /* kernel 3x2x3 (T x H x W) with strides 2, 1, 2 and padding 1, 0, 1 (adj 1, 0, 1 when transposed) */
    VolCase strided = {family, 3, 3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0};
    if (dilated) strided.dilT = 2, strided.dilW = 1, strided.dilH = 2;
    if (transposedConv) strided.aT = 1, strided.aW = 1, strided.aH = 0;
    TEST_(vol_check)(&strided, 2, 3, 4, 5, 6, 7, 0, 1);
    TEST_(vol_check)(&strided, 0, 3, 4, 5, 6, 7, 0, 1);
    TEST_(vol_check)(&strided, 2, 3, 4, 5, 6, 7, 1, 1);
    TEST_(vol_check)(&strided, 2, 3, 4, 5, 6, 7, 0, 0);
    /* unit stride, no padding */
    VolCase plain = {family, 2, 2, 2, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0};
    TEST_(vol_check)(&plain, 3, 2, 3, 4, 5, 4, 0, 1);
    /* 1x1x1 kernel, stride 1, no padding: the pointwise path (no unfolding) */
    VolCase pointwise = {family, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0};
    TEST_(vol_check)(&pointwise, 2, 3, 5, 3, 4, 5, 1, 1);
  }
}

/* Bad input: the CPU's message on the GPU, then a valid call works. */
static void TEST_(volumetric_errors)(void **unused) {
  const long inSizes[4] = {2, 4, 4, 4}, wSizes[5] = {3, 2, 2, 2, 2}, badSizes[3] = {2, 4, 4};
  TTensor *x = TEST_(vol_random)(21, 4, inSizes, 0), *w = TEST_(vol_random)(22, 5, wSizes, 0);
  TTensor *bad = TEST_RANDOM(23, 3, badSizes[0], badSizes[1], badSizes[2], 0, -1, 1);
  TTensor *y = T_(new)(), *b1 = T_(new)(), *b2 = T_(new)(), *wrongW = TEST_RANDOM(24, 2, 3, 5, 0, 0, -1, 1);
  CTensor *gx = TEST_UPLOAD(x), *gw = TEST_UPLOAD(w), *gbad = TEST_UPLOAD(bad), *gwrongW = TEST_UPLOAD(wrongW);
  CTensor *gy = C_(new)(thc_state), *gb1 = C_(new)(thc_state), *gb2 = C_(new)(thc_state);

  assert_same_error(CPU_(VolumetricConvolution_updateOutput)(NULL, bad, y, w, NULL, b1, b2, 1, 1, 1, 0, 0, 0),
                    GPU_(VolumetricConvolution_updateOutput)(thc_state, gbad, gy, gw, NULL, gb1, gb2, 1, 1, 1, 0, 0, 0),
                    "input must be a 4D to 5D tensor");
  assert_same_error(
      CPU_(VolumetricDilatedConvolution_updateOutput)(NULL, x, y, wrongW, NULL, b1, b2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 1,
                                                      1, 1),
      GPU_(VolumetricDilatedConvolution_updateOutput)(thc_state, gx, gy, gwrongW, NULL, gb1, gb2, 2, 2, 2, 1, 1, 1, 0,
                                                      0, 0, 1, 1, 1),
      "weight must be [nOutputPlane x 2 x 2 x 2 x 2]");
  assert_same_error(
      CPU_(VolumetricFullConvolution_updateOutput)(NULL, x, y, w, NULL, b1, b2, 1, 1, 1, 0, 0, 0, 1, 0, 0),
      GPU_(VolumetricFullConvolution_updateOutput)(thc_state, gx, gy, gw, NULL, gb1, gb2, 1, 1, 1, 0, 0, 0, 1, 0, 0),
      "adj must be smaller than the stride or the dilation");
  assert_same_error(
      CPU_(VolumetricFullDilatedConvolution_updateOutput)(NULL, x, y, w, NULL, b1, b2, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0,
                                                          0, 0),
      GPU_(VolumetricFullDilatedConvolution_updateOutput)(thc_state, gx, gy, gw, NULL, gb1, gb2, 1, 1, 1, 0, 0, 0, 0,
                                                          1, 1, 0, 0, 0),
      "dilation must be positive");
  /* the weight is [3 x 2 x ...]: for a transposed convolution the input needs 3 planes */
  assert_same_error(
      CPU_(VolumetricFullConvolution_updateOutput)(NULL, x, y, w, NULL, b1, b2, 1, 1, 1, 0, 0, 0, 0, 0, 0),
      GPU_(VolumetricFullConvolution_updateOutput)(thc_state, gx, gy, gw, NULL, gb1, gb2, 1, 1, 1, 0, 0, 0, 0, 0, 0),
      "weight must be [2 x nOutputPlane x 2 x 2 x 2]");

  /* the state stays usable */
  CPU_(VolumetricConvolution_updateOutput)(NULL, x, y, w, NULL, b1, b2, 1, 1, 1, 0, 0, 0);
  GPU_(VolumetricConvolution_updateOutput)(thc_state, gx, gy, gw, NULL, gb1, gb2, 1, 1, 1, 0, 0, 0);
  TEST_MATCHES(gy, y);

  T_(free)(x), T_(free)(w), T_(free)(bad), T_(free)(y), T_(free)(b1), T_(free)(b2), T_(free)(wrongW);
  C_(free)(thc_state, gx), C_(free)(thc_state, gw), C_(free)(thc_state, gbad), C_(free)(thc_state, gwrongW);
  C_(free)(thc_state, gy), C_(free)(thc_state, gb1), C_(free)(thc_state, gb2);
}

#else
#include "thcunn_test.h"

enum { VOL_PLAIN, VOL_DILATED, VOL_FULL, VOL_FULL_DILATED };

/* A case's family and hyper-parameters (kT, kW, kH are given to the Dilated family, read from the
 * weight by the others; adj only for the transposed ones). */
typedef struct {
  int family, kT, kW, kH, dT, dW, dH, pT, pW, pH, dilT, dilW, dilH, aT, aW, aH;
} VolCase;

/* The three passes of case C's family, through API (CPU_ or GPU_) with state ST; B1 and B2 are the
 * family's two buffers (finput/fgradInput or columns/ones). */
#define VOL_D(C) (C)->dT, (C)->dW, (C)->dH
#define VOL_P(C) (C)->pT, (C)->pW, (C)->pH
#define VOL_K(C) (C)->kT, (C)->kW, (C)->kH
#define VOL_DIL(C) (C)->dilT, (C)->dilW, (C)->dilH
#define VOL_A(C) (C)->aT, (C)->aW, (C)->aH
#define VOL_UPDATE_OUTPUT(API, ST, C, X, Y, W, B, B1, B2)                                                            \
  switch ((C)->family) {                                                                                             \
    case VOL_PLAIN: API(VolumetricConvolution_updateOutput)(ST, X, Y, W, B, B1, B2, VOL_D(C), VOL_P(C)); break;      \
    case VOL_DILATED:                                                                                                \
      API(VolumetricDilatedConvolution_updateOutput)(ST, X, Y, W, B, B1, B2, VOL_K(C), VOL_D(C), VOL_P(C),          \
                                                     VOL_DIL(C));                                                    \
      break;                                                                                                         \
    case VOL_FULL:                                                                                                   \
      API(VolumetricFullConvolution_updateOutput)(ST, X, Y, W, B, B1, B2, VOL_D(C), VOL_P(C), VOL_A(C));            \
      break;                                                                                                         \
    default:                                                                                                         \
      API(VolumetricFullDilatedConvolution_updateOutput)(ST, X, Y, W, B, B1, B2, VOL_D(C), VOL_P(C), VOL_DIL(C),    \
                                                         VOL_A(C));                                                  \
  }
#define VOL_UPDATE_GRAD_INPUT(API, ST, C, X, GO, GI, W, B1, B2)                                                      \
  switch ((C)->family) {                                                                                             \
    case VOL_PLAIN: API(VolumetricConvolution_updateGradInput)(ST, X, GO, GI, W, B1, VOL_D(C), VOL_P(C)); break;     \
    case VOL_DILATED:                                                                                                \
      API(VolumetricDilatedConvolution_updateGradInput)(ST, X, GO, GI, W, B1, VOL_K(C), VOL_D(C), VOL_P(C),         \
                                                        VOL_DIL(C));                                                 \
      break;                                                                                                         \
    case VOL_FULL:                                                                                                   \
      API(VolumetricFullConvolution_updateGradInput)(ST, X, GO, GI, W, B1, B2, VOL_D(C), VOL_P(C), VOL_A(C));       \
      break;                                                                                                         \
    default:                                                                                                         \
      API(VolumetricFullDilatedConvolution_updateGradInput)(ST, X, GO, GI, W, B1, B2, VOL_D(C), VOL_P(C),           \
                                                            VOL_DIL(C), VOL_A(C));                                   \
  }
#define VOL_ACC_GRAD_PARAMETERS(API, ST, C, X, GO, GW, GB, B1, B2, SCALE)                                            \
  switch ((C)->family) {                                                                                             \
    case VOL_PLAIN:                                                                                                  \
      API(VolumetricConvolution_accGradParameters)(ST, X, GO, GW, GB, B1, B2, VOL_D(C), VOL_P(C), SCALE);           \
      break;                                                                                                         \
    case VOL_DILATED:                                                                                                \
      API(VolumetricDilatedConvolution_accGradParameters)(ST, X, GO, GW, GB, B1, B2, VOL_K(C), VOL_D(C), VOL_P(C),  \
                                                          VOL_DIL(C), SCALE);                                        \
      break;                                                                                                         \
    case VOL_FULL:                                                                                                   \
      API(VolumetricFullConvolution_accGradParameters)(ST, X, GO, GW, GB, B1, B2, VOL_D(C), VOL_P(C), VOL_A(C),     \
                                                       SCALE);                                                       \
      break;                                                                                                         \
    default:                                                                                                         \
      API(VolumetricFullDilatedConvolution_accGradParameters)(ST, X, GO, GW, GB, B1, B2, VOL_D(C), VOL_P(C),        \
                                                              VOL_DIL(C), VOL_A(C), SCALE);                          \
  }

#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_volumetric_values), cmocka_unit_test(test_Double_volumetric_values),
      cmocka_unit_test(test_Float_volumetric_errors), cmocka_unit_test(test_Double_volumetric_errors)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
