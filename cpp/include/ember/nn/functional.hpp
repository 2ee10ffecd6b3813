#pragma once
// nn::functional: the layers and losses as differentiable functions of their inputs and parameters
// (the modules of nn/layers.hpp and nn/loss.hpp hold the parameters and call these). Each is one
// autograd node over a libTHNN kernel where THNN has one; all work for Float and Double (every tensor
// argument of one call has the same dtype, except index tensors, which may have either).
//
// Conventions (PyTorch 1.13's, with ember's tensor conventions):
// - Images are [N x C x H x W] or one image [C x H x W]; sizes of two (kernel, stride, padding) are
//   Size2: one number for both, or {h, w}.
// - Class labels and embedding ids are Float or Double tensors holding 0-based integers; a value that
//   is not an integer in range throws an ember::Error naming the value and its position.
// - Losses reduce to a tensor of size {1}: Reduction::Mean (the default) or Reduction::Sum.
// - The gradient of a loss flows to its input only; targets are constants.
#include <ember/autograd.hpp>

#include <optional>

namespace ember::nn {

// A size per spatial dimension: Size2(3) is 3x3, Size2(3, 5) (or {3, 5}) is 3 high and 5 wide.
struct Size2 {
  Size2(long both) : h(both), w(both) {}  // NOLINT: implicit, as in libtorch's ExpandingArray
  Size2(long h_, long w_) : h(h_), w(w_) {}
  bool operator==(const Size2 &o) const { return h == o.h && w == o.w; }
  long h, w;
};

enum class Reduction { Mean, Sum };
constexpr Reduction kMean = Reduction::Mean;
constexpr Reduction kSum = Reduction::Sum;

}  // namespace ember::nn

namespace ember::nn::functional {

// ------------------------------------------------------------------------------------ layers
// y = x W^T + b; x [..., in], W [out x in], b [out] or undefined.
Tensor linear(const Tensor &input, const Tensor &weight, const Tensor &bias = {});
// weight [out x in x kH x kW] (SpatialConvolutionMM).
Tensor conv2d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size2 stride = 1,
              Size2 padding = 0);
// weight [in x out x kH x kW] (SpatialFullConvolution); output_padding adds rows/columns at the end.
Tensor conv_transpose2d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size2 stride = 1,
                        Size2 padding = 0, Size2 output_padding = 0);
// stride 0 means stride = kernel (PyTorch's default). Padding pads with -infinity.
Tensor max_pool2d(const Tensor &input, Size2 kernel, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false);
Tensor avg_pool2d(const Tensor &input, Size2 kernel, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false,
                  bool count_include_pad = true);
Tensor adaptive_avg_pool2d(const Tensor &input, Size2 output_size);
// Normalises over dimension 1 of [N x C] or [N x C x ...]. training: batch statistics, and the
// running ones (if defined) move towards them by momentum (the variance's unbiased estimate);
// otherwise the running statistics are used. weight and bias may be undefined (1 and 0).
Tensor batch_norm(const Tensor &input, const Tensor &running_mean, const Tensor &running_var,
                  const Tensor &weight = {}, const Tensor &bias = {}, bool training = false, double momentum = 0.1,
                  double eps = 1e-5);
// Zeroes each element with probability p and scales the others by 1/(1-p) (the global generator);
// the identity when !training or p == 0.
Tensor dropout(const Tensor &input, double p = 0.5, bool training = true);
// Rows of weight [num x dim] picked by ids (any shape): the result is ids' shape + [dim]. The row
// padding_idx gets no gradient.
Tensor embedding(const Tensor &ids, const Tensor &weight, std::optional<long> padding_idx = std::nullopt);

// relu(x), tanh(x) and sigmoid(x) are x.relu(), x.tanh() and x.sigmoid() (one implementation).
Tensor relu(const Tensor &input);
Tensor tanh(const Tensor &input);
Tensor sigmoid(const Tensor &input);
Tensor leaky_relu(const Tensor &input, double negative_slope = 0.01);
Tensor elu(const Tensor &input, double alpha = 1);
Tensor softplus(const Tensor &input, double beta = 1, double threshold = 20);
Tensor logsigmoid(const Tensor &input);
Tensor log_softmax(const Tensor &input, long dim);
Tensor softmax(const Tensor &input, long dim);

// One LSTM / GRU layer over a sequence (the layer modules stack these). input [T x B x F], h0 and c0
// [B x H]; weights in PyTorch's layout and gate order (LSTM i, f, g, o; GRU r, z, n); biases may be
// undefined. Returns {output [T x B x H], h_T, c_T} (GRU: {output, h_T}). One autograd node: the
// backward runs through time with the THNN fused cell kernels and one GEMM per weight.
tensor_list lstm_layer(const Tensor &input, const Tensor &h0, const Tensor &c0, const Tensor &w_ih,
                       const Tensor &w_hh, const Tensor &b_ih = {}, const Tensor &b_hh = {});
tensor_list gru_layer(const Tensor &input, const Tensor &h0, const Tensor &w_ih, const Tensor &w_hh,
                      const Tensor &b_ih = {}, const Tensor &b_hh = {});

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
