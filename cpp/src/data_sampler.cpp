// The samplers: the order of each epoch as a function of (data set size, epoch).
#include <ember/data.hpp>

#include <numeric>
#include <random>

#include "tensor_impl.hpp"

namespace ember::data {

using ember::detail::fail;

namespace {
std::vector<size_t> identity(size_t size) {
  std::vector<size_t> order(size);
  std::iota(order.begin(), order.end(), size_t{0});
  return order;
}

// Uniform in [0, n): rejection of the incomplete last block keeps every value equally likely.
uint64_t uniform_below(std::mt19937_64 &gen, uint64_t n) {
  uint64_t rest = (UINT64_MAX % n + 1) % n;  // 2^64 mod n
  for (;;) {
    uint64_t x = gen();
    if (x <= UINT64_MAX - rest) return x % n;
  }
}

std::vector<size_t> permutation(size_t size, uint64_t seed, uint64_t epoch) {
  std::vector<size_t> order = identity(size);
  std::seed_seq seq{(uint32_t)seed, (uint32_t)(seed >> 32), (uint32_t)epoch, (uint32_t)(epoch >> 32)};
  std::mt19937_64 gen(seq);
  for (size_t i = order.size(); i > 1; i--) std::swap(order[i - 1], order[uniform_below(gen, i)]);
  return order;
}
}  // namespace

std::vector<size_t> SequentialSampler::indices(size_t size, size_t) const { return identity(size); }

std::vector<size_t> RandomSampler::indices(size_t size, size_t epoch) const { return permutation(size, seed_, epoch); }

DistributedSampler::DistributedSampler(size_t size, size_t num_replicas, size_t rank, bool shuffle, uint64_t seed,
                                       bool drop_last)
    : size_(size), num_replicas_(num_replicas), rank_(rank), shuffle_(shuffle), drop_last_(drop_last), seed_(seed) {
  if (num_replicas == 0) fail("DistributedSampler: num_replicas must be > 0");
  if (rank >= num_replicas)
    fail("DistributedSampler: rank " + std::to_string(rank) + " out of range for " + std::to_string(num_replicas) +
         " replica(s)");
  if (size == 0) fail("DistributedSampler: the data set is empty");
  num_samples_ = drop_last ? size / num_replicas : (size + num_replicas - 1) / num_replicas;
}

size_t DistributedSampler::num_indices(size_t) const { return num_samples_; }

std::vector<size_t> DistributedSampler::indices(size_t size, size_t epoch) const {
  if (size != size_)
    fail("DistributedSampler: made for a data set of " + std::to_string(size_) + " example(s), used with one of " +
         std::to_string(size));
  std::vector<size_t> order = shuffle_ ? permutation(size, seed_, epoch) : identity(size);
  size_t total = num_samples_ * num_replicas_;
  for (size_t i = 0; order.size() < total; i++) {  // pad by cycling through the order from its start
    size_t repeated = order[i];
    order.push_back(repeated);
  }
  std::vector<size_t> mine;
  for (size_t i = rank_; i < total; i += num_replicas_) mine.push_back(order[i]);
  return mine;
}

}  // namespace ember::data
