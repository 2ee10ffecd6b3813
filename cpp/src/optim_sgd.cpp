// SGD with momentum, dampening, Nesterov momentum and weight decay, in PyTorch's order:
//   d_p = grad (+ weight_decay * p)
//   buf = d_p on the first step, else momentum * buf + (1 - dampening) * d_p
//   d_p = d_p + momentum * buf with nesterov, else buf
//   p  -= lr * d_p
#include "optim_impl.hpp"

namespace ember::optim {

SGD::SGD(std::vector<Group> groups) : OptimizerWith("SGD", std::move(groups)) { check_groups(); }

void SGD::check_options(size_t group) const {
  const SGDOptions &o = param_groups.at(group).options;
  impl::check_common(name(), o);
  impl::check_option(o.momentum() >= 0, name(), "momentum", o.momentum(), ">= 0");
  if (o.nesterov() && !(o.momentum() > 0 && o.dampening() == 0))
    ember::detail::fail("SGD: nesterov momentum needs momentum > 0 and dampening 0, got momentum " +
                        std::to_string(o.momentum()) + " and dampening " + std::to_string(o.dampening()));
}

std::vector<std::string> SGD::buffer_names(size_t group) const {
  if (param_groups.at(group).options.momentum() != 0) return {"momentum_buffer"};
  return {};
}

void SGD::update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) {
  const SGDOptions &o = param_groups[group].options;
  ember::detail::dispatch_on(param, [&](auto tag) {
    using T = decltype(tag);
    auto *p = param.th(tag);
    auto *d = grad.th(tag);
    if (o.weight_decay() != 0) {
      auto *s = impl::scratch<T>(state, 0, param);
      EMBER_TH(cadd, tag)(s, d, o.weight_decay(), p);
      d = s;
    }
    if (o.momentum() != 0) {
      bool first = !state.buffers.count("momentum_buffer");
      auto *buf = impl::buffer<T>(state, "momentum_buffer", param);
      if (first) {
        EMBER_TH(copy, tag)(buf, d);
      } else {
        EMBER_TH(mul, tag)(buf, buf, o.momentum());
        EMBER_TH(cadd, tag)(buf, buf, 1 - o.dampening(), d);
      }
      if (o.nesterov()) {
        auto *s = impl::scratch<T>(state, 0, param);  // may already hold d: updated in place
        EMBER_TH(cadd, tag)(s, d, o.momentum(), buf);
        d = s;
      } else {
        d = buf;
      }
    }
    EMBER_TH(cadd, tag)(p, p, -o.lr(), d);
  });
}

}  // namespace ember::optim
