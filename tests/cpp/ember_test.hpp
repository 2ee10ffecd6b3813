#pragma once
// Shared by the C++ CMocka tests.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

extern "C" {  // this cmocka.h (1.1.5) has no extern "C" of its own
#include <cmocka.h>
}

#include <ember/ember.hpp>

using ember::Shape;
using ember::Tensor;
using ember::tensor_list;

// Asserts that EXPR throws an ember::Error whose message contains SUBSTR.
#define assert_throws(EXPR, SUBSTR)                                                           \
  do {                                                                                        \
    bool thrown_ = false;                                                                     \
    try {                                                                                     \
      (void)(EXPR);                                                                           \
    } catch (const ember::Error &e_) {                                                        \
      thrown_ = true;                                                                         \
      if (!std::strstr(e_.what(), SUBSTR))                                                    \
        fail_msg("%s threw \"%s\", which does not contain \"%s\"", #EXPR, e_.what(), SUBSTR); \
    }                                                                                         \
    if (!thrown_) fail_msg("%s did not throw (expected \"%s\")", #EXPR, SUBSTR);              \
  } while (0)

#define assert_close(A, B, TOL)                                                                        \
  do {                                                                                                 \
    double a_ = (A), b_ = (B);                                                                         \
    if (!(std::fabs(a_ - b_) <= (TOL) * (1 + std::fabs(b_))))                                          \
      fail_msg("%s = %.17g, expected %s = %.17g (tolerance %g)", #A, a_, #B, b_, (double)(TOL));      \
  } while (0)

// The values of t in row-major order (a CUDA tensor is copied to the host first).
inline std::vector<double> values(const Tensor &t) {
  Tensor c = t.detach().cpu().contiguous().to(ember::kDouble);
  const double *p = c.data<double>();
  return std::vector<double>(p, p + c.numel());
}

inline void assert_values(const Tensor &t, const std::vector<double> &expected, double tol = 1e-6) {
  std::vector<double> v = values(t);
  if (v.size() != expected.size())
    fail_msg("%zu values, expected %zu (tensor %s)", v.size(), expected.size(), t.toString().c_str());
  for (size_t i = 0; i < v.size(); i++)
    if (!(std::fabs(v[i] - expected[i]) <= tol * (1 + std::fabs(expected[i]))))
      fail_msg("value %zu is %.10g, expected %.10g", i, v[i], expected[i]);
}

inline void assert_shape(const Tensor &t, const Shape &shape) {
  if (t.sizes() != shape)
    fail_msg("shape %s, expected %s", ember::shape_str(t.sizes()).c_str(), ember::shape_str(shape).c_str());
}

inline std::string printed(const Tensor &t) {
  std::ostringstream s;
  s << t;
  return s.str();
}

// Checks the gradients that backward gives for every input that requires grad against central
// differences of sum(f(inputs) * w), w a fixed random weighting (Double inputs, contiguous).
inline void gradcheck(const std::function<Tensor(const tensor_list &)> &f, const tensor_list &inputs,
                      double eps = 1e-6, double tol = 1e-6) {
  for (Tensor x : inputs) x.mutable_grad() = Tensor();  // x shares the input's grad
  Tensor out = f(inputs);
  Tensor w;
  {
    ember::NoGradGuard no_grad;
    w = ember::rand_like(out) + 0.5;
  }
  (out * w).sum().backward();
  auto objective = [&]() {
    ember::NoGradGuard no_grad;
    return (f(inputs) * w).sum().item();
  };
  for (size_t k = 0; k < inputs.size(); k++) {
    const Tensor &x = inputs[k];
    if (!x.requires_grad()) continue;
    if (!x.grad().defined()) fail_msg("input %zu got no gradient", k);
    std::vector<double> analytic = values(x.grad());
    double *p = x.data<double>();
    for (long i = 0; i < x.numel(); i++) {
      double saved = p[i];
      p[i] = saved + eps;
      double plus = objective();
      p[i] = saved - eps;
      double minus = objective();
      p[i] = saved;
      double numeric = (plus - minus) / (2 * eps);
      if (!(std::fabs(analytic[(size_t)i] - numeric) <= tol * (1 + std::fabs(numeric))))
        fail_msg("input %zu element %ld: backward gives %.10g, finite differences %.10g", k, i, analytic[(size_t)i],
                 numeric);
    }
  }
}
