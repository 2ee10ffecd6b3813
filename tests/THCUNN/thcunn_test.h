#ifndef EMBER_THCUNN_TEST_H
#define EMBER_THCUNN_TEST_H
/* Shared by the THCUNN test programs: each runs a kernel on the CPU (libTHNN) and on the GPU
 * (libTHCUNN) on the same input and asserts the same outputs, gradients and indices, and the same
 * error for bad input. Without a CUDA device a program prints "skipped: no CUDA device" and passes.
 *
 * A test file defines its type-generic part between #ifdef TEST_TYPE_PASS ... #else and includes
 * thcunn_each_type.h in the #else branch (see thcunn_each_type.h), then its main() calls
 * thc_test_init() first. The generic part is compiled for Float and Double. */
#include "thc_test.h"
#include "THNN.h"
#include "THCUNN.h"

/* The message of an error without its " at FILE:LINE" tail (which names ember's source file, so
 * differs between the CPU and the GPU kernel). */
static inline void thcunn_error_text(const char *msg, char *out, size_t len) {
  snprintf(out, len, "%s", msg ? msg : "");
  char *at = strstr(out, " at ");
  for (char *next = at; next; next = strstr(next + 1, " at ")) at = next;
  if (at) *at = 0;
}

/* Runs CPU_CALL (a libTHNN call) and GPU_CALL (the libTHCUNN call with the same arguments) in
 * guarded mode: both must fail, with the same message (up to " at FILE:LINE"), which must contain
 * SUBSTR. Both libraries keep working afterwards (the caller then makes a valid call). */
#define assert_same_error(CPU_CALL, GPU_CALL, SUBSTR)                                                   \
  do {                                                                                                  \
    char cpu_msg_[1024], gpu_msg_[1024];                                                                \
    THSetGuardedMode(1);                                                                                \
    THClearLastError();                                                                                 \
    CPU_CALL;                                                                                           \
    thcunn_error_text(THGetLastError(), cpu_msg_, sizeof cpu_msg_);                                     \
    THClearLastError();                                                                                 \
    GPU_CALL;                                                                                           \
    thcunn_error_text(THGetLastError(), gpu_msg_, sizeof gpu_msg_);                                     \
    THClearLastError();                                                                                 \
    THSetGuardedMode(0);                                                                                \
    if (!*cpu_msg_) fail_msg("expected an error from %s", #CPU_CALL);                                   \
    if (!*gpu_msg_) fail_msg("expected an error from %s (the CPU said \"%s\")", #GPU_CALL, cpu_msg_);   \
    if (strcmp(cpu_msg_, gpu_msg_) != 0)                                                                \
      fail_msg("the GPU's error \"%s\" differs from the CPU's \"%s\"", gpu_msg_, cpu_msg_);             \
    if (!strstr(cpu_msg_, SUBSTR)) fail_msg("the error \"%s\" does not contain \"%s\"", cpu_msg_, SUBSTR); \
  } while (0)

/* A deterministic value in [lo, hi) for element i of stream seed (no global random state). */
static inline double thcunn_uniform(unsigned long seed, long i, double lo, double hi) {
  unsigned long x = (seed + 1) * 0x9E3779B97F4A7C15UL + (unsigned long)i * 0xBF58476D1CE4E5B9UL;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBUL;
  x ^= x >> 29;
  return lo + (hi - lo) * (double)(x >> 11) / 9007199254740992.0;
}

/* 1-based index tensors (targets, ids): a CPU THLongTensor of n values in [1, count] from seed,
 * and its device copy (thc_upload_long). */
static inline THLongTensor *thcunn_indices(unsigned long seed, long n, long count) {
  THLongTensor *t = THLongTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++) THLongTensor_data(t)[i] = 1 + (long)(thcunn_uniform(seed, i, 0, 1) * count);
  return t;
}

/* TEST_RANDOM's functions (thcunn_each_type.h). */
#define THCUNN_RANDOM(Real, real)                                                                             \
  static inline TH##Real##Tensor *thcunn_random_##Real(unsigned long seed, int nd, long s0, long s1, long s2, \
                                                       long s3, double lo, double hi) {                       \
    long sizes[4] = {s0, s1, s2, s3};                                                                         \
    TH##Real##Tensor *t = TH##Real##Tensor_new();                                                             \
    TH##Real##Tensor_resizeNd(t, nd, sizes, NULL);                                                            \
    real *d = TH##Real##Tensor_data(t);                                                                       \
    for (ptrdiff_t i = 0; i < TH##Real##Tensor_nElement(t); i++) d[i] = (real)thcunn_uniform(seed, i, lo, hi); \
    return t;                                                                                                 \
  }
THCUNN_RANDOM(Float, float)
THCUNN_RANDOM(Double, double)

/* In a test's generic part:
 *   TEST_PAIR(x, transposed, a, b, &cpu, &gpu)  x on both devices, or (transposed) the view of x with
 *                         dimensions nDimension - a and nDimension - b swapped: non-contiguous
 *   TEST_GRAD_LIKE(seed, out, &gpu)  a random gradOutput of out's sizes, on both devices */
#define TEST_PAIR TH_CONCAT_2(thcunn_pair_, Real)
#define TEST_GRAD_LIKE TH_CONCAT_2(thcunn_grad_like_, Real)
#define THCUNN_PAIRS(Real, CReal, real)                                                                        \
  static inline void thcunn_pair_##Real(TH##Real##Tensor *x, int transposed, int a, int b,                      \
                                        TH##Real##Tensor **cpu, TH##CReal##Tensor **gpu) {                      \
    const int da = transposed ? x->nDimension - a : 0, db = transposed ? x->nDimension - b : 0;               \
    TH##CReal##Tensor *g = thc_upload_##real(x);                                                               \
    *cpu = TH##Real##Tensor_newTranspose(x, da, db);                                                           \
    *gpu = TH##CReal##Tensor_newTranspose(thc_state, g, da, db);                                               \
    TH##CReal##Tensor_free(thc_state, g);                                                                      \
  }                                                                                                            \
  static inline TH##Real##Tensor *thcunn_grad_like_##Real(unsigned long seed, TH##Real##Tensor *out,          \
                                                           TH##CReal##Tensor **gpu) {                          \
    TH##Real##Tensor *g = TH##Real##Tensor_new();                                                              \
    TH##Real##Tensor_resizeAs(g, out);                                                                         \
    real *d = TH##Real##Tensor_data(g);                                                                        \
    for (ptrdiff_t i = 0; i < TH##Real##Tensor_nElement(g); i++) d[i] = (real)thcunn_uniform(seed, i, -1, 1); \
    *gpu = thc_upload_##real(g);                                                                               \
    return g;                                                                                                  \
  }
THCUNN_PAIRS(Float, Cuda, float)
THCUNN_PAIRS(Double, CudaDouble, double)

#endif
