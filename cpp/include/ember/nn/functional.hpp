#pragma once
// nn::functional: the layers and losses as differentiable functions of their inputs and parameters
// (the modules of nn/layers.hpp and nn/loss.hpp hold the parameters and call these). Each is one
// autograd node over a libTHNN kernel where THNN has one; all work for Float and Double (every tensor
// argument of one call has the same dtype, except index tensors, which are Long).
//
// Conventions (PyTorch 1.13's, with ember's tensor conventions):
// - Images are [N x C x H x W] or one image [C x H x W]; sizes of two (kernel, stride, padding) are
//   Size2: one number for both, or {h, w}.
// - Class labels, embedding ids and pooling indices are Long tensors of 0-based indices, as in
//   libtorch (Int, Short, Char and Byte ones are converted, as a convenience; a Float, Double or Bool
//   one throws). A value out of range throws an ember::Error naming the value and its position; CPU
//   indices for a CUDA input are uploaded.
// - Losses reduce to a 0-dimensional tensor: Reduction::Mean (the default) or Reduction::Sum.
// - The gradient of a loss flows to its input only; targets are constants.
#include <ember/autograd.hpp>
#include <ember/nn/sizes.hpp>

#include <optional>

namespace ember::nn {

enum class Reduction { Mean, Sum };
constexpr Reduction kMean = Reduction::Mean;
constexpr Reduction kSum = Reduction::Sum;

}  // namespace ember::nn

namespace ember::nn::functional {

// ------------------------------------------------------------------------------------ layers
// y = x W^T + b; x [..., in], W [out x in], b [out] or undefined.
Tensor linear(const Tensor &input, const Tensor &weight, const Tensor &bias = {});

// ------------------------------------------------------------------------------------ losses
// input [N x C] scores (or one sample [C]), target [N] class indices (one sample: [1]). weight: [C]
// per-class weights or undefined; samples whose target is ignore_index count for nothing (Mean
// divides by the summed weights of the others).
Tensor cross_entropy(const Tensor &input, const Tensor &target, const Tensor &weight = {}, long ignore_index = -100,
                     Reduction reduction = kMean);
Tensor nll_loss(const Tensor &input, const Tensor &target, const Tensor &weight = {}, long ignore_index = -100,
                Reduction reduction = kMean);
// Element-wise losses: target has input's shape; Mean divides by the number of elements.
Tensor mse_loss(const Tensor &input, const Tensor &target, Reduction reduction = kMean);
Tensor l1_loss(const Tensor &input, const Tensor &target, Reduction reduction = kMean);
Tensor smooth_l1_loss(const Tensor &input, const Tensor &target, Reduction reduction = kMean);  // beta 1
// input: probabilities in [0, 1]; weight (undefined, or broadcastable to input) rescales each element.
Tensor binary_cross_entropy(const Tensor &input, const Tensor &target, const Tensor &weight = {},
                            Reduction reduction = kMean);
// input: logits; computed as (1 - t) x - logsigmoid(x), which stays finite for any x.
Tensor binary_cross_entropy_with_logits(const Tensor &input, const Tensor &target, const Tensor &weight = {},
                                        Reduction reduction = kMean);
// input: log-probabilities; target: probabilities; sum of t (log t - x) (Mean: divided by the
// number of elements, PyTorch 1.13's "mean").
Tensor kl_div(const Tensor &input, const Tensor &target, Reduction reduction = kMean);
// Multi-class hinge loss: per sample, sum over i != y of w[y] max(0, margin - x[y] + x[i])^p / C.
Tensor multi_margin_loss(const Tensor &input, const Tensor &target, int p = 1, double margin = 1,
                         const Tensor &weight = {}, Reduction reduction = kMean);

}  // namespace ember::nn::functional

// The families declare their functional forms together with their modules.
#include <ember/nn/activation.hpp>
#include <ember/nn/conv.hpp>
#include <ember/nn/dropout.hpp>
#include <ember/nn/embedding.hpp>
#include <ember/nn/normalization.hpp>
#include <ember/nn/padding.hpp>
#include <ember/nn/pooling.hpp>
#include <ember/nn/rnn.hpp>
#include <ember/nn/upsampling.hpp>
