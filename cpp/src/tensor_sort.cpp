// Ordering along a dimension: sort, topk (values with Long positions; the gradient goes back to the
// positions), cumsum; and the Tensor-method spellings of softmax, log_softmax and in-place clamp.
#include "tensor_impl.hpp"

#include <ember/nn/functional.hpp>

#include <limits>

namespace ember {

using namespace detail;
using autograd::needs_record;
using autograd::record;
using Needs = std::vector<bool>;

namespace {
// values and positions (TH and THC give them 0-based, straight into a Long tensor) from kernel, with
// the backward that puts each value's gradient back where it came from.
template <class K> std::tuple<Tensor, Tensor> ordered(const Tensor &t, long d, const char *name, K kernel) {
  if (via_long(t)) {
    auto [values, indices] = ordered(t.to(kLong), d, name, kernel);
    return {values.to(t.dtype()), indices};
  }
  Tensor values = make_empty(t.options()), indices = make_empty({kLong, t.device()});
  visit_math(t, [&](auto tag, auto *h) {
    kernel(tag, values.th(tag), indices.th(DeviceTag<decltype(tag), long>{}), h);
  });
  if (needs_record({t}))
    record(name, {values}, {t}, [in = t.sizes(), d, indices](const tensor_list &g, const Needs &) {
      return tensor_list{zeros(in, g[0].options()).scatter(d, indices, g[0].contiguous())};
    });
  return {values, indices};
}
}  // namespace

// An operation along a dimension takes a 0-dimensional tensor as libtorch does (dim 0 or -1; a
// 0-dimensional result): it runs on the one-element 1-D view, whose result is viewed back.
std::tuple<Tensor, Tensor> Tensor::sort(long dim, bool descending) const {
  if (this->dim() == 0) {
    auto [values, indices] = view({1}).sort(dim, descending);
    return {values.view({}), indices.view({})};
  }
  long d = checked_dim(*this, dim, "sort");
  return ordered(*this, d, "SortBackward", [d, descending](auto tag, auto *values, auto *indices, auto *h) {
    EMBER_TH(sort, tag)(values, indices, h, (int)d, (int)descending);
  });
}

std::tuple<Tensor, Tensor> Tensor::topk(long k, long dim, bool largest, bool sorted) const {
  if (this->dim() == 0) {
    auto [values, indices] = view({1}).topk(k, dim, largest, sorted);
    return {values.view({}), indices.view({})};
  }
  long d = checked_dim(*this, dim, "topk");
  if (k < 1 || k > size(d))
    fail("topk: k " + std::to_string(k) + " is out of range [1, " + std::to_string(size(d)) + "] for dimension " +
         std::to_string(d));
  return ordered(*this, d, "TopkBackward", [k, d, largest, sorted](auto tag, auto *values, auto *indices, auto *h) {
    EMBER_TH(topk, tag)(values, indices, h, k, (int)d, (int)largest, (int)sorted);
  });
}

// The gradient of a running sum is the running sum of the gradient taken from the other end.
Tensor Tensor::cumsum(long dim) const {
  long d = checked_dim(*this, dim, "cumsum");
  if (is_integral(dtype(), true) && dtype() != kLong) return to(kLong).cumsum(d);
  Tensor r = make_empty(options());
  visit_math(*this, [&](auto tag, auto *h) { EMBER_TH(cumsum, tag)(r.th(tag), h, (int)d); });
  r = with_zero_dim(r, sizes().empty());
  if (needs_record({*this}))
    record("CumsumBackward", {r}, {*this}, [d](const tensor_list &g, const Needs &) {
      return tensor_list{g[0].flip({d}).cumsum(d).flip({d})};
    });
  return r;
}

Tensor Tensor::softmax(long dim) const {
  if (this->dim() == 0) return view({1}).softmax(dim).view({});
  return nn::functional::softmax(*this, dim);
}
Tensor Tensor::log_softmax(long dim) const {
  if (this->dim() == 0) return view({1}).log_softmax(dim).view({});
  return nn::functional::log_softmax(*this, dim);
}

// clamp's backward keeps its input, so it clamps a copy: self itself changes next.
Tensor &Tensor::clamp_(Scalar min, Scalar max) { return copy_(clone().clamp(min, max)); }
Tensor Tensor::clamp_min(Scalar min) const { return clamp(min, std::numeric_limits<double>::infinity()); }
Tensor Tensor::clamp_max(Scalar max) const { return clamp(-std::numeric_limits<double>::infinity(), max); }

}  // namespace ember
