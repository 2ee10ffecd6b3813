// CUDA tensors against the CPU: every result computed on the GPU is compared with the same call on
// the CPU (the reference). Needs a CUDA device: without one it prints "skipped: no CUDA device" and
// passes (test_device.cpp covers what can be checked without a GPU).
#include "ember_test.hpp"

#include <cstdio>
#include <functional>
#include <memory>

using namespace ember;

namespace {
const double kTol = 1e-5;

// a (CUDA) holds the values of b (CPU), with b's shape and dtype.
void assert_matches(const Tensor &a, const Tensor &b, double tol = kTol) {
  if (!a.is_cuda()) fail_msg("expected a CUDA tensor, got one on %s", a.device().str().c_str());
  assert_true(a.dtype() == b.dtype());
  assert_shape(a, b.sizes());
  assert_values(a, values(b), tol);
}

// A Double tensor and a non-contiguous view of one (a transpose), filled from the seeded generator.
Tensor sample(Shape shape, Dtype dtype = kDouble) { return randn(shape, dtype); }
}  // namespace

static void test_round_trip(void **) {
  for (Dtype dt : {kFloat, kDouble}) {
    Tensor x = sample({3, 4}, dt);
    Tensor g = x.cuda();
    assert_true(g.is_cuda());
    assert_true(g.device() == Device(kCUDA, 0));
    assert_true(g.cuda().is_same(g));
    assert_true(g.to(Device("cuda:0")).is_same(g));
    assert_matches(g, x);
    Tensor back = g.cpu();
    assert_false(back.is_cuda());
    assert_true(back.equal(x));
    assert_true(x.t().cuda().cpu().equal(x.t()));  // non-contiguous upload
    assert_true(g.t().cpu().equal(x.t()));         // non-contiguous download
    assert_string_equal(g.toString().c_str(),
                        dt == kFloat ? "torch.CudaTensor of size 3x4" : "torch.CudaDoubleTensor of size 3x4");
    std::string shown = printed(g), expected = printed(x);
    assert_string_equal(shown.substr(0, shown.find('[')).c_str(), expected.substr(0, expected.find('[')).c_str());
    assert_true(g[1][2].item() == x[1][2].item());
  }
}

// pin_memory gives a CPU copy; an upload from it with non_blocking matches once the stream has run
// (item() waits for it).
static void test_pinned_async_upload(void **) {
  for (Dtype dt : {kFloat, kDouble}) {
    Tensor x = sample({3, 4}, dt);
    Tensor pinned = x.t().pin_memory();
    assert_false(pinned.is_cuda());
    assert_true(pinned.is_contiguous() && pinned.equal(x.t()));
    Tensor g = pinned.to(Device(kCUDA), true);
    assert_true(g[0][0].item() == pinned[0][0].item());
    assert_matches(g, pinned);
    assert_matches(x.t().to(Device(kCUDA), true), x.t());  // non-contiguous: a blocking upload
  }
}

static void test_factories(void **) {
  assert_matches(zeros({2, 3}, kCUDA), zeros({2, 3}));
  assert_matches(ones({4}, {kDouble, "cuda:0"}), ones({4}, kDouble));
  assert_matches(full({2}, 7, Device("cuda")), full({2}, 7));
  manual_seed(5);
  Tensor r_cpu = rand({5});
  manual_seed(5);
  assert_matches(rand({5}, kCUDA), r_cpu, 0);
  Tensor g = ones({3}, kCUDA);
  assert_true(zeros_like(g).is_cuda() && empty_like(g).is_cuda() && randn_like(g).is_cuda());
  manual_seed(9);
  Tensor n_cpu = empty({6}).normal_(1, 2);
  manual_seed(9);
  assert_matches(empty({6}, kCUDA).normal_(1, 2), n_cpu, 0);
}

static void test_mixed_device_errors(void **) {
  Tensor a = ones({2}), b = ones({2}, kCUDA);
  assert_throws(a + b, "device mismatch");
  assert_throws(b * a, "cuda:0");
  assert_throws(b * a, "cpu");
  assert_throws(a.add_(b), "add_: device mismatch");
  assert_throws(ones({2, 2}).mm(ones({2, 2}, kCUDA)), "mm: device mismatch");
  Tensor w = ones({2}, kCUDA).requires_grad_();
  assert_throws((w * 2.0).sum().backward(ones({1})), "the gradient is on cpu");
  // copy_ moves values between devices.
  Tensor c = zeros({2}, kCUDA);
  c.copy_(full({2}, 3));
  assert_values(c, {3, 3});
  assert_values(b + 1, {2, 2});  // still usable
}

static void test_pointwise_and_reductions(void **) {
  Tensor x = sample({4, 5}), y = sample({4, 5}), row = sample({5});
  Tensor pos = x.abs() + 0.5;
  Tensor gx = x.cuda(), gy = y.cuda(), grow = row.cuda(), gpos = pos.cuda();
  assert_matches(gx + gy, x + y);
  assert_matches(gx.t() - gy.t(), x.t() - y.t());
  assert_matches(gx * grow, x * row);  // broadcast
  assert_matches(gx / (gpos + 1.0), x / (pos + 1.0));
  assert_matches(2.0 / gpos, 2.0 / pos);
  assert_matches(-gx, -x);
  assert_matches(gx.exp(), x.exp());
  assert_matches(gpos.log(), pos.log());
  assert_matches(gpos.sqrt(), pos.sqrt());
  assert_matches(gx.abs(), x.abs());
  assert_matches(gx.tanh(), x.tanh());
  assert_matches(gx.sigmoid(), x.sigmoid());
  assert_matches(gx.relu(), x.relu());
  assert_matches(gx.sign(), x.sign());
  assert_matches(gx.clamp(-0.5, 0.5), x.clamp(-0.5, 0.5));
  assert_matches(gpos.pow(1.5), pos.pow(1.5));
  assert_matches(gx.gt(gy), x.gt(y));
  assert_matches(gx.le(0.1), x.le(0.1));
  assert_matches(gx.sum(), x.sum());
  assert_matches(gx.sum(1), x.sum(1));
  assert_matches(gx.t().sum(0, true), x.t().sum(0, true));
  assert_matches(gx.mean(), x.mean());
  assert_matches(gx.mean(0), x.mean(0));
  assert_matches(gx.var(), x.var());
  assert_matches(gx.std(1, false), x.std(1, false));
  assert_matches(gx.norm(), x.norm());
  assert_matches(gx.norm(1, 1), x.norm(1, 1));
  assert_matches(gx.max(), x.max());
  assert_matches(gx.min(), x.min());
  auto [gv, gi] = gx.max(1);
  auto [v, i] = x.max(1);
  assert_matches(gv, v);
  assert_matches(gi, i);  // 0-based indices, of the input's dtype
  assert_matches(gx.argmin(), x.argmin());
  assert_matches(gx.matmul(gy.t()), x.matmul(y.t()));
  assert_matches(gx.matmul(grow), x.matmul(row));
  Tensor b1 = sample({2, 3, 4}), b2 = sample({2, 4, 5});
  assert_matches(b1.cuda().bmm(b2.cuda()), b1.bmm(b2));
  assert_matches(gx.narrow(1, 1, 3).contiguous().view({-1}), x.narrow(1, 1, 3).contiguous().view({-1}));
  assert_matches(gx.to(kFloat), x.to(kFloat));
  assert_true(gx.allclose(gx.clone()));
  assert_true(gx.equal(x.cuda()));
}

static void test_gradients(void **) {
  Tensor x = sample({3, 4}), w = sample({4, 2}), b = sample({2});
  auto f = [](const Tensor &x, const Tensor &w, const Tensor &b) {
    Tensor h = x.matmul(w) + b;
    return (h.tanh() * h.sigmoid() + h.relu() + h.exp() / 4.0).sum() + std::get<0>(h.max(1)).sum() +
           h.pow(2.0).mean() + h.t().contiguous().norm();
  };
  Tensor cx = x.clone().requires_grad_(), cw = w.clone().requires_grad_(), cb = b.clone().requires_grad_();
  Tensor gx = x.cuda().requires_grad_(), gw = w.cuda().requires_grad_(), gb = b.cuda().requires_grad_();
  Tensor lc = f(cx, cw, cb), lg = f(gx, gw, gb);
  assert_matches(lg, lc);
  lc.backward();
  lg.backward();
  assert_matches(gx.grad(), cx.grad());
  assert_matches(gw.grad(), cw.grad());
  assert_matches(gb.grad(), cb.grad());
  // The gradient of a device move goes back to the source device.
  Tensor c = x.clone().requires_grad_();
  (c.cuda() * 3.0).sum().backward();
  assert_false(c.grad().is_cuda());
  assert_values(c.grad(), std::vector<double>(12, 3.0));
}

static void test_functional(void **) {
  Tensor x = sample({3, 5}), t = sample({3, 5});
  Tensor gx = x.cuda(), gt = t.cuda();
  assert_matches(nn::functional::softmax(gx, 1), nn::functional::softmax(x, 1));
  assert_matches(nn::functional::log_softmax(gx, 0), nn::functional::log_softmax(x, 0));
  assert_matches(nn::functional::mse_loss(gx, gt), nn::functional::mse_loss(x, t));
  assert_matches(nn::functional::l1_loss(gx, gt, nn::kSum), nn::functional::l1_loss(x, t, nn::kSum));
  // Class losses, with a weight, an ignored target and both reductions; gradients too.
  Tensor logits = sample({4, 3}), labels = from_vector(std::vector<long>{2, 0, 1, 2}), weight = sample({3}).abs();
  for (nn::Reduction red : {nn::kMean, nn::kSum}) {
    Tensor cl = logits.clone().requires_grad_(), gl = logits.cuda().requires_grad_();
    Tensor lc = nn::functional::cross_entropy(cl, labels, weight, 0, red);
    Tensor lg = nn::functional::cross_entropy(gl, labels.cuda(), weight.cuda(), 0, red);
    assert_matches(lg, lc);
    lc.backward();
    lg.backward();
    assert_matches(gl.grad(), cl.grad());
  }
  Tensor lp = nn::functional::log_softmax(logits, 1);
  assert_matches(nn::functional::nll_loss(lp.cuda(), labels), nn::functional::nll_loss(lp, labels));
  assert_throws(nn::functional::nll_loss(lp.cuda(), from_vector(std::vector<long>{0, 3, 1, 1})), "out of range");
  // A kernel's own check raises the same message on both devices; the state stays usable after it.
  Tensor image = ones({1, 1, 4, 4}), kernel = ones({1, 1, 5, 5});
  assert_throws(nn::functional::conv2d(image, kernel), "");
  assert_throws(nn::functional::conv2d(image.cuda(), kernel.cuda()), "");
  assert_throws(nn::functional::conv2d(image.cuda(), kernel), "device");  // mixed devices
  assert_matches(nn::functional::smooth_l1_loss(gx, gt), nn::functional::smooth_l1_loss(x, t));
}

namespace {
using Op = std::function<Tensor(const tensor_list &)>;

// op on CUDA against op on the CPU: the value, and the gradient of sum(op(inputs) * w) for every
// input that requires grad (the first `differentiable` inputs; the rest are targets and ids).
void check_op(const Op &op, const tensor_list &cpu_inputs, size_t differentiable, double tol = 1e-4) {
  tensor_list c, g;
  for (size_t i = 0; i < cpu_inputs.size(); i++) {
    c.push_back(cpu_inputs[i].defined() ? cpu_inputs[i].clone() : Tensor());  // undefined: a missing bias
    g.push_back(cpu_inputs[i].defined() ? cpu_inputs[i].cuda() : Tensor());
    if (i < differentiable && c.back().defined()) {
      c.back().requires_grad_();
      g.back().requires_grad_();
    }
  }
  Tensor yc = op(c), yg = op(g);
  assert_matches(yg, yc, tol);
  Tensor w = randn(yc.sizes(), yc.dtype());
  (yc * w).sum().backward();
  (yg * w.cuda()).sum().backward();
  for (size_t i = 0; i < differentiable; i++)
    if (c[i].defined()) assert_matches(g[i].grad(), c[i].grad(), tol);
}

namespace F = nn::functional;
}  // namespace

static void test_thnn_layers(void **) {
  for (Dtype dt : {kFloat, kDouble}) {
    double tol = dt == kFloat ? 1e-3 : 1e-9;
    Tensor image = sample({2, 3, 7, 6}, dt), weight = sample({4, 3, 3, 3}, dt), bias = sample({4}, dt);
    // convolutions: batched, one image, a non-contiguous input (transposed), stride and padding
    check_op([](const tensor_list &a) { return F::conv2d(a[0], a[1], a[2], 2, 1); }, {image, weight, bias}, 3, tol);
    check_op([](const tensor_list &a) { return F::conv2d(a[0][0], a[1], a[2]); }, {image, weight, bias}, 3, tol);
    check_op([](const tensor_list &a) { return F::conv2d(a[0].transpose(2, 3), a[1]); }, {image, weight}, 2, tol);
    check_op([](const tensor_list &a) { return F::conv_transpose2d(a[0], a[1], a[2], 2, 1, 1); },
             {image, sample({3, 2, 3, 3}, dt), sample({2}, dt)}, 3, tol);
    // pooling: ceil mode, padding, count_include_pad both ways, adaptive
    check_op([](const tensor_list &a) { return F::max_pool2d(a[0], 3, 2, 1, true); }, {image}, 1, tol);
    check_op([](const tensor_list &a) { return F::max_pool2d(a[0][1].transpose(1, 2), 2); }, {image}, 1, tol);
    check_op([](const tensor_list &a) { return F::avg_pool2d(a[0], 3, 2, 1, true, false); }, {image}, 1, tol);
    check_op([](const tensor_list &a) { return F::avg_pool2d(a[0], 2, 1, 1, false, true); }, {image}, 1, tol);
    check_op([](const tensor_list &a) { return F::adaptive_avg_pool2d(a[0], {3, 2}); }, {image}, 1, tol);
    // pooling indices: Long, on the input's device, the CPU's values; unpooling takes them there
    auto [pc, ic] = F::max_pool2d_with_indices(image, 2);
    auto [pg, ig] = F::max_pool2d_with_indices(image.cuda(), 2);
    assert_true(ig.is_cuda() && ig.dtype() == kLong && ig.cpu().equal(ic));
    check_op([&](const tensor_list &a) { return F::max_unpool2d(a[0], a[0].is_cuda() ? ig : ic, 2); }, {pc}, 1, tol);
    Tensor volume = sample({1, 2, 4, 4, 4}, dt);
    assert_true(std::get<1>(F::max_pool3d_with_indices(volume.cuda(), 2)).cpu().equal(
        std::get<1>(F::max_pool3d_with_indices(volume, 2))));
    // batch norm, training and evaluation (running statistics updated alike)
    for (bool training : {true, false}) {
      Tensor mean_c = zeros({3}, dt), var_c = ones({3}, dt), mean_g = mean_c.cuda(), var_g = var_c.cuda();
      check_op([&](const tensor_list &a) {
        bool gpu = a[0].is_cuda();
        return F::batch_norm(a[0], gpu ? mean_g : mean_c, gpu ? var_g : var_c, a[1], a[2], training, 0.1, 1e-5);
      }, {image, sample({3}, dt), sample({3}, dt)}, 3, tol);
      assert_matches(mean_g, mean_c, tol);
      assert_matches(var_g, var_c, tol);
    }
    // embedding with a padding row (ids are the second, non-differentiable input)
    Tensor ids = from_vector(std::vector<long>{1, 4, 0, 4, 2});
    check_op([](const tensor_list &a) { return F::embedding(a[1], a[0], 4); }, {sample({5, 3}, dt), ids}, 1, tol);
    // activations
    Tensor x = sample({4, 5}, dt);
    for (const Op &op : std::vector<Op>{
             [](const tensor_list &a) { return F::relu(a[0]); }, [](const tensor_list &a) { return F::tanh(a[0]); },
             [](const tensor_list &a) { return F::sigmoid(a[0].t()); },
             [](const tensor_list &a) { return F::leaky_relu(a[0], 0.2); },
             [](const tensor_list &a) { return F::elu(a[0], 0.7); },
             [](const tensor_list &a) { return F::softplus(a[0], 2, 1); },
             [](const tensor_list &a) { return F::logsigmoid(a[0]); },
             [](const tensor_list &a) { return F::log_softmax(a[0], 1); },
             [](const tensor_list &a) { return F::softmax(a[0], 0); }})
      check_op(op, {x}, 1, tol);
  }
}

static void test_thnn_losses(void **) {
  for (Dtype dt : {kFloat, kDouble}) {
    double tol = dt == kFloat ? 1e-4 : 1e-9;
    Tensor x = sample({4, 3}, dt), t = sample({4, 3}, dt), p = x.sigmoid(), q = t.sigmoid();
    Tensor labels = from_vector(std::vector<long>{2, 0, 1, 2}), w = sample({3}, dt).abs();
    for (nn::Reduction red : {nn::kMean, nn::kSum}) {
      check_op([red](const tensor_list &a) { return F::mse_loss(a[0], a[1], red); }, {x, t}, 1, tol);
      check_op([red](const tensor_list &a) { return F::l1_loss(a[0].t(), a[1].t(), red); }, {x, t}, 1, tol);
      check_op([red](const tensor_list &a) { return F::smooth_l1_loss(a[0], a[1], red); }, {x, t}, 1, tol);
      check_op([red](const tensor_list &a) { return F::kl_div(a[0], a[1], red); }, {x, q}, 1, tol);
      check_op([red](const tensor_list &a) { return F::binary_cross_entropy(a[0], a[1], a[2], red); },
               {p, q, sample({4, 3}, dt).abs()}, 1, tol);
      check_op([red](const tensor_list &a) { return F::binary_cross_entropy_with_logits(a[0], a[1], {}, red); },
               {x, q}, 1, tol);
      check_op([red](const tensor_list &a) { return F::multi_margin_loss(a[0], a[1], 2, 0.5, a[2], red); },
               {x, labels, w}, 1, tol);
      check_op([red](const tensor_list &a) { return F::nll_loss(a[0], a[1], a[2], 1, red); }, {x, labels, w}, 1, tol);
      check_op([red](const tensor_list &a) { return F::cross_entropy(a[0][1], a[1].narrow(0, 1, 1), {}, -100, red); },
               {x, labels}, 1, tol);
    }
  }
}

static void test_thnn_rnn(void **) {
  for (Dtype dt : {kFloat, kDouble}) {
    double tol = dt == kFloat ? 1e-3 : 1e-9;
    const long T = 3, B = 2, In = 4, H = 5;
    Tensor x = sample({T, B, In}, dt), h0 = sample({B, H}, dt), c0 = sample({B, H}, dt);
    check_op([](const tensor_list &a) {
      tensor_list r = F::lstm_layer(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
      return r[0].sum() + r[2].sum() * 0.5;
    }, {x, h0, c0, sample({4 * H, In}, dt), sample({4 * H, H}, dt), sample({4 * H}, dt), sample({4 * H}, dt)}, 7, tol);
    check_op([](const tensor_list &a) {
      tensor_list r = F::gru_layer(a[0], a[1], a[2], a[3], a[4], a[5]);
      return r[0] * 2.0;
    }, {x, h0, sample({3 * H, In}, dt), sample({3 * H, H}, dt), sample({3 * H}, dt), Tensor()}, 5, tol);
  }
}

namespace {
// A 2-4-1 MLP trained 20 steps with Adam on a fixed batch; returns the final loss and the model.
nn::Sequential train_mlp(const Device &device, double *final_loss) {
  manual_seed(42);
  auto model = nn::Sequential(
      nn::Linear(2, 4), nn::Tanh(), nn::Linear(4, 1));
  model->to(kDouble);
  model->to(device);
  Tensor x = rand({8, 2}, {kDouble, device}), y = (x.sum(1, true) * 0.5).detach();
  optim::Adam opt(model->parameters(), optim::AdamOptions(0.05));
  std::vector<Tensor> before;
  for (const Tensor &p : model->parameters()) before.push_back(p);
  Tensor loss;
  for (int step = 0; step < 20; step++) {
    opt.zero_grad();
    loss = nn::functional::mse_loss((*model)(x), y);
    loss.backward();
    opt.step();
  }
  // The optimizer updated the parameters in place: the same tensors, on the same device.
  std::vector<Tensor> after = model->parameters();
  for (size_t i = 0; i < after.size(); i++) {
    assert_true(after[i].is_same(before[i]));
    assert_true(after[i].device() == before[i].device());
  }
  *final_loss = loss.item();
  return model;
}
}  // namespace

static void test_mlp_matches_cpu(void **) {
  double cpu_loss = 0, cuda_loss = 0;
  auto cpu = train_mlp(Device(kCPU), &cpu_loss);
  auto gpu = train_mlp(Device(kCUDA, 0), &cuda_loss);
  assert_close(cuda_loss, cpu_loss, 1e-8);
  std::vector<Tensor> pc = cpu->parameters(), pg = gpu->parameters();
  assert_int_equal(pc.size(), pg.size());
  for (size_t i = 0; i < pc.size(); i++) assert_matches(pg[i], pc[i], 1e-8);
}

static void test_checkpoint_round_trip(void **) {
  const std::string path = "cpp_test_cuda_checkpoint.ember";
  double loss = 0;
  auto gpu = train_mlp(Device(kCUDA, 0), &loss);
  optim::SGD opt(gpu->parameters(), optim::SGDOptions(0.1).momentum(0.9));
  opt.zero_grad();
  nn::functional::mse_loss((*gpu)(ones({3, 2}, {kDouble, kCUDA})), zeros({3, 1}, {kDouble, kCUDA})).backward();
  opt.step();  // momentum buffers on the GPU
  save_checkpoint(path, *gpu, &opt);
  // GPU -> CPU: the same values in a CPU model.
  double ignored = 0;
  auto cpu = train_mlp(Device(kCPU), &ignored);
  cpu->parameters()[0].detach().zero_();
  optim::SGD cpu_opt(cpu->parameters(), optim::SGDOptions(0.1).momentum(0.9));
  load_checkpoint(path, *cpu, &cpu_opt);
  std::vector<Tensor> pc = cpu->parameters(), pg = gpu->parameters();
  for (size_t i = 0; i < pc.size(); i++) {
    assert_false(pc[i].is_cuda());
    assert_true(pc[i].cuda().equal(pg[i]));
  }
  // CPU -> GPU: a second GPU model loads the checkpoint; parameters and state stay on the GPU.
  auto gpu2 = train_mlp(Device(kCUDA, 0), &ignored);
  gpu2->parameters()[1].detach().fill_(5);
  optim::SGD gpu2_opt(gpu2->parameters(), optim::SGDOptions(0.1).momentum(0.9));
  load_checkpoint(path, *gpu2, &gpu2_opt);
  std::vector<Tensor> p2 = gpu2->parameters();
  for (size_t i = 0; i < p2.size(); i++) {
    assert_true(p2[i].is_cuda());
    assert_true(p2[i].equal(pg[i]));
  }
  for (const auto &[name, t] : gpu2_opt.state_dict())
    if (name.find("momentum_buffer") != std::string::npos) assert_true(t.is_cuda());
  std::remove(path.c_str());
}

int main(void) {
  if (!cuda::is_available()) {
    std::printf("skipped: no CUDA device\n");
    return 0;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_pinned_async_upload),
      cmocka_unit_test(test_factories),
      cmocka_unit_test(test_mixed_device_errors),
      cmocka_unit_test(test_pointwise_and_reductions),
      cmocka_unit_test(test_gradients),
      cmocka_unit_test(test_functional),
      cmocka_unit_test(test_thnn_layers),
      cmocka_unit_test(test_thnn_losses),
      cmocka_unit_test(test_thnn_rnn),
      cmocka_unit_test(test_mlp_matches_cpu),
      cmocka_unit_test(test_checkpoint_round_trip),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
