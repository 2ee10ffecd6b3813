#ifdef _OPENMP
#include <omp.h>
#endif
#include <stdint.h>
#include "THTensor.h"
#include "THElementwise.h"

/* The bytes [*lo, *hi) that a strided tensor's elements lie in. */
static void THTensorCopy_span(const void *data, int nDimension, const long *size, const long *stride,
                              size_t elementSize, uintptr_t *lo, uintptr_t *hi) {
  ptrdiff_t first = 0, last = 0;
  for (int d = 0; d < nDimension; d++) {
    ptrdiff_t extent = (ptrdiff_t)(size[d] - 1) * stride[d];
    if (extent < 0) first += extent;
    else last += extent;
  }
  *lo = (uintptr_t)data + (uintptr_t)(first * (ptrdiff_t)elementSize);
  *hi = (uintptr_t)data + (uintptr_t)((last + 1) * (ptrdiff_t)elementSize);
}

/* Whether two elements of a strided tensor may be the same (an expanded, stride-0 dimension, or
 * unfolded windows): taken by increasing stride, some dimension steps no further than all the
 * faster ones together reach. */
static int THTensorCopy_selfOverlaps(int nDimension, const long *size, const long *stride) {
  long step[TH_MAX_DIMS], count[TH_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < nDimension; d++) {
    if (size[d] == 1) continue;
    int at = n++;
    long s = stride[d] < 0 ? -stride[d] : stride[d];
    for (; at > 0 && step[at - 1] > s; at--) {
      step[at] = step[at - 1];
      count[at] = count[at - 1];
    }
    step[at] = s;
    count[at] = size[d];
  }
  ptrdiff_t reach = 0;
  for (int k = 0; k < n; k++) {
    if (step[k] <= reach) return 1;
    reach += (ptrdiff_t)(count[k] - 1) * step[k];
  }
  return 0;
}

/* Copies where the destination may overlap the source or itself keep the legacy walk (each tensor
 * in its own row-major order, one element after the other), whose result is defined; TH_MAP2's
 * tiled, threaded walk reorders the elements. */
static int THTensorCopy_keepsOrder(const void *dst, int ndDst, const long *sizeDst, const long *strideDst,
                                   size_t elemDst, const void *src, int ndSrc, const long *sizeSrc,
                                   const long *strideSrc, size_t elemSrc) {
  uintptr_t loDst, hiDst, loSrc, hiSrc;
  THTensorCopy_span(dst, ndDst, sizeDst, strideDst, elemDst, &loDst, &hiDst);
  THTensorCopy_span(src, ndSrc, sizeSrc, strideSrc, elemSrc, &loSrc, &hiSrc);
  return (loDst < hiSrc && loSrc < hiDst) || THTensorCopy_selfOverlaps(ndDst, sizeDst, strideDst);
}

#define THTENSOR_COPY_KEEPS_ORDER_(DST_TYPE, DST, SRC_TYPE, SRC)                                        \
  THTensorCopy_keepsOrder(TH_ELEMENTWISE_DATA_(DST_TYPE, DST), (DST)->nDimension, (DST)->size,           \
                          (DST)->stride, sizeof(DST_TYPE), TH_ELEMENTWISE_DATA_(SRC_TYPE, SRC),          \
                          (SRC)->nDimension, (SRC)->size, (SRC)->stride, sizeof(SRC_TYPE))

#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#include "THGenerateHalfType.h"
