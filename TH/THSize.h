#ifndef TH_SIZE_INC
#define TH_SIZE_INC
#include "THGeneral.h"

TH_API int THSize_isSameSizeAs(const long *sizeA, long dimsA, const long *sizeB, long dimsB);
TH_API ptrdiff_t THSize_nElement(long dims, long *size);
#endif
