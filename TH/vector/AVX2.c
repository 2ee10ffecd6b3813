/* THVector's kernels built for AVX2 + FMA: the one translation unit compiled with -mavx2 -mfma
 * (see TH/CMakeLists.txt). Only THVector.c calls into it, and only after checking the CPU. */
#include "THElementwise.h"
#include "THVector.h"

#define THVECTOR_ISA AVX2
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

#define THVECTOR_LANES 8
#include "vector/VectorMath.h"
