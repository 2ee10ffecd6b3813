// 1 / (1 + e^-x); the gradient from the output, y (1 - y) (`input` is not read).
#include "generic/Pointwise.cuh"

void THNN_(Sigmoid_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(Pointwise_prepareOutput)(state, "Sigmoid_updateOutput", input, output, false);
  THC_pointwiseApply2(state, output, input, [] __device__(real *y, const real *x) { *y = 1 / (1 + exp(-*x)); });
}

void THNN_(Sigmoid_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                    THCTensor *output) {
  THNN_(Pointwise_prepareGradInput)(state, "Sigmoid_updateGradInput", "output", output, gradOutput, gradInput, false);
  THC_pointwiseApply3(state, gradInput, gradOutput, output, [] __device__(real *gi, const real *go, const real *y) {
    const real v = *y;
    *gi = *go * (1 - v) * v;
  });
}
