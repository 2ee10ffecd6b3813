// Transposed volumetric convolution (output size (T - 1) * dT - 2 * pT + kT + aT, likewise H and W),
// the kernel size taken from weight [nInputPlane x nOutputPlane x kT x kH x kW], by GEMM + col2vol
// (generic/VolumetricConvolutionGemm.cuh), as THNN's. finput holds one volume's columns in every pass
// (Torch7 used it as the columns and fgradInput as the bias's `ones`); fgradInput is not used.
#include "generic/VolumetricConvolutionGemm.cuh"

static inline thcunn::VolParams THNN_(VolumetricFullConvolution_params)(THCState *state, const char *fn,
                                                                        const char *weightName, THCTensor *weight,
                                                                        int dT, int dW, int dH, int padT, int padW,
                                                                        int padH, int adjT, int adjW, int adjH) {
  thcunn::VolParams p = {0, 0, 0, dT, dW, dH, padT, padW, padH, 1, 1, 1, adjT, adjW, adjH};
  THNN_(volKernelFromWeight)(state, fn, weightName, weight, &p);
  return p;
}

void THNN_(VolumetricFullConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                   THCTensor *weight, THCTensor *bias, THCTensor *finput,
                                                   THCTensor *fgradInput, int dT, int dW, int dH, int padT, int padW,
                                                   int padH, int adjT, int adjW, int adjH) {
  const char *fn = "VolumetricFullConvolution_updateOutput";
  const thcunn::VolParams p = THNN_(VolumetricFullConvolution_params)(state, fn, "weight", weight, dT, dW, dH, padT,
                                                                      padW, padH, adjT, adjW, adjH);
  THNN_(FullConvolutionGemm3d_updateOutput)(state, fn, input, output, weight, bias, finput, "finput", p);
}

void THNN_(VolumetricFullConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                      THCTensor *gradInput, THCTensor *weight, THCTensor *finput,
                                                      THCTensor *fgradInput, int dT, int dW, int dH, int padT,
                                                      int padW, int padH, int adjT, int adjW, int adjH) {
  const char *fn = "VolumetricFullConvolution_updateGradInput";
  const thcunn::VolParams p = THNN_(VolumetricFullConvolution_params)(state, fn, "weight", weight, dT, dW, dH, padT,
                                                                      padW, padH, adjT, adjW, adjH);
  THNN_(FullConvolutionGemm3d_updateGradInput)(state, fn, input, gradOutput, gradInput, weight, finput, "finput", p);
}

void THNN_(VolumetricFullConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradWeight, THCTensor *gradBias,
                                                        THCTensor *finput, THCTensor *fgradInput, int dT, int dW,
                                                        int dH, int padT, int padW, int padH, int adjT, int adjW,
                                                        int adjH, accreal scale) {
  const char *fn = "VolumetricFullConvolution_accGradParameters";
  const thcunn::VolParams p = THNN_(VolumetricFullConvolution_params)(state, fn, "gradWeight", gradWeight, dT, dW,
                                                                      dH, padT, padW, padH, adjT, adjW, adjH);
  THNN_(FullConvolutionGemm3d_accGradParameters)(state, fn, input, gradOutput, gradWeight, gradBias, finput, "finput",
                                                 p, scale);
}
