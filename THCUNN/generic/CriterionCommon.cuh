// The criteria's per-type wrappers, included by each criterion's generic file (so once per type:
// no include guard). THNN's counterparts are in THNN/generic/Pointwise.c and ClassNLLCommon.c;
// the messages are theirs. The device code is in THCUNN/Criteria.cuh.
#include "Criteria.cuh"

// An element-wise criterion's input and target (as many elements, at least one) and its result.
static inline void THNN_(Criterion_check)(THCState *state, const char *fn, THCTensor *input, THCTensor *target,
                                          const char *resultName, THCTensor *result) {
  THNN_(checkSameNumel)(state, fn, "target", target, "input", input);
  if (THCTensor_(nElement)(state, input) == 0) THError("%s: input must not be empty", fn);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "target", target);
  THNN_(checkDevice)(state, fn, resultName, result);
}

// output (one element) = the sum of term(x, t) over input and target paired in row-major order,
// each term times its weight when weights is not NULL, divided by the element count when
// sizeAverage. term: a __device__ double(double x, double t).
template <typename Term>
static inline void THNN_(Criterion_sum)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *weights,
                                        THCTensor *output, bool sizeAverage, const Term &term) {
  long n = (long)THCTensor_(nElement)(state, input);
  THCTensor *x = THCTensor_(newContiguous)(state, input);
  THCTensor *t = THCTensor_(newContiguous)(state, target);
  THCTensor *w = weights ? THCTensor_(newContiguous)(state, weights) : NULL;
  THCTensor_(resize1d)(state, output, 1);
  thcunn::PairTerm<real, Term> sum{THCTensor_(data)(state, x), THCTensor_(data)(state, t),
                                   w ? THCTensor_(data)(state, w) : nullptr, term};
  thcunn::sumTerms<double>(state, n, sum, thcunn::WriteSum<real>{THCTensor_(data)(state, output), 1.0,
                                                                 sizeAverage ? (double)n : 1.0});
  THCTensor_(free)(state, x);
  THCTensor_(free)(state, t);
  if (w) THCTensor_(free)(state, w);
}

// gradInput (resized like input) = grad(x, t), divided by the element count when sizeAverage.
// grad: a __device__ double(double x, double t).
template <typename Grad>
static inline void THNN_(Criterion_grad)(THCState *state, THCTensor *input, THCTensor *target, THCTensor *gradInput,
                                         bool sizeAverage, const Grad &grad) {
  double norm = sizeAverage ? 1.0 / (double)THCTensor_(nElement)(state, input) : 1.0;
  THCTensor_(resizeAs)(state, gradInput, input);
  THC_pointwiseApply3(state, gradInput, input, target, thcunn::PairGrad<real, Grad>{grad, norm});
}

// The class targets of ClassNLL, SpatialClassNLL and MultiMargin: weights (when given) one per
// class, target on the device and within [1, nclasses] (ignore_index aside when hasIgnore).
static inline void THNN_(ClassNLL_checkTargets)(THCState *state, const char *fn, THCudaLongTensor *target,
                                                long nclasses, bool hasIgnore, long ignore_index, THCTensor *weights) {
  if (weights && THCTensor_(nElement)(state, weights) != nclasses)
    THError("%s: weights must have one element per class (%ld) or be NULL, got size %s", fn, nclasses,
            THCTensor_(sizeDesc)(state, weights).str);
  THNN_(checkDevice)(state, fn, "weights", weights);
  thcunn::checkIndexDevice(state, fn, "target", target);
  thcunn::checkIndexRange(state, fn, "target", target, TH_INDEX_BASE, nclasses - 1 + TH_INDEX_BASE, hasIgnore,
                          ignore_index);
}

// The NLL criteria's checks shared by both passes (after their own shape checks): the tensors
// that must be there, on the current device.
static inline void THNN_(ClassNLL_checkDevices)(THCState *state, const char *fn, THCTensor *input,
                                                const char *resultName, THCTensor *result, THCTensor *total_weight) {
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, resultName, result);
  THNN_(checkDevice)(state, fn, "total_weight", total_weight);
}

// input nframe x nclasses x inner, target nframe x inner (checked): output and total_weight
// (one element each) as THNN's ClassNLL_forward sets them.
static inline void THNN_(ClassNLL_forward)(THCState *state, THCTensor *input, THCudaLongTensor *target,
                                           THCTensor *output, THCTensor *weights, THCTensor *total_weight,
                                           long nframe, long nclasses, long inner, bool sizeAverage, bool hasIgnore,
                                           long ignore_index) {
  THCTensor *x = THCTensor_(newContiguous)(state, input);
  THCudaLongTensor *t = THCudaLongTensor_newContiguous(state, target);
  THCTensor *w = weights ? THCTensor_(newContiguous)(state, weights) : NULL;
  THCTensor_(resize1d)(state, output, 1);
  THCTensor_(resize1d)(state, total_weight, 1);
  thcunn::NLLTargets<real> at{THCudaLongTensor_data(state, t), w ? THCTensor_(data)(state, w) : nullptr, nclasses,
                              inner, hasIgnore, ignore_index};
  thcunn::sumTerms<thcunn::LossAndWeight>(
      state, nframe * inner, thcunn::NLLTerm<real>{at, THCTensor_(data)(state, x)},
      thcunn::WriteNLL<real>{THCTensor_(data)(state, output), THCTensor_(data)(state, total_weight), sizeAverage});
  THCTensor_(free)(state, x);
  THCudaLongTensor_free(state, t);
  if (w) THCTensor_(free)(state, w);
}

// As THNN's ClassNLL_backward: gradInput is resized and zeroed only when it is not input's size
// (Torch7's callers zero it), then set at every counted target; total_weight is read on the device.
static inline void THNN_(ClassNLL_backward)(THCState *state, const char *fn, THCTensor *input,
                                            THCudaLongTensor *target, THCTensor *gradInput, THCTensor *weights,
                                            THCTensor *total_weight, long nframe, long nclasses, long inner,
                                            bool sizeAverage, bool hasIgnore, long ignore_index) {
  if (THCTensor_(nElement)(state, total_weight) != 1)
    THError("%s: total_weight must hold one element (as left by updateOutput), got size %s", fn,
            THCTensor_(sizeDesc)(state, total_weight).str);
  if (!THCTensor_(isSameSizeAs)(state, gradInput, input)) {
    THCTensor_(resizeAs)(state, gradInput, input);
    THCTensor_(zero)(state, gradInput);
  }
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  THCudaLongTensor *t = THCudaLongTensor_newContiguous(state, target);
  THCTensor *w = weights ? THCTensor_(newContiguous)(state, weights) : NULL;
  thcunn::NLLTargets<real> at{THCudaLongTensor_data(state, t), w ? THCTensor_(data)(state, w) : nullptr, nclasses,
                              inner, hasIgnore, ignore_index};
  thcunn::forEachIndex(state, nframe * inner,
                       thcunn::NLLGrad<real>{at, THCTensor_(data)(state, gi), THCTensor_(data)(state, total_weight),
                                             sizeAverage});
  THCTensor_(freeCopyTo)(state, gi, gradInput);
  THCudaLongTensor_free(state, t);
  if (w) THCTensor_(free)(state, w);
}
