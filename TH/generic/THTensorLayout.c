/* The tensor header operations (access, views, resizing, construction, predicates, lifetime) of
 * libTH, written once for libTH and libTHC. Included by generic/THTensor.c (TH) and by THC's
 * generic/THCTensor.c, which maps THTensor/THStorage to its CUDA types; the THT_* macros add THC's
 * state argument:
 *   THT_STATE_     before the first parameter   (empty for TH, "THCState *state," for THC)
 *   THT_STATE_ONLY the only parameter           ("void" / "THCState *state")
 *   THT_S_         before the first argument    (empty / "state,")
 *   THT_S_ONLY     the only argument            (empty / "state")
 * Element access and descriptions differ (host or device memory) and stay with each library. No
 * include guard: included once per type. */
/* ---------------------------------------------------------------- access */

THStorage *THTensor_(storage)(THT_STATE_ const THTensor *self) { return self->storage; }

ptrdiff_t THTensor_(storageOffset)(THT_STATE_ const THTensor *self) { return self->storageOffset; }

int THTensor_(nDimension)(THT_STATE_ const THTensor *self) { return self->nDimension; }

long THTensor_(size)(THT_STATE_ const THTensor *self, int dim) {
  THArgCheck(dim >= 0 && dim < self->nDimension, 2, "size: dimension %ld out of range of a %dD tensor",
             (long)dim + TH_INDEX_BASE, self->nDimension);
  return self->size[dim];
}

long THTensor_(stride)(THT_STATE_ const THTensor *self, int dim) {
  THArgCheck(dim >= 0 && dim < self->nDimension, 2,
             "stride: dimension %ld out of range of a %dD tensor", (long)dim + TH_INDEX_BASE, self->nDimension);
  return self->stride[dim];
}

THLongStorage *THTensor_(newSizeOf)(THT_STATE_ THTensor *self) {
  THLongStorage *size = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++) size->data[d] = self->size[d];
  return size;
}

THLongStorage *THTensor_(newStrideOf)(THT_STATE_ THTensor *self) {
  THLongStorage *stride = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++) stride->data[d] = self->stride[d];
  return stride;
}

real *THTensor_(data)(THT_STATE_ const THTensor *self) {
  return self->storage ? self->storage->data + self->storageOffset : NULL;
}

void THTensor_(setFlag)(THT_STATE_ THTensor *self, const char flag) { self->flag |= flag; }

void THTensor_(clearFlag)(THT_STATE_ THTensor *self, const char flag) { self->flag &= ~flag; }

/* ----------------------------------------------------------- view checks */

/* Each view's argument checks, run by both the in-place and the new* form before anything is
 * allocated, so that a bad call leaks nothing. */
static void THTensor_(checkNarrow)(THT_STATE_ THTensor *src, int dimension, long firstIndex, long size) {
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "narrow: dimension %ld out of range of a %dD tensor", (long)dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(firstIndex >= 0 && firstIndex < src->size[dimension], 3,
             "narrow: first index %ld out of range [0, %ld)", firstIndex, src->size[dimension]);
  THArgCheck(size > 0 && firstIndex <= src->size[dimension] - size, 4,
             "narrow: size %ld out of range: first index %ld + size must be <= %ld", size, firstIndex,
             src->size[dimension]);
}

static void THTensor_(checkSelect)(THT_STATE_ THTensor *src, int dimension, long sliceIndex) {
  THArgCheck(src->nDimension > 1, 1, "select: cannot select on a %dD tensor (need 2 or more dimensions)",
             src->nDimension);
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "select: dimension %ld out of range of a %dD tensor", (long)dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(sliceIndex >= 0 && sliceIndex < src->size[dimension], 3,
             "select: index %ld out of range [0, %ld)", sliceIndex, src->size[dimension]);
}

static void THTensor_(checkTranspose)(THT_STATE_ THTensor *src, int dimension1, int dimension2) {
  THArgCheck(dimension1 >= 0 && dimension1 < src->nDimension, 1,
             "transpose: dimension %ld out of range of a %dD tensor", (long)dimension1 + TH_INDEX_BASE,
             src->nDimension);
  THArgCheck(dimension2 >= 0 && dimension2 < src->nDimension, 2,
             "transpose: dimension %ld out of range of a %dD tensor", (long)dimension2 + TH_INDEX_BASE,
             src->nDimension);
}

static void THTensor_(checkUnfold)(THT_STATE_ THTensor *src, int dimension, long size, long step) {
  THArgCheck(src->nDimension > 0, 1, "unfold: cannot unfold an empty tensor");
  THArgCheck(src->nDimension < TH_MAX_DIMS, 1, "unfold: at most %d dimensions", TH_MAX_DIMS);
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "unfold: dimension %ld out of range of a %dD tensor", (long)dimension + TH_INDEX_BASE, src->nDimension);
  THArgCheck(size > 0 && size <= src->size[dimension], 3, "unfold: size %ld out of range [1, %ld]", size,
             src->size[dimension]);
  THArgCheck(step > 0, 4, "unfold: step must be > 0, got %ld", step);
  long stepStride;
  THArgCheck(!__builtin_mul_overflow(step, src->stride[dimension], &stepStride), 4,
             "unfold: step %ld times the stride %ld of dimension %ld overflows", step,
             src->stride[dimension], (long)dimension + TH_INDEX_BASE);
}

/* -------------------------------------------------------------- geometry */

/* The geometry a resize or a setStorage asks for. The legacy rules: the first size <= 0 ends the
 * dimension list; a stride < 0 (or no stride list) means contiguous, except that a request for the
 * sizes self already has keeps self's strides (as Torch7 did). self may be NULL (a new tensor). */
static void THTensor_(requestGeometry)(THT_STATE_ THTensorGeometry *g, const THTensor *self, int nDimension,
                                       const long *size, const long *stride, ptrdiff_t storageOffset,
                                       const char *fn) {
  THArgCheck(nDimension >= 0 && nDimension <= TH_MAX_DIMS, 2,
             "%s: the number of dimensions must be in [0, %d], got %d", fn, TH_MAX_DIMS, nDimension);
  THArgCheck(storageOffset >= 0, 3, "%s: the storage offset must be >= 0, got %td", fn, storageOffset);
  g->ndim = 0;
  while (g->ndim < nDimension && size[g->ndim] > 0) g->ndim++;
  int same = self && g->ndim == self->nDimension;
  for (int d = 0; d < g->ndim; d++) {
    g->size[d] = size[d];
    g->stride[d] = stride && stride[d] >= 0 ? stride[d] : -1;
    if (same && (size[d] != self->size[d] || (g->stride[d] >= 0 && g->stride[d] != self->stride[d])))
      same = 0;
  }
  if (same && g->ndim) memcpy(g->stride, self->stride, sizeof(long) * (size_t)g->ndim);
  THTensorGeometry_finish(g, storageOffset, fn);
}

/* Grows self's size and stride arrays to hold ndim dimensions, keeping their contents, so that
 * committing a geometry cannot fail half-way. */
static void THTensor_(reserveDimensions)(THT_STATE_ THTensor *self, int ndim) {
  if (ndim <= self->nDimension) return;
  self->size = THRealloc(self->size, sizeof(long) * (size_t)ndim);
  self->stride = THRealloc(self->stride, sizeof(long) * (size_t)ndim);
}

/* The storage that covers g: storage, grown when it is too small, or a new storage when there is
 * none (*created = 1: the caller owns its reference). Nothing changes when that fails. */
static THStorage *THTensor_(coverStorage)(THT_STATE_ THStorage *storage, const THTensorGeometry *g,
                                          int *created) {
  *created = 0;
  if (g->ndim == 0) return storage;
  if (!storage) {
    *created = 1;
    return THStorage_(newWithSize)(THT_S_ g->needed);
  }
  if (g->needed > storage->size) THStorage_(resize)(THT_S_ storage, g->needed);
  return storage;
}

/* Gives self the geometry g over storage (which covers it, and whose dimensions self has room
 * for); takes over the reference to a created storage. Nothing here can fail. */
static void THTensor_(commitGeometry)(THT_STATE_ THTensor *self, THStorage *storage, int created,
                                      ptrdiff_t storageOffset, const THTensorGeometry *g) {
  if (self->storage != storage) {
    if (!created) THStorage_(retain)(THT_S_ storage);
    THStorage_(free)(THT_S_ self->storage);
    self->storage = storage;
  }
  self->storageOffset = storageOffset;
  if (g->ndim < self->nDimension) {
    /* Shrinking in place (or freeing, for 0 dimensions) does not fail. */
    self->size = THRealloc(self->size, sizeof(long) * (size_t)g->ndim);
    self->stride = THRealloc(self->stride, sizeof(long) * (size_t)g->ndim);
  }
  self->nDimension = g->ndim;
  if (g->ndim) {
    memcpy(self->size, g->size, sizeof(long) * (size_t)g->ndim);
    memcpy(self->stride, g->stride, sizeof(long) * (size_t)g->ndim);
  }
}

/* Compute, grow, then commit: after an error (overflow, a storage that cannot grow, out of memory)
 * self is exactly as it was. */
static void THTensor_(setGeometry)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                                   int nDimension, const long *size, const long *stride, const char *fn) {
  THTensorGeometry g;
  THTensor_(requestGeometry)(THT_S_ &g, self, nDimension, size, stride, storageOffset, fn);
  THTensor_(reserveDimensions)(THT_S_ self, g.ndim);
  int created;
  storage = THTensor_(coverStorage)(THT_S_ storage, &g, &created);
  THTensor_(commitGeometry)(THT_S_ self, storage, created, storageOffset, &g);
}

/* A new tensor with the requested geometry; on an error nothing is left allocated. The storage
 * comes first: it is the allocation that can fail for want of memory. */
static THTensor *THTensor_(newWithGeometry)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, int nDimension,
                                            const long *size, const long *stride, const char *fn) {
  THTensorGeometry g;
  THTensor_(requestGeometry)(THT_S_ &g, NULL, nDimension, size, stride, storageOffset, fn);
  int created;
  storage = THTensor_(coverStorage)(THT_S_ storage, &g, &created);
  THTensor *self = THTensor_(new)(THT_S_ONLY);
  THTensor_(reserveDimensions)(THT_S_ self, g.ndim);
  THTensor_(commitGeometry)(THT_S_ self, storage, created, storageOffset, &g);
  return self;
}

/* ---------------------------------------------------------- construction */

THTensor *THTensor_(new)(THT_STATE_ONLY) {
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

THTensor *THTensor_(newWithTensor)(THT_STATE_ THTensor *tensor) {
  return THTensor_(newWithGeometry)(THT_S_ tensor->storage, tensor->storageOffset, tensor->nDimension,
                                    tensor->size, tensor->stride, "newWithTensor");
}

/* Checks that size and stride lists agree before anything is allocated. */
static void THTensor_(checkSizeStride)(THT_STATE_ THLongStorage *size, THLongStorage *stride, int arg) {
  if (size && stride)
    THArgCheck(size->size == stride->size, arg, "inconsistent size (%td dims) and stride (%td dims)",
               size->size, stride->size);
  if (size) THArgCheck(size->size <= TH_MAX_DIMS, arg, "at most %d dimensions, got %td", TH_MAX_DIMS, size->size);
}

THTensor *THTensor_(newWithStorage)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, THLongStorage *size,
                                    THLongStorage *stride) {
  THTensor_(checkSizeStride)(THT_S_ size, stride, 3);
  return THTensor_(newWithGeometry)(THT_S_ storage, storageOffset, size ? (int)size->size : 0,
                                    size ? size->data : NULL, stride ? stride->data : NULL,
                                    "newWithStorage");
}

THTensor *THTensor_(newWithStorage1d)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0) {
  return THTensor_(newWithStorage4d)(THT_S_ storage, storageOffset, size0, stride0, -1, -1, -1, -1, -1, -1);
}

THTensor *THTensor_(newWithStorage2d)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1) {
  return THTensor_(newWithStorage4d)(THT_S_ storage, storageOffset, size0, stride0, size1, stride1, -1, -1, -1,
                                     -1);
}

THTensor *THTensor_(newWithStorage3d)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2) {
  return THTensor_(newWithStorage4d)(THT_S_ storage, storageOffset, size0, stride0, size1, stride1, size2,
                                     stride2, -1, -1);
}

THTensor *THTensor_(newWithStorage4d)(THT_STATE_ THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2,
                                      long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3};
  long stride[4] = {stride0, stride1, stride2, stride3};
  return THTensor_(newWithGeometry)(THT_S_ storage, storageOffset, 4, size, stride, "newWithStorage");
}

THTensor *THTensor_(newWithSize)(THT_STATE_ THLongStorage *size, THLongStorage *stride) {
  THTensor_(checkSizeStride)(THT_S_ size, stride, 1);
  return THTensor_(newWithGeometry)(THT_S_ NULL, 0, size ? (int)size->size : 0, size ? size->data : NULL,
                                    stride ? stride->data : NULL, "newWithSize");
}

THTensor *THTensor_(newWithSize1d)(THT_STATE_ long size0) {
  return THTensor_(newWithSize4d)(THT_S_ size0, -1, -1, -1);
}

THTensor *THTensor_(newWithSize2d)(THT_STATE_ long size0, long size1) {
  return THTensor_(newWithSize4d)(THT_S_ size0, size1, -1, -1);
}

THTensor *THTensor_(newWithSize3d)(THT_STATE_ long size0, long size1, long size2) {
  return THTensor_(newWithSize4d)(THT_S_ size0, size1, size2, -1);
}

THTensor *THTensor_(newWithSize4d)(THT_STATE_ long size0, long size1, long size2, long size3) {
  long size[4] = {size0, size1, size2, size3};
  return THTensor_(newWithGeometry)(THT_S_ NULL, 0, 4, size, NULL, "newWithSize");
}

THTensor *THTensor_(newClone)(THT_STATE_ THTensor *self) {
  THTensor *tensor = THTensor_(newWithGeometry)(THT_S_ NULL, 0, self->nDimension, self->size, NULL, "newClone");
  THTensor_(copy)(THT_S_ tensor, self);
  return tensor;
}

/* A contiguous tensor comes back as a new header on the same storage, so the caller always frees
 * the result. */
THTensor *THTensor_(newContiguous)(THT_STATE_ THTensor *self) {
  if (THTensor_(isContiguous)(THT_S_ self)) return THTensor_(newWithTensor)(THT_S_ self);
  return THTensor_(newClone)(THT_S_ self);
}

THTensor *THTensor_(newSelect)(THT_STATE_ THTensor *tensor, int dimension, long sliceIndex) {
  THTensor_(checkSelect)(THT_S_ tensor, dimension, sliceIndex);
  THTensor *self = THTensor_(newWithTensor)(THT_S_ tensor);
  THTensor_(select)(THT_S_ self, NULL, dimension, sliceIndex);
  return self;
}

THTensor *THTensor_(newNarrow)(THT_STATE_ THTensor *tensor, int dimension, long firstIndex, long size) {
  THTensor_(checkNarrow)(THT_S_ tensor, dimension, firstIndex, size);
  THTensor *self = THTensor_(newWithTensor)(THT_S_ tensor);
  THTensor_(narrow)(THT_S_ self, NULL, dimension, firstIndex, size);
  return self;
}

THTensor *THTensor_(newTranspose)(THT_STATE_ THTensor *tensor, int dimension1, int dimension2) {
  THTensor_(checkTranspose)(THT_S_ tensor, dimension1, dimension2);
  THTensor *self = THTensor_(newWithTensor)(THT_S_ tensor);
  THTensor_(transpose)(THT_S_ self, NULL, dimension1, dimension2);
  return self;
}

THTensor *THTensor_(newUnfold)(THT_STATE_ THTensor *tensor, int dimension, long size, long step) {
  THTensor_(checkUnfold)(THT_S_ tensor, dimension, size, step);
  THTensor *self = THTensor_(newWithTensor)(THT_S_ tensor);
  THTensor_(unfold)(THT_S_ self, NULL, dimension, size, step);
  return self;
}

THTensor *THTensor_(newView)(THT_STATE_ THTensor *tensor, THLongStorage *size) {
  THArgCheck(THTensor_(isContiguous)(THT_S_ tensor), 1, "view: the tensor is not contiguous (size %s)",
             THTensor_(sizeDesc)(THT_S_ tensor).str);
  THArgCheck(size->size <= TH_MAX_DIMS, 2, "view: at most %d dimensions, got %td", TH_MAX_DIMS, size->size);
  THLongStorage *inferred = THLongStorage_newInferSize(size, THTensor_(nElement)(THT_S_ tensor));
  long sizes[TH_MAX_DIMS];
  const int ndim = (int)inferred->size;
  if (ndim) memcpy(sizes, inferred->data, sizeof(long) * (size_t)ndim);
  THLongStorage_free(inferred);
  return THTensor_(newWithGeometry)(THT_S_ tensor->storage, tensor->storageOffset, ndim, sizes, NULL, "view");
}

/* ------------------------------------------------------------- expanding */

/* The expanded sizes and strides (arrays of TH_MAX_DIMS), or an error before anything is allocated. */
static void THTensor_(expandGeometry)(THT_STATE_ THTensor *tensor, THLongStorage *size, long *sizes, long *strides) {
  THArgCheck(THTensor_(nDimension)(THT_S_ tensor) > 0, 0, "expand: cannot expand an empty tensor");
  THArgCheck(size->size <= TH_MAX_DIMS, 2, "expand: at most %d dimensions", TH_MAX_DIMS);
  char error[512];
  long *expandedSizes, *expandedStrides;
  if (THLongStorage_inferExpandGeometry(tensor->size, tensor->stride, tensor->nDimension, size,
                                        &expandedSizes, &expandedStrides, error, sizeof error))
    THArgCheck(0, 2, "%s", error);
  if (size->size) {
    memcpy(sizes, expandedSizes, sizeof(long) * (size_t)size->size);
    memcpy(strides, expandedStrides, sizeof(long) * (size_t)size->size);
  }
  THFree(expandedSizes);
  THFree(expandedStrides);
}

void THTensor_(expand)(THT_STATE_ THTensor *r, THTensor *tensor, THLongStorage *size) {
  long sizes[TH_MAX_DIMS], strides[TH_MAX_DIMS];
  THTensor_(expandGeometry)(THT_S_ tensor, size, sizes, strides);
  THTensor_(setGeometry)(THT_S_ r, tensor->storage, tensor->storageOffset, (int)size->size, sizes, strides,
                         "expand");
}

THTensor *THTensor_(newExpand)(THT_STATE_ THTensor *tensor, THLongStorage *size) {
  long sizes[TH_MAX_DIMS], strides[TH_MAX_DIMS];
  THTensor_(expandGeometry)(THT_S_ tensor, size, sizes, strides);
  return THTensor_(newWithGeometry)(THT_S_ tensor->storage, tensor->storageOffset, (int)size->size, sizes,
                                    strides, "expand");
}

void THTensor_(expandNd)(THT_STATE_ THTensor **rets, THTensor **ops, int count) {
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
  for (int i = 0; i < count; i++) THTensor_(expand)(THT_S_ rets[i], ops[i], size);
  THLongStorage_free(size);
}

/* -------------------------------------------------------------- resizing */

void THTensor_(resize)(THT_STATE_ THTensor *self, THLongStorage *size, THLongStorage *stride) {
  THArgCheck(size != NULL, 2, "resize: size is NULL");
  THTensor_(checkSizeStride)(THT_S_ size, stride, 2);
  THTensor_(resizeNd)(THT_S_ self, (int)size->size, size->data, stride ? stride->data : NULL);
}

void THTensor_(resizeAs)(THT_STATE_ THTensor *self, THTensor *src) {
  if (!THTensor_(isSameSizeAs)(THT_S_ self, src)) THTensor_(resizeNd)(THT_S_ self, src->nDimension, src->size, NULL);
}

/* The storage grows to fit; it never shrinks. */
void THTensor_(resizeNd)(THT_STATE_ THTensor *self, int nDimension, long *size, long *stride) {
  THTensor_(setGeometry)(THT_S_ self, self->storage, self->storageOffset, nDimension, size, stride, "resize");
}

void THTensor_(resize1d)(THT_STATE_ THTensor *tensor, long size0) { THTensor_(resize4d)(THT_S_ tensor, size0, -1, -1, -1); }

void THTensor_(resize2d)(THT_STATE_ THTensor *tensor, long size0, long size1) {
  THTensor_(resize4d)(THT_S_ tensor, size0, size1, -1, -1);
}

void THTensor_(resize3d)(THT_STATE_ THTensor *tensor, long size0, long size1, long size2) {
  THTensor_(resize4d)(THT_S_ tensor, size0, size1, size2, -1);
}

void THTensor_(resize4d)(THT_STATE_ THTensor *self, long size0, long size1, long size2, long size3) {
  long size[4] = {size0, size1, size2, size3};
  THTensor_(resizeNd)(THT_S_ self, 4, size, NULL);
}

void THTensor_(resize5d)(THT_STATE_ THTensor *self, long size0, long size1, long size2, long size3, long size4) {
  long size[5] = {size0, size1, size2, size3, size4};
  THTensor_(resizeNd)(THT_S_ self, 5, size, NULL);
}

/* ---------------------------------------------------------- set storage */

void THTensor_(set)(THT_STATE_ THTensor *self, THTensor *src) {
  if (self != src)
    THTensor_(setStorageNd)(THT_S_ self, src->storage, src->storageOffset, src->nDimension, src->size, src->stride);
}

void THTensor_(setStorage)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                           THLongStorage *size, THLongStorage *stride) {
  THTensor_(checkSizeStride)(THT_S_ size, stride, 4);
  THTensor_(setStorageNd)(THT_S_ self, storage, storageOffset, size ? (int)size->size : 0,
                          size ? size->data : NULL, stride ? stride->data : NULL);
}

void THTensor_(setStorageNd)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             int nDimension, long *size, long *stride) {
  THTensor_(setGeometry)(THT_S_ self, storage, storageOffset, nDimension, size, stride, "setStorage");
}

void THTensor_(setStorage1d)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0) {
  THTensor_(setStorage4d)(THT_S_ self, storage, storageOffset, size0, stride0, -1, -1, -1, -1, -1, -1);
}

void THTensor_(setStorage2d)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1) {
  THTensor_(setStorage4d)(THT_S_ self, storage, storageOffset, size0, stride0, size1, stride1, -1, -1, -1, -1);
}

void THTensor_(setStorage3d)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1, long size2, long stride2) {
  THTensor_(setStorage4d)(THT_S_ self, storage, storageOffset, size0, stride0, size1, stride1, size2, stride2,
                          -1, -1);
}

void THTensor_(setStorage4d)(THT_STATE_ THTensor *self, THStorage *storage, ptrdiff_t storageOffset, long size0,
                             long stride0, long size1, long stride1, long size2, long stride2,
                             long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3};
  long stride[4] = {stride0, stride1, stride2, stride3};
  THTensor_(setStorageNd)(THT_S_ self, storage, storageOffset, 4, size, stride);
}

/* ----------------------------------------------------------------- views */

void THTensor_(narrow)(THT_STATE_ THTensor *self, THTensor *src, int dimension, long firstIndex, long size) {
  if (!src) src = self;
  THTensor_(checkNarrow)(THT_S_ src, dimension, firstIndex, size);
  THTensor_(set)(THT_S_ self, src);
  if (firstIndex > 0) self->storageOffset += firstIndex * self->stride[dimension];
  self->size[dimension] = size;
}

void THTensor_(select)(THT_STATE_ THTensor *self, THTensor *src, int dimension, long sliceIndex) {
  if (!src) src = self;
  THTensor_(checkSelect)(THT_S_ src, dimension, sliceIndex);
  THTensor_(set)(THT_S_ self, src);
  self->storageOffset += sliceIndex * self->stride[dimension];
  for (int d = dimension; d < self->nDimension - 1; d++) {
    self->size[d] = self->size[d + 1];
    self->stride[d] = self->stride[d + 1];
  }
  self->nDimension--;
}

void THTensor_(transpose)(THT_STATE_ THTensor *self, THTensor *src, int dimension1, int dimension2) {
  if (!src) src = self;
  THTensor_(checkTranspose)(THT_S_ src, dimension1, dimension2);
  THTensor_(set)(THT_S_ self, src);
  if (dimension1 == dimension2) return;
  long z = self->stride[dimension1];
  self->stride[dimension1] = self->stride[dimension2];
  self->stride[dimension2] = z;
  z = self->size[dimension1];
  self->size[dimension1] = self->size[dimension2];
  self->size[dimension2] = z;
}

void THTensor_(unfold)(THT_STATE_ THTensor *self, THTensor *src, int dimension, long size, long step) {
  if (!src) src = self;
  THTensor_(checkUnfold)(THT_S_ src, dimension, size, step);
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
  THTensor_(setStorageNd)(THT_S_ self, src->storage, src->storageOffset, ndim + 1, newSize, newStride);
}

/* Removes every dimension of size 1; a tensor of one element keeps one dimension. */
void THTensor_(squeeze)(THT_STATE_ THTensor *self, THTensor *src) {
  if (!src) src = self;
  THTensor_(set)(THT_S_ self, src);
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

void THTensor_(squeeze1d)(THT_STATE_ THTensor *self, THTensor *src, int dimension) {
  if (!src) src = self;
  THArgCheck(dimension >= 0 && dimension < src->nDimension, 2,
             "squeeze1d: dimension %ld out of range of a %dD tensor", (long)dimension + TH_INDEX_BASE,
             src->nDimension);
  THTensor_(set)(THT_S_ self, src);
  if (src->size[dimension] == 1 && src->nDimension > 1) {
    for (int d = dimension; d < self->nDimension - 1; d++) {
      self->size[d] = self->size[d + 1];
      self->stride[d] = self->stride[d + 1];
    }
    self->nDimension--;
  }
}

void THTensor_(unsqueeze1d)(THT_STATE_ THTensor *self, THTensor *src, int dimension) {
  if (!src) src = self;
  THArgCheck(src->nDimension > 0, 2, "unsqueeze1d: cannot unsqueeze an empty tensor");
  THArgCheck(dimension >= 0 && dimension <= src->nDimension, 2,
             "unsqueeze1d: dimension %ld out of range [1, %d]", (long)dimension + TH_INDEX_BASE,
             src->nDimension + 1);
  THArgCheck(src->nDimension < TH_MAX_DIMS, 2, "unsqueeze1d: at most %d dimensions", TH_MAX_DIMS);
  long newSize[TH_MAX_DIMS], newStride[TH_MAX_DIMS];
  int ndim = src->nDimension;
  long insertedStride = 1;
  if (dimension < ndim)
    THArgCheck(!__builtin_mul_overflow(src->size[dimension], src->stride[dimension], &insertedStride), 2,
               "unsqueeze1d: size %ld times stride %ld of dimension %ld overflows", src->size[dimension],
               src->stride[dimension], (long)dimension + TH_INDEX_BASE);
  for (int d = 0, s = 0; d <= ndim; d++) {
    if (d == dimension) {
      newSize[d] = 1;
      newStride[d] = insertedStride;
    } else {
      newSize[d] = src->size[s];
      newStride[d] = src->stride[s];
      s++;
    }
  }
  THTensor_(setStorageNd)(THT_S_ self, src->storage, src->storageOffset, ndim + 1, newSize, newStride);
}

/* ------------------------------------------------------------ predicates */

int THTensor_(isContiguous)(THT_STATE_ const THTensor *self) {
  long expected = 1;
  for (int d = self->nDimension - 1; d >= 0; d--) {
    if (self->size[d] == 1) continue;
    if (self->stride[d] != expected) return 0;
    expected *= self->size[d];
  }
  return 1;
}

int THTensor_(isSize)(THT_STATE_ const THTensor *self, const THLongStorage *dims) {
  if (self->nDimension != dims->size) return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != dims->data[d]) return 0;
  return 1;
}

int THTensor_(isSameSizeAs)(THT_STATE_ const THTensor *self, const THTensor *src) {
  if (self->nDimension != src->nDimension) return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d]) return 0;
  return 1;
}

int THTensor_(isSetTo)(THT_STATE_ const THTensor *self, const THTensor *src) {
  if (!self->storage || self->storage != src->storage || self->storageOffset != src->storageOffset ||
      self->nDimension != src->nDimension)
    return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d] || self->stride[d] != src->stride[d]) return 0;
  return 1;
}

ptrdiff_t THTensor_(nElement)(THT_STATE_ const THTensor *self) {
  if (self->nDimension == 0) return 0;
  ptrdiff_t n = 1;
  for (int d = 0; d < self->nDimension; d++)
    if (__builtin_mul_overflow(n, self->size[d], &n))
      THError("nElement: the sizes %s overflow a ptrdiff_t", THTensor_(sizeDesc)(THT_S_ self).str);
  return n;
}

/* ------------------------------------------------------------- lifetime */

void THTensor_(retain)(THT_STATE_ THTensor *self) {
  if (self->flag & TH_TENSOR_REFCOUNTED) THAtomicIncrementRef(&self->refcount);
}

void THTensor_(free)(THT_STATE_ THTensor *self) {
  if (!self) return;
  if (!(self->flag & TH_TENSOR_REFCOUNTED)) return;
  if (!THAtomicDecrementRef(&self->refcount)) return;
  THFree(self->size);
  THFree(self->stride);
  THStorage_(free)(THT_S_ self->storage);
  THFree(self);
}

void THTensor_(freeCopyTo)(THT_STATE_ THTensor *self, THTensor *dst) {
  if (self != dst) THTensor_(copy)(THT_S_ dst, self);
  THTensor_(free)(THT_S_ self);
}
