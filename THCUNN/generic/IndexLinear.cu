// nn.IndexLinear, as THNN/generic/IndexLinear.c: a batch of B sparse rows arrives flattened as keys
// [K] and values [K], sizes [B] and cumSumSizes [B] (their running sum); weight has one row per
// feature (key + keysOffset, 0-based) and one column per output, or 4 more leading columns when
// values are max-normalised (max |value|, its inverse, a learning-rate scale, an offset):
//   output[b] = bias + sum over row b's positions k of weight[keys[k] + keysOffset] * values[k]
// gradWeight is per position ([K x outDim], or [K x 2 outDim] when normalising) and updateParameters
// applies it to the features' rows. The index vectors are read back to the host for THNN's checks
// and to group positions by feature (IndexLinear.cuh says why); the arithmetic runs on the device.

typedef struct {
  long batch, nKeys;
  THLongTensor *keys, *cumSumSizes;          // host copies, contiguous; owned
  THCudaLongTensor *deviceKeys, *deviceCum;  // contiguous; owned
  THCTensor *values;                         // contiguous; owned
} THNN_(IndexLinearBatch);

// outDim and the number of normalisation columns from weight and bias.
static long THNN_(IndexLinear_layout)(THCState *state, const char *fn, THCTensor *weight, THCTensor *bias,
                                      long *outDim) {
  THNN_(checkDims)(state, fn, "weight", weight, 2, 2);
  THNN_(checkDims)(state, fn, "bias", bias, 1, 1);
  THNN_(checkDevice)(state, fn, "weight", weight);
  THNN_(checkDevice)(state, fn, "bias", bias);
  *outDim = bias->size[0];
  long norm = weight->size[1] - *outDim;
  if (norm != 0 && norm != thcunn_indexlinear::kNormColumns)
    THError("%s: weight must have as many columns as bias has elements (%ld), or 4 more to normalise, got weight "
            "of size %s",
            fn, *outDim, THCTensor_(sizeDesc)(state, weight).str);
  return norm;
}

static void THNN_(IndexLinear_checkLongVector)(THCState *state, const char *fn, const char *arg, THCudaLongTensor *t) {
  THNN_(checkNotNull)(fn, arg, t);
  if (t->nDimension != 1)
    THError("%s: %s must be a 1D tensor, got a %dD tensor of size %s", fn, arg, t->nDimension,
            THCudaLongTensor_sizeDesc(state, t).str);
}

static void THNN_(IndexLinear_checkGradBias)(THCState *state, const char *fn, THCTensor *gradBias, long outDim) {
  THNN_(checkDims)(state, fn, "gradBias", gradBias, 1, 1);
  THNN_(checkDimSize)(state, fn, "gradBias", gradBias, 0, outDim);
  THNN_(checkDevice)(state, fn, "gradBias", gradBias);
}

// THNN's checks of the batch (every key's row against nRows when nRows >= 0; gradOutput, unless NULL,
// against batch x outDim elements), then the tensors the kernels read.
static THNN_(IndexLinearBatch) THNN_(IndexLinear_batch)(THCState *state, const char *fn, THCIndexTensor *keys,
                                                        long keysOffset, THCTensor *values, THCIndexTensor *sizes,
                                                        THCIndexTensor *cumSumSizes, long nRows,
                                                        THCTensor *gradOutput, long outDim) {
  THNN_(IndexLinear_checkLongVector)(state, fn, "keys", keys);
  THNN_(IndexLinear_checkLongVector)(state, fn, "sizes", sizes);
  THNN_(IndexLinear_checkLongVector)(state, fn, "cumSumSizes", cumSumSizes);
  THNN_(checkDims)(state, fn, "values", values, 1, 1);
  THNN_(checkDevice)(state, fn, "values", values);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  long nKeys = keys->size[0], batch = sizes->size[0];
  if (values->size[0] != nKeys)
    THError("%s: values must have as many elements as keys (%ld), got %ld", fn, nKeys, values->size[0]);
  if (cumSumSizes->size[0] != batch)
    THError("%s: cumSumSizes must have as many elements as sizes (%ld), got %ld", fn, batch, cumSumSizes->size[0]);
  THLongTensor *hostKeys = thcunn_index::download(state, keys), *hostSizes = thcunn_index::download(state, sizes);
  THLongTensor *hostCum = thcunn_index::download(state, cumSumSizes);
  char msg[512];
  bool ok = thcunn_indexlinear::checkBatch(fn, THLongTensor_data(hostSizes), THLongTensor_data(hostCum), batch,
                                           THLongTensor_data(hostKeys), nKeys, keysOffset, nRows, msg, sizeof msg);
  if (ok && gradOutput && THCTensor_(nElement)(state, gradOutput) != batch * outDim) {
    snprintf(msg, sizeof msg, "%s: gradOutput must have %ld elements (%ld rows x %ld outputs), got size %s", fn,
             batch * outDim, batch, outDim, THCTensor_(sizeDesc)(state, gradOutput).str);
    ok = false;
  }
  THLongTensor_free(hostSizes);
  if (!ok) {
    THLongTensor_free(hostKeys);
    THLongTensor_free(hostCum);
    THError("%s", msg);
  }
  THNN_(IndexLinearBatch) in = {batch,
                                nKeys,
                                hostKeys,
                                hostCum,
                                THCudaLongTensor_newContiguous(state, keys),
                                THCudaLongTensor_newContiguous(state, cumSumSizes),
                                THCTensor_(newContiguous)(state, values)};
  return in;
}

static void THNN_(IndexLinear_freeBatch)(THCState *state, THNN_(IndexLinearBatch) *in) {
  THLongTensor_free(in->keys);
  THLongTensor_free(in->cumSumSizes);
  THCudaLongTensor_free(state, in->deviceKeys);
  THCudaLongTensor_free(state, in->deviceCum);
  THCTensor_(free)(state, in->values);
}

// The positions grouped by feature, on the device.
typedef struct {
  long n;
  THCudaLongTensor *row, *start, *order;
} THNN_(IndexLinearFeatures);

static THNN_(IndexLinearFeatures) THNN_(IndexLinear_features)(THCState *state, THLongTensor *keys, long keysOffset) {
  thcunn_indexlinear::Features f = thcunn_indexlinear::groupByFeature(
      THLongTensor_data(keys), THLongTensor_nElement(keys), keysOffset);
  return THNN_(IndexLinearFeatures){(long)f.row.size(), thcunn_index::upload(state, f.row),
                                    thcunn_index::upload(state, f.start), thcunn_index::upload(state, f.order)};
}

static void THNN_(IndexLinear_freeFeatures)(THCState *state, THNN_(IndexLinearFeatures) *f) {
  THCudaLongTensor_free(state, f->row);
  THCudaLongTensor_free(state, f->start);
  THCudaLongTensor_free(state, f->order);
}

static THCudaLongTensor *THNN_(IndexLinear_rowOf)(THCState *state, THNN_(IndexLinearBatch) *in) {
  return thcunn_index::upload(
      state, thcunn_indexlinear::rowOfPositions(THLongTensor_data(in->cumSumSizes), in->batch, in->nKeys));
}

// Steps each feature's row for its positions, in order (thcunn_indexlinear::stepFeatures).
static void THNN_(IndexLinear_stepFeatures)(THCState *state, THCTensor *weight, long norm, long outDim,
                                            THLongTensor *keys, long keysOffset,
                                            thcunn_indexlinear::StepGrad<real, accreal> grad) {
  THNN_(IndexLinearFeatures) f = THNN_(IndexLinear_features)(state, keys, keysOffset);
  if (f.n > 0) {
    thcunn_indexlinear::stepFeatures<real, accreal>
        <<<thcunn_index::blocksFor(f.n, 1), thcunn_index::kThreads, 0, THCState_getCurrentStream(state)>>>(
            THCTensor_(data)(state, weight), weight->stride[0], weight->stride[1], norm, outDim,
            THCudaLongTensor_data(state, f.row), THCudaLongTensor_data(state, f.start),
            THCudaLongTensor_data(state, f.order), f.n, grad);
    THCudaCheckLaunch("thcunn_indexlinear::stepFeatures");
  }
  THNN_(IndexLinear_freeFeatures)(state, &f);
}

// With normalisation, normalizedValues (resized to [K]) gets each position's normalised value, and in
// training the features' max, inverse and scale columns are updated first.
void THNN_(IndexLinear_updateOutput)(THCState *state, THCIndexTensor *keys, long keysOffset, THCTensor *values,
                                     THCIndexTensor *sizes, THCIndexTensor *cumSumSizes, THCTensor *output,
                                     THCTensor *weight, THCTensor *bias, THCTensor *normalizedValues, int train) {
  const char *fn = "IndexLinear_updateOutput";
  long outDim, norm = THNN_(IndexLinear_layout)(state, fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "output", output);
  if (norm) THNN_(checkNotNull)(fn, "normalizedValues", normalizedValues);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(checkDevice)(state, fn, "normalizedValues", normalizedValues);
  THNN_(IndexLinearBatch) in =
      THNN_(IndexLinear_batch)(state, fn, keys, keysOffset, values, sizes, cumSumSizes, weight->size[0], NULL, 0);
  cudaStream_t stream = THCState_getCurrentStream(state);
  real *w = THCTensor_(data)(state, weight);
  long s0 = weight->stride[0], s1 = weight->stride[1];
  const real *val = THCTensor_(data)(state, in.values);
  THCTensor *normalized = NULL;
  if (norm) {
    THCTensor_(resize1d)(state, normalizedValues, in.nKeys);
    normalized = THCTensor_(newContiguous)(state, normalizedValues);
    THNN_(IndexLinearFeatures) f = THNN_(IndexLinear_features)(state, in.keys, keysOffset);
    if (f.n > 0) {
      thcunn_indexlinear::normalizeValues<real>
          <<<thcunn_index::blocksFor(f.n, thcunn_index::kThreads), thcunn_index::kThreads, 0, stream>>>(
              w, s0, s1, THCudaLongTensor_data(state, f.row), THCudaLongTensor_data(state, f.start),
              THCudaLongTensor_data(state, f.order), f.n, val, THCTensor_(data)(state, normalized), train);
      THCudaCheckLaunch("thcunn_indexlinear::normalizeValues");
    }
    THNN_(IndexLinear_freeFeatures)(state, &f);
    val = THCTensor_(data)(state, normalized);
  }

  THCTensor_(resize2d)(state, output, in.batch, outDim);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  if (in.batch * outDim > 0) {
    thcunn_indexlinear::batchOutput<real>
        <<<thcunn_index::blocksFor(in.batch * outDim, thcunn_index::kThreads), thcunn_index::kThreads, 0, stream>>>(
            THCTensor_(data)(state, out), THCTensor_(data)(state, bias), bias->stride[0], w, s0, s1, norm, outDim,
            in.batch, THCudaLongTensor_data(state, in.deviceKeys), keysOffset,
            THCudaLongTensor_data(state, in.deviceCum), val);
    THCudaCheckLaunch("thcunn_indexlinear::batchOutput");
  }
  THCTensor_(freeCopyTo)(state, out, output);
  if (normalized) THCTensor_(freeCopyTo)(state, normalized, normalizedValues);
  THNN_(IndexLinear_freeBatch)(state, &in);
}

// gradWeight is overwritten (per position), gradBias += scale sum_b gradOutput[b]; weightDecay and
// valuesBuffer are not used (as in THNN). Pass the normalised values as values when normalising.
void THNN_(IndexLinear_accGradParameters)(THCState *state, THCIndexTensor *keys, long keysOffset, THCTensor *values,
                                          THCIndexTensor *sizes, THCIndexTensor *cumSumSizes, THCTensor *gradOutput,
                                          THCTensor *gradWeight, THCTensor *gradBias, THCTensor *weight,
                                          THCTensor *bias, THCTensor *valuesBuffer, accreal weightDecay,
                                          accreal scale) {
  const char *fn = "IndexLinear_accGradParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(state, fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "gradWeight", gradWeight);
  THNN_(IndexLinear_checkGradBias)(state, fn, gradBias, outDim);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THNN_(IndexLinearBatch) in =
      THNN_(IndexLinear_batch)(state, fn, keys, keysOffset, values, sizes, cumSumSizes, -1, gradOutput, outDim);
  long width = norm ? 2 * outDim : outDim;
  THCTensor_(resize2d)(state, gradWeight, in.nKeys, width);
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCudaLongTensor *rowOf = THNN_(IndexLinear_rowOf)(state, &in);
  if (in.nKeys * width > 0) {
    thcunn_indexlinear::positionGrads<real, accreal>
        <<<thcunn_index::blocksFor(in.nKeys * width, thcunn_index::kThreads), thcunn_index::kThreads, 0,
           THCState_getCurrentStream(state)>>>(THCTensor_(data)(state, gw), width, in.nKeys, outDim,
                                               THCudaLongTensor_data(state, rowOf), THCTensor_(data)(state, go),
                                               THCTensor_(data)(state, in.values), scale);
    THCudaCheckLaunch("thcunn_indexlinear::positionGrads");
  }
  THCTensor_(freeCopyTo)(state, gw, gradWeight);
  thcunn_index::addColumnSums<real, accreal>(state, THCTensor_(data)(state, gradBias), gradBias->stride[0],
                                             THCTensor_(data)(state, go), in.batch, outDim, scale);
  THCudaLongTensor_free(state, rowOf);
  THCTensor_(free)(state, go);
  THNN_(IndexLinear_freeBatch)(state, &in);
}

// accGradParameters then updateParameters without a gradWeight: bias -= scale sum_b gradOutput[b];
// each position's feature row is decayed by weightDecay and moves by -scale values[k] gradOutput[b].
void THNN_(IndexLinear_accUpdateGradParameters)(THCState *state, THCIndexTensor *keys, long keysOffset,
                                                THCTensor *values, THCIndexTensor *sizes, THCIndexTensor *cumSumSizes,
                                                THCTensor *gradOutput, THCTensor *weight, THCTensor *bias,
                                                accreal weightDecay, accreal scale) {
  const char *fn = "IndexLinear_accUpdateGradParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(state, fn, weight, bias, &outDim);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(IndexLinearBatch) in = THNN_(IndexLinear_batch)(state, fn, keys, keysOffset, values, sizes, cumSumSizes,
                                                        weight->size[0], gradOutput, outDim);
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  thcunn_index::addColumnSums<real, accreal>(state, THCTensor_(data)(state, bias), bias->stride[0],
                                             THCTensor_(data)(state, go), in.batch, outDim, -scale);
  THCudaLongTensor *rowOf = THNN_(IndexLinear_rowOf)(state, &in);
  thcunn_indexlinear::StepGrad<real, accreal> grad{THCTensor_(data)(state, go),
                                                   THCudaLongTensor_data(state, rowOf),
                                                   outDim,
                                                   0,
                                                   THCTensor_(data)(state, in.values),
                                                   scale,
                                                   scale,
                                                   weightDecay};
  THNN_(IndexLinear_stepFeatures)(state, weight, norm, outDim, in.keys, keysOffset, grad);
  THCudaLongTensor_free(state, rowOf);
  THCTensor_(free)(state, go);
  THNN_(IndexLinear_freeBatch)(state, &in);
}

// bias -= learningRate gradBias; for each position j of runningKeys, the feature's row is decayed by
// weightDecay and moves by -learningRate gradWeight[j]. cumSumSizes is not used (as in THNN).
void THNN_(IndexLinear_updateParameters)(THCState *state, THCTensor *gradWeight, THCTensor *gradBias,
                                         THCTensor *weight, THCTensor *bias, THCIndexTensor *runningKeys,
                                         THCIndexTensor *cumSumSizes, long keysOffset, accreal weightDecay,
                                         accreal learningRate) {
  const char *fn = "IndexLinear_updateParameters";
  long outDim, norm = THNN_(IndexLinear_layout)(state, fn, weight, bias, &outDim);
  THNN_(IndexLinear_checkGradBias)(state, fn, gradBias, outDim);
  THNN_(IndexLinear_checkLongVector)(state, fn, "runningKeys", runningKeys);
  long nKeys = runningKeys->size[0], width = norm ? 2 * outDim : outDim;
  THNN_(checkDims)(state, fn, "gradWeight", gradWeight, 2, 2);
  if (gradWeight->size[0] != nKeys || gradWeight->size[1] != width)
    THError("%s: gradWeight must be [%ld x %ld] (one row per running key), got size %s", fn, nKeys, width,
            THCTensor_(sizeDesc)(state, gradWeight).str);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THLongTensor *rk = thcunn_index::download(state, runningKeys);
  char msg[512];
  if (!thcunn_indexlinear::checkKeys(fn, THLongTensor_data(rk), nKeys, keysOffset, weight->size[0], msg,
                                     sizeof msg)) {
    THLongTensor_free(rk);
    THError("%s", msg);
  }
  THCTensor_(cadd)(state, bias, bias, (real)-learningRate, gradBias);
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  thcunn_indexlinear::StepGrad<real, accreal> grad{
      THCTensor_(data)(state, gw), NULL, width, norm ? outDim : 0, NULL, learningRate, learningRate, weightDecay};
  THNN_(IndexLinear_stepFeatures)(state, weight, norm, outDim, rk, keysOffset, grad);
  THCTensor_(free)(state, gw);
  THLongTensor_free(rk);
}
