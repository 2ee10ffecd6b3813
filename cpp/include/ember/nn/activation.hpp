#pragma once
// The activations: nn::functional's forms and their modules. Each is one autograd node over a THNN
// kernel and runs on the CPU and CUDA alike; relu, tanh and sigmoid are Tensor's methods of the same
// names (F::relu(x) is x.relu(): one implementation, one node). Modules print as PyTorch's.
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>

namespace ember::nn::functional {

Tensor relu(const Tensor &input);
Tensor tanh(const Tensor &input);
Tensor sigmoid(const Tensor &input);
// min(max(x, 0), 6).
Tensor relu6(const Tensor &input);
// x where x > threshold, value elsewhere.
Tensor threshold(const Tensor &input, double threshold, double value);
// x clamped to [min_val, max_val]; the gradient is zero outside.
Tensor hardtanh(const Tensor &input, double min_val = -1, double max_val = 1);
Tensor leaky_relu(const Tensor &input, double negative_slope = 0.01);
// x above 0, weight x at and below: weight has one element (shared) or one per channel (dimension 1
// of a batch [N x C x ...], dimension 0 of [C] or one sample [C x H x W]).
Tensor prelu(const Tensor &input, const Tensor &weight);
// Random slopes: training draws each negative element's slope from U(lower, upper) (the global
// generator); otherwise the slope is (lower + upper) / 2.
Tensor rrelu(const Tensor &input, double lower = 1.0 / 8, double upper = 1.0 / 3, bool training = false);
Tensor elu(const Tensor &input, double alpha = 1);
// log(1 + exp(beta x)) / beta; x itself where beta x > threshold.
Tensor softplus(const Tensor &input, double beta = 1, double threshold = 20);
// x where |x| > lambda, 0 elsewhere.
Tensor hardshrink(const Tensor &input, double lambda = 0.5);
// x - lambda above lambda, x + lambda below -lambda, 0 between (lambda >= 0).
Tensor softshrink(const Tensor &input, double lambda = 0.5);
Tensor logsigmoid(const Tensor &input);
// Splits input in halves a, b along dim (of even size): a * sigmoid(b).
Tensor glu(const Tensor &input, long dim = -1);
Tensor log_softmax(const Tensor &input, long dim);
Tensor softmax(const Tensor &input, long dim);

}  // namespace ember::nn::functional

namespace ember::nn {

// The activations without options.
#define EMBER_NN_PLAIN_ACTIVATION(NAME)              \
  class NAME##Impl : public Module {                 \
   public:                                           \
    NAME##Impl() : Module(#NAME) {}                  \
    Tensor forward(const Tensor &input) override;    \
  };                                                 \
  EMBER_MODULE(NAME);
EMBER_NN_PLAIN_ACTIVATION(ReLU)
EMBER_NN_PLAIN_ACTIVATION(ReLU6)
EMBER_NN_PLAIN_ACTIVATION(Tanh)
EMBER_NN_PLAIN_ACTIVATION(Sigmoid)
EMBER_NN_PLAIN_ACTIVATION(LogSigmoid)
#undef EMBER_NN_PLAIN_ACTIVATION

class ThresholdImpl : public Module {
 public:
  ThresholdImpl(double threshold, double value);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double threshold, value;
};
EMBER_MODULE(Threshold);

// Throws unless min_val < max_val.
class HardtanhImpl : public Module {
 public:
  explicit HardtanhImpl(double min_val = -1, double max_val = 1);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double min_val, max_val;
};
EMBER_MODULE(Hardtanh);

class LeakyReLUImpl : public Module {
 public:
  explicit LeakyReLUImpl(double negative_slope = 0.01) : Module("LeakyReLU"), negative_slope(negative_slope) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double negative_slope;
};
EMBER_MODULE(LeakyReLU);

// The parameter weight [num_parameters] (1: one slope shared by every channel, or C), filled with init.
class PReLUImpl : public Module {
 public:
  explicit PReLUImpl(long num_parameters = 1, double init = 0.25);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight;
  const long num_parameters;
  const double init;
};
EMBER_MODULE(PReLU);

// Training mode draws the slopes (F::rrelu); evaluation uses their mean. Throws unless 0 <= lower <= upper.
class RReLUImpl : public Module {
 public:
  explicit RReLUImpl(double lower = 1.0 / 8, double upper = 1.0 / 3);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double lower, upper;
};
EMBER_MODULE(RReLU);

class ELUImpl : public Module {
 public:
  explicit ELUImpl(double alpha = 1) : Module("ELU"), alpha(alpha) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double alpha;
};
EMBER_MODULE(ELU);

class SoftplusImpl : public Module {
 public:
  explicit SoftplusImpl(double beta = 1, double threshold = 20) : Module("Softplus"), beta(beta), threshold(threshold) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double beta, threshold;
};
EMBER_MODULE(Softplus);

// Hardshrink and Softshrink; Softshrink throws for lambda < 0.
class HardshrinkImpl : public Module {
 public:
  explicit HardshrinkImpl(double lambda = 0.5) : Module("Hardshrink"), lambda(lambda) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double lambda;
};
EMBER_MODULE(Hardshrink);

class SoftshrinkImpl : public Module {
 public:
  explicit SoftshrinkImpl(double lambda = 0.5);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const double lambda;
};
EMBER_MODULE(Softshrink);

class GLUImpl : public Module {
 public:
  explicit GLUImpl(long dim = -1) : Module("GLU"), dim(dim) {}
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long dim;
};
EMBER_MODULE(GLU);

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

}  // namespace ember::nn
