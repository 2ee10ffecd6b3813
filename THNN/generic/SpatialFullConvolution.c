#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFullConvolution.c"
#else
/* Transposed convolution (weight [nInputPlane x nOutputPlane x kH x kW], output size
 * (H - 1) * dH - 2 * padH + kH + adjH), by GEMM + col2im (ConvolutionGemm.c). `columns` and
 * `gradColumns` hold one image's columns; `ones` is not used: the bias is added directly. */

#define THNN_FULL_PARAMS {kW, kH, dW, dH, padW, padH, 1, 1, adjW, adjH}

void THNN_(SpatialFullConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                THTensor *weight, THTensor *bias, THTensor *columns, THTensor *ones,
                                                int kW, int kH, int dW, int dH, int padW, int padH, int adjW,
                                                int adjH) {
  const THNNConvParams p = THNN_FULL_PARAMS;
  THNN_(FullConvolutionGemm_updateOutput)("SpatialFullConvolution_updateOutput", input, output, weight, bias,
                                          columns, &p);
}

void THNN_(SpatialFullConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                   THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                   int kW, int kH, int dW, int dH, int padW, int padH, int adjW,
                                                   int adjH) {
  const THNNConvParams p = THNN_FULL_PARAMS;
  THNN_(FullConvolutionGemm_updateGradInput)("SpatialFullConvolution_updateGradInput", input, gradOutput,
                                             gradInput, weight, gradColumns, &p);
}

void THNN_(SpatialFullConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                     THTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                     int padH, int adjW, int adjH, accreal scale) {
  const THNNConvParams p = THNN_FULL_PARAMS;
  THNN_(FullConvolutionGemm_accGradParameters)("SpatialFullConvolution_accGradParameters", input, gradOutput,
                                               gradWeight, gradBias, columns, &p, scale);
}

#undef THNN_FULL_PARAMS
#endif
