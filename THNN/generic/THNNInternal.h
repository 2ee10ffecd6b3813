#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNNInternal.h"
#else

/* Argument checks shared by every module. Each message names the function, the argument, what was
 * expected and what was got, e.g. "SpatialConvolutionMM_updateOutput: input must be a 3D or 4D
 * tensor, got a 2D tensor of size [3 x 4]". */

static inline void THNN_(checkNotNull)(const char *fn, const char *arg, const void *ptr) {
  if (!ptr) THError("%s: %s must not be NULL", fn, arg);
}

/* nDimension in [lo, hi]. */
static inline void THNN_(checkDims)(const char *fn, const char *arg, THTensor *t, int lo, int hi) {
  THNN_(checkNotNull)(fn, arg, t);
  if (t->nDimension < lo || t->nDimension > hi) {
    if (lo == hi)
      THError("%s: %s must be a %dD tensor, got a %dD tensor of size %s", fn, arg, lo, t->nDimension,
              THTensor_(sizeDesc)(t).str);
    else
      THError("%s: %s must be a %dD to %dD tensor, got a %dD tensor of size %s", fn, arg, lo, hi,
              t->nDimension, THTensor_(sizeDesc)(t).str);
  }
}

static inline void THNN_(checkDimSize)(const char *fn, const char *arg, THTensor *t, int dim, long expected) {
  THNN_(checkNotNull)(fn, arg, t);
  if (dim >= t->nDimension || t->size[dim] != expected)
    THError("%s: %s must have size %ld at dimension %d, got size %s", fn, arg, expected,
            dim + TH_INDEX_BASE, THTensor_(sizeDesc)(t).str);
}

static inline void THNN_(checkSameSize)(const char *fn, const char *argA, THTensor *a, const char *argB,
                                        THTensor *b) {
  THNN_(checkNotNull)(fn, argA, a);
  THNN_(checkNotNull)(fn, argB, b);
  if (!THTensor_(isSameSizeAs)(a, b))
    THError("%s: %s must have the size of %s %s, got %s", fn, argA, argB, THTensor_(sizeDesc)(b).str,
            THTensor_(sizeDesc)(a).str);
}

static inline void THNN_(checkSameNumel)(const char *fn, const char *argA, THTensor *a, const char *argB,
                                         THTensor *b) {
  THNN_(checkNotNull)(fn, argA, a);
  THNN_(checkNotNull)(fn, argB, b);
  if (THTensor_(nElement)(a) != THTensor_(nElement)(b))
    THError("%s: %s must have as many elements as %s (%td), got %td (size %s)", fn, argA, argB,
            THTensor_(nElement)(b), THTensor_(nElement)(a), THTensor_(sizeDesc)(a).str);
}

/* Writing a result in place of `t`, which may be non-contiguous: writable(t, keepContents) returns
 * where to write, t itself (retained) when it is contiguous, else a contiguous tensor of t's size
 * holding a copy of t (keepContents, for results that accumulate) or undefined contents;
 * writeBack(t, w) copies w into t when it is not t, and frees w. */
static inline THTensor *THNN_(writable)(THTensor *t, int keepContents) {
  if (THTensor_(isContiguous)(t)) {
    THTensor_(retain)(t);
    return t;
  }
  if (keepContents) return THTensor_(newClone)(t);
  THTensor *w = THTensor_(new)();
  THTensor_(resizeNd)(w, t->nDimension, t->size, NULL);
  return w;
}

static inline void THNN_(writeBack)(THTensor *t, THTensor *w) { THTensor_(freeCopyTo)(w, t); }

#endif
