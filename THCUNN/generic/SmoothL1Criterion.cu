// Sum (or mean) of the Huber loss with threshold 1: (x - t)^2 / 2 where |x - t| < 1, |x - t| - 1/2
// elsewhere; the gradient x - t clamped to [-1, 1].
#include "CriterionCommon.cuh"

void THNN_(SmoothL1Criterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                           bool sizeAverage) {
  THNN_(Criterion_check)(state, "SmoothL1Criterion_updateOutput", input, target, "output", output);
  THNN_(Criterion_sum)(state, input, target, NULL, output, sizeAverage, [] __device__(double x, double t) {
    double d = fabs(x - t);
    return d < 1 ? 0.5 * d * d : d - 0.5;
  });
}

void THNN_(SmoothL1Criterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target,
                                              THCTensor *gradInput, bool sizeAverage) {
  THNN_(Criterion_check)(state, "SmoothL1Criterion_updateGradInput", input, target, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage, [] __device__(double x, double t) {
    double d = x - t;
    return d < -1 ? -1.0 : d > 1 ? 1.0 : d;  // comparisons, not fmin/fmax: NaN stays NaN as on the CPU
  });
}
