#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialUpSamplingBilinear.c"
#else

/* Bilinear resizing of a [nBatch x] nPlanes x H x W input to outputHeight x outputWidth, with the
 * corners aligned as in Torch7 (PyTorch 1.13's align_corners=True; see Interpolation.h). Torch7
 * took only batches; ember also takes one image (and its backward a gradOutput without the batch
 * dimension when nbatch is 1). */

void THNN_(SpatialUpSamplingBilinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   int outputHeight, int outputWidth) {
  static const char *const names[] = {"outputHeight", "outputWidth"};
  const int outSize[2] = {outputHeight, outputWidth};
  THNN_(linearForward)("SpatialUpSamplingBilinear_updateOutput", 2, outSize, names, input, output);
}

void THNN_(SpatialUpSamplingBilinear_updateGradInput)(THNNState *state, THTensor *gradOutput, THTensor *gradInput,
                                                      int nbatch, int nchannels, int inputHeight, int inputWidth,
                                                      int outputHeight, int outputWidth) {
  static const char *const names[] = {"nbatch",      "nchannels",    "inputHeight",
                                      "inputWidth",  "outputHeight", "outputWidth"};
  const int inSize[2] = {inputHeight, inputWidth}, outSize[2] = {outputHeight, outputWidth};
  THNN_(linearBackward)("SpatialUpSamplingBilinear_updateGradInput", 2, nbatch, nchannels, inSize, outSize, names,
                        gradOutput, gradInput);
}

#endif
