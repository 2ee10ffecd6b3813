// The tensor handling of the pooling, padding and resampling wrappers, once per type: included by
// their generic files (or the generic engines they include), not by THCUNN/<Family>.cuh. See
// THCUNN/PoolShape.cuh for the type-free part.

// Checks input (NULL, nAxes + 1 or nAxes + 2 dimensions, device) and returns its shape.
static inline thcunn_pool3d::PoolShape THNN_(poolInputShape)(THCState *state, const char *fn, THCTensor *input,
                                                             int nAxes) {
  THNN_(checkDims)(state, fn, "input", input, nAxes + 1, nAxes + 2);
  THNN_(checkDevice)(state, fn, "input", input);
  return thcunn_pool3d::poolInputShape(input->nDimension, input->size, nAxes);
}

// t resized to sizes, to be written through a contiguous view: t itself (a new reference) when it is
// contiguous, else a contiguous scratch that THNN_(written) copies back.
static inline THCTensor *THNN_(writable)(THCState *state, THCTensor *t, int nDimension, long *sizes) {
  THCTensor_(resizeNd)(state, t, nDimension, sizes, NULL);
  if (THCTensor_(isContiguous)(state, t)) {
    THCTensor_(retain)(state, t);
    return t;
  }
  THCTensor *w = THCTensor_(new)(state);
  THCTensor_(resizeNd)(state, w, nDimension, sizes, NULL);
  return w;
}

static inline void THNN_(written)(THCState *state, THCTensor *w, THCTensor *t) {
  if (w != t)
    THCTensor_(freeCopyTo)(state, w, t);
  else
    THCTensor_(free)(state, w);
}

// The same for index tensors.
static inline THCIndexTensor *THNN_(indicesWritable)(THCState *state, THCIndexTensor *t, int nDimension, long *sizes) {
  THCIndexTensor_(resizeNd)(state, t, nDimension, sizes, NULL);
  if (THCIndexTensor_(isContiguous)(state, t)) {
    THCIndexTensor_(retain)(state, t);
    return t;
  }
  THCIndexTensor *w = THCIndexTensor_(new)(state);
  THCIndexTensor_(resizeNd)(state, w, nDimension, sizes, NULL);
  return w;
}

static inline void THNN_(indicesWritten)(THCState *state, THCIndexTensor *w, THCIndexTensor *t) {
  if (w != t)
    THCIndexTensor_(freeCopyTo)(state, w, t);
  else
    THCIndexTensor_(free)(state, w);
}

// An index tensor (or NULL) on the current device.
static inline void THNN_(checkIndexDevice)(THCState *state, const char *fn, const char *arg, THCIndexTensor *t) {
  if (t && !THCIndexTensor_(checkGPU)(state, 1, t))
    THError("%s: %s is on device %d, the current device is %d", fn, arg, THCIndexTensor_(getDevice)(state, t),
            THCState_getCurrentDevice(state));
}

// Output-shaped tensor given back (gradOutput), or indices: checked like the CPU, then the device.
static inline void THNN_(poolCheckOutputLike)(THCState *state, const char *fn, const char *arg, THCTensor *t,
                                              const thcunn_pool3d::PoolShape &s) {
  thcunn_pool3d::poolCheckOutputLike(fn, arg, t, s);
  THNN_(checkDevice)(state, fn, arg, t);
}

static inline void THNN_(poolCheckIndicesLike)(THCState *state, const char *fn, const char *arg, THCIndexTensor *t,
                                               const thcunn_pool3d::PoolShape &s) {
  thcunn_pool3d::poolCheckOutputLike(fn, arg, t, s);
  THNN_(checkIndexDevice)(state, fn, arg, t);
}

// The operands of a backward pass that follows indices: gradOutput and indices made contiguous,
// gradInput resized like input (zeroed when the kernel scatters into it) and writable, and a
// bad-index record (THCUNN/PoolShape.cuh). poolGradEnd frees them, writes gradInput back and returns
// the first bad position (-1: none), with the index there in *badIndex.
struct THNN_(PoolGrad) {
  THCTensor *go, *gi;
  THCIndexTensor *ind;
  unsigned long long *firstBad;
};

static inline THNN_(PoolGrad) THNN_(poolGradBegin)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradInput, THCIndexTensor *indices, bool zero) {
  THNN_(PoolGrad) g;
  g.go = THCTensor_(newContiguous)(state, gradOutput);
  g.ind = THCIndexTensor_(newContiguous)(state, indices);
  g.gi = THNN_(writable)(state, gradInput, input->nDimension, input->size);
  if (zero) THCTensor_(zero)(state, g.gi);
  g.firstBad = thcunn_pool3d::newBadIndexRecord(state);
  return g;
}

static inline long THNN_(poolGradEnd)(THCState *state, THNN_(PoolGrad) * g, THCTensor *gradInput, long *badIndex) {
  const long badAt =
      thcunn_pool3d::freeBadIndexRecord(state, g->firstBad, THCIndexTensor_(data)(state, g->ind), badIndex);
  THCTensor_(free)(state, g->go);
  THCIndexTensor_(free)(state, g->ind);
  THNN_(written)(state, g->gi, gradInput);
  return badAt;
}
