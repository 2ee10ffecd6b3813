#pragma once
// Batch normalisation: nn::functional::batch_norm (one autograd node over THNN's
// BatchNormalization) and the BatchNorm1d / 2d / 3d modules.
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/options.hpp>

namespace ember::nn::functional {

// Normalises over dimension 1 of [N x C] or [N x C x ...]. training: batch statistics, and the
// running ones (if defined) move towards them by momentum (the variance's unbiased estimate);
// otherwise the running statistics are used. weight and bias may be undefined (1 and 0).
Tensor batch_norm(const Tensor &input, const Tensor &running_mean, const Tensor &running_var,
                  const Tensor &weight = {}, const Tensor &bias = {}, bool training = false, double momentum = 0.1,
                  double eps = 1e-5);

}  // namespace ember::nn::functional

namespace ember::nn {

struct BatchNormOptions {
  BatchNormOptions(long num_features) : num_features_(num_features) {}  // NOLINT: implicit, as libtorch's
  EMBER_NN_OPTION(long, num_features)
  EMBER_NN_OPTION(double, eps)
  EMBER_NN_OPTION(double, momentum)
  EMBER_NN_OPTION(bool, affine)  // the parameters weight and bias
  // false: no running statistics (no buffers); batch statistics in evaluation mode too.
  EMBER_NN_OPTION(bool, track_running_stats)

 private:
  long num_features_;
  double eps_ = 1e-5, momentum_ = 0.1;
  bool affine_ = true, track_running_stats_ = true;
};

// Batch normalisation over the channels (dimension 1): weight (1s), bias (0s), buffers running_mean
// (0s), running_var (1s) and num_batches_tracked (a count, size {1}). Training normalises with the
// batch statistics and updates the running ones by momentum; evaluation uses the running ones.
class BatchNormImplBase : public Module {
 public:
  Tensor forward(const Tensor &input) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight, bias, running_mean, running_var, num_batches_tracked;
  const BatchNormOptions options;
  const long num_features;
  const double eps, momentum;
  const bool affine;

 protected:
  BatchNormImplBase(const char *type_name, long lo_dims, long hi_dims, const BatchNormOptions &options);

 private:
  const long lo_dims_, hi_dims_;  // the input dimensions accepted
};

#define EMBER_NN_BATCHNORM(NAME, LO, HI)                                                                  \
  class NAME##Impl : public BatchNormImplBase {                                                           \
   public:                                                                                               \
    explicit NAME##Impl(const BatchNormOptions &options) : BatchNormImplBase(#NAME, LO, HI, options) {}   \
    explicit NAME##Impl(long num_features, double eps = 1e-5, double momentum = 0.1, bool affine = true) \
        : NAME##Impl(BatchNormOptions(num_features).eps(eps).momentum(momentum).affine(affine)) {}      \
  };                                                                                                      \
  EMBER_MODULE(NAME);
EMBER_NN_BATCHNORM(BatchNorm1d, 2, 3)  // [N x C] or [N x C x L]
EMBER_NN_BATCHNORM(BatchNorm2d, 4, 4)  // [N x C x H x W]
EMBER_NN_BATCHNORM(BatchNorm3d, 5, 5)  // [N x C x D x H x W]
#undef EMBER_NN_BATCHNORM

}  // namespace ember::nn
