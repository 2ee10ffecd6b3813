#pragma once
// Data sets and batching:
//
//   data::FashionMNIST train("/usr/share/datasets/fashion-mnist", /*train=*/true);  // [60000,1,28,28] in [0,1]
//   train.transform(data::Normalize(0.2860, 0.3530));                              // once, on all images
//   data::DataLoader loader(train, data::DataLoaderOptions(64).shuffle(true).seed(1));
//   for (const data::Example &batch : loader) { ... batch.data [64,1,28,28], batch.target Long [64] ... }
//
// Each range-for over a DataLoader is one epoch. With shuffle, epoch e visits the examples in a
// permutation drawn from (seed, e): the same seed gives the same sequence of epochs on every machine
// (see RandomSampler). DataLoaderOptions(64).workers(2) loads batches ahead on two threads, with the
// same batches in the same order.
#include <ember/tensor.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace ember::data {

struct Example {
  Tensor data, target;
};

class Dataset {
 public:
  virtual ~Dataset() = default;
  virtual size_t size() const = 0;
  virtual Example get(size_t index) const = 0;
  // The examples at `indices`, stacked: data [B, ...], target [B] (or [B, ...] for targets of more
  // than one element), each in the dtype get() gives (Long class indices stay Long). The default
  // calls get() for each; data sets held in memory copy rows directly.
  virtual Example get_batch(const std::vector<size_t> &indices) const;
};

// A data set of two tensors: data [N, ...] and targets [N] (or [N, ...]), sharing their first size;
// batches keep each tensor's dtype (Long labels come out Long).
class TensorDataset : public Dataset {
 public:
  TensorDataset(Tensor data, Tensor targets);
  size_t size() const override { return size_; }
  Example get(size_t index) const override;  // views of row `index`
  Example get_batch(const std::vector<size_t> &indices) const override;
  const Tensor &data() const { return data_; }
  const Tensor &targets() const { return targets_; }
  // Replaces the data by f(data), computed once on the whole tensor (without autograd); f must keep
  // the first size. E.g. transform(Normalize(mean, std)).
  TensorDataset &transform(const std::function<Tensor(const Tensor &)> &f);

 private:
  Tensor data_, targets_;
  size_t size_;
};

// (x - mean) / std, as torchvision's Normalize with one channel.
struct Normalize {
  Normalize(double mean, double std);
  Tensor operator()(const Tensor &x) const;
  double mean, std;
};

// Reads an IDX file (the MNIST format: http://yann.lecun.com/exdb/mnist/), gzip-compressed or plain:
// a big-endian header (two zero bytes, the element type, the number of dimensions, then each size
// as a 32-bit integer) and the elements in row-major order. Element types: 0x08 unsigned byte, 0x09
// signed byte, 0x0B 16-bit, 0x0C 32-bit integer, 0x0D float, 0x0E double. The values are converted
// to `dtype` (any dtype, as a tensor conversion converts them: truncated and saturated for an
// integral dtype, != 0 for Bool; use kLong for labels). Throws an ember::Error naming the file for a
// missing or unreadable file, a directory, a bad header, truncated data, or data beyond what the
// header announces. The header is not trusted: a plain file's size is checked against it before
// anything is allocated, and a gzip stream's buffer grows only with the data that arrives.
Tensor read_idx(const std::string &path, Dtype dtype = kFloat);

// Fashion-MNIST (Zalando): 60000 training or 10000 test images of 28x28, ten classes. data: Float
// [N, 1, 28, 28], the pixels divided by 255; targets: Long [N], 0-based class indices (what
// cross_entropy takes; accuracy is output.argmax(1).eq(target)). Reads
// ROOT/{train,t10k}-{images-idx3,labels-idx1}-ubyte[.gz]. A missing file is an ember::Error that
// names it and the Debian package that installs the set (dataset-fashion-mnist).
class FashionMNIST : public TensorDataset {
 public:
  static constexpr const char *kDefaultRoot = "/usr/share/datasets/fashion-mnist";
  explicit FashionMNIST(const std::string &root = kDefaultRoot, bool train = true);
};

// ------------------------------------------------------------------------------------ samplers
// Which examples an epoch visits, in what order: a function of (data set size, epoch) alone, so the
// batches of an epoch are the same whoever loads them and however many workers there are.
class Sampler {
 public:
  virtual ~Sampler() = default;
  // The indices epoch e (0-based) visits, in order, for a data set of `size` examples.
  virtual std::vector<size_t> indices(size_t size, size_t epoch) const = 0;
  // How many indices indices(size, e) gives (for every e).
  virtual size_t num_indices(size_t size) const { return size; }
};

// 0, 1, ..., size - 1 every epoch.
class SequentialSampler : public Sampler {
 public:
  std::vector<size_t> indices(size_t size, size_t epoch) const override;
};

// A permutation of 0 .. size - 1 drawn from (seed, epoch): std::mt19937_64 seeded through
// std::seed_seq{seed low, seed high, epoch low, epoch high} (32-bit halves), then a Fisher-Yates
// shuffle from the last position down with unbiased bounded draws (rejection sampling): fully
// specified, so the same on every machine. What DataLoaderOptions().shuffle(true).seed(s) uses.
class RandomSampler : public Sampler {
 public:
  explicit RandomSampler(uint64_t seed = 0) : seed_(seed) {}
  std::vector<size_t> indices(size_t size, size_t epoch) const override;

 private:
  uint64_t seed_;
};

// The share of replica `rank` (of num_replicas processes training together) of a data set of `size`
// examples, as PyTorch's DistributedSampler: the order (RandomSampler's permutation of (seed, epoch)
// with shuffle, else 0 .. size - 1) is padded by repeating it from its start to a multiple of
// num_replicas (or, with drop_last, cut to one), and replica r takes positions r, r + R, r + 2R, ...
// Every replica gets the same number of indices, ceil(size / R) (floor with drop_last); together they
// cover the set, disjoint except for the padding. indices() throws for another data set size.
class DistributedSampler : public Sampler {
 public:
  DistributedSampler(size_t size, size_t num_replicas, size_t rank, bool shuffle = true, uint64_t seed = 0,
                     bool drop_last = false);
  std::vector<size_t> indices(size_t size, size_t epoch) const override;
  size_t num_indices(size_t size) const override;

 private:
  size_t size_, num_replicas_, rank_, num_samples_;
  bool shuffle_, drop_last_;
  uint64_t seed_;
};

// ---------------------------------------------------------------------------------- DataLoader
#define EMBER_DATA_OPTION(TYPE, NAME, DEFAULT) \
 public:                                       \
  auto &NAME(TYPE value) {                     \
    NAME##_ = value;                           \
    return *this;                              \
  }                                            \
  TYPE NAME() const { return NAME##_; }        \
                                               \
 private:                                      \
  TYPE NAME##_ = DEFAULT;

struct DataLoaderOptions {
  explicit DataLoaderOptions(size_t batch_size = 1) : batch_size_(batch_size) {}
  EMBER_DATA_OPTION(size_t, batch_size, 1)
  EMBER_DATA_OPTION(bool, shuffle, false)    // a RandomSampler(seed) (when no sampler is given)
  EMBER_DATA_OPTION(uint64_t, seed, 0)
  EMBER_DATA_OPTION(bool, drop_last, false)  // drop the last batch when it is smaller than batch_size
  // The order of each epoch; null: RandomSampler(seed) with shuffle, else SequentialSampler. Setting
  // one and shuffle(true) is an error (the sampler decides the order).
  EMBER_DATA_OPTION(std::shared_ptr<const Sampler>, sampler, nullptr)
  // Threads that load batches ahead of the loop (0: each batch is loaded in the calling thread when
  // the loop reaches it). Batch k is loaded by worker k % workers.
  EMBER_DATA_OPTION(size_t, workers, 0)
  EMBER_DATA_OPTION(size_t, prefetch, 2)  // batches each worker may hold ready (>= 1)
};
#undef EMBER_DATA_OPTION

namespace detail {
class EpochBatches;  // one epoch's batches and the workers loading them (data_loader.cpp)
}

// Batches of a data set, one epoch per range-for. The batches of epoch e are the same, in the same
// order, whatever the number of workers. With workers, get()/get_batch() of the data set run on the
// worker threads, several at once: they must be safe to call concurrently (the data sets here are);
// the workers run with autograd off and hand each batch over as new tensors. An exception in a worker
// reaches the loop as an ember::Error at that batch ("DataLoader: worker W failed on batch K: ...");
// the epoch then ends (a new range-for starts the next). Leaving a loop early, or destroying its
// iterator or the loader, stops and joins the workers.
class DataLoader {
 public:
  DataLoader(std::shared_ptr<const Dataset> dataset, DataLoaderOptions options);
  // Takes a copy of the data set (a TensorDataset's copy shares its tensors).
  template <class D, class = std::enable_if_t<std::is_base_of_v<Dataset, std::decay_t<D>>>>
  DataLoader(D &&dataset, DataLoaderOptions options)
      : DataLoader(std::make_shared<const std::decay_t<D>>(std::forward<D>(dataset)), options) {}

  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Example;
    using difference_type = std::ptrdiff_t;
    using pointer = const Example *;
    using reference = const Example &;
    const Example &operator*() const { return batch_; }
    const Example *operator->() const { return &batch_; }
    Iterator &operator++();
    bool operator==(const Iterator &other) const { return index_ == other.index_; }
    bool operator!=(const Iterator &other) const { return index_ != other.index_; }

   private:
    friend class DataLoader;
    Iterator(std::shared_ptr<detail::EpochBatches> batches, size_t index);
    void load();
    std::shared_ptr<detail::EpochBatches> batches_;  // null once the epoch is over
    size_t index_;                                   // batch number in the epoch
    Example batch_;
  };

  // Starts the next epoch (its workers, with workers > 0).
  Iterator begin();
  Iterator end() const;
  size_t size() const;  // batches per epoch
  size_t epoch() const { return epoch_; }  // epochs started so far
  // The order in which epoch e (0-based) visits the examples (the sampler's indices).
  std::vector<size_t> order(size_t e) const;
  const Dataset &dataset() const { return *dataset_; }
  const DataLoaderOptions &options() const { return options_; }

 private:
  std::shared_ptr<const Dataset> dataset_;
  DataLoaderOptions options_;
  std::shared_ptr<const Sampler> sampler_;
  size_t epoch_ = 0;
};

}  // namespace ember::data
