#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorage.h"
#else

/* A flat, reference-counted array of real. The layout is part of the legacy ABI (FFI code reads
 * the fields). A view storage (TH_STORAGE_VIEW) borrows data from `view` and retains it. */
typedef struct THStorage {
  real *data;
  ptrdiff_t size;
  int refcount;
  char flag;
  THAllocator *allocator;
  void *allocatorContext;
  struct THStorage *view;
} THStorage;

TH_API real *THStorage_(data)(const THStorage *);
TH_API ptrdiff_t THStorage_(size)(const THStorage *);
TH_API size_t THStorage_(elementSize)(void);
TH_API void THStorage_(set)(THStorage *, ptrdiff_t, real);
TH_API real THStorage_(get)(const THStorage *, ptrdiff_t);
TH_API THStorage *THStorage_(new)(void);
TH_API THStorage *THStorage_(newWithSize)(ptrdiff_t size);
TH_API THStorage *THStorage_(newWithSize1)(real);
TH_API THStorage *THStorage_(newWithSize2)(real, real);
TH_API THStorage *THStorage_(newWithSize3)(real, real, real);
TH_API THStorage *THStorage_(newWithSize4)(real, real, real, real);
TH_API THStorage *THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags);
TH_API THStorage *THStorage_(newWithData)(real *data, ptrdiff_t size);
TH_API THStorage *THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator *allocator, void *allocatorContext);
TH_API THStorage *THStorage_(newWithDataAndAllocator)(real *data, ptrdiff_t size, THAllocator *allocator, void *allocatorContext);
TH_API void THStorage_(setFlag)(THStorage *storage, const char flag);
TH_API void THStorage_(clearFlag)(THStorage *storage, const char flag);
TH_API void THStorage_(retain)(THStorage *storage);
TH_API void THStorage_(swap)(THStorage *storage1, THStorage *storage2);
TH_API void THStorage_(free)(THStorage *storage);
TH_API void THStorage_(resize)(THStorage *storage, ptrdiff_t size);
TH_API void THStorage_(fill)(THStorage *storage, real value);
TH_API void THStorage_(rawCopy)(THStorage *storage, real *src);

#endif
