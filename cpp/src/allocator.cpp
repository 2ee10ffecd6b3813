// ember::tune_allocator (allocator.hpp): glibc's mallopt, only when called.
#include <ember/allocator.hpp>

#include <cstdlib>  // defines __GLIBC__ on glibc
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ember {

bool tune_allocator() {
#if defined(__GLIBC__)
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  if (std::getenv("MALLOC_TRIM_THRESHOLD_") || std::getenv("MALLOC_MMAP_THRESHOLD_") ||
      (tunables && std::strstr(tunables, "glibc.malloc.")))
    return false;
  return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 256 << 20) == 1;
#else
  return false;
#endif
}

}  // namespace ember
