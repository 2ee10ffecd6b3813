// Padding (nn/padding.hpp): THNN kernel pairs behind thnn::apply.
#include <ember/nn/padding.hpp>

#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using namespace internal;

namespace {
Tensor pad2d(const Tensor &input, PadMode mode, int l, int r, int t, int b) {
  if (mode == kReflect)
    return thnn::apply(
        {"SpatialReflectionPadding", input},
        [=](auto &a) { EMBER_THNN(SpatialReflectionPadding_updateOutput, a)(a.state, a.input, a.output, l, r, t, b); },
        [=](auto &a) {
          EMBER_THNN(SpatialReflectionPadding_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, l,
                                                                  r, t, b);
        });
  return thnn::apply(
      {"SpatialReplicationPadding", input},
      [=](auto &a) { EMBER_THNN(SpatialReplicationPadding_updateOutput, a)(a.state, a.input, a.output, l, r, t, b); },
      [=](auto &a) {
        EMBER_THNN(SpatialReplicationPadding_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, l, r,
                                                                 t, b);
      });
}
}  // namespace

Tensor functional::pad(const Tensor &input, const std::vector<long> &pad, PadMode mode) {
  const std::string fn = "pad";
  if (pad.size() != 2 && pad.size() != 4 && pad.size() != 6)
    fail(fn + ": pad must have 2, 4 or 6 entries, got " + std::to_string(pad.size()));
  long spatial = (long)pad.size() / 2;
  check_dims(input, fn, "input", spatial + 1, spatial + 2);
  std::vector<int> p;
  for (long v : pad) p.push_back(to_int(v, fn, "pad"));
  if (spatial == 1) return pad2d(input.unsqueeze(-2), mode, p[0], p[1], 0, 0).squeeze(-2);
  if (spatial == 2) return pad2d(input, mode, p[0], p[1], p[2], p[3]);
  if (mode == kReflect) fail(fn + ": reflect mode pads 1 or 2 dimensions (THNN has no 3-D reflection kernel)");
  return thnn::apply(
      {"VolumetricReplicationPadding", input},
      [p](auto &a) {
        EMBER_THNN(VolumetricReplicationPadding_updateOutput, a)(a.state, a.input, a.output, p[0], p[1], p[2], p[3],
                                                                 p[4], p[5]);
      },
      [p](auto &a) {
        EMBER_THNN(VolumetricReplicationPadding_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                    p[0], p[1], p[2], p[3], p[4], p[5]);
      });
}

PadImplBase::PadImplBase(const char *type_name, PadMode m, size_t sides, std::vector<long> pad)
    : Module(type_name), padding(std::move(pad)), mode(m) {
  if (padding.size() != sides)
    fail(std::string(type_name) + ": padding must have " + std::to_string(sides) + " entries, got " +
         std::to_string(padding.size()));
}

Tensor PadImplBase::forward(const Tensor &input) { return functional::pad(input, padding, mode); }

void PadImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "((";
  for (size_t i = 0; i < padding.size(); i++) os << (i ? ", " : "") << padding[i];
  os << "))";
}

}  // namespace ember::nn
