// Batch normalisation: functional::batch_norm (one autograd node over THNN's BatchNormalization) and
// the BatchNorm modules.
#include <ember/nn/normalization.hpp>

#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::bump_version;
using ember::detail::fail;
using ember::detail::make_empty;
using namespace internal;

namespace functional {

// One node: BatchNormalization_backward computes the input's and the parameters' gradients in one
// pass over the data (the adapter would call it twice).
Tensor batch_norm(const Tensor &input, const Tensor &running_mean, const Tensor &running_var, const Tensor &weight,
                  const Tensor &bias, bool training, double momentum, double eps) {
  const std::string fn = "batch_norm";
  check_dims(input, fn, "input", 2, 8);
  if (!training && (!running_mean.defined() || !running_var.defined()))
    fail("batch_norm: evaluation mode needs running_mean and running_var");
  check_dtype(running_mean, input, fn, "running_mean");
  check_dtype(running_var, input, fn, "running_var");
  check_dtype(weight, input, fn, "weight");
  check_dtype(bias, input, fn, "bias");
  const TensorOptions options = input.options();
  Tensor output = make_empty(options), save_mean = make_empty(options), save_std = make_empty(options);
  ember::detail::dispatch_on(input, [&](auto tag) {
    auto h = [&](const Tensor &t) { return t.defined() ? t.th(tag) : nullptr; };
    EMBER_THNN(BatchNormalization_updateOutput, tag)(thnn::state_of(tag), input.th(tag), output.th(tag), h(weight), h(bias),
                                                     h(running_mean), h(running_var), h(save_mean), h(save_std),
                                                     training, momentum, eps);
  });
  if (training) {
    if (running_mean.defined()) bump_version(running_mean);
    if (running_var.defined()) bump_version(running_var);
  }
  if (!autograd::needs_record({input, weight, bias})) return output;
  // Evaluation's backward reads the running statistics: keep them as they are now.
  Tensor mean = training ? save_mean : running_mean.clone(), spread = training ? save_std : running_var.clone();
  autograd::record(
      "BatchNormBackward", {output}, {input, weight, bias},
      [sx = autograd::SavedTensor(input), sw = weight.defined() ? autograd::SavedTensor(weight) : autograd::SavedTensor(),
       mean, spread, training, eps](const tensor_list &grads, const std::vector<bool> &needs) {
        Tensor x = sx.get(), w = sw.defined() ? sw.get() : Tensor(), g = grads[0].contiguous();
        Shape channels{x.size(1)};
        Tensor gi = needs[0] ? make_empty(x.options()) : Tensor();
        Tensor gw = needs[1] ? zeros(channels, x.options()) : Tensor();
        Tensor gb = needs[2] ? zeros(channels, x.options()) : Tensor();
        ember::detail::dispatch_on(x, [&](auto tag) {
          auto h = [&](const Tensor &t) { return t.defined() ? t.th(tag) : nullptr; };
          // training reads save_mean/save_std, evaluation running_mean/running_var
          EMBER_THNN(BatchNormalization_backward, tag)(thnn::state_of(tag), h(x), h(g), h(gi), h(gw), h(gb), h(w),
                                                      training ? nullptr : h(mean), training ? nullptr : h(spread),
                                                      training ? h(mean) : nullptr, training ? h(spread) : nullptr,
                                                      training, 1.0, eps);
        });
        return tensor_list{gi, gw, gb};
      });
  return output;
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
BatchNormImplBase::BatchNormImplBase(const char *type_name, long lo_dims, long hi_dims, const BatchNormOptions &o)
    : Module(type_name), options(o), num_features(o.num_features()), eps(o.eps()), momentum(o.momentum()),
      affine(o.affine()), lo_dims_(lo_dims), hi_dims_(hi_dims) {
  long n = num_features;
  if (n <= 0) fail(std::string(type_name) + ": num_features must be positive, got " + std::to_string(n));
  if (affine) {
    weight = empty({n});
    bias = empty({n});
  }
  if (o.track_running_stats()) {
    running_mean = empty({n});
    running_var = empty({n});
    num_batches_tracked = empty({1});
  }
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
  if (options.track_running_stats()) {
    running_mean.zero_();
    running_var.fill_(1);
    num_batches_tracked.zero_();
  }
}

Tensor BatchNormImplBase::forward(const Tensor &input) {
  internal::check_dims(input, type_name(), "input", lo_dims_, hi_dims_);
  if (input.size(1) != num_features)
    fail(type_name() + ": expected " + std::to_string(num_features) + " channels (dimension 1), got input of size " +
         shape_str(input.sizes()));
  // Without running statistics, evaluation normalises with the batch's too.
  bool batch_stats = is_training() || !options.track_running_stats();
  Tensor y = functional::batch_norm(input, running_mean, running_var, weight, bias, batch_stats, momentum, eps);
  if (is_training() && options.track_running_stats()) {
    NoGradGuard no_grad;
    num_batches_tracked.add_(1);
  }
  return y;
}

void BatchNormImplBase::pretty_print(std::ostream &os) const {
  os << type_name() << "(" << num_features << ", eps=" << eps << ", momentum=" << momentum
     << ", affine=" << (affine ? "true" : "false");
  if (!options.track_running_stats()) os << ", track_running_stats=false";
  os << ")";
}

}  // namespace ember::nn
