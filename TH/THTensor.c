#include "THAtomic.h"
#include "THTensor.h"

#include "THTensorGeometry.h"

/* libTH's tensors take no state argument (see generic/THTensorLayout.c). */
#define THT_STATE_
#define THT_STATE_ONLY void
#define THT_S_
#define THT_S_ONLY

#define TH_GENERIC_FILE "generic/THTensor.c"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THTensor.c"
#include "THGenerateHalfType.h"
