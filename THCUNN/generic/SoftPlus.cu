// log(1 + e^(beta x)) / beta, and x itself where beta x > threshold; log(1 + e^z) is taken as
// max(z, 0) + log1p(e^-|z|), which cannot overflow. The slope sigmoid(beta x) comes from the input
// (`output` is not read), as THNN.
#include "generic/Pointwise.cuh"

void THNN_(SoftPlus_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal beta_,
                                  accreal threshold_) {
  THNN_(Pointwise_prepareOutput)(state, "SoftPlus_updateOutput", input, output, false);
  const real beta = (real)beta_, threshold = (real)threshold_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real z = beta * *x;
    *y = z > threshold ? *x : ((z > 0 ? z : 0) + log1p(exp(-fabs(z)))) / beta;
  });
}

void THNN_(SoftPlus_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                     THCTensor *output, accreal beta_, accreal threshold_) {
  THNN_(Pointwise_prepareGradInput)(state, "SoftPlus_updateGradInput", "input", input, gradOutput, gradInput, false);
  const real beta = (real)beta_, threshold = (real)threshold_;
  THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
    const real z = beta * *x, e = exp(-fabs(z));
    *gi = z > threshold ? *go : *go * (z >= 0 ? 1 : e) / (1 + e);
  });
}
