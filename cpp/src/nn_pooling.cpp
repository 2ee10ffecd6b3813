// Pooling (nn/pooling.hpp): THNN kernel pairs behind thnn::apply. The indices a max pooling kernel
// writes for its backward live in a Long tensor made per call (never shared between calls or threads).
#include <ember/nn/pooling.hpp>

#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using ember::detail::make_empty;
using namespace internal;

namespace {
// Window arguments as THNN takes them (d unused in 2-D); a stride of 0 means the kernel's size.
struct PoolGeometry : WindowSteps {
  int kD, kH, kW;
};

PoolGeometry pool_geometry(const std::string &fn, const Tensor &input, long spatial, Size3 kernel, Size3 stride,
                           Size3 padding, Size3 dilation) {
  check_dims(input, fn, "input", spatial + 1, spatial + 2);
  if (stride.d == 0) stride.d = kernel.d;  // per dimension: the 1-D and 2-D forms fill d (and h) with 1
  if (stride.h == 0) stride.h = kernel.h;
  if (stride.w == 0) stride.w = kernel.w;
  int kD = to_positive_int(kernel.d, fn, "kernel size"), kH = to_positive_int(kernel.h, fn, "kernel size"),
      kW = to_positive_int(kernel.w, fn, "kernel size");
  return {window_steps(fn, stride, padding, dilation), kD, kH, kW};
}

const IndexArg kIndices{"indices", "positions", "index"};

Size3 flat(Size2 s) { return Size3(1, s.h, s.w); }

// The 1-D forms run the 2-D kernels over a height of 1: [N x C x L] is viewed as [N x C x 1 x L].
Tensor as_2d(const Tensor &input, const std::string &fn) {
  check_dims(input, fn, "input", 2, 3);
  return input.unsqueeze(-2);
}

// An empty Long tensor for a max pooling kernel to write its indices into (one per call).
Tensor kernel_indices(const Tensor &input) { return make_empty({kLong, input.device()}); }

// The 2-D kernels' 1-based positions within the input plane as PyTorch's 0-based ones, in output's shape.
Tensor zero_based(const Tensor &indices, const Tensor &output) { return (indices - 1).reshape(output.sizes()); }

// THNN's 3-D max pooling indices (Pooling.h: offT | offH << 8 | offW << 16, in kernel steps from each
// window's start o * stride - padding) to and from PyTorch's positions within the input volume.
constexpr long kPackedMax = 256;

Tensor flat_from_packed(const Tensor &indices, const Tensor &input, const Tensor &output, const PoolGeometry &g) {
  Tensor host = indices.cpu().contiguous();
  std::vector<long> v(host.data<long>(), host.data<long>() + host.numel());
  long oT = output.size(-3), oH = output.size(-2), oW = output.size(-1);
  long iH = input.size(-2), iW = input.size(-1);
  for (size_t e = 0; e < v.size(); e++) {
    long w = (long)e % oW, h = (long)e / oW % oH, t = (long)e / (oW * oH) % oT;
    long z = t * g.dD - g.padD + (v[e] & 255) * g.dilD, y = h * g.dH - g.padH + (v[e] >> 8 & 255) * g.dilH,
         x = w * g.dW - g.padW + (v[e] >> 16 & 255) * g.dilW;
    v[e] = (z * iH + y) * iW + x;
  }
  return from_vector(v, output.sizes()).to(output.device());
}

Tensor max_pool3d_into(const Tensor &input, const PoolGeometry &g, bool ceil_mode, const Tensor &indices) {
  return thnn::apply(
      {"VolumetricDilatedMaxPooling", input},
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(VolumetricDilatedMaxPooling_updateOutput, a)(a.state, a.input, a.output, long_th(indices, a), g.kD,
                                                                g.kW, g.kH, g.dD, g.dW, g.dH, g.padD, g.padW, g.padH,
                                                                g.dilD, g.dilW, g.dilH, ceil_mode);
      },
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(VolumetricDilatedMaxPooling_updateGradInput, a)(
            a.state, a.input, a.grad_output, a.grad_input, long_th(indices, a), g.kD, g.kW, g.kH, g.dD, g.dW, g.dH,
            g.padD, g.padW, g.padH, g.dilD, g.dilW, g.dilH, ceil_mode);
      });
}

Tensor max_pool2d_into(const Tensor &input, const PoolGeometry &g, bool ceil_mode, const Tensor &indices) {
  if (g.dilH == 1 && g.dilW == 1)
    return thnn::apply(
        {"SpatialMaxPooling", input},
        [g, indices, ceil_mode](auto &a) {
          EMBER_THNN(SpatialMaxPooling_updateOutput, a)(a.state, a.input, a.output, long_th(indices, a), g.kW, g.kH,
                                                        g.dW, g.dH, g.padW, g.padH, ceil_mode);
        },
        [g, indices, ceil_mode](auto &a) {
          EMBER_THNN(SpatialMaxPooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                           long_th(indices, a), g.kW, g.kH, g.dW, g.dH, g.padW, g.padH,
                                                           ceil_mode);
        });
  return thnn::apply(
      {"SpatialDilatedMaxPooling", input},
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(SpatialDilatedMaxPooling_updateOutput, a)(a.state, a.input, a.output, long_th(indices, a), g.kW,
                                                             g.kH, g.dW, g.dH, g.padW, g.padH, g.dilW, g.dilH,
                                                             ceil_mode);
      },
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(SpatialDilatedMaxPooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                long_th(indices, a), g.kW, g.kH, g.dW, g.dH, g.padW,
                                                                g.padH, g.dilW, g.dilH, ceil_mode);
      });
}

}  // namespace

namespace functional {

// ------------------------------------------------------------------------------------ max
std::tuple<Tensor, Tensor> max_pool2d_with_indices(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding,
                                                   bool ceil_mode, Size2 dilation) {
  PoolGeometry g = pool_geometry("max_pool2d", input, 2, flat(kernel), flat(stride), flat(padding), flat(dilation));
  Tensor indices = kernel_indices(input);
  Tensor output = max_pool2d_into(input, g, ceil_mode, indices);
  return {output, zero_based(indices, output)};
}

Tensor max_pool2d(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding, bool ceil_mode, Size2 dilation) {
  PoolGeometry g = pool_geometry("max_pool2d", input, 2, flat(kernel), flat(stride), flat(padding), flat(dilation));
  return max_pool2d_into(input, g, ceil_mode, kernel_indices(input));
}

Tensor max_pool1d(const Tensor &input, long kernel, long stride, long padding, bool ceil_mode, long dilation) {
  return max_pool2d(as_2d(input, "max_pool1d"), {1, kernel}, {1, stride}, {0, padding}, ceil_mode,
                    {1, dilation})
      .squeeze(-2);
}

std::tuple<Tensor, Tensor> max_pool1d_with_indices(const Tensor &input, long kernel, long stride, long padding,
                                                   bool ceil_mode, long dilation) {
  auto [y, i] = max_pool2d_with_indices(as_2d(input, "max_pool1d"), {1, kernel}, {1, stride},
                                        {0, padding}, ceil_mode, {1, dilation});
  return {y.squeeze(-2), i.squeeze(-2)};  // in a plane of height 1, h * W + w is w
}

Tensor max_pool3d(const Tensor &input, Size3 kernel, Size3 stride, Size3 padding, bool ceil_mode, Size3 dilation) {
  PoolGeometry g = pool_geometry("max_pool3d", input, 3, kernel, stride, padding, dilation);
  return max_pool3d_into(input, g, ceil_mode, kernel_indices(input));
}

std::tuple<Tensor, Tensor> max_pool3d_with_indices(const Tensor &input, Size3 kernel, Size3 stride, Size3 padding,
                                                   bool ceil_mode, Size3 dilation) {
  PoolGeometry g = pool_geometry("max_pool3d", input, 3, kernel, stride, padding, dilation);
  Tensor indices = kernel_indices(input);
  Tensor output = max_pool3d_into(input, g, ceil_mode, indices);
  return {output, flat_from_packed(indices, input, output, g)};
}

// ------------------------------------------------------------------------------------ average
Tensor avg_pool2d(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding, bool ceil_mode,
                  bool count_include_pad) {
  PoolGeometry g = pool_geometry("avg_pool2d", input, 2, flat(kernel), flat(stride), flat(padding), 1);
  return thnn::apply(
      {"SpatialAveragePooling", input},
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(SpatialAveragePooling_updateOutput, a)(a.state, a.input, a.output, g.kW, g.kH, g.dW, g.dH,
                                                          g.padW, g.padH, ceil_mode, count_include_pad);
      },
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(SpatialAveragePooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, g.kW,
                                                             g.kH, g.dW, g.dH, g.padW, g.padH, ceil_mode,
                                                             count_include_pad);
      });
}

Tensor avg_pool1d(const Tensor &input, long kernel, long stride, long padding, bool ceil_mode,
                  bool count_include_pad) {
  return avg_pool2d(as_2d(input, "avg_pool1d"), {1, kernel}, {1, stride}, {0, padding}, ceil_mode,
                    count_include_pad)
      .squeeze(-2);
}

Tensor avg_pool3d(const Tensor &input, Size3 kernel, Size3 stride, Size3 padding, bool ceil_mode,
                  bool count_include_pad) {
  PoolGeometry g = pool_geometry("avg_pool3d", input, 3, kernel, stride, padding, 1);
  return thnn::apply(
      {"VolumetricAveragePooling", input},
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(VolumetricAveragePooling_updateOutput, a)(a.state, a.input, a.output, g.kD, g.kW, g.kH, g.dD,
                                                             g.dW, g.dH, g.padD, g.padW, g.padH, ceil_mode,
                                                             count_include_pad);
      },
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(VolumetricAveragePooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, g.kD,
                                                                g.kW, g.kH, g.dD, g.dW, g.dH, g.padD, g.padW, g.padH,
                                                                ceil_mode, count_include_pad);
      });
}

// ------------------------------------------------------------------------------------ adaptive
Tensor adaptive_avg_pool2d(const Tensor &input, Size2 output_size) {
  const std::string fn = "adaptive_avg_pool2d";
  check_dims(input, fn, "input", 3, 4);
  int ow = to_int(output_size.w, fn, "output width"), oh = to_int(output_size.h, fn, "output height");
  return thnn::apply(
      {"SpatialAdaptiveAveragePooling", input},
      [ow, oh](auto &a) {
        EMBER_THNN(SpatialAdaptiveAveragePooling_updateOutput, a)(a.state, a.input, a.output, ow, oh);
      },
      [](auto &a) {
        EMBER_THNN(SpatialAdaptiveAveragePooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input);
      });
}

Tensor adaptive_avg_pool1d(const Tensor &input, long output_size) {
  return adaptive_avg_pool2d(as_2d(input, "adaptive_avg_pool1d"), {1, output_size}).squeeze(-2);
}

Tensor adaptive_max_pool2d(const Tensor &input, Size2 output_size) {
  const std::string fn = "adaptive_max_pool2d";
  check_dims(input, fn, "input", 3, 4);
  int ow = to_int(output_size.w, fn, "output width"), oh = to_int(output_size.h, fn, "output height");
  Tensor indices = kernel_indices(input);
  return thnn::apply(
      {"SpatialAdaptiveMaxPooling", input},
      [ow, oh, indices](auto &a) {
        EMBER_THNN(SpatialAdaptiveMaxPooling_updateOutput, a)(a.state, a.input, a.output, long_th(indices, a), ow, oh);
      },
      [indices](auto &a) {
        EMBER_THNN(SpatialAdaptiveMaxPooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                 long_th(indices, a));
      });
}

Tensor adaptive_max_pool1d(const Tensor &input, long output_size) {
  return adaptive_max_pool2d(as_2d(input, "adaptive_max_pool1d"), {1, output_size}).squeeze(-2);
}

// ------------------------------------------------------------------------------------ unpooling
Tensor max_unpool2d(const Tensor &input, const Tensor &indices, Size2 kernel, Size2 stride, Size2 padding,
                    std::optional<Size2> output_size) {
  const std::string fn = "max_unpool2d";
  PoolGeometry g = pool_geometry(fn, input, 2, flat(kernel), flat(stride), flat(padding), 1);
  check_arg(indices, fn, "indices");
  if (indices.sizes() != input.sizes())
    fail(fn + ": indices must have the input's size " + shape_str(input.sizes()) + ", got " +
         shape_str(indices.sizes()));
  long h = input.size(-2), w = input.size(-1);
  Size2 out = output_size ? *output_size
                          : Size2((h - 1) * g.dH - 2 * g.padH + g.kH, (w - 1) * g.dW - 2 * g.padW + g.kW);
  int oh = to_int(out.h, fn, "output height"), ow = to_int(out.w, fn, "output width");
  if (oh < 1 || ow < 1) fail(fn + ": the output size must be positive, got " + shape_str({out.h, out.w}));
  Tensor index = one_based(indices, out.h * out.w, input.device(), fn, kIndices);
  return thnn::apply(
      {"SpatialMaxUnpooling", input},
      [index, ow, oh](auto &a) {
        EMBER_THNN(SpatialMaxUnpooling_updateOutput, a)(a.state, a.input, a.output, long_th(index, a), ow, oh);
      },
      [index, ow, oh](auto &a) {
        EMBER_THNN(SpatialMaxUnpooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                           long_th(index, a), ow, oh);
      });
}

Tensor max_unpool3d(const Tensor &input, const Tensor &indices, Size3 kernel, Size3 stride, Size3 padding,
                    std::optional<Size3> output_size) {
  const std::string fn = "max_unpool3d";
  PoolGeometry g = pool_geometry(fn, input, 3, kernel, stride, padding, 1);
  check_arg(indices, fn, "indices");
  if (indices.sizes() != input.sizes())
    fail(fn + ": indices must have the input's size " + shape_str(input.sizes()) + ", got " +
         shape_str(indices.sizes()));
  long iT = input.size(-3), iH = input.size(-2), iW = input.size(-1);
  Size3 out = output_size ? *output_size
                          : Size3((iT - 1) * g.dD - 2 * g.padD + g.kD, (iH - 1) * g.dH - 2 * g.padH + g.kH,
                                  (iW - 1) * g.dW - 2 * g.padW + g.kW);
  int oT = to_int(out.d, fn, "output depth"), oH = to_int(out.h, fn, "output height"),
      oW = to_int(out.w, fn, "output width");
  if (oT < 1 || oH < 1 || oW < 1)
    fail(fn + ": the output size must be positive, got " + shape_str({out.d, out.h, out.w}));
  // THNN reads each position as packed offsets from the element's window start (see flat_from_packed).
  Tensor based = one_based(indices, (long)oT * oH * oW, kCPU, fn, kIndices);
  const long *v = based.data<long>();
  std::vector<long> packed((size_t)based.numel());
  for (long e = 0; e < based.numel(); e++) {
    long p = v[e] - TH_INDEX_BASE;
    long w = e % iW, h = e / iW % iH, t = e / (iW * iH) % iT;
    long off[3] = {p / ((long)oH * oW) - (t * g.dD - g.padD), p / oW % oH - (h * g.dH - g.padH),
                   p % oW - (w * g.dW - g.padW)};
    for (long o : off)
      if (o < 0 || o >= kPackedMax)
        fail(fn + ": index " + std::to_string(p) + " at position " + ember::detail::subscript(e, based.sizes()) +
             " lies outside its element's window (THNN's unpooling reaches 0 to " + std::to_string(kPackedMax - 1) +
             " positions past each window's start)");
    packed[(size_t)e] = off[0] | off[1] << 8 | off[2] << 16;
  }
  Tensor index = from_vector(packed, input.sizes()).to(input.device());
  return thnn::apply(
      {"VolumetricMaxUnpooling", input},
      [=](auto &a) {
        EMBER_THNN(VolumetricMaxUnpooling_updateOutput, a)(a.state, a.input, a.output, long_th(index, a), oT, oW, oH,
                                                           g.dD, g.dW, g.dH, g.padD, g.padW, g.padH);
      },
      [=](auto &a) {
        EMBER_THNN(VolumetricMaxUnpooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                              long_th(index, a), oT, oW, oH, g.dD, g.dW, g.dH, g.padD,
                                                              g.padW, g.padH);
      });
}

// ------------------------------------------------------------------------------------ fractional
Tensor fractional_max_pool2d(const Tensor &input, Size2 kernel, std::optional<Size2> output_size,
                             std::optional<std::pair<double, double>> output_ratio, const Tensor &random_samples) {
  const std::string fn = "fractional_max_pool2d";
  check_dims(input, fn, "input", 3, 4);
  if (output_size.has_value() == output_ratio.has_value())
    fail(fn + ": give exactly one of output_size and output_ratio");
  long h = input.size(-2), w = input.size(-1);
  if (output_ratio) {
    auto [rh, rw] = *output_ratio;
    if (!(rh > 0 && rh < 1 && rw > 0 && rw < 1))
      fail(fn + ": output_ratio must be in (0, 1), got (" + std::to_string(rh) + ", " + std::to_string(rw) + ")");
    output_size = Size2((long)(h * rh), (long)(w * rw));
  }
  int oh = to_int(output_size->h, fn, "output height"), ow = to_int(output_size->w, fn, "output width");
  int kh = to_int(kernel.h, fn, "kernel size"), kw = to_int(kernel.w, fn, "kernel size");
  long batch = input.dim() == 4 ? input.size(0) : 1, planes = input.size(-3);
  Tensor samples = random_samples;
  if (samples.defined()) {
    check_dtype(samples, input, fn, "random_samples");
    if (samples.sizes() != Shape{batch, planes, 2})
      fail(fn + ": random_samples must have size " + shape_str({batch, planes, 2}) + ", got " +
           shape_str(samples.sizes()));
  } else {
    samples = rand({batch, planes, 2}, input.dtype()).to(input.device());
  }
  Tensor indices = kernel_indices(input);
  return thnn::apply(
      {"SpatialFractionalMaxPooling", input, {}, {samples.contiguous()}},
      [=](auto &a) {
        EMBER_THNN(SpatialFractionalMaxPooling_updateOutput, a)(a.state, a.input, a.output, ow, oh, kw, kh,
                                                                long_th(indices, a), a.buffers[0]);
      },
      [=](auto &a) {
        EMBER_THNN(SpatialFractionalMaxPooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, ow,
                                                                   oh, kw, kh, long_th(indices, a));
      });
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
namespace F = functional;

namespace {
const char *boolean(bool b) { return b ? "true" : "false"; }
template <class Size> Size or_kernel(Size stride, Size kernel) { return stride == Size(0) ? kernel : stride; }
}  // namespace

template <class Size>
MaxPoolImplBase<Size>::MaxPoolImplBase(const char *type_name, const MaxPoolOptions<Size> &o)
    : Module(type_name), options(MaxPoolOptions<Size>(o).stride(or_kernel(o.stride(), o.kernel_size()))) {}

template <class Size> Tensor MaxPoolImplBase<Size>::forward(const Tensor &input) {
  const MaxPoolOptions<Size> &o = options;
  if constexpr (std::is_same_v<Size, long>)
    return F::max_pool1d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.dilation());
  else if constexpr (std::is_same_v<Size, Size2>)
    return F::max_pool2d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.dilation());
  else
    return F::max_pool3d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.dilation());
}

template <class Size> void MaxPoolImplBase<Size>::pretty_print(std::ostream &os) const {
  os << type_name() << "(kernel_size=" << options.kernel_size() << ", stride=" << options.stride()
     << ", padding=" << options.padding();
  if (!(options.dilation() == Size(1))) os << ", dilation=" << options.dilation();
  os << ", ceil_mode=" << boolean(options.ceil_mode()) << ")";
}

template class MaxPoolImplBase<long>;
template class MaxPoolImplBase<Size2>;
template class MaxPoolImplBase<Size3>;

std::tuple<Tensor, Tensor> MaxPool1dImpl::forward_with_indices(const Tensor &input) {
  return F::max_pool1d_with_indices(input, options.kernel_size(), options.stride(), options.padding(),
                                    options.ceil_mode(), options.dilation());
}

std::tuple<Tensor, Tensor> MaxPool2dImpl::forward_with_indices(const Tensor &input) {
  return F::max_pool2d_with_indices(input, options.kernel_size(), options.stride(), options.padding(),
                                    options.ceil_mode(), options.dilation());
}

std::tuple<Tensor, Tensor> MaxPool3dImpl::forward_with_indices(const Tensor &input) {
  return F::max_pool3d_with_indices(input, options.kernel_size(), options.stride(), options.padding(),
                                    options.ceil_mode(), options.dilation());
}

template <class Size>
AvgPoolImplBase<Size>::AvgPoolImplBase(const char *type_name, const AvgPoolOptions<Size> &o)
    : Module(type_name), options(AvgPoolOptions<Size>(o).stride(or_kernel(o.stride(), o.kernel_size()))) {}

template <class Size> Tensor AvgPoolImplBase<Size>::forward(const Tensor &input) {
  const AvgPoolOptions<Size> &o = options;
  if constexpr (std::is_same_v<Size, long>)
    return F::avg_pool1d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.count_include_pad());
  else if constexpr (std::is_same_v<Size, Size2>)
    return F::avg_pool2d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.count_include_pad());
  else
    return F::avg_pool3d(input, o.kernel_size(), o.stride(), o.padding(), o.ceil_mode(), o.count_include_pad());
}

template <class Size> void AvgPoolImplBase<Size>::pretty_print(std::ostream &os) const {
  os << type_name() << "(kernel_size=" << options.kernel_size() << ", stride=" << options.stride()
     << ", padding=" << options.padding() << ", ceil_mode=" << boolean(options.ceil_mode())
     << ", count_include_pad=" << boolean(options.count_include_pad()) << ")";
}

template class AvgPoolImplBase<long>;
template class AvgPoolImplBase<Size2>;
template class AvgPoolImplBase<Size3>;

template <class Size, bool Max>
AdaptivePoolImplBase<Size, Max>::AdaptivePoolImplBase(const char *type_name, Size size)
    : Module(type_name), output_size(size) {}

template <class Size, bool Max> Tensor AdaptivePoolImplBase<Size, Max>::forward(const Tensor &input) {
  if constexpr (std::is_same_v<Size, long>)
    return Max ? F::adaptive_max_pool1d(input, output_size) : F::adaptive_avg_pool1d(input, output_size);
  else
    return Max ? F::adaptive_max_pool2d(input, output_size) : F::adaptive_avg_pool2d(input, output_size);
}

template <class Size, bool Max> void AdaptivePoolImplBase<Size, Max>::pretty_print(std::ostream &os) const {
  os << type_name() << "(output_size=" << output_size << ")";
}

template class AdaptivePoolImplBase<long, false>;
template class AdaptivePoolImplBase<Size2, false>;
template class AdaptivePoolImplBase<long, true>;
template class AdaptivePoolImplBase<Size2, true>;

MaxUnpool2dImpl::MaxUnpool2dImpl(Size2 k, Size2 s, Size2 p)
    : Module("MaxUnpool2d"), kernel_size(k), stride(or_kernel(s, k)), padding(p) {}

Tensor MaxUnpool2dImpl::forward(const Tensor &input, const Tensor &indices, std::optional<Size2> output_size) {
  return F::max_unpool2d(input, indices, kernel_size, stride, padding, output_size);
}

void MaxUnpool2dImpl::pretty_print(std::ostream &os) const {
  os << "MaxUnpool2d(kernel_size=" << kernel_size << ", stride=" << stride << ", padding=" << padding << ")";
}

MaxUnpool3dImpl::MaxUnpool3dImpl(Size3 k, Size3 s, Size3 p)
    : Module("MaxUnpool3d"), kernel_size(k), stride(or_kernel(s, k)), padding(p) {}

Tensor MaxUnpool3dImpl::forward(const Tensor &input, const Tensor &indices, std::optional<Size3> output_size) {
  return F::max_unpool3d(input, indices, kernel_size, stride, padding, output_size);
}

void MaxUnpool3dImpl::pretty_print(std::ostream &os) const {
  os << "MaxUnpool3d(kernel_size=" << kernel_size << ", stride=" << stride << ", padding=" << padding << ")";
}

FractionalMaxPool2dImpl::FractionalMaxPool2dImpl(Size2 k, std::optional<Size2> size,
                                                 std::optional<std::pair<double, double>> ratio)
    : Module("FractionalMaxPool2d"), kernel_size(k), output_size(size), output_ratio(ratio) {
  if (size.has_value() == ratio.has_value())
    fail("FractionalMaxPool2d: give exactly one of output_size and output_ratio");
}

Tensor FractionalMaxPool2dImpl::forward(const Tensor &input) {
  return F::fractional_max_pool2d(input, kernel_size, output_size, output_ratio);
}

void FractionalMaxPool2dImpl::pretty_print(std::ostream &os) const {
  os << "FractionalMaxPool2d(kernel_size=" << kernel_size;
  if (output_size) os << ", output_size=" << *output_size;
  else os << ", output_ratio=(" << output_ratio->first << ", " << output_ratio->second << ")";
  os << ")";
}

}  // namespace ember::nn
