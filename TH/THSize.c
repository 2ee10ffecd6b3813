/* Shape helpers on plain size arrays. */
#include "THSize.h"

int THSize_isSameSizeAs(const long *sizeA, long dimsA, const long *sizeB, long dimsB) {
  THArgCheck(dimsA >= 0 && (sizeA != NULL || dimsA == 0), 1,
             "THSize_isSameSizeAs: sizeA must hold dimsA >= 0 sizes, got dimsA %ld", dimsA);
  THArgCheck(dimsB >= 0 && (sizeB != NULL || dimsB == 0), 3,
             "THSize_isSameSizeAs: sizeB must hold dimsB >= 0 sizes, got dimsB %ld", dimsB);
  if (dimsA != dimsB) return 0;
  for (long d = 0; d < dimsA; d++)
    if (sizeA[d] != sizeB[d]) return 0;
  return 1;
}

/* The product of the sizes; 0 for no dimensions (Torch7's empty tensor). */
ptrdiff_t THSize_nElement(long dims, long *size) {
  THArgCheck(dims >= 0 && (size != NULL || dims == 0), 2,
             "THSize_nElement: size must hold dims >= 0 sizes, got dims %ld", dims);
  if (dims == 0) return 0;
  ptrdiff_t n = 1;
  for (long d = 0; d < dims; d++)
    if (__builtin_mul_overflow(n, size[d], &n))
      THError("THSize_nElement: the sizes %s overflow a ptrdiff_t", _THSizeDesc(size, dims).str);
  return n;
}
