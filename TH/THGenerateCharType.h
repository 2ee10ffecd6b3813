#ifndef TH_GENERIC_FILE
#error "You must define TH_GENERIC_FILE before including THGenerateCharType.h"
#endif

#define real char
#define accreal long
#define Real Char
#define TH_REAL_IS_CHAR
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef TH_REAL_IS_CHAR

#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
