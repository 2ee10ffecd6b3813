/* The sparse layers: LookupTable (accGradParameters against nn.Embedding's weight gradient with
 * padding_idx and scale_grad_by_freq, renorm against F.embedding's max_norm), SparseLinear (both
 * input formats) and IndexLinear against the dense layers their inputs describe (PyTorch 1.13,
 * tests/golden/gen_sparse.py), IndexLinear's max-normalisation on a hand-computed case, the threaded
 * paths against the definitions, and bad inputs. */
#include "layer_test.h"

#define GOLDEN "sparse.txt"

static THLongTensor *gold_long(const char *name, const char *field) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", name, field);
  THDoubleTensor *d = golden_double(GOLDEN, key);
  THLongTensor *l = THLongTensor_new();
  THLongTensor_resizeNd(l, d->nDimension, d->size, NULL);
  THLongTensor_copyDouble(l, d);
  THDoubleTensor_free(d);
  return l;
}

static THFloatTensor *float_values(long n, const float *v) {
  return th_test_float(v, n, 0, 0, 0);
}

static THLongTensor *long_values(long n, const long *v) {
  THLongTensor *t = THLongTensor_newWithSize1d(n);
  memcpy(THLongTensor_data(t), v, sizeof(long) * (size_t)n);
  return t;
}

/* ------------------------------------------------------------------ LookupTable */

static void check_lookup(const char *name, bool byFreq, int padding) {
  THLongTensor *input = gold_long(name, "input"), *indices = THLongTensor_new();
  THFloatTensor *go = gold(GOLDEN, name, "gradOutput"), *expected = gold(GOLDEN, name, "gradWeight");
  THFloatTensor *gw = THFloatTensor_newWithSize2d(expected->size[0], expected->size[1]), *sorted = THFloatTensor_new();
  THIntTensor *count = THIntTensor_newWithSize1d(2);
  THFloatTensor_zero(gw);
  for (int round = 0; round < 2; round++) /* scale 1/2, twice */
    THNN_FloatLookupTable_accGradParameters(NULL, input, go, gw, count, sorted, indices, byFreq, padding, 0.5);
  assert_float_tensor_close(gw, expected, 1e-6, 1e-6);
  if (byFreq) { /* count holds each row's number of occurrences */
    assert_int_equal(count->size[0], gw->size[0]);
    for (long r = 0; r < gw->size[0]; r++) {
      int n = 0;
      for (ptrdiff_t i = 0; i < THLongTensor_nElement(input); i++) n += THLongTensor_data(input)[i] == r + 1;
      assert_int_equal(THIntTensor_get1d(count, r), n);
    }
  }
  THLongTensor_free(input);
  THLongTensor_free(indices);
  THIntTensor_free(count);
  free_floats(go, expected, gw, sorted);
}

static void test_lookup_golden(void **state) {
  check_lookup("lookup", false, 0);
  check_lookup("lookup_pad_freq", true, 5);
  check_lookup("lookup_1d", true, 1);
}

/* 3000 indices over 40 rows of 16 (OpenMP over row ranges), Double, against the definition. */
static void test_lookup_large(void **state) {
  long n = 3000, rows = 40, dim = 16;
  THLongTensor *input = THLongTensor_newWithSize2d(60, n / 60);
  for (long i = 0; i < n; i++) THLongTensor_data(input)[i] = (i * 7919) % rows + 1;
  THDoubleTensor *go = gradcheck_random(3, -1, 1, n, dim, 0, 0), *gw = THDoubleTensor_newWithSize2d(rows, dim);
  THDoubleTensor *expected = THDoubleTensor_newWithSize2d(rows, dim);
  THIntTensor *count = THIntTensor_new();
  THDoubleTensor_zero(gw);
  THDoubleTensor_zero(expected);
  int counts[40] = {0};
  for (long i = 0; i < n; i++) counts[THLongTensor_data(input)[i] - 1]++;
  for (long i = 0; i < n; i++) {
    long r = THLongTensor_data(input)[i] - 1;
    if (r == 2) continue; /* padding 3 */
    for (long j = 0; j < dim; j++)
      THDoubleTensor_data(expected)[r * dim + j] += 0.25 / counts[r] * THDoubleTensor_data(go)[i * dim + j];
  }
  THNN_DoubleLookupTable_accGradParameters(NULL, input, go, gw, count, NULL, NULL, true, 3, 0.25);
  assert_true(max_abs_diff(gw, expected) < 1e-12);
  THLongTensor_free(input);
  THIntTensor_free(count);
  free_doubles(go, gw, expected);
}

static void test_lookup_bad_inputs(void **state) {
  THLongTensor *input = gold_long("lookup", "input");
  THFloatTensor *go = gold(GOLDEN, "lookup", "gradOutput"), *gw = THFloatTensor_newWithSize2d(6, 3);
  THFloatTensor *gw5 = THFloatTensor_newWithSize2d(5, 3), *go2 = THFloatTensor_newWithSize2d(7, 3);
  THIntTensor *count = THIntTensor_new();
  THFloatTensor_zero(gw);
  /* index 6 (row 2, column 4) is out of range for 5 rows */
  assert_th_error(THNN_FloatLookupTable_accGradParameters(NULL, input, go, gw5, count, NULL, NULL, false, 0, 1),
                  "index 6 out of range [1, 5] at position [2, 4]");
  THLongTensor_data(input)[1] = 0; /* an index 0 is out of range too (paddingValue is another value) */
  assert_th_error(THNN_FloatLookupTable_accGradParameters(NULL, input, go, gw, count, NULL, NULL, false, 2, 1),
                  "index 0 out of range [1, 6] at position [1, 2]");
  THLongTensor_data(input)[1] = 5;
  assert_th_error(THNN_FloatLookupTable_accGradParameters(NULL, input, go2, gw, count, NULL, NULL, false, 0, 1),
                  "gradOutput must have 24 elements");
  assert_th_error(THNN_FloatLookupTable_accGradParameters(NULL, input, go, gw, NULL, NULL, NULL, true, 0, 1),
                  "count must not be NULL");
  THNN_FloatLookupTable_accGradParameters(NULL, input, go, gw, count, NULL, NULL, false, 0, 1);
  THFloatTensor *expected = gold(GOLDEN, "lookup", "gradWeight");
  assert_float_tensor_close(gw, expected, 1e-6, 1e-6);
  THLongTensor_free(input);
  THIntTensor_free(count);
  free_floats(go, gw, gw5, go2, expected);
}

static void check_renorm(const char *name, double maxNorm, double normType) {
  THLongTensor *idx = gold_long(name, "idx"), *idxBefore = gold_long(name, "idx");
  THFloatTensor *w = gold(GOLDEN, name, "weight");
  THNN_FloatLookupTable_renorm(NULL, idx, w, maxNorm, normType);
  assert_gold(GOLDEN, name, "weight_after", w, 1e-6);
  assert_true(THLongTensor_equal(idx, idxBefore)); /* the caller's idx is left as it was */
  THLongTensor_free(idx);
  THLongTensor_free(idxBefore);
  THFloatTensor_free(w);
}

static void test_renorm(void **state) {
  check_renorm("renorm_l2", 1.5, 2);
  check_renorm("renorm_l1", 2, 1);
  check_renorm("renorm_l3", 1.2, 3);
}

static void test_renorm_bad_inputs(void **state) {
  THLongTensor *idx = gold_long("renorm_l2", "idx"), *idx2 = THLongTensor_newWithSize2d(1, 2);
  THFloatTensor *w = gold(GOLDEN, "renorm_l2", "weight");
  THLongTensor_fill(idx2, 1);
  assert_th_error(THNN_FloatLookupTable_renorm(NULL, idx2, w, 1, 2), "idx must be a 1D tensor");
  assert_th_error(THNN_FloatLookupTable_renorm(NULL, idx, w, 1, 0), "normType must be positive");
  THLongTensor_data(idx)[3] = 7;
  assert_th_error(THNN_FloatLookupTable_renorm(NULL, idx, w, 1, 2), "index 7 out of range [1, 6] at position [4]");
  THLongTensor_data(idx)[3] = 6;
  THNN_FloatLookupTable_renorm(NULL, idx, w, 1.5, 2);
  assert_gold(GOLDEN, "renorm_l2", "weight_after", w, 1e-6);
  THLongTensor_free(idx);
  THLongTensor_free(idx2);
  THFloatTensor_free(w);
}

/* ------------------------------------------------------------------ SparseLinear */

/* The golden COO entries in the legacy layout [3 x 3 x 2], rows padded with (0, 0) pairs. */
static THFloatTensor *legacy_input(void) {
  const float v[] = {2, 0.5f, 5, 2, 3, 0, /* row 1 (feature 3 with value 0) */
                     0, 0,    0, 0, 0, 0, /* row 2: empty */
                     7, -1.5f, 1, 0.25f, 7, 0.75f};
  return th_test_float(v, 3, 3, 2, 0);
}

typedef struct {
  THFloatTensor *input, *weight, *bias, *gw, *gb, *out;
  bool legacy;
} Sparse;

static Sparse sparse_new(bool legacy) {
  Sparse s = {legacy ? legacy_input() : gold(GOLDEN, "sparselinear", "coo"), gold(GOLDEN, "sparselinear", "weight"),
              gold(GOLDEN, "sparselinear", "bias"), THFloatTensor_newWithSize2d(4, 7), THFloatTensor_newWithSize1d(4),
              THFloatTensor_new(), legacy};
  THFloatTensor_zero(s.gw);
  THFloatTensor_zero(s.gb);
  return s;
}

static void sparse_free(Sparse *s) {
  free_floats(s->input, s->weight, s->bias, s->gw, s->gb, s->out);
}

static void sparse_forward(Sparse *s) {
  if (s->legacy) THNN_FloatSparseLinear_legacyUpdateOutput(NULL, s->input, s->out, s->weight, s->bias);
  else THNN_FloatSparseLinear_updateOutput(NULL, s->input, s->out, s->weight, s->bias);
}

static void sparse_acc(Sparse *s, THFloatTensor *go, double wd, double scale) {
  if (s->legacy)
    THNN_FloatSparseLinear_legacyAccGradParameters(NULL, s->input, go, s->gw, s->gb, s->weight, s->bias, wd, scale);
  else THNN_FloatSparseLinear_accGradParameters(NULL, s->input, go, s->gw, s->gb, s->weight, s->bias, wd, scale);
}

static void check_sparse_golden(bool legacy) {
  Sparse s = sparse_new(legacy);
  THFloatTensor *go = gold(GOLDEN, "sparselinear", "gradOutput");
  sparse_forward(&s); /* unsized output */
  assert_gold(GOLDEN, "sparselinear", "output", s.out, 1e-5);
  THFloatTensor_fill(s.out, 99); /* sized, stale content */
  sparse_forward(&s);
  assert_gold(GOLDEN, "sparselinear", "output", s.out, 1e-5);
  sparse_acc(&s, go, 0, 0.5);
  sparse_acc(&s, go, 0, 0.5);
  assert_gold(GOLDEN, "sparselinear", "gradWeight", s.gw, 1e-5);
  assert_gold(GOLDEN, "sparselinear", "gradBias", s.gb, 1e-5);
  /* weight decay adds weightDecay * weight (all of it) */
  THFloatTensor_zero(s.gw);
  sparse_acc(&s, go, 0.25, 1);
  THFloatTensor *expected = gold(GOLDEN, "sparselinear", "gradWeight");
  THFloatTensor_cadd(expected, expected, 0.25f, s.weight);
  assert_float_tensor_close(s.gw, expected, 1e-5, 1e-5);
  free_floats(go, expected);
  sparse_free(&s);
}

static void test_sparselinear_golden(void **state) {
  check_sparse_golden(false);
  check_sparse_golden(true);
}

/* Features used with a non-zero value: 1, 2, 5, 7 (feature 3 only with value 0). */
static const int kUsed[7] = {1, 1, 0, 0, 1, 0, 1};

static void check_sparse_update(bool legacy) {
  Sparse s = sparse_new(legacy);
  THFloatTensor *w0 = THFloatTensor_newClone(s.weight), *b0 = THFloatTensor_newClone(s.bias);
  THFloatTensor *g = gold(GOLDEN, "sparselinear", "gradWeight"), *gb = gold(GOLDEN, "sparselinear", "gradBias");
  if (legacy) THNN_FloatSparseLinear_legacyUpdateParameters(NULL, s.weight, s.bias, g, gb, s.input, 0.5);
  else THNN_FloatSparseLinear_updateParameters(NULL, s.weight, s.bias, g, gb, s.input, 0.5);
  for (long o = 0; o < 4; o++) {
    assert_close(THFloatTensor_get1d(s.bias, o), THFloatTensor_get1d(b0, o) - 0.5 * THFloatTensor_get1d(gb, o), 1e-6);
    for (long f = 0; f < 7; f++)
      assert_close(THFloatTensor_get2d(s.weight, o, f),
                   THFloatTensor_get2d(w0, o, f) - (kUsed[f] ? 0.5 * THFloatTensor_get2d(g, o, f) : 0), 1e-6);
  }
  THFloatTensor_fill(s.gw, 1);
  THFloatTensor_fill(s.gb, 1);
  if (legacy) THNN_FloatSparseLinear_legacyZeroGradParameters(NULL, s.gw, s.gb, s.input);
  else THNN_FloatSparseLinear_zeroGradParameters(NULL, s.gw, s.gb, s.input);
  for (long o = 0; o < 4; o++) {
    assert_true(THFloatTensor_get1d(s.gb, o) == 0);
    for (long f = 0; f < 7; f++) assert_true(THFloatTensor_get2d(s.gw, o, f) == (kUsed[f] ? 0 : 1));
  }
  free_floats(w0, b0, g, gb);
  sparse_free(&s);
}

static void test_sparselinear_update_and_zero(void **state) {
  check_sparse_update(false);
  check_sparse_update(true);
}

/* 400 rows x 60 entries over 500 features into 40 outputs (OpenMP), COO entries shuffled, against
 * the dense definition in Double. */
static void test_sparselinear_large(void **state) {
  long batch = 400, per = 60, in = 500, out = 40, nnz = batch * per;
  THDoubleTensor *coo = THDoubleTensor_newWithSize2d(nnz, 3), *dense = THDoubleTensor_newWithSize2d(batch, in);
  THDoubleTensor_zero(dense);
  for (long e = 0; e < nnz; e++) {
    long k = (e * 7919) % nnz, b = k / per, f = (k * 31 + 7) % in; /* a permutation of the rows */
    double v = (double)(k % 13) / 4 - 1.5;
    THDoubleTensor_set2d(coo, e, 0, (double)(b + 1));
    THDoubleTensor_set2d(coo, e, 1, (double)(f + 1));
    THDoubleTensor_set2d(coo, e, 2, v);
    THDoubleTensor_data(dense)[b * in + f] += v;
  }
  THDoubleTensor *w = gradcheck_random(31, -1, 1, out, in, 0, 0), *b = gradcheck_random(32, -1, 1, out, 0, 0, 0);
  THDoubleTensor *y = THDoubleTensor_new(), *expected = THDoubleTensor_newWithSize2d(batch, out);
  THNN_DoubleSparseLinear_updateOutput(NULL, coo, y, w, b);
  for (long r = 0; r < batch; r++)
    for (long o = 0; o < out; o++) {
      double s = THDoubleTensor_get1d(b, o);
      for (long f = 0; f < in; f++) s += THDoubleTensor_data(dense)[r * in + f] * THDoubleTensor_get2d(w, o, f);
      THDoubleTensor_set2d(expected, r, o, s);
    }
  assert_true(max_abs_diff(y, expected) < 1e-10);
  /* gradWeight = gradOutput^T dense */
  THDoubleTensor *go = gradcheck_random(33, -1, 1, batch, out, 0, 0), *gw = THDoubleTensor_newWithSize2d(out, in);
  THDoubleTensor *gb = THDoubleTensor_newWithSize1d(out), *gwExpected = THDoubleTensor_newWithSize2d(out, in);
  THDoubleTensor_zero(gw);
  THDoubleTensor_zero(gb);
  THNN_DoubleSparseLinear_accGradParameters(NULL, coo, go, gw, gb, w, b, 0, 1);
  for (long o = 0; o < out; o++)
    for (long f = 0; f < in; f++) {
      double s = 0;
      for (long r = 0; r < batch; r++) s += THDoubleTensor_get2d(go, r, o) * THDoubleTensor_data(dense)[r * in + f];
      THDoubleTensor_set2d(gwExpected, o, f, s);
    }
  assert_true(max_abs_diff(gw, gwExpected) < 1e-10);
  free_doubles(coo, dense, w, b, y, expected, go, gw, gb, gwExpected);
}

static void test_sparselinear_bad_inputs(void **state) {
  Sparse s = sparse_new(false), l = sparse_new(true);
  THFloatTensor *go = gold(GOLDEN, "sparselinear", "gradOutput"), *bad = THFloatTensor_newWithSize2d(3, 2);
  THFloatTensor *gw3 = THFloatTensor_newWithSize2d(3, 7), *small = THFloatTensor_newWithSize2d(2, 4);
  THFloatTensor_fill(bad, 1);
  assert_th_error(THNN_FloatSparseLinear_updateOutput(NULL, bad, s.out, s.weight, s.bias),
                  "input must be a [nnz x 3] tensor");
  assert_th_error(THNN_FloatSparseLinear_legacyUpdateOutput(NULL, s.input, s.out, s.weight, s.bias),
                  "input must be a [batch x nnz x 2] tensor");
  THFloatTensor_set2d(s.input, 4, 1, 8); /* entry 5's feature */
  assert_th_error(THNN_FloatSparseLinear_updateOutput(NULL, s.input, s.out, s.weight, s.bias),
                  "feature index 8 out of range [1, 7] at entry 5");
  THFloatTensor_set2d(s.input, 4, 1, 7);
  /* a sized output fixes the batch size: batch index 3 does not fit 2 rows */
  assert_th_error(THNN_FloatSparseLinear_updateOutput(NULL, s.input, small, s.weight, s.bias),
                  "batch index 3 out of range [1, 2]");
  assert_th_error(THNN_FloatSparseLinear_accGradParameters(NULL, s.input, go, gw3, s.gb, s.weight, s.bias, 0, 1),
                  "gradWeight must have the size of weight");
  THFloatTensor_data(l.input)[0] = 0; /* legacy entry 1 (value 0.5) with feature 0 */
  assert_th_error(THNN_FloatSparseLinear_legacyAccGradParameters(NULL, l.input, go, l.gw, l.gb, l.weight, l.bias, 0, 1),
                  "feature index 0 out of range [1, 7] at entry 1");
  assert_th_error(THNN_FloatSparseLinear_zeroGradParameters(NULL, s.gw, s.gb, bad), "input must be a [nnz x 3]");
  sparse_forward(&s);
  assert_gold(GOLDEN, "sparselinear", "output", s.out, 1e-5);
  free_floats(go, bad, gw3, small);
  sparse_free(&s);
  sparse_free(&l);
}

/* ------------------------------------------------------------------ IndexLinear */

typedef struct {
  THLongTensor *keys, *sizes, *cum;
  THFloatTensor *values, *weight, *bias, *out, *nv;
} Index;

static Index index_new(void) {
  Index x = {gold_long("indexlinear", "keys"), gold_long("indexlinear", "sizes"), gold_long("indexlinear", "cumSumSizes"),
             gold(GOLDEN, "indexlinear", "values"), gold(GOLDEN, "indexlinear", "weight"),
             gold(GOLDEN, "indexlinear", "bias"), THFloatTensor_new(), THFloatTensor_new()};
  return x;
}

static void index_free(Index *x) {
  THLongTensor_free(x->keys);
  THLongTensor_free(x->sizes);
  THLongTensor_free(x->cum);
  free_floats(x->values, x->weight, x->bias, x->out, x->nv);
}

/* weight - gradWeight and bias - gradBias of the dense layer: where one step of learning rate 1 ends. */
static void assert_stepped(Index *x) {
  THFloatTensor *w = gold(GOLDEN, "indexlinear", "weight"), *g = gold(GOLDEN, "indexlinear", "gradWeight");
  THFloatTensor *b = gold(GOLDEN, "indexlinear", "bias"), *gb = gold(GOLDEN, "indexlinear", "gradBias");
  THFloatTensor_cadd(w, w, -1, g);
  THFloatTensor_cadd(b, b, -1, gb);
  assert_float_tensor_close(x->weight, w, 1e-5, 1e-5);
  assert_float_tensor_close(x->bias, b, 1e-5, 1e-5);
  free_floats(w, g, b, gb);
}

static void test_indexlinear_golden(void **state) {
  Index x = index_new();
  THFloatTensor *go = gold(GOLDEN, "indexlinear", "gradOutput"), *gw = THFloatTensor_new();
  THFloatTensor *gb = THFloatTensor_newWithSize1d(3), *buf = THFloatTensor_new();
  for (int train = 0; train < 2; train++) {
    THNN_FloatIndexLinear_updateOutput(NULL, x.keys, -1, x.values, x.sizes, x.cum, x.out, x.weight, x.bias, x.nv, train);
    assert_gold(GOLDEN, "indexlinear", "output", x.out, 1e-5);
  }
  /* the dense per-position gradient: row k = scale values[k] gradOutput[row of k] */
  THFloatTensor_zero(gb);
  THNN_FloatIndexLinear_accGradParameters(NULL, x.keys, -1, x.values, x.sizes, x.cum, go, gw, gb, x.weight, x.bias,
                                          buf, 0, 1);
  assert_int_equal(gw->size[0], 5);
  assert_int_equal(gw->size[1], 3);
  const long rowOf[5] = {0, 0, 2, 2, 2};
  for (long k = 0; k < 5; k++)
    for (long c = 0; c < 3; c++)
      assert_close(THFloatTensor_get2d(gw, k, c),
                   THFloatTensor_get1d(x.values, k) * THFloatTensor_get2d(go, rowOf[k], c), 1e-6);
  assert_gold(GOLDEN, "indexlinear", "gradBias", gb, 1e-5);
  THNN_FloatIndexLinear_updateParameters(NULL, gw, gb, x.weight, x.bias, x.keys, x.cum, -1, 0, 1);
  assert_stepped(&x);
  /* accUpdateGradParameters does both at once */
  Index y = index_new();
  THNN_FloatIndexLinear_accUpdateGradParameters(NULL, y.keys, -1, y.values, y.sizes, y.cum, go, y.weight, y.bias, 0, 1);
  assert_stepped(&y);
  free_floats(go, gw, gb, buf);
  index_free(&x);
  index_free(&y);
}

/* Weight decay applies per position: key 4 occurs twice, keys 1, 2, 6 once, keys 3, 5 never. */
static void test_indexlinear_weight_decay(void **state) {
  Index x = index_new();
  THFloatTensor *w0 = THFloatTensor_newClone(x.weight), *go = THFloatTensor_newWithSize2d(3, 3);
  THFloatTensor_zero(go);
  THNN_FloatIndexLinear_accUpdateGradParameters(NULL, x.keys, -1, x.values, x.sizes, x.cum, go, x.weight, x.bias, 0.5,
                                                1);
  const double factor[6] = {0.5, 0.5, 1, 0.25, 1, 0.5};
  for (long r = 0; r < 6; r++)
    for (long c = 0; c < 3; c++)
      assert_close(THFloatTensor_get2d(x.weight, r, c), factor[r] * THFloatTensor_get2d(w0, r, c), 1e-6);
  free_floats(w0, go);
  index_free(&x);
}

/* Max-normalisation (weight has 4 more columns: max |value|, its inverse, scale, offset), values
 * worked out by hand: keys 0-based (keysOffset 0), rows of 2 and 1 positions. */
static void test_indexlinear_normalized(void **state) {
  const float w[] = {0, 0, 0, 0, 1, 2, /* feature 0: no value seen yet */
                     2, 0.5f, 0, 0.25f, 3, -1, 0, 0, 0, 0, 0.5f, 0.5f};
  const long keys[] = {0, 1, 1}, sizes[] = {2, 1}, cum[] = {2, 3};
  const float values[] = {-4, 1, 3};
  THFloatTensor *weight = th_test_float(w, 3, 6, 0, 0), *bias = THFloatTensor_newWithSize1d(2);
  THLongTensor *k = long_values(3, keys), *sz = long_values(2, sizes), *cs = long_values(2, cum);
  THFloatTensor *v = float_values(3, values), *out = THFloatTensor_new(), *nv = THFloatTensor_new();
  THFloatTensor_zero(bias);
  THNN_FloatIndexLinear_updateOutput(NULL, k, 0, v, sz, cs, out, weight, bias, nv, 1);
  /* feature 0 takes max 4: -4 -> -1; feature 1 keeps max 2 for 1 -> 0.5 + 0.25, then takes max 3: 3 -> 1.25 */
  const float nvExpected[] = {-1, 0.75f, 1.25f}, outExpected[] = {1.25f, -2.75f, 3.75f, -1.25f};
  THFloatTensor *e1 = float_values(3, nvExpected), *e2 = th_test_float(outExpected, 2, 2, 0, 0);
  assert_float_tensor_close(nv, e1, 1e-6, 1e-6);
  assert_float_tensor_close(out, e2, 1e-6, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 0, 0), 4, 1e-7);
  assert_close(THFloatTensor_get2d(weight, 0, 1), 0.25, 1e-7);
  assert_close(THFloatTensor_get2d(weight, 1, 0), 3, 1e-7);
  assert_close(THFloatTensor_get2d(weight, 1, 1), 1.0 / 3, 1e-7);
  assert_close(THFloatTensor_get2d(weight, 1, 2), 1, 1e-7);

  /* gradients with the normalized values: per position [gradOutput, value * gradOutput] */
  const float goValues[] = {1, 0, 0, 2};
  THFloatTensor *go = th_test_float(goValues, 2, 2, 0, 0), *gw = THFloatTensor_new();
  THFloatTensor *gb = THFloatTensor_newWithSize1d(2);
  THFloatTensor_zero(gb);
  THNN_FloatIndexLinear_accGradParameters(NULL, k, 0, nv, sz, cs, go, gw, gb, weight, bias, NULL, 0, 1);
  const float gwExpected[] = {1, 0, -1, 0, 1, 0, 0.75f, 0, 0, 2, 0, 2.5f};
  THFloatTensor *e3 = th_test_float(gwExpected, 3, 4, 0, 0);
  assert_float_tensor_close(gw, e3, 1e-6, 1e-6);
  /* step 0.1: offsets move by -0.1 gradOutput . weights, weights by -0.1 value gradOutput (scale 1) */
  THNN_FloatIndexLinear_updateParameters(NULL, gw, gb, weight, bias, k, cs, 0, 0, 0.1);
  assert_close(THFloatTensor_get2d(weight, 0, 3), -0.1, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 0, 4), 1.1, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 0, 5), 2, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 1, 3), 0.15, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 1, 4), 2.925, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 1, 5), -1.25, 1e-6);
  assert_close(THFloatTensor_get1d(bias, 0), -0.1, 1e-6);
  assert_close(THFloatTensor_get1d(bias, 1), -0.2, 1e-6);
  /* evaluation: a value above the max clamps to its sign (1 + offset 0.15), without updating the max */
  const float five[] = {5};
  const long one[] = {1}, oneKey[] = {1};
  THFloatTensor *v5 = float_values(1, five);
  THLongTensor *k1 = long_values(1, oneKey), *s1 = long_values(1, one), *c1 = long_values(1, one);
  THNN_FloatIndexLinear_updateOutput(NULL, k1, 0, v5, s1, c1, out, weight, bias, nv, 0);
  assert_close(THFloatTensor_get1d(nv, 0), 1.15, 1e-6);
  assert_close(THFloatTensor_get2d(weight, 1, 0), 3, 1e-7);
  assert_close(THFloatTensor_get2d(out, 0, 0), -0.1 + 1.15 * 2.925, 1e-5);
  THLongTensor *longs[] = {k, sz, cs, k1, s1, c1};
  for (int i = 0; i < 6; i++) THLongTensor_free(longs[i]);
  free_floats(weight, bias, v, out, nv, e1, e2, go, gw, gb, e3, v5);
}

static void test_indexlinear_bad_inputs(void **state) {
  Index x = index_new();
  THFloatTensor *w5 = THFloatTensor_newWithSize2d(6, 5), *go = gold(GOLDEN, "indexlinear", "gradOutput");
  THFloatTensor *gw = THFloatTensor_new(), *gb = THFloatTensor_newWithSize1d(3);
  THFloatTensor_zero(gb);
  assert_th_error(THNN_FloatIndexLinear_updateOutput(NULL, x.keys, -1, x.values, x.sizes, x.cum, x.out, w5, x.bias, x.nv,
                                                     0),
                  "weight must have as many columns as bias has elements (3), or 4 more");
  THLongTensor_data(x.keys)[3] = 7; /* position 4 */
  assert_th_error(THNN_FloatIndexLinear_updateOutput(NULL, x.keys, -1, x.values, x.sizes, x.cum, x.out, x.weight,
                                                     x.bias, x.nv, 0),
                  "key 7 at position 4 gives weight row 6 (keysOffset -1), outside [0, 6)");
  THLongTensor_data(x.keys)[3] = 6;
  THLongTensor_data(x.cum)[1] = 3;
  assert_th_error(THNN_FloatIndexLinear_accGradParameters(NULL, x.keys, -1, x.values, x.sizes, x.cum, go, gw, gb,
                                                          x.weight, x.bias, NULL, 0, 1),
                  "sizes[2] = 0 and cumSumSizes[2] = 3 disagree");
  THLongTensor_data(x.cum)[1] = 2;
  assert_th_error(THNN_FloatIndexLinear_accUpdateGradParameters(NULL, x.keys, -1, x.values, x.sizes, x.cum, gb,
                                                                x.weight, x.bias, 0, 1),
                  "gradOutput must have 9 elements");
  assert_th_error(THNN_FloatIndexLinear_updateParameters(NULL, go, gb, x.weight, x.bias, x.keys, x.cum, -1, 0, 1),
                  "gradWeight must be [5 x 3]");
  THNN_FloatIndexLinear_updateOutput(NULL, x.keys, -1, x.values, x.sizes, x.cum, x.out, x.weight, x.bias, x.nv, 0);
  assert_gold(GOLDEN, "indexlinear", "output", x.out, 1e-5);
  free_floats(w5, go, gw, gb);
  index_free(&x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lookup_golden),
      cmocka_unit_test(test_lookup_large),
      cmocka_unit_test(test_lookup_bad_inputs),
      cmocka_unit_test(test_renorm),
      cmocka_unit_test(test_renorm_bad_inputs),
      cmocka_unit_test(test_sparselinear_golden),
      cmocka_unit_test(test_sparselinear_update_and_zero),
      cmocka_unit_test(test_sparselinear_large),
      cmocka_unit_test(test_sparselinear_bad_inputs),
      cmocka_unit_test(test_indexlinear_golden),
      cmocka_unit_test(test_indexlinear_weight_decay),
      cmocka_unit_test(test_indexlinear_normalized),
      cmocka_unit_test(test_indexlinear_bad_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
