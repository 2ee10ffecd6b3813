/* Indexing math: masked fill/copy/select, nonzero, index{Select,Copy,Add,Fill},
 * gather and scatter{,Add,Fill}. Every index is 1-based (TH_INDEX_BASE) and is checked before
 * anything is written, so a bad index never leaves an output half-updated. */
#include "TH.h"
#include "THTensorApply.h"

/* Every value of `index` must lie in [TH_INDEX_BASE, bound]; the message names the function and
 * the position (1-based, in row-major order) of the first value that does not. */
static void THIndex_checkRange(const char *fn, THLongTensor *index, long bound, int argNumber) {
  ptrdiff_t position = 0, badPosition = 0;
  long badValue = 0;
  TH_TENSOR_APPLY(long, index, {
    position++;
    if ((*index_data < TH_INDEX_BASE || *index_data > bound - 1 + TH_INDEX_BASE) && !badPosition) {
      badPosition = position;
      badValue = *index_data;
    }
  });
  if (badPosition)
    THArgCheck(0, argNumber, "%s: index %ld out of range [%d, %ld] at position %td", fn, badValue,
               TH_INDEX_BASE, bound - 1 + TH_INDEX_BASE, badPosition);
}

/* The number of ones in `mask`. Torch7 accepted only 0 and 1 in a mask (but found out after
 * writing part of the output); here every value is checked first. */
static ptrdiff_t THMask_countOnes(const char *fn, THByteTensor *mask, int argNumber) {
  ptrdiff_t ones = 0, position = 0, badPosition = 0;
  unsigned char badValue = 0;
  TH_TENSOR_APPLY(unsigned char, mask, {
    position++;
    if (*mask_data > 1 && !badPosition) {
      badPosition = position;
      badValue = *mask_data;
    }
    ones += *mask_data;
  });
  if (badPosition)
    THArgCheck(0, argNumber, "%s: a mask may hold only 0 and 1, got %d at position %td", fn, (int)badValue,
               badPosition);
  return ones;
}

/* Steps through the rows of a shape (its positions in every dimension but the last) in row-major
 * order, keeping the offset of the current row in up to 3 tensors walked with their own strides.
 * gather and scatter run their innermost loop along the last dimension of the index, so that all
 * tensors are read in memory order even when `dim` is 0 (walking fibers along `dim`, as
 * TH_TENSOR_DIM_APPLY does, strides through memory and was 4 to 5x slower). */
typedef struct THRowWalk {
  int dims; /* the dimensions stepped: all but the last */
  const long *size;
  long counter[TH_MAX_DIMS];
  int count;
  const long *stride[3];
  ptrdiff_t offset[3];
} THRowWalk;

static void THRowWalk_init(THRowWalk *w, int nDimension, const long *size, int count, const long *const *strides) {
  w->dims = nDimension - 1;
  w->size = size;
  w->count = count;
  for (int d = 0; d < w->dims; d++) w->counter[d] = 0;
  for (int t = 0; t < count; t++) {
    w->stride[t] = strides[t];
    w->offset[t] = 0;
  }
}

/* Moves to the next row; false after the last one. */
static int THRowWalk_next(THRowWalk *w) {
  for (int d = w->dims - 1; d >= 0; d--) {
    for (int t = 0; t < w->count; t++) w->offset[t] += w->stride[t][d];
    if (++w->counter[d] < w->size[d]) return 1;
    for (int t = 0; t < w->count; t++) w->offset[t] -= w->counter[d] * w->stride[t][d];
    w->counter[d] = 0;
  }
  return 0;
}

/* Defined by the Long and Byte instances of the generic file below. */
static THLongTensor *THLongTensor_newReadable(const void *outStorage, THLongTensor *in);
static THByteTensor *THByteTensor_newReadable(const void *outStorage, THByteTensor *in);

#define TH_GENERIC_FILE "generic/THTensorMathIndex.c"
#include "THGenerateAllTypes.h"
