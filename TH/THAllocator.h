#ifndef TH_ALLOCATOR_INC
#define TH_ALLOCATOR_INC
#include "THGeneral.h"

/* Flags of THMapAllocatorContext_new and THStorage_(newWithMapping). */
#define TH_ALLOCATOR_MAPPED_SHARED 1
#define TH_ALLOCATOR_MAPPED_SHAREDMEM 2
#define TH_ALLOCATOR_MAPPED_EXCLUSIVE 4
#define TH_ALLOCATOR_MAPPED_NOCREATE 8
#define TH_ALLOCATOR_MAPPED_KEEPFD 16
#define TH_ALLOCATOR_MAPPED_FROMFD 32
#define TH_ALLOCATOR_MAPPED_UNLINK 64

/* A storage's allocator: every call gets the storage's allocatorContext first. */
typedef struct THAllocator {
  void *(*malloc)(void *, ptrdiff_t);
  void *(*realloc)(void *, void *, ptrdiff_t);
  void (*free)(void *, void *);
} THAllocator;

/* THAlloc/THRealloc/THFree. */
TH_API THAllocator THDefaultAllocator;

/* Memory-mapped files (and POSIX shared memory with TH_ALLOCATOR_MAPPED_SHAREDMEM). The context
 * owns the file name and, with KEEPFD, the descriptor; the allocator frees the context. */
typedef struct THMapAllocatorContext_ THMapAllocatorContext;
TH_API THMapAllocatorContext *THMapAllocatorContext_new(const char *filename, int flags);
TH_API THMapAllocatorContext *THMapAllocatorContext_newWithFd(const char *filename, int fd, int flags);
TH_API char *THMapAllocatorContext_filename(THMapAllocatorContext *ctx);
TH_API int THMapAllocatorContext_fd(THMapAllocatorContext *ctx);
TH_API ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext *ctx);
TH_API void THMapAllocatorContext_free(THMapAllocatorContext *ctx);
TH_API void THRefcountedMapAllocator_incref(THMapAllocatorContext *ctx, void *data);
TH_API int THRefcountedMapAllocator_decref(THMapAllocatorContext *ctx, void *data);

#ifdef EMBER_DEV_STUBS
#pragma weak THMapAllocator
#pragma weak THRefcountedMapAllocator
#endif
TH_API THAllocator THMapAllocator;
/* Shared memory whose mapping carries a reference count in a header before the data. */
TH_API THAllocator THRefcountedMapAllocator;
#endif
