// Trilinear resizing of a [nBatch x] nPlanes x T x H x W input to outputDepth x outputHeight x
// outputWidth, corners aligned as in THNN. The engine is THCUNN/Interpolation.cuh's.
#include "generic/Interpolation.cuh"

void THNN_(VolumetricUpSamplingTrilinear_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                       int outputDepth, int outputHeight, int outputWidth) {
  static const char *const names[] = {"outputDepth", "outputHeight", "outputWidth"};
  const int outSize[3] = {outputDepth, outputHeight, outputWidth};
  THNN_(linearForward)(state, "VolumetricUpSamplingTrilinear_updateOutput", 3, outSize, names, input, output);
}

void THNN_(VolumetricUpSamplingTrilinear_updateGradInput)(THCState *state, THCTensor *gradOutput, THCTensor *gradInput,
                                                          int nbatch, int nchannels, int inputDepth, int inputHeight,
                                                          int inputWidth, int outputDepth, int outputHeight,
                                                          int outputWidth) {
  static const char *const names[] = {"nbatch",     "nchannels",   "inputDepth",   "inputHeight",
                                      "inputWidth", "outputDepth", "outputHeight", "outputWidth"};
  const int inSize[3] = {inputDepth, inputHeight, inputWidth};
  const int outSize[3] = {outputDepth, outputHeight, outputWidth};
  THNN_(linearBackward)(state, "VolumetricUpSamplingTrilinear_updateGradInput", 3, nbatch, nchannels, inSize, outSize,
                        names, gradOutput, gradInput);
}
