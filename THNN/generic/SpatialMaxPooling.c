#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialMaxPooling.c"
#else

/* SpatialDilatedMaxPooling with dilation 1 (Torch7 defined it so). indices holds, per output
 * element, the 1-based position of the max within its input plane (h * inputWidth + w + 1). */

void THNN_(SpatialMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                           THIndexTensor *indices, int kW, int kH, int dW, int dH, int padW,
                                           int padH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNN_(poolMax2dForward)("SpatialMaxPooling_updateOutput", input, output, indices, w, ceil_mode);
}

void THNN_(SpatialMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                              THTensor *gradInput, THIndexTensor *indices, int kW, int kH, int dW,
                                              int dH, int padW, int padH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, 1}, {kW, dW, padW, 1}};
  THNN_(poolMax2dBackward)("SpatialMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, w,
                           ceil_mode);
}

#endif
