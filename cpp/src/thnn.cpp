// The generic THNN adapter (see thnn.hpp): one autograd node around a THNN kernel triple.
#include <ember/thnn.hpp>

#include "tensor_impl.hpp"

namespace ember::thnn::detail {

using autograd::SavedTensor;
using ember::detail::check_defined;
using ember::detail::check_same_device;
using ember::detail::check_same_dtype;
using ember::detail::fail;
using ember::detail::make_empty;

void cuda_outside_libember() {
  fail("thnn::apply: a CUDA tensor: libTHCUNN's kernels are called from libember's own operations only");
}

void no_cuda_kernel(const char *name) {
  fail(std::string(name) + ": no CUDA kernel (libTHCUNN has none); run it on the CPU");
}

Tensor apply(const Call &call, Kernel forward, Kernel backward_input, Kernel backward_params) {
  const char *name = call.name.c_str();
  const Tensor &input = call.input;
  check_defined(input, name);
  for (const tensor_list *list : {&call.params, &call.buffers})
    for (const Tensor &t : *list)
      if (t.defined()) {
        check_same_dtype(input, t, name);
        check_same_device(input, t, name);
      }
  if (!forward) fail(call.name + ": no forward kernel");

  Tensor output = make_empty(input.options());
  {
    ember::detail::ThErrorScope th_errors;  // the kernels are called outside dispatch_on
    forward(&input, &output, nullptr, nullptr, call.params, {}, call.buffers);
  }
  // The kernels see a 0-dimensional tensor as its 1-element handle: the result of one is 0-dimensional.
  output = ember::detail::with_zero_dim(output, input.dim() == 0);

  tensor_list inputs{input};
  inputs.insert(inputs.end(), call.params.begin(), call.params.end());
  if (!autograd::needs_record(inputs)) return output;

  std::vector<SavedTensor> params;
  for (const Tensor &p : call.params) params.emplace_back(p);
  SavedTensor saved_output = call.save_output ? SavedTensor(output) : SavedTensor();
  autograd::record(
      call.name + "Backward", {output}, inputs,
      [name = call.name, saved_input = SavedTensor(input), params, saved_output, buffers = call.buffers,
       backward_input, backward_params](const tensor_list &grads, const std::vector<bool> &needs) {
        ember::detail::ThErrorScope th_errors;
        Tensor x = saved_input.get(), out = saved_output.get(), grad_output = grads[0].contiguous();
        tensor_list ps;
        for (const SavedTensor &p : params) ps.push_back(p.get());
        Tensor grad_input = make_empty(x.options());
        if (needs[0]) {
          if (!backward_input) fail(name + ": no gradient for the input (no updateGradInput kernel)");
          backward_input(&x, &out, &grad_output, &grad_input, ps, {}, buffers);
          grad_input = ember::detail::with_zero_dim(grad_input, x.dim() == 0);
        }
        tensor_list result{needs[0] ? grad_input : Tensor()};
        bool any_param = false;
        for (size_t i = 1; i < needs.size(); i++) any_param = any_param || needs[i];
        if (any_param) {
          if (!backward_params) fail(name + ": no gradient for the parameters (no accGradParameters kernel)");
          tensor_list grad_params;
          for (const Tensor &p : ps) grad_params.push_back(p.defined() ? zeros_like(p) : Tensor());
          backward_params(&x, &out, &grad_output, &grad_input, ps, grad_params, buffers);
          for (size_t i = 0; i < grad_params.size(); i++) result.push_back(needs[i + 1] ? grad_params[i] : Tensor());
        }
        return result;
      });
  return output;
}

}  // namespace ember::thnn::detail
