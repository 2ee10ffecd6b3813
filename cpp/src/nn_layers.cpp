// The layer modules (the recurrent ones are in nn_rnn.cpp): parameters, initialisation, printing;
// the computation is nn::functional's.
#include <ember/nn/init.hpp>
#include <ember/nn/layers.hpp>

#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

namespace F = functional;
using ember::detail::fail;

namespace {
std::ostream &operator<<(std::ostream &os, const Size2 &s) {
  if (s.h == s.w) return os << s.h;
  return os << "(" << s.h << ", " << s.w << ")";
}
const char *boolean(bool b) { return b ? "true" : "false"; }

void check_positive(long v, const std::string &module, const char *what) {
  if (v <= 0) fail(module + ": " + what + " must be positive, got " + std::to_string(v));
}
}  // namespace

// ------------------------------------------------------------------------------------ Linear
LinearImpl::LinearImpl(long in, long out, bool with_bias) : Module("Linear"), in_features(in), out_features(out) {
  check_positive(in, "Linear", "in_features");
  check_positive(out, "Linear", "out_features");
  weight = empty({out, in});
  if (with_bias) bias = empty({out});
  reset_parameters();
  register_parameter("weight", &weight);
  register_parameter("bias", &bias);
}

void LinearImpl::reset_parameters() {
  init::kaiming_uniform_(weight, std::sqrt(5.0));
  if (bias.defined()) init::uniform_(bias, -1 / std::sqrt((double)in_features), 1 / std::sqrt((double)in_features));
}

Tensor LinearImpl::forward(const Tensor &input) { return F::linear(input, weight, bias); }

void LinearImpl::pretty_print(std::ostream &os) const {
  os << "Linear(in_features=" << in_features << ", out_features=" << out_features
     << ", bias=" << boolean(bias.defined()) << ")";
}

// ------------------------------------------------------------------------------------ convolutions
namespace {
// PyTorch's conv initialisation: weight kaiming_uniform_(a = sqrt(5)), bias U(+-1/sqrt(fan_in)) with
// fan_in from the weight (for a transposed convolution, out/groups x kH x kW: PyTorch's choice).
void reset_conv(Tensor &weight, Tensor &bias) {
  init::kaiming_uniform_(weight, std::sqrt(5.0));
  if (bias.defined()) {
    double bound = 1 / std::sqrt((double)init::calculate_fan_in_and_fan_out(weight).first);
    init::uniform_(bias, -bound, bound);
  }
}

void print_conv(std::ostream &os, const char *name, const Conv2dOptions &o, bool output_padding) {
  os << name << "(" << o.in_channels() << ", " << o.out_channels() << ", kernel_size=" << o.kernel_size()
     << ", stride=" << o.stride();
  if (!(o.padding() == Size2(0))) os << ", padding=" << o.padding();
  if (output_padding && !(o.output_padding() == Size2(0))) os << ", output_padding=" << o.output_padding();
  if (!o.bias()) os << ", bias=false";
  os << ")";
}

void check_conv(const Conv2dOptions &o, const char *name) {
  check_positive(o.in_channels(), name, "in_channels");
  check_positive(o.out_channels(), name, "out_channels");
  check_positive(o.kernel_size().h, name, "kernel height");
  check_positive(o.kernel_size().w, name, "kernel width");
}
}  // namespace

Conv2dImpl::Conv2dImpl(const Conv2dOptions &o) : Module("Conv2d"), options(o) {
  check_conv(o, "Conv2d");
  weight = empty({o.out_channels(), o.in_channels(), o.kernel_size().h, o.kernel_size().w});
  if (o.bias()) bias = empty({o.out_channels()});
  reset_parameters();
  register_parameter("weight", &weight);
  register_parameter("bias", &bias);
}

void Conv2dImpl::reset_parameters() { reset_conv(weight, bias); }

Tensor Conv2dImpl::forward(const Tensor &input) {
  internal::check_arg(input, "Conv2d", "input");
  Tensor finput = internal::reusable(scratch_, input.dtype());
  Tensor fgrad_input = internal::reusable(scratch_, input.dtype());
  return internal::conv2d(input, weight, bias, options.stride(), options.padding(), finput, fgrad_input);
}

void Conv2dImpl::pretty_print(std::ostream &os) const { print_conv(os, "Conv2d", options, false); }

ConvTranspose2dImpl::ConvTranspose2dImpl(const ConvTranspose2dOptions &o) : Module("ConvTranspose2d"), options(o) {
  check_conv(o, "ConvTranspose2d");
  weight = empty({o.in_channels(), o.out_channels(), o.kernel_size().h, o.kernel_size().w});
  if (o.bias()) bias = empty({o.out_channels()});
  reset_parameters();
  register_parameter("weight", &weight);
  register_parameter("bias", &bias);
}

void ConvTranspose2dImpl::reset_parameters() { reset_conv(weight, bias); }

Tensor ConvTranspose2dImpl::forward(const Tensor &input) {
  return F::conv_transpose2d(input, weight, bias, options.stride(), options.padding(), options.output_padding());
}

void ConvTranspose2dImpl::pretty_print(std::ostream &os) const { print_conv(os, "ConvTranspose2d", options, true); }

// ------------------------------------------------------------------------------------ pooling
MaxPool2dImpl::MaxPool2dImpl(Size2 k, Size2 s, Size2 p, bool ceil)
    : Module("MaxPool2d"), kernel_size(k), stride(s == Size2(0) ? k : s), padding(p), ceil_mode(ceil) {}

Tensor MaxPool2dImpl::forward(const Tensor &input) {
  return internal::max_pool2d(input, kernel_size, stride, padding, ceil_mode, internal::reusable(indices_));
}

void MaxPool2dImpl::pretty_print(std::ostream &os) const {
  os << "MaxPool2d(kernel_size=" << kernel_size << ", stride=" << stride << ", padding=" << padding
     << ", ceil_mode=" << boolean(ceil_mode) << ")";
}

AvgPool2dImpl::AvgPool2dImpl(Size2 k, Size2 s, Size2 p, bool ceil, bool include_pad)
    : Module("AvgPool2d"), kernel_size(k), stride(s == Size2(0) ? k : s), padding(p), ceil_mode(ceil),
      count_include_pad(include_pad) {}

Tensor AvgPool2dImpl::forward(const Tensor &input) {
  return F::avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad);
}

void AvgPool2dImpl::pretty_print(std::ostream &os) const {
  os << "AvgPool2d(kernel_size=" << kernel_size << ", stride=" << stride << ", padding=" << padding
     << ", ceil_mode=" << boolean(ceil_mode) << ", count_include_pad=" << boolean(count_include_pad) << ")";
}

AdaptiveAvgPool2dImpl::AdaptiveAvgPool2dImpl(Size2 size) : Module("AdaptiveAvgPool2d"), output_size(size) {}

Tensor AdaptiveAvgPool2dImpl::forward(const Tensor &input) { return F::adaptive_avg_pool2d(input, output_size); }

void AdaptiveAvgPool2dImpl::pretty_print(std::ostream &os) const {
  os << "AdaptiveAvgPool2d(output_size=" << output_size << ")";
}

// ------------------------------------------------------------------------------------ BatchNorm
BatchNormImplBase::BatchNormImplBase(const char *type_name, long lo_dims, long hi_dims, long n, double eps_, double momentum_,
                     bool affine_)
    : Module(type_name), num_features(n), eps(eps_), momentum(momentum_), affine(affine_), lo_dims_(lo_dims),
      hi_dims_(hi_dims) {
  check_positive(n, type_name, "num_features");
  if (affine) {
    weight = empty({n});
    bias = empty({n});
  }
  running_mean = empty({n});
  running_var = empty({n});
  num_batches_tracked = empty({1});
  reset_parameters();
  register_parameter("weight", &weight);
  register_parameter("bias", &bias);
  register_buffer("running_mean", &running_mean);
  register_buffer("running_var", &running_var);
  register_buffer("num_batches_tracked", &num_batches_tracked);
}

void BatchNormImplBase::reset_parameters() {
  NoGradGuard no_grad;
  if (affine) {
    weight.fill_(1);
    bias.zero_();
  }
  running_mean.zero_();
  running_var.fill_(1);
  num_batches_tracked.zero_();
}

Tensor BatchNormImplBase::forward(const Tensor &input) {
  internal::check_dims(input, type_name(), "input", lo_dims_, hi_dims_);
  if (input.size(1) != num_features)
    fail(type_name() + ": expected " + std::to_string(num_features) + " channels (dimension 1), got input of size " +
         shape_str(input.sizes()));
  Tensor y = F::batch_norm(input, running_mean, running_var, weight, bias, is_training(), momentum, eps);
  if (is_training()) {
    NoGradGuard no_grad;
    num_batches_tracked.add_(1);
  }
  return y;
}

void BatchNormImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "(" << num_features << ", eps=" << eps << ", momentum=" << momentum
     << ", affine=" << boolean(affine) << ")";
}

// ------------------------------------------------------------------------------------ Dropout
DropoutImpl::DropoutImpl(double p_) : Module("Dropout"), p(p_) {
  if (!(p >= 0 && p <= 1)) fail("Dropout: p must be in [0, 1], got " + std::to_string(p));
}

Tensor DropoutImpl::forward(const Tensor &input) { return F::dropout(input, p, is_training()); }

void DropoutImpl::pretty_print(std::ostream &os) const { os << "Dropout(p=" << p << ")"; }

// ------------------------------------------------------------------------------------ Embedding
EmbeddingImpl::EmbeddingImpl(long num, long dim, std::optional<long> pad)
    : Module("Embedding"), num_embeddings(num), embedding_dim(dim),
      padding_idx(pad && *pad < 0 ? std::optional<long>(*pad + num) : pad) {
  check_positive(num, "Embedding", "num_embeddings");
  check_positive(dim, "Embedding", "embedding_dim");
  if (padding_idx && (*padding_idx < 0 || *padding_idx >= num))
    fail("Embedding: padding_idx " + std::to_string(*pad) + " is out of range for " + std::to_string(num) + " rows");
  weight = empty({num, dim});
  reset_parameters();
  register_parameter("weight", &weight);
}

void EmbeddingImpl::reset_parameters() {
  init::normal_(weight);
  if (padding_idx) {
    NoGradGuard no_grad;
    weight.select(0, *padding_idx).zero_();
  }
}

Tensor EmbeddingImpl::forward(const Tensor &ids) { return F::embedding(ids, weight, padding_idx); }

void EmbeddingImpl::pretty_print(std::ostream &os) const {
  os << "Embedding(" << num_embeddings << ", " << embedding_dim;
  if (padding_idx) os << ", padding_idx=" << *padding_idx;
  os << ")";
}

// ------------------------------------------------------------------------------------ shapes, activations
FlattenImpl::FlattenImpl(long start, long end) : Module("Flatten"), start_dim(start), end_dim(end) {}

Tensor FlattenImpl::forward(const Tensor &input) { return input.flatten(start_dim, end_dim); }

void FlattenImpl::pretty_print(std::ostream &os) const {
  os << "Flatten(start_dim=" << start_dim << ", end_dim=" << end_dim << ")";
}

Tensor ReLUImpl::forward(const Tensor &input) { return F::relu(input); }
Tensor TanhImpl::forward(const Tensor &input) { return F::tanh(input); }
Tensor SigmoidImpl::forward(const Tensor &input) { return F::sigmoid(input); }

Tensor LeakyReLUImpl::forward(const Tensor &input) { return F::leaky_relu(input, negative_slope); }
void LeakyReLUImpl::pretty_print(std::ostream &os) const { os << "LeakyReLU(negative_slope=" << negative_slope << ")"; }

Tensor ELUImpl::forward(const Tensor &input) { return F::elu(input, alpha); }
void ELUImpl::pretty_print(std::ostream &os) const { os << "ELU(alpha=" << alpha << ")"; }

Tensor SoftplusImpl::forward(const Tensor &input) { return F::softplus(input, beta, threshold); }
void SoftplusImpl::pretty_print(std::ostream &os) const {
  os << "Softplus(beta=" << beta << ", threshold=" << threshold << ")";
}

Tensor LogSoftmaxImpl::forward(const Tensor &input) { return F::log_softmax(input, dim); }
void LogSoftmaxImpl::pretty_print(std::ostream &os) const { os << "LogSoftmax(dim=" << dim << ")"; }

Tensor SoftmaxImpl::forward(const Tensor &input) { return F::softmax(input, dim); }
void SoftmaxImpl::pretty_print(std::ostream &os) const { os << "Softmax(dim=" << dim << ")"; }

}  // namespace ember::nn
