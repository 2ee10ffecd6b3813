#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathReduce.c"
#else

/* Sums and products accumulate in accreal (long for the integer types, double for float and
 * double). Integer accumulation wraps modulo 2^64 (unsigned arithmetic) instead of overflowing,
 * which C leaves undefined. max/min propagate NaN: a NaN is larger and smaller than everything. */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_REDUCE_FLOATING
#define TH_IS_NAN(x) isnan(x)
#define TH_ACC_ADD(a, b) ((a) + (b))
#define TH_ACC_MUL(a, b) ((a) * (b))
#else
#define TH_IS_NAN(x) 0
#define TH_ACC_ADD(a, b) ((accreal)((unsigned long)(a) + (unsigned long)(b)))
#define TH_ACC_MUL(a, b) ((accreal)((unsigned long)(a) * (unsigned long)(b)))
#endif
#define TH_ACC_MAX(a, b) ((TH_IS_NAN(a) || (a) >= (b)) ? (a) : (b))
#define TH_ACC_MIN(a, b) ((TH_IS_NAN(a) || (a) <= (b)) ? (a) : (b))

/* ------------------------------------------------------------ fold kernels */

/* NAME##Contiguous folds x[0..n) (n >= 1) with COMBINE in TH_REDUCE_LANES interleaved lanes so that
 * the compiler vectorises it; NAME##Strided folds a strided run. */
#define TH_REDUCE_DEFINE_RUN_FOLD(NAME, COMBINE)                                                  \
  TH_VECTORISED static accreal THTensor_(NAME##Contiguous)(const real *x, ptrdiff_t n) {          \
    if (n < TH_REDUCE_LANES) {                                                                    \
      accreal a = x[0];                                                                           \
      for (ptrdiff_t i = 1; i < n; i++) a = COMBINE(a, (accreal)x[i]);                            \
      return a;                                                                                   \
    }                                                                                             \
    accreal lane[TH_REDUCE_LANES];                                                                \
    for (int k = 0; k < TH_REDUCE_LANES; k++) lane[k] = x[k];                                     \
    ptrdiff_t i = TH_REDUCE_LANES;                                                                \
    for (; i + TH_REDUCE_LANES <= n; i += TH_REDUCE_LANES)                                        \
      for (int k = 0; k < TH_REDUCE_LANES; k++) lane[k] = COMBINE(lane[k], (accreal)x[i + k]);    \
    for (; i < n; i++) lane[0] = COMBINE(lane[0], (accreal)x[i]);                                 \
    for (int w = TH_REDUCE_LANES / 2; w > 0; w /= 2)                                              \
      for (int k = 0; k < w; k++) lane[k] = COMBINE(lane[k], lane[k + w]);                        \
    return lane[0];                                                                               \
  }                                                                                               \
  static accreal THTensor_(NAME##Strided)(const real *x, ptrdiff_t n, ptrdiff_t stride) {         \
    accreal a = x[0];                                                                             \
    for (ptrdiff_t i = 1; i < n; i++) a = COMBINE(a, (accreal)x[i * stride]);                     \
    return a;                                                                                     \
  }

/* NAME##Columns folds the n rows (ld apart) of w adjacent columns into acc[0..w): the reduction
 * along a non-innermost dimension of a contiguous tensor, reading memory forwards. Four rows are
 * combined before they meet the accumulators, which saves accumulator traffic. */
#define TH_REDUCE_DEFINE_COLUMN_FOLD(NAME, COMBINE)                                               \
  TH_VECTORISED static void THTensor_(NAME##Columns)(const real *restrict x, long n, ptrdiff_t ld, \
                                                     long w, accreal *restrict acc) {             \
    for (long j = 0; j < w; j++) acc[j] = x[j];                                                   \
    long i = 1;                                                                                   \
    for (; i + 4 <= n; i += 4) {                                                                  \
      const real *r0 = x + i * ld, *r1 = r0 + ld, *r2 = r1 + ld, *r3 = r2 + ld;                   \
      for (long j = 0; j < w; j++)                                                                \
        acc[j] = COMBINE(acc[j], COMBINE(COMBINE((accreal)r0[j], (accreal)r1[j]),                 \
                                         COMBINE((accreal)r2[j], (accreal)r3[j])));               \
    }                                                                                             \
    for (; i < n; i++) {                                                                          \
      const real *row = x + i * ld;                                                               \
      for (long j = 0; j < w; j++) acc[j] = COMBINE(acc[j], (accreal)row[j]);                     \
    }                                                                                             \
  }

TH_REDUCE_DEFINE_RUN_FOLD(sum, TH_ACC_ADD)
TH_REDUCE_DEFINE_RUN_FOLD(prod, TH_ACC_MUL)
TH_REDUCE_DEFINE_RUN_FOLD(max, TH_ACC_MAX)
TH_REDUCE_DEFINE_RUN_FOLD(min, TH_ACC_MIN)
TH_REDUCE_DEFINE_COLUMN_FOLD(sum, TH_ACC_ADD)

static accreal THTensor_(foldCombine)(THReduceOp op, accreal a, accreal b) {
  switch (op) {
    case TH_REDUCE_SUM: return TH_ACC_ADD(a, b);
    case TH_REDUCE_PROD: return TH_ACC_MUL(a, b);
    case TH_REDUCE_MAX: return TH_ACC_MAX(a, b);
    default: return TH_ACC_MIN(a, b);
  }
}

/* Folds a run of n >= 1 elements. */
static accreal THTensor_(foldRun)(THReduceOp op, const real *x, ptrdiff_t n, ptrdiff_t stride) {
  if (stride == 1) {
    switch (op) {
      case TH_REDUCE_SUM: return THTensor_(sumContiguous)(x, n);
      case TH_REDUCE_PROD: return THTensor_(prodContiguous)(x, n);
      case TH_REDUCE_MAX: return THTensor_(maxContiguous)(x, n);
      default: return THTensor_(minContiguous)(x, n);
    }
  }
  switch (op) {
    case TH_REDUCE_SUM: return THTensor_(sumStrided)(x, n, stride);
    case TH_REDUCE_PROD: return THTensor_(prodStrided)(x, n, stride);
    case TH_REDUCE_MAX: return THTensor_(maxStrided)(x, n, stride);
    default: return THTensor_(minStrided)(x, n, stride);
  }
}

/* Folds a contiguous run of n >= 1 elements, on several threads when it is long (fixed blocks,
 * combined in order, so the result is the same for any number of threads). */
static accreal THTensor_(foldDense)(THReduceOp op, const real *x, ptrdiff_t n) {
  ptrdiff_t block = THReduce_blockSize(n);
  ptrdiff_t nblocks = (n + block - 1) / block;
  if (nblocks == 1) return THTensor_(foldRun)(op, x, n, 1);
  accreal partial[TH_REDUCE_MAX_BLOCKS];
#pragma omp parallel for if (n > TH_REDUCE_OMP_THRESHOLD) schedule(static)
  for (ptrdiff_t b = 0; b < nblocks; b++)
    partial[b] = THTensor_(foldRun)(op, x + b * block, THMin(block, n - b * block), 1);
  accreal r = partial[0];
  for (ptrdiff_t b = 1; b < nblocks; b++) r = THTensor_(foldCombine)(op, r, partial[b]);
  return r;
}

/* Folds every element of a non-empty tensor, visiting memory in order (a transposed contiguous
 * tensor folds like a contiguous one). */
static accreal THTensor_(foldAll)(THTensor *t, THReduceOp op) {
  ptrdiff_t total = THTensor_(nElement)(t);
  int first = 1;
  accreal r = 0;
  TH_REDUCE_FOR_EACH_RUN(t, x, n, s, {
    accreal a = n == total && s == 1 ? THTensor_(foldDense)(op, x, n) : THTensor_(foldRun)(op, x, n, s);
    r = first ? a : THTensor_(foldCombine)(op, r, a);
    first = 0;
  });
  return r;
}

/* ------------------------------------------------------- whole-tensor */

accreal THTensor_(sumall)(THTensor *t) {
  THReduce_checkNotNull("sumall", t, 1);
  return THTensor_(nElement)(t) == 0 ? 0 : THTensor_(foldAll)(t, TH_REDUCE_SUM);
}

accreal THTensor_(prodall)(THTensor *t) {
  THReduce_checkNotNull("prodall", t, 1);
  return THTensor_(nElement)(t) == 0 ? 1 : THTensor_(foldAll)(t, TH_REDUCE_PROD);
}

real THTensor_(maxall)(THTensor *t) {
  THReduce_checkNotNull("maxall", t, 1);
  THArgCheck(THTensor_(nElement)(t) > 0, 1, "maxall: the tensor is empty");
  return (real)THTensor_(foldAll)(t, TH_REDUCE_MAX);
}

real THTensor_(minall)(THTensor *t) {
  THReduce_checkNotNull("minall", t, 1);
  THArgCheck(THTensor_(nElement)(t) > 0, 1, "minall: the tensor is empty");
  return (real)THTensor_(foldAll)(t, TH_REDUCE_MIN);
}

ptrdiff_t THTensor_(numel)(THTensor *t) {
  THReduce_checkNotNull("numel", t, 1);
  return THTensor_(nElement)(t);
}

accreal THTensor_(trace)(THTensor *t) {
  THReduce_checkNotNull("trace", t, 1);
  THArgCheck(t->nDimension == 2, 1, "trace: expected a 2D tensor, got a %dD tensor", t->nDimension);
  return THTensor_(foldRun)(TH_REDUCE_SUM, THTensor_(data)(t), THMin(t->size[0], t->size[1]),
                            t->stride[0] + t->stride[1]);
}

TH_VECTORISED static accreal THTensor_(dotContiguous)(const real *restrict x, const real *restrict y,
                                                      ptrdiff_t n) {
  accreal lane[TH_REDUCE_LANES] = {0};
  ptrdiff_t i = 0;
  for (; i + TH_REDUCE_LANES <= n; i += TH_REDUCE_LANES)
    for (int k = 0; k < TH_REDUCE_LANES; k++)
      lane[k] = TH_ACC_ADD(lane[k], TH_ACC_MUL((accreal)x[i + k], (accreal)y[i + k]));
  for (; i < n; i++) lane[0] = TH_ACC_ADD(lane[0], TH_ACC_MUL((accreal)x[i], (accreal)y[i]));
  accreal s = 0;
  for (int k = 0; k < TH_REDUCE_LANES; k++) s = TH_ACC_ADD(s, lane[k]);
  return s;
}

accreal THTensor_(dot)(THTensor *t, THTensor *src) {
  THReduce_checkNotNull("dot", t, 1);
  THReduce_checkNotNull("dot", src, 2);
  ptrdiff_t n = THTensor_(nElement)(t), nsrc = THTensor_(nElement)(src);
  THArgCheck(n == nsrc, 2, "dot: t has %td elements but src has %td", n, nsrc);
  accreal s = 0;
  if (n == 0) return 0;
  if (THTensor_(isContiguous)(t) && THTensor_(isContiguous)(src))
    s = THTensor_(dotContiguous)(THTensor_(data)(t), THTensor_(data)(src), n);
  else
    TH_TENSOR_APPLY2(real, t, real, src,
                     s = TH_ACC_ADD(s, TH_ACC_MUL((accreal)*t_data, (accreal)*src_data)););
#if defined(TH_REAL_IS_BYTE) || defined(TH_REAL_IS_CHAR) || defined(TH_REAL_IS_SHORT)
  /* Legacy: these types accumulate the dot product in the element type (a Byte dot wraps modulo
   * 256), though the result is returned as a long. */
  s = (real)s;
#endif
  return s;
}

int THTensor_(equal)(THTensor *ta, THTensor *tb) {
  THReduce_checkNotNull("equal", ta, 1);
  THReduce_checkNotNull("equal", tb, 2);
  if (!THTensor_(isSameSizeAs)(ta, tb)) return 0;
  int equal = 1;
  TH_TENSOR_APPLY2(real, ta, real, tb, equal &= *ta_data == *tb_data;);
  return equal;
}

#if defined(TH_REAL_IS_BYTE)
int THTensor_(logicalall)(THTensor *self) {
  THReduce_checkNotNull("logicalall", self, 1);
  int all = 1;
  TH_TENSOR_APPLY(real, self, all &= *self_data != 0;);
  return all;
}

int THTensor_(logicalany)(THTensor *self) {
  THReduce_checkNotNull("logicalany", self, 1);
  int any = 0;
  TH_TENSOR_APPLY(real, self, any |= *self_data != 0;);
  return any;
}
#endif

/* ------------------------------------------------------- along a dimension */

/* Sums each slice along dim (contiguous input and output, as outer x n x inner). */
static void THTensor_(foldDimContiguous)(real *y, const real *x, ptrdiff_t outer, long n,
                                         ptrdiff_t inner, int mean) {
  if (inner == 1) {
    if (outer == 1) {
      accreal a = THTensor_(foldDense)(TH_REDUCE_SUM, x, n);
      y[0] = (real)(mean ? a / n : a);
      return;
    }
#pragma omp parallel for if (outer * n > TH_REDUCE_OMP_THRESHOLD) schedule(static)
    for (ptrdiff_t o = 0; o < outer; o++) {
      accreal a = THTensor_(foldRun)(TH_REDUCE_SUM, x + o * n, n, 1);
      y[o] = (real)(mean ? a / n : a);
    }
    return;
  }
  /* Column blocks as wide as fits the accumulators, split so that every thread gets work; each
   * column is folded in the same order whatever the split. */
  ptrdiff_t width = (inner + THGetNumThreads() - 1) / THGetNumThreads();
  width = THMin(TH_REDUCE_COLUMNS, (width + TH_REDUCE_LANES - 1) / TH_REDUCE_LANES * TH_REDUCE_LANES);
  ptrdiff_t chunks = (inner + width - 1) / width;
#pragma omp parallel for if (outer * n * inner > TH_REDUCE_OMP_THRESHOLD) schedule(static)
  for (ptrdiff_t task = 0; task < outer * chunks; task++) {
    ptrdiff_t o = task / chunks, c0 = task % chunks * width;
    long w = (long)THMin(width, inner - c0);
    const real *xo = x + o * n * inner + c0;
    accreal acc[TH_REDUCE_COLUMNS];
    THTensor_(sumColumns)(xo, n, inner, w, acc);
    real *yo = y + o * inner + c0;
    for (long j = 0; j < w; j++) yo[j] = (real)(mean ? acc[j] / n : acc[j]);
  }
}

/* sum and mean along a dimension (mean: the sum divided by the slice length). */
static void THTensor_(foldDim)(THTensor *r_, THTensor *t, int dimension, int keepdim, int mean) {
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  long n = t->size[dimension];
  if (THTensor_(isContiguous)(t) && THTensor_(isContiguous)(out)) {
    THTensor_(foldDimContiguous)(THTensor_(data)(out), THTensor_(data)(t), THReduce_outer(t->size, dimension),
                                 n, THReduce_inner(t->nDimension, t->size, dimension), mean);
  } else {
    TH_TENSOR_DIM_APPLY2(real, out, real, t, dimension, {
      accreal a = THTensor_(foldRun)(TH_REDUCE_SUM, t_data, t_size, t_stride);
      *out_data = (real)(mean ? a / n : a);
    });
  }
  THTensor_(reduceFinish)(r_, out, dimension, keepdim);
}

#define TH_REDUCE_CHECK_DIM_ARGS(FN, R, T, DIM, DIMARG) \
  THReduce_checkNotNull(FN, R, 1);                      \
  THReduce_checkNotNull(FN, T, 2);                      \
  THReduce_checkDim(FN, DIM, T, DIMARG)

void THTensor_(sum)(THTensor *r_, THTensor *t, int dimension, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("sum", r_, t, dimension, 3);
  THTensor_(foldDim)(r_, t, dimension, keepdim, 0);
}

/* prod along a dimension multiplies each slice in order, as Torch7 did: in accreal where the
 * slice is a unit-stride run, in real otherwise (Torch7 multiplied into the result there). Its
 * own test compares these products exactly, so neither the order nor the type may change. For the
 * integer types products wrap, and the type makes no difference. */
#ifdef TH_REDUCE_FLOATING
#define TH_PROD_STEP(p, x) ((p) * (x))
#else
#define TH_PROD_STEP(p, x) ((real)TH_ACC_MUL(p, x))
#endif

static real THTensor_(prodSlice)(const real *x, long n, long stride) {
  if (stride == 1) {
    accreal p = 1;
    for (long i = 0; i < n; i++) p = TH_ACC_MUL(p, (accreal)x[i]);
    return (real)p;
  }
  real p = 1;
  for (long i = 0; i < n; i++) p = TH_PROD_STEP(p, x[i * stride]);
  return p;
}

/* The products of the columns of an n x inner row-major block, rows taken in order: the slices of
 * a contiguous tensor along a dimension that is not its last, read forwards. */
TH_VECTORISED static void THTensor_(prodColumnsInOrder)(real *restrict y, const real *restrict x, long n,
                                                        ptrdiff_t inner) {
  for (ptrdiff_t j = 0; j < inner; j++) y[j] = 1;
  for (long i = 0; i < n; i++) {
    const real *row = x + i * inner;
    for (ptrdiff_t j = 0; j < inner; j++) y[j] = TH_PROD_STEP(y[j], row[j]);
  }
}

void THTensor_(prod)(THTensor *r_, THTensor *t, int dimension, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("prod", r_, t, dimension, 3);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  long n = t->size[dimension];
  ptrdiff_t inner = THReduce_inner(t->nDimension, t->size, dimension);
  if (inner > 1 && THTensor_(isContiguous)(t) && THTensor_(isContiguous)(out)) {
    ptrdiff_t outer = THReduce_outer(t->size, dimension);
    real *y = THTensor_(data)(out);
    const real *x = THTensor_(data)(t);
#pragma omp parallel for if (outer * n * inner > TH_REDUCE_OMP_THRESHOLD) schedule(static)
    for (ptrdiff_t o = 0; o < outer; o++) THTensor_(prodColumnsInOrder)(y + o * inner, x + o * n * inner, n, inner);
  } else {
    TH_TENSOR_DIM_APPLY2(real, out, real, t, dimension,
                         { *out_data = THTensor_(prodSlice)(t_data, t_size, t_stride); });
  }
  THTensor_(reduceFinish)(r_, out, dimension, keepdim);
}
#undef TH_PROD_STEP

/* Index of the first largest (isMax) or smallest element of a slice; a NaN beats everything and
 * the first NaN wins (Torch7's rule, on both of its stride paths). */
static long THTensor_(argExtreme)(const real *x, long n, long stride, int isMax) {
  long best = 0;
  real b = x[0];
  for (long i = 1; i < n && !TH_IS_NAN(b); i++) {
    real v = x[i * stride];
    if ((isMax ? v > b : v < b) || TH_IS_NAN(v)) {
      b = v;
      best = i;
    }
  }
  return best;
}

/* max and min along a dimension; indices_ gets 0-based positions, as Torch7's C returned them (its
 * Lua layer added 1). Torch7's min leaked two tensor headers when the dimension's stride was not 1;
 * here every path frees what it allocates. */
static void THTensor_(extremeDim)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension,
                                  int keepdim, int isMax) {
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(values_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(indices_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    long best = THTensor_(argExtreme)(t_data, t_size, t_stride, isMax);
    *out_data = t_data[best * t_stride];
    *outi_data = best;
  });
  THTensor_(reduceFinish)(values_, out, dimension, keepdim);
  THLongTensor_reduceFinish(indices_, outi, dimension, keepdim);
}

#define TH_REDUCE_CHECK_INDEXED_ARGS(FN, V, I, T, DIM) \
  THReduce_checkNotNull(FN, V, 1);                      \
  THReduce_checkNotNull(FN, I, 2);                      \
  THReduce_checkNotNull(FN, T, 3);                      \
  THReduce_checkDim(FN, DIM, T, 4)

void THTensor_(max)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension, int keepdim) {
  TH_REDUCE_CHECK_INDEXED_ARGS("max", values_, indices_, t, dimension);
  THTensor_(extremeDim)(values_, indices_, t, dimension, keepdim, 1);
}

void THTensor_(min)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension, int keepdim) {
  TH_REDUCE_CHECK_INDEXED_ARGS("min", values_, indices_, t, dimension);
  THTensor_(extremeDim)(values_, indices_, t, dimension, keepdim, 0);
}

/* cumsum and cumprod: r_ == t works in place (each element is read before it is written). */
static void THTensor_(cumulate)(THTensor *r_, THTensor *t, int dimension, THReduceOp op) {
  THTensor *out = r_ == t ? r_ : THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeAs)(out, t);
  TH_TENSOR_DIM_APPLY2(real, out, real, t, dimension, {
    accreal acc = t_data[0];
    out_data[0] = (real)acc;
    for (long i = 1; i < t_size; i++) {
      accreal v = t_data[i * t_stride];
      acc = op == TH_REDUCE_SUM ? TH_ACC_ADD(acc, v) : TH_ACC_MUL(acc, v);
      out_data[i * out_stride] = (real)acc;
    }
  });
  THTensor_(reduceFinish)(r_, out, dimension, 1);
}

void THTensor_(cumsum)(THTensor *r_, THTensor *t, int dimension) {
  TH_REDUCE_CHECK_DIM_ARGS("cumsum", r_, t, dimension, 3);
  THTensor_(cumulate)(r_, t, dimension, TH_REDUCE_SUM);
}

void THTensor_(cumprod)(THTensor *r_, THTensor *t, int dimension) {
  TH_REDUCE_CHECK_DIM_ARGS("cumprod", r_, t, dimension, 3);
  THTensor_(cumulate)(r_, t, dimension, TH_REDUCE_PROD);
}

/* ------------------------------------------------------- statistics (float types) */
#if defined(TH_REDUCE_FLOATING)

/* The p-norm of a set of values is normFinish(normStep(... normStep(0, |x0|) ...)): p = 0 counts
 * the non-zeros, p = inf takes the largest |x| (NaN propagates), any other p sums |x|^p and takes
 * the p-th root. */
static inline accreal THTensor_(normStep)(accreal acc, accreal x, accreal p) {
  accreal a = fabs(x);
  if (p == 0) return acc + (x != 0);
  if (p == 1) return acc + a;
  if (p == 2) return acc + a * a;
  if (isinf(p)) return (a > acc || isnan(a)) ? a : acc;
  return acc + pow(a, p);
}

static inline accreal THTensor_(normFinish)(accreal acc, accreal p) {
  if (p == 0 || p == 1 || isinf(p)) return acc;
  if (p == 2) return sqrt(acc);
  return pow(acc, 1 / p);
}

static accreal THTensor_(normRun)(accreal acc, const real *x, long n, long stride, accreal p) {
  for (long i = 0; i < n; i++) acc = THTensor_(normStep)(acc, x[i * stride], p);
  return acc;
}

static accreal THTensor_(normAll)(THTensor *t, accreal p) {
  accreal acc = 0;
  TH_REDUCE_FOR_EACH_RUN(t, x, n, s, acc = THTensor_(normRun)(acc, x, n, s, p););
  return THTensor_(normFinish)(acc, p);
}

/* Variance of a slice of n >= 1 elements (two passes: mean, then squared deviations); unbiased
 * over one element is NaN, as in Torch7. */
static accreal THTensor_(sliceVariance)(const real *x, long n, long stride, int biased) {
  if (!biased && n == 1) return NAN;
  accreal sum = 0, ss = 0;
  for (long i = 0; i < n; i++) sum += x[i * stride];
  accreal mean = sum / n;
  for (long i = 0; i < n; i++) {
    accreal d = x[i * stride] - mean;
    ss += d * d;
  }
  return ss / (biased ? n : n - 1);
}

void THTensor_(mean)(THTensor *r_, THTensor *t, int dimension, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("mean", r_, t, dimension, 3);
  THTensor_(foldDim)(r_, t, dimension, keepdim, 1);
}

static void THTensor_(varianceDim)(THTensor *r_, THTensor *t, int dimension, int biased, int keepdim,
                                   int takeSqrt) {
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  TH_TENSOR_DIM_APPLY2(real, out, real, t, dimension, {
    accreal v = THTensor_(sliceVariance)(t_data, t_size, t_stride, biased);
    *out_data = (real)(takeSqrt ? sqrt(v) : v);
  });
  THTensor_(reduceFinish)(r_, out, dimension, keepdim);
}

void THTensor_(std)(THTensor *r_, THTensor *t, int dimension, int biased, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("std", r_, t, dimension, 3);
  THTensor_(varianceDim)(r_, t, dimension, biased, keepdim, 1);
}

void THTensor_(var)(THTensor *r_, THTensor *t, int dimension, int biased, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("var", r_, t, dimension, 3);
  THTensor_(varianceDim)(r_, t, dimension, biased, keepdim, 0);
}

void THTensor_(norm)(THTensor *r_, THTensor *t, real value, int dimension, int keepdim) {
  TH_REDUCE_CHECK_DIM_ARGS("norm", r_, t, dimension, 4);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  TH_TENSOR_DIM_APPLY2(real, out, real, t, dimension, {
    accreal acc = THTensor_(normRun)(0, t_data, t_size, t_stride, value);
    *out_data = (real)THTensor_(normFinish)(acc, value);
  });
  THTensor_(reduceFinish)(r_, out, dimension, keepdim);
}

/* Each sub-tensor t[.., i, ..] (i along dimension) whose p-norm exceeds maxnorm is scaled to norm
 * maxnorm (Torch7's formula: by maxnorm / (norm + 1e-7)); the others are copied unchanged. */
void THTensor_(renorm)(THTensor *r_, THTensor *t, real value, int dimension, real maxnorm) {
  TH_REDUCE_CHECK_DIM_ARGS("renorm", r_, t, dimension, 4);
  THArgCheck(value > 0, 3, "renorm: the norm p must be positive, got %g", (double)value);
  THArgCheck(t->nDimension > 1, 2, "renorm: expected a tensor of at least 2 dimensions, got %dD",
             t->nDimension);
  THTensor *out = r_ == t ? r_ : THTensor_(reduceTarget)(r_, t->storage);
  THTensor_(resizeAs)(out, t);
  THTensor *rowIn = THTensor_(new)(), *rowOut = THTensor_(new)();
  for (long i = 0; i < t->size[dimension]; i++) {
    THTensor_(select)(rowIn, t, dimension, i);
    THTensor_(select)(rowOut, out, dimension, i);
    accreal norm = THTensor_(normAll)(rowIn, value);
    accreal scale = norm > maxnorm ? maxnorm / (norm + 1e-7) : 1;
    TH_TENSOR_APPLY2(real, rowOut, real, rowIn, *rowOut_data = (real)(*rowIn_data * scale););
  }
  THTensor_(free)(rowIn);
  THTensor_(free)(rowOut);
  THTensor_(reduceFinish)(r_, out, dimension, 1);
}

double THTensor_(meanall)(THTensor *self) {
  THReduce_checkNotNull("meanall", self, 1);
  ptrdiff_t n = THTensor_(nElement)(self);
  THArgCheck(n > 0, 1, "meanall: the tensor is empty");
  return THTensor_(foldAll)(self, TH_REDUCE_SUM) / n;
}

double THTensor_(varall)(THTensor *self, int biased) {
  THReduce_checkNotNull("varall", self, 1);
  ptrdiff_t n = THTensor_(nElement)(self);
  THArgCheck(n > 0, 1, "varall: the tensor is empty");
  if (!biased && n == 1) return NAN;
  accreal mean = THTensor_(foldAll)(self, TH_REDUCE_SUM) / n, ss = 0;
  TH_REDUCE_FOR_EACH_RUN(self, x, len, s, {
    for (long i = 0; i < len; i++) {
      accreal d = x[i * s] - mean;
      ss += d * d;
    }
  });
  return ss / (biased ? n : n - 1);
}

double THTensor_(stdall)(THTensor *self, int biased) {
  THReduce_checkNotNull("stdall", self, 1);
  THArgCheck(THTensor_(nElement)(self) > 0, 1, "stdall: the tensor is empty");
  return sqrt(THTensor_(varall)(self, biased));
}

double THTensor_(normall)(THTensor *t, real value) {
  THReduce_checkNotNull("normall", t, 1);
  return THTensor_(normAll)(t, value);
}

/* The p-norm of a - b (the same p conventions as norm: p = 0 counts the differing elements). */
double THTensor_(dist)(THTensor *a, THTensor *b, real value) {
  THReduce_checkNotNull("dist", a, 1);
  THReduce_checkNotNull("dist", b, 2);
  ptrdiff_t na = THTensor_(nElement)(a), nb = THTensor_(nElement)(b);
  THArgCheck(na == nb, 2, "dist: a has %td elements but b has %td", na, nb);
  accreal acc = 0;
  TH_TENSOR_APPLY2(real, a, real, b,
                   acc = THTensor_(normStep)(acc, (accreal)*a_data - (accreal)*b_data, value););
  return THTensor_(normFinish)(acc, value);
}

/* The histogram range: [minvalue, maxvalue], or when they are equal the data's smallest and largest
 * values (NaN ignored); a range still empty is widened by 1 on each side, as in Torch7. */
static void THTensor_(histRange)(THTensor *t, real minvalue, real maxvalue, accreal *lo, accreal *hi) {
  *lo = minvalue;
  *hi = maxvalue;
  if (minvalue == maxvalue) {
    int seen = 0;
    TH_TENSOR_APPLY(real, t, {
      accreal v = *t_data;
      if (!isnan(v)) {
        if (!seen || v < *lo) *lo = v;
        if (!seen || v > *hi) *hi = v;
        seen = 1;
      }
    });
  }
  if (*lo == *hi) {
    *lo -= 1;
    *hi += 1;
  }
}

/* The bin of x in nbins equal bins over [lo, hi] (hi falls in the last bin), or -1 outside it. */
static inline long THTensor_(histBin)(accreal x, accreal lo, accreal hi, long nbins) {
  if (!(x >= lo && x <= hi)) return -1;
  long b = (long)((x - lo) / (hi - lo) * nbins);
  return b < nbins ? b : nbins - 1;
}

#define TH_REDUCE_CHECK_HIST_ARGS(FN, HIST, T, NBINS, MINV, MAXV)                                   \
  THReduce_checkNotNull(FN, HIST, 1);                                                               \
  THReduce_checkNotNull(FN, T, 2);                                                                  \
  THArgCheck((NBINS) > 0, 3, FN ": nbins must be positive, got %ld", (long)(NBINS));                \
  THArgCheck((MINV) <= (MAXV), 4, FN ": min %g is greater than max %g (or one of them is NaN)",     \
             (double)(MINV), (double)(MAXV))

/* Counts the elements of tensor in nbins equal bins over [minvalue, maxvalue] (values outside and
 * NaN are ignored); minvalue == maxvalue means the data's own range. */
void THTensor_(histc)(THTensor *hist, THTensor *tensor, long nbins, real minvalue, real maxvalue) {
  TH_REDUCE_CHECK_HIST_ARGS("histc", hist, tensor, nbins, minvalue, maxvalue);
  accreal lo, hi;
  THTensor_(histRange)(tensor, minvalue, maxvalue, &lo, &hi);
  THTensor *out = THTensor_(reduceTarget)(hist, tensor->storage);
  THTensor_(resize1d)(out, nbins);
  real *h = THTensor_(data)(out);
  long hs = out->stride[0];
  for (long b = 0; b < nbins; b++) h[b * hs] = 0;
  TH_TENSOR_APPLY(real, tensor, {
    long b = THTensor_(histBin)(*tensor_data, lo, hi, nbins);
    if (b >= 0) h[b * hs] += 1;
  });
  THTensor_(reduceFinish)(hist, out, 0, 1);
}

/* One histogram per row of a 2D tensor: hist is rows x nbins. When minvalue == maxvalue every row
 * uses the range of the whole tensor. */
void THTensor_(bhistc)(THTensor *hist, THTensor *tensor, long nbins, real minvalue, real maxvalue) {
  TH_REDUCE_CHECK_HIST_ARGS("bhistc", hist, tensor, nbins, minvalue, maxvalue);
  THArgCheck(tensor->nDimension == 2, 2, "bhistc: expected a 2D tensor, got a %dD tensor",
             tensor->nDimension);
  accreal lo, hi;
  THTensor_(histRange)(tensor, minvalue, maxvalue, &lo, &hi);
  THTensor *out = THTensor_(reduceTarget)(hist, tensor->storage);
  THTensor_(resize2d)(out, tensor->size[0], nbins);
  real *h = THTensor_(data)(out);
  const real *x = THTensor_(data)(tensor);
  for (long r = 0; r < tensor->size[0]; r++) {
    real *hr = h + r * out->stride[0];
    const real *xr = x + r * tensor->stride[0];
    for (long b = 0; b < nbins; b++) hr[b * out->stride[1]] = 0;
    for (long j = 0; j < tensor->size[1]; j++) {
      long b = THTensor_(histBin)(xr[j * tensor->stride[1]], lo, hi, nbins);
      if (b >= 0) hr[b * out->stride[1]] += 1;
    }
  }
  THTensor_(reduceFinish)(hist, out, 0, 1);
}

#undef TH_REDUCE_FLOATING
#endif /* float types */

#undef TH_IS_NAN
#undef TH_ACC_ADD
#undef TH_ACC_MUL
#undef TH_ACC_MAX
#undef TH_ACC_MIN
#undef TH_REDUCE_DEFINE_RUN_FOLD
#undef TH_REDUCE_DEFINE_COLUMN_FOLD
#undef TH_REDUCE_CHECK_DIM_ARGS
#undef TH_REDUCE_CHECK_INDEXED_ARGS
#undef TH_REDUCE_CHECK_HIST_ARGS

#endif
