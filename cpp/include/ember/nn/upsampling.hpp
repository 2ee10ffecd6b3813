#pragma once
// Resampling: nn::functional::interpolate and the Upsample module, one autograd node over THNN's
// SpatialUpSamplingNearest / VolumetricUpSamplingNearest (nearest: one integer scale factor for all
// dimensions) and SpatialUpSamplingBilinear / VolumetricUpSamplingTrilinear (linear modes with
// align_corners=true, Torch7's rule; 1-D modes run the 2-D kernels over a height of 1). The linear
// modes with align_corners=false (PyTorch's default), which THNN lacks, interpolate one spatial
// dimension at a time from index_select and arithmetic, whose nodes give the gradient.
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/module.hpp>
#include <ember/nn/options.hpp>

#include <optional>
#include <vector>

namespace ember::nn {

enum class InterpolateMode { Nearest, Linear, Bilinear, Trilinear };
constexpr InterpolateMode kNearest = InterpolateMode::Nearest;
constexpr InterpolateMode kLinear = InterpolateMode::Linear;      // [N x C x W]
constexpr InterpolateMode kBilinear = InterpolateMode::Bilinear;  // [N x C x H x W]
constexpr InterpolateMode kTrilinear = InterpolateMode::Trilinear;  // [N x C x D x H x W]

// size or scale_factor (exactly one): one entry for every spatial dimension, or one for all.
struct UpsampleOptions {
  EMBER_NN_OPTION(std::vector<long>, size)
  EMBER_NN_OPTION(std::vector<double>, scale_factor)
  EMBER_NN_OPTION(InterpolateMode, mode)
  EMBER_NN_OPTION(std::optional<bool>, align_corners)  // linear modes; unset is false, as in PyTorch

 private:
  std::vector<long> size_;
  std::vector<double> scale_factor_;
  InterpolateMode mode_ = kNearest;
  std::optional<bool> align_corners_;
};
using InterpolateOptions = UpsampleOptions;

namespace functional {
using InterpolateFuncOptions = UpsampleOptions;  // libtorch's name for F::interpolate's options
}

namespace functional {
// input [N x C x W], [N x C x H x W] or [N x C x D x H x W] resized to options.size() or to floor(in *
// scale_factor) per spatial dimension.
Tensor interpolate(const Tensor &input, const InterpolateOptions &options);
}  // namespace functional

class UpsampleImpl : public Module {
 public:
  explicit UpsampleImpl(const UpsampleOptions &options = {});
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const UpsampleOptions options;
};
EMBER_MODULE(Upsample);

}  // namespace ember::nn
