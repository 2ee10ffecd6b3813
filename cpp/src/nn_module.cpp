// nn::Module: the tree, its listings, state_dict, printing.
#include <ember/nn/module.hpp>

#include "tensor_impl.hpp"

#include <algorithm>
#include <map>
#include <ostream>
#include <set>

namespace ember::nn {

namespace {
[[noreturn]] void fail(const std::string &message) { throw Error(message); }

std::string join(const std::vector<std::string> &names) {
  std::string s;
  for (const std::string &n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}
}  // namespace

Module::Module(std::string type_name) : type_name_(std::move(type_name)) {}
Module::~Module() = default;

Tensor Module::forward(const Tensor &) {
  fail(type_name_ + " has no single-input forward (call it with the arguments it takes)");
}

Tensor Module::operator()(const Tensor &input) {
  Tensor output = forward(input);
  run_forward_hooks(input, output);
  return output;
}

void Module::run_forward_hooks(const Tensor &input, const Tensor &output) {
  for (auto &[id, hook] : hooks_) hook(*this, input, output);
}

// ------------------------------------------------------------------------------------ registration
void Module::check_new_name(const std::string &name, const char *what) const {
  if (name.empty() || name.find('.') != std::string::npos)
    fail(type_name_ + ": " + what + " name \"" + name + "\" must be non-empty and contain no '.'");
  auto taken = [&](const std::vector<Entry> &v) {
    return std::any_of(v.begin(), v.end(), [&](const Entry &e) { return e.name == name; });
  };
  bool child = std::any_of(children_.begin(), children_.end(), [&](const auto &c) { return c.first == name; });
  if (taken(parameters_) || taken(buffers_) || child)
    fail(type_name_ + ": cannot register " + what + " \"" + name + "\": the name is already taken");
}

void Module::register_parameter(const std::string &name, Tensor *member, bool requires_grad) {
  check_new_name(name, "parameter");
  if (!member->defined()) return;
  if (!member->is_leaf()) *member = member->detach();
  member->set_requires_grad(requires_grad);
  parameters_.push_back({name, member});
}

Tensor Module::register_parameter(const std::string &name, Tensor t, bool requires_grad) {
  check_new_name(name, "parameter");
  if (!t.defined()) return t;
  owned_.push_back(std::move(t));
  register_parameter(name, &owned_.back(), requires_grad);
  return owned_.back();
}

void Module::register_buffer(const std::string &name, Tensor *member) {
  check_new_name(name, "buffer");
  if (member->defined()) buffers_.push_back({name, member});
}

Tensor Module::register_buffer(const std::string &name, Tensor t) {
  check_new_name(name, "buffer");
  if (!t.defined()) return t;
  owned_.push_back(std::move(t));
  register_buffer(name, &owned_.back());
  return owned_.back();
}

void Module::add_child(const std::string &name, std::shared_ptr<Module> module) {
  check_new_name(name, "submodule");
  if (!module) fail(type_name_ + ": cannot register submodule \"" + name + "\": it is null");
  children_.emplace_back(name, std::move(module));
}

// ------------------------------------------------------------------------------------ listings
void Module::collect(const std::string &prefix, bool parameters, bool recurse,
                     Slots &out) const {
  for (const Entry &e : parameters ? parameters_ : buffers_) out.emplace_back(prefix + e.name, e.slot);
  if (!recurse) return;
  for (const auto &[name, child] : children_) child->collect(prefix + name + ".", parameters, true, out);
}

NamedTensors Module::named_parameters(bool recurse) const {
  Slots slots;
  collect("", true, recurse, slots);
  NamedTensors r;
  for (auto &[name, slot] : slots) r.emplace_back(name, *slot);
  return r;
}

NamedTensors Module::named_buffers(bool recurse) const {
  Slots slots;
  collect("", false, recurse, slots);
  NamedTensors r;
  for (auto &[name, slot] : slots) r.emplace_back(name, *slot);
  return r;
}

std::vector<Tensor> Module::parameters(bool recurse) const {
  std::vector<Tensor> r;
  for (auto &p : named_parameters(recurse)) r.push_back(p.second);
  return r;
}

std::vector<Tensor> Module::buffers(bool recurse) const {
  std::vector<Tensor> r;
  for (auto &b : named_buffers(recurse)) r.push_back(b.second);
  return r;
}

std::vector<std::shared_ptr<Module>> Module::children() const {
  std::vector<std::shared_ptr<Module>> r;
  for (const auto &c : children_) r.push_back(c.second);
  return r;
}

std::vector<std::pair<std::string, std::shared_ptr<Module>>> Module::named_children() const { return children_; }

std::vector<std::pair<std::string, std::shared_ptr<Module>>> Module::named_modules(const std::string &prefix,
                                                                                   bool include_self) {
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> out;
  if (include_self) {
    std::shared_ptr<Module> self = weak_from_this().lock();
    if (!self) fail(type_name_ + ": named_modules: the module must be held by a shared_ptr or a ModuleHolder");
    out.emplace_back(prefix, std::move(self));
  }
  for (const auto &[name, child] : children_)
    for (auto &entry : child->named_modules(prefix.empty() ? name : prefix + "." + name)) out.push_back(std::move(entry));
  return out;
}

std::vector<std::shared_ptr<Module>> Module::modules(bool include_self) {
  std::vector<std::shared_ptr<Module>> out;
  for (auto &entry : named_modules("", include_self)) out.push_back(std::move(entry.second));
  return out;
}

void Module::apply(const std::function<void(Module &)> &fn) {
  fn(*this);
  for (auto &c : children_) c.second->apply(fn);
}

void Module::train(bool on) {
  apply([on](Module &m) { m.training_ = on; });
}

void Module::zero_grad() {
  for (Tensor &p : parameters())
    if (p.grad().defined()) p.mutable_grad().zero_();
}

void Module::convert_tensors(const std::function<Tensor(const Tensor &)> &convert) {
  NoGradGuard no_grad;
  apply([&](Module &m) {
    for (Entry &e : m.parameters_) {
      Tensor &p = *e.slot;
      Tensor converted = convert(p.detach());
      if (converted.impl().handle == p.impl().handle) continue;  // already there: keep the parameter
      converted.set_requires_grad(p.requires_grad());
      if (p.grad().defined()) converted.mutable_grad() = convert(p.grad());
      p = converted;
    }
    for (Entry &e : m.buffers_)
      if (e.slot->defined()) *e.slot = convert(*e.slot);
  });
}

void Module::to(Dtype dtype) {
  convert_tensors([dtype](const Tensor &t) { return t.dtype() == dtype ? t : t.to(dtype); });
}

void Module::to(Device device) {
  detail::checked_device(device, "Module::to");
  convert_tensors([device](const Tensor &t) { return t.to(device); });
}

// ------------------------------------------------------------------------------------ state
NamedTensors Module::state_dict() const {
  Slots slots;
  state_slots("", slots);
  NamedTensors r;
  for (auto &[name, slot] : slots) r.emplace_back(name, slot->detach());
  return r;
}

// Per module: parameters, then buffers, then each child's (PyTorch's state_dict order).
void Module::state_slots(const std::string &prefix, Slots &out) const {
  collect(prefix, true, false, out);
  collect(prefix, false, false, out);
  for (const auto &[name, child] : children_) child->state_slots(prefix + name + ".", out);
}

void Module::load_state_dict(const NamedTensors &state, bool strict) {
  Slots slots;
  state_slots("", slots);
  std::map<std::string, const Tensor *> given;
  std::vector<std::string> problems, repeated, undefined, missing, unexpected;
  for (const auto &[name, t] : state) {
    if (!given.emplace(name, &t).second) repeated.push_back(name);
    if (!t.defined()) undefined.push_back(name);
  }
  std::set<std::string> own;
  std::vector<std::pair<Tensor *, const Tensor *>> copies;
  for (auto &[name, slot] : slots) {
    own.insert(name);
    auto it = given.find(name);
    if (it == given.end()) {
      missing.push_back(name);
      continue;
    }
    const Tensor &src = *it->second;
    if (!src.defined()) continue;
    if (src.sizes() != slot->sizes())
      problems.push_back("size mismatch for " + name + ": the model has " + shape_str(slot->sizes()) +
                         ", the state has " + shape_str(src.sizes()));
    else
      copies.emplace_back(slot, &src);
  }
  for (const auto &[name, t] : state)
    if (!own.count(name)) unexpected.push_back(name);
  if (!repeated.empty()) problems.push_back("repeated entries: " + join(repeated));
  if (!undefined.empty()) problems.push_back("undefined tensors for: " + join(undefined));
  if (strict && !missing.empty()) problems.push_back("missing entries: " + join(missing));
  if (strict && !unexpected.empty()) problems.push_back("unexpected entries: " + join(unexpected));
  if (!problems.empty()) {
    std::string message = "load_state_dict of " + type_name_ + " failed (nothing was loaded): ";
    for (size_t i = 0; i < problems.size(); i++) message += (i ? "; " : "") + problems[i];
    fail(message);
  }
  NoGradGuard no_grad;
  for (auto &[slot, src] : copies) slot->copy_(*src);
}

// ------------------------------------------------------------------------------------ hooks
int Module::register_forward_hook(ForwardHook hook) {
  if (!hook) fail(type_name_ + ": register_forward_hook needs a callable");
  hooks_.emplace_back(next_hook_id_, std::move(hook));
  return next_hook_id_++;
}

void Module::remove_hook(int id) {
  auto it = std::find_if(hooks_.begin(), hooks_.end(), [id](const auto &h) { return h.first == id; });
  if (it == hooks_.end()) fail(type_name_ + ": remove_hook: no hook with id " + std::to_string(id));
  hooks_.erase(it);
}

// ------------------------------------------------------------------------------------ printing
void Module::pretty_print(std::ostream &os) const { os << type_name_ << "()"; }

void Module::print_tree(std::ostream &os, int indent) const {
  if (children_.empty()) {
    pretty_print(os);
    return;
  }
  os << type_name_ << "(\n";
  for (const auto &[name, child] : children_) {
    os << std::string((size_t)indent + 2, ' ') << "(" << name << "): ";
    child->print_tree(os, indent + 2);
    os << "\n";
  }
  os << std::string((size_t)indent, ' ') << ")";
}

std::ostream &operator<<(std::ostream &os, const Module &module) {
  module.print_tree(os, 0);
  return os;
}

}  // namespace ember::nn
