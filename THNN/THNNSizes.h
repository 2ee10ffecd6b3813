#ifndef THNN_SIZES_H
#define THNN_SIZES_H
/* The size arithmetic of the legacy kernels, on plain numbers: shared by libTHNN and libTHCUNN (which
 * includes it from THNN/), so that a size the CPU rejects is rejected on the GPU with the same words.
 * Not installed. */
#include <limits.h>

#include "TH.h"

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

/* The geometry of one 2D unfolding: a C x H x W image and the kernel positions that cover it.
 * Column row r = (c * kH + kh) * kW + kw holds, at column oh * outWidth + ow, the image element
 * (c, oh * dH - padH + kh * dilationH, ow * dW - padW + kw * dilationW), or 0 where that falls in the
 * padding. The convolutions fill it from their own arguments (a transposed convolution describes
 * its output as the image); THNN/generic/Im2Col.c and THCUNN/Im2Col.cuh unfold by it. */
typedef struct {
  long channels, height, width;
  long outHeight, outWidth;
  long kH, kW, dH, dW, padH, padW, dilationH, dilationW;
} THNNConvGeometry;

#endif
