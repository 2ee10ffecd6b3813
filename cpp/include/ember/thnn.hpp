#pragma once
// The generic THNN adapter: one call turns a THNN updateOutput / updateGradInput / accGradParameters
// triple into a differentiable operation (one autograd node), for Float and Double alike.
//
//   Tensor abs(const Tensor &x) {
//     return ember::thnn::apply({"Abs", x},
//         [](auto &a) { EMBER_THNN(Abs_updateOutput, a)(a.state, a.input, a.output); },
//         [](auto &a) { EMBER_THNN(Abs_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input); });
//   }
//
//   // A layer with parameters and caller-owned buffers (here THNN's Linear):
//   Tensor linear(const Tensor &x, const Tensor &weight, const Tensor &bias, const Tensor &add_buffer) {
//     return ember::thnn::apply({"Linear", x, {weight, bias}, {add_buffer}},
//         [](auto &a) { EMBER_THNN(Linear_updateOutput, a)(a.state, a.input, a.output, a.params[0],
//                                                          a.params[1], a.buffers[0]); },
//         [](auto &a) { EMBER_THNN(Linear_updateGradInput, a)(a.state, a.input, a.grad_output,
//                                                             a.grad_input, a.params[0]); },
//         [](auto &a) { EMBER_THNN(Linear_accGradParameters, a)(a.state, a.input, a.grad_output,
//             a.grad_input, a.params[0], a.params[1], a.grad_params[0], a.grad_params[1],
//             a.buffers[0], a.scale); });
//   }
//
// The three callables are generic lambdas taking `auto &a`, an Args<Tag> whose members are the
// device's state and typed handles: for a CPU tensor Tag is float or double (TH handles, a NULL
// THNNState); for a CUDA one CudaTag<float> or CudaTag<double> (THC handles, libember's THCState).
// EMBER_THNN(NAME, a) picks THNN_FloatNAME, THNN_DoubleNAME, THNN_CudaNAME or THNN_CudaDoubleNAME,
// so the one call site EMBER_THNN(NAME, a)(a.state, ...) serves both devices. Scalar arguments
// (kernel sizes, strides, thresholds) are captured by the lambdas; tensors that are not
// differentiated (targets, masks) go in `buffers` or are captured. The CUDA kernels are reached from
// libember's own sources only (built with CUDA); elsewhere the adapter serves CPU tensors and a CUDA
// tensor is an error.
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
//   out when there are no parameters. All tensors must have the input's dtype and device.
// Buffers are kept by the node as they are, not version-checked: kernels such as
// SpatialConvolutionMM_accGradParameters read what updateOutput left in finput, so a layer called twice
// before one backward must give each call its own buffers (fresh tensors per call are the simple way).
#include <ember/autograd.hpp>

#include <string>
#include <utility>

#include <THNN.h>

#ifdef EMBER_WITH_CUDA  // libember's own sources built with libTHC (the definition is private to them)
#include <THCUNN.h>

#include "tensor_impl.hpp"
#endif

// EMBER_THNN(NAME, X): THNN_FloatNAME, THNN_DoubleNAME, THNN_CudaNAME or THNN_CudaDoubleNAME, chosen
// by the dispatch tag of X (an Args<Tag>, a tag, a TH handle), e.g. EMBER_THNN(Tanh_updateOutput,
// a)(a.state, a.input, a.output). The CUDA names are looked up only when a CUDA tag instantiates the
// call (an unqualified call with dependent arguments), so no CUDA header is needed otherwise.
#define EMBER_THNN(NAME, X)                                                                                   \
  ::ember::thnn::detail::kernel_fn<::ember::thnn::detail::kernel_tag_t<decltype(X)>>(                        \
      &THNN_Float##NAME, &THNN_Double##NAME,                                                                  \
      [](auto *state_, auto &&...a) -> decltype(auto) { return THNN_Cuda##NAME(state_, a...); },              \
      [](auto *state_, auto &&...a) -> decltype(auto) { return THNN_CudaDouble##NAME(state_, a...); })

namespace ember::thnn {

namespace detail {
using ember::detail::CudaTag;
using ember::detail::is_cuda_tag_v;

// What the kernels of a dispatch tag take: the state and the tensor handle (an index argument is the
// handle of a Long Tensor on the same device).
template <typename Tag> struct KernelTypes {
  using State = THNNState;
  using Handle = th_tensor_t<Tag>;
};
template <typename T> struct KernelTypes<CudaTag<T>> {
  using State = THCState;
  using Handle = typename CudaTag<T>::handle;
};

// The dispatch tag of X: X::tag (Args), a CUDA tag, or the CPU tag of its scalar type.
template <typename X, typename = void> struct KernelTag { using type = scalar_of_t<X>; };
template <typename T> struct KernelTag<CudaTag<T>> { using type = CudaTag<T>; };
template <typename X> struct KernelTag<X, std::void_t<typename X::tag>> { using type = typename X::tag; };
template <typename X> using kernel_tag_t = typename KernelTag<std::remove_cv_t<std::remove_reference_t<X>>>::type;

template <typename Tag, typename F, typename D, typename CF, typename CD>
constexpr auto kernel_fn(F f, D d, [[maybe_unused]] CF cf, [[maybe_unused]] CD cd) {
  if constexpr (!is_cuda_tag_v<Tag>) return ember::detail::pick<Tag>(f, d);
  else if constexpr (std::is_same_v<typename Tag::scalar, float>) return cf;
  else return cd;
}
}  // namespace detail

// The state argument of a kernel call: NULL on the CPU, libember's THCState on CUDA.
template <typename Tag> typename detail::KernelTypes<Tag>::State *state_of(Tag) {
#ifdef EMBER_WITH_CUDA
  if constexpr (detail::is_cuda_tag_v<Tag>) return ember::detail::thc_state();
#endif
  return nullptr;
}

namespace detail {
[[noreturn]] void no_cuda_kernel(const char *name);  // throws "<name>: no CUDA kernel ..."
}

// Wraps a callable for a kernel that libTHCUNN lacks (THNN's Linear): on a CUDA tensor it throws
// naming the kernel, so callers route CUDA tensors elsewhere first.
template <class F> auto cpu_only(const char *name, F f) {
  return [name, f](auto &a) {
    if constexpr (detail::is_cuda_tag_v<typename std::decay_t<decltype(a)>::tag>) detail::no_cuda_kernel(name);
    else f(a);
  };
}

// What the callables receive: the device's state and typed handles (borrowed; NULL where a tensor is
// undefined). Tag: float, double, CudaTag<float> or CudaTag<double>.
template <typename Tag> struct Args {
  using tag = Tag;
  using scalar = scalar_of_t<Tag>;
  using Handle = typename detail::KernelTypes<Tag>::Handle;
  typename detail::KernelTypes<Tag>::State *state = nullptr;      // NULL on the CPU
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
[[noreturn]] void cuda_outside_libember();  // throws: the CUDA kernels are libember's

// Runs run(tag) with the dispatch tag of (dtype, device), the tensors' device made current.
template <typename R> void on_device(Dtype dtype, const Device &device, R &&run) {
#ifdef EMBER_WITH_CUDA
  ember::detail::dispatch_on(dtype, device, run);
#else
  if (device.is_cuda()) cuda_outside_libember();
  dispatch(dtype, run);
#endif
}

// One type-erased kernel call: fills the Args of the input's dtype and device and calls the generic
// callable.
using Kernel = std::function<void(const Tensor *input, const Tensor *output, const Tensor *grad_output,
                                  const Tensor *grad_input, const tensor_list &params,
                                  const tensor_list &grad_params, const tensor_list &buffers)>;

template <typename F> Kernel erase(F f) {
  return [f](const Tensor *input, const Tensor *output, const Tensor *grad_output, const Tensor *grad_input,
             const tensor_list &params, const tensor_list &grad_params, const tensor_list &buffers) {
    on_device(input->dtype(), input->device(), [&](auto tag) {
      using Tag = decltype(tag);
      auto handle = [tag](const Tensor *t) { return t && t->defined() ? t->th(tag) : nullptr; };
      Args<Tag> a;
      a.state = state_of(tag);
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
