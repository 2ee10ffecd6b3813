#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialReflectionPadding.c"
#else

/* Pads the W and H axes of a [nBatch x] nPlanes x H x W input by reflection about the borders (the
 * border itself not repeated: 1 2 3 padded by 2 on the left gives 3 2 1 2 3); each pad must be
 * below the input size along its axis. A negative pad crops, as in Torch7 and PyTorch. The index
 * maps are ResampleMap's, shared with the replication paddings. */

static const char *const THNN_(SpatialReflectionPadding_padNames)[] = {"pad_t", "pad_b", "pad_l", "pad_r"};

void THNN_(SpatialReflectionPadding_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int pad_l,
                                                  int pad_r, int pad_t, int pad_b) {
  const int before[] = {pad_t, pad_l}, after[] = {pad_b, pad_r};
  THNN_(padForward)("SpatialReflectionPadding_updateOutput", THNN_RESAMPLE_REFLECT, 2, before, after,
                    THNN_(SpatialReflectionPadding_padNames), input, output);
}

void THNN_(SpatialReflectionPadding_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradInput, int pad_l, int pad_r, int pad_t, int pad_b) {
  const int before[] = {pad_t, pad_l}, after[] = {pad_b, pad_r};
  THNN_(padBackward)("SpatialReflectionPadding_updateGradInput", THNN_RESAMPLE_REFLECT, 2, before, after,
                     THNN_(SpatialReflectionPadding_padNames), input, gradOutput, gradInput);
}

#endif
