// Reductions and matrix products, each with its backward formula.
#include "tensor_impl.hpp"

#include <cmath>

namespace ember {

using namespace detail;
using autograd::needs_record;
using autograd::record;
using autograd::SavedTensor;
using Needs = std::vector<bool>;

namespace {
// The gradient of a full reduction (0-dimensional) spread back over the input's shape.
Tensor spread(const Tensor &g, const Shape &in) { return g.expand(in); }

// The shape of a reduction over dim d: size 1 there (keepdim) or removed (a 1-D input gives a
// 0-dimensional result, and a 0-dimensional input stays one, as in libtorch).
Shape reduced_shape(Shape in, long d, bool keepdim) {
  if (in.empty()) return in;
  if (keepdim) in[(size_t)d] = 1;
  else in.erase(in.begin() + d);
  return in;
}

// A fresh kernel result computed with keepdim, given its final shape (no history involved).
Tensor finish(const Tensor &r, const Shape &shape) {
  NoGradGuard no_grad;
  return r.view(shape);
}

// r (with keepdim) = kernel(tag, r, t, d) over dimension d, for the kernels TH has for Float and
// Double only (mean, var, std, norm).
template <class K> Tensor reduce_dim(const Tensor &t, long d, bool keepdim, K kernel) {
  Tensor r = make_empty(t.options());
  visit(t, [&](auto tag, auto *h) { kernel(tag, r.th(tag), h, (int)d); });
  return finish(r, reduced_shape(t.sizes(), d, keepdim));
}

// A 0-dimensional tensor of t's dtype holding kernel(tag, h); the value's C type (a long for
// integral dtypes' sums) keeps it exact. reduce_all serves every dtype, reduce_all_floating the
// kernels TH has for Float and Double only.
template <class K> Tensor reduce_all(const Tensor &t, K kernel) {
  return full({}, visit_math(t, [&](auto tag, auto *h) { return Scalar(kernel(tag, h)); }), t.options());
}
template <class K> Tensor reduce_all_floating(const Tensor &t, const char *op, K kernel) {
  check_floating(t, op);
  return full({}, visit(t, [&](auto tag, auto *h) { return Scalar(kernel(tag, h)); }), t.options());
}

// An integral or Bool t as Long: their sums are Long (and cannot overflow a narrower type).
Tensor summable(const Tensor &t) {
  NoGradGuard no_grad;
  return is_floating_point(t.dtype()) ? t : t.to(kLong);
}
}  // namespace

// --------------------------------------------------------------------------------- sum, mean
Tensor Tensor::sum() const {
  check_defined(*this, "sum");
  Tensor r = reduce_all(summable(*this), [](auto tag, auto *h) { return EMBER_TH(sumall, tag)(h); });
  if (needs_record({*this}))
    record("SumBackward", {r}, {*this}, [in = sizes()](const tensor_list &g, const Needs &) {
      return tensor_list{spread(g[0], in)};
    });
  return r;
}

Tensor Tensor::sum(long d, bool keepdim) const {
  d = checked_dim(*this, d, "sum");
  const Tensor x = summable(*this);
  Tensor r = make_empty(x.options());
  visit_math(x, [&](auto tag, auto *h) { EMBER_TH(sum, tag)(r.th(tag), h, (int)d, 1); });
  r = finish(r, reduced_shape(sizes(), d, keepdim));
  if (needs_record({*this}))
    record("SumBackward", {r}, {*this}, [in = sizes(), ks = reduced_shape(sizes(), d, true)](const tensor_list &g, const Needs &) {
      return tensor_list{g[0].reshape(ks).expand(in)};
    });
  return r;
}

Tensor Tensor::mean() const {
  long n = numel();
  if (n == 0) fail("mean: the tensor is empty");
  Tensor r = reduce_all_floating(*this, "mean", [](auto tag, auto *h) { return EMBER_TH(meanall, tag)(h); });
  if (needs_record({*this}))
    record("MeanBackward", {r}, {*this}, [in = sizes(), n](const tensor_list &g, const Needs &) {
      return tensor_list{spread(g[0] / (double)n, in)};
    });
  return r;
}

Tensor Tensor::mean(long d, bool keepdim) const {
  check_floating(*this, "mean");
  d = checked_dim(*this, d, "mean");
  Tensor r = reduce_dim(*this, d, keepdim, [](auto tag, auto *r, auto *t, int d) { EMBER_TH(mean, tag)(r, t, d, 1); });
  if (needs_record({*this}))
    record("MeanBackward", {r}, {*this}, [in = sizes(), d, ks = reduced_shape(sizes(), d, true)](const tensor_list &g, const Needs &) {
      return tensor_list{(g[0] / (double)in[(size_t)d]).reshape(ks).expand(in)};
    });
  return r;
}

// ---------------------------------------------------------------------------------- max, min
namespace {
// The gradient of a full max/min goes to the elements equal to it (shared among ties).
Tensor extreme_all(const Tensor &x, bool is_max) {
  const char *op = is_max ? "max" : "min";
  check_defined(x, op);
  if (x.numel() == 0) fail(std::string(op) + ": the tensor is empty");
  Tensor r = reduce_all(x, [is_max](auto tag, auto *h) {
    return is_max ? EMBER_TH(maxall, tag)(h) : EMBER_TH(minall, tag)(h);
  });
  if (needs_record({x}))
    record(is_max ? "MaxBackward" : "MinBackward", {r}, {x},
           [sx = SavedTensor(x), value = r.item()](const tensor_list &g, const Needs &) {
             Tensor mask = sx.get().eq(value);
             return tensor_list{g[0] * mask / mask.sum()};
           });
  return r;
}

// Values of x's dtype and 0-based Long indices (TH's and THC's max/min give them so).
std::tuple<Tensor, Tensor> extreme_dim(const Tensor &x, long d, bool keepdim, bool is_max) {
  const char *op = is_max ? "max" : "min";
  d = checked_dim(x, d, op);
  Tensor values = make_empty(x.options()), indices = make_empty({kLong, x.device()});  // keepdim
  visit_math(x, [&](auto tag, auto *h) {
    auto *index = indices.th(DeviceTag<decltype(tag), long>{});
    if (is_max) EMBER_TH(max, tag)(values.th(tag), index, h, (int)d, 1);
    else EMBER_TH(min, tag)(values.th(tag), index, h, (int)d, 1);
  });
  const Shape in = x.sizes(), out = reduced_shape(in, d, keepdim);
  Tensor scatter_index;  // keepdim
  if (needs_record({x})) {
    NoGradGuard no_grad;
    scatter_index = indices + TH_INDEX_BASE;  // scatter takes TH's index base
  }
  values = finish(values, out);
  indices = finish(indices, out);
  if (scatter_index.defined())
    record(is_max ? "MaxBackward" : "MinBackward", {values}, {x}, [scatter_index, in, d](const tensor_list &g, const Needs &) {
      Tensor grad = zeros(in, g[0].options()), gk = g[0].reshape(scatter_index.sizes()).contiguous();
      visit(grad, [&](auto tag, auto *h) {
        EMBER_TH(scatter, tag)(h, (int)d, scatter_index.th(DeviceTag<decltype(tag), long>{}), gk.th(tag));
      });
      return tensor_list{grad};
    });
  return {values, indices};
}
}  // namespace

Tensor Tensor::max() const { return extreme_all(*this, true); }
Tensor Tensor::min() const { return extreme_all(*this, false); }
std::tuple<Tensor, Tensor> Tensor::max(long d, bool keepdim) const { return extreme_dim(*this, d, keepdim, true); }
std::tuple<Tensor, Tensor> Tensor::min(long d, bool keepdim) const { return extreme_dim(*this, d, keepdim, false); }

Tensor Tensor::argmax() const {
  NoGradGuard no_grad;
  return std::get<1>(extreme_dim(flatten(), 0, false, true));
}
Tensor Tensor::argmin() const {
  NoGradGuard no_grad;
  return std::get<1>(extreme_dim(flatten(), 0, false, false));
}
Tensor Tensor::argmax(long d, bool keepdim) const {
  NoGradGuard no_grad;
  return std::get<1>(extreme_dim(*this, d, keepdim, true));
}
Tensor Tensor::argmin(long d, bool keepdim) const {
  NoGradGuard no_grad;
  return std::get<1>(extreme_dim(*this, d, keepdim, false));
}

// ----------------------------------------------------------------------------- var, std, norm
// d var / dx = 2 (x - mean) / (n - unbiased); d std / dx = (x - mean) / ((n - unbiased) std).
Tensor Tensor::var(bool unbiased) const {
  Tensor r = reduce_all_floating(*this, "var", [unbiased](auto tag, auto *h) { return EMBER_TH(varall, tag)(h, !unbiased); });
  if (needs_record({*this}))
    record("VarBackward", {r}, {*this}, [sx = SavedTensor(*this), k = numel() - (long)unbiased](const tensor_list &g, const Needs &) {
      Tensor x = sx.get();
      return tensor_list{g[0] * (x - x.mean()) * (2.0 / (double)k)};
    });
  return r;
}

Tensor Tensor::var(long d, bool unbiased, bool keepdim) const {
  check_floating(*this, "var");
  d = checked_dim(*this, d, "var");
  Tensor r = reduce_dim(*this, d, keepdim,
                        [unbiased](auto tag, auto *r, auto *t, int d) { EMBER_TH(var, tag)(r, t, d, !unbiased, 1); });
  if (needs_record({*this}))
    record("VarBackward", {r}, {*this},
           [sx = SavedTensor(*this), d, ks = reduced_shape(sizes(), d, true), k = size(d) - (long)unbiased](
               const tensor_list &g, const Needs &) {
             Tensor x = sx.get();
             return tensor_list{g[0].reshape(ks) * (x - x.mean(d, true)) * (2.0 / (double)k)};
           });
  return r;
}

Tensor Tensor::std(bool unbiased) const {
  Tensor r = reduce_all_floating(*this, "std", [unbiased](auto tag, auto *h) { return EMBER_TH(stdall, tag)(h, !unbiased); });
  if (needs_record({*this}))
    record("StdBackward", {r}, {*this},
           [sx = SavedTensor(*this), sr = SavedTensor(r), k = numel() - (long)unbiased](const tensor_list &g, const Needs &) {
             Tensor x = sx.get();
             return tensor_list{g[0] * (x - x.mean()) / (sr.get() * (double)k)};
           });
  return r;
}

Tensor Tensor::std(long d, bool unbiased, bool keepdim) const {
  check_floating(*this, "std");
  d = checked_dim(*this, d, "std");
  Tensor r = reduce_dim(*this, d, keepdim,
                        [unbiased](auto tag, auto *r, auto *t, int d) { EMBER_TH(std, tag)(r, t, d, !unbiased, 1); });
  if (needs_record({*this}))
    record("StdBackward", {r}, {*this},
           [sx = SavedTensor(*this), sr = SavedTensor(r), d, ks = reduced_shape(sizes(), d, true),
            k = size(d) - (long)unbiased](const tensor_list &g, const Needs &) {
             Tensor x = sx.get();
             return tensor_list{g[0].reshape(ks) * (x - x.mean(d, true)) / (sr.get().reshape(ks) * (double)k)};
           });
  return r;
}

namespace {
// d ||x||_p / dx = sign(x) |x|^(p-1) / ||x||^(p-1); zero where the norm is zero.
Tensor norm_grad(const Tensor &g, const Tensor &x, const Tensor &norm, double p) {
  Tensor safe = norm + norm.eq(0);
  if (p == 1) return g * x.sign();
  if (p == 2) return g * x / safe;
  return g * x.sign() * x.abs().pow(p - 1) / safe.pow(p - 1);
}
}  // namespace

Tensor Tensor::norm(double p) const {
  if (!(p > 0)) fail("norm: p must be positive, got " + std::to_string(p));
  Tensor r = reduce_all_floating(*this, "norm", [p](auto tag, auto *h) { return EMBER_TH(normall, tag)(h, p); });
  if (needs_record({*this}))
    record("NormBackward", {r}, {*this}, [sx = SavedTensor(*this), sr = SavedTensor(r), p](const tensor_list &g, const Needs &) {
      return tensor_list{norm_grad(g[0], sx.get(), sr.get(), p)};
    });
  return r;
}

Tensor Tensor::norm(double p, long d, bool keepdim) const {
  if (!(p > 0)) fail("norm: p must be positive, got " + std::to_string(p));
  check_floating(*this, "norm");
  d = checked_dim(*this, d, "norm");
  Tensor r = reduce_dim(*this, d, keepdim, [p](auto tag, auto *r, auto *t, int d) { EMBER_TH(norm, tag)(r, t, p, d, 1); });
  if (needs_record({*this}))
    record("NormBackward", {r}, {*this},
           [sx = SavedTensor(*this), sr = SavedTensor(r), p, ks = reduced_shape(sizes(), d, true)](const tensor_list &g, const Needs &) {
             return tensor_list{norm_grad(g[0].reshape(ks), sx.get(), sr.get().reshape(ks), p)};
           });
  return r;
}

// --------------------------------------------------------------------------------- products
Tensor Tensor::mm(const Tensor &other) const {
  check_same_dtype(*this, other, "mm");
  check_floating(*this, "mm");
  Shape a = sizes(), b = other.sizes();
  if (a.size() != 2 || b.size() != 2) fail("mm: expected 2-D tensors, got " + shape_str(a) + " and " + shape_str(b));
  if (a[1] != b[0]) fail("mm: size mismatch: " + shape_str(a) + " @ " + shape_str(b));
  Tensor r = empty({a[0], b[1]}, dtype());
  visit(r, [&](auto tag, auto *h) { EMBER_TH(addmm, tag)(h, 0, h, 1, th(tag), other.th(tag)); });
  if (needs_record({*this, other}))
    record("MmBackward", {r}, {*this, other}, [sa = SavedTensor(*this), sb = SavedTensor(other)](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? g[0].mm(sb.get().t()) : Tensor(), n[1] ? sa.get().t().mm(g[0]) : Tensor()};
    });
  return r;
}

Tensor Tensor::bmm(const Tensor &other) const {
  check_same_dtype(*this, other, "bmm");
  check_floating(*this, "bmm");
  Shape a = sizes(), b = other.sizes();
  if (a.size() != 3 || b.size() != 3) fail("bmm: expected 3-D tensors, got " + shape_str(a) + " and " + shape_str(b));
  if (a[0] != b[0] || a[2] != b[1]) fail("bmm: size mismatch: " + shape_str(a) + " @ " + shape_str(b));
  Tensor r = empty({a[0], a[1], b[2]}, dtype());
  visit(r, [&](auto tag, auto *h) { EMBER_TH(baddbmm, tag)(h, 0, h, 1, th(tag), other.th(tag)); });
  if (needs_record({*this, other}))
    record("BmmBackward", {r}, {*this, other}, [sa = SavedTensor(*this), sb = SavedTensor(other)](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? g[0].bmm(sb.get().transpose(1, 2)) : Tensor(),
                         n[1] ? sa.get().transpose(1, 2).bmm(g[0]) : Tensor()};
    });
  return r;
}

// Every case is built from mm/bmm and views, so autograd comes with them.
Tensor Tensor::matmul(const Tensor &other) const {
  check_same_dtype(*this, other, "matmul");
  long da = dim(), db = other.dim();
  if (da == 1 && db == 1) {
    if (size(0) != other.size(0))
      fail("matmul: size mismatch: " + shape_str(sizes()) + " @ " + shape_str(other.sizes()));
    return unsqueeze(0).mm(other.unsqueeze(1)).view({});  // 0-dimensional, as libtorch's dot
  }
  if (da == 2 && db == 1) return mm(other.unsqueeze(1)).squeeze(1);
  if (da == 1 && db == 2) return unsqueeze(0).mm(other).squeeze(0);
  if (da == 2 && db == 2) return mm(other);
  if (da == 3 && db == 3) {
    long batch = std::max(size(0), other.size(0));
    auto batched = [batch](const Tensor &t) {
      return t.size(0) == batch ? t : t.expand({batch, t.size(1), t.size(2)}).contiguous();
    };
    if (size(0) != other.size(0) && size(0) != 1 && other.size(0) != 1)
      fail("matmul: batch sizes differ: " + shape_str(sizes()) + " @ " + shape_str(other.sizes()));
    return batched(*this).bmm(batched(other));
  }
  if (da == 3 && db == 2) return reshape({size(0) * size(1), size(2)}).mm(other).view({size(0), size(1), other.size(1)});
  if (da == 2 && db == 3) return unsqueeze(0).expand({other.size(0), size(0), size(1)}).contiguous().bmm(other);
  if (da == 3 && db == 1) return matmul(other.unsqueeze(1)).squeeze(-1);
  if (da == 1 && db == 3) return unsqueeze(0).matmul(other).squeeze(1);
  fail("matmul: supports 1-D, 2-D and 3-D tensors, got " + shape_str(sizes()) + " and " + shape_str(other.sizes()));
}

}  // namespace ember
