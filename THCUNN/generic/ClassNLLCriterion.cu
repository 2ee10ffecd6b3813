// Negative log-likelihood of log-probabilities: input of nclasses (one sample) or N x nclasses,
// target of 1 or N class numbers (1-based); a target equal to ignore_index (1-based as well)
// counts for nothing. The work is in generic/CriterionCommon.cuh (ClassNLL_forward/backward).
#include "CriterionCommon.cuh"

// Checks the arguments of both passes (THNN's order and messages) and gives nframe and nclasses.
static void THNN_(ClassNLLCriterion_check)(THCState *state, const char *fn, THCTensor *input,
                                           THCudaLongTensor *target, const char *resultName, THCTensor *result,
                                           THCTensor *weights, THCTensor *total_weight, long ignore_index,
                                           long *nframe, long *nclasses) {
  THNN_(checkDims)(state, fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "total_weight", total_weight);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *nclasses = input->size[input->nDimension - 1];
  if (target->nDimension != 1 || target->size[0] != *nframe)
    THError("%s: target must be a 1D tensor of %ld element%s (one per sample of input %s), got size %s", fn,
            *nframe, *nframe == 1 ? "" : "s", THCTensor_(sizeDesc)(state, input).str,
            THCudaLongTensor_sizeDesc(state, target).str);
  THNN_(ClassNLL_checkDevices)(state, fn, input, resultName, result, total_weight);
  THNN_(ClassNLL_checkTargets)(state, fn, target, *nclasses, true, ignore_index, weights);
}

void THNN_(ClassNLLCriterion_updateOutput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                           THCTensor *output, bool sizeAverage, THCTensor *weights,
                                           THCTensor *total_weight, long ignore_index) {
  long nframe, nclasses;
  THNN_(ClassNLLCriterion_check)(state, "ClassNLLCriterion_updateOutput", input, target, "output", output, weights,
                                 total_weight, ignore_index, &nframe, &nclasses);
  THNN_(ClassNLL_forward)(state, input, target, output, weights, total_weight, nframe, nclasses, 1, sizeAverage,
                          true, ignore_index);
}

void THNN_(ClassNLLCriterion_updateGradInput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                              THCTensor *gradInput, bool sizeAverage, THCTensor *weights,
                                              THCTensor *total_weight, long ignore_index) {
  const char *fn = "ClassNLLCriterion_updateGradInput";
  long nframe, nclasses;
  THNN_(ClassNLLCriterion_check)(state, fn, input, target, "gradInput", gradInput, weights, total_weight,
                                 ignore_index, &nframe, &nclasses);
  THNN_(ClassNLL_backward)(state, fn, input, target, gradInput, weights, total_weight, nframe, nclasses, 1,
                           sizeAverage, true, ignore_index);
}
