#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MultiLabelMarginCriterion.c"
#else

/* Multi-class multi-label hinge loss. input: dim scores (one sample) or N x dim; target of the same
 * size: each row lists its sample's target classes (1-based), ended by the first 0 (the rest of
 * the row is ignored). Per sample: sum over target classes j and non-target classes i of
 * max(0, 1 - (x[j] - x[i])), divided by dim; summed over samples, and divided by N with
 * sizeAverage. isTarget (resized like input) is set to 1 at each sample's target classes, 0
 * elsewhere; both passes rebuild it from target, so the backward pass does not depend on it. */
static void THNN_(MultiLabelMarginCriterion_check)(const char *fn, THTensor *input, THIndexTensor *target,
                                                   const char *resultName, THTensor *result, THTensor *isTarget,
                                                   long *nframe, long *dim) {
  THNN_(checkDims)(fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  THNN_(checkNotNull)(fn, "isTarget", isTarget);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  if (THIndexTensor_(nDimension)(target) != input->nDimension || THIndexTensor_(nElement)(target) != *nframe * *dim)
    THError("%s: target must have the size of input %s, got size %s", fn, THTensor_(sizeDesc)(input).str,
            THIndexTensor_(sizeDesc)(target).str);
  THNN_(checkIndexRange)(fn, "target", target, TH_INDEX_BASE - 1, *dim - 1 + TH_INDEX_BASE, false, 0);
}

/* Contiguous copies of input and target, and isTarget filled in (contiguous, written back by the
 * caller through writeBack). */
static THTensor *THNN_(MultiLabelMarginCriterion_markTargets)(THTensor *isTarget, THTensor *input,
                                                              THIndexTensor *target, long nframe, long dim) {
  THTensor_(resizeAs)(isTarget, input);
  THTensor *marks = THNN_(writable)(isTarget, 0);
  real *m = THTensor_(data)(marks);
  const THIndex_t *t = THIndexTensor_(data)(target);
  for (long k = 0; k < nframe * dim; k++) m[k] = 0;
  for (long f = 0; f < nframe; f++)
    for (long k = 0; k < dim && t[f * dim + k] >= TH_INDEX_BASE; k++) m[f * dim + t[f * dim + k] - TH_INDEX_BASE] = 1;
  return marks;
}

void THNN_(MultiLabelMarginCriterion_updateOutput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                                   THTensor *output, THTensor *isTarget, bool sizeAverage) {
  long nframe, dim;
  THNN_(MultiLabelMarginCriterion_check)("MultiLabelMarginCriterion_updateOutput", input, target, "output", output,
                                         isTarget, &nframe, &dim);
  input = THTensor_(newContiguous)(input);
  target = THIndexTensor_(newContiguous)(target);
  THTensor *marks = THNN_(MultiLabelMarginCriterion_markTargets)(isTarget, input, target, nframe, dim);
  const real *x = THTensor_(data)(input), *m = THTensor_(data)(marks);
  const THIndex_t *t = THIndexTensor_(data)(target);
  accreal sum = 0;
  for (long f = 0; f < nframe; f++) {
    const real *xf = x + f * dim, *mf = m + f * dim;
    for (long k = 0; k < dim && t[f * dim + k] >= TH_INDEX_BASE; k++) {
      accreal xj = xf[t[f * dim + k] - TH_INDEX_BASE];
      for (long i = 0; i < dim; i++) {
        accreal z = 1 - xj + xf[i];
        if (!mf[i] && z > 0) sum += z;
      }
    }
  }
  sum /= dim;
  THNN_(Criterion_setOutput)(output, sum, nframe, sizeAverage);
  THNN_(writeBack)(isTarget, marks);
  THTensor_(free)(input);
  THIndexTensor_(free)(target);
}

void THNN_(MultiLabelMarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                                      THTensor *gradInput, THTensor *isTarget, bool sizeAverage) {
  long nframe, dim;
  THNN_(MultiLabelMarginCriterion_check)("MultiLabelMarginCriterion_updateGradInput", input, target, "gradInput",
                                         gradInput, isTarget, &nframe, &dim);
  input = THTensor_(newContiguous)(input);
  target = THIndexTensor_(newContiguous)(target);
  THTensor *marks = THNN_(MultiLabelMarginCriterion_markTargets)(isTarget, input, target, nframe, dim);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *x = THTensor_(data)(input), *m = THTensor_(data)(marks);
  const THIndex_t *t = THIndexTensor_(data)(target);
  real *gi = THTensor_(data)(gin);
  const accreal g = 1 / (accreal)dim / (sizeAverage ? nframe : 1);
  for (long k = 0; k < nframe * dim; k++) gi[k] = 0;
  for (long f = 0; f < nframe; f++) {
    const real *xf = x + f * dim, *mf = m + f * dim;
    real *gf = gi + f * dim;
    for (long k = 0; k < dim && t[f * dim + k] >= TH_INDEX_BASE; k++) {
      long j = t[f * dim + k] - TH_INDEX_BASE;
      for (long i = 0; i < dim; i++)
        if (!mf[i] && 1 - xf[j] + xf[i] > 0) {
          gf[j] -= g;
          gf[i] += g;
        }
    }
  }
  THNN_(writeBack)(gradInput, gin);
  THNN_(writeBack)(isTarget, marks);
  THTensor_(free)(input);
  THIndexTensor_(free)(target);
}

#endif
