// Bilinear resizing of a [nBatch x] nPlanes x H x W input to outputHeight x outputWidth, corners
// aligned as in THNN (PyTorch 1.13's align_corners=True). The engine is THCUNN/Interpolation.cuh's.
#include "generic/Interpolation.cuh"

void THNN_(SpatialUpSamplingBilinear_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                   int outputHeight, int outputWidth) {
  static const char *const names[] = {"outputHeight", "outputWidth"};
  const int outSize[2] = {outputHeight, outputWidth};
  THNN_(linearForward)(state, "SpatialUpSamplingBilinear_updateOutput", 2, outSize, names, input, output);
}

void THNN_(SpatialUpSamplingBilinear_updateGradInput)(THCState *state, THCTensor *gradOutput, THCTensor *gradInput,
                                                      int nbatch, int nchannels, int inputHeight, int inputWidth,
                                                      int outputHeight, int outputWidth) {
  static const char *const names[] = {"nbatch",     "nchannels",    "inputHeight",
                                      "inputWidth", "outputHeight", "outputWidth"};
  const int inSize[2] = {inputHeight, inputWidth}, outSize[2] = {outputHeight, outputWidth};
  THNN_(linearBackward)(state, "SpatialUpSamplingBilinear_updateGradInput", 2, nbatch, nchannels, inSize, outSize,
                        names, gradOutput, gradInput);
}
