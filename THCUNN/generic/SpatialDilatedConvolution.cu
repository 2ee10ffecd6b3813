// Convolution with dilated kernels by im2col + GEMM (ConvolutionGemm.cuh); see SpatialConvolutionMM.cu
// for the buffers.
#include "ConvolutionGemm.cuh"
#include "generic/SpatialConvolutionGemm.cuh"

void THNN_(SpatialDilatedConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                   THCTensor *weight, THCTensor *bias, THCTensor *columns,
                                                   THCTensor *ones, int kW, int kH, int dW, int dH, int padW, int padH,
                                                   int dilationW, int dilationH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, 0, 0};
  THNN_(ConvolutionGemm_updateOutput)(state, "SpatialDilatedConvolution_updateOutput", input, output, weight, bias,
                                      columns, &p, 0);
}

void THNN_(SpatialDilatedConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                      THCTensor *gradInput, THCTensor *weight, THCTensor *gradColumns,
                                                      int kW, int kH, int dW, int dH, int padW, int padH, int dilationW,
                                                      int dilationH) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, 0, 0};
  THNN_(ConvolutionGemm_updateGradInput)(state, "SpatialDilatedConvolution_updateGradInput", input, gradOutput,
                                         gradInput, weight, gradColumns, &p, 0);
}

void THNN_(SpatialDilatedConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradWeight, THCTensor *gradBias, THCTensor *columns,
                                                        THCTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                        int padH, int dilationW, int dilationH, accreal scale) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, dilationW, dilationH, 0, 0};
  THNN_(ConvolutionGemm_accGradParameters)(state, "SpatialDilatedConvolution_accGradParameters", input, gradOutput,
                                           gradWeight, gradBias, columns, &p, 0, scale);
}
