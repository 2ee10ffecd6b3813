// Max over windows of kH x kW positions dilationH / dilationW apart (THNN/generic/
// SpatialDilatedMaxPooling.c): indices hold the max's 1-based position within its input plane.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

void THNN_(SpatialDilatedMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                  THCIndexTensor *indices, int kW, int kH, int dW, int dH, int padW,
                                                  int padH, int dilationW, int dilationH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}};
  THNN_(poolMax2dForward)(state, "SpatialDilatedMaxPooling_updateOutput", input, output, indices, w, ceil_mode);
}

void THNN_(SpatialDilatedMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                     THCTensor *gradInput, THCIndexTensor *indices, int kW, int kH,
                                                     int dW, int dH, int padW, int padH, int dilationW, int dilationH,
                                                     bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}};
  THNN_(poolMax2dBackward)(state, "SpatialDilatedMaxPooling_updateGradInput", input, gradOutput, gradInput, indices,
                           w, ceil_mode);
}
