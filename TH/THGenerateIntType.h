#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateIntType.h"
#endif

#define real int
#define accreal long
#define Real Int
#define TH_REAL_IS_INT
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_INT

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
