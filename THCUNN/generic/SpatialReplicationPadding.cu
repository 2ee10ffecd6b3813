// Pads the W and H axes of a [nBatch x] nPlanes x H x W input by repeating the border elements.
// A negative pad crops. The engine is THCUNN/Resample.cuh's (THNN's ResampleMap).
#include "generic/Resample.cuh"

static const char *const THNN_(SpatialReplicationPadding_padNames)[] = {"pad_t", "pad_b", "pad_l", "pad_r"};

void THNN_(SpatialReplicationPadding_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int padL,
                                                   int padR, int padT, int padB) {
  const int before[] = {padT, padL}, after[] = {padB, padR};
  THNN_(padForward)(state, "SpatialReplicationPadding_updateOutput", thcunn_pool3d::ResampleMode::Replicate, 2, before,
                    after, THNN_(SpatialReplicationPadding_padNames), input, output);
}

void THNN_(SpatialReplicationPadding_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                      THCTensor *gradInput, int padL, int padR, int padT, int padB) {
  const int before[] = {padT, padL}, after[] = {padB, padR};
  THNN_(padBackward)(state, "SpatialReplicationPadding_updateGradInput", thcunn_pool3d::ResampleMode::Replicate, 2,
                     before, after, THNN_(SpatialReplicationPadding_padNames), input, gradOutput, gradInput);
}
