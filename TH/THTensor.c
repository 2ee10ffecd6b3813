#include "THAtomic.h"
#include "THTensor.h"

#define TH_GENERIC_FILE "generic/THTensor.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THTensor.c"
#include "THGenerateHalfType.h"
