#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/TemporalMaxPooling.c"
#else

/* Max over windows of kW frames moved by dW, per feature, on [T x F] or [N x T x F]. indices holds,
 * per output element, the max's offset within its window, 0 to kW - 1: Torch7's convention for this
 * module (the spatial ones store 1-based plane positions), kept so that indices stay interchangeable
 * with Torch7's. A NaN wins, as in the spatial modules; Torch7 compared with > only, so a window of
 * NaN or -inf values had no max, offset -1, which its backward skipped. ember's forward keeps the
 * window's first frame there instead, and its backward skips an offset of -1 as Torch7's did. */

void THNN_(TemporalMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                            THIndexTensor *indices, int kW, int dW) {
  const char *fn = "TemporalMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolTemporalPlan)(fn, input, kW, dW, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  long sizes[3];
  const int nd = THNN_(poolTemporalOutputSizes)(&s, sizes);
  const long T = s.inputSize[0], oT = s.outputSize[0], F = s.nPlanes, rows = s.nBatch * oT;

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, nd, sizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *xp = THIndexTensor_(data)(ind);

#pragma omp parallel for if (rows > 1 && rows * kW * F > THNN_POOL_OMP_MIN)
  for (long r = 0; r < rows; r++) {
    const real *window = ip + ((r / oT) * T + (r % oT) * dW) * F;
    real *restrict o = op + r * F;
    THIndex_t *restrict x = xp + r * F;
    for (long f = 0; f < F; f++) {
      o[f] = window[f];
      x[f] = 0;
    }
    for (long k = 1; k < kW; k++) {
      const real *restrict frame = window + k * F;
      for (long f = 0; f < F; f++) {
        const real v = frame[f];
        const int t = (v > o[f]) | (v != v);
        o[f] = t ? v : o[f];
        x[f] = t ? k : x[f];
      }
    }
  }

  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
  THNN_(poolIndicesWritten)(ind, indices);
}

void THNN_(TemporalMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                               THTensor *gradInput, THIndexTensor *indices, int kW, int dW) {
  const char *fn = "TemporalMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolTemporalPlan)(fn, input, kW, dW, &s);
  long sizes[3];
  const int nd = THNN_(poolTemporalOutputSizes)(&s, sizes);
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, nd, sizes);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long T = s.inputSize[0], oT = s.outputSize[0], F = s.nPlanes, nBatch = s.nBatch;

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  const real *gop = ops.go;
  const THIndex_t *xp = ops.ind;
  real *gip = ops.gi;
  long badAt = -1, badIndex = 0;

  /* Windows overlap when dW < kW: the samples are what can run in parallel. */
#pragma omp parallel for if (nBatch > 1 && nBatch * T * F > THNN_POOL_OMP_MIN)
  for (long b = 0; b < nBatch; b++) {
    real *g = gip + b * T * F;
    memset(g, 0, sizeof(real) * (size_t)(T * F));
    for (long t = 0; t < oT; t++) {
      const long r = b * oT + t;
      for (long f = 0; f < F; f++) {
        const long k = xp[r * F + f];
        if (k == -1) continue;
        if (k < 0 || k >= kW) {
          THNN_POOL_NOTE_BAD(badAt, badIndex, r * F + f, k);
          continue;
        }
        g[(t * dW + k) * F + f] += gop[r * F + f];
      }
    }
  }

  THNN_(poolGradEnd)(&ops);
  if (badAt >= 0) THNN_(poolIndexError)(fn, "indices", badAt, badIndex, 0, kW - 1);
}

#endif
