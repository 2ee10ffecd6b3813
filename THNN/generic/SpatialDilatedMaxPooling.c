#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialDilatedMaxPooling.c"
#else

/* Max over windows of kH x kW positions dilationH / dilationW apart. indices holds, per output
 * element, the 1-based position of the max within its input plane (h * inputWidth + w + 1). */

void THNN_(SpatialDilatedMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                  THIndexTensor *indices, int kW, int kH, int dW, int dH, int padW,
                                                  int padH, int dilationW, int dilationH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}};
  THNN_(poolMax2dForward)("SpatialDilatedMaxPooling_updateOutput", input, output, indices, w, ceil_mode);
}

void THNN_(SpatialDilatedMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                     THTensor *gradInput, THIndexTensor *indices, int kW, int kH,
                                                     int dW, int dH, int padW, int padH, int dilationW,
                                                     int dilationH, bool ceil_mode) {
  const THNNPoolWindow w[2] = {{kH, dH, padH, dilationH}, {kW, dW, padW, dilationW}};
  THNN_(poolMax2dBackward)("SpatialDilatedMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, w,
                           ceil_mode);
}

#endif
