#pragma once
// The process's heap policy, an explicit opt-in: loading libember changes nothing in the host process.

namespace ember {

// Tunes glibc's malloc for training loops, for the whole process: blocks up to 32 MB are served from
// the heap instead of fresh mmaps (M_MMAP_THRESHOLD), and up to 256 MB of free heap is kept instead
// of being returned to the kernel (M_TRIM_THRESHOLD). Why: every training step allocates and frees the
// same megabytes of activations, gradients and kernel buffers; with glibc's defaults the free top of
// the heap goes back to the kernel after each step and is faulted in again, page by page, in the next
// one (a third of the CPU time of a LeNet-5 step on Fashion-MNIST). The cost: up to 256 MB of freed
// memory stays mapped to the process. Call it once, early in main, in a program that trains.
//
// The environment wins: if MALLOC_TRIM_THRESHOLD_ or MALLOC_MMAP_THRESHOLD_ is set, or GLIBC_TUNABLES
// sets a glibc.malloc.* tunable, nothing is changed. Returns whether the settings were applied (false
// also where the C library is not glibc). Calling it again is harmless.
bool tune_allocator();

}  // namespace ember
