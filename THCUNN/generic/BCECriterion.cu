// Binary cross-entropy of probabilities x for targets t, optionally weighted element by element:
// sum (or mean) of -w (t log x + (1 - t) log(1 - x)), each log clamped to >= -100 as THNN does
// (PyTorch 1.13's choice); the gradient w (x - t) / max(x (1 - x), 1e-12).
#include "CriterionCommon.cuh"

// Checks the arguments, then that every probability is in [0, 1] (THNN's error, naming the first
// that is not: the one check here that reads the device's values back).
static void THNN_(BCECriterion_check)(THCState *state, const char *fn, THCTensor *input, THCTensor *target,
                                      THCTensor *weights, const char *resultName, THCTensor *result) {
  THNN_(Criterion_check)(state, fn, input, target, resultName, result);
  if (weights) THNN_(checkSameNumel)(state, fn, "weights", weights, "input", input);
  THNN_(checkDevice)(state, fn, "weights", weights);
  auto notProbability = [] __host__ __device__(real x) { return !(x >= 0 && x <= 1); };
  if (!THC_pointwiseAny(state, input, notProbability)) return;
  THCTensor *flat = THCTensor_(newContiguous)(state, input);
  real value = 0;
  long at = thcunn::firstOnHost(state, THCTensor_(data)(state, flat), (long)THCTensor_(nElement)(state, flat),
                                notProbability, &value);
  THCTensor_(free)(state, flat);
  THError("%s: input must hold probabilities in [0, 1], got %g at position %td", fn, (double)value,
          (ptrdiff_t)(at + TH_INDEX_BASE));
}

void THNN_(BCECriterion_updateOutput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *output,
                                      bool sizeAverage, THCTensor *weights) {
  THNN_(BCECriterion_check)(state, "BCECriterion_updateOutput", input, target, weights, "output", output);
  THNN_(Criterion_sum)(state, input, target, weights, output, sizeAverage, [] __device__(double x, double t) {
    return -(t * fmax(log(x), -100.0) + (1 - t) * fmax(log(1 - x), -100.0));
  });
}

void THNN_(BCECriterion_updateGradInput)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *gradInput,
                                         bool sizeAverage, THCTensor *weights) {
  THNN_(BCECriterion_check)(state, "BCECriterion_updateGradInput", input, target, weights, "gradInput", gradInput);
  THNN_(Criterion_grad)(state, input, target, gradInput, sizeAverage,
                        [] __device__(double x, double t) { return (x - t) / fmax(x * (1 - x), 1e-12); });
  // The weights multiply the rounded gradient in real, as THNN's second pass does.
  if (weights) THC_pointwiseApply2(state, gradInput, weights, [] __device__(real *gi, const real *w) { *gi *= *w; });
}
