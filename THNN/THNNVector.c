/* THNNVector's dispatch, and the baseline build of vector/VectorMath.h. */
#include <stdlib.h>
#include <string.h>
#include "THNNVector.h"

#define THNN_VECTOR_ISA DEFAULT
#define THNN_VECTOR_LANES 4
#include "vector/VectorMath.h"

static int THNN_vectorDecision = -1;

/* 1 when AVX2 and FMA are usable and EMBER_VECTOR_ISA does not ask for the portable kernels.
 * Decided at the first call; concurrent first calls decide the same, hence relaxed atomics. */
static int THNN_vectorUseAVX2(void) {
  int decided = __atomic_load_n(&THNN_vectorDecision, __ATOMIC_RELAXED);
  if (decided < 0) {
    const char *isa = getenv("EMBER_VECTOR_ISA");
    __builtin_cpu_init();
    decided = !(isa && strcmp(isa, "portable") == 0) && __builtin_cpu_supports("avx2") &&
              __builtin_cpu_supports("fma");
    __atomic_store_n(&THNN_vectorDecision, decided, __ATOMIC_RELAXED);
  }
  return decided;
}

/* THNN_vector<NAME>Float calls the AVX2 build (vector/AVX2.c) or the baseline one. RETURN is
 * `return` for the kernels with a result, empty for the others. */
#define THNN_VECTOR_DISPATCH(TYPE, RETURN, NAME, PARAMS, ARGS)                                    \
  TYPE THNN_vector##NAME##_AVX2 PARAMS;                                                           \
  TYPE THNN_vector##NAME##Float PARAMS {                                                          \
    RETURN(THNN_vectorUseAVX2() ? THNN_vector##NAME##_AVX2 ARGS : THNN_vector##NAME##_DEFAULT ARGS); \
  }

THNN_VECTOR_DISPATCH(void, , Tanh, (float *y, const float *x, ptrdiff_t n), (y, x, n))
THNN_VECTOR_DISPATCH(void, , Sigmoid, (float *y, const float *x, ptrdiff_t n), (y, x, n))
THNN_VECTOR_DISPATCH(double, return, ExpShiftSum, (float *y, const float *x, float shift, ptrdiff_t n),
                     (y, x, shift, n))
THNN_VECTOR_DISPATCH(double, return, Sum, (const float *x, ptrdiff_t n), (x, n))
THNN_VECTOR_DISPATCH(double, return, Dot, (const float *x, const float *y, ptrdiff_t n), (x, y, n))
THNN_VECTOR_DISPATCH(float, return, Max, (const float *x, ptrdiff_t n), (x, n))
