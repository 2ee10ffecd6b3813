#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricMaxPooling.c"
#else

/* Max over kT x kH x kW windows of a [nBatch x] nPlanes x T x H x W input. indices holds Torch7's
 * packed window offsets (offT + 256 offH + 65536 offW, see Pooling.h), which updateGradInput and
 * VolumetricMaxUnpooling read back. */

void THNN_(VolumetricMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                              THIndexTensor *indices, int kT, int kW, int kH, int dT, int dW,
                                              int dH, int pT, int pW, int pH, bool ceilMode) {
  const THNNPoolWindow w[3] = {{kT, dT, pT, 1}, {kH, dH, pH, 1}, {kW, dW, pW, 1}};
  THNN_(poolMax3dForward)("VolumetricMaxPooling_updateOutput", input, output, indices, w, ceilMode);
}

void THNN_(VolumetricMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                 THTensor *gradInput, THIndexTensor *indices, int kT, int kW,
                                                 int kH, int dT, int dW, int dH, int pT, int pW, int pH,
                                                 bool ceilMode) {
  const THNNPoolWindow w[3] = {{kT, dT, pT, 1}, {kH, dH, pH, 1}, {kW, dW, pW, 1}};
  THNN_(poolMax3dBackward)("VolumetricMaxPooling_updateGradInput", input, gradOutput, gradInput, indices, w,
                           ceilMode);
}

#endif
