#ifndef TH_HALF_INC
#define TH_HALF_INC
#include "THGeneral.h"

/* IEEE 754 binary16, stored as its bits. Only storage, tensors and copies exist for Half. */
typedef struct THHalf { unsigned short x; } THHalf;

TH_API void TH_float2halfbits(float *, unsigned short *);
TH_API void TH_halfbits2float(unsigned short *, float *);
TH_API THHalf TH_float2half(float);
TH_API float TH_half2float(THHalf);
#endif
