// nn.SparseLinear, as THNN/generic/SparseLinear.c: output[b] = bias + weight x_b for sparse rows x_b,
// weight [outDim x inDim]. Input formats: COO [nnz x 3] rows of (batch index, feature index, value)
// (SparseLinear_*), legacy [batch x nnz x 2] (feature index, value) pairs (SparseLinear_legacy*), all
// 1-based; entries of value 0 are skipped. The input is read back to the host to be checked and grouped
// (SparseLinear.cuh says why); the products run on the device, in THNN's order within each group.
// updateParameters and zeroGradParameters touch only the weight columns lastInput used.

static void THNN_(SparseLinear_checkInput)(THCState *state, const char *fn, THCTensor *input, bool legacy) {
  THNN_(checkNotNull)(fn, "input", input);
  if (legacy ? input->nDimension != 3 || input->size[2] != 2 : input->nDimension != 2 || input->size[1] != 3)
    THError("%s: input must be %s, got a %dD tensor of size %s", fn,
            legacy ? "a [batch x nnz x 2] tensor of (feature index, value) pairs"
                   : "a [nnz x 3] tensor of (batch index, feature index, value) rows",
            input->nDimension, THCTensor_(sizeDesc)(state, input).str);
  THNN_(checkDevice)(state, fn, "input", input);
}

static void THNN_(SparseLinear_checkParams)(THCState *state, const char *fn, THCTensor *weight, const char *biasName,
                                            THCTensor *bias) {
  THNN_(checkDims)(state, fn, "weight", weight, 2, 2);
  THNN_(checkDims)(state, fn, biasName, bias, 1, 1);
  THNN_(checkDimSize)(state, fn, biasName, bias, 0, weight->size[0]);
  THNN_(checkDevice)(state, fn, "weight", weight);
  THNN_(checkDevice)(state, fn, biasName, bias);
}

// The input's non-zero entries, read on the host and checked as THNN does; *batch < 0 asks for the
// batch size the input implies.
static thcunn_sparse::Entries<real> THNN_(SparseLinear_entries)(THCState *state, const char *fn, THCTensor *input,
                                                                bool legacy, long inDim, long *batch) {
  THTensor *copy = THTensor_(new)();
  THTensor_(resizeNd)(copy, input->nDimension, input->size, NULL);
  THTensor_(copyCuda)(state, copy, input);
  thcunn_sparse::HostInput<real> in{THTensor_(data)(copy), legacy, input->size[0], input->size[1]};
  if (*batch < 0) *batch = in.batchSize();
  char msg[512];
  if (!in.check(fn, inDim, *batch, msg, sizeof msg)) {
    THTensor_(free)(copy);
    THError("%s", msg);
  }
  thcunn_sparse::Entries<real> s = in.entries();
  THTensor_(free)(copy);
  return s;
}

// The groups on the device: start [nGroups + 1], other [n] (index tensors), value [n].
typedef struct {
  THCudaLongTensor *start, *other;
  THCTensor *value;
} THNN_(SparseGroups);

static THNN_(SparseGroups) THNN_(SparseLinear_uploadGroups)(THCState *state, const thcunn_index::Groups<real> &g) {
  THTensor *v = THTensor_(newWithSize1d)((long)g.value.size());
  std::copy(g.value.begin(), g.value.end(), THTensor_(data)(v));
  THCTensor *dv = THCTensor_(newWithSize1d)(state, (long)g.value.size());
  THCTensor_(copyCPU)(state, dv, v);
  THTensor_(free)(v);
  return THNN_(SparseGroups){thcunn_index::upload(state, g.start), thcunn_index::upload(state, g.other), dv};
}

static void THNN_(SparseLinear_freeGroups)(THCState *state, THNN_(SparseGroups) *g) {
  THCudaLongTensor_free(state, g->start);
  THCudaLongTensor_free(state, g->other);
  THCTensor_(free)(state, g->value);
}

// dst[k, o] (strides dstK, dstO) = (init or dst) + factor sum over group k of value * src[other, o].
static void THNN_(SparseLinear_groupProducts)(THCState *state, THNN_(SparseGroups) *g, long nGroups, long outDim,
                                              real *dst, long dstK, long dstO, const real *init, long initS,
                                              const real *src, long srcOther, long srcOut, real factor) {
  if (nGroups * outDim == 0) return;
  thcunn_sparse::groupProducts<real>
      <<<thcunn_index::blocksFor(nGroups * outDim, thcunn_index::kThreads), thcunn_index::kThreads, 0,
         THCState_getCurrentStream(state)>>>(dst, dstK, dstO, init, initS, nGroups, outDim,
                                             THCudaLongTensor_data(state, g->start),
                                             THCudaLongTensor_data(state, g->other), THCTensor_(data)(state, g->value),
                                             src, srcOther, srcOut, factor);
  THCudaCheckLaunch("thcunn_sparse::groupProducts");
}

static void THNN_(SparseLinear_forward)(THCState *state, const char *fn, THCTensor *input, THCTensor *output,
                                        THCTensor *weight, THCTensor *bias, bool legacy) {
  THNN_(SparseLinear_checkInput)(state, fn, input, legacy);
  THNN_(SparseLinear_checkParams)(state, fn, weight, "bias", bias);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  long outDim = weight->size[0], inDim = weight->size[1];
  long batch = !legacy && output->nDimension == 2 && output->size[1] == outDim ? output->size[0] : -1;
  thcunn_sparse::Entries<real> s = THNN_(SparseLinear_entries)(state, fn, input, legacy, inDim, &batch);
  THNN_(SparseGroups) g = THNN_(SparseLinear_uploadGroups)(state, thcunn_index::groupBy(s.row, s.col, s.val, batch));
  THCTensor_(resize2d)(state, output, batch, outDim);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  THNN_(SparseLinear_groupProducts)(state, &g, batch, outDim, THCTensor_(data)(state, out), outDim, 1,
                                    THCTensor_(data)(state, bias), bias->stride[0], THCTensor_(data)(state, weight),
                                    weight->stride[1], weight->stride[0], 1);
  THCTensor_(freeCopyTo)(state, out, output);
  THNN_(SparseLinear_freeGroups)(state, &g);
}

// gradWeight[:, f] += scale value gradOutput[b] per entry; gradBias += scale sum_b gradOutput[b]; then
// gradWeight += weightDecay weight (all of it, as THNN) when weightDecay != 0.
static void THNN_(SparseLinear_backward)(THCState *state, const char *fn, THCTensor *input, THCTensor *gradOutput,
                                         THCTensor *gradWeight, THCTensor *gradBias, THCTensor *weight,
                                         accreal weightDecay, accreal scale, bool legacy) {
  THNN_(SparseLinear_checkInput)(state, fn, input, legacy);
  THNN_(checkDims)(state, fn, "weight", weight, 2, 2);
  THNN_(checkSameSize)(state, fn, "gradWeight", gradWeight, "weight", weight);
  THNN_(SparseLinear_checkParams)(state, fn, weight, "gradBias", gradBias);
  THNN_(checkDims)(state, fn, "gradOutput", gradOutput, 1, 2);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  long outDim = weight->size[0], inDim = weight->size[1];
  long batch = legacy ? input->size[0] : gradOutput->nDimension == 2 ? gradOutput->size[0] : 1;
  if (THCTensor_(nElement)(state, gradOutput) != batch * outDim)
    THError("%s: gradOutput must be [%ld x %ld], got size %s", fn, batch, outDim,
            THCTensor_(sizeDesc)(state, gradOutput).str);
  thcunn_sparse::Entries<real> s = THNN_(SparseLinear_entries)(state, fn, input, legacy, inDim, &batch);
  THNN_(SparseGroups) g = THNN_(SparseLinear_uploadGroups)(state, thcunn_index::groupBy(s.col, s.row, s.val, inDim));
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THNN_(SparseLinear_groupProducts)(state, &g, inDim, outDim, THCTensor_(data)(state, gradWeight),
                                    gradWeight->stride[1], gradWeight->stride[0], NULL, 0,
                                    THCTensor_(data)(state, go), outDim, 1, (real)scale);
  thcunn_index::addColumnSums<real, accreal>(state, THCTensor_(data)(state, gradBias), gradBias->stride[0],
                                             THCTensor_(data)(state, go), batch, outDim, scale);
  if (weightDecay != 0) THCTensor_(cadd)(state, gradWeight, gradWeight, (real)weightDecay, weight);
  THCTensor_(free)(state, go);
  THNN_(SparseLinear_freeGroups)(state, &g);
}

// weight[:, f] -= learningRate gradWeight[:, f] (gradWeight NULL: weight[:, f] = 0) for the features f
// lastInput used.
static void THNN_(SparseLinear_stepUsedColumns)(THCState *state, const char *fn, THCTensor *lastInput, bool legacy,
                                                THCTensor *weight, THCTensor *gradWeight, real learningRate) {
  long outDim = weight->size[0], inDim = weight->size[1], batch = -1;
  thcunn_sparse::Entries<real> s = THNN_(SparseLinear_entries)(state, fn, lastInput, legacy, inDim, &batch);
  std::vector<char> used(inDim, 0);
  for (long f : s.col) used[f] = 1;
  std::vector<long> columns;
  for (long f = 0; f < inDim; f++)
    if (used[f]) columns.push_back(f);
  long n = (long)columns.size();
  if (n * outDim == 0) return;
  THCudaLongTensor *cols = thcunn_index::upload(state, columns);
  thcunn_sparse::stepColumns<real>
      <<<thcunn_index::blocksFor(n * outDim, thcunn_index::kThreads), thcunn_index::kThreads, 0,
         THCState_getCurrentStream(state)>>>(
          THCTensor_(data)(state, weight), weight->stride[0], weight->stride[1],
          gradWeight ? THCTensor_(data)(state, gradWeight) : NULL, gradWeight ? gradWeight->stride[0] : 0,
          gradWeight ? gradWeight->stride[1] : 0, THCudaLongTensor_data(state, cols), n, outDim, learningRate);
  THCudaCheckLaunch("thcunn_sparse::stepColumns");
  THCudaLongTensor_free(state, cols);
}

static void THNN_(SparseLinear_step)(THCState *state, const char *fn, THCTensor *weight, THCTensor *bias,
                                     THCTensor *gradWeight, THCTensor *gradBias, THCTensor *lastInput,
                                     accreal learningRate, bool legacy) {
  THNN_(SparseLinear_checkParams)(state, fn, weight, "bias", bias);
  THNN_(checkSameSize)(state, fn, "gradWeight", gradWeight, "weight", weight);
  THNN_(checkSameSize)(state, fn, "gradBias", gradBias, "bias", bias);
  THNN_(SparseLinear_checkInput)(state, fn, lastInput, legacy);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THNN_(checkDevice)(state, fn, "gradBias", gradBias);
  THNN_(SparseLinear_stepUsedColumns)(state, fn, lastInput, legacy, weight, gradWeight, (real)learningRate);
  THCTensor_(cadd)(state, bias, bias, (real)-learningRate, gradBias);
}

static void THNN_(SparseLinear_zero)(THCState *state, const char *fn, THCTensor *gradWeight, THCTensor *gradBias,
                                     THCTensor *lastInput, bool legacy) {
  THNN_(SparseLinear_checkParams)(state, fn, gradWeight, "gradBias", gradBias);
  THNN_(SparseLinear_checkInput)(state, fn, lastInput, legacy);
  THNN_(SparseLinear_stepUsedColumns)(state, fn, lastInput, legacy, gradWeight, NULL, 0);
  THCTensor_(zero)(state, gradBias);
}

void THNN_(SparseLinear_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                      THCTensor *bias) {
  THNN_(SparseLinear_forward)(state, "SparseLinear_updateOutput", input, output, weight, bias, false);
}

void THNN_(SparseLinear_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                           THCTensor *gradWeight, THCTensor *gradBias, THCTensor *weight,
                                           THCTensor *bias, accreal weightDecay, accreal scale) {
  THNN_(SparseLinear_backward)(state, "SparseLinear_accGradParameters", input, gradOutput, gradWeight, gradBias,
                               weight, weightDecay, scale, false);
}

void THNN_(SparseLinear_legacyUpdateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                            THCTensor *bias) {
  THNN_(SparseLinear_forward)(state, "SparseLinear_legacyUpdateOutput", input, output, weight, bias, true);
}

void THNN_(SparseLinear_legacyAccGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                 THCTensor *gradWeight, THCTensor *gradBias, THCTensor *weight,
                                                 THCTensor *bias, accreal weightDecay, accreal scale) {
  THNN_(SparseLinear_backward)(state, "SparseLinear_legacyAccGradParameters", input, gradOutput, gradWeight,
                               gradBias, weight, weightDecay, scale, true);
}

void THNN_(SparseLinear_zeroGradParameters)(THCState *state, THCTensor *gradWeight, THCTensor *gradBias,
                                            THCTensor *lastInput) {
  THNN_(SparseLinear_zero)(state, "SparseLinear_zeroGradParameters", gradWeight, gradBias, lastInput, false);
}

void THNN_(SparseLinear_updateParameters)(THCState *state, THCTensor *weight, THCTensor *bias, THCTensor *gradWeight,
                                          THCTensor *gradBias, THCTensor *lastInput, accreal learningRate) {
  THNN_(SparseLinear_step)(state, "SparseLinear_updateParameters", weight, bias, gradWeight, gradBias, lastInput,
                           learningRate, false);
}
