// ClassNLLCriterion at every pixel: input N x C x H x W log-probabilities, target N x H x W class
// numbers in [1, C]; the loss sums (or, with sizeAverage, averages by total weight) over all
// pixels. No ignore_index in this legacy interface. The work is in generic/CriterionCommon.cuh.
#include "CriterionCommon.cuh"
#include "THNNClassNLLShape.h"

static void THNN_(SpatialClassNLLCriterion_check)(THCState *state, const char *fn, THCTensor *input,
                                                  THCudaLongTensor *target, const char *resultName,
                                                  THCTensor *result, THCTensor *weights, THCTensor *total_weight) {
  THNN_(checkDims)(state, fn, "input", input, 4, 4);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "total_weight", total_weight);
  THNNClassNLL_checkSpatialTarget(fn, input->nDimension, input->size, target->nDimension, target->size);
  THNN_(ClassNLL_checkDevices)(state, fn, input, resultName, result, total_weight);
  THNN_(ClassNLL_checkTargets)(state, fn, target, input->size[1], false, 0, weights);
}

void THNN_(SpatialClassNLLCriterion_updateOutput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                                  THCTensor *output, bool sizeAverage, THCTensor *weights,
                                                  THCTensor *total_weight) {
  THNN_(SpatialClassNLLCriterion_check)(state, "SpatialClassNLLCriterion_updateOutput", input, target, "output",
                                        output, weights, total_weight);
  THNN_(ClassNLL_forward)(state, input, target, output, weights, total_weight, input->size[0], input->size[1],
                          input->size[2] * input->size[3], sizeAverage, false, 0);
}

void THNN_(SpatialClassNLLCriterion_updateGradInput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                                     THCTensor *gradInput, bool sizeAverage, THCTensor *weights,
                                                     THCTensor *total_weight) {
  const char *fn = "SpatialClassNLLCriterion_updateGradInput";
  THNN_(SpatialClassNLLCriterion_check)(state, fn, input, target, "gradInput", gradInput, weights, total_weight);
  THNN_(ClassNLL_backward)(state, fn, input, target, gradInput, weights, total_weight, input->size[0],
                           input->size[1], input->size[2] * input->size[3], sizeAverage, false, 0);
}
