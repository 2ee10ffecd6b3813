// The pointwise part of an LSTM cell, as THNN/generic/LSTMFused.c: input and hidden are the gate
// pre-activations [N x 4H] (or [4H]; chunks i, f, g, o), bias1/bias2 NULL or 4H elements,
//   i, f, o = sigmoid(.)  g = tanh(.)  cy = f cx + i g  hy = o tanh(cy)
// input is overwritten with the activated gates: the storage updateGradInput reads.

void THNN_(LSTMFused_updateOutput)(THCState *state, THCTensor *input, THCTensor *hidden, THCTensor *bias1,
                                   THCTensor *bias2, THCTensor *cx, THCTensor *hy, THCTensor *cy) {
  const char *fn = "LSTMFused_updateOutput";
  long H, N = THNN_(FusedRNN_checkState)(state, fn, "cell", cx, &H);
  THNN_(FusedRNN_checkGates)(state, fn, "input", input, cx->nDimension, N, 4 * H);
  THNN_(FusedRNN_checkGates)(state, fn, "hidden", hidden, cx->nDimension, N, 4 * H);
  THNN_(FusedRNN_checkBias)(state, fn, "bias1", bias1, 4 * H);
  THNN_(FusedRNN_checkBias)(state, fn, "bias2", bias2, 4 * H);
  THNN_(checkNotNull)(fn, "output", hy);
  THNN_(checkNotNull)(fn, "outputCell", cy);
  THNN_(checkDevice)(state, fn, "output", hy);
  THNN_(checkDevice)(state, fn, "outputCell", cy);

  THCTensor *gates = THNN_(FusedRNN_beginResult)(state, input, cx->nDimension, N, 4 * H);
  THCTensor *hid = THCTensor_(newContiguous)(state, hidden), *c0 = THCTensor_(newContiguous)(state, cx);
  THCTensor *b1 = THNN_(FusedRNN_contiguous)(state, bias1), *b2 = THNN_(FusedRNN_contiguous)(state, bias2);
  THCTensor *y = THNN_(FusedRNN_beginResult)(state, hy, cx->nDimension, N, H);
  THCTensor *c1 = THNN_(FusedRNN_beginResult)(state, cy, cx->nDimension, N, H);
  if (N * H > 0) {
    thcunn_rnn::lstmForward<real><<<thcunn_rnn::blocksFor(N * H), thcunn_rnn::kThreads, 0,
                                    THCState_getCurrentStream(state)>>>(
        THCTensor_(data)(state, gates), THCTensor_(data)(state, hid), THNN_(FusedRNN_data)(state, b1),
        THNN_(FusedRNN_data)(state, b2), THCTensor_(data)(state, c0), THCTensor_(data)(state, y),
        THCTensor_(data)(state, c1), N, H);
    THCudaCheckLaunch("thcunn_rnn::lstmForward");
  }
  THCTensor_(freeCopyTo)(state, c1, cy);
  THCTensor_(freeCopyTo)(state, y, hy);
  THCTensor_(freeCopyTo)(state, gates, input);
  if (b1) THCTensor_(free)(state, b1);
  if (b2) THCTensor_(free)(state, b2);
  THCTensor_(free)(state, c0);
  THCTensor_(free)(state, hid);
}

// gradInGates = dL/d(pre-activations) [N x 4H]; gradInputCx = dL/dcx; gradOutputCell NULL: zero.
void THNN_(LSTMFused_updateGradInput)(THCState *state, THCTensor *storage, THCTensor *gradInGates, THCTensor *prevC,
                                      THCTensor *cy, THCTensor *gradOutput, THCTensor *gradOutputCell,
                                      THCTensor *gradInputCx) {
  const char *fn = "LSTMFused_updateGradInput";
  long H, N = THNN_(FusedRNN_checkState)(state, fn, "cx", prevC, &H);
  THNN_(FusedRNN_checkGates)(state, fn, "storage", storage, prevC->nDimension, N, 4 * H);
  THNN_(checkSameSize)(state, fn, "cy", cy, "cx", prevC);
  THNN_(checkSameSize)(state, fn, "gradOutput", gradOutput, "cx", prevC);
  if (gradOutputCell) THNN_(checkSameSize)(state, fn, "gradOutputCell", gradOutputCell, "cx", prevC);
  THNN_(checkNotNull)(fn, "gradInGates", gradInGates);
  THNN_(checkNotNull)(fn, "gradInputCx", gradInputCx);
  THNN_(checkDevice)(state, fn, "cy", cy);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradOutputCell", gradOutputCell);
  THNN_(checkDevice)(state, fn, "gradInGates", gradInGates);
  THNN_(checkDevice)(state, fn, "gradInputCx", gradInputCx);

  THCTensor *st = THCTensor_(newContiguous)(state, storage), *c0 = THCTensor_(newContiguous)(state, prevC);
  THCTensor *c1 = THCTensor_(newContiguous)(state, cy), *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *goc = THNN_(FusedRNN_contiguous)(state, gradOutputCell);
  THCTensor *gg = THNN_(FusedRNN_beginResult)(state, gradInGates, prevC->nDimension, N, 4 * H);
  THCTensor *gc = THNN_(FusedRNN_beginResult)(state, gradInputCx, prevC->nDimension, N, H);
  if (N * H > 0) {
    thcunn_rnn::lstmBackward<real><<<thcunn_rnn::blocksFor(N * H), thcunn_rnn::kThreads, 0,
                                     THCState_getCurrentStream(state)>>>(
        THCTensor_(data)(state, st), THCTensor_(data)(state, gg), THCTensor_(data)(state, c0),
        THCTensor_(data)(state, c1), THCTensor_(data)(state, go), THNN_(FusedRNN_data)(state, goc),
        THCTensor_(data)(state, gc), N, H);
    THCudaCheckLaunch("thcunn_rnn::lstmBackward");
  }
  THCTensor_(freeCopyTo)(state, gc, gradInputCx);
  THCTensor_(freeCopyTo)(state, gg, gradInGates);
  if (goc) THCTensor_(free)(state, goc);
  THCTensor_(free)(state, go);
  THCTensor_(free)(state, c1);
  THCTensor_(free)(state, c0);
  THCTensor_(free)(state, st);
}
