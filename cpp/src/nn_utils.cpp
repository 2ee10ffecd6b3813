// Gradient clipping (nn/utils.hpp): Tensor ops and TH/THC kernels, so it runs where the gradients are.
#include <ember/nn/utils.hpp>

#include <algorithm>
#include <cmath>

#include "tensor_impl.hpp"

namespace ember::nn::utils {

using detail::fail;

namespace {
std::vector<Tensor> defined_grads(const std::vector<Tensor> &parameters, const char *op) {
  std::vector<Tensor> grads;
  for (size_t i = 0; i < parameters.size(); i++) {
    if (!parameters[i].defined()) fail(std::string(op) + ": parameter " + std::to_string(i) + " is an undefined tensor");
    if (parameters[i].grad().defined()) grads.push_back(parameters[i].grad());
  }
  return grads;
}
}  // namespace

double clip_grad_norm_(const std::vector<Tensor> &parameters, double max_norm, double norm_type) {
  if (!(norm_type > 0)) fail("clip_grad_norm_: norm_type must be > 0 or infinity, got " + std::to_string(norm_type));
  if (!(max_norm >= 0)) fail("clip_grad_norm_: max_norm must be >= 0, got " + std::to_string(max_norm));
  NoGradGuard no_grad;
  std::vector<Tensor> grads = defined_grads(parameters, "clip_grad_norm_");
  if (grads.empty()) return 0;
  // The norm of the per-gradient norms is the norm of all the elements together (for any p).
  double total = 0;
  for (const Tensor &g : grads) {
    double n = g.norm(norm_type).item();
    if (std::isinf(norm_type)) total = (n > total || std::isnan(n)) ? n : total;
    else total += std::pow(n, norm_type);
  }
  if (!std::isinf(norm_type)) total = std::pow(total, 1 / norm_type);
  double coef = std::min(1.0, max_norm / (total + 1e-6));
  for (Tensor g : grads) g.mul_(coef);
  return total;
}

void clip_grad_value_(const std::vector<Tensor> &parameters, double clip_value) {
  if (!(clip_value >= 0)) fail("clip_grad_value_: clip_value must be >= 0, got " + std::to_string(clip_value));
  NoGradGuard no_grad;
  for (const Tensor &g : defined_grads(parameters, "clip_grad_value_")) {
    detail::visit(g, [&](auto tag, auto *h) { EMBER_TH(clamp, tag)(h, h, -clip_value, clip_value); });
    detail::bump_version(g);
  }
}

}  // namespace ember::nn::utils
