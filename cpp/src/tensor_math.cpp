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

// Bool results of + and * (or, and) computed on TH's Byte tensors: 1 + 1 gives back 1.
template <typename Tag, typename H> void normalize_bool(Tag tag, H *h) {
  if constexpr (std::is_same_v<scalar_of_t<Tag>, bool>) EMBER_TH(neValue, tag)(h, h, 0);
}

void check_no_bool_sub(Dtype a, Dtype b, const char *op) {
  if (a == kBool || b == kBool)
    fail(std::string(op) + ": subtraction with a Bool tensor is not supported (convert it with .to(kLong), or "
                           "use ne/eq to combine masks)");
}

// r = kernel(tag, r, a, b) over a and b promoted to one dtype (promote_types, or Float when that is
// integral and `floating`: division) and expanded to their broadcast shape (a fresh r).
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
  dispatch_math(r, [&](auto tag) {
    kernel(tag, r.th(tag), ea.th(tag), eb.th(tag));
    normalize_bool(tag, r.th(tag));
  });
  return with_zero_dim(r, shape.empty());
}

// r = kernel(tag, r, t) (a fresh r of t's dtype), for every dtype dispatch_math serves.
template <class K> Tensor math_op(const Tensor &t, const char *op, K kernel) {
  check_defined(t, op);
  Tensor r = make_empty(t.options());
  visit_math(t, [&](auto tag, auto *h) {
    kernel(tag, r.th(tag), h);
    normalize_bool(tag, r.th(tag));
  });
  return with_zero_dim(r, t.dim() == 0);
}

// The same for the kernels TH has for Float and Double only.
template <class K> Tensor floating_op(const Tensor &t, const char *op, K kernel) {
  check_floating(t, op);
  Tensor r = make_empty(t.options());
  visit(t, [&](auto tag, auto *h) { kernel(tag, r.th(tag), h); });
  return with_zero_dim(r, t.dim() == 0);
}

// An integral or Bool t as Float, for the functions libtorch computes in floating point (exp, ...).
Tensor floating(const Tensor &t, const char *op) {
  check_defined(t, op);
  return promoted(t, is_floating_point(t.dtype()) ? t.dtype() : kFloat);
}

// A pointwise function of x with output y whose backward needs x, y or both: records y's node.
enum Keep { kKeepX = 1, kKeepY = 2 };
using PointwiseGrad = Tensor (*)(const Tensor &g, const Tensor &x, const Tensor &y);

Tensor pointwise(const Tensor &x, Tensor y, const char *name, int keep, PointwiseGrad grad) {
  if (needs_record({x})) {
    SavedTensor sx = keep & kKeepX ? SavedTensor(x) : SavedTensor(), sy = keep & kKeepY ? SavedTensor(y) : SavedTensor();
    record(name, {y}, {x}, [sx, sy, grad](const tensor_list &g, const Needs &) {
      return tensor_list{grad(g[0], sx.defined() ? sx.get() : Tensor(), sy.defined() ? sy.get() : Tensor())};
    });
  }
  return y;
}

// t op s: t converted to result_type(t, s), or to Float when that is integral and `floating`. A
// floating-point t keeps its dtype, so only tensors without history are ever converted here.
Tensor scalar_operand(const Tensor &t, const Scalar &s, const char *op, bool floating = false) {
  check_defined(t, op);
  Dtype common = result_type(t, s);
  if (floating && !is_floating_point(common)) common = kFloat;
  return promoted(t, common);
}
}  // namespace

Shape broadcast_shapes(const Shape &a, const Shape &b) { return broadcast(a, b, "broadcast_shapes"); }

Tensor sum_to(const Tensor &grad, const Shape &shape) {
  Shape gs = grad.sizes();
  if (gs == shape) return grad;
  if (shape.empty()) return grad.sum();  // to a 0-dimensional tensor
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
  check_defined(a, "sub");
  check_defined(b, "sub");
  check_no_bool_sub(a.dtype(), b.dtype(), "sub");
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

// Integral bases take cpow (TH's pow is floating-point only); the exponent's backward needs log(x), so
// only floating-point exponents require grad.
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
Tensor operator+(const Tensor &a, Scalar b) {
  Tensor x = scalar_operand(a, b, "add");
  return pointwise(a, math_op(x, "add", [b](auto tag, auto *r, auto *t) {
                     EMBER_TH(add, tag)(r, t, b.to<scalar_of_t<decltype(tag)>>());
                   }),
                   "AddBackward", 0, [](const Tensor &g, const Tensor &, const Tensor &) { return g; });
}
Tensor operator-(const Tensor &a, Scalar b) {
  check_defined(a, "sub");
  check_no_bool_sub(a.dtype(), b.kind(), "sub");
  Tensor x = scalar_operand(a, b, "sub");
  return pointwise(a, math_op(x, "sub", [b](auto tag, auto *r, auto *t) {
                     EMBER_TH(sub, tag)(r, t, b.to<scalar_of_t<decltype(tag)>>());
                   }),
                   "SubBackward", 0, [](const Tensor &g, const Tensor &, const Tensor &) { return g; });
}
Tensor operator*(const Tensor &a, Scalar b) {
  Tensor x = scalar_operand(a, b, "mul");
  Tensor r = math_op(x, "mul", [b](auto tag, auto *r, auto *t) { EMBER_TH(mul, tag)(r, t, b.to<scalar_of_t<decltype(tag)>>()); });
  if (needs_record({a}))
    record("MulBackward", {r}, {a}, [b](const tensor_list &g, const Needs &) { return tensor_list{g[0] * b}; });
  return r;
}
Tensor operator/(const Tensor &a, Scalar b) {
  Tensor x = scalar_operand(a, b, "div", /*floating=*/true);
  Tensor r = floating_op(x, "div", [b](auto tag, auto *r, auto *t) { EMBER_TH(div, tag)(r, t, b.to<scalar_of_t<decltype(tag)>>()); });
  if (needs_record({a}))
    record("DivBackward", {r}, {a}, [b](const tensor_list &g, const Needs &) { return tensor_list{g[0] / b}; });
  return r;
}
Tensor operator+(Scalar a, const Tensor &b) { return b + a; }
Tensor operator-(Scalar a, const Tensor &b) {
  check_defined(b, "sub");
  check_no_bool_sub(b.dtype(), a.kind(), "sub");
  return -scalar_operand(b, a, "sub") + a;
}
Tensor operator*(Scalar a, const Tensor &b) { return b * a; }
Tensor operator/(Scalar a, const Tensor &b) {
  Tensor x = scalar_operand(b, a, "div", /*floating=*/true);
  Tensor r = floating_op(x, "div", [a](auto tag, auto *r, auto *t) {
    EMBER_TH(cinv, tag)(r, t);
    EMBER_TH(mul, tag)(r, r, a.to<scalar_of_t<decltype(tag)>>());
  });
  if (needs_record({b}))  // d(a/b)/db = -a/b^2 = -r/b
    record("DivBackward", {r}, {b}, [sb = SavedTensor(b), sr = SavedTensor(r)](const tensor_list &g, const Needs &) {
      return tensor_list{-g[0] * sr.get() / sb.get()};
    });
  return r;
}

// --------------------------------------------------------------------------- unary functions
#define EMBER_TH_UNARY(NAME) [](auto tag, auto *r, auto *t) { EMBER_TH(NAME, tag)(r, t); }

// TH has neg and abs for Short, Int, Long, Float and Double: Char and Byte negate by multiplying by
// -1 (Byte wraps around, as libtorch's uint8 does), Byte's abs is itself and Char's goes through Short.
Tensor Tensor::operator-() const {
  check_defined(*this, "neg");
  if (dtype() == kBool)
    fail("neg: negation of a Bool tensor is not supported (to invert a mask, use t.eq(false))");
  return pointwise(*this, math_op(*this, "neg", [](auto tag, auto *r, auto *t) {
                     using T = scalar_of_t<decltype(tag)>;
                     if constexpr (std::is_same_v<T, char> || std::is_same_v<T, unsigned char>) EMBER_TH(mul, tag)(r, t, (T)-1);
                     else if constexpr (!std::is_same_v<T, bool>) EMBER_TH(neg, tag)(r, t);
                   }),
                   "NegBackward", 0, [](const Tensor &g, const Tensor &, const Tensor &) { return -g; });
}
Tensor Tensor::exp() const {
  return pointwise(*this, floating_op(floating(*this, "exp"), "exp", EMBER_TH_UNARY(exp)), "ExpBackward", kKeepY,
                   [](const Tensor &g, const Tensor &, const Tensor &y) { return g * y; });
}
Tensor Tensor::log() const {
  return pointwise(*this, floating_op(floating(*this, "log"), "log", EMBER_TH_UNARY(log)), "LogBackward", kKeepX,
                   [](const Tensor &g, const Tensor &x, const Tensor &) { return g / x; });
}
Tensor Tensor::sqrt() const {
  return pointwise(*this, floating_op(floating(*this, "sqrt"), "sqrt", EMBER_TH_UNARY(sqrt)), "SqrtBackward", kKeepY,
                   [](const Tensor &g, const Tensor &, const Tensor &y) { return g / (y * 2.0); });
}
Tensor Tensor::abs() const {
  check_defined(*this, "abs");
  if (dtype() == kBool) fail("abs: not supported for a Bool tensor");
  if (dtype() == kByte) return clone();
  if (dtype() == kChar) return to(kShort).abs().to(kChar);
  return pointwise(*this, math_op(*this, "abs", [](auto tag, auto *r, auto *t) {
                     using T = scalar_of_t<decltype(tag)>;
                     if constexpr (!std::is_same_v<T, char> && !std::is_same_v<T, unsigned char> && !std::is_same_v<T, bool>)
                       EMBER_TH(abs, tag)(r, t);
                   }),
                   "AbsBackward", kKeepX, [](const Tensor &g, const Tensor &x, const Tensor &) { return g * x.sign(); });
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
  return with_zero_dim(grad_input, y.dim() == 0);
}
}  // namespace

Tensor Tensor::tanh() const {
  return pointwise(*this, floating_op(floating(*this, "tanh"), "tanh", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Tanh_updateOutput, tag)(thnn::state_of(tag), t, r);
      }), "TanhBackward", kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Tanh_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, y);
        });
      });
}
Tensor Tensor::sigmoid() const {
  return pointwise(*this, floating_op(floating(*this, "sigmoid"), "sigmoid", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Sigmoid_updateOutput, tag)(thnn::state_of(tag), t, r);
      }), "SigmoidBackward", kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Sigmoid_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, y);
        });
      });
}
// An integral tensor keeps its dtype (max(x, 0)), as in libtorch.
Tensor Tensor::relu() const {
  check_defined(*this, "relu");
  if (!is_floating_point(dtype())) {
    if (dtype() == kBool) fail("relu: not supported for a Bool tensor");
    return clamp(0, INFINITY);
  }
  // THNN's Threshold(0, 0): x > 0 ? x : 0; its backward's mask y > 0 is x > 0 (y is x or 0).
  return pointwise(*this, floating_op(*this, "relu", [](auto tag, auto *r, auto *t) {
        EMBER_THNN(Threshold_updateOutput, tag)(thnn::state_of(tag), t, r, 0, 0, false);
      }), "ReluBackward", kKeepY, [](const Tensor &g, const Tensor &, const Tensor &y) {
        return output_grad(g, y, [](auto tag, auto *gi, auto *go, auto *y) {
          EMBER_THNN(Threshold_updateGradInput, tag)(thnn::state_of(tag), y, go, gi, 0, 0, false);
        });
      });
}
Tensor Tensor::sign() const { return math_op(*this, "sign", EMBER_TH_UNARY(sign)); }
#undef EMBER_TH_UNARY

// A floating-point tensor takes TH's pow; an integral or Bool one to an integer power stays integral
// (Bool becomes Long) through cpow, to a floating-point power it is computed in Float.
Tensor Tensor::pow(Scalar p) const {
  check_defined(*this, "pow");
  if (!is_floating_point(dtype())) {
    if (p.is_floating_point()) return to(kFloat).pow(p);
    if (p.to<long>() < 0)
      fail("pow: integers to negative integer powers are not allowed (exponent " + std::to_string(p.to<long>()) +
           " for a " + dtype_name(dtype()) + " tensor; convert it with .to(kFloat))");
    Tensor x = scalar_operand(*this, p, "pow");
    return x.pow(scalar_tensor(p, x.options()));
  }
  Tensor r = floating_op(*this, "pow", [p](auto tag, auto *r, auto *t) { EMBER_TH(pow, tag)(r, t, p.to<scalar_of_t<decltype(tag)>>()); });
  if (needs_record({*this}))
    record("PowBackward", {r}, {*this}, [sx = SavedTensor(*this), p = p.to_double()](const tensor_list &g, const Needs &) {
      return tensor_list{p == 0 ? zeros_like(g[0]) : g[0] * sx.get().pow(p - 1) * p};
    });
  return r;
}

Tensor Tensor::clamp(Scalar lo, Scalar hi) const {
  check_defined(*this, "clamp");
  if (lo.to_double() > hi.to_double())
    fail("clamp: min " + std::to_string(lo.to_double()) + " is greater than max " + std::to_string(hi.to_double()));
  Dtype common = dtype();
  for (const Scalar &bound : {lo, hi})
    if (std::isfinite(bound.to_double())) common = scalar_result_type(common, bound);
  if (common != dtype()) return to(common).clamp(lo, hi);
  Tensor r = math_op(*this, "clamp", [lo, hi](auto tag, auto *r, auto *t) {
    using T = scalar_of_t<decltype(tag)>;
    EMBER_TH(clamp, tag)(r, t, lo.to<T>(), hi.to<T>());
  });
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
  visit_math(self, [&](auto tag, auto *h) {
    kernel(tag, h);
    normalize_bool(tag, h);
  });
  bump_version(self);
  if (recording) {
    self.impl().grad_fn = history.impl().grad_fn;
    self.impl().output_nr = history.impl().output_nr;
  }
  return self;
}

// Throws unless a result of dtype `result` can be stored in self (libtorch's message).
void check_cast(const Tensor &self, Dtype result, const char *op) {
  if (!can_cast(result, self.dtype()))
    fail(std::string(op) + ": result type " + dtype_name(result) + " can't be cast to the desired output type " +
         dtype_name(self.dtype()));
}

// The operand of an in-place operation on self whose out-of-place result has dtype `result`: other
// broadcast to self's shape (exactly), when of self's dtype; otherwise `value` (self op other computed
// out of place, without history) is what the kernel copies into self.
struct Operand {
  Tensor same_dtype;  // defined when other has self's dtype
  Tensor value;       // otherwise
};
template <class OutOfPlace>
Operand operand(const Tensor &self, const Tensor &other, const char *op, Dtype result, OutOfPlace out_of_place) {
  check_defined(self, op);
  check_defined(other, op);
  check_same_device(self, other, op);
  check_cast(self, result, op);
  Shape s = self.sizes();
  if (broadcast(s, other.sizes(), op) != s)
    fail(std::string(op) + ": the operand of shape " + shape_str(other.sizes()) +
         " does not broadcast to the in-place target of shape " + shape_str(s));
  if (other.dtype() == self.dtype()) return {expanded(other, s), Tensor()};
  NoGradGuard no_grad;
  return {Tensor(), out_of_place(alias(self), other)};
}

// self = value (one shape, any two dtypes), or kernel(tag, self, same_dtype operand).
template <class Kernel> auto apply_operand(Tensor &self, const Operand &o, Kernel kernel) {
  return [&self, &o, kernel](auto tag, auto *h) {
    if (o.value.defined()) copy_converting(self, o.value);
    else kernel(tag, h, o.same_dtype.th(tag));
  };
}

void check_integral_alpha(const Tensor &self, Dtype result, const Scalar &alpha, const char *op) {
  if (!is_floating_point(result) && alpha.is_floating_point())
    fail(std::string(op) + ": an integral " + dtype_name(self.dtype()) +
         " tensor takes an integral alpha, got " + std::to_string(alpha.to_double()));
}
}  // namespace

Tensor &Tensor::add_(const Tensor &other, Scalar alpha) {
  check_defined(other, "add_");
  Dtype result = promote_types(dtype(), other.dtype());
  check_integral_alpha(*this, result, alpha, "add_");
  Operand o = operand(*this, other, "add_", result, [alpha](const Tensor &a, const Tensor &b) { return a + b * alpha; });
  return in_place(*this, &other, "add_", apply_operand(*this, o, [alpha](auto tag, auto *h, auto *b) {
                    EMBER_TH(cadd, tag)(h, h, alpha.to<scalar_of_t<decltype(tag)>>(), b);
                  }),
                  [&](const Tensor &old) { return old + other * alpha; });
}
Tensor &Tensor::sub_(const Tensor &other, Scalar alpha) {
  check_defined(*this, "sub_");
  check_defined(other, "sub_");
  check_no_bool_sub(dtype(), other.dtype(), "sub_");
  return add_(other, -alpha);
}
Tensor &Tensor::mul_(const Tensor &other) {
  check_defined(other, "mul_");
  Operand o = operand(*this, other, "mul_", promote_types(dtype(), other.dtype()),
                      [](const Tensor &a, const Tensor &b) { return a * b; });
  return in_place(*this, &other, "mul_",
                  apply_operand(*this, o, [](auto tag, auto *h, auto *b) { EMBER_TH(cmul, tag)(h, h, b); }),
                  [&](const Tensor &old) { return old * other; });
}
Tensor &Tensor::div_(const Tensor &other) {
  check_defined(other, "div_");
  Dtype result = promote_types(dtype(), other.dtype());
  Operand o = operand(*this, other, "div_", is_floating_point(result) ? result : kFloat,
                      [](const Tensor &a, const Tensor &b) { return a / b; });
  return in_place(*this, &other, "div_",
                  apply_operand(*this, o, [](auto tag, auto *h, auto *b) { EMBER_TH(cdiv, tag)(h, h, b); }),
                  [&](const Tensor &old) { return old / other; });
}
Tensor &Tensor::add_(Scalar v) {
  check_defined(*this, "add_");
  check_cast(*this, result_type(*this, v), "add_");
  return in_place(*this, nullptr, "add_", [&](auto tag, auto *h) { EMBER_TH(add, tag)(h, h, v.to<scalar_of_t<decltype(tag)>>()); },
                  [&](const Tensor &old) { return old + v; });
}
Tensor &Tensor::sub_(Scalar v) {
  check_defined(*this, "sub_");
  check_no_bool_sub(dtype(), v.kind(), "sub_");
  return add_(-v);
}
Tensor &Tensor::mul_(Scalar v) {
  check_defined(*this, "mul_");
  check_cast(*this, result_type(*this, v), "mul_");
  return in_place(*this, nullptr, "mul_", [&](auto tag, auto *h) { EMBER_TH(mul, tag)(h, h, v.to<scalar_of_t<decltype(tag)>>()); },
                  [&](const Tensor &old) { return old * v; });
}
Tensor &Tensor::div_(Scalar v) {
  check_defined(*this, "div_");
  check_cast(*this, is_floating_point(dtype()) ? dtype() : kFloat, "div_");
  return in_place(*this, nullptr, "div_",
                  [&](auto tag, auto *h) {
                    if constexpr (std::is_floating_point_v<scalar_of_t<decltype(tag)>>)
                      EMBER_TH(div, tag)(h, h, v.to<scalar_of_t<decltype(tag)>>());
                  },
                  [&](const Tensor &old) { return old / v; });
}
// The new value does not depend on the old one: the old history receives a zero gradient.
Tensor &Tensor::zero_() {
  return in_place(*this, nullptr, "zero_", [](auto tag, auto *h) { EMBER_TH(zero, tag)(h); },
                  [](const Tensor &old) { return old * 0.0; });
}
Tensor &Tensor::fill_(Scalar v) {
  return in_place(*this, nullptr, "fill_", [v](auto tag, auto *h) { EMBER_TH(fill, tag)(h, v.to<scalar_of_t<decltype(tag)>>()); },
                  [](const Tensor &old) { return old * 0.0; });
}
// On CUDA the values are drawn on the CPU (the one generator) and copied in: same numbers anywhere.
Tensor &Tensor::uniform_(double from, double to) {
  check_floating(*this, "uniform_");
  if (is_cuda()) {
    Tensor drawn = empty(sizes(), dtype()).uniform_(from, to).to(device());
    return in_place(*this, nullptr, "uniform_", [&](auto tag, auto *h) { EMBER_TH(copy, tag)(h, drawn.th(tag)); },
                    [](const Tensor &old) { return old * 0.0; });
  }
  return in_place(*this, nullptr, "uniform_",
                  [=](auto tag, auto *h) {
                    if constexpr (!is_cuda_tag_v<decltype(tag)> && std::is_floating_point_v<scalar_of_t<decltype(tag)>>)
                      EMBER_TH(uniform, tag)(h, default_generator(), from, to);
                  },
                  [](const Tensor &old) { return old * 0.0; });
}
Tensor &Tensor::normal_(double mean, double std) {
  check_floating(*this, "normal_");
  if (is_cuda()) {
    Tensor drawn = empty(sizes(), dtype()).normal_(mean, std).to(device());
    return in_place(*this, nullptr, "normal_", [&](auto tag, auto *h) { EMBER_TH(copy, tag)(h, drawn.th(tag)); },
                    [](const Tensor &old) { return old * 0.0; });
  }
  return in_place(*this, nullptr, "normal_",
                  [=](auto tag, auto *h) {
                    if constexpr (!is_cuda_tag_v<decltype(tag)> && std::is_floating_point_v<scalar_of_t<decltype(tag)>>)
                      EMBER_TH(normal, tag)(h, default_generator(), mean, std);
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
  Operand o = operand(*this, converted, "copy_", dtype(), [](const Tensor &, const Tensor &b) { return b; });
  return in_place(*this, &src, "copy_",
                  apply_operand(*this, o, [](auto tag, auto *h, auto *b) { EMBER_TH(copy, tag)(h, b); }),
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
  return with_zero_dim(r, shape.empty());
}
}  // namespace

// A scalar compares in result_type(t, s): a Long t.eq(1.5) in Float.
#define EMBER_COMPARE(NAME)                                                                              \
  Tensor Tensor::NAME(const Tensor &other) const {                                                       \
    return compare(*this, other, #NAME, [](auto tag, auto *r, auto *x, auto *y) { EMBER_TH(NAME##Tensor, tag)(r, x, y); }); \
  }                                                                                                      \
  Tensor Tensor::NAME(Scalar value) const {                                                              \
    check_defined(*this, #NAME);                                                                         \
    const Dtype common = result_type(*this, value);                                                      \
    if (common != dtype()) return promoted(*this, common).NAME(value);                                   \
    Tensor r = make_empty({kBool, device()});                                                            \
    visit_math(*this, [&](auto tag, auto *h) {                                                           \
      EMBER_TH(NAME##Value, tag)(r.th(DeviceTag<decltype(tag), bool>{}), h, value.to<scalar_of_t<decltype(tag)>>()); \
    });                                                                                                  \
    return with_zero_dim(r, dim() == 0);                                                                 \
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
  if (sizes() != other.sizes()) return false;
  NoGradGuard no_grad;
  const Dtype common = promote_types(dtype(), other.dtype());
  const Tensor a = to(common), b = other.to(common);
  return visit_math(a, [&](auto tag, auto *h) { return EMBER_TH(equal, tag)(h, b.th(tag)) != 0; });
}

bool Tensor::allclose(const Tensor &other, double rtol, double atol) const {
  NoGradGuard no_grad;
  check_defined(*this, "allclose");
  check_defined(other, "allclose");
  check_same_device(*this, other, "allclose");
  Dtype common = promote_types(dtype(), other.dtype());
  if (!is_floating_point(common)) common = kFloat;
  const Tensor a = to(common), b = other.to(common);
  Tensor close = (a - b).abs().le(b.abs() * rtol + atol);  // NaN compares false
  return close.numel() == 0 || close.to(kFloat).min().item() == 1;
}

}  // namespace ember
