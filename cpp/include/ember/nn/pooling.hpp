#pragma once
// Pooling over 1, 2 and 3 spatial dimensions: nn::functional's max / average / adaptive / fractional
// pooling and max unpooling, and their modules. Each is one autograd node over a THNN kernel family;
// the 1-D forms run the 2-D kernels over an input of height 1. Where THNN has no kernel (adaptive
// 3-D pooling) ember has no function either, nor indices for adaptive max pooling (THNN keeps
// offsets within windows whose bounds differ from PyTorch's for some sizes).
//
// Index tensors (return_indices, max_unpool) follow PyTorch's layout: per output element the
// position of the max within its input plane, h * W + w (3-D: (d * H + h) * W + w), 0-based, in Long
// tensors on the input's device (ember's index convention, see nn/functional.hpp).
//
// Argument order: kernel, stride, padding, ceil_mode, then the rest (dilation, ...), as ember's
// max_pool2d always took them; stride 0 means stride = kernel (PyTorch's default).
#include <ember/nn/functional.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/module.hpp>
#include <ember/nn/options.hpp>
#include <ember/nn/sizes.hpp>

#include <optional>
#include <tuple>
#include <utility>

namespace ember::nn {

template <class Size> struct MaxPoolOptions {
  MaxPoolOptions(Size kernel_size) : kernel_size_(kernel_size) {}  // NOLINT: implicit, as libtorch's
  EMBER_NN_OPTION(Size, kernel_size)
  EMBER_NN_OPTION(Size, stride)  // 0: the kernel size
  EMBER_NN_OPTION(Size, padding)
  EMBER_NN_OPTION(Size, dilation)
  EMBER_NN_OPTION(bool, ceil_mode)

 private:
  Size kernel_size_, stride_ = 0, padding_ = 0, dilation_ = 1;
  bool ceil_mode_ = false;
};
using MaxPool1dOptions = MaxPoolOptions<long>;
using MaxPool2dOptions = MaxPoolOptions<Size2>;
using MaxPool3dOptions = MaxPoolOptions<Size3>;

template <class Size> struct AvgPoolOptions {
  AvgPoolOptions(Size kernel_size) : kernel_size_(kernel_size) {}  // NOLINT: implicit, as libtorch's
  EMBER_NN_OPTION(Size, kernel_size)
  EMBER_NN_OPTION(Size, stride)  // 0: the kernel size
  EMBER_NN_OPTION(Size, padding)
  EMBER_NN_OPTION(bool, ceil_mode)
  EMBER_NN_OPTION(bool, count_include_pad)

 private:
  Size kernel_size_, stride_ = 0, padding_ = 0;
  bool ceil_mode_ = false, count_include_pad_ = true;
};
using AvgPool1dOptions = AvgPoolOptions<long>;
using AvgPool2dOptions = AvgPoolOptions<Size2>;
using AvgPool3dOptions = AvgPoolOptions<Size3>;

namespace functional {
// Max over windows (padding pads with -infinity; dilation spaces the window's positions).
Tensor max_pool1d(const Tensor &input, long kernel, long stride = 0, long padding = 0, bool ceil_mode = false,
                  long dilation = 1);
Tensor max_pool2d(const Tensor &input, Size2 kernel, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false,
                  Size2 dilation = 1);
Tensor max_pool3d(const Tensor &input, Size3 kernel, Size3 stride = 0, Size3 padding = 0, bool ceil_mode = false,
                  Size3 dilation = 1);
// max_pool1d / 2d and the position of each max (PyTorch's return_indices=True).
std::tuple<Tensor, Tensor> max_pool1d_with_indices(const Tensor &input, long kernel, long stride = 0,
                                                   long padding = 0, bool ceil_mode = false, long dilation = 1);
std::tuple<Tensor, Tensor> max_pool2d_with_indices(const Tensor &input, Size2 kernel, Size2 stride = 0,
                                                   Size2 padding = 0, bool ceil_mode = false, Size2 dilation = 1);
std::tuple<Tensor, Tensor> max_pool3d_with_indices(const Tensor &input, Size3 kernel, Size3 stride = 0,
                                                   Size3 padding = 0, bool ceil_mode = false, Size3 dilation = 1);
// Mean over windows; count_include_pad counts the padding's zeros in the divisor.
Tensor avg_pool1d(const Tensor &input, long kernel, long stride = 0, long padding = 0, bool ceil_mode = false,
                  bool count_include_pad = true);
Tensor avg_pool2d(const Tensor &input, Size2 kernel, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false,
                  bool count_include_pad = true);
Tensor avg_pool3d(const Tensor &input, Size3 kernel, Size3 stride = 0, Size3 padding = 0, bool ceil_mode = false,
                  bool count_include_pad = true);
// Pooling to a given output size: output row i covers input rows [floor(i in / out), ceil((i + 1) in /
// out)). THNN's adaptive max computes these bounds in single precision, which widens a few windows for
// some sizes (e.g. 21 rows into 7); the adaptive average ones are exact.
Tensor adaptive_avg_pool1d(const Tensor &input, long output_size);
Tensor adaptive_avg_pool2d(const Tensor &input, Size2 output_size);
Tensor adaptive_max_pool1d(const Tensor &input, long output_size);
Tensor adaptive_max_pool2d(const Tensor &input, Size2 output_size);
// The inverse of max_pool2d: each input element goes to the position indices gives in an output of
// output_size (default: (in - 1) * stride - 2 * padding + kernel per dimension); the rest is zero.
Tensor max_unpool2d(const Tensor &input, const Tensor &indices, Size2 kernel, Size2 stride = 0, Size2 padding = 0,
                    std::optional<Size2> output_size = std::nullopt);
// The inverse of max_pool3d. THNN's kernel places each element relative to its window's start: an
// index more than 255 positions past it, or before it, along any dimension throws.
Tensor max_unpool3d(const Tensor &input, const Tensor &indices, Size3 kernel, Size3 stride = 0, Size3 padding = 0,
                    std::optional<Size3> output_size = std::nullopt);
// Fractional max pooling (Graham 2014) of kernel-sized windows to output_size, or to floor(in *
// output_ratio). random_samples [N x C x 2] in [0, 1) place the windows (sample 0 along the width,
// 1 along the height); undefined: drawn from ember's generator (ember::manual_seed).
Tensor fractional_max_pool2d(const Tensor &input, Size2 kernel, std::optional<Size2> output_size,
                             std::optional<std::pair<double, double>> output_ratio = std::nullopt,
                             const Tensor &random_samples = {});
}  // namespace functional

// MaxPool1d / 2d / 3d: stride 0 (the default) becomes the kernel size.
template <class Size> class MaxPoolImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const MaxPoolOptions<Size> options;

 protected:
  MaxPoolImplBase(const char *type_name, const MaxPoolOptions<Size> &options);
};

class MaxPool1dImpl : public MaxPoolImplBase<long> {
 public:
  explicit MaxPool1dImpl(const MaxPool1dOptions &o) : MaxPoolImplBase("MaxPool1d", o) {}
  MaxPool1dImpl(long kernel_size, long stride = 0, long padding = 0, bool ceil_mode = false)
      : MaxPool1dImpl(MaxPool1dOptions(kernel_size).stride(stride).padding(padding).ceil_mode(ceil_mode)) {}
  std::tuple<Tensor, Tensor> forward_with_indices(const Tensor &input);  // {output, indices}
};
EMBER_MODULE(MaxPool1d);

class MaxPool2dImpl : public MaxPoolImplBase<Size2> {
 public:
  explicit MaxPool2dImpl(const MaxPool2dOptions &o) : MaxPoolImplBase("MaxPool2d", o) {}
  MaxPool2dImpl(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false)
      : MaxPool2dImpl(MaxPool2dOptions(kernel_size).stride(stride).padding(padding).ceil_mode(ceil_mode)) {}
  std::tuple<Tensor, Tensor> forward_with_indices(const Tensor &input);  // {output, indices}
};
EMBER_MODULE(MaxPool2d);

class MaxPool3dImpl : public MaxPoolImplBase<Size3> {
 public:
  explicit MaxPool3dImpl(const MaxPool3dOptions &o) : MaxPoolImplBase("MaxPool3d", o) {}
  MaxPool3dImpl(Size3 kernel_size, Size3 stride = 0, Size3 padding = 0, bool ceil_mode = false)
      : MaxPool3dImpl(MaxPool3dOptions(kernel_size).stride(stride).padding(padding).ceil_mode(ceil_mode)) {}
  std::tuple<Tensor, Tensor> forward_with_indices(const Tensor &input);  // {output, indices}
};
EMBER_MODULE(MaxPool3d);

// AvgPool1d / 2d / 3d: stride 0 (the default) becomes the kernel size.
template <class Size> class AvgPoolImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const AvgPoolOptions<Size> options;

 protected:
  AvgPoolImplBase(const char *type_name, const AvgPoolOptions<Size> &options);
};

#define EMBER_NN_AVG_POOL(NAME, SIZE)                                                                          \
  class NAME##Impl : public AvgPoolImplBase<SIZE> {                                                            \
   public:                                                                                                     \
    explicit NAME##Impl(const AvgPoolOptions<SIZE> &o) : AvgPoolImplBase(#NAME, o) {}                          \
    NAME##Impl(SIZE kernel_size, SIZE stride = 0, SIZE padding = 0, bool ceil_mode = false,                    \
               bool count_include_pad = true)                                                                  \
        : NAME##Impl(AvgPoolOptions<SIZE>(kernel_size).stride(stride).padding(padding).ceil_mode(ceil_mode)   \
                         .count_include_pad(count_include_pad)) {}                                             \
  };                                                                                                           \
  EMBER_MODULE(NAME)
EMBER_NN_AVG_POOL(AvgPool1d, long);
EMBER_NN_AVG_POOL(AvgPool2d, Size2);
EMBER_NN_AVG_POOL(AvgPool3d, Size3);
#undef EMBER_NN_AVG_POOL

// AdaptiveAvgPool1d / 2d, AdaptiveMaxPool1d / 2d: pooling to output_size.
template <class Size, bool Max> class AdaptivePoolImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size output_size;

 protected:
  AdaptivePoolImplBase(const char *type_name, Size output_size);
};

#define EMBER_NN_ADAPTIVE_POOL(NAME, SIZE, MAX)                                                                \
  class NAME##Impl : public AdaptivePoolImplBase<SIZE, MAX> {                                                  \
   public:                                                                                                     \
    explicit NAME##Impl(SIZE output_size) : AdaptivePoolImplBase(#NAME, output_size) {}                       \
  };                                                                                                           \
  EMBER_MODULE(NAME)
EMBER_NN_ADAPTIVE_POOL(AdaptiveAvgPool1d, long, false);
EMBER_NN_ADAPTIVE_POOL(AdaptiveAvgPool2d, Size2, false);
EMBER_NN_ADAPTIVE_POOL(AdaptiveMaxPool1d, long, true);
EMBER_NN_ADAPTIVE_POOL(AdaptiveMaxPool2d, Size2, true);
#undef EMBER_NN_ADAPTIVE_POOL

// MaxUnpool2d: forward(input, indices) with the indices of MaxPool2d's forward_with_indices.
class MaxUnpool2dImpl : public Module {
 public:
  MaxUnpool2dImpl(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0);
  Tensor forward(const Tensor &input, const Tensor &indices, std::optional<Size2> output_size = std::nullopt);
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size, stride, padding;
};
EMBER_MODULE(MaxUnpool2d);

// MaxUnpool3d: forward(input, indices) with the indices of MaxPool3d's forward_with_indices.
class MaxUnpool3dImpl : public Module {
 public:
  MaxUnpool3dImpl(Size3 kernel_size, Size3 stride = 0, Size3 padding = 0);
  Tensor forward(const Tensor &input, const Tensor &indices, std::optional<Size3> output_size = std::nullopt);
  void pretty_print(std::ostream &os) const override;
  const Size3 kernel_size, stride, padding;
};
EMBER_MODULE(MaxUnpool3d);

// FractionalMaxPool2d: output_size or output_ratio (exactly one); fresh random window positions per
// call from ember's generator.
class FractionalMaxPool2dImpl : public Module {
 public:
  FractionalMaxPool2dImpl(Size2 kernel_size, std::optional<Size2> output_size,
                          std::optional<std::pair<double, double>> output_ratio = std::nullopt);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size;
  const std::optional<Size2> output_size;
  const std::optional<std::pair<double, double>> output_ratio;
};
EMBER_MODULE(FractionalMaxPool2d);

}  // namespace ember::nn
