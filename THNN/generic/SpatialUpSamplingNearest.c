#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialUpSamplingNearest.c"
#else

/* Nearest-neighbour upsampling of a [nBatch x] nPlanes x H x W input by an integer scale_factor:
 * output (y, x) = input (y / scale_factor, x / scale_factor); the backward sums each block of
 * scale_factor x scale_factor gradients. Torch7 required scale_factor > 1; ember also accepts 1
 * (a copy). The index maps are ResampleMap's. */

void THNN_(SpatialUpSamplingNearest_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                  int scale_factor) {
  THNN_(nearestForward)("SpatialUpSamplingNearest_updateOutput", 2, scale_factor, input, output);
}

void THNN_(SpatialUpSamplingNearest_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradInput, int scale_factor) {
  THNN_(nearestBackward)("SpatialUpSamplingNearest_updateGradInput", 2, scale_factor, input, gradOutput, gradInput);
}

#endif
