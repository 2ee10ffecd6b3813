#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#else

#include "THCopyConvert.h"

/* Legacy semantics: the tensors need the same number of elements, not the same shape; elements
 * pair up in each tensor's row-major order. */
static void THTensor_(checkCopySizes)(const char *name, THTensor *tensor, ptrdiff_t dstN, ptrdiff_t srcN,
                                      const THDescBuff srcDesc) {
  if (dstN != srcN)
    THArgCheck(0, 2, "%s: the destination %s has %td elements but the source %s has %td", name,
               THTensor_(sizeDesc)(tensor).str, dstN, srcDesc.str, srcN);
}

/* Copies between tensors that are not both contiguous: TH_MAP2's walk (reordered to the
 * destination's layout, tiled when the source's fastest dimension is another one, threaded; the
 * legacy walk when the shapes differ), or the legacy walk where elements may overlap. */
#define THTENSOR_COPY_STRIDED_(SRC_TYPE, CONVERT)                                              \
  do {                                                                                         \
    if (THTENSOR_COPY_KEEPS_ORDER_(real, tensor, SRC_TYPE, src)) {                             \
      TH_TENSOR_APPLY2(real, tensor, SRC_TYPE, src, *tensor_data = CONVERT(*src_data););      \
    } else {                                                                                   \
      TH_MAP2(real, tensor, SRC_TYPE, src, *tensor_data = CONVERT(*src_data););               \
    }                                                                                          \
  } while (0)

void THTensor_(copy)(THTensor *tensor, THTensor *src) {
  ptrdiff_t n = THTensor_(nElement)(tensor);
  THTensor_(checkCopySizes)("copy", tensor, n, THTensor_(nElement)(src), THTensor_(sizeDesc)(src));
  if (n == 0 || THTensor_(isSetTo)(tensor, src)) return;
  if (THTensor_(isContiguous)(tensor) && THTensor_(isContiguous)(src)) {
    real *dst = THTensor_(data)(tensor);
    const real *from = THTensor_(data)(src);
    if (n < TH_OMP_THRESHOLD * 4) {
      memmove(dst, from, sizeof(real) * (size_t)n);
    } else {
      /* Big copies split into one memcpy per thread (memmove when the ranges overlap). */
      int overlap = dst < from + n && from < dst + n;
      if (overlap) {
        memmove(dst, from, sizeof(real) * (size_t)n);
      } else {
#pragma omp parallel
        {
#ifdef _OPENMP
          int nthreads = omp_get_num_threads(), tid = omp_get_thread_num();
#else
          int nthreads = 1, tid = 0;
#endif
          ptrdiff_t chunk = (n + nthreads - 1) / nthreads;
          ptrdiff_t begin = chunk * tid, end = THMin(n, begin + chunk);
          if (begin < end) memcpy(dst + begin, from + begin, sizeof(real) * (size_t)(end - begin));
        }
      }
    }
    return;
  }
  THTENSOR_COPY_STRIDED_(real, );
}

#define IMPLEMENT_THTensor_COPY(SRC_NAME, SRC_TYPE, CONVERT)                                     \
  void THTensor_(copy##SRC_NAME)(THTensor *tensor, struct TH##SRC_NAME##Tensor *src) {           \
    ptrdiff_t n = THTensor_(nElement)(tensor);                                                   \
    THTensor_(checkCopySizes)("copy" #SRC_NAME, tensor, n, TH##SRC_NAME##Tensor_nElement(src),   \
                              TH##SRC_NAME##Tensor_sizeDesc(src));                               \
    if (n == 0) return;                                                                          \
    if (THTensor_(isContiguous)(tensor) && TH##SRC_NAME##Tensor_isContiguous(src)) {             \
      real *dst = THTensor_(data)(tensor);                                                       \
      const SRC_TYPE *from = TH##SRC_NAME##Tensor_data(src);                                     \
      _Pragma("omp parallel for if (n > TH_OMP_THRESHOLD)")                                      \
      for (ptrdiff_t i = 0; i < n; i++) dst[i] = CONVERT(from[i]);                               \
      return;                                                                                    \
    }                                                                                            \
    THTENSOR_COPY_STRIDED_(SRC_TYPE, CONVERT);                                                   \
  }

IMPLEMENT_THTensor_COPY(Byte, unsigned char, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Char, char, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Short, short, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Int, int, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Long, long, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Float, float, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Double, double, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THTensor_COPY(Half, THHalf, TH_CONVERT_FROM_HALF)

#undef IMPLEMENT_THTensor_COPY
#undef THTENSOR_COPY_STRIDED_
#endif
