#ifndef TH_ATOMIC_INC
#define TH_ATOMIC_INC
#include "THGeneral.h"

/* Sequentially consistent atomics on plain (volatile) integers, for reference counts. */
TH_API void THAtomicSet(int volatile *a, int newvalue);
TH_API int THAtomicGet(int volatile *a);
TH_API int THAtomicAdd(int volatile *a, int value);
TH_API int THAtomicCompareAndSwap(int volatile *a, int oldvalue, int newvalue);
TH_API void THAtomicIncrementRef(int volatile *a);
TH_API int THAtomicDecrementRef(int volatile *a);
TH_API void THAtomicSetLong(long volatile *a, long newvalue);
TH_API long THAtomicGetLong(long volatile *a);
TH_API long THAtomicAddLong(long volatile *a, long value);
TH_API long THAtomicCompareAndSwapLong(long volatile *a, long oldvalue, long newvalue);
TH_API void THAtomicSetPtrdiff(ptrdiff_t volatile *a, ptrdiff_t newvalue);
TH_API ptrdiff_t THAtomicGetPtrdiff(ptrdiff_t volatile *a);
TH_API ptrdiff_t THAtomicAddPtrdiff(ptrdiff_t volatile *a, ptrdiff_t value);
TH_API ptrdiff_t THAtomicCompareAndSwapPtrdiff(ptrdiff_t volatile *a, ptrdiff_t oldvalue, ptrdiff_t newvalue);

#endif
