/* THVector's kernels built for AVX-512 (F, BW, DQ, VL) + FMA: the one translation unit compiled with
 * those options (see TH/CMakeLists.txt). 16 float lanes: the transcendental kernels (tanh, sigmoid,
 * exp) are bound by their arithmetic, which takes a quarter fewer cycles than with AVX2's 8 lanes,
 * also on CPUs that split 512-bit operations in two. Only THVector.c calls into it, and only after
 * checking the CPU. */
#include "THElementwise.h"
#include "THVector.h"

#define THVECTOR_ISA AVX512
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

#define THVECTOR_LANES 16
#include "vector/VectorMath.h"
