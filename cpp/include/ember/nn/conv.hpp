#pragma once
// Convolutions, plain and transposed, over 1, 2 and 3 spatial dimensions: nn::functional's conv1d /
// conv2d / conv3d / conv_transpose1d / 2d / 3d and the modules Conv1d ... ConvTranspose3d holding
// their weight and bias. Each is one autograd node over a THNN kernel family (SpatialConvolutionMM,
// SpatialDilatedConvolution, VolumetricDilatedConvolution and their Full (transposed) forms); the 1-D
// ones are the 2-D ones over an input of height 1. Sizes, defaults, parameter names and
// initialisation are PyTorch 1.13's. groups is 1, or for conv1d / conv2d the input's channel count
// (depthwise: SpatialDepthWiseConvolution, without dilation); THNN has no other grouped kernels.

#include <ember/nn/functional.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/module.hpp>
#include <ember/nn/options.hpp>
#include <ember/nn/sizes.hpp>

namespace ember::nn {

// The options of a convolution over Size: long (1-D), Size2 or Size3. output_padding is the
// transposed convolutions' only.
template <class Size> struct ConvOptions {
  ConvOptions(long in_channels, long out_channels, Size kernel_size)
      : in_channels_(in_channels), out_channels_(out_channels), kernel_size_(kernel_size) {}
  EMBER_NN_OPTION(long, in_channels)
  EMBER_NN_OPTION(long, out_channels)
  EMBER_NN_OPTION(Size, kernel_size)
  EMBER_NN_OPTION(Size, stride)
  EMBER_NN_OPTION(Size, padding)
  EMBER_NN_OPTION(Size, output_padding)
  EMBER_NN_OPTION(Size, dilation)
  EMBER_NN_OPTION(long, groups)
  EMBER_NN_OPTION(bool, bias)

 private:
  long in_channels_, out_channels_;
  Size kernel_size_, stride_ = 1, padding_ = 0, output_padding_ = 0, dilation_ = 1;
  long groups_ = 1;
  bool bias_ = true;
};
using Conv1dOptions = ConvOptions<long>;
using Conv2dOptions = ConvOptions<Size2>;
using Conv3dOptions = ConvOptions<Size3>;
using ConvTranspose1dOptions = ConvOptions<long>;
using ConvTranspose2dOptions = ConvOptions<Size2>;
using ConvTranspose3dOptions = ConvOptions<Size3>;

namespace functional {
// input [N x C x L] (or [C x L]), weight [out x in x k].
Tensor conv1d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, long stride = 1, long padding = 0,
              long dilation = 1, long groups = 1);
// input [N x C x H x W] (or [C x H x W]), weight [out x in x kH x kW].
Tensor conv2d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size2 stride = 1,
              Size2 padding = 0, Size2 dilation = 1, long groups = 1);
// input [N x C x D x H x W] (or [C x D x H x W]), weight [out x in x kD x kH x kW].
Tensor conv3d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size3 stride = 1,
              Size3 padding = 0, Size3 dilation = 1, long groups = 1);
// The transposed convolutions (the gradient of a convolution with respect to its input): weight
// [in x out x k...]; output_padding adds rows/columns at the end of each dimension (less than the
// stride or the dilation).
Tensor conv_transpose1d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, long stride = 1,
                        long padding = 0, long output_padding = 0, long groups = 1, long dilation = 1);
Tensor conv_transpose2d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size2 stride = 1,
                        Size2 padding = 0, Size2 output_padding = 0, long groups = 1, Size2 dilation = 1);
Tensor conv_transpose3d(const Tensor &input, const Tensor &weight, const Tensor &bias = {}, Size3 stride = 1,
                        Size3 padding = 0, Size3 output_padding = 0, long groups = 1, Size3 dilation = 1);
}  // namespace functional

// What every convolution module has: weight ([out x in x k...], transposed: [in x out x k...]) and
// bias [out], initialised as PyTorch does (kaiming_uniform_(a = sqrt(5)), bias U(+-1/sqrt(fan_in))).
template <class Size> class ConvImplBase : public Module {
 public:
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const ConvOptions<Size> options;

 protected:
  ConvImplBase(const char *type_name, const ConvOptions<Size> &options, bool transposed);

 private:
  const bool transposed_;
};

class Conv1dImpl : public ConvImplBase<long> {
 public:
  explicit Conv1dImpl(const Conv1dOptions &options) : ConvImplBase("Conv1d", options, false) {}
  Conv1dImpl(long in_channels, long out_channels, long kernel_size)
      : Conv1dImpl(Conv1dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Conv1d);

class Conv2dImpl : public ConvImplBase<Size2> {
 public:
  explicit Conv2dImpl(const Conv2dOptions &options) : ConvImplBase("Conv2d", options, false) {}
  Conv2dImpl(long in_channels, long out_channels, Size2 kernel_size)
      : Conv2dImpl(Conv2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Conv2d);

class Conv3dImpl : public ConvImplBase<Size3> {
 public:
  explicit Conv3dImpl(const Conv3dOptions &options) : ConvImplBase("Conv3d", options, false) {}
  Conv3dImpl(long in_channels, long out_channels, Size3 kernel_size)
      : Conv3dImpl(Conv3dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Conv3d);

class ConvTranspose1dImpl : public ConvImplBase<long> {
 public:
  explicit ConvTranspose1dImpl(const ConvTranspose1dOptions &options)
      : ConvImplBase("ConvTranspose1d", options, true) {}
  ConvTranspose1dImpl(long in_channels, long out_channels, long kernel_size)
      : ConvTranspose1dImpl(ConvTranspose1dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(ConvTranspose1d);

class ConvTranspose2dImpl : public ConvImplBase<Size2> {
 public:
  explicit ConvTranspose2dImpl(const ConvTranspose2dOptions &options)
      : ConvImplBase("ConvTranspose2d", options, true) {}
  ConvTranspose2dImpl(long in_channels, long out_channels, Size2 kernel_size)
      : ConvTranspose2dImpl(ConvTranspose2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(ConvTranspose2d);

class ConvTranspose3dImpl : public ConvImplBase<Size3> {
 public:
  explicit ConvTranspose3dImpl(const ConvTranspose3dOptions &options)
      : ConvImplBase("ConvTranspose3d", options, true) {}
  ConvTranspose3dImpl(long in_channels, long out_channels, Size3 kernel_size)
      : ConvTranspose3dImpl(ConvTranspose3dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(ConvTranspose3d);

}  // namespace ember::nn
