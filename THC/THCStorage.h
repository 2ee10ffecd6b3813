#ifndef THC_STORAGE_INC
#define THC_STORAGE_INC
#include "THStorage.h"
#include "THCGeneral.h"

#define THCStorage TH_CONCAT_3(TH, CReal, Storage)
#define THCStorage_(NAME) TH_CONCAT_4(TH, CReal, Storage_, NAME)

/* Declared for the copy functions' argument types only: ember has no Half tensors. */
struct THCudaHalfStorage;

#include "generic/THCStorage.h"
#include "THCGenerateAllTypes.h"
#endif
