// Hinge loss for targets t of +1 or -1: sum (or mean) of max(0, margin - t x); the gradient -t
// where the margin is not met, else 0.
#include "CriterionCommon.cuh"

void THNN_(MarginCriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                         bool sizeAverage, accreal margin) {
  THNN_(Criterion_check)(state, "MarginCriterion_updateOutput", input, target, "output", output);
  double m = margin;
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage,
                       [m] __device__(double x, double t) { return m - t * x > 0 ? m - t * x : 0.0; });
}

void THNN_(MarginCriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target,
                                            THCTensor *gradInput, bool sizeAverage, accreal margin) {
  THNN_(Criterion_check)(state, "MarginCriterion_updateGradInput", input, target, "gradInput", gradInput);
  double m = margin;
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage,
                        [m] __device__(double x, double t) { return m - t * x > 0 ? -t : 0.0; });
}
