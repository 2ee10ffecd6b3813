// Autograd: grad mode, the tensors' autograd accessors, recording nodes, the backward engine and
// the support of custom functions.
#include "tensor_impl.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace ember {

using namespace detail;

namespace {
thread_local bool grad_enabled = true;
}
bool GradMode::is_enabled() { return grad_enabled; }
void GradMode::set_enabled(bool enabled) { grad_enabled = enabled; }

namespace autograd {

const char *const kBackwardTwiceMessage =
    "Trying to backward through the graph a second time (or to read saved tensors after they were freed): "
    "the saved tensors of the graph are freed by backward(); specify retain_graph=true on the first backward "
    "to backward through the graph again";

// Freeing a node frees the nodes only it holds, and theirs...: done with an explicit stack so that
// the depth of a graph never becomes the depth of the C++ call stack.
Node::~Node() {
  std::vector<std::shared_ptr<Node>> stack;
  for (Edge &e : next_edges)
    if (e.fn) stack.push_back(std::move(e.fn));
  while (!stack.empty()) {
    std::shared_ptr<Node> node = std::move(stack.back());
    stack.pop_back();
    if (node.use_count() == 1)
      for (Edge &e : node->next_edges)
        if (e.fn) stack.push_back(std::move(e.fn));
  }
}

SavedTensor::SavedTensor(const Tensor &t) {
  if (t.defined()) {
    data_ = alias(t);
    version_ = t.version();
  }
}

Tensor SavedTensor::get() const {
  if (data_.defined() && data_.version() != version_)
    fail("one of the tensors needed for gradient computation has been modified by an in-place operation: a " +
         std::string(dtype_name(data_.dtype())) + " tensor of size " + shape_str(data_.sizes()) + " is at version " +
         std::to_string(data_.version()) + ", expected version " + std::to_string(version_));
  return data_;
}

namespace {
// A recorded built-in operation: its backward is a closure holding what it saved.
struct LambdaNode : Node {
  LambdaNode(const std::string &name, BackwardFn fn) : Node(name), backward(std::move(fn)) {}
  tensor_list apply(tensor_list &&grads) override {
    if (!backward) fail(name() + ": " + kBackwardTwiceMessage);
    std::vector<bool> needs;
    for (const Edge &e : next_edges) needs.push_back(e.fn != nullptr);
    return backward(grads, needs);
  }
  void release() override { backward = nullptr; }
  BackwardFn backward;
};

// The end of the graph at a leaf: runs the leaf's hooks and adds the gradient to its grad().
struct AccumulateGrad : Node {
  explicit AccumulateGrad(std::shared_ptr<TensorImpl> leaf) : Node("AccumulateGrad"), variable(std::move(leaf)) {}
  tensor_list apply(tensor_list &&grads) override {
    Tensor g = grads[0];
    std::lock_guard<std::mutex> lock(variable->leaf_mutex);
    for (const Tensor::Hook &hook : variable->hooks) {
      Tensor replaced = hook(g);
      if (replaced.defined()) g = replaced;
    }
    if (!variable->grad.defined()) variable->grad = g.clone();
    else variable->grad.add_(g);
    return {};
  }
  std::shared_ptr<TensorImpl> variable;
};

std::shared_ptr<Node> grad_accumulator(const Tensor &leaf) {
  TensorImpl &impl = leaf.impl();
  std::lock_guard<std::mutex> lock(impl.leaf_mutex);
  if (auto acc = impl.grad_accumulator.lock()) return acc;
  auto acc = std::make_shared<AccumulateGrad>(leaf.impl_ptr());
  acc->outputs.push_back({leaf.sizes(), leaf.options()});
  impl.grad_accumulator = acc;
  return acc;
}

Edge gradient_edge(const Tensor &t) {
  if (!t.defined()) return {};
  TensorImpl &impl = t.impl();
  if (impl.grad_fn) return {impl.grad_fn, impl.output_nr};
  if (impl.requires_grad) return {grad_accumulator(t), 0};
  return {};
}

void attach(const std::shared_ptr<Node> &node, const tensor_list &outputs, const tensor_list &inputs) {
  for (const Tensor &in : inputs) node->next_edges.push_back(gradient_edge(in));
  for (size_t i = 0; i < outputs.size(); i++) {
    if (!outputs[i].defined()) continue;
    TensorImpl &impl = outputs[i].impl();
    impl.grad_fn = node;
    impl.output_nr = (long)i;
  }
  for (const Tensor &out : outputs)
    node->outputs.push_back(out.defined() ? std::make_pair(out.sizes(), out.options()) : std::make_pair(Shape{}, TensorOptions()));
}

void add_into(Tensor &slot, const Tensor &g) { slot = slot.defined() ? slot + g : g; }
}  // namespace

bool needs_record(const tensor_list &inputs) {
  if (!GradMode::is_enabled()) return false;
  for (const Tensor &t : inputs)
    if (t.defined() && t.requires_grad()) return true;
  return false;
}

void record(const std::string &name, const tensor_list &outputs, const tensor_list &inputs, BackwardFn backward) {
  attach(std::make_shared<LambdaNode>(name, std::move(backward)), outputs, inputs);
}

// ------------------------------------------------------------------------------------ engine
// Kahn's algorithm over the graph reachable from the roots: a node runs once every node that
// sends it a gradient has run, so the gradients reaching one output are summed before its node runs.
void backward(const tensor_list &roots, const tensor_list &grads, bool retain_graph) {
  std::vector<std::pair<Edge, Tensor>> starts;
  for (size_t i = 0; i < roots.size(); i++) {
    const Tensor &root = roots[i];
    check_defined(root, "backward");
    if (!root.requires_grad())
      fail("backward: element " + std::to_string(i) + " of the tensors does not require grad and has no grad_fn");
    Tensor g = i < grads.size() ? grads[i] : Tensor();
    if (!g.defined()) {
      if (root.numel() != 1)
        fail("backward: grad can be implicitly created only for one-element outputs; got a tensor of size " +
             shape_str(root.sizes()) + " (pass a gradient)");
      g = ones_like(root);
    } else if (g.device() != root.device()) {
      fail("backward: the gradient is on " + g.device().str() + " but the tensor is on " + root.device().str());
    } else if (g.sizes() != root.sizes() || g.dtype() != root.dtype()) {
      fail("backward: the gradient (" + std::string(dtype_name(g.dtype())) + " " + shape_str(g.sizes()) +
           ") does not match the tensor (" + dtype_name(root.dtype()) + " " + shape_str(root.sizes()) + ")");
    }
    starts.push_back({gradient_edge(root), g.detach()});
  }

  std::unordered_map<Node *, long> deps;  // gradients still to come, per node
  std::unordered_set<Node *> seen;
  std::vector<Node *> stack;
  for (auto &s : starts)
    if (seen.insert(s.first.fn.get()).second) stack.push_back(s.first.fn.get());
  while (!stack.empty()) {
    Node *node = stack.back();
    stack.pop_back();
    for (const Edge &e : node->next_edges) {
      if (!e.fn) continue;
      deps[e.fn.get()]++;
      if (seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
    }
  }

  NoGradGuard no_grad;
  std::unordered_map<Node *, tensor_list> pending;  // summed gradients per node and output
  auto deliver = [&](Node *node, long slot, const Tensor &g) {
    tensor_list &in = pending[node];
    if (in.size() < node->outputs.size()) in.resize(node->outputs.size());
    // An operation that mixed dtypes sends each input the gradient of its own dtype (a Float input
    // of a Float * Double product gets a Float one).
    const Dtype dtype = node->outputs[(size_t)slot].second.dtype;
    if (g.defined()) add_into(in[(size_t)slot], g.dtype() == dtype ? g : g.to(dtype));
  };
  std::deque<Node *> ready;
  for (auto &s : starts) deliver(s.first.fn.get(), s.first.input_nr, s.second);
  for (auto &s : starts) {
    Node *node = s.first.fn.get();
    if (deps[node] == 0 && std::find(ready.begin(), ready.end(), node) == ready.end()) ready.push_back(node);
  }

  while (!ready.empty()) {
    Node *node = ready.front();
    ready.pop_front();
    tensor_list in = std::move(pending[node]);
    pending.erase(node);
    in.resize(node->outputs.size());
    for (size_t i = 0; i < in.size(); i++)
      if (!in[i].defined()) in[i] = zeros(node->outputs[i].first, node->outputs[i].second);
    for (auto &[slot, hook] : node->hooks) {
      Tensor replaced = hook(in[(size_t)slot]);
      if (replaced.defined()) in[(size_t)slot] = replaced;
    }
    tensor_list out = node->apply(std::move(in));
    if (!retain_graph) node->release();
    for (size_t i = 0; i < node->next_edges.size(); i++) {
      const Edge &e = node->next_edges[i];
      if (!e.fn) continue;
      deliver(e.fn.get(), e.input_nr, i < out.size() ? out[i] : Tensor());
      if (--deps[e.fn.get()] == 0) ready.push_back(e.fn.get());
    }
  }
}

// --------------------------------------------------------------------------- custom functions
void AutogradContext::save_for_backward(const tensor_list &tensors) {
  saved_.clear();
  for (const Tensor &t : tensors) saved_.emplace_back(t);
}

tensor_list AutogradContext::get_saved_variables() const {
  if (released_) fail(kBackwardTwiceMessage);
  tensor_list r;
  for (const SavedTensor &s : saved_) r.push_back(s.get());
  return r;
}

bool AutogradContext::needs_input_grad(size_t i) const {
  if (i >= needs_input_grad_.size())
    fail("needs_input_grad: index " + std::to_string(i) + " out of range: the function has " +
         std::to_string(needs_input_grad_.size()) + " tensor inputs");
  return needs_input_grad_[i];
}

namespace {
struct CustomNode : Node {
  CustomNode(const std::string &name, std::shared_ptr<AutogradContext> c, detail::CustomBackward fn,
             std::vector<bool> is_tensor, std::vector<Shape> shapes)
      : Node(name), ctx(std::move(c)), backward(std::move(fn)), arg_is_tensor(std::move(is_tensor)),
        input_shapes(std::move(shapes)) {}

  tensor_list apply(tensor_list &&grads) override {
    if (ctx->released_) fail(name() + ": " + kBackwardTwiceMessage);
    tensor_list r = backward(ctx.get(), std::move(grads));
    size_t n = input_shapes.size();
    if (r.size() == arg_is_tensor.size() && r.size() != n) {  // one per argument: keep the tensors'
      tensor_list picked;
      for (size_t i = 0; i < r.size(); i++)
        if (arg_is_tensor[i]) picked.push_back(r[i]);
      r = picked;
    }
    if (r.size() != n)
      fail(name() + ": backward returned " + std::to_string(r.size()) + " gradients, expected " + std::to_string(n) +
           " (one per tensor input) or " + std::to_string(arg_is_tensor.size()) + " (one per argument)");
    for (size_t i = 0; i < n; i++)
      if (r[i].defined() && next_edges[i].fn && r[i].sizes() != input_shapes[i])
        fail(name() + ": backward returned a gradient of size " + shape_str(r[i].sizes()) + " for input " +
             std::to_string(i) + " of size " + shape_str(input_shapes[i]));
    return r;
  }
  void release() override {
    ctx->saved_.clear();
    ctx->released_ = true;
  }

  std::shared_ptr<AutogradContext> ctx;
  detail::CustomBackward backward;
  std::vector<bool> arg_is_tensor;
  std::vector<Shape> input_shapes;
};
}  // namespace

namespace detail {
tensor_list record_custom(const std::string &name, std::shared_ptr<AutogradContext> ctx, const tensor_list &inputs,
                          const std::vector<bool> &arg_is_tensor, tensor_list outputs, CustomBackward backward) {
  std::vector<Shape> shapes;
  for (const Tensor &t : inputs) shapes.push_back(t.sizes());
  // Fresh aliases: forward may have returned an input (or a tensor with history) as is.
  for (Tensor &out : outputs)
    if (out.defined()) out = alias(out);
  attach(std::make_shared<CustomNode>(name, std::move(ctx), std::move(backward), arg_is_tensor, std::move(shapes)),
         outputs, inputs);
  return outputs;
}

std::string demangle(const char *mangled) {
  int status = 0;
  char *s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string name = status == 0 && s ? s : mangled;
  std::free(s);
  size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}
}  // namespace detail
}  // namespace autograd

// --------------------------------------------------------------------- Tensor's autograd side
bool Tensor::requires_grad() const { return impl().requires_grad || impl().grad_fn != nullptr; }

Tensor &Tensor::set_requires_grad(bool requires_grad) {
  if (impl().grad_fn)
    fail("set_requires_grad: only leaf tensors can change requires_grad (this one has the history " +
         impl().grad_fn->name() + "; use detach())");
  if (requires_grad && !is_floating_point(dtype()))
    fail(std::string("set_requires_grad: only tensors of a floating-point dtype can require gradients, got a ") +
         dtype_name(dtype()) + " tensor (convert it with .to(kFloat))");
  impl().requires_grad = requires_grad;
  return *this;
}

bool Tensor::is_leaf() const { return impl().grad_fn == nullptr; }
const Tensor &Tensor::grad() const { return impl().grad; }
Tensor &Tensor::mutable_grad() { return impl().grad; }
std::shared_ptr<autograd::Node> Tensor::grad_fn() const { return impl().grad_fn; }
long Tensor::output_nr() const { return impl().output_nr; }

void Tensor::backward(const Tensor &gradient, bool retain_graph) const {
  autograd::backward({*this}, {gradient}, retain_graph);
}

void Tensor::register_hook(Hook hook) const {
  if (!requires_grad()) fail("register_hook: the tensor does not require grad");
  if (impl().grad_fn) impl().grad_fn->hooks.push_back({impl().output_nr, std::move(hook)});
  else impl().hooks.push_back(std::move(hook));
}

}  // namespace ember
