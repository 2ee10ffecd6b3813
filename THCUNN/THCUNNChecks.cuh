// Argument checks shared by every THCUNN kernel, once per type (included by THCUNNInternal.cuh through
// THCGenerateFloatTypes.h). The messages are THNN's (THNN/generic/THNNInternal.h) word for word, so a
// caller sees the same error on either device.

static inline void THNN_(checkNotNull)(const char *fn, const char *arg, const void *ptr) {
  if (!ptr) THError("%s: %s must not be NULL", fn, arg);
}

// nDimension in [lo, hi].
static inline void THNN_(checkDims)(THCState *state, const char *fn, const char *arg, THCTensor *t, int lo, int hi) {
  THNN_(checkNotNull)(fn, arg, t);
  if (t->nDimension < lo || t->nDimension > hi) {
    if (lo == hi)
      THError("%s: %s must be a %dD tensor, got a %dD tensor of size %s", fn, arg, lo, t->nDimension,
              THCTensor_(sizeDesc)(state, t).str);
    else
      THError("%s: %s must be a %dD to %dD tensor, got a %dD tensor of size %s", fn, arg, lo, hi,
              t->nDimension, THCTensor_(sizeDesc)(state, t).str);
  }
}

static inline void THNN_(checkDimSize)(THCState *state, const char *fn, const char *arg, THCTensor *t, int dim,
                                       long expected) {
  THNN_(checkNotNull)(fn, arg, t);
  if (dim >= t->nDimension || t->size[dim] != expected)
    THError("%s: %s must have size %ld at dimension %d, got size %s", fn, arg, expected, dim + TH_INDEX_BASE,
            THCTensor_(sizeDesc)(state, t).str);
}

static inline void THNN_(checkSameSize)(THCState *state, const char *fn, const char *argA, THCTensor *a,
                                        const char *argB, THCTensor *b) {
  THNN_(checkNotNull)(fn, argA, a);
  THNN_(checkNotNull)(fn, argB, b);
  if (!THCTensor_(isSameSizeAs)(state, a, b))
    THError("%s: %s must have the size of %s %s, got %s", fn, argA, argB, THCTensor_(sizeDesc)(state, b).str,
            THCTensor_(sizeDesc)(state, a).str);
}

static inline void THNN_(checkSameNumel)(THCState *state, const char *fn, const char *argA, THCTensor *a,
                                         const char *argB, THCTensor *b) {
  THNN_(checkNotNull)(fn, argA, a);
  THNN_(checkNotNull)(fn, argB, b);
  if (THCTensor_(nElement)(state, a) != THCTensor_(nElement)(state, b))
    THError("%s: %s must have as many elements as %s (%td), got %td (size %s)", fn, argA, argB,
            THCTensor_(nElement)(state, b), THCTensor_(nElement)(state, a), THCTensor_(sizeDesc)(state, a).str);
}

// The CUDA-only check: t (NULL allowed, for optional tensors) lives on the current device.
static inline void THNN_(checkDevice)(THCState *state, const char *fn, const char *arg, THCTensor *t) {
  if (t && !THCTensor_(checkGPU)(state, 1, t))
    THError("%s: %s is on device %d, the current device is %d", fn, arg, THCTensor_(getDevice)(state, t),
            THCState_getCurrentDevice(state));
}

// thcunn::writable(state, t, nd, sizes): t resized to sizes, to be written through a contiguous tensor:
// t itself (a new reference) when it is contiguous, else a contiguous scratch; thcunn::written(state,
// w, t) then copies the scratch back (or drops the reference). Overloaded for every tensor type: the
// real types here, index tensors once below. Fn(name) names the tensor type's functions.
#ifndef THCUNN_WRITABLE
#define THCUNN_WRITABLE(Tensor, Fn)                                                \
  namespace thcunn {                                                               \
  inline Tensor *writable(THCState *state, Tensor *t, int nd, const long *sizes) { \
    Fn(resizeNd)(state, t, nd, (long *)sizes, NULL);                               \
    if (Fn(isContiguous)(state, t)) {                                              \
      Fn(retain)(state, t);                                                        \
      return t;                                                                    \
    }                                                                              \
    Tensor *w = Fn(new)(state);                                                    \
    Fn(resizeNd)(state, w, nd, (long *)sizes, NULL);                               \
    return w;                                                                      \
  }                                                                                \
  inline void written(THCState *state, Tensor *w, Tensor *t) {                     \
    if (w == t)                                                                    \
      Fn(free)(state, w);                                                          \
    else                                                                           \
      Fn(freeCopyTo)(state, w, t);                                                 \
  }                                                                                \
  }
THCUNN_WRITABLE(THCIndexTensor, THCIndexTensor_)
#endif
THCUNN_WRITABLE(THCTensor, THCTensor_)
