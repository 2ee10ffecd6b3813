/* Every legacy THC function called, in guarded mode, with each handle argument that is not optional
 * (the THCState included) NULL in turn: each call must fail with a message naming the function and
 * the argument. The wrappers check before any CUDA call, so this runs without a GPU. The other
 * handles are dummies that no call reaches (a zeroed buffer). The calls are generated from the
 * lists (legacy_api.py nullsweep) into null_sweep_THC_cases.h. */
#include "../common/null_sweep.h"
#include "THC.h"

static long dummy_words[64];
static const THHalf dummy_half;
#define DUMMY(T) static T *const dummy_##T = (T *)dummy_words;
#define DUMMY_STRUCT(T) static struct T *const dummy_##T = (struct T *)dummy_words;
#define HOST_DUMMIES(Real) DUMMY(TH##Real##Tensor) DUMMY(TH##Real##Storage)
HOST_DUMMIES(Byte) HOST_DUMMIES(Char) HOST_DUMMIES(Short) HOST_DUMMIES(Int) HOST_DUMMIES(Long)
HOST_DUMMIES(Float) HOST_DUMMIES(Double) HOST_DUMMIES(Half)
#define DEVICE_DUMMIES(CReal) DUMMY(TH##CReal##Tensor) DUMMY(TH##CReal##Storage)
DEVICE_DUMMIES(CudaByte) DEVICE_DUMMIES(CudaChar) DEVICE_DUMMIES(CudaShort) DEVICE_DUMMIES(CudaInt)
DEVICE_DUMMIES(CudaLong) DEVICE_DUMMIES(Cuda) DEVICE_DUMMIES(CudaDouble)
DUMMY_STRUCT(THCudaHalfTensor)
DUMMY_STRUCT(THCudaHalfStorage)
DUMMY(THCState)

#include "null_sweep_THC_cases.h"

static void test_every_null_handle_is_an_error(void **state) {
  (void)state;
  const int count = (int)(sizeof null_cases / sizeof null_cases[0]);
  int failures = null_sweep_run(null_cases, count), stateCases = 0;
  for (int i = 0; i < count; i++)
    if (strcmp(null_cases[i].type, "THCState") == 0) stateCases++;
  print_message("%d NULL handle cases (%d NULL states), %d wrong\n", count, stateCases, failures);
  assert_int_equal(failures, 0);
  assert_true(count > 3000);      /* every type's functions were generated */
  assert_true(stateCases > 1500); /* and the state of each is checked */
  for (int i = 0; i < 64; i++) assert_int_equal(dummy_words[i], 0);
}

/* The optional handles stay optional: freeing NULL is not an error. */
static void test_optional_handles_are_accepted(void **state) {
  (void)state;
  THCState *s = THCState_alloc(); /* no CUDA call: works without a device */
  THSetGuardedMode(1);
  THClearLastError();
  THCudaTensor_free(s, NULL);
  THCudaStorage_free(s, NULL);
  THCudaLongTensor_free(s, NULL);
  THSetGuardedMode(0);
  assert_null(THGetLastError());
  THCState_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_null_handle_is_an_error),
                                     cmocka_unit_test(test_optional_handles_are_accepted)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
