#pragma once
// ember's CPU memory cache: the storages of the tensors libember creates come from it, so the
// activations and gradients a training step frees serve the next step without a trip to the
// operating system. It touches no process-wide setting: the host program's malloc is left as it is.
#include <cstddef>

namespace ember {

// What the cache holds, in bytes. A block is counted at its size class (the request rounded up by
// at most a quarter); blocks under 4 KB are never cached (freeing one hands it back to the C
// library), so they count in bytes_in_use only.
struct AllocatorStats {
  size_t bytes_in_use = 0;  // blocks held by live storages
  size_t bytes_cached = 0;  // freed blocks kept for reuse
  size_t cache_limit = 0;   // bytes_cached never exceeds it (a freed block that would is released)
};

// The figures now (with other threads allocating, bytes_in_use may already have moved on).
AllocatorStats allocator_stats();

// Returns every cached block to the C library (blocks in use are untouched): call it when a phase
// that needed much memory is over, or before handing memory to something outside ember.
void empty_cache();

// Sets how many bytes of freed blocks the cache may keep (default 256 MB; 0 disables caching),
// releasing cached blocks until it holds no more than that.
void set_cache_limit(size_t bytes);

}  // namespace ember
