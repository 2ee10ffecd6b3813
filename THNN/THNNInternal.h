#ifndef THNN_INTERNAL_H
#define THNN_INTERNAL_H
/* What THNN's own sources share; not installed. */
#ifdef _OPENMP
#include <omp.h>
#endif
#include <limits.h>

#include "THNN.h"
#include "THTensorApply.h"
#include "THElementwise.h"

/* A hot loop built twice, for AVX2 and for the baseline, chosen once at load by the CPU (GCC's
 * function multi-versioning): the library itself assumes no more than x86-64. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define THNN_AVX2_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define THNN_AVX2_CLONES
#endif

/* Sizes derived from a caller's sizes, paddings, strides and dilations are computed in 128 bits,
 * where no int or long operand can overflow, and must fit a long: a wrapped-around size would make
 * a buffer too small for the loops that fill it. */
static inline long THNN_checkedSize(const char *fn, const char *what, __int128 size) {
  if (size > LONG_MAX || size < LONG_MIN)
    THError("%s: %s overflows: it would be more than %ld", fn, what, LONG_MAX);
  return (long)size;
}

/* floor(a / b) for b > 0 (C's division truncates toward zero). */
static inline __int128 THNN_floorDiv128(__int128 a, __int128 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* Torch7's output size of a convolution along one axis: floor((in + 2 pad - extent) / stride) + 1, or
 * for a transposed one (in - 1) stride - 2 pad + extent + adj, with extent = dilation (k - 1) + 1.
 * Below 1 when the window does not fit (the caller reports it); raises when it overflows. */
static inline long THNN_convOutputSize(const char *fn, const char *what, long in, long k, long stride, long pad,
                                       long dilation, long adj, int transposed) {
  const __int128 extent = (__int128)dilation * (k - 1) + 1;
  if (transposed) return THNN_checkedSize(fn, what, (__int128)(in - 1) * stride - 2 * (__int128)pad + extent + adj);
  return THNN_checkedSize(fn, what, THNN_floorDiv128((__int128)in + 2 * (__int128)pad - extent, stride) + 1);
}

/* The product of n sizes (each >= 0), raising when it does not fit a ptrdiff_t. */
static inline long THNN_checkedProduct(const char *fn, const char *what, int n, const long *sizes) {
  long product = 1;
  for (int i = 0; i < n; i++)
    if (__builtin_mul_overflow(product, sizes[i], &product))
      THError("%s: %s %s has more than %ld elements", fn, what, _THSizeDesc(sizes, n).str, LONG_MAX);
  return product;
}

#include "generic/THNNInternal.h"
#include "THGenerateFloatTypes.h"
#include "generic/Pointwise.h"
#include "THGenerateFloatTypes.h"
#include "generic/SoftMaxRows.h"
#include "THGenerateFloatTypes.h"
#include "generic/ClassNLLCommon.h"
#include "THGenerateFloatTypes.h"
#include "generic/Im2Col.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionShape.h"
#include "THGenerateFloatTypes.h"
#include "generic/Winograd.h"
#include "THGenerateFloatTypes.h"
#include "generic/DirectConvolution.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionGemm.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionMap.h"
#include "THGenerateFloatTypes.h"
#include "generic/Pooling.h"
#include "THGenerateFloatTypes.h"
#include "generic/FusedRNN.h"
#include "THGenerateFloatTypes.h"
#include "generic/Vol2Col.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionGemm3d.h"
#include "THGenerateFloatTypes.h"
#include "generic/ResampleMap.h"
#include "THGenerateFloatTypes.h"
#include "generic/Interpolation.h"
#include "THGenerateFloatTypes.h"
#endif
