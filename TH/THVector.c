/* THVector: contiguous-array kernels with run-time CPU dispatch. The kernels themselves are
 * vector/generic/THVectorKernels.c (every type) and vector/VectorMath.h (float exp, sigmoid, tanh
 * and the reductions THNN's softmax needs), built here for the baseline instruction set and in
 * vector/AVX2.c for AVX2 + FMA; generic/THVector.c holds the exported functions, which check their
 * arguments and call the set picked by vectorDispatchInit (lazily, at first use). */
#include "THElementwise.h"
#include "THVector.h"

/* AVX2 and FMA usable (CPU and OS), unless EMBER_VECTOR_ISA=portable asks for the baseline
 * kernels (for tests of both sets, and for telling a kernel bug from a compiler one). */
static int THVector_useAVX2(void) {
  const char *isa = getenv("EMBER_VECTOR_ISA");
  if (isa && strcmp(isa, "portable") == 0) return 0;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#define THVECTOR_ISA DEFAULT
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

#define THVECTOR_LANES 4
#include "vector/VectorMath.h"

#define TH_GENERIC_FILE "generic/THVector.c"
#include "THGenerateAllTypes.h"
