/* THBlas: BLAS with Fortran's column-major conventions, as Torch7 had them. Float and Double call
 * OpenBLAS (cblas_*), the integer types run portable loops whose arithmetic wraps modulo 2^bits
 * (done in unsigned types, so that overflow is defined). */
#include <cblas.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "THBlas.h"

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
