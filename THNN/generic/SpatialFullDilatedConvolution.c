#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFullDilatedConvolution.c"
#else
/* Transposed convolution with dilated kernels (output size (H - 1) * dH - 2 * padH +
 * dilationH * (kH - 1) + 1 + adjH), by GEMM + col2im (ConvolutionGemm.c); see
 * SpatialFullConvolution.c for the buffers. */

#define THNN_FULL_DILATED_PARAMS {kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH}

void THNN_(SpatialFullDilatedConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                       THTensor *weight, THTensor *bias, THTensor *columns,
                                                       THTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                       int padH, int dilationW, int dilationH, int adjW,
                                                       int adjH) {
  const THNNConvParams p = THNN_FULL_DILATED_PARAMS;
  THNN_(FullConvolutionGemm_updateOutput)("SpatialFullDilatedConvolution_updateOutput", input, output, weight,
                                          bias, columns, &p);
}

void THNN_(SpatialFullDilatedConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                          THTensor *gradInput, THTensor *weight,
                                                          THTensor *gradColumns, int kW, int kH, int dW, int dH,
                                                          int padW, int padH, int dilationW, int dilationH,
                                                          int adjW, int adjH) {
  const THNNConvParams p = THNN_FULL_DILATED_PARAMS;
  THNN_(FullConvolutionGemm_updateGradInput)("SpatialFullDilatedConvolution_updateGradInput", input, gradOutput,
                                             gradInput, weight, gradColumns, &p);
}

void THNN_(SpatialFullDilatedConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                            THTensor *gradOutput, THTensor *gradWeight,
                                                            THTensor *gradBias, THTensor *columns, THTensor *ones,
                                                            int kW, int kH, int dW, int dH, int padW, int padH,
                                                            int dilationW, int dilationH, int adjW, int adjH,
                                                            accreal scale) {
  const THNNConvParams p = THNN_FULL_DILATED_PARAMS;
  THNN_(FullConvolutionGemm_accGradParameters)("SpatialFullDilatedConvolution_accGradParameters", input,
                                               gradOutput, gradWeight, gradBias, columns, &p, scale);
}

#undef THNN_FULL_DILATED_PARAMS
#endif
