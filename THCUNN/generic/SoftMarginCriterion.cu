// Sum (or mean) of log(1 + e^(-t x)) for targets t of +1 or -1, written so that no exponential
// overflows: max(-t x, 0) + log1p(e^-|t x|); the gradient -t sigmoid(-t x) likewise.
#include "CriterionCommon.cuh"

void THNN_(SoftMarginCriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target,
                                             THCTensor *output, bool sizeAverage) {
  THNN_(Criterion_check)(state, "SoftMarginCriterion_updateOutput", input, target, "output", output);
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage, [] __device__(double x, double t) {
    double z = -t * x;
    return (z > 0 ? z : 0) + log1p(exp(-fabs(z)));
  });
}

void THNN_(SoftMarginCriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target,
                                                THCTensor *gradInput, bool sizeAverage) {
  THNN_(Criterion_check)(state, "SoftMarginCriterion_updateGradInput", input, target, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage, [] __device__(double x, double t) {
    double z = t * x;
    return -t * (z > 0 ? exp(-z) : 1.0) / (1 + exp(-fabs(z)));
  });
}
