#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/VolumetricConvolutionMM.c"
#else
/* Volumetric convolution by vol2col + GEMM (ConvolutionGemm3d.c). finput keeps the unfolded input
 * of every volume ([nImages x nInputPlane*kT*kH*kW x T'*H'*W'], 2D for one volume) from updateOutput
 * to accGradParameters, as in Torch7; it stays untouched for a 1x1x1 kernel with stride 1 and no
 * padding. fgradInput holds one volume's input-gradient columns (Torch7 sized it for the batch). */

#define THNN_VOL_MM_PARAMS {kT, kW, kH, dT, dW, dH, pT, pW, pH, 1, 1, 1, 0, 0, 0}

void THNN_(VolumetricConvolutionMM_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                 THTensor *weight, THTensor *bias, THTensor *finput, int kT, int kW,
                                                 int kH, int dT, int dW, int dH, int pT, int pW, int pH) {
  const THNNVolParams p = THNN_VOL_MM_PARAMS;
  THNN_(ConvolutionGemm3d_updateOutput)("VolumetricConvolutionMM_updateOutput", input, output, weight, bias, finput,
                                        "finput", 1, &p);
}

void THNN_(VolumetricConvolutionMM_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradInput, THTensor *weight, THTensor *finput,
                                                    THTensor *fgradInput, int kT, int kW, int kH, int dT, int dW,
                                                    int dH, int pT, int pW, int pH) {
  const THNNVolParams p = THNN_VOL_MM_PARAMS;
  THNN_(ConvolutionGemm3d_updateGradInput)("VolumetricConvolutionMM_updateGradInput", input, gradOutput, gradInput,
                                           weight, fgradInput, "fgradInput", &p);
}

/* Reads finput as updateOutput left it (call it after updateOutput on the same input, as Torch7
 * required); a finput of another size is refilled from the input. */
void THNN_(VolumetricConvolutionMM_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradWeight, THTensor *gradBias, THTensor *finput,
                                                      int kT, int kW, int kH, int dT, int dW, int dH, int pT, int pW,
                                                      int pH, accreal scale) {
  const THNNVolParams p = THNN_VOL_MM_PARAMS;
  THNN_(ConvolutionGemm3d_accGradParameters)("VolumetricConvolutionMM_accGradParameters", input, gradOutput,
                                             gradWeight, gradBias, finput, "finput", 1, &p, scale);
}

#undef THNN_VOL_MM_PARAMS
#endif
