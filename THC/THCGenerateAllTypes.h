#ifndef THC_GENERIC_FILE
#error "You must define THC_GENERIC_FILE before including THCGenerateAllTypes.h"
#endif
/* Every CUDA type: Byte, Char, Short, Int, Long, Float, Double (ember has no Half tensors). */
#ifndef THCGenerateManyTypes
#define THCAllLocalGenerateManyTypes
#define THCGenerateManyTypes
#endif

#include "THCGenerateByteType.h"
#include "THCGenerateCharType.h"
#include "THCGenerateShortType.h"
#include "THCGenerateIntType.h"
#include "THCGenerateLongType.h"
#include "THCGenerateFloatType.h"
#include "THCGenerateDoubleType.h"

#ifdef THCAllLocalGenerateManyTypes
#undef THCAllLocalGenerateManyTypes
#undef THCGenerateManyTypes
#undef THC_GENERIC_FILE
#endif
