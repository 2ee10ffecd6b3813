#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ClassNLLCommon.c"
#else

void THNN_(ClassNLL_checkTargets)(const char *fn, THIndexTensor *target, long nclasses, bool hasIgnore,
                                  long ignore_index, THTensor *weights) {
  if (weights && THTensor_(nElement)(weights) != nclasses)
    THError("%s: weights must have one element per class (%ld) or be NULL, got size %s", fn, nclasses,
            THTensor_(sizeDesc)(weights).str);
  THNN_(checkIndexRange)(fn, "target", target, TH_INDEX_BASE, nclasses - 1 + TH_INDEX_BASE, hasIgnore, ignore_index);
}

void THNN_(ClassNLL_forward)(THTensor *input, THIndexTensor *target, THTensor *output, THTensor *weights,
                             THTensor *total_weight, long nframe, long nclasses, long inner, bool sizeAverage,
                             bool hasIgnore, long ignore_index) {
  input = THTensor_(newContiguous)(input);
  target = THIndexTensor_(newContiguous)(target);
  weights = weights ? THTensor_(newContiguous)(weights) : NULL;
  const real *x = THTensor_(data)(input), *w = weights ? THTensor_(data)(weights) : NULL;
  const THIndex_t *t = THIndexTensor_(data)(target);
  accreal sum = 0, totalWeight = 0;
  for (long f = 0; f < nframe; f++)
    for (long s = 0; s < inner; s++) {
      THIndex_t c = t[f * inner + s];
      if (hasIgnore && c == ignore_index) continue;
      c -= TH_INDEX_BASE;
      accreal weight = w ? w[c] : 1;
      sum -= weight * x[(f * nclasses + c) * inner + s];
      totalWeight += weight;
    }
  if (sizeAverage && totalWeight != 0) sum /= totalWeight;
  THTensor_(resize1d)(output, 1);
  THTensor_(resize1d)(total_weight, 1);
  THTensor_(data)(output)[0] = (real)sum;
  THTensor_(data)(total_weight)[0] = (real)totalWeight;
  THTensor_(free)(input);
  THIndexTensor_(free)(target);
  if (weights) THTensor_(free)(weights);
}

void THNN_(ClassNLL_backward)(const char *fn, THTensor *input, THIndexTensor *target, THTensor *gradInput,
                              THTensor *weights, THTensor *total_weight, long nframe, long nclasses, long inner,
                              bool sizeAverage, bool hasIgnore, long ignore_index) {
  if (THTensor_(nElement)(total_weight) != 1)
    THError("%s: total_weight must hold one element (as left by updateOutput), got size %s", fn,
            THTensor_(sizeDesc)(total_weight).str);
  if (!THTensor_(isSameSizeAs)(gradInput, input)) {
    THTensor_(resizeAs)(gradInput, input);
    TH_MAP1(real, gradInput, *gradInput_data = 0;);
  }
  accreal totalWeight = THTensor_(data)(total_weight)[0];
  if (sizeAverage && totalWeight == 0) return; /* nothing was counted: the loss is the constant 0 */
  const accreal norm = sizeAverage ? 1 / totalWeight : 1;
  THTensor *gi = THTensor_(newContiguous)(gradInput);
  target = THIndexTensor_(newContiguous)(target);
  weights = weights ? THTensor_(newContiguous)(weights) : NULL;
  const real *w = weights ? THTensor_(data)(weights) : NULL;
  const THIndex_t *t = THIndexTensor_(data)(target);
  real *g = THTensor_(data)(gi);
  for (long f = 0; f < nframe; f++)
    for (long s = 0; s < inner; s++) {
      THIndex_t c = t[f * inner + s];
      if (hasIgnore && c == ignore_index) continue;
      c -= TH_INDEX_BASE;
      g[(f * nclasses + c) * inner + s] = (real)(-(w ? w[c] : 1) * norm);
    }
  THTensor_(freeCopyTo)(gi, gradInput);
  THIndexTensor_(free)(target);
  if (weights) THTensor_(free)(weights);
}

#endif
