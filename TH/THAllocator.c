#include "THAllocator.h"

static void *default_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  return THAlloc(size);
}

static void *default_realloc(void *ctx, void *ptr, ptrdiff_t size) {
  (void)ctx;
  return THRealloc(ptr, size);
}

static void default_free(void *ctx, void *ptr) {
  (void)ctx;
  THFree(ptr);
}

THAllocator THDefaultAllocator = {default_malloc, default_realloc, default_free};
