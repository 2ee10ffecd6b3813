#pragma once
// Parameter initialisation as PyTorch 1.13's torch.nn.init, drawing from the global generator
// (ember::manual_seed). Each function fills t in place (without recording history) and returns it.
//
// fan_in / fan_out of a weight: [out x in] gives in / out; [out x in x k...] gives in * prod(k) /
// out * prod(k). What the layers do (PyTorch 1.13's defaults):
//   Linear, Conv2d, ConvTranspose2d: weight kaiming_uniform_(a = sqrt(5)), which is
//     U(-1/sqrt(fan_in), 1/sqrt(fan_in)); bias U(-1/sqrt(fan_in), 1/sqrt(fan_in)) with the weight's
//     fan_in (for ConvTranspose2d's weight [in x out x kH x kW] that is out * kH * kW, as PyTorch).
//   Embedding: N(0, 1) (the padding_idx row 0).  BatchNorm: weight 1, bias 0.
//   LSTM, GRU: every weight and bias U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)).
#include <ember/tensor.hpp>

#include <utility>

namespace ember::nn::init {

enum class Nonlinearity { Linear, Conv2d, Sigmoid, Tanh, ReLU, LeakyReLU };
enum class FanMode { FanIn, FanOut };

// The recommended gain: 1 (Linear, Conv2d, Sigmoid), 5/3 (Tanh), sqrt(2) (ReLU),
// sqrt(2 / (1 + param^2)) (LeakyReLU, param the negative slope, 0.01 when negative).
double calculate_gain(Nonlinearity nonlinearity, double param = -1);
// {fan_in, fan_out}; throws for a tensor of fewer than 2 dimensions.
std::pair<long, long> calculate_fan_in_and_fan_out(const Tensor &t);

Tensor &uniform_(Tensor &t, double a = 0, double b = 1);
Tensor &normal_(Tensor &t, double mean = 0, double std = 1);
Tensor &constant_(Tensor &t, double value);
Tensor &zeros_(Tensor &t);
Tensor &ones_(Tensor &t);
// U(-a, a), a = gain * sqrt(6 / (fan_in + fan_out)).
Tensor &xavier_uniform_(Tensor &t, double gain = 1);
// N(0, std), std = gain * sqrt(2 / (fan_in + fan_out)).
Tensor &xavier_normal_(Tensor &t, double gain = 1);
// U(-b, b), b = gain * sqrt(3 / fan), gain = calculate_gain(nonlinearity, a), fan by mode.
Tensor &kaiming_uniform_(Tensor &t, double a = 0, FanMode mode = FanMode::FanIn,
                         Nonlinearity nonlinearity = Nonlinearity::LeakyReLU);
// N(0, std), std = gain / sqrt(fan).
Tensor &kaiming_normal_(Tensor &t, double a = 0, FanMode mode = FanMode::FanIn,
                        Nonlinearity nonlinearity = Nonlinearity::LeakyReLU);

}  // namespace ember::nn::init
