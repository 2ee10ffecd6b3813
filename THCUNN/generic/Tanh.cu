// tanh(x); the gradient from the output, 1 - y^2 (`input` is not read).
#include "generic/Pointwise.cuh"

void THNN_(Tanh_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(Pointwise_prepareOutput)(state, "Tanh_updateOutput", input, output, false);
  THC_pointwiseApply2(state, output, input, [] __device__(real *y, const real *x) { *y = tanh(*x); });
}

void THNN_(Tanh_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                 THCTensor *output) {
  THNN_(Pointwise_prepareGradInput)(state, "Tanh_updateGradInput", "output", output, gradOutput, gradInput, false);
  THC_pointwiseApply3(state, gradInput, gradOutput, output, [] __device__(real *gi, const real *go, const real *y) {
    const real v = *y;
    *gi = *go * (1 - v * v);
  });
}
