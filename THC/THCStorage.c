/* Storages of device memory, every CUDA type (generic/THCStorage.c). */
#include "THCStorage.h"
#include "THCStorageFill.h"
#include "THAtomic.h"

#define THC_GENERIC_FILE "generic/THCStorage.c"
#include "THCGenerateAllTypes.h"
