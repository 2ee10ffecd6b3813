#pragma once
// Reflection and replication padding: nn::functional::pad and the modules ReflectionPad1d / 2d and
// ReplicationPad1d / 2d / 3d, one autograd node each over THNN's SpatialReflectionPadding,
// SpatialReplicationPadding and VolumetricReplicationPadding (1-D runs the 2-D kernels over a height
// of 1). THNN has no constant-padding kernel, so there is no constant mode (nor ZeroPad2d).
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/module.hpp>

#include <vector>

namespace ember::nn {

enum class PadMode { Reflect, Replicate };
constexpr PadMode kReflect = PadMode::Reflect;
constexpr PadMode kReplicate = PadMode::Replicate;

namespace functional {
// pad as PyTorch's F.pad: {left, right} pads the last dimension of [N x C x W] (or [C x W]); {left,
// right, top, bottom} the last two of [N x C x H x W]; {left, right, top, bottom, front, back} the
// last three of [N x C x D x H x W] (Replicate only). Reflect needs each pad less than its dimension.
Tensor pad(const Tensor &input, const std::vector<long> &pad, PadMode mode);
}  // namespace functional

// The modules: padding is one number for every side or the sides in F::pad's order.
class PadImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const std::vector<long> padding;  // in F::pad's order
  const PadMode mode;

 protected:
  PadImplBase(const char *type_name, PadMode mode, size_t sides, std::vector<long> padding);
};

#define EMBER_NN_PAD(NAME, MODE, SIDES)                                                                        \
  class NAME##Impl : public PadImplBase {                                                                      \
   public:                                                                                                     \
    explicit NAME##Impl(long all) : PadImplBase(#NAME, MODE, SIDES, std::vector<long>(SIDES, all)) {}          \
    explicit NAME##Impl(std::vector<long> padding) : PadImplBase(#NAME, MODE, SIDES, std::move(padding)) {}    \
  };                                                                                                           \
  EMBER_MODULE(NAME)
EMBER_NN_PAD(ReflectionPad1d, kReflect, 2);
EMBER_NN_PAD(ReflectionPad2d, kReflect, 4);
EMBER_NN_PAD(ReplicationPad1d, kReplicate, 2);
EMBER_NN_PAD(ReplicationPad2d, kReplicate, 4);
EMBER_NN_PAD(ReplicationPad3d, kReplicate, 6);
#undef EMBER_NN_PAD

}  // namespace ember::nn
