// Upsampling (nn/upsampling.hpp): THNN kernel pairs behind thnn::apply; linear modes without aligned
// corners composed of index_select and arithmetic.
#include <ember/nn/upsampling.hpp>

#include <algorithm>
#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using namespace internal;

namespace {
const char *mode_name(InterpolateMode m) {
  switch (m) {
    case kNearest: return "nearest";
    case kLinear: return "linear";
    case kBilinear: return "bilinear";
    case kTrilinear: return "trilinear";
  }
  return "?";
}

Tensor nearest(const Tensor &input, int scale) {
  if (input.dim() == 5)
    return thnn::apply(
        {"VolumetricUpSamplingNearest", input},
        [scale](auto &a) {
          EMBER_THNN(VolumetricUpSamplingNearest_updateOutput, a)(a.state, a.input, a.output, scale);
        },
        [scale](auto &a) {
          EMBER_THNN(VolumetricUpSamplingNearest_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                                     scale);
        });
  return thnn::apply(
      {"SpatialUpSamplingNearest", input},
      [scale](auto &a) { EMBER_THNN(SpatialUpSamplingNearest_updateOutput, a)(a.state, a.input, a.output, scale); },
      [scale](auto &a) {
        EMBER_THNN(SpatialUpSamplingNearest_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, scale);
      });
}

Tensor bilinear(const Tensor &input, int oh, int ow) {
  int n = (int)input.size(0), c = (int)input.size(1), ih = (int)input.size(2), iw = (int)input.size(3);
  return thnn::apply(
      {"SpatialUpSamplingBilinear", input},
      [=](auto &a) { EMBER_THNN(SpatialUpSamplingBilinear_updateOutput, a)(a.state, a.input, a.output, oh, ow); },
      [=](auto &a) {
        EMBER_THNN(SpatialUpSamplingBilinear_updateGradInput, a)(a.state, a.grad_output, a.grad_input, n, c, ih, iw,
                                                                 oh, ow);
      });
}

Tensor trilinear(const Tensor &input, int od, int oh, int ow) {
  int n = (int)input.size(0), c = (int)input.size(1), id = (int)input.size(2), ih = (int)input.size(3),
      iw = (int)input.size(4);
  return thnn::apply(
      {"VolumetricUpSamplingTrilinear", input},
      [=](auto &a) {
        EMBER_THNN(VolumetricUpSamplingTrilinear_updateOutput, a)(a.state, a.input, a.output, od, oh, ow);
      },
      [=](auto &a) {
        EMBER_THNN(VolumetricUpSamplingTrilinear_updateGradInput, a)(a.state, a.grad_output, a.grad_input, n, c, id,
                                                                     ih, iw, od, oh, ow);
      });
}
// Linear interpolation along dimension d to `out` elements with PyTorch's align_corners=false
// rule: output o reads source (o + 0.5) * step - 0.5 (clamped at 0), between its two neighbours.
// step is in / out for a given size, 1 / scale_factor for a given factor (as PyTorch computes it).
Tensor linear_along(const Tensor &x, long d, long out, double step) {
  long in = x.size(d);
  std::vector<long> lo((size_t)out), hi((size_t)out);
  std::vector<double> w_hi((size_t)out);
  for (long o = 0; o < out; o++) {
    double src = std::max((o + 0.5) * step - 0.5, 0.0);
    long i = std::min((long)src, in - 1);
    lo[(size_t)o] = i;
    hi[(size_t)o] = std::min(i + 1, in - 1);
    w_hi[(size_t)o] = src - (double)i;
  }
  Shape wshape((size_t)(x.dim() - d), 1);  // [out, 1, ...]: broadcast over the dimensions after d
  wshape[0] = out;
  Tensor w = from_vector(w_hi, wshape).to(x.dtype()).to(x.device());
  Tensor a = x.index_select(d, from_vector(lo).to(x.device())), b = x.index_select(d, from_vector(hi).to(x.device()));
  return a + (b - a) * w;
}
}  // namespace

Tensor functional::interpolate(const Tensor &input, const InterpolateOptions &o) {
  const std::string fn = "interpolate";
  check_dims(input, fn, "input", 3, 5);
  long spatial = input.dim() - 2;
  InterpolateMode mode = o.mode();
  long wanted = mode == kLinear ? 1 : mode == kBilinear ? 2 : mode == kTrilinear ? 3 : spatial;
  if (wanted != spatial)
    fail(fn + ": mode " + mode_name(mode) + " takes a " + std::to_string(wanted + 2) + "-D input, got size " +
         shape_str(input.sizes()));
  if (o.size().empty() == o.scale_factor().empty()) fail(fn + ": give exactly one of size and scale_factor");
  size_t given = o.size().empty() ? o.scale_factor().size() : o.size().size();
  if (given != 1 && given != (size_t)spatial)
    fail(fn + ": size or scale_factor must have 1 or " + std::to_string(spatial) + " entries, got " +
         std::to_string(given));
  std::vector<long> out;
  for (long d = 0; d < spatial; d++) {
    size_t i = given == 1 ? 0 : (size_t)d;
    long in = input.size(d + 2);
    out.push_back(o.size().empty() ? (long)std::floor(in * o.scale_factor()[i]) : o.size()[i]);
    if (out.back() < 1) fail(fn + ": output size must be positive, got " + std::to_string(out.back()));
  }
  if (mode == kNearest) {
    if (o.align_corners()) fail(fn + ": align_corners applies to the linear modes only, not nearest");
    long scale = out[0] / input.size(2);
    for (long d = 0; d < spatial; d++)
      if (out[(size_t)d] != input.size(d + 2) * scale || scale < 1)
        fail(fn + ": nearest mode needs one integer scale factor for every dimension (THNN's kernels), got size " +
             shape_str(input.sizes()) + " to " + shape_str(Shape(out.begin(), out.end())));
    int s = to_int(scale, fn, "scale factor");
    if (spatial == 1) return nearest(input.unsqueeze(-2), s).narrow(-2, 0, 1).squeeze(-2);
    return nearest(input, s);
  }
  if (!o.align_corners().value_or(false)) {  // linear interpolation is separable: one dimension at a time
    Tensor y = input;
    for (long d = 0; d < spatial; d++) {
      long in = input.size(d + 2);
      size_t i = given == 1 ? 0 : (size_t)d;
      double step = o.size().empty() ? 1 / o.scale_factor()[i] : (double)in / (double)out[(size_t)d];
      y = linear_along(y, d + 2, out[(size_t)d], step);
    }
    return y;
  }
  if (spatial == 1) return bilinear(input.unsqueeze(-2), 1, to_int(out[0], fn, "size")).squeeze(-2);
  if (spatial == 2) return bilinear(input, to_int(out[0], fn, "size"), to_int(out[1], fn, "size"));
  return trilinear(input, to_int(out[0], fn, "size"), to_int(out[1], fn, "size"), to_int(out[2], fn, "size"));
}

UpsampleImpl::UpsampleImpl(const UpsampleOptions &o) : Module("Upsample"), options(o) {
  if (o.size().empty() == o.scale_factor().empty()) fail("Upsample: give exactly one of size and scale_factor");
}

Tensor UpsampleImpl::forward(const Tensor &input) { return functional::interpolate(input, options); }

void UpsampleImpl::pretty_print(std::ostream &os) const {
  os << "Upsample(";
  auto list = [&](const auto &v) {
    if (v.size() == 1) return void(os << v[0]);
    os << "(";
    for (size_t i = 0; i < v.size(); i++) os << (i ? ", " : "") << v[i];
    os << ")";
  };
  if (!options.size().empty()) os << "size=", list(options.size());
  else os << "scale_factor=", list(options.scale_factor());
  os << ", mode=" << mode_name(options.mode()) << ")";
}

}  // namespace ember::nn
