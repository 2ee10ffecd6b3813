#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathShape.c"
#else

/* `in`, or a private copy of it when it shares storage with an output that the kernel resizes or
 * writes before it has read all of `in`. Free the result with THTensor_(free). */
static THTensor *THTensor_(newReadable)(const void *outStorage, THTensor *in) {
  if (in->storage && (const void *)in->storage == outStorage) return THTensor_(newClone)(in);
  THTensor_(retain)(in);
  return in;
}

static void THTensor_(makeEmpty)(THTensor *t) { THTensor_(resizeNd)(t, 0, NULL, NULL); }

static void THTensor_(zeroFill)(THTensor *t) {
  if (THTensor_(isContiguous)(t))
    memset(THTensor_(data)(t), 0, sizeof(real) * (size_t)THTensor_(nElement)(t));
  else
    TH_TENSOR_APPLY(real, t, *t_data = 0;);
}

/* memcpy, split over the threads when the run is long enough for that to pay. */
static void THTensor_(copyRun)(real *dst, const real *src, ptrdiff_t n) {
  const ptrdiff_t piece = TH_OMP_THRESHOLD * 2;
  if (n <= 2 * piece) {
    memcpy(dst, src, sizeof(real) * (size_t)n);
    return;
  }
  ptrdiff_t pieces = (n + piece - 1) / piece;
#pragma omp parallel for
  for (ptrdiff_t p = 0; p < pieces; p++) {
    ptrdiff_t begin = p * piece;
    memcpy(dst + begin, src + begin, sizeof(real) * (size_t)THMin(piece, n - begin));
  }
}

/* ---------------------------------------------------------------------- cat */

/* libTH's tensors take no state argument (see generic/THTensorShapeShared.c). */
#define THT_STATE_
#define THT_S_
#include "generic/THTensorShapeShared.c"
#undef THT_STATE_
#undef THT_S_

/* Concatenates the inputs along `dimension` (0-based). Inputs agree in every other dimension;
 * empty inputs are skipped. As in Torch7: `dimension` may lie past the inputs' last dimension (a
 * tensor has size 1 there, so vectors catted along 1 become columns), and -2 (Lua's -1, the
 * default of torch.cat) means the last dimension of the input that has the most. The result may
 * be one of the inputs (or share its storage). */
static void THTensor_(catImpl)(const char *fn, THTensor *result, THTensor **inputs, int numInputs, int dimension) {
  long size[TH_MAX_DIMS];
  int nDims, aliased;
  int first = THTensor_(catShape)(fn, result, inputs, numInputs, &dimension, size, &nDims, &aliased);
  if (first < 0) {
    THTensor_(makeEmpty)(result);
    return;
  }

  /* An output that aliases an input is made apart, its storage first (THSize_nElement checks the
   * count): a failed allocation then leaks nothing. */
  THTensor *out = aliased ? THTensor_(newWithSize1d)(THSize_nElement(nDims, size)) : result;
  THTensor_(resizeNd)(out, nDims, size, NULL);
  ptrdiff_t outer = 1, inner = 1;
  for (int d = 0; d < dimension; d++) outer *= size[d];
  for (int d = dimension + 1; d < nDims; d++) inner *= size[d];
  int outContiguous = THTensor_(isContiguous)(out);
  real *outData = THTensor_(data)(out);
  long offset = 0;
  for (int i = first; i < numInputs; i++) {
    THTensor *in = inputs[i];
    if (in->nDimension == 0) continue;
    long sz = THTensor_(sizeOr1)(in, dimension);
    if (outContiguous && THTensor_(isContiguous)(in)) {
      /* Each input is `outer` runs of sz*inner elements: one run when dimension is 0. */
      const real *inData = THTensor_(data)(in);
      ptrdiff_t run = sz * inner;
      for (ptrdiff_t o = 0; o < outer; o++)
        THTensor_(copyRun)(outData + (o * size[dimension] + offset) * inner, inData + o * run, run);
    } else {
      THTensor *slot = THTensor_(newNarrow)(out, dimension, offset, sz);
      THTensor_(copy)(slot, in);
      THTensor_(free)(slot);
    }
    offset += sz;
  }
  if (aliased) {
    THTensor_(resizeAs)(result, out);
    THTensor_(copy)(result, out);
    THTensor_(free)(out);
  }
}

void THTensor_(catArray)(THTensor *result, THTensor **inputs, int numInputs, int dimension) {
  THTensor_(catImpl)("catArray", result, inputs, numInputs, dimension);
}

void THTensor_(cat)(THTensor *r_, THTensor *ta, THTensor *tb, int dimension) {
  THTensor *inputs[2] = {ta, tb};
  THTensor_(catImpl)("cat", r_, inputs, 2, dimension);
}

/* ------------------------------------------------------------ diag and eye */

/* A vector becomes a square matrix with it on diagonal k (k > 0 above the main one); a matrix
 * gives the vector of its diagonal k (empty when k is past the matrix). */
void THTensor_(diag)(THTensor *r_, THTensor *t, int k) {
  THArgCheck(t->nDimension == 1 || t->nDimension == 2, 2, "diag: expected a 1D or 2D tensor, got a %dD tensor",
             t->nDimension);
  long row0 = k >= 0 ? 0 : -(long)k, col0 = k >= 0 ? k : 0;
  THTensor *src = THTensor_(newReadable)(r_->storage, t);
  const real *s = THTensor_(data)(src);
  if (src->nDimension == 1) {
    long n = src->size[0], size = n + row0 + col0;
    THTensor_(resize2d)(r_, size, size);
    THTensor_(zeroFill)(r_);
    real *r = THTensor_(data)(r_);
    for (long i = 0; i < n; i++) r[(row0 + i) * r_->stride[0] + (col0 + i) * r_->stride[1]] = s[i * src->stride[0]];
  } else {
    long rows = src->size[0], cols = src->size[1];
    long n = row0 < rows && col0 < cols ? THMin(rows - row0, cols - col0) : 0;
    if (n == 0) {
      THTensor_(makeEmpty)(r_);
    } else {
      THTensor_(resize1d)(r_, n);
      real *r = THTensor_(data)(r_);
      for (long i = 0; i < n; i++)
        r[i * r_->stride[0]] = s[(row0 + i) * src->stride[0] + (col0 + i) * src->stride[1]];
    }
  }
  THTensor_(free)(src);
}

/* n x m identity (ones on the main diagonal); m <= 0 means m = n. */
void THTensor_(eye)(THTensor *r_, long n, long m) {
  THArgCheck(n > 0, 2, "eye: n must be positive, got %ld", n);
  if (m <= 0) m = n;
  THTensor_(resize2d)(r_, n, m);
  THTensor_(zeroFill)(r_);
  real *r = THTensor_(data)(r_);
  for (long i = 0; i < THMin(n, m); i++) r[i * r_->stride[0] + i * r_->stride[1]] = 1;
}

/* ---------------------------------------------------------- arange, range */

/* xmin, xmin + step, ...: as many values as THTensor_(sequenceLength) says
 * (generic/THTensorShapeShared.c). As in Torch7, a result that already has that many elements keeps
 * its shape. */
static void THTensor_(sequence)(const char *fn, THTensor *r_, accreal xmin, accreal xmax, accreal step,
                                int inclusive) {
  ptrdiff_t count = THTensor_(sequenceLength)(fn, xmin, xmax, step, inclusive);
  if (count == 0) {
    THTensor_(makeEmpty)(r_);
    return;
  }
  if (THTensor_(nElement)(r_) != count) THTensor_(resize1d)(r_, (long)count);
  ptrdiff_t i = 0;
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TH_TENSOR_APPLY(real, r_, *r__data = (real)(xmin + (double)i++ * step););
#else
  TH_TENSOR_APPLY(real, r_, *r__data = (real)(long)((unsigned long)xmin + (unsigned long)i++ * (unsigned long)step););
#endif
}

void THTensor_(arange)(THTensor *r_, accreal xmin, accreal xmax, accreal step) {
  THTensor_(sequence)("arange", r_, xmin, xmax, step, 0);
}

void THTensor_(range)(THTensor *r_, accreal xmin, accreal xmax, accreal step) {
  THTensor_(sequence)("range", r_, xmin, xmax, step, 1);
}

/* ----------------------------------------------------------------- reshape */

/* r_ is resized to `size` (the legacy rule: the first size <= 0 ends the list) and receives t's
 * elements in row-major order, as Torch7's resize-then-copy did (an r_ that already has that size
 * keeps its strides). */
void THTensor_(reshape)(THTensor *r_, THTensor *t, THLongStorage *size) {
  THArgCheck(size != NULL, 3, "reshape: size is NULL");
  int nd = 0;
  ptrdiff_t n = 1;
  int overflow = 0;
  while (nd < size->size && size->data[nd] > 0) overflow |= __builtin_mul_overflow(n, size->data[nd++], &n);
  if (nd == 0) n = 0;
  ptrdiff_t have = THTensor_(nElement)(t);
  THArgCheck(nd <= TH_MAX_DIMS, 3, "reshape: at most %d dimensions, got %d", TH_MAX_DIMS, nd);
  THArgCheck(!overflow && n == have, 3, "reshape: size %s does not hold the %td elements of the tensor %s",
             _THSizeDesc(size->data, size->size).str, have, THTensor_(sizeDesc)(t).str);
  if (n == 0) {
    THTensor_(makeEmpty)(r_);
    return;
  }
  THTensor *src = THTensor_(newReadable)(r_->storage, t);
  THTensor_(resizeNd)(r_, nd, size->data, NULL);
  THTensor_(copy)(r_, src);
  THTensor_(free)(src);
}

/* ------------------------------------------------------------- tril, triu */

/* Keeps t[i][j] where j - i <= k (tril) or j - i >= k (triu), zero elsewhere; r_ may be t. */
static void THTensor_(triangle)(const char *fn, THTensor *r_, THTensor *t, long k, int upper) {
  THArgCheck(t->nDimension == 2, 2, "%s: expected a 2D tensor, got a %dD tensor", fn, t->nDimension);
  THTensor *src = r_ == t ? (THTensor_(retain)(t), t) : THTensor_(newReadable)(r_->storage, t);
  THTensor_(resizeAs)(r_, src);
  long rows = src->size[0], cols = src->size[1];
  const real *s = THTensor_(data)(src);
  real *r = THTensor_(data)(r_);
  long ss0 = src->stride[0], ss1 = src->stride[1], rs0 = r_->stride[0], rs1 = r_->stride[1];
  for (long i = 0; i < rows; i++) {
    for (long j = 0; j < cols; j++) {
      int keep = upper ? j - i >= k : j - i <= k;
      r[i * rs0 + j * rs1] = keep ? s[i * ss0 + j * ss1] : 0;
    }
  }
  THTensor_(free)(src);
}

void THTensor_(tril)(THTensor *r_, THTensor *t, long k) { THTensor_(triangle)("tril", r_, t, k, 0); }

void THTensor_(triu)(THTensor *r_, THTensor *t, long k) { THTensor_(triangle)("triu", r_, t, k, 1); }

/* ------------------------------------------------------------------- cross */

/* Cross products of the 3-vectors along `dimension` (0-based; < 0: the first of size 3). */
void THTensor_(cross)(THTensor *r_, THTensor *a, THTensor *b, int dimension) {
  THArgCheck(THTensor_(isSameSizeAs)(a, b), 3, "cross: a %s and b %s must have the same size",
             THTensor_(sizeDesc)(a).str, THTensor_(sizeDesc)(b).str);
  if (dimension < 0) {
    for (int d = 0; d < a->nDimension && dimension < 0; d++)
      if (a->size[d] == 3) dimension = d;
    THArgCheck(dimension >= 0, 2, "cross: a %s has no dimension of size 3", THTensor_(sizeDesc)(a).str);
  } else {
    THArgCheck(dimension < a->nDimension, 4, "cross: dimension %d out of range of a %dD tensor",
               dimension + TH_INDEX_BASE, a->nDimension);
    THArgCheck(a->size[dimension] == 3, 4, "cross: dimension %d of a %s has size %ld, expected 3",
               dimension + TH_INDEX_BASE, THTensor_(sizeDesc)(a).str, a->size[dimension]);
  }
  /* Each 3-vector is read whole before its result is written, so r_ may be a or b itself. */
  THTensor *sa = r_ == a ? (THTensor_(retain)(a), a) : THTensor_(newReadable)(r_->storage, a);
  THTensor *sb = r_ == b ? (THTensor_(retain)(b), b) : THTensor_(newReadable)(r_->storage, b);
  THTensor_(resizeAs)(r_, sa);
  TH_TENSOR_DIM_APPLY3(real, r_, real, sa, real, sb, dimension, {
    real a0 = sa_data[0];
    real a1 = sa_data[sa_stride];
    real a2 = sa_data[2 * sa_stride];
    real b0 = sb_data[0];
    real b1 = sb_data[sb_stride];
    real b2 = sb_data[2 * sb_stride];
    r__data[0] = a1 * b2 - a2 * b1;
    r__data[r__stride] = a2 * b0 - a0 * b2;
    r__data[2 * r__stride] = a0 * b1 - a1 * b0;
  });
  THTensor_(free)(sb);
  THTensor_(free)(sa);
}

/* ------------------------------------------------------------------- match */

/* A contiguous tensor with in's elements that stays valid while `outStorage` is rewritten. */
static THTensor *THTensor_(newContiguousReadable)(const void *outStorage, THTensor *in) {
  if ((const void *)in->storage == outStorage) return THTensor_(newClone)(in);
  return THTensor_(newContiguous)(in);
}

/* r_[i][j] = gain * sum_k (m1[i][k] - m2[j][k])^2, the rows being m1 and m2 flattened past their
 * first dimension (Torch7's definition). The sum runs in accreal (Torch7 summed in real). */
void THTensor_(match)(THTensor *r_, THTensor *m1, THTensor *m2, real gain) {
  THArgCheck(m1->nDimension > 0, 2, "match: m1 is empty");
  THArgCheck(m2->nDimension > 0, 3, "match: m2 is empty");
  long n1 = m1->size[0], n2 = m2->size[0];
  ptrdiff_t dim = THTensor_(nElement)(m1) / n1;
  THArgCheck(dim == THTensor_(nElement)(m2) / n2, 3,
             "match: the rows of m1 %s have %td elements but the rows of m2 %s have %td", THTensor_(sizeDesc)(m1).str,
             dim, THTensor_(sizeDesc)(m2).str, THTensor_(nElement)(m2) / n2);
  THTensor *c1 = THTensor_(newContiguousReadable)(r_->storage, m1);
  THTensor *c2 = THTensor_(newContiguousReadable)(r_->storage, m2);
  THTensor_(resize2d)(r_, n1, n2);
  const real *p1 = THTensor_(data)(c1), *p2 = THTensor_(data)(c2);
  real *r = THTensor_(data)(r_);
  long rs0 = r_->stride[0], rs1 = r_->stride[1];
#pragma omp parallel for if ((double)n1 * n2 * dim > TH_OMP_THRESHOLD)
  for (long i = 0; i < n1; i++) {
    for (long j = 0; j < n2; j++) {
      accreal sum = 0;
      for (ptrdiff_t k = 0; k < dim; k++) {
        accreal diff = (accreal)p1[i * dim + k] - (accreal)p2[j * dim + k];
        sum += diff * diff;
      }
      r[i * rs0 + j * rs1] = (real)(gain * sum);
    }
  }
  THTensor_(free)(c2);
  THTensor_(free)(c1);
}

/* ------------------------------------------------------- linspace, logspace */

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
/* n evenly spaced values from a to b, both ends exact (the first half counts from a, the second
 * from b). As in Torch7, one point is allowed only when a == b, and a result that already has n
 * elements keeps its shape. Logspace: 10 to the power of those values. */
static void THTensor_(spaced)(const char *fn, THTensor *r_, real a, real b, long n, int powerOf10) {
  THArgCheck(n > 1 || (n == 1 && a == b), 4,
             "%s: invalid number of points %ld (expected more than 1, or 1 when a == b)", fn, n);
  if (THTensor_(nElement)(r_) != n) THTensor_(resize1d)(r_, n);
  double step = n > 1 ? ((double)b - (double)a) / (double)(n - 1) : 0;
  long i = 0;
  TH_TENSOR_APPLY(real, r_, {
    double v = 2 * i < n ? (double)a + (double)i * step : (double)b - (double)(n - 1 - i) * step;
    *r__data = (real)(powerOf10 ? pow(10.0, v) : v);
    i++;
  });
}

void THTensor_(linspace)(THTensor *r_, real a, real b, long n) { THTensor_(spaced)("linspace", r_, a, b, n, 0); }

void THTensor_(logspace)(THTensor *r_, real a, real b, long n) { THTensor_(spaced)("logspace", r_, a, b, n, 1); }
#endif

#endif
