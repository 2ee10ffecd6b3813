#ifndef THCUNN_H
#define THCUNN_H
/* libTHCUNN: the legacy neural-network kernels on CUDA tensors (THNN_Cuda<Name> for THCudaTensor,
 * THNN_CudaDouble<Name> for THCudaDoubleTensor), on libTHC. Includable beside THNN.h: THNN_ is
 * restored to THNN's meaning at the end. */
#include <stdbool.h>
#include "THC.h"

#define THCIndexTensor THCudaLongTensor
#define THCIndexTensor_(NAME) THCudaLongTensor_##NAME
typedef long THCIndex_t;

#pragma push_macro("THNN_")
#undef THNN_
#define THNN_(NAME) TH_CONCAT_3(THNN_, CReal, NAME)
#define THC_GENERIC_FILE "generic/THCUNN.h"
#include "THCGenerateFloatTypes.h"
#pragma pop_macro("THNN_")

#endif
