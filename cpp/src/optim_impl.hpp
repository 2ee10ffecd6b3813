#pragma once
// Shared by the optimizers' update kernels (cpp/src/optim_*.cpp): typed state buffers and option checks.
#include <ember/optim.hpp>

#include <sstream>
#include <string>

#include "tensor_impl.hpp"

namespace ember::optim::impl {

// The state buffer `name` of a parameter as a typed handle (T: the dispatch tag, CPU or CUDA),
// created filled with `init` (the parameter's dtype, shape and device) on first use.
template <typename T> auto *buffer(ParamState &state, const char *name, const Tensor &param, double init = 0) {
  Tensor &b = state.buffers[name];
  if (!b.defined()) b = full_like(param, init);
  return b.th(T{});
}

// A temporary shaped like the parameter, allocated once and reused by every step.
template <typename T> auto *scratch(ParamState &state, size_t slot, const Tensor &param) {
  Tensor &s = state.scratch.at(slot);
  if (!s.defined()) s = empty_like(param);
  return s.th(T{});
}

// Throws "<Optimizer>: invalid <option> <value> (expected <expected>)" unless ok.
inline void check_option(bool ok, const std::string &optimizer, const char *option, double value,
                         const char *expected) {
  if (ok) return;
  std::ostringstream s;
  s << optimizer << ": invalid " << option << " " << value << " (expected " << expected << ")";
  ember::detail::fail(s.str());
}

// lr >= 0, eps >= 0, weight_decay >= 0 (every optimizer has them).
template <class Options> void check_common(const std::string &name, const Options &o) {
  check_option(o.lr() >= 0, name, "lr", o.lr(), ">= 0");
  check_option(o.weight_decay() >= 0, name, "weight_decay", o.weight_decay(), ">= 0");
}

}  // namespace ember::optim::impl
