#ifndef THC_GENERIC_FILE
#error "You must define THC_GENERIC_FILE before including THCGenerateFloatType.h"
#endif

#define real float
#define accreal float
#define Real Float
#define CReal Cuda
#define THC_REAL_IS_FLOAT
#include THC_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef CReal
#undef THC_REAL_IS_FLOAT

#ifndef THCGenerateManyTypes
#undef THC_GENERIC_FILE
#endif
