#ifndef TH_BLAS_INC
#define TH_BLAS_INC
#include "THGeneral.h"

/* BLAS with Fortran's column-major conventions, as Torch7 had them. Float and Double call
 * OpenBLAS, except gemm on AVX2 and AVX-512 CPUs (ember's own, gemm/); the integer types run a
 * portable loop. */
#define THBlas_(NAME) TH_CONCAT_4(TH, Real, Blas_, NAME)

#include "generic/THBlas.h"
#include "THGenerateAllTypes.h"
#endif
