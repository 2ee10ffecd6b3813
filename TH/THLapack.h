#ifndef TH_LAPACK_INC
#define TH_LAPACK_INC
#include "THGeneral.h"

/* Thin calls into LAPACK (column-major); errors are reported through *info as LAPACK does. */
#define THLapack_(NAME) TH_CONCAT_4(TH, Real, Lapack_, NAME)

#include "generic/THLapack.h"
#include "THGenerateFloatTypes.h"
#endif
