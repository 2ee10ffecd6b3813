// Convolution by im2col + GEMM (ConvolutionGemm.cuh): weight [nOutputPlane x nInputPlane x kH x kW] or
// [nOutputPlane x nInputPlane*kH*kW], bias may be NULL. `columns` / `gradColumns` hold a chunk of
// images' columns; `ones` is not used (the bias is written by a kernel).
#include "ConvolutionGemm.cuh"
#include "generic/SpatialConvolutionGemm.cuh"

void THNN_(SpatialConvolutionMM_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                              THCTensor *bias, THCTensor *columns, THCTensor *ones, int kW, int kH,
                                              int dW, int dH, int padW, int padH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(ConvolutionGemm_updateOutput)(state, "SpatialConvolutionMM_updateOutput", input, output, weight, bias, columns,
                                      &p, 0);
}

void THNN_(SpatialConvolutionMM_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                 THCTensor *gradInput, THCTensor *weight, THCTensor *gradColumns,
                                                 THCTensor *ones, int kW, int kH, int dW, int dH, int padW, int padH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(ConvolutionGemm_updateGradInput)(state, "SpatialConvolutionMM_updateGradInput", input, gradOutput, gradInput,
                                         weight, gradColumns, &p, 0);
}

void THNN_(SpatialConvolutionMM_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradWeight, THCTensor *gradBias, THCTensor *columns,
                                                   THCTensor *ones, int kW, int kH, int dW, int dH, int padW, int padH,
                                                   accreal scale) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(ConvolutionGemm_accGradParameters)(state, "SpatialConvolutionMM_accGradParameters", input, gradOutput,
                                           gradWeight, gradBias, columns, &p, 0, scale);
}
