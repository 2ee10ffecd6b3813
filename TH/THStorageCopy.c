#include "THStorage.h"

#define TH_GENERIC_FILE "generic/THStorageCopy.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THStorageCopy.c"
#include "THGenerateHalfType.h"
