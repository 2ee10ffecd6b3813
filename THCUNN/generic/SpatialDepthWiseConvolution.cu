// Depth-wise convolution (SpatialDepthWiseConvolution.cuh): weight [nOutputPlane x nInputPlane x kH x kW]
// or [nOutputPlane x nInputPlane*kH*kW], nOutputPlane kernels per input plane; bias (may be NULL)
// [nOutputPlane x nInputPlane]; gradOutput may split its planes as [nInputPlane x nOutputPlane].
// Direct kernels: `columns`, `gradColumns` and `ones` are checked (as THNN checks its buffers) but not
// used.
#include "generic/SpatialConvolutionGemm.cuh"

// Checks input, the parameters and the weight (named weightName) as THNN does.
static thcunn::DepthWise THNN_(SpatialDepthWiseConvolution_begin)(THCState *state, const char *fn, THCTensor *input,
                                                                  THCTensor *weight, const char *weightName, int kW,
                                                                  int kH, int dW, int dH, int padW, int padH,
                                                                  THNNConvPlan *plan) {
  const THNNConvParams p = {kW, kH, dW, dH, padW, padH, 1, 1, 0, 0};
  THNN_(convPlan)(state, fn, input, &p, 0, plan);
  THNN_(checkNotNull)(fn, weightName, weight);
  const long multiplier = THNNConv_checkWeight(fn, weightName, weight->nDimension, weight->size, plan, kH, kW);
  return thcunn::DepthWise{plan->geometry, multiplier};
}

void THNN_(SpatialDepthWiseConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                     THCTensor *weight, THCTensor *bias, THCTensor *columns,
                                                     THCTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                     int padH) {
  const char *fn = "SpatialDepthWiseConvolution_updateOutput";
  THNNConvPlan plan;
  const thcunn::DepthWise d =
      THNN_(SpatialDepthWiseConvolution_begin)(state, fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, &plan);
  const long planes = plan.nInputPlane * d.multiplier;
  THNN_(convCheckNumel)(fn, "bias", bias, planes, "nOutputPlane x nInputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "columns", columns);
  const char *const names[] = {"input", "output", "weight", "bias"};
  THCTensor *const tensors[] = {input, output, weight, bias};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THNN_(convResize)(state, output, &plan, planes, plan.outputHeight, plan.outputWidth);
  THNN_(convDirectOutput)(state, fn, plan.nImages * planes * d.positions(), thcunn::depthWiseOutputKernel<real>, d, input, weight, bias, output);
}

void THNN_(SpatialDepthWiseConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradInput, THCTensor *weight, THCTensor *gradColumns,
                                                        THCTensor *ones, int kW, int kH, int dW, int dH, int padW,
                                                        int padH) {
  const char *fn = "SpatialDepthWiseConvolution_updateGradInput";
  THNNConvPlan plan;
  const thcunn::DepthWise d =
      THNN_(SpatialDepthWiseConvolution_begin)(state, fn, input, weight, "weight", kW, kH, dW, dH, padW, padH, &plan);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNConv_checkDepthWiseGradOutput(fn, gradOutput->nDimension, gradOutput->size, &plan, d.multiplier);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "gradColumns", gradColumns);
  const char *const names[] = {"input", "gradOutput", "gradInput", "weight"};
  THCTensor *const tensors[] = {input, gradOutput, gradInput, weight};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THCTensor_(resizeAs)(state, gradInput, input);
  THNN_(convDirectGradInput)(state, fn, thcunn::depthWiseGradInputKernel<real>, d, gradOutput, weight, gradInput);
}

void THNN_(SpatialDepthWiseConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                          THCTensor *gradWeight, THCTensor *gradBias,
                                                          THCTensor *columns, THCTensor *ones, int kW, int kH, int dW,
                                                          int dH, int padW, int padH, accreal scale) {
  const char *fn = "SpatialDepthWiseConvolution_accGradParameters";
  THNNConvPlan plan;
  const thcunn::DepthWise d = THNN_(SpatialDepthWiseConvolution_begin)(state, fn, input, gradWeight, "gradWeight", kW,
                                                                       kH, dW, dH, padW, padH, &plan);
  const long planes = plan.nInputPlane * d.multiplier;
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, planes, "nOutputPlane x nInputPlane");
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNConv_checkDepthWiseGradOutput(fn, gradOutput->nDimension, gradOutput->size, &plan, d.multiplier);
  THNN_(checkNotNull)(fn, "columns", columns);
  const char *const names[] = {"input", "gradOutput", "gradWeight", "gradBias"};
  THCTensor *const tensors[] = {input, gradOutput, gradWeight, gradBias};
  THNN_(convCheckDevices)(state, fn, 4, names, tensors);

  THCTensor *in = THNN_(convContiguous)(state, input), *go = THNN_(convContiguous)(state, gradOutput);
  THCTensor *gw = THNN_(convContiguous)(state, gradWeight), *gb = THNN_(convContiguous)(state, gradBias);
  const long weights = planes * d.kernelSize();
  if (weights > 0) {
    thcunn::
        depthWiseGradParametersKernel<<<(unsigned)weights, thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
            d, THCTensor_(data)(state, in), THCTensor_(data)(state, go), plan.nImages, (real)scale,
            THCTensor_(data)(state, gw), THNN_(convData)(state, gb));
    THCudaCheckLaunch("depthWiseGradParameters");
  }
  THNN_(convWriteBack)(state, gradWeight, gw);
  THNN_(convWriteBack)(state, gradBias, gb);
  THNN_(convFree)(state, in);
  THNN_(convFree)(state, go);
}
