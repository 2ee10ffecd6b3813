#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricDilatedMaxPooling.c"
#else

/* Max over windows of kT x kH x kW positions dilationT / dilationH / dilationW apart. indices holds
 * Torch7's packed window offsets in kernel steps (position = o * stride - pad + offset * dilation;
 * see Pooling.h). For a window cut by the padding, Torch7 took the number of positions cut to be
 * the padding itself, wrong for a dilated window with pad > 1 (its forward then skipped the
 * window's last positions and its backward wrote beside the argmax); ember counts the steps. */

void THNN_(VolumetricDilatedMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                     THIndexTensor *indices, int kT, int kW, int kH, int dT, int dW,
                                                     int dH, int pT, int pW, int pH, int dilationT, int dilationW,
                                                     int dilationH, bool ceilMode) {
  const THNNPoolWindow w[3] = {{kT, dT, pT, dilationT}, {kH, dH, pH, dilationH}, {kW, dW, pW, dilationW}};
  THNN_(poolMax3dForward)("VolumetricDilatedMaxPooling_updateOutput", input, output, indices, w, ceilMode);
}

void THNN_(VolumetricDilatedMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradInput, THIndexTensor *indices, int kT, int kW,
                                                        int kH, int dT, int dW, int dH, int pT, int pW, int pH,
                                                        int dilationT, int dilationW, int dilationH, bool ceilMode) {
  const THNNPoolWindow w[3] = {{kT, dT, pT, dilationT}, {kH, dH, pH, dilationH}, {kW, dW, pW, dilationW}};
  THNN_(poolMax3dBackward)("VolumetricDilatedMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, w,
                           ceilMode);
}

#endif
