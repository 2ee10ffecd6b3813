/* Abs on the CPU and on the GPU: the same values and gradients on a contiguous and a transposed
 * input, and the same errors for bad input. The model for the other THCUNN test programs. */
#ifdef TEST_TYPE_PASS

static void TEST_(abs)(void **unused) {
  TTensor *x = TEST_RANDOM(1, 3, 4, 5, 6, 0, -2, 2), *y = T_(new)(), *go = TEST_RANDOM(2, 3, 4, 5, 6, 0, -1, 1),
          *gi = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state), *ggo = TEST_UPLOAD(go), *ggi = C_(new)(thc_state);
  CPU_(Abs_updateOutput)(NULL, x, y);
  GPU_(Abs_updateOutput)(thc_state, gx, gy);
  TEST_MATCHES(gy, y);
  CPU_(Abs_updateGradInput)(NULL, x, go, gi);
  GPU_(Abs_updateGradInput)(thc_state, gx, ggo, ggi);
  TEST_MATCHES(ggi, gi);

  /* A transposed (non-contiguous) input gives the values of its contiguous copy. */
  CTensor *gxt = C_(newTranspose)(thc_state, gx, 0, 2);
  TTensor *xt = T_(newTranspose)(x, 0, 2);
  CPU_(Abs_updateOutput)(NULL, xt, y);
  GPU_(Abs_updateOutput)(thc_state, gxt, gy);
  TEST_MATCHES(gy, y);

  /* gradOutput with the wrong number of elements: the CPU's error, and the GPU keeps working. */
  TTensor *bad = TEST_RANDOM(3, 1, 7, 0, 0, 0, -1, 1);
  CTensor *gbad = TEST_UPLOAD(bad);
  assert_same_error(CPU_(Abs_updateGradInput)(NULL, x, bad, gi), GPU_(Abs_updateGradInput)(thc_state, gx, gbad, ggi),
                    "gradOutput must have as many elements as input");
  assert_same_error(CPU_(Abs_updateOutput)(NULL, NULL, y), GPU_(Abs_updateOutput)(thc_state, NULL, gy),
                    "input must not be NULL");
  GPU_(Abs_updateOutput)(thc_state, gx, gy);
  CPU_(Abs_updateOutput)(NULL, x, y);
  TEST_MATCHES(gy, y);

  T_(free)(x), T_(free)(y), T_(free)(go), T_(free)(gi), T_(free)(xt), T_(free)(bad);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, ggo), C_(free)(thc_state, ggi);
  C_(free)(thc_state, gxt), C_(free)(thc_state, gbad);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_Float_abs), cmocka_unit_test(test_Double_abs)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
