#ifndef TH_VECTOR_INC
#define TH_VECTOR_INC
#include "THGeneral.h"

/* Contiguous-array kernels. Float and Double pick an AVX2 or a portable version at first use
 * (runtime CPU dispatch; the library is never built with -march=native). */
#define THVector_(NAME) TH_CONCAT_4(TH, Real, Vector_, NAME)

#include "generic/THVector.h"
#include "THGenerateAllTypes.h"
#endif
