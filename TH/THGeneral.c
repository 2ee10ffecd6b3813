#include "THGeneral.h"
#include "THGuard.h"

#include <malloc.h>
#include <stdatomic.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---------------------------------------------------------------- errors */

#define TH_ERROR_MSG_LEN 2048

static void default_error_handler(const char *msg, void *data) {
  (void)data;
  fprintf(stderr, "ember (TH): %s\n", msg);
  fflush(stderr);
  abort();
}

static void default_arg_error_handler(int argNumber, const char *msg, void *data) {
  (void)data;
  if (argNumber > 0)
    fprintf(stderr, "ember (TH): invalid argument %d: %s\n", argNumber, msg);
  else
    fprintf(stderr, "ember (TH): invalid argument: %s\n", msg);
  fflush(stderr);
  abort();
}

static THErrorHandlerFunction global_error_handler = default_error_handler;
static void *global_error_data;
static THArgErrorHandlerFunction global_arg_error_handler = default_arg_error_handler;
static void *global_arg_error_data;
static __thread THErrorHandlerFunction thread_error_handler;
static __thread void *thread_error_data;
static __thread THArgErrorHandlerFunction thread_arg_error_handler;
static __thread void *thread_arg_error_data;

/* Guarded mode: the innermost guard frame of this thread and the last message. */
static atomic_int guarded_mode;
static __thread jmp_buf *guard_frame;
static __thread int has_last_error;
static __thread char last_error[TH_ERROR_MSG_LEN];

void THSetGuardedMode(int enabled) { atomic_store(&guarded_mode, enabled != 0); }
int THGetGuardedMode(void) { return atomic_load(&guarded_mode); }
const char *THGetLastError(void) { return has_last_error ? last_error : NULL; }
void THClearLastError(void) { has_last_error = 0; }

int THGuard_enter(jmp_buf *env) {
  if (guard_frame || !atomic_load_explicit(&guarded_mode, memory_order_relaxed)) return 0;
  guard_frame = env;
  has_last_error = 0;
  return 1;
}

void THGuard_leave(void) { guard_frame = NULL; }

/* Hands the message to the active guard (which returns from the guarded call) or to a handler. */
__attribute__((noreturn)) static void raise_error(int isArgError, int argNumber, const char *msg) {
  if (guard_frame) {
    jmp_buf *env = guard_frame;
    guard_frame = NULL;
    if (isArgError && argNumber > 0)
      snprintf(last_error, sizeof last_error, "invalid argument %d: %s", argNumber, msg);
    else
      snprintf(last_error, sizeof last_error, "%s", msg);
    has_last_error = 1;
    longjmp(*env, 1);
  }
  if (isArgError) {
    if (thread_arg_error_handler)
      thread_arg_error_handler(argNumber, msg, thread_arg_error_data);
    else
      global_arg_error_handler(argNumber, msg, global_arg_error_data);
  } else {
    if (thread_error_handler)
      thread_error_handler(msg, thread_error_data);
    else
      global_error_handler(msg, global_error_data);
  }
  fprintf(stderr, "ember (TH): an error handler returned; aborting. The error was: %s\n", msg);
  abort();
}

static void format_message(char *buf, size_t len, const char *file, int line, const char *fmt,
                           va_list args) {
  int n = vsnprintf(buf, len, fmt, args);
  if (n < 0) n = 0;
  if ((size_t)n < len) snprintf(buf + n, len - (size_t)n, " at %s:%d", file, line);
}

void _THError(const char *file, const int line, const char *fmt, ...) {
  char msg[TH_ERROR_MSG_LEN];
  va_list args;
  va_start(args, fmt);
  format_message(msg, sizeof msg, file, line, fmt, args);
  va_end(args);
  raise_error(0, 0, msg);
}

void _THAssertionFailed(const char *file, const int line, const char *exp, const char *fmt, ...) {
  char detail[TH_ERROR_MSG_LEN / 2];
  va_list args;
  va_start(args, fmt);
  vsnprintf(detail, sizeof detail, fmt, args);
  va_end(args);
  _THError(file, line, "Assertion `%s' failed. %s", exp, detail);
}

void _THArgCheck(const char *file, int line, int condition, int argNumber, const char *fmt, ...) {
  if (condition) return;
  char msg[TH_ERROR_MSG_LEN];
  va_list args;
  va_start(args, fmt);
  format_message(msg, sizeof msg, file, line, fmt, args);
  va_end(args);
  raise_error(1, argNumber, msg);
}

void THSetErrorHandler(THErrorHandlerFunction new_handler, void *data) {
  thread_error_handler = new_handler;
  thread_error_data = data;
}

void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void *data) {
  global_error_handler = new_handler ? new_handler : default_error_handler;
  global_error_data = new_handler ? data : NULL;
}

void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data) {
  thread_arg_error_handler = new_handler;
  thread_arg_error_data = data;
}

void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data) {
  global_arg_error_handler = new_handler ? new_handler : default_arg_error_handler;
  global_arg_error_data = new_handler ? data : NULL;
}

void THGetErrorHandler(THErrorHandlerFunction *handler, void **data) {
  *handler = thread_error_handler;
  *data = thread_error_data;
}

void THGetArgErrorHandler(THArgErrorHandlerFunction *handler, void **data) {
  *handler = thread_arg_error_handler;
  *data = thread_arg_error_data;
}

/* "[2 x 3 x 4]". As in Torch7, a description whose text before the closing bracket reaches
 * TH_DESC_BUFF_LEN - 2 characters keeps its first TH_DESC_BUFF_LEN - 5 and ends in "...]". */
THDescBuff _THSizeDesc(const long *size, const long ndim) {
  THDescBuff buf;
  const size_t cap = TH_DESC_BUFF_LEN;
  size_t len = (size_t)snprintf(buf.str, cap, "[");
  for (long i = 0; i < ndim && len < cap; i++)
    len += (size_t)snprintf(buf.str + len, cap - len, i ? " x %ld" : "%ld", size[i]);
  if (len < cap - 2)
    snprintf(buf.str + len, cap - len, "]");
  else
    memcpy(buf.str + cap - 5, "...]", 5);
  return buf;
}

double THLog1p(const double x) { return log1p(x); }

/* ------------------------------------------------------------- allocation */

/* Torch7 let a garbage-collected host (Lua) collect when an allocation failed or when the memory
 * TH holds passed a soft limit: 3e8 bytes at first, raised by 40% whenever a collection left more
 * than 80% of it in use, never lowered (a limit that follows the heap down runs the collector far
 * more often, and Torch7's Lua calls it from inside kernels, FFI calls included). As in Torch7 the
 * handler, its data and the limit belong to the thread that set them (a Lua state serves one
 * thread); the heap size is global, and each thread adds its changes to it by the megabyte,
 * checking the limit then. */
#define TH_HEAP_BATCH 1000000
static _Thread_local void (*gc_handler)(void *data);
static _Thread_local void *gc_data;
static _Thread_local ptrdiff_t heap_soft_max = 300000000;
static _Thread_local ptrdiff_t heap_delta;
static atomic_long heap_size;

void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data) {
  gc_handler = torchGCHandlerFunction;
  gc_data = data;
}

static ptrdiff_t applyHeapDelta(void) {
  ptrdiff_t delta = heap_delta;
  heap_delta = 0;
  return (ptrdiff_t)atomic_fetch_add(&heap_size, (long)delta) + delta;
}

void THHeapUpdate(ptrdiff_t size) {
  heap_delta += size;
  if (heap_delta < TH_HEAP_BATCH && heap_delta > -TH_HEAP_BATCH) return;
  ptrdiff_t now = applyHeapDelta();
  if (size > 0 && gc_handler && now > heap_soft_max) {
    gc_handler(gc_data);
    if (applyHeapDelta() > heap_soft_max * 0.8) heap_soft_max = (ptrdiff_t)(heap_soft_max * 1.4);
  }
}

/* Large blocks are 64-byte aligned so that vector loads never split a cache line. */
static void *allocate(ptrdiff_t size) {
  void *ptr = NULL;
  if (size >= 4096) {
    if (posix_memalign(&ptr, 64, (size_t)size) != 0) ptr = NULL;
  } else {
    ptr = malloc((size_t)size);
  }
  return ptr;
}

void *THAlloc(ptrdiff_t size) {
  if (size < 0) THError("THAlloc: invalid memory size %td (negative)", size);
  if (size == 0) return NULL;
  void *ptr = allocate(size);
  if (!ptr && gc_handler) {
    gc_handler(gc_data);
    ptr = allocate(size);
  }
  if (!ptr)
    THError("THAlloc: out of memory: could not allocate %td bytes (%.2f GB)", size, size / 1073741824.0);
  THHeapUpdate((ptrdiff_t)malloc_usable_size(ptr));
  return ptr;
}

void *THRealloc(void *ptr, ptrdiff_t size) {
  if (!ptr) return THAlloc(size);
  if (size == 0) {
    THFree(ptr);
    return NULL;
  }
  if (size < 0) THError("THRealloc: invalid memory size %td (negative)", size);
  ptrdiff_t old = (ptrdiff_t)malloc_usable_size(ptr);
  void *newptr = realloc(ptr, (size_t)size);
  if (!newptr && gc_handler) {
    gc_handler(gc_data);
    newptr = realloc(ptr, (size_t)size);
  }
  if (!newptr)
    THError("THRealloc: out of memory: could not allocate %td bytes (%.2f GB)", size, size / 1073741824.0);
  THHeapUpdate((ptrdiff_t)malloc_usable_size(newptr) - old);
  return newptr;
}

void THFree(void *ptr) {
  if (!ptr) return;
  THHeapUpdate(-(ptrdiff_t)malloc_usable_size(ptr));
  free(ptr);
}

/* ---------------------------------------------------------------- threads */

extern void openblas_set_num_threads(int num_threads);

void THSetNumThreads(int num_threads) {
  if (num_threads < 1) num_threads = 1;
#ifdef _OPENMP
  omp_set_num_threads(num_threads);
#endif
  openblas_set_num_threads(num_threads);
}

int THGetNumThreads(void) {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int THGetNumCores(void) {
#ifdef _OPENMP
  return omp_get_num_procs();
#else
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
#endif
}

void THInferNumThreads(void) { THSetNumThreads(THGetNumCores()); }
