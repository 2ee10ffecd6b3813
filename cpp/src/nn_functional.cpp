// nn::functional's layers: each a THNN kernel triple behind thnn::apply; the internal helpers of
// nn_internal.hpp.
#include <limits>

#include "nn_internal.hpp"

namespace ember::nn {

namespace internal {
using ember::detail::fail;

void check_arg(const Tensor &t, const std::string &fn, const char *arg) {
  if (!t.defined()) fail(fn + ": " + arg + " is undefined");
}

void check_dims(const Tensor &t, const std::string &fn, const char *arg, long lo, long hi) {
  check_arg(t, fn, arg);
  if (t.dim() < lo || t.dim() > hi)
    fail(fn + ": " + arg + " must have " + std::to_string(lo) + (lo == hi ? "" : " to " + std::to_string(hi)) +
         " dimensions, got size " + shape_str(t.sizes()));
}

void check_dtype(const Tensor &t, const Tensor &like, const std::string &fn, const char *arg) {
  if (t.defined() && t.dtype() != like.dtype())
    fail(fn + ": " + arg + " is " + dtype_name(t.dtype()) + " but the input is " + dtype_name(like.dtype()) +
         " (convert one with .to())");
  if (t.defined() && t.device() != like.device())
    fail(fn + ": " + arg + " is on " + t.device().str() + " but the input is on " + like.device().str() +
         " (move one with .to())");
}

int to_int(long v, const std::string &fn, const char *what) {
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    fail(fn + ": " + what + " " + std::to_string(v) + " is out of range");
  return (int)v;
}

int to_positive_int(long v, const std::string &fn, const char *what) {
  if (v <= 0) fail(fn + ": " + what + " must be positive, got " + std::to_string(v));
  return to_int(v, fn, what);
}

int to_nonnegative_int(long v, const std::string &fn, const char *what) {
  if (v < 0) fail(fn + ": " + what + " must not be negative, got " + std::to_string(v));
  return to_int(v, fn, what);
}

WindowSteps window_steps(const std::string &fn, Size3 stride, Size3 padding, Size3 dilation) {
  return {to_positive_int(stride.d, fn, "stride"),      to_positive_int(stride.h, fn, "stride"),
          to_positive_int(stride.w, fn, "stride"),      to_nonnegative_int(padding.d, fn, "padding"),
          to_nonnegative_int(padding.h, fn, "padding"), to_nonnegative_int(padding.w, fn, "padding"),
          to_positive_int(dilation.d, fn, "dilation"),  to_positive_int(dilation.h, fn, "dilation"),
          to_positive_int(dilation.w, fn, "dilation")};
}

Tensor one_based(const Tensor &indices, long bound, const Device &device, const std::string &fn, const IndexArg &names,
                 std::optional<long> ignore) {
  check_arg(indices, fn, names.arg);
  Dtype d = indices.dtype();
  if (is_floating_point(d) || d == kBool)
    fail(fn + ": expected a Long tensor of " + names.kind + " as " + names.arg + ", got " + dtype_name(d));
  Tensor index = d == kLong ? indices : indices.to(kLong);
  return ember::detail::th_index(index, bound, fn, {names.what, false, ignore}).to(device);
}
}  // namespace internal

using namespace internal;

namespace functional {

using ember::detail::make_empty;

// ------------------------------------------------------------------------------------ linear
Tensor linear(const Tensor &input, const Tensor &weight, const Tensor &bias) {
  check_dims(weight, "linear", "weight", 2, 2);
  check_arg(input, "linear", "input");
  if (input.dim() > 2) {  // THNN's Linear takes [in] or [N x in]: fold the leading dimensions
    Shape shape = input.sizes();
    Tensor y = linear(input.reshape({-1, shape.back()}), weight, bias);
    shape.back() = weight.size(0);
    return y.view(shape);
  }
  if (input.is_cuda()) {  // THCUNN has no Linear: the same through addmm (cuBLAS) and a broadcast add
    Tensor y = input.matmul(weight.t());
    return bias.defined() ? y + bias : y;
  }
  return thnn::apply(
      {"Linear", input, {weight, bias}, {make_empty(input.options())}},
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1], a.buffers[0]);
      }),
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0]);
      }),
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0],
                                                a.params[1], a.grad_params[0], a.grad_params[1], a.buffers[0],
                                                a.scale);
      }));
}

}  // namespace functional
}  // namespace ember::nn
