#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateLongType.h"
#endif

#define real long
#define accreal long
#define Real Long
#define TH_REAL_IS_LONG
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_LONG

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
