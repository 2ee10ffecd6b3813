// THC types: Long Float Double
// Fills, shapes and sequences: TH's rules (TH/generic/THTensorMathPointwise.c for the fills,
// THTensorMathShape.c, THTensorMathIndex.c for nonzero, THTensorMathReduce.c for trace).

#define THCM_NAME(NAME) TH_CONCAT_STRING_3(TH, CReal, Tensor) "_" NAME

/* `in`, or a private copy of it when it shares storage with an output that is resized or written
 * before all of `in` is read. Free the result with THCTensor_(free). */
static THCTensor *THCTensor_(newReadable)(THCState *state, const void *outStorage, THCTensor *in) {
  if (in->storage && (const void *)in->storage == outStorage) return THCTensor_(newClone)(state, in);
  THCTensor_(retain)(state, in);
  return in;
}

static void THCTensor_(makeEmpty)(THCState *state, THCTensor *t) { THCTensor_(resizeNd)(state, t, 0, NULL, NULL); }

/* A view of t's diagonal k (k > 0 above the main one) of n elements. */
static THCTensor *THCTensor_(newDiagonal)(THCState *state, THCTensor *t, long k, long n) {
  long row0 = k >= 0 ? 0 : -k, col0 = k >= 0 ? k : 0;
  return THCTensor_(newWithStorage1d)(state, t->storage,
                                      t->storageOffset + row0 * t->stride[0] + col0 * t->stride[1], n,
                                      t->stride[0] + t->stride[1]);
}

/* ------------------------------------------------------------------ fills */

void THCTensor_(fill)(THCState *state, THCTensor *self, real value) {
  THC_pointwiseApply1(state, self, thc_math::Fill<real>{value});
}

void THCTensor_(zero)(THCState *state, THCTensor *self) { THCTensor_(fill)(state, self, 0); }

void THCTensor_(zeros)(THCState *state, THCTensor *r_, THLongStorage *size) {
  THCTensor_(resize)(state, r_, size, NULL);
  THCTensor_(fill)(state, r_, 0);
}

void THCTensor_(zerosLike)(THCState *state, THCTensor *r_, THCTensor *input) {
  THCTensor_(resizeAs)(state, r_, input);
  THCTensor_(fill)(state, r_, 0);
}

void THCTensor_(ones)(THCState *state, THCTensor *r_, THLongStorage *size) {
  THCTensor_(resize)(state, r_, size, NULL);
  THCTensor_(fill)(state, r_, 1);
}

void THCTensor_(onesLike)(THCState *state, THCTensor *r_, THCTensor *input) {
  THCTensor_(resizeAs)(state, r_, input);
  THCTensor_(fill)(state, r_, 1);
}

ptrdiff_t THCTensor_(numel)(THCState *state, THCTensor *t) { return THCTensor_(nElement)(state, t); }

/* ------------------------------------------------------------------ reshape */

/* r_ is resized to `size` (the first size <= 0 ends the list) and receives t's elements in
 * row-major order (an r_ that already has that size keeps its strides). */
void THCTensor_(reshape)(THCState *state, THCTensor *r_, THCTensor *t, THLongStorage *size) {
  const char *fn = THCM_NAME("reshape");
  THArgCheck(size != NULL, 3, "%s: size is NULL", fn);
  int nd = 0;
  ptrdiff_t n = 1;
  int overflow = 0;
  while (nd < size->size && size->data[nd] > 0) overflow |= __builtin_mul_overflow(n, size->data[nd++], &n);
  if (nd == 0) n = 0;
  ptrdiff_t have = THCTensor_(nElement)(state, t);
  THArgCheck(nd <= TH_MAX_DIMS, 3, "%s: at most %d dimensions, got %d", fn, TH_MAX_DIMS, nd);
  THArgCheck(!overflow && n == have, 3, "%s: size %s does not hold the %td elements of the tensor %s", fn,
             _THSizeDesc(size->data, size->size).str, have, THCTensor_(sizeDesc)(state, t).str);
  if (n == 0) {
    THCTensor_(makeEmpty)(state, r_);
    return;
  }
  THCTensor *src = THCTensor_(newReadable)(state, r_->storage, t);
  THCTensor_(resizeNd)(state, r_, nd, size->data, NULL);
  THCTensor_(copy)(state, r_, src);
  THCTensor_(free)(state, src);
}

/* ------------------------------------------------------------------ cat */

/* TH's cat checks and sizes and sequence lengths (TH/generic/THTensorShapeShared.c, over THC's
 * tensors and state). */
#include "THCSharedWithTHBegin.h"
#include "generic/THTensorShapeShared.c"
#include "THCSharedWithTHEnd.h"

/* TH's cat: inputs agree in every dimension but `dimension` (0-based; it may lie past their last
 * dimension, and -2, Lua's -1, means the last dimension of the input that has the most); empty
 * inputs are skipped; the result may be one of the inputs. */
static void THCTensor_(catImpl)(THCState *state, const char *fn, THCTensor *result, THCTensor **inputs,
                                int numInputs, int dimension) {
  long size[TH_MAX_DIMS];
  int nDims, aliased;
  int first = THCTensor_(catShape)(state, fn, result, inputs, numInputs, &dimension, size, &nDims, &aliased);
  if (first < 0) {
    THCTensor_(makeEmpty)(state, result);
    return;
  }
  /* An output that aliases an input is made apart and copied into place at the end. */
  THCTensor *out = aliased ? THCTensor_(new)(state) : result;
  THCTensor_(resizeNd)(state, out, nDims, size, NULL);
  long offset = 0;
  for (int i = first; i < numInputs; i++) {
    THCTensor *in = inputs[i];
    if (in->nDimension == 0) continue;
    long sz = THCTensor_(sizeOr1)(in, dimension);
    /* copy pairs elements in row-major order, so an input with fewer dimensions than the output
     * (sizes 1 past its last) fills its slot as it is. */
    THCTensor *slot = THCTensor_(newNarrow)(state, out, dimension, offset, sz);
    THCTensor_(copy)(state, slot, in);
    THCTensor_(free)(state, slot);
    offset += sz;
  }
  if (aliased) {
    THCTensor_(resizeAs)(state, result, out);
    THCTensor_(copy)(state, result, out);
    THCTensor_(free)(state, out);
  }
}

void THCTensor_(catArray)(THCState *state, THCTensor *result, THCTensor **inputs, int numInputs, int dimension) {
  THCTensor_(catImpl)(state, THCM_NAME("catArray"), result, inputs, numInputs, dimension);
}

void THCTensor_(cat)(THCState *state, THCTensor *result, THCTensor *ta, THCTensor *tb, int dimension) {
  THCTensor *inputs[2] = {ta, tb};
  THCTensor_(catImpl)(state, THCM_NAME("cat"), result, inputs, 2, dimension);
}

/* ------------------------------------------------------------------ nonzero */

/* tensor becomes the N x nDimension matrix of the 0-based subscripts of the N non-zero elements of
 * self (NaN counts as non-zero) in row-major order; empty when there are none. */
void THCTensor_(nonzero)(THCState *state, THCudaLongTensor *tensor, THCTensor *self) {
  long n = (long)THCTensor_(nElement)(state, self);
  long *indices = THC_allocIndices(state, n);
  long count = n == 0 ? 0 : THC_selectIndices(state, n, thc_math::NonZeroAt<real>{THC_tensorInfo<real, uint64_t>(self)},
                                             indices);
  if (count == 0) {
    if (indices) THCudaCheck(THCudaFree(state, indices));
    THCudaLongTensor_resizeNd(state, tensor, 0, NULL, NULL);
    return;
  }
  /* self's sizes, kept before the result is resized: for Long, tensor may be self. */
  int nd = self->nDimension;
  long sizes[TH_MAX_DIMS];
  for (int d = 0; d < nd; d++) sizes[d] = self->size[d];
  THCudaLongTensor_resize2d(state, tensor, count, nd);
  THCudaLongTensor *out = THCudaLongTensor_isContiguous(state, tensor) ? tensor : THCudaLongTensor_newWithSize2d(state, count, nd);
  THC_linearToSubscripts(state, indices, count, sizes, nd, THCudaLongTensor_data(state, out));
  THCudaCheck(THCudaFree(state, indices));
  if (out != tensor) {
    THCudaLongTensor_copy(state, tensor, out);
    THCudaLongTensor_free(state, out);
  }
}

/* ------------------------------------------------------------------ tril, triu */

/* Keeps t[i][j] where j - i <= k (tril) or j - i >= k (triu), zero elsewhere; r_ may be t. */
static void THCTensor_(triangle)(THCState *state, const char *fn, THCTensor *r_, THCTensor *t, long k, bool upper) {
  THArgCheck(t->nDimension == 2, 2, "%s: expected a 2D tensor, got a %dD tensor", fn, t->nDimension);
  THCTensor *src = r_ == t ? (THCTensor_(retain)(state, t), t) : THCTensor_(newReadable)(state, r_->storage, t);
  THCTensor_(resizeAs)(state, r_, src);
  long rows = src->size[0], cols = src->size[1];
  if (rows > 0 && cols > 0) {
    thc_math::triangle<<<thc_apply::gridFor(state, rows * cols), thc_apply::kThreads, 0,
                         THCState_getCurrentStream(state)>>>(THCTensor_(data)(state, r_), r_->stride[0], r_->stride[1],
                                                              THCTensor_(data)(state, src), src->stride[0],
                                                              src->stride[1], rows, cols, k, upper);
    THCudaCheckLaunch("triangle");
  }
  THCTensor_(free)(state, src);
}

void THCTensor_(tril)(THCState *state, THCTensor *self, THCTensor *src, long k) {
  THCTensor_(triangle)(state, THCM_NAME("tril"), self, src, k, false);
}

void THCTensor_(triu)(THCState *state, THCTensor *self, THCTensor *src, long k) {
  THCTensor_(triangle)(state, THCM_NAME("triu"), self, src, k, true);
}

/* ------------------------------------------------------------------ diag, eye, trace */

/* A vector becomes a square matrix with it on diagonal k (k > 0 above the main one); a matrix
 * gives the vector of its diagonal k (empty when k is past the matrix). */
void THCTensor_(diag)(THCState *state, THCTensor *self, THCTensor *src, long k) {
  THArgCheck(src->nDimension == 1 || src->nDimension == 2, 2, "%s: expected a 1D or 2D tensor, got a %dD tensor",
             THCM_NAME("diag"), src->nDimension);
  long row0 = k >= 0 ? 0 : -k, col0 = k >= 0 ? k : 0;
  THCTensor *s = THCTensor_(newReadable)(state, self->storage, src);
  if (s->nDimension == 1) {
    long n = s->size[0], size = n + row0 + col0;
    THCTensor_(resize2d)(state, self, size, size);
    THCTensor_(fill)(state, self, 0);
    THCTensor *d = THCTensor_(newDiagonal)(state, self, k, n);
    THCTensor_(copy)(state, d, s);
    THCTensor_(free)(state, d);
  } else {
    long rows = s->size[0], cols = s->size[1];
    long n = row0 < rows && col0 < cols ? THMin(rows - row0, cols - col0) : 0;
    if (n == 0) {
      THCTensor_(makeEmpty)(state, self);
    } else {
      THCTensor *d = THCTensor_(newDiagonal)(state, s, k, n);
      THCTensor_(resize1d)(state, self, n);
      THCTensor_(copy)(state, self, d);
      THCTensor_(free)(state, d);
    }
  }
  THCTensor_(free)(state, s);
}

/* n x m identity (ones on the main diagonal); m <= 0 means m = n. */
void THCTensor_(eye)(THCState *state, THCTensor *self, long n, long m) {
  THArgCheck(n > 0, 2, "%s: n must be positive, got %ld", THCM_NAME("eye"), n);
  if (m <= 0) m = n;
  THCTensor_(resize2d)(state, self, n, m);
  THCTensor_(fill)(state, self, 0);
  THCTensor *d = THCTensor_(newDiagonal)(state, self, 0, THMin(n, m));
  THCTensor_(fill)(state, d, 1);
  THCTensor_(free)(state, d);
}

/* The sum of the main diagonal of a matrix. */
accreal THCTensor_(trace)(THCState *state, THCTensor *self) {
  THArgCheck(self->nDimension == 2, 1, "%s: expected a 2D tensor, got a %dD tensor", THCM_NAME("trace"),
             self->nDimension);
  long n = THMin(self->size[0], self->size[1]);
  if (n == 0) return 0;
  THCTensor *d = THCTensor_(newDiagonal)(state, self, 0, n);
  accreal sum = THCTensor_(sumall)(state, d);
  THCTensor_(free)(state, d);
  return sum;
}

/* ------------------------------------------------------------------ sequences */

/* r_, resized to n elements unless it has them, gets f's value for each index in row-major order. */
template <typename F>
static void THCTensor_(fillByIndex)(THCState *state, THCTensor *r_, long n, const F &f) {
  if (THCTensor_(nElement)(state, r_) != n) THCTensor_(resize1d)(state, r_, n);
  thc_math::fillByIndex<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      THC_tensorInfo<real, uint64_t>(r_), (uint64_t)n, f);
  THCudaCheckLaunch("fillByIndex");
}

/* xmin, xmin + step, ...: as many values as THCTensor_(sequenceLength) says. A result that already
 * has that many elements keeps its shape. */
static void THCTensor_(sequence)(THCState *state, const char *fn, THCTensor *r_, real xmin, real xmax, real step,
                                 bool inclusive) {
  ptrdiff_t count = THCTensor_(sequenceLength)(fn, xmin, xmax, step, inclusive);
  if (count == 0) {
    THCTensor_(makeEmpty)(state, r_);
    return;
  }
  THCTensor_(fillByIndex)(state, r_, (long)count,
                          thc_math::Sequence<real>{(double)xmin, (double)step, (long)xmin, (long)step});
}

void THCTensor_(range)(THCState *state, THCTensor *r_, real xmin, real xmax, real step) {
  THCTensor_(sequence)(state, THCM_NAME("range"), r_, xmin, xmax, step, true);
}

void THCTensor_(arange)(THCState *state, THCTensor *r_, real xmin, real xmax, real step) {
  THCTensor_(sequence)(state, THCM_NAME("arange"), r_, xmin, xmax, step, false);
}

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
/* n evenly spaced values from a to b (one point only when a == b); logspace: 10 to their power.
 * A result that already has n elements keeps its shape. */
static void THCTensor_(spaced)(THCState *state, const char *fn, THCTensor *r_, real a, real b, long n,
                               bool powerOf10) {
  THArgCheck(n > 1 || (n == 1 && a == b), 4,
             "%s: invalid number of points %ld (expected more than 1, or 1 when a == b)", fn, n);
  double step = n > 1 ? ((double)b - (double)a) / (double)(n - 1) : 0;
  THCTensor_(fillByIndex)(state, r_, n, thc_math::Spaced<real>{(double)a, (double)b, step, (uint64_t)n, powerOf10});
}

void THCTensor_(linspace)(THCState *state, THCTensor *r_, real a, real b, long n) {
  THCTensor_(spaced)(state, THCM_NAME("linspace"), r_, a, b, n, false);
}

void THCTensor_(logspace)(THCState *state, THCTensor *r_, real a, real b, long n) {
  THCTensor_(spaced)(state, THCM_NAME("logspace"), r_, a, b, n, true);
}
#endif

#undef THCM_NAME
