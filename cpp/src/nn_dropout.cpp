// Dropout: element-wise and channel-wise masks drawn on the CPU from the global generator, applied by
// a broadcasting multiplication (its autograd node carries the gradient).
#include <ember/nn/dropout.hpp>

#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using namespace internal;

namespace functional {

namespace {
void check_p(double p, const char *fn) {
  if (!(p >= 0 && p <= 1)) fail(std::string(fn) + ": p must be in [0, 1], got " + std::to_string(p));
}

// input * mask, mask of shape mask_shape (broadcast over input): each entry 0 with probability p,
// 1/(1-p) otherwise. The mask is drawn on the CPU (the one generator) and copied to input's device.
Tensor apply_mask(const Tensor &input, double p, const Shape &mask_shape) {
  if (p == 1) return input * 0.0;
  Tensor mask = empty(mask_shape, input.dtype());
  {
    NoGradGuard no_grad;
    ember::detail::visit_cpu(mask, "dropout",
                             [&](auto tag, auto *m) { EMBER_TH(bernoulli, tag)(m, default_generator(), 1 - p); });
    mask.mul_(1 / (1 - p));
    mask = mask.to(input.device());
  }
  return input * mask;
}

// Dropout over whole features: input [N x C x <feature>] or [C x <feature>], the feature having
// feature_dims dimensions; the mask is [N x C x 1...] ([C x 1...]).
Tensor feature_dropout(const Tensor &input, double p, bool training, long feature_dims, const char *fn) {
  check_dims(input, fn, "input", feature_dims + 1, feature_dims + 2);
  check_p(p, fn);
  if (!training || p == 0) return input;
  Shape shape = input.sizes();
  for (size_t d = shape.size() - (size_t)feature_dims; d < shape.size(); d++) shape[d] = 1;
  return apply_mask(input, p, shape);
}
}  // namespace

Tensor dropout(const Tensor &input, double p, bool training) {
  check_arg(input, "dropout", "input");
  check_p(p, "dropout");
  if (!training || p == 0) return input;
  return apply_mask(input, p, input.sizes());
}

Tensor dropout2d(const Tensor &input, double p, bool training) {
  return feature_dropout(input, p, training, 2, "dropout2d");
}

Tensor dropout3d(const Tensor &input, double p, bool training) {
  return feature_dropout(input, p, training, 3, "dropout3d");
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
#define EMBER_NN_DROPOUT(NAME, FN)                                                                     \
  NAME##Impl::NAME##Impl(double p_) : Module(#NAME), p(p_) {                                           \
    if (!(p >= 0 && p <= 1)) fail(#NAME ": p must be in [0, 1], got " + std::to_string(p));             \
  }                                                                                                    \
  Tensor NAME##Impl::forward(const Tensor &input) { return functional::FN(input, p, is_training()); } \
  void NAME##Impl::pretty_print(std::ostream &os) const { os << #NAME "(p=" << p << ")"; }
EMBER_NN_DROPOUT(Dropout, dropout)
EMBER_NN_DROPOUT(Dropout2d, dropout2d)
EMBER_NN_DROPOUT(Dropout3d, dropout3d)
#undef EMBER_NN_DROPOUT

}  // namespace ember::nn
