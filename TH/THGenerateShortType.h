#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateShortType.h"
#endif

#define real short
#define accreal long
#define Real Short
#define TH_REAL_IS_SHORT
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_SHORT

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
