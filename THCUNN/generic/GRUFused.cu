// The pointwise part of a GRU cell, as THNN/generic/GRUFused.c: input and hidden are the gate
// pre-activations [N x 3H] (or [3H]; chunks r, z, n), bias1/bias2 NULL or 3H elements,
//   r = sigmoid(i_r + h_r + b1_r + b2_r)   z = sigmoid(i_z + h_z + b1_z + b2_z)
//   n = tanh(i_n + b1_n + r (h_n + b2_n))  hy = n + z (hx - n)
// storage [N x 5H] keeps r, z, n, hx and h_n + b2_n per row for updateGradInput.

void THNN_(GRUFused_updateOutput)(THCState *state, THCTensor *input, THCTensor *hidden, THCTensor *bias1,
                                  THCTensor *bias2, THCTensor *hx, THCTensor *hy, THCTensor *storage) {
  const char *fn = "GRUFused_updateOutput";
  long H, N = THNN_(FusedRNN_checkState)(state, fn, "hx", hx, &H);
  THNN_(FusedRNN_checkGates)(state, fn, "input", input, hx->nDimension, N, 3 * H);
  THNN_(FusedRNN_checkGates)(state, fn, "hidden", hidden, hx->nDimension, N, 3 * H);
  THNN_(FusedRNN_checkBias)(state, fn, "bias1", bias1, 3 * H);
  THNN_(FusedRNN_checkBias)(state, fn, "bias2", bias2, 3 * H);
  THNN_(checkNotNull)(fn, "output", hy);
  THNN_(checkNotNull)(fn, "storage", storage);
  THNN_(checkDevice)(state, fn, "output", hy);
  THNN_(checkDevice)(state, fn, "storage", storage);

  THCTensor *in = THCTensor_(newContiguous)(state, input), *hid = THCTensor_(newContiguous)(state, hidden);
  THCTensor *h0 = THCTensor_(newContiguous)(state, hx);
  THCTensor *b1 = THNN_(FusedRNN_contiguous)(state, bias1), *b2 = THNN_(FusedRNN_contiguous)(state, bias2);
  THCTensor *y = THNN_(FusedRNN_beginResult)(state, hy, hx->nDimension, N, H);
  THCTensor *st = THNN_(FusedRNN_beginResult)(state, storage, 2, N, thcunn_rnn::kGruStored * H);
  if (N * H > 0) {
    thcunn_rnn::gruForward<real><<<thcunn_rnn::blocksFor(N * H), thcunn_rnn::kThreads, 0,
                                   THCState_getCurrentStream(state)>>>(
        THCTensor_(data)(state, in), THCTensor_(data)(state, hid), THNN_(FusedRNN_data)(state, b1),
        THNN_(FusedRNN_data)(state, b2), THCTensor_(data)(state, h0), THCTensor_(data)(state, y),
        THCTensor_(data)(state, st), N, H);
    THCudaCheckLaunch("thcunn_rnn::gruForward");
  }
  THCTensor_(freeCopyTo)(state, st, storage);
  THCTensor_(freeCopyTo)(state, y, hy);
  if (b1) THCTensor_(free)(state, b1);
  if (b2) THCTensor_(free)(state, b2);
  THCTensor_(free)(state, h0);
  THCTensor_(free)(state, hid);
  THCTensor_(free)(state, in);
}

// gradInInput, gradInHidden: dL/d(input), dL/d(hidden) [N x 3H]; gradInputHx = dL/dhx.
void THNN_(GRUFused_updateGradInput)(THCState *state, THCTensor *gradInInput, THCTensor *gradInHidden,
                                     THCTensor *gradOutput, THCTensor *gradInputHx, THCTensor *storage) {
  const char *fn = "GRUFused_updateGradInput";
  long H, N = THNN_(FusedRNN_checkState)(state, fn, "gradOutput", gradOutput, &H);
  THNN_(checkNotNull)(fn, "storage", storage);
  if (THCTensor_(nElement)(state, storage) != N * thcunn_rnn::kGruStored * H)
    THError("%s: storage must hold %ld elements (5 per element of gradOutput %s), got size %s; pass the storage "
            "of GRUFused_updateOutput",
            fn, N * thcunn_rnn::kGruStored * H, THCTensor_(sizeDesc)(state, gradOutput).str,
            THCTensor_(sizeDesc)(state, storage).str);
  THNN_(checkNotNull)(fn, "gradInInput", gradInInput);
  THNN_(checkNotNull)(fn, "gradInHidden", gradInHidden);
  THNN_(checkNotNull)(fn, "gradInputHx", gradInputHx);
  THNN_(checkDevice)(state, fn, "storage", storage);
  THNN_(checkDevice)(state, fn, "gradInInput", gradInInput);
  THNN_(checkDevice)(state, fn, "gradInHidden", gradInHidden);
  THNN_(checkDevice)(state, fn, "gradInputHx", gradInputHx);

  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput), *st = THCTensor_(newContiguous)(state, storage);
  int nDim = gradOutput->nDimension;
  THCTensor *gi = THNN_(FusedRNN_beginResult)(state, gradInInput, nDim, N, 3 * H);
  THCTensor *gh = THNN_(FusedRNN_beginResult)(state, gradInHidden, nDim, N, 3 * H);
  THCTensor *gx = THNN_(FusedRNN_beginResult)(state, gradInputHx, nDim, N, H);
  if (N * H > 0) {
    thcunn_rnn::gruBackward<real><<<thcunn_rnn::blocksFor(N * H), thcunn_rnn::kThreads, 0,
                                    THCState_getCurrentStream(state)>>>(
        THCTensor_(data)(state, gi), THCTensor_(data)(state, gh), THCTensor_(data)(state, go),
        THCTensor_(data)(state, gx), THCTensor_(data)(state, st), N, H);
    THCudaCheckLaunch("thcunn_rnn::gruBackward");
  }
  THCTensor_(freeCopyTo)(state, gx, gradInputHx);
  THCTensor_(freeCopyTo)(state, gh, gradInHidden);
  THCTensor_(freeCopyTo)(state, gi, gradInInput);
  THCTensor_(free)(state, st);
  THCTensor_(free)(state, go);
}
