#pragma once
// Padding: nn::functional::pad and the modules ZeroPad2d, ConstantPad1d / 2d / 3d, ReflectionPad1d /
// 2d and ReplicationPad1d / 2d / 3d. Reflection and replication are one autograd node each over THNN's
// SpatialReflectionPadding, SpatialReplicationPadding and VolumetricReplicationPadding (1-D runs the
// 2-D kernels over a height of 1); THNN has no constant-padding kernel, so constant padding is
// composed of narrow (a negative pad crops) and cat, whose nodes give its gradient.
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/module.hpp>

#include <vector>

namespace ember::nn {

enum class PadMode { Constant, Reflect, Replicate };
constexpr PadMode kConstant = PadMode::Constant;
constexpr PadMode kReflect = PadMode::Reflect;
constexpr PadMode kReplicate = PadMode::Replicate;

namespace functional {
// pad as PyTorch's F.pad: {left, right} pads the last dimension of [N x C x W] (or [C x W]); {left,
// right, top, bottom} the last two of [N x C x H x W]; {left, right, top, bottom, front, back} the
// last three of [N x C x D x H x W] (Constant and Replicate). Reflect needs each pad less than its
// dimension. Constant (the default, as in PyTorch) fills with `value`, takes any even number of pads
// up to two per dimension of any input, and a negative pad removes that many elements.
Tensor pad(const Tensor &input, const std::vector<long> &pad, PadMode mode = kConstant, double value = 0);
}  // namespace functional

// The modules: padding is one number for every side or the sides in F::pad's order.
class PadImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const std::vector<long> padding;  // in F::pad's order
  const PadMode mode;
  const double value;  // kConstant's fill

 protected:
  PadImplBase(const char *type_name, PadMode mode, size_t sides, std::vector<long> padding, double value = 0);
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
EMBER_NN_PAD(ZeroPad2d, kConstant, 4);
#undef EMBER_NN_PAD

// ConstantPad1d / 2d / 3d(padding, value): padding as above, filled with value.
#define EMBER_NN_CONSTANT_PAD(NAME, SIDES)                                                                     \
  class NAME##Impl : public PadImplBase {                                                                      \
   public:                                                                                                     \
    NAME##Impl(long all, double value)                                                                         \
        : PadImplBase(#NAME, kConstant, SIDES, std::vector<long>(SIDES, all), value) {}                        \
    NAME##Impl(std::vector<long> padding, double value)                                                        \
        : PadImplBase(#NAME, kConstant, SIDES, std::move(padding), value) {}                                   \
  };                                                                                                           \
  EMBER_MODULE(NAME)
EMBER_NN_CONSTANT_PAD(ConstantPad1d, 2);
EMBER_NN_CONSTANT_PAD(ConstantPad2d, 4);
EMBER_NN_CONSTANT_PAD(ConstantPad3d, 6);
#undef EMBER_NN_CONSTANT_PAD

}  // namespace ember::nn
