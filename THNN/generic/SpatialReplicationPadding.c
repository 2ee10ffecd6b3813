#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialReplicationPadding.c"
#else

/* Pads the W and H axes of a [nBatch x] nPlanes x H x W input by repeating the border elements. A
 * negative pad crops, as in Torch7 and PyTorch. The index maps are ResampleMap's, shared with the
 * reflection padding. */

static const char *const THNN_(SpatialReplicationPadding_padNames)[] = {"pad_t", "pad_b", "pad_l", "pad_r"};

void THNN_(SpatialReplicationPadding_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int pad_l,
                                                   int pad_r, int pad_t, int pad_b) {
  const int before[] = {pad_t, pad_l}, after[] = {pad_b, pad_r};
  THNN_(padForward)("SpatialReplicationPadding_updateOutput", THNN_RESAMPLE_REPLICATE, 2, before, after,
                    THNN_(SpatialReplicationPadding_padNames), input, output);
}

void THNN_(SpatialReplicationPadding_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, int pad_l, int pad_r, int pad_t,
                                                      int pad_b) {
  const int before[] = {pad_t, pad_l}, after[] = {pad_b, pad_r};
  THNN_(padBackward)("SpatialReplicationPadding_updateGradInput", THNN_RESAMPLE_REPLICATE, 2, before, after,
                     THNN_(SpatialReplicationPadding_padNames), input, gradOutput, gradInput);
}

#endif
