// Locally connected layer (SpatialConvolutionLocal.cuh): weight [oH x oW x nOutputPlane x nInputPlane x
// kH x kW] or [oH*oW x nOutputPlane x nInputPlane*kH*kW], bias (may be NULL) [nOutputPlane x oH x oW].
// Direct kernels: `finput` and `fgradInput` are checked (as THNN checks them) but not used.
#include "generic/SpatialConvolutionGemm.cuh"

// Checks input, the parameters, the sizes passed and the weight (named weightName) as THNN does.
static thcunn::Local THNN_(SpatialConvolutionLocal_begin)(THCState *state, const char *fn, THCTensor *input,
                                                          THCTensor *weight, const char *weightName, int kW, int kH,
                                                          int dW, int dH, int padW, int padH, long inputWidth,
                                                          long inputHeight, long outputWidth, long outputHeight,
                                                          THNNConvPlan *plan) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(convPlan)(state, fn, input, &p, 0, plan);
  THNNConv_checkLocalSizes(fn, input->nDimension, input->size, plan, inputWidth, inputHeight, outputWidth,
                           outputHeight);
  THNN_(checkNotNull)(fn, weightName, weight);
  const long nOut = THNNConv_checkLocalWeight(fn, weightName, weight->nDimension, weight->size, plan, kH, kW);
  return thcunn::Local{plan->geometry, nOut};
}

void THNN_(SpatialConvolutionLocal_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                 THCTensor *weight, THCTensor *bias, THCTensor *finput,
                                                 THCTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                 int padH, long inputWidth, long inputHeight, long outputWidth,
                                                 long outputHeight) {
  const char *fn = "SpatialConvolutionLocal_updateOutput";
  THNNConvPlan plan;
  const thcunn::Local d =
      THNN_(SpatialConvolutionLocal_begin)(state, fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, inputWidth,
                                           inputHeight, outputWidth, outputHeight, &plan);
  THNN_(convCheckNumel)(fn, "bias", bias, d.nOutputPlane * d.L(), "nOutputPlane x outputHeight x outputWidth");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "finput", finput);
  const char *const names[] = {"input", "output", "weight", "bias"};
  THCTensor *const tensors[] = {input, output, weight, bias};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THNN_(convResize)(state, output, &plan, d.nOutputPlane, outputHeight, outputWidth);
  THNN_(convDirectOutput)(state, fn, plan.nImages * d.nOutputPlane * d.L(), thcunn::localOutputKernel<real>, d, input, weight, bias, output);
}

void THNN_(SpatialConvolutionLocal_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                    THCTensor *gradInput, THCTensor *weight, THCTensor *finput,
                                                    THCTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                    int padH, long inputWidth, long inputHeight, long outputWidth,
                                                    long outputHeight) {
  const char *fn = "SpatialConvolutionLocal_updateGradInput";
  THNNConvPlan plan;
  const thcunn::Local d =
      THNN_(SpatialConvolutionLocal_begin)(state, fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, inputWidth,
                                           inputHeight, outputWidth, outputHeight, &plan);
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, d.nOutputPlane);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "fgradInput", fgradInput);
  const char *const names[] = {"input", "gradOutput", "gradInput", "weight"};
  THCTensor *const tensors[] = {input, gradOutput, gradInput, weight};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THCTensor_(resizeAs)(state, gradInput, input);
  THNN_(convDirectGradInput)(state, fn, thcunn::localGradInputKernel<real>, d, gradOutput, weight, gradInput);
}

void THNN_(SpatialConvolutionLocal_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                      THCTensor *gradWeight, THCTensor *gradBias, THCTensor *finput,
                                                      THCTensor *fgradInput, int kW, int kH, int dW, int dH, int padW,
                                                      int padH, long inputWidth, long inputHeight, long outputWidth,
                                                      long outputHeight, accreal scale) {
  const char *fn = "SpatialConvolutionLocal_accGradParameters";
  THNNConvPlan plan;
  const thcunn::Local d =
      THNN_(SpatialConvolutionLocal_begin)(state, fn, input, gradWeight, "gradWeight", kW, kH, dW, dH, padW, padH,
                                           inputWidth, inputHeight, outputWidth, outputHeight, &plan);
  const long biasSize = d.nOutputPlane * d.L();
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, biasSize, "nOutputPlane x outputHeight x outputWidth");
  THNN_(convCheckGradOutput)(fn, gradOutput, &plan, d.nOutputPlane);
  THNN_(checkNotNull)(fn, "finput", finput);
  const char *const names[] = {"input", "gradOutput", "gradWeight", "gradBias"};
  THCTensor *const tensors[] = {input, gradOutput, gradWeight, gradBias};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THCTensor *in = THNN_(convContiguous)(state, input), *go = THNN_(convContiguous)(state, gradOutput);
  THCTensor *gw = THNN_(convContiguous)(state, gradWeight), *gb = THNN_(convContiguous)(state, gradBias);
  const real *goData = THCTensor_(data)(state, go);
  thcunn::launchPerElement(state, fn, biasSize * d.K(), thcunn::localGradWeightKernel<real>, d,
                           (const real *)THCTensor_(data)(state, in), goData, plan.nImages, (real)scale,
                           THCTensor_(data)(state, gw));
  if (gb)
    thcunn::launchPerElement(state, fn, biasSize, thcunn::localGradBiasKernel<real>, goData, plan.nImages, (real)scale,
                             THCTensor_(data)(state, gb));
  THNN_(convWriteBack)(state, gradWeight, gw);
  THNN_(convWriteBack)(state, gradBias, gb);
  THNN_(convFree)(state, in);
  THNN_(convFree)(state, go);
}
