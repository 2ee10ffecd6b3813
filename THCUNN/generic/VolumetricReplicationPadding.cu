// Pads the W (pleft, pright), H (ptop, pbottom) and T (pfront, pback) axes of a [nBatch x] nPlanes x
// T x H x W input by repeating the border elements. A negative pad crops. The engine is
// THCUNN/Resample.cuh's (THNN's ResampleMap).
#include "generic/Resample.cuh"

static const char *const THNN_(VolumetricReplicationPadding_padNames)[] = {"pfront",  "pback", "ptop",
                                                                           "pbottom", "pleft", "pright"};

void THNN_(VolumetricReplicationPadding_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int pleft,
                                                      int pright, int ptop, int pbottom, int pfront, int pback) {
  const int before[] = {pfront, ptop, pleft}, after[] = {pback, pbottom, pright};
  THNN_(padForward)(state, "VolumetricReplicationPadding_updateOutput", thcunn_pool3d::ResampleMode::Replicate, 3,
                    before, after, THNN_(VolumetricReplicationPadding_padNames), input, output);
}

void THNN_(VolumetricReplicationPadding_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                         THCTensor *gradInput, int pleft, int pright, int ptop,
                                                         int pbottom, int pfront, int pback) {
  const int before[] = {pfront, ptop, pleft}, after[] = {pback, pbottom, pright};
  THNN_(padBackward)(state, "VolumetricReplicationPadding_updateGradInput", thcunn_pool3d::ResampleMode::Replicate, 3,
                     before, after, THNN_(VolumetricReplicationPadding_padNames), input, gradOutput, gradInput);
}
