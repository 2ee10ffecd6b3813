/* Storages whose memory is a mapped file (THMapAllocator) or POSIX shared memory with a
 * reference count in a header before the data (THRefcountedMapAllocator).
 *
 * Flags (TH_ALLOCATOR_MAPPED_*): SHARED maps the file MAP_SHARED, read-write, growing it to the
 * requested size (without it the file is opened read-only and mapped MAP_PRIVATE: writes stay in
 * this process, and the file must already hold the requested size); SHAREDMEM uses shm_open
 * instead of open (and is always shared); EXCLUSIVE fails if the file exists; NOCREATE fails if it
 * does not; KEEPFD keeps the descriptor open in the context until it is freed; FROMFD maps the
 * descriptor given to THMapAllocatorContext_newWithFd; UNLINK removes the name once mapped.
 * Asking for 0 bytes maps the whole existing file.
 *
 * Ownership: the allocator owns the context from its first malloc on: free unmaps and frees it,
 * and a failing malloc frees it before raising (so that THStorage_(newWithMapping) cannot leak). */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "THAllocator.h"
#include "THAtomic.h"

struct THMapAllocatorContext_ {
  char *filename; /* NULL only with FROMFD */
  int flags;
  int fd;         /* -1, or the descriptor this context owns (KEEPFD, or FROMFD until mapped) */
  ptrdiff_t size; /* bytes mapped (for the refcounted allocator, the header included) */
};

/* The refcounted allocator's header: a cache line, so that the data stays aligned. */
#define TH_MAP_HEADER_SIZE 64
typedef struct THMapInfo {
  int refcount;
} THMapInfo;

static const int open_modes = TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM;

static THMapAllocatorContext *ctx_create(const char *filename, int flags, int fd) {
  THMapAllocatorContext *ctx = THAlloc(sizeof(THMapAllocatorContext));
  ctx->filename = NULL;
  if (filename) {
    ctx->filename = THAlloc((ptrdiff_t)strlen(filename) + 1);
    strcpy(ctx->filename, filename);
  }
  ctx->flags = flags;
  ctx->fd = fd;
  ctx->size = 0;
  return ctx;
}

static void check_exclusive(int flags, const char *fn) {
  THArgCheck(!(flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE) || (flags & open_modes), 2,
             "%s: TH_ALLOCATOR_MAPPED_EXCLUSIVE needs a shared mapping (TH_ALLOCATOR_MAPPED_SHARED "
             "or TH_ALLOCATOR_MAPPED_SHAREDMEM), flags %d", fn, flags);
}

THMapAllocatorContext *THMapAllocatorContext_new(const char *filename, int flags) {
  THArgCheck(filename != NULL, 1, "THMapAllocatorContext_new: filename is NULL");
  THArgCheck(!(flags & TH_ALLOCATOR_MAPPED_FROMFD), 2,
             "THMapAllocatorContext_new: TH_ALLOCATOR_MAPPED_FROMFD needs a descriptor "
             "(use THMapAllocatorContext_newWithFd)");
  check_exclusive(flags, "THMapAllocatorContext_new");
  return ctx_create(filename, flags, -1);
}

/* The context takes the descriptor: it is closed once mapped, or when the context is freed
 * with KEEPFD. filename may be NULL (it only names the mapping in messages and for UNLINK). */
THMapAllocatorContext *THMapAllocatorContext_newWithFd(const char *filename, int fd, int flags) {
  THArgCheck(fd >= 0, 2, "THMapAllocatorContext_newWithFd: fd must be >= 0, got %d", fd);
  THArgCheck(!(flags & TH_ALLOCATOR_MAPPED_UNLINK) || filename != NULL, 3,
             "THMapAllocatorContext_newWithFd: TH_ALLOCATOR_MAPPED_UNLINK needs a filename");
  check_exclusive(flags, "THMapAllocatorContext_newWithFd");
  return ctx_create(filename, flags | TH_ALLOCATOR_MAPPED_FROMFD, fd);
}

char *THMapAllocatorContext_filename(THMapAllocatorContext *ctx) {
  THArgCheck(ctx != NULL, 1, "THMapAllocatorContext_filename: ctx is NULL");
  return ctx->filename;
}

int THMapAllocatorContext_fd(THMapAllocatorContext *ctx) {
  THArgCheck(ctx != NULL, 1, "THMapAllocatorContext_fd: ctx is NULL");
  return ctx->fd;
}

ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext *ctx) {
  THArgCheck(ctx != NULL, 1, "THMapAllocatorContext_size: ctx is NULL");
  return ctx->size;
}

void THMapAllocatorContext_free(THMapAllocatorContext *ctx) {
  if (!ctx) return;
  if (ctx->fd >= 0) close(ctx->fd);
  THFree(ctx->filename);
  THFree(ctx);
}

/* Frees the context (and the descriptor opened for it), then raises. */
__attribute__((noreturn, format(printf, 3, 4))) static void map_fail(THMapAllocatorContext *ctx, int fd,
                                                                    const char *fmt, ...) {
  char msg[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(msg, sizeof msg, fmt, args);
  va_end(args);
  if (fd >= 0 && fd != ctx->fd) close(fd);
  THMapAllocatorContext_free(ctx);
  THError("%s", msg);
}

static const char *ctx_name(THMapAllocatorContext *ctx) {
  return ctx->filename ? ctx->filename : "(a descriptor)";
}

/* Maps size bytes (0: the whole file) as ctx's flags say; records the mapped size in ctx. */
static void *map_file(THMapAllocatorContext *ctx, ptrdiff_t size, const char *who) {
  if (size < 0) map_fail(ctx, -1, "%s: size must be >= 0, got %td", who, size);
  int flags = ctx->flags, shared = (flags & open_modes) != 0, fd = ctx->fd;
  const char *name = ctx_name(ctx);
  if (!(flags & TH_ALLOCATOR_MAPPED_FROMFD)) {
    int oflags = shared ? O_RDWR : O_RDONLY;
    if (shared && !(flags & TH_ALLOCATOR_MAPPED_NOCREATE)) oflags |= O_CREAT;
    if (flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE) oflags |= O_EXCL;
    fd = (flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) ? shm_open(name, oflags, S_IRUSR | S_IWUSR)
                                                 : open(name, oflags, S_IRUSR | S_IWUSR);
    if (fd < 0)
      map_fail(ctx, -1, "%s: cannot open <%s> %s: %s", who, name,
               shared ? "in read-write mode" : "for reading", strerror(errno));
  }
  struct stat st;
  if (fstat(fd, &st) != 0) map_fail(ctx, fd, "%s: cannot stat <%s>: %s", who, name, strerror(errno));
  if (size == 0) {
    if (st.st_size == 0) map_fail(ctx, fd, "%s: <%s> is empty: there is nothing to map", who, name);
    size = (ptrdiff_t)st.st_size;
  } else if ((off_t)size > st.st_size) {
    if (!shared)
      map_fail(ctx, fd, "%s: <%s> holds %lld bytes, fewer than the %td requested (only a shared "
               "mapping grows the file)", who, name, (long long)st.st_size, size);
    if (ftruncate(fd, (off_t)size) != 0)
      map_fail(ctx, fd, "%s: cannot grow <%s> to %td bytes: %s", who, name, size, strerror(errno));
  }
  void *data = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, shared ? MAP_SHARED : MAP_PRIVATE, fd, 0);
  if (data == MAP_FAILED)
    map_fail(ctx, fd, "%s: cannot map %td bytes of <%s>: %s", who, size, name, strerror(errno));
  if (flags & TH_ALLOCATOR_MAPPED_KEEPFD) {
    ctx->fd = fd;
  } else {
    close(fd);
    ctx->fd = -1;
  }
  if ((flags & TH_ALLOCATOR_MAPPED_UNLINK) &&
      ((flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) ? shm_unlink(name) : unlink(name)) != 0) {
    int err = errno;
    munmap(data, (size_t)size);
    map_fail(ctx, -1, "%s: cannot unlink <%s>: %s", who, name, strerror(err));
  }
  ctx->size = size;
  return data;
}

static void *map_malloc(void *ctx, ptrdiff_t size) { return map_file(ctx, size, "THMapAllocator"); }

static void *map_realloc(void *ctx, void *data, ptrdiff_t size) {
  THError("THMapAllocator: a mapped storage cannot be resized (%td bytes of <%s> are mapped)",
          ((THMapAllocatorContext *)ctx)->size, ctx_name(ctx));
}

static void map_free(void *ctx_, void *data) {
  THMapAllocatorContext *ctx = ctx_;
  munmap(data, (size_t)ctx->size);
  THMapAllocatorContext_free(ctx);
}

THAllocator THMapAllocator = {map_malloc, map_realloc, map_free};

/* ---------------------------------------------------------------- refcounted shared memory */

static THMapInfo *map_info(void *data) { return (THMapInfo *)((char *)data - TH_MAP_HEADER_SIZE); }

/* Maps the shared memory object `filename`, header included. The creator (EXCLUSIVE) starts the
 * count at 1; others add themselves to it (a new object is zero-filled). size 0 maps the whole
 * existing object. */
static void *refcounted_malloc(void *ctx_, ptrdiff_t size) {
  THMapAllocatorContext *ctx = ctx_;
  const char *who = "THRefcountedMapAllocator";
  int unsupported = TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_UNLINK;
  if (ctx->flags & unsupported)
    map_fail(ctx, -1, "%s: the flags FROMFD, KEEPFD and UNLINK are not supported (flags %d)", who, ctx->flags);
  if (!(ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM))
    map_fail(ctx, -1, "%s: needs TH_ALLOCATOR_MAPPED_SHAREDMEM (flags %d)", who, ctx->flags);
  if (size < 0 || size > PTRDIFF_MAX - TH_MAP_HEADER_SIZE)
    map_fail(ctx, -1, "%s: invalid size %td", who, size);
  char *base = map_file(ctx, size ? size + TH_MAP_HEADER_SIZE : 0, who);
  if (ctx->size < TH_MAP_HEADER_SIZE) {
    munmap(base, (size_t)ctx->size);
    map_fail(ctx, -1, "%s: <%s> is too small (%td bytes) to hold the reference count", who, ctx->filename,
             ctx->size);
  }
  THMapInfo *info = (THMapInfo *)base;
  if (ctx->flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE)
    THAtomicSet(&info->refcount, 1);
  else
    THAtomicIncrementRef(&info->refcount);
  return base + TH_MAP_HEADER_SIZE;
}

static void *refcounted_realloc(void *ctx, void *data, ptrdiff_t size) {
  THError("THRefcountedMapAllocator: a shared-memory storage cannot be resized (<%s>)", ctx_name(ctx));
}

/* The last user removes the shared memory object's name. */
static void refcounted_free(void *ctx_, void *data) {
  THMapAllocatorContext *ctx = ctx_;
  if (THAtomicDecrementRef(&map_info(data)->refcount)) shm_unlink(ctx->filename);
  munmap((char *)data - TH_MAP_HEADER_SIZE, (size_t)ctx->size);
  THMapAllocatorContext_free(ctx);
}

THAllocator THRefcountedMapAllocator = {refcounted_malloc, refcounted_realloc, refcounted_free};

void THRefcountedMapAllocator_incref(THMapAllocatorContext *ctx, void *data) {
  THArgCheck(data != NULL, 2, "THRefcountedMapAllocator_incref: data is NULL");
  THAtomicIncrementRef(&map_info(data)->refcount);
}

/* Returns 1 when the count reached 0. */
int THRefcountedMapAllocator_decref(THMapAllocatorContext *ctx, void *data) {
  THArgCheck(data != NULL, 2, "THRefcountedMapAllocator_decref: data is NULL");
  return THAtomicDecrementRef(&map_info(data)->refcount);
}
