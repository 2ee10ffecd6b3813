// The optimizer base: the step loop, gradients, and the state as named tensors.
#include <ember/optim.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include "tensor_impl.hpp"

namespace ember::optim {

using detail::fail;

void Optimizer::check_groups() const {
  std::set<const TensorImpl *> seen;
  for (size_t g = 0; g < num_param_groups(); g++) {
    check_options(g);
    const std::vector<Tensor> &params = group_params(g);
    for (size_t i = 0; i < params.size(); i++) {
      const Tensor &p = params[i];
      std::string where = name_ + ": parameter " + std::to_string(i) + " of group " + std::to_string(g);
      if (!p.defined()) fail(where + " is an undefined tensor");
      if (!p.is_leaf()) fail(where + " is not a leaf tensor (it has a grad_fn); optimize leaves only");
      if (!seen.insert(p.impl_ptr().get()).second) fail(where + " appears more than once in the groups");
    }
  }
}

void Optimizer::step() {
  NoGradGuard no_grad;
  for (size_t g = 0; g < num_param_groups(); g++) {
    check_options(g);
    const std::vector<Tensor> &params = group_params(g);
    for (size_t i = 0; i < params.size(); i++) {
      const Tensor &p = params[i];
      const Tensor &grad = p.grad();
      if (!grad.defined()) continue;
      if (grad.device() != p.device())
        fail(name_ + ": the gradient of parameter " + std::to_string(i) + " of group " + std::to_string(g) +
             " is on " + grad.device().str() + ", the parameter on " + p.device().str());
      if (grad.dtype() != p.dtype() || grad.sizes() != p.sizes())
        fail(name_ + ": the gradient of parameter " + std::to_string(i) + " of group " + std::to_string(g) +
             " is " + dtype_name(grad.dtype()) + " " + shape_str(grad.sizes()) + ", the parameter " +
             dtype_name(p.dtype()) + " " + shape_str(p.sizes()));
      ParamState &state = state_[p.impl_ptr().get()];
      state.step++;
      update(g, p, grad, state);
      detail::bump_version(p);
    }
  }
}

Tensor Optimizer::step(const std::function<Tensor()> &closure) {
  Tensor loss;
  {
    GradMode::set_enabled(true);  // the closure records its graph whatever the caller's mode
    struct Restore {
      bool prev;
      ~Restore() { GradMode::set_enabled(prev); }
    } restore{GradMode::is_enabled()};
    loss = closure();
  }
  step();
  return loss;
}

void Optimizer::zero_grad(bool set_to_none) {
  NoGradGuard no_grad;
  for (size_t g = 0; g < num_param_groups(); g++)
    for (Tensor p : group_params(g)) {
      if (!p.grad().defined()) continue;
      if (set_to_none) p.mutable_grad() = Tensor();
      else p.mutable_grad().zero_();
    }
}

// ----------------------------------------------------------------------------------- state
namespace {
Tensor scalar_tensor(double v) { return from_vector(std::vector<double>{v}); }

// Parses a decimal index; false when s is not one.
bool parse_index(const std::string &s, size_t *out) {
  if (s.empty() || s.size() > 18) return false;
  size_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (size_t)(c - '0');
  }
  *out = v;
  return true;
}

std::vector<std::string> split_dots(const std::string &s) {
  std::vector<std::string> parts(1);
  for (char c : s) {
    if (c == '.') parts.emplace_back();
    else parts.back() += c;
  }
  return parts;
}
}  // namespace

const Tensor &Optimizer::param_by_index(size_t k, size_t *group) const {
  for (size_t g = 0; g < num_param_groups(); g++) {
    const std::vector<Tensor> &params = group_params(g);
    if (k < params.size()) {
      *group = g;
      return params[k];
    }
    k -= params.size();
  }
  fail(name_ + ": parameter index out of range");
}

NamedTensors Optimizer::state_dict() const {
  NamedTensors out;
  for (size_t g = 0; g < num_param_groups(); g++) out.emplace_back("param_groups." + std::to_string(g) + ".lr", scalar_tensor(lr(g)));
  size_t k = 0;
  for (size_t g = 0; g < num_param_groups(); g++)
    for (const Tensor &p : group_params(g)) {
      auto it = state_.find(p.impl_ptr().get());
      if (it != state_.end()) {
        std::string prefix = "state." + std::to_string(k) + ".";
        out.emplace_back(prefix + "step", scalar_tensor((double)it->second.step));
        for (const auto &[name, buffer] : it->second.buffers) out.emplace_back(prefix + name, buffer.clone());
      }
      k++;
    }
  return out;
}

void Optimizer::check_state_dict(const NamedTensors &state) const {
  size_t num_params = 0;
  for (size_t g = 0; g < num_param_groups(); g++) num_params += group_params(g).size();
  std::set<std::string> seen;
  std::map<size_t, std::set<std::string>> fields;  // parameter index -> the fields present
  for (const auto &[name, t] : state) {
    std::string what = name_ + " state: entry \"" + name + "\"";
    if (!seen.insert(name).second) fail(what + " appears twice");
    if (!t.defined()) fail(what + " is an undefined tensor");
    std::vector<std::string> parts = split_dots(name);
    size_t index;
    if (parts.size() == 3 && parts[0] == "param_groups" && parts[2] == "lr" && parse_index(parts[1], &index)) {
      if (index >= num_param_groups())
        fail(what + ": the optimizer has " + std::to_string(num_param_groups()) + " parameter group(s)");
      if (t.numel() != 1) fail(what + " must hold one value, got shape " + shape_str(t.sizes()));
      double v = t.item();
      if (!(v >= 0) || !std::isfinite(v)) fail(what + " is not a valid learning rate: " + std::to_string(v));
      continue;
    }
    if (parts.size() != 3 || parts[0] != "state" || !parse_index(parts[1], &index))
      fail(what + " is not one of this optimizer's (expected state.K.NAME or param_groups.G.lr)");
    if (index >= num_params)
      fail(what + ": the optimizer has " + std::to_string(num_params) + " parameter(s)");
    size_t group;
    const Tensor &p = param_by_index(index, &group);
    const std::string &field = parts[2];
    if (field == "step") {
      if (t.numel() != 1) fail(what + " must hold one value, got shape " + shape_str(t.sizes()));
      double v = t.item();
      if (!(v >= 0) || v != std::floor(v) || v > 1e15) fail(what + " is not a step count: " + std::to_string(v));
    } else {
      std::vector<std::string> names = buffer_names(group);
      if (std::find(names.begin(), names.end(), field) == names.end())
        fail(what + ": " + name_ + " keeps no buffer \"" + field + "\" with these options");
      if (t.dtype() != p.dtype() || t.sizes() != p.sizes())
        fail(what + " is " + dtype_name(t.dtype()) + " " + shape_str(t.sizes()) + ", the parameter " +
             dtype_name(p.dtype()) + " " + shape_str(p.sizes()));
    }
    fields[index].insert(field);
  }
  for (const auto &[index, present] : fields) {
    size_t group;
    param_by_index(index, &group);
    std::vector<std::string> needed = buffer_names(group);
    needed.push_back("step");
    for (const std::string &f : needed)
      if (!present.count(f))
        fail(name_ + " state: parameter " + std::to_string(index) + " has state but no entry \"state." +
             std::to_string(index) + "." + f + "\"");
  }
}

void Optimizer::load_state_dict(const NamedTensors &state) {
  check_state_dict(state);
  std::unordered_map<const TensorImpl *, ParamState> loaded;
  std::vector<std::pair<size_t, double>> lrs;
  for (const auto &[name, t] : state) {
    std::vector<std::string> parts = split_dots(name);
    size_t index = 0, group;
    parse_index(parts[1], &index);
    if (parts[0] == "param_groups") {
      lrs.emplace_back(index, t.item());
      continue;
    }
    const Tensor &p = param_by_index(index, &group);
    ParamState &s = loaded[p.impl_ptr().get()];
    if (parts[2] == "step") s.step = (long)t.item();
    else s.buffers[parts[2]] = t.detach().to(p.device()).clone();  // a CPU checkpoint for GPU parameters
  }
  state_ = std::move(loaded);
  for (auto [g, v] : lrs) set_lr(g, v);
}

}  // namespace ember::optim
