#pragma once
// Recurrent layers: nn::functional's one-layer LSTM / GRU over a sequence (one autograd node each,
// THNN's fused cell kernels per step), the multi-layer LSTM and GRU modules, and the single-step
// LSTMCell and GRUCell.
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/options.hpp>

#include <tuple>
#include <vector>

namespace ember::nn::functional {

// One LSTM / GRU layer over a sequence (the layer modules stack these). input [T x B x F], h0 and c0
// [B x H]; weights in PyTorch's layout and gate order (LSTM i, f, g, o; GRU r, z, n); biases may be
// undefined. Returns {output [T x B x H], h_T, c_T} (GRU: {output, h_T}). One autograd node: the
// backward runs through time with the THNN fused cell kernels and one GEMM per weight.
tensor_list lstm_layer(const Tensor &input, const Tensor &h0, const Tensor &c0, const Tensor &w_ih,
                       const Tensor &w_hh, const Tensor &b_ih = {}, const Tensor &b_hh = {});
tensor_list gru_layer(const Tensor &input, const Tensor &h0, const Tensor &w_ih, const Tensor &w_hh,
                      const Tensor &b_ih = {}, const Tensor &b_hh = {});

}  // namespace ember::nn::functional

namespace ember::nn {

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

// One step of an LSTM or GRU: input [B x F] (or one sample [F]), state [B x H] ([H]). Parameters
// weight_ih [G*H x F], weight_hh [G*H x H], bias_ih, bias_hh [G*H] (G = 4 for LSTM, 3 for GRU), all
// U(-1/sqrt(H), 1/sqrt(H)), in PyTorch's gate order. The step is F::lstm_layer / gru_layer over a
// sequence of length 1.
struct RNNCellOptions {
  RNNCellOptions(long input_size, long hidden_size) : input_size_(input_size), hidden_size_(hidden_size) {}
  EMBER_NN_OPTION(long, input_size)
  EMBER_NN_OPTION(long, hidden_size)
  EMBER_NN_OPTION(bool, bias)

 private:
  long input_size_, hidden_size_;
  bool bias_ = true;
};
using LSTMCellOptions = RNNCellOptions;
using GRUCellOptions = RNNCellOptions;

class RNNCellImplBase : public Module {
 public:
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight_ih, weight_hh, bias_ih, bias_hh;
  const RNNCellOptions options;

 protected:
  RNNCellImplBase(const char *type_name, long gates, const RNNCellOptions &options);
  // The input as [1 x B x F] (one sample gets B = 1), after checking it.
  Tensor sequence_of(const Tensor &input) const;
  // A state as [B x H]: zeros when undefined, else checked against the input.
  Tensor state_of(const Tensor &given, const Tensor &input, const char *name) const;
};

class LSTMCellImpl : public RNNCellImplBase {
 public:
  LSTMCellImpl(long input_size, long hidden_size) : LSTMCellImpl(LSTMCellOptions(input_size, hidden_size)) {}
  explicit LSTMCellImpl(const LSTMCellOptions &options) : RNNCellImplBase("LSTMCell", 4, options) {}
  Tensor forward(const Tensor &input) override;  // h' from zero state
  // {h', c'} from hx = {h, c} (zeros when undefined).
  std::tuple<Tensor, Tensor> forward(const Tensor &input, const std::tuple<Tensor, Tensor> &hx);
};
EMBER_MODULE(LSTMCell);

class GRUCellImpl : public RNNCellImplBase {
 public:
  GRUCellImpl(long input_size, long hidden_size) : GRUCellImpl(GRUCellOptions(input_size, hidden_size)) {}
  explicit GRUCellImpl(const GRUCellOptions &options) : RNNCellImplBase("GRUCell", 3, options) {}
  Tensor forward(const Tensor &input) override;  // h' from zero state
  Tensor forward(const Tensor &input, const Tensor &hx);  // h' from hx (zeros when undefined)
};
EMBER_MODULE(GRUCell);

}  // namespace ember::nn
