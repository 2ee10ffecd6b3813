// The DataLoader: an epoch's batches, loaded in the calling thread or ahead by worker threads.
//
// Worker w loads batches w, w + W, w + 2W, ... in that order into its own queue of at most `prefetch`
// batches; the loop takes batch k from queue k % W. So the batches arrive in order without any
// reordering buffer, and at most W * prefetch of them wait in memory.
#include <ember/data.hpp>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "tensor_impl.hpp"

namespace ember::data {

using ember::detail::fail;

namespace detail {

class EpochBatches {
 public:
  EpochBatches(std::shared_ptr<const Dataset> dataset, std::vector<size_t> order, const DataLoaderOptions &options,
               size_t num_batches)
      : dataset_(std::move(dataset)), order_(std::move(order)), batch_size_(options.batch_size()),
        num_batches_(num_batches), prefetch_(options.prefetch()), queues_(options.workers()) {
    try {
      for (size_t w = 0; w < queues_.size(); w++) workers_.emplace_back([this, w] { work(w); });
    } catch (...) {
      stop_and_join();
      throw;
    }
  }
  ~EpochBatches() { stop_and_join(); }
  EpochBatches(const EpochBatches &) = delete;
  EpochBatches &operator=(const EpochBatches &) = delete;

  size_t num_batches() const { return num_batches_; }

  // Batch k; called for k = 0, 1, 2, ... in turn.
  Example take(size_t k) {
    if (failed_) fail("DataLoader: this epoch already failed; a new range-for starts the next epoch");
    if (queues_.empty()) return load(k);
    size_t w = k % queues_.size();
    Item item;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [&] { return !queues_[w].empty(); });
      item = std::move(queues_[w].front());
      queues_[w].pop_front();
    }
    space_.notify_all();
    if (!item.error.empty()) {
      failed_ = true;
      fail("DataLoader: worker " + std::to_string(w) + " failed on batch " + std::to_string(k) + ": " + item.error);
    }
    return std::move(item.batch);
  }

 private:
  struct Item {
    Example batch;
    std::string error;  // what the worker's exception said (empty: the batch is good)
  };

  Example load(size_t k) const {
    size_t from = k * batch_size_, to = std::min(from + batch_size_, order_.size());
    std::vector<size_t> indices(order_.begin() + (long)from, order_.begin() + (long)to);
    return dataset_->get_batch(indices);
  }

  void work(size_t w) {
    NoGradGuard no_grad;  // grad mode is per thread: the worker records no graph
    for (size_t k = w; k < num_batches_; k += queues_.size()) {
      Item item;
      try {
        item.batch = load(k);
      } catch (const std::exception &e) {
        item.error = e.what();
      } catch (...) {
        item.error = "an exception that is not a std::exception";
      }
      bool failed = !item.error.empty();
      {
        std::unique_lock<std::mutex> lock(mutex_);
        space_.wait(lock, [&] { return stop_ || queues_[w].size() < prefetch_; });
        if (stop_) return;
        queues_[w].push_back(std::move(item));
      }
      ready_.notify_all();
      if (failed) return;
    }
  }

  void stop_and_join() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    space_.notify_all();
    for (std::thread &t : workers_) t.join();
    workers_.clear();
  }

  const std::shared_ptr<const Dataset> dataset_;
  const std::vector<size_t> order_;
  const size_t batch_size_, num_batches_, prefetch_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;  // a batch was queued; a queue has room (or stop)
  std::vector<std::deque<Item>> queues_;   // one per worker
  bool stop_ = false;
  bool failed_ = false;  // the loop's side only
  std::vector<std::thread> workers_;
};

}  // namespace detail

DataLoader::DataLoader(std::shared_ptr<const Dataset> dataset, DataLoaderOptions options)
    : dataset_(std::move(dataset)), options_(std::move(options)) {
  if (!dataset_) fail("DataLoader: no data set");
  if (options_.batch_size() == 0) fail("DataLoader: batch_size must be > 0");
  if (options_.prefetch() == 0) fail("DataLoader: prefetch must be > 0");
  if (options_.sampler() && options_.shuffle())
    fail("DataLoader: shuffle(true) and a sampler exclude each other (the sampler decides the order)");
  sampler_ = options_.sampler();
  if (!sampler_) {
    if (options_.shuffle()) sampler_ = std::make_shared<RandomSampler>(options_.seed());
    else sampler_ = std::make_shared<SequentialSampler>();
  }
}

size_t DataLoader::size() const {
  size_t n = sampler_->num_indices(dataset_->size()), b = options_.batch_size();
  return options_.drop_last() ? n / b : (n + b - 1) / b;
}

std::vector<size_t> DataLoader::order(size_t e) const { return sampler_->indices(dataset_->size(), e); }

DataLoader::Iterator DataLoader::begin() {
  std::vector<size_t> epoch_order = order(epoch_);
  if (epoch_order.size() != sampler_->num_indices(dataset_->size()))
    fail("DataLoader: the sampler gave " + std::to_string(epoch_order.size()) + " indices, announced " +
         std::to_string(sampler_->num_indices(dataset_->size())));
  epoch_++;
  return Iterator(std::make_shared<detail::EpochBatches>(dataset_, std::move(epoch_order), options_, size()), 0);
}
DataLoader::Iterator DataLoader::end() const { return Iterator(nullptr, size()); }

DataLoader::Iterator::Iterator(std::shared_ptr<detail::EpochBatches> batches, size_t index)
    : batches_(std::move(batches)), index_(index) {
  if (batches_) load();
}

DataLoader::Iterator &DataLoader::Iterator::operator++() {
  index_++;
  if (batches_) load();
  return *this;
}

void DataLoader::Iterator::load() {
  if (index_ >= batches_->num_batches()) {
    batches_.reset();  // the epoch is over: its workers are joined now
    batch_ = Example();
    return;
  }
  batch_ = batches_->take(index_);
}

}  // namespace ember::data
