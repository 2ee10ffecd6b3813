/* Every legacy THCUNN kernel called, in guarded mode, with a NULL THCState: each call must fail with
 * a message naming the function and the state, before any CUDA call (so this runs without a GPU).
 * The tensors are dummies that no call reaches. The kernels check their own tensors, with THNN's
 * messages (tests/THCUNN/test_*.c). The calls are generated from the lists (legacy_api.py
 * nullsweep) into null_sweep_THCUNN_cases.h. */
#include "../common/null_sweep.h"
#include "THCUNN.h"

static long dummy_words[64];
#define DUMMY(T) static T *const dummy_##T = (T *)dummy_words;
DUMMY(THCudaTensor)
DUMMY(THCudaDoubleTensor)
DUMMY(THCudaLongTensor)
DUMMY(THCState)

#include "null_sweep_THCUNN_cases.h"

static void test_every_null_state_is_an_error(void **state) {
  (void)state;
  const int count = (int)(sizeof null_cases / sizeof null_cases[0]);
  int failures = null_sweep_run(null_cases, count);
  print_message("%d NULL state cases, %d wrong\n", count, failures);
  assert_int_equal(failures, 0);
  assert_int_equal(count, 2 * 162); /* every kernel of both lists */
  for (int i = 0; i < count; i++) assert_string_equal(null_cases[i].type, "THCState");
  for (int i = 0; i < 64; i++) assert_int_equal(dummy_words[i], 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_null_state_is_an_error)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
