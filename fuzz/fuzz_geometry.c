/* The tensor-geometry entry points with sizes, strides, offsets, dimensions and indices taken from the
 * input: newWithStorage*, resize*, newView, narrow, select, unfold, transpose, expand, setStorage*,
 * set, (un)squeeze, set/get*d, newContiguous. The library runs in guarded mode. Each call must either
 * succeed and leave consistent tensors (non-negative sizes whose product fits a ptrdiff_t, and every
 * element inside the storage) or fail with an error that leaves both tensors exactly as they were;
 * anything else aborts, which libFuzzer reports as a crash.
 *
 * Every storage comes from capped_allocator: a size that is valid but too big to allocate is then
 * an error of the library's (as malloc failing would be) rather than a libFuzzer out-of-memory. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "TH.h"

#define CAP_BYTES ((ptrdiff_t)1 << 22)
#define MAX_OPS 24
#define MAX_DIMS 6

/* Reports a broken rule and aborts, which libFuzzer reports as a crash. */
static void fail(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fprintf(stderr, "fuzz_geometry: ");
  vfprintf(stderr, fmt, args);
  fprintf(stderr, "\n");
  va_end(args);
  abort();
}

static void *capped_malloc(void *ctx, ptrdiff_t size) {
  if (size < 0) fail("the library asked its allocator for a negative number of bytes (an overflow)");
  if (size > CAP_BYTES) THError("fuzz allocator: %td bytes are over the cap", size);
  return THDefaultAllocator.malloc(ctx, size);
}
static void *capped_realloc(void *ctx, void *ptr, ptrdiff_t size) {
  if (size < 0) fail("the library asked its allocator for a negative number of bytes (an overflow)");
  if (size > CAP_BYTES) THError("fuzz allocator: %td bytes are over the cap", size);
  return THDefaultAllocator.realloc(ctx, ptr, size);
}
static void capped_free(void *ctx, void *ptr) { THDefaultAllocator.free(ctx, ptr); }
static THAllocator capped_allocator = {capped_malloc, capped_realloc, capped_free};

/* The input, read front to back; past its end every value is 0. */
typedef struct {
  const uint8_t *p;
  size_t n;
} Bytes;

static uint8_t take_byte(Bytes *b) {
  if (!b->n) return 0;
  b->n--;
  return *b->p++;
}

/* A size, stride, offset or index: small values most often, then the edges where arithmetic on
 * them overflows, then any 64-bit value. */
static long take_long(Bytes *b) {
  static const long edges[16] = {0, 1, -1, LONG_MAX, LONG_MIN, LONG_MAX / 2, 1L << 31, (1L << 32) + 1,
                                 1L << 62, 1L << 40, 1L << 20, 65536, -(1L << 31), 3037000500L,
                                 (1L << 21) + 1, LONG_MIN + 1};
  uint8_t s = take_byte(b);
  if (s < 128) return (long)(s % 16) - 3;
  if (s < 192) return edges[s % 16];
  unsigned long v = 0;
  for (int i = 0; i < 8; i++) v = v << 8 | take_byte(b);
  return (long)v;
}

static THLongStorage *take_longs(Bytes *b, int n) {
  THLongStorage *s = THLongStorage_newWithSize(n);
  for (int i = 0; i < n; i++) s->data[i] = take_long(b);
  return s;
}

static THFloatStorage *new_capped_storage(ptrdiff_t n) {
  return THFloatStorage_newWithAllocator(n, &capped_allocator, NULL);
}

/* The call being checked, for the reports. */
static const char *current_op = "?";

/* The message of the last failed call (guarded mode's is cleared by the next call). */
static char error[512];

/* What an error must leave as it was. */
typedef struct {
  int dims;
  long size[64], stride[64];
  ptrdiff_t offset, storage_size;
  THFloatStorage *storage;
} Geometry;

static void snapshot(THFloatTensor *t, Geometry *g) {
  memset(g, 0, sizeof *g);
  g->dims = t->nDimension;
  if (g->dims < 0 || g->dims > 64) fail("a tensor has an impossible number of dimensions");
  for (int d = 0; d < g->dims; d++) g->size[d] = t->size[d], g->stride[d] = t->stride[d];
  g->offset = t->storageOffset;
  g->storage = t->storage;
  g->storage_size = t->storage ? t->storage->size : -1;
}

static void check_unchanged(THFloatTensor *t, const Geometry *before, const char *op) {
  Geometry now;
  snapshot(t, &now);
  if (memcmp(&now, before, sizeof now) != 0) fail("%s failed (%s) but changed a tensor", op, error);
}

/* Sizes >= 0 whose product fits a ptrdiff_t and equals nElement, and, for a non-empty tensor, every
 * element's offset inside the storage. */
static void check_consistent(THFloatTensor *t, const char *op) {
  int dims = t->nDimension;
  if (dims < 0 || dims > 64) fail("a tensor has an impossible number of dimensions");
  ptrdiff_t count = dims ? 1 : 0;
  __int128 lowest = t->storageOffset, highest = t->storageOffset;
  for (int d = 0; d < dims; d++) {
    long size = t->size[d], stride = t->stride[d];
    if (size < 0) fail("after %s, a negative size", op);
    if (__builtin_mul_overflow(count, (ptrdiff_t)size, &count))
      fail("after %s, the number of elements overflows a ptrdiff_t", op);
    if (size == 0) continue;
    __int128 reach = (__int128)stride * (size - 1);
    if (reach < 0) lowest += reach; else highest += reach;
  }
  if (count != THFloatTensor_nElement(t)) fail("after %s, nElement is not the product of the sizes", op);
  if (count == 0) return;
  if (!t->storage || lowest < 0 || highest >= t->storage->size)
    fail("after %s, elements lie outside the storage (offsets %lld..%lld, storage %td)", op, (long long)lowest,
         (long long)highest, t->storage ? t->storage->size : (ptrdiff_t)-1);
}

/* One operation on self (and src); a new tensor it returns is checked and freed. */
/* Returns 1 when the call failed (its message in `error`). Guarded mode's last error is read right
 * after the call: every later call of the library (even a free) clears it. */
static int run_op(Bytes *b, THFloatTensor *self, THFloatTensor *src, THFloatStorage *storage) {
  THFloatTensor *made = NULL;
  THLongStorage *sz = NULL, *st = NULL;
  const char *op = "?";
  int dims = take_byte(b) % (MAX_DIMS + 1);
  long size[MAX_DIMS], stride[MAX_DIMS];
  switch (take_byte(b) % 17) {
    case 0: {
      op = "newWithStorage";
      sz = take_longs(b, dims), st = take_byte(b) & 1 ? take_longs(b, dims) : NULL;
      made = THFloatTensor_newWithStorage(storage, take_long(b), sz, st);
      break;
    }
    case 1: {
      op = "newWithStorageNd";
      ptrdiff_t offset = take_long(b);
      for (int d = 0; d < 4; d++) size[d] = take_long(b), stride[d] = take_long(b);
      switch (dims % 4) {
        case 0: made = THFloatTensor_newWithStorage1d(storage, offset, size[0], stride[0]); break;
        case 1: made = THFloatTensor_newWithStorage2d(storage, offset, size[0], stride[0], size[1], stride[1]); break;
        case 2: made = THFloatTensor_newWithStorage3d(storage, offset, size[0], stride[0], size[1], stride[1], size[2], stride[2]); break;
        default: made = THFloatTensor_newWithStorage4d(storage, offset, size[0], stride[0], size[1], stride[1], size[2], stride[2], size[3], stride[3]); break;
      }
      break;
    }
    case 2: {
      op = "resize";
      sz = take_longs(b, dims), st = take_byte(b) & 1 ? take_longs(b, dims) : NULL;
      THFloatTensor_resize(self, sz, st);
      break;
    }
    case 3: {
      op = "resizeNd";
      int with_stride = take_byte(b) & 1;
      for (int d = 0; d < dims; d++) size[d] = take_long(b), stride[d] = take_long(b);
      THFloatTensor_resizeNd(self, dims, size, with_stride ? stride : NULL);
      break;
    }
    case 4: {
      op = "resize1d..5d";
      for (int d = 0; d < 5; d++) size[d] = take_long(b);
      switch (dims % 5) {
        case 0: THFloatTensor_resize1d(self, size[0]); break;
        case 1: THFloatTensor_resize2d(self, size[0], size[1]); break;
        case 2: THFloatTensor_resize3d(self, size[0], size[1], size[2]); break;
        case 3: THFloatTensor_resize4d(self, size[0], size[1], size[2], size[3]); break;
        default: THFloatTensor_resize5d(self, size[0], size[1], size[2], size[3], size[4]); break;
      }
      break;
    }
    case 5: {
      op = "newView";
      sz = take_longs(b, dims);
      made = THFloatTensor_newView(src, sz);
      break;
    }
    case 6: {
      op = "narrow";
      int dim = (int)take_long(b);
      long first = take_long(b), n = take_long(b);
      if (take_byte(b) & 1) made = THFloatTensor_newNarrow(src, dim, first, n);
      else THFloatTensor_narrow(self, src, dim, first, n);
      break;
    }
    case 7: {
      op = "select";
      int dim = (int)take_long(b);
      long index = take_long(b);
      if (take_byte(b) & 1) made = THFloatTensor_newSelect(src, dim, index);
      else THFloatTensor_select(self, src, dim, index);
      break;
    }
    case 8: {
      op = "unfold";
      int dim = (int)take_long(b);
      long n = take_long(b), step = take_long(b);
      if (take_byte(b) & 1) made = THFloatTensor_newUnfold(src, dim, n, step);
      else THFloatTensor_unfold(self, src, dim, n, step);
      break;
    }
    case 9: {
      op = "transpose";
      int d1 = (int)take_long(b), d2 = (int)take_long(b);
      if (take_byte(b) & 1) made = THFloatTensor_newTranspose(src, d1, d2);
      else THFloatTensor_transpose(self, src, d1, d2);
      break;
    }
    case 10: {
      op = "expand";
      sz = take_longs(b, dims);
      if (take_byte(b) & 1) made = THFloatTensor_newExpand(src, sz);
      else if (self != src) THFloatTensor_expand(self, src, sz);
      break;
    }
    case 11: {
      op = "setStorage";
      sz = take_longs(b, dims), st = take_byte(b) & 1 ? take_longs(b, dims) : NULL;
      THFloatTensor_setStorage(self, storage, take_long(b), sz, st);
      break;
    }
    case 12: {
      op = "setStorageNd";
      ptrdiff_t offset = take_long(b);
      for (int d = 0; d < dims; d++) size[d] = take_long(b), stride[d] = take_long(b);
      THFloatTensor_setStorageNd(self, storage, offset, dims, size, stride);
      break;
    }
    case 13: {
      op = "setStorage1d..4d";
      ptrdiff_t offset = take_long(b);
      for (int d = 0; d < 4; d++) size[d] = take_long(b), stride[d] = take_long(b);
      switch (dims % 4) {
        case 0: THFloatTensor_setStorage1d(self, storage, offset, size[0], stride[0]); break;
        case 1: THFloatTensor_setStorage2d(self, storage, offset, size[0], stride[0], size[1], stride[1]); break;
        case 2: THFloatTensor_setStorage3d(self, storage, offset, size[0], stride[0], size[1], stride[1], size[2], stride[2]); break;
        default: THFloatTensor_setStorage4d(self, storage, offset, size[0], stride[0], size[1], stride[1], size[2], stride[2], size[3], stride[3]); break;
      }
      break;
    }
    case 14: {
      op = "squeeze/unsqueeze";
      int dim = (int)take_long(b);
      switch (dims % 3) {
        case 0: THFloatTensor_squeeze(self, src); break;
        case 1: THFloatTensor_squeeze1d(self, src, dim); break;
        default: THFloatTensor_unsqueeze1d(self, src, dim); break;
      }
      break;
    }
    case 15: {
      op = "set/get1d..4d";
      for (int d = 0; d < 4; d++) size[d] = take_long(b);
      switch (dims % 8) {
        case 0: THFloatTensor_set1d(self, size[0], 1); break;
        case 1: THFloatTensor_set2d(self, size[0], size[1], 2); break;
        case 2: THFloatTensor_set3d(self, size[0], size[1], size[2], 3); break;
        case 3: THFloatTensor_set4d(self, size[0], size[1], size[2], size[3], 4); break;
        case 4: (void)THFloatTensor_get1d(self, size[0]); break;
        case 5: (void)THFloatTensor_get2d(self, size[0], size[1]); break;
        case 6: (void)THFloatTensor_get3d(self, size[0], size[1], size[2]); break;
        default: (void)THFloatTensor_get4d(self, size[0], size[1], size[2], size[3]); break;
      }
      break;
    }
    default: {
      /* These copy into a new storage of the default allocator: only for a size it can give (an
       * expanded tensor may have far more elements than its storage). */
      op = "set/newContiguous/newClone";
      if (dims % 3 == 0) THFloatTensor_set(self, src);
      else if (THFloatTensor_nElement(src) <= 4096)
        made = dims % 3 == 1 ? THFloatTensor_newContiguous(src) : THFloatTensor_newClone(src);
      break;
    }
  }
  current_op = op;
  const char *message = THGetLastError();
  if (message) snprintf(error, sizeof error, "%s: %s", op, message);
  if (sz) THLongStorage_free(sz);
  if (st) THLongStorage_free(st);
  if (made) {
    if (message) fail("a call returned a tensor and an error");
    check_consistent(made, op);
    THFloatTensor_free(made);
  }
  return message != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Bytes b = {data, size};
  THSetGuardedMode(1);
  /* Two tensors over two storages of up to 63 elements, viewed whole. */
  THFloatStorage *storages[2];
  THFloatTensor *tensors[2];
  for (int i = 0; i < 2; i++) {
    ptrdiff_t n = take_byte(&b) % 64;
    storages[i] = new_capped_storage(n);
    tensors[i] = THFloatTensor_newWithStorage1d(storages[i], 0, n, 1);
    if (!tensors[i]) fail("newWithStorage1d failed on a valid storage");
  }
  for (int k = 0; k < MAX_OPS && b.n; k++) {
    uint8_t pick = take_byte(&b);
    THFloatTensor *self = tensors[pick & 1], *src = tensors[(pick >> 1) & 1];
    THFloatStorage *storage = storages[(pick >> 2) & 1];
    Geometry self_before, src_before;
    snapshot(self, &self_before);
    snapshot(src, &src_before);
    THClearLastError();
    if (run_op(&b, self, src, storage)) {
      check_unchanged(self, &self_before, current_op);
      check_unchanged(src, &src_before, current_op);
    } else {
      check_consistent(self, current_op);
      check_consistent(src, current_op);
    }
  }
  for (int i = 0; i < 2; i++) {
    THFloatTensor_free(tensors[i]);
    THFloatStorage_free(storages[i]);
  }
  THClearLastError();
  return 0;
}
