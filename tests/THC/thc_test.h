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

/* Per type (float: THCudaTensor and THFloatTensor, double, long): thc_upload_<s> (a device copy
 * of a CPU tensor, same sizes, contiguous), thc_download_<s> (a CPU copy of a device tensor) and
 * thc_assert_<s>_matches (the device tensor has the sizes and, within tol for the float types,
 * exactly for long, the values of the TH result). */
#define THC_CLOSE_WITHIN(G, E, TOL) th_close(G, E, TOL, TOL)
#define THC_CLOSE_EXACT(G, E, TOL) ((void)(TOL), (G) == (E))
#define THC_TEST_TYPE(s, CReal, Real, FMT, CLOSE)                                                        \
  static inline TH##CReal##Tensor *thc_upload_##s(TH##Real##Tensor *t) {                                 \
    TH##CReal##Tensor *r = TH##CReal##Tensor_new(thc_state);                                             \
    TH##CReal##Tensor_resizeNd(thc_state, r, t->nDimension, t->size, NULL);                              \
    TH##CReal##Tensor_copy##Real(thc_state, r, t);                                                       \
    return r;                                                                                            \
  }                                                                                                      \
  static inline TH##Real##Tensor *thc_download_##s(TH##CReal##Tensor *t) {                               \
    TH##Real##Tensor *r = TH##Real##Tensor_new();                                                        \
    TH##Real##Tensor_resizeNd(r, t->nDimension, t->size, NULL);                                          \
    TH##Real##Tensor_copyCuda##Real(thc_state, r, t);                                                    \
    return r;                                                                                            \
  }                                                                                                      \
  static inline void thc_matches_##s(TH##CReal##Tensor *got, TH##Real##Tensor *expected, double tol) {   \
    TH##Real##Tensor *g = thc_download_##s(got);                                                         \
    if (!TH##Real##Tensor_isSameSizeAs(g, expected))                                                     \
      fail_msg("size %s, expected %s", TH##Real##Tensor_sizeDesc(g).str,                                 \
               TH##Real##Tensor_sizeDesc(expected).str);                                                 \
    TH##Real##Tensor *e = TH##Real##Tensor_newContiguous(expected);                                      \
    for (ptrdiff_t i = 0; i < TH##Real##Tensor_nElement(e); i++)                                         \
      if (!CLOSE(TH##Real##Tensor_data(g)[i], TH##Real##Tensor_data(e)[i], tol))                         \
        fail_msg("element %td: " FMT ", expected " FMT, i, TH##Real##Tensor_data(g)[i],                  \
                 TH##Real##Tensor_data(e)[i]);                                                           \
    TH##Real##Tensor_free(e);                                                                            \
    TH##Real##Tensor_free(g);                                                                            \
  }
THC_TEST_TYPE(float, Cuda, Float, "%.9g", THC_CLOSE_WITHIN)
THC_TEST_TYPE(double, CudaDouble, Double, "%.17g", THC_CLOSE_WITHIN)
THC_TEST_TYPE(long, CudaLong, Long, "%ld", THC_CLOSE_EXACT)
#define thc_assert_float_matches(GOT, EXPECTED, TOL) thc_matches_float(GOT, EXPECTED, TOL)
#define thc_assert_double_matches(GOT, EXPECTED, TOL) thc_matches_double(GOT, EXPECTED, TOL)
#define thc_assert_long_matches(GOT, EXPECTED) thc_matches_long(GOT, EXPECTED, 0)
/* A CPU rows x cols double tensor filled from f in row-major order (transposed: a transposed view
 * of a cols x rows base), and a device copy of such a tensor with the same layout. */
static inline THDoubleTensor *thc_cpu_double_2d(long rows, long cols, int transposed, double (*f)(long)) {
  THDoubleTensor *base = transposed ? THDoubleTensor_newWithSize2d(cols, rows) : THDoubleTensor_newWithSize2d(rows, cols);
  THDoubleTensor *t = transposed ? THDoubleTensor_newTranspose(base, 0, 1) : THDoubleTensor_newWithTensor(base);
  THDoubleTensor_free(base);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) THDoubleTensor_set2d(t, i, j, f(i * cols + j));
  return t;
}
static inline THCudaDoubleTensor *thc_device_double_2d(THDoubleTensor *t, int transposed) {
  if (!transposed) return thc_upload_double(t);
  THDoubleTensor *tt = THDoubleTensor_newTranspose(t, 0, 1);
  THDoubleTensor *c = THDoubleTensor_newContiguous(tt);
  THCudaDoubleTensor *g = thc_upload_double(c);
  THCudaDoubleTensor *v = THCudaDoubleTensor_newTranspose(thc_state, g, 0, 1);
  THCudaDoubleTensor_free(thc_state, g);
  THDoubleTensor_free(c);
  THDoubleTensor_free(tt);
  return v;
}
/* Frees every tensor listed: THC_FREE_CUDA(a, b, c), THC_FREE_FLOATS(x, y). */
static inline void thc_free_cuda_array(THCudaTensor **all, size_t n) {
  for (size_t i = 0; i < n; i++) THCudaTensor_free(thc_state, all[i]);
}
static inline void thc_free_float_array(THFloatTensor **all, size_t n) {
  for (size_t i = 0; i < n; i++) THFloatTensor_free(all[i]);
}
#define THC_FREE_CUDA(...) \
  thc_free_cuda_array((THCudaTensor *[]){__VA_ARGS__}, sizeof((THCudaTensor *[]){__VA_ARGS__}) / sizeof(THCudaTensor *))
#define THC_FREE_FLOATS(...) \
  thc_free_float_array((THFloatTensor *[]){__VA_ARGS__}, sizeof((THFloatTensor *[]){__VA_ARGS__}) / sizeof(THFloatTensor *))

#endif
