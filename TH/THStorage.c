#include "THStorage.h"
#include "THAtomic.h"

#define TH_GENERIC_FILE "generic/THStorage.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THStorage.c"
#include "THGenerateHalfType.h"

THDescBuff THLongStorage_sizeDesc(const THLongStorage *size) {
  return _THSizeDesc(size->data, (long)size->size);
}

THLongStorage *THLongStorage_newInferSize(THLongStorage *size, ptrdiff_t nElement) {
  ptrdiff_t total = 1;
  int infer = -1;
  for (ptrdiff_t i = 0; i < size->size; i++) {
    if (size->data[i] == -1) {
      THArgCheck(infer < 0, 1, "view: only one dimension can be inferred (-1), got %s",
                 THLongStorage_sizeDesc(size).str);
      infer = (int)i;
    } else {
      THArgCheck(size->data[i] > 0, 1, "view: sizes must be positive or -1, got %s",
                 THLongStorage_sizeDesc(size).str);
      /* A product past PTRDIFF_MAX cannot match a tensor's element count (Torch7's wrapped around
       * and could match: 12 elements viewed as [2^62+3 x 4]). */
      THArgCheck(!__builtin_mul_overflow(total, size->data[i], &total), 1,
                 "view: size %s is invalid for a tensor of %td elements (its product overflows)",
                 THLongStorage_sizeDesc(size).str, nElement);
    }
  }
  if (infer >= 0) {
    THArgCheck(total > 0 && nElement % total == 0, 1,
               "view: size %s is invalid for a tensor of %td elements", THLongStorage_sizeDesc(size).str,
               nElement);
  } else {
    THArgCheck(total == nElement, 1, "view: size %s is invalid for a tensor of %td elements",
               THLongStorage_sizeDesc(size).str, nElement);
  }
  THLongStorage *copy = THLongStorage_newWithSize(size->size);
  THLongStorage_copy(copy, size);
  if (infer >= 0) copy->data[infer] = (long)(nElement / total);
  return copy;
}

int THLongStorage_inferSize2(THLongStorage *output, long *sizesA, long dimsA, long *sizesB,
                             long dimsB, char *error_buffer, int buffer_len) {
  long *sizes[2] = {sizesA, sizesB};
  long dims[2] = {dimsA, dimsB};
  return THLongStorage_inferSizeN(output, 2, sizes, dims, error_buffer, buffer_len);
}

int THLongStorage_inferSizeN(THLongStorage *output, int n, long **sizes, long *dims,
                             char *error_buffer, int buffer_len) {
  THArgCheck(n > 0, 2, "inferSizeN: n must be > 0, got %d", n);
  THArgCheck(sizes != NULL && dims != NULL, 1, "inferSizeN: sizes or dims is NULL");
  long ndim = 0;
  for (int j = 0; j < n; j++) ndim = THMax(ndim, dims[j]);
  long *expanded = THAlloc(sizeof(long) * (size_t)(ndim ? ndim : 1));
  for (long i = ndim - 1; i >= 0; i--) {
    long offset = ndim - 1 - i;
    expanded[i] = 1;
    for (int j = 0; j < n; j++) {
      long dim = dims[j] - 1 - offset;
      long size = dim >= 0 ? sizes[j][dim] : 1;
      if (size == expanded[i] || size == 1) continue;
      if (expanded[i] == 1) {
        expanded[i] = size;
      } else {
        snprintf(error_buffer, (size_t)buffer_len,
                 "the size of tensor %d (%ld) must match the size %ld at non-singleton dimension %ld",
                 j + 1, size, expanded[i], i);
        THFree(expanded);
        return -1;
      }
    }
  }
  THLongStorage_resize(output, ndim);
  if (ndim) memcpy(output->data, expanded, sizeof(long) * (size_t)ndim);
  THFree(expanded);
  return 0;
}

int THLongStorage_inferExpandGeometry(long *tensorSizes, long *tensorStrides, long tensorDim,
                                      THLongStorage *sizes, long **expandedSizes,
                                      long **expandedStrides, char *error_buffer, int buffer_len) {
  long ndim = (long)sizes->size;
  if (ndim < tensorDim) {
    snprintf(error_buffer, (size_t)buffer_len,
             "cannot expand a %ldD tensor to %ld dimensions: the number of sizes must be at least "
             "the tensor's number of dimensions", tensorDim, ndim);
    return -1;
  }
  long *outSizes = THAlloc(sizeof(long) * (size_t)(ndim ? ndim : 1));
  long *outStrides = THAlloc(sizeof(long) * (size_t)(ndim ? ndim : 1));
  for (long i = ndim - 1; i >= 0; i--) {
    long dim = tensorDim - ndim + i;
    long size = dim >= 0 ? tensorSizes[dim] : 1;
    long stride = dim >= 0 ? tensorStrides[dim] : (i + 1 < ndim ? outSizes[i + 1] * outStrides[i + 1] : 1);
    long target = sizes->data[i];
    if (target == -1) {
      if (dim < 0) {
        snprintf(error_buffer, (size_t)buffer_len,
                 "expand: -1 is not allowed in leading, new dimension %ld", i);
        THFree(outSizes);
        THFree(outStrides);
        return -1;
      }
      target = size;
    }
    if (size != target) {
      if (size != 1) {
        snprintf(error_buffer, (size_t)buffer_len,
                 "expand: the expanded size (%ld) must match the existing size (%ld) at non-singleton "
                 "dimension %ld", target, size, i);
        THFree(outSizes);
        THFree(outStrides);
        return -1;
      }
      stride = 0;
    }
    outSizes[i] = target;
    outStrides[i] = stride;
  }
  *expandedSizes = outSizes;
  *expandedStrides = outStrides;
  return 0;
}
