#pragma once
// Autograd in libtorch's shape: operations on tensors that require grad record graph nodes;
// Tensor::backward() runs the graph in reverse topological order, summing the gradients that reach a
// tensor from several uses and accumulating them into the leaves' grad(). Custom operations subclass
// ember::autograd::Function<T> (forward/backward with an AutogradContext).
//
// Not supported: higher-order gradients (backward runs with grad mode off, saved tensors hold no
// history), and history rewriting of a view's base by an in-place operation on the view.
#include <ember/tensor.hpp>

#include <map>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace ember {

// Grad mode is per thread; NoGradGuard turns recording off for its scope.
struct GradMode {
  static bool is_enabled();
  static void set_enabled(bool enabled);
};

class NoGradGuard {
 public:
  NoGradGuard() : prev_(GradMode::is_enabled()) { GradMode::set_enabled(false); }
  ~NoGradGuard() { GradMode::set_enabled(prev_); }
  NoGradGuard(const NoGradGuard &) = delete;
  NoGradGuard &operator=(const NoGradGuard &) = delete;

 private:
  bool prev_;
};

namespace autograd {

using ember::tensor_list;

// An edge to the node that receives the gradient of one input: its input slot `input_nr`.
struct Edge {
  std::shared_ptr<Node> fn;  // null: the input needs no gradient
  long input_nr = 0;
};

// A graph node: given the gradients of its outputs, computes the gradients of its inputs (one per
// next edge; an undefined tensor where none flows).
struct Node {
  explicit Node(std::string name) : name_(std::move(name)) {}
  virtual ~Node();  // iterative: a long chain of nodes is freed without deep recursion
  Node(const Node &) = delete;
  Node &operator=(const Node &) = delete;

  const std::string &name() const { return name_; }
  virtual tensor_list apply(tensor_list &&grad_outputs) = 0;
  // Frees the saved tensors (backward without retain_graph); a later apply() throws.
  virtual void release() {}

  std::vector<Edge> next_edges;
  std::vector<std::pair<Shape, TensorOptions>> outputs;  // shape, dtype and device of each output (for zero grads)
  std::vector<std::pair<long, Tensor::Hook>> hooks;  // (output_nr, hook) of non-leaf tensors

 private:
  std::string name_;
};

// The message of a backward through freed saved tensors.
extern const char *const kBackwardTwiceMessage;

// A tensor kept for backward: the data (no history: no reference cycle through an output) and the
// version it had; get() throws when an in-place operation has changed it since.
class SavedTensor {
 public:
  SavedTensor() = default;
  explicit SavedTensor(const Tensor &t);
  Tensor get() const;
  bool defined() const { return data_.defined(); }

 private:
  Tensor data_;
  uint64_t version_ = 0;
};

// The backward of a recorded operation: the gradients of its outputs and, per input, whether a
// gradient is needed there; returns one gradient per input (undefined where not needed).
using BackwardFn = std::function<tensor_list(const tensor_list &grads, const std::vector<bool> &needs_input_grad)>;

// True when grad mode is on and an input requires grad: the operation must be recorded.
bool needs_record(const tensor_list &inputs);
// Records one node named `name` with these inputs; outputs (fresh tensors) get it as grad_fn.
void record(const std::string &name, const tensor_list &outputs, const tensor_list &inputs, BackwardFn backward);

// Runs backward from several roots at once (Tensor::backward is the one-root case).
void backward(const tensor_list &roots, const tensor_list &grads = {}, bool retain_graph = false);

// ------------------------------------------------------------------------------- custom functions
// struct MyFn : ember::autograd::Function<MyFn> {
//   static Tensor forward(AutogradContext *ctx, Tensor x, double k);            // or tensor_list
//   static tensor_list backward(AutogradContext *ctx, tensor_list grad_outputs);
// };
// Tensor y = MyFn::apply(x, 2.0);
// backward returns one gradient per forward argument after ctx (undefined for non-tensors), or one
// per tensor argument. forward runs with grad mode off.
class AutogradContext {
 public:
  void save_for_backward(const tensor_list &tensors);
  tensor_list get_saved_variables() const;  // throws after release or after an in-place change
  bool needs_input_grad(size_t tensor_index) const;  // by position among the tensor arguments
  std::map<std::string, double> saved_data;  // scalars for backward

  // Used by Function<T>::apply.
  std::vector<bool> needs_input_grad_;
  std::vector<SavedTensor> saved_;
  bool released_ = false;
};

namespace detail {
using CustomBackward = std::function<tensor_list(AutogradContext *, tensor_list)>;
// Attaches a node running `backward` to the outputs (replaced by fresh aliases of themselves);
// arg_is_tensor[i] tells whether forward argument i was a tensor.
tensor_list record_custom(const std::string &name, std::shared_ptr<AutogradContext> ctx,
                          const tensor_list &inputs, const std::vector<bool> &arg_is_tensor,
                          tensor_list outputs, CustomBackward backward);

template <typename A> void collect_tensor(tensor_list &tensors, std::vector<bool> &is_tensor, const A &arg) {
  if constexpr (std::is_same_v<std::decay_t<A>, Tensor>) tensors.push_back(arg);
  is_tensor.push_back(std::is_same_v<std::decay_t<A>, Tensor>);
}
std::string demangle(const char *name);
}  // namespace detail

template <class T> struct Function {
  template <typename... Args> static auto apply(Args &&...args) {
    auto ctx = std::make_shared<AutogradContext>();
    tensor_list inputs;
    std::vector<bool> arg_is_tensor;
    (detail::collect_tensor(inputs, arg_is_tensor, args), ...);
    bool recording = needs_record(inputs);
    for (const Tensor &t : inputs) ctx->needs_input_grad_.push_back(recording && t.requires_grad());
    using Out = decltype(T::forward(ctx.get(), std::forward<Args>(args)...));
    static_assert(std::is_same_v<Out, Tensor> || std::is_same_v<Out, tensor_list>,
                  "Function<T>::forward must return Tensor or tensor_list");
    tensor_list outputs;
    {
      NoGradGuard no_grad;
      if constexpr (std::is_same_v<Out, Tensor>) outputs = {T::forward(ctx.get(), std::forward<Args>(args)...)};
      else outputs = T::forward(ctx.get(), std::forward<Args>(args)...);
    }
    if (recording)
      outputs = detail::record_custom(detail::demangle(typeid(T).name()) + "Backward", ctx, inputs, arg_is_tensor,
                                      std::move(outputs), [](AutogradContext *c, tensor_list g) {
                                        return T::backward(c, std::move(g));
                                      });
    if constexpr (std::is_same_v<Out, Tensor>) return outputs[0];
    else return outputs;
  }
};

}  // namespace autograd
}  // namespace ember
