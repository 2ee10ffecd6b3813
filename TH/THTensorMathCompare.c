/* Element-wise comparisons of libTH (ltValue, geTensor, eqTensorT, ...): see
 * generic/THTensorMathCompare.c. */
#include "THElementwise.h"
#include "THTensor.h"

#define TH_GENERIC_FILE "generic/THTensorMathCompare.c"
#include "THGenerateAllTypes.h"
