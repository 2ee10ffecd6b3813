// ember's CPU memory cache (allocator.hpp): ember's storages reuse freed blocks, the cache stays
// within its limit, empty_cache gives the memory back, threads sharing it keep its counts straight,
// and loading libember leaves glibc's malloc settings as they were.
#include "ember_test.hpp"

#include <cstdint>
#include <cstdlib>
#include <thread>

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

using ember::allocator_stats;

static const void *address(const Tensor &t) {
  if (t.dtype() == ember::kFloat) return t.data<float>();
  return t.data<double>();
}

// Must run first: glibc's dynamic mmap threshold moves once a large block has been freed.
static void test_loading_libember_leaves_malloc_alone(void **) {
#if EMBER_OWN_MALLOC
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  if (std::getenv("MALLOC_TRIM_THRESHOLD_") || std::getenv("MALLOC_MMAP_THRESHOLD_") ||
      (tunables && std::strstr(tunables, "glibc.malloc.")))
    skip();  // glibc read them at start-up: its defaults are not in force
  // glibc has no getter for mallopt's settings, so watch what they do. Through volatile pointers,
  // so that the compiler cannot pair and drop the calls.
  static void *(*volatile alloc)(size_t) = std::malloc;
  static void (*volatile release)(void *) = std::free;
  // 32 MB in 64 KB blocks (below the 128 KB default mmap threshold: from the heap), freed: with the
  // default trim threshold, the free top of the heap goes back to the kernel.
  void *blocks[512];  // not on the heap: a block there among them would hold the heap's top up
  for (void *&b : blocks) b = alloc(64 << 10);
  for (int i = 511; i >= 0; i--) release(blocks[i]);
  assert_true(mallinfo2().keepcost < (16 << 20));
  // 2 MB, above the default mmap threshold: its own mmap.
  size_t before = mallinfo2().hblks;
  void *p = alloc(2 << 20);
  assert_int_equal(mallinfo2().hblks, before + 1);
  release(p);
#else
  skip();
#endif
}

static void test_freed_blocks_are_reused(void **) {
  ember::empty_cache();
  ember::AllocatorStats start = allocator_stats();
  assert_int_equal(start.bytes_cached, 0);
  const void *first;
  {
    Tensor t = ember::empty({1000, 100});  // 400000 bytes: the 458752-byte class (1.75 x 2^18)
    first = address(t);
    assert_int_equal(reinterpret_cast<uintptr_t>(first) % 64, 0);
    assert_int_equal(allocator_stats().bytes_in_use, start.bytes_in_use + 458752);
  }
  assert_int_equal(allocator_stats().bytes_in_use, start.bytes_in_use);
  assert_int_equal(allocator_stats().bytes_cached, 458752);
  // Any request of the same class gets the block back, whatever its shape or dtype.
  Tensor again = ember::empty({400000 / 8 - 7}, ember::kDouble);
  assert_ptr_equal(address(again), first);
  assert_int_equal(allocator_stats().bytes_cached, 0);
  // A training-style loop: after the first step, every block comes from the cache.
  auto step = [] {
    Tensor x = ember::randn({64, 784});
    Tensor w = ember::randn({784, 256});
    return x.matmul(w).relu().sum().item<float>();
  };
  step();
  ember::AllocatorStats warm = allocator_stats();
  for (int i = 0; i < 5; i++) step();
  assert_int_equal(allocator_stats().bytes_cached, warm.bytes_cached);
  assert_int_equal(allocator_stats().bytes_in_use, warm.bytes_in_use);
}

static void test_growing_a_storage_keeps_its_contents(void **) {
  Tensor t = ember::arange(10);
  for (long n : {100L, 5000L, 300000L}) {  // in place within the class, then new blocks
    THFloatTensor_resize1d(t.th_float(), n);  // the storage's allocator serves TH's resizes too
    assert_int_equal(reinterpret_cast<uintptr_t>(address(t)) % 64, 0);
    for (int i = 0; i < 10; i++) assert_true(t.data<float>()[i] == (float)i);
  }
}

static void test_the_cache_is_bounded(void **) {
  ember::empty_cache();
  ember::set_cache_limit(1 << 20);
  assert_int_equal(allocator_stats().cache_limit, 1 << 20);
  {
    std::vector<Tensor> held;
    for (int i = 0; i < 8; i++) held.push_back(ember::empty({128 << 10}));  // 512 KB each
  }
  assert_int_equal(allocator_stats().bytes_cached, 1 << 20);  // two kept, six released
  ember::set_cache_limit(512 << 10);  // lowering the limit releases what no longer fits
  assert_int_equal(allocator_stats().bytes_cached, 512 << 10);
  ember::set_cache_limit(0);  // no caching at all
  assert_int_equal(allocator_stats().bytes_cached, 0);
  { Tensor t = ember::empty({128 << 10}); }
  assert_int_equal(allocator_stats().bytes_cached, 0);
  ember::set_cache_limit(256 << 20);
}

static void test_empty_cache_releases_everything_cached(void **) {
  Tensor kept = ember::ones({300, 300});
  { std::vector<Tensor> v{ember::empty({1 << 16}), ember::empty({1 << 18}), ember::empty({3000})}; }
  assert_true(allocator_stats().bytes_cached > 0);
  ember::AllocatorStats before = allocator_stats();
  ember::empty_cache();
  assert_int_equal(allocator_stats().bytes_cached, 0);
  assert_int_equal(allocator_stats().bytes_in_use, before.bytes_in_use);  // blocks in use stay
  assert_close(kept.sum().item<float>(), 90000.0, 0);
  ember::empty_cache();  // again: nothing to do
  assert_int_equal(allocator_stats().bytes_cached, 0);
}

static void test_threads_share_the_cache_consistently(void **) {
  ember::empty_cache();
  ember::AllocatorStats start = allocator_stats();
  int failures[4] = {0, 0, 0, 0};
  std::vector<std::thread> threads;
  for (int id = 0; id < 4; id++)
    threads.emplace_back([id, &failures] {
      for (int i = 0; i < 300; i++) {
        long n = 100 + 1000 * ((i * 7 + id * 13) % 40);  // small and cached classes, shared by threads
        Tensor a = ember::full({n}, (double)id), b = ember::full({n / 2 + 1}, (double)(i % 5));
        if (a.sum().item<double>() != (double)id * (double)n) failures[id]++;  // nobody else wrote there
        if (b.max().item<double>() != (double)(i % 5)) failures[id]++;
      }
    });
  for (std::thread &t : threads) t.join();
  for (int f : failures) assert_int_equal(f, 0);
  ember::AllocatorStats end = allocator_stats();
  assert_int_equal(end.bytes_in_use, start.bytes_in_use);
  assert_true(end.bytes_cached > 0 && end.bytes_cached <= end.cache_limit);
  ember::empty_cache();
  assert_int_equal(allocator_stats().bytes_cached, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loading_libember_leaves_malloc_alone),
      cmocka_unit_test(test_freed_blocks_are_reused),
      cmocka_unit_test(test_growing_a_storage_keeps_its_contents),
      cmocka_unit_test(test_the_cache_is_bounded),
      cmocka_unit_test(test_empty_cache_releases_everything_cached),
      cmocka_unit_test(test_threads_share_the_cache_consistently),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
