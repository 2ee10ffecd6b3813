// Multi-class multi-label hinge loss. input: dim scores (one sample) or N x dim; target of the same
// size: each row lists its sample's target classes (1-based), ended by the first 0. Per sample: sum
// over target classes j and non-target classes i of max(0, 1 - (x[j] - x[i])), divided by dim;
// summed over samples, and divided by N with sizeAverage. isTarget (resized like input) is set to 1
// at each sample's target classes, 0 elsewhere; both passes rebuild it from target, as THNN does.
// Device code in THCUNN/MultiLabelMarginCriterion.cuh.
#include "CriterionCommon.cuh"

static void THNN_(MultiLabelMarginCriterion_check)(THCState *state, const char *fn, THCTensor *input,
                                                   THCudaLongTensor *target, const char *resultName,
                                                   THCTensor *result, THCTensor *isTarget, long *nframe, long *dim) {
  THNN_(checkDims)(state, fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "isTarget", isTarget);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  if (THCudaLongTensor_nDimension(state, target) != input->nDimension ||
      THCudaLongTensor_nElement(state, target) != *nframe * *dim)
    THError("%s: target must have the size of input %s, got size %s", fn, THCTensor_(sizeDesc)(state, input).str,
            THCudaLongTensor_sizeDesc(state, target).str);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, resultName, result);
  THNN_(checkDevice)(state, fn, "isTarget", isTarget);
  thcunn::checkIndexDevice(state, fn, "target", target);
  thcunn::checkIndexRange(state, fn, "target", target, TH_INDEX_BASE - 1, *dim - 1 + TH_INDEX_BASE, false, 0);
}

// Contiguous copies of input and target, and *marks: isTarget (resized like input, or a contiguous
// stand-in) filled in. MultiLabel_finish frees the copies and writes the marks back.
static thcunn::MultiLabel<real> THNN_(MultiLabel_prepare)(THCState *state, THCTensor **input,
                                                           THCudaLongTensor **target, THCTensor *isTarget,
                                                           THCTensor **marks, long nframe, long dim) {
  THCTensor_(resizeAs)(state, isTarget, *input);
  *input = THCTensor_(newContiguous)(state, *input);
  *target = THCudaLongTensor_newContiguous(state, *target);
  *marks = THCTensor_(newContiguous)(state, isTarget);
  if (nframe > 0) {
    cudaStream_t stream = THCState_getCurrentStream(state);
    thcunn::markTargetsKernel<<<thcunn::rowBlocks(nframe), thcunn::kSumThreads, 0, stream>>>(
        THCTensor_(data)(state, *marks), THCudaLongTensor_data(state, *target), nframe, dim);
    THCudaCheckLaunch("markTargetsKernel");
  }
  return {THCTensor_(data)(state, *input), THCudaLongTensor_data(state, *target), THCTensor_(data)(state, *marks),
          dim};
}

static void THNN_(MultiLabel_finish)(THCState *state, THCTensor *input, THCudaLongTensor *target, THCTensor *marks,
                                     THCTensor *isTarget) {
  THCTensor_(freeCopyTo)(state, marks, isTarget);
  THCTensor_(free)(state, input);
  THCudaLongTensor_free(state, target);
}

void THNN_(MultiLabelMarginCriterion_updateOutput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                                   THCTensor *output, THCTensor *isTarget, bool sizeAverage) {
  long nframe, dim;
  THNN_(MultiLabelMarginCriterion_check)(state, "MultiLabelMarginCriterion_updateOutput", input, target, "output",
                                         output, isTarget, &nframe, &dim);
  THCTensor *marks;
  thcunn::MultiLabel<real> m = THNN_(MultiLabel_prepare)(state, &input, &target, isTarget, &marks, nframe, dim);
  THCTensor_(resize1d)(state, output, 1);
  thcunn::sumTerms<double>(state, nframe * dim, thcunn::MultiLabelTerm<real>{m},
                           thcunn::WriteSum<real>{THCTensor_(data)(state, output), (double)dim,
                                                  sizeAverage ? (double)nframe : 1.0});
  THNN_(MultiLabel_finish)(state, input, target, marks, isTarget);
}

void THNN_(MultiLabelMarginCriterion_updateGradInput)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                                      THCTensor *gradInput, THCTensor *isTarget, bool sizeAverage) {
  long nframe, dim;
  THNN_(MultiLabelMarginCriterion_check)(state, "MultiLabelMarginCriterion_updateGradInput", input, target,
                                         "gradInput", gradInput, isTarget, &nframe, &dim);
  THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *marks;
  thcunn::MultiLabel<real> m = THNN_(MultiLabel_prepare)(state, &input, &target, isTarget, &marks, nframe, dim);
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  const double g = 1 / (double)dim / (sizeAverage ? nframe : 1);
  thcunn::forEachIndex(state, nframe * dim, thcunn::MultiLabelGrad<real>{m, THCTensor_(data)(state, gi), g});
  THCTensor_(freeCopyTo)(state, gi, gradInput);
  THNN_(MultiLabel_finish)(state, input, target, marks, isTarget);
}
