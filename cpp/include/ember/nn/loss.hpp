#pragma once
// Loss modules: loss(input, target) (or loss->forward(input, target)) gives a 0-dimensional tensor, the mean
// (Reduction::Mean, the default) or the sum over the batch; see nn/functional.hpp for each formula
// and for the class-index conventions. Per-class weights are registered as the buffer "weight".
#include <ember/nn/functional.hpp>
#include <ember/nn/holder.hpp>

namespace ember::nn::functional {

// input: scores; target: +1 or -1 per element (input's shape); the mean (or sum) of log(1 + exp(-t x)).
Tensor soft_margin_loss(const Tensor &input, const Tensor &target, Reduction reduction = kMean);
// input [N x C] scores (or [C]); target (Long) of input's shape: each row's target classes (0-based),
// ended by the first -1. Per sample: sum over its targets j and non-targets i of
// max(0, 1 - (x[j] - x[i])), divided by C.
Tensor multilabel_margin_loss(const Tensor &input, const Tensor &target, Reduction reduction = kMean);
// input [N x C] logits; target [N x C] of 0/1 labels; weight [C] or undefined. Per sample: the mean
// over classes of -w (t logsigmoid(x) + (1 - t) logsigmoid(-x)).
Tensor multilabel_soft_margin_loss(const Tensor &input, const Tensor &target, const Tensor &weight = {},
                                   Reduction reduction = kMean);
// nll_loss and cross_entropy (nn/functional.hpp) also take images: input [N x C x H x W], target
// [N x H x W] (SpatialClassNLLCriterion; Mean divides by the summed weights of all pixels). That
// kernel has no ignore_index: a target equal to it is reported as out of range.

}  // namespace ember::nn::functional

namespace ember::nn {

class Loss : public Module {
 public:
  virtual Tensor forward(const Tensor &input, const Tensor &target) = 0;
  Tensor operator()(const Tensor &input, const Tensor &target) { return forward(input, target); }
  void pretty_print(std::ostream &os) const override;  // "MSELoss(reduction=mean)"
  const Reduction reduction;

 protected:
  Loss(const char *type_name, Reduction r) : Module(type_name), reduction(r) {}
};

// Options of the losses over class indices.
struct ClassLossOptions {
  ClassLossOptions &weight(Tensor w) {
    weight_ = std::move(w);
    return *this;
  }
  ClassLossOptions &ignore_index(long i) {
    ignore_index_ = i;
    return *this;
  }
  ClassLossOptions &reduction(Reduction r) {
    reduction_ = r;
    return *this;
  }
  Tensor weight_;  // [C] or undefined
  long ignore_index_ = -100;
  Reduction reduction_ = kMean;
};
using CrossEntropyLossOptions = ClassLossOptions;
using NLLLossOptions = ClassLossOptions;

// log_softmax over the classes, then nll_loss.
class CrossEntropyLossImpl : public Loss {
 public:
  explicit CrossEntropyLossImpl(const CrossEntropyLossOptions &options = {});
  Tensor forward(const Tensor &input, const Tensor &target) override;
  Tensor weight;
  const long ignore_index;
};
EMBER_MODULE(CrossEntropyLoss);

class NLLLossImpl : public Loss {
 public:
  explicit NLLLossImpl(const NLLLossOptions &options = {});
  Tensor forward(const Tensor &input, const Tensor &target) override;
  Tensor weight;
  const long ignore_index;
};
EMBER_MODULE(NLLLoss);

#define EMBER_NN_ELEMENTWISE_LOSS(NAME)                                          \
  class NAME##Impl : public Loss {                                               \
   public:                                                                       \
    explicit NAME##Impl(Reduction reduction = kMean) : Loss(#NAME, reduction) {} \
    Tensor forward(const Tensor &input, const Tensor &target) override;         \
  };                                                                             \
  EMBER_MODULE(NAME);
EMBER_NN_ELEMENTWISE_LOSS(MSELoss)
EMBER_NN_ELEMENTWISE_LOSS(L1Loss)
EMBER_NN_ELEMENTWISE_LOSS(SmoothL1Loss)
EMBER_NN_ELEMENTWISE_LOSS(KLDivLoss)
EMBER_NN_ELEMENTWISE_LOSS(SoftMarginLoss)
EMBER_NN_ELEMENTWISE_LOSS(MultiLabelMarginLoss)
#undef EMBER_NN_ELEMENTWISE_LOSS

// weight: undefined, or broadcastable to the input (a per-element rescaling).
class BCELossImpl : public Loss {
 public:
  explicit BCELossImpl(Reduction reduction = kMean, Tensor weight = {});
  Tensor forward(const Tensor &input, const Tensor &target) override;
  Tensor weight;
};
EMBER_MODULE(BCELoss);

class BCEWithLogitsLossImpl : public Loss {
 public:
  explicit BCEWithLogitsLossImpl(Reduction reduction = kMean, Tensor weight = {});
  Tensor forward(const Tensor &input, const Tensor &target) override;
  Tensor weight;
};
EMBER_MODULE(BCEWithLogitsLoss);

class MultiMarginLossImpl : public Loss {
 public:
  explicit MultiMarginLossImpl(int p = 1, double margin = 1, Tensor weight = {}, Reduction reduction = kMean);
  Tensor forward(const Tensor &input, const Tensor &target) override;
  const int p;
  const double margin;
  Tensor weight;
};
EMBER_MODULE(MultiMarginLoss);

// weight: [C] per-class weights or undefined.
class MultiLabelSoftMarginLossImpl : public Loss {
 public:
  explicit MultiLabelSoftMarginLossImpl(Reduction reduction = kMean, Tensor weight = {});
  Tensor forward(const Tensor &input, const Tensor &target) override;
  Tensor weight;
};
EMBER_MODULE(MultiLabelSoftMarginLoss);

}  // namespace ember::nn
