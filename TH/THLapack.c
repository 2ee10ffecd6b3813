/* THLapack: the legacy thin calls of LAPACK (column-major, errors through *info). */
#include "THLapack.h"
#include "THLapackFortran.h"

#define TH_GENERIC_FILE "generic/THLapack.c"
#include "THGenerateFloatTypes.h"
