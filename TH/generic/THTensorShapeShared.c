/* cat's checks and result size, and the length of arange/range, written once for libTH and libTHC:
 * included by TH's
 * generic/THTensorMathShape.c and by THC's generic/THCTensorMath.cu, which maps THTensor to its CUDA
 * types and sets the THT_* state macros as for generic/THTensorLayout.c. Internal to libTH and
 * libTHC (not installed API). No include guard: included once per type. */

/* Torch7's rule: a tensor has size 1 in every dimension past its last. */
static long THTensor_(sizeOr1)(const THTensor *t, int d) { return d < t->nDimension ? t->size[d] : 1; }

/* Checks cat's arguments (TH's messages, under fn) and resolves *dimension (-2, Lua's -1, means the
 * last dimension of the input that has the most). Returns -1 when every input is empty; otherwise
 * the index of the first non-empty input, with the result's *nDims sizes in size and *aliased set
 * when an input shares result's storage. */
static int THTensor_(catShape)(THT_STATE_ const char *fn, THTensor *result, THTensor **inputs, int numInputs,
                               int *dimension, long *size, int *nDims, int *aliased) {
  THArgCheck(numInputs > 0, 3, "%s: expected at least one input, got %d", fn, numInputs);
  THArgCheck(inputs != NULL, 2, "%s: the input array is NULL", fn);
  int maxDim = 0, first = -1;
  for (int i = 0; i < numInputs; i++) {
    THArgCheck(inputs[i] != NULL, 2, "%s: input %d is NULL", fn, i + 1);
    maxDim = THMax(maxDim, inputs[i]->nDimension);
    if (first < 0 && inputs[i]->nDimension > 0) first = i;
  }
  int dim = *dimension;
  if (dim + TH_INDEX_BASE == -1) dim = maxDim > 0 ? maxDim - 1 : 0;
  *dimension = dim;
  THArgCheck(dim >= 0, 4, "%s: dimension %d out of range (dimensions start at %d, or -1 for the last)", fn,
             dim + TH_INDEX_BASE, TH_INDEX_BASE);
  THArgCheck(dim < TH_MAX_DIMS, 4, "%s: dimension %d out of range (a tensor has at most %d dimensions)", fn,
             dim + TH_INDEX_BASE, TH_MAX_DIMS);
  if (first < 0) return -1;
  *nDims = THMax(maxDim, dim + 1);
  for (int d = 0; d < *nDims; d++) size[d] = THTensor_(sizeOr1)(inputs[first], d);
  size[dim] = 0;
  *aliased = 0;
  for (int i = first; i < numInputs; i++) {
    THTensor *in = inputs[i];
    if (in->nDimension == 0) continue;
    for (int d = 0; d < *nDims; d++)
      if (d != dim && THTensor_(sizeOr1)(in, d) != size[d])
        THArgCheck(0, 2, "%s: input %d %s does not match input %d %s at dimension %d", fn, i + 1,
                   THTensor_(sizeDesc)(THT_S_ in).str, first + 1, THTensor_(sizeDesc)(THT_S_ inputs[first]).str,
                   d + TH_INDEX_BASE);
    THArgCheck(!__builtin_add_overflow(size[dim], THTensor_(sizeOr1)(in, dim), &size[dim]), 2,
               "%s: the inputs' sizes at dimension %d add up to more than %ld", fn, dim + TH_INDEX_BASE, LONG_MAX);
    if (in->storage == result->storage) *aliased = 1;
  }
  return first;
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE) || defined(THC_REAL_IS_FLOAT) || \
    defined(THC_REAL_IS_DOUBLE)
#define THT_SEQUENCE_FLOATING
#define THT_SEQUENCE_FMT "%g"
#else
#define THT_SEQUENCE_FMT "%ld"
#endif

/* Checks a sequence's arguments (TH's messages, under fn) and returns its length: xmin, xmin + step,
 * ... up to xmax, excluded (arange, ceil((xmax - xmin) / step) values) or included when reached
 * (range, floor((xmax - xmin) / step) + 1 values). The floating-point quotient is taken in double. */
static ptrdiff_t THTensor_(sequenceLength)(const char *fn, accreal xmin, accreal xmax, accreal step, int inclusive) {
  THArgCheck(step != 0, 4, "%s: step must be non-zero", fn);
#ifdef THT_SEQUENCE_FLOATING
  THArgCheck(isfinite(xmin) && isfinite(xmax) && isfinite(step), 2,
             "%s: xmin, xmax and step must be finite, got %g, %g, %g", fn, (double)xmin, (double)xmax, (double)step);
#endif
  THArgCheck((step > 0 && xmax >= xmin) || (step < 0 && xmax <= xmin), 4,
             "%s: step " THT_SEQUENCE_FMT " goes away from xmax " THT_SEQUENCE_FMT " (xmin " THT_SEQUENCE_FMT ")", fn,
             step, xmax, xmin);
  const double maxCount = (double)(LONG_MAX / (long)sizeof(real));
#ifdef THT_SEQUENCE_FLOATING
  double q = ((double)xmax - (double)xmin) / (double)step;
  double n = inclusive ? floor(q) + 1 : ceil(q);
  THArgCheck(n <= maxCount, 4, "%s: %g values are too many", fn, n);
  return (ptrdiff_t)n;
#else
  /* In unsigned arithmetic, which neither overflows for the widest spans nor rounds. */
  unsigned long span = step > 0 ? (unsigned long)xmax - (unsigned long)xmin : (unsigned long)xmin - (unsigned long)xmax;
  unsigned long ustep = step > 0 ? (unsigned long)step : 0UL - (unsigned long)step;
  unsigned long q = span / ustep;
  THArgCheck((double)q < maxCount, 4, "%s: %lu values are too many", fn, q);
  return (ptrdiff_t)(inclusive ? q + 1 : q + (span % ustep != 0));
#endif
}
#undef THT_SEQUENCE_FLOATING
#undef THT_SEQUENCE_FMT
