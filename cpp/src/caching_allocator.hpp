#pragma once
// The THAllocator behind ember's CPU storages (allocator.hpp has the public side). Internal to cpp/src.
#include <TH.h>

namespace ember::detail {

// TH's allocator interface over ember's CPU memory cache: blocks 64-byte aligned, realloc within a
// block's size class in place. Lives as long as the process (storages freed by static destructors
// still return their blocks to it). Raises a TH error when the memory is exhausted.
THAllocator *cpu_allocator();

}  // namespace ember::detail
