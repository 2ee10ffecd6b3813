#pragma once
// nn::Module: a tree of modules, each owning named parameters (tensors that require grad and that an
// optimizer updates), named buffers (state that is saved but not trained, e.g. BatchNorm's running
// statistics) and named submodules, in the shape of libtorch's torch::nn::Module.
//
//   struct NetImpl : nn::Module {
//     NetImpl() : Module("Net") {
//       fc1 = register_module("fc1", nn::Linear(4, 8));
//       fc2 = register_module("fc2", nn::Linear(8, 2));
//     }
//     Tensor forward(const Tensor &x) override { return fc2(fc1(x).relu()); }
//     nn::Linear fc1{nullptr}, fc2{nullptr};
//   };
//   EMBER_MODULE(Net);  // Net: a shared handle to a NetImpl (nn/holder.hpp)
//
// Every built-in module is written this way: nn::Linear holds an nn::LinearImpl.
//
// Names are dotted paths ("fc1.weight"). Every listing (parameters, buffers, state_dict) follows
// PyTorch's order: a module's own entries in registration order, then each child's, depth first.
//
// to(dtype) replaces every registered tensor by a converted copy (gradients included): tensors
// obtained before (an optimizer's parameter list, a Tensor member filled from register_parameter's
// result) still hold the old ones. A module that keeps a registered tensor in a member registers it
// by address instead (register_parameter(name, &member)): the member then follows to() and every
// listing reads it. The built-in layers do this, so `linear->weight` is always the live parameter.
#include <ember/autograd.hpp>

#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ember::nn {

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

class Module : public std::enable_shared_from_this<Module> {
 public:
  using ForwardHook = std::function<void(Module &, const Tensor &input, const Tensor &output)>;

  explicit Module(std::string type_name);
  virtual ~Module();
  Module(const Module &) = delete;  // registered members are tracked by address
  Module &operator=(const Module &) = delete;

  const std::string &type_name() const { return type_name_; }

  // The computation of a single-input module; the default throws (e.g. for losses, which take two).
  // A module may declare other forward signatures (several inputs, other results): a ModuleHolder's
  // call reaches them; Sequential and ModuleList's users call this one.
  virtual Tensor forward(const Tensor &input);
  // forward, then the forward hooks in registration order.
  Tensor operator()(const Tensor &input);

  std::vector<Tensor> parameters(bool recurse = true) const;
  NamedTensors named_parameters(bool recurse = true) const;
  std::vector<Tensor> buffers(bool recurse = true) const;
  NamedTensors named_buffers(bool recurse = true) const;
  std::vector<std::shared_ptr<Module>> children() const;
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> named_children() const;
  // This module (named prefix; left out when include_self is false) and every descendant, depth first,
  // under dotted names ("features.0"). The module must be held by a shared_ptr or a ModuleHolder.
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> named_modules(const std::string &prefix = "",
                                                                             bool include_self = true);
  std::vector<std::shared_ptr<Module>> modules(bool include_self = true);

  // fn(*this), then fn on every descendant, depth first.
  void apply(const std::function<void(Module &)> &fn);

  // Training mode (the default) or evaluation mode, for this module and every descendant (Dropout
  // and BatchNorm behave differently).
  void train(bool on = true);
  void eval() { train(false); }
  bool is_training() const { return training_; }

  // Sets the gradient of every parameter (recursively) that has one to zeros.
  void zero_grad();
  // Converts every parameter and buffer (recursively) to dtype; see the header comment.
  void to(Dtype dtype);
  // Moves every registered tensor (gradients included) to the device, the same way: build the
  // optimizer after moving the module (it holds the tensors it was given).
  void to(Device device);
  void to(DeviceType type) { to(Device(type)); }
  void to(const char *device) { to(Device(device)); }

  // Parameters and buffers under their dotted names (sharing their data, without history).
  NamedTensors state_dict() const;
  // Copies state into the parameters and buffers of the same names (converting the dtype). Throws
  // an ember::Error naming every missing entry, unexpected entry (both only when strict) and entry
  // whose shape differs, or a repeated name; all checks come first, so a failed load changes nothing.
  void load_state_dict(const NamedTensors &state, bool strict = true);

  // hook(module, input, output) runs after every call through operator(); returns an id for remove_hook.
  int register_forward_hook(ForwardHook hook);
  void remove_hook(int id);  // throws for an unknown id

  // One line describing this module alone, e.g. "Conv2d(1, 6, kernel_size=5, stride=1, padding=2)";
  // the default prints "<type_name>()".
  virtual void pretty_print(std::ostream &os) const;

 protected:
  // Registers t (made a leaf that requires grad, or not) and returns it. An undefined t registers
  // nothing (an absent bias) and returns it.
  Tensor register_parameter(const std::string &name, Tensor t, bool requires_grad = true);
  // The same for the tensor in *member, which stays the place where the parameter lives.
  void register_parameter(const std::string &name, Tensor *member, bool requires_grad = true);
  Tensor register_buffer(const std::string &name, Tensor t);
  void register_buffer(const std::string &name, Tensor *member);
  template <class M> std::shared_ptr<M> register_module(const std::string &name, std::shared_ptr<M> module) {
    add_child(name, module);
    return module;
  }
  // The same for a ModuleHolder (nn/holder.hpp): returns the holder.
  template <class Holder, class = decltype(std::declval<Holder &>().ptr())>
  Holder register_module(const std::string &name, Holder holder) {
    add_child(name, holder.ptr());
    return holder;
  }

 private:
  struct Entry {
    std::string name;
    Tensor *slot;  // a member of the subclass, or an element of owned_
  };
  void check_new_name(const std::string &name, const char *what) const;
  void add_child(const std::string &name, std::shared_ptr<Module> module);
  using Slots = std::vector<std::pair<std::string, Tensor *>>;
  void collect(const std::string &prefix, bool parameters, bool recurse, Slots &out) const;
  void state_slots(const std::string &prefix, Slots &out) const;
  void print_tree(std::ostream &os, int indent) const;
  void run_forward_hooks(const Tensor &input, const Tensor &output);
  template <class> friend class ModuleHolder;
  // to(dtype), to(device): replaces each registered tensor t of the tree by convert(t) if that is new.
  void convert_tensors(const std::function<Tensor(const Tensor &)> &convert);
  friend std::ostream &operator<<(std::ostream &os, const Module &module);

  std::string type_name_;
  bool training_ = true;
  std::vector<Entry> parameters_, buffers_;
  std::deque<Tensor> owned_;  // tensors registered by value (a deque: their addresses stay put)
  std::vector<std::pair<std::string, std::shared_ptr<Module>>> children_;
  std::vector<std::pair<int, ForwardHook>> hooks_;
  int next_hook_id_ = 0;
};

// The whole tree, indented as PyTorch prints it:
//   Sequential(
//     (0): Linear(in_features=4, out_features=8, bias=true)
//     (1): ReLU()
//   )
std::ostream &operator<<(std::ostream &os, const Module &module);

}  // namespace ember::nn
