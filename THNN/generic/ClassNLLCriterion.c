#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ClassNLLCriterion.c"
#else

/* Negative log-likelihood of log-probabilities: input of nclasses (one sample) or N x nclasses,
 * target of 1 or N class numbers (1-based); a target equal to ignore_index (1-based as well, as
 * Torch7's nn.ClassNLLCriterion passed it) counts for nothing. The work is in ClassNLLCommon.c.
 * ClassNLL_(check) checks the arguments of both passes and gives nframe and nclasses. */
static void THNN_(ClassNLLCriterion_check)(const char *fn, THTensor *input, THIndexTensor *target,
                                           const char *resultName, THTensor *result, THTensor *weights,
                                           THTensor *total_weight, long ignore_index, long *nframe,
                                           long *nclasses) {
  THNN_(checkDims)(fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "total_weight", total_weight);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *nclasses = input->size[input->nDimension - 1];
  if (target->nDimension != 1 || target->size[0] != *nframe)
    THError("%s: target must be a 1D tensor of %ld element%s (one per sample of input %s), got size %s", fn,
            *nframe, *nframe == 1 ? "" : "s", THTensor_(sizeDesc)(input).str, THIndexTensor_(sizeDesc)(target).str);
  THNN_(ClassNLL_checkTargets)(fn, target, *nclasses, true, ignore_index, weights);
}

void THNN_(ClassNLLCriterion_updateOutput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                           THTensor *output, bool sizeAverage, THTensor *weights,
                                           THTensor *total_weight, long ignore_index) {
  long nframe, nclasses;
  THNN_(ClassNLLCriterion_check)("ClassNLLCriterion_updateOutput", input, target, "output", output, weights,
                                 total_weight, ignore_index, &nframe, &nclasses);
  THNN_(ClassNLL_forward)(input, target, output, weights, total_weight, nframe, nclasses, 1, sizeAverage, true,
                          ignore_index);
}

void THNN_(ClassNLLCriterion_updateGradInput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                              THTensor *gradInput, bool sizeAverage, THTensor *weights,
                                              THTensor *total_weight, long ignore_index) {
  const char *fn = "ClassNLLCriterion_updateGradInput";
  long nframe, nclasses;
  THNN_(ClassNLLCriterion_check)(fn, input, target, "gradInput", gradInput, weights, total_weight, ignore_index,
                                 &nframe, &nclasses);
  THNN_(ClassNLL_backward)(fn, input, target, gradInput, weights, total_weight, nframe, nclasses, 1, sizeAverage, true,
                           ignore_index);
}

#endif
