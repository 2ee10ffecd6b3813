#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricConvolution.c"
#else
/* Volumetric convolution with the kernel size taken from weight [nOutputPlane x nInputPlane x kT x
 * kH x kW], on the vol2col + GEMM passes of ConvolutionGemm3d.c. finput holds one volume's columns
 * (updateGradInput uses it for the input-gradient columns; accGradParameters unfolds the input
 * again); fgradInput is not used.
 * Torch7 differs: its padding check was inverted (zero padding refused, non-zero padding ignored) and
 * strides that do not tile the input gave wrongly shaped gradients. Here padding works as in
 * VolumetricConvolutionMM and every stride gives gradients of the input's and weight's shapes. */

#define THNN_VOL_PARAMS {0, 0, 0, dT, dW, dH, pT, pW, pH, 1, 1, 1, 0, 0, 0}

void THNN_(VolumetricConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                               THTensor *weight, THTensor *bias, THTensor *finput,
                                               THTensor *fgradInput, int dT, int dW, int dH, int pT, int pW,
                                               int pH) {
  const char *fn = "VolumetricConvolution_updateOutput";
  THNNVolParams p = THNN_VOL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(ConvolutionGemm3d_updateOutput)(fn, input, output, weight, bias, finput, "finput", 0, &p);
}

void THNN_(VolumetricConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, THTensor *weight, THTensor *finput, int dT,
                                                  int dW, int dH, int pT, int pW, int pH) {
  const char *fn = "VolumetricConvolution_updateGradInput";
  THNNVolParams p = THNN_VOL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(ConvolutionGemm3d_updateGradInput)(fn, input, gradOutput, gradInput, weight, finput, "finput", &p);
}

void THNN_(VolumetricConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                    THTensor *fgradInput, int dT, int dW, int dH, int pT, int pW,
                                                    int pH, accreal scale) {
  const char *fn = "VolumetricConvolution_accGradParameters";
  THNNVolParams p = THNN_VOL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "gradWeight", gradWeight, &p);
  THNN_(ConvolutionGemm3d_accGradParameters)(fn, input, gradOutput, gradWeight, gradBias, finput, "finput", 0, &p,
                                             scale);
}

#undef THNN_VOL_PARAMS
#endif
