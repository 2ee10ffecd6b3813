#pragma once
// Gradient clipping, in libtorch's shape (torch::nn::utils):
//
//   loss.backward();
//   double norm = nn::utils::clip_grad_norm_(model->parameters(), 1.0);
//   opt.step();
//
// Both work in place on the parameters' gradients, on any device, and skip parameters without one.
#include <ember/tensor.hpp>

#include <limits>
#include <vector>

namespace ember::nn::utils {

// Scales every gradient by min(1, max_norm / (total_norm + 1e-6)), where total_norm is the
// norm_type-norm of all the gradients taken together (norm_type > 0, or infinity for the largest
// |g|), and returns total_norm (0 when no parameter has a gradient). PyTorch 1.13's formula, the
// 1e-6 included (it keeps the factor finite for zero gradients).
double clip_grad_norm_(const std::vector<Tensor> &parameters, double max_norm, double norm_type = 2);

// Clamps every gradient element to [-clip_value, clip_value] (clip_value >= 0).
void clip_grad_value_(const std::vector<Tensor> &parameters, double clip_value);

}  // namespace ember::nn::utils
