// ember::nn's activation, normalisation, dropout, embedding, recurrent-cell and loss families against
// PyTorch 1.13 (tests/golden/gen_cpp_actnorm.py: same parameters, same input, the output and the
// gradients) in Float and Double, gradients against finite differences, dropout's statistics,
// printing, and bad input (the ember::Error message; the library keeps working).
#include <cmath>
#include <optional>
#include <sstream>

#include "nn_golden.hpp"

using namespace ember;
namespace F = nn::functional;

static const GoldenFile &goldens() {
  static const GoldenFile file("cpp_actnorm.txt");
  return file;
}

static const Dtype kDtypes[] = {kFloat, kDouble};

static tensor_list with_parameters(nn::Module &m, const Tensor &x) {
  tensor_list r{x};
  for (Tensor &p : m.parameters()) r.push_back(p);
  return r;
}

// ------------------------------------------------------------------------------------ activations
static void test_activation_golden(void **) {
  check_layer_both<nn::PReLU>(goldens(), "prelu");
  check_layer_both<nn::PReLU>(goldens(), "prelu_c", 3);
  check_layer_both<nn::PReLU>(goldens(), "prelu_ncl", 3);
  check_layer_both<nn::GLU>(goldens(), "glu", 1);
  check_layer_both<nn::GLU>(goldens(), "glu_last");
  check_layer_both<nn::Hardtanh>(goldens(), "hardtanh", -0.5, 0.7);
  check_layer_both<nn::ReLU6>(goldens(), "relu6");
  check_layer_both<nn::Hardshrink>(goldens(), "hardshrink", 0.3);
  check_layer_both<nn::Softshrink>(goldens(), "softshrink", 0.3);
  check_layer_both<nn::Threshold>(goldens(), "threshold", 0.1, 20.0);
  check_layer_both<nn::LogSigmoid>(goldens(), "logsigmoid");
  for (Dtype dt : kDtypes) {
    nn::RReLU rrelu(0.1, 0.3);
    rrelu->eval();  // the mean slope
    check_layer(goldens(), "rrelu_eval", *rrelu, dt);
  }
  nn::PReLU prelu;
  assert_values(prelu->weight, {0.25});
  assert_values(nn::PReLU(4, 0.1)->weight, {0.1, 0.1, 0.1, 0.1});
}

static void test_activation_gradcheck(void **) {
  manual_seed(4);
  auto check = [](nn::Module &m, const Tensor &x) {
    m.to(kDouble);
    gradcheck([&](const tensor_list &) { return m.forward(x); }, with_parameters(m, x));
  };
  nn::PReLUImpl prelu(3);
  check(prelu, randn({2, 3, 2, 2}, kDouble).requires_grad_());
  check(prelu, randn({2, 3, 4}, kDouble).requires_grad_());
  nn::PReLUImpl shared;
  check(shared, randn({3, 5}, kDouble).requires_grad_());
  nn::GLUImpl glu(0);
  check(glu, randn({4, 3}, kDouble).requires_grad_());
  nn::SoftshrinkImpl soft(0.2);
  check(soft, randn({3, 4}, kDouble).requires_grad_());
  nn::RReLUImpl rrelu;
  rrelu.eval();
  check(rrelu, randn({3, 4}, kDouble).requires_grad_());
}

// Training draws one slope per element in [lower, upper]; the gradient is that slope.
static void test_rrelu_training(void **) {
  for (Dtype dt : kDtypes) {
    manual_seed(9);
    Tensor x = (rand({400}, dt) - 1.0).requires_grad_();  // all negative
    Tensor y = F::rrelu(x, 0.2, 0.4, true);
    y.sum().backward();
    std::vector<double> xs = values(x), ys = values(y), gs = values(x.grad());
    double lo = 1, hi = 0;
    for (size_t i = 0; i < xs.size(); i++) {
      double slope = ys[i] / xs[i];
      lo = std::min(lo, slope), hi = std::max(hi, slope);
      assert_close(gs[i], slope, 1e-5);
    }
    assert_true(lo >= 0.2 - 1e-6 && hi <= 0.4 + 1e-6 && hi - lo > 0.15);  // spread over the range
    manual_seed(9);
    Tensor x2 = rand({400}, dt) - 1.0;
    assert_values(F::rrelu(x2, 0.2, 0.4, true), ys, 0);  // the global generator: reproducible
    Tensor pos = full({3}, 2.0, dt);
    assert_values(F::rrelu(pos, 0.2, 0.4, true), {2, 2, 2}, 0);
  }
}

// relu6 is hardtanh(0, 6): one implementation, one node.
static void test_relu6_is_hardtanh(void **) {
  Tensor x = from_vector(std::vector<double>{-2, 0.5, 3, 7}).requires_grad_();
  Tensor y = F::relu6(x);
  assert_values(y, {0, 0.5, 3, 6}, 0);
  assert_string_equal(y.grad_fn()->name().c_str(), "HardtanhBackward");
  y.sum().backward();
  assert_values(x.grad(), {0, 1, 1, 0}, 0);
}

// ------------------------------------------------------------------------------------ batch norm
static void check_batchnorm(const std::string &name, nn::BatchNormImplBase &bn, Dtype dt) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  bn.train();
  check_layer(g, name, bn, dt);
  bool tracked = bn.options.track_running_stats();
  if (tracked) {
    assert_tensor_close(bn.running_mean, g.get(name + "_after_running_mean"), tol, tol, "running_mean");
    assert_tensor_close(bn.running_var, g.get(name + "_after_running_var"), tol, tol, "running_var");
    assert_values(bn.num_batches_tracked, {1});
  }
  bn.eval();
  Tensor x = g.get(name + "_eval_input", dt).requires_grad_();
  Tensor y = bn.forward(x);
  assert_tensor_close(y, g.get(name + "_eval_output"), tol, tol, "eval output");
  (y * g.get(name + "_eval_gradOutput", dt)).sum().backward();
  assert_tensor_close(x.grad(), g.get(name + "_eval_gradInput"), tol, tol, "eval gradInput");
}

static void test_batchnorm_golden(void **) {
  for (Dtype dt : kDtypes) {
    nn::BatchNorm3d bn3(2);
    check_batchnorm("bn3d", *bn3, dt);
    nn::BatchNorm2d plain(nn::BatchNormOptions(2).track_running_stats(false));
    check_batchnorm("bn_nostats", *plain, dt);
    std::vector<std::string> keys;
    for (auto &[k, v] : plain->state_dict()) keys.push_back(k);
    assert_true((keys == std::vector<std::string>{"weight", "bias"}));  // PyTorch's state_dict
  }
  manual_seed(2);
  nn::BatchNorm3dImpl bn(2);
  bn.to(kDouble);
  Tensor x = randn({2, 2, 2, 2, 3}, kDouble).requires_grad_();
  gradcheck([&](const tensor_list &) { return bn.forward(x); }, with_parameters(bn, x));
  assert_throws(bn.forward(zeros({2, 2, 3, 3})), "BatchNorm3d: input must have 5 dimensions, got size [2 x 2 x 3 x 3]");
  assert_throws(nn::BatchNorm3d(0), "BatchNorm3d: num_features must be positive, got 0");
  assert_shape(bn.forward(zeros({2, 2, 1, 1, 2}, kDouble)), {2, 2, 1, 1, 2});  // still works
}

// ------------------------------------------------------------------------------------ dropout
static void test_dropout_statistics(void **) {
  manual_seed(13);
  for (Dtype dt : kDtypes) {
    nn::Dropout drop(0.3);
    Tensor x = ones({4000}, dt).requires_grad_();
    Tensor y = drop(x);
    y.sum().backward();
    std::vector<double> ys = values(y), gs = values(x.grad());
    long zeros_seen = 0;
    for (size_t i = 0; i < ys.size(); i++) {
      if (ys[i] == 0) zeros_seen++;
      else assert_close(ys[i], 1 / 0.7, 1e-6);
      assert_close(gs[i], ys[i], 1e-6);  // the gradient is the mask
    }
    assert_true(std::fabs(zeros_seen / 4000.0 - 0.3) < 0.04);
    drop->eval();
    assert_true(drop(x).impl_ptr() == x.impl_ptr());  // the identity
  }
  // Channel-wise: every plane (volume) is all zero or all 1/(1-p).
  auto check_planes = [](const Tensor &y, long planes, long plane_size, double p) {
    std::vector<double> v = values(y);
    long dropped = 0;
    for (long k = 0; k < planes; k++) {
      double first = v[(size_t)(k * plane_size)];
      assert_true(first == 0 || std::fabs(first - 1 / (1 - p)) < 1e-6);
      for (long i = 1; i < plane_size; i++) assert_true(v[(size_t)(k * plane_size + i)] == first);
      dropped += first == 0;
    }
    assert_true(std::fabs((double)dropped / planes - p) < 0.08);
  };
  nn::Dropout2d drop2(0.4);
  check_planes(drop2(ones({10, 60, 2, 3})), 600, 6, 0.4);
  check_planes(drop2(ones({300, 2, 3})), 300, 6, 0.4);  // one sample [C x H x W]
  nn::Dropout3d drop3(0.25);
  check_planes(drop3(ones({8, 50, 2, 2, 2})), 400, 8, 0.25);
  Tensor x = ones({2, 100, 2, 2}, kDouble).requires_grad_();
  Tensor y = F::dropout2d(x, 0.5);
  y.sum().backward();
  assert_values(x.grad(), values(y));
  assert_values(F::dropout3d(ones({2, 3, 1, 1, 1}), 1.0), std::vector<double>(6, 0.0), 0);
  assert_throws(drop2(ones({2, 3})), "dropout2d: input must have 3 to 4 dimensions, got size [2 x 3]");
  assert_throws(drop3(ones({2, 3, 4})), "dropout3d: input must have 4 to 5 dimensions");
  assert_throws(nn::Dropout2d(1.5), "Dropout2d: p must be in [0, 1], got 1.5");
  assert_throws(F::dropout(ones({2}), -0.1), "dropout: p must be in [0, 1]");
  assert_shape(drop2(ones({1, 2, 2, 2})), {1, 2, 2, 2});  // still works
}

// ------------------------------------------------------------------------------------ embedding
static void check_embedding(const std::string &name, nn::EmbeddingImpl &emb, Dtype dt) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  emb.to(dt);
  emb.load_state_dict(g.with_prefix(name + "_param_", dt));
  emb.zero_grad();
  Tensor y = emb.forward(g.get(name + "_input", kLong));
  assert_tensor_close(y, g.get(name + "_output"), tol, tol, (name + " output").c_str());
  assert_tensor_close(emb.weight, g.get(name + "_after_weight"), tol, tol, (name + " renormalised weight").c_str());
  (y * g.get(name + "_gradOutput", dt)).sum().backward();
  assert_tensor_close(emb.weight.grad(), g.get(name + "_grad_weight"), tol, tol, (name + " grad").c_str());
}

static void test_embedding(void **) {
  for (Dtype dt : kDtypes) {
    nn::Embedding a(nn::EmbeddingOptions(6, 3).max_norm(1.0));
    check_embedding("emb_maxnorm", *a, dt);
    nn::Embedding b(nn::EmbeddingOptions(6, 3).padding_idx(1).max_norm(0.8).norm_type(1));
    check_embedding("emb_maxnorm_p1", *b, dt);
  }
  Tensor table = from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {3, 2});
  nn::Embedding frozen = nn::Embedding::from_pretrained(table);
  assert_false(frozen->weight.requires_grad());
  assert_values(frozen(from_vector(std::vector<long>{2, 0})), {5, 6, 1, 2}, 0);
  table.fill_(0);
  assert_values(frozen->weight[0], {1, 2}, 0);  // a copy
  nn::Embedding trainable = nn::Embedding::from_pretrained(frozen->weight, false, 0);
  assert_true(trainable->weight.requires_grad());
  trainable(from_vector(std::vector<long>{0, 1, 1})).sum().backward();
  assert_values(trainable->weight.grad(), {0, 0, 2, 2, 0, 0}, 0);  // no gradient for the padding row
  assert_int_equal((long)trainable->parameters().size(), 1);
  assert_throws(nn::Embedding(nn::EmbeddingOptions(3, 2).max_norm(0.0)), "Embedding: max_norm must be positive, got 0");
  assert_throws(F::embedding(ones({1}, kLong), table, std::nullopt, 1.0, -1), "embedding: norm_type must be positive");
  assert_throws(nn::Embedding::from_pretrained(ones({3})), "Embedding::from_pretrained: embeddings must have 2 dimensions");
  assert_throws(frozen(from_vector(std::vector<long>{3})),
                "embedding: id 3 at position [0] is out of range for a dimension of size 3");
  assert_throws(frozen(from_vector(std::vector<double>{1})), "embedding: expected a Long tensor of ids as input, got Double");
  assert_values(frozen(from_vector(std::vector<long>{1})), {3, 4}, 0);  // still works
}

// ------------------------------------------------------------------------------------ cells
static void check_cell(const std::string &name, nn::RNNCellImplBase &cell, Dtype dt, bool lstm) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  load_case_state(g, name, cell, dt);
  Tensor x = g.get(name + "_input", dt).requires_grad_();
  tensor_list state = golden_states(g, name, dt, lstm ? 2 : 1);
  tensor_list final;
  if (lstm) {
    auto [h, c] = static_cast<nn::LSTMCellImpl &>(cell).forward(x, {state[0], state[1]});
    final = {h, c};
  } else {
    final = {static_cast<nn::GRUCellImpl &>(cell).forward(x, state[0])};
  }
  assert_final_states(g, name, final, dt).backward();
  assert_tensor_close(x.grad(), g.get(name + "_gradInput"), tol, tol, (name + " gradInput").c_str());
  assert_state_grads(g, name, state, tol);
  assert_param_grads(g, name, cell, tol);
}

static void test_cells(void **) {
  for (Dtype dt : kDtypes) {
    nn::LSTMCell lstm(3, 4);
    check_cell("lstmcell", *lstm, dt, true);
    nn::GRUCell gru(3, 4);
    check_cell("grucell", *gru, dt, false);
    nn::GRUCell plain(nn::GRUCellOptions(3, 2).bias(false));
    check_cell("grucell_nobias", *plain, dt, false);  // one sample: input [3], state [2]
  }
  manual_seed(6);
  nn::LSTMCell lstm(3, 2);
  lstm->to(kDouble);
  Tensor x = randn({2, 3}, kDouble).requires_grad_();
  tensor_list inputs = with_parameters(*lstm, x);
  gradcheck([&](const tensor_list &) { auto [h, c] = lstm(x, std::tuple<Tensor, Tensor>{}); return h + c * 0.5; },
            inputs);
  // hx left out means zeros
  Tensor z = zeros({2, 2}, kDouble);
  assert_values(lstm->forward(x), values(std::get<0>(lstm(x, std::tuple<Tensor, Tensor>{z, z}))), 0);
  nn::GRUCell gru(3, 2);
  gru->to(kDouble);
  Tensor h = randn({2, 2}, kDouble).requires_grad_();
  inputs = with_parameters(*gru, x);
  inputs.push_back(h);
  gradcheck([&](const tensor_list &) { return gru(x, h); }, inputs);
  std::vector<std::string> names;
  for (auto &[k, v] : gru->named_parameters()) names.push_back(k);
  assert_true((names == std::vector<std::string>{"weight_ih", "weight_hh", "bias_ih", "bias_hh"}));
  assert_throws(gru(randn({2, 4}, kDouble), h), "GRUCell: expected input with 3 features (the last dimension), got size [2 x 4]");
  assert_throws(gru(x, randn({3, 2}, kDouble)), "GRUCell: hx must be [2 x 2] for input of size [2 x 3], got [3 x 2]");
  assert_throws(nn::LSTMCell(0, 2), "LSTMCell: input_size and hidden_size must be positive, got 0, 2");
  assert_shape(gru(x, h), {2, 2});  // still works
}

// ------------------------------------------------------------------------------------ losses
static void check_loss(const std::string &name,
                       const std::function<Tensor(const Tensor &, const Tensor &, const Tensor &, nn::Reduction)> &fn,
                       bool weighted = false, std::optional<Dtype> target_dtype = std::nullopt) {
  const GoldenFile &g = goldens();  // target_dtype: kLong for class indices; by default the input's dtype
  for (Dtype dt : kDtypes) {
    double tol = golden_tol(dt);
    for (nn::Reduction r : {nn::kMean, nn::kSum}) {
      std::string key = name + (r == nn::kMean ? "_mean" : "_sum");
      Tensor x = g.get(name + "_input", dt).requires_grad_();
      Tensor loss = fn(x, g.get(name + "_target", target_dtype.value_or(dt)), weighted ? g.get(name + "_weight", dt) : Tensor(), r);
      assert_loss_close(loss, g.get(key + "_loss"), tol, (key + " loss").c_str());
      loss.backward(full(loss.sizes(), 1.7, dt));
      assert_tensor_close(x.grad(), g.get(key + "_gradInput"), tol, tol, (key + " gradInput").c_str());
    }
  }
}

static void test_losses(void **) {
  check_loss("soft_margin", [](auto &x, auto &t, auto &, nn::Reduction r) { return nn::SoftMarginLoss(r)(x, t); });
  check_loss("multilabel_margin",
             [](auto &x, auto &t, auto &, nn::Reduction r) { return nn::MultiLabelMarginLoss(r)(x, t); }, false, kLong);
  check_loss("multilabel_soft_margin",
             [](auto &x, auto &t, auto &, nn::Reduction r) { return F::multilabel_soft_margin_loss(x, t, {}, r); });
  check_loss("multilabel_soft_margin_weighted",
             [](auto &x, auto &t, auto &w, nn::Reduction r) { return nn::MultiLabelSoftMarginLoss(r, w)(x, t); }, true);
  check_loss("nll2d", [](auto &x, auto &t, auto &w, nn::Reduction r) { return F::nll_loss(x, t, w, -100, r); }, true,
             kLong);
  check_loss("cross_entropy2d", [](auto &x, auto &t, auto &, nn::Reduction r) {
    return nn::CrossEntropyLoss(nn::CrossEntropyLossOptions().reduction(r))(x, t);
  }, false, kLong);
  manual_seed(8);
  Tensor x = randn({3, 4}, kDouble).requires_grad_();
  Tensor labels = from_vector(std::vector<double>{1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0}, {3, 4});
  gradcheck([&](const tensor_list &) { return F::multilabel_soft_margin_loss(x, labels); }, {x});
  Tensor images = randn({2, 3, 2, 2});
  assert_throws(F::nll_loss(images, zeros({2, 2, 3}, kLong)), "nll_loss: target must be [2 x 2 x 2] (one class index per pixel");
  assert_throws(F::cross_entropy(images, full({2, 2, 2}, 255, kLong), {}, 255),
                "cross_entropy: target 255 at position [0][0][0] is out of range for a dimension of size 3");
  assert_throws(F::nll_loss(images, zeros({2, 2, 2})), "nll_loss: expected a Long tensor of class indices as target, got Float");
  assert_throws(F::multilabel_margin_loss(zeros({2, 3}), full({2, 3}, 3, kLong)),
                "multilabel_margin_loss: target 3 at position [0][0]");
  assert_throws(F::multilabel_margin_loss(zeros({2, 3}), full({2, 3}, 1.0)), "expected a Long tensor of class indices");
  assert_throws(F::soft_margin_loss(zeros({2, 3}), zeros({3})), "soft_margin_loss: target of size [3] does not match input");
  assert_throws(F::multilabel_soft_margin_loss(zeros({2, 3}), zeros({2, 3}), ones({2})), "weight must be [3]");
  assert_true(std::isfinite(F::nll_loss(images, zeros({2, 2, 2}, kLong)).item()));  // still works
}

// ------------------------------------------------------------------------------------ printing, errors
static void test_printing(void **) {
  std::ostringstream s;
  s << nn::PReLU(3) << " " << nn::RReLU(0.125, 0.25) << " " << nn::Hardtanh(-2, 2) << " " << nn::ReLU6() << " "
    << nn::Hardshrink() << " " << nn::Softshrink(0.25) << " " << nn::Threshold(0.1, 20) << " " << nn::GLU() << " "
    << nn::LogSigmoid() << " " << nn::BatchNorm3d(4) << " "
    << nn::BatchNorm1d(nn::BatchNormOptions(2).track_running_stats(false)) << " " << nn::Dropout2d(0.2) << " "
    << nn::Dropout3d() << " " << nn::Embedding(nn::EmbeddingOptions(5, 2).padding_idx(-1).max_norm(2).norm_type(1))
    << " " << nn::LSTMCell(3, 4) << " " << nn::GRUCell(nn::GRUCellOptions(2, 5).bias(false)) << " "
    << nn::SoftMarginLoss() << " " << nn::MultiLabelSoftMarginLoss(nn::kSum);
  assert_string_equal(s.str().c_str(),
                      "PReLU(num_parameters=3) RReLU(lower=0.125, upper=0.25) Hardtanh(min_val=-2, max_val=2) ReLU6() "
                      "Hardshrink(0.5) Softshrink(0.25) Threshold(threshold=0.1, value=20) GLU(dim=-1) LogSigmoid() "
                      "BatchNorm3d(4, eps=1e-05, momentum=0.1, affine=true) "
                      "BatchNorm1d(2, eps=1e-05, momentum=0.1, affine=true, track_running_stats=false) "
                      "Dropout2d(p=0.2) Dropout3d(p=0.5) Embedding(5, 2, padding_idx=4, max_norm=2, norm_type=1) "
                      "LSTMCell(3, 4) GRUCell(2, 5, bias=false) SoftMarginLoss(reduction=mean) "
                      "MultiLabelSoftMarginLoss(reduction=sum)");
}

static void test_bad_activation_input(void **) {
  assert_throws(F::glu(zeros({2, 3}), 1), "GatedLinear_updateOutput: input must have an even size at dimension 2");
  assert_throws(F::glu(zeros({2, 4}), 2), "glu");
  assert_throws(nn::Hardtanh(1, 1), "Hardtanh: min_val 1.000000 must be less than max_val 1.000000");
  assert_throws(F::hardtanh(zeros({2}), 2, -2), "hardtanh: min_val 2.000000 must be less than max_val");
  assert_throws(nn::Softshrink(-1), "Softshrink: lambda must be >= 0, got -1");
  assert_throws(nn::RReLU(0.5, 0.2), "RReLU: expected 0 <= lower <= upper, got lower 0.5");
  assert_throws(nn::PReLU(0), "PReLU: num_parameters must be positive, got 0");
  nn::PReLU prelu(3);
  assert_throws(prelu(zeros({2, 4, 2, 2})), "PReLU_updateOutput: input must have nOutputPlane = 3 channels");
  assert_throws(F::prelu(zeros({2, 3}), zeros({3}, kDouble)), "prelu: weight is Double but the input is Float");
  assert_shape(prelu(zeros({2, 3, 2, 2})), {2, 3, 2, 2});  // still works
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_activation_golden),  cmocka_unit_test(test_activation_gradcheck),
      cmocka_unit_test(test_rrelu_training),     cmocka_unit_test(test_relu6_is_hardtanh),
      cmocka_unit_test(test_batchnorm_golden),   cmocka_unit_test(test_dropout_statistics),
      cmocka_unit_test(test_embedding),          cmocka_unit_test(test_cells),
      cmocka_unit_test(test_losses),             cmocka_unit_test(test_printing),
      cmocka_unit_test(test_bad_activation_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
