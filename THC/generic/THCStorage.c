#ifndef THC_GENERIC_FILE
#define THC_GENERIC_FILE "generic/THCStorage.c"
#else

/* A storage's data is device memory from its allocator (the state's device allocator unless one is
 * given), on the device that was current when it was made (storage->device). Element access goes
 * through synchronous copies on the current stream. */

#define THC_STORAGE_NAME(fn) TH_CONCAT_STRING_3(TH, CReal, Storage_) fn

real *THCStorage_(data)(THCState *state, const THCStorage *self) { return self->data; }

ptrdiff_t THCStorage_(size)(THCState *state, const THCStorage *self) { return self->size; }

int THCStorage_(elementSize)(THCState *state) { return (int)sizeof(real); }

void THCStorage_(set)(THCState *state, THCStorage *self, ptrdiff_t idx, real value) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "%s: index %td out of range [0, %td)", THC_STORAGE_NAME("set"),
             idx, self->size);
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(self->data + idx, &value, sizeof(real), cudaMemcpyHostToDevice, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

real THCStorage_(get)(THCState *state, const THCStorage *self, ptrdiff_t idx) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "%s: index %td out of range [0, %td)", THC_STORAGE_NAME("get"),
             idx, self->size);
  real value;
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(&value, self->data + idx, sizeof(real), cudaMemcpyDeviceToHost, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
  return value;
}

THCStorage *THCStorage_(new)(THCState *state) { return THCStorage_(newWithSize)(state, 0); }

THCStorage *THCStorage_(newWithSize)(THCState *state, ptrdiff_t size) {
  THCDeviceAllocator *allocator = THCState_getDeviceAllocator(state);
  return THCStorage_(newWithAllocator)(state, size, allocator, allocator->state);
}

THCStorage *THCStorage_(newWithAllocator)(THCState *state, ptrdiff_t size, THCDeviceAllocator *allocator,
                                          void *allocatorContext) {
  THArgCheck(size >= 0, 2, "%s: size must be >= 0, got %td", THC_STORAGE_NAME("newWithAllocator"), size);
  THArgCheck(size <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), 2,
             "%s: %td elements of %zu bytes overflow a ptrdiff_t byte count",
             THC_STORAGE_NAME("newWithAllocator"), size, sizeof(real));
  THArgCheck(allocator != NULL, 3, "%s: allocator is NULL", THC_STORAGE_NAME("newWithAllocator"));
  void *data = NULL;
  if (size > 0)
    THCudaCheck(allocator->malloc(allocatorContext, &data, sizeof(real) * (size_t)size,
                                  THCState_getCurrentStream(state)));
  return THCStorage_(newWithDataAndAllocator)(state, (real *)data, size, allocator, allocatorContext);
}

/* Up to four elements from the host, in one copy. */
static THCStorage *THCStorage_(newWithValues)(THCState *state, const real *values, ptrdiff_t n) {
  THCStorage *self = THCStorage_(newWithSize)(state, n);
  cudaStream_t stream = THCState_getCurrentStream(state);
  cudaError_t err = cudaMemcpyAsync(self->data, values, sizeof(real) * (size_t)n, cudaMemcpyHostToDevice, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  if (err != cudaSuccess) {
    THCStorage_(free)(state, self);
    THCudaCheck(err);
  }
  return self;
}

THCStorage *THCStorage_(newWithSize1)(THCState *state, real data0) {
  real v[1] = {data0};
  return THCStorage_(newWithValues)(state, v, 1);
}

THCStorage *THCStorage_(newWithSize2)(THCState *state, real data0, real data1) {
  real v[2] = {data0, data1};
  return THCStorage_(newWithValues)(state, v, 2);
}

THCStorage *THCStorage_(newWithSize3)(THCState *state, real data0, real data1, real data2) {
  real v[3] = {data0, data1, data2};
  return THCStorage_(newWithValues)(state, v, 3);
}

THCStorage *THCStorage_(newWithSize4)(THCState *state, real data0, real data1, real data2, real data3) {
  real v[4] = {data0, data1, data2, data3};
  return THCStorage_(newWithValues)(state, v, 4);
}

/* ember: a file cannot be mapped into device memory; map a THStorage and copy it over instead. */
THCStorage *THCStorage_(newWithMapping)(THCState *state, const char *filename, ptrdiff_t size, int shared) {
  THError("%s: device memory cannot map a file (map a CPU storage and copy it)",
          THC_STORAGE_NAME("newWithMapping"));
  return NULL;
}

/* The storage takes ownership of data, a device pointer that the state's allocator gave. */
THCStorage *THCStorage_(newWithData)(THCState *state, real *data, ptrdiff_t size) {
  THCDeviceAllocator *allocator = THCState_getDeviceAllocator(state);
  return THCStorage_(newWithDataAndAllocator)(state, data, size, allocator, allocator->state);
}

THCStorage *THCStorage_(newWithDataAndAllocator)(THCState *state, real *data, ptrdiff_t size,
                                                 THCDeviceAllocator *allocator, void *allocatorContext) {
  THArgCheck(size >= 0, 3, "%s: size must be >= 0, got %td", THC_STORAGE_NAME("newWithDataAndAllocator"), size);
  THArgCheck(allocator != NULL, 4, "%s: allocator is NULL", THC_STORAGE_NAME("newWithDataAndAllocator"));
  int device;
  THCudaCheck(cudaGetDevice(&device));
  THCStorage *storage = THAlloc(sizeof(THCStorage));
  storage->data = data;
  storage->size = size;
  storage->refcount = 1;
  storage->flag = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;
  storage->allocator = allocator;
  storage->allocatorContext = allocatorContext;
  storage->view = NULL;
  storage->device = device;
  return storage;
}

void THCStorage_(setFlag)(THCState *state, THCStorage *storage, const char flag) { storage->flag |= flag; }

void THCStorage_(clearFlag)(THCState *state, THCStorage *storage, const char flag) { storage->flag &= ~flag; }

void THCStorage_(retain)(THCState *state, THCStorage *storage) {
  if (storage && (storage->flag & TH_STORAGE_REFCOUNTED)) THAtomicIncrementRef(&storage->refcount);
}

void THCStorage_(free)(THCState *state, THCStorage *storage) {
  if (!storage) return;
  if (!(storage->flag & TH_STORAGE_REFCOUNTED)) return;
  if (!THAtomicDecrementRef(&storage->refcount)) return;
  cudaError_t err = cudaSuccess;
  if ((storage->flag & TH_STORAGE_FREEMEM) && storage->data)
    err = storage->allocator->free(storage->allocatorContext, storage->data);
  if (storage->flag & TH_STORAGE_VIEW) THCStorage_(free)(state, storage->view);
  THFree(storage);
  THCudaCheck(err);
}

/* The contents are kept up to the smaller size: a new block, one device copy, the old block freed
 * (the caching allocator keeps it for reuse on this stream, after the copy). */
void THCStorage_(resize)(THCState *state, THCStorage *storage, ptrdiff_t size) {
  THArgCheck(storage->flag & TH_STORAGE_RESIZABLE, 2, "%s: the storage is not resizable",
             THC_STORAGE_NAME("resize"));
  THArgCheck(size >= 0, 3, "%s: size must be >= 0, got %td", THC_STORAGE_NAME("resize"), size);
  THArgCheck(size <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), 3,
             "%s: %td elements of %zu bytes overflow a ptrdiff_t byte count", THC_STORAGE_NAME("resize"),
             size, sizeof(real));
  if (size == storage->size) return;
  THCDeviceAllocator *allocator = storage->allocator;
  cudaStream_t stream = THCState_getCurrentStream(state);
  void *data = NULL;
  if (size > 0)
    THCudaCheck(allocator->malloc(storage->allocatorContext, &data, sizeof(real) * (size_t)size, stream));
  real *old = storage->data;
  cudaError_t err = cudaSuccess;
  ptrdiff_t keep = THMin(size, storage->size);
  if (old && keep > 0)
    err = cudaMemcpyAsync(data, old, sizeof(real) * (size_t)keep, cudaMemcpyDeviceToDevice, stream);
  if (err != cudaSuccess) {
    if (data) allocator->free(storage->allocatorContext, data);
    THCudaCheck(err);
  }
  if (old && (storage->flag & TH_STORAGE_FREEMEM)) err = allocator->free(storage->allocatorContext, old);
  storage->data = (real *)data;
  storage->size = size;
  storage->flag |= TH_STORAGE_FREEMEM;
  THCudaCheck(cudaGetDevice(&storage->device));
  THCudaCheck(err);
}

void THCStorage_(fill)(THCState *state, THCStorage *storage, real value) {
  THCStorage_fillBytes(state, storage->data, storage->size, (int)sizeof(real), &value);
}

int THCStorage_(getDevice)(THCState *state, const THCStorage *storage) { return storage->device; }

/* src is a device pointer holding at least size elements. */
void THCStorage_(rawCopy)(THCState *state, THCStorage *storage, real *src) {
  if (storage->size > 0)
    THCudaCheck(cudaMemcpyAsync(storage->data, src, sizeof(real) * (size_t)storage->size,
                                cudaMemcpyDeviceToDevice, THCState_getCurrentStream(state)));
}

#undef THC_STORAGE_NAME
#endif
