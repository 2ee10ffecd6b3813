// Transposed convolution (weight [nInputPlane x nOutputPlane x kH x kW], output size
// (H - 1) * dH - 2 * padH + kH + adjH) by GEMM + col2im (ConvolutionGemm.cuh); see
// SpatialConvolutionMM.cu for the buffers.
#include "ConvolutionGemm.cuh"
#include "generic/SpatialConvolutionGemm.cuh"

void THNN_(SpatialFullConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                                THCTensor *bias, THCTensor *columns, THCTensor *ones, int kW, int kH,
                                                int dW, int dH, int padW, int padH, int adjW, int adjH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, adjW, adjH};
  THNN_(ConvolutionGemm_updateOutput)(state, "SpatialFullConvolution_updateOutput", input, output, weight, bias,
                                      columns, &p, 1);
}

void THNN_(SpatialFullConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradInput, THCTensor *weight, THCTensor *gradColumns,
                                                   int kW, int kH, int dW, int dH, int padW, int padH, int adjW,
                                                   int adjH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, adjW, adjH};
  THNN_(ConvolutionGemm_updateGradInput)(state, "SpatialFullConvolution_updateGradInput", input, gradOutput, gradInput,
                                         weight, gradColumns, &p, 1);
}

void THNN_(SpatialFullConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                     THCTensor *gradWeight, THCTensor *gradBias, THCTensor *columns,
                                                     THCTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                     int padH, int adjW, int adjH, accreal scale) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, adjW, adjH};
  THNN_(ConvolutionGemm_accGradParameters)(state, "SpatialFullConvolution_accGradParameters", input, gradOutput,
                                           gradWeight, gradBias, columns, &p, 1, scale);
}
