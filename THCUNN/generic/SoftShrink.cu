// x moved lambda towards 0, and 0 where |x| <= lambda.
#include "generic/Pointwise.cuh"

void THNN_(SoftShrink_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal lambda_) {
  THNN_(Pointwise_prepareOutput)(state, "SoftShrink_updateOutput", input, output, false);
  const real lambda = (real)lambda_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real v = *x;
    *y = v > lambda ? v - lambda : (v < -lambda ? v + lambda : 0);
  });
}

void THNN_(SoftShrink_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                       THCTensor *gradInput, accreal lambda_) {
  THNN_(Pointwise_prepareGradInput)(state, "SoftShrink_updateGradInput", "input", input, gradOutput, gradInput,
                                    false);
  const real lambda = (real)lambda_;
  THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
    const real v = *x;
    *gi = (v > lambda || v < -lambda) ? *go : 0;
  });
}
