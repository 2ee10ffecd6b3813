// x above 0, alpha (e^x - 1) below (expm1: accurate near 0); the gradient from the output.
#include "generic/Pointwise.cuh"

void THNN_(ELU_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal alpha_, bool inplace) {
  THNN_(Pointwise_prepareOutput)(state, "ELU_updateOutput", input, output, inplace);
  const real alpha = (real)alpha_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real v = *x;
    *y = v > 0 ? v : alpha * expm1(v);
  });
}

// The slope is 1 above 0 and alpha e^x = output + alpha below.
void THNN_(ELU_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                THCTensor *output, accreal alpha_, bool inplace) {
  THNN_(Pointwise_prepareGradInput)(state, "ELU_updateGradInput", "output", output, gradOutput, gradInput, inplace);
  const real alpha = (real)alpha_;
  THC_pointwiseApply3(state, gradInput, gradOutput, output, [=] __device__(real *gi, const real *go, const real *y) {
    const real v = *y;
    *gi = v > 0 ? *go : *go * (v + alpha);
  });
}
