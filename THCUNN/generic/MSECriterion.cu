// Sum (or mean) of (x - t)^2; the gradient 2 (x - t).
#include "CriterionCommon.cuh"

void THNN_(MSECriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                      bool sizeAverage) {
  THNN_(Criterion_check)(state, "MSECriterion_updateOutput", input, target, "output", output);
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage,
                       [] __device__(double x, double t) { return (x - t) * (x - t); });
}

void THNN_(MSECriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *gradInput,
                                         bool sizeAverage) {
  THNN_(Criterion_check)(state, "MSECriterion_updateGradInput", input, target, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage,
                        [] __device__(double x, double t) { return 2 * (x - t); });
}
