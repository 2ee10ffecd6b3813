#include "THAtomic.h"

void THAtomicSet(int volatile *a, int newvalue) { __atomic_store_n(a, newvalue, __ATOMIC_SEQ_CST); }
int THAtomicGet(int volatile *a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
/* Returns the value before the addition. */
int THAtomicAdd(int volatile *a, int value) { return __atomic_fetch_add(a, value, __ATOMIC_SEQ_CST); }
/* Returns 1 when *a was oldvalue and is now newvalue. */
int THAtomicCompareAndSwap(int volatile *a, int oldvalue, int newvalue) {
  return __atomic_compare_exchange_n(a, &oldvalue, newvalue, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
void THAtomicIncrementRef(int volatile *a) { __atomic_fetch_add(a, 1, __ATOMIC_SEQ_CST); }
/* Returns 1 when the count reached zero. */
int THAtomicDecrementRef(int volatile *a) { return __atomic_sub_fetch(a, 1, __ATOMIC_SEQ_CST) == 0; }

void THAtomicSetLong(long volatile *a, long newvalue) { __atomic_store_n(a, newvalue, __ATOMIC_SEQ_CST); }
long THAtomicGetLong(long volatile *a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
long THAtomicAddLong(long volatile *a, long value) { return __atomic_fetch_add(a, value, __ATOMIC_SEQ_CST); }
long THAtomicCompareAndSwapLong(long volatile *a, long oldvalue, long newvalue) {
  return __atomic_compare_exchange_n(a, &oldvalue, newvalue, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

void THAtomicSetPtrdiff(ptrdiff_t volatile *a, ptrdiff_t newvalue) {
  __atomic_store_n(a, newvalue, __ATOMIC_SEQ_CST);
}
ptrdiff_t THAtomicGetPtrdiff(ptrdiff_t volatile *a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
ptrdiff_t THAtomicAddPtrdiff(ptrdiff_t volatile *a, ptrdiff_t value) {
  return __atomic_fetch_add(a, value, __ATOMIC_SEQ_CST);
}
ptrdiff_t THAtomicCompareAndSwapPtrdiff(ptrdiff_t volatile *a, ptrdiff_t oldvalue, ptrdiff_t newvalue) {
  return __atomic_compare_exchange_n(a, &oldvalue, newvalue, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
