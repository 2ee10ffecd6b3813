#pragma once
// What the nn sources share: argument checks and the class indices, ids and positions that the
// THNN and THCUNN kernels take as 1-based Long tensors (index_helpers.hpp's conversion).
#include <ember/nn/functional.hpp>
#include <ember/thnn.hpp>

#include <optional>
#include <string>

#include "index_helpers.hpp"
#include "tensor_impl.hpp"

namespace ember::nn::internal {

using ember::detail::long_th;

// How an index argument is named in errors.
struct IndexArg {
  const char *arg;   // the argument ("target")
  const char *kind;  // what it holds ("class indices")
  const char *what;  // one value of it ("target")
};

// indices as the kernels take them: a Long tensor (another integral dtype is converted, as a
// convenience; a floating-point or Bool one throws "<fn>: expected a Long tensor of <kind> as <arg>,
// got Float", as libtorch refuses it) checked against [0, bound) and made 1-based by th_index, in its
// shape, on `device` (the kernel's: CPU indices for a CUDA input are uploaded). `ignore` is a value
// let through (ignore_index).
Tensor one_based(const Tensor &indices, long bound, const Device &device, const std::string &fn, const IndexArg &names,
                 std::optional<long> ignore = std::nullopt);

// Throws "<fn>: <arg> is undefined" / "<fn>: <arg> must have <n> dimensions ..." / a dtype mismatch.
void check_arg(const Tensor &t, const std::string &fn, const char *arg);
void check_dims(const Tensor &t, const std::string &fn, const char *arg, long lo, long hi);
void check_dtype(const Tensor &t, const Tensor &like, const std::string &fn, const char *arg);

// A kernel size, stride or padding as the int THNN takes; throws when it does not fit.
int to_int(long v, const std::string &fn, const char *what);
// The same for a value that must be > 0 (a stride, a dilation) or >= 0 (a padding): throws
// "<fn>: <what> must be positive, got 0" / "<fn>: <what> must not be negative, got -1".
int to_positive_int(long v, const std::string &fn, const char *what);
int to_nonnegative_int(long v, const std::string &fn, const char *what);

// The stride, padding and dilation of a convolution or pooling window as THNN takes them (d unused
// in 2-D), checked: strides and dilations positive, paddings not negative.
struct WindowSteps {
  int dD, dH, dW, padD, padH, padW, dilD, dilH, dilW;
};
WindowSteps window_steps(const std::string &fn, Size3 stride, Size3 padding, Size3 dilation);

}  // namespace ember::nn::internal
