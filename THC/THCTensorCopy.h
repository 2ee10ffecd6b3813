#ifndef THC_TENSOR_COPY_INC
#define THC_TENSOR_COPY_INC
#include "THCTensor.h"

#include "generic/THCStorageCopy.h"
#include "THCGenerateAllTypes.h"
#include "generic/THCTensorCopy.h"
#include "THCGenerateAllTypes.h"
#endif
