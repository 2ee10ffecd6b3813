/* SoftMax and LogSoftMax on the CPU and on the GPU: 1D, 2D (W6's [256 x 1000] shape), 3D and 4D
 * (spatial) inputs, a transposed input, in place, and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

static void TEST_(check_softmax)(TTensor *x, CTensor *gx, int logarithmic) {
  TTensor *go = T_(newClone)(x), *y = T_(new)(), *gi = T_(new)();
  for (ptrdiff_t i = 0; i < T_(nElement)(go); i++) T_(data)(go)[i] = (real)thcunn_uniform(99, i, -1, 1);
  CTensor *ggo = TEST_UPLOAD(go), *gy = C_(new)(thc_state), *ggi = C_(new)(thc_state);
  if (logarithmic) {
    CPU_(LogSoftMax_updateOutput)(NULL, x, y);
    GPU_(LogSoftMax_updateOutput)(thc_state, gx, gy);
    TEST_MATCHES(gy, y);
    CPU_(LogSoftMax_updateGradInput)(NULL, x, go, gi, y);
    GPU_(LogSoftMax_updateGradInput)(thc_state, gx, ggo, ggi, gy);
  } else {
    CPU_(SoftMax_updateOutput)(NULL, x, y);
    GPU_(SoftMax_updateOutput)(thc_state, gx, gy);
    TEST_MATCHES(gy, y);
    CPU_(SoftMax_updateGradInput)(NULL, x, go, gi, y);
    GPU_(SoftMax_updateGradInput)(thc_state, gx, ggo, ggi, gy);
  }
  TEST_MATCHES(ggi, gi);
  T_(free)(go), T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, ggo), C_(free)(thc_state, gy), C_(free)(thc_state, ggi);
}

static void TEST_(softmax)(void **unused) {
  const long shapes[][5] = {{1, 7}, {2, 256, 1000}, {2, 5, 3000}, {3, 4, 5, 6}, {4, 3, 4, 5, 6}};
  for (int s = 0; s < 5; s++) {
    const long *sh = shapes[s];
    TTensor *x = TEST_RANDOM(s, (int)sh[0], sh[1], sh[0] > 1 ? sh[2] : 0, sh[0] > 2 ? sh[3] : 0, sh[0] > 3 ? sh[4] : 0,
                             -5, 5);
    CTensor *gx = TEST_UPLOAD(x);
    for (int logarithmic = 0; logarithmic < 2; logarithmic++) {
      TEST_(check_softmax)(x, gx, logarithmic);
      if (x->nDimension >= 2) { /* a non-contiguous input */
        TTensor *xt = T_(newTranspose)(x, 0, 1);
        CTensor *gxt = C_(newTranspose)(thc_state, gx, 0, 1);
        TEST_(check_softmax)(xt, gxt, logarithmic);
        T_(free)(xt);
        C_(free)(thc_state, gxt);
      }
    }
    T_(free)(x);
    C_(free)(thc_state, gx);
  }
}

static void TEST_(inplace_and_errors)(void **unused) {
  TTensor *x = TEST_RANDOM(7, 2, 8, 33, 0, 0, -3, 3), *y = T_(new)();
  CTensor *gx = TEST_UPLOAD(x), *gy = C_(new)(thc_state);
  CPU_(LogSoftMax_updateOutput)(NULL, x, y);
  GPU_(LogSoftMax_updateOutput)(thc_state, gx, gx); /* output is input */
  TEST_MATCHES(gx, y);
  long size5[5] = {2, 2, 2, 2, 2};
  TTensor *bad = T_(new)();
  T_(resizeNd)(bad, 5, size5, NULL);
  T_(zero)(bad);
  CTensor *gbad = TEST_UPLOAD(bad);
  assert_same_error(CPU_(SoftMax_updateOutput)(NULL, bad, y), GPU_(SoftMax_updateOutput)(thc_state, gbad, gy),
                    "input must be a 1D to 4D tensor");
  TTensor *go = TEST_RANDOM(9, 1, 5, 0, 0, 0, -1, 1);
  CTensor *ggo = TEST_UPLOAD(go);
  assert_same_error(CPU_(LogSoftMax_updateGradInput)(NULL, x, go, y, y),
                    GPU_(LogSoftMax_updateGradInput)(thc_state, gx, ggo, gy, gx), "gradOutput must have as many");
  CTensor *ref = TEST_UPLOAD(x); /* gx now holds the log softmax */
  CPU_(SoftMax_updateOutput)(NULL, x, y);
  GPU_(SoftMax_updateOutput)(thc_state, ref, gy);
  TEST_MATCHES(gy, y);
  T_(free)(x), T_(free)(y), T_(free)(bad), T_(free)(go);
  C_(free)(thc_state, gx), C_(free)(thc_state, gy), C_(free)(thc_state, gbad), C_(free)(thc_state, ggo);
  C_(free)(thc_state, ref);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_Float_softmax), cmocka_unit_test(test_Double_softmax),
                                     cmocka_unit_test(test_Float_inplace_and_errors),
                                     cmocka_unit_test(test_Double_inplace_and_errors)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
