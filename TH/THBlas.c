/* THBlas: BLAS with Fortran's column-major conventions, as Torch7 had them. Float and Double call
 * OpenBLAS (cblas_*), except gemm, which runs ember's own kernels (gemm/) where the CPU has AVX2 or
 * AVX-512 (OpenBLAS 0.3.21 runs its AVX2 kernels on CPUs it does not know, such as Zen 5, leaving
 * half of an AVX-512 core idle); the integer types run portable loops whose arithmetic wraps modulo
 * 2^bits (done in unsigned types, so that overflow is defined). */
#include <cblas.h>
#include <pthread.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "THBlas.h"
#include "THVector.h"
#include "gemm/THGemm.h"

/* The GEMM's packing space: one block per calling thread, kept (so that repeated products do not
 * fault fresh pages in each time) and grown as needed; freed when the thread exits. */
static __thread void *THGemm_scratchBase;
static __thread size_t THGemm_scratchBytes;
static pthread_key_t THGemm_scratchKey; /* only for its destructor */
static pthread_once_t THGemm_scratchOnce = PTHREAD_ONCE_INIT;

static void THGemm_makeScratchKey(void) {
  if (pthread_key_create(&THGemm_scratchKey, free) != 0) THGemm_scratchKey = (pthread_key_t)-1;
}

void *THGemm_scratch(size_t bytes) {
  if (bytes <= THGemm_scratchBytes) return THGemm_scratchBase;
  pthread_once(&THGemm_scratchOnce, THGemm_makeScratchKey);
  size_t rounded = (bytes + 63) / 64 * 64;
  void *fresh = aligned_alloc(64, rounded);
  if (!fresh) THError("gemm: cannot allocate %zu bytes of packing space", rounded);
  free(THGemm_scratchBase);
  THGemm_scratchBase = fresh;
  THGemm_scratchBytes = rounded;
  if (THGemm_scratchKey != (pthread_key_t)-1) pthread_setspecific(THGemm_scratchKey, fresh);
  return fresh;
}

/* BLAS indexes a vector with a negative increment from its far end. */
#define TH_BLAS_START(n, inc) ((inc) < 0 ? (1 - (n)) * (inc) : 0)

/* Blocking of the portable gemm: a THBLAS_MB x THBLAS_KB block of A stays in cache while it is
 * applied to every column of C; OpenMP splits the columns above THBLAS_OMP_WORK multiply-adds. */
#define THBLAS_MB 128
#define THBLAS_KB 128
#define THBLAS_OMP_WORK 65536L

/* OpenBLAS takes int sizes and increments; TH passes long. */
static void THBlas_checkInt(const char *fn, const char *name, long value) {
  if (value < INT_MIN || value > INT_MAX)
    THError("%s: %s = %ld does not fit in BLAS's int", fn, name, value);
}
#define THBLAS_CHECK_INT(FN, V) THBlas_checkInt(FN, #V, V)

/* 'n' (as is), 't' (transposed) or 'c' (conjugate transposed, the same for real numbers). */
static int THBlas_isTransposed(const char *fn, const char *name, char trans) {
  if (trans == 'n' || trans == 'N') return 0;
  if (trans == 't' || trans == 'T' || trans == 'c' || trans == 'C') return 1;
  THError("%s: %s should be 'n', 't' or 'c', but is '%c' (code %d)", fn, name, trans, (int)trans);
}

#define TH_GENERIC_FILE "generic/THBlas.c"
#include "THGenerateAllTypes.h"
