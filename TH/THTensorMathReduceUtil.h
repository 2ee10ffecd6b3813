#ifndef TH_TENSOR_MATH_REDUCE_UTIL_INC
#define TH_TENSOR_MATH_REDUCE_UTIL_INC
/* Internal to the reduction and sorting modules (THTensorMathReduce.c, THTensorMathSort.c), not part
 * of the legacy interface: argument checks, output shapes and output aliasing of the functions that
 * reduce along a dimension, and iteration in memory order for order-insensitive reductions. */
#include "TH.h"
#include "THTensorApply.h"

#define THReduce_checkNotNull(FN, PTR, ARG) THArgCheck((PTR) != NULL, ARG, FN ": " #PTR " is NULL")

/* DIM is 0-based; the message counts from 1 like the rest of libTH's dimension messages. */
#define THReduce_checkDim(FN, DIM, T, ARG)                                                \
  THArgCheck((DIM) >= 0 && (DIM) < (T)->nDimension, ARG,                                  \
             FN ": dimension %d out of range of a %dD tensor", (DIM) + TH_INDEX_BASE,     \
             (T)->nDimension)

/* The shape of a result along a dimension: size with size[dim] replaced by len. */
static inline void THReduce_replacedSize(long *out, int nDimension, const long *size, int dim, long len) {
  for (int d = 0; d < nDimension; d++) out[d] = d == dim ? len : size[d];
}

/* Number of elements in the dimensions before (outer) / after (inner) dim. */
static inline ptrdiff_t THReduce_outer(const long *size, int dim) {
  ptrdiff_t n = 1;
  for (int d = 0; d < dim; d++) n *= size[d];
  return n;
}

static inline ptrdiff_t THReduce_inner(int nDimension, const long *size, int dim) {
  ptrdiff_t n = 1;
  for (int d = dim + 1; d < nDimension; d++) n *= size[d];
  return n;
}

/* The dimensions reordered by decreasing stride (stable): a reduction whose result does not depend
 * on the visiting order walks memory forwards this way, and a permuted contiguous tensor (a
 * transposed matrix) becomes one contiguous run. */
static inline void THReduce_memoryOrder(int nDimension, const long *size, const long *stride,
                                        long *osize, long *ostride) {
  for (int d = 0; d < nDimension; d++) {
    int at = d;
    while (at > 0 && ostride[at - 1] < stride[d]) {
      osize[at] = osize[at - 1];
      ostride[at] = ostride[at - 1];
      at--;
    }
    osize[at] = size[d];
    ostride[at] = stride[d];
  }
}

/* Runs CODE once per run of T's elements, in memory order, with `const real *X` at the run's first
 * element, `long N` its length and `long STRIDE` its step. Use inside generic code only. */
#define TH_REDUCE_FOR_EACH_RUN(T, X, N, STRIDE, CODE)                                       \
  do {                                                                                      \
    long th_osize_[TH_MAX_DIMS], th_ostride_[TH_MAX_DIMS];                                  \
    THReduce_memoryOrder((T)->nDimension, (T)->size, (T)->stride, th_osize_, th_ostride_);  \
    ptrdiff_t th_left_ = THIter_numel((T)->nDimension, (T)->size);                          \
    THIter th_it_;                                                                          \
    THIter_init(&th_it_, (T)->nDimension, th_osize_, th_ostride_);                          \
    while (th_left_ > 0) {                                                                  \
      long N = THIter_run(&th_it_);                                                         \
      long STRIDE = THIter_innerStride(&th_it_);                                            \
      const real *X = THTensor_(data)(T) + th_it_.offset;                                   \
      CODE                                                                                  \
      THIter_advance(&th_it_, N);                                                           \
      th_left_ -= N;                                                                        \
    }                                                                                       \
  } while (0)

#include "generic/THTensorMathReduceUtil.h"
#include "THGenerateAllTypes.h"

#endif
