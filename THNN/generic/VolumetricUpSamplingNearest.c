#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricUpSamplingNearest.c"
#else

/* Nearest-neighbour upsampling of a [nBatch x] nPlanes x T x H x W input by an integer
 * scale_factor along each axis (see SpatialUpSamplingNearest). */

void THNN_(VolumetricUpSamplingNearest_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                     int scale_factor) {
  THNN_(nearestForward)("VolumetricUpSamplingNearest_updateOutput", 3, scale_factor, input, output);
}

void THNN_(VolumetricUpSamplingNearest_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradInput, int scale_factor) {
  THNN_(nearestBackward)("VolumetricUpSamplingNearest_updateGradInput", 3, scale_factor, input, gradOutput,
                         gradInput);
}

#endif
