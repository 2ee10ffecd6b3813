// Data sets: the default get_batch, TensorDataset and Normalize.
#include <ember/data.hpp>

#include <cstring>

#include "tensor_impl.hpp"

namespace ember::data {

using ember::detail::fail;

namespace {
// The shape of a batch of B items of shape `item`: a one-element item (a class label) gives [B].
Shape batch_shape(size_t b, const Shape &item, long item_numel) {
  Shape s{(long)b};
  if (item_numel != 1) s.insert(s.end(), item.begin(), item.end());
  return s;
}

void check_index(size_t index, size_t size, const char *op) {
  if (index >= size)
    fail(std::string(op) + ": index " + std::to_string(index) + " out of range for a data set of " +
         std::to_string(size) + " example(s)");
}
}  // namespace

Example Dataset::get_batch(const std::vector<size_t> &indices) const {
  if (indices.empty()) fail("Dataset::get_batch: no indices");
  NoGradGuard no_grad;
  Example first = get(indices[0]);
  if (!first.data.defined() || !first.target.defined()) fail("Dataset::get_batch: get() gave an undefined tensor");
  Example batch{empty(batch_shape(indices.size(), first.data.sizes(), 0), first.data.options()),
                empty(batch_shape(indices.size(), first.target.sizes(), first.target.numel()), first.target.options())};
  for (size_t i = 0; i < indices.size(); i++) {
    Example e = i == 0 ? first : get(indices[i]);
    Tensor data_row = batch.data.select(0, (long)i), target_row = batch.target.select(0, (long)i);
    if (e.data.sizes() != first.data.sizes() || e.target.numel() != first.target.numel())
      fail("Dataset::get_batch: example " + std::to_string(indices[i]) + " has data " + shape_str(e.data.sizes()) +
           ", example " + std::to_string(indices[0]) + " " + shape_str(first.data.sizes()));
    data_row.copy_(e.data.reshape(data_row.sizes()));
    target_row.copy_(e.target.reshape(target_row.sizes()));
  }
  return batch;
}

// ----------------------------------------------------------------------------- TensorDataset
TensorDataset::TensorDataset(Tensor data, Tensor targets) {
  if (!data.defined() || !targets.defined()) fail("TensorDataset: undefined data or targets");
  if (data.dim() < 1 || targets.dim() < 1 || data.size(0) != targets.size(0))
    fail("TensorDataset: data " + shape_str(data.sizes()) + " and targets " + shape_str(targets.sizes()) +
         " must have the same first size");
  data_ = data.detach().contiguous();
  targets_ = targets.detach().contiguous();
  size_ = (size_t)data.size(0);
}

Example TensorDataset::get(size_t index) const {
  check_index(index, size_, "TensorDataset::get");
  return {data_.select(0, (long)index), targets_.select(0, (long)index)};
}

namespace {
// Rows `indices` of a contiguous tensor [N, ...], copied into a new tensor [B, ...] ([B] for 1-D).
Tensor gather_rows(const Tensor &src, const std::vector<size_t> &indices) {
  Shape shape = src.sizes();
  shape[0] = (long)indices.size();
  Tensor out = empty(shape, src.options());
  size_t row = (size_t)(src.numel() / src.size(0));
  dispatch_all(src.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T *from = src.data<T>();
    T *to = out.data<T>();
    for (size_t i = 0; i < indices.size(); i++) std::memcpy(to + i * row, from + indices[i] * row, row * sizeof(T));
  });
  return out;
}
}  // namespace

Example TensorDataset::get_batch(const std::vector<size_t> &indices) const {
  if (indices.empty()) fail("TensorDataset::get_batch: no indices");
  for (size_t i : indices) check_index(i, size_, "TensorDataset::get_batch");
  return {gather_rows(data_, indices), gather_rows(targets_, indices)};
}

TensorDataset &TensorDataset::transform(const std::function<Tensor(const Tensor &)> &f) {
  Tensor result;
  {
    NoGradGuard no_grad;
    result = f(data_);
  }
  if (!result.defined() || result.dim() < 1 || result.size(0) != (long)size_)
    fail("TensorDataset::transform: the transform must keep the first size " + std::to_string(size_) + ", got " +
         (result.defined() ? shape_str(result.sizes()) : std::string("an undefined tensor")));
  data_ = result.detach().contiguous();
  return *this;
}

Normalize::Normalize(double mean_, double std_) : mean(mean_), std(std_) {
  if (!(std_ > 0)) fail("Normalize: std must be > 0, got " + std::to_string(std_));
}
Tensor Normalize::operator()(const Tensor &x) const {
  Tensor r = x - mean;  // one new tensor, then in place: data sets are big
  r.div_(std);
  return r;
}

}  // namespace ember::data
