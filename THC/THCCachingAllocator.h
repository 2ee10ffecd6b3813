#pragma once
// Internal to libTHC: the caching device allocator that THCudaInit gives every state.
//
// Blocks are rounded to size classes (512 B below 1 MiB, 2 MiB above) and, once freed, kept for
// reuse by a later request on the same device and stream (a block freed on one stream may still
// be read by work queued there, so only that stream may reuse it without a synchronisation).
// cudaFree is called only by emptyCache, by the destruction of the allocator, and when cudaMalloc
// runs out of memory (the cache is given back and the cudaMalloc retried).
#include "THCGeneral.h"

// A new allocator: a THCDeviceAllocator whose `state` is the cache. Thread-safe.
THCDeviceAllocator *THCCachingAllocator_new(void);
// Gives every block back to CUDA (those still handed out included) and frees the allocator;
// finalStats (may be NULL) receives the counters after that.
void THCCachingAllocator_delete(THCDeviceAllocator *allocator, THCAllocatorStats *finalStats);
// The counters; zeros for an allocator that is not a caching one.
void THCCachingAllocator_getStats(THCDeviceAllocator *allocator, THCAllocatorStats *stats);
// True when allocator was made by THCCachingAllocator_new.
bool THCCachingAllocator_isCaching(const THCDeviceAllocator *allocator);
