// x above 0, negval * x at and below. In place, `input` holds the output, whose sign is the input's
// for a positive negval.
#include "generic/Pointwise.cuh"

void THNN_(LeakyReLU_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal negval_,
                                   bool inplace) {
  THNN_(Pointwise_prepareOutput)(state, "LeakyReLU_updateOutput", input, output, inplace);
  const real negval = (real)negval_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real v = *x;
    *y = v > 0 ? v : v * negval;
  });
}

void THNN_(LeakyReLU_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                      THCTensor *gradInput, accreal negval_, bool inplace) {
  THNN_(Pointwise_prepareGradInput)(state, "LeakyReLU_updateGradInput", "input", input, gradOutput, gradInput,
                                    inplace);
  const real negval = (real)negval_;
  THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
    *gi = *x > 0 ? *go : *go * negval;
  });
}
