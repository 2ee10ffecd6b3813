#ifndef THC_GENERIC_FILE
#error "You must define THC_GENERIC_FILE before including THCGenerateFloatTypes.h"
#endif
/* The floating-point CUDA types: Float and Double (ember has no Half tensors). */
#ifndef THCGenerateManyTypes
#define THCFloatLocalGenerateManyTypes
#define THCGenerateManyTypes
#endif

#include "THCGenerateFloatType.h"
#include "THCGenerateDoubleType.h"

#ifdef THCFloatLocalGenerateManyTypes
#undef THCFloatLocalGenerateManyTypes
#undef THCGenerateManyTypes
#undef THC_GENERIC_FILE
#endif
