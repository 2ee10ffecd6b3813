/* LookupTable (accGradParameters, renorm) on the CPU and on the GPU, and LookupTableBag on the GPU
 * against a reference written here from its documented semantics (THNN has no CPU kernel): bags start
 * at the 1-based offsets; mode 0 sums, mode 1 averages (an empty bag gives 0); offset2bag holds each
 * position's 1-based bag, seq_length each bag's size; the gradient of a position is its bag's
 * gradOutput row (divided by the bag's size in mode 1, by the index's frequency with scaleGradByFreq). */
#ifdef TEST_TYPE_PASS

/* A 1-based index tensor of the given values. */
static THLongTensor *TEST_(longs)(const long *v, long n) {
  THLongTensor *t = THLongTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++) THLongTensor_data(t)[i] = v[i];
  return t;
}

/* accGradParameters from the same gradWeight on both sides: input [3 x 4] (or its 12 values in 1-D),
 * gradOutput optionally non-contiguous. */
static void TEST_(acc_case)(int twoD, int byFreq, int padding, double scale, int transposedGrad) {
  const long numw = 10, dim = 7;
  THLongTensor *input = thcunn_indices(21, 12, numw);
  if (twoD) THLongTensor_resize2d(input, 3, 4);
  TTensor *gw = TEST_RANDOM(22, 2, numw, dim, 0, 0, -1, 1);
  TTensor *go = transposedGrad ? T_(new)() : TEST_RANDOM(23, 2, 12, dim, 0, 0, -1, 1);
  if (transposedGrad) {
    TTensor *t = TEST_RANDOM(23, 2, dim, 12, 0, 0, -1, 1);
    T_(transpose)(go, t, 0, 1);
    T_(free)(t);
  }
  CTensor *cgw = TEST_UPLOAD(gw), *cgo = TEST_UPLOAD(go);
  if (transposedGrad) { /* the same non-contiguous layout on the device */
    CTensor *c = C_(newWithSize2d)(thc_state, dim, 12), *ct = C_(newTranspose)(thc_state, c, 0, 1);
    C_(copy)(thc_state, ct, cgo);
    C_(free)(thc_state, cgo), C_(free)(thc_state, c);
    cgo = ct;
  }
  THCudaLongTensor *cinput = thc_upload_long(input), *ccount = THCudaLongTensor_new(thc_state);
  THCudaLongTensor *csorted = THCudaLongTensor_new(thc_state), *cidx = THCudaLongTensor_new(thc_state);
  THIntTensor *count = THIntTensor_new();

  CPU_(LookupTable_accGradParameters)(NULL, input, go, gw, count, NULL, NULL, byFreq, padding, scale);
  GPU_(LookupTable_accGradParameters)(thc_state, cinput, cgo, cgw, ccount, csorted, cidx, byFreq, padding, scale);
  TEST_MATCHES(cgw, gw);
  if (byFreq) {
    THLongTensor *expected = THLongTensor_newWithSize1d(numw);
    THLongTensor_copyInt(expected, count);
    thc_assert_long_matches(ccount, expected);
    THLongTensor_free(expected);
  }
  THLongTensor_free(input), THIntTensor_free(count), T_(free)(gw), T_(free)(go);
  THCudaLongTensor_free(thc_state, cinput), THCudaLongTensor_free(thc_state, ccount);
  THCudaLongTensor_free(thc_state, csorted), THCudaLongTensor_free(thc_state, cidx);
  C_(free)(thc_state, cgw), C_(free)(thc_state, cgo);
}

static void TEST_(acc_grad)(void **unused) {
  TEST_(acc_case)(1, 0, 0, 1, 0);
  TEST_(acc_case)(0, 1, 0, 0.5, 0);
  TEST_(acc_case)(1, 1, 3, 2, 1);
  TEST_(acc_case)(0, 0, 5, 1, 1);

  /* an index out of range: the CPU's error (position [2, 3]), then a valid call. */
  long values[6] = {1, 2, 3, 4, 5, 11};
  THLongTensor *bad = TEST_(longs)(values, 6);
  THLongTensor_resize2d(bad, 2, 3);
  TTensor *gw = TEST_RANDOM(1, 2, 10, 4, 0, 0, -1, 1), *go = TEST_RANDOM(2, 2, 6, 4, 0, 0, -1, 1);
  CTensor *cgw = TEST_UPLOAD(gw), *cgo = TEST_UPLOAD(go);
  THCudaLongTensor *cbad = thc_upload_long(bad);
  assert_same_error(CPU_(LookupTable_accGradParameters)(NULL, bad, go, gw, NULL, NULL, NULL, false, 0, 1),
                    GPU_(LookupTable_accGradParameters)(thc_state, cbad, cgo, cgw, NULL, NULL, NULL, false, 0, 1),
                    "index 11 out of range [1, 10] at position [2, 3]");
  assert_same_error(CPU_(LookupTable_accGradParameters)(NULL, bad, gw, gw, NULL, NULL, NULL, false, 0, 1),
                    GPU_(LookupTable_accGradParameters)(thc_state, cbad, cgw, cgw, NULL, NULL, NULL, false, 0, 1),
                    "gradOutput must have 24 elements");
  THLongTensor_data(bad)[5] = 10;
  THCudaLongTensor_free(thc_state, cbad);
  cbad = thc_upload_long(bad);
  CPU_(LookupTable_accGradParameters)(NULL, bad, go, gw, NULL, NULL, NULL, false, 0, 1);
  GPU_(LookupTable_accGradParameters)(thc_state, cbad, cgo, cgw, NULL, NULL, NULL, false, 0, 1);
  TEST_MATCHES(cgw, gw);
  THLongTensor_free(bad), T_(free)(gw), T_(free)(go);
  THCudaLongTensor_free(thc_state, cbad), C_(free)(thc_state, cgw), C_(free)(thc_state, cgo);
}

static void TEST_(renorm)(void **unused) {
  long values[7] = {2, 5, 2, 9, 1, 5, 10};
  THLongTensor *idx = TEST_(longs)(values, 7);
  THCudaLongTensor *cidx = thc_upload_long(idx);
  double norms[3] = {1, 2, 3};
  for (int k = 0; k < 3; k++) {
    /* contiguous, then a transposed view of a [6 x 10] table */
    TTensor *w = TEST_RANDOM(31 + k, 2, 10, 6, 0, 0, -2, 2);
    CTensor *cw = TEST_UPLOAD(w);
    CPU_(LookupTable_renorm)(NULL, idx, w, 1.5, norms[k]);
    GPU_(LookupTable_renorm)(thc_state, cidx, cw, 1.5, norms[k]);
    TEST_MATCHES(cw, w);
    TTensor *base = TEST_RANDOM(41 + k, 2, 6, 10, 0, 0, -2, 2), *wt = T_(newTranspose)(base, 0, 1);
    CTensor *cbase = TEST_UPLOAD(base), *cwt = C_(newTranspose)(thc_state, cbase, 0, 1);
    CPU_(LookupTable_renorm)(NULL, idx, wt, 2, norms[k]);
    GPU_(LookupTable_renorm)(thc_state, cidx, cwt, 2, norms[k]);
    TEST_MATCHES(cwt, wt);
    thc_assert_long_matches(cidx, idx); /* idx left as it was */
    T_(free)(w), T_(free)(base), T_(free)(wt);
    C_(free)(thc_state, cw), C_(free)(thc_state, cbase), C_(free)(thc_state, cwt);
  }
  TTensor *w = TEST_RANDOM(51, 2, 10, 6, 0, 0, -2, 2);
  CTensor *cw = TEST_UPLOAD(w);
  assert_same_error(CPU_(LookupTable_renorm)(NULL, idx, w, 1, 0), GPU_(LookupTable_renorm)(thc_state, cidx, cw, 1, 0),
                    "normType must be positive");
  THLongTensor_data(idx)[3] = 0;
  THCudaLongTensor *cbad = thc_upload_long(idx);
  assert_same_error(CPU_(LookupTable_renorm)(NULL, idx, w, 1, 2), GPU_(LookupTable_renorm)(thc_state, cbad, cw, 1, 2),
                    "index 0 out of range [1, 10] at position [4]");
  THLongTensor_data(idx)[3] = 9;
  CPU_(LookupTable_renorm)(NULL, idx, w, 1, 2);
  GPU_(LookupTable_renorm)(thc_state, cidx, cw, 1, 2);
  TEST_MATCHES(cw, w);
  T_(free)(w), C_(free)(thc_state, cw);
  THLongTensor_free(idx), THCudaLongTensor_free(thc_state, cidx), THCudaLongTensor_free(thc_state, cbad);
}

/* The reference of LookupTableBag's forward (see the top of the file). */
static TTensor *TEST_(bag_forward)(THLongTensor *input, THLongTensor *offsets, TTensor *weight, int mode,
                                   THLongTensor *offset2bag, THLongTensor *seqLength) {
  long n = THLongTensor_nElement(input), bags = THLongTensor_nElement(offsets), dim = weight->size[1];
  TTensor *out = T_(newWithSize2d)(bags, dim);
  THLongTensor_resize1d(offset2bag, n);
  THLongTensor_zero(offset2bag);
  THLongTensor_resize1d(seqLength, bags);
  for (long b = 0; b < bags; b++) {
    long begin = THLongTensor_get1d(offsets, b) - 1, end = b + 1 < bags ? THLongTensor_get1d(offsets, b + 1) - 1 : n;
    THLongTensor_set1d(seqLength, b, end - begin);
    for (long j = 0; j < dim; j++) {
      double sum = 0;
      for (long e = begin; e < end; e++) sum += T_(get2d)(weight, THLongTensor_get1d(input, e) - 1, j);
      T_(set2d)(out, b, j, (real)(mode == 1 && end > begin ? sum / (end - begin) : sum));
    }
    for (long e = begin; e < end; e++) THLongTensor_set1d(offset2bag, e, b + 1);
  }
  return out;
}

/* The reference of LookupTableBag's accGradParameters. */
static void TEST_(bag_backward)(THLongTensor *input, TTensor *gradOutput, TTensor *gradWeight,
                                THLongTensor *offset2bag, THLongTensor *seqLength, int mode, int byFreq,
                                double scale) {
  long n = THLongTensor_nElement(input), dim = gradWeight->size[1];
  for (long i = 0; i < n; i++) {
    long row = THLongTensor_get1d(input, i) - 1, bag = THLongTensor_get1d(offset2bag, i) - 1, freq = 0;
    if (bag < 0) continue;
    for (long q = 0; q < n; q++) freq += THLongTensor_get1d(input, q) == row + 1;
    double s = byFreq ? scale / freq : scale;
    if (mode == 1) s /= THLongTensor_get1d(seqLength, bag);
    for (long j = 0; j < dim; j++)
      T_(set2d)(gradWeight, row, j, T_(get2d)(gradWeight, row, j) + (real)(s * T_(get2d)(gradOutput, bag, j)));
  }
}

static void TEST_(bag)(void **unused) {
  long offv[4] = {1, 3, 3, 7};
  THLongTensor *input = thcunn_indices(61, 9, 10), *offsets = TEST_(longs)(offv, 4);
  THCudaLongTensor *cinput = thc_upload_long(input), *coffsets = thc_upload_long(offsets);
  for (int mode = 0; mode < 2; mode++)
    for (int byFreq = 0; byFreq < 2; byFreq++) {
      /* weight: a transposed view of a [5 x 10] tensor */
      TTensor *base = TEST_RANDOM(62, 2, 5, 10, 0, 0, -1, 1), *w = T_(newTranspose)(base, 0, 1);
      CTensor *cbase = TEST_UPLOAD(base), *cw = C_(newTranspose)(thc_state, cbase, 0, 1);
      THLongTensor *o2b = THLongTensor_new(), *len = THLongTensor_new();
      TTensor *out = TEST_(bag_forward)(input, offsets, w, mode, o2b, len);
      CTensor *cout = C_(new)(thc_state);
      THCudaLongTensor *co2b = THCudaLongTensor_new(thc_state), *clen = THCudaLongTensor_new(thc_state);
      GPU_(LookupTableBag_updateOutput)(thc_state, cinput, coffsets, cw, cout, co2b, mode, clen);
      TEST_MATCHES(cout, out);
      thc_assert_long_matches(co2b, o2b);
      thc_assert_long_matches(clen, len);

      TTensor *go = TEST_RANDOM(63, 2, 4, 5, 0, 0, -1, 1), *gw = TEST_RANDOM(64, 2, 10, 5, 0, 0, -1, 1);
      CTensor *cgo = TEST_UPLOAD(go), *cgw = TEST_UPLOAD(gw);
      THCudaLongTensor *ccount = THCudaLongTensor_new(thc_state);
      TEST_(bag_backward)(input, go, gw, o2b, len, mode, byFreq, 0.5);
      GPU_(LookupTableBag_accGradParameters)(thc_state, cinput, cgo, cgw, co2b, ccount, NULL, NULL, byFreq, mode,
                                             clen, 0.5);
      TEST_MATCHES(cgw, gw);
      T_(free)(base), T_(free)(w), T_(free)(out), T_(free)(go), T_(free)(gw);
      THLongTensor_free(o2b), THLongTensor_free(len);
      C_(free)(thc_state, cbase), C_(free)(thc_state, cw), C_(free)(thc_state, cout);
      C_(free)(thc_state, cgo), C_(free)(thc_state, cgw);
      THCudaLongTensor_free(thc_state, co2b), THCudaLongTensor_free(thc_state, clen);
      THCudaLongTensor_free(thc_state, ccount);
    }

  /* bad input: an unknown mode, an index out of range; then a valid call */
  CTensor *cw = C_(newWithSize2d)(thc_state, 10, 5), *cout = C_(new)(thc_state);
  C_(zero)(thc_state, cw);
  THCudaLongTensor *co2b = THCudaLongTensor_new(thc_state), *clen = THCudaLongTensor_new(thc_state);
  assert_thc_error(GPU_(LookupTableBag_updateOutput)(thc_state, cinput, coffsets, cw, cout, co2b, 2, clen),
                   "mode must be 0 (sum) or 1 (mean), got 2");
  THLongTensor_data(input)[4] = 11;
  THCudaLongTensor *cbad = thc_upload_long(input);
  assert_thc_error(GPU_(LookupTableBag_updateOutput)(thc_state, cbad, coffsets, cw, cout, co2b, 0, clen),
                   "index 11 out of range [1, 10] at position [5]");
  GPU_(LookupTableBag_updateOutput)(thc_state, cinput, coffsets, cw, cout, co2b, 0, clen);
  TTensor *zeros = T_(newWithSize2d)(4, 5);
  T_(zero)(zeros);
  TEST_MATCHES(cout, zeros);
  T_(free)(zeros);
  C_(free)(thc_state, cw), C_(free)(thc_state, cout);
  THCudaLongTensor_free(thc_state, co2b), THCudaLongTensor_free(thc_state, clen);
  THCudaLongTensor_free(thc_state, cbad), THCudaLongTensor_free(thc_state, cinput);
  THCudaLongTensor_free(thc_state, coffsets);
  THLongTensor_free(input), THLongTensor_free(offsets);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_Float_acc_grad), cmocka_unit_test(test_Double_acc_grad),
      cmocka_unit_test(test_Float_renorm),   cmocka_unit_test(test_Double_renorm),
      cmocka_unit_test(test_Float_bag),      cmocka_unit_test(test_Double_bag)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
