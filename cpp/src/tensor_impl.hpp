#pragma once
// What a Tensor shares: one reference to a TH tensor, the version counter of its storage (shared
// with every view) and the autograd metadata. Internal to cpp/src.
#include <ember/autograd.hpp>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

// THFloatStorage_NAME or THDoubleStorage_NAME by the type of X (see EMBER_TH).
#define EMBER_TH_STORAGE(NAME, X) \
  ::ember::detail::pick<::ember::scalar_of_t<decltype(X)>>(&THFloatStorage_##NAME, &THDoubleStorage_##NAME)

namespace ember {

struct TensorImpl {
  TensorImpl(Dtype dtype, void *handle, std::shared_ptr<std::atomic<uint64_t>> version);
  ~TensorImpl();
  TensorImpl(const TensorImpl &) = delete;
  TensorImpl &operator=(const TensorImpl &) = delete;

  const Dtype dtype;
  void *const handle;  // THFloatTensor* or THDoubleTensor*; this impl owns one reference
  const std::shared_ptr<std::atomic<uint64_t>> version;

  bool requires_grad = false;  // set on leaves; a tensor with a grad_fn requires grad
  std::shared_ptr<autograd::Node> grad_fn;
  long output_nr = 0;
  Tensor grad;
  std::weak_ptr<autograd::Node> grad_accumulator;  // leaves: the node that accumulates into grad
  std::vector<Tensor::Hook> hooks;                 // leaves (non-leaf hooks live on grad_fn)
};

namespace detail {
// A new Tensor owning a fresh, empty TH tensor of the dtype (for kernel outputs).
Tensor make_empty(Dtype dtype);
// A Tensor over `handle` (takes over one reference) sharing the version counter of `base` (views).
Tensor make_view(const Tensor &base, void *handle);
// Another Tensor object over the same TH tensor and version counter, without history.
Tensor alias(const Tensor &t);
void bump_version(const Tensor &t);
void check_defined(const Tensor &t, const char *op);
void check_same_dtype(const Tensor &a, const Tensor &b, const char *op);
long wrap_dim(long dim, long ndim, const char *op);  // a negative dim counts from the end
[[noreturn]] void fail(const std::string &message);
// The product of a shape's sizes, leaving out any -1 (a size to infer); an ember::Error naming op
// when it overflows a long (a wrapped-around count could match the wrong number of elements).
long size_product(const Shape &shape, const char *op);

// Runs f(tag, handle) with the typed handle of t.
template <typename F> decltype(auto) visit(const Tensor &t, F &&f) {
  return dispatch(t.dtype(), [&](auto tag) -> decltype(auto) { return f(tag, t.th(tag)); });
}

// RAII for the THLongStorage size lists that TH functions take.
struct LongStorage {
  explicit LongStorage(const Shape &shape);
  ~LongStorage();
  LongStorage(const LongStorage &) = delete;
  LongStorage &operator=(const LongStorage &) = delete;
  THLongStorage *get() const { return s; }
  THLongStorage *s;
};
}  // namespace detail
}  // namespace ember
