/* SparseLinear (COO and legacy inputs) and IndexLinear (plain and max-normalised) on the CPU and on
 * the GPU: the same outputs, gradients and parameter steps, and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A COO input [nnz x 3] of (batch, feature, value) rows: batches in [1, 3], features in [1, 8], two
 * zero values; transposed: the same values in a non-contiguous layout. */
static TTensor *TEST_(coo)(int transposed) {
  const long nnz = 10;
  TTensor *base = transposed ? T_(newWithSize2d)(3, nnz) : T_(newWithSize2d)(nnz, 3);
  TTensor *t = transposed ? T_(newTranspose)(base, 0, 1) : T_(newWithTensor)(base);
  for (long e = 0; e < nnz; e++) {
    T_(set2d)(t, e, 0, (real)(1 + (e * 7) % 3));
    T_(set2d)(t, e, 1, (real)(1 + (e * 5) % 8));
    T_(set2d)(t, e, 2, e % 4 == 3 ? 0 : (real)thcunn_uniform(71, e, -1, 1));
  }
  T_(free)(base);
  return t;
}

/* The same entries on the device, in the same layout. */
static CTensor *TEST_(device_like)(TTensor *t) {
  CTensor *c = TEST_UPLOAD(t);
  if (T_(isContiguous)(t)) return c;
  CTensor *base = C_(newWithSize2d)(thc_state, t->size[1], t->size[0]), *v = C_(newTranspose)(thc_state, base, 0, 1);
  C_(copy)(thc_state, v, c);
  C_(free)(thc_state, c), C_(free)(thc_state, base);
  return v;
}

/* A legacy input [3 x 4 x 2] of (feature, value) pairs, one zero (padding) pair. */
static TTensor *TEST_(legacy)(void) {
  TTensor *t = T_(newWithSize3d)(3, 4, 2);
  for (long i = 0; i < 12; i++) {
    T_(data)(t)[2 * i] = (real)(1 + (i * 3) % 8);
    T_(data)(t)[2 * i + 1] = i == 5 ? 0 : (real)thcunn_uniform(72, i, -1, 1);
  }
  return t;
}

/* The forward, backward and parameter steps of one input format on both sides. */
static void TEST_(sparse_case)(TTensor *input, int legacy, double weightDecay) {
  const long outDim = 5, inDim = 8;
  CTensor *cinput = TEST_(device_like)(input);
  TTensor *w = TEST_RANDOM(81, 2, outDim, inDim, 0, 0, -1, 1), *b = TEST_RANDOM(82, 1, outDim, 0, 0, 0, -1, 1);
  TTensor *gw = TEST_RANDOM(83, 2, outDim, inDim, 0, 0, -1, 1), *gb = TEST_RANDOM(84, 1, outDim, 0, 0, 0, -1, 1);
  TTensor *y = T_(new)();
  CTensor *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b), *cgw = TEST_UPLOAD(gw), *cgb = TEST_UPLOAD(gb);
  CTensor *cy = C_(new)(thc_state);
  if (legacy) {
    CPU_(SparseLinear_legacyUpdateOutput)(NULL, input, y, w, b);
    GPU_(SparseLinear_legacyUpdateOutput)(thc_state, cinput, cy, cw, cb);
  } else {
    CPU_(SparseLinear_updateOutput)(NULL, input, y, w, b);
    GPU_(SparseLinear_updateOutput)(thc_state, cinput, cy, cw, cb);
  }
  TEST_MATCHES(cy, y);
  TTensor *go = TEST_RANDOM(85, 2, y->size[0], outDim, 0, 0, -1, 1);
  CTensor *cgo = TEST_UPLOAD(go);
  if (legacy) {
    CPU_(SparseLinear_legacyAccGradParameters)(NULL, input, go, gw, gb, w, b, weightDecay, 0.5);
    GPU_(SparseLinear_legacyAccGradParameters)(thc_state, cinput, cgo, cgw, cgb, cw, cb, weightDecay, 0.5);
  } else {
    CPU_(SparseLinear_accGradParameters)(NULL, input, go, gw, gb, w, b, weightDecay, 0.5);
    GPU_(SparseLinear_accGradParameters)(thc_state, cinput, cgo, cgw, cgb, cw, cb, weightDecay, 0.5);
  }
  TEST_MATCHES(cgw, gw);
  TEST_MATCHES(cgb, gb);
  if (!legacy) {
    CPU_(SparseLinear_updateParameters)(NULL, w, b, gw, gb, input, 0.1);
    GPU_(SparseLinear_updateParameters)(thc_state, cw, cb, cgw, cgb, cinput, 0.1);
    TEST_MATCHES(cw, w);
    TEST_MATCHES(cb, b);
    CPU_(SparseLinear_zeroGradParameters)(NULL, gw, gb, input);
    GPU_(SparseLinear_zeroGradParameters)(thc_state, cgw, cgb, cinput);
    TEST_MATCHES(cgw, gw);
    TEST_MATCHES(cgb, gb);
  }
  T_(free)(w), T_(free)(b), T_(free)(gw), T_(free)(gb), T_(free)(y), T_(free)(go);
  C_(free)(thc_state, cinput), C_(free)(thc_state, cw), C_(free)(thc_state, cb), C_(free)(thc_state, cgw);
  C_(free)(thc_state, cgb), C_(free)(thc_state, cy), C_(free)(thc_state, cgo);
}

static void TEST_(sparse_linear)(void **unused) {
  TTensor *coo = TEST_(coo)(0), *cooT = TEST_(coo)(1), *legacy = TEST_(legacy)();
  TEST_(sparse_case)(coo, 0, 0);
  TEST_(sparse_case)(cooT, 0, 0.1);
  TEST_(sparse_case)(legacy, 1, 0);
  TEST_(sparse_case)(legacy, 1, 0.1);

  /* a sized output fixes the batch (4 rows, the last one the bias) */
  TTensor *w = TEST_RANDOM(91, 2, 5, 8, 0, 0, -1, 1), *b = TEST_RANDOM(92, 1, 5, 0, 0, 0, -1, 1);
  TTensor *y = T_(newWithSize2d)(4, 5);
  CTensor *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b), *cy = C_(newWithSize2d)(thc_state, 4, 5);
  CTensor *ccoo = TEST_UPLOAD(coo);
  CPU_(SparseLinear_updateOutput)(NULL, coo, y, w, b);
  GPU_(SparseLinear_updateOutput)(thc_state, ccoo, cy, cw, cb);
  TEST_MATCHES(cy, y);

  /* a feature index out of range; a 2-column input: the CPU's errors, then a valid call */
  T_(set2d)(coo, 2, 1, 9);
  CTensor *cbad = TEST_UPLOAD(coo);
  assert_same_error(CPU_(SparseLinear_updateOutput)(NULL, coo, y, w, b),
                    GPU_(SparseLinear_updateOutput)(thc_state, cbad, cy, cw, cb),
                    "feature index 9 out of range [1, 8] at entry 3");
  assert_same_error(CPU_(SparseLinear_updateOutput)(NULL, w, y, w, b),
                    GPU_(SparseLinear_updateOutput)(thc_state, cw, cy, cw, cb), "input must be a [nnz x 3] tensor");
  CPU_(SparseLinear_legacyUpdateOutput)(NULL, legacy, y, w, b);
  CTensor *clegacy = TEST_UPLOAD(legacy);
  GPU_(SparseLinear_legacyUpdateOutput)(thc_state, clegacy, cy, cw, cb);
  TEST_MATCHES(cy, y);
  T_(free)(coo), T_(free)(cooT), T_(free)(legacy), T_(free)(w), T_(free)(b), T_(free)(y);
  C_(free)(thc_state, cw), C_(free)(thc_state, cb), C_(free)(thc_state, cy), C_(free)(thc_state, ccoo);
  C_(free)(thc_state, cbad), C_(free)(thc_state, clegacy);
}

/* IndexLinear: 3 rows of sizes 2, 3, 1 over 10 features (keysOffset 1), 4 outputs, with norm (0 or 4)
 * normalisation columns; every step on both sides from the same parameters. */
static void TEST_(index_case)(long norm, int train) {
  const long outDim = 4, K = 6, keysOffset = 1;
  long keyv[6] = {3, 0, 3, 8, 5, 0}, sizev[3] = {2, 3, 1}, cumv[3] = {2, 5, 6};
  THLongTensor *keys = THLongTensor_newWithSize1d(K), *sizes = THLongTensor_newWithSize1d(3);
  THLongTensor *cum = THLongTensor_newWithSize1d(3);
  for (long i = 0; i < K; i++) THLongTensor_data(keys)[i] = keyv[i];
  for (long i = 0; i < 3; i++) THLongTensor_data(sizes)[i] = sizev[i], THLongTensor_data(cum)[i] = cumv[i];
  THCudaLongTensor *ckeys = thc_upload_long(keys), *csizes = thc_upload_long(sizes), *ccum = thc_upload_long(cum);
  TTensor *values = TEST_RANDOM(101, 1, K, 0, 0, 0, -3, 3);
  TTensor *w = TEST_RANDOM(102, 2, 10, outDim + norm, 0, 0, 0.2, 1), *b = TEST_RANDOM(103, 1, outDim, 0, 0, 0, -1, 1);
  TTensor *y = T_(new)(), *nv = T_(new)(), *gw = T_(new)(), *gb = TEST_RANDOM(104, 1, outDim, 0, 0, 0, -1, 1);
  CTensor *cvalues = TEST_UPLOAD(values), *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b), *cgb = TEST_UPLOAD(gb);
  CTensor *cy = C_(new)(thc_state), *cnv = C_(new)(thc_state), *cgw = C_(new)(thc_state);

  CPU_(IndexLinear_updateOutput)(NULL, keys, keysOffset, values, sizes, cum, y, w, b, nv, train);
  GPU_(IndexLinear_updateOutput)(thc_state, ckeys, keysOffset, cvalues, csizes, ccum, cy, cw, cb, cnv, train);
  TEST_MATCHES(cy, y);
  TEST_MATCHES(cw, w);
  if (norm) TEST_MATCHES(cnv, nv);
  TTensor *v = norm ? nv : values;
  CTensor *cv = norm ? cnv : cvalues;
  TTensor *go = TEST_RANDOM(105, 2, 3, outDim, 0, 0, -1, 1);
  CTensor *cgo = TEST_UPLOAD(go);
  CPU_(IndexLinear_accGradParameters)(NULL, keys, keysOffset, v, sizes, cum, go, gw, gb, w, b, NULL, 0, 0.5);
  GPU_(IndexLinear_accGradParameters)(thc_state, ckeys, keysOffset, cv, csizes, ccum, cgo, cgw, cgb, cw, cb, NULL, 0,
                                      0.5);
  TEST_MATCHES(cgw, gw);
  TEST_MATCHES(cgb, gb);
  CPU_(IndexLinear_updateParameters)(NULL, gw, gb, w, b, keys, cum, keysOffset, 0.01, 0.1);
  GPU_(IndexLinear_updateParameters)(thc_state, cgw, cgb, cw, cb, ckeys, ccum, keysOffset, 0.01, 0.1);
  TEST_MATCHES(cw, w);
  TEST_MATCHES(cb, b);
  CPU_(IndexLinear_accUpdateGradParameters)(NULL, keys, keysOffset, v, sizes, cum, go, w, b, 0.02, 0.3);
  GPU_(IndexLinear_accUpdateGradParameters)(thc_state, ckeys, keysOffset, cv, csizes, ccum, cgo, cw, cb, 0.02, 0.3);
  TEST_MATCHES(cw, w);
  TEST_MATCHES(cb, b);

  THLongTensor_free(keys), THLongTensor_free(sizes), THLongTensor_free(cum);
  THCudaLongTensor_free(thc_state, ckeys), THCudaLongTensor_free(thc_state, csizes);
  THCudaLongTensor_free(thc_state, ccum);
  T_(free)(values), T_(free)(w), T_(free)(b), T_(free)(y), T_(free)(nv), T_(free)(gw), T_(free)(gb), T_(free)(go);
  C_(free)(thc_state, cvalues), C_(free)(thc_state, cw), C_(free)(thc_state, cb), C_(free)(thc_state, cgb);
  C_(free)(thc_state, cy), C_(free)(thc_state, cnv), C_(free)(thc_state, cgw), C_(free)(thc_state, cgo);
}

static void TEST_(index_linear)(void **unused) {
  TEST_(index_case)(0, 1);
  TEST_(index_case)(4, 1);
  TEST_(index_case)(4, 0);

  /* cumSumSizes that disagree with sizes; a key beyond weight's rows: the CPU's errors, then a valid call */
  long keyv[3] = {1, 2, 9};
  THLongTensor *keys = THLongTensor_newWithSize1d(3), *sizes = THLongTensor_newWithSize1d(2);
  THLongTensor *cum = THLongTensor_newWithSize1d(2);
  for (long i = 0; i < 3; i++) THLongTensor_data(keys)[i] = keyv[i];
  THLongTensor_data(sizes)[0] = 1, THLongTensor_data(sizes)[1] = 2;
  THLongTensor_data(cum)[0] = 1, THLongTensor_data(cum)[1] = 2;
  TTensor *values = TEST_RANDOM(111, 1, 3, 0, 0, 0, -1, 1), *w = TEST_RANDOM(112, 2, 10, 3, 0, 0, -1, 1);
  TTensor *b = TEST_RANDOM(113, 1, 3, 0, 0, 0, -1, 1), *y = T_(new)();
  CTensor *cvalues = TEST_UPLOAD(values), *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b), *cy = C_(new)(thc_state);
  THCudaLongTensor *ckeys = thc_upload_long(keys), *csizes = thc_upload_long(sizes), *ccum = thc_upload_long(cum);
  assert_same_error(CPU_(IndexLinear_updateOutput)(NULL, keys, 0, values, sizes, cum, y, w, b, NULL, 1),
                    GPU_(IndexLinear_updateOutput)(thc_state, ckeys, 0, cvalues, csizes, ccum, cy, cw, cb, NULL, 1),
                    "sizes[2] = 2 and cumSumSizes[2] = 2 disagree");
  THLongTensor_data(cum)[1] = 3;
  THCudaLongTensor_free(thc_state, ccum);
  ccum = thc_upload_long(cum);
  assert_same_error(CPU_(IndexLinear_updateOutput)(NULL, keys, 1, values, sizes, cum, y, w, b, NULL, 1),
                    GPU_(IndexLinear_updateOutput)(thc_state, ckeys, 1, cvalues, csizes, ccum, cy, cw, cb, NULL, 1),
                    "key 9 at position 3 gives weight row 10 (keysOffset 1), outside [0, 10)");
  CPU_(IndexLinear_updateOutput)(NULL, keys, 0, values, sizes, cum, y, w, b, NULL, 1);
  GPU_(IndexLinear_updateOutput)(thc_state, ckeys, 0, cvalues, csizes, ccum, cy, cw, cb, NULL, 1);
  TEST_MATCHES(cy, y);
  THLongTensor_free(keys), THLongTensor_free(sizes), THLongTensor_free(cum);
  THCudaLongTensor_free(thc_state, ckeys), THCudaLongTensor_free(thc_state, csizes);
  THCudaLongTensor_free(thc_state, ccum);
  T_(free)(values), T_(free)(w), T_(free)(b), T_(free)(y);
  C_(free)(thc_state, cvalues), C_(free)(thc_state, cw), C_(free)(thc_state, cb), C_(free)(thc_state, cy);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_sparse_linear), cmocka_unit_test(test_Double_sparse_linear),
      cmocka_unit_test(test_Float_index_linear), cmocka_unit_test(test_Double_index_linear)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
