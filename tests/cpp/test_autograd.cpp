// Autograd: gradients against finite differences (Double), accumulation, retain_graph, grad mode,
// hooks, custom functions, in-place checks, errors and the THNN adapter.
#include "ember_test.hpp"

using namespace ember;
using autograd::AutogradContext;

static Tensor leaf(Shape shape, uint64_t seed = 1) {
  manual_seed(seed);
  return randn(shape, kDouble).requires_grad_();
}

// ------------------------------------------------------------------- finite differences
static void test_composite_broadcasting(void **) {
  Tensor a = leaf({3, 4}, 1), b = leaf({4}, 2), c = leaf({3, 1}, 3);
  gradcheck([](const tensor_list &x) { return ((x[0] * x[1] + x[2]).tanh() * x[0]).sum(); }, {a, b, c});
  assert_shape(b.grad(), {4});  // broadcast inputs get gradients of their own shape
  assert_shape(c.grad(), {3, 1});
  gradcheck([](const tensor_list &x) { return (x[0] - x[1]) / (x[2].exp() + 1.0) - x[1] * 2.0; }, {a, b, c});
  gradcheck([](const tensor_list &x) { return (x[0].sigmoid() + 0.5).log() * x[1].pow(3) + (2.0 - x[2]) / (x[0].abs() + 0.5).sqrt(); },
            {a, b, c});
  gradcheck([](const tensor_list &x) { return 1.0 / (x[0].pow(2) + 1.0) + (-x[1]).relu() * x[2].clamp(-0.5, 0.5); },
            {a, b, c});
  Tensor base = leaf({3, 4}, 4).abs().detach().requires_grad_(), e = leaf({4}, 5);
  gradcheck([](const tensor_list &x) { return (x[0] + 0.5).pow(x[1]); }, {base, e});
}

static void test_matmul_chains(void **) {
  Tensor x = leaf({5, 3}, 1), w1 = leaf({3, 4}, 2), w2 = leaf({4, 2}, 3), v = leaf({2}, 4);
  gradcheck([](const tensor_list &t) { return t[0].matmul(t[1]).tanh().matmul(t[2]).matmul(t[3]); }, {x, w1, w2, v});
  gradcheck([](const tensor_list &t) { return t[0].t().matmul(t[0]).matmul(t[1]); }, {x, w1});  // transposed operand
  Tensor bx = leaf({2, 5, 3}, 5), bw = leaf({2, 3, 4}, 6);
  gradcheck([](const tensor_list &t) { return t[0].bmm(t[1]).sigmoid(); }, {bx, bw});
  gradcheck([](const tensor_list &t) { return t[0].matmul(t[1]); }, {bx, w1});  // 3-D @ 2-D
  gradcheck([](const tensor_list &t) { return t[1].t().matmul(t[0].transpose(1, 2)); }, {bx, w1});  // 2-D @ 3-D
  Tensor u = leaf({3}, 7);
  gradcheck([](const tensor_list &t) { return t[0].matmul(t[1]) + t[1].matmul(t[1]); }, {x, u});
}

static void test_reductions_and_views(void **) {
  Tensor m = leaf({3, 4}, 1);
  gradcheck([](const tensor_list &t) { return t[0].sum(1) * t[0].mean(0, true).sum() + t[0].mean(); }, {m});
  gradcheck([](const tensor_list &t) { return std::get<0>(t[0].max(1)) + std::get<0>(t[0].min(0, true)).sum(); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].max() * t[0].min(); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].var() + t[0].std(false) + t[0].var(0) + t[0].std(1, true, true); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].norm() + t[0].norm(1) + t[0].norm(3) + t[0].norm(2, 1, true); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].narrow(1, 1, 2) * t[0].select(0, 2).narrow(0, 0, 2); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].view({2, 6}).t().reshape({4, 3}) * t[0].permute({1, 0}); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].unsqueeze(1).expand({3, 2, 4}).flatten(1) * t[0][1].sum(); }, {m});
  gradcheck([](const tensor_list &t) { return t[0].t().contiguous().squeeze().clone() * t[0].sum(0).unsqueeze(1); }, {m});
  Tensor f = leaf({2, 3}, 2);
  gradcheck([](const tensor_list &t) { return t[0].to(kFloat).to(kDouble) * t[0]; }, {f}, 1e-3, 1e-4);
}

// ------------------------------------------------------------------------ graph semantics
static void test_tensor_used_twice(void **) {
  Tensor x = from_vector(std::vector<double>{1, -2, 3}).requires_grad_();
  Tensor y = (x * x + x * 3.0).sum();  // dy/dx = 2x + 3
  y.backward();
  assert_values(x.grad(), {5, -1, 9});
  assert_true(x.is_leaf());
  assert_false(y.is_leaf());
  assert_true(y.requires_grad());
  assert_string_equal(y.grad_fn()->name().c_str(), "SumBackward");
  // a deep chain (no recursion proportional to the graph's size)
  Tensor z = from_vector(std::vector<double>{1}).requires_grad_(), acc = z;
  for (int i = 0; i < 20000; i++) acc = acc * 1.0 + z * 0.0;
  acc.backward();
  assert_values(z.grad(), {1});
}

static void test_accumulation(void **) {
  Tensor w = from_vector(std::vector<double>{1, 2}).requires_grad_();
  (w * 3.0).sum().backward();
  (w * w).sum().backward();
  assert_values(w.grad(), {3 + 2, 3 + 4});  // grads of leaves accumulate across backward calls
  Tensor held = w.grad();
  (w * 1.0).sum().backward();
  assert_values(held, {6, 8});  // accumulated in place: a held grad sees it
  w.mutable_grad().zero_();
  (w * 2.0).sum().backward();
  assert_values(w.grad(), {2, 2});
  w.mutable_grad() = Tensor();
  assert_false(w.grad().defined());
  (w * 5.0).sum().backward();
  assert_values(w.grad(), {5, 5});
  Tensor x = from_vector(std::vector<double>{1, 2, 3}, {3}).requires_grad_();
  Tensor y = x * 2.0;
  y.backward(from_vector(std::vector<double>{1, 10, 100}));  // an explicit gradient
  assert_values(x.grad(), {2, 20, 200});
  Tensor l = from_vector(std::vector<double>{4}).requires_grad_();
  l.backward();  // backward on a leaf itself
  assert_values(l.grad(), {1});
  Tensor r1 = from_vector(std::vector<double>{2}).requires_grad_();
  autograd::backward({r1 * 3.0, r1 * r1}, {});  // several roots at once
  assert_values(r1.grad(), {3 + 4});
}

static void test_retain_graph(void **) {
  Tensor x = from_vector(std::vector<double>{2}).requires_grad_();
  Tensor y = x * x * x;  // 3x^2 = 12
  y.backward({}, true);
  y.backward();
  assert_values(x.grad(), {24});
  assert_throws(y.backward(), "Trying to backward through the graph a second time");
  assert_throws(y.backward(), "retain_graph=true");
  Tensor z = x.exp();
  z.backward();
  assert_throws(z.backward(), "second time");
}

static void test_no_grad(void **) {
  Tensor x = from_vector(std::vector<double>{1, 2}).requires_grad_();
  {
    NoGradGuard guard;
    assert_false(GradMode::is_enabled());
    Tensor y = x * 2.0 + x.exp();
    assert_false(y.requires_grad());
    assert_true(y.is_leaf());
    x.mul_(2);  // allowed on a leaf without grad mode (as an optimizer step does)
    {
      NoGradGuard inner;
    }
    assert_false(GradMode::is_enabled());
  }
  assert_true(GradMode::is_enabled());
  assert_values(x, {2, 4});
  assert_true((x * 2.0).requires_grad());
  Tensor d = (x * 2.0).detach();
  assert_false(d.requires_grad());
  assert_true(d.is_leaf());
  Tensor c = x.detach();
  c.fill_(9);  // detach shares the data
  assert_values(x, {9, 9});
  assert_false(zeros({2}).requires_grad());
  assert_false(x.grad().defined());
}

static void test_hooks(void **) {
  Tensor x = from_vector(std::vector<double>{1, 2}).requires_grad_();
  Tensor seen;
  x.register_hook([&](const Tensor &g) {
    seen = g.clone();
    return g * 10.0;  // replaces the gradient accumulated into x.grad()
  });
  Tensor h = x * 3.0;
  h.register_hook([](const Tensor &g) { return g + 1.0; });  // on an intermediate
  h.register_hook([](const Tensor &) { return Tensor(); });  // undefined: keeps the gradient
  (h * h).sum().backward();  // d/dh = 2h = [6, 12]; +1 -> [7, 13]; d/dx = 3 * that
  assert_values(seen, {21, 39});
  assert_values(x.grad(), {210, 390});
  assert_throws(zeros({1}).register_hook([](const Tensor &g) { return g; }), "does not require grad");
}

// ------------------------------------------------------------------------ custom functions
struct ScaleFn : autograd::Function<ScaleFn> {
  static Tensor forward(AutogradContext *ctx, Tensor x, double k) {
    ctx->saved_data["k"] = k;
    return x * k;
  }
  static tensor_list backward(AutogradContext *ctx, tensor_list g) {
    return {g[0] * ctx->saved_data["k"], Tensor()};  // one per argument
  }
};

static int needs_seen[2];
struct MulFn : autograd::Function<MulFn> {
  static Tensor forward(AutogradContext *ctx, Tensor a, Tensor b) {
    ctx->save_for_backward({a, b});
    return a * b;
  }
  static tensor_list backward(AutogradContext *ctx, tensor_list g) {
    tensor_list s = ctx->get_saved_variables();
    needs_seen[0] = ctx->needs_input_grad(0);
    needs_seen[1] = ctx->needs_input_grad(1);
    return {ctx->needs_input_grad(0) ? g[0] * s[1] : Tensor(), ctx->needs_input_grad(1) ? g[0] * s[0] : Tensor()};
  }
};

struct SplitFn : autograd::Function<SplitFn> {  // two outputs: x + 1 and 3 x
  static tensor_list forward(AutogradContext *, Tensor x) { return {x + 1.0, x * 3.0}; }
  static tensor_list backward(AutogradContext *, tensor_list g) { return {g[0] + g[1] * 3.0}; }
};

struct IdentityFn : autograd::Function<IdentityFn> {  // returns its input as is
  static Tensor forward(AutogradContext *, Tensor x) { return x; }
  static tensor_list backward(AutogradContext *, tensor_list g) { return {g[0] * 2.0}; }
};

struct BadFn : autograd::Function<BadFn> {
  static Tensor forward(AutogradContext *, Tensor x) { return x.sum(); }
  static tensor_list backward(AutogradContext *, tensor_list g) { return {g[0]}; }  // wrong shape
};

static void test_custom_function(void **) {
  Tensor x = from_vector(std::vector<double>{1, 2, 3}).requires_grad_();
  Tensor y = ScaleFn::apply(x, 2.5);
  assert_values(y, {2.5, 5, 7.5});
  assert_string_equal(y.grad_fn()->name().c_str(), "ScaleFnBackward");
  y.sum().backward();
  assert_values(x.grad(), {2.5, 2.5, 2.5});

  Tensor a = leaf({2, 3}, 1), b = leaf({2, 3}, 2);
  gradcheck([](const tensor_list &t) { return MulFn::apply(t[0], t[1]).tanh(); }, {a, b});
  assert_true(needs_seen[0] && needs_seen[1]);
  Tensor constant = b.detach();
  a.mutable_grad() = Tensor();
  MulFn::apply(a, constant).sum().backward();
  assert_true(needs_seen[0] && !needs_seen[1]);
  assert_values(a.grad(), values(constant));

  Tensor s = from_vector(std::vector<double>{1, 2}).requires_grad_();
  tensor_list outs = SplitFn::apply(s);
  assert_values(outs[0], {2, 3});
  assert_values(outs[1], {3, 6});
  (outs[0] * outs[1]).sum().backward();  // d/ds (s+1)(3s) = 6s + 3
  assert_values(s.grad(), {9, 15});
  s.mutable_grad() = Tensor();
  SplitFn::apply(s)[1].sum().backward();  // the unused output gets a zero gradient
  assert_values(s.grad(), {3, 3});

  Tensor i = from_vector(std::vector<double>{1}).requires_grad_();
  Tensor j = IdentityFn::apply(i);
  assert_true(i.is_leaf());  // the input keeps its own identity
  assert_false(j.is_leaf());
  j.backward();
  assert_values(i.grad(), {2});

  Tensor k = MulFn::apply(x, x);
  k.sum().backward();
  assert_throws(k.sum().backward(), "second time");
  assert_throws(BadFn::apply(x).backward(), "gradient of size [] for input 0 of size [3]");
  NoGradGuard guard;
  assert_false(ScaleFn::apply(x, 2.0).requires_grad());
}

// --------------------------------------------------------------------------- in-place checks
static void test_in_place_autograd(void **) {
  Tensor x = from_vector(std::vector<double>{1, 2}).requires_grad_();
  assert_throws(x.add_(1), "a leaf tensor that requires grad is being used in an in-place operation");
  assert_throws(x.zero_(), "leaf tensor that requires grad");
  Tensor y = x.exp();  // saves its output
  y.add_(1);
  assert_throws(y.sum().backward(), "one of the tensors needed for gradient computation has been modified by an in-place operation");

  Tensor w = from_vector(std::vector<double>{3, 4}).requires_grad_();
  Tensor p = w * x;  // saves w and x
  {
    NoGradGuard guard;
    w.mul_(2);  // an "optimizer step" before backward
  }
  assert_throws(p.sum().backward(), "modified by an in-place operation");

  // In-place on a non-leaf: the history follows.
  Tensor a = from_vector(std::vector<double>{1, 2}).requires_grad_();
  Tensor h = a * 2.0;
  h.add_(1).mul_(3);  // h = 3 (2a + 1)
  h.div_(from_vector(std::vector<double>{1, 2}));
  h.sum().backward();
  assert_values(a.grad(), {6, 3});
  // In-place with an operand that requires grad makes the target require grad.
  Tensor buf = zeros({2}, kDouble), q = from_vector(std::vector<double>{5, 7}).requires_grad_();
  buf.add_(q * q);
  assert_true(buf.requires_grad());
  buf.sum().backward();
  assert_values(q.grad(), {10, 14});
  Tensor target = zeros({2}, kDouble), src = from_vector(std::vector<double>{1, 2}).requires_grad_();
  target.copy_(src * 4.0);
  (target * target).sum().backward();  // d/dsrc (4 src)^2 = 32 src
  assert_values(src.grad(), {32, 64});
}

static void test_errors(void **) {
  Tensor x = from_vector(std::vector<double>{1, 2}).requires_grad_();
  assert_throws((x * 2.0).backward(), "grad can be implicitly created only for one-element outputs");
  assert_throws(zeros({1}).backward(), "does not require grad");
  assert_throws((x * 2.0).backward(zeros({3}, kDouble)), "does not match");
  assert_throws((x * 2.0).set_requires_grad(false), "only leaf tensors");
  assert_throws(Tensor().backward(), "undefined");
  Tensor y = x * 2.0;
  assert_throws(y.backward(ones({2})), "does not match");  // Float gradient for a Double tensor
  y.backward(ones({2}, kDouble));  // the graph was not consumed by the failed calls
  assert_values(x.grad(), {2, 2});
}

// ------------------------------------------------------------------------- the THNN adapter
static Tensor thnn_abs(const Tensor &x) {
  return thnn::apply({"Abs", x},
                     [](auto &a) { EMBER_THNN(Abs_updateOutput, a)(nullptr, a.input, a.output); },
                     [](auto &a) { EMBER_THNN(Abs_updateGradInput, a)(nullptr, a.input, a.grad_output, a.grad_input); });
}

static Tensor thnn_tanh(const Tensor &x) {
  thnn::Call call{"Tanh", x};
  call.save_output = true;
  return thnn::apply(call, [](auto &a) { EMBER_THNN(Tanh_updateOutput, a)(nullptr, a.input, a.output); },
                     [](auto &a) {
                       EMBER_THNN(Tanh_updateGradInput, a)(nullptr, a.input, a.grad_output, a.grad_input, a.output);
                     });
}

static Tensor thnn_relu(const Tensor &x) {
  return thnn::apply({"Threshold", x},
                     [](auto &a) { EMBER_THNN(Threshold_updateOutput, a)(nullptr, a.input, a.output, 0, 0, false); },
                     [](auto &a) {
                       EMBER_THNN(Threshold_updateGradInput, a)(nullptr, a.input, a.grad_output, a.grad_input, 0, 0, false);
                     });
}

// A layer with parameters and caller-owned buffers: THNN's SpatialConvolutionMM (3x3, pad 1).
static Tensor thnn_conv(const Tensor &x, const Tensor &weight, const Tensor &bias) {
  Tensor finput = empty({}, x.dtype()), fgrad = empty({}, x.dtype());
  return thnn::apply(
      {"SpatialConvolutionMM", x, {weight, bias}, {finput, fgrad}},
      [](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateOutput, a)(nullptr, a.input, a.output, a.params[0], a.params[1],
                                                         a.buffers[0], a.buffers[1], 3, 3, 1, 1, 1, 1);
      },
      [](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateGradInput, a)(nullptr, a.input, a.grad_output, a.grad_input, a.params[0],
                                                            a.buffers[0], a.buffers[1], 3, 3, 1, 1, 1, 1);
      },
      [](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_accGradParameters, a)(nullptr, a.input, a.grad_output, a.grad_params[0],
                                                              a.grad_params[1], a.buffers[0], a.buffers[1], 3, 3, 1,
                                                              1, 1, 1, a.scale);
      });
}

static void test_thnn_adapter(void **) {
  Tensor f = from_vector(std::vector<float>{-1.5f, 0.25f, 2});
  assert_values(thnn_abs(f), {1.5, 0.25, 2});
  assert_true(thnn_abs(f).dtype() == kFloat);
  Tensor x = leaf({3, 4}, 1);
  gradcheck([](const tensor_list &t) { return thnn_abs(t[0]) * t[0]; }, {x});
  assert_string_equal(thnn_abs(x).grad_fn()->name().c_str(), "AbsBackward");
  gradcheck([](const tensor_list &t) { return thnn_tanh(t[0] * 2.0); }, {x});
  assert_values(thnn_tanh(x), values(x.tanh()), 1e-12);
  gradcheck([](const tensor_list &t) { return thnn_relu(t[0]) * t[0]; }, {x});
  assert_values(thnn_relu(x), values(x.relu()));

  Tensor img = leaf({2, 3, 5, 4}, 2), weight = leaf({2, 3, 3, 3}, 3), bias = leaf({2}, 4);
  gradcheck([](const tensor_list &t) { return thnn_conv(t[0], t[1], t[2]); }, {img, weight, bias}, 1e-6, 1e-5);
  assert_shape(weight.grad(), {2, 3, 3, 3});
  // Only the parameters need grads: the input gradient is skipped, the bias is optional.
  Tensor plain = img.detach();
  weight.mutable_grad() = Tensor();
  thnn_conv(plain, weight, Tensor()).sum().backward();
  assert_true(weight.grad().defined());
  // Version checks: the saved input was modified.
  Tensor y = thnn_abs(x * 1.0);
  Tensor in = x * 1.0;
  Tensor z = thnn_abs(in);
  in.add_(1);
  assert_throws(z.sum().backward(), "modified by an in-place operation");
  y.sum().backward();
  // A TH error inside a THNN kernel becomes an ember::Error; the adapter stays usable.
  assert_throws(thnn_conv(zeros({2, 4, 5, 4}, kDouble), weight, bias), "weight must be");
  assert_true((thnn_abs(f).sum() * x).dtype() == kDouble);  // mixed dtypes promote (test_dtypes.cpp)
  assert_throws(thnn_conv(img, weight.to(kFloat), bias), "dtype mismatch");
  assert_values(thnn_abs(from_vector(std::vector<double>{-3})), {3});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_composite_broadcasting), cmocka_unit_test(test_matmul_chains),
      cmocka_unit_test(test_reductions_and_views),   cmocka_unit_test(test_tensor_used_twice),
      cmocka_unit_test(test_accumulation),           cmocka_unit_test(test_retain_graph),
      cmocka_unit_test(test_no_grad),                cmocka_unit_test(test_hooks),
      cmocka_unit_test(test_custom_function),        cmocka_unit_test(test_in_place_autograd),
      cmocka_unit_test(test_errors),                 cmocka_unit_test(test_thnn_adapter),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
