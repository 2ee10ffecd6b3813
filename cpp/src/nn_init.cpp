// nn::init: PyTorch 1.13's initialisers over the global generator.
#include <ember/nn/init.hpp>
#include <ember/autograd.hpp>

#include <cmath>

namespace ember::nn::init {

double calculate_gain(Nonlinearity nonlinearity, double param) {
  switch (nonlinearity) {
    case Nonlinearity::Tanh: return 5.0 / 3;
    case Nonlinearity::ReLU: return std::sqrt(2.0);
    case Nonlinearity::LeakyReLU: {
      double slope = param < 0 ? 0.01 : param;
      return std::sqrt(2 / (1 + slope * slope));
    }
    default: return 1;
  }
}

std::pair<long, long> calculate_fan_in_and_fan_out(const Tensor &t) {
  if (!t.defined() || t.dim() < 2)
    throw Error("calculate_fan_in_and_fan_out: fan in and fan out need a tensor of 2 or more dimensions, got " +
                (t.defined() ? shape_str(t.sizes()) : std::string("an undefined tensor")));
  long receptive = 1;
  for (long d = 2; d < t.dim(); d++) receptive *= t.size(d);
  return {t.size(1) * receptive, t.size(0) * receptive};
}

Tensor &uniform_(Tensor &t, double a, double b) {
  NoGradGuard no_grad;
  t.uniform_(a, b);
  return t;
}

Tensor &normal_(Tensor &t, double mean, double std) {
  NoGradGuard no_grad;
  t.normal_(mean, std);
  return t;
}

Tensor &constant_(Tensor &t, double value) {
  NoGradGuard no_grad;
  t.fill_(value);
  return t;
}

Tensor &zeros_(Tensor &t) { return constant_(t, 0); }
Tensor &ones_(Tensor &t) { return constant_(t, 1); }

Tensor &xavier_uniform_(Tensor &t, double gain) {
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  double a = gain * std::sqrt(6.0 / (double)(fan_in + fan_out));
  return uniform_(t, -a, a);
}

Tensor &xavier_normal_(Tensor &t, double gain) {
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  return normal_(t, 0, gain * std::sqrt(2.0 / (double)(fan_in + fan_out)));
}

namespace {
double kaiming_std(const Tensor &t, double a, FanMode mode, Nonlinearity nonlinearity) {
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  return calculate_gain(nonlinearity, a) / std::sqrt((double)(mode == FanMode::FanIn ? fan_in : fan_out));
}
}  // namespace

Tensor &kaiming_uniform_(Tensor &t, double a, FanMode mode, Nonlinearity nonlinearity) {
  double bound = std::sqrt(3.0) * kaiming_std(t, a, mode, nonlinearity);
  return uniform_(t, -bound, bound);
}

Tensor &kaiming_normal_(Tensor &t, double a, FanMode mode, Nonlinearity nonlinearity) {
  return normal_(t, 0, kaiming_std(t, a, mode, nonlinearity));
}

}  // namespace ember::nn::init
