#pragma once
// The layers: modules holding parameters and buffers (registered by address, so `conv->weight` is
// always the live parameter) and calling nn::functional. Constructors initialise the parameters as
// PyTorch 1.13 does (nn/init.hpp), with the global generator (ember::manual_seed). Parameter and
// buffer names are PyTorch's, so a PyTorch state_dict loads by name.
#include <ember/nn/functional.hpp>
#include <ember/nn/containers.hpp>

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace ember::nn {
namespace internal {
class Index;  // cpp/src/nn_internal.hpp: an index tensor on the CPU or CUDA
}

// y = x W^T + b: weight [out x in], bias [out].
class LinearImpl : public Module {
 public:
  LinearImpl(long in_features, long out_features, bool bias = true);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const long in_features, out_features;
};
EMBER_MODULE(Linear);

#define EMBER_NN_OPTION(TYPE, NAME)           \
  auto &NAME(TYPE value) {                    \
    NAME##_ = std::move(value);               \
    return *this;                             \
  }                                           \
  const TYPE &NAME() const { return NAME##_; }

struct Conv2dOptions {
  Conv2dOptions(long in_channels, long out_channels, Size2 kernel_size)
      : in_channels_(in_channels), out_channels_(out_channels), kernel_size_(kernel_size) {}
  EMBER_NN_OPTION(long, in_channels)
  EMBER_NN_OPTION(long, out_channels)
  EMBER_NN_OPTION(Size2, kernel_size)
  EMBER_NN_OPTION(Size2, stride)
  EMBER_NN_OPTION(Size2, padding)
  EMBER_NN_OPTION(Size2, output_padding)  // ConvTranspose2d only
  EMBER_NN_OPTION(bool, bias)

 private:
  long in_channels_, out_channels_;
  Size2 kernel_size_, stride_ = 1, padding_ = 0, output_padding_ = 0;
  bool bias_ = true;
};
using ConvTranspose2dOptions = Conv2dOptions;

// weight [out x in x kH x kW], bias [out].
class Conv2dImpl : public Module {
 public:
  explicit Conv2dImpl(const Conv2dOptions &options);
  Conv2dImpl(long in_channels, long out_channels, Size2 kernel_size) : Conv2dImpl(Conv2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const Conv2dOptions options;

 private:
  std::vector<Tensor> scratch_;  // finput / fgradInput buffers, reused once their graph is released
};
EMBER_MODULE(Conv2d);

// weight [in x out x kH x kW], bias [out].
class ConvTranspose2dImpl : public Module {
 public:
  explicit ConvTranspose2dImpl(const ConvTranspose2dOptions &options);
  ConvTranspose2dImpl(long in_channels, long out_channels, Size2 kernel_size)
      : ConvTranspose2dImpl(ConvTranspose2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const ConvTranspose2dOptions options;
};
EMBER_MODULE(ConvTranspose2d);

// stride 0 (the default) means stride = kernel_size.
class MaxPool2dImpl : public Module {
 public:
  MaxPool2dImpl(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size, stride, padding;
  const bool ceil_mode;

 private:
  std::vector<std::shared_ptr<internal::Index>> indices_;  // reused once their graph is released
};
EMBER_MODULE(MaxPool2d);

class AvgPool2dImpl : public Module {
 public:
  AvgPool2dImpl(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false,
            bool count_include_pad = true);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size, stride, padding;
  const bool ceil_mode, count_include_pad;
};
EMBER_MODULE(AvgPool2d);

class AdaptiveAvgPool2dImpl : public Module {
 public:
  explicit AdaptiveAvgPool2dImpl(Size2 output_size);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 output_size;
};
EMBER_MODULE(AdaptiveAvgPool2d);

// Batch normalisation over the channels (dimension 1): weight (1s), bias (0s), buffers running_mean
// (0s), running_var (1s) and num_batches_tracked (a count, size {1}). Training normalises with the
// batch statistics and updates the running ones by momentum; evaluation uses the running ones.
class BatchNormImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias, running_mean, running_var, num_batches_tracked;
  const long num_features;
  const double eps, momentum;
  const bool affine;

 protected:
  BatchNormImplBase(const char *type_name, long lo_dims, long hi_dims, long num_features, double eps, double momentum,
            bool affine);

 private:
  const long lo_dims_, hi_dims_;  // the input dimensions accepted
};
// [N x C] or [N x C x L].
class BatchNorm1dImpl : public BatchNormImplBase {
 public:
  explicit BatchNorm1dImpl(long num_features, double eps = 1e-5, double momentum = 0.1, bool affine = true)
      : BatchNormImplBase("BatchNorm1d", 2, 3, num_features, eps, momentum, affine) {}
};
EMBER_MODULE(BatchNorm1d);
// [N x C x H x W].
class BatchNorm2dImpl : public BatchNormImplBase {
 public:
  explicit BatchNorm2dImpl(long num_features, double eps = 1e-5, double momentum = 0.1, bool affine = true)
      : BatchNormImplBase("BatchNorm2d", 4, 4, num_features, eps, momentum, affine) {}
};
EMBER_MODULE(BatchNorm2d);

class DropoutImpl : public Module {
 public:
  explicit DropoutImpl(double p = 0.5);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double p;
};
EMBER_MODULE(Dropout);

// weight [num_embeddings x embedding_dim], N(0, 1) (the padding row zeroed); forward takes ids (a
// Float or Double tensor of 0-based integers, any shape) and gives ids' shape + [embedding_dim].
class EmbeddingImpl : public Module {
 public:
  EmbeddingImpl(long num_embeddings, long embedding_dim, std::optional<long> padding_idx = std::nullopt);
  Tensor forward(const Tensor &ids) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight;
  const long num_embeddings, embedding_dim;
  const std::optional<long> padding_idx;
};
EMBER_MODULE(Embedding);

class FlattenImpl : public Module {
 public:
  explicit FlattenImpl(long start_dim = 1, long end_dim = -1);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long start_dim, end_dim;
};
EMBER_MODULE(Flatten);

class ReLUImpl : public Module {
 public:
  ReLUImpl() : Module("ReLU") {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(ReLU);

class LeakyReLUImpl : public Module {
 public:
  explicit LeakyReLUImpl(double negative_slope = 0.01) : Module("LeakyReLU"), negative_slope(negative_slope) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double negative_slope;
};
EMBER_MODULE(LeakyReLU);

class ELUImpl : public Module {
 public:
  explicit ELUImpl(double alpha = 1) : Module("ELU"), alpha(alpha) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double alpha;
};
EMBER_MODULE(ELU);

class TanhImpl : public Module {
 public:
  TanhImpl() : Module("Tanh") {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Tanh);

class SigmoidImpl : public Module {
 public:
  SigmoidImpl() : Module("Sigmoid") {}
  Tensor forward(const Tensor &input) override;
};
EMBER_MODULE(Sigmoid);

class SoftplusImpl : public Module {
 public:
  explicit SoftplusImpl(double beta = 1, double threshold = 20) : Module("Softplus"), beta(beta), threshold(threshold) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double beta, threshold;
};
EMBER_MODULE(Softplus);

class LogSoftmaxImpl : public Module {
 public:
  explicit LogSoftmaxImpl(long dim) : Module("LogSoftmax"), dim(dim) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long dim;
};
EMBER_MODULE(LogSoftmax);

class SoftmaxImpl : public Module {
 public:
  explicit SoftmaxImpl(long dim) : Module("Softmax"), dim(dim) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long dim;
};
EMBER_MODULE(Softmax);

// Multi-layer LSTM and GRU over [T x B x F] sequences (batch_first = false, as PyTorch), or one
// unbatched sequence [T x F]. Parameters per layer k: weight_ih_lk [G*H x in], weight_hh_lk [G*H x H],
// bias_ih_lk, bias_hh_lk [G*H] (G = 4 for LSTM, 3 for GRU), all U(-1/sqrt(H), 1/sqrt(H)). dropout
// applies to the outputs of every layer but the last, in training mode.
struct RNNOptions {
  RNNOptions(long input_size, long hidden_size) : input_size_(input_size), hidden_size_(hidden_size) {}
  EMBER_NN_OPTION(long, input_size)
  EMBER_NN_OPTION(long, hidden_size)
  EMBER_NN_OPTION(long, num_layers)
  EMBER_NN_OPTION(bool, bias)
  EMBER_NN_OPTION(double, dropout)

 private:
  long input_size_, hidden_size_, num_layers_ = 1;
  bool bias_ = true;
  double dropout_ = 0;
};
using LSTMOptions = RNNOptions;
using GRUOptions = RNNOptions;

class RNNImplBase : public Module {
 public:
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  // [weight_ih, weight_hh, bias_ih, bias_hh] of each layer (biases undefined without bias).
  std::vector<std::vector<Tensor>> all_weights;
  const RNNOptions options;

 protected:
  RNNImplBase(const char *type_name, long gates, const RNNOptions &options);
  // The sequence as [T x B x F] (unbatched input gets B = 1) and the initial state of every layer
  // ([L x B x H], zeros when undefined), after checking them.
  struct Prepared {
    Tensor input;
    bool unbatched;
  };
  Prepared prepare(const Tensor &input) const;
  Tensor initial_state(const Tensor &given, const Prepared &p, const char *name) const;
  Tensor between_layers(const Tensor &output, long layer) const;  // dropout
};

class LSTMImpl : public RNNImplBase {
 public:
  LSTMImpl(long input_size, long hidden_size, long num_layers = 1) : LSTMImpl(LSTMOptions(input_size, hidden_size).num_layers(num_layers)) {}
  explicit LSTMImpl(const LSTMOptions &options) : RNNImplBase("LSTM", 4, options) {}
  Tensor forward(const Tensor &input) override;  // the output sequence
  // {output [T x B x H], {h_n, c_n} [L x B x H]} from the initial {h_0, c_0} (zeros when undefined).
  std::tuple<Tensor, std::tuple<Tensor, Tensor>> forward_with_state(const Tensor &input,
                                                                    const std::tuple<Tensor, Tensor> &hx = {});
};
EMBER_MODULE(LSTM);

class GRUImpl : public RNNImplBase {
 public:
  GRUImpl(long input_size, long hidden_size, long num_layers = 1) : GRUImpl(GRUOptions(input_size, hidden_size).num_layers(num_layers)) {}
  explicit GRUImpl(const GRUOptions &options) : RNNImplBase("GRU", 3, options) {}
  Tensor forward(const Tensor &input) override;
  // {output [T x B x H], h_n [L x B x H]} from h_0 (zeros when undefined).
  std::tuple<Tensor, Tensor> forward_with_state(const Tensor &input, const Tensor &h0 = {});
};
EMBER_MODULE(GRU);

#undef EMBER_NN_OPTION

}  // namespace ember::nn
