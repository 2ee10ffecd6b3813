#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorage.c"
#else

real *THStorage_(data)(const THStorage *self) { return self->data; }

ptrdiff_t THStorage_(size)(const THStorage *self) { return self->size; }

size_t THStorage_(elementSize)(void) { return sizeof(real); }

THStorage *THStorage_(new)(void) { return THStorage_(newWithSize)(0); }

THStorage *THStorage_(newWithSize)(ptrdiff_t size) {
  return THStorage_(newWithAllocator)(size, &THDefaultAllocator, NULL);
}

THStorage *THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator *allocator, void *allocatorContext) {
  THArgCheck(size >= 0, 1, "THStorage_newWithAllocator: size must be >= 0, got %td", size);
  THArgCheck(allocator != NULL, 2, "THStorage_newWithAllocator: allocator is NULL");
  THArgCheck(size <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), 1,
             "THStorage_newWithAllocator: %td elements of %zu bytes overflow a ptrdiff_t byte count",
             size, sizeof(real));
  real *data = size ? allocator->malloc(allocatorContext, (ptrdiff_t)sizeof(real) * size) : NULL;
  return THStorage_(newWithDataAndAllocator)(data, size, allocator, allocatorContext);
}

/* size 0 maps the whole file. The map allocator is asked even for 0 bytes (newWithAllocator
 * would skip it), and it frees ctx itself when it fails, so nothing leaks on a bad file. */
THStorage *THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags) {
  THArgCheck(size >= 0 && size <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), 2,
             "THStorage_newWithMapping: size must be >= 0 (0: the whole file), got %td", size);
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(filename, flags);
  real *data = THMapAllocator.malloc(ctx, (ptrdiff_t)sizeof(real) * size);
  if (size == 0) size = THMapAllocatorContext_size(ctx) / (ptrdiff_t)sizeof(real);
  THStorage *storage = THStorage_(newWithDataAndAllocator)(data, size, &THMapAllocator, ctx);
  THStorage_(clearFlag)(storage, TH_STORAGE_RESIZABLE);
  return storage;
}

THStorage *THStorage_(newWithSize1)(real data0) {
  THStorage *self = THStorage_(newWithSize)(1);
  self->data[0] = data0;
  return self;
}

THStorage *THStorage_(newWithSize2)(real data0, real data1) {
  THStorage *self = THStorage_(newWithSize)(2);
  self->data[0] = data0;
  self->data[1] = data1;
  return self;
}

THStorage *THStorage_(newWithSize3)(real data0, real data1, real data2) {
  THStorage *self = THStorage_(newWithSize)(3);
  self->data[0] = data0;
  self->data[1] = data1;
  self->data[2] = data2;
  return self;
}

THStorage *THStorage_(newWithSize4)(real data0, real data1, real data2, real data3) {
  THStorage *self = THStorage_(newWithSize)(4);
  self->data[0] = data0;
  self->data[1] = data1;
  self->data[2] = data2;
  self->data[3] = data3;
  return self;
}

/* The storage takes ownership of data, which must come from THAlloc (or allocator). */
THStorage *THStorage_(newWithData)(real *data, ptrdiff_t size) {
  return THStorage_(newWithDataAndAllocator)(data, size, &THDefaultAllocator, NULL);
}

THStorage *THStorage_(newWithDataAndAllocator)(real *data, ptrdiff_t size, THAllocator *allocator,
                                               void *allocatorContext) {
  THArgCheck(size >= 0, 2, "THStorage_newWithDataAndAllocator: size must be >= 0, got %td", size);
  THArgCheck(allocator != NULL, 3, "THStorage_newWithDataAndAllocator: allocator is NULL");
  THStorage *storage = THAlloc(sizeof(THStorage));
  storage->data = data;
  storage->size = size;
  storage->refcount = 1;
  storage->flag = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;
  storage->allocator = allocator;
  storage->allocatorContext = allocatorContext;
  storage->view = NULL;
  return storage;
}

void THStorage_(setFlag)(THStorage *storage, const char flag) { storage->flag |= flag; }

void THStorage_(clearFlag)(THStorage *storage, const char flag) { storage->flag &= ~flag; }

void THStorage_(retain)(THStorage *storage) {
  if (storage && (storage->flag & TH_STORAGE_REFCOUNTED)) THAtomicIncrementRef(&storage->refcount);
}

void THStorage_(free)(THStorage *storage) {
  if (!storage) return;
  if (!(storage->flag & TH_STORAGE_REFCOUNTED)) return;
  if (!THAtomicDecrementRef(&storage->refcount)) return;
  if ((storage->flag & TH_STORAGE_FREEMEM) && storage->data)
    storage->allocator->free(storage->allocatorContext, storage->data);
  if (storage->flag & TH_STORAGE_VIEW) THStorage_(free)(storage->view);
  THFree(storage);
}

void THStorage_(resize)(THStorage *storage, ptrdiff_t size) {
  THArgCheck(storage->flag & TH_STORAGE_RESIZABLE, 1,
             "THStorage_resize: the storage is not resizable (it maps a file or borrows its data)");
  THArgCheck(size >= 0, 2, "THStorage_resize: size must be >= 0, got %td", size);
  THArgCheck(size <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), 2,
             "THStorage_resize: %td elements of %zu bytes overflow a ptrdiff_t byte count", size,
             sizeof(real));
  if (size == storage->size) return;
  if (size == 0) {
    if ((storage->flag & TH_STORAGE_FREEMEM) && storage->data)
      storage->allocator->free(storage->allocatorContext, storage->data);
    storage->data = NULL;
  } else if (storage->allocator->realloc && (storage->flag & TH_STORAGE_FREEMEM)) {
    storage->data = storage->allocator->realloc(storage->allocatorContext, storage->data,
                                                (ptrdiff_t)sizeof(real) * size);
  } else {
    /* No realloc (or data we do not own): allocate, copy what fits, release the old block. */
    real *old = storage->data;
    real *data = storage->allocator->malloc(storage->allocatorContext, (ptrdiff_t)sizeof(real) * size);
    if (old) {
      memcpy(data, old, sizeof(real) * (size_t)THMin(size, storage->size));
      if (storage->flag & TH_STORAGE_FREEMEM) storage->allocator->free(storage->allocatorContext, old);
    }
    storage->data = data;
    storage->flag |= TH_STORAGE_FREEMEM;
  }
  storage->size = size;
}

void THStorage_(fill)(THStorage *storage, real value) {
  for (ptrdiff_t i = 0; i < storage->size; i++) storage->data[i] = value;
}

void THStorage_(set)(THStorage *self, ptrdiff_t idx, real value) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "THStorage_set: index %td out of range [0, %td)", idx,
             self->size);
  self->data[idx] = value;
}

real THStorage_(get)(const THStorage *self, ptrdiff_t idx) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "THStorage_get: index %td out of range [0, %td)", idx,
             self->size);
  return self->data[idx];
}

/* Exchanges the contents (data, size, flag, allocator and its context, view) but not the reference
 * counts, as Torch7 did: each count belongs to the holders of that storage, who keep holding it. */
void THStorage_(swap)(THStorage *storage1, THStorage *storage2) {
  THArgCheck(storage1 != NULL, 1, "THStorage_swap: storage1 is NULL");
  THArgCheck(storage2 != NULL, 2, "THStorage_swap: storage2 is NULL");
  const int refcount1 = storage1->refcount, refcount2 = storage2->refcount;
  THStorage tmp = *storage1;
  *storage1 = *storage2;
  *storage2 = tmp;
  storage1->refcount = refcount1;
  storage2->refcount = refcount2;
}

void THStorage_(rawCopy)(THStorage *storage, real *src) {
  if (storage->size) memmove(storage->data, src, sizeof(real) * (size_t)storage->size);
}

#endif
