#pragma once
// The generic THNN adapter: one call turns a THNN updateOutput / updateGradInput / accGradParameters
// triple into a differentiable operation (one autograd node), for Float and Double alike.
//
//   Tensor abs(const Tensor &x) {
//     return ember::thnn::apply({"Abs", x},
//         [](auto &a) { EMBER_THNN(Abs_updateOutput, a)(nullptr, a.input, a.output); },
//         [](auto &a) { EMBER_THNN(Abs_updateGradInput, a)(nullptr, a.input, a.grad_output, a.grad_input); });
//   }
//
//   // A layer with parameters and caller-owned buffers (here THNN's Linear):
//   Tensor linear(const Tensor &x, const Tensor &weight, const Tensor &bias, const Tensor &add_buffer) {
//     return ember::thnn::apply({"Linear", x, {weight, bias}, {add_buffer}},
//         [](auto &a) { EMBER_THNN(Linear_updateOutput, a)(nullptr, a.input, a.output, a.params[0],
//                                                          a.params[1], a.buffers[0]); },
//         [](auto &a) { EMBER_THNN(Linear_updateGradInput, a)(nullptr, a.input, a.grad_output,
//                                                             a.grad_input, a.params[0]); },
//         [](auto &a) { EMBER_THNN(Linear_accGradParameters, a)(nullptr, a.input, a.grad_output,
//             a.grad_input, a.params[0], a.params[1], a.grad_params[0], a.grad_params[1],
//             a.buffers[0], a.scale); });
//   }
//
// The three callables are generic lambdas taking `auto &a`, an Args<T> (T = float or double) whose
// members are the typed TH handles; EMBER_THNN(NAME, a) picks THNN_FloatNAME or THNN_DoubleNAME.
// Scalar arguments (kernel sizes, strides, thresholds) are captured by the lambdas; tensors that are
// not differentiated (targets, indices, masks) go in `buffers` or are captured.
//
// What apply does:
//   forward: output = a fresh tensor of the input's dtype, resized by the kernel; runs under the
//     caller's grad mode but records nothing itself except the one node below.
//   when grad mode is on and the input or a parameter requires grad, it records one node
//   "<name>Backward" that keeps the input, the parameters (and the output if save_output) with
//   version checks, and the buffers as they are (scratch space the kernels resize and rewrite). Its
//   backward gets gradOutput made contiguous, then
//     - if the input needs a gradient: grad_input = a fresh tensor; backward_input(a).
//     - if a parameter needs a gradient: grad_params[i] = a fresh zeroed tensor shaped like params[i]
//       for every defined parameter (NULL for undefined ones, e.g. a missing bias); scale = 1;
//       backward_params(a). accGradParameters accumulates into these, and autograd then sums them
//       into the parameters' grad().
//   backward_input may be nullptr for a kernel with no input gradient; backward_params may be left
//   out when there are no parameters. All tensors must have the input's dtype.
// Buffers are kept by the node as they are, not version-checked: kernels such as
// SpatialConvolutionMM_accGradParameters read what updateOutput left in finput, so a layer called twice
// before one backward must give each call its own buffers (fresh tensors per call are the simple way).
#include <ember/autograd.hpp>

#include <string>
#include <utility>

#include <THNN.h>

// EMBER_THNN(NAME, X): THNN_FloatNAME or THNN_DoubleNAME, chosen by the type of X (Args<T>, a TH
// handle or a dispatch tag), e.g. EMBER_THNN(Tanh_updateOutput, a)(nullptr, a.input, a.output).
#define EMBER_THNN(NAME, X) \
  ::ember::detail::pick<::ember::scalar_of_t<decltype(X)>>(&THNN_Float##NAME, &THNN_Double##NAME)

namespace ember::thnn {

// What the callables receive: typed handles (borrowed; NULL where a tensor is undefined).
template <typename T> struct Args {
  using scalar = T;
  using Handle = th_tensor_t<T>;
  Handle *input = nullptr;
  Handle *output = nullptr;       // forward; in backward only with save_output
  Handle *grad_output = nullptr;  // backward
  Handle *grad_input = nullptr;   // backward (an empty tensor in backward_params if not computed)
  std::vector<Handle *> params;
  std::vector<Handle *> grad_params;  // backward_params
  std::vector<Handle *> buffers;
  double scale = 1;  // accGradParameters' scale
};

struct Call {
  std::string name;    // the node is named name + "Backward"
  Tensor input;
  tensor_list params = {};   // weight, bias, ...: may require grad; undefined entries are passed as NULL
  tensor_list buffers = {};  // caller-owned scratch (finput, columns, ones, addBuffer, ...)
  bool save_output = false;  // the backward kernels read the output (Tanh, Sigmoid, ...)
};

namespace detail {
// One type-erased kernel call: fills the Args of the dtype and calls the generic callable.
using Kernel = std::function<void(Dtype, const Tensor *input, const Tensor *output, const Tensor *grad_output,
                                  const Tensor *grad_input, const tensor_list &params,
                                  const tensor_list &grad_params, const tensor_list &buffers)>;

template <typename F> Kernel erase(F f) {
  return [f](Dtype dtype, const Tensor *input, const Tensor *output, const Tensor *grad_output,
             const Tensor *grad_input, const tensor_list &params, const tensor_list &grad_params,
             const tensor_list &buffers) {
    dispatch(dtype, [&](auto tag) {
      using T = decltype(tag);
      auto handle = [](const Tensor *t) { return t && t->defined() ? t->th<T>() : nullptr; };
      Args<T> a;
      a.input = handle(input);
      a.output = handle(output);
      a.grad_output = handle(grad_output);
      a.grad_input = handle(grad_input);
      for (const Tensor &t : params) a.params.push_back(handle(&t));
      for (const Tensor &t : grad_params) a.grad_params.push_back(handle(&t));
      for (const Tensor &t : buffers) a.buffers.push_back(handle(&t));
      f(a);
    });
  };
}

Tensor apply(const Call &call, Kernel forward, Kernel backward_input, Kernel backward_params);
}  // namespace detail

template <class Forward, class BackwardInput, class BackwardParams = std::nullptr_t>
Tensor apply(const Call &call, Forward forward, BackwardInput backward_input,
             BackwardParams backward_params = nullptr) {
  auto erase = [](auto f) -> detail::Kernel {
    if constexpr (std::is_same_v<decltype(f), std::nullptr_t>) return nullptr;
    else return detail::erase(std::move(f));
  };
  return detail::apply(call, erase(std::move(forward)), erase(std::move(backward_input)),
                       erase(std::move(backward_params)));
}

}  // namespace ember::thnn
