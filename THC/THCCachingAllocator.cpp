#include "THCCachingAllocator.h"

#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <unordered_map>

namespace {

constexpr size_t kSmallLimit = size_t(1) << 20;  // requests up to 1 MiB: 512-byte classes
constexpr size_t kSmallRound = 512;
constexpr size_t kLargeRound = size_t(2) << 20;  // larger ones: 2 MiB classes

size_t roundSize(size_t size) {
  size_t r = size <= kSmallLimit ? kSmallRound : kLargeRound;
  return (size + r - 1) / r * r;
}

struct Block {
  int device;
  cudaStream_t stream;
  size_t size;
  void *ptr;
};

// Free blocks ordered so that lower_bound finds the smallest one that fits on (device, stream).
struct BlockOrder {
  bool operator()(const Block &a, const Block &b) const {
    return std::make_tuple(a.device, (uintptr_t)a.stream, a.size, (uintptr_t)a.ptr) <
           std::make_tuple(b.device, (uintptr_t)b.stream, b.size, (uintptr_t)b.ptr);
  }
};

struct Cache {
  THCDeviceAllocator iface;  // first: the allocator handed out points here
  std::mutex mutex;
  std::set<Block, BlockOrder> freeBlocks;
  std::unordered_map<void *, Block> used;
  THCAllocatorStats stats{};
};

// cudaFree on the block's own device; the caller holds the mutex.
cudaError_t releaseBlock(Cache *c, const Block &b) {
  int current;
  cudaError_t err = cudaGetDevice(&current);
  if (err != cudaSuccess) return err;
  if (current != b.device && (err = cudaSetDevice(b.device)) != cudaSuccess) return err;
  err = cudaFree(b.ptr);
  if (current != b.device) cudaSetDevice(current);
  if (err == cudaSuccess) {
    c->stats.cudaFreeCalls++;
    c->stats.bytesCached -= b.size;
  }
  return err;
}

cudaError_t releaseCached(Cache *c) {
  cudaError_t first = cudaSuccess;
  for (auto it = c->freeBlocks.begin(); it != c->freeBlocks.end();) {
    cudaError_t err = releaseBlock(c, *it);
    if (err != cudaSuccess && first == cudaSuccess) first = err;
    it = c->freeBlocks.erase(it);
  }
  return first;
}

cudaError_t cacheMalloc(void *ctx, void **ptr, size_t size, cudaStream_t stream) {
  Cache *c = static_cast<Cache *>(ctx);
  *ptr = nullptr;
  int device;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess) return err;
  if (size == 0) return cudaSuccess;
  const size_t rounded = roundSize(size);
  std::lock_guard<std::mutex> lock(c->mutex);
  c->stats.allocations++;
  auto it = c->freeBlocks.lower_bound(Block{device, stream, rounded, nullptr});
  // Reuse a block of the same device and stream, at most twice the size asked for (a small request
  // does not pin a large block).
  if (it != c->freeBlocks.end() && it->device == device && it->stream == stream &&
      it->size <= 2 * rounded) {
    Block b = *it;
    c->freeBlocks.erase(it);
    c->used.emplace(b.ptr, b);
    c->stats.cacheHits++;
    c->stats.bytesCached -= b.size;
    c->stats.bytesInUse += b.size;
    *ptr = b.ptr;
    return cudaSuccess;
  }
  void *p = nullptr;
  err = cudaMalloc(&p, rounded);
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // out of memory is not sticky: give the cache back and try once more
    releaseCached(c);
    err = cudaMalloc(&p, rounded);
  }
  if (err != cudaSuccess) return err;
  c->stats.cudaMallocCalls++;
  c->stats.bytesInUse += rounded;
  c->used.emplace(p, Block{device, stream, rounded, p});
  *ptr = p;
  return cudaSuccess;
}

cudaError_t cacheFree(void *ctx, void *ptr) {
  if (!ptr) return cudaSuccess;
  Cache *c = static_cast<Cache *>(ctx);
  std::lock_guard<std::mutex> lock(c->mutex);
  auto it = c->used.find(ptr);
  if (it == c->used.end()) return cudaErrorInvalidDevicePointer;
  Block b = it->second;
  c->used.erase(it);
  c->stats.bytesInUse -= b.size;
  c->stats.bytesCached += b.size;
  c->freeBlocks.insert(b);
  return cudaSuccess;
}

// A new block, the common prefix copied on `stream`, the old block freed (kept in the cache).
cudaError_t cacheRealloc(void *ctx, void **ptr, size_t oldSize, size_t newSize, cudaStream_t stream) {
  void *fresh = nullptr;
  cudaError_t err = cacheMalloc(ctx, &fresh, newSize, stream);
  if (err != cudaSuccess) return err;
  size_t keep = oldSize < newSize ? oldSize : newSize;
  if (*ptr && keep) {
    err = cudaMemcpyAsync(fresh, *ptr, keep, cudaMemcpyDeviceToDevice, stream);
    if (err != cudaSuccess) {
      cacheFree(ctx, fresh);
      return err;
    }
  }
  if (*ptr) cacheFree(ctx, *ptr);
  *ptr = fresh;
  return cudaSuccess;
}

cudaError_t cacheEmpty(void *ctx) {
  Cache *c = static_cast<Cache *>(ctx);
  std::lock_guard<std::mutex> lock(c->mutex);
  return releaseCached(c);
}

cudaError_t cacheInfo(void *ctx, int device, size_t *cachedBytes, size_t *largestBlock) {
  Cache *c = static_cast<Cache *>(ctx);
  std::lock_guard<std::mutex> lock(c->mutex);
  size_t total = 0, largest = 0;
  for (const Block &b : c->freeBlocks) {
    if (b.device != device) continue;
    total += b.size;
    if (b.size > largest) largest = b.size;
  }
  if (cachedBytes) *cachedBytes = total;
  if (largestBlock) *largestBlock = largest;
  return cudaSuccess;
}

}  // namespace

THCDeviceAllocator *THCCachingAllocator_new(void) {
  Cache *c = new Cache();
  c->iface.malloc = cacheMalloc;
  c->iface.realloc = cacheRealloc;
  c->iface.free = cacheFree;
  c->iface.emptyCache = cacheEmpty;
  c->iface.cacheInfo = cacheInfo;
  c->iface.state = c;
  return &c->iface;
}

bool THCCachingAllocator_isCaching(const THCDeviceAllocator *allocator) {
  return allocator && allocator->malloc == cacheMalloc;
}

void THCCachingAllocator_delete(THCDeviceAllocator *allocator, THCAllocatorStats *finalStats) {
  if (!THCCachingAllocator_isCaching(allocator)) return;
  Cache *c = static_cast<Cache *>(allocator->state);
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    for (auto &entry : c->used) {
      c->stats.bytesCached += entry.second.size;  // releaseBlock counts it out of the cache
      c->stats.bytesInUse -= entry.second.size;
      releaseBlock(c, entry.second);
    }
    c->used.clear();
    releaseCached(c);
    if (finalStats) *finalStats = c->stats;
  }
  delete c;
}

void THCCachingAllocator_getStats(THCDeviceAllocator *allocator, THCAllocatorStats *stats) {
  *stats = THCAllocatorStats{};
  if (!THCCachingAllocator_isCaching(allocator)) return;
  Cache *c = static_cast<Cache *>(allocator->state);
  std::lock_guard<std::mutex> lock(c->mutex);
  *stats = c->stats;
}
