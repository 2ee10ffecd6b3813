// SpatialDilatedMaxPooling with dilation 1, as in THNN (THNN/generic/SpatialMaxPooling.c): indices
// hold the max's 1-based position within its input plane.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

void THNN_(SpatialMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                           THCIndexTensor *indices, int kW, int kH, int dW, int dH, int padW, int padH,
                                           bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNN_(poolMax2dForward)(state, "SpatialMaxPooling_updateOutput", input, output, indices, w, ceil_mode);
}

void THNN_(SpatialMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                              THCTensor *gradInput, THCIndexTensor *indices, int kW, int kH, int dW,
                                              int dH, int padW, int padH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNN_(poolMax2dBackward)(state, "SpatialMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, w,
                           ceil_mode);
}
