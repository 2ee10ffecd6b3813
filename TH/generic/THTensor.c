#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensor.c"
#else

#include "THTensorLayout.c"

/* ------------------------------------------------------ element access */

#define TH_CHECK_INDEX(T, N, D, X, ARG)                                                    \
  THArgCheck((X) >= 0 && (X) < (T)->size[D], ARG, "index %ld out of range [0, %ld) at dimension %d", \
             (long)(X), (T)->size[D], (D) + TH_INDEX_BASE)
#define TH_CHECK_DIMS(T, N)                                                                \
  THArgCheck((T)->nDimension == (N), 1, "expected a %dD tensor, got a %dD tensor", (N), (T)->nDimension)

void THTensor_(set1d)(THTensor *tensor, long x0, real value) {
  TH_CHECK_DIMS(tensor, 1);
  TH_CHECK_INDEX(tensor, 1, 0, x0, 2);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0]] = value;
}

real THTensor_(get1d)(const THTensor *tensor, long x0) {
  TH_CHECK_DIMS(tensor, 1);
  TH_CHECK_INDEX(tensor, 1, 0, x0, 2);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0]];
}

void THTensor_(set2d)(THTensor *tensor, long x0, long x1, real value) {
  TH_CHECK_DIMS(tensor, 2);
  TH_CHECK_INDEX(tensor, 2, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 2, 1, x1, 3);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1]] = value;
}

real THTensor_(get2d)(const THTensor *tensor, long x0, long x1) {
  TH_CHECK_DIMS(tensor, 2);
  TH_CHECK_INDEX(tensor, 2, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 2, 1, x1, 3);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1]];
}

void THTensor_(set3d)(THTensor *tensor, long x0, long x1, long x2, real value) {
  TH_CHECK_DIMS(tensor, 3);
  TH_CHECK_INDEX(tensor, 3, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 3, 1, x1, 3);
  TH_CHECK_INDEX(tensor, 3, 2, x2, 4);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                        x2 * tensor->stride[2]] = value;
}

real THTensor_(get3d)(const THTensor *tensor, long x0, long x1, long x2) {
  TH_CHECK_DIMS(tensor, 3);
  TH_CHECK_INDEX(tensor, 3, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 3, 1, x1, 3);
  TH_CHECK_INDEX(tensor, 3, 2, x2, 4);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                               x2 * tensor->stride[2]];
}

void THTensor_(set4d)(THTensor *tensor, long x0, long x1, long x2, long x3, real value) {
  TH_CHECK_DIMS(tensor, 4);
  TH_CHECK_INDEX(tensor, 4, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 4, 1, x1, 3);
  TH_CHECK_INDEX(tensor, 4, 2, x2, 4);
  TH_CHECK_INDEX(tensor, 4, 3, x3, 5);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                        x2 * tensor->stride[2] + x3 * tensor->stride[3]] = value;
}

real THTensor_(get4d)(const THTensor *tensor, long x0, long x1, long x2, long x3) {
  TH_CHECK_DIMS(tensor, 4);
  TH_CHECK_INDEX(tensor, 4, 0, x0, 2);
  TH_CHECK_INDEX(tensor, 4, 1, x1, 3);
  TH_CHECK_INDEX(tensor, 4, 2, x2, 4);
  TH_CHECK_INDEX(tensor, 4, 3, x3, 5);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                               x2 * tensor->stride[2] + x3 * tensor->stride[3]];
}

#undef TH_CHECK_INDEX
#undef TH_CHECK_DIMS

/* ---------------------------------------------------------- description */

/* "torch.FloatTensor of size 2x3"; as in Torch7, one that does not fit TH_DESC_BUFF_LEN keeps its
 * first TH_DESC_BUFF_LEN - 4 characters and ends in "...". */
THDescBuff THTensor_(desc)(const THTensor *tensor) {
  THDescBuff buf;
  const size_t cap = TH_DESC_BUFF_LEN;
  size_t n = (size_t)snprintf(buf.str, cap, "torch.%sTensor of size ", TH_CONCAT_STRING_2(Real, ));
  for (int d = 0; d < tensor->nDimension && n < cap; d++)
    n += (size_t)snprintf(buf.str + n, cap - n, d ? "x%ld" : "%ld", tensor->size[d]);
  if (n >= cap) memcpy(buf.str + cap - 4, "...", 4);
  return buf;
}

THDescBuff THTensor_(sizeDesc)(const THTensor *tensor) {
  return _THSizeDesc(tensor->size, tensor->nDimension);
}

#endif
