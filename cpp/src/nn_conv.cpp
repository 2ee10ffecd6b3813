// The convolutions (nn/conv.hpp): THNN kernel triples behind thnn::apply. Every call gets fresh kernel
// buffers (the unfolded input that the backward reads back), so one module may run on several
// threads at once and be called several times before one backward.
#include <ember/nn/conv.hpp>
#include <ember/nn/init.hpp>

#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using ember::detail::make_empty;
using namespace internal;

namespace {
// The kernel arguments of a 2-D or 3-D convolution as THNN takes them (d unused in 2-D).
struct ConvGeometry : WindowSteps {
  int kD, kH, kW, adjD, adjH, adjW;
};

// Dtypes and devices are thnn::apply's to check; groups is conv2d_named's (1 everywhere else).
ConvGeometry conv_geometry(const std::string &fn, const Tensor &input, const Tensor &weight, Size3 stride,
                           Size3 padding, Size3 dilation, Size3 adj, long groups, long spatial) {
  check_dims(input, fn, "input", spatial + 1, spatial + 2);
  check_dims(weight, fn, "weight", spatial + 2, spatial + 2);
  if (groups != 1) fail(fn + ": groups = " + std::to_string(groups) + " is not supported here (only groups = 1)");
  int kD = to_int(spatial == 3 ? weight.size(2) : 1, fn, "kernel depth"),
      kH = to_int(weight.size(weight.dim() - 2), fn, "kernel height"),
      kW = to_int(weight.size(weight.dim() - 1), fn, "kernel width");
  return {window_steps(fn, stride, padding, dilation), kD, kH, kW,
          to_nonnegative_int(adj.d, fn, "output_padding"), to_nonnegative_int(adj.h, fn, "output_padding"),
          to_nonnegative_int(adj.w, fn, "output_padding")};
}

Size3 flat(Size2 s) { return Size3(1, s.h, s.w); }

// SpatialConvolutionMM unfolds the input once (finput), faster than the dilated kernel's columns.
Tensor conv2d_mm(const Tensor &input, const Tensor &weight, const Tensor &bias, const ConvGeometry &g) {
  return thnn::apply(
      {"SpatialConvolutionMM", input, {weight, bias}, {make_empty(input.options()), make_empty(input.options())}},
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1],
                                                         a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH, g.padW,
                                                         g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                            a.params[0], a.buffers[0], a.buffers[1], g.kW, g.kH,
                                                            g.dW, g.dH, g.padW, g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_params[0],
                                                              a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
                                                              g.kH, g.dW, g.dH, g.padW, g.padH, a.scale);
      });
}

// Buffers of the dilated and full kernels: columns, ones, gradColumns (scratch only).
tensor_list three_buffers(const Tensor &input) {
  return {make_empty(input.options()), make_empty(input.options()), make_empty(input.options())};
}

Tensor conv2d_dilated(const Tensor &input, const Tensor &weight, const Tensor &bias, const ConvGeometry &g) {
  return thnn::apply(
      {"SpatialDilatedConvolution", input, {weight, bias}, three_buffers(input)},
      [g](auto &a) {
        EMBER_THNN(SpatialDilatedConvolution_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1],
                                                              a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH,
                                                              g.padW, g.padH, g.dilW, g.dilH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialDilatedConvolution_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                 a.params[0], a.buffers[2], g.kW, g.kH, g.dW, g.dH,
                                                                 g.padW, g.padH, g.dilW, g.dilH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialDilatedConvolution_accGradParameters, a)(
            a.state, a.input, a.grad_output, a.grad_params[0], a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
            g.kH, g.dW, g.dH, g.padW, g.padH, g.dilW, g.dilH, a.scale);
      });
}

// groups = channels: SpatialDepthWiseConvolution, whose weight [m x C x kH x kW] and bias [m x C]
// give output plane c * m + j from weight[j][c]: PyTorch's [C*m x 1 x kH x kW] and [C*m] regrouped.
Tensor conv2d_depthwise(const Tensor &input, const Tensor &weight, const Tensor &bias, const ConvGeometry &g) {
  long channels = input.size(-3), m = weight.size(0) / channels;
  Tensor w = weight.reshape({channels, m, g.kH, g.kW}).transpose(0, 1).contiguous();
  Tensor b = bias.defined() ? bias.reshape({channels, m}).t().contiguous() : Tensor();
  // The CPU kernels take (finput, fgradInput), the CUDA ones (columns, ones) and, for the input's
  // gradient, (gradColumns, ones): buffers 0 and 1 forward, 2 and 1 backward serve both.
  return thnn::apply(
      {"SpatialDepthWiseConvolution", input, {w, b}, three_buffers(input)},
      [g](auto &a) {
        EMBER_THNN(SpatialDepthWiseConvolution_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1],
                                                                a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH,
                                                                g.padW, g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialDepthWiseConvolution_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                   a.params[0], a.buffers[2], a.buffers[1], g.kW,
                                                                   g.kH, g.dW, g.dH, g.padW, g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialDepthWiseConvolution_accGradParameters, a)(
            a.state, a.input, a.grad_output, a.grad_params[0], a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
            g.kH, g.dW, g.dH, g.padW, g.padH, a.scale);
      });
}

// The 2-D forms under the name of the function called (conv1d runs conv2d's kernels). groups: 1, or
// the input's channel count (depthwise, without dilation): THNN has no kernel for other groupings.
Tensor conv2d_named(const std::string &fn, const Tensor &input, const Tensor &weight, const Tensor &bias,
                    Size2 stride, Size2 padding, Size2 dilation, long groups) {
  ConvGeometry g = conv_geometry(fn, input, weight, flat(stride), flat(padding), flat(dilation), 0, 1, 2);
  if (groups == 1) return g.dilH == 1 && g.dilW == 1 ? conv2d_mm(input, weight, bias, g)
                                                     : conv2d_dilated(input, weight, bias, g);
  if (groups != input.size(-3))
    fail(fn + ": groups = " + std::to_string(groups) + " is not supported (only 1 and the input's " +
         std::to_string(input.size(-3)) + " channels, depthwise)");
  if (g.dilH != 1 || g.dilW != 1)
    fail(fn + ": groups = " + std::to_string(groups) + " takes no dilation (THNN's depthwise kernel)");
  if (weight.size(1) != 1 || weight.size(0) % groups != 0)
    fail(fn + ": a depthwise weight (groups = " + std::to_string(groups) + ") must be [" + std::to_string(groups) +
         "*m x 1 x kH x kW], got size " + shape_str(weight.sizes()));
  return conv2d_depthwise(input, weight, bias, g);
}

Tensor conv_transpose2d_named(const std::string &fn, const Tensor &input, const Tensor &weight, const Tensor &bias,
                              Size2 stride, Size2 padding, Size2 output_padding, long groups, Size2 dilation) {
  ConvGeometry g = conv_geometry(fn, input, weight, flat(stride), flat(padding), flat(dilation), flat(output_padding),
                                 groups, 2);
  return thnn::apply(
      {"SpatialFullDilatedConvolution", input, {weight, bias}, three_buffers(input)},
      [g](auto &a) {
        EMBER_THNN(SpatialFullDilatedConvolution_updateOutput, a)(
            a.state, a.input, a.output, a.params[0], a.params[1], a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH,
            g.padW, g.padH, g.dilW, g.dilH, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialFullDilatedConvolution_updateGradInput, a)(
            a.state, a.input, a.grad_output, a.grad_input, a.params[0], a.buffers[2], g.kW, g.kH, g.dW, g.dH, g.padW,
            g.padH, g.dilW, g.dilH, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialFullDilatedConvolution_accGradParameters, a)(
            a.state, a.input, a.grad_output, a.grad_params[0], a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
            g.kH, g.dW, g.dH, g.padW, g.padH, g.dilW, g.dilH, g.adjW, g.adjH, a.scale);
      });
}

// The 1-D forms run the 2-D kernels over a height of 1: [N x C x L] is viewed as [N x C x 1 x L].
Tensor as_2d(const Tensor &t, const std::string &fn, const char *arg, long lo, long hi) {
  check_dims(t, fn, arg, lo, hi);
  return t.unsqueeze(-2);
}
}  // namespace

namespace functional {

Tensor conv2d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size2 stride, Size2 padding,
              Size2 dilation, long groups) {
  return conv2d_named("conv2d", input, weight, bias, stride, padding, dilation, groups);
}

Tensor conv1d(const Tensor &input, const Tensor &weight, const Tensor &bias, long stride, long padding, long dilation,
              long groups) {
  Tensor x = as_2d(input, "conv1d", "input", 2, 3), w = as_2d(weight, "conv1d", "weight", 3, 3);
  return conv2d_named("conv1d", x, w, bias, {1, stride}, {0, padding}, {1, dilation}, groups).squeeze(-2);
}

Tensor conv3d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size3 stride, Size3 padding,
              Size3 dilation, long groups) {
  ConvGeometry g = conv_geometry("conv3d", input, weight, stride, padding, dilation, 0, groups, 3);
  return thnn::apply(
      {"VolumetricDilatedConvolution", input, {weight, bias}, three_buffers(input)},
      [g](auto &a) {
        EMBER_THNN(VolumetricDilatedConvolution_updateOutput, a)(
            a.state, a.input, a.output, a.params[0], a.params[1], a.buffers[0], a.buffers[1], g.kD, g.kW, g.kH, g.dD,
            g.dW, g.dH, g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH);
      },
      [g](auto &a) {
        EMBER_THNN(VolumetricDilatedConvolution_updateGradInput, a)(
            a.state, a.input, a.grad_output, a.grad_input, a.params[0], a.buffers[2], g.kD, g.kW, g.kH, g.dD, g.dW,
            g.dH, g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH);
      },
      [g](auto &a) {
        EMBER_THNN(VolumetricDilatedConvolution_accGradParameters, a)(
            a.state, a.input, a.grad_output, a.grad_params[0], a.grad_params[1], a.buffers[0], a.buffers[1], g.kD,
            g.kW, g.kH, g.dD, g.dW, g.dH, g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH, a.scale);
      });
}

Tensor conv_transpose2d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size2 stride, Size2 padding,
                        Size2 output_padding, long groups, Size2 dilation) {
  return conv_transpose2d_named("conv_transpose2d", input, weight, bias, stride, padding, output_padding, groups,
                                dilation);
}

Tensor conv_transpose1d(const Tensor &input, const Tensor &weight, const Tensor &bias, long stride, long padding,
                        long output_padding, long groups, long dilation) {
  Tensor x = as_2d(input, "conv_transpose1d", "input", 2, 3), w = as_2d(weight, "conv_transpose1d", "weight", 3, 3);
  return conv_transpose2d_named("conv_transpose1d", x, w, bias, {1, stride}, {0, padding}, {0, output_padding},
                                groups, {1, dilation})
      .squeeze(-2);
}

Tensor conv_transpose3d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size3 stride, Size3 padding,
                        Size3 output_padding, long groups, Size3 dilation) {
  // VolumetricFullDilatedConvolution reads the kernel size from the weight.
  ConvGeometry g = conv_geometry("conv_transpose3d", input, weight, stride, padding, dilation, output_padding,
                                 groups, 3);
  return thnn::apply(
      {"VolumetricFullDilatedConvolution",
       input,
       {weight, bias},
       {make_empty(input.options()), make_empty(input.options())}},
      [g](auto &a) {
        EMBER_THNN(VolumetricFullDilatedConvolution_updateOutput, a)(
            a.state, a.input, a.output, a.params[0], a.params[1], a.buffers[0], a.buffers[1], g.dD, g.dW, g.dH,
            g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH, g.adjD, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(VolumetricFullDilatedConvolution_updateGradInput, a)(
            a.state, a.input, a.grad_output, a.grad_input, a.params[0], a.buffers[0], a.buffers[1], g.dD, g.dW, g.dH,
            g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH, g.adjD, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(VolumetricFullDilatedConvolution_accGradParameters, a)(
            a.state, a.input, a.grad_output, a.grad_params[0], a.grad_params[1], a.buffers[0], a.buffers[1], g.dD,
            g.dW, g.dH, g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH, g.adjD, g.adjW, g.adjH, a.scale);
      });
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
namespace {
Shape kernel_shape(long k) { return {k}; }
Shape kernel_shape(Size2 k) { return {k.h, k.w}; }
Shape kernel_shape(Size3 k) { return {k.d, k.h, k.w}; }

bool is_zero(long s) { return s == 0; }
bool is_zero(Size2 s) { return s == Size2(0); }
bool is_zero(Size3 s) { return s == Size3(0); }
}  // namespace

template <class Size>
ConvImplBase<Size>::ConvImplBase(const char *type_name, const ConvOptions<Size> &o, bool transposed)
    : Module(type_name), options(o), transposed_(transposed) {
  auto positive = [&](long v, const char *what) {
    if (v <= 0) fail(std::string(type_name) + ": " + what + " must be positive, got " + std::to_string(v));
  };
  positive(o.in_channels(), "in_channels");
  positive(o.out_channels(), "out_channels");
  Shape k = kernel_shape(o.kernel_size());
  for (long s : k) positive(s, "kernel_size");
  bool depthwise = !transposed && k.size() <= 2 && o.groups() == o.in_channels() && o.out_channels() % o.groups() == 0;
  if (o.groups() != 1 && !depthwise)
    fail(std::string(type_name) + ": groups = " + std::to_string(o.groups()) +
         " is not supported (THNN has kernels for groups = 1 and, in Conv1d and Conv2d, groups = in_channels "
         "dividing out_channels)");
  Shape shape = transposed ? Shape{o.in_channels(), o.out_channels()}
                           : Shape{o.out_channels(), o.in_channels() / o.groups()};
  shape.insert(shape.end(), k.begin(), k.end());
  weight = empty(shape);
  if (o.bias()) bias = empty({o.out_channels()});
  reset_parameters();
  register_parameter("weight", &weight);
  register_parameter("bias", &bias);
}

template <class Size> void ConvImplBase<Size>::reset_parameters() {
  init::kaiming_uniform_(weight, std::sqrt(5.0));
  if (bias.defined()) {
    // fan_in from the weight: for a transposed convolution out x k..., PyTorch's choice
    double bound = 1 / std::sqrt((double)init::calculate_fan_in_and_fan_out(weight).first);
    init::uniform_(bias, -bound, bound);
  }
}

template <class Size> void ConvImplBase<Size>::pretty_print(std::ostream &os) const {
  const ConvOptions<Size> &o = options;
  os << type_name() << "(" << o.in_channels() << ", " << o.out_channels() << ", kernel_size=" << o.kernel_size()
     << ", stride=" << o.stride();
  if (!is_zero(o.padding())) os << ", padding=" << o.padding();
  if (!(o.dilation() == Size(1))) os << ", dilation=" << o.dilation();
  if (transposed_ && !is_zero(o.output_padding())) os << ", output_padding=" << o.output_padding();
  if (o.groups() != 1) os << ", groups=" << o.groups();
  if (!o.bias()) os << ", bias=false";
  os << ")";
}

template class ConvImplBase<long>;
template class ConvImplBase<Size2>;
template class ConvImplBase<Size3>;

namespace F = functional;

Tensor Conv1dImpl::forward(const Tensor &input) {
  return F::conv1d(input, weight, bias, options.stride(), options.padding(), options.dilation(), options.groups());
}
Tensor Conv2dImpl::forward(const Tensor &input) {
  return F::conv2d(input, weight, bias, options.stride(), options.padding(), options.dilation(), options.groups());
}
Tensor Conv3dImpl::forward(const Tensor &input) {
  return F::conv3d(input, weight, bias, options.stride(), options.padding(), options.dilation());
}
Tensor ConvTranspose1dImpl::forward(const Tensor &input) {
  return F::conv_transpose1d(input, weight, bias, options.stride(), options.padding(), options.output_padding(), 1,
                             options.dilation());
}
Tensor ConvTranspose2dImpl::forward(const Tensor &input) {
  return F::conv_transpose2d(input, weight, bias, options.stride(), options.padding(), options.output_padding(), 1,
                             options.dilation());
}
Tensor ConvTranspose3dImpl::forward(const Tensor &input) {
  return F::conv_transpose3d(input, weight, bias, options.stride(), options.padding(), options.output_padding(), 1,
                             options.dilation());
}

}  // namespace ember::nn
