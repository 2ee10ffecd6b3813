// Adam and AdamW (PyTorch 1.13's single-tensor formulas). With step t:
//   g = grad (+ weight_decay * p: Adam)       p *= 1 - lr * weight_decay  (AdamW, before the rest)
//   m = beta1 * m + (1 - beta1) * g           v = beta2 * v + (1 - beta2) * g * g
//   v_max = max(v_max, v) with amsgrad, and v_max replaces v below
//   p -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
#include <cmath>

#include "optim_impl.hpp"

namespace ember::optim {

namespace {
template <class Options> void check_adam(const std::string &name, const Options &o) {
  impl::check_common(name, o);
  impl::check_option(o.eps() >= 0, name, "eps", o.eps(), ">= 0");
  impl::check_option(o.beta1() >= 0 && o.beta1() < 1, name, "beta1", o.beta1(), "in [0, 1)");
  impl::check_option(o.beta2() >= 0 && o.beta2() < 1, name, "beta2", o.beta2(), "in [0, 1)");
}

std::vector<std::string> adam_buffers(bool amsgrad) {
  if (amsgrad) return {"exp_avg", "exp_avg_sq", "max_exp_avg_sq"};
  return {"exp_avg", "exp_avg_sq"};
}

// The step shared by Adam and AdamW; coupled_decay: Adam's weight decay (added to the gradient).
template <class Options>
void adam_update(const Options &o, bool coupled_decay, const Tensor &param, const Tensor &grad, ParamState &state) {
  ember::detail::dispatch_on(param, [&](auto tag) {
    using T = decltype(tag);
    auto *p = param.th(tag);
    auto *g = grad.th(tag);
    auto *s = impl::scratch<T>(state, 0, param);
    if (o.weight_decay() != 0) {
      if (coupled_decay) {
        EMBER_TH(cadd, tag)(s, g, o.weight_decay(), p);
        g = s;
      } else {
        EMBER_TH(mul, tag)(p, p, 1 - o.lr() * o.weight_decay());
      }
    }
    auto *m = impl::buffer<T>(state, "exp_avg", param);
    auto *v = impl::buffer<T>(state, "exp_avg_sq", param);
    EMBER_TH(mul, tag)(m, m, o.beta1());
    EMBER_TH(cadd, tag)(m, m, 1 - o.beta1(), g);
    EMBER_TH(mul, tag)(v, v, o.beta2());
    EMBER_TH(addcmul, tag)(v, v, 1 - o.beta2(), g, g);
    if (o.amsgrad()) {
      auto *v_max = impl::buffer<T>(state, "max_exp_avg_sq", param);
      EMBER_TH(cmax, tag)(v_max, v_max, v);
      v = v_max;
    }
    double t = (double)state.step;
    double step_size = o.lr() / (1 - std::pow(o.beta1(), t));
    double bias_correction2_sqrt = std::sqrt(1 - std::pow(o.beta2(), t));
    auto *denom = s;  // g is no longer needed: the scratch is free again
    EMBER_TH(sqrt, tag)(denom, v);
    EMBER_TH(div, tag)(denom, denom, bias_correction2_sqrt);
    EMBER_TH(add, tag)(denom, denom, o.eps());
    EMBER_TH(addcdiv, tag)(p, p, -step_size, m, denom);
  });
}
}  // namespace

Adam::Adam(std::vector<Group> groups) : OptimizerWith("Adam", std::move(groups)) { check_groups(); }
void Adam::check_options(size_t group) const { check_adam(name(), param_groups.at(group).options); }
std::vector<std::string> Adam::buffer_names(size_t group) const {
  return adam_buffers(param_groups.at(group).options.amsgrad());
}
void Adam::update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) {
  adam_update(param_groups[group].options, true, param, grad, state);
}

AdamW::AdamW(std::vector<Group> groups) : OptimizerWith("AdamW", std::move(groups)) { check_groups(); }
void AdamW::check_options(size_t group) const { check_adam(name(), param_groups.at(group).options); }
std::vector<std::string> AdamW::buffer_names(size_t group) const {
  return adam_buffers(param_groups.at(group).options.amsgrad());
}
void AdamW::update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) {
  adam_update(param_groups[group].options, false, param, grad, state);
}

}  // namespace ember::optim
