#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SparseLinear.c"
#else
/* Torch7's nn.SparseLinear: output[b] = bias + weight * x_b for sparse rows x_b, weight [out x in].
 * Two input formats, one implementation:
 *   COO (SparseLinear_*):        [nnz x 3] rows of (batch index, feature index, value), 1-based;
 *   legacy (SparseLinear_legacy*): [batch x nnz x 2] of (feature index, value), 1-based.
 * Both are read into a list of (row, column, value) entries first; entries whose value is 0 are
 * skipped before their indices are looked at (legacy callers pad rows that way), every other index is
 * checked. Torch7's COO kernels needed the entries sorted by batch index and a sized output; ember
 * takes them in any order and sizes an unsized output (batch = the largest batch index).
 * updateParameters and zeroGradParameters touch only the weight columns of the features lastInput
 * used, as in Torch7. */

typedef struct {
  long n;
  long *row, *col; /* 0-based */
  real *val;
} THNN_(SparseEntries);

static void THNN_(SparseLinear_checkInput)(const char *fn, THTensor *input, bool legacy) {
  THNN_(checkNotNull)(fn, "input", input);
  if (legacy ? input->nDimension != 3 || input->size[2] != 2 : input->nDimension != 2 || input->size[1] != 3)
    THError("%s: input must be %s, got a %dD tensor of size %s", fn,
            legacy ? "a [batch x nnz x 2] tensor of (feature index, value) pairs"
                   : "a [nnz x 3] tensor of (batch index, feature index, value) rows",
            input->nDimension, THTensor_(sizeDesc)(input).str);
}

/* The number of (row, column, value) triples the input holds. */
static long THNN_(SparseLinear_count)(THTensor *input, bool legacy) {
  return legacy ? input->size[0] * input->size[1] : input->size[0];
}

/* Entry e's batch row (1-based, as stored), feature index and value. */
static void THNN_(SparseLinear_read)(THTensor *input, bool legacy, long e, real *batch, real *feature, real *value) {
  const real *p = THTensor_(data)(input);
  if (legacy) {
    long b = e / input->size[1], i = e % input->size[1];
    const real *q = p + b * input->stride[0] + i * input->stride[1];
    *batch = (real)(b + 1);
    *feature = q[0];
    *value = q[input->stride[2]];
  } else {
    const real *q = p + e * input->stride[0];
    *batch = q[0];
    *feature = q[input->stride[1]];
    *value = q[2 * input->stride[1]];
  }
}

/* The largest batch index of the non-zero entries (the batch size for the legacy format); indices too
 * large to be real are left to SparseLinear_entries to report. */
static long THNN_(SparseLinear_batchSize)(THTensor *input, bool legacy) {
  if (legacy) return input->size[0];
  long n = THNN_(SparseLinear_count)(input, legacy), most = 0;
  for (long e = 0; e < n; e++) {
    real b, f, v;
    THNN_(SparseLinear_read)(input, legacy, e, &b, &f, &v);
    if (v != 0 && b > most && b < (real)(1L << 40)) most = (long)b;
  }
  return most;
}

/* Checks every non-zero entry's indices (feature in [1, inDim], batch in [1, batch]), then returns
 * the entries. */
static THNN_(SparseEntries) THNN_(SparseLinear_entries)(const char *fn, THTensor *input, bool legacy, long inDim,
                                                        long batch) {
  long count = THNN_(SparseLinear_count)(input, legacy), n = 0;
  for (long e = 0; e < count; e++) {
    real b, f, v;
    THNN_(SparseLinear_read)(input, legacy, e, &b, &f, &v);
    if (v == 0) continue;
    n++;
    if (!(f >= 1 && f < inDim + 1))
      THError("%s: feature index %g out of range [1, %ld] at entry %ld", fn, (double)f, inDim, e + 1);
    if (!(b >= 1 && b < batch + 1))
      THError("%s: batch index %g out of range [1, %ld] at entry %ld", fn, (double)b, batch, e + 1);
  }
  THNN_(SparseEntries) s = {n, THAlloc(sizeof(long) * (size_t)n), THAlloc(sizeof(long) * (size_t)n),
                            THAlloc(sizeof(real) * (size_t)n)};
  n = 0;
  for (long e = 0; e < count; e++) {
    real b, f, v;
    THNN_(SparseLinear_read)(input, legacy, e, &b, &f, &v);
    if (v == 0) continue;
    s.row[n] = (long)b - 1;
    s.col[n] = (long)f - 1;
    s.val[n++] = v;
  }
  return s;
}

static void THNN_(SparseLinear_freeEntries)(THNN_(SparseEntries) *s) {
  THFree(s->row);
  THFree(s->col);
  THFree(s->val);
}

/* Groups the entries by key (in [0, nKeys)) with a counting sort: entries order[start[k]] ..
 * order[start[k+1]-1] have key k. One allocation: start (nKeys + 1) followed by order (n). */
static long *THNN_(SparseLinear_group)(const long *key, long n, long nKeys) {
  long *start = THAlloc(sizeof(long) * (size_t)(nKeys + 1 + n)), *order = start + nKeys + 1;
  memset(start, 0, sizeof(long) * (size_t)(nKeys + 1));
  for (long e = 0; e < n; e++) start[key[e] + 1]++;
  for (long k = 0; k < nKeys; k++) start[k + 1] += start[k];
  long *next = THAlloc(sizeof(long) * (size_t)(nKeys ? nKeys : 1));
  memcpy(next, start, sizeof(long) * (size_t)nKeys);
  for (long e = 0; e < n; e++) order[next[key[e]]++] = e;
  THFree(next);
  return start;
}

static void THNN_(SparseLinear_checkParams)(const char *fn, THTensor *weight, const char *biasName, THTensor *bias) {
  THNN_(checkDims)(fn, "weight", weight, 2, 2);
  THNN_(checkDims)(fn, biasName, bias, 1, 1);
  THNN_(checkDimSize)(fn, biasName, bias, 0, weight->size[0]);
}

static void THNN_(SparseLinear_forward)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                        THTensor *bias, bool legacy) {
  THNN_(SparseLinear_checkInput)(fn, input, legacy);
  THNN_(SparseLinear_checkParams)(fn, weight, "bias", bias);
  THNN_(checkNotNull)(fn, "output", output);
  long outDim = weight->size[0], inDim = weight->size[1];
  long batch = !legacy && output->nDimension == 2 && output->size[1] == outDim
                   ? output->size[0]
                   : THNN_(SparseLinear_batchSize)(input, legacy);
  THNN_(SparseEntries) s = THNN_(SparseLinear_entries)(fn, input, legacy, inDim, batch);
  long *start = THNN_(SparseLinear_group)(s.row, s.n, batch), *order = start + batch + 1;
  THTensor_(resize2d)(output, batch, outDim);
  THTensor *out = THNN_(writable)(output, 0);
  real *y = THTensor_(data)(out);
  const real *w = THTensor_(data)(weight), *b = THTensor_(data)(bias);
  long ws0 = weight->stride[0], ws1 = weight->stride[1], bs = bias->stride[0];
#pragma omp parallel for if (batch > 1 && s.n * outDim > TH_OMP_THRESHOLD)
  for (long r = 0; r < batch; r++) {
    real *yr = y + r * outDim;
    for (long o = 0; o < outDim; o++) yr[o] = b[o * bs];
    for (long at = start[r]; at < start[r + 1]; at++) {
      long e = order[at];
      const real *wc = w + s.col[e] * ws1;
      real v = s.val[e];
      for (long o = 0; o < outDim; o++) yr[o] += v * wc[o * ws0];
    }
  }
  THNN_(writeBack)(output, out);
  THFree(start);
  THNN_(SparseLinear_freeEntries)(&s);
}

/* gradWeight[:, f] += scale value gradOutput[b] per entry; gradBias += scale sum_b gradOutput[b];
 * then gradWeight += weightDecay weight (all of it, as Torch7) when weightDecay != 0. */
static void THNN_(SparseLinear_backward)(const char *fn, THTensor *input, THTensor *gradOutput, THTensor *gradWeight,
                                         THTensor *gradBias, THTensor *weight, accreal weightDecay, accreal scale,
                                         bool legacy) {
  THNN_(SparseLinear_checkInput)(fn, input, legacy);
  THNN_(checkDims)(fn, "weight", weight, 2, 2);
  THNN_(checkSameSize)(fn, "gradWeight", gradWeight, "weight", weight);
  THNN_(SparseLinear_checkParams)(fn, weight, "gradBias", gradBias);
  THNN_(checkDims)(fn, "gradOutput", gradOutput, 1, 2);
  long outDim = weight->size[0], inDim = weight->size[1];
  long batch = legacy ? input->size[0] : gradOutput->nDimension == 2 ? gradOutput->size[0] : 1;
  if (THTensor_(nElement)(gradOutput) != batch * outDim)
    THError("%s: gradOutput must be [%ld x %ld], got size %s", fn, batch, outDim, THTensor_(sizeDesc)(gradOutput).str);
  THNN_(SparseEntries) s = THNN_(SparseLinear_entries)(fn, input, legacy, inDim, batch);
  long *start = THNN_(SparseLinear_group)(s.col, s.n, inDim), *order = start + inDim + 1;
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  const real *g = THTensor_(data)(go);
  real *gw = THTensor_(data)(gradWeight);
  long gs0 = gradWeight->stride[0], gs1 = gradWeight->stride[1];
#pragma omp parallel for if (s.n * outDim > TH_OMP_THRESHOLD)
  for (long f = 0; f < inDim; f++) {
    for (long at = start[f]; at < start[f + 1]; at++) {
      long e = order[at];
      real v = (real)(scale * s.val[e]);
      const real *gr = g + s.row[e] * outDim;
      real *col = gw + f * gs1;
      for (long o = 0; o < outDim; o++) col[o * gs0] += v * gr[o];
    }
  }
  real *gb = THTensor_(data)(gradBias);
  for (long o = 0; o < outDim; o++) {
    accreal sum = 0;
    for (long r = 0; r < batch; r++) sum += g[r * outDim + o];
    gb[o * gradBias->stride[0]] += (real)(scale * sum);
  }
  if (weightDecay != 0) THTensor_(cadd)(gradWeight, gradWeight, (real)weightDecay, weight);
  THTensor_(free)(go);
  THFree(start);
  THNN_(SparseLinear_freeEntries)(&s);
}

/* Marks (1) the columns that lastInput's non-zero entries use; the caller frees the array. */
static unsigned char *THNN_(SparseLinear_usedColumns)(const char *fn, THTensor *lastInput, bool legacy, long inDim) {
  long batch = THNN_(SparseLinear_batchSize)(lastInput, legacy);
  THNN_(SparseEntries) s = THNN_(SparseLinear_entries)(fn, lastInput, legacy, inDim, batch);
  unsigned char *used = THAlloc((size_t)inDim);
  memset(used, 0, (size_t)inDim);
  for (long e = 0; e < s.n; e++) used[s.col[e]] = 1;
  THNN_(SparseLinear_freeEntries)(&s);
  return used;
}

/* bias -= learningRate gradBias; weight[:, f] -= learningRate gradWeight[:, f] for the features f
 * lastInput used. */
static void THNN_(SparseLinear_step)(const char *fn, THTensor *weight, THTensor *bias, THTensor *gradWeight,
                                     THTensor *gradBias, THTensor *lastInput, accreal learningRate, bool legacy) {
  THNN_(SparseLinear_checkParams)(fn, weight, "bias", bias);
  THNN_(checkSameSize)(fn, "gradWeight", gradWeight, "weight", weight);
  THNN_(checkSameSize)(fn, "gradBias", gradBias, "bias", bias);
  THNN_(SparseLinear_checkInput)(fn, lastInput, legacy);
  long outDim = weight->size[0], inDim = weight->size[1];
  unsigned char *used = THNN_(SparseLinear_usedColumns)(fn, lastInput, legacy, inDim);
  THTensor_(cadd)(bias, bias, (real)-learningRate, gradBias);
  real *w = THTensor_(data)(weight);
  const real *gw = THTensor_(data)(gradWeight);
  long ws0 = weight->stride[0], ws1 = weight->stride[1], gs0 = gradWeight->stride[0], gs1 = gradWeight->stride[1];
  real lr = (real)learningRate;
#pragma omp parallel for if (outDim * inDim > TH_OMP_THRESHOLD)
  for (long f = 0; f < inDim; f++)
    if (used[f])
      for (long o = 0; o < outDim; o++) w[o * ws0 + f * ws1] -= lr * gw[o * gs0 + f * gs1];
  THFree(used);
}

/* gradBias = 0; gradWeight[:, f] = 0 for the features f lastInput used. */
static void THNN_(SparseLinear_zero)(const char *fn, THTensor *gradWeight, THTensor *gradBias, THTensor *lastInput,
                                     bool legacy) {
  THNN_(SparseLinear_checkParams)(fn, gradWeight, "gradBias", gradBias);
  THNN_(SparseLinear_checkInput)(fn, lastInput, legacy);
  long outDim = gradWeight->size[0], inDim = gradWeight->size[1];
  unsigned char *used = THNN_(SparseLinear_usedColumns)(fn, lastInput, legacy, inDim);
  THTensor_(zero)(gradBias);
  real *gw = THTensor_(data)(gradWeight);
  long gs0 = gradWeight->stride[0], gs1 = gradWeight->stride[1];
  for (long f = 0; f < inDim; f++)
    if (used[f])
      for (long o = 0; o < outDim; o++) gw[o * gs0 + f * gs1] = 0;
  THFree(used);
}

void THNN_(SparseLinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                      THTensor *bias) {
  THNN_(SparseLinear_forward)("SparseLinear_updateOutput", input, output, weight, bias, false);
}

void THNN_(SparseLinear_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                           THTensor *gradWeight, THTensor *gradBias, THTensor *weight,
                                           THTensor *bias, accreal weightDecay, accreal scale) {
  THNN_(SparseLinear_backward)("SparseLinear_accGradParameters", input, gradOutput, gradWeight, gradBias, weight,
                               weightDecay, scale, false);
}

void THNN_(SparseLinear_zeroGradParameters)(THNNState *state, THTensor *gradWeight, THTensor *gradBias,
                                            THTensor *lastInput) {
  THNN_(SparseLinear_zero)("SparseLinear_zeroGradParameters", gradWeight, gradBias, lastInput, false);
}

void THNN_(SparseLinear_updateParameters)(THNNState *state, THTensor *weight, THTensor *bias, THTensor *gradWeight,
                                          THTensor *gradBias, THTensor *lastInput, accreal learningRate) {
  THNN_(SparseLinear_step)("SparseLinear_updateParameters", weight, bias, gradWeight, gradBias, lastInput,
                           learningRate, false);
}

void THNN_(SparseLinear_legacyUpdateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                            THTensor *bias) {
  THNN_(SparseLinear_forward)("SparseLinear_legacyUpdateOutput", input, output, weight, bias, true);
}

void THNN_(SparseLinear_legacyAccGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradWeight, THTensor *gradBias, THTensor *weight,
                                                 THTensor *bias, accreal weightDecay, accreal scale) {
  THNN_(SparseLinear_backward)("SparseLinear_legacyAccGradParameters", input, gradOutput, gradWeight, gradBias,
                               weight, weightDecay, scale, true);
}

void THNN_(SparseLinear_legacyZeroGradParameters)(THNNState *state, THTensor *gradWeight, THTensor *gradBias,
                                                  THTensor *lastInput) {
  THNN_(SparseLinear_zero)("SparseLinear_legacyZeroGradParameters", gradWeight, gradBias, lastInput, true);
}

void THNN_(SparseLinear_legacyUpdateParameters)(THNNState *state, THTensor *weight, THTensor *bias,
                                                THTensor *gradWeight, THTensor *gradBias, THTensor *lastInput,
                                                accreal learningRate) {
  THNN_(SparseLinear_step)("SparseLinear_legacyUpdateParameters", weight, bias, gradWeight, gradBias, lastInput,
                           learningRate, true);
}

#endif
