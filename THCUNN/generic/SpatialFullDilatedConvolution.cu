// Transposed convolution with dilated kernels (output size (H - 1) * dH - 2 * padH +
// dilationH * (kH - 1) + 1 + adjH) by GEMM + col2im (ConvolutionGemm.cuh); see SpatialConvolutionMM.cu
// for the buffers.
#include "ConvolutionGemm.cuh"
#include "generic/SpatialConvolutionGemm.cuh"

void THNN_(SpatialFullDilatedConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                       THCTensor *weight, THCTensor *bias, THCTensor *columns,
                                                       THCTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                       int padH, int dilationW, int dilationH, int adjW, int adjH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH};
  THNN_(ConvolutionGemm_updateOutput)(state, "SpatialFullDilatedConvolution_updateOutput", input, output, weight, bias,
                                      columns, &p, 1);
}

void THNN_(SpatialFullDilatedConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                          THCTensor *gradInput, THCTensor *weight,
                                                          THCTensor *gradColumns, int kW, int kH, int dW, int dH,
                                                          int padW, int padH, int dilationW, int dilationH, int adjW,
                                                          int adjH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH};
  THNN_(ConvolutionGemm_updateGradInput)(state, "SpatialFullDilatedConvolution_updateGradInput", input, gradOutput,
                                         gradInput, weight, gradColumns, &p, 1);
}

void THNN_(SpatialFullDilatedConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                            THCTensor *gradWeight, THCTensor *gradBias,
                                                            THCTensor *columns, THCTensor *ones, int kW, int kH, int dW,
                                                            int dH, int padW, int padH, int dilationW, int dilationH,
                                                            int adjW, int adjH, accreal scale) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH};
  THNN_(ConvolutionGemm_accGradParameters)(state, "SpatialFullDilatedConvolution_accGradParameters", input, gradOutput,
                                           gradWeight, gradBias, columns, &p, 1, scale);
}
