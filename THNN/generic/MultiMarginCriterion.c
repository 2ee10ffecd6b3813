#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MultiMarginCriterion.c"
#else

/* Multi-class hinge loss. input: dim scores (one sample) or N x dim; target: one class number per
 * sample (1-based). Per sample with target y: sum over i != y of w[y] max(0, margin - x[y] + x[i])^p
 * (p 1 or 2; w the optional per-class weights), divided by dim; summed over samples, and divided by
 * N with sizeAverage. */
static void THNN_(MultiMarginCriterion_check)(const char *fn, THTensor *input, THIndexTensor *target,
                                              const char *resultName, THTensor *result, int p, THTensor *weights,
                                              long *nframe, long *dim) {
  THNN_(checkDims)(fn, "input", input, 1, 2);
  THNN_(checkNotNull)(fn, "target", target);
  THNN_(checkNotNull)(fn, resultName, result);
  if (p != 1 && p != 2) THError("%s: p must be 1 or 2, got %d", fn, p);
  *nframe = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  if (THIndexTensor_(nElement)(target) != *nframe || THIndexTensor_(nDimension)(target) > 1)
    THError("%s: target must be a 1D tensor of %ld element%s (one per sample of input %s), got size %s", fn,
            *nframe, *nframe == 1 ? "" : "s", THTensor_(sizeDesc)(input).str, THIndexTensor_(sizeDesc)(target).str);
  THNN_(ClassNLL_checkTargets)(fn, target, *dim, false, 0, weights);
}

void THNN_(MultiMarginCriterion_updateOutput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                              THTensor *output, bool sizeAverage, int p, THTensor *weights,
                                              accreal margin) {
  long nframe, dim;
  THNN_(MultiMarginCriterion_check)("MultiMarginCriterion_updateOutput", input, target, "output", output, p,
                                    weights, &nframe, &dim);
  input = THTensor_(newContiguous)(input);
  target = THIndexTensor_(newContiguous)(target);
  weights = weights ? THTensor_(newContiguous)(weights) : NULL;
  const real *x = THTensor_(data)(input), *w = weights ? THTensor_(data)(weights) : NULL;
  const THIndex_t *t = THIndexTensor_(data)(target);
  accreal sum = 0;
  for (long f = 0; f < nframe; f++) {
    const real *xf = x + f * dim;
    long y = t[f] - TH_INDEX_BASE;
    accreal wy = w ? w[y] : 1;
    for (long i = 0; i < dim; i++) {
      accreal z = margin - xf[y] + xf[i];
      if (i != y && z > 0) sum += wy * (p == 1 ? z : z * z);
    }
  }
  sum /= dim;
  THNN_(Criterion_setOutput)(output, sum, nframe, sizeAverage);
  THTensor_(free)(input);
  THIndexTensor_(free)(target);
  if (weights) THTensor_(free)(weights);
}

void THNN_(MultiMarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THIndexTensor *target,
                                                 THTensor *gradInput, bool sizeAverage, int p, THTensor *weights,
                                                 accreal margin) {
  long nframe, dim;
  THNN_(MultiMarginCriterion_check)("MultiMarginCriterion_updateGradInput", input, target, "gradInput", gradInput,
                                    p, weights, &nframe, &dim);
  input = THTensor_(newContiguous)(input);
  target = THIndexTensor_(newContiguous)(target);
  weights = weights ? THTensor_(newContiguous)(weights) : NULL;
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *x = THTensor_(data)(input), *w = weights ? THTensor_(data)(weights) : NULL;
  const THIndex_t *t = THIndexTensor_(data)(target);
  real *gi = THTensor_(data)(gin);
  const accreal g = 1 / (accreal)dim / (sizeAverage ? nframe : 1);
  for (long f = 0; f < nframe; f++) {
    const real *xf = x + f * dim;
    real *gf = gi + f * dim;
    long y = t[f] - TH_INDEX_BASE;
    accreal wy = w ? w[y] : 1, gy = 0;
    for (long i = 0; i < dim; i++) {
      accreal z = margin - xf[y] + xf[i];
      accreal h = (i != y && z > 0) ? wy * g * (p == 1 ? 1 : 2 * z) : 0;
      gf[i] = (real)h;
      gy -= h;
    }
    gf[y] = (real)gy;
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(input);
  THIndexTensor_(free)(target);
  if (weights) THTensor_(free)(weights);
}

#endif
