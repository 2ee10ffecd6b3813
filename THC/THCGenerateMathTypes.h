#ifndef THC_GENERIC_FILE
#error "You must define THC_GENERIC_FILE before including THCGenerateMathTypes.h"
#endif
/* The types with math: Long (indices) and the floating-point types. */
#ifndef THCGenerateManyTypes
#define THCMathLocalGenerateManyTypes
#define THCGenerateManyTypes
#endif

#include "THCGenerateLongType.h"
#include "THCGenerateFloatType.h"
#include "THCGenerateDoubleType.h"

#ifdef THCMathLocalGenerateManyTypes
#undef THCMathLocalGenerateManyTypes
#undef THCGenerateManyTypes
#undef THC_GENERIC_FILE
#endif
