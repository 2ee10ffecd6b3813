// Max over kT x kH x kW windows of a [nBatch x] nPlanes x T x H x W input; indices holds THNN's
// packed window offsets (offT + 256 offH + 65536 offW), which the backward and
// VolumetricMaxUnpooling read. The engine is VolumetricDilatedMaxPooling's with dilation 1.
#include "generic/Pooling3d.cuh"

void THNN_(VolumetricMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                              THCIndexTensor *indices, int kT, int kW, int kH, int dT, int dW, int dH,
                                              int padT, int padW, int padH, bool ceilMode) {
  const thcunn_pool3d::PoolWindows3 ws = {{{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}}};
  THNN_(maxPool3dForward)(state, "VolumetricMaxPooling_updateOutput", input, output, indices, ws, ceilMode);
}

void THNN_(VolumetricMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                 THCTensor *gradInput, THCIndexTensor *indices, int kT, int kW, int kH,
                                                 int dT, int dW, int dH, int padT, int padW, int padH, bool ceilMode) {
  const thcunn_pool3d::PoolWindows3 ws = {{{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}}};
  THNN_(maxPool3dBackward)(state, "VolumetricMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, ws,
                           ceilMode);
}
