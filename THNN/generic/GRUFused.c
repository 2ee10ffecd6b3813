#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/GRUFused.c"
#else
/* The pointwise part of a GRU cell, as Torch7/PyTorch 0.3's fused CUDA kernel computed it (Torch7
 * asserted on the CPU). input = x W_ih^T and hidden = h W_hh^T are [N x 3H] (or [3H]), chunks in
 * PyTorch's order r (reset), z (update), n (new); bias1/bias2 (NULL or 3H) are b_ih/b_hh:
 *   r = sigmoid(i_r + h_r + b1_r + b2_r)     z = sigmoid(i_z + h_z + b1_z + b2_z)
 *   n = tanh(i_n + b1_n + r (h_n + b2_n))    hy = n + z (hx - n)
 * storage [N x 5H] keeps r, z, n, hx and h_n + b2_n per row for updateGradInput. */

#define THNN_GRU_STORED 5

void THNN_(GRUFused_updateOutput)(THNNState *state, THTensor *input, THTensor *hidden, THTensor *bias1,
                                  THTensor *bias2, THTensor *hx, THTensor *output, THTensor *storage) {
  const char *fn = "GRUFused_updateOutput";
  long H, N = THNN_(FusedRNN_checkState)(fn, "hx", hx, &H);
  THNN_(FusedRNN_checkGates)(fn, "input", input, hx->nDimension, N, 3 * H);
  THNN_(FusedRNN_checkGates)(fn, "hidden", hidden, hx->nDimension, N, 3 * H);
  THNN_(FusedRNN_checkBias)(fn, "bias1", bias1, 3 * H);
  THNN_(FusedRNN_checkBias)(fn, "bias2", bias2, 3 * H);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "storage", storage);

  THTensor *in = THTensor_(newContiguous)(input), *hid = THTensor_(newContiguous)(hidden);
  THTensor *h0 = THTensor_(newContiguous)(hx);
  THTensor *b1 = THNN_(FusedRNN_contiguousBias)(bias1), *b2 = THNN_(FusedRNN_contiguousBias)(bias2);
  THTensor *hy = THNN_(FusedRNN_beginResult)(output, hx->nDimension, N, H);
  THTensor *st = THNN_(FusedRNN_beginResult)(storage, 2, N, THNN_GRU_STORED * H);
  const real *pi = THTensor_(data)(in), *ph = THTensor_(data)(hid), *px = THTensor_(data)(h0);
  const real *pb1 = b1 ? THTensor_(data)(b1) : NULL, *pb2 = b2 ? THTensor_(data)(b2) : NULL;
  real *py = THTensor_(data)(hy), *ps = THTensor_(data)(st);
#pragma omp parallel for if (N * H > TH_OMP_THRESHOLD / 8)
  for (long row = 0; row < N; row++) {
    const real *i = pi + row * 3 * H, *h = ph + row * 3 * H, *x = px + row * H;
    real *y = py + row * H, *s = ps + row * THNN_GRU_STORED * H;
    for (long j = 0; j < H; j++) {
      accreal ir = i[j], iz = i[H + j], in_ = i[2 * H + j];
      accreal hr = h[j], hz = h[H + j], hn = h[2 * H + j], h0j = x[j];
      if (pb1) ir += pb1[j], iz += pb1[H + j], in_ += pb1[2 * H + j];
      if (pb2) hr += pb2[j], hz += pb2[H + j], hn += pb2[2 * H + j];
      accreal r = 1 / (1 + exp(-(ir + hr)));
      accreal z = 1 / (1 + exp(-(iz + hz)));
      accreal n = tanh(in_ + r * hn);
      y[j] = (real)(n + z * (h0j - n));
      s[j] = (real)r;
      s[H + j] = (real)z;
      s[2 * H + j] = (real)n;
      s[3 * H + j] = (real)h0j;
      s[4 * H + j] = (real)hn;
    }
  }
  THNN_(writeBack)(storage, st);
  THNN_(writeBack)(output, hy);
  if (b1) THTensor_(free)(b1);
  if (b2) THTensor_(free)(b2);
  THTensor_(free)(h0);
  THTensor_(free)(hid);
  THTensor_(free)(in);
}

/* From gradOutput (dL/dhy, [N x H] or [H]) and storage: gradInInput = dL/d(input) and gradInHidden =
 * dL/d(hidden) (both [N x 3H]; their r and z chunks are equal, and also give the biases' gradients
 * summed over rows), gradInputHx = dL/dhx. */
void THNN_(GRUFused_updateGradInput)(THNNState *state, THTensor *gradInInput, THTensor *gradInHidden,
                                     THTensor *gradOutput, THTensor *gradInputHx, THTensor *storage) {
  const char *fn = "GRUFused_updateGradInput";
  long H, N = THNN_(FusedRNN_checkState)(fn, "gradOutput", gradOutput, &H);
  THNN_(checkNotNull)(fn, "storage", storage);
  if (THTensor_(nElement)(storage) != N * THNN_GRU_STORED * H)
    THError("%s: storage must hold %ld elements (5 per element of gradOutput %s), got size %s; pass the storage "
            "of GRUFused_updateOutput",
            fn, N * THNN_GRU_STORED * H, THTensor_(sizeDesc)(gradOutput).str, THTensor_(sizeDesc)(storage).str);
  THNN_(checkNotNull)(fn, "gradInInput", gradInInput);
  THNN_(checkNotNull)(fn, "gradInHidden", gradInHidden);
  THNN_(checkNotNull)(fn, "gradInputHx", gradInputHx);

  THTensor *go = THTensor_(newContiguous)(gradOutput), *st = THTensor_(newContiguous)(storage);
  int nDim = gradOutput->nDimension;
  THTensor *gi = THNN_(FusedRNN_beginResult)(gradInInput, nDim, N, 3 * H);
  THTensor *gh = THNN_(FusedRNN_beginResult)(gradInHidden, nDim, N, 3 * H);
  THTensor *gx = THNN_(FusedRNN_beginResult)(gradInputHx, nDim, N, H);
  const real *pg = THTensor_(data)(go), *ps = THTensor_(data)(st);
  real *pgi = THTensor_(data)(gi), *pgh = THTensor_(data)(gh), *pgx = THTensor_(data)(gx);
#pragma omp parallel for if (N * H > TH_OMP_THRESHOLD / 8)
  for (long row = 0; row < N; row++) {
    const real *g = pg + row * H, *s = ps + row * THNN_GRU_STORED * H;
    real *di = pgi + row * 3 * H, *dh = pgh + row * 3 * H, *dx = pgx + row * H;
    for (long j = 0; j < H; j++) {
      accreal r = s[j], z = s[H + j], n = s[2 * H + j], x = s[3 * H + j], hn = s[4 * H + j];
      accreal gy = g[j];
      accreal dn = gy * (1 - z) * (1 - n * n);  /* through n's tanh */
      accreal dz = gy * (x - n) * z * (1 - z);
      accreal dr = dn * hn * r * (1 - r);
      di[j] = dh[j] = (real)dr;
      di[H + j] = dh[H + j] = (real)dz;
      di[2 * H + j] = (real)dn;
      dh[2 * H + j] = (real)(dn * r);
      dx[j] = (real)(gy * z);
    }
  }
  THNN_(writeBack)(gradInputHx, gx);
  THNN_(writeBack)(gradInHidden, gh);
  THNN_(writeBack)(gradInInput, gi);
  THTensor_(free)(st);
  THTensor_(free)(go);
}

#undef THNN_GRU_STORED
#endif
