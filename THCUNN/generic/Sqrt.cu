// sqrt(x + eps) (eps added, as THNN does); the gradient from the output, 1 / (2 y), taken as 0 where
// the output is 0 (`input` is not read).
#include "generic/Pointwise.cuh"

void THNN_(Sqrt_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal eps_) {
  THNN_(Pointwise_prepareOutput)(state, "Sqrt_updateOutput", input, output, false);
  const real eps = (real)eps_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) { *y = sqrt(*x + eps); });
}

void THNN_(Sqrt_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                 THCTensor *output) {
  THNN_(Pointwise_prepareGradInput)(state, "Sqrt_updateGradInput", "output", output, gradOutput, gradInput, false);
  THC_pointwiseApply3(state, gradInput, gradOutput, output, [] __device__(real *gi, const real *go, const real *y) {
    *gi = *y == 0 ? 0 : (real)0.5 * *go / *y;
  });
}
