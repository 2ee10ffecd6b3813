#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialDilatedConvolution.c"
#else
/* Convolution with dilated kernels by im2col + GEMM (ConvolutionGemm.c). `columns` and
 * `gradColumns` hold one image's columns; accGradParameters unfolds the input again (Torch7's callers
 * pass the same tensor as columns and gradColumns). `ones` is not used: the bias is added directly. */

#define THNN_DILATED_PARAMS {kW, kH, dW, dH, padW, padH, dilationW, dilationH, 0, 0}

void THNN_(SpatialDilatedConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   THTensor *weight, THTensor *bias, THTensor *columns,
                                                   THTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                   int padH, int dilationW, int dilationH) {
  const THNNConvParams p = THNN_DILATED_PARAMS;
  THNN_(ConvolutionGemm_updateOutput)("SpatialDilatedConvolution_updateOutput", input, output, weight, bias,
                                      columns, "columns", 0, &p);
}

void THNN_(SpatialDilatedConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                      int kW, int kH, int dW, int dH, int padW, int padH,
                                                      int dilationW, int dilationH) {
  const THNNConvParams p = THNN_DILATED_PARAMS;
  THNN_(ConvolutionGemm_updateGradInput)("SpatialDilatedConvolution_updateGradInput", input, gradOutput,
                                         gradInput, weight, gradColumns, "gradColumns", &p);
}

void THNN_(SpatialDilatedConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *columns, THTensor *ones, int kW, int kH, int dW,
                                                        int dH, int padW, int padH, int dilationW, int dilationH,
                                                        accreal scale) {
  const THNNConvParams p = THNN_DILATED_PARAMS;
  THNN_(ConvolutionGemm_accGradParameters)("SpatialDilatedConvolution_accGradParameters", input, gradOutput,
                                           gradWeight, gradBias, columns, "columns", 0, &p, scale);
}

#undef THNN_DILATED_PARAMS
#endif
