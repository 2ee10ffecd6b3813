// The mean over oheight x owidth windows that split the input evenly (THNNPool_adaptiveStart/End,
// as THNN/generic/SpatialAdaptiveAveragePooling.c). The backward gathers per input element.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

void THNN_(SpatialAdaptiveAveragePooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                       int owidth, int oheight) {
  const char *fn = "SpatialAdaptiveAveragePooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolInputShape)(state, fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(poolCheckAdaptiveSize)(fn, owidth, oheight, &s);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, NULL);
  long sizes[4];
  const int nd = THNNPool_outputSizes(&s, sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  thcunn_pool::adaptiveAvgForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out),
                                  s.nBatch * s.nPlanes, s.inputSize[0], s.inputSize[1], s.outputSize[0],
                                  s.outputSize[1]);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
}

// The output size is the one gradOutput has (the legacy call does not pass it).
void THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                          THCTensor *gradInput) {
  const char *fn = "SpatialAdaptiveAveragePooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolAdaptiveGradShape)(state, fn, input, gradOutput, gradInput, &s);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, NULL);
  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, NULL, false);
  thcunn_pool::adaptiveAvgBackward(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput),
                                   s.nBatch * s.nPlanes, s.inputSize[0], s.inputSize[1], s.outputSize[0],
                                   s.outputSize[1]);
  THNN_(poolGradEnd)(state, &g);
}
