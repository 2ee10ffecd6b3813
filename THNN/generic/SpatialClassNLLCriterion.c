#include "THNNClassNLLShape.h"

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialClassNLLCriterion.c"
#else

/* ClassNLLCriterion at every pixel: input N x C x H x W log-probabilities, target N x H x W class
 * numbers in [1, C]; the loss sums (or, with sizeAverage, averages by total weight) over all
 * pixels. No ignore_index in this legacy interface. The work is in ClassNLLCommon.c. */
static void THNN_(SpatialClassNLLCriterion_check)(const char *fn, THTensor *input, THIndexTensor *target,
                                                  const char *resultName, THTensor *result, THTensor *weights,
                                                  THTensor *total_weight) {
  THNN_(checkDims)(fn, "input", input, 4, 4);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "total_weight", total_weight);
  THNNClassNLL_checkSpatialTarget(fn, input->nDimension, input->size, target->nDimension, target->size);
  THNN_(ClassNLL_checkTargets)(fn, target, input->size[1], false, 0, weights);
}

void THNN_(SpatialClassNLLCriterion_updateOutput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                                  THTensor *output, bool sizeAverage, THTensor *weights,
                                                  THTensor *total_weight) {
  THNN_(SpatialClassNLLCriterion_check)("SpatialClassNLLCriterion_updateOutput", input, target, "output", output,
                                        weights, total_weight);
  THNN_(ClassNLL_forward)(input, target, output, weights, total_weight, input->size[0], input->size[1],
                          input->size[2] * input->size[3], sizeAverage, false, 0);
}

void THNN_(SpatialClassNLLCriterion_updateGradInput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                                     THTensor *gradInput, bool sizeAverage, THTensor *weights,
                                                     THTensor *total_weight) {
  const char *fn = "SpatialClassNLLCriterion_updateGradInput";
  THNN_(SpatialClassNLLCriterion_check)(fn, input, target, "gradInput", gradInput, weights, total_weight);
  THNN_(ClassNLL_backward)(fn, input, target, gradInput, weights, total_weight, input->size[0], input->size[1],
                           input->size[2] * input->size[3], sizeAverage, false, 0);
}

#endif
