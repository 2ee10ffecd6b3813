// The mean over each kH x kW window (THNN/generic/SpatialAveragePooling.c): a window counts its
// positions inside the input, or with count_include_pad also those in the padding (not those a
// ceil_mode window has past it). The backward gathers, per input element, the windows holding it.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

void THNN_(SpatialAveragePooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int kW, int kH,
                                               int dW, int dH, int padW, int padH, bool ceil_mode,
                                               bool count_include_pad) {
  const char *fn = "SpatialAveragePooling_updateOutput";
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan2d)(state, fn, input, w, ceil_mode, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, NULL);
  long sizes[4];
  const int nd = THNNPool_outputSizes(&s, sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  thcunn_pool::avgForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out), s.nBatch * s.nPlanes,
                          s.inputSize[0], s.inputSize[1], s.outputSize[0], s.outputSize[1], w[0], w[1],
                          count_include_pad);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
}

void THNN_(SpatialAveragePooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                  THCTensor *gradInput, int kW, int kH, int dW, int dH, int padW,
                                                  int padH, bool ceil_mode, bool count_include_pad) {
  const char *fn = "SpatialAveragePooling_updateGradInput";
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNNPoolShape s;
  THNN_(poolPlan2d)(state, fn, input, w, ceil_mode, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, NULL);
  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, NULL, false);
  thcunn_pool::avgBackward(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput),
                           s.nBatch * s.nPlanes, s.inputSize[0], s.inputSize[1], s.outputSize[0], s.outputSize[1],
                           w[0], w[1], count_include_pad);
  THNN_(poolGradEnd)(state, &g);
}
