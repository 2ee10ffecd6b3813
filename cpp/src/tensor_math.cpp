// Pointwise arithmetic (numpy broadcasting), in-place operations and comparisons, each with its
// backward formula. Reductions and matmul are in tensor_reduce.cpp.
#include "tensor_impl.hpp"

#include <ember/thnn.hpp>

#include <algorithm>
#include <cmath>

namespace ember {

using namespace detail;
using autograd::needs_record;
using autograd::record;
using autograd::SavedTensor;
using Needs = std::vector<bool>;

// ------------------------------------------------------------------------------- broadcasting
namespace {
Shape broadcast(const Shape &a, const Shape &b, const char *op) {
  size_t n = std::max(a.size(), b.size());
  Shape r(n);
  for (size_t i = 0; i < n; i++) {
    long x = i + a.size() >= n ? a[i + a.size() - n] : 1;
    long y = i + b.size() >= n ? b[i + b.size() - n] : 1;
    if (x != y && x != 1 && y != 1)
      fail(std::string(op) + ": shapes " + shape_str(a) + " and " + shape_str(b) + " do not broadcast (size " +
           std::to_string(x) + " vs " + std::to_string(y) + " in dimension " + std::to_string(i) + ")");
    r[i] = x == 1 ? y : x;
  }
  return r;
}

// t as a (stride-0) view of `shape`, without recording anything.
Tensor expanded(const Tensor &t, const Shape &shape) {
  if (t.sizes() == shape) return t;
  NoGradGuard no_grad;
  return t.expand(shape);
}

// a converted to dtype without recording (the operation's own node differentiates through it).
Tensor promoted(const Tensor &a, Dtype dtype) {
  if (a.dtype() == dtype) return a;
  NoGradGuard no_grad;
  return a.to(dtype);
}

// r = kernel(tag, r, a, b) over a and b promoted to one dtype (promote_types, or `at_least` when that
// is wider: division is Float for integers) and expanded to their broadcast shape (a fresh r).
template <class K>
Tensor broadcast_op(const Tensor &a, const Tensor &b, const char *op, K kernel, bool floating = false) {
  check_defined(a, op);
  check_defined(b, op);
  check_same_device(a, b, op);
  Dtype common = promote_types(a.dtype(), b.dtype());
  if (floating && !is_floating_point(common)) common = kFloat;
  Shape shape = broadcast(a.sizes(), b.sizes(), op);
  Tensor ea = expanded(promoted(a, common), shape), eb = expanded(promoted(b, common), shape);
  Tensor r = make_empty({common, a.device()});
  dispatch_math(r, [&](auto tag) { kernel(tag, r.th(tag), ea.th(tag), eb.th(tag)); });
  return r;
}

// r = kernel(tag, r, t) (a fresh r).
template <class K> Tensor unary_op(const Tensor &t, const char *op, K kernel) {
  check_defined(t, op);
  Tensor r = make_empty(t.options());
  visit(t, [&](auto tag, auto *h) { kernel(tag, r.th(tag), h); });
  return r;
}

// A pointwise function of x with output y whose backward needs x, y or both.
enum Keep { kKeepX = 1, kKeepY = 2 };
using PointwiseGrad = Tensor (*)(const Tensor &g, const Tensor &x, const Tensor &y);

template <class K> Tensor pointwise(const Tensor &x, const char *name, K kernel, int keep, PointwiseGrad grad) {
  Tensor y = unary_op(x, name, kernel);
  if (needs_record({x})) {
    SavedTensor sx = keep & kKeepX ? SavedTensor(x) : SavedTensor(), sy = keep & kKeepY ? SavedTensor(y) : SavedTensor();
    record(name, {y}, {x}, [sx, sy, grad](const tensor_list &g, const Needs &) {
      return tensor_list{grad(g[0], sx.defined() ? sx.get() : Tensor(), sy.defined() ? sy.get() : Tensor())};
    });
  }
  return y;
}
}  // namespace

Shape broadcast_shapes(const Shape &a, const Shape &b) { return broadcast(a, b, "broadcast_shapes"); }

Tensor sum_to(const Tensor &grad, const Shape &shape) {
  Shape gs = grad.sizes();
  if (gs == shape) return grad;
  if (shape.empty()) return empty({}, grad.options());
  if (gs.size() < shape.size()) fail("sum_to: cannot sum " + shape_str(gs) + " to " + shape_str(shape));
  Tensor r = grad;
  size_t lead = gs.size() - shape.size();
  for (size_t i = 0; i < lead; i++) r = r.sum(0);
  for (size_t i = 0; i < shape.size(); i++)
    if (shape[i] == 1 && gs[lead + i] != 1) r = r.sum((long)i, true);
  return r.reshape(shape);
}

// ------------------------------------------------------------------------- binary operators
Tensor operator+(const Tensor &a, const Tensor &b) {
  Tensor r = broadcast_op(a, b, "add", [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(cadd, tag)(r, x, 1, y); });
  if (needs_record({a, b}))
    record("AddBackward", {r}, {a, b}, [as = a.sizes(), bs = b.sizes()](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? sum_to(g[0], as) : Tensor(), n[1] ? sum_to(g[0], bs) : Tensor()};
    });
  return r;
}

Tensor operator-(const Tensor &a, const Tensor &b) {
  Tensor r = broadcast_op(a, b, "sub", [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(csub, tag)(r, x, 1, y); });
  if (needs_record({a, b}))
    record("SubBackward", {r}, {a, b}, [as = a.sizes(), bs = b.sizes()](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? sum_to(g[0], as) : Tensor(), n[1] ? -sum_to(g[0], bs) : Tensor()};
    });
  return r;
}

Tensor operator*(const Tensor &a, const Tensor &b) {
  Tensor r = broadcast_op(a, b, "mul", [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(cmul, tag)(r, x, y); });
  if (needs_record({a, b}))
    record("MulBackward", {r}, {a, b},
           [sa = SavedTensor(a), sb = SavedTensor(b), as = a.sizes(), bs = b.sizes()](const tensor_list &g, const Needs &n) {
             return tensor_list{n[0] ? sum_to(g[0] * sb.get(), as) : Tensor(), n[1] ? sum_to(g[0] * sa.get(), bs) : Tensor()};
           });
  return r;
}

Tensor operator/(const Tensor &a, const Tensor &b) {
  Tensor r = broadcast_op(
      a, b, "div", [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(cdiv, tag)(r, x, y); }, /*floating=*/true);
  if (needs_record({a, b}))
    record("DivBackward", {r}, {a, b},
           [sa = SavedTensor(a), sb = SavedTensor(b), as = a.sizes(), bs = b.sizes()](const tensor_list &g, const Needs &n) {
             Tensor b = sb.get();
             return tensor_list{n[0] ? sum_to(g[0] / b, as) : Tensor(),
                                n[1] ? sum_to(-g[0] * sa.get() / (b * b), bs) : Tensor()};
           });
  return r;
}

Tensor Tensor::pow(const Tensor &e) const {
  Tensor r = broadcast_op(*this, e, "pow", [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(cpow, tag)(r, x, y); });
  if (needs_record({*this, e}))
    record("PowBackward", {r}, {*this, e},
           [sx = SavedTensor(*this), se = SavedTensor(e), sr = SavedTensor(r), xs = sizes(), es = e.sizes()](
               const tensor_list &g, const Needs &n) {
             Tensor x = sx.get(), e = se.get();
             return tensor_list{n[0] ? sum_to(g[0] * e * x.pow(e - 1.0), xs) : Tensor(),
                                n[1] ? sum_to(g[0] * sr.get() * x.log(), es) : Tensor()};
           });
  return r;
}

// ------------------------------------------------------------------------- scalar operators
Tensor operator+(const Tensor &a, double b) {
  return pointwise(a, "AddBackward", [b](auto tag, auto *r, auto *t) { EMBER_TH(add, tag)(r, t, b); }, 0,
                   [](const Tensor &g, const Tensor &, const Tensor &) { return g; });
}
Tensor operator-(const Tensor &a, double b) { return a + -b; }
Tensor operator*(const Tensor &a, double b) {
  Tensor r = unary_op(a, "mul", [b](auto tag, auto *r, auto *t) { EMBER_TH(mul, tag)(r, t, b); });
  if (needs_record({a}))
    record("MulBackward", {r}, {a}, [b](const tensor_list &g, const Needs &) { return tensor_list{g[0] * b}; });
  return r;
}
Tensor operator/(const Tensor &a, double b) {
  Tensor r = unary_op(a, "div", [b](auto tag, auto *r, auto *t) { EMBER_TH(div, tag)(r, t, b); });
  if (needs_record({a}))
    record("DivBackward", {r}, {a}, [b](const tensor_list &g, const Needs &) { return tensor_list{g[0] / b}; });
  return r;
}
Tensor operator+(double a, const Tensor &b) { return b + a; }
Tensor operator-(double a, const Tensor &b) { return -b + a; }
Tensor operator*(double a, const Tensor &b) { return b * a; }
Tensor operator/(double a, const Tensor &b) {
  Tensor r = unary_op(b, "div", [a](auto tag, auto *r, auto *t) {
    EMBER_TH(cinv, tag)(r, t);
    EMBER_TH(mul, tag)(r, r, a);
  });
  if (needs_record({b}))  // d(a/b)/db = -a/b^2 = -r/b
    record("DivBackward", {r}, {b}, [sb = SavedTensor(b), sr = SavedTensor(r)](const tensor_list &g, const Needs &) {
      return tensor_list{-g[0] * sr.get() / sb.get()};
    });
  return r;
}

// --------------------------------------------------------------------------- unary functions
#define EMBER_TH_UNARY(NAME) [](auto tag, auto *r, auto *t) { EMBER_TH(NAME, tag)(r, t); }

Tensor Tensor::operator-() const {
  return pointwise(*this, "NegBackward", EMBER_TH_UNARY(neg), 0,
                   [](const Tensor &g, const Tensor &, const Tensor &) { return -g; });
}
Tensor Tensor::exp() const {
  return pointwise(*this, "ExpBackward", EMBER_TH_UNARY(exp), kKeepY,
                   [](const Tensor &g, const Tensor &, const Tensor &y) { return g * y; });
}
Tensor Tensor::log() const {
  return pointwise(*this, "LogBackward", EMBER_TH_UNARY(log), kKeepX,
                   [](const Tensor &g, const Tensor &x, const Tensor &) { return g / x; });
}
Tensor Tensor::sqrt() const {
  return pointwise(*this, "SqrtBackward", EMBER_TH_UNARY(sqrt), kKeepY,
                   [](const Tensor &g, const Tensor &, const Tensor &y) { return g / (y * 2.0); });
}
Tensor Tensor::abs() const {
  return pointwise(*this, "AbsBackward", EMBER_TH_UNARY(abs), kKeepX,
                   [](const Tensor &g, const Tensor &x, const Tensor &) { return g * x.sign(); });
}
// The activations: THNN's kernels on the CPU, THCUNN's on CUDA (a one-pass backward). The node keeps
// the output only, all these gradients read (ReLU's mask y > 0 is x > 0, NaN included), so the input
// may change in place after the call. nn::functional's relu/tanh/sigmoid and the layers call these.
namespace {
// kernel(tag, grad_input, grad_output, y) (a fresh grad_input).
template <class K> Tensor output_grad(const Tensor &g, const Tensor &y, K kernel) {
  Tensor grad_input = make_empty(y.options());
  const Tensor go = g.contiguous();
  dispatch_on(y, [&](auto tag) { kernel(tag, grad_input.th(tag), go.th(tag), y.th(tag)); });
  return grad_input;
}
}  // namespace

Tensor Tensor::tanh() const {
  return pointwise(*this, "TanhBackward", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Tanh_updateOutput, tag)(thnn::state_of(tag), t, r);
      }, kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Tanh_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, y);
        });
      });
}
Tensor Tensor::sigmoid() const {
  return pointwise(*this, "SigmoidBackward", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Sigmoid_updateOutput, tag)(thnn::state_of(tag), t, r);
      }, kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Sigmoid_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, y);
        });
      });
}
Tensor Tensor::relu() const {
  // THNN's Threshold(0, 0): x > 0 ? x : 0; its backward's mask y > 0 is x > 0 (y is x or 0).
  return pointwise(*this, "ReluBackward", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Threshold_updateOutput, tag)(thnn::state_of(tag), t, r, 0, 0, false);
      }, kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Threshold_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, 0, 0, false);
        });
      });
}
Tensor Tensor::sign() const { return unary_op(*this, "sign", EMBER_TH_UNARY(sign)); }
#undef EMBER_TH_UNARY

Tensor Tensor::pow(double p) const {
  Tensor r = unary_op(*this, "pow", [p](auto tag, auto *r, auto *t) { EMBER_TH(pow, tag)(r, t, p); });
  if (needs_record({*this}))
    record("PowBackward", {r}, {*this}, [sx = SavedTensor(*this), p](const tensor_list &g, const Needs &) {
      return tensor_list{p == 0 ? zeros_like(g[0]) : g[0] * sx.get().pow(p - 1) * p};
    });
  return r;
}

Tensor Tensor::clamp(double lo, double hi) const {
  if (lo > hi) fail("clamp: min " + std::to_string(lo) + " is greater than max " + std::to_string(hi));
  Tensor r = unary_op(*this, "clamp", [lo, hi](auto tag, auto *r, auto *t) { EMBER_TH(clamp, tag)(r, t, lo, hi); });
  if (needs_record({*this}))
    record("ClampBackward", {r}, {*this}, [sx = SavedTensor(*this), lo, hi](const tensor_list &g, const Needs &) {
      Tensor x = sx.get();
      return tensor_list{g[0] * x.ge(lo) * x.le(hi)};
    });
  return r;
}

// ------------------------------------------------------------------------------- in place
namespace {
// Runs an in-place kernel on self. When autograd must see it, `graph` first rebuilds the operation
// out of place on an alias of self that carries self's old history, and self takes the new history
// (tensors saved from self's old value then fail their version check, as they must).
template <class Kernel, class Graph>
Tensor &in_place(Tensor &self, const Tensor *other, const char *op, Kernel kernel, Graph graph) {
  check_defined(self, op);
  bool self_grad = self.requires_grad(), other_grad = other && other->defined() && other->requires_grad();
  bool recording = GradMode::is_enabled() && (self_grad || other_grad);
  if (recording && self_grad && self.is_leaf())
    fail(std::string(op) + ": a leaf tensor that requires grad is being used in an in-place operation "
                           "(wrap it in a NoGradGuard, or work on a clone)");
  Tensor history;
  if (recording) {
    Tensor old = alias(self);
    old.impl().grad_fn = self.impl().grad_fn;
    old.impl().output_nr = self.impl().output_nr;
    history = graph(old);
  }
  visit(self, [&](auto tag, auto *h) { kernel(tag, h); });
  bump_version(self);
  if (recording) {
    self.impl().grad_fn = history.impl().grad_fn;
    self.impl().output_nr = history.impl().output_nr;
  }
  return self;
}

// other as a view of self's shape (it must broadcast to exactly that shape).
Tensor operand(const Tensor &self, const Tensor &other, const char *op) {
  check_same_dtype(self, other, op);
  Shape s = self.sizes();
  if (broadcast(s, other.sizes(), op) != s)
    fail(std::string(op) + ": the operand of shape " + shape_str(other.sizes()) +
         " does not broadcast to the in-place target of shape " + shape_str(s));
  return expanded(other, s);
}
}  // namespace

Tensor &Tensor::add_(const Tensor &other, double alpha) {
  Tensor o = operand(*this, other, "add_");
  return in_place(*this, &other, "add_", [&](auto tag, auto *h) { EMBER_TH(cadd, tag)(h, h, alpha, o.th(tag)); },
                  [&](const Tensor &old) { return old + other * alpha; });
}
Tensor &Tensor::sub_(const Tensor &other, double alpha) { return add_(other, -alpha); }
Tensor &Tensor::mul_(const Tensor &other) {
  Tensor o = operand(*this, other, "mul_");
  return in_place(*this, &other, "mul_", [&](auto tag, auto *h) { EMBER_TH(cmul, tag)(h, h, o.th(tag)); },
                  [&](const Tensor &old) { return old * other; });
}
Tensor &Tensor::div_(const Tensor &other) {
  Tensor o = operand(*this, other, "div_");
  return in_place(*this, &other, "div_", [&](auto tag, auto *h) { EMBER_TH(cdiv, tag)(h, h, o.th(tag)); },
                  [&](const Tensor &old) { return old / other; });
}
Tensor &Tensor::add_(double v) {
  return in_place(*this, nullptr, "add_", [&](auto tag, auto *h) { EMBER_TH(add, tag)(h, h, v); },
                  [&](const Tensor &old) { return old + v; });
}
Tensor &Tensor::sub_(double v) { return add_(-v); }
Tensor &Tensor::mul_(double v) {
  return in_place(*this, nullptr, "mul_", [&](auto tag, auto *h) { EMBER_TH(mul, tag)(h, h, v); },
                  [&](const Tensor &old) { return old * v; });
}
Tensor &Tensor::div_(double v) {
  return in_place(*this, nullptr, "div_", [&](auto tag, auto *h) { EMBER_TH(div, tag)(h, h, v); },
                  [&](const Tensor &old) { return old / v; });
}
// The new value does not depend on the old one: the old history receives a zero gradient.
Tensor &Tensor::zero_() {
  return in_place(*this, nullptr, "zero_", [](auto tag, auto *h) { EMBER_TH(zero, tag)(h); },
                  [](const Tensor &old) { return old * 0.0; });
}
Tensor &Tensor::fill_(double v) {
  return in_place(*this, nullptr, "fill_", [v](auto tag, auto *h) { EMBER_TH(fill, tag)(h, v); },
                  [](const Tensor &old) { return old * 0.0; });
}
// On CUDA the values are drawn on the CPU (the one generator) and copied in: same numbers anywhere.
Tensor &Tensor::uniform_(double from, double to) {
  if (is_cuda()) {
    Tensor drawn = empty(sizes(), dtype()).uniform_(from, to).to(device());
    return in_place(*this, nullptr, "uniform_", [&](auto tag, auto *h) { EMBER_TH(copy, tag)(h, drawn.th(tag)); },
                    [](const Tensor &old) { return old * 0.0; });
  }
  return in_place(*this, nullptr, "uniform_",
                  [=](auto tag, auto *h) {
                    if constexpr (!is_cuda_tag_v<decltype(tag)>) EMBER_TH(uniform, tag)(h, default_generator(), from, to);
                  },
                  [](const Tensor &old) { return old * 0.0; });
}
Tensor &Tensor::normal_(double mean, double std) {
  if (is_cuda()) {
    Tensor drawn = empty(sizes(), dtype()).normal_(mean, std).to(device());
    return in_place(*this, nullptr, "normal_", [&](auto tag, auto *h) { EMBER_TH(copy, tag)(h, drawn.th(tag)); },
                    [](const Tensor &old) { return old * 0.0; });
  }
  return in_place(*this, nullptr, "normal_",
                  [=](auto tag, auto *h) {
                    if constexpr (!is_cuda_tag_v<decltype(tag)>) EMBER_TH(normal, tag)(h, default_generator(), mean, std);
                  },
                  [](const Tensor &old) { return old * 0.0; });
}
Tensor &Tensor::copy_(const Tensor &src) {
  check_defined(src, "copy_");
  Tensor converted = src;
  if (src.dtype() != dtype() || src.device() != device()) {  // copies convert dtype and move devices
    NoGradGuard no_grad;
    converted = src.to(dtype()).to(device());
  }
  Tensor o = operand(*this, converted, "copy_");
  return in_place(*this, &src, "copy_", [&](auto tag, auto *h) { EMBER_TH(copy, tag)(h, o.th(tag)); },
                  [&](const Tensor &old) { return old * 0.0 + src.to(dtype()).to(device()); });
}

// ----------------------------------------------------------------------------- comparisons
namespace {
// A Bool tensor of kernel(tag, r, x, y) over x and y promoted to one dtype and broadcast.
template <class K> Tensor compare(const Tensor &a, const Tensor &b, const char *op, K kernel) {
  check_defined(a, op);
  check_defined(b, op);
  check_same_device(a, b, op);
  const Dtype common = promote_types(a.dtype(), b.dtype());
  NoGradGuard no_grad;  // comparisons are not differentiable
  Tensor pa = a.to(common), pb = b.to(common);
  Shape shape = broadcast(a.sizes(), b.sizes(), op);
  Tensor ea = expanded(pa, shape), eb = expanded(pb, shape), r = make_empty({kBool, a.device()});
  dispatch_math(pa, [&](auto tag) { kernel(tag, r.th(DeviceTag<decltype(tag), bool>{}), ea.th(tag), eb.th(tag)); });
  return r;
}
}  // namespace

#define EMBER_COMPARE(NAME)                                                                              \
  Tensor Tensor::NAME(const Tensor &other) const {                                                       \
    return compare(*this, other, #NAME, [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(NAME##Tensor, tag)(r, x, y); }); \
  }                                                                                                      \
  Tensor Tensor::NAME(double value) const {                                                              \
    check_defined(*this, #NAME);                                                                         \
    Tensor r = make_empty({kBool, device()});                                                            \
    visit_math(*this, [&](auto tag, auto *h) { EMBER_TH(NAME##Value, tag)(r.th(DeviceTag<decltype(tag), bool>{}), h, value); }); \
    return r;                                                                                            \
  }
EMBER_COMPARE(eq)
EMBER_COMPARE(ne)
EMBER_COMPARE(lt)
EMBER_COMPARE(le)
EMBER_COMPARE(gt)
EMBER_COMPARE(ge)
#undef EMBER_COMPARE

bool Tensor::equal(const Tensor &other) const {
  check_defined(*this, "equal");
  check_defined(other, "equal");
  check_same_device(*this, other, "equal");
  if (dtype() != other.dtype() || sizes() != other.sizes()) return false;
  return visit_math(*this, [&](auto tag, auto *h) { return EMBER_TH(equal, tag)(h, other.th(tag)) != 0; });
}

bool Tensor::allclose(const Tensor &other, double rtol, double atol) const {
  NoGradGuard no_grad;
  check_same_dtype(*this, other, "allclose");
  Tensor close = (*this - other).abs().le(other.abs() * rtol + atol);  // NaN compares false
  return close.numel() == 0 || close.to(kFloat).min().item() == 1;
}

}  // namespace ember
