#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialConvolutionMM.c"
#else
/* Convolution by im2col + GEMM (ConvolutionGemm.c). finput keeps the unfolded input of every image
 * ([nImages x nInputPlane*kH*kW x outputHeight*outputWidth], 2D for one image) from updateOutput to
 * accGradParameters, as in Torch7; it stays untouched for a 1x1 kernel with stride 1 and no padding,
 * whose unfolding is the input itself. fgradInput holds one image's input-gradient columns
 * ([nInputPlane*kH*kW x outputHeight*outputWidth]; Torch7 sized it for the whole batch). */

#define THNN_MM_PARAMS {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0}

void THNN_(SpatialConvolutionMM_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                              THTensor *bias, THTensor *finput, THTensor *fgradInput, int kW, int kH,
                                              int dW, int dH, int padW, int padH) {
  const THNNConvParams p = THNN_MM_PARAMS;
  THNN_(ConvolutionGemm_updateOutput)("SpatialConvolutionMM_updateOutput", input, output, weight, bias, finput,
                                      "finput", 1, &p);
}

void THNN_(SpatialConvolutionMM_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                 THTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                 int padH) {
  const THNNConvParams p = THNN_MM_PARAMS;
  THNN_(ConvolutionGemm_updateGradInput)("SpatialConvolutionMM_updateGradInput", input, gradOutput, gradInput,
                                         weight, fgradInput, "fgradInput", &p);
}

/* Reads finput as updateOutput left it (call it after updateOutput on the same input, as Torch7
 * required); a finput of another size is refilled from the input. */
void THNN_(SpatialConvolutionMM_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                   THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                   THTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                   int padH, accreal scale) {
  const THNNConvParams p = THNN_MM_PARAMS;
  THNN_(ConvolutionGemm_accGradParameters)("SpatialConvolutionMM_accGradParameters", input, gradOutput, gradWeight,
                                           gradBias, finput, "finput", 1, &p, scale);
}

#undef THNN_MM_PARAMS
#endif
