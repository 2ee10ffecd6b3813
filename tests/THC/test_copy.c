/* Copies: every pair of types host -> device -> device -> host gives what TH's own conversions give;
 * non-contiguous sources and destinations on either side; storages; the asynchronous forms; size
 * mismatches are errors. */
#include "thc_test.h"

/* Values that every type holds exactly (0 to 99: Byte is unsigned), so that every conversion is exact. */
static THDoubleTensor *sample(void) {
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(5, 7);
  for (long i = 0; i < 35; i++) THDoubleTensor_data(t)[i] = (double)((i * 37) % 100);
  return t;
}

/* src (double, host) -> host Real A -> device A -> device B -> host Double, compared with src. */
#define DEVICE_PAIR(A, CA, NA, B, CB)                                                                 \
  {                                                                                             \
    TH##A##Tensor *ha = TH##A##Tensor_newWithSize2d(5, 7);                                      \
    TH##A##Tensor_copyDouble(ha, src);                                                          \
    TH##CA##Tensor *da = TH##CA##Tensor_newWithSize2d(thc_state, 5, 7);                         \
    TH##CA##Tensor_copy##A(thc_state, da, ha);                                                  \
    TH##CB##Tensor *db = TH##CB##Tensor_newWithSize2d(thc_state, 5, 7);                         \
    TH##CB##Tensor_copy##NA(thc_state, db, da);                                                 \
    THDoubleTensor *back = THDoubleTensor_newWithSize2d(5, 7);                                  \
    THDoubleTensor_copyCuda##B(thc_state, back, db);                                            \
    for (long i = 0; i < 35; i++)                                                               \
      if (THDoubleTensor_data(back)[i] != THDoubleTensor_data(src)[i])                          \
        fail_msg(#A " -> " #B ": element %ld is %g, expected %g", i, THDoubleTensor_data(back)[i], \
                 THDoubleTensor_data(src)[i]);                                                  \
    THDoubleTensor_free(back);                                                                  \
    TH##CB##Tensor_free(thc_state, db);                                                         \
    TH##CA##Tensor_free(thc_state, da);                                                         \
    TH##A##Tensor_free(ha);                                                                     \
  }
/* NA: the copy's name for the device type A (THCudaTensor is CudaFloat there). */
#define PAIRS_FROM(A, CA, NA)                     \
  DEVICE_PAIR(A, CA, NA, Byte, CudaByte)          \
  DEVICE_PAIR(A, CA, NA, Char, CudaChar)          \
  DEVICE_PAIR(A, CA, NA, Short, CudaShort)        \
  DEVICE_PAIR(A, CA, NA, Int, CudaInt)            \
  DEVICE_PAIR(A, CA, NA, Long, CudaLong)          \
  DEVICE_PAIR(A, CA, NA, Float, Cuda)             \
  DEVICE_PAIR(A, CA, NA, Double, CudaDouble)

static void test_every_type_pair_round_trips(void **unused) {
  THDoubleTensor *src = sample();
  PAIRS_FROM(Byte, CudaByte, CudaByte)
  PAIRS_FROM(Char, CudaChar, CudaChar)
  PAIRS_FROM(Short, CudaShort, CudaShort)
  PAIRS_FROM(Int, CudaInt, CudaInt)
  PAIRS_FROM(Long, CudaLong, CudaLong)
  PAIRS_FROM(Float, Cuda, CudaFloat)
  PAIRS_FROM(Double, CudaDouble, CudaDouble)
  THDoubleTensor_free(src);
}

/* Conversions that are not exact (fractions to integers) truncate as TH's copies do. */
static void test_conversions_match_TH(void **unused) {
  THDoubleTensor *h = THDoubleTensor_newWithSize1d(6);
  double v[6] = {2.75, -2.75, 0.5, -0.5, 100.9, -100.9};
  for (int i = 0; i < 6; i++) THDoubleTensor_data(h)[i] = v[i];
  THCudaDoubleTensor *d = thc_upload_double(h);
  THCudaLongTensor *dl = THCudaLongTensor_newWithSize1d(thc_state, 6);
  THCudaLongTensor_copyCudaDouble(thc_state, dl, d);
  THLongTensor *expected = THLongTensor_newWithSize1d(6);
  THLongTensor_copyDouble(expected, h);
  thc_assert_long_matches(dl, expected);
  /* and double -> float on the device as on the host */
  THCudaTensor *df = THCudaTensor_newWithSize1d(thc_state, 6);
  THCudaTensor_copyCudaDouble(thc_state, df, d);
  THFloatTensor *ef = THFloatTensor_newWithSize1d(6);
  THFloatTensor_copyDouble(ef, h);
  thc_assert_float_matches(df, ef, 0);
  THFloatTensor_free(ef);
  THCudaTensor_free(thc_state, df);
  THLongTensor_free(expected);
  THCudaLongTensor_free(thc_state, dl);
  THCudaDoubleTensor_free(thc_state, d);
  THDoubleTensor_free(h);
}

static void test_non_contiguous_copies(void **unused) {
  THDoubleTensor *h = sample();
  THDoubleTensor *ht = THDoubleTensor_newTranspose(h, 0, 1); /* 7x5, strides 1, 7 */
  /* host non-contiguous -> device contiguous */
  THCudaDoubleTensor *d = THCudaDoubleTensor_newWithSize2d(thc_state, 7, 5);
  THCudaDoubleTensor_copyDouble(thc_state, d, ht);
  thc_assert_double_matches(d, ht, 0);
  /* host -> device non-contiguous (a transposed destination) */
  THCudaDoubleTensor *full = THCudaDoubleTensor_newWithSize2d(thc_state, 5, 7);
  THCudaDoubleTensor *fullT = THCudaDoubleTensor_newTranspose(thc_state, full, 0, 1);
  THCudaDoubleTensor_copyDouble(thc_state, fullT, ht);
  thc_assert_double_matches(full, h, 0);
  /* device non-contiguous -> host non-contiguous, and a cross-type one */
  THDoubleTensor *back = THDoubleTensor_newWithSize2d(5, 7);
  THDoubleTensor *backT = THDoubleTensor_newTranspose(back, 0, 1);
  THDoubleTensor_copyCudaDouble(thc_state, backT, fullT);
  for (long i = 0; i < 35; i++) assert_true(THDoubleTensor_data(back)[i] == THDoubleTensor_data(h)[i]);
  THIntTensor *ib = THIntTensor_newWithSize2d(7, 5);
  THIntTensor_copyCudaDouble(thc_state, ib, fullT);
  THIntTensor *ie = THIntTensor_newWithSize2d(7, 5);
  THIntTensor_copyDouble(ie, ht);
  assert_true(THIntTensor_equal(ib, ie));
  /* device -> device between a narrowed view and a transposed one */
  THCudaDoubleTensor *nar = THCudaDoubleTensor_newNarrow(thc_state, full, 1, 2, 5); /* 5x5 */
  THCudaDoubleTensor *sq = THCudaDoubleTensor_newWithSize2d(thc_state, 5, 5);
  THCudaDoubleTensor *sqT = THCudaDoubleTensor_newTranspose(thc_state, sq, 0, 1);
  THCudaDoubleTensor_copy(thc_state, sqT, nar);
  THDoubleTensor *hn = THDoubleTensor_newNarrow(h, 1, 2, 5);
  thc_assert_double_matches(sqT, hn, 0);
  THDoubleTensor_free(hn);
  THCudaDoubleTensor_free(thc_state, sqT);
  THCudaDoubleTensor_free(thc_state, sq);
  THCudaDoubleTensor_free(thc_state, nar);
  THIntTensor_free(ie);
  THIntTensor_free(ib);
  THDoubleTensor_free(backT);
  THDoubleTensor_free(back);
  THCudaDoubleTensor_free(thc_state, fullT);
  THCudaDoubleTensor_free(thc_state, full);
  THCudaDoubleTensor_free(thc_state, d);
  THDoubleTensor_free(ht);
  THDoubleTensor_free(h);
}

static void test_storage_copies(void **unused) {
  THLongStorage *hs = THLongStorage_newWithSize(9);
  for (int i = 0; i < 9; i++) hs->data[i] = i * 1000 - 4000;
  THCudaLongStorage *ds = THCudaLongStorage_newWithSize(thc_state, 9);
  THCudaLongStorage_copyLong(thc_state, ds, hs);
  THCudaDoubleStorage *dd = THCudaDoubleStorage_newWithSize(thc_state, 9);
  THCudaDoubleStorage_copyCudaLong(thc_state, dd, ds);
  THFloatStorage *hf = THFloatStorage_newWithSize(9);
  THFloatStorage_copyCudaDouble(thc_state, hf, dd);
  for (int i = 0; i < 9; i++) assert_true(hf->data[i] == (float)hs->data[i]);
  THCudaLongStorage *ds2 = THCudaLongStorage_newWithSize(thc_state, 9);
  THCudaLongStorage_copy(thc_state, ds2, ds);
  THLongStorage *back = THLongStorage_newWithSize(9);
  THLongStorage_copyCudaLong(thc_state, back, ds2);
  for (int i = 0; i < 9; i++) assert_int_equal(back->data[i], hs->data[i]);
  THCudaLongStorage *small = THCudaLongStorage_newWithSize(thc_state, 8);
  assert_th_error(THCudaLongStorage_copy(thc_state, small, ds), "size mismatch");
  assert_th_error(THCudaLongStorage_copyLong(thc_state, small, hs), "size mismatch");
  THCudaLongStorage_free(thc_state, small);
  THLongStorage_free(back);
  THCudaLongStorage_free(thc_state, ds2);
  THFloatStorage_free(hf);
  THCudaDoubleStorage_free(thc_state, dd);
  THCudaLongStorage_free(thc_state, ds);
  THLongStorage_free(hs);
}

static void test_async_copies(void **unused) {
  THAllocator *pinned = THCState_getCudaHostAllocator(thc_state);
  THFloatStorage *ps = THFloatStorage_newWithAllocator(64, pinned, NULL);
  THFloatTensor *h = THFloatTensor_newWithStorage1d(ps, 0, 64, 1);
  for (int i = 0; i < 64; i++) THFloatTensor_data(h)[i] = (float)i / 4;
  THCudaTensor *d = THCudaTensor_newWithSize1d(thc_state, 64);
  THCudaTensor_copyAsyncCPU(thc_state, d, h);
  THFloatTensor *r = THFloatTensor_newWithSize1d(64);
  THFloatTensor_copyAsyncCuda(thc_state, r, d);
  assert_int_equal(cudaStreamSynchronize(THCState_getCurrentStream(thc_state)), cudaSuccess);
  for (int i = 0; i < 64; i++) assert_true(THFloatTensor_data(r)[i] == (float)i / 4);
  THCudaTensor *m = THCudaTensor_newWithSize2d(thc_state, 8, 8);
  THCudaTensor *mt = THCudaTensor_newTranspose(thc_state, m, 0, 1);
  assert_th_error(THCudaTensor_copyAsyncCPU(thc_state, mt, h), "contiguous");
  THCudaTensor_free(thc_state, mt);
  THCudaTensor_free(thc_state, m);
  THFloatTensor_free(r);
  THCudaTensor_free(thc_state, d);
  THFloatTensor_free(h);
  THFloatStorage_free(ps);
}

/* Half host tensors (TH has them; CUDA Half tensors ember has not): converted on the host. */
static void test_half_host_copies(void **unused) {
  THFloatTensor *values = THFloatTensor_newWithSize2d(3, 4);
  for (int i = 0; i < 12; i++) THFloatTensor_data(values)[i] = (float)(i - 5) * 0.25f; /* exact in Half */
  THHalfTensor *half = THHalfTensor_newWithSize2d(3, 4);
  THHalfTensor_copyFloat(half, values);
  THCudaTensor *d = THCudaTensor_newWithSize2d(thc_state, 3, 4);
  THCudaTensor_copyHalf(thc_state, d, half);
  thc_assert_float_matches(d, values, 0);
  THCudaTensor_mul(thc_state, d, d, 2);
  THHalfTensor *back = THHalfTensor_newWithSize2d(3, 4);
  THHalfTensor_copyCudaFloat(thc_state, back, d);
  THFloatTensor *got = THFloatTensor_newWithSize2d(3, 4);
  THFloatTensor_copyHalf(got, back);
  for (int i = 0; i < 12; i++) assert_true(THFloatTensor_data(got)[i] == 2 * THFloatTensor_data(values)[i]);
  THFloatTensor_free(got);
  THHalfTensor_free(back);
  THCudaTensor_free(thc_state, d);
  THHalfTensor_free(half);
  THFloatTensor_free(values);
}

static void test_bad_copies(void **unused) {
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 5);
  THCudaTensor *b = THCudaTensor_newWithSize1d(thc_state, 6);
  THFloatTensor *h = THFloatTensor_newWithSize1d(6);
  THFloatTensor_zero(h);
  assert_th_error(THCudaTensor_copy(thc_state, a, b), "elements");
  assert_th_error(THCudaTensor_copyFloat(thc_state, a, h), "elements");
  assert_th_error(THCudaTensor_copyInt(thc_state, a, (THIntTensor *)NULL), "is NULL");
  /* any non-NULL pointer: there is no CUDA Half tensor to pass */
  assert_th_error(THCudaTensor_copyCudaHalf(thc_state, a, (struct THCudaHalfTensor *)b), "no Half");
  /* still usable */
  THCudaTensor_copyFloat(thc_state, b, h);
  thc_assert_float_matches(b, h, 0);
  THFloatTensor_free(h);
  THCudaTensor_free(thc_state, b);
  THCudaTensor_free(thc_state, a);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_type_pair_round_trips), cmocka_unit_test(test_conversions_match_TH),
      cmocka_unit_test(test_non_contiguous_copies),       cmocka_unit_test(test_storage_copies),
      cmocka_unit_test(test_async_copies),                cmocka_unit_test(test_half_host_copies),
      cmocka_unit_test(test_bad_copies),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
