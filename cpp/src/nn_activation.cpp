// The activations: each one THNN kernel pair behind thnn::apply (relu, tanh and sigmoid are Tensor's
// methods, tensor_math.cpp), and their modules.
#include <ember/nn/activation.hpp>

#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using ember::detail::make_empty;
using ember::detail::wrap_dim;
using namespace internal;

namespace functional {

Tensor relu(const Tensor &input) { return input.relu(); }
Tensor tanh(const Tensor &input) { return input.tanh(); }
Tensor sigmoid(const Tensor &input) { return input.sigmoid(); }

Tensor threshold(const Tensor &input, double threshold, double value) {
  return thnn::apply(
      {"Threshold", input},
      [threshold, value](auto &a) {
        EMBER_THNN(Threshold_updateOutput, a)(a.state, a.input, a.output, threshold, value, false);
      },
      [threshold, value](auto &a) {
        EMBER_THNN(Threshold_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, threshold, value,
                                                 false);
      });
}

Tensor hardtanh(const Tensor &input, double min_val, double max_val) {
  if (!(min_val < max_val))
    fail("hardtanh: min_val " + std::to_string(min_val) + " must be less than max_val " + std::to_string(max_val));
  return thnn::apply(
      {"Hardtanh", input},
      [min_val, max_val](auto &a) {
        EMBER_THNN(HardTanh_updateOutput, a)(a.state, a.input, a.output, min_val, max_val, false);
      },
      [min_val, max_val](auto &a) {
        EMBER_THNN(HardTanh_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, min_val, max_val,
                                                false);
      });
}

Tensor relu6(const Tensor &input) { return hardtanh(input, 0, 6); }

Tensor leaky_relu(const Tensor &input, double negative_slope) {
  return thnn::apply(
      {"LeakyReLU", input},
      [negative_slope](auto &a) {
        EMBER_THNN(LeakyReLU_updateOutput, a)(a.state, a.input, a.output, negative_slope, false);
      },
      [negative_slope](auto &a) {
        EMBER_THNN(LeakyReLU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, negative_slope,
                                                 false);
      });
}

Tensor prelu(const Tensor &input, const Tensor &weight) {
  check_arg(input, "prelu", "input");
  check_dims(weight, "prelu", "weight", 1, 1);
  check_dtype(weight, input, "prelu", "weight");
  long planes = weight.numel() == 1 ? 0 : weight.numel();  // THNN: 0 means one shared slope
  // THNN reads a 3-D input as one sample [C x H x W]; PyTorch's channels of [N x C x L] are dimension 1.
  if (planes && input.dim() == 3) return prelu(input.unsqueeze(3), weight).squeeze(3);
  return thnn::apply(
      {"PReLU", input, {weight}},
      [planes](auto &a) { EMBER_THNN(PReLU_updateOutput, a)(a.state, a.input, a.output, a.params[0], planes); },
      [planes](auto &a) {
        EMBER_THNN(PReLU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0], planes);
      },
      [planes](auto &a) {
        EMBER_THNN(PReLU_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0],
                                               a.grad_params[0], nullptr, nullptr, planes, a.scale);
      });
}

Tensor rrelu(const Tensor &input, double lower, double upper, bool training) {
  if (!(lower >= 0 && lower <= upper))
    fail("rrelu: expected 0 <= lower <= upper, got lower " + std::to_string(lower) + " and upper " +
         std::to_string(upper));
  check_arg(input, "rrelu", "input");
  // noise: the slope drawn for each element, from the forward pass to its backward. The CUDA kernel
  // draws with libTHC's generator and ignores the CPU one passed here.
  return thnn::apply(
      {"RReLU", input, {}, {make_empty(input.options())}},
      [lower, upper, training](auto &a) {
        EMBER_THNN(RReLU_updateOutput, a)(a.state, a.input, a.output, a.buffers[0], lower, upper, training, false,
                                          default_generator());
      },
      [lower, upper, training](auto &a) {
        EMBER_THNN(RReLU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.buffers[0], lower,
                                             upper, training, false);
      });
}

Tensor elu(const Tensor &input, double alpha) {
  return thnn::apply(
      {"ELU", input, {}, {}, /*save_output=*/true},
      [alpha](auto &a) { EMBER_THNN(ELU_updateOutput, a)(a.state, a.input, a.output, alpha, false); },
      [alpha](auto &a) {
        EMBER_THNN(ELU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output, alpha, false);
      });
}

Tensor softplus(const Tensor &input, double beta, double threshold) {
  return thnn::apply(
      {"SoftPlus", input, {}, {}, /*save_output=*/true},
      [beta, threshold](auto &a) { EMBER_THNN(SoftPlus_updateOutput, a)(a.state, a.input, a.output, beta, threshold); },
      [beta, threshold](auto &a) {
        EMBER_THNN(SoftPlus_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output, beta,
                                                threshold);
      });
}

Tensor hardshrink(const Tensor &input, double lambda) {
  check_arg(input, "hardshrink", "input");
  if (input.is_cuda()) {  // THCUNN has no HardShrink: x times the constant mask |x| > lambda
    Tensor keep;
    {
      NoGradGuard no_grad;
      keep = input.abs().gt(lambda);
    }
    return input * keep;
  }
  return thnn::apply(
      {"Hardshrink", input},
      thnn::cpu_only("HardShrink", [lambda](auto &a) {
        EMBER_THNN(HardShrink_updateOutput, a)(a.state, a.input, a.output, lambda);
      }),
      thnn::cpu_only("HardShrink", [lambda](auto &a) {
        EMBER_THNN(HardShrink_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, lambda);
      }));
}

Tensor softshrink(const Tensor &input, double lambda) {
  if (!(lambda >= 0)) fail("softshrink: lambda must be >= 0, got " + std::to_string(lambda));
  return thnn::apply(
      {"Softshrink", input},
      [lambda](auto &a) { EMBER_THNN(SoftShrink_updateOutput, a)(a.state, a.input, a.output, lambda); },
      [lambda](auto &a) {
        EMBER_THNN(SoftShrink_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, lambda);
      });
}

Tensor logsigmoid(const Tensor &input) {
  return thnn::apply(
      {"LogSigmoid", input, {}, {make_empty(input.options())}},
      [](auto &a) { EMBER_THNN(LogSigmoid_updateOutput, a)(a.state, a.input, a.output, a.buffers[0]); },
      [](auto &a) {
        EMBER_THNN(LogSigmoid_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.buffers[0]);
      });
}

Tensor glu(const Tensor &input, long dim) {
  check_arg(input, "glu", "input");
  int d = to_int(wrap_dim(dim, input.dim(), "glu") + 1, "glu", "dim");  // THNN's dim is 1-based
  return thnn::apply(
      {"GLU", input},
      [d](auto &a) { EMBER_THNN(GatedLinear_updateOutput, a)(a.state, a.input, a.output, d); },
      [d](auto &a) { EMBER_THNN(GatedLinear_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, d); });
}

// The kernels whose gradient is a function of their output: (input, gradOutput, gradInput, output).
#define EMBER_NN_OUTPUT_GRAD_MODULE(FN, NAME)                                                                  \
  Tensor FN(const Tensor &input) {                                                                            \
    return thnn::apply(                                                                                       \
        {#NAME, input, {}, {}, /*save_output=*/true},                                                         \
        [](auto &a) { EMBER_THNN(NAME##_updateOutput, a)(a.state, a.input, a.output); },                      \
        [](auto &a) {                                                                                         \
          EMBER_THNN(NAME##_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output);     \
        });                                                                                                   \
  }
namespace {
EMBER_NN_OUTPUT_GRAD_MODULE(log_softmax_rows, LogSoftMax)
EMBER_NN_OUTPUT_GRAD_MODULE(softmax_rows, SoftMax)
}  // namespace
#undef EMBER_NN_OUTPUT_GRAD_MODULE

namespace {
// THNN's (Log)SoftMax normalises 1-D over dimension 0, 2-D over 1, 3-D over 0 and 4-D over 1; any
// other dimension is moved last and the tensor seen as rows.
Tensor softmax_along(const Tensor &input, long dim, const char *fn, Tensor (*rows)(const Tensor &)) {
  check_arg(input, fn, "input");
  long nd = input.dim();
  dim = wrap_dim(dim, nd, fn);
  if (input.is_cuda()) {
    // No THCUNN yet: exp(x - max) / sum, the max (a constant shift) taken without history.
    Tensor shift;
    {
      NoGradGuard no_grad;
      shift = std::get<0>(input.max(dim, true));
    }
    Tensor z = input - shift, e = z.exp(), sum = e.sum(dim, true);
    return std::string(fn) == "softmax" ? e / sum : z - sum.log();
  }
  if ((nd == 1 || nd == 3) ? dim == 0 : (nd == 2 || nd == 4) && dim == 1) return rows(input);
  Tensor moved = dim == nd - 1 ? input : input.transpose(dim, nd - 1);
  Tensor y = rows(moved.reshape({-1, input.size(dim)})).view(moved.sizes());
  return dim == nd - 1 ? y : y.transpose(dim, nd - 1);
}
}  // namespace

Tensor log_softmax(const Tensor &input, long dim) { return softmax_along(input, dim, "log_softmax", log_softmax_rows); }
Tensor softmax(const Tensor &input, long dim) { return softmax_along(input, dim, "softmax", softmax_rows); }

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
namespace F = functional;

Tensor ReLUImpl::forward(const Tensor &input) { return F::relu(input); }
Tensor ReLU6Impl::forward(const Tensor &input) { return F::relu6(input); }
Tensor TanhImpl::forward(const Tensor &input) { return F::tanh(input); }
Tensor SigmoidImpl::forward(const Tensor &input) { return F::sigmoid(input); }
Tensor LogSigmoidImpl::forward(const Tensor &input) { return F::logsigmoid(input); }

ThresholdImpl::ThresholdImpl(double threshold_, double value_) : Module("Threshold"), threshold(threshold_), value(value_) {}
Tensor ThresholdImpl::forward(const Tensor &input) { return F::threshold(input, threshold, value); }
void ThresholdImpl::pretty_print(std::ostream &os) const {
  os << "Threshold(threshold=" << threshold << ", value=" << value << ")";
}

HardtanhImpl::HardtanhImpl(double min_val_, double max_val_) : Module("Hardtanh"), min_val(min_val_), max_val(max_val_) {
  if (!(min_val < max_val))
    fail("Hardtanh: min_val " + std::to_string(min_val) + " must be less than max_val " + std::to_string(max_val));
}
Tensor HardtanhImpl::forward(const Tensor &input) { return F::hardtanh(input, min_val, max_val); }
void HardtanhImpl::pretty_print(std::ostream &os) const {
  os << "Hardtanh(min_val=" << min_val << ", max_val=" << max_val << ")";
}

Tensor LeakyReLUImpl::forward(const Tensor &input) { return F::leaky_relu(input, negative_slope); }
void LeakyReLUImpl::pretty_print(std::ostream &os) const { os << "LeakyReLU(negative_slope=" << negative_slope << ")"; }

PReLUImpl::PReLUImpl(long n, double init_) : Module("PReLU"), num_parameters(n), init(init_) {
  if (n <= 0) fail("PReLU: num_parameters must be positive, got " + std::to_string(n));
  weight = empty({n});
  reset_parameters();
  register_parameter("weight", &weight);
}
void PReLUImpl::reset_parameters() {
  NoGradGuard no_grad;
  weight.fill_(init);
}
Tensor PReLUImpl::forward(const Tensor &input) { return F::prelu(input, weight); }
void PReLUImpl::pretty_print(std::ostream &os) const { os << "PReLU(num_parameters=" << num_parameters << ")"; }

RReLUImpl::RReLUImpl(double lower_, double upper_) : Module("RReLU"), lower(lower_), upper(upper_) {
  if (!(lower >= 0 && lower <= upper))
    fail("RReLU: expected 0 <= lower <= upper, got lower " + std::to_string(lower) + " and upper " +
         std::to_string(upper));
}
Tensor RReLUImpl::forward(const Tensor &input) { return F::rrelu(input, lower, upper, is_training()); }
void RReLUImpl::pretty_print(std::ostream &os) const { os << "RReLU(lower=" << lower << ", upper=" << upper << ")"; }

Tensor ELUImpl::forward(const Tensor &input) { return F::elu(input, alpha); }
void ELUImpl::pretty_print(std::ostream &os) const { os << "ELU(alpha=" << alpha << ")"; }

Tensor SoftplusImpl::forward(const Tensor &input) { return F::softplus(input, beta, threshold); }
void SoftplusImpl::pretty_print(std::ostream &os) const {
  os << "Softplus(beta=" << beta << ", threshold=" << threshold << ")";
}

Tensor HardshrinkImpl::forward(const Tensor &input) { return F::hardshrink(input, lambda); }
void HardshrinkImpl::pretty_print(std::ostream &os) const { os << "Hardshrink(" << lambda << ")"; }

SoftshrinkImpl::SoftshrinkImpl(double lambda_) : Module("Softshrink"), lambda(lambda_) {
  if (!(lambda >= 0)) fail("Softshrink: lambda must be >= 0, got " + std::to_string(lambda));
}
Tensor SoftshrinkImpl::forward(const Tensor &input) { return F::softshrink(input, lambda); }
void SoftshrinkImpl::pretty_print(std::ostream &os) const { os << "Softshrink(" << lambda << ")"; }

Tensor GLUImpl::forward(const Tensor &input) { return F::glu(input, dim); }
void GLUImpl::pretty_print(std::ostream &os) const { os << "GLU(dim=" << dim << ")"; }

Tensor LogSoftmaxImpl::forward(const Tensor &input) { return F::log_softmax(input, dim); }
void LogSoftmaxImpl::pretty_print(std::ostream &os) const { os << "LogSoftmax(dim=" << dim << ")"; }

Tensor SoftmaxImpl::forward(const Tensor &input) { return F::softmax(input, dim); }
void SoftmaxImpl::pretty_print(std::ostream &os) const { os << "Softmax(dim=" << dim << ")"; }

}  // namespace ember::nn
