// ember's CPU memory cache (allocator.hpp, caching_allocator.hpp).
//
// Every block carries a 64-byte header holding its size class, so free and realloc need no lookup
// and the data stays 64-byte aligned. Blocks of 4 KB and more are rounded up to a size class (four
// steps per power of two: at most 25% slack) and kept, when freed, on that class's free list until
// the cache limit; smaller ones, which glibc already recycles quickly, go straight back to the C library.
//
// One mutex guards the free lists. It is cheap: storages are allocated and freed by the thread that
// runs the operation (OpenMP workers inside kernels never allocate), so it is almost never contended,
// and an uncontended lock costs tens of nanoseconds next to kernels of microseconds or more (glibc's
// malloc takes an arena lock too).
#include <ember/allocator.hpp>

#include "caching_allocator.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ember {

namespace {
constexpr size_t kAlign = 64;       // TH's vector kernels prefer it; also the header's size
constexpr size_t kCachedFrom = 4096;  // smaller blocks are not cached
constexpr size_t kDefaultLimit = size_t(256) << 20;

struct Header {
  size_t capacity;  // usable bytes after the header (the size class for cached blocks)
};
static_assert(sizeof(Header) <= kAlign);

// The request rounded up to a multiple of 64 (small) or to the next of 1, 1.25, 1.5, 1.75 x 2^k.
size_t size_class(size_t bytes) {
  if (bytes < kCachedFrom) return (bytes + kAlign - 1) / kAlign * kAlign;
  int top = 63 - __builtin_clzl(bytes - 1);  // 2^top < bytes <= 2^(top+1)
  size_t step = size_t(1) << (top - 2);
  return (bytes + step - 1) / step * step;
}

void *data_of(Header *h) { return reinterpret_cast<char *>(h) + kAlign; }
Header *header_of(void *data) { return reinterpret_cast<Header *>(static_cast<char *>(data) - kAlign); }

class Cache {
 public:
  void *allocate(size_t bytes) {
    if (bytes > SIZE_MAX / 2) return nullptr;
    size_t capacity = size_class(bytes);
    if (capacity >= kCachedFrom) {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = free_.find(capacity);
      if (it != free_.end() && !it->second.empty()) {
        Header *h = it->second.back();
        it->second.pop_back();
        cached_ -= capacity;
        in_use_ += capacity;
        return data_of(h);
      }
    }
    auto *h = static_cast<Header *>(std::aligned_alloc(kAlign, kAlign + capacity));
    if (!h) {
      empty();  // what the cache holds may be what the C library lacks
      h = static_cast<Header *>(std::aligned_alloc(kAlign, kAlign + capacity));
      if (!h) return nullptr;
    }
    h->capacity = capacity;
    in_use_ += capacity;
    return data_of(h);
  }

  void release(void *data) {
    Header *h = header_of(data);
    size_t capacity = h->capacity;
    in_use_ -= capacity;
    if (capacity >= kCachedFrom) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cached_ + capacity <= limit_) {
        free_[capacity].push_back(h);
        cached_ += capacity;
        return;
      }
    }
    std::free(h);
  }

  static size_t capacity(void *data) { return header_of(data)->capacity; }

  AllocatorStats stats() {
    std::lock_guard<std::mutex> lock(mutex_);
    return AllocatorStats{in_use_.load(), cached_, limit_};
  }

  void empty() { trim_to(0); }
  void set_limit(size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      limit_ = bytes;
    }
    trim_to(bytes);
  }

 private:
  // Releases cached blocks, largest classes first, until at most `keep` bytes are cached.
  void trim_to(size_t keep) {
    std::vector<Header *> doomed;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::vector<size_t> classes;
      for (auto &entry : free_) classes.push_back(entry.first);
      std::sort(classes.begin(), classes.end());
      for (auto c = classes.rbegin(); c != classes.rend() && cached_ > keep; ++c) {
        std::vector<Header *> &list = free_[*c];
        while (!list.empty() && cached_ > keep) {
          doomed.push_back(list.back());
          list.pop_back();
          cached_ -= *c;
        }
      }
    }
    for (Header *h : doomed) std::free(h);  // outside the lock
  }

  std::mutex mutex_;
  std::unordered_map<size_t, std::vector<Header *>> free_;  // by size class, most recently freed last
  size_t cached_ = 0;
  size_t limit_ = kDefaultLimit;
  std::atomic<size_t> in_use_{0};  // small blocks are counted without the lock
};

// Never destroyed: storages freed by other static destructors still return their blocks here.
Cache &cache() {
  static Cache *c = new Cache;
  return *c;
}

void *allocate_or_raise(size_t bytes) {
  void *p = cache().allocate(bytes);
  if (!p) THError("ember's CPU allocator: out of memory: could not allocate %zu bytes (%.2f GB)", bytes, bytes / 1073741824.0);
  return p;
}

void *th_malloc(void *, ptrdiff_t bytes) {
  if (bytes < 0) THError("ember's CPU allocator: invalid size %td (negative)", bytes);
  return bytes ? allocate_or_raise((size_t)bytes) : nullptr;
}

void th_free(void *, void *data) {
  if (data) cache().release(data);
}

// In place while the block's class has room (TH grows storages a little at a time, e.g. cat and
// resize loops), else a new block with the old contents.
void *th_realloc(void *ctx, void *data, ptrdiff_t bytes) {
  if (!data) return th_malloc(ctx, bytes);
  if (bytes <= 0) {
    if (bytes < 0) THError("ember's CPU allocator: invalid size %td (negative)", bytes);
    th_free(ctx, data);
    return nullptr;
  }
  size_t old = Cache::capacity(data);
  if ((size_t)bytes <= old) return data;
  void *grown = allocate_or_raise((size_t)bytes);
  std::memcpy(grown, data, old);
  cache().release(data);
  return grown;
}

THAllocator th_allocator = {th_malloc, th_realloc, th_free};
}  // namespace

AllocatorStats allocator_stats() { return cache().stats(); }
void empty_cache() { cache().empty(); }
void set_cache_limit(size_t bytes) { cache().set_limit(bytes); }

THAllocator *detail::cpu_allocator() { return &th_allocator; }

}  // namespace ember
