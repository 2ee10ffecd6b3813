/* THCState: devices, streams, cuBLAS handles, CUDA error reporting. */
#include "thc_test.h"

static void test_devices(void **unused) {
  int n = THCState_getNumDevices(thc_state);
  assert_true(n > 0);
  int device = THCState_getCurrentDevice(thc_state);
  assert_true(device >= 0 && device < n);
  THCState_setCurrentDevice(thc_state, device);
  assert_int_equal(THCState_getCurrentDevice(thc_state), device);
  assert_thc_error(THCState_setCurrentDevice(thc_state, n), "does not exist");
  assert_thc_error(THCState_setCurrentDevice(thc_state, -1), "does not exist");
  assert_int_equal(THCState_getCurrentDevice(thc_state), device);
  struct cudaDeviceProp *p = THCState_getCurrentDeviceProperties(thc_state);
  assert_non_null(p);
  assert_true(p->multiProcessorCount > 0);
  /* Cached: the same record every time. */
  assert_ptr_equal(p, THCState_getCurrentDeviceProperties(thc_state));
}

static void test_streams(void **unused) {
  int device = THCState_getCurrentDevice(thc_state);
  assert_int_equal(THCState_getCurrentStreamIndex(thc_state), 0);
  assert_null(THCState_getDeviceStream(thc_state, device, 0));
  assert_thc_error(THCState_setCurrentStreamIndex(thc_state, 1), "out of range");
  THCState_reserveStreams(thc_state, 2, 1);
  assert_true(THCState_getNumStreams(thc_state) >= 2);
  cudaStream_t s1 = THCState_getDeviceStream(thc_state, device, 1);
  cudaStream_t s2 = THCState_getDeviceStream(thc_state, device, 2);
  assert_non_null(s1);
  assert_true(s1 != s2);
  THCState_setCurrentStreamIndex(thc_state, 2);
  assert_int_equal(THCState_getCurrentStreamIndex(thc_state), 2);
  assert_ptr_equal(THCState_getCurrentStream(thc_state), s2);
  assert_ptr_equal(THCState_getCurrentStreamOnDevice(thc_state, device), s2);

  /* Work on a user stream gives the same values. */
  THFloatTensor *a = THFloatTensor_newWithSize2d(3, 5);
  for (long i = 0; i < 15; i++) THFloatTensor_data(a)[i] = (float)i - 7;
  THCudaTensor *d = thc_upload_float(a);
  THCudaTensor_set2d(thc_state, d, 1, 2, 42.0f);
  THFloatTensor_set2d(a, 1, 2, 42.0f);
  thc_assert_float_matches(d, a, 0);
  THCudaTensor_free(thc_state, d);
  THFloatTensor_free(a);

  THCState_setCurrentStreamIndex(thc_state, 0);
  assert_null(THCState_getCurrentStream(thc_state));
  assert_thc_error(THCState_getDeviceStream(thc_state, device, THCState_getNumStreams(thc_state) + 1),
                   "out of range");
}

static void test_blas_handles(void **unused) {
  int device = THCState_getCurrentDevice(thc_state);
  assert_int_equal(THCState_getCurrentBlasHandleIndex(thc_state), 1);
  cublasHandle_t h1 = THCState_getCurrentBlasHandle(thc_state);
  assert_non_null(h1);
  assert_ptr_equal(THCState_getDeviceBlasHandle(thc_state, device, 1), h1);
  assert_thc_error(THCState_getDeviceBlasHandle(thc_state, device, 0), "out of range");
  THCState_reserveBlasHandles(thc_state, 2);
  assert_int_equal(THCState_getNumBlasHandles(thc_state), 2);
  THCState_setCurrentBlasHandleIndex(thc_state, 2);
  cublasHandle_t h2 = THCState_getCurrentBlasHandle(thc_state);
  assert_true(h2 != h1);
  /* Handed out bound to the current stream. */
  cudaStream_t bound = (cudaStream_t)1;
  assert_int_equal(cublasGetStream(h2, &bound), CUBLAS_STATUS_SUCCESS);
  assert_ptr_equal(bound, THCState_getCurrentStream(thc_state));
  THCState_setCurrentBlasHandleIndex(thc_state, 1);
  assert_thc_error(THCState_setCurrentBlasHandleIndex(thc_state, 3), "out of range");
}

static void test_cuda_errors_are_reported(void **unused) {
  /* A host pointer where a device one belongs: the allocator refuses it, the check names the error
   * and the call. */
  float host[4];
  assert_thc_error(THCudaCheck(THCudaFree(thc_state, host)), "cudaErrorInvalidDevicePointer");
  assert_thc_error(THCudaCheck(THCudaFree(thc_state, host)), "THCudaFree(thc_state, host)");
  assert_thc_error(THCudaCheck(cudaSetDevice(-1)), "cudaErrorInvalidDevice");
  assert_thc_error(THCublasCheck(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE");
  /* The error was cleared: CUDA and the state still work. */
  assert_int_equal(cudaGetLastError(), cudaSuccess);
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, 4);
  THCudaTensor_set1d(thc_state, t, 3, 1.5f);
  assert_true(THCudaTensor_get1d(thc_state, t, 3) == 1.5f);
  THCudaTensor_free(thc_state, t);
}

static void test_malloc_and_mem_info(void **unused) {
  void *p = NULL;
  assert_int_equal(THCudaMalloc(thc_state, &p, 1000), cudaSuccess);
  assert_non_null(p);
  assert_int_equal(cudaMemset(p, 0, 1000), cudaSuccess);
  assert_int_equal(THCudaFree(thc_state, p), cudaSuccess);
  size_t freeBytes = 0, totalBytes = 0;
  assert_int_equal(THCudaMemGetInfo(thc_state, &freeBytes, &totalBytes), cudaSuccess);
  assert_true(totalBytes > 0 && freeBytes <= totalBytes);
}

static void test_pinned_host_allocator(void **unused) {
  THAllocator *a = THCState_getCudaHostAllocator(thc_state);
  assert_non_null(a);
  float *p = a->malloc(NULL, 16 * sizeof(float));
  assert_non_null(p);
  struct cudaPointerAttributes attr;
  assert_int_equal(cudaPointerGetAttributes(&attr, p), cudaSuccess);
  assert_int_equal(attr.type, cudaMemoryTypeHost);
  a->free(NULL, p);
}

static void test_init_twice_is_an_error(void **unused) {
  assert_thc_error(THCudaInit(thc_state), "already initialised");
  /* A second state lives beside the first. */
  THCState *other = THCState_alloc();
  THCudaInit(other);
  assert_int_equal(THCState_getNumDevices(other), THCState_getNumDevices(thc_state));
  THCudaShutdown(other);
  THCState_free(other);
  assert_true(THCState_getNumDevices(thc_state) > 0);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_devices),          cmocka_unit_test(test_streams),
      cmocka_unit_test(test_blas_handles),     cmocka_unit_test(test_cuda_errors_are_reported),
      cmocka_unit_test(test_malloc_and_mem_info), cmocka_unit_test(test_pinned_host_allocator),
      cmocka_unit_test(test_init_twice_is_an_error),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
