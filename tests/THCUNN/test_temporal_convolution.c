/* TemporalConvolution and TemporalRowConvolution on the CPU and on the GPU: batched and single
 * inputs, strides below and above the kernel width, padding, both featFirst layouts, a transposed
 * (non-contiguous) input, bias and no bias, and the same errors for bad input. */
#ifdef TEST_TYPE_PASS

/* TemporalConvolution on input [nImages x T x inF] (nImages 0: 2D input), weight [outF x kW*inF]. */
static void TEST_(check_temporal)(long nImages, long T, long inF, long outF, int kW, int dW, int transposed,
                                  int withBias) {
  TTensor *base = nImages ? TEST_RANDOM(1, 3, nImages, inF, T, 0, -1, 1) : TEST_RANDOM(1, 2, inF, T, 0, 0, -1, 1);
  /* the input is the transpose of base (non-contiguous) or its contiguous copy */
  TTensor *xt = T_(newTranspose)(base, base->nDimension - 2, base->nDimension - 1);
  TTensor *x = transposed ? T_(newWithTensor)(xt) : T_(newContiguous)(xt);
  TTensor *w = TEST_RANDOM(2, 2, outF, kW * inF, 0, 0, -1, 1), *b = TEST_RANDOM(3, 1, outF, 0, 0, 0, -1, 1);
  TTensor *gw = TEST_RANDOM(4, 2, outF, kW * inF, 0, 0, -1, 1), *gb = TEST_RANDOM(5, 1, outF, 0, 0, 0, -1, 1);
  const long Tout = (T - kW) / dW + 1;
  TTensor *go = nImages ? TEST_RANDOM(6, 3, nImages, Tout, outF, 0, -1, 1) : TEST_RANDOM(6, 2, Tout, outF, 0, 0, -1, 1);
  TTensor *y = T_(new)(), *gi = T_(new)();
  CTensor *gbase = TEST_UPLOAD(base), *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b), *cgw = TEST_UPLOAD(gw);
  CTensor *cgb = TEST_UPLOAD(gb), *cgo = TEST_UPLOAD(go), *cy = C_(new)(thc_state), *cgi = C_(new)(thc_state);
  CTensor *cxt = C_(newTranspose)(thc_state, gbase, base->nDimension - 2, base->nDimension - 1);
  CTensor *cx = transposed ? C_(newWithTensor)(thc_state, cxt) : C_(newContiguous)(thc_state, cxt);
  CPU_(TemporalConvolution_updateOutput)(NULL, x, y, w, withBias ? b : NULL, kW, dW, (int)inF, (int)outF);
  GPU_(TemporalConvolution_updateOutput)(thc_state, cx, cy, cw, withBias ? cb : NULL, kW, dW, (int)inF, (int)outF);
  TEST_MATCHES(cy, y);
  CPU_(TemporalConvolution_updateGradInput)(NULL, x, go, gi, w, kW, dW);
  GPU_(TemporalConvolution_updateGradInput)(thc_state, cx, cgo, cgi, cw, kW, dW);
  TEST_MATCHES(cgi, gi);
  CPU_(TemporalConvolution_accGradParameters)(NULL, x, go, gw, withBias ? gb : NULL, kW, dW, 0.5);
  GPU_(TemporalConvolution_accGradParameters)(thc_state, cx, cgo, cgw, withBias ? cgb : NULL, kW, dW, 0.5);
  TEST_MATCHES(cgw, gw);
  TEST_MATCHES(cgb, gb);
  assert_same_error(CPU_(TemporalConvolution_updateOutput)(NULL, x, y, w, b, kW, dW, (int)inF + 1, (int)outF),
                    GPU_(TemporalConvolution_updateOutput)(thc_state, cx, cy, cw, cb, kW, dW, (int)inF + 1, (int)outF),
                    "inputFrameSize");
  T_(free)(base), T_(free)(xt), T_(free)(x), T_(free)(w), T_(free)(b), T_(free)(gw), T_(free)(gb), T_(free)(go);
  T_(free)(y), T_(free)(gi);
  C_(free)(thc_state, gbase), C_(free)(thc_state, cw), C_(free)(thc_state, cb), C_(free)(thc_state, cgw);
  C_(free)(thc_state, cgb), C_(free)(thc_state, cgo), C_(free)(thc_state, cy), C_(free)(thc_state, cgi);
  C_(free)(thc_state, cxt), C_(free)(thc_state, cx);
}

static void TEST_(temporal)(void **unused) {
  TEST_(check_temporal)(3, 20, 5, 7, 3, 1, 0, 1); /* dW < kW: three kernel blocks */
  TEST_(check_temporal)(0, 20, 5, 7, 3, 2, 1, 0); /* single, transposed, no bias */
  TEST_(check_temporal)(2, 17, 4, 6, 2, 3, 1, 1); /* dW > kW: frames skipped */
}

/* TemporalRowConvolution on input [nImages x F x T] (featFirst) or [nImages x T x F]. */
static void TEST_(check_row)(long nImages, long F, long T, int kW, int dW, int padW, int featFirst, int withBias) {
  const long Tout = (T + 2 * padW - kW) / dW + 1;
  const long a = featFirst ? F : T, c = featFirst ? T : F, ao = featFirst ? F : Tout, co = featFirst ? Tout : F;
  TTensor *x = nImages ? TEST_RANDOM(1, 3, nImages, a, c, 0, -1, 1) : TEST_RANDOM(1, 2, a, c, 0, 0, -1, 1);
  TTensor *go = nImages ? TEST_RANDOM(2, 3, nImages, ao, co, 0, -1, 1) : TEST_RANDOM(2, 2, ao, co, 0, 0, -1, 1);
  TTensor *w = TEST_RANDOM(3, 3, F, 1, kW, 0, -1, 1), *b = TEST_RANDOM(4, 1, F, 0, 0, 0, -1, 1);
  TTensor *gw = TEST_RANDOM(5, 3, F, 1, kW, 0, -1, 1), *gb = TEST_RANDOM(6, 1, F, 0, 0, 0, -1, 1);
  TTensor *y = T_(new)(), *gi = T_(new)(), *fin = T_(new)(), *fgin = T_(new)();
  CTensor *cx = TEST_UPLOAD(x), *cgo = TEST_UPLOAD(go), *cw = TEST_UPLOAD(w), *cb = TEST_UPLOAD(b);
  CTensor *cgw = TEST_UPLOAD(gw), *cgb = TEST_UPLOAD(gb), *cy = C_(new)(thc_state), *cgi = C_(new)(thc_state);
  CTensor *cfin = C_(new)(thc_state), *cfgin = C_(new)(thc_state);
  CPU_(TemporalRowConvolution_updateOutput)(NULL, x, y, w, withBias ? b : NULL, fin, fgin, kW, dW, padW, featFirst);
  GPU_(TemporalRowConvolution_updateOutput)(thc_state, cx, cy, cw, withBias ? cb : NULL, cfin, cfgin, kW, dW, padW,
                                            featFirst);
  TEST_MATCHES(cy, y);
  CPU_(TemporalRowConvolution_updateGradInput)(NULL, x, go, gi, w, fin, fgin, kW, dW, padW, featFirst);
  GPU_(TemporalRowConvolution_updateGradInput)(thc_state, cx, cgo, cgi, cw, cfin, cfgin, kW, dW, padW, featFirst);
  TEST_MATCHES(cgi, gi);
  CPU_(TemporalRowConvolution_accGradParameters)(NULL, x, go, gw, withBias ? gb : NULL, fin, fgin, kW, dW, padW,
                                                 featFirst, 0.5);
  GPU_(TemporalRowConvolution_accGradParameters)(thc_state, cx, cgo, cgw, withBias ? cgb : NULL, cfin, cfgin, kW, dW,
                                                 padW, featFirst, 0.5);
  TEST_MATCHES(cgw, gw);
  TEST_MATCHES(cgb, gb);
  /* the buffers are sized as THNN sizes them */
  assert_int_equal(C_(nElement)(thc_state, cfin), T_(nElement)(fin));
  assert_int_equal(C_(nElement)(thc_state, cfgin), T_(nElement)(fgin));
  assert_same_error(
      CPU_(TemporalRowConvolution_updateOutput)(NULL, x, y, w, b, fin, fgin, kW + 1, dW, padW, featFirst),
      GPU_(TemporalRowConvolution_updateOutput)(thc_state, cx, cy, cw, cb, cfin, cfgin, kW + 1, dW, padW, featFirst),
      "weight must be");
  T_(free)(x), T_(free)(go), T_(free)(w), T_(free)(b), T_(free)(gw), T_(free)(gb), T_(free)(y), T_(free)(gi);
  T_(free)(fin), T_(free)(fgin);
  C_(free)(thc_state, cx), C_(free)(thc_state, cgo), C_(free)(thc_state, cw), C_(free)(thc_state, cb);
  C_(free)(thc_state, cgw), C_(free)(thc_state, cgb), C_(free)(thc_state, cy), C_(free)(thc_state, cgi);
  C_(free)(thc_state, cfin), C_(free)(thc_state, cfgin);
}

static void TEST_(row)(void **unused) {
  TEST_(check_row)(2, 5, 19, 3, 1, 0, 1, 1);
  TEST_(check_row)(2, 5, 19, 4, 2, 2, 0, 1); /* [T x F] layout, padding, stride */
  TEST_(check_row)(0, 6, 11, 3, 3, 1, 1, 0); /* single, no bias */
  TEST_(check_row)(0, 6, 11, 2, 1, 1, 0, 1);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_Float_temporal), cmocka_unit_test(test_Double_temporal),
                                     cmocka_unit_test(test_Float_row), cmocka_unit_test(test_Double_row)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
