/* The pooling modules: Spatial(Dilated)MaxPooling, SpatialAveragePooling, SpatialAdaptiveMax/
 * AveragePooling, SpatialFractionalMaxPooling, SpatialMaxUnpooling, SpatialSubSampling,
 * TemporalMaxPooling, TemporalSubSampling, FeatureLPPooling.
 * Float against PyTorch 1.13 (tests/golden/gen_pooling.py), Double against finite differences,
 * the 2x2 fast path and the threaded loops against a direct reference, window rules by hand,
 * buffers, non-contiguous tensors and bad inputs. */
#include "th_test.h"
#include "THNN.h"
#include "golden.h"
#include "gradcheck.h"

#define GOLDEN "pooling.txt"

static THFloatTensor *gold(const char *name, const char *what) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", name, what);
  return golden_float(GOLDEN, key);
}

/* A golden index tensor (PyTorch's, 0-based) plus offset. */
static THLongTensor *gold_indices(const char *name, long offset) {
  char key[128];
  snprintf(key, sizeof key, "%s_indices", name);
  THDoubleTensor *d = golden_double(GOLDEN, key);
  THLongTensor *l = THLongTensor_new();
  THLongTensor_resizeNd(l, d->nDimension, d->size, NULL);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(d); i++)
    THLongTensor_data(l)[i] = (long)THDoubleTensor_data(d)[i] + offset;
  THDoubleTensor_free(d);
  return l;
}

static void assert_long_tensor_equal(THLongTensor *a, THLongTensor *b) {
  assert_true(THLongTensor_isSameSizeAs(a, b));
  THLongTensor *ac = THLongTensor_newContiguous(a), *bc = THLongTensor_newContiguous(b);
  for (ptrdiff_t i = 0; i < THLongTensor_nElement(ac); i++)
    if (THLongTensor_data(ac)[i] != THLongTensor_data(bc)[i])
      fail_msg("index %td: got %ld, expected %ld", i, THLongTensor_data(ac)[i], THLongTensor_data(bc)[i]);
  THLongTensor_free(ac);
  THLongTensor_free(bc);
}

static void free_all(THFloatTensor **ts, int n) {
  for (int i = 0; i < n; i++)
    if (ts[i]) THFloatTensor_free(ts[i]);
}

/* ------------------------------------------------------------------ goldens (Float) */

typedef struct {
  const char *name;
  int kW, kH, dW, dH, padW, padH, dilW, dilH;
  bool ceil;
} MaxCase;

static void check_max_case(MaxCase c) {
  THFloatTensor *in = gold(c.name, "input"), *go = gold(c.name, "gradOutput"), *out = THFloatTensor_new(),
                *gi = THFloatTensor_new(), *eOut = gold(c.name, "output"), *eGi = gold(c.name, "gradInput");
  THLongTensor *ind = THLongTensor_new(), *eInd = gold_indices(c.name, 1);
  if (c.dilW == 1 && c.dilH == 1) {
    THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, c.kW, c.kH, c.dW, c.dH, c.padW, c.padH, c.ceil);
  } else {
    THNN_FloatSpatialDilatedMaxPooling_updateOutput(NULL, in, out, ind, c.kW, c.kH, c.dW, c.dH, c.padW, c.padH,
                                                    c.dilW, c.dilH, c.ceil);
  }
  assert_float_tensor_close(out, eOut, 0, 0);
  assert_long_tensor_equal(ind, eInd);
  if (c.dilW == 1 && c.dilH == 1)
    THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, c.kW, c.kH, c.dW, c.dH, c.padW, c.padH,
                                                c.ceil);
  else
    THNN_FloatSpatialDilatedMaxPooling_updateGradInput(NULL, in, go, gi, ind, c.kW, c.kH, c.dW, c.dH, c.padW, c.padH,
                                                       c.dilW, c.dilH, c.ceil);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-6);
  THFloatTensor *all[] = {in, go, out, gi, eOut, eGi};
  free_all(all, 6);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_max(void **state) {
  check_max_case((MaxCase){"max_pad", 2, 3, 1, 2, 1, 1, 1, 1, false});
  check_max_case((MaxCase){"max_ceil", 2, 2, 2, 2, 0, 0, 1, 1, true});
  check_max_case((MaxCase){"max_ceil_pad", 3, 3, 2, 2, 1, 1, 1, 1, true});
  check_max_case((MaxCase){"max_2x2", 2, 2, 2, 2, 0, 0, 1, 1, false});
  check_max_case((MaxCase){"dilated", 2, 3, 1, 2, 1, 1, 3, 2, true});
}

static void check_avg_case(const char *name, int kW, int kH, int dW, int dH, int padW, int padH, bool ceil,
                           bool includePad) {
  THFloatTensor *in = gold(name, "input"), *go = gold(name, "gradOutput"), *out = THFloatTensor_new(),
                *gi = THFloatTensor_new(), *eOut = gold(name, "output"), *eGi = gold(name, "gradInput");
  THNN_FloatSpatialAveragePooling_updateOutput(NULL, in, out, kW, kH, dW, dH, padW, padH, ceil, includePad);
  assert_float_tensor_close(out, eOut, 1e-6, 1e-5);
  THNN_FloatSpatialAveragePooling_updateGradInput(NULL, in, go, gi, kW, kH, dW, dH, padW, padH, ceil, includePad);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-5);
  THFloatTensor *all[] = {in, go, out, gi, eOut, eGi};
  free_all(all, 6);
}

static void test_golden_avg(void **state) {
  check_avg_case("avg_pad_incl", 2, 3, 2, 2, 1, 1, false, true);
  check_avg_case("avg_pad_excl", 2, 3, 2, 2, 1, 1, false, false);
  check_avg_case("avg_ceil_incl", 3, 3, 2, 2, 1, 1, true, true);
  check_avg_case("avg_ceil_excl", 3, 3, 2, 2, 1, 1, true, false);
  check_avg_case("avg_plain", 2, 2, 2, 1, 0, 0, false, true);
}

/* SpatialAdaptiveMaxPooling's indices (Torch7's layout: [2 x output sizes], plane 0 the max's row
 * within its window, plane 1 its column, 1-based) from PyTorch's 0-based plane positions. Window i
 * of n over `size` starts at floor(i * size / n) in PyTorch; Torch7's single-precision bounds give
 * the same windows for the golden shapes (7 -> 3, 5 -> 4, 5 -> 2, 3 -> 5, 2 -> 4; worked out in
 * float32 with numpy), so the starts are PyTorch's here. */
static THLongTensor *adaptive_indices_from_pytorch(THLongTensor *flat, long iH, long iW) {
  const int nd = flat->nDimension;
  const long oH = flat->size[nd - 2], oW = flat->size[nd - 1], n = THLongTensor_nElement(flat);
  long sizes[5] = {2};
  for (int d = 0; d < nd; d++) sizes[d + 1] = flat->size[d];
  THLongTensor *t = THLongTensor_new();
  THLongTensor_resizeNd(t, nd + 1, sizes, NULL);
  for (long o = 0; o < n; o++) {
    const long oh = o / oW % oH, ow = o % oW, at = THLongTensor_data(flat)[o];
    THLongTensor_data(t)[o] = at / iW - oh * iH / oH + 1;
    THLongTensor_data(t)[n + o] = at % iW - ow * iW / oW + 1;
  }
  return t;
}

static void check_adaptive_case(const char *name, int oW, int oH) {
  char maxName[64], avgName[64];
  snprintf(maxName, sizeof maxName, "%s_max", name);
  snprintf(avgName, sizeof avgName, "%s_avg", name);
  THFloatTensor *in = gold(name, "input"), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *flat = gold_indices(maxName, 0), *ind = THLongTensor_new();
  THLongTensor *eInd =
      adaptive_indices_from_pytorch(flat, in->size[in->nDimension - 2], in->size[in->nDimension - 1]);
  THLongTensor_free(flat);
  THFloatTensor *go = gold(maxName, "gradOutput"), *eOut = gold(maxName, "output"), *eGi = gold(maxName, "gradInput");
  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, ind, oW, oH);
  assert_float_tensor_close(out, eOut, 0, 0);
  assert_long_tensor_equal(ind, eInd);
  THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, in, go, gi, ind);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-6);
  THFloatTensor *maxAll[] = {go, eOut, eGi};
  free_all(maxAll, 3);

  go = gold(avgName, "gradOutput");
  eOut = gold(avgName, "output");
  eGi = gold(avgName, "gradInput");
  THNN_FloatSpatialAdaptiveAveragePooling_updateOutput(NULL, in, out, oW, oH);
  assert_float_tensor_close(out, eOut, 1e-6, 1e-5);
  THNN_FloatSpatialAdaptiveAveragePooling_updateGradInput(NULL, in, go, gi);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-5);
  THFloatTensor *all[] = {in, out, gi, go, eOut, eGi};
  free_all(all, 6);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_adaptive(void **state) {
  check_adaptive_case("adaptive_shrink", 4, 3);
  check_adaptive_case("adaptive_single", 3, 2);
  check_adaptive_case("adaptive_grow", 4, 5);
}

static void check_fractional_case(const char *name, int oW, int oH, int kW, int kH) {
  THFloatTensor *in = gold(name, "input"), *samples = gold(name, "samples"), *go = gold(name, "gradOutput"),
                *out = THFloatTensor_new(), *gi = THFloatTensor_new(), *eOut = gold(name, "output"),
                *eGi = gold(name, "gradInput");
  THLongTensor *ind = THLongTensor_new(), *eInd = gold_indices(name, 1);
  THNN_FloatSpatialFractionalMaxPooling_updateOutput(NULL, in, out, oW, oH, kW, kH, ind, samples);
  assert_float_tensor_close(out, eOut, 0, 0);
  assert_long_tensor_equal(ind, eInd);
  THNN_FloatSpatialFractionalMaxPooling_updateGradInput(NULL, in, go, gi, oW, oH, kW, kH, ind);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-6);
  THFloatTensor *all[] = {in, samples, go, out, gi, eOut, eGi};
  free_all(all, 7);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_fractional(void **state) {
  check_fractional_case("fractional", 5, 4, 3, 2);
  check_fractional_case("fractional_single", 3, 3, 2, 2);
}

static void check_unpool_case(const char *name, int oW, int oH) {
  THFloatTensor *in = gold(name, "input"), *go = gold(name, "gradOutput"), *out = THFloatTensor_new(),
                *gi = THFloatTensor_new(), *eOut = gold(name, "output"), *eGi = gold(name, "gradInput");
  THLongTensor *ind = gold_indices(name, 1);
  THNN_FloatSpatialMaxUnpooling_updateOutput(NULL, in, out, ind, oW, oH);
  assert_float_tensor_close(out, eOut, 0, 0);
  THNN_FloatSpatialMaxUnpooling_updateGradInput(NULL, in, go, gi, ind, oW, oH);
  assert_float_tensor_close(gi, eGi, 0, 0);
  THFloatTensor *all[] = {in, go, out, gi, eOut, eGi};
  free_all(all, 6);
  THLongTensor_free(ind);
}

static void test_golden_unpool(void **state) {
  check_unpool_case("unpool", 6, 4);
  check_unpool_case("unpool_single", 5, 5);
}

/* PyTorch's max_pool1d indices are positions along T; TemporalMaxPooling's are offsets within the
 * window (Torch7's): position - t * dW for output frame t. */
static void check_tmax_case(const char *name, int kW, int dW) {
  THFloatTensor *in = gold(name, "input"), *go = gold(name, "gradOutput"), *out = THFloatTensor_new(),
                *gi = THFloatTensor_new(), *eOut = gold(name, "output"), *eGi = gold(name, "gradInput");
  THLongTensor *ind = THLongTensor_new(), *eInd = gold_indices(name, 0);
  const int tDim = eInd->nDimension - 2;
  const long oT = eInd->size[tDim], nF = eInd->size[tDim + 1];
  for (ptrdiff_t i = 0; i < THLongTensor_nElement(eInd); i++) THLongTensor_data(eInd)[i] -= (i / nF % oT) * dW;
  THNN_FloatTemporalMaxPooling_updateOutput(NULL, in, out, ind, kW, dW);
  assert_float_tensor_close(out, eOut, 0, 0);
  assert_long_tensor_equal(ind, eInd);
  THNN_FloatTemporalMaxPooling_updateGradInput(NULL, in, go, gi, ind, kW, dW);
  assert_float_tensor_close(gi, eGi, 1e-6, 1e-6);
  THFloatTensor *all[] = {in, go, out, gi, eOut, eGi};
  free_all(all, 6);
  THLongTensor_free(ind);
  THLongTensor_free(eInd);
}

static void test_golden_temporal_max(void **state) {
  check_tmax_case("tmax", 3, 2);
  check_tmax_case("tmax_batch", 2, 3);
}

/* SpatialSubSampling (spatial = 1) or TemporalSubSampling (spatial = 0): output, gradInput, and the
 * parameter gradients with scale 1, then accumulated once more with scale 0.5. */
static void check_subsampling_case(const char *name, int spatial, int kW, int kH, int dW, int dH) {
  THFloatTensor *in = gold(name, "input"), *w = gold(name, "weight"), *b = gold(name, "bias"),
                *go = gold(name, "gradOutput"), *out = THFloatTensor_new(), *gi = THFloatTensor_new(),
                *eOut = gold(name, "output"), *eGi = gold(name, "gradInput"), *eGw = gold(name, "gradWeight"),
                *eGb = gold(name, "gradBias");
  THFloatTensor *gw = THFloatTensor_newClone(w), *gb = THFloatTensor_newClone(b);
  THFloatTensor_zero(gw);
  THFloatTensor_zero(gb);
  if (spatial) {
    THNN_FloatSpatialSubSampling_updateOutput(NULL, in, out, w, b, kW, kH, dW, dH);
    THNN_FloatSpatialSubSampling_updateGradInput(NULL, in, go, gi, w, kW, kH, dW, dH);
    THNN_FloatSpatialSubSampling_accGradParameters(NULL, in, go, gw, gb, kW, kH, dW, dH, 1.0);
  } else {
    THNN_FloatTemporalSubSampling_updateOutput(NULL, in, out, w, b, kW, dW, (int)in->size[in->nDimension - 1]);
    THNN_FloatTemporalSubSampling_updateGradInput(NULL, in, go, gi, w, kW, dW);
    THNN_FloatTemporalSubSampling_accGradParameters(NULL, in, go, gw, gb, kW, dW, 1.0);
  }
  assert_float_tensor_close(out, eOut, 1e-5, 1e-5);
  assert_float_tensor_close(gi, eGi, 1e-5, 1e-5);
  assert_float_tensor_close(gw, eGw, 1e-5, 1e-5);
  assert_float_tensor_close(gb, eGb, 1e-5, 1e-5);
  if (spatial)
    THNN_FloatSpatialSubSampling_accGradParameters(NULL, in, go, gw, gb, kW, kH, dW, dH, 0.5);
  else
    THNN_FloatTemporalSubSampling_accGradParameters(NULL, in, go, gw, gb, kW, dW, 0.5);
  THFloatTensor_mul(eGw, eGw, 1.5f);
  THFloatTensor_mul(eGb, eGb, 1.5f);
  assert_float_tensor_close(gw, eGw, 1e-5, 1e-5);
  assert_float_tensor_close(gb, eGb, 1e-5, 1e-5);
  THFloatTensor *all[] = {in, w, b, go, out, gi, eOut, eGi, eGw, eGb, gw, gb};
  free_all(all, 12);
}

static void test_golden_subsampling(void **state) {
  check_subsampling_case("sub", 1, 2, 3, 1, 2);
  check_subsampling_case("sub_single", 1, 2, 2, 2, 2);
  check_subsampling_case("tsub", 0, 3, 0, 2, 0);
  check_subsampling_case("tsub_batch", 0, 2, 0, 1, 0);
}

static void check_lp_case(const char *name, double power, int width, int stride, bool batch) {
  THFloatTensor *in = gold(name, "input"), *go = gold(name, "gradOutput"), *out = THFloatTensor_new(),
                *gi = THFloatTensor_new(), *eOut = gold(name, "output"), *eGi = gold(name, "gradInput");
  THNN_FloatFeatureLPPooling_updateOutput(NULL, in, out, power, width, stride, batch);
  assert_float_tensor_close(out, eOut, 1e-5, 1e-5);
  THNN_FloatFeatureLPPooling_updateGradInput(NULL, go, in, out, gi, power, width, stride, batch);
  assert_float_tensor_close(gi, eGi, 1e-5, 1e-5);
  THFloatTensor *all[] = {in, go, out, gi, eOut, eGi};
  free_all(all, 6);
}

static void test_golden_lp(void **state) {
  check_lp_case("lp2_batch", 2, 3, 2, true);
  check_lp_case("lp3_single", 3, 2, 1, false);
}

/* ------------------------------------------------------------------ gradchecks (Double) */

typedef enum { MAX, AVG, ADAPTIVE_MAX, ADAPTIVE_AVG, FRACTIONAL, UNPOOL, TMAX, SUB, TSUB, LP } Kind;

typedef struct {
  Kind kind;
  int kW, kH, dW, dH, padW, padH, dilW, dilH, oW, oH;
  bool ceil, includePad;
  double power;
  THLongTensor *indices;
  THDoubleTensor *weight, *bias, *gradWeight, *gradBias, *samples, *output;
} Ctx;

static void ctx_forward(void *vctx, THDoubleTensor *in, THDoubleTensor *out) {
  Ctx *c = vctx;
  switch (c->kind) {
  case MAX:
    THNN_DoubleSpatialDilatedMaxPooling_updateOutput(NULL, in, out, c->indices, c->kW, c->kH, c->dW, c->dH, c->padW,
                                                     c->padH, c->dilW, c->dilH, c->ceil);
    break;
  case AVG:
    THNN_DoubleSpatialAveragePooling_updateOutput(NULL, in, out, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->ceil,
                                                  c->includePad);
    break;
  case ADAPTIVE_MAX:
    THNN_DoubleSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, c->indices, c->oW, c->oH);
    break;
  case ADAPTIVE_AVG:
    THNN_DoubleSpatialAdaptiveAveragePooling_updateOutput(NULL, in, out, c->oW, c->oH);
    break;
  case FRACTIONAL:
    THNN_DoubleSpatialFractionalMaxPooling_updateOutput(NULL, in, out, c->oW, c->oH, c->kW, c->kH, c->indices,
                                                        c->samples);
    break;
  case UNPOOL:
    THNN_DoubleSpatialMaxUnpooling_updateOutput(NULL, in, out, c->indices, c->oW, c->oH);
    break;
  case TMAX:
    THNN_DoubleTemporalMaxPooling_updateOutput(NULL, in, out, c->indices, c->kW, c->dW);
    break;
  case SUB:
    THNN_DoubleSpatialSubSampling_updateOutput(NULL, in, out, c->weight, c->bias, c->kW, c->kH, c->dW, c->dH);
    break;
  case TSUB:
    THNN_DoubleTemporalSubSampling_updateOutput(NULL, in, out, c->weight, c->bias, c->kW, c->dW,
                                                (int)in->size[in->nDimension - 1]);
    break;
  case LP:
    THNN_DoubleFeatureLPPooling_updateOutput(NULL, in, out, c->power, c->kW, c->dW, c->ceil);
    THDoubleTensor_resizeAs(c->output, out);
    THDoubleTensor_copy(c->output, out);
    break;
  }
}

static void ctx_backward(void *vctx, THDoubleTensor *in, THDoubleTensor *go, THDoubleTensor *gi) {
  Ctx *c = vctx;
  switch (c->kind) {
  case MAX:
    THNN_DoubleSpatialDilatedMaxPooling_updateGradInput(NULL, in, go, gi, c->indices, c->kW, c->kH, c->dW, c->dH,
                                                        c->padW, c->padH, c->dilW, c->dilH, c->ceil);
    break;
  case AVG:
    THNN_DoubleSpatialAveragePooling_updateGradInput(NULL, in, go, gi, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
                                                     c->ceil, c->includePad);
    break;
  case ADAPTIVE_MAX:
    THNN_DoubleSpatialAdaptiveMaxPooling_updateGradInput(NULL, in, go, gi, c->indices);
    break;
  case ADAPTIVE_AVG:
    THNN_DoubleSpatialAdaptiveAveragePooling_updateGradInput(NULL, in, go, gi);
    break;
  case FRACTIONAL:
    THNN_DoubleSpatialFractionalMaxPooling_updateGradInput(NULL, in, go, gi, c->oW, c->oH, c->kW, c->kH, c->indices);
    break;
  case UNPOOL:
    THNN_DoubleSpatialMaxUnpooling_updateGradInput(NULL, in, go, gi, c->indices, c->oW, c->oH);
    break;
  case TMAX:
    THNN_DoubleTemporalMaxPooling_updateGradInput(NULL, in, go, gi, c->indices, c->kW, c->dW);
    break;
  case SUB:
    THNN_DoubleSpatialSubSampling_updateGradInput(NULL, in, go, gi, c->weight, c->kW, c->kH, c->dW, c->dH);
    break;
  case TSUB:
    THNN_DoubleTemporalSubSampling_updateGradInput(NULL, in, go, gi, c->weight, c->kW, c->dW);
    break;
  case LP:
    THNN_DoubleFeatureLPPooling_updateGradInput(NULL, go, in, c->output, gi, c->power, c->kW, c->dW, c->ceil);
    break;
  }
}

static void ctx_accumulate(void *vctx, THDoubleTensor *in, THDoubleTensor *go) {
  Ctx *c = vctx;
  THDoubleTensor_zero(c->gradWeight);
  THDoubleTensor_zero(c->gradBias);
  if (c->kind == SUB)
    THNN_DoubleSpatialSubSampling_accGradParameters(NULL, in, go, c->gradWeight, c->gradBias, c->kW, c->kH, c->dW,
                                                    c->dH, 1.0);
  else
    THNN_DoubleTemporalSubSampling_accGradParameters(NULL, in, go, c->gradWeight, c->gradBias, c->kW, c->dW, 1.0);
}

/* Runs the input gradcheck (and the parameter ones for the subsamplings) of c on in, then frees in. */
static void gradcheck_ctx(Ctx c, THDoubleTensor *in) {
  c.indices = c.indices ? c.indices : THLongTensor_new();
  c.output = THDoubleTensor_new();
  double err = gradcheck_input(ctx_forward, ctx_backward, &c, in, 1e-6);
  if (err > 1e-6) fail_msg("kind %d: gradInput differs from finite differences by %g", c.kind, err);
  if (c.kind == SUB || c.kind == TSUB) {
    c.gradWeight = THDoubleTensor_newClone(c.weight);
    c.gradBias = THDoubleTensor_newClone(c.bias);
    double errW = gradcheck_param(ctx_forward, ctx_accumulate, &c, in, c.weight, c.gradWeight, 1e-6);
    double errB = gradcheck_param(ctx_forward, ctx_accumulate, &c, in, c.bias, c.gradBias, 1e-6);
    if (errW > 1e-6 || errB > 1e-6) fail_msg("kind %d: gradWeight error %g, gradBias error %g", c.kind, errW, errB);
    THDoubleTensor_free(c.gradWeight);
    THDoubleTensor_free(c.gradBias);
  }
  THLongTensor_free(c.indices);
  THDoubleTensor_free(c.output);
  if (c.weight) THDoubleTensor_free(c.weight);
  if (c.bias) THDoubleTensor_free(c.bias);
  if (c.samples) THDoubleTensor_free(c.samples);
  THDoubleTensor_free(in);
}

static void test_gradcheck_max(void **state) {
  /* Batch, padding, non-square; one image, ceil_mode; dilation; the 2x2 fast path. */
  gradcheck_ctx((Ctx){MAX, .kW = 2, .kH = 3, .dW = 1, .dH = 2, .padW = 1, .padH = 1, .dilW = 1, .dilH = 1},
                gradcheck_random(1, -1, 1, 2, 2, 7, 5));
  gradcheck_ctx((Ctx){MAX, .kW = 3, .kH = 3, .dW = 2, .dH = 2, .padW = 1, .padH = 0, .dilW = 1, .dilH = 1,
                      .ceil = true},
                gradcheck_random(2, -1, 1, 2, 6, 6, -1));
  gradcheck_ctx((Ctx){MAX, .kW = 2, .kH = 3, .dW = 2, .dH = 1, .padW = 1, .padH = 1, .dilW = 3, .dilH = 2,
                      .ceil = true},
                gradcheck_random(3, -1, 1, 1, 2, 8, 7));
  gradcheck_ctx((Ctx){MAX, .kW = 2, .kH = 2, .dW = 2, .dH = 2, .dilW = 1, .dilH = 1},
                gradcheck_random(4, -1, 1, 2, 3, 4, 6));
}

static void test_gradcheck_avg(void **state) {
  for (int includePad = 0; includePad < 2; includePad++) {
    gradcheck_ctx((Ctx){AVG, .kW = 2, .kH = 3, .dW = 1, .dH = 2, .padW = 1, .padH = 1, .includePad = includePad},
                  gradcheck_random(5, -1, 1, 2, 2, 7, 5));
    gradcheck_ctx((Ctx){AVG, .kW = 3, .kH = 3, .dW = 2, .dH = 2, .padW = 1, .padH = 1, .ceil = true,
                        .includePad = includePad},
                  gradcheck_random(6, -1, 1, 2, 6, 5, -1));
  }
}

static void test_gradcheck_adaptive(void **state) {
  gradcheck_ctx((Ctx){ADAPTIVE_MAX, .oW = 3, .oH = 4}, gradcheck_random(7, -1, 1, 2, 2, 7, 5));
  gradcheck_ctx((Ctx){ADAPTIVE_MAX, .oW = 4, .oH = 5}, gradcheck_random(8, -1, 1, 2, 3, 2, -1));
  /* Torch7's single-precision windows: 21 -> 7 overlap by one column where the exact split does not. */
  gradcheck_ctx((Ctx){ADAPTIVE_MAX, .oW = 7, .oH = 2}, gradcheck_random(35, -1, 1, 2, 1, 3, 21));
  gradcheck_ctx((Ctx){ADAPTIVE_AVG, .oW = 3, .oH = 4}, gradcheck_random(9, -1, 1, 2, 2, 7, 5));
  gradcheck_ctx((Ctx){ADAPTIVE_AVG, .oW = 4, .oH = 5}, gradcheck_random(10, -1, 1, 2, 3, 2, -1));
}

static void test_gradcheck_fractional(void **state) {
  gradcheck_ctx((Ctx){FRACTIONAL, .kW = 2, .kH = 3, .oW = 4, .oH = 3,
                      .samples = gradcheck_random(11, 0, 1, 2, 2, 2, -1)},
                gradcheck_random(12, -1, 1, 2, 2, 7, 6));
  gradcheck_ctx((Ctx){FRACTIONAL, .kW = 2, .kH = 2, .oW = 3, .oH = 3,
                      .samples = gradcheck_random(13, 0, 1, 1, 2, 2, -1)},
                gradcheck_random(14, -1, 1, 2, 5, 5, -1));
}

/* The indices of a 2x2 stride-2 max pooling of a random [n x c x 2h x 2w] input ([c x 2h x 2w] for
 * n = 0): distinct per plane. */
static THLongTensor *pooled_indices(long n, long c, long h, long w) {
  THDoubleTensor *x =
      n ? gradcheck_random(15, -1, 1, n, c, 2 * h, 2 * w) : gradcheck_random(15, -1, 1, c, 2 * h, 2 * w, -1);
  THDoubleTensor *y = THDoubleTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_DoubleSpatialMaxPooling_updateOutput(NULL, x, y, ind, 2, 2, 2, 2, 0, 0, false);
  THDoubleTensor_free(x);
  THDoubleTensor_free(y);
  return ind;
}

static void test_gradcheck_unpool(void **state) {
  gradcheck_ctx((Ctx){UNPOOL, .oW = 6, .oH = 4, .indices = pooled_indices(2, 2, 2, 3)},
                gradcheck_random(16, -1, 1, 2, 2, 2, 3));
  gradcheck_ctx((Ctx){UNPOOL, .oW = 5, .oH = 5, .indices = pooled_indices(0, 3, 2, 2)},
                gradcheck_random(17, -1, 1, 3, 2, 2, -1));
}

static void test_gradcheck_temporal(void **state) {
  gradcheck_ctx((Ctx){TMAX, .kW = 3, .dW = 2}, gradcheck_random(18, -1, 1, 9, 4, -1, -1));
  gradcheck_ctx((Ctx){TMAX, .kW = 2, .dW = 3}, gradcheck_random(19, -1, 1, 2, 8, 3, -1));
  gradcheck_ctx((Ctx){TSUB, .kW = 3, .dW = 2, .weight = gradcheck_random(20, -1, 1, 4, -1, -1, -1),
                      .bias = gradcheck_random(21, -1, 1, 4, -1, -1, -1)},
                gradcheck_random(22, -1, 1, 9, 4, -1, -1));
  gradcheck_ctx((Ctx){TSUB, .kW = 2, .dW = 1, .weight = gradcheck_random(23, -1, 1, 3, -1, -1, -1),
                      .bias = gradcheck_random(24, -1, 1, 3, -1, -1, -1)},
                gradcheck_random(25, -1, 1, 2, 6, 3, -1));
}

static void test_gradcheck_subsampling(void **state) {
  gradcheck_ctx((Ctx){SUB, .kW = 2, .kH = 3, .dW = 1, .dH = 2, .weight = gradcheck_random(26, -1, 1, 2, -1, -1, -1),
                      .bias = gradcheck_random(27, -1, 1, 2, -1, -1, -1)},
                gradcheck_random(28, -1, 1, 2, 2, 7, 5));
  gradcheck_ctx((Ctx){SUB, .kW = 2, .kH = 2, .dW = 2, .dH = 2, .weight = gradcheck_random(29, -1, 1, 3, -1, -1, -1),
                      .bias = gradcheck_random(30, -1, 1, 3, -1, -1, -1)},
                gradcheck_random(31, -1, 1, 3, 5, 4, -1));
}

/* LP: kW is the width, dW the stride, ceil the batch mode; positive inputs. */
static void test_gradcheck_lp(void **state) {
  gradcheck_ctx((Ctx){LP, .kW = 3, .dW = 2, .power = 2, .ceil = true}, gradcheck_random(32, 0.1, 1, 2, 7, 3, -1));
  gradcheck_ctx((Ctx){LP, .kW = 2, .dW = 1, .power = 3, .ceil = false}, gradcheck_random(33, 0.1, 1, 5, 2, 2, -1));
  gradcheck_ctx((Ctx){LP, .kW = 3, .dW = 3, .power = 1.5, .ceil = true}, gradcheck_random(34, 0.1, 1, 2, 6, 2, 2));
}

/* ------------------------------------------------------------------ window rules by hand */

/* 1..n in a [1 x 1 x h x w] Float tensor. */
static THFloatTensor *ramp(long h, long w) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(1, 1, h, w);
  for (long i = 0; i < h * w; i++) THFloatTensor_data(t)[i] = (float)(i + 1);
  return t;
}

static void test_output_sizes(void **state) {
  THFloatTensor *in = ramp(4, 4), *out = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  /* kernel 1, stride 2, ceil_mode, no padding: windows at 0 and 2; Torch7 added a third at 4, past
   * the input. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 1, 1, 2, 2, 0, 0, true);
  assert_int_equal(out->size[2], 2);
  assert_int_equal(out->size[3], 2);
  assert_close(THFloatTensor_get4d(out, 0, 0, 1, 1), 11.0, 0);
  assert_int_equal(THLongTensor_get4d(ind, 0, 0, 1, 1), 11);
  /* 5x5, kernel 2, stride 2, ceil: 3x3 with the last row and column of windows one element wide. */
  THFloatTensor_free(in);
  in = ramp(5, 5);
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, true);
  assert_int_equal(out->size[2], 3);
  assert_close(THFloatTensor_get4d(out, 0, 0, 2, 2), 25.0, 0);
  assert_close(THFloatTensor_get4d(out, 0, 0, 0, 2), 10.0, 0);
  /* Floor mode drops them. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false);
  assert_int_equal(out->size[2], 2);
  /* Average, ceil_mode, pad 1 on 5 wide: windows [-1,2) [1,4) [3,6); the last stops at the padding's
   * end: divisor 3 x 3 with the padding, 2 x 2 without, for window (2, 2) over 19, 20, 24, 25. */
  THNN_FloatSpatialAveragePooling_updateOutput(NULL, in, out, 3, 3, 2, 2, 1, 1, true, true);
  assert_int_equal(out->size[3], 3);
  assert_close(THFloatTensor_get4d(out, 0, 0, 2, 2), (19 + 20 + 24 + 25) / 9.0, 1e-6);
  THNN_FloatSpatialAveragePooling_updateOutput(NULL, in, out, 3, 3, 2, 2, 1, 1, true, false);
  assert_close(THFloatTensor_get4d(out, 0, 0, 2, 2), (19 + 20 + 24 + 25) / 4.0, 1e-6);
  /* Adaptive: 5 -> 3 splits as [0,2) [1,4) [3,5). */
  THNN_FloatSpatialAdaptiveAveragePooling_updateOutput(NULL, in, out, 3, 3);
  assert_close(THFloatTensor_get4d(out, 0, 0, 1, 1), (7 + 8 + 9 + 12 + 13 + 14 + 17 + 18 + 19) / 9.0, 1e-6);
  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, ind, 3, 3);
  assert_close(THFloatTensor_get4d(out, 0, 0, 0, 0), 7.0, 0);
  /* Window (2, 2) is rows and columns [3, 5): its max, 25 at (4, 4), is at row 2, column 2 of it. */
  assert_int_equal(ind->nDimension, 5);
  assert_int_equal(THLongTensor_data(ind)[8], 2);     /* [0][0][0][2][2] */
  assert_int_equal(THLongTensor_data(ind)[9 + 8], 2); /* [1][0][0][2][2] */
  THFloatTensor_free(in);
  THFloatTensor_free(out);
  THLongTensor_free(ind);
}

/* A NaN wins its window; a window of -inf keeps its first position, and the backward stays in
 * bounds. */
static void test_nan_and_inf(void **state) {
  float v[] = {1, NAN, 3, 4, -INFINITY, -INFINITY, -INFINITY, -INFINITY};
  THFloatTensor *in = th_test_float(v, 1, 1, 2, 4), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 1, 2, 1, 0, 0, false);
  assert_true(isnan(THFloatTensor_get4d(out, 0, 0, 0, 0)));
  assert_int_equal(THLongTensor_get4d(ind, 0, 0, 0, 0), 2);
  assert_close(THFloatTensor_get4d(out, 0, 0, 0, 1), 4.0, 0);
  assert_true(isinf(THFloatTensor_get4d(out, 0, 0, 1, 0)));
  assert_int_equal(THLongTensor_get4d(ind, 0, 0, 1, 0), 5);
  assert_int_equal(THLongTensor_get4d(ind, 0, 0, 1, 1), 7);
  THFloatTensor *go = THFloatTensor_newWithSize4d(1, 1, 2, 2);
  THFloatTensor_fill(go, 1);
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 1, 2, 1, 0, 0, false);
  assert_close(THFloatTensor_sumall(gi), 4.0, 0);
  assert_close(THFloatTensor_get4d(gi, 0, 0, 1, 0), 1.0, 0);
  /* Temporal: the same rules along T. */
  float t[] = {1, -INFINITY, NAN, -INFINITY, 0, -INFINITY};
  THFloatTensor *seq = th_test_float(t, 3, 2, -1, -1);
  THNN_FloatTemporalMaxPooling_updateOutput(NULL, seq, out, ind, 3, 1);
  assert_true(isnan(THFloatTensor_get2d(out, 0, 0)));
  assert_int_equal(THLongTensor_get2d(ind, 0, 0), 1);
  assert_int_equal(THLongTensor_get2d(ind, 0, 1), 0);
  THFloatTensor *all[] = {in, out, gi, go, seq};
  free_all(all, 5);
  THLongTensor_free(ind);
}

/* ------------------------------------------------------------------ fast path and threads */

/* Max pooling by the definition, with poolWindowMax's order (first of equals, last NaN). */
static void reference_max(THFloatTensor *in, int k, int d, int pad, THFloatTensor *out, THLongTensor *ind) {
  const long planes = in->size[0] * in->size[1], H = in->size[2], W = in->size[3];
  const long oH = (H + 2 * pad - k) / d + 1, oW = (W + 2 * pad - k) / d + 1;
  THFloatTensor_resize4d(out, in->size[0], in->size[1], oH, oW);
  THLongTensor_resize4d(ind, in->size[0], in->size[1], oH, oW);
  const float *x = THFloatTensor_data(in);
  for (long p = 0; p < planes; p++)
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        float best = -INFINITY;
        long at = -1;
        for (long y = oh * d - pad; y < oh * d - pad + k; y++)
          for (long xw = ow * d - pad; xw < ow * d - pad + k; xw++) {
            if (y < 0 || y >= H || xw < 0 || xw >= W) continue;
            float v = x[p * H * W + y * W + xw];
            if (at < 0 || v > best) {
              best = v;
              at = y * W + xw;
            }
          }
        THFloatTensor_data(out)[(p * oH + oh) * oW + ow] = best;
        THLongTensor_data(ind)[(p * oH + oh) * oW + ow] = at + 1;
      }
}

static THFloatTensor *random_float(unsigned long seed, long s0, long s1, long s2, long s3) {
  THDoubleTensor *d = gradcheck_random(seed, -1, 1, s0, s1, s2, s3);
  THFloatTensor *f = th_float_copy(d);
  THDoubleTensor_free(d);
  return f;
}

static void test_fast_path_and_threads(void **state) {
  /* Large enough for the threaded loops; 2x2 stride 2 tiles it (fast path), 3x3 stride 2 pad 1
   * does not (general path). */
  THFloatTensor *in = random_float(40, 4, 8, 32, 32), *out = THFloatTensor_new(), *ref = THFloatTensor_new(),
                *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new(), *refInd = THLongTensor_new();
  for (int general = 0; general < 2; general++) {
    const int k = general ? 3 : 2, pad = general ? 1 : 0;
    THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, k, k, 2, 2, pad, pad, false);
    reference_max(in, k, 2, pad, ref, refInd);
    assert_float_tensor_close(out, ref, 0, 0);
    assert_long_tensor_equal(ind, refInd);
    /* Backward: gradOutput = 1 + flat output position, so gradInput's sum and its entries at the
     * indices tell where each went. */
    THFloatTensor *go = THFloatTensor_newWithSize4d(out->size[0], out->size[1], out->size[2], out->size[3]);
    for (ptrdiff_t i = 0; i < THFloatTensor_nElement(go); i++) THFloatTensor_data(go)[i] = (float)(i % 1000 + 1);
    THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, k, k, 2, 2, pad, pad, false);
    const long planeIn = 32 * 32, planeOut = out->size[2] * out->size[3];
    THFloatTensor *expect = THFloatTensor_newWithSize4d(4, 8, 32, 32);
    THFloatTensor_zero(expect);
    for (ptrdiff_t i = 0; i < THFloatTensor_nElement(go); i++)
      THFloatTensor_data(expect)[(i / planeOut) * planeIn + THLongTensor_data(ind)[i] - 1] += THFloatTensor_data(go)[i];
    assert_float_tensor_close(gi, expect, 0, 0);
    THFloatTensor_free(go);
    THFloatTensor_free(expect);
  }
  /* Fast path with a caller's index outside its window (but inside the plane): the plane falls back
   * to the general scatter. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false);
  THFloatTensor *go = THFloatTensor_newWithSize4d(4, 8, 16, 16);
  THFloatTensor_fill(go, 1);
  THLongTensor_data(ind)[5] = 1; /* plane 0, output (0, 5) now points at input (0, 0) */
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, false);
  assert_close(THFloatTensor_get4d(gi, 0, 0, 0, 0), THLongTensor_data(ind)[0] == 1 ? 2.0 : 1.0, 0);
  assert_close(THFloatTensor_sumall(gi), 4.0 * 8 * 16 * 16, 0);
  THFloatTensor *all[] = {in, out, ref, gi, go};
  free_all(all, 5);
  THLongTensor_free(ind);
  THLongTensor_free(refInd);
}

/* ------------------------------------------------------------------ buffers and layouts */

static void test_buffers_and_layouts(void **state) {
  THFloatTensor *in = random_float(50, 2, 3, 6, 5), *out = THFloatTensor_new(), *out2 = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new(), *ind2 = THLongTensor_newWithSize1d(3);
  /* Same buffers twice; wrongly sized buffers get resized. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 3, 2, 2, 2, 1, 1, false);
  THFloatTensor_resize1d(out2, 7);
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out2, ind2, 3, 2, 2, 2, 1, 1, false);
  assert_float_tensor_close(out2, out, 0, 0);
  assert_long_tensor_equal(ind2, ind);
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out2, ind2, 3, 2, 2, 2, 1, 1, false);
  assert_float_tensor_close(out2, out, 0, 0);

  /* A transposed input gives what its contiguous copy gives. */
  THFloatTensor *t = THFloatTensor_newTranspose(in, 2, 3), *tc = THFloatTensor_newContiguous(t);
  THNN_FloatSpatialAveragePooling_updateOutput(NULL, t, out, 2, 3, 1, 2, 1, 1, true, false);
  THNN_FloatSpatialAveragePooling_updateOutput(NULL, tc, out2, 2, 3, 1, 2, 1, 1, true, false);
  assert_float_tensor_close(out, out2, 0, 0);

  /* Non-contiguous outputs of the right size are written through their strides. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false); /* [2 x 3 x 3 x 2] */
  THFloatTensor *base = THFloatTensor_newWithSize4d(2, 3, 2, 3);
  THFloatTensor *strided = THFloatTensor_newTranspose(base, 2, 3);
  THLongTensor *ibase = THLongTensor_newWithSize4d(2, 3, 2, 3);
  THLongTensor *istrided = THLongTensor_newTranspose(ibase, 2, 3);
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, strided, istrided, 2, 2, 2, 2, 0, 0, false);
  assert_float_tensor_close(strided, out, 0, 0);
  assert_long_tensor_equal(istrided, ind);
  assert_close(THFloatTensor_get4d(base, 1, 2, 1, 2), THFloatTensor_get4d(out, 1, 2, 2, 1), 0);
  /* ... and gradInput too. */
  THFloatTensor *go = random_float(51, 2, 3, 3, 2), *gi = THFloatTensor_new();
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, false);
  THFloatTensor *gbase = THFloatTensor_newWithSize4d(2, 3, 5, 6), *gstrided = THFloatTensor_newTranspose(gbase, 2, 3);
  THFloatTensor_fill(gbase, 7);
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gstrided, ind, 2, 2, 2, 2, 0, 0, false);
  assert_float_tensor_close(gstrided, gi, 0, 0);

  THFloatTensor *all[] = {in, out, out2, t, tc, base, strided, go, gi, gbase, gstrided};
  free_all(all, 11);
  THLongTensor *longs[] = {ind, ind2, ibase, istrided};
  for (int i = 0; i < 4; i++) THLongTensor_free(longs[i]);
}

/* FeatureLPPooling passes no gradient through an output of 0 (Torch7's rule). */
static void test_lp_zero(void **state) {
  float v[] = {0, 0, 3, 4};
  THFloatTensor *in = th_test_float(v, 4, -1, -1, -1), *out = THFloatTensor_new(), *go = THFloatTensor_new(),
                *gi = THFloatTensor_new();
  THNN_FloatFeatureLPPooling_updateOutput(NULL, in, out, 2, 2, 2, false);
  assert_close(THFloatTensor_get1d(out, 0), 0.0, 0);
  assert_close(THFloatTensor_get1d(out, 1), 5.0, 1e-6);
  THFloatTensor_resizeAs(go, out);
  THFloatTensor_fill(go, 1);
  THNN_FloatFeatureLPPooling_updateGradInput(NULL, go, in, out, gi, 2, 2, 2, false);
  assert_close(THFloatTensor_get1d(gi, 0), 0.0, 0);
  assert_close(THFloatTensor_get1d(gi, 2), 0.6, 1e-6);
  assert_close(THFloatTensor_get1d(gi, 3), 0.8, 1e-6);
  THFloatTensor *all[] = {in, out, go, gi};
  free_all(all, 4);
}

/* The subsamplings without a bias: by hand on ones. */
static void test_subsampling_without_bias(void **state) {
  THFloatTensor *in = THFloatTensor_newWithSize3d(2, 3, 3), *w = THFloatTensor_newWithSize1d(2),
                *out = THFloatTensor_new(), *go = THFloatTensor_newWithSize3d(2, 2, 2), *gi = THFloatTensor_new(),
                *gw = THFloatTensor_newWithSize1d(2);
  THFloatTensor_fill(in, 1);
  THFloatTensor_set1d(w, 0, 2);
  THFloatTensor_set1d(w, 1, -1);
  THNN_FloatSpatialSubSampling_updateOutput(NULL, in, out, w, NULL, 2, 2, 1, 1);
  assert_close(THFloatTensor_get3d(out, 0, 1, 1), 8.0, 0);
  assert_close(THFloatTensor_get3d(out, 1, 0, 1), -4.0, 0);
  THFloatTensor_fill(go, 1);
  THNN_FloatSpatialSubSampling_updateGradInput(NULL, in, go, gi, w, 2, 2, 1, 1);
  assert_close(THFloatTensor_get3d(gi, 0, 1, 1), 8.0, 0); /* the centre is in all four windows */
  assert_close(THFloatTensor_get3d(gi, 1, 0, 0), -1.0, 0);
  THFloatTensor_zero(gw);
  THNN_FloatSpatialSubSampling_accGradParameters(NULL, in, go, gw, NULL, 2, 2, 1, 1, 0.5);
  assert_close(THFloatTensor_get1d(gw, 1), 8.0, 0); /* 0.5 * 4 windows * 4 */
  /* Temporal: [3 x 2] ones, kW 2, dW 1. */
  THFloatTensor_resize2d(in, 3, 2);
  THFloatTensor_fill(in, 1);
  THNN_FloatTemporalSubSampling_updateOutput(NULL, in, out, w, NULL, 2, 1, 2);
  assert_close(THFloatTensor_get2d(out, 1, 0), 4.0, 0);
  assert_close(THFloatTensor_get2d(out, 1, 1), -2.0, 0);
  THFloatTensor_zero(gw);
  THFloatTensor_resize2d(go, 2, 2);
  THFloatTensor_fill(go, 1);
  THNN_FloatTemporalSubSampling_accGradParameters(NULL, in, go, gw, NULL, 2, 1, 1.0);
  assert_close(THFloatTensor_get1d(gw, 0), 4.0, 0);
  THFloatTensor *all[] = {in, w, out, go, gi, gw};
  free_all(all, 6);
}

/* ------------------------------------------------------------------ Torch7's index layouts */

/* SpatialAdaptiveMaxPooling by hand: 4x5 into 2x2. Rows split [0, 2) [2, 4); columns [0, 3) [2, 5)
 * (floor(0.5 * 5) = 2, ceil(0.5 * 5) = 3), so column 2 lies in both column windows. Sample 0:
 *    1  9 50  3  4
 *    5  6  7  8 20
 *   11  3 15 14  2
 *    0 12  1 16 13
 * window (0,0): 50 at (0,2), offsets row 1, column 3; (0,1): the same 50, row 1, column 1;
 * (1,0): 15 at (2,2), row 1, column 3; (1,1): 16 at (3,3), row 2, column 2.
 * Sample 1 is 100 - sample 0, whose maxima are sample 0's minima: 1 at (0,0) -> (1,1); 3 at (0,3)
 * -> (1,2); 0 at (3,0) -> (2,1); 1 at (3,2) -> (2,1). Plane 0 of indices holds the rows, plane 1 the
 * columns (Torch7's layout). */
static void test_adaptive_max_layout(void **state) {
  float x[40] = {1, 9, 50, 3, 4, 5, 6, 7, 8, 20, 11, 3, 15, 14, 2, 0, 12, 1, 16, 13};
  for (int i = 0; i < 20; i++) x[20 + i] = 100 - x[i];
  THFloatTensor *batch = th_test_float(x, 2, 1, 4, 5), *single = th_test_float(x, 1, 4, 5, -1);
  THFloatTensor *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();

  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, batch, out, ind, 2, 2);
  const float eOut[8] = {50, 50, 15, 16, 99, 97, 100, 99};
  THFloatTensor *expect = th_test_float(eOut, 2, 1, 2, 2);
  assert_float_tensor_close(out, expect, 0, 0);
  const long eInd[16] = {1, 1, 1, 2, 1, 1, 2, 2, /* rows: sample 0, sample 1 */
                         3, 1, 3, 2, 1, 2, 1, 1}; /* columns */
  assert_int_equal(ind->nDimension, 5);
  const long eSizes[5] = {2, 2, 1, 2, 2};
  for (int d = 0; d < 5; d++) assert_int_equal(ind->size[d], eSizes[d]);
  assert_true(THLongTensor_isContiguous(ind));
  for (int i = 0; i < 16; i++) assert_int_equal(THLongTensor_data(ind)[i], eInd[i]);

  /* Backward: gradOutput 1..8; the shared 50 of sample 0 gathers 1 + 2. */
  const float g[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  THFloatTensor *go = th_test_float(g, 2, 1, 2, 2);
  THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, batch, go, gi, ind);
  float eGi[40] = {0};
  eGi[2] = 1 + 2;
  eGi[2 * 5 + 2] = 3;
  eGi[3 * 5 + 3] = 4;
  eGi[20 + 0] = 5;
  eGi[20 + 3] = 6;
  eGi[20 + 3 * 5 + 0] = 7;
  eGi[20 + 3 * 5 + 2] = 8;
  THFloatTensor *expectGi = th_test_float(eGi, 2, 1, 4, 5);
  assert_float_tensor_close(gi, expectGi, 0, 0);

  /* One image: [2 x 1 x 2 x 2], sample 0's offsets. */
  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, single, out, ind, 2, 2);
  assert_int_equal(ind->nDimension, 4);
  assert_int_equal(ind->size[0], 2);
  const long eSingle[8] = {1, 1, 1, 2, 3, 1, 3, 2};
  for (int i = 0; i < 8; i++) assert_int_equal(THLongTensor_data(ind)[i], eSingle[i]);
  THFloatTensor_resize3d(go, 1, 2, 2);
  THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, single, go, gi, ind);
  assert_close(THFloatTensor_get3d(gi, 0, 0, 2), 3.0, 0);
  assert_close(THFloatTensor_get3d(gi, 0, 3, 3), 4.0, 0);
  assert_close(THFloatTensor_sumall(gi), 10.0, 0);

  /* Offsets outside their window: a row offset of 0, a column offset of 4 in a 3-wide window (still
   * inside the input), a negative one. The library keeps working afterwards. */
  THLongTensor *bad = THLongTensor_newClone(ind);
  THLongTensor_data(bad)[1] = 0;
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, single, go, gi, bad),
                  "SpatialAdaptiveMaxPooling_updateGradInput: indices give offsets (row 0, column 1) at position 1 "
                  "(counted from 0 over one of its two planes) outside their 2x3 window (the offsets are 1-based)");
  THLongTensor_copy(bad, ind);
  THLongTensor_data(bad)[4 + 2] = 4;
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, single, go, gi, bad),
                  "indices give offsets (row 1, column 4) at position 2");
  THLongTensor_copy(bad, ind);
  THLongTensor_data(bad)[3] = -1;
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, single, go, gi, bad),
                  "indices give offsets (row -1, column 2) at position 3");
  THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, single, go, gi, ind);
  assert_close(THFloatTensor_sumall(gi), 10.0, 0);

  THFloatTensor *all[] = {batch, single, out, gi, expect, go, expectGi};
  free_all(all, 7);
  THLongTensor_free(ind);
  THLongTensor_free(bad);
}

/* Torch7's SpatialAdaptiveMaxPooling computed its windows in single precision, dividing first:
 * [floor(i / n * size), ceil((i + 1) / n * size)). Worked out in float32 (numpy): 21 columns into 7
 * windows gives [0, 4) [3, 7) [6, 9) [9, 13) [12, 15) [15, 18) [18, 21), since 1/7 * 21 rounds to
 * 3.0000002 (the exact split is [0, 3) [3, 6) ...); 22 into 22 gives [12, 14) for window 13, since
 * 13/22 * 22 rounds to 12.999999. */
static void test_adaptive_max_windows(void **state) {
  THFloatTensor *in = THFloatTensor_newWithSize3d(1, 1, 21), *out = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  for (int i = 0; i < 21; i++) THFloatTensor_data(in)[i] = (float)i; /* the max is each window's last */
  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, ind, 7, 1);
  const long last[7] = {3, 6, 8, 12, 14, 17, 20}, start[7] = {0, 3, 6, 9, 12, 15, 18};
  for (int j = 0; j < 7; j++) {
    assert_close(THFloatTensor_data(out)[j], (double)last[j], 0);
    assert_int_equal(THLongTensor_data(ind)[j], 1);                        /* row */
    assert_int_equal(THLongTensor_data(ind)[7 + j], last[j] - start[j] + 1); /* column */
  }
  /* 22 -> 22, decreasing values: every window is one element but window 13, whose max is at 12. */
  THFloatTensor_resize3d(in, 1, 22, 1);
  for (int i = 0; i < 22; i++) THFloatTensor_data(in)[i] = (float)(100 - i);
  THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, ind, 1, 22);
  for (int i = 0; i < 22; i++) {
    assert_close(THFloatTensor_data(out)[i], 100.0 - (i == 13 ? 12 : i), 0);
    assert_int_equal(THLongTensor_data(ind)[i], 1);
  }
  /* The backward counts from the same starts: window 13's gradient goes to row 12. */
  THFloatTensor *go = THFloatTensor_newWithSize3d(1, 22, 1), *gi = THFloatTensor_new();
  THFloatTensor_fill(go, 1);
  THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, in, go, gi, ind);
  assert_close(THFloatTensor_data(gi)[12], 2.0, 0);
  assert_close(THFloatTensor_data(gi)[13], 0.0, 0);
  THFloatTensor *all[] = {in, out, go, gi};
  free_all(all, 4);
  THLongTensor_free(ind);
}

/* Torch7's marks of a window without a max (all NaN or -inf there): index 0 for Spatial(Dilated)
 * MaxPooling and offset -1 for TemporalMaxPooling, which their backwards skipped. ember's forwards
 * never write them (the window's first position stands), but its backwards accept them as Torch7's
 * did. SpatialFractionalMaxPooling's backward asserted its indices in range: 0 is an error there. */
static void test_no_max_marks(void **state) {
  THFloatTensor *in = random_float(70, 1, 2, 4, 4), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THLongTensor *ind = THLongTensor_new();
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false); /* [1 x 2 x 2 x 2] */
  THFloatTensor *go = THFloatTensor_newClone(out);
  THFloatTensor_fill(go, 1);
  THLongTensor_data(ind)[5] = 0;
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, false);
  assert_close(THFloatTensor_sumall(gi), 7.0, 0); /* 8 windows, one passing nothing */
  THNN_FloatSpatialDilatedMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, 1, 1, false);
  assert_close(THFloatTensor_sumall(gi), 7.0, 0);
  THLongTensor_data(ind)[5] = -1;
  assert_th_error(THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, false),
                  "indices value -1 is out of range [1, 16] at position 5");

  THFloatTensor *samples = THFloatTensor_newWithSize3d(1, 2, 2);
  THFloatTensor_fill(samples, 0.5f);
  THNN_FloatSpatialFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, ind, samples);
  THLongTensor_data(ind)[2] = 0;
  assert_th_error(THNN_FloatSpatialFractionalMaxPooling_updateGradInput(NULL, in, go, gi, 2, 2, 2, 2, ind),
                  "SpatialFractionalMaxPooling_updateGradInput: indices value 0 is out of range [1, 16] at position 2");

  /* Temporal: [5 x 3], kW 2, dW 2: 2 x 3 outputs; output (1, 2) marked -1. */
  THFloatTensor *seq = random_float(71, 5, 3, -1, -1);
  THNN_FloatTemporalMaxPooling_updateOutput(NULL, seq, out, ind, 2, 2);
  THFloatTensor_resizeAs(go, out);
  THFloatTensor_fill(go, 1);
  THLongTensor_data(ind)[5] = -1;
  THNN_FloatTemporalMaxPooling_updateGradInput(NULL, seq, go, gi, ind, 2, 2);
  assert_close(THFloatTensor_sumall(gi), 5.0, 0);
  assert_close(THFloatTensor_get2d(gi, 2, 2) + THFloatTensor_get2d(gi, 3, 2), 0.0, 0);
  THLongTensor_data(ind)[5] = -2;
  assert_th_error(THNN_FloatTemporalMaxPooling_updateGradInput(NULL, seq, go, gi, ind, 2, 2),
                  "TemporalMaxPooling_updateGradInput: indices value -2 is out of range [0, 1] at position 5");
  THFloatTensor *all[] = {in, out, gi, go, samples, seq};
  free_all(all, 6);
  THLongTensor_free(ind);
}

/* ------------------------------------------------------------------ bad inputs */

static void test_bad_inputs(void **state) {
  THFloatTensor *in = random_float(60, 1, 2, 4, 5), *out = THFloatTensor_new(), *gi = THFloatTensor_new();
  THFloatTensor *small = random_float(61, 1, 1, 2, 2), *flat = random_float(62, 4, 5, -1, -1);
  THLongTensor *ind = THLongTensor_new();
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 0, 2, 1, 1, 0, 0, false),
                  "SpatialMaxPooling_updateOutput: kernel size must be positive, got kW = 0");
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 1, 0, 0, 0, false),
                  "stride must be positive, got dH = 0");
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 3, 3, 1, 1, 2, 0, false),
                  "pad should be smaller than half of kernel size, got padW = 2 with kW = 3");
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, small, out, ind, 3, 3, 1, 1, 0, 0, false),
                  "SpatialMaxPooling_updateOutput: output size 0x0 is too small for input 2x2 (HxW; kernel 3x3");
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, flat, out, ind, 2, 2, 1, 1, 0, 0, false),
                  "input must be a 3D to 4D tensor, got a 2D tensor");
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, NULL, out, ind, 2, 2, 1, 1, 0, 0, false),
                  "input must not be NULL");
  assert_th_error(THNN_FloatSpatialDilatedMaxPooling_updateOutput(NULL, small, out, ind, 2, 2, 1, 1, 1, 1, 3, 3, false),
                  "window 1 along H lies wholly in the padding");
  assert_th_error(THNN_FloatSpatialAveragePooling_updateOutput(NULL, in, out, 2, 2, 1, 1, -1, 0, false, true),
                  "padding must not be negative, got padW = -1");

  /* Backward: gradOutput of the wrong size; indices outside the plane. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false); /* [1 x 2 x 2 x 2] */
  THFloatTensor *go = THFloatTensor_newClone(out), *wrong = random_float(63, 1, 2, 3, 2);
  assert_th_error(THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, wrong, gi, ind, 2, 2, 2, 2, 0, 0, false),
                  "gradOutput must have size [1 x 2 x 2 x 2], got [1 x 2 x 3 x 2]");
  THLongTensor *bad = THLongTensor_newClone(ind);
  THLongTensor_data(bad)[6] = 21;
  assert_th_error(THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, bad, 2, 2, 2, 2, 0, 0, false),
                  "indices value 21 is out of range [1, 20] at position 6");
  THLongTensor_data(bad)[6] = 0;
  assert_th_error(THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, bad, 3, 3, 1, 1, 1, 1, true),
                  "gradOutput must have size [1 x 2 x 4 x 5]");
  /* SpatialAdaptiveMaxPooling: indices in the flat layout of the other modules, or too few
   * dimensions (the offsets themselves: test_adaptive_max_layout). */
  THFloatTensor *bigger = random_float(64, 1, 2, 4, 4);
  THLongTensor *badBig = THLongTensor_newWithSize4d(1, 2, 2, 2);
  THLongTensor_fill(badBig, 1);
  THFloatTensor *goBig = random_float(65, 1, 2, 2, 2);
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, bigger, goBig, gi, badBig),
                  "SpatialAdaptiveMaxPooling_updateGradInput: indices must have size [2 x 1 x 2 x 2 x 2], got "
                  "[1 x 2 x 2 x 2]");
  THLongTensor *ind3 = THLongTensor_newWithSize3d(2, 2, 2);
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateGradInput(NULL, bigger, goBig, gi, ind3),
                  "indices must have size [2 x 1 x 2 x 2 x 2], got [2 x 2 x 2]");
  THFloatTensor *go3 = random_float(67, 2, 2, 2, -1);
  assert_th_error(THNN_FloatSpatialAdaptiveAveragePooling_updateGradInput(NULL, bigger, go3, gi),
                  "gradOutput must be a 4D tensor, got a 3D tensor");
  assert_th_error(THNN_FloatSpatialAdaptiveMaxPooling_updateOutput(NULL, in, out, ind, 0, 2),
                  "output size must be positive, got owidth = 0, oheight = 2");

  /* Unpooling: an index outside the output plane, indices of the wrong size. */
  THLongTensor *uind = THLongTensor_newWithSize4d(1, 2, 2, 2);
  for (int i = 0; i < 8; i++) THLongTensor_data(uind)[i] = i % 4 + 1;
  THLongTensor_data(uind)[3] = 99;
  assert_th_error(THNN_FloatSpatialMaxUnpooling_updateOutput(NULL, goBig, out, uind, 4, 4),
                  "SpatialMaxUnpooling_updateOutput: indices value 99 is out of range [1, 16] at position 3");
  THFloatTensor *goUnpool = random_float(66, 1, 2, 4, 4);
  assert_th_error(THNN_FloatSpatialMaxUnpooling_updateGradInput(NULL, goBig, goUnpool, gi, uind, 4, 4),
                  "indices value 99 is out of range [1, 16] at position 3");
  THLongTensor *uindWrong = THLongTensor_newWithSize4d(1, 2, 2, 3);
  THLongTensor_fill(uindWrong, 1);
  assert_th_error(THNN_FloatSpatialMaxUnpooling_updateOutput(NULL, goBig, out, uindWrong, 4, 4),
                  "indices must have size [1 x 2 x 2 x 2], got [1 x 2 x 2 x 3]");

  /* Fractional: pool too large, samples outside [0, 1) or of the wrong size. */
  THFloatTensor *samples = THFloatTensor_newWithSize3d(1, 2, 2);
  THFloatTensor_fill(samples, 0.5f);
  assert_th_error(THNN_FloatSpatialFractionalMaxPooling_updateOutput(NULL, in, out, 2, 3, 2, 3, ind, samples),
                  "poolSizeH 3 is too large for input height 4 with outputH 3");
  THFloatTensor_data(samples)[3] = 1.0f;
  assert_th_error(THNN_FloatSpatialFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, ind, samples),
                  "randomSamples must lie in [0, 1), got 1 at position 3");
  THFloatTensor *samplesWrong = THFloatTensor_newWithSize3d(2, 2, 2);
  THFloatTensor_fill(samplesWrong, 0.5f);
  assert_th_error(THNN_FloatSpatialFractionalMaxPooling_updateOutput(NULL, in, out, 2, 2, 2, 2, ind, samplesWrong),
                  "randomSamples must have size 1 at dimension 1");

  /* SubSampling: weight of the wrong size. */
  THFloatTensor *w3 = THFloatTensor_newWithSize1d(3);
  assert_th_error(THNN_FloatSpatialSubSampling_updateOutput(NULL, in, out, w3, NULL, 2, 2, 1, 1),
                  "SpatialSubSampling_updateOutput: weight must have 2 elements");

  /* Temporal: kernel longer than the sequence, an offset outside the window, a frame size mismatch. */
  assert_th_error(THNN_FloatTemporalMaxPooling_updateOutput(NULL, flat, out, ind, 5, 1),
                  "TemporalMaxPooling_updateOutput: output size 0 is too small for input 4 (W; kernel 5");
  THNN_FloatTemporalMaxPooling_updateOutput(NULL, flat, out, ind, 2, 2); /* [2 x 5] */
  THFloatTensor *goT = THFloatTensor_newClone(out);
  THLongTensor_data(ind)[4] = 2;
  assert_th_error(THNN_FloatTemporalMaxPooling_updateGradInput(NULL, flat, goT, gi, ind, 2, 2),
                  "indices value 2 is out of range [0, 1] at position 4");
  assert_th_error(THNN_FloatTemporalSubSampling_updateOutput(NULL, flat, out, w3, NULL, 2, 1, 4),
                  "input must have inputFrameSize = 4 features");
  assert_th_error(THNN_FloatFeatureLPPooling_updateOutput(NULL, flat, out, 2, 6, 1, true),
                  "input must have at least width = 6 features");
  assert_th_error(THNN_FloatFeatureLPPooling_updateOutput(NULL, w3, out, 2, 2, 1, true),
                  "input must be a 2D to 4D tensor, got a 1D tensor");

  /* The library keeps working. */
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, in, out, ind, 2, 2, 2, 2, 0, 0, false);
  assert_int_equal(THFloatTensor_nElement(out), 8);
  THNN_FloatSpatialMaxPooling_updateGradInput(NULL, in, go, gi, ind, 2, 2, 2, 2, 0, 0, false);
  assert_close(THFloatTensor_sumall(gi), THFloatTensor_sumall(go), 1e-5);

  THFloatTensor *all[] = {in,      out,          gi, small, flat, go,  wrong, bigger,
                          goBig,   goUnpool,     samples, samplesWrong, w3, goT, go3};
  free_all(all, 15);
  THLongTensor *longs[] = {ind, bad, badBig, uind, uindWrong, ind3};
  for (int i = 0; i < 6; i++) THLongTensor_free(longs[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_max),
      cmocka_unit_test(test_golden_avg),
      cmocka_unit_test(test_golden_adaptive),
      cmocka_unit_test(test_golden_fractional),
      cmocka_unit_test(test_golden_unpool),
      cmocka_unit_test(test_golden_temporal_max),
      cmocka_unit_test(test_golden_subsampling),
      cmocka_unit_test(test_golden_lp),
      cmocka_unit_test(test_gradcheck_max),
      cmocka_unit_test(test_gradcheck_avg),
      cmocka_unit_test(test_gradcheck_adaptive),
      cmocka_unit_test(test_gradcheck_fractional),
      cmocka_unit_test(test_gradcheck_unpool),
      cmocka_unit_test(test_gradcheck_temporal),
      cmocka_unit_test(test_gradcheck_subsampling),
      cmocka_unit_test(test_gradcheck_lp),
      cmocka_unit_test(test_output_sizes),
      cmocka_unit_test(test_nan_and_inf),
      cmocka_unit_test(test_fast_path_and_threads),
      cmocka_unit_test(test_buffers_and_layouts),
      cmocka_unit_test(test_lp_zero),
      cmocka_unit_test(test_subsampling_without_bias),
      cmocka_unit_test(test_adaptive_max_layout),
      cmocka_unit_test(test_adaptive_max_windows),
      cmocka_unit_test(test_no_max_marks),
      cmocka_unit_test(test_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
