#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricFullConvolution.c"
#else
/* Transposed volumetric convolution (output size (T - 1) * dT - 2 * pT + kT + aT, likewise H and
 * W), with the kernel size taken from weight [nInputPlane x nOutputPlane x kT x kH x kW], by GEMM +
 * col2vol (ConvolutionGemm3d.c). finput holds one volume's columns in every pass (Torch7 used it as
 * the columns and fgradInput as the bias's `ones`); fgradInput is not used. */

#define THNN_VOL_FULL_PARAMS {0, 0, 0, dT, dW, dH, pT, pW, pH, 1, 1, 1, aT, aW, aH}

void THNN_(VolumetricFullConvolution_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   THTensor *weight, THTensor *bias, THTensor *finput,
                                                   THTensor *fgradInput, int dT, int dW, int dH, int pT, int pW,
                                                   int pH, int aT, int aW, int aH) {
  const char *fn = "VolumetricFullConvolution_updateOutput";
  THNNVolParams p = THNN_VOL_FULL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(FullConvolutionGemm3d_updateOutput)(fn, input, output, weight, bias, finput, "finput", &p);
}

void THNN_(VolumetricFullConvolution_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                      THTensor *fgradInput, int dT, int dW, int dH, int pT, int pW,
                                                      int pH, int aT, int aW, int aH) {
  const char *fn = "VolumetricFullConvolution_updateGradInput";
  THNNVolParams p = THNN_VOL_FULL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "weight", weight, &p);
  THNN_(FullConvolutionGemm3d_updateGradInput)(fn, input, gradOutput, gradInput, weight, finput, "finput", &p);
}

void THNN_(VolumetricFullConvolution_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                        THTensor *fgradInput, int dT, int dW, int dH, int pT, int pW,
                                                        int pH, int aT, int aW, int aH, accreal scale) {
  const char *fn = "VolumetricFullConvolution_accGradParameters";
  THNNVolParams p = THNN_VOL_FULL_PARAMS;
  THNN_(volKernelFromWeight)(fn, "gradWeight", gradWeight, &p);
  THNN_(FullConvolutionGemm3d_accGradParameters)(fn, input, gradOutput, gradWeight, gradBias, finput, "finput", &p,
                                                 scale);
}

#undef THNN_VOL_FULL_PARAMS
#endif
