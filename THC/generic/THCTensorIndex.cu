// THC types: Long Float Double
// gather, scatter, scatterAdd, scatterFill, index{Select,Copy,Add,Fill} (device or CPU index
// vectors) and calculateAdvancedIndexingOffsets. Same checks, messages and results as TH's
// THTensorMathIndex.c; every index is range-checked before anything is written. Where an index
// repeats, the additions all count (atomics) but which of several copies lands is unspecified
// (TH: the last one).

// A tensor to read while `out` (with storage outStorage) is written: in itself, or a private copy
// when the two share storage. Free with THCTensor_(free).
static THCTensor *THCTensor_(indexReadable)(THCState *state, const void *outStorage, THCTensor *in) {
  if (in->storage && (const void *)in->storage == outStorage) return THCTensor_(newClone)(state, in);
  THCTensor_(retain)(state, in);
  return in;
}

static THCudaLongTensor *THCTensor_(indexReadableIndex)(THCState *state, const void *outStorage,
                                                         THCudaLongTensor *in) {
  if (in->storage && (const void *)in->storage == outStorage) return THCudaLongTensor_newClone(state, in);
  THCudaLongTensor_retain(state, in);
  return in;
}

static void THCTensor_(indexMakeEmpty)(THCState *state, THCTensor *t) { THCTensor_(resizeNd)(state, t, 0, NULL, NULL); }

/* ------------------------------------------------- index{Select,Copy,Add,Fill} */

// The index vector of the index* functions: on the device (gpu) or, for the *_long forms, on the
// CPU (cpu); exactly one is set.
struct THCTensor_(IndexVector) {
  THCudaLongTensor *gpu;
  THLongTensor *cpu;
};

static int THCTensor_(indexVectorDims)(struct THCTensor_(IndexVector) v) {
  return v.gpu ? v.gpu->nDimension : v.cpu->nDimension;
}

static long THCTensor_(indexVectorCount)(THCState *state, struct THCTensor_(IndexVector) v) {
  return v.gpu ? (long)THCudaLongTensor_nElement(state, v.gpu) : (long)THLongTensor_nElement(v.cpu);
}

static void THCTensor_(indexVectorCheckRange)(THCState *state, const char *fn, struct THCTensor_(IndexVector) v,
                                              long bound, int argNumber) {
  if (v.gpu)
    thc_index::checkRange(state, fn, v.gpu, bound, argNumber);
  else
    thc_index::checkRangeCPU(fn, v.cpu, bound, argNumber);
}

// The checked index vector on the device, safe to read while outStorage is written. Free it.
static THCudaLongTensor *THCTensor_(indexVectorOnDevice)(THCState *state, const void *outStorage,
                                                         struct THCTensor_(IndexVector) v) {
  if (v.cpu) return thc_index::uploadIndex(state, v.cpu);
  return THCTensor_(indexReadableIndex)(state, outStorage, v.gpu);
}

static long THCTensor_(indexVectorStride)(THCudaLongTensor *idx) { return idx->nDimension == 0 ? 1 : idx->stride[0]; }

// `index` is a vector (an empty tensor means no indices) and `dim` a dimension of t.
static void THCTensor_(checkIndexDim)(const char *fn, THCTensor *t, const char *tName, int dim, int dimArg,
                                      int indexDims, int indexArg) {
  THArgCheck(indexDims <= 1, indexArg, "%s: index must be a vector, got a %dD tensor", fn, indexDims);
  THArgCheck(dim >= 0 && dim < t->nDimension, dimArg, "%s: dimension %d out of range of a %dD %s", fn,
             dim + TH_INDEX_BASE, t->nDimension, tName);
}

static void THCTensor_(indexSelectImpl)(THCState *state, THCTensor *tensor, THCTensor *src, int dim,
                                        struct THCTensor_(IndexVector) index) {
  THCTensor_(checkIndexDim)("indexSelect", src, "src", dim, 3, THCTensor_(indexVectorDims)(index), 4);
  long n = THCTensor_(indexVectorCount)(state, index);
  THCTensor_(indexVectorCheckRange)(state, "indexSelect", index, src->size[dim], 4);
  if (n == 0) {
    THCTensor_(indexMakeEmpty)(state, tensor);
    return;
  }
  THCTensor *s = THCTensor_(indexReadable)(state, tensor->storage, src);
  THCudaLongTensor *idx = THCTensor_(indexVectorOnDevice)(state, tensor->storage, index);
  long size[TH_MAX_DIMS];
  for (int d = 0; d < s->nDimension; d++) size[d] = s->size[d];
  size[dim] = n;
  THCTensor_(resizeNd)(state, tensor, s->nDimension, size, NULL);

  thc_index::Walk w = thc_index::makeWalk(tensor->nDimension, tensor->size, dim);
  thc_index::setStrides(w, 0, tensor, -1);
  thc_index::setStrides(w, 1, s, dim);
  thc_index::SelectOp<real> op{THCTensor_(data)(state, tensor), THCTensor_(data)(state, s),
                               THCudaLongTensor_data(state, idx), THCTensor_(indexVectorStride)(idx),
                               s->stride[dim]};
  thc_index::launchWalk(state, w, (long)THCTensor_(nElement)(state, tensor), op);
  THCudaLongTensor_free(state, idx);
  THCTensor_(free)(state, s);
}

// indexCopy (Copy) and indexAdd (Add): slice i of src goes to slice index[i] of tensor; src has
// tensor's shape except size(dim) = #index.
template <thc_index::Write mode>
static void THCTensor_(indexPutImpl)(THCState *state, const char *fn, THCTensor *tensor, int dim,
                                     struct THCTensor_(IndexVector) index, THCTensor *src) {
  THCTensor_(checkIndexDim)(fn, tensor, "tensor", dim, 2, THCTensor_(indexVectorDims)(index), 3);
  long n = THCTensor_(indexVectorCount)(state, index);
  if (n == 0) {
    THArgCheck(THCTensor_(nElement)(state, src) == 0, 4, "%s: no indices but src %s is not empty", fn,
               THCTensor_(sizeDesc)(state, src).str);
    return;
  }
  int sameShape = src->nDimension == tensor->nDimension && src->size[dim] == n;
  for (int d = 0; sameShape && d < tensor->nDimension; d++)
    if (d != dim && src->size[d] != tensor->size[d]) sameShape = 0;
  THArgCheck(sameShape, 4,
             "%s: src %s must have the size of tensor %s except %ld (the number of indices) at dimension %d", fn,
             THCTensor_(sizeDesc)(state, src).str, THCTensor_(sizeDesc)(state, tensor).str, n,
             dim + TH_INDEX_BASE);
  THCTensor_(indexVectorCheckRange)(state, fn, index, tensor->size[dim], 3);

  THCTensor *s = THCTensor_(indexReadable)(state, tensor->storage, src);
  THCudaLongTensor *idx = THCTensor_(indexVectorOnDevice)(state, tensor->storage, index);
  thc_index::Walk w = thc_index::makeWalk(s->nDimension, s->size, dim);
  thc_index::setStrides(w, 0, tensor, dim);
  thc_index::setStrides(w, 1, s, -1);
  thc_index::PutOp<real, mode> op{THCTensor_(data)(state, tensor), THCTensor_(data)(state, s),
                                  THCudaLongTensor_data(state, idx), THCTensor_(indexVectorStride)(idx),
                                  tensor->stride[dim], (real)0};
  thc_index::launchWalk(state, w, (long)THCTensor_(nElement)(state, s), op);
  THCudaLongTensor_free(state, idx);
  THCTensor_(free)(state, s);
}

static void THCTensor_(indexFillImpl)(THCState *state, THCTensor *tensor, int dim,
                                      struct THCTensor_(IndexVector) index, real val) {
  THCTensor_(checkIndexDim)("indexFill", tensor, "tensor", dim, 2, THCTensor_(indexVectorDims)(index), 3);
  long n = THCTensor_(indexVectorCount)(state, index);
  THCTensor_(indexVectorCheckRange)(state, "indexFill", index, tensor->size[dim], 3);
  if (n == 0) return;
  THCudaLongTensor *idx = THCTensor_(indexVectorOnDevice)(state, tensor->storage, index);
  long size[TH_MAX_DIMS];
  for (int d = 0; d < tensor->nDimension; d++) size[d] = tensor->size[d];
  size[dim] = n;
  long count = 1;
  for (int d = 0; d < tensor->nDimension; d++) count *= size[d];
  thc_index::Walk w = thc_index::makeWalk(tensor->nDimension, size, dim);
  thc_index::setStrides(w, 0, tensor, dim);
  thc_index::PutOp<real, thc_index::Write::Fill> op{THCTensor_(data)(state, tensor), nullptr,
                                                    THCudaLongTensor_data(state, idx),
                                                    THCTensor_(indexVectorStride)(idx), tensor->stride[dim], val};
  thc_index::launchWalk(state, w, count, op);
  THCudaLongTensor_free(state, idx);
}

void THCTensor_(indexSelect)(THCState *state, THCTensor *tensor, THCTensor *src, int dim, THCudaLongTensor *index) {
  THCTensor_(indexSelectImpl)(state, tensor, src, dim, {index, nullptr});
}

void THCTensor_(indexCopy)(THCState *state, THCTensor *res_, int dim, THCudaLongTensor *indices, THCTensor *src) {
  THCTensor_(indexPutImpl)<thc_index::Write::Copy>(state, "indexCopy", res_, dim, {indices, nullptr}, src);
}

void THCTensor_(indexAdd)(THCState *state, THCTensor *res_, int dim, THCudaLongTensor *indices, THCTensor *src) {
  THCTensor_(indexPutImpl)<thc_index::Write::Add>(state, "indexAdd", res_, dim, {indices, nullptr}, src);
}

void THCTensor_(indexFill)(THCState *state, THCTensor *tensor, int dim, THCudaLongTensor *index, real val) {
  THCTensor_(indexFillImpl)(state, tensor, dim, {index, nullptr}, val);
}

void THCTensor_(indexSelect_long)(THCState *state, THCTensor *tensor, THCTensor *src, int dim, THLongTensor *index) {
  THCTensor_(indexSelectImpl)(state, tensor, src, dim, {nullptr, index});
}

void THCTensor_(indexCopy_long)(THCState *state, THCTensor *res_, int dim, THLongTensor *indices, THCTensor *src) {
  THCTensor_(indexPutImpl)<thc_index::Write::Copy>(state, "indexCopy", res_, dim, {nullptr, indices}, src);
}

void THCTensor_(indexAdd_long)(THCState *state, THCTensor *res_, int dim, THLongTensor *indices, THCTensor *src) {
  THCTensor_(indexPutImpl)<thc_index::Write::Add>(state, "indexAdd", res_, dim, {nullptr, indices}, src);
}

void THCTensor_(indexFill_long)(THCState *state, THCTensor *tensor, int dim, THLongTensor *index, real val) {
  THCTensor_(indexFillImpl)(state, tensor, dim, {nullptr, index}, val);
}

/* ----------------------------------------------------------- gather, scatter */

// index has t's number of dimensions and, except along dim (unless alongDimToo), sizes <= t's.
static void THCTensor_(checkIndexFits)(THCState *state, const char *fn, THCTensor *t, const char *tName, int dim,
                                       THCudaLongTensor *index, int alongDimToo) {
  THArgCheck(index->nDimension == t->nDimension, 3, "%s: index must have as many dimensions as %s (%d), got %d",
             fn, tName, t->nDimension, index->nDimension);
  for (int d = 0; d < t->nDimension; d++)
    if (d != dim || alongDimToo)
      THArgCheck(index->size[d] <= t->size[d], 3, "%s: index %s is larger than %s %s at dimension %d", fn,
                 THCudaLongTensor_sizeDesc(state, index).str, tName, THCTensor_(sizeDesc)(state, t).str,
                 d + TH_INDEX_BASE);
}

// tensor takes index's shape; for dim 0, tensor[i][j] = src[index[i][j]][j].
void THCTensor_(gather)(THCState *state, THCTensor *tensor, THCTensor *src, int dim, THCudaLongTensor *index) {
  THArgCheck(dim >= 0 && dim < src->nDimension, 3, "gather: dimension %d out of range of a %dD src",
             dim + TH_INDEX_BASE, src->nDimension);
  if (THCudaLongTensor_nElement(state, index) == 0) {
    THCTensor_(indexMakeEmpty)(state, tensor);
    return;
  }
  THCTensor_(checkIndexFits)(state, "gather", src, "src", dim, index, 0);
  thc_index::checkRange(state, "gather", index, src->size[dim], 4);
  THCTensor *s = THCTensor_(indexReadable)(state, tensor->storage, src);
  THCudaLongTensor *idx = THCTensor_(indexReadableIndex)(state, tensor->storage, index);
  THCTensor_(resizeNd)(state, tensor, idx->nDimension, idx->size, NULL);

  thc_index::Walk w = thc_index::makeWalk(idx->nDimension, idx->size, dim);
  thc_index::setStrides(w, 0, tensor, -1);
  thc_index::setStrides(w, 1, idx, -1);
  thc_index::setStrides(w, 2, s, dim);
  thc_index::GatherOp<real> op{THCTensor_(data)(state, tensor), THCudaLongTensor_data(state, idx),
                               THCTensor_(data)(state, s), s->stride[dim]};
  thc_index::launchWalk(state, w, (long)THCudaLongTensor_nElement(state, idx), op);
  THCudaLongTensor_free(state, idx);
  THCTensor_(free)(state, s);
}

// The inverse of gather: for dim 0, tensor[index[i][j]][j] = src[i][j] (Add: +=; Fill: = value,
// src NULL).
template <thc_index::Write mode>
static void THCTensor_(scatterImpl)(THCState *state, const char *fn, THCTensor *tensor, int dim,
                                    THCudaLongTensor *index, THCTensor *src, real value) {
  THArgCheck(dim >= 0 && dim < tensor->nDimension, 2, "%s: dimension %d out of range of a %dD tensor", fn,
             dim + TH_INDEX_BASE, tensor->nDimension);
  if (THCudaLongTensor_nElement(state, index) == 0) return;
  THCTensor_(checkIndexFits)(state, fn, tensor, "tensor", dim, index, 0);
  if (src) THCTensor_(checkIndexFits)(state, fn, src, "src", dim, index, 1);
  thc_index::checkRange(state, fn, index, tensor->size[dim], 3);

  THCTensor *s = src ? THCTensor_(indexReadable)(state, tensor->storage, src) : NULL;
  THCudaLongTensor *idx = THCTensor_(indexReadableIndex)(state, tensor->storage, index);
  thc_index::Walk w = thc_index::makeWalk(idx->nDimension, idx->size, dim);
  thc_index::setStrides(w, 0, tensor, dim);
  thc_index::setStrides(w, 1, idx, -1);
  if (s) thc_index::setStrides(w, 2, s, -1);
  thc_index::ScatterOp<real, mode> op{THCTensor_(data)(state, tensor), THCudaLongTensor_data(state, idx),
                                      s ? THCTensor_(data)(state, s) : nullptr, tensor->stride[dim], value};
  thc_index::launchWalk(state, w, (long)THCudaLongTensor_nElement(state, idx), op);
  THCudaLongTensor_free(state, idx);
  if (s) THCTensor_(free)(state, s);
}

void THCTensor_(scatter)(THCState *state, THCTensor *tensor, int dim, THCudaLongTensor *index, THCTensor *src) {
  THCTensor_(scatterImpl)<thc_index::Write::Copy>(state, "scatter", tensor, dim, index, src, (real)0);
}

void THCTensor_(scatterAdd)(THCState *state, THCTensor *tensor, int dim, THCudaLongTensor *index, THCTensor *src) {
  THCTensor_(scatterImpl)<thc_index::Write::Add>(state, "scatterAdd", tensor, dim, index, src, (real)0);
}

void THCTensor_(scatterFill)(THCState *state, THCTensor *tensor, int dim, THCudaLongTensor *index, real value) {
  THCTensor_(scatterImpl)<thc_index::Write::Fill>(state, "scatterFill", tensor, dim, index, NULL, value);
}

/* ------------------------------------------------------- advanced indexing */

// output (contiguous, sized by the caller) receives the element offsets that advanced indexing of
// `indexed` selects: indexers[d] (a contiguous device vector, or NULL for a dimension taken
// whole) gives 0-based subscripts of dimension d; see thc_index::advancedOffsetsKernel.
void THCTensor_(calculateAdvancedIndexingOffsets)(THCState *state, THCudaLongTensor *output, THCTensor *indexed,
                                                  ptrdiff_t baseOffset, THCudaLongTensor **indexers) {
  THArgCheck(THCudaLongTensor_isContiguous(state, output), 2,
             "calculateAdvancedIndexingOffsets: output must be contiguous");
  long n = (long)THCudaLongTensor_nElement(state, output);
  thc_index::AdvancedWalk w{};
  w.dims = indexed->nDimension;
  for (int d = 0; d < w.dims; d++) {
    THCudaLongTensor *ix = indexers ? indexers[d] : NULL;
    if (ix) {
      THArgCheck(THCudaLongTensor_isContiguous(state, ix), 5,
                 "calculateAdvancedIndexingOffsets: the indexer of dimension %d must be contiguous",
                 d + TH_INDEX_BASE);
      w.sizes[d] = (long)THCudaLongTensor_nElement(state, ix);
      w.indexers[d] = THCudaLongTensor_data(state, ix);
    } else {
      w.sizes[d] = indexed->size[d];
      w.indexers[d] = nullptr;
    }
    w.strides[d] = indexed->stride[d];
    THArgCheck(n == 0 || w.sizes[d] > 0, 5,
               "calculateAdvancedIndexingOffsets: dimension %d has nothing to index", d + TH_INDEX_BASE);
  }
  if (n == 0) return;
  thc_index::advancedOffsetsKernel<<<thc_apply::gridFor(state, n), thc_index::kThreads, 0,
                                     THCState_getCurrentStream(state)>>>(
      w, THCudaLongTensor_data(state, output), n, (long)baseOffset);
  THCudaCheckLaunch("calculateAdvancedIndexingOffsets");
}
