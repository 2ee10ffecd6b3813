// Linear and Flatten (the other layers live with their family, nn_<family>.cpp): parameters,
// initialisation, printing; the computation is nn::functional's.
#include <ember/nn/init.hpp>
#include <ember/nn/layers.hpp>

#include <cmath>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

namespace F = functional;
using ember::detail::fail;

namespace {
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

// ------------------------------------------------------------------------------------ shapes
FlattenImpl::FlattenImpl(long start, long end) : Module("Flatten"), start_dim(start), end_dim(end) {}

Tensor FlattenImpl::forward(const Tensor &input) { return input.flatten(start_dim, end_dim); }

void FlattenImpl::pretty_print(std::ostream &os) const {
  os << "Flatten(start_dim=" << start_dim << ", end_dim=" << end_dim << ")";
}

}  // namespace ember::nn
