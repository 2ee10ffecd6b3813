#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricUpSamplingTrilinear.c"
#else

/* Trilinear resizing of a [nBatch x] nPlanes x T x H x W input to outputDepth x outputHeight x
 * outputWidth, corners aligned (see SpatialUpSamplingBilinear and Interpolation.h). */

void THNN_(VolumetricUpSamplingTrilinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                       int outputDepth, int outputHeight, int outputWidth) {
  static const char *const names[] = {"outputDepth", "outputHeight", "outputWidth"};
  const int outSize[3] = {outputDepth, outputHeight, outputWidth};
  THNN_(linearForward)("VolumetricUpSamplingTrilinear_updateOutput", 3, outSize, names, input, output);
}

void THNN_(VolumetricUpSamplingTrilinear_updateGradInput)(THNNState *state, THTensor *gradOutput,
                                                          THTensor *gradInput, int nbatch, int nchannels,
                                                          int inputDepth, int inputHeight, int inputWidth,
                                                          int outputDepth, int outputHeight, int outputWidth) {
  static const char *const names[] = {"nbatch",     "nchannels",   "inputDepth",   "inputHeight",
                                      "inputWidth", "outputDepth", "outputHeight", "outputWidth"};
  const int inSize[3] = {inputDepth, inputHeight, inputWidth}, outSize[3] = {outputDepth, outputHeight, outputWidth};
  THNN_(linearBackward)("VolumetricUpSamplingTrilinear_updateGradInput", 3, nbatch, nchannels, inSize, outSize, names,
                        gradOutput, gradInput);
}

#endif
