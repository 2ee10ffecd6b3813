// x^2, and the gradient 2 x gradOutput.
#include "generic/Pointwise.cuh"

void THNN_(Square_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(Pointwise_prepareOutput)(state, "Square_updateOutput", input, output, false);
  THC_pointwiseApply2(state, output, input, [] __device__(real *y, const real *x) { *y = *x * *x; });
}

void THNN_(Square_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput) {
  THNN_(Pointwise_prepareGradInput)(state, "Square_updateGradInput", "input", input, gradOutput, gradInput, false);
  THC_pointwiseApply3(state, gradInput, gradOutput, input,
                      [] __device__(real *gi, const real *go, const real *x) { *gi = 2 * *x * *go; });
}
