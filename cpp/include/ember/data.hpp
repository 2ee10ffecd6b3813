#pragma once
// Data sets and batching:
//
//   data::FashionMNIST train("/usr/share/datasets/fashion-mnist", /*train=*/true);  // [60000,1,28,28] in [0,1]
//   train.transform(data::Normalize(0.2860, 0.3530));                              // once, on all images
//   data::DataLoader loader(train, data::DataLoaderOptions(64).shuffle(true).seed(1));
//   for (const data::Example &batch : loader) { ... batch.data [64,1,28,28], batch.target [64] ... }
//
// Each range-for over a DataLoader is one epoch. With shuffle, epoch e visits the examples in a
// permutation drawn from (seed, e): the same seed gives the same sequence of epochs on every machine
// (std::mt19937_64 seeded through std::seed_seq, and our own Fisher-Yates shuffle and bounded draws,
// all fully specified).
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
  // than one element). The default calls get() for each; data sets held in memory copy rows directly.
  virtual Example get_batch(const std::vector<size_t> &indices) const;
};

// A data set of two tensors: data [N, ...] and targets [N] (or [N, ...]), sharing their first size.
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
// to `dtype`. Throws an ember::Error naming the file for a missing or unreadable file, a directory,
// a bad header, truncated data, or data beyond what the header announces. The header is not
// trusted: a plain file's size is checked against it before anything is allocated, and a gzip
// stream's buffer grows only with the data that arrives.
Tensor read_idx(const std::string &path, Dtype dtype = kFloat);

// Fashion-MNIST (Zalando): 60000 training or 10000 test images of 28x28, ten classes. data: Float
// [N, 1, 28, 28], the pixels divided by 255; targets: Float [N], 0-based class indices. Reads
// ROOT/{train,t10k}-{images-idx3,labels-idx1}-ubyte[.gz]. A missing file is an ember::Error that
// names it and the Debian package that installs the set (dataset-fashion-mnist).
class FashionMNIST : public TensorDataset {
 public:
  static constexpr const char *kDefaultRoot = "/usr/share/datasets/fashion-mnist";
  explicit FashionMNIST(const std::string &root = kDefaultRoot, bool train = true);
};

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
  EMBER_DATA_OPTION(bool, shuffle, false)
  EMBER_DATA_OPTION(uint64_t, seed, 0)
  EMBER_DATA_OPTION(bool, drop_last, false)  // drop the last batch when it is smaller than batch_size
};
#undef EMBER_DATA_OPTION

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
    Iterator(const DataLoader *loader, size_t index);
    void load();
    const DataLoader *loader_;
    size_t index_;  // batch number in the epoch
    Example batch_;
  };

  // Starts the next epoch (a new order with shuffle).
  Iterator begin();
  Iterator end() const;
  size_t size() const;  // batches per epoch
  size_t epoch() const { return epoch_; }  // epochs started so far
  // The order in which epoch e (0-based) visits the examples.
  std::vector<size_t> order(size_t e) const;
  const Dataset &dataset() const { return *dataset_; }
  const DataLoaderOptions &options() const { return options_; }

 private:
  std::shared_ptr<const Dataset> dataset_;
  DataLoaderOptions options_;
  size_t epoch_ = 0;
  std::vector<size_t> order_;  // of the current epoch
};

}  // namespace ember::data
