#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/IndexLinear.c"
#else
/* Torch7's sparse-input linear layer (nn.IndexLinear). A batch of B sparse rows arrives flattened:
 * keys [K] (feature ids) and values [K], sizes [B] (how many of them each row has) and cumSumSizes
 * [B] (their running sum: row b owns positions cumSumSizes[b-1] .. cumSumSizes[b]-1). weight has one
 * row per feature, addressed by key + keysOffset (0-based), and one column per output:
 *   output[b] = bias + sum over row b's positions k of weight[keys[k] + keysOffset] * values[k]
 * With max-normalisation (weight has 4 more columns than bias has elements, as nn.IndexLinear's
 * `normalize` option made it) columns 0-3 of a feature's row hold its largest |value| seen in
 * training, the inverse of that, a learning-rate scale and an offset; the value used is then
 * clamp(value / max, -1, 1) + offset (kept in normalizedValues) and the output columns start at 4.
 *
 * gradWeight is dense per position, not per feature ([K x outDim], or [K x 2 outDim] with the offset's
 * part first when normalising), and updateParameters applies it to the features' rows. Updates to
 * weight run sequentially in position order (Torch7's comment: threads would race on shared features).
 * Where Torch7's one-output normalising paths differed from its general path (weight decay with the
 * opposite sign, accUpdateGradParameters clearing the scale column), ember follows the general path. */

#define THNN_INDEXLINEAR_NORM_COLUMNS 4

typedef struct {
  long batch, nKeys;
  THLongTensor *keys, *sizes, *cumSumSizes; /* contiguous; owned */
  THTensor *values, *gradOutput;            /* contiguous; owned (gradOutput may be NULL) */
} THNN_(IndexLinearBatch);

/* outDim and the number of normalisation columns from weight and bias. */
static long THNN_(IndexLinear_layout)(const char *fn, THTensor *weight, THTensor *bias, long *outDim) {
  THNN_(checkDims)(fn, "weight", weight, 2, 2);
  THNN_(checkDims)(fn, "bias", bias, 1, 1);
  *outDim = bias->size[0];
  long norm = weight->size[1] - *outDim;
  if (norm != 0 && norm != THNN_INDEXLINEAR_NORM_COLUMNS)
    THError("%s: weight must have as many columns as bias has elements (%ld), or 4 more to normalise, got weight "
            "of size %s",
            fn, *outDim, THTensor_(sizeDesc)(weight).str);
  return norm;
}

static void THNN_(IndexLinear_checkLongVector)(const char *fn, const char *arg, THLongTensor *t) {
  THNN_(checkNotNull)(fn, arg, t);
  if (t->nDimension != 1)
    THError("%s: %s must be a 1D tensor, got a %dD tensor of size %s", fn, arg, t->nDimension,
            THLongTensor_sizeDesc(t).str);
}

/* Checks keys, values, sizes and cumSumSizes against each other, when nRows >= 0 every key's row
 * against weight's rows, and gradOutput (unless NULL: B x outDim elements); then takes contiguous
 * copies. */
static THNN_(IndexLinearBatch) THNN_(IndexLinear_batch)(const char *fn, THLongTensor *keys, long keysOffset,
                                                        THTensor *values, THLongTensor *sizes,
                                                        THLongTensor *cumSumSizes, long nRows,
                                                        THTensor *gradOutput, long outDim) {
  THNN_(IndexLinear_checkLongVector)(fn, "keys", keys);
  THNN_(IndexLinear_checkLongVector)(fn, "sizes", sizes);
  THNN_(IndexLinear_checkLongVector)(fn, "cumSumSizes", cumSumSizes);
  THNN_(checkDims)(fn, "values", values, 1, 1);
  long nKeys = keys->size[0], batch = sizes->size[0];
  if (values->size[0] != nKeys)
    THError("%s: values must have as many elements as keys (%ld), got %ld", fn, nKeys, values->size[0]);
  if (cumSumSizes->size[0] != batch)
    THError("%s: cumSumSizes must have as many elements as sizes (%ld), got %ld", fn, batch, cumSumSizes->size[0]);
  long total = 0;
  for (long b = 0; b < batch; b++) {
    long n = THLongTensor_get1d(sizes, b), cum = THLongTensor_get1d(cumSumSizes, b);
    total += n;
    if (n < 0 || cum != total)
      THError("%s: sizes[%ld] = %ld and cumSumSizes[%ld] = %ld disagree (cumSumSizes must be the running sum of "
              "non-negative sizes, here %ld)",
              fn, b + TH_INDEX_BASE, n, b + TH_INDEX_BASE, cum, total);
  }
  if (total != nKeys) THError("%s: sizes add up to %ld, but there are %ld keys", fn, total, nKeys);
  if (nRows >= 0)
    for (long k = 0; k < nKeys; k++) {
      long row = THLongTensor_get1d(keys, k) + keysOffset;
      if (row < 0 || row >= nRows)
        THError("%s: key %ld at position %ld gives weight row %ld (keysOffset %ld), outside [0, %ld)", fn,
                THLongTensor_get1d(keys, k), k + TH_INDEX_BASE, row, keysOffset, nRows);
    }
  if (gradOutput && THTensor_(nElement)(gradOutput) != batch * outDim)
    THError("%s: gradOutput must have %ld elements (%ld rows x %ld outputs), got size %s", fn, batch * outDim, batch,
            outDim, THTensor_(sizeDesc)(gradOutput).str);
  THNN_(IndexLinearBatch) in = {batch,
                                nKeys,
                                THLongTensor_newContiguous(keys),
                                THLongTensor_newContiguous(sizes),
                                THLongTensor_newContiguous(cumSumSizes),
                                THTensor_(newContiguous)(values),
                                gradOutput ? THTensor_(newContiguous)(gradOutput) : NULL};
  return in;
}

static void THNN_(IndexLinear_freeBatch)(THNN_(IndexLinearBatch) *in) {
  THLongTensor_free(in->keys);
  THLongTensor_free(in->sizes);
  THLongTensor_free(in->cumSumSizes);
  THTensor_(free)(in->values);
  if (in->gradOutput) THTensor_(free)(in->gradOutput);
}

static inline long THNN_(IndexLinear_start)(const THNN_(IndexLinearBatch) *in, long b) {
  return b == 0 ? 0 : THLongTensor_data(in->cumSumSizes)[b - 1];
}

/* One feature's row (at w, column stride s1) after a step: its output weights are decayed by wd and
 * move by -lrWeight g; when normalising, its offset moves by -lrOffset sum_c gOffset[c] w_c (the
 * offset's gradient, with the weights before the step) and every rate is multiplied by the row's
 * scale column. */
static void THNN_(IndexLinear_stepRow)(real *w, long s1, long norm, long outDim, const real *gOffset,
                                       accreal lrOffset, const real *g, accreal lrWeight, accreal wd) {
  real *ow = w + norm * s1;
  if (norm) {
    accreal rowScale = w[2 * s1];
    lrOffset *= rowScale;
    lrWeight *= rowScale;
    wd *= rowScale;
    accreal d = 0;
    for (long c = 0; c < outDim; c++) d += gOffset[c] * ow[c * s1];
    w[3 * s1] -= (real)(d * lrOffset);
  }
  for (long c = 0; c < outDim; c++) ow[c * s1] -= (real)(wd * ow[c * s1] + lrWeight * g[c]);
}

void THNN_(IndexLinear_updateOutput)(THNNState *state, THIndexTensor *keys, long keysOffset, THTensor *values,
                                     THIndexTensor *sizes, THIndexTensor *cumSumSizes, THTensor *output,
                                     THTensor *weight, THTensor *bias, THTensor *normalizedValues, int train) {
  const char *fn = "IndexLinear_updateOutput";
  long outDim, norm = THNN_(IndexLinear_layout)(fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "output", output);
  if (norm) THNN_(checkNotNull)(fn, "normalizedValues", normalizedValues);
  THNN_(IndexLinearBatch) in =
      THNN_(IndexLinear_batch)(fn, keys, keysOffset, values, sizes, cumSumSizes, weight->size[0], NULL, 0);
  const long *key = THLongTensor_data(in.keys);
  long s0 = weight->stride[0], s1 = weight->stride[1];
  real *w = THTensor_(data)(weight);

  const real *val = THTensor_(data)(in.values);
  THTensor *normalized = NULL;
  if (norm) {
    THTensor_(resize1d)(normalizedValues, in.nKeys);
    normalized = THNN_(writable)(normalizedValues, 0);
    real *nv = THTensor_(data)(normalized);
    for (long k = 0; k < in.nKeys; k++) {
      real *row = w + (key[k] + keysOffset) * s0;
      real v = val[k], a = v < 0 ? -v : v;
      if (train) {
        if (a > row[0]) {
          row[0] = a;
          row[s1] = 1 / a;
        }
        row[2 * s1] = 1;
      }
      nv[k] = (a > row[0] ? (real)((v > 0) - (v < 0)) : v * row[s1]) + row[3 * s1];
    }
    val = nv;
  }

  THTensor_(resize2d)(output, in.batch, outDim);
  THTensor *out = THNN_(writable)(output, 0);
  THTensor *b = THTensor_(newContiguous)(bias);
  real *y = THTensor_(data)(out);
  const real *pb = THTensor_(data)(b);
  const real *ow = w + norm * s1;
#pragma omp parallel for if (in.batch > 1 && in.nKeys * outDim > TH_OMP_THRESHOLD)
  for (long r = 0; r < in.batch; r++) {
    real *yr = y + r * outDim;
    for (long c = 0; c < outDim; c++) yr[c] = pb[c];
    long end = THLongTensor_data(in.cumSumSizes)[r];
    for (long k = THNN_(IndexLinear_start)(&in, r); k < end; k++) {
      const real *wr = ow + (key[k] + keysOffset) * s0;
      real v = val[k];
      for (long c = 0; c < outDim; c++) yr[c] += v * wr[c * s1];
    }
  }
  THTensor_(free)(b);
  THNN_(writeBack)(output, out);
  if (normalized) THNN_(writeBack)(normalizedValues, normalized);
  THNN_(IndexLinear_freeBatch)(&in);
}

/* gradWeight (resized to [K x outDim], or [K x 2 outDim] when normalising) is overwritten: position
 * k of row b gets scale values[k] gradOutput[b] (preceded by scale gradOutput[b], the offset's
 * gradient, when normalising); gradBias += scale sum_b gradOutput[b]. Pass the normalized values as
 * values when normalising (nn.IndexLinear did). weightDecay and valuesBuffer are not used (as in
 * Torch7: the decay is applied by updateParameters). */
void THNN_(IndexLinear_accGradParameters)(THNNState *state, THIndexTensor *keys, long keysOffset, THTensor *values,
                                          THIndexTensor *sizes, THIndexTensor *cumSumSizes, THTensor *gradOutput,
                                          THTensor *gradWeight, THTensor *gradBias, THTensor *weight,
                                          THTensor *bias, THTensor *valuesBuffer, accreal weightDecay,
                                          accreal scale) {
  const char *fn = "IndexLinear_accGradParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "gradWeight", gradWeight);
  THNN_(checkDims)(fn, "gradBias", gradBias, 1, 1);
  THNN_(checkDimSize)(fn, "gradBias", gradBias, 0, outDim);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(IndexLinearBatch) in =
      THNN_(IndexLinear_batch)(fn, keys, keysOffset, values, sizes, cumSumSizes, -1, gradOutput, outDim);
  long width = norm ? 2 * outDim : outDim;
  THTensor_(resize2d)(gradWeight, in.nKeys, width);
  THTensor *gw = THNN_(writable)(gradWeight, 0);
  const real *g = THTensor_(data)(in.gradOutput), *val = THTensor_(data)(in.values);
  real *pgw = THTensor_(data)(gw);
  for (long r = 0; r < in.batch; r++) {
    const real *gr = g + r * outDim;
    long end = THLongTensor_data(in.cumSumSizes)[r];
    for (long k = THNN_(IndexLinear_start)(&in, r); k < end; k++) {
      real *row = pgw + k * width;
      if (norm) {
        for (long c = 0; c < outDim; c++) row[c] = (real)(scale * gr[c]);
        row += outDim;
      }
      real v = (real)(scale * val[k]);
      for (long c = 0; c < outDim; c++) row[c] = v * gr[c];
    }
  }
  THNN_(writeBack)(gradWeight, gw);
  real *gb = THTensor_(data)(gradBias);
  for (long c = 0; c < outDim; c++) {
    accreal sum = 0;
    for (long r = 0; r < in.batch; r++) sum += g[r * outDim + c];
    gb[c * gradBias->stride[0]] += (real)(scale * sum);
  }
  THNN_(IndexLinear_freeBatch)(&in);
}

/* accGradParameters then updateParameters in one go, without a gradWeight: bias -= scale gradOutput[b]
 * and each position's feature row is decayed by weightDecay and moves by -scale values[k]
 * gradOutput[b], in position order. */
void THNN_(IndexLinear_accUpdateGradParameters)(THNNState *state, THIndexTensor *keys, long keysOffset,
                                                THTensor *values, THIndexTensor *sizes, THIndexTensor *cumSumSizes,
                                                THTensor *gradOutput, THTensor *weight, THTensor *bias,
                                                accreal weightDecay, accreal scale) {
  const char *fn = "IndexLinear_accUpdateGradParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(IndexLinearBatch) in = THNN_(IndexLinear_batch)(fn, keys, keysOffset, values, sizes, cumSumSizes,
                                                        weight->size[0], gradOutput, outDim);
  const real *g = THTensor_(data)(in.gradOutput), *val = THTensor_(data)(in.values);
  const long *key = THLongTensor_data(in.keys);
  long s0 = weight->stride[0], s1 = weight->stride[1], sb = bias->stride[0];
  real *w = THTensor_(data)(weight), *pb = THTensor_(data)(bias);
  for (long r = 0; r < in.batch; r++) {
    const real *gr = g + r * outDim;
    for (long c = 0; c < outDim; c++) pb[c * sb] -= (real)(scale * gr[c]);
    long end = THLongTensor_data(in.cumSumSizes)[r];
    for (long k = THNN_(IndexLinear_start)(&in, r); k < end; k++) {
      /* the output weights' gradient is values[k] gr, the offset's gr */
      THNN_(IndexLinear_stepRow)(w + (key[k] + keysOffset) * s0, s1, norm, outDim, gr, scale, gr, scale * val[k],
                                 weightDecay);
    }
  }
  THNN_(IndexLinear_freeBatch)(&in);
}

/* bias -= learningRate gradBias; for each position j of runningKeys (the keys gradWeight's rows were
 * accumulated for), the feature's row is decayed by weightDecay and moves by -learningRate
 * gradWeight[j] (scaled by the row's scale column when normalising, which also moves the offset).
 * cumSumSizes is not used (as in Torch7). */
void THNN_(IndexLinear_updateParameters)(THNNState *state, THTensor *gradWeight, THTensor *gradBias,
                                         THTensor *weight, THTensor *bias, THIndexTensor *runningKeys,
                                         THIndexTensor *cumSumSizes, long keysOffset, accreal weightDecay,
                                         accreal learningRate) {
  const char *fn = "IndexLinear_updateParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(fn, weight, bias, &outDim);
  THNN_(checkDims)(fn, "gradBias", gradBias, 1, 1);
  THNN_(checkDimSize)(fn, "gradBias", gradBias, 0, outDim);
  THNN_(IndexLinear_checkLongVector)(fn, "runningKeys", runningKeys);
  long nKeys = runningKeys->size[0], width = norm ? 2 * outDim : outDim;
  THNN_(checkDims)(fn, "gradWeight", gradWeight, 2, 2);
  if (gradWeight->size[0] != nKeys || gradWeight->size[1] != width)
    THError("%s: gradWeight must be [%ld x %ld] (one row per running key), got size %s", fn, nKeys, width,
            THTensor_(sizeDesc)(gradWeight).str);
  for (long k = 0; k < nKeys; k++) {
    long row = THLongTensor_get1d(runningKeys, k) + keysOffset;
    if (row < 0 || row >= weight->size[0])
      THError("%s: key %ld at position %ld gives weight row %ld (keysOffset %ld), outside [0, %ld)", fn,
              THLongTensor_get1d(runningKeys, k), k + TH_INDEX_BASE, row, keysOffset, weight->size[0]);
  }
  THTensor_(cadd)(bias, bias, (real)-learningRate, gradBias);
  THTensor *gw = THTensor_(newContiguous)(gradWeight);
  THLongTensor *rk = THLongTensor_newContiguous(runningKeys);
  const long *key = THLongTensor_data(rk);
  const real *g = THTensor_(data)(gw);
  real *w = THTensor_(data)(weight);
  for (long k = 0; k < nKeys; k++) {
    const real *gk = g + k * width;
    THNN_(IndexLinear_stepRow)(w + (key[k] + keysOffset) * weight->stride[0], weight->stride[1], norm, outDim, gk,
                               learningRate, norm ? gk + outDim : gk, learningRate, weightDecay);
  }
  THLongTensor_free(rk);
  THTensor_(free)(gw);
}

#undef THNN_INDEXLINEAR_NORM_COLUMNS
#endif
