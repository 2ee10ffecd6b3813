// Heap policy for training loops (glibc only). Every step allocates and frees the same megabytes of
// activations, gradients and kernel buffers. With glibc's adaptive defaults the free top of the heap
// is given back to the kernel after each step and faulted in again, page by page, in the next one:
// on LeNet-5 / Fashion-MNIST that was a third of the CPU time of a step. At load, libember keeps up
// to 256 MB of free heap and serves blocks up to 32 MB from it, unless the environment already tunes
// malloc (MALLOC_TRIM_THRESHOLD_, MALLOC_MMAP_THRESHOLD_ or GLIBC_TUNABLES), which then wins.
#include <cstdlib>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>

namespace {
const bool tuned = [] {
  if (std::getenv("MALLOC_TRIM_THRESHOLD_") || std::getenv("MALLOC_MMAP_THRESHOLD_") || std::getenv("GLIBC_TUNABLES"))
    return false;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  return true;
}();
}  // namespace
#endif
