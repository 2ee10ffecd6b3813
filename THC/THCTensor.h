#ifndef THC_TENSOR_INC
#define THC_TENSOR_INC
#include "THTensor.h"
#include "THCStorage.h"

#define THCTensor TH_CONCAT_3(TH, CReal, Tensor)
#define THCTensor_(NAME) TH_CONCAT_4(TH, CReal, Tensor_, NAME)

/* cutorch's name for THDescBuff (the same 64-byte description). */
typedef THDescBuff THCDescBuff;

/* A texture object handle, for THCudaTensor_getTextureObject. */
#include <cuda_runtime_api.h>

/* Declared for the copy functions' argument types only: ember has no Half tensors. */
struct THCudaHalfTensor;
struct THHalfTensor;

#include "generic/THCTensor.h"
#include "THCGenerateAllTypes.h"
#endif
