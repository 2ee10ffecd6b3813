#pragma once
// The layers: modules holding parameters and buffers (registered by address, so `conv->weight` is
// always the live parameter) and calling nn::functional. Constructors initialise the parameters as
// PyTorch 1.13 does (nn/init.hpp), with the global generator (ember::manual_seed). Parameter and
// buffer names are PyTorch's, so a PyTorch state_dict loads by name.
#include <ember/nn/functional.hpp>
#include <ember/nn/containers.hpp>
#include <ember/nn/options.hpp>

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace ember::nn {
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


class FlattenImpl : public Module {
 public:
  explicit FlattenImpl(long start_dim = 1, long end_dim = -1);
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  const long start_dim, end_dim;
};
EMBER_MODULE(Flatten);

}  // namespace ember::nn
