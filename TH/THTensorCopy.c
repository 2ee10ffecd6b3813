#ifdef _OPENMP
#include <omp.h>
#endif
#include "THTensor.h"
#include "THTensorApply.h"

#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THTensorCopy.c"
#include "THGenerateHalfType.h"
