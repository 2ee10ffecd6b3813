#pragma once
// Dropout: nn::functional's forms and the modules Dropout, Dropout2d and Dropout3d. The masks are
// drawn from the global generator (ember::manual_seed) on the CPU and copied to a CUDA input's device;
// kept elements are scaled by 1/(1-p). Each form is the identity when !training or p == 0, and
// throws unless p is in [0, 1].
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>

namespace ember::nn::functional {

// Zeroes each element with probability p.
Tensor dropout(const Tensor &input, double p = 0.5, bool training = true);
// Zeroes whole channels: each [H x W] plane of [N x C x H x W] (or of one sample [C x H x W]).
Tensor dropout2d(const Tensor &input, double p = 0.5, bool training = true);
// Each [D x H x W] volume of [N x C x D x H x W] (or of one sample [C x D x H x W]).
Tensor dropout3d(const Tensor &input, double p = 0.5, bool training = true);

}  // namespace ember::nn::functional

namespace ember::nn {

// Dropout, Dropout2d, Dropout3d: F::dropout / dropout2d / dropout3d in training mode, the identity
// in evaluation mode.
#define EMBER_NN_DROPOUT(NAME)                            \
  class NAME##Impl : public Module {                      \
   public:                                                \
    explicit NAME##Impl(double p = 0.5);                  \
    Tensor forward(const Tensor &input) override;         \
    void pretty_print(std::ostream &os) const override;   \
    const double p;                                       \
  };                                                      \
  EMBER_MODULE(NAME);
EMBER_NN_DROPOUT(Dropout)
EMBER_NN_DROPOUT(Dropout2d)
EMBER_NN_DROPOUT(Dropout3d)
#undef EMBER_NN_DROPOUT

}  // namespace ember::nn
