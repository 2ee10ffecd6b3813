#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensor.c"
#else

/* ---------------------------------------------------------------- access */

THStorage *THTensor_(storage)(const THTensor *self) { return self->storage; }

ptrdiff_t THTensor_(storageOffset)(const THTensor *self) { return self->storageOffset; }

int THTensor_(nDimension)(const THTensor *self) { return self->nDimension; }

long THTensor_(size)(const THTensor *self, int dim) {
  THArgCheck(dim >= 0 && dim < self->nDimension, 2, "size: dimension %d out of range of a %dD tensor",
             dim + TH_INDEX_BASE, self->nDimension);
  return self->size[dim];
}

long THTensor_(stride)(const THTensor *self, int dim) {
  THArgCheck(dim >= 0 && dim < self->nDimension, 2,
             "stride: dimension %d out of range of a %dD tensor", dim + TH_INDEX_BASE, self->nDimension);
  return self->stride[dim];
}

THLongStorage *THTensor_(newSizeOf)(THTensor *self) {
  THLongStorage *size = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++) size->data[d] = self->size[d];
  return size;
}

THLongStorage *THTensor_(newStrideOf)(THTensor *self) {
  THLongStorage *stride = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++) stride->data[d] = self->stride[d];
  return stride;
}

real *THTensor_(data)(const THTensor *self) {
  return self->storage ? self->storage->data + self->storageOffset : NULL;
}

void THTensor_(setFlag)(THTensor *self, const char flag) { self->flag |= flag; }

void THTensor_(clearFlag)(THTensor *self, const char flag) { self->flag &= ~flag; }

/* ----------------------------------------------------------- view checks */

/* Each view's argument checks, run by both the in-place and the new* form before anything is
 * allocated, so that a bad call leaks nothing. */
static void THTensor_(checkNarrow)(THTensor *src, int dimension, long firstIndex, long size) {
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "narrow: dimension %d out of range of a %dD tensor", dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(firstIndex >= 0 && firstIndex < src->size[dimension], 3,
             "narrow: first index %ld out of range [0, %ld)", firstIndex, src->size[dimension]);
  THArgCheck(size > 0 && firstIndex <= src->size[dimension] - size, 4,
             "narrow: size %ld out of range: first index %ld + size must be <= %ld", size, firstIndex,
             src->size[dimension]);
}

static void THTensor_(checkSelect)(THTensor *src, int dimension, long sliceIndex) {
  THArgCheck(src->nDimension > 1, 1, "select: cannot select on a %dD tensor (need 2 or more dimensions)",
             src->nDimension);
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "select: dimension %d out of range of a %dD tensor", dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(sliceIndex >= 0 && sliceIndex < src->size[dimension], 3,
             "select: index %ld out of range [0, %ld)", sliceIndex, src->size[dimension]);
}

static void THTensor_(checkTranspose)(THTensor *src, int dimension1, int dimension2) {
  THArgCheck(dimension1 >= 0 && dimension1 < src->nDimension, 1,
             "transpose: dimension %d out of range of a %dD tensor", dimension1 + TH_INDEX_BASE,
             src->nDimension);
  THArgCheck(dimension2 >= 0 && dimension2 < src->nDimension, 2,
             "transpose: dimension %d out of range of a %dD tensor", dimension2 + TH_INDEX_BASE,
             src->nDimension);
}

static void THTensor_(checkUnfold)(THTensor *src, int dimension, long size, long step) {
  THArgCheck(src->nDimension > 0, 1, "unfold: cannot unfold an empty tensor");
  THArgCheck(src->nDimension < TH_MAX_DIMS, 1, "unfold: at most %d dimensions", TH_MAX_DIMS);
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "unfold: dimension %d out of range of a %dD tensor", dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(size > 0 && size <= src->size[dimension], 3, "unfold: size %ld out of range [1, %ld]", size,
             src->size[dimension]);
  THArgCheck(step > 0, 4, "unfold: step must be > 0, got %ld", step);
}

/* ---------------------------------------------------------- construction */

THTensor *THTensor_(new)(void) {
  THTensor *self = THAlloc(sizeof(THTensor));
  self->size = NULL;
  self->stride = NULL;
  self->nDimension = 0;
  self->storage = NULL;
  self->storageOffset = 0;
  self->refcount = 1;
  self->flag = TH_TENSOR_REFCOUNTED;
  return self;
}

THTensor *THTensor_(newWithTensor)(THTensor *tensor) {
  THTensor *self = THTensor_(new)();
  THTensor_(setStorageNd)(self, tensor->storage, tensor->storageOffset, tensor->nDimension,
                          tensor->size, tensor->stride);
  return self;
}

/* Checks that size and stride lists agree before anything is allocated. */
static void THTensor_(checkSizeStride)(THLongStorage *size, THLongStorage *stride, int arg) {
  if (size && stride)
    THArgCheck(size->size == stride->size, arg, "inconsistent size (%td dims) and stride (%td dims)",
               size->size, stride->size);
  if (size) THArgCheck(size->size <= TH_MAX_DIMS, arg, "at most %d dimensions, got %td", TH_MAX_DIMS, size->size);
}

THTensor *THTensor_(newWithStorage)(THStorage *storage, ptrdiff_t storageOffset, THLongStorage *size,
                                    THLongStorage *stride) {
  THTensor_(checkSizeStride)(size, stride, 3);
  THArgCheck(storageOffset >= 0, 2, "newWithStorage: the storage offset must be >= 0, got %td", storageOffset);
  THTensor *self = THTensor_(new)();
  THTensor_(setStorageNd)(self, storage, storageOffset, size ? (int)size->size : 0,
                          size ? size->data : NULL, stride ? stride->data : NULL);
  return self;
}

THTensor *THTensor_(newWithStorage1d)(THStorage *storage, ptrdiff_t storageOffset, long size0, long stride0) {
  return THTensor_(newWithStorage4d)(storage, storageOffset, size0, stride0, -1, -1, -1, -1, -1, -1);
}

THTensor *THTensor_(newWithStorage2d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1) {
  return THTensor_(newWithStorage4d)(storage, storageOffset, size0, stride0, size1, stride1, -1, -1, -1, -1);
}

THTensor *THTensor_(newWithStorage3d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2) {
  return THTensor_(newWithStorage4d)(storage, storageOffset, size0, stride0, size1, stride1, size2,
                                     stride2, -1, -1);
}

THTensor *THTensor_(newWithStorage4d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2,
                                      long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3};
  long stride[4] = {stride0, stride1, stride2, stride3};
  THArgCheck(storageOffset >= 0, 2, "newWithStorage: the storage offset must be >= 0, got %td", storageOffset);
  THTensor *self = THTensor_(new)();
  THTensor_(setStorageNd)(self, storage, storageOffset, 4, size, stride);
  return self;
}

THTensor *THTensor_(newWithSize)(THLongStorage *size, THLongStorage *stride) {
  THTensor_(checkSizeStride)(size, stride, 1);
  THTensor *self = THTensor_(new)();
  THTensor_(resizeNd)(self, size ? (int)size->size : 0, size ? size->data : NULL,
                      stride ? stride->data : NULL);
  return self;
}

THTensor *THTensor_(newWithSize1d)(long size0) { return THTensor_(newWithSize4d)(size0, -1, -1, -1); }

THTensor *THTensor_(newWithSize2d)(long size0, long size1) {
  return THTensor_(newWithSize4d)(size0, size1, -1, -1);
}

THTensor *THTensor_(newWithSize3d)(long size0, long size1, long size2) {
  return THTensor_(newWithSize4d)(size0, size1, size2, -1);
}

THTensor *THTensor_(newWithSize4d)(long size0, long size1, long size2, long size3) {
  long size[4] = {size0, size1, size2, size3};
  THTensor *self = THTensor_(new)();
  THTensor_(resizeNd)(self, 4, size, NULL);
  return self;
}

THTensor *THTensor_(newClone)(THTensor *self) {
  THTensor *tensor = THTensor_(new)();
  THTensor_(resizeAs)(tensor, self);
  THTensor_(copy)(tensor, self);
  return tensor;
}

/* A contiguous tensor comes back as a new header on the same storage, so the caller always frees
 * the result. */
THTensor *THTensor_(newContiguous)(THTensor *self) {
  if (THTensor_(isContiguous)(self)) return THTensor_(newWithTensor)(self);
  return THTensor_(newClone)(self);
}

THTensor *THTensor_(newSelect)(THTensor *tensor, int dimension, long sliceIndex) {
  THTensor_(checkSelect)(tensor, dimension, sliceIndex);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(select)(self, NULL, dimension, sliceIndex);
  return self;
}

THTensor *THTensor_(newNarrow)(THTensor *tensor, int dimension, long firstIndex, long size) {
  THTensor_(checkNarrow)(tensor, dimension, firstIndex, size);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(narrow)(self, NULL, dimension, firstIndex, size);
  return self;
}

THTensor *THTensor_(newTranspose)(THTensor *tensor, int dimension1, int dimension2) {
  THTensor_(checkTranspose)(tensor, dimension1, dimension2);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(transpose)(self, NULL, dimension1, dimension2);
  return self;
}

THTensor *THTensor_(newUnfold)(THTensor *tensor, int dimension, long size, long step) {
  THTensor_(checkUnfold)(tensor, dimension, size, step);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(unfold)(self, NULL, dimension, size, step);
  return self;
}

THTensor *THTensor_(newView)(THTensor *tensor, THLongStorage *size) {
  THArgCheck(THTensor_(isContiguous)(tensor), 1, "view: the tensor is not contiguous (size %s)",
             THTensor_(sizeDesc)(tensor).str);
  THLongStorage *inferred = THLongStorage_newInferSize(size, THTensor_(nElement)(tensor));
  THTensor *self = THTensor_(new)();
  THTensor_(setStorageNd)(self, tensor->storage, tensor->storageOffset, (int)inferred->size,
                          inferred->data, NULL);
  THLongStorage_free(inferred);
  return self;
}

/* ------------------------------------------------------------- expanding */

/* The expanded geometry (freed by the caller with THFree), or an error before anything is allocated. */
static void THTensor_(expandGeometry)(THTensor *tensor, THLongStorage *size, long **sizes, long **strides) {
  THArgCheck(THTensor_(nDimension)(tensor) > 0, 0, "expand: cannot expand an empty tensor");
  THArgCheck(size->size <= TH_MAX_DIMS, 2, "expand: at most %d dimensions", TH_MAX_DIMS);
  char error[512];
  if (THLongStorage_inferExpandGeometry(tensor->size, tensor->stride, tensor->nDimension, size, sizes,
                                        strides, error, sizeof error))
    THArgCheck(0, 2, "%s", error);
}

void THTensor_(expand)(THTensor *r, THTensor *tensor, THLongStorage *size) {
  long *expandedSizes, *expandedStrides;
  THTensor_(expandGeometry)(tensor, size, &expandedSizes, &expandedStrides);
  THTensor_(setStorageNd)(r, tensor->storage, tensor->storageOffset, (int)size->size, expandedSizes,
                          expandedStrides);
  THFree(expandedSizes);
  THFree(expandedStrides);
}

THTensor *THTensor_(newExpand)(THTensor *tensor, THLongStorage *size) {
  long *expandedSizes, *expandedStrides;
  THTensor_(expandGeometry)(tensor, size, &expandedSizes, &expandedStrides);
  THTensor *result = THTensor_(new)();
  THTensor_(setStorageNd)(result, tensor->storage, tensor->storageOffset, (int)size->size, expandedSizes,
                          expandedStrides);
  THFree(expandedSizes);
  THFree(expandedStrides);
  return result;
}

void THTensor_(expandNd)(THTensor **rets, THTensor **ops, int count) {
  THArgCheck(count > 0 && count <= 64, 3, "expandNd: count must be in [1, 64], got %d", count);
  THArgCheck(rets != NULL, 1, "expandNd: the result array is NULL");
  THArgCheck(ops != NULL, 2, "expandNd: the operand array is NULL");
  long *sizes[64];
  long dims[64];
  for (int i = 0; i < count; i++) {
    THArgCheck(rets[i] != NULL, 1, "expandNd: result %d is NULL", i + 1);
    THArgCheck(ops[i] != NULL, 2, "expandNd: operand %d is NULL", i + 1);
    THArgCheck(ops[i]->nDimension > 0, i, "expandNd: cannot expand an empty tensor (operand %d)", i + 1);
    sizes[i] = ops[i]->size;
    dims[i] = ops[i]->nDimension;
  }
  THLongStorage *size = THLongStorage_new();
  char error[512];
  if (THLongStorage_inferSizeN(size, count, sizes, dims, error, sizeof error)) {
    THLongStorage_free(size);
    THArgCheck(0, 2, "expandNd: %s", error);
  }
  for (int i = 0; i < count; i++) THTensor_(expand)(rets[i], ops[i], size);
  THLongStorage_free(size);
}

/* -------------------------------------------------------------- resizing */

void THTensor_(resize)(THTensor *self, THLongStorage *size, THLongStorage *stride) {
  THArgCheck(size != NULL, 2, "resize: size is NULL");
  THTensor_(checkSizeStride)(size, stride, 2);
  THTensor_(resizeNd)(self, (int)size->size, size->data, stride ? stride->data : NULL);
}

void THTensor_(resizeAs)(THTensor *self, THTensor *src) {
  if (!THTensor_(isSameSizeAs)(self, src)) THTensor_(resizeNd)(self, src->nDimension, src->size, NULL);
}

/* The legacy rule: the first size <= 0 ends the dimension list. A stride < 0 (or no stride list)
 * means contiguous. The storage grows to fit; it never shrinks. */
void THTensor_(resizeNd)(THTensor *self, int nDimension, long *size, long *stride) {
  THArgCheck(nDimension >= 0 && nDimension <= TH_MAX_DIMS, 2,
             "resize: the number of dimensions must be in [0, %d], got %d", TH_MAX_DIMS, nDimension);
  int ndim = 0;
  while (ndim < nDimension && size[ndim] > 0) ndim++;

  int same = ndim == self->nDimension;
  for (int d = 0; same && d < ndim; d++) {
    if (size[d] != self->size[d]) same = 0;
    if (stride && stride[d] >= 0 && stride[d] != self->stride[d]) same = 0;
  }
  if (same) return;

  if (ndim != self->nDimension) {
    self->size = THRealloc(self->size, sizeof(long) * (size_t)ndim);
    self->stride = THRealloc(self->stride, sizeof(long) * (size_t)ndim);
    self->nDimension = ndim;
  }
  ptrdiff_t extent = 1; /* 1 + the offset of the last element */
  for (int d = ndim - 1; d >= 0; d--) {
    self->size[d] = size[d];
    if (stride && stride[d] >= 0)
      self->stride[d] = stride[d];
    else
      self->stride[d] = d == ndim - 1 ? 1 : self->size[d + 1] * self->stride[d + 1];
    extent += (self->size[d] - 1) * self->stride[d];
  }
  if (ndim == 0) return;
  if (!self->storage) self->storage = THStorage_(new)();
  if (extent + self->storageOffset > self->storage->size)
    THStorage_(resize)(self->storage, extent + self->storageOffset);
}

void THTensor_(resize1d)(THTensor *tensor, long size0) { THTensor_(resize4d)(tensor, size0, -1, -1, -1); }

void THTensor_(resize2d)(THTensor *tensor, long size0, long size1) {
  THTensor_(resize4d)(tensor, size0, size1, -1, -1);
}

void THTensor_(resize3d)(THTensor *tensor, long size0, long size1, long size2) {
  THTensor_(resize4d)(tensor, size0, size1, size2, -1);
}

void THTensor_(resize4d)(THTensor *self, long size0, long size1, long size2, long size3) {
  long size[4] = {size0, size1, size2, size3};
  THTensor_(resizeNd)(self, 4, size, NULL);
}

void THTensor_(resize5d)(THTensor *self, long size0, long size1, long size2, long size3, long size4) {
  long size[5] = {size0, size1, size2, size3, size4};
  THTensor_(resizeNd)(self, 5, size, NULL);
}

/* ---------------------------------------------------------- set storage */

void THTensor_(set)(THTensor *self, THTensor *src) {
  if (self != src)
    THTensor_(setStorageNd)(self, src->storage, src->storageOffset, src->nDimension, src->size, src->stride);
}

void THTensor_(setStorage)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                           THLongStorage *size, THLongStorage *stride) {
  THTensor_(checkSizeStride)(size, stride, 4);
  THTensor_(setStorageNd)(self, storage, storageOffset, size ? (int)size->size : 0,
                          size ? size->data : NULL, stride ? stride->data : NULL);
}

void THTensor_(setStorageNd)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             int nDimension, long *size, long *stride) {
  THArgCheck(storageOffset >= 0, 3, "setStorage: the storage offset must be >= 0, got %td", storageOffset);
  THArgCheck(nDimension >= 0 && nDimension <= TH_MAX_DIMS, 4,
             "setStorage: the number of dimensions must be in [0, %d], got %d", TH_MAX_DIMS, nDimension);
  if (self->storage != storage) {
    THStorage_(retain)(storage);
    THStorage_(free)(self->storage);
    self->storage = storage;
  }
  self->storageOffset = storageOffset;
  THTensor_(resizeNd)(self, nDimension, size, stride);
}

void THTensor_(setStorage1d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0) {
  THTensor_(setStorage4d)(self, storage, storageOffset, size0, stride0, -1, -1, -1, -1, -1, -1);
}

void THTensor_(setStorage2d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1) {
  THTensor_(setStorage4d)(self, storage, storageOffset, size0, stride0, size1, stride1, -1, -1, -1, -1);
}

void THTensor_(setStorage3d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1, long size2, long stride2) {
  THTensor_(setStorage4d)(self, storage, storageOffset, size0, stride0, size1, stride1, size2, stride2,
                          -1, -1);
}

void THTensor_(setStorage4d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1, long size2, long stride2,
                             long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3};
  long stride[4] = {stride0, stride1, stride2, stride3};
  THTensor_(setStorageNd)(self, storage, storageOffset, 4, size, stride);
}

/* ----------------------------------------------------------------- views */

void THTensor_(narrow)(THTensor *self, THTensor *src, int dimension, long firstIndex, long size) {
  if (!src) src = self;
  THTensor_(checkNarrow)(src, dimension, firstIndex, size);
  THTensor_(set)(self, src);
  if (firstIndex > 0) self->storageOffset += firstIndex * self->stride[dimension];
  self->size[dimension] = size;
}

void THTensor_(select)(THTensor *self, THTensor *src, int dimension, long sliceIndex) {
  if (!src) src = self;
  THTensor_(checkSelect)(src, dimension, sliceIndex);
  THTensor_(set)(self, src);
  self->storageOffset += sliceIndex * self->stride[dimension];
  for (int d = dimension; d < self->nDimension - 1; d++) {
    self->size[d] = self->size[d + 1];
    self->stride[d] = self->stride[d + 1];
  }
  self->nDimension--;
}

void THTensor_(transpose)(THTensor *self, THTensor *src, int dimension1, int dimension2) {
  if (!src) src = self;
  THTensor_(checkTranspose)(src, dimension1, dimension2);
  THTensor_(set)(self, src);
  if (dimension1 == dimension2) return;
  long z = self->stride[dimension1];
  self->stride[dimension1] = self->stride[dimension2];
  self->stride[dimension2] = z;
  z = self->size[dimension1];
  self->size[dimension1] = self->size[dimension2];
  self->size[dimension2] = z;
}

void THTensor_(unfold)(THTensor *self, THTensor *src, int dimension, long size, long step) {
  if (!src) src = self;
  THTensor_(checkUnfold)(src, dimension, size, step);
  long newSize[TH_MAX_DIMS], newStride[TH_MAX_DIMS];
  int ndim = src->nDimension;
  for (int d = 0; d < ndim; d++) {
    newSize[d] = src->size[d];
    newStride[d] = src->stride[d];
  }
  newSize[ndim] = size;
  newStride[ndim] = src->stride[dimension];
  newSize[dimension] = (src->size[dimension] - size) / step + 1;
  newStride[dimension] = step * src->stride[dimension];
  THTensor_(setStorageNd)(self, src->storage, src->storageOffset, ndim + 1, newSize, newStride);
}

/* Removes every dimension of size 1; a tensor of one element keeps one dimension. */
void THTensor_(squeeze)(THTensor *self, THTensor *src) {
  if (!src) src = self;
  THTensor_(set)(self, src);
  int ndim = 0;
  for (int d = 0; d < src->nDimension; d++) {
    if (src->size[d] != 1) {
      self->size[ndim] = src->size[d];
      self->stride[ndim] = src->stride[d];
      ndim++;
    }
  }
  if (ndim == 0 && src->nDimension > 0) {
    self->size[0] = 1;
    self->stride[0] = 1;
    ndim = 1;
  }
  self->nDimension = ndim;
}

void THTensor_(squeeze1d)(THTensor *self, THTensor *src, int dimension) {
  if (!src) src = self;
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "squeeze1d: dimension %d out of range of a %dD tensor", dimension + TH_INDEX_BASE,
             src->nDimension);
  THTensor_(set)(self, src);
  if (src->size[dimension] == 1 && src->nDimension > 1) {
    for (int d = dimension; d < self->nDimension - 1; d++) {
      self->size[d] = self->size[d + 1];
      self->stride[d] = self->stride[d + 1];
    }
    self->nDimension--;
  }
}

void THTensor_(unsqueeze1d)(THTensor *self, THTensor *src, int dimension) {
  if (!src) src = self;
  THArgCheck(src->nDimension > 0, 2, "unsqueeze1d: cannot unsqueeze an empty tensor");
  THArgCheck(dimension >= 0 && dimension <= src->nDimension, 2,
             "unsqueeze1d: dimension %d out of range [1, %d]", dimension + TH_INDEX_BASE,
             src->nDimension + 1);
  THArgCheck(src->nDimension < TH_MAX_DIMS, 2, "unsqueeze1d: at most %d dimensions", TH_MAX_DIMS);
  long newSize[TH_MAX_DIMS], newStride[TH_MAX_DIMS];
  int ndim = src->nDimension;
  for (int d = 0, s = 0; d <= ndim; d++) {
    if (d == dimension) {
      newSize[d] = 1;
      newStride[d] = dimension < ndim ? src->size[dimension] * src->stride[dimension] : 1;
    } else {
      newSize[d] = src->size[s];
      newStride[d] = src->stride[s];
      s++;
    }
  }
  THTensor_(setStorageNd)(self, src->storage, src->storageOffset, ndim + 1, newSize, newStride);
}

/* ------------------------------------------------------------ predicates */

int THTensor_(isContiguous)(const THTensor *self) {
  long expected = 1;
  for (int d = self->nDimension - 1; d >= 0; d--) {
    if (self->size[d] == 1) continue;
    if (self->stride[d] != expected) return 0;
    expected *= self->size[d];
  }
  return 1;
}

int THTensor_(isSize)(const THTensor *self, const THLongStorage *dims) {
  if (self->nDimension != dims->size) return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != dims->data[d]) return 0;
  return 1;
}

int THTensor_(isSameSizeAs)(const THTensor *self, const THTensor *src) {
  if (self->nDimension != src->nDimension) return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d]) return 0;
  return 1;
}

int THTensor_(isSetTo)(const THTensor *self, const THTensor *src) {
  if (!self->storage || self->storage != src->storage || self->storageOffset != src->storageOffset ||
      self->nDimension != src->nDimension)
    return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d] || self->stride[d] != src->stride[d]) return 0;
  return 1;
}

ptrdiff_t THTensor_(nElement)(const THTensor *self) {
  if (self->nDimension == 0) return 0;
  ptrdiff_t n = 1;
  for (int d = 0; d < self->nDimension; d++) n *= self->size[d];
  return n;
}

/* ------------------------------------------------------------- lifetime */

void THTensor_(retain)(THTensor *self) {
  if (self->flag & TH_TENSOR_REFCOUNTED) THAtomicIncrementRef(&self->refcount);
}

void THTensor_(free)(THTensor *self) {
  if (!self) return;
  if (!(self->flag & TH_TENSOR_REFCOUNTED)) return;
  if (!THAtomicDecrementRef(&self->refcount)) return;
  THFree(self->size);
  THFree(self->stride);
  THStorage_(free)(self->storage);
  THFree(self);
}

void THTensor_(freeCopyTo)(THTensor *self, THTensor *dst) {
  if (self != dst) THTensor_(copy)(dst, self);
  THTensor_(free)(self);
}

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
