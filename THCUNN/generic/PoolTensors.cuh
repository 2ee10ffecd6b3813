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

// Output-shaped tensor given back (gradOutput), or indices: checked like the CPU, then the device.
static inline void THNN_(poolCheckOutputLike)(THCState *state, const char *fn, const char *arg, THCTensor *t,
                                              const thcunn_pool3d::PoolShape &s) {
  thcunn_pool3d::poolCheckOutputLike(fn, arg, t, s);
  THNN_(checkDevice)(state, fn, arg, t);
}

static inline void THNN_(poolCheckIndicesLike)(THCState *state, const char *fn, const char *arg, THCIndexTensor *t,
                                               const thcunn_pool3d::PoolShape &s) {
  thcunn_pool3d::poolCheckOutputLike(fn, arg, t, s);
  thcunn::checkIndexDevice(state, fn, arg, t);
}

// A max pooling's backward arguments, in THNN's order: gradInput given, gradOutput and indices with
// the output's sizes (and on the device), then gradInput on the device.
static inline void THNN_(poolCheckMaxGrad)(THCState *state, const char *fn, THCTensor *gradOutput,
                                           THCTensor *gradInput, THCIndexTensor *indices,
                                           const thcunn_pool3d::PoolShape &s) {
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(poolCheckIndicesLike)(state, fn, "indices", indices, s);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
}

// The operands of a forward pass: input made contiguous, output and indices (NULL where there are
// none) resized to s's output and writable; poolOutEnd frees the input and writes the results back.
struct THNN_(PoolOut) {
  THCTensor *in, *out;
  THCIndexTensor *ind;
};

static inline THNN_(PoolOut) THNN_(poolOutBegin)(THCState *state, const thcunn_pool3d::PoolShape &s, THCTensor *input,
                                                 THCTensor *output, THCIndexTensor *indices) {
  long sizes[5];
  const int nd = s.outputSizes(sizes);
  THNN_(PoolOut) o;
  o.in = THCTensor_(newContiguous)(state, input);
  o.out = thcunn::writable(state, output, nd, sizes);
  o.ind = indices ? thcunn::writable(state, indices, nd, sizes) : NULL;
  return o;
}

static inline void THNN_(poolOutEnd)(THCState *state, THNN_(PoolOut) * o, THCTensor *output, THCIndexTensor *indices) {
  THCTensor_(free)(state, o->in);
  thcunn::written(state, o->out, output);
  if (o->ind) thcunn::written(state, o->ind, indices);
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
  g.gi = thcunn::writable(state, gradInput, input->nDimension, input->size);
  if (zero) THCTensor_(zero)(state, g.gi);
  g.firstBad = thcunn_pool3d::newBadIndexRecord(state);
  return g;
}

static inline long THNN_(poolGradEnd)(THCState *state, THNN_(PoolGrad) * g, THCTensor *gradInput, long *badIndex) {
  const long badAt =
      thcunn_pool3d::freeBadIndexRecord(state, g->firstBad, THCIndexTensor_(data)(state, g->ind), badIndex);
  THCTensor_(free)(state, g->go);
  THCIndexTensor_(free)(state, g->ind);
  thcunn::written(state, g->gi, gradInput);
  return badAt;
}
