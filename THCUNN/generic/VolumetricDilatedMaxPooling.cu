// Max over windows of kT x kH x kW positions dilationT / dilationH / dilationW apart; indices holds
// THNN's packed window offsets in kernel steps (position = o * stride - pad + offset * dilation).
#include "generic/Pooling3d.cuh"

void THNN_(VolumetricDilatedMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                     THCIndexTensor *indices, int kT, int kW, int kH, int dT, int dW,
                                                     int dH, int padT, int padW, int padH, int dilationT, int dilationW,
                                                     int dilationH, bool ceilMode) {
  const thcunn_pool3d::PoolWindows3 ws = {
      {{kT, dT, padT, dilationT}, {kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}}};
  THNN_(maxPool3dForward)(state, "VolumetricDilatedMaxPooling_updateOutput", input, output, indices, ws, ceilMode);
}

void THNN_(VolumetricDilatedMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradInput, THCIndexTensor *indices, int kT, int kW,
                                                        int kH, int dT, int dW, int dH, int padT, int padW, int padH,
                                                        int dilationT, int dilationW, int dilationH, bool ceilMode) {
  const thcunn_pool3d::PoolWindows3 ws = {
      {{kT, dT, padT, dilationT}, {kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}}};
  THNN_(maxPool3dBackward)(state, "VolumetricDilatedMaxPooling_updateGradInput", input, gradOutput, gradInput, indices,
                           ws, ceilMode);
}
