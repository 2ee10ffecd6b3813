// Max over windows of kW frames moved by dW, per feature, on [T x F] or [N x T x F]
// (THNN/generic/TemporalMaxPooling.c). indices holds the max's offset within its window, 0 to
// kW - 1 (Torch7's convention for this module); the backward skips an offset of -1 as THNN does.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

// THNN_(poolTemporalPlan).
static inline void THNN_(TemporalMaxPooling_plan)(THCState *state, const char *fn, THCTensor *input, int kW, int dW,
                                                  THNNPoolShape *s) {
  THNN_(checkDims)(state, fn, "input", input, 2, 3);
  const THNNPoolWindow w = {kW, dW, 0, 1};
  THNNPool_setTemporalShape(input->nDimension, input->size, s);
  THNNPool_outputShape(fn, "W", s, &w, 0);
}

void THNN_(TemporalMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                            THCIndexTensor *indices, int kW, int dW) {
  const char *fn = "TemporalMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(TemporalMaxPooling_plan)(state, fn, input, kW, dW, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, indices);
  long sizes[3];
  const int nd = THNNPool_temporalOutputSizes(&s, sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  THCudaLongTensor *ind = thcunn::writable(state, indices, nd, sizes);
  thcunn_pool::temporalForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out),
                               THCudaLongTensor_data(state, ind), s.nBatch, s.inputSize[0], s.outputSize[0], s.nPlanes,
                               kW, dW);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
  thcunn::written(state, ind, indices);
}

void THNN_(TemporalMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                               THCTensor *gradInput, THCIndexTensor *indices, int kW, int dW) {
  const char *fn = "TemporalMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(TemporalMaxPooling_plan)(state, fn, input, kW, dW, &s);
  long sizes[3];
  const int nd = THNNPool_temporalOutputSizes(&s, sizes);
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, nd, sizes);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, indices);

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, true);
  const long *xp = THCudaLongTensor_data(state, g.indices);
  thcunn_pool::FirstBad bad;
  bad.begin(state);
  thcunn_pool::temporalScatter(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput), xp,
                               s.nBatch, s.inputSize[0], s.outputSize[0], s.nPlanes, kW, dW, bad.at);
  long badIndex = 0;
  const long badAt = bad.end(state, xp, &badIndex);
  THNN_(poolGradEnd)(state, &g);
  if (badAt >= 0) THNNPool_indexError(fn, "indices", badAt, badIndex, 0, kW - 1);
}
