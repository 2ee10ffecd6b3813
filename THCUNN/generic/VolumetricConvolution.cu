// Volumetric convolution with the kernel size taken from weight [nOutputPlane x nInputPlane x kT x kH x
// kW], by vol2col + GEMM (generic/VolumetricConvolutionGemm.cuh), as THNN's. finput holds one volume's
// columns (updateGradInput uses it for the input-gradient columns; accGradParameters unfolds the
// input again); fgradInput is not used.
#include "generic/VolumetricConvolutionGemm.cuh"

static inline thcunn::VolParams THNN_(VolumetricConvolution_params)(THCState *state, const char *fn,
                                                                    const char *weightName, THCTensor *weight,
                                                                    int dT, int dW, int dH, int padT, int padW,
                                                                    int padH) {
  thcunn::VolParams p = {0, 0, 0, dT, dW, dH, padT, padW, padH, 1, 1, 1, 0, 0, 0};
  THNN_(volKernelFromWeight)(state, fn, weightName, weight, &p);
  return p;
}

void THNN_(VolumetricConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                               THCTensor *weight, THCTensor *bias, THCTensor *finput,
                                               THCTensor *fgradInput, int dT, int dW, int dH, int padT, int padW,
                                               int padH) {
  const char *fn = "VolumetricConvolution_updateOutput";
  const thcunn::VolParams p = THNN_(VolumetricConvolution_params)(state, fn, "weight", weight, dT, dW, dH, padT,
                                                                  padW, padH);
  THNN_(ConvolutionGemm3d_updateOutput)(state, fn, input, output, weight, bias, finput, "finput", p);
}

void THNN_(VolumetricConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                  THCTensor *gradInput, THCTensor *weight, THCTensor *finput, int dT,
                                                  int dW, int dH, int padT, int padW, int padH) {
  const char *fn = "VolumetricConvolution_updateGradInput";
  const thcunn::VolParams p = THNN_(VolumetricConvolution_params)(state, fn, "weight", weight, dT, dW, dH, padT,
                                                                  padW, padH);
  THNN_(ConvolutionGemm3d_updateGradInput)(state, fn, input, gradOutput, gradInput, weight, finput, "finput", p);
}

void THNN_(VolumetricConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                    THCTensor *gradWeight, THCTensor *gradBias, THCTensor *finput,
                                                    THCTensor *fgradInput, int dT, int dW, int dH, int padT,
                                                    int padW, int padH, accreal scale) {
  const char *fn = "VolumetricConvolution_accGradParameters";
  const thcunn::VolParams p = THNN_(VolumetricConvolution_params)(state, fn, "gradWeight", gradWeight, dT, dW, dH,
                                                                  padT, padW, padH);
  THNN_(ConvolutionGemm3d_accGradParameters)(state, fn, input, gradOutput, gradWeight, gradBias, finput, "finput", p,
                                             scale);
}
