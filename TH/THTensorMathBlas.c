/* The BLAS-shaped tensor math: addmv, addmm, addr, addbmm, baddbmm, all types, through THBlas. */
#include "THBlas.h"
#include "THTensor.h"

#define TH_GENERIC_FILE "generic/THTensorMathBlas.c"
#include "THGenerateAllTypes.h"
