#ifndef TH_TENSOR_GEOMETRY_INC
#define TH_TENSOR_GEOMETRY_INC
/* Internal to libTH and libTHC (not installed API): the checked tensor geometry that the shared
 * header code (generic/THTensorLayout.c) computes before a tensor changes. */
#include <string.h>
#include "THGeneral.h"

/* A tensor geometry, checked before a tensor changes: its sizes, its strides, and how many elements
 * of its storage it needs (its offset + 1 + the sum of (size - 1) * stride). */
typedef struct {
  int ndim;
  long size[TH_MAX_DIMS];
  long stride[TH_MAX_DIMS];
  ptrdiff_t needed;
} THTensorGeometry;

/* Fills the strides left negative with the contiguous ones and computes g->needed. Raises when a
 * stride, the extent, the offset plus the extent or the element count does not fit a ptrdiff_t:
 * such a tensor could not be addressed (Torch7 wrapped around and under-allocated). */
static inline void THTensorGeometry_finish(THTensorGeometry *g, ptrdiff_t storageOffset, const char *fn) {
  long requested[TH_MAX_DIMS];
  memcpy(requested, g->stride, sizeof(long) * (size_t)g->ndim);
  int overflow = 0;
  ptrdiff_t extent = 1, count = 1;
  for (int d = g->ndim - 1; d >= 0; d--) {
    if (g->stride[d] < 0) {
      if (d == g->ndim - 1)
        g->stride[d] = 1;
      else
        overflow |= __builtin_mul_overflow(g->size[d + 1], g->stride[d + 1], &g->stride[d]);
    }
    long last;
    overflow |= __builtin_mul_overflow(g->size[d] - 1, g->stride[d], &last);
    overflow |= __builtin_add_overflow(extent, last, &extent);
    overflow |= __builtin_mul_overflow(count, g->size[d], &count);
  }
  overflow |= __builtin_add_overflow(extent, storageOffset, &g->needed);
  if (g->ndim == 0) g->needed = 0;
  if (overflow)
    THError("%s: a tensor of size %s (strides %s, -1: contiguous) at storage offset %td overflows: it "
            "would span more than %td elements", fn, _THSizeDesc(g->size, g->ndim).str,
            _THSizeDesc(requested, g->ndim).str, storageOffset, (ptrdiff_t)PTRDIFF_MAX);
}

#endif
