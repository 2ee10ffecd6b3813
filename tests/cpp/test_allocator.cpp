// ember::tune_allocator (allocator.hpp): loading libember leaves glibc's malloc as it was; the call,
// and only the call, keeps freed heap and serves large blocks from it; the environment overrides it.
// glibc has no getter for mallopt's settings, so the probes watch what they do (mallinfo2, main arena).
// One test, its steps in order: each probe leaves glibc's dynamic thresholds where the next expects.
#include "ember_test.hpp"

#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define EMBER_OWN_MALLOC 0  // ASan replaces malloc; mallopt and mallinfo2 are stubs
#elif defined(__GLIBC__)
#define EMBER_OWN_MALLOC 1
#else
#define EMBER_OWN_MALLOC 0
#endif

#if EMBER_OWN_MALLOC
// Through volatile pointers, so that the compiler cannot pair and drop the calls.
static void *(*volatile alloc)(size_t) = std::malloc;
static void (*volatile release)(void *) = std::free;

// Allocates 32 MB in 64 KB blocks (each below the 128 KB default mmap threshold, so from the heap),
// frees them, and says whether at least 16 MB of free heap is left at its top (rather than trimmed).
static bool keeps_freed_heap() {
  void *blocks[512];  // not on the heap: a block there among them would hold the heap's top up
  for (void *&b : blocks) b = alloc(64 << 10);
  for (int i = 511; i >= 0; i--) release(blocks[i]);
  return mallinfo2().keepcost >= (16 << 20);
}

// Whether a block of `bytes` comes from the heap rather than from its own mmap.
static bool heap_serves(size_t bytes) {
  size_t before = mallinfo2().hblks;
  void *p = alloc(bytes);
  bool heap = mallinfo2().hblks == before;
  release(p);
  return heap;
}

static bool environment_tunes_malloc() {
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  return std::getenv("MALLOC_TRIM_THRESHOLD_") || std::getenv("MALLOC_MMAP_THRESHOLD_") ||
         (tunables && std::strstr(tunables, "glibc.malloc."));
}
#endif

static void test_tune_allocator_is_opt_in(void **) {
#if EMBER_OWN_MALLOC
  if (environment_tunes_malloc()) skip();  // glibc read it at start-up: the defaults are not in force
  // 1. Loaded (this program links libember and has called nothing): glibc's defaults.
  assert_false(keeps_freed_heap());  // the free top of the heap went back to the kernel
  assert_false(heap_serves(2 << 20));  // 2 MB: its own mmap (the dynamic threshold then rises to it)

  // 2. The environment wins: the call changes nothing.
  setenv("MALLOC_TRIM_THRESHOLD_", "131072", 1);
  assert_false(ember::tune_allocator());
  unsetenv("MALLOC_TRIM_THRESHOLD_");
  setenv("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=131072", 1);
  assert_false(ember::tune_allocator());
  unsetenv("GLIBC_TUNABLES");
  assert_false(keeps_freed_heap());
  assert_false(heap_serves(8 << 20));

  // 3. Opted in: freed heap is kept, and 16 MB blocks come from it.
  assert_true(ember::tune_allocator());
  assert_true(keeps_freed_heap());
  assert_true(heap_serves(16 << 20));
  assert_true(ember::tune_allocator());  // again: harmless
  assert_true(keeps_freed_heap());
#else
  skip();
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_tune_allocator_is_opt_in)};
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
