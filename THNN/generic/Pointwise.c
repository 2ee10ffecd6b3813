#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Pointwise.c"
#else

void THNN_(Pointwise_prepareOutput)(const char *fn, THTensor *input, THTensor *output, bool inplace) {
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkNotNull)(fn, "output", output);
  if (inplace) THTensor_(set)(output, input);
  else THTensor_(resizeAs)(output, input);
}

void THNN_(Pointwise_prepareGradInput)(const char *fn, const char *likeName, THTensor *like,
                                       THTensor *gradOutput, THTensor *gradInput, bool inplace) {
  THNN_(checkSameNumel)(fn, "gradOutput", gradOutput, likeName, like);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  if (inplace) THTensor_(set)(gradInput, gradOutput);
  else THTensor_(resizeAs)(gradInput, like);
}

void THNN_(checkIndexRange)(const char *fn, const char *arg, THIndexTensor *index, long lo, long hi, bool hasSkip,
                            long skip) {
  THNN_(checkNotNull)(fn, arg, index);
  ptrdiff_t i = 0, bad = -1;
  THIndex_t badValue = 0;
  TH_TENSOR_APPLY(THIndex_t, index, {
    THIndex_t v = *index_data;
    if (bad < 0 && (v < lo || v > hi) && !(hasSkip && v == skip)) {
      bad = i;
      badValue = v;
    }
    i++;
  });
  if (bad < 0) return;
  long coord[TH_MAX_DIMS];
  for (int d = index->nDimension - 1; d >= 0; d--) {
    coord[d] = (long)(bad % index->size[d]) + TH_INDEX_BASE;
    bad /= index->size[d];
  }
  char position[TH_MAX_DIMS * 24];
  int len = 0;
  for (int d = 0; d < index->nDimension; d++)
    len += snprintf(position + len, sizeof position - (size_t)len, d ? ", %ld" : "%ld", coord[d]);
  THError("%s: %s %ld out of range [%ld, %ld] at position [%s]", fn, arg, (long)badValue, lo, hi, position);
}

void THNN_(Criterion_check)(const char *fn, THTensor *input, THTensor *target, const char *resultName,
                            THTensor *result) {
  THNN_(checkSameNumel)(fn, "target", target, "input", input);
  if (THTensor_(nElement)(input) == 0) THError("%s: input must not be empty", fn);
  THNN_(checkNotNull)(fn, resultName, result);
}

int THNN_(Pointwise_mapVector)(THTensor *output, THTensor *input, void (*kernel)(real *, const real *, ptrdiff_t)) {
  if (!kernel || !THTensor_(isContiguous)(input) || !THTensor_(isContiguous)(output)) return 0;
  real *y = THTensor_(data)(output);
  const real *x = THTensor_(data)(input);
  TH_PARALLEL_RANGE(THTensor_(nElement)(input), begin, end, kernel(y + begin, x + begin, end - begin););
  return 1;
}

accreal THNN_(Criterion_norm)(THTensor *input, bool sizeAverage) {
  return sizeAverage ? (accreal)1 / (accreal)THTensor_(nElement)(input) : (accreal)1;
}

void THNN_(Criterion_setOutput)(THTensor *output, accreal sum, ptrdiff_t n, bool sizeAverage) {
  THTensor_(resize1d)(output, 1);
  THTensor_(data)(output)[0] = (real)(sizeAverage ? sum / (accreal)n : sum);
}

#endif
