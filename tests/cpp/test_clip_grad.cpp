// Gradient clipping (nn/utils.hpp) against PyTorch 1.13's clip_grad_norm_ (tests/golden/gen_cpp_optim.py),
// parameters without gradients, and bad arguments.
#include "ember_test.hpp"

#include "golden.h"

#include <ember/nn/utils.hpp>

#include <cmath>
#include <limits>

using namespace ember;

namespace {
Tensor golden(const std::string &name) { return Tensor::adopt(golden_double("cpp_optim.txt", name.c_str())); }

// Two parameters whose gradients are the golden clip_g1, clip_g2 (in dtype).
std::vector<Tensor> params_with_grads(Dtype dtype) {
  std::vector<Tensor> params;
  for (const char *name : {"clip_g1", "clip_g2"}) {
    Tensor g = golden(name).to(dtype);
    Tensor p = zeros_like(g).requires_grad_();
    p.mutable_grad() = g.clone();
    params.push_back(p);
  }
  return params;
}
}  // namespace

static void test_clip_grad_norm_golden(void **) {
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    const char *name;
    double max_norm, norm_type;
  } cases[] = {{"l2", 1.0, 2.0}, {"inf", 0.5, inf}, {"l1_big", 100.0, 1.0}, {"l3", 0.7, 3.0}};
  for (Dtype dtype : {kDouble, kFloat}) {
    double tol = dtype == kDouble ? 1e-8 : 1e-5;
    for (const Case &c : cases) {
      std::vector<Tensor> params = params_with_grads(dtype);
      double norm = nn::utils::clip_grad_norm_(params, c.max_norm, c.norm_type);
      assert_close(norm, golden(std::string("clip_") + c.name + "_norm").item(), tol);
      assert_values(params[0].grad(), values(golden(std::string("clip_") + c.name + "_g1")), tol);
      assert_values(params[1].grad(), values(golden(std::string("clip_") + c.name + "_g2")), tol);
    }
  }
}

static void test_clip_grad_skips_and_errors(void **) {
  Tensor no_grad = ones({3}).requires_grad_();
  Tensor p = zeros({2}).requires_grad_();
  p.mutable_grad() = from_vector(std::vector<float>{3, 4});
  assert_close(nn::utils::clip_grad_norm_({no_grad, p}, 1), 5, 1e-6);
  assert_values(p.grad(), {0.6, 0.8}, 1e-6);
  assert_false(no_grad.grad().defined());
  assert_close(nn::utils::clip_grad_norm_({no_grad}, 1), 0, 0);  // nothing to clip
  Tensor z = zeros({2}).requires_grad_();
  z.mutable_grad() = zeros({2});
  assert_close(nn::utils::clip_grad_norm_({z}, 1), 0, 0);  // zero gradients stay zero (no 0/0)
  assert_values(z.grad(), {0, 0});

  p.mutable_grad() = from_vector(std::vector<float>{-3, 0.25f});
  nn::utils::clip_grad_value_({p, no_grad}, 0.5);
  assert_values(p.grad(), {-0.5, 0.25});

  assert_throws(nn::utils::clip_grad_norm_({p}, 1, 0), "clip_grad_norm_: norm_type must be > 0 or infinity, got 0");
  assert_throws(nn::utils::clip_grad_norm_({p}, -1), "clip_grad_norm_: max_norm must be >= 0, got -1");
  assert_throws(nn::utils::clip_grad_value_({p}, -0.1), "clip_grad_value_: clip_value must be >= 0, got -0.1");
  assert_throws(nn::utils::clip_grad_value_({p, Tensor()}, 1), "clip_grad_value_: parameter 1 is an undefined tensor");
  assert_values(p.grad(), {-0.5, 0.25});  // unchanged by the failed calls
  assert_close(nn::utils::clip_grad_norm_({p}, 10, 1), 0.75, 1e-6);
}

static void test_clip_grad_cuda(void **) {
  if (!cuda::is_available()) {
    printf("  (no CUDA device: skipped)\n");
    skip();
  }
  std::vector<Tensor> cpu = params_with_grads(kFloat), gpu;
  for (const Tensor &p : cpu) {
    Tensor g = zeros_like(p.cuda()).requires_grad_();
    g.mutable_grad() = p.grad().cuda();
    gpu.push_back(g);
  }
  double a = nn::utils::clip_grad_norm_(cpu, 1.0), b = nn::utils::clip_grad_norm_(gpu, 1.0);
  assert_close(a, b, 1e-5);
  assert_values(gpu[0].grad().cpu(), values(cpu[0].grad()), 1e-6);
  nn::utils::clip_grad_value_(gpu, 0.1);
  nn::utils::clip_grad_value_(cpu, 0.1);
  assert_values(gpu[1].grad().cpu(), values(cpu[1].grad()), 1e-6);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clip_grad_norm_golden),
      cmocka_unit_test(test_clip_grad_skips_and_errors),
      cmocka_unit_test(test_clip_grad_cuda),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
