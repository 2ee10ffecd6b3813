// ember::nn: every layer against PyTorch 1.13 (tests/golden/gen_cpp_nn.py: same weights, same input,
// the output and the gradients of sum(output * g)) in Float and Double, gradients against finite
// differences, the Module tree (names, state_dict, errors, train/eval, to, hooks, printing),
// initialisation and errors from THNN inside a layer.
#include <cmath>
#include <set>
#include <sstream>

#include "nn_golden.hpp"

using namespace ember;
using nn::NamedTensors;

static const GoldenFile &goldens() {
  static const GoldenFile file("cpp_nn.txt");
  return file;
}

static const Dtype kDtypes[] = {kFloat, kDouble};

// ------------------------------------------------------------------------------------ goldens
static void test_linear_conv_golden(void **) {
  check_layer_both<nn::LinearImpl>(goldens(), "linear", 5, 3);
  check_layer_both<nn::LinearImpl>(goldens(), "linear3d", 5, 3);
  check_layer_both<nn::LinearImpl>(goldens(), "linear_nobias", 4, 2, false);
  check_layer_both<nn::Conv2dImpl>(goldens(), "conv2d", nn::Conv2dOptions(2, 3, {3, 2}).stride({2, 1}).padding({1, 0}));
  check_layer_both<nn::Conv2dImpl>(goldens(), "conv2d_single", nn::Conv2dOptions(2, 2, 3).padding(1));
  check_layer_both<nn::ConvTranspose2dImpl>(goldens(), "convt2d",
                                        nn::ConvTranspose2dOptions(2, 2, 3).stride(2).padding(1).output_padding(1));
}

static void test_pooling_golden(void **) {
  check_layer_both<nn::MaxPool2dImpl>(goldens(), "maxpool", 3, 2, 1);
  check_layer_both<nn::MaxPool2dImpl>(goldens(), "maxpool_ceil", 2, 0, 0, true);
  check_layer_both<nn::AvgPool2dImpl>(goldens(), "avgpool", 3, 2, 1);
  check_layer_both<nn::AvgPool2dImpl>(goldens(), "avgpool_nopad", 3, 2, 1, false, false);
  check_layer_both<nn::AdaptiveAvgPool2dImpl>(goldens(), "adaptive", nn::Size2(3, 2));
}

static void test_activation_golden(void **) {
  check_layer_both<nn::ReLUImpl>(goldens(), "relu");
  check_layer_both<nn::LeakyReLUImpl>(goldens(), "leaky_relu", 0.2);
  check_layer_both<nn::ELUImpl>(goldens(), "elu", 0.7);
  check_layer_both<nn::TanhImpl>(goldens(), "tanh");
  check_layer_both<nn::SigmoidImpl>(goldens(), "sigmoid");
  check_layer_both<nn::SoftplusImpl>(goldens(), "softplus", 2.0, 3.0);
  check_layer_both<nn::LogSoftmaxImpl>(goldens(), "log_softmax", 1);
  check_layer_both<nn::LogSoftmaxImpl>(goldens(), "log_softmax_last", -1);
  check_layer_both<nn::SoftmaxImpl>(goldens(), "softmax_dim0", 0);
  check_layer_both<nn::SoftmaxImpl>(goldens(), "softmax_4d", 1);
  check_layer_both<nn::FlattenImpl>(goldens(), "flatten");
}

static void check_batchnorm(const std::string &name, nn::BatchNormImplBase &bn, Dtype dt) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  check_layer(g, name, bn, dt);  // training mode: batch statistics
  assert_tensor_close(bn.running_mean, g.get(name + "_after_running_mean"), tol, tol, "running_mean");
  assert_tensor_close(bn.running_var, g.get(name + "_after_running_var"), tol, tol, "running_var");
  assert_values(bn.num_batches_tracked, {1});
  bn.eval();
  Tensor x = g.get(name + "_eval_input", dt).requires_grad_();
  Tensor y = bn(x);
  assert_tensor_close(y, g.get(name + "_eval_output"), tol, tol, "eval output");
  (y * g.get(name + "_eval_gradOutput", dt)).sum().backward();
  assert_tensor_close(x.grad(), g.get(name + "_eval_gradInput"), tol, tol, "eval gradInput");
  assert_tensor_close(bn.running_mean, g.get(name + "_after_running_mean"), tol, tol, "running_mean kept in eval");
  assert_values(bn.num_batches_tracked, {1});
}

static void test_batchnorm_golden(void **) {
  for (Dtype dt : kDtypes) {
    nn::BatchNorm2dImpl bn2(3);
    check_batchnorm("bn2d", bn2, dt);
    nn::BatchNorm1dImpl bn1(3), bn1_3d(2);
    check_batchnorm("bn1d", bn1, dt);
    check_batchnorm("bn1d_3d", bn1_3d, dt);
  }
  nn::BatchNorm2dImpl bn(3);
  assert_throws(bn(zeros({2, 4, 2, 2})), "expected 3 channels");
  assert_throws(bn(zeros({2, 3})), "must have 4 dimensions");
  assert_throws(bn(zeros({1, 3, 1, 1})), "more than one value per channel");  // THNN's check, as an Error
  bn.eval();
  assert_shape(bn(zeros({1, 3, 1, 1})), {1, 3, 1, 1});  // evaluation needs no batch statistics
}

static void test_embedding_golden(void **) {
  for (Dtype dt : kDtypes) {
    nn::EmbeddingImpl emb(7, 3, 2);
    check_layer(goldens(), "embedding", emb, dt, /*ids=*/true);
    // Int, Short, Char and Byte ids are converted, whatever the table's dtype
    for (Dtype id_dtype : {kInt, kShort, kChar, kByte}) {
      Tensor ids = goldens().get("embedding_input", id_dtype);
      assert_tensor_close(emb(ids), goldens().get("embedding_output"), golden_tol(dt), golden_tol(dt), dtype_name(id_dtype));
    }
  }
  nn::EmbeddingImpl emb(7, 3, 2);
  auto L = [](std::vector<long> v, Shape shape = {}) { return shape.empty() ? from_vector(v) : from_vector(v, shape); };
  assert_values(emb.weight[2], {0, 0, 0});  // the padding row starts at 0
  assert_throws(emb(L({1, 7})), "embedding: id 7 at position [1] is out of range for a dimension of size 7");
  assert_throws(emb(L({0, 1, 2, -1}, {2, 2})), "embedding: id -1 at position [1][1] is out of range");
  assert_throws(emb(from_vector(std::vector<float>{1, 2})), "embedding: expected a Long tensor of ids as input, got Float");
  assert_throws(emb(L({1}).to(kBool)), "embedding: expected a Long tensor of ids as input, got Bool");
  assert_throws(nn::Embedding(3, 2, 3), "padding_idx 3 is out of range");
  assert_shape(emb(L({1, 2, 3, 4, 5, 6}, {2, 1, 3})), {2, 1, 3, 3});  // still works
}

static void check_rnn(const std::string &name, nn::RNNImplBase &rnn, Dtype dt, bool lstm) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  load_case_state(g, name, rnn, dt);
  Tensor x = g.get(name + "_input", dt).requires_grad_();
  tensor_list state = golden_states(g, name, dt, lstm ? 2 : 1);
  Tensor y;
  tensor_list final;
  if (lstm) {
    std::tuple<Tensor, Tensor> hc;
    std::tie(y, hc) = static_cast<nn::LSTMImpl &>(rnn).forward_with_state(x, {state[0], state[1]});
    final = {std::get<0>(hc), std::get<1>(hc)};
  } else {
    Tensor hn;
    std::tie(y, hn) = static_cast<nn::GRUImpl &>(rnn).forward_with_state(x, state[0]);
    final = {hn};
  }
  assert_tensor_close(y, g.get(name + "_output"), tol, tol, (name + " output").c_str());
  ((y * g.get(name + "_gradOutput", dt)).sum() + assert_final_states(g, name, final, dt)).backward();
  assert_tensor_close(x.grad(), g.get(name + "_gradInput"), tol, tol, (name + " gradInput").c_str());
  assert_state_grads(g, name, state, tol);
  assert_param_grads(g, name, rnn, tol);
}

static void test_rnn_golden(void **) {
  for (Dtype dt : kDtypes) {
    nn::LSTMImpl lstm(3, 2, 2);
    check_rnn("lstm", lstm, dt, true);
    nn::GRUImpl gru(3, 2, 2);
    check_rnn("gru", gru, dt, false);
    nn::LSTMImpl single(3, 2);
    check_rnn("lstm_unbatched", single, dt, true);
  }
  nn::LSTMImpl lstm(nn::LSTMOptions(3, 4).num_layers(2).bias(false));
  assert_int_equal(lstm.parameters().size(), 4);
  assert_shape(lstm(zeros({5, 2, 3})), {5, 2, 4});  // zero initial state by default
  assert_throws(lstm(zeros({5, 2, 4})), "expected input with 3 features");
  assert_throws(lstm.forward_with_state(zeros({5, 2, 3}), {zeros({2, 3, 4}), Tensor()}), "h_0 must be [2 x 2 x 4]");
  nn::GRUImpl gru(3, 4);
  auto [y, h] = gru.forward_with_state(zeros({5, 3}));  // unbatched
  assert_shape(y, {5, 4});
  assert_shape(h, {1, 4});
}

// ------------------------------------------------------------------------------------ gradients
static void test_composite_gradcheck(void **) {
  manual_seed(3);
  auto conv = nn::Conv2d(nn::Conv2dOptions(2, 3, 3).padding(1));
  nn::Sequential model{conv,
                       nn::ReLU(),
                       nn::MaxPool2d(2),
                       nn::Flatten(),
                       nn::Linear(3 * 3 * 2, 4)};
  model->to(kDouble);
  nn::CrossEntropyLoss loss;
  Tensor x = randn({3, 2, 6, 4}, kDouble).requires_grad_();
  Tensor target = from_vector(std::vector<long>{0, 3, 2});
  tensor_list inputs{x};
  for (Tensor &p : model->parameters()) inputs.push_back(p);
  gradcheck([&](const tensor_list &) { return loss(model(x), target); }, inputs);
  assert_true(conv->weight.grad().defined());
}

static void test_layer_gradchecks(void **) {
  manual_seed(5);
  auto params_of = [](nn::Module &m, Tensor x) {
    tensor_list r{x};
    for (Tensor &p : m.parameters()) r.push_back(p);
    return r;
  };
  auto check = [&](nn::Module &m, Tensor x) {
    m.to(kDouble);
    gradcheck([&](const tensor_list &) { return m(x); }, params_of(m, x));
  };
  nn::ConvTranspose2dImpl convt(nn::ConvTranspose2dOptions(2, 3, {2, 3}).stride({2, 1}).padding({0, 1}));
  check(convt, randn({2, 2, 3, 3}, kDouble).requires_grad_());
  nn::AvgPool2dImpl avg(3, 2, 1, true, false);
  check(avg, randn({2, 5, 4}, kDouble).requires_grad_());
  nn::AdaptiveAvgPool2dImpl adaptive({2, 3});
  check(adaptive, randn({1, 2, 5, 7}, kDouble).requires_grad_());
  nn::BatchNorm2dImpl bn(2);
  check(bn, randn({3, 2, 2, 3}, kDouble).requires_grad_());
  bn.eval();
  check(bn, randn({3, 2, 2, 3}, kDouble).requires_grad_());
  nn::BatchNorm1dImpl bn_plain(3, 1e-5, 0.1, /*affine=*/false);
  check(bn_plain, randn({4, 3}, kDouble).requires_grad_());
  nn::SoftmaxImpl softmax(1);
  check(softmax, randn({2, 3, 4}, kDouble).requires_grad_());
  nn::LogSoftmaxImpl log_softmax(0);
  check(log_softmax, randn({3, 2}, kDouble).requires_grad_());
  nn::EmbeddingImpl emb(5, 2);
  emb.to(kDouble);
  Tensor ids = from_vector(std::vector<long>{1, 4, 1, 0}, {2, 2});
  gradcheck([&](const tensor_list &) { return emb(ids); }, {emb.weight});
  nn::LSTMImpl lstm(nn::LSTMOptions(3, 2).num_layers(2));
  lstm.to(kDouble);
  Tensor x = randn({4, 2, 3}, kDouble).requires_grad_(), h0 = randn({2, 2, 2}, kDouble).requires_grad_(),
         c0 = randn({2, 2, 2}, kDouble).requires_grad_();
  tensor_list inputs = params_of(lstm, x);
  inputs.push_back(h0);
  inputs.push_back(c0);
  gradcheck(
      [&](const tensor_list &) {
        auto [y, state] = lstm.forward_with_state(x, {h0, c0});
        return y.sum(0) + std::get<1>(state).sum(0) * 0.5;  // the output sequence and c_n
      },
      inputs);
  nn::GRUImpl gru(3, 2);
  gru.to(kDouble);
  inputs = params_of(gru, x);
  gradcheck([&](const tensor_list &) { return std::get<1>(gru.forward_with_state(x)); }, inputs);
}

// Conv2d and MaxPool2d give each call its own kernel buffers: two calls before one backward, a smaller
// batch and repeated steps must give what the functional forms give.
// F::relu / tanh / sigmoid are Tensor's relu / tanh / sigmoid: the same values, the same node, and
// that node keeps the output only (the input may change in place before backward).
static void test_activations_one_implementation(void **) {
  namespace F = nn::functional;
  using Fn = Tensor (*)(const Tensor &);
  struct Case { const char *node; Fn f; Tensor (Tensor::*method)() const; } cases[] = {
      {"ReluBackward", F::relu, &Tensor::relu},
      {"TanhBackward", F::tanh, &Tensor::tanh},
      {"SigmoidBackward", F::sigmoid, &Tensor::sigmoid}};
  for (Dtype dt : kDtypes)
    for (const Case &c : cases) {
      Tensor x = from_vector(std::vector<double>{-3, -0.5, 0, 0.25, 2, 40}, {2, 3}).to(dt);
      assert_values(c.f(x), values((x.*c.method)()), 0);
      Tensor a = x.clone().requires_grad_(), h = a * 1.0;
      Tensor y = c.f(h);
      assert_string_equal(y.grad_fn()->name().c_str(), c.node);
      assert_string_equal((h.*c.method)().grad_fn()->name().c_str(), c.node);
      Tensor yv = y.detach().clone();
      h.add_(1.0);          // the input changes; the gradient reads the output only
      y.sum().backward();   // threw "modified by an in-place operation" when F:: kept the input
      std::vector<double> yy = values(yv), g = values(a.grad()), xs = values(x);
      for (size_t i = 0; i < yy.size(); i++) {
        double expected = c.method == &Tensor::relu ? (xs[i] > 0) : c.method == &Tensor::tanh ? 1 - yy[i] * yy[i]
                                                                                                : yy[i] * (1 - yy[i]);
        assert_close(g[i], expected, dt == kFloat ? 1e-6 : 1e-12);
      }
    }
  Tensor nan = from_vector(std::vector<double>{NAN, -1, 1}, {3});
  assert_true(std::isnan(values(nan.relu())[0]));  // as PyTorch: relu(NaN) is NaN
  assert_values(nan.relu().narrow(0, 1, 2), {0, 1}, 0);
}

static void test_buffer_reuse(void **) {
  namespace F = nn::functional;
  manual_seed(6);
  nn::Conv2dImpl conv(nn::Conv2dOptions(2, 3, 3).padding(1));
  nn::MaxPool2dImpl pool(2);
  conv.to(kDouble);
  auto through_modules = [&](const Tensor &a, const Tensor &b) { return (pool(conv(a)) * 2.0 + pool(conv(b))).sum(); };
  auto through_functions = [&](const Tensor &a, const Tensor &b) {
    auto f = [&](const Tensor &x) { return F::max_pool2d(F::conv2d(x, conv.weight, conv.bias, 1, 1), 2); };
    return (f(a) * 2.0 + f(b)).sum();
  };
  for (long batch : {3, 3, 1, 2}) {
    Tensor a = randn({batch, 2, 4, 6}, kDouble).requires_grad_(), b = randn({batch, 2, 4, 6}, kDouble);
    conv.weight.mutable_grad() = Tensor();
    through_modules(a, b).backward();
    Tensor ga = a.grad(), gw = conv.weight.grad();
    a.mutable_grad() = Tensor();
    conv.weight.mutable_grad() = Tensor();
    through_functions(a, b).backward();
    assert_tensor_close(ga, a.grad(), 1e-12, 1e-12, "input gradient");
    assert_tensor_close(gw, conv.weight.grad(), 1e-12, 1e-12, "weight gradient");
  }
  // a graph kept alive keeps its buffers: a second backward through it still works
  Tensor x = randn({2, 2, 4, 6}, kDouble).requires_grad_();
  Tensor kept = pool(conv(x)).sum();
  kept.backward(Tensor(), /*retain_graph=*/true);
  Tensor once = x.grad().clone();
  for (int i = 0; i < 3; i++) pool(conv(randn({2, 2, 4, 6}, kDouble).requires_grad_())).sum().backward();
  kept.backward();
  assert_tensor_close(x.grad(), once * 2.0, 1e-12, 1e-12, "second backward");
}

// ------------------------------------------------------------------------------------ the tree
namespace {
struct Net : nn::Module {
  Net() : Module("Net") {
    conv = register_module("conv", nn::Conv2d(nn::Conv2dOptions(1, 2, 3)));
    body = register_module("body", nn::Sequential(
                                        nn::BatchNorm1d(8), nn::ReLU(),
                                        nn::Dropout(0.5), nn::Linear(8, 3)));
    scale = ones({1});
    register_parameter("scale", &scale);       // by address: the member follows to()
    register_buffer("steps", zeros({1}));      // by value
  }
  Tensor forward(const Tensor &x) override { return body(conv(x).flatten(1)) * scale; }
  nn::Conv2d conv{nullptr};
  nn::Sequential body{nullptr};
  Tensor scale;
};

std::vector<std::string> names(const NamedTensors &list) {
  std::vector<std::string> r;
  for (auto &e : list) r.push_back(e.first);
  return r;
}

void assert_names(const NamedTensors &list, const std::vector<std::string> &expected) {
  std::vector<std::string> got = names(list);
  std::string g, e;
  for (auto &s : got) g += s + " ";
  for (auto &s : expected) e += s + " ";
  if (g != e) fail_msg("names: %s\nexpected: %s", g.c_str(), e.c_str());
}
}  // namespace

static void test_tree_names(void **) {
  Net net;
  assert_names(net.named_parameters(), {"scale", "conv.weight", "conv.bias", "body.0.weight", "body.0.bias",
                                        "body.3.weight", "body.3.bias"});
  assert_names(net.named_parameters(false), {"scale"});
  assert_names(net.named_buffers(), {"steps", "body.0.running_mean", "body.0.running_var", "body.0.num_batches_tracked"});
  // state_dict: per module its parameters then its buffers, then the children (PyTorch's order)
  assert_names(net.state_dict(), {"scale", "steps", "conv.weight", "conv.bias", "body.0.weight", "body.0.bias",
                                  "body.0.running_mean", "body.0.running_var", "body.0.num_batches_tracked",
                                  "body.3.weight", "body.3.bias"});
  assert_int_equal(net.parameters().size(), 7);
  auto children = net.named_children();
  assert_int_equal(children.size(), 2);
  assert_string_equal(children[0].first.c_str(), "conv");
  assert_true(net.children()[1] == net.body.ptr());
  int count = 0;
  net.apply([&](nn::Module &) { count++; });
  assert_int_equal(count, 7);  // Net, conv, body and body's 4
  for (Tensor &p : net.parameters()) assert_true(p.requires_grad() && p.is_leaf());
  for (Tensor &b : net.buffers()) assert_false(b.requires_grad());
  assert_true(net.conv->weight.is_same(net.parameters()[1]));  // the member is the parameter
  assert_throws(net.body[4], "index 4 out of range");
}

static void test_registration_errors(void **) {
  struct Bad : nn::Module {
    Bad() : Module("Bad") {}
    void add(const std::string &name) { register_parameter(name, zeros({1})); }
    void add_buffer(const std::string &name) { register_buffer(name, zeros({1})); }
    void add_module(const std::string &name, std::shared_ptr<nn::Module> m) { register_module(name, m); }
  } bad;
  bad.add("w");
  assert_throws(bad.add("w"), "cannot register parameter \"w\": the name is already taken");
  assert_throws(bad.add_buffer("w"), "already taken");
  assert_throws(bad.add_module("w", nn::ReLU().ptr()), "already taken");
  assert_throws(bad.add("a.b"), "contain no '.'");
  assert_throws(bad.add_module("m", nullptr), "it is null");
  assert_throws(bad(zeros({1})), "Bad has no single-input forward");
  assert_throws(bad.remove_hook(3), "no hook with id 3");
}

static void test_state_dict_round_trip(void **) {
  manual_seed(1);
  Net a;
  manual_seed(2);
  Net b;
  assert_false(a.conv->weight.equal(b.conv->weight));
  b.load_state_dict(a.state_dict());
  NamedTensors sa = a.state_dict(), sb = b.state_dict();
  for (size_t i = 0; i < sa.size(); i++) assert_true(sa[i].second.equal(sb[i].second));
  // a state_dict shares the data: it is a view of the live tensors
  NamedTensors state = a.state_dict();
  assert_false(state[0].second.requires_grad());
  // loading converts the dtype
  Net c;
  c.to(kDouble);
  c.load_state_dict(a.state_dict());
  assert_int_equal((int)c.conv->weight.dtype(), (int)kDouble);
  assert_tensor_close(c.conv->weight, a.conv->weight, 1e-7, 0, "converted");
}

static void test_state_dict_errors(void **) {
  Net net;
  NamedTensors before = net.state_dict();
  std::vector<Tensor> snapshot;
  for (auto &e : before) snapshot.push_back(e.second.clone());
  auto untouched = [&]() {
    NamedTensors now = net.state_dict();
    for (size_t i = 0; i < now.size(); i++) assert_true(now[i].second.equal(snapshot[i]));
  };
  NamedTensors changed;  // every value different, then one problem at a time
  for (auto &e : before) changed.emplace_back(e.first, e.second + 1.0);

  NamedTensors missing(changed.begin() + 1, changed.end());
  assert_throws(net.load_state_dict(missing), "missing entries: scale");
  untouched();
  NamedTensors unexpected = changed;
  unexpected.emplace_back("body.9.weight", zeros({1}));
  assert_throws(net.load_state_dict(unexpected), "unexpected entries: body.9.weight");
  untouched();
  NamedTensors misshaped = changed;
  misshaped[3].second = zeros({2, 1, 3, 2});
  assert_throws(net.load_state_dict(misshaped),
                "size mismatch for conv.bias: the model has [2], the state has [2 x 1 x 3 x 2]");
  untouched();
  assert_throws(net.load_state_dict(misshaped, /*strict=*/false), "size mismatch for conv.bias");
  untouched();
  NamedTensors repeated = changed;
  repeated.push_back(changed[0]);
  assert_throws(net.load_state_dict(repeated), "repeated entries: scale");
  untouched();
  NamedTensors several = missing;
  several.emplace_back("extra", zeros({1}));
  try {
    net.load_state_dict(several);
    fail_msg("no error");
  } catch (const Error &e) {
    std::string m = e.what();
    assert_true(m.find("missing entries: scale") != std::string::npos);
    assert_true(m.find("unexpected entries: extra") != std::string::npos);
    assert_true(m.find("nothing was loaded") != std::string::npos);
  }
  untouched();
  // not strict: what matches is loaded, the rest ignored
  net.load_state_dict(several, false);
  assert_values(net.scale, {1});
  assert_true(net.conv->bias.equal(changed[3].second));
  // the model still trains after the failed loads
  net.eval();
  Tensor y = net(randn({2, 1, 4, 4}));
  y.sum().backward();
  assert_true(net.conv->weight.grad().defined());
}

static void test_train_eval(void **) {
  Net net;
  assert_true(net.is_training());
  net.eval();
  for (auto &c : net.body->children()) assert_false(c->is_training());
  auto dropout = (*net.body)[2];
  Tensor x = randn({4, 8});
  assert_true((*dropout)(x).equal(x));  // identity in evaluation
  net.train();
  assert_true(dropout->is_training());
  manual_seed(11);
  Tensor big = ones({100, 100}).requires_grad_();
  Tensor y = (*dropout)(big);
  std::vector<double> v = values(y);
  long zero = 0;
  for (double e : v) {
    if (e == 0) zero++;
    else assert_close(e, 2.0, 1e-6);  // kept elements scaled by 1/(1-p)
  }
  assert_true(zero > 4700 && zero < 5300);
  y.sum().backward();
  assert_true(big.grad().equal(y.detach()));  // the gradient is the mask (scaled) for an input of ones
  manual_seed(11);
  assert_true((*dropout)(ones({100, 100})).equal(y.detach()));  // the global generator decides
  // BatchNorm: batch statistics in training, running ones in evaluation
  nn::BatchNorm1dImpl bn(2);
  Tensor batch = from_vector(std::vector<float>{1, 10, 3, 20}, {2, 2});
  assert_values(bn(batch), {-1, -1, 1, 1}, 1e-4);
  assert_values(bn.running_mean, {0.2, 1.5}, 1e-6);
  assert_values(bn.running_var, {0.9 + 0.1 * 2, 0.9 + 0.1 * 50}, 1e-6);  // unbiased variances 2, 50
  bn.eval();
  Tensor expected = (batch - bn.running_mean) / (bn.running_var + 1e-5).sqrt();
  assert_tensor_close(bn(batch), expected, 1e-5, 1e-5, "evaluation");
  assert_throws(nn::Dropout(1.5), "p must be in [0, 1]");
  assert_true(nn::functional::dropout(x, 1.0).equal(zeros_like(x)));
}

static void test_to_dtype(void **) {
  Net net;
  Tensor old_weight = net.conv->weight;
  net.scale.mutable_grad() = full({1}, 3);
  net.to(kDouble);
  for (auto &[name, t] : net.state_dict()) assert_int_equal((int)t.dtype(), (int)kDouble);
  assert_int_equal((int)net.conv->weight.dtype(), (int)kDouble);  // members follow
  assert_int_equal((int)net.scale.dtype(), (int)kDouble);
  assert_int_equal((int)net.scale.grad().dtype(), (int)kDouble);
  assert_true(net.conv->weight.requires_grad() && net.conv->weight.is_leaf());
  assert_tensor_close(net.conv->weight, old_weight, 1e-7, 0, "values kept");
  net.eval();
  Tensor y = net(randn({2, 1, 4, 4}, kDouble));
  assert_int_equal((int)y.dtype(), (int)kDouble);
  assert_throws(net(randn({2, 1, 4, 4})), "dtype mismatch");
  net.to(kFloat);
  assert_int_equal((int)net.body->parameters()[0].dtype(), (int)kFloat);
}

static void test_hooks_zero_grad(void **) {
  nn::LinearImpl lin(3, 2);
  int calls = 0;
  Tensor seen_in, seen_out;
  int id = lin.register_forward_hook([&](nn::Module &m, const Tensor &in, const Tensor &out) {
    calls++;
    seen_in = in;
    seen_out = out;
    assert_string_equal(m.type_name().c_str(), "Linear");
  });
  Tensor x = randn({4, 3});
  Tensor y = lin(x);
  assert_int_equal(calls, 1);
  assert_true(seen_in.is_same(x) && seen_out.is_same(y));
  lin.forward(x);  // forward alone runs no hook
  assert_int_equal(calls, 1);
  lin.remove_hook(id);
  lin(x);
  assert_int_equal(calls, 1);
  y.sum().backward();
  assert_true(lin.weight.grad().defined());
  lin.zero_grad();
  assert_values(lin.weight.grad(), std::vector<double>(6, 0.0));
  assert_values(lin.bias.grad(), {0, 0});
  lin(x).sum().backward();
  assert_values(lin.bias.grad(), {4, 4});  // d/db of the sum over 4 rows
}

static void test_printing(void **) {
  nn::Sequential seq{nn::Conv2d(nn::Conv2dOptions(1, 6, 5).padding(2)), nn::ReLU(),
                     nn::MaxPool2d(2), nn::Flatten(),
                     nn::Linear(1176, 10, false)};
  std::ostringstream s;
  s << seq;
  assert_string_equal(s.str().c_str(),
                      "Sequential(\n"
                      "  (0): Conv2d(1, 6, kernel_size=5, stride=1, padding=2)\n"
                      "  (1): ReLU()\n"
                      "  (2): MaxPool2d(kernel_size=2, stride=2, padding=0, ceil_mode=false)\n"
                      "  (3): Flatten(start_dim=1, end_dim=-1)\n"
                      "  (4): Linear(in_features=1176, out_features=10, bias=false)\n"
                      ")");
  Net net;
  std::ostringstream t;
  t << net;
  assert_string_equal(t.str().c_str(),
                      "Net(\n"
                      "  (conv): Conv2d(1, 2, kernel_size=3, stride=1)\n"
                      "  (body): Sequential(\n"
                      "    (0): BatchNorm1d(8, eps=1e-05, momentum=0.1, affine=true)\n"
                      "    (1): ReLU()\n"
                      "    (2): Dropout(p=0.5)\n"
                      "    (3): Linear(in_features=8, out_features=3, bias=true)\n"
                      "  )\n"
                      ")");
  std::ostringstream u;
  u << nn::LSTM(nn::LSTMOptions(3, 4).num_layers(2)) << " " << nn::ConvTranspose2d(nn::ConvTranspose2dOptions(2, 3, {3, 1}).stride(2).output_padding(1));
  assert_string_equal(u.str().c_str(),
                      "LSTM(3, 4, num_layers=2) ConvTranspose2d(2, 3, kernel_size=(3, 1), stride=2, output_padding=1)");
}

// ------------------------------------------------------------------------------------ errors
static void test_thnn_error_in_layer(void **) {
  nn::Sequential model{nn::Conv2d(1, 2, 5), nn::ReLU()};
  Tensor small = randn({1, 1, 3, 3}).requires_grad_();
  try {
    model(small);
    fail_msg("no error for a too-small input");
  } catch (const Error &e) {
    assert_non_null(std::strstr(e.what(), "SpatialConvolutionMM_updateOutput"));
  }
  assert_throws(model(randn({1, 3, 8, 8})), "SpatialConvolutionMM_updateOutput");  // wrong channel count
  assert_throws(nn::MaxPool2d(3, 1, 2)(randn({1, 1, 4, 4})), "SpatialMaxPooling_updateOutput");  // pad > k/2
  // the model is still usable
  Tensor x = randn({2, 1, 6, 6});
  Tensor y = model(x);
  assert_shape(y, {2, 2, 2, 2});
  y.sum().backward();
  assert_true(model->parameters()[0].grad().defined());
  assert_throws(nn::Linear(3, 0), "out_features must be positive");
  assert_throws(nn::functional::linear(randn({2, 4}), randn({3, 5})), "Linear_updateOutput");
}

// ------------------------------------------------------------------------------------ init
static void test_init(void **) {
  manual_seed(4);
  nn::LinearImpl lin(400, 300);
  double bound = 1 / std::sqrt(400.0);
  std::vector<double> w = values(lin.weight);
  double sum = 0, sq = 0, top = 0;
  for (double v : w) {
    sum += v;
    sq += v * v;
    top = std::max(top, std::fabs(v));
  }
  double mean = sum / w.size(), std = std::sqrt(sq / w.size() - mean * mean);
  assert_true(top <= bound && top > 0.99 * bound);
  assert_close(std, bound / std::sqrt(3.0), 0.01);  // the std of U(-b, b)
  for (double v : values(lin.bias)) assert_true(std::fabs(v) <= bound);
  // the conv's fan_in counts the kernel; ConvTranspose2d's uses weight.size(1), as PyTorch
  nn::Conv2dImpl conv(4, 8, 3);
  for (double v : values(conv.weight)) assert_true(std::fabs(v) <= 1 / std::sqrt(36.0));
  auto fans = nn::init::calculate_fan_in_and_fan_out(nn::ConvTranspose2d(4, 8, 3)->weight);
  assert_int_equal(fans.first, 72);
  assert_int_equal(fans.second, 36);
  // the same seed gives the same model
  manual_seed(9);
  nn::LinearImpl a(5, 4);
  manual_seed(9);
  nn::LinearImpl b(5, 4);
  assert_true(a.weight.equal(b.weight) && a.bias.equal(b.bias));

  Tensor t = empty({200, 300});
  nn::init::xavier_uniform_(t, 2);
  double xb = 2 * std::sqrt(6.0 / 500);
  for (double v : values(t)) assert_true(std::fabs(v) <= xb);
  nn::init::kaiming_normal_(t, 0, nn::init::FanMode::FanOut, nn::init::Nonlinearity::ReLU);
  assert_close(values(t.std())[0], std::sqrt(2.0 / 200), 0.02);
  nn::init::xavier_normal_(t);
  assert_close(values(t.std())[0], std::sqrt(2.0 / 500), 0.02);
  nn::init::kaiming_uniform_(t, 0, nn::init::FanMode::FanIn, nn::init::Nonlinearity::ReLU);
  assert_close(values(t.abs().max())[0], std::sqrt(6.0 / 300), 0.01);
  nn::init::normal_(t, 2, 0.5);
  assert_close(values(t.mean())[0], 2, 0.01);
  nn::init::constant_(t, 0.25);
  assert_close(values(t.min())[0], 0.25, 0);
  nn::init::ones_(t);
  nn::init::zeros_(t);
  assert_close(values(t.abs().max())[0], 0, 0);
  nn::init::uniform_(t, 3, 4);
  assert_true(values(t.min())[0] >= 3 && values(t.max())[0] < 4);
  // in place on a parameter, outside NoGradGuard: allowed
  nn::init::zeros_(lin.weight);
  assert_true(lin.weight.requires_grad());
  assert_close(nn::init::calculate_gain(nn::init::Nonlinearity::Tanh), 5.0 / 3, 1e-12);
  assert_close(nn::init::calculate_gain(nn::init::Nonlinearity::LeakyReLU), std::sqrt(2 / 1.0001), 1e-12);
  assert_close(nn::init::calculate_gain(nn::init::Nonlinearity::LeakyReLU, std::sqrt(5.0)), std::sqrt(1 / 3.0), 1e-12);
  assert_close(nn::init::calculate_gain(nn::init::Nonlinearity::Sigmoid), 1, 0);
  Tensor v = empty({5});
  assert_throws(nn::init::xavier_uniform_(v), "2 or more dimensions");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_linear_conv_golden),  cmocka_unit_test(test_pooling_golden),
      cmocka_unit_test(test_activation_golden),   cmocka_unit_test(test_batchnorm_golden),
      cmocka_unit_test(test_embedding_golden),    cmocka_unit_test(test_rnn_golden),
      cmocka_unit_test(test_composite_gradcheck), cmocka_unit_test(test_layer_gradchecks),
      cmocka_unit_test(test_buffer_reuse),        cmocka_unit_test(test_activations_one_implementation),
      cmocka_unit_test(test_tree_names),          cmocka_unit_test(test_registration_errors),
      cmocka_unit_test(test_state_dict_round_trip), cmocka_unit_test(test_state_dict_errors),
      cmocka_unit_test(test_train_eval),          cmocka_unit_test(test_to_dtype),
      cmocka_unit_test(test_hooks_zero_grad),     cmocka_unit_test(test_printing),
      cmocka_unit_test(test_thnn_error_in_layer), cmocka_unit_test(test_init),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
