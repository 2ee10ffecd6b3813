#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateDoubleType.h"
#endif

#define real double
#define accreal double
#define Real Double
#define TH_REAL_IS_DOUBLE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_DOUBLE

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
