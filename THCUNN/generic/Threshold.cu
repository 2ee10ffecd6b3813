// val where x <= threshold, x elsewhere (ReLU is Threshold(0, 0)); NaN passes through. In place,
// `input` holds the output; for val <= threshold that masks the same elements.
#include "generic/Pointwise.cuh"

void THNN_(Threshold_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal threshold_,
                                   accreal val_, bool inplace) {
  THNN_(Pointwise_prepareOutput)(state, "Threshold_updateOutput", input, output, inplace);
  const real threshold = (real)threshold_, val = (real)val_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real v = *x;
    *y = v <= threshold ? val : v;
  });
}

void THNN_(Threshold_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                      THCTensor *gradInput, accreal threshold_, accreal val_, bool inplace) {
  THNN_(Pointwise_prepareGradInput)(state, "Threshold_updateGradInput", "input", input, gradOutput, gradInput,
                                    inplace);
  const real threshold = (real)threshold_;
  THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
    *gi = *x <= threshold ? 0 : *go;
  });
}
