#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateHalfType.h"
#endif

#define real THHalf
#define accreal float
#define Real Half
#define TH_REAL_IS_HALF
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_HALF

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
