// Volumetric convolution with dilated kernels by vol2col + GEMM (generic/VolumetricConvolutionGemm.cuh),
// as THNN's. `columns` and `gradColumns` hold one volume's columns; accGradParameters unfolds the
// input again. `ones` is not used: the bias is added directly.
#include "generic/VolumetricConvolutionGemm.cuh"

#define THCUNN_VOL_DILATED_PARAMS \
  {kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH, 0, 0, 0}

void THNN_(VolumetricDilatedConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                      THCTensor *weight, THCTensor *bias, THCTensor *columns,
                                                      THCTensor *ones, int kT, int kW, int kH, int dT, int dW, int dH,
                                                      int padT, int padW, int padH, int dilationT, int dilationW,
                                                      int dilationH) {
  const thcunn::VolParams p = THCUNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_updateOutput)(state, "VolumetricDilatedConvolution_updateOutput", input, output, weight,
                                        bias, columns, "columns", p);
}

void THNN_(VolumetricDilatedConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                         THCTensor *gradInput, THCTensor *weight,
                                                         THCTensor *gradColumns, int kT, int kW, int kH, int dT,
                                                         int dW, int dH, int padT, int padW, int padH, int dilationT,
                                                         int dilationW, int dilationH) {
  const thcunn::VolParams p = THCUNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_updateGradInput)(state, "VolumetricDilatedConvolution_updateGradInput", input, gradOutput,
                                           gradInput, weight, gradColumns, "gradColumns", p);
}

void THNN_(VolumetricDilatedConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                           THCTensor *gradWeight, THCTensor *gradBias,
                                                           THCTensor *columns, THCTensor *ones, int kT, int kW,
                                                           int kH, int dT, int dW, int dH, int padT, int padW,
                                                           int padH, int dilationT, int dilationW, int dilationH,
                                                           accreal scale) {
  const thcunn::VolParams p = THCUNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_accGradParameters)(state, "VolumetricDilatedConvolution_accGradParameters", input,
                                             gradOutput, gradWeight, gradBias, columns, "columns", p, scale);
}

#undef THCUNN_VOL_DILATED_PARAMS
