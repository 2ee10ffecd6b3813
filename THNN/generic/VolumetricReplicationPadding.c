#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricReplicationPadding.c"
#else

/* Pads the W (pleft, pright), H (ptop, pbottom) and T (pfront, pback) axes of a [nBatch x]
 * nPlanes x T x H x W input by repeating the border elements. A negative pad crops, as in Torch7
 * and PyTorch. The index maps are ResampleMap's, shared with the spatial paddings. */

static const char *const THNN_(VolumetricReplicationPadding_padNames)[] = {"pfront", "pback",  "ptop",
                                                                           "pbottom", "pleft", "pright"};

void THNN_(VolumetricReplicationPadding_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int pleft,
                                                      int pright, int ptop, int pbottom, int pfront, int pback) {
  const int before[] = {pfront, ptop, pleft}, after[] = {pback, pbottom, pright};
  THNN_(padForward)("VolumetricReplicationPadding_updateOutput", THNN_RESAMPLE_REPLICATE, 3, before, after,
                    THNN_(VolumetricReplicationPadding_padNames), input, output);
}

void THNN_(VolumetricReplicationPadding_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                         THTensor *gradInput, int pleft, int pright, int ptop,
                                                         int pbottom, int pfront, int pback) {
  const int before[] = {pfront, ptop, pleft}, after[] = {pback, pbottom, pright};
  THNN_(padBackward)("VolumetricReplicationPadding_updateGradInput", THNN_RESAMPLE_REPLICATE, 3, before, after,
                     THNN_(VolumetricReplicationPadding_padNames), input, gradOutput, gradInput);
}

#endif
