// LSTM and GRU: one autograd node per layer and sequence. The forward pass multiplies the whole input
// sequence by W_ih in one GEMM, then per time step h W_hh^T (one GEMM) and THNN's fused cell kernel
// (LSTMFused / GRUFused). The backward pass runs through time with the kernels' updateGradInput,
// collecting the gates' gradients of every step, then forms each weight's gradient with one GEMM.
// LSTMCell and GRUCell are the same over a sequence of one step.
#include <ember/nn/dropout.hpp>
#include <ember/nn/init.hpp>
#include <ember/nn/rnn.hpp>

#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using ember::detail::make_empty;
using namespace internal;

namespace {
// Shapes of one layer's call, after checking every argument.
struct LayerShape {
  long T, B, F, H;
};

LayerShape check_layer(const char *fn, long gates, const Tensor &input, const tensor_list &states, const Tensor &w_ih,
                       const Tensor &w_hh, const Tensor &b_ih, const Tensor &b_hh) {
  check_dims(input, fn, "input", 3, 3);
  check_dims(w_ih, fn, "w_ih", 2, 2);
  check_dims(w_hh, fn, "w_hh", 2, 2);
  long T = input.size(0), B = input.size(1), F = input.size(2), H = w_hh.size(1);
  auto expect = [&](const Tensor &t, const char *arg, const Shape &shape) {
    check_arg(t, fn, arg);
    check_dtype(t, input, fn, arg);
    if (t.sizes() != shape) fail(std::string(fn) + ": " + arg + " must be " + shape_str(shape) + ", got " + shape_str(t.sizes()));
  };
  expect(w_ih, "w_ih", {gates * H, F});
  expect(w_hh, "w_hh", {gates * H, H});
  if (b_ih.defined()) expect(b_ih, "b_ih", {gates * H});
  if (b_hh.defined()) expect(b_hh, "b_hh", {gates * H});
  for (const Tensor &s : states) expect(s, "the initial state", {B, H});
  return {T, B, F, H};
}

template <typename Tag> auto *handle(const Tensor &t, Tag tag) { return t.defined() ? t.th(tag) : nullptr; }
}  // namespace

namespace functional {

tensor_list lstm_layer(const Tensor &input, const Tensor &h0, const Tensor &c0, const Tensor &w_ih, const Tensor &w_hh,
                       const Tensor &b_ih, const Tensor &b_hh) {
  LayerShape s = check_layer("lstm", 4, input, {h0, c0}, w_ih, w_hh, b_ih, b_hh);
  long T = s.T, B = s.B, H = s.H;
  const TensorOptions dt = input.options();
  // gates[t]: x_t W_ih^T, overwritten by LSTMFused with the activated gates (its backward's storage);
  // hs[t], cs[t]: the state before step t (hs[T], cs[T] the last).
  Tensor gates, hs = empty({T + 1, B, H}, dt), cs = empty({T + 1, B, H}, dt);
  {
    NoGradGuard no_grad;
    gates = input.reshape({T * B, s.F}).mm(w_ih.t()).view({T, B, 4 * H});
    hs[0].copy_(h0);
    cs[0].copy_(c0);
    for (long t = 0; t < T; t++) {
      Tensor hidden = hs[t].mm(w_hh.t());
      ember::detail::dispatch_on(input, [&](auto tag) {
        EMBER_THNN(LSTMFused_updateOutput, tag)(thnn::state_of(tag), gates[t].th(tag), hidden.th(tag), handle(b_ih, tag),
                                                handle(b_hh, tag), cs[t].th(tag), hs[t + 1].th(tag),
                                                cs[t + 1].th(tag));
      });
    }
  }
  tensor_list out{hs.narrow(0, 1, T), hs[T], cs[T]};
  tensor_list inputs{input, h0, c0, w_ih, w_hh, b_ih, b_hh};
  if (!autograd::needs_record(inputs)) return out;
  autograd::record(
      "LSTMBackward", out, inputs,
      [s, sx = autograd::SavedTensor(input), sw_ih = autograd::SavedTensor(w_ih), sw_hh = autograd::SavedTensor(w_hh),
       shs = autograd::SavedTensor(hs), gates, cs](const tensor_list &grads, const std::vector<bool> &needs) {
        long T = s.T, B = s.B, H = s.H;
        Tensor x = sx.get(), w_ih = sw_ih.get(), w_hh = sw_hh.get(), hs = shs.get();
        Tensor dgates = empty({T, B, 4 * H}, x.options());
        Tensor dh = grads[1], dc = grads[2].contiguous();
        for (long t = T - 1; t >= 0; t--) {
          Tensor dy = grads[0][t] + dh, dc_prev = make_empty(x.options());
          ember::detail::dispatch_on(x, [&](auto tag) {
            EMBER_THNN(LSTMFused_updateGradInput, tag)(thnn::state_of(tag), gates[t].th(tag), dgates[t].th(tag), cs[t].th(tag),
                                                       cs[t + 1].th(tag), dy.th(tag), dc.th(tag), dc_prev.th(tag));
          });
          if (t > 0 || needs[1]) dh = dgates[t].mm(w_hh);
          dc = dc_prev;
        }
        Tensor d = dgates.view({T * B, 4 * H});
        Tensor db = needs[5] || needs[6] ? d.sum(0) : Tensor();
        return tensor_list{needs[0] ? d.mm(w_ih).view({T, B, s.F}) : Tensor(),
                           needs[1] ? dh : Tensor(),
                           needs[2] ? dc : Tensor(),
                           needs[3] ? d.t().mm(x.reshape({T * B, s.F})) : Tensor(),
                           needs[4] ? d.t().mm(hs.narrow(0, 0, T).reshape({T * B, H})) : Tensor(),
                           needs[5] ? db : Tensor(),
                           needs[6] ? db : Tensor()};
      });
  return out;
}

tensor_list gru_layer(const Tensor &input, const Tensor &h0, const Tensor &w_ih, const Tensor &w_hh, const Tensor &b_ih,
                      const Tensor &b_hh) {
  LayerShape s = check_layer("gru", 3, input, {h0}, w_ih, w_hh, b_ih, b_hh);
  long T = s.T, B = s.B, H = s.H;
  const TensorOptions dt = input.options();
  // hs[t]: the state before step t; storage[t]: what GRUFused keeps of step t for its backward.
  Tensor hs = empty({T + 1, B, H}, dt), storage = empty({T, B, 5 * H}, dt);
  {
    NoGradGuard no_grad;
    Tensor gates = input.reshape({T * B, s.F}).mm(w_ih.t()).view({T, B, 3 * H});
    hs[0].copy_(h0);
    for (long t = 0; t < T; t++) {
      Tensor hidden = hs[t].mm(w_hh.t());
      ember::detail::dispatch_on(input, [&](auto tag) {
        EMBER_THNN(GRUFused_updateOutput, tag)(thnn::state_of(tag), gates[t].th(tag), hidden.th(tag), handle(b_ih, tag),
                                               handle(b_hh, tag), hs[t].th(tag), hs[t + 1].th(tag),
                                               storage[t].th(tag));
      });
    }
  }
  tensor_list out{hs.narrow(0, 1, T), hs[T]};
  tensor_list inputs{input, h0, w_ih, w_hh, b_ih, b_hh};
  if (!autograd::needs_record(inputs)) return out;
  autograd::record(
      "GRUBackward", out, inputs,
      [s, sx = autograd::SavedTensor(input), sw_ih = autograd::SavedTensor(w_ih), sw_hh = autograd::SavedTensor(w_hh),
       shs = autograd::SavedTensor(hs), storage](const tensor_list &grads, const std::vector<bool> &needs) {
        long T = s.T, B = s.B, H = s.H;
        Tensor x = sx.get(), w_ih = sw_ih.get(), w_hh = sw_hh.get(), hs = shs.get();
        // d_in[t], d_hid[t]: gradients of x_t W_ih^T + b_ih and of h W_hh^T + b_hh at step t
        Tensor d_in = empty({T, B, 3 * H}, x.options()), d_hid = empty({T, B, 3 * H}, x.options());
        Tensor dh = grads[1];
        for (long t = T - 1; t >= 0; t--) {
          Tensor dy = grads[0][t] + dh, dh_prev = make_empty(x.options());
          ember::detail::dispatch_on(x, [&](auto tag) {
            EMBER_THNN(GRUFused_updateGradInput, tag)(thnn::state_of(tag), d_in[t].th(tag), d_hid[t].th(tag), dy.th(tag),
                                                      dh_prev.th(tag), storage[t].th(tag));
          });
          if (t > 0 || needs[1]) dh = dh_prev.add_(d_hid[t].mm(w_hh));
        }
        Tensor di = d_in.view({T * B, 3 * H}), dhid = d_hid.view({T * B, 3 * H});
        return tensor_list{needs[0] ? di.mm(w_ih).view({T, B, s.F}) : Tensor(),
                           needs[1] ? dh : Tensor(),
                           needs[2] ? di.t().mm(x.reshape({T * B, s.F})) : Tensor(),
                           needs[3] ? dhid.t().mm(hs.narrow(0, 0, T).reshape({T * B, H})) : Tensor(),
                           needs[4] ? di.sum(0) : Tensor(),
                           needs[5] ? dhid.sum(0) : Tensor()};
      });
  return out;
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
RNNImplBase::RNNImplBase(const char *type_name, long gates, const RNNOptions &o) : Module(type_name), options(o) {
  if (o.input_size() <= 0 || o.hidden_size() <= 0 || o.num_layers() <= 0)
    fail(std::string(type_name) + ": input_size, hidden_size and num_layers must be positive, got " +
         std::to_string(o.input_size()) + ", " + std::to_string(o.hidden_size()) + ", " +
         std::to_string(o.num_layers()));
  if (!(o.dropout() >= 0 && o.dropout() <= 1))
    fail(std::string(type_name) + ": dropout must be in [0, 1], got " + std::to_string(o.dropout()));
  long H = o.hidden_size();
  all_weights.resize((size_t)o.num_layers());
  for (long l = 0; l < o.num_layers(); l++) {
    std::vector<Tensor> &w = all_weights[(size_t)l];
    long in = l == 0 ? o.input_size() : H;
    w = {empty({gates * H, in}), empty({gates * H, H}), Tensor(), Tensor()};
    if (o.bias()) w[2] = empty({gates * H}), w[3] = empty({gates * H});
  }
  reset_parameters();
  // all_weights is not resized again: the addresses registered here stay valid.
  for (long l = 0; l < o.num_layers(); l++) {
    std::vector<Tensor> &w = all_weights[(size_t)l];
    std::string k = "_l" + std::to_string(l);
    register_parameter("weight_ih" + k, &w[0]);
    register_parameter("weight_hh" + k, &w[1]);
    register_parameter("bias_ih" + k, &w[2]);
    register_parameter("bias_hh" + k, &w[3]);
  }
}

void RNNImplBase::reset_parameters() {
  double bound = 1 / std::sqrt((double)options.hidden_size());
  for (auto &layer : all_weights)
    for (Tensor &w : layer)
      if (w.defined()) init::uniform_(w, -bound, bound);
}

void RNNImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "(" << options.input_size() << ", " << options.hidden_size();
  if (options.num_layers() != 1) os << ", num_layers=" << options.num_layers();
  if (!options.bias()) os << ", bias=false";
  if (options.dropout() != 0) os << ", dropout=" << options.dropout();
  os << ")";
}

RNNImplBase::Prepared RNNImplBase::prepare(const Tensor &input) const {
  check_dims(input, type_name(), "input", 2, 3);
  if (input.size(-1) != options.input_size())
    fail(type_name() + ": expected input with " + std::to_string(options.input_size()) +
         " features (the last dimension), got size " + shape_str(input.sizes()));
  bool unbatched = input.dim() == 2;
  return {unbatched ? input.unsqueeze(1) : input, unbatched};
}

Tensor RNNImplBase::initial_state(const Tensor &given, const Prepared &p, const char *name) const {
  long L = options.num_layers(), B = p.input.size(1), H = options.hidden_size();
  if (!given.defined()) return zeros({L, B, H}, p.input.options());
  Shape expected = p.unbatched ? Shape{L, H} : Shape{L, B, H};
  if (given.sizes() != expected)
    fail(type_name() + ": " + name + " must be " + shape_str(expected) + ", got " + shape_str(given.sizes()));
  return p.unbatched ? given.unsqueeze(1) : given;
}

Tensor RNNImplBase::between_layers(const Tensor &output, long layer) const {
  if (layer + 1 == options.num_layers() || options.dropout() == 0) return output;
  return functional::dropout(output, options.dropout(), is_training());
}

std::tuple<Tensor, std::tuple<Tensor, Tensor>> LSTMImpl::forward_with_state(const Tensor &input,
                                                                        const std::tuple<Tensor, Tensor> &hx) {
  Prepared p = prepare(input);
  Tensor h0 = initial_state(std::get<0>(hx), p, "h_0"), c0 = initial_state(std::get<1>(hx), p, "c_0");
  Tensor x = p.input;
  tensor_list hn, cn;
  for (long l = 0; l < options.num_layers(); l++) {
    const std::vector<Tensor> &w = all_weights[(size_t)l];
    tensor_list r = functional::lstm_layer(x, h0[l], c0[l], w[0], w[1], w[2], w[3]);
    x = between_layers(r[0], l);
    hn.push_back(r[1]);
    cn.push_back(r[2]);
  }
  Tensor h = stack(hn), c = stack(cn);
  if (p.unbatched) return {x.squeeze(1), {h.squeeze(1), c.squeeze(1)}};
  return {x, {h, c}};
}

Tensor LSTMImpl::forward(const Tensor &input) { return std::get<0>(forward_with_state(input)); }

std::tuple<Tensor, Tensor> GRUImpl::forward_with_state(const Tensor &input, const Tensor &h0_given) {
  Prepared p = prepare(input);
  Tensor h0 = initial_state(h0_given, p, "h_0");
  Tensor x = p.input;
  tensor_list hn;
  for (long l = 0; l < options.num_layers(); l++) {
    const std::vector<Tensor> &w = all_weights[(size_t)l];
    tensor_list r = functional::gru_layer(x, h0[l], w[0], w[1], w[2], w[3]);
    x = between_layers(r[0], l);
    hn.push_back(r[1]);
  }
  Tensor h = stack(hn);
  if (p.unbatched) return {x.squeeze(1), h.squeeze(1)};
  return {x, h};
}

Tensor GRUImpl::forward(const Tensor &input) { return std::get<0>(forward_with_state(input)); }

// ------------------------------------------------------------------------------------ cells
RNNCellImplBase::RNNCellImplBase(const char *type_name, long gates, const RNNCellOptions &o)
    : Module(type_name), options(o) {
  if (o.input_size() <= 0 || o.hidden_size() <= 0)
    fail(std::string(type_name) + ": input_size and hidden_size must be positive, got " +
         std::to_string(o.input_size()) + ", " + std::to_string(o.hidden_size()));
  long H = o.hidden_size();
  weight_ih = empty({gates * H, o.input_size()});
  weight_hh = empty({gates * H, H});
  if (o.bias()) bias_ih = empty({gates * H}), bias_hh = empty({gates * H});
  reset_parameters();
  register_parameter("weight_ih", &weight_ih);
  register_parameter("weight_hh", &weight_hh);
  register_parameter("bias_ih", &bias_ih);
  register_parameter("bias_hh", &bias_hh);
}

void RNNCellImplBase::reset_parameters() {
  double bound = 1 / std::sqrt((double)options.hidden_size());
  for (Tensor *w : {&weight_ih, &weight_hh, &bias_ih, &bias_hh})
    if (w->defined()) init::uniform_(*w, -bound, bound);
}

void RNNCellImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "(" << options.input_size() << ", " << options.hidden_size();
  if (!options.bias()) os << ", bias=false";
  os << ")";
}

Tensor RNNCellImplBase::sequence_of(const Tensor &input) const {
  check_dims(input, type_name(), "input", 1, 2);
  if (input.size(-1) != options.input_size())
    fail(type_name() + ": expected input with " + std::to_string(options.input_size()) +
         " features (the last dimension), got size " + shape_str(input.sizes()));
  return input.dim() == 1 ? input.view({1, 1, input.size(0)}) : input.unsqueeze(0);
}

Tensor RNNCellImplBase::state_of(const Tensor &given, const Tensor &input, const char *name) const {
  long B = input.dim() == 1 ? 1 : input.size(0), H = options.hidden_size();
  if (!given.defined()) return zeros({B, H}, input.options());
  Shape expected = input.dim() == 1 ? Shape{H} : Shape{B, H};
  if (given.sizes() != expected)
    fail(type_name() + ": " + name + " must be " + shape_str(expected) + " for input of size " +
         shape_str(input.sizes()) + ", got " + shape_str(given.sizes()));
  return given.view({B, H});
}

std::tuple<Tensor, Tensor> LSTMCellImpl::forward(const Tensor &input, const std::tuple<Tensor, Tensor> &hx) {
  Tensor x = sequence_of(input);
  Tensor h = state_of(std::get<0>(hx), input, "h"), c = state_of(std::get<1>(hx), input, "c");
  tensor_list r = functional::lstm_layer(x, h, c, weight_ih, weight_hh, bias_ih, bias_hh);
  if (input.dim() == 1) return {r[1].view({options.hidden_size()}), r[2].view({options.hidden_size()})};
  return {r[1], r[2]};
}

Tensor LSTMCellImpl::forward(const Tensor &input) { return std::get<0>(forward(input, {})); }

Tensor GRUCellImpl::forward(const Tensor &input, const Tensor &hx) {
  Tensor h = state_of(hx, input, "hx");
  Tensor r = functional::gru_layer(sequence_of(input), h, weight_ih, weight_hh, bias_ih, bias_hh)[1];
  return input.dim() == 1 ? r.view({options.hidden_size()}) : r;
}

Tensor GRUCellImpl::forward(const Tensor &input) { return forward(input, Tensor()); }

}  // namespace ember::nn
