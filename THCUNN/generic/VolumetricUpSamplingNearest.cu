// Nearest-neighbour upsampling of a [nBatch x] nPlanes x T x H x W input by an integer scale_factor >= 1
// along each axis: output position o reads input position o / scale_factor; the backward sums each
// block of gradients. The engine is THCUNN/Resample.cuh's (THNN's ResampleMap).
#include "generic/Resample.cuh"

void THNN_(VolumetricUpSamplingNearest_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                     int scale_factor) {
  THNN_(nearestForward)(state, "VolumetricUpSamplingNearest_updateOutput", 3, scale_factor, input, output);
}

void THNN_(VolumetricUpSamplingNearest_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradInput, int scale_factor) {
  THNN_(nearestBackward)(state, "VolumetricUpSamplingNearest_updateGradInput", 3, scale_factor, input, gradOutput,
                         gradInput);
}
