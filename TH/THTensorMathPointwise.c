/* Element-wise arithmetic and math of libTH (fill, add, cmul, pow, tanh, ...): see
 * generic/THTensorMathPointwise.c. */
#include "THElementwise.h"
#include "THTensor.h"
#include "THVector.h"

#define TH_GENERIC_FILE "generic/THTensorMathPointwise.c"
#include "THGenerateAllTypes.h"
