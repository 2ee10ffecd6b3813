// Multi-class hinge loss. input: dim scores (one sample) or N x dim; target: one class number per
// sample (1-based). Per sample with target y: sum over i != y of w[y] max(0, margin - x[y] + x[i])^p
// (p 1 or 2; w the optional per-class weights), divided by dim; summed over samples, and divided by
// N with sizeAverage. Device code in THCUNN/MultiMarginCriterion.cuh.
#include "CriterionCommon.cuh"

static void THNN_(MultiMarginCriterion_check)(THCState *state, const char *fn, THCTensor *input,
                                              THCudaLongTensor *target, const char *resultName, THCTensor *result,
                                              int p, THCTensor *weights, long *nframe, long *dim) {
  THNN_(checkDims)(state, fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  if (p != 1 && p != 2) THError("%s: p must be 1 or 2, got %d", fn, p);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  if (THCudaLongTensor_nElement(state, target) != *nframe || THCudaLongTensor_nDimension(state, target) > 1)
    THError("%s: target must be a 1D tensor of %ld element%s (one per sample of input %s), got size %s", fn,
            *nframe, *nframe == 1 ? "" : "s", THCTensor_(sizeDesc)(state, input).str,
            THCudaLongTensor_sizeDesc(state, target).str);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, resultName, result);
  THNN_(ClassNLL_checkTargets)(state, fn, target, *dim, false, 0, weights);
}

// Contiguous copies of input, target and weights, freed by MultiMargin_free.
static thcunn::MultiMargin<real> THNN_(MultiMargin_view)(THCState *state, THCTensor **input,
                                                          THCudaLongTensor **target, THCTensor **weights, long dim,
                                                          int p, accreal margin) {
  *input = THCTensor_(newContiguous)(state, *input);
  *target = THCudaLongTensor_newContiguous(state, *target);
  *weights = *weights ? THCTensor_(newContiguous)(state, *weights) : NULL;
  return {THCTensor_(data)(state, *input), THCudaLongTensor_data(state, *target),
          *weights ? THCTensor_(data)(state, *weights) : nullptr, dim, p, (double)margin};
}

static void THNN_(MultiMargin_free)(THCState *state, THCTensor *input, THCudaLongTensor *target, THCTensor *weights) {
  THCTensor_(free)(state, input);
  THCudaLongTensor_free(state, target);
  if (weights) THCTensor_(free)(state, weights);
}

void THNN_(MultiMarginCriterion_updateOutput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                              THCTensor *output, bool sizeAverage, int p, THCTensor *weights,
                                              accreal margin) {
  long nframe, dim;
  THNN_(MultiMarginCriterion_check)(state, "MultiMarginCriterion_updateOutput", input, target, "output", output, p,
                                    weights, &nframe, &dim);
  thcunn::MultiMargin<real> m = THNN_(MultiMargin_view)(state, &input, &target, &weights, dim, p, margin);
  THCTensor_(resize1d)(state, output, 1);
  thcunn::sumTerms<double>(state, nframe * dim, thcunn::MultiMarginTerm<real>{m},
                           thcunn::WriteSum<real>{THCTensor_(data)(state, output), (double)dim,
                                                  sizeAverage ? (double)nframe : 1.0});
  THNN_(MultiMargin_free)(state, input, target, weights);
}

void THNN_(MultiMarginCriterion_updateGradInput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                                 THCTensor *gradInput, bool sizeAverage, int p, THCTensor *weights,
                                                 accreal margin) {
  long nframe, dim;
  THNN_(MultiMarginCriterion_check)(state, "MultiMarginCriterion_updateGradInput", input, target, "gradInput",
                                    gradInput, p, weights, &nframe, &dim);
  THCTensor_(resizeAs)(state, gradInput, input);
  thcunn::MultiMargin<real> m = THNN_(MultiMargin_view)(state, &input, &target, &weights, dim, p, margin);
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  const double g = 1 / (double)dim / (sizeAverage ? nframe : 1);
  if (nframe > 0) {
    cudaStream_t stream = THCState_getCurrentStream(state);
    thcunn::multiMarginGradKernel<<<thcunn::rowBlocks(nframe), thcunn::kSumThreads, 0, stream>>>(
        m, THCTensor_(data)(state, gi), nframe, g);
    THCudaCheckLaunch("multiMarginGradKernel");
  }
  THCTensor_(freeCopyTo)(state, gi, gradInput);
  THNN_(MultiMargin_free)(state, input, target, weights);
}
