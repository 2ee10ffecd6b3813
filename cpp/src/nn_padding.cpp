// Padding (nn/padding.hpp): THNN kernel pairs behind thnn::apply; constant padding from narrow and cat.
#include <ember/nn/padding.hpp>

#include <algorithm>
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
// Pads {before, after} of dimension -1, then of -2, ...: a negative count crops (narrow), a positive
// one adds a block of value (cat).
Tensor constant_pad(const Tensor &input, const std::vector<long> &pad, double value, const std::string &fn) {
  check_arg(input, fn, "input");
  if (pad.empty() || pad.size() % 2 || (long)pad.size() > 2 * input.dim())
    fail(fn + ": constant mode takes an even number of pads, two at most per dimension of the input " +
         shape_str(input.sizes()) + ", got " + std::to_string(pad.size()));
  Tensor x = input;
  for (size_t k = 0; k < pad.size() / 2; k++) {
    long d = x.dim() - 1 - (long)k, before = pad[2 * k], after = pad[2 * k + 1];
    long kept = x.size(d) + std::min(before, 0L) + std::min(after, 0L);
    if (kept < 1)
      fail(fn + ": pads " + std::to_string(before) + ", " + std::to_string(after) + " leave nothing of dimension " +
           std::to_string(d) + " of size " + std::to_string(x.size(d)));
    x = x.narrow(d, -std::min(before, 0L), kept);
    auto block = [&](long n) {
      Shape shape = x.sizes();
      shape[(size_t)d] = n;
      return full(shape, value, x.options());
    };
    tensor_list parts;
    if (before > 0) parts.push_back(block(before));
    parts.push_back(x);
    if (after > 0) parts.push_back(block(after));
    if (parts.size() > 1) x = cat(parts, d);
  }
  return x;
}
}  // namespace

Tensor functional::pad(const Tensor &input, const std::vector<long> &pad, PadMode mode, double value) {
  const std::string fn = "pad";
  if (mode == kConstant) return constant_pad(input, pad, value, fn);
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

PadImplBase::PadImplBase(const char *type_name, PadMode m, size_t sides, std::vector<long> pad, double v)
    : Module(type_name), padding(std::move(pad)), mode(m), value(v) {
  if (padding.size() != sides)
    fail(std::string(type_name) + ": padding must have " + std::to_string(sides) + " entries, got " +
         std::to_string(padding.size()));
}

Tensor PadImplBase::forward(const Tensor &input) { return functional::pad(input, padding, mode, value); }

void PadImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "((";
  for (size_t i = 0; i < padding.size(); i++) os << (i ? ", " : "") << padding[i];
  os << ")";
  if (mode == kConstant && type_name() != "ZeroPad2d") os << ", value=" << value;
  os << ")";
}

}  // namespace ember::nn
