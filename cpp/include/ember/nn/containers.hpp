#pragma once
// Containers of modules: Sequential (applied one after the other), ModuleList (indexed) and ModuleDict
// (by name, in insertion order). Each registers what it holds as its submodules (named "0", "1", ...
// or by their keys), so parameters(), state_dict(), to() and printing see them.
#include <ember/nn/holder.hpp>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ember::nn {

namespace detail {
// The module of a ModuleHolder or a shared_ptr to a module.
inline std::shared_ptr<Module> module_ptr(std::shared_ptr<Module> module) { return module; }
template <class Holder, class = decltype(std::declval<const Holder &>().ptr())>
std::shared_ptr<Module> module_ptr(const Holder &holder) {
  return holder.ptr();
}
}  // namespace detail

// An indexed list of modules. It has no forward: the owner calls them.
class ModuleListImpl : public Module {
 public:
  ModuleListImpl() : Module("ModuleList") {}
  // ModuleList(nn::Linear(4, 8), nn::ReLU(), std::make_shared<MyImpl>())
  template <class... Modules> explicit ModuleListImpl(Modules &&...modules) : ModuleListImpl() {
    (push_back(detail::module_ptr(std::forward<Modules>(modules))), ...);
  }
  void push_back(std::shared_ptr<Module> module);  // registered as child "<size>"
  template <class Holder, class = decltype(std::declval<const Holder &>().ptr())>
  void push_back(const Holder &holder) {
    push_back(detail::module_ptr(holder));
  }
  size_t size() const { return modules_.size(); }
  bool empty() const { return modules_.empty(); }
  const std::shared_ptr<Module> &operator[](size_t index) const;  // throws when out of range
  // The module at index as a T (throws when it is not one).
  template <class T> std::shared_ptr<T> ptr(size_t index) const {
    auto typed = std::dynamic_pointer_cast<T>((*this)[index]);
    if (!typed) throw Error(type_name() + ": module " + std::to_string(index) + " is a " + (*this)[index]->type_name() + ", not the type asked for");
    return typed;
  }
  auto begin() const { return modules_.begin(); }
  auto end() const { return modules_.end(); }

 protected:
  explicit ModuleListImpl(const char *type_name) : Module(type_name) {}

 private:
  std::vector<std::shared_ptr<Module>> modules_;
};
EMBER_MODULE(ModuleList);

// Modules applied one after the other, each through its single-input forward.
class SequentialImpl : public ModuleListImpl {
 public:
  SequentialImpl() : ModuleListImpl("Sequential") {}
  template <class... Modules> explicit SequentialImpl(Modules &&...modules) : SequentialImpl() {
    (push_back(detail::module_ptr(std::forward<Modules>(modules))), ...);
  }
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Sequential);

// Modules by name, in insertion order. It has no forward.
class ModuleDictImpl : public Module {
 public:
  ModuleDictImpl() : Module("ModuleDict") {}
  explicit ModuleDictImpl(const std::vector<std::pair<std::string, std::shared_ptr<Module>>> &modules);
  // Adds module under key (registered as child key; a key may not repeat or contain '.').
  void insert(const std::string &key, std::shared_ptr<Module> module);
  template <class Holder, class = decltype(std::declval<const Holder &>().ptr())>
  void insert(const std::string &key, const Holder &holder) {
    insert(key, detail::module_ptr(holder));
  }
  size_t size() const { return children().size(); }
  bool empty() const { return size() == 0; }
  bool contains(const std::string &key) const;
  std::shared_ptr<Module> operator[](const std::string &key) const;  // throws naming the key when absent
  template <class T> std::shared_ptr<T> ptr(const std::string &key) const {
    auto typed = std::dynamic_pointer_cast<T>((*this)[key]);
    if (!typed) throw Error("ModuleDict: module \"" + key + "\" is a " + (*this)[key]->type_name() + ", not the type asked for");
    return typed;
  }
  std::vector<std::string> keys() const;
  std::vector<std::shared_ptr<Module>> values() const { return children(); }
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> items() const { return named_children(); }
};
EMBER_MODULE(ModuleDict);

}  // namespace ember::nn
