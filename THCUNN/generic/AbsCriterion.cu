// Sum (or mean, with sizeAverage) of |x - t|; the gradient sign(x - t), +1 where x == t (as THNN).
#include "CriterionCommon.cuh"

void THNN_(AbsCriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                      bool sizeAverage) {
  THNN_(Criterion_check)(state, "AbsCriterion_updateOutput", input, target, "output", output);
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage,
                       [] __device__(double x, double t) { return fabs(x - t); });
}

void THNN_(AbsCriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *gradInput,
                                         bool sizeAverage) {
  THNN_(Criterion_check)(state, "AbsCriterion_updateGradInput", input, target, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage,
                        [] __device__(double x, double t) { return x - t >= 0 ? 1.0 : -1.0; });
}
