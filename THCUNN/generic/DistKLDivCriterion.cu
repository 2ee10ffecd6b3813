// Kullback-Leibler divergence of the log-probabilities x from the probabilities t: sum (or mean)
// of t (log t - x), terms with t <= 0 counting 0; the gradient -t where t > 0, else 0.
#include "CriterionCommon.cuh"

void THNN_(DistKLDivCriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                            bool sizeAverage) {
  THNN_(Criterion_check)(state, "DistKLDivCriterion_updateOutput", input, target, "output", output);
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage,
                       [] __device__(double x, double t) { return t > 0 ? t * (log(t) - x) : 0.0; });
}

void THNN_(DistKLDivCriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target,
                                               THCTensor *gradInput, bool sizeAverage) {
  THNN_(Criterion_check)(state, "DistKLDivCriterion_updateGradInput", input, target, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage,
                        [] __device__(double, double t) { return t > 0 ? -t : 0.0; });
}
