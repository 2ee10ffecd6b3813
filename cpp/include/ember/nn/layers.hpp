#pragma once
// The layers: modules holding parameters and buffers (registered by address, so `conv->weight` is
// always the live parameter) and calling nn::functional. Constructors initialise the parameters as
// PyTorch 1.13 does (nn/init.hpp), with the global generator (ember::manual_seed). Parameter and
// buffer names are PyTorch's, so a PyTorch state_dict loads by name.
#include <ember/nn/functional.hpp>
#include <ember/nn/module.hpp>

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace ember::nn {
namespace internal {
class Index;  // cpp/src/nn_internal.hpp: an index tensor on the CPU or CUDA
}

// y = x W^T + b: weight [out x in], bias [out].
class Linear : public Module {
 public:
  Linear(long in_features, long out_features, bool bias = true);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const long in_features, out_features;
};

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
class Conv2d : public Module {
 public:
  explicit Conv2d(const Conv2dOptions &options);
  Conv2d(long in_channels, long out_channels, Size2 kernel_size) : Conv2d(Conv2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const Conv2dOptions options;

 private:
  std::vector<Tensor> scratch_;  // finput / fgradInput buffers, reused once their graph is released
};

// weight [in x out x kH x kW], bias [out].
class ConvTranspose2d : public Module {
 public:
  explicit ConvTranspose2d(const ConvTranspose2dOptions &options);
  ConvTranspose2d(long in_channels, long out_channels, Size2 kernel_size)
      : ConvTranspose2d(ConvTranspose2dOptions(in_channels, out_channels, kernel_size)) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias;
  const ConvTranspose2dOptions options;
};

// stride 0 (the default) means stride = kernel_size.
class MaxPool2d : public Module {
 public:
  MaxPool2d(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size, stride, padding;
  const bool ceil_mode;

 private:
  std::vector<std::shared_ptr<internal::Index>> indices_;  // reused once their graph is released
};

class AvgPool2d : public Module {
 public:
  AvgPool2d(Size2 kernel_size, Size2 stride = 0, Size2 padding = 0, bool ceil_mode = false,
            bool count_include_pad = true);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 kernel_size, stride, padding;
  const bool ceil_mode, count_include_pad;
};

class AdaptiveAvgPool2d : public Module {
 public:
  explicit AdaptiveAvgPool2d(Size2 output_size);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const Size2 output_size;
};

// Batch normalisation over the channels (dimension 1): weight (1s), bias (0s), buffers running_mean
// (0s), running_var (1s) and num_batches_tracked (a count, size {1}). Training normalises with the
// batch statistics and updates the running ones by momentum; evaluation uses the running ones.
class BatchNorm : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias, running_mean, running_var, num_batches_tracked;
  const long num_features;
  const double eps, momentum;
  const bool affine;

 protected:
  BatchNorm(const char *type_name, long lo_dims, long hi_dims, long num_features, double eps, double momentum,
            bool affine);

 private:
  const long lo_dims_, hi_dims_;  // the input dimensions accepted
};
// [N x C] or [N x C x L].
class BatchNorm1d : public BatchNorm {
 public:
  explicit BatchNorm1d(long num_features, double eps = 1e-5, double momentum = 0.1, bool affine = true)
      : BatchNorm("BatchNorm1d", 2, 3, num_features, eps, momentum, affine) {}
};
// [N x C x H x W].
class BatchNorm2d : public BatchNorm {
 public:
  explicit BatchNorm2d(long num_features, double eps = 1e-5, double momentum = 0.1, bool affine = true)
      : BatchNorm("BatchNorm2d", 4, 4, num_features, eps, momentum, affine) {}
};

class Dropout : public Module {
 public:
  explicit Dropout(double p = 0.5);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double p;
};

// weight [num_embeddings x embedding_dim], N(0, 1) (the padding row zeroed); forward takes ids (a
// Float or Double tensor of 0-based integers, any shape) and gives ids' shape + [embedding_dim].
class Embedding : public Module {
 public:
  Embedding(long num_embeddings, long embedding_dim, std::optional<long> padding_idx = std::nullopt);
  Tensor forward(const Tensor &ids) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight;
  const long num_embeddings, embedding_dim;
  const std::optional<long> padding_idx;
};

class Flatten : public Module {
 public:
  explicit Flatten(long start_dim = 1, long end_dim = -1);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long start_dim, end_dim;
};

class ReLU : public Module {
 public:
  ReLU() : Module("ReLU") {}
  Tensor forward(const Tensor &input) override;
};

class LeakyReLU : public Module {
 public:
  explicit LeakyReLU(double negative_slope = 0.01) : Module("LeakyReLU"), negative_slope(negative_slope) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double negative_slope;
};

class ELU : public Module {
 public:
  explicit ELU(double alpha = 1) : Module("ELU"), alpha(alpha) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double alpha;
};

class Tanh : public Module {
 public:
  Tanh() : Module("Tanh") {}
  Tensor forward(const Tensor &input) override;
};

class Sigmoid : public Module {
 public:
  Sigmoid() : Module("Sigmoid") {}
  Tensor forward(const Tensor &input) override;
};

class Softplus : public Module {
 public:
  explicit Softplus(double beta = 1, double threshold = 20) : Module("Softplus"), beta(beta), threshold(threshold) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double beta, threshold;
};

class LogSoftmax : public Module {
 public:
  explicit LogSoftmax(long dim) : Module("LogSoftmax"), dim(dim) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long dim;
};

class Softmax : public Module {
 public:
  explicit Softmax(long dim) : Module("Softmax"), dim(dim) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long dim;
};

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

class RNNBase : public Module {
 public:
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  // [weight_ih, weight_hh, bias_ih, bias_hh] of each layer (biases undefined without bias).
  std::vector<std::vector<Tensor>> all_weights;
  const RNNOptions options;

 protected:
  RNNBase(const char *type_name, long gates, const RNNOptions &options);
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

class LSTM : public RNNBase {
 public:
  LSTM(long input_size, long hidden_size, long num_layers = 1) : LSTM(LSTMOptions(input_size, hidden_size).num_layers(num_layers)) {}
  explicit LSTM(const LSTMOptions &options) : RNNBase("LSTM", 4, options) {}
  Tensor forward(const Tensor &input) override;  // the output sequence
  // {output [T x B x H], {h_n, c_n} [L x B x H]} from the initial {h_0, c_0} (zeros when undefined).
  std::tuple<Tensor, std::tuple<Tensor, Tensor>> forward_with_state(const Tensor &input,
                                                                    const std::tuple<Tensor, Tensor> &hx = {});
};

class GRU : public RNNBase {
 public:
  GRU(long input_size, long hidden_size, long num_layers = 1) : GRU(GRUOptions(input_size, hidden_size).num_layers(num_layers)) {}
  explicit GRU(const GRUOptions &options) : RNNBase("GRU", 3, options) {}
  Tensor forward(const Tensor &input) override;
  // {output [T x B x H], h_n [L x B x H]} from h_0 (zeros when undefined).
  std::tuple<Tensor, Tensor> forward_with_state(const Tensor &input, const Tensor &h0 = {});
};

#undef EMBER_NN_OPTION

}  // namespace ember::nn
