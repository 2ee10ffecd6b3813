#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricFullDilatedConvolution.c"
#else
/* Transposed volumetric convolution with dilated kernels (output size (T - 1) * dT - 2 * pT +
 * dilationT * (kT - 1) + 1 + aT, likewise H and W), the kernel size taken from weight [nInputPlane x
 * nOutputPlane x kT x kH x kW]; see VolumetricFullConvolution.c for the buffers. */

#define THNN_VOL_FULL_DILATED_PARAMS {0, 0, 0, dT, dW, dH, pT, pW, pH, dilationT, dilationW, dilationH, aT, aW, aH}

void THNN_(VolumetricFullDilatedConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                          THTensor *weight, THTensor *bias, THTensor *finput,
                                                          THTensor *fgradInput, int dT, int dW, int dH, int pT,
                                                          int pW, int pH, int dilationT, int dilationW,
                                                          int dilationH, int aT, int aW, int aH) {
  const char *fn = "VolumetricFullDilatedConvolution_updateOutput";
  THNNVolParams p = THNN_VOL_FULL_DILATED_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(FullConvolutionGemm3d_updateOutput)(fn, input, output, weight, bias, finput, "finput", &p);
}

void THNN_(VolumetricFullDilatedConvolution_updateGradInput)(THNNState *state, THTensor *input,
                                                             THTensor *gradOutput, THTensor *gradInput,
                                                             THTensor *weight, THTensor *finput,
                                                             THTensor *fgradInput, int dT, int dW, int dH, int pT,
                                                             int pW, int pH, int dilationT, int dilationW,
                                                             int dilationH, int aT, int aW, int aH) {
  const char *fn = "VolumetricFullDilatedConvolution_updateGradInput";
  THNNVolParams p = THNN_VOL_FULL_DILATED_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(FullConvolutionGemm3d_updateGradInput)(fn, input, gradOutput, gradInput, weight, finput, "finput", &p);
}

void THNN_(VolumetricFullDilatedConvolution_accGradParameters)(THNNState *state, THTensor *input,
                                                               THTensor *gradOutput, THTensor *gradWeight,
                                                               THTensor *gradBias, THTensor *finput,
                                                               THTensor *fgradInput, int dT, int dW, int dH, int pT,
                                                               int pW, int pH, int dilationT, int dilationW,
                                                               int dilationH, int aT, int aW, int aH,
                                                               accreal scale) {
  const char *fn = "VolumetricFullDilatedConvolution_accGradParameters";
  THNNVolParams p = THNN_VOL_FULL_DILATED_PARAMS;
  THNN_(volKernelFromWeight)(fn, "gradWeight", gradWeight, &p);
  THNN_(FullConvolutionGemm3d_accGradParameters)(fn, input, gradOutput, gradWeight, gradBias, finput, "finput", &p,
                                                 scale);
}

#undef THNN_VOL_FULL_DILATED_PARAMS
#endif
