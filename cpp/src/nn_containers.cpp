// Sequential, ModuleList and ModuleDict (nn/containers.hpp).
#include <ember/nn/containers.hpp>

#include <algorithm>

namespace ember::nn {

void ModuleListImpl::push_back(std::shared_ptr<Module> module) {
  register_module(std::to_string(modules_.size()), module);
  modules_.push_back(std::move(module));
}

const std::shared_ptr<Module> &ModuleListImpl::operator[](size_t index) const {
  if (index >= modules_.size())
    throw Error(type_name() + ": index " + std::to_string(index) + " out of range (it holds " +
                std::to_string(modules_.size()) + " modules)");
  return modules_[index];
}

Tensor SequentialImpl::forward(const Tensor &input) {
  Tensor x = input;
  for (const auto &m : *this) x = (*m)(x);
  return x;
}

ModuleDictImpl::ModuleDictImpl(const std::vector<std::pair<std::string, std::shared_ptr<Module>>> &modules)
    : ModuleDictImpl() {
  for (const auto &[key, module] : modules) insert(key, module);
}

void ModuleDictImpl::insert(const std::string &key, std::shared_ptr<Module> module) { register_module(key, std::move(module)); }

bool ModuleDictImpl::contains(const std::string &key) const {
  auto items = named_children();
  return std::any_of(items.begin(), items.end(), [&](const auto &item) { return item.first == key; });
}

std::shared_ptr<Module> ModuleDictImpl::operator[](const std::string &key) const {
  for (auto &[name, module] : named_children())
    if (name == key) return module;
  throw Error("ModuleDict: no module under the key \"" + key + "\"");
}

std::vector<std::string> ModuleDictImpl::keys() const {
  std::vector<std::string> out;
  for (auto &item : named_children()) out.push_back(item.first);
  return out;
}

}  // namespace ember::nn
