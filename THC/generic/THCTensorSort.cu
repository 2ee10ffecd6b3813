// THC types: Long Float Double
// sort, sortKeyValueInplace, topk, median, medianall and mode. Each works on the rows of a
// contiguous copy of the input with the sorted dimension moved last (transposed with it), and
// copies results back through the same transposition. Sorting is stable, so among equal values
// the order and the indices are the input's (TH's quicksort agrees on slices of up to 11
// elements and on distinct values).

#define THC_SORT_CHECK_SIZE_(FN, T, ARG)                                                           \
  THArgCheck(THCTensor_(nElement)(state, T) < (ptrdiff_t)INT32_MAX, ARG,                           \
             THC_TENSOR_NAME_ "_" FN ": tensors of 2^31 elements or more are not supported")

// A contiguous copy of t with dimension dim and the last swapped: rows x n, n = t->size[dim].
static THCTensor *THCTensor_(newMovedCopy)(THCState *state, THCTensor *t, int dim) {
  THCTensor *moved = THCTensor_(newTranspose)(state, t, dim, t->nDimension - 1);
  THCTensor *copy = THCTensor_(newClone)(state, moved);
  THCTensor_(free)(state, moved);
  return copy;
}

static THCTensor *THCTensor_(newLike)(THCState *state, THCTensor *t) {
  THCTensor *r = THCTensor_(new)(state);
  THCTensor_(resizeNd)(state, r, t->nDimension, t->size, NULL);
  return r;
}

static THCudaLongTensor *THCTensor_(newIndicesLike)(THCState *state, THCTensor *t) {
  THCudaLongTensor *r = THCudaLongTensor_new(state);
  THCudaLongTensor_resizeNd(state, r, t->nDimension, t->size, NULL);
  return r;
}

static void THCTensor_(copyFromMoved)(THCState *state, THCTensor *dst, THCTensor *moved, int dim) {
  THCTensor *view = THCTensor_(newTranspose)(state, dst, dim, dst->nDimension - 1);
  THCTensor_(copy)(state, view, moved);
  THCTensor_(free)(state, view);
}

// The sorted rows of input along dim, in the moved layout (dim last): *values and *indices are new
// contiguous tensors.
static void THCTensor_(sortMoved)(THCState *state, THCTensor **values, THCudaLongTensor **indices, THCTensor *input,
                                  int dim, bool descending) {
  THCTensor *in = THCTensor_(newMovedCopy)(state, input, dim);
  *values = THCTensor_(newLike)(state, in);
  *indices = THCTensor_(newIndicesLike)(state, in);
  long n = input->size[dim];
  THC_sortRows(state, THCTensor_(data)(state, in), (long)THCTensor_(nElement)(state, in) / n, n, descending,
               THCTensor_(data)(state, *values), THCudaLongTensor_data(state, *indices));
  THCTensor_(free)(state, in);
}

void THCTensor_(sort)(THCState *state, THCTensor *sorted, THCudaLongTensor *indices, THCTensor *input, int dim,
                      int order) {
  THC_CHECK_VALUES_INDICES_("sort", sorted, indices, input, dim);
  THC_SORT_CHECK_SIZE_("sort", input, 3);
  THCTensor *values;
  THCudaLongTensor *positions;
  THCTensor_(sortMoved)(state, &values, &positions, input, dim, order != 0);
  const void *inputStorage = input->storage;  // input may be sorted: kept before sorted changes
  THCTensor *out = THC_resultTarget(state, sorted, inputStorage, input->nDimension, input->size);
  THCudaLongTensor *outi = THC_resultTarget(state, indices, inputStorage, input->nDimension, input->size);
  THCTensor_(copyFromMoved)(state, out, values, dim);
  THC_copyIndicesFromMoved(state, outi, positions, dim);
  THCTensor_(free)(state, values);
  THCudaLongTensor_free(state, positions);
  THC_resultFinish(state, sorted, out, inputStorage, dim, 1);
  THC_resultFinish(state, indices, outi, inputStorage, dim, 1);
}

// Sorts keys along dim in place and permutes values (of the keys' sizes) the same way.
void THCTensor_(sortKeyValueInplace)(THCState *state, THCTensor *keys, THCudaLongTensor *values, int dim, int order) {
  THC_CHECK_NOT_NULL_("sortKeyValueInplace", keys, 1);
  THC_CHECK_NOT_NULL_("sortKeyValueInplace", values, 2);
  THC_CHECK_DIM_("sortKeyValueInplace", dim, keys, 3);
  THC_SORT_CHECK_SIZE_("sortKeyValueInplace", keys, 1);
  THArgCheck(keys->nDimension == values->nDimension, 2,
             THC_TENSOR_NAME_ "_sortKeyValueInplace: keys and values must have the same sizes");
  for (int d = 0; d < keys->nDimension; d++)
    THArgCheck(keys->size[d] == values->size[d], 2,
               THC_TENSOR_NAME_ "_sortKeyValueInplace: keys and values must have the same sizes");
  THCTensor *sortedKeys;
  THCudaLongTensor *positions;
  THCTensor_(sortMoved)(state, &sortedKeys, &positions, keys, dim, order != 0);
  // values in the moved layout, then permuted row by row.
  THCudaLongTensor *movedView = THCudaLongTensor_newTranspose(state, values, dim, values->nDimension - 1);
  THCudaLongTensor *movedValues = THCudaLongTensor_newClone(state, movedView);
  THCudaLongTensor_free(state, movedView);
  THCudaLongTensor *permuted = THCudaLongTensor_newClone(state, movedValues);
  long n = keys->size[dim];
  long total = (long)THCTensor_(nElement)(state, keys);
  thc_sort::gatherRowsKernel<<<thc_sort::gridFor(state, total), thc_sort::kThreads, 0,
                               THCState_getCurrentStream(state)>>>(
      THCudaLongTensor_data(state, permuted), THCudaLongTensor_data(state, movedValues),
      THCudaLongTensor_data(state, positions), total / n, n);
  cudaError_t launched = cudaGetLastError();
  if (launched == cudaSuccess) {
    THCTensor_(copyFromMoved)(state, keys, sortedKeys, dim);
    THC_copyIndicesFromMoved(state, values, permuted, dim);
  }
  THCTensor_(free)(state, sortedKeys);
  THCudaLongTensor_free(state, positions);
  THCudaLongTensor_free(state, movedValues);
  THCudaLongTensor_free(state, permuted);
  THCudaCheck(launched);
}

// Writes the slice [first, first + len) along dim of the moved-layout results into values and
// indices (sizes of input with size[dim] = len), squeezing dim unless keepdim.
static void THCTensor_(takeMoved)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *input,
                                  int dim, THCTensor *movedValues, THCudaLongTensor *movedIndices, long first,
                                  long len, int keepdim) {
  int last = input->nDimension - 1;
  long size[TH_MAX_DIMS];
  for (int d = 0; d < input->nDimension; d++) size[d] = d == dim ? len : input->size[d];
  THCTensor *partV = THCTensor_(newNarrow)(state, movedValues, last, first, len);
  THCudaLongTensor *partI = THCudaLongTensor_newNarrow(state, movedIndices, last, first, len);
  const void *inputStorage = input->storage;  // input may be values: kept before values changes
  THCTensor *out = THC_resultTarget(state, values, inputStorage, input->nDimension, size);
  THCudaLongTensor *outi = THC_resultTarget(state, indices, inputStorage, input->nDimension, size);
  THCTensor_(copyFromMoved)(state, out, partV, dim);
  THC_copyIndicesFromMoved(state, outi, partI, dim);
  THCTensor_(free)(state, partV);
  THCudaLongTensor_free(state, partI);
  THC_resultFinish(state, values, out, inputStorage, dim, keepdim);
  THC_resultFinish(state, indices, outi, inputStorage, dim, keepdim);
}

// Sorts the slices of input along dim and writes the slice [first, first + len) of the sorted
// values and their positions (as takeMoved).
static void THCTensor_(sortAndTake)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *input,
                                    int dim, bool descending, long first, long len, int keepdim) {
  THCTensor *sortedV;
  THCudaLongTensor *positions;
  THCTensor_(sortMoved)(state, &sortedV, &positions, input, dim, descending);
  THCTensor_(takeMoved)(state, values, indices, input, dim, sortedV, positions, first, len, keepdim);
  THCTensor_(free)(state, sortedV);
  THCudaLongTensor_free(state, positions);
}

// The k largest (dir != 0) or smallest of each slice, in sorted order (descending for the largest,
// ascending for the smallest) whether or not `sorted` asks for it; TH leaves an unsorted result in
// its quickselect's order, which is one of the orders this can be.
void THCTensor_(topk)(THCState *state, THCTensor *topK, THCudaLongTensor *indices, THCTensor *input, long k, int dim,
                      int dir, int sorted) {
  THC_CHECK_NOT_NULL_("topk", topK, 1);
  THC_CHECK_NOT_NULL_("topk", indices, 2);
  THC_CHECK_NOT_NULL_("topk", input, 3);
  THC_CHECK_DIM_("topk", dim, input, 5);
  THArgCheck(k >= 1 && k <= input->size[dim], 4, THC_TENSOR_NAME_ "_topk: k %ld out of range [1, %ld]", k,
             input->size[dim]);
  THC_SORT_CHECK_SIZE_("topk", input, 3);
  THCTensor_(sortAndTake)(state, topK, indices, input, dim, dir != 0, 0, k, 1);
}

// The lower median ((n + 1) / 2-th smallest) of each slice and its position.
void THCTensor_(median)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim,
                        int keepdim) {
  THC_CHECK_VALUES_INDICES_("median", values, indices, src, dim);
  THC_SORT_CHECK_SIZE_("median", src, 3);
  THCTensor_(sortAndTake)(state, values, indices, src, (int)dim, false, (src->size[dim] + 1) / 2 - 1, 1, keepdim);
}

real THCTensor_(medianall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("medianall", self, 1);
  ptrdiff_t n = THCTensor_(nElement)(state, self);
  THArgCheck(n > 0, 1, THC_TENSOR_NAME_ "_medianall: the tensor is empty");
  THC_SORT_CHECK_SIZE_("medianall", self, 1);
  THCTensor *in = THCTensor_(newContiguous)(state, self);
  THCTensor *sortedV = THCTensor_(newWithSize1d)(state, n);
  THCudaLongTensor *positions = THCudaLongTensor_newWithSize1d(state, n);
  THC_sortRows(state, THCTensor_(data)(state, in), 1, (long)n, false, THCTensor_(data)(state, sortedV),
               THCudaLongTensor_data(state, positions));
  real median = THCTensor_(get1d)(state, sortedV, (long)((n + 1) / 2 - 1));
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, sortedV);
  THCudaLongTensor_free(state, positions);
  return median;
}

// TH's mode: the most frequent value of each slice (the smallest among equally frequent ones) and
// the position of its last occurrence.
void THCTensor_(mode)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *input, int dimension,
                      int keepdim) {
  THC_CHECK_VALUES_INDICES_("mode", values, indices, input, dimension);
  THC_SORT_CHECK_SIZE_("mode", input, 3);
  int dim = dimension, last = input->nDimension - 1;
  THCTensor *sortedV;
  THCudaLongTensor *positions;
  THCTensor_(sortMoved)(state, &sortedV, &positions, input, dim, false);
  long n = input->size[dim], rows = (long)THCTensor_(nElement)(state, input) / n;
  THCTensor *modeV = THCTensor_(newNarrow)(state, sortedV, last, 0, 1);  // sizes of the moved result
  THCTensor *modeMoved = THCTensor_(newClone)(state, modeV);
  THCudaLongTensor *modeI = THCudaLongTensor_new(state);
  THCudaLongTensor_resizeNd(state, modeI, modeMoved->nDimension, modeMoved->size, NULL);
  thc_sort::modeKernel<<<thc_sort::gridFor(state, rows), thc_sort::kThreads, 0, THCState_getCurrentStream(state)>>>(
      THCTensor_(data)(state, modeMoved), THCudaLongTensor_data(state, modeI), THCTensor_(data)(state, sortedV),
      THCudaLongTensor_data(state, positions), rows, n);
  cudaError_t launched = cudaGetLastError();
  THCTensor_(free)(state, modeV);
  THCTensor_(free)(state, sortedV);
  THCudaLongTensor_free(state, positions);
  if (launched == cudaSuccess)
    THCTensor_(takeMoved)(state, values, indices, input, dim, modeMoved, modeI, 0, 1, keepdim);
  THCTensor_(free)(state, modeMoved);
  THCudaLongTensor_free(state, modeI);
  THCudaCheck(launched);
}

#undef THC_SORT_CHECK_SIZE_
