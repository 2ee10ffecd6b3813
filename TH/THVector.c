/* THVector: contiguous-array kernels with run-time CPU dispatch. The kernels themselves are
 * vector/generic/THVectorKernels.c (every type) and vector/VectorMath.h (float exp, sigmoid, tanh
 * and the reductions THNN's softmax needs), built here for the baseline instruction set, in
 * vector/AVX2.c for AVX2 + FMA and in vector/AVX512.c for AVX-512; generic/THVector.c holds the
 * exported functions, which check their arguments and call the set picked by vectorDispatchInit
 * (lazily, at first use). */
#include "THElementwise.h"
#include "THVector.h"

int THVector_isa(void) {
  __builtin_cpu_init();
  int best = 0;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    best = 1;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
      best = 2;
  }
  const char *isa = getenv("EMBER_VECTOR_ISA");
  if (isa && strcmp(isa, "portable") == 0) return 0;
  if (isa && strcmp(isa, "avx2") == 0) return best < 1 ? best : 1;
  return best;
}

#define THVECTOR_ISA DEFAULT
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

#define THVECTOR_LANES 4
#include "vector/VectorMath.h"

#define TH_GENERIC_FILE "generic/THVector.c"
#include "THGenerateAllTypes.h"
