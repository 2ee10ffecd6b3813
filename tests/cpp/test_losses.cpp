// ember::nn losses: values and input gradients against PyTorch 1.13 (tests/golden/gen_cpp_nn.py) for
// both reductions in Float and Double, finite differences, class-index checks and the loss modules.
#include <cmath>
#include <optional>
#include <sstream>

#include "nn_golden.hpp"

using namespace ember;
namespace F = ember::nn::functional;
using nn::Reduction;

static const GoldenFile &goldens() {
  static const GoldenFile file("cpp_losses.txt");
  return file;
}

// The gradient of 1.7 * loss in the goldens: backward with 1.7 checks the scaling by the incoming gradient.
static const double kLossScale = 1.7;

using LossFn = std::function<Tensor(const Tensor &input, const Tensor &target, const Tensor &weight, Reduction)>;

// target_dtype: kLong for class indices; by default the input's dtype.
static void check_loss(const std::string &name, const LossFn &fn, bool weighted = false,
                       std::optional<Dtype> target_dtype = std::nullopt) {
  const GoldenFile &g = goldens();
  for (Dtype dt : {kFloat, kDouble}) {
    double tol = golden_tol(dt);
    for (Reduction r : {nn::kMean, nn::kSum}) {
      std::string key = name + (r == nn::kMean ? "_mean" : "_sum");
      Tensor x = g.get(name + "_input", dt).requires_grad_();
      Tensor loss = fn(x, g.get(name + "_target", target_dtype.value_or(dt)), weighted ? g.get(name + "_weight", dt) : Tensor(), r);
      assert_loss_close(loss, g.get(key + "_loss"), tol, (key + " loss").c_str());
      loss.backward(full(loss.sizes(), kLossScale, dt));
      assert_tensor_close(x.grad(), g.get(key + "_gradInput"), tol, tol, (key + " gradInput").c_str());
    }
  }
}

static void check_class_loss(const std::string &name, const LossFn &fn, bool weighted = false) {
  check_loss(name, fn, weighted, kLong);
}

static void test_class_losses_golden(void **) {
  LossFn ce = [](auto &x, auto &t, auto &w, Reduction r) { return F::cross_entropy(x, t, w, -100, r); };
  check_class_loss("cross_entropy", ce);
  check_class_loss("cross_entropy_weighted", ce, true);
  check_class_loss("cross_entropy_single", ce);
  check_class_loss("cross_entropy_ignore", [](auto &x, auto &t, auto &, Reduction r) { return F::cross_entropy(x, t, {}, 1, r); });
  check_class_loss("nll", [](auto &x, auto &t, auto &w, Reduction r) { return F::nll_loss(x, t, w, -100, r); }, true);
  check_class_loss("multi_margin", [](auto &x, auto &t, auto &, Reduction r) { return F::multi_margin_loss(x, t, 1, 1, {}, r); });
  check_class_loss("multi_margin_p2",
             [](auto &x, auto &t, auto &w, Reduction r) { return F::multi_margin_loss(x, t, 2, 0.5, w, r); }, true);
}

static void test_elementwise_losses_golden(void **) {
  check_loss("mse", [](auto &x, auto &t, auto &, Reduction r) { return F::mse_loss(x, t, r); });
  check_loss("l1", [](auto &x, auto &t, auto &, Reduction r) { return F::l1_loss(x, t, r); });
  check_loss("smooth_l1", [](auto &x, auto &t, auto &, Reduction r) { return F::smooth_l1_loss(x, t, r); });
  check_loss("kl_div", [](auto &x, auto &t, auto &, Reduction r) { return F::kl_div(x, t, r); });
  LossFn bce = [](auto &x, auto &t, auto &w, Reduction r) { return F::binary_cross_entropy(x, t, w, r); };
  check_loss("bce", bce);
  check_loss("bce_weighted", bce, true);
  LossFn logits = [](auto &x, auto &t, auto &w, Reduction r) { return F::binary_cross_entropy_with_logits(x, t, w, r); };
  check_loss("bce_logits", logits);
  check_loss("bce_logits_weighted", logits, true);
}

// The modules give what the functions give, and keep their weights as buffers.
static void test_loss_modules(void **) {
  const GoldenFile &g = goldens();
  Tensor x = g.get("cross_entropy_input", kFloat), t = g.get("cross_entropy_target", kLong);
  Tensor w = g.get("cross_entropy_weighted_weight", kFloat);
  nn::CrossEntropyLossImpl ce(nn::CrossEntropyLossOptions().weight(w).reduction(nn::kSum));
  assert_loss_close(ce(x, t), g.get("cross_entropy_weighted_sum_loss"), 2e-5, "CrossEntropyLoss");
  assert_int_equal(ce.state_dict().size(), 1);
  assert_string_equal(ce.state_dict()[0].first.c_str(), "weight");
  ce.to(kDouble);
  assert_loss_close(ce(x.to(kDouble), t), g.get("cross_entropy_weighted_sum_loss"), 1e-7, "in Double");
  nn::NLLLossImpl nll(nn::NLLLossOptions().ignore_index(1));
  assert_loss_close(nll(F::log_softmax(x, 1), t), g.get("cross_entropy_ignore_mean_loss"), 2e-5, "NLLLoss");
  Tensor a = g.get("mse_input", kFloat), b = g.get("mse_target", kFloat);
  assert_loss_close(nn::MSELoss()(a, b), g.get("mse_mean_loss"), 2e-5, "MSELoss");
  assert_loss_close(nn::L1Loss(nn::kSum)(a, b), g.get("l1_sum_loss"), 2e-5, "L1Loss");
  assert_loss_close(nn::SmoothL1Loss()(a, b), g.get("smooth_l1_mean_loss"), 2e-5, "SmoothL1Loss");
  assert_loss_close(nn::KLDivLoss()(g.get("kl_div_input", kFloat), g.get("kl_div_target", kFloat)),
                    g.get("kl_div_mean_loss"), 2e-5, "KLDivLoss");
  assert_loss_close(nn::BCELoss(nn::kMean, g.get("bce_weighted_weight", kFloat))(g.get("bce_input", kFloat), g.get("bce_target", kFloat)),
                    g.get("bce_weighted_mean_loss"), 2e-5, "BCELoss");
  assert_loss_close(nn::BCEWithLogitsLoss()(g.get("bce_logits_input", kFloat), g.get("bce_logits_target", kFloat)),
                    g.get("bce_logits_mean_loss"), 2e-5, "BCEWithLogitsLoss");
  assert_loss_close(nn::MultiMarginLoss(2, 0.5, w)(g.get("multi_margin_p2_input", kFloat), t),
                    g.get("multi_margin_p2_mean_loss"), 2e-5, "MultiMarginLoss");
  std::ostringstream s;
  s << ce << " " << nn::MSELoss(nn::kSum);
  assert_string_equal(s.str().c_str(), "CrossEntropyLoss(reduction=sum) MSELoss(reduction=sum)");
  assert_throws(nn::MultiMarginLoss(3), "p must be 1 or 2");
  assert_throws(static_cast<nn::Module &>(ce)(x), "CrossEntropyLoss has no single-input forward");
}

// ------------------------------------------------------------------------------------ gradients
static void test_loss_gradchecks(void **) {
  manual_seed(8);
  Tensor scores = randn({4, 5}, kDouble).requires_grad_();
  Tensor classes = from_vector(std::vector<long>{4, 0, 2, 2});
  Tensor cw = rand({5}, kDouble) + 0.5;
  for (Reduction r : {nn::kMean, nn::kSum}) {
    gradcheck([&](const tensor_list &) { return F::cross_entropy(scores, classes, cw, 2, r); }, {scores});
    gradcheck([&](const tensor_list &) { return F::multi_margin_loss(scores, classes, 2, 0.3, cw, r); }, {scores});
  }
  Tensor x = randn({3, 4}, kDouble).requires_grad_(), t = randn({3, 4}, kDouble);
  gradcheck([&](const tensor_list &) { return F::mse_loss(x, t) * 3.0; }, {x});
  gradcheck([&](const tensor_list &) { return F::smooth_l1_loss(x, t * 2.0, nn::kSum); }, {x});
  gradcheck([&](const tensor_list &) { return F::l1_loss(x, t); }, {x});
  Tensor probs = (rand({3, 4}, kDouble) * 0.8 + 0.1).requires_grad_(), labels = rand({3, 4}, kDouble);
  Tensor ew = rand({4}, kDouble) + 0.5;
  gradcheck([&](const tensor_list &) { return F::binary_cross_entropy(probs, labels, ew); }, {probs});
  gradcheck([&](const tensor_list &) { return F::binary_cross_entropy_with_logits(x, labels, {}, nn::kSum); }, {x});
  Tensor logp = randn({3, 4}, kDouble).requires_grad_();
  gradcheck([&](const tensor_list &) { return F::kl_div(logp, labels); }, {logp});
}

// ------------------------------------------------------------------------------------ errors
static void test_class_targets(void **) {
  Tensor x = randn({3, 4});
  auto L = [](std::vector<long> v) { return from_vector(v); };
  assert_throws(F::cross_entropy(x, L({0, 4, 1})),
                "cross_entropy: target 4 at position [1] is out of range for a dimension of size 4");
  assert_throws(F::nll_loss(x, L({0, 1, -1})), "nll_loss: target -1 at position [2] is out of range");
  // libtorch refuses floating-point class indices; the other integral dtypes are converted
  assert_throws(F::cross_entropy(x, from_vector(std::vector<float>{0, 1, 2})),
                "cross_entropy: expected a Long tensor of class indices as target, got Float");
  assert_throws(F::nll_loss(x, L({0, 1, 2}).to(kDouble)), "nll_loss: expected a Long tensor of class indices as target, got Double");
  assert_throws(F::multi_margin_loss(x, L({0, 1, 1}).to(kBool)), "expected a Long tensor of class indices as target, got Bool");
  assert_throws(F::cross_entropy(x, Tensor()), "cross_entropy: target is undefined");
  assert_throws(F::cross_entropy(x, L({0, 1})), "target must be [3]");
  assert_throws(F::cross_entropy(x, L({0, 1, 2}), ones({3})), "weight must be [4]");
  assert_throws(F::multi_margin_loss(x, L({9, 1, 2})), "multi_margin_loss: target 9 at position [0]");
  assert_throws(F::multilabel_margin_loss(x, L({0, 1, 2, 4, 0, 1, 2, 3, 0, 1, 2, 3}).view({3, 4})),
                "multilabel_margin_loss: target 4 at position [0][3]");
  assert_throws(F::mse_loss(x, zeros({4, 3})), "mse_loss: target of size [4 x 3] does not match input of size [3 x 4]");
  assert_throws(F::mse_loss(x, zeros({3, 4}, kDouble)), "dtype mismatch");
  assert_throws(F::binary_cross_entropy(x.abs() + 1.0, zeros({3, 4})), "BCECriterion_updateOutput");  // not probabilities
  // targets equal to ignore_index are allowed even out of range; a fully ignored batch sums to 0
  assert_values(F::cross_entropy(x, L({-100, -100, -100}), {}, -100, nn::kSum), {0});
  // Int, Short, Char and Byte class indices give what Long ones give, for a Float or Double input
  for (Dtype dt : {kInt, kShort, kChar, kByte})
    assert_tensor_close(F::cross_entropy(x, L({0, 3, 1}).to(dt)), F::cross_entropy(x, L({0, 3, 1})), 0, 0, dtype_name(dt));
  Tensor y = F::cross_entropy(x.to(kDouble), L({0, 3, 1}));
  assert_int_equal((int)y.dtype(), (int)kDouble);
  // after the errors, a good call works
  Tensor xr = x.clone().requires_grad_();
  F::cross_entropy(xr, L({0, 3, 1})).backward();
  assert_shape(xr.grad(), {3, 4});
}

// With logits of +-100, the float loss stays finite and matches the exact one.
static void test_bce_with_logits_extremes(void **) {
  Tensor x = from_vector(std::vector<float>{100, -100, 0}).requires_grad_();
  Tensor t = from_vector(std::vector<float>{0, 1, 1});
  Tensor loss = F::binary_cross_entropy_with_logits(x, t, {}, nn::kSum);
  assert_values(loss, {200 + std::log(2.0)}, 1e-6);
  loss.backward();
  assert_values(x.grad(), {1, -1, -0.5}, 1e-6);  // sigmoid(x) - t
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_class_losses_golden), cmocka_unit_test(test_elementwise_losses_golden),
      cmocka_unit_test(test_loss_modules),        cmocka_unit_test(test_loss_gradchecks),
      cmocka_unit_test(test_class_targets),       cmocka_unit_test(test_bce_with_logits_extremes),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
