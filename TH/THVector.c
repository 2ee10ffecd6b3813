/* THVector: contiguous-array kernels with run-time CPU dispatch. The kernels themselves are
 * vector/generic/THVectorKernels.c, built here for the baseline instruction set and in
 * vector/AVX2.c for AVX2 + FMA; generic/THVector.c holds the exported functions, which check their
 * arguments and call the set picked by vectorDispatchInit (lazily, at first use). */
#include "THElementwise.h"
#include "THVector.h"
#include "vector/THVectorMath.h"

/* AVX2 and FMA usable (CPU and OS), unless EMBER_VECTOR_ISA=portable asks for the baseline
 * kernels (for tests of both sets, and for telling a kernel bug from a compiler one). */
static int THVector_useAVX2(void) {
  const char *isa = getenv("EMBER_VECTOR_ISA");
  if (isa && strcmp(isa, "portable") == 0) return 0;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

/* The float exp/sigmoid/tanh maps: 1 for the AVX2 versions, 0 for libm, -1 not picked yet.
 * THFloatVector_vectorDispatchInit picks again. */
static int THFloatVector_mathUsesAVX2 = -1;

static void THFloatVector_pickMath(void) {
  __atomic_store_n(&THFloatVector_mathUsesAVX2, THVector_useAVX2(), __ATOMIC_RELAXED);
}

static int THFloatVector_mathAVX2(void) {
  int use = __atomic_load_n(&THFloatVector_mathUsesAVX2, __ATOMIC_RELAXED);
  if (use < 0) {
    THFloatVector_pickMath();
    use = __atomic_load_n(&THFloatVector_mathUsesAVX2, __ATOMIC_RELAXED);
  }
  return use;
}

#define THFLOATVECTOR_MATH_(NAME, SCALAR)                                  \
  void TH_CONCAT_2(THFloatVector_map, NAME)(float *y, const float *x, ptrdiff_t n) { \
    if (THFloatVector_mathAVX2()) {                                         \
      TH_CONCAT_3(THFloatVector_map, NAME, _AVX2)(y, x, n);                 \
      return;                                                               \
    }                                                                       \
    for (ptrdiff_t i = 0; i < n; i++) y[i] = SCALAR(x[i]);                  \
  }

THFLOATVECTOR_MATH_(Exp, expf)
THFLOATVECTOR_MATH_(Sigmoid, THFloatVector_sigmoidOf)
THFLOATVECTOR_MATH_(Tanh, tanhf)
#undef THFLOATVECTOR_MATH_

#define THVECTOR_ISA DEFAULT
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

#define TH_GENERIC_FILE "generic/THVector.c"
#include "THGenerateAllTypes.h"
