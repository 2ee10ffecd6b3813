/* ember's own GEMM (inside libTH, not exported): C = beta*C + alpha*op(A)*op(B), column-major, with
 * op transposing when ta/tb is nonzero; k >= 1 and alpha != 0 (THBlas handles the rest), sizes and
 * leading dimensions already checked. One build per vector instruction set (gemm/AVX2.c,
 * gemm/AVX512.c from gemm/generic/THGemmKernels.c); THBlas_gemm picks one with THVector_isa. */
#ifndef TH_GEMM_H
#define TH_GEMM_H

#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "THGeneral.h"

/* The calling thread's packing space, 64-byte aligned, at least `bytes` long (kept between calls;
 * THError if it cannot be had). */
void *THGemm_scratch(size_t bytes);

/* Products of at least this many multiply-adds are split between threads. */
#define THGEMM_PARALLEL_MACS 262144.0

#define THGEMM_DECLARE_(ISA)                                                                                     \
  void THFloatGemm_gemm_##ISA(int ta, int tb, long m, long n, long k, float alpha, const float *a, long lda,      \
                              const float *b, long ldb, float beta, float *c, long ldc);                         \
  void THDoubleGemm_gemm_##ISA(int ta, int tb, long m, long n, long k, double alpha, const double *a, long lda, \
                               const double *b, long ldb, double beta, double *c, long ldc);
THGEMM_DECLARE_(AVX2)
THGEMM_DECLARE_(AVX512)
#undef THGEMM_DECLARE_

#endif
