/* ember's GEMM kernels for AVX-512 (built with -mavx512f ...): 32 x 12 float and 16 x 12 double
 * micro-tiles, 24 of the 32 vector registers holding C. Cache budgets for a core with 48 KB L1 and
 * 1 MB L2 or more (Zen 4/5, Ice Lake and later): an A panel takes 24 KB, a B block 384 KB. */
#include "gemm/THGemm.h"

#ifndef THGEMM_ISA /* tests/TH/gemm_avx512_on_avx2.c builds this configuration for AVX2 under another name */
#define THGEMM_ISA AVX512
#endif
#define THGEMM_VECTOR_BYTES 64
#define THGEMM_NR 12
#define THGEMM_L1_BYTES 24576
#define THGEMM_L2_BYTES 393216
#define THGEMM_L3_BYTES 2097152
#define TH_GENERIC_FILE "gemm/generic/THGemmKernels.c"
#include "THGenerateFloatTypes.h"
