/* ember's GEMM kernels for AVX2 + FMA (built with -mavx2 -mfma): 16 x 6 float and 8 x 6 double
 * micro-tiles, 12 of the 16 vector registers holding C. Cache budgets for a Zen 3 / Haswell-class
 * core (32 KB L1, 512 KB L2): an A panel takes 24 KB of the L1 (k slices of 384 floats; 256 gave 4%
 * less on 1024^3, C being read and written once more), a B block 192 KB of the L2. */
#include "gemm/THGemm.h"

#define THGEMM_ISA AVX2
#define THGEMM_VECTOR_BYTES 32
#define THGEMM_NR 6
#define THGEMM_L1_BYTES 24576
#define THGEMM_L2_BYTES 196608
#define THGEMM_L3_BYTES 2097152
#define TH_GENERIC_FILE "gemm/generic/THGemmKernels.c"
#include "THGenerateFloatTypes.h"
