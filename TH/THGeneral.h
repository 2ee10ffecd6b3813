#ifndef TH_GENERAL_INC
#define TH_GENERAL_INC

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __cplusplus
#define TH_EXTERNC extern "C"
#else
#define TH_EXTERNC extern
#endif

/* Only TH_API symbols are exported: the libraries build with -fvisibility=hidden. */
#define TH_API TH_EXTERNC __attribute__((visibility("default")))

#define TH_INDEX_BASE 1
#define TH_DESC_BUFF_LEN 64
/* The most dimensions a tensor may have (Torch7 had no fixed bound; resize refuses more). */
#define TH_MAX_DIMS 64

typedef struct THDescBuff { char str[TH_DESC_BUFF_LEN]; } THDescBuff;

/* An error handler receives the formatted message. It must not return (Torch7's Lua handler
 * longjmp'd, ember's C++ layer throws); if one returns, ember aborts rather than run on. */
typedef void (*THErrorHandlerFunction)(const char *msg, void *data);
typedef void (*THArgErrorHandlerFunction)(int argNumber, const char *msg, void *data);

TH_API double THLog1p(const double x);
TH_API THDescBuff _THSizeDesc(const long *size, const long ndim);
TH_API void _THError(const char *file, const int line, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));
TH_API void _THAssertionFailed(const char *file, const int line, const char *exp, const char *fmt, ...)
    __attribute__((noreturn));
/* Per-thread handlers (the Torch7 semantics); the Default variants set the process-wide fallback. */
TH_API void THSetErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void _THArgCheck(const char *file, int line, int condition, int argNumber, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
TH_API void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);
/* The calling thread's own handlers and their data, as THSetErrorHandler / THSetArgErrorHandler
 * left them (NULL when the thread has none, so the process-wide default applies). An ember
 * addition: a library that installs its handlers around its own calls puts these back afterwards. */
TH_API void THGetErrorHandler(THErrorHandlerFunction *handler, void **data);
TH_API void THGetArgErrorHandler(THArgErrorHandlerFunction *handler, void **data);

/* Guarded mode, for callers that cannot unwind (Python ctypes, LuaJIT FFI): while it is on, a
 * failing call of any legacy function returns early (0, NULL or nothing) instead of reaching the
 * error handler, and THGetLastError() gives its message; a call that succeeds clears it.
 * The switch is process-wide, the message per thread. */
TH_API void THSetGuardedMode(int enabled);
TH_API int THGetGuardedMode(void);
TH_API const char *THGetLastError(void);
TH_API void THClearLastError(void);

TH_API void *THAlloc(ptrdiff_t size);
TH_API void *THRealloc(void *ptr, ptrdiff_t size);
TH_API void THFree(void *ptr);
TH_API void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data);
TH_API void THHeapUpdate(ptrdiff_t size);

/* One thread count serves OpenMP and OpenBLAS (the OpenMP build of OpenBLAS shares the pool). */
TH_API void THSetNumThreads(int num_threads);
TH_API int THGetNumThreads(void);
TH_API int THGetNumCores(void);
TH_API void THInferNumThreads(void);

#define THError(...) _THError(__FILE__, __LINE__, __VA_ARGS__)
#define THCleanup(...) __VA_ARGS__
#define THArgCheck(COND, ARG, ...)                                    \
  do {                                                                \
    if (!(COND)) _THArgCheck(__FILE__, __LINE__, 0, ARG, __VA_ARGS__); \
  } while (0)
#define THArgCheckWithCleanup(COND, CLEANUP, ARG, ...) \
  do {                                                 \
    if (!(COND)) {                                     \
      CLEANUP                                          \
      _THArgCheck(__FILE__, __LINE__, 0, ARG, __VA_ARGS__); \
    }                                                  \
  } while (0)
#define THAssert(EXP)                                                    \
  do {                                                                   \
    if (!(EXP)) _THAssertionFailed(__FILE__, __LINE__, #EXP, "");        \
  } while (0)
#define THAssertMsg(EXP, ...)                                                      \
  do {                                                                             \
    if (!(EXP)) _THAssertionFailed(__FILE__, __LINE__, #EXP, __VA_ARGS__);         \
  } while (0)

#define TH_CONCAT_STRING_2(x, y) TH_CONCAT_STRING_2_EXPAND(x, y)
#define TH_CONCAT_STRING_2_EXPAND(x, y) #x #y
#define TH_CONCAT_STRING_3(x, y, z) TH_CONCAT_STRING_3_EXPAND(x, y, z)
#define TH_CONCAT_STRING_3_EXPAND(x, y, z) #x #y #z
#define TH_CONCAT_2(x, y) TH_CONCAT_2_EXPAND(x, y)
#define TH_CONCAT_2_EXPAND(x, y) x##y
#define TH_CONCAT_3(x, y, z) TH_CONCAT_3_EXPAND(x, y, z)
#define TH_CONCAT_3_EXPAND(x, y, z) x##y##z
#define TH_CONCAT_4_EXPAND(x, y, z, w) x##y##z##w
#define TH_CONCAT_4(x, y, z, w) TH_CONCAT_4_EXPAND(x, y, z, w)

#define THMin(X, Y) ((X) < (Y) ? (X) : (Y))
#define THMax(X, Y) ((X) > (Y) ? (X) : (Y))

#endif
