// Adagrad (PyTorch 1.13's formulas), with step t:
//   g = grad (+ weight_decay * p);  sum += g * g  (sum starts at initial_accumulator_value)
//   p -= lr / (1 + (t - 1) * lr_decay) * g / (sqrt(sum) + eps)
#include "optim_impl.hpp"

namespace ember::optim {

Adagrad::Adagrad(std::vector<Group> groups) : OptimizerWith("Adagrad", std::move(groups)) { check_groups(); }

void Adagrad::check_options(size_t group) const {
  const AdagradOptions &o = param_groups.at(group).options;
  impl::check_common(name(), o);
  impl::check_option(o.eps() >= 0, name(), "eps", o.eps(), ">= 0");
  impl::check_option(o.lr_decay() >= 0, name(), "lr_decay", o.lr_decay(), ">= 0");
  impl::check_option(o.initial_accumulator_value() >= 0, name(), "initial_accumulator_value",
                     o.initial_accumulator_value(), ">= 0");
}

std::vector<std::string> Adagrad::buffer_names(size_t) const { return {"sum"}; }

void Adagrad::update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) {
  const AdagradOptions &o = param_groups[group].options;
  ember::detail::dispatch_on(param, [&](auto tag) {
    using T = decltype(tag);
    auto *p = param.th(tag);
    auto *g = grad.th(tag);
    if (o.weight_decay() != 0) {
      auto *s = impl::scratch<T>(state, 0, param);
      EMBER_TH(cadd, tag)(s, g, o.weight_decay(), p);
      g = s;
    }
    double clr = o.lr() / (1 + (double)(state.step - 1) * o.lr_decay());
    auto *sum = impl::buffer<T>(state, "sum", param, o.initial_accumulator_value());
    EMBER_TH(addcmul, tag)(sum, sum, 1, g, g);
    auto *std_ = impl::scratch<T>(state, 1, param);
    EMBER_TH(sqrt, tag)(std_, sum);
    EMBER_TH(add, tag)(std_, std_, o.eps());
    EMBER_TH(addcdiv, tag)(p, p, -clr, g, std_);
  });
}

}  // namespace ember::optim
