#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricDilatedConvolution.c"
#else
/* Volumetric convolution with dilated kernels by vol2col + GEMM (ConvolutionGemm3d.c). `columns`
 * and `gradColumns` hold one volume's columns; accGradParameters unfolds the input again. `ones` is
 * not used: the bias is added directly. */

#define THNN_VOL_DILATED_PARAMS \
  {kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH, 0, 0, 0}

void THNN_(VolumetricDilatedConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                      THTensor *weight, THTensor *bias, THTensor *columns,
                                                      THTensor *ones, int kT, int kW, int kH, int dT, int dW, int dH,
                                                      int padT, int padW, int padH, int dilationT, int dilationW,
                                                      int dilationH) {
  const THNNVolParams p = THNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_updateOutput)("VolumetricDilatedConvolution_updateOutput", input, output, weight, bias,
                                        columns, "columns", 0, &p);
}

void THNN_(VolumetricDilatedConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                         THTensor *gradInput, THTensor *weight,
                                                         THTensor *gradColumns, int kT, int kW, int kH, int dT,
                                                         int dW, int dH, int padT, int padW, int padH, int dilationT,
                                                         int dilationW, int dilationH) {
  const THNNVolParams p = THNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_updateGradInput)("VolumetricDilatedConvolution_updateGradInput", input, gradOutput,
                                           gradInput, weight, gradColumns, "gradColumns", &p);
}

void THNN_(VolumetricDilatedConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                           THTensor *gradWeight, THTensor *gradBias,
                                                           THTensor *columns, THTensor *ones, int kT, int kW, int kH,
                                                           int dT, int dW, int dH, int padT, int padW, int padH,
                                                           int dilationT, int dilationW, int dilationH,
                                                           accreal scale) {
  const THNNVolParams p = THNN_VOL_DILATED_PARAMS;
  THNN_(ConvolutionGemm3d_accGradParameters)("VolumetricDilatedConvolution_accGradParameters", input, gradOutput,
                                             gradWeight, gradBias, columns, "columns", 0, &p, scale);
}

#undef THNN_VOL_DILATED_PARAMS
#endif
