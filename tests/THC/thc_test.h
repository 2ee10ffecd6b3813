#ifndef EMBER_THC_TEST_H
#define EMBER_THC_TEST_H
/* Shared by the THC test programs: each compares THC with TH on the same input. Without a CUDA
 * device a program prints "skipped: no CUDA device" and passes (CI machines have none). */
#include <stdio.h>
#include "th_test.h"
#include "THC.h"

static THCState *thc_state;

/* Like assert_th_error, for the functions that have no guarded wrapper (THCState_*, THCudaMalloc,
 * THCudaCheck): the error handler longjmps back here. */
static jmp_buf thc_error_env;
static char thc_error_message[1024];
static void thc_error_handler(const char *msg, void *data) {
  (void)data;
  snprintf(thc_error_message, sizeof thc_error_message, "%s", msg);
  longjmp(thc_error_env, 1);
}
#define assert_thc_error(CALL, SUBSTR)                                                        \
  do {                                                                                        \
    thc_error_message[0] = 0;                                                                 \
    THSetErrorHandler(thc_error_handler, NULL);                                               \
    if (!setjmp(thc_error_env)) {                                                             \
      CALL;                                                                                   \
      THSetErrorHandler(NULL, NULL);                                                          \
      fail_msg("expected an error containing \"%s\" from %s", SUBSTR, #CALL);                 \
    }                                                                                         \
    THSetErrorHandler(NULL, NULL);                                                            \
    if (!strstr(thc_error_message, SUBSTR))                                                   \
      fail_msg("the error \"%s\" of %s does not contain \"%s\"", thc_error_message, #CALL, SUBSTR); \
  } while (0)

/* Call first in main(): exits 0 saying so when no device is usable, else sets up thc_state. */
static inline void thc_test_init(void) {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
    cudaGetLastError();
    printf("skipped: no CUDA device\n");
    exit(0);
  }
  thc_state = THCState_alloc();
  THCudaInit(thc_state);
}

static inline void thc_test_shutdown(void) {
  THCudaShutdown(thc_state);
  THCState_free(thc_state);
}

/* Device copies of CPU tensors (same sizes, contiguous), and CPU copies of device tensors. */
static inline THCudaTensor *thc_upload_float(THFloatTensor *t) {
  THCudaTensor *r = THCudaTensor_new(thc_state);
  THCudaTensor_resizeNd(thc_state, r, t->nDimension, t->size, NULL);
  THCudaTensor_copyFloat(thc_state, r, t);
  return r;
}
static inline THFloatTensor *thc_download_float(THCudaTensor *t) {
  THFloatTensor *r = THFloatTensor_new();
  THFloatTensor_resizeNd(r, t->nDimension, t->size, NULL);
  THFloatTensor_copyCudaFloat(thc_state, r, t);
  return r;
}
static inline THCudaDoubleTensor *thc_upload_double(THDoubleTensor *t) {
  THCudaDoubleTensor *r = THCudaDoubleTensor_new(thc_state);
  THCudaDoubleTensor_resizeNd(thc_state, r, t->nDimension, t->size, NULL);
  THCudaDoubleTensor_copyDouble(thc_state, r, t);
  return r;
}
static inline THDoubleTensor *thc_download_double(THCudaDoubleTensor *t) {
  THDoubleTensor *r = THDoubleTensor_new();
  THDoubleTensor_resizeNd(r, t->nDimension, t->size, NULL);
  THDoubleTensor_copyCudaDouble(thc_state, r, t);
  return r;
}
static inline THCudaLongTensor *thc_upload_long(THLongTensor *t) {
  THCudaLongTensor *r = THCudaLongTensor_new(thc_state);
  THCudaLongTensor_resizeNd(thc_state, r, t->nDimension, t->size, NULL);
  THCudaLongTensor_copyLong(thc_state, r, t);
  return r;
}
static inline THLongTensor *thc_download_long(THCudaLongTensor *t) {
  THLongTensor *r = THLongTensor_new();
  THLongTensor_resizeNd(r, t->nDimension, t->size, NULL);
  THLongTensor_copyCudaLong(thc_state, r, t);
  return r;
}

/* Asserts that a device tensor has the sizes and (within tol) the values of the TH result. */
static inline void thc_assert_float_matches(THCudaTensor *got, THFloatTensor *expected, double tol) {
  THFloatTensor *g = thc_download_float(got);
  if (!THFloatTensor_isSameSizeAs(g, expected))
    fail_msg("size %s, expected %s", THFloatTensor_sizeDesc(g).str, THFloatTensor_sizeDesc(expected).str);
  THFloatTensor *e = THFloatTensor_newContiguous(expected);
  for (ptrdiff_t i = 0; i < THFloatTensor_nElement(e); i++)
    if (!th_close(THFloatTensor_data(g)[i], THFloatTensor_data(e)[i], tol, tol))
      fail_msg("element %td: %.9g, expected %.9g", i, THFloatTensor_data(g)[i], THFloatTensor_data(e)[i]);
  THFloatTensor_free(e);
  THFloatTensor_free(g);
}
static inline void thc_assert_double_matches(THCudaDoubleTensor *got, THDoubleTensor *expected, double tol) {
  THDoubleTensor *g = thc_download_double(got);
  if (!THDoubleTensor_isSameSizeAs(g, expected))
    fail_msg("size %s, expected %s", THDoubleTensor_sizeDesc(g).str, THDoubleTensor_sizeDesc(expected).str);
  THDoubleTensor *e = THDoubleTensor_newContiguous(expected);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(e); i++)
    if (!th_close(THDoubleTensor_data(g)[i], THDoubleTensor_data(e)[i], tol, tol))
      fail_msg("element %td: %.17g, expected %.17g", i, THDoubleTensor_data(g)[i], THDoubleTensor_data(e)[i]);
  THDoubleTensor_free(e);
  THDoubleTensor_free(g);
}
static inline void thc_assert_long_matches(THCudaLongTensor *got, THLongTensor *expected) {
  THLongTensor *g = thc_download_long(got);
  if (!THLongTensor_isSameSizeAs(g, expected))
    fail_msg("size %s, expected %s", THLongTensor_sizeDesc(g).str, THLongTensor_sizeDesc(expected).str);
  THLongTensor *e = THLongTensor_newContiguous(expected);
  for (ptrdiff_t i = 0; i < THLongTensor_nElement(e); i++)
    if (THLongTensor_data(g)[i] != THLongTensor_data(e)[i])
      fail_msg("element %td: %ld, expected %ld", i, THLongTensor_data(g)[i], THLongTensor_data(e)[i]);
  THLongTensor_free(e);
  THLongTensor_free(g);
}
#endif
