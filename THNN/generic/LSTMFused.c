#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LSTMFused.c"
#else
/* The pointwise part of an LSTM cell, as Torch7/PyTorch 0.3's fused CUDA kernel computed it (Torch7
 * asserted on the CPU). input = x W_ih^T and hidden = h W_hh^T are [N x 4H] (or [4H]), chunks in
 * PyTorch's order i (input), f (forget), g (cell), o (output); bias1/bias2 (NULL or 4H) are added:
 *   i = sigmoid(.)  f = sigmoid(.)  g = tanh(.)  o = sigmoid(.)
 *   cy = f cell + i g      hy = o tanh(cy)
 * As in PyTorch 0.3, input is overwritten with the activated gates [i, f, g, o]: it is the storage
 * that updateGradInput reads. */

static inline accreal THNN_(LSTM_sigmoid)(accreal v) {
  return 1 / (1 + exp(-v));
}

void THNN_(LSTMFused_updateOutput)(THNNState *state, THTensor *input, THTensor *hidden, THTensor *bias1,
                                   THTensor *bias2, THTensor *cell, THTensor *output, THTensor *outputCell) {
  const char *fn = "LSTMFused_updateOutput";
  long H, N = THNN_(FusedRNN_checkState)(fn, "cell", cell, &H);
  THNN_(FusedRNN_checkGates)(fn, "input", input, cell->nDimension, N, 4 * H);
  THNN_(FusedRNN_checkGates)(fn, "hidden", hidden, cell->nDimension, N, 4 * H);
  THNN_(FusedRNN_checkBias)(fn, "bias1", bias1, 4 * H);
  THNN_(FusedRNN_checkBias)(fn, "bias2", bias2, 4 * H);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "outputCell", outputCell);

  THTensor *gates = THNN_(FusedRNN_beginResult)(input, cell->nDimension, N, 4 * H);
  if (gates != input) THTensor_(copy)(gates, input);
  THTensor *hid = THTensor_(newContiguous)(hidden), *cx = THTensor_(newContiguous)(cell);
  THTensor *b1 = THNN_(FusedRNN_contiguousBias)(bias1), *b2 = THNN_(FusedRNN_contiguousBias)(bias2);
  THTensor *hy = THNN_(FusedRNN_beginResult)(output, cell->nDimension, N, H);
  THTensor *cy = THNN_(FusedRNN_beginResult)(outputCell, cell->nDimension, N, H);
  real *pa = THTensor_(data)(gates), *py = THTensor_(data)(hy), *pc = THTensor_(data)(cy);
  const real *ph = THTensor_(data)(hid), *px = THTensor_(data)(cx);
  const real *pb1 = b1 ? THTensor_(data)(b1) : NULL, *pb2 = b2 ? THTensor_(data)(b2) : NULL;
#pragma omp parallel for if (N * H > TH_OMP_THRESHOLD / 8)
  for (long row = 0; row < N; row++) {
    real *a = pa + row * 4 * H;
    const real *h = ph + row * 4 * H, *c0 = px + row * H;
    real *y = py + row * H, *c1 = pc + row * H;
    for (long j = 0; j < H; j++) {
      accreal pre[4];
      for (int k = 0; k < 4; k++) {
        long at = k * H + j;
        pre[k] = (accreal)a[at] + h[at] + (pb1 ? pb1[at] : 0) + (pb2 ? pb2[at] : 0);
      }
      accreal ig = THNN_(LSTM_sigmoid)(pre[0]), fg = THNN_(LSTM_sigmoid)(pre[1]);
      accreal gg = tanh(pre[2]), og = THNN_(LSTM_sigmoid)(pre[3]);
      accreal c = fg * c0[j] + ig * gg;
      a[j] = (real)ig;
      a[H + j] = (real)fg;
      a[2 * H + j] = (real)gg;
      a[3 * H + j] = (real)og;
      c1[j] = (real)c;
      y[j] = (real)(og * tanh(c));
    }
  }
  THNN_(writeBack)(outputCell, cy);
  THNN_(writeBack)(output, hy);
  THNN_(writeBack)(input, gates);
  if (b1) THTensor_(free)(b1);
  if (b2) THTensor_(free)(b2);
  THTensor_(free)(cx);
  THTensor_(free)(hid);
}

/* storage: the activated gates updateOutput left in its input; cx, cy: the cell before and after;
 * gradOutput = dL/dhy, gradOutputCell = dL/dcy (NULL: 0). gradInGates = dL/d(pre-activations), the
 * gradient of both input and hidden (and, summed over rows, of each bias); gradInputCx = dL/dcx. */
void THNN_(LSTMFused_updateGradInput)(THNNState *state, THTensor *storage, THTensor *gradInGates, THTensor *cx,
                                      THTensor *cy, THTensor *gradOutput, THTensor *gradOutputCell,
                                      THTensor *gradInputCx) {
  const char *fn = "LSTMFused_updateGradInput";
  long H, N = THNN_(FusedRNN_checkState)(fn, "cx", cx, &H);
  THNN_(FusedRNN_checkGates)(fn, "storage", storage, cx->nDimension, N, 4 * H);
  THNN_(checkSameSize)(fn, "cy", cy, "cx", cx);
  THNN_(checkSameSize)(fn, "gradOutput", gradOutput, "cx", cx);
  if (gradOutputCell) THNN_(checkSameSize)(fn, "gradOutputCell", gradOutputCell, "cx", cx);
  THNN_(checkNotNull)(fn, "gradInGates", gradInGates);
  THNN_(checkNotNull)(fn, "gradInputCx", gradInputCx);

  THTensor *st = THTensor_(newContiguous)(storage), *c0 = THTensor_(newContiguous)(cx);
  THTensor *c1 = THTensor_(newContiguous)(cy), *go = THTensor_(newContiguous)(gradOutput);
  THTensor *goc = gradOutputCell ? THTensor_(newContiguous)(gradOutputCell) : NULL;
  THTensor *gg = THNN_(FusedRNN_beginResult)(gradInGates, cx->nDimension, N, 4 * H);
  THTensor *gc = THNN_(FusedRNN_beginResult)(gradInputCx, cx->nDimension, N, H);
  const real *ps = THTensor_(data)(st), *pc0 = THTensor_(data)(c0), *pc1 = THTensor_(data)(c1);
  const real *pgo = THTensor_(data)(go), *pgoc = goc ? THTensor_(data)(goc) : NULL;
  real *pgg = THTensor_(data)(gg), *pgc = THTensor_(data)(gc);
#pragma omp parallel for if (N * H > TH_OMP_THRESHOLD / 8)
  for (long row = 0; row < N; row++) {
    const real *a = ps + row * 4 * H;
    real *d = pgg + row * 4 * H;
    for (long j = 0; j < H; j++) {
      long at = row * H + j;
      accreal ig = a[j], fg = a[H + j], g = a[2 * H + j], og = a[3 * H + j];
      accreal t = tanh((accreal)pc1[at]);
      accreal gy = pgo[at];
      accreal dc = gy * og * (1 - t * t) + (pgoc ? pgoc[at] : 0); /* dL/dcy, through hy and directly */
      accreal c0v = pc0[at];
      pgc[at] = (real)(dc * fg);
      d[j] = (real)(dc * g * ig * (1 - ig));
      d[H + j] = (real)(dc * c0v * fg * (1 - fg));
      d[2 * H + j] = (real)(dc * ig * (1 - g * g));
      d[3 * H + j] = (real)(gy * t * og * (1 - og));
    }
  }
  THNN_(writeBack)(gradInputCx, gc);
  THNN_(writeBack)(gradInGates, gg);
  if (goc) THTensor_(free)(goc);
  THTensor_(free)(go);
  THTensor_(free)(c1);
  THTensor_(free)(c0);
  THTensor_(free)(st);
}

#endif
