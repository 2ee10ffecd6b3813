// Pads the W and H axes of a [nBatch x] nPlanes x H x W input by reflection about the borders (the
// border not repeated: 1 2 3 padded by 2 on the left gives 3 2 1 2 3); each pad must be below the
// input size along its axis.
// A negative pad crops. The engine is THCUNN/Resample.cuh's (THNN's ResampleMap).
#include "generic/Resample.cuh"

static const char *const THNN_(SpatialReflectionPadding_padNames)[] = {"pad_t", "pad_b", "pad_l", "pad_r"};

void THNN_(SpatialReflectionPadding_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int padL,
                                                  int padR, int padT, int padB) {
  const int before[] = {padT, padL}, after[] = {padB, padR};
  THNN_(padForward)(state, "SpatialReflectionPadding_updateOutput", thcunn_pool3d::ResampleMode::Reflect, 2, before,
                    after, THNN_(SpatialReflectionPadding_padNames), input, output);
}

void THNN_(SpatialReflectionPadding_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                     THCTensor *gradInput, int padL, int padR, int padT, int padB) {
  const int before[] = {padT, padL}, after[] = {padB, padR};
  THNN_(padBackward)(state, "SpatialReflectionPadding_updateGradInput", thcunn_pool3d::ResampleMode::Reflect, 2, before,
                     after, THNN_(SpatialReflectionPadding_padNames), input, gradOutput, gradInput);
}
