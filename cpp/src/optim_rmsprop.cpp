// RMSprop (PyTorch 1.13's formulas):
//   g = grad (+ weight_decay * p);  sq = alpha * sq + (1 - alpha) * g * g
//   centered: ga = alpha * ga + (1 - alpha) * g;  avg = sqrt(sq - ga * ga) + eps, else sqrt(sq) + eps
//   momentum > 0: buf = momentum * buf + g / avg;  p -= lr * buf,   else p -= lr * g / avg
#include "optim_impl.hpp"

namespace ember::optim {

RMSprop::RMSprop(std::vector<Group> groups) : OptimizerWith("RMSprop", std::move(groups)) { check_groups(); }

void RMSprop::check_options(size_t group) const {
  const RMSpropOptions &o = param_groups.at(group).options;
  impl::check_common(name(), o);
  impl::check_option(o.eps() >= 0, name(), "eps", o.eps(), ">= 0");
  impl::check_option(o.alpha() >= 0, name(), "alpha", o.alpha(), ">= 0");
  impl::check_option(o.momentum() >= 0, name(), "momentum", o.momentum(), ">= 0");
}

std::vector<std::string> RMSprop::buffer_names(size_t group) const {
  const RMSpropOptions &o = param_groups.at(group).options;
  std::vector<std::string> names{"square_avg"};
  if (o.momentum() > 0) names.push_back("momentum_buffer");
  if (o.centered()) names.push_back("grad_avg");
  return names;
}

void RMSprop::update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) {
  const RMSpropOptions &o = param_groups[group].options;
  ember::detail::dispatch_on(param, [&](auto tag) {
    using T = decltype(tag);
    auto *p = param.th(tag);
    auto *g = grad.th(tag);
    if (o.weight_decay() != 0) {
      auto *s = impl::scratch<T>(state, 0, param);
      EMBER_TH(cadd, tag)(s, g, o.weight_decay(), p);
      g = s;
    }
    auto *sq = impl::buffer<T>(state, "square_avg", param);
    EMBER_TH(mul, tag)(sq, sq, o.alpha());
    EMBER_TH(addcmul, tag)(sq, sq, 1 - o.alpha(), g, g);
    auto *avg = impl::scratch<T>(state, 1, param);
    if (o.centered()) {
      auto *ga = impl::buffer<T>(state, "grad_avg", param);
      EMBER_TH(mul, tag)(ga, ga, o.alpha());
      EMBER_TH(cadd, tag)(ga, ga, 1 - o.alpha(), g);
      EMBER_TH(addcmul, tag)(avg, sq, -1, ga, ga);
      EMBER_TH(sqrt, tag)(avg, avg);
    } else {
      EMBER_TH(sqrt, tag)(avg, sq);
    }
    EMBER_TH(add, tag)(avg, avg, o.eps());
    if (o.momentum() > 0) {
      auto *buf = impl::buffer<T>(state, "momentum_buffer", param);
      EMBER_TH(mul, tag)(buf, buf, o.momentum());
      EMBER_TH(addcdiv, tag)(buf, buf, 1, g, avg);
      EMBER_TH(cadd, tag)(p, p, -o.lr(), buf);
    } else {
      EMBER_TH(addcdiv, tag)(p, p, -o.lr(), g, avg);
    }
  });
}

}  // namespace ember::optim
