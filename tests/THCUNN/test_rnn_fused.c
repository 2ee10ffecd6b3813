/* GRUFused and LSTMFused on the CPU and on the GPU: the same outputs, storage and gradients for a
 * batched input with biases, a single row without biases, a non-contiguous gate tensor, and the same
 * errors for bad input. */
#ifdef TEST_TYPE_PASS

/* A [rows x cols] tensor whose values are laid out transposed (non-contiguous), from seed. */
static TTensor *TEST_(transposed)(unsigned long seed, long rows, long cols) {
  TTensor *t = TEST_RANDOM(seed, 2, cols, rows, 0, 0, -2, 2);
  TTensor *v = T_(newTranspose)(t, 0, 1);
  T_(free)(t);
  return v;
}

/* The GRU cell on N rows (N = 0: one 1-D row) of H units, with or without biases; input optionally
 * non-contiguous. */
static void TEST_(gru_case)(long N, long H, int biases, int transposedInput) {
  int nd = N ? 2 : 1;
  TTensor *in = transposedInput ? TEST_(transposed)(1, N, 3 * H) : TEST_RANDOM(1, nd, N ? N : 3 * H, 3 * H, 0, 0, -2, 2);
  TTensor *hid = TEST_RANDOM(2, nd, N ? N : 3 * H, 3 * H, 0, 0, -2, 2);
  TTensor *hx = TEST_RANDOM(3, nd, N ? N : H, H, 0, 0, -1, 1), *go = TEST_RANDOM(4, nd, N ? N : H, H, 0, 0, -1, 1);
  TTensor *b1 = biases ? TEST_RANDOM(5, 1, 3 * H, 0, 0, 0, -1, 1) : NULL;
  TTensor *b2 = biases ? TEST_RANDOM(6, 1, 3 * H, 0, 0, 0, -1, 1) : NULL;
  TTensor *y = T_(new)(), *st = T_(new)(), *gi = T_(new)(), *gh = T_(new)(), *gx = T_(new)();
  CTensor *cin = TEST_UPLOAD(in), *chid = TEST_UPLOAD(hid), *chx = TEST_UPLOAD(hx), *cgo = TEST_UPLOAD(go);
  CTensor *cb1 = b1 ? TEST_UPLOAD(b1) : NULL, *cb2 = b2 ? TEST_UPLOAD(b2) : NULL;
  CTensor *cy = C_(new)(thc_state), *cst = C_(new)(thc_state), *cgi = C_(new)(thc_state);
  CTensor *cgh = C_(new)(thc_state), *cgx = C_(new)(thc_state);
  if (transposedInput) { /* the device copy laid out like the CPU's */
    CTensor *t = C_(newTranspose)(thc_state, cin, 0, 1), *c = C_(newClone)(thc_state, t);
    C_(free)(thc_state, cin), C_(free)(thc_state, t);
    cin = C_(newTranspose)(thc_state, c, 0, 1);
    C_(free)(thc_state, c);
  }

  CPU_(GRUFused_updateOutput)(NULL, in, hid, b1, b2, hx, y, st);
  GPU_(GRUFused_updateOutput)(thc_state, cin, chid, cb1, cb2, chx, cy, cst);
  TEST_MATCHES(cy, y);
  TEST_MATCHES(cst, st);
  CPU_(GRUFused_updateGradInput)(NULL, gi, gh, go, gx, st);
  GPU_(GRUFused_updateGradInput)(thc_state, cgi, cgh, cgo, cgx, cst);
  TEST_MATCHES(cgi, gi);
  TEST_MATCHES(cgh, gh);
  TEST_MATCHES(cgx, gx);

  T_(free)(in), T_(free)(hid), T_(free)(hx), T_(free)(go), T_(free)(y), T_(free)(st);
  T_(free)(gi), T_(free)(gh), T_(free)(gx);
  if (b1) T_(free)(b1), T_(free)(b2), C_(free)(thc_state, cb1), C_(free)(thc_state, cb2);
  C_(free)(thc_state, cin), C_(free)(thc_state, chid), C_(free)(thc_state, chx), C_(free)(thc_state, cgo);
  C_(free)(thc_state, cy), C_(free)(thc_state, cst), C_(free)(thc_state, cgi), C_(free)(thc_state, cgh);
  C_(free)(thc_state, cgx);
}

static void TEST_(gru)(void **unused) {
  TEST_(gru_case)(4, 6, 1, 0);
  TEST_(gru_case)(0, 5, 0, 0);
  TEST_(gru_case)(3, 7, 1, 1);

  /* hidden of the wrong width; a short storage: the CPU's errors, then a valid call. */
  TTensor *in = TEST_RANDOM(1, 2, 2, 9, 0, 0, -1, 1), *bad = TEST_RANDOM(2, 2, 2, 8, 0, 0, -1, 1);
  TTensor *hx = TEST_RANDOM(3, 2, 2, 3, 0, 0, -1, 1), *y = T_(new)(), *st = T_(new)(), *g = T_(new)();
  CTensor *cin = TEST_UPLOAD(in), *cbad = TEST_UPLOAD(bad), *chx = TEST_UPLOAD(hx);
  CTensor *cy = C_(new)(thc_state), *cst = C_(new)(thc_state), *cg = C_(new)(thc_state);
  assert_same_error(CPU_(GRUFused_updateOutput)(NULL, in, bad, NULL, NULL, hx, y, st),
                    GPU_(GRUFused_updateOutput)(thc_state, cin, cbad, NULL, NULL, chx, cy, cst),
                    "hidden must have size 9 at dimension 2");
  assert_same_error(CPU_(GRUFused_updateGradInput)(NULL, g, g, hx, g, bad),
                    GPU_(GRUFused_updateGradInput)(thc_state, cg, cg, chx, cg, cbad), "storage must hold 30");
  CPU_(GRUFused_updateOutput)(NULL, in, in, NULL, NULL, hx, y, st);
  GPU_(GRUFused_updateOutput)(thc_state, cin, cin, NULL, NULL, chx, cy, cst);
  TEST_MATCHES(cy, y);
  T_(free)(in), T_(free)(bad), T_(free)(hx), T_(free)(y), T_(free)(st), T_(free)(g);
  C_(free)(thc_state, cin), C_(free)(thc_state, cbad), C_(free)(thc_state, chx), C_(free)(thc_state, cy);
  C_(free)(thc_state, cst), C_(free)(thc_state, cg);
}

/* The LSTM cell, as gru_case; gradOutputCell given or NULL. input is overwritten on both sides. */
static void TEST_(lstm_case)(long N, long H, int biases, int transposedInput, int withCellGrad) {
  int nd = N ? 2 : 1;
  TTensor *in = transposedInput ? TEST_(transposed)(11, N, 4 * H) : TEST_RANDOM(11, nd, N ? N : 4 * H, 4 * H, 0, 0, -2, 2);
  TTensor *hid = TEST_RANDOM(12, nd, N ? N : 4 * H, 4 * H, 0, 0, -2, 2);
  TTensor *cx = TEST_RANDOM(13, nd, N ? N : H, H, 0, 0, -1, 1), *go = TEST_RANDOM(14, nd, N ? N : H, H, 0, 0, -1, 1);
  TTensor *goc = withCellGrad ? TEST_RANDOM(15, nd, N ? N : H, H, 0, 0, -1, 1) : NULL;
  TTensor *b1 = biases ? TEST_RANDOM(16, 1, 4 * H, 0, 0, 0, -1, 1) : NULL;
  TTensor *b2 = biases ? TEST_RANDOM(17, 1, 4 * H, 0, 0, 0, -1, 1) : NULL;
  TTensor *hy = T_(new)(), *cy = T_(new)(), *gg = T_(new)(), *gcx = T_(new)();
  CTensor *cin = C_(new)(thc_state), *chid = TEST_UPLOAD(hid), *ccx = TEST_UPLOAD(cx), *cgo = TEST_UPLOAD(go);
  C_(resizeNd)(thc_state, cin, in->nDimension, in->size, NULL);
  if (transposedInput) { /* the same non-contiguous layout on the device */
    CTensor *c = C_(new)(thc_state);
    C_(resize2d)(thc_state, c, 4 * H, N);
    C_(free)(thc_state, cin);
    cin = C_(newTranspose)(thc_state, c, 0, 1);
    C_(free)(thc_state, c);
  }
  TTensor *inCopy = T_(newClone)(in);
  CTensor *up = TEST_UPLOAD(inCopy);
  C_(copy)(thc_state, cin, up);
  C_(free)(thc_state, up), T_(free)(inCopy);
  CTensor *cgoc = goc ? TEST_UPLOAD(goc) : NULL, *cb1 = b1 ? TEST_UPLOAD(b1) : NULL, *cb2 = b2 ? TEST_UPLOAD(b2) : NULL;
  CTensor *chy = C_(new)(thc_state), *ccy = C_(new)(thc_state), *cgg = C_(new)(thc_state), *cgcx = C_(new)(thc_state);

  CPU_(LSTMFused_updateOutput)(NULL, in, hid, b1, b2, cx, hy, cy);
  GPU_(LSTMFused_updateOutput)(thc_state, cin, chid, cb1, cb2, ccx, chy, ccy);
  TEST_MATCHES(chy, hy);
  TEST_MATCHES(ccy, cy);
  TEST_MATCHES(cin, in); /* the activated gates */
  CPU_(LSTMFused_updateGradInput)(NULL, in, gg, cx, cy, go, goc, gcx);
  GPU_(LSTMFused_updateGradInput)(thc_state, cin, cgg, ccx, ccy, cgo, cgoc, cgcx);
  TEST_MATCHES(cgg, gg);
  TEST_MATCHES(cgcx, gcx);

  T_(free)(in), T_(free)(hid), T_(free)(cx), T_(free)(go), T_(free)(hy), T_(free)(cy), T_(free)(gg), T_(free)(gcx);
  if (goc) T_(free)(goc), C_(free)(thc_state, cgoc);
  if (b1) T_(free)(b1), T_(free)(b2), C_(free)(thc_state, cb1), C_(free)(thc_state, cb2);
  C_(free)(thc_state, cin), C_(free)(thc_state, chid), C_(free)(thc_state, ccx), C_(free)(thc_state, cgo);
  C_(free)(thc_state, chy), C_(free)(thc_state, ccy), C_(free)(thc_state, cgg), C_(free)(thc_state, cgcx);
}

static void TEST_(lstm)(void **unused) {
  TEST_(lstm_case)(4, 6, 1, 0, 1);
  TEST_(lstm_case)(0, 5, 0, 0, 0);
  TEST_(lstm_case)(3, 7, 1, 1, 0);

  /* a bias of the wrong length; cy of the wrong size: the CPU's errors, then a valid call. */
  TTensor *in = TEST_RANDOM(1, 2, 2, 12, 0, 0, -1, 1), *b = TEST_RANDOM(2, 1, 11, 0, 0, 0, -1, 1);
  TTensor *cx = TEST_RANDOM(3, 2, 2, 3, 0, 0, -1, 1), *bad = TEST_RANDOM(4, 2, 3, 2, 0, 0, -1, 1);
  TTensor *hy = T_(new)(), *cy = T_(new)(), *g = T_(new)();
  CTensor *cin = TEST_UPLOAD(in), *cb = TEST_UPLOAD(b), *ccx = TEST_UPLOAD(cx), *cbad = TEST_UPLOAD(bad);
  CTensor *chy = C_(new)(thc_state), *ccy = C_(new)(thc_state), *cg = C_(new)(thc_state);
  assert_same_error(CPU_(LSTMFused_updateOutput)(NULL, in, in, b, NULL, cx, hy, cy),
                    GPU_(LSTMFused_updateOutput)(thc_state, cin, cin, cb, NULL, ccx, chy, ccy),
                    "bias1 must have 12 elements");
  assert_same_error(CPU_(LSTMFused_updateGradInput)(NULL, in, g, cx, bad, cx, NULL, g),
                    GPU_(LSTMFused_updateGradInput)(thc_state, cin, cg, ccx, cbad, ccx, NULL, cg),
                    "cy must have the size of cx");
  TTensor *hid = T_(newClone)(in);
  CTensor *chid = C_(newClone)(thc_state, cin);
  CPU_(LSTMFused_updateOutput)(NULL, in, hid, NULL, NULL, cx, hy, cy);
  GPU_(LSTMFused_updateOutput)(thc_state, cin, chid, NULL, NULL, ccx, chy, ccy);
  TEST_MATCHES(chy, hy);
  T_(free)(in), T_(free)(b), T_(free)(cx), T_(free)(bad), T_(free)(hy), T_(free)(cy), T_(free)(g), T_(free)(hid);
  C_(free)(thc_state, cin), C_(free)(thc_state, cb), C_(free)(thc_state, ccx), C_(free)(thc_state, cbad);
  C_(free)(thc_state, chy), C_(free)(thc_state, ccy), C_(free)(thc_state, cg), C_(free)(thc_state, chid);
}

#else
#include "thcunn_test.h"
#include "thcunn_each_type.h"

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_Float_gru), cmocka_unit_test(test_Double_gru),
                                     cmocka_unit_test(test_Float_lstm), cmocka_unit_test(test_Double_lstm)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
