#pragma once
// ModuleHolder and EMBER_MODULE, in the shape of libtorch's ModuleHolder and TORCH_MODULE: a module
// class NetImpl gets a companion Net, a shared handle (copies share one module) that builds a NetImpl
// from its constructor's arguments and forwards calls to it:
//
//   EMBER_MODULE(Net);
//   Net model(10);                    // std::make_shared<NetImpl>(10)
//   Tensor y = model(x);              // model->forward(x), then the forward hooks
//   auto [out, state] = lstm(x, hx);  // any forward signature: several inputs, other results
//   Net unset{nullptr};               // an empty holder, to assign later (a member, say)
//
// Every built-in module is a holder over its Impl class: nn::Linear holds an nn::LinearImpl.
#include <ember/nn/module.hpp>

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <type_traits>
#include <utility>

namespace ember::nn {

template <class Impl> class ModuleHolder {
  static_assert(std::is_base_of_v<Module, Impl>, "ModuleHolder<Impl>: Impl must derive from nn::Module");

 public:
  using ContainedType = Impl;

  // A new Impl() (only when Impl has a default constructor; otherwise write `Net model{nullptr}`).
  template <class I = Impl, std::enable_if_t<std::is_default_constructible_v<I>, int> = 0>
  ModuleHolder() : impl_(std::make_shared<I>()) {}
  ModuleHolder(std::nullptr_t) {}
  ModuleHolder(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  // A new Impl(args...).
  template <class Head, class... Tail,
            std::enable_if_t<!(sizeof...(Tail) == 0 && (std::is_same_v<std::decay_t<Head>, std::nullptr_t> ||
                                                         std::is_convertible_v<Head, std::shared_ptr<Impl>> ||
                                                         std::is_base_of_v<ModuleHolder, std::decay_t<Head>>)),
                             int> = 0>
  explicit ModuleHolder(Head &&head, Tail &&...tail)
      : impl_(std::make_shared<Impl>(std::forward<Head>(head), std::forward<Tail>(tail)...)) {}

  Impl *operator->() const { return get(); }
  Impl &operator*() const { return *get(); }
  Impl *get() const {  // throws for an empty holder
    if (!impl_) throw Error("ModuleHolder: the holder is empty (constructed from nullptr and never assigned)");
    return impl_.get();
  }
  const std::shared_ptr<Impl> &ptr() const {
    get();
    return impl_;
  }
  bool is_empty() const { return impl_ == nullptr; }
  // (*impl)[key], for the containers: seq[0], dict["head"].
  template <class Key> decltype(auto) operator[](Key &&key) const { return (*get())[std::forward<Key>(key)]; }

  // impl->forward(args...); with one Tensor in and one out, the module's forward hooks run too.
  template <class... Args> decltype(auto) operator()(Args &&...args) const {
    Impl &impl = *get();
    if constexpr (sizeof...(Args) == 1 && (std::is_same_v<std::decay_t<Args>, Tensor> && ...)) {
      using Result = decltype(impl.forward(std::forward<Args>(args)...));
      if constexpr (std::is_same_v<std::decay_t<Result>, Tensor>) {
        const Tensor &input = (args, ...);
        Tensor output = impl.forward(input);
        impl.run_forward_hooks(input, output);
        return output;
      } else {
        return impl.forward(std::forward<Args>(args)...);
      }
    } else {
      return impl.forward(std::forward<Args>(args)...);
    }
  }

 private:
  std::shared_ptr<Impl> impl_;
};

// Prints the module tree (operator<< of nn::Module).
template <class Impl> std::ostream &operator<<(std::ostream &os, const ModuleHolder<Impl> &holder) {
  return os << *holder;
}

// Declares Name, the ModuleHolder of NameImpl (declared before it).
#define EMBER_MODULE(Name)                                  \
  class Name : public ::ember::nn::ModuleHolder<Name##Impl> { \
   public:                                                  \
    using ::ember::nn::ModuleHolder<Name##Impl>::ModuleHolder; \
  }

}  // namespace ember::nn
