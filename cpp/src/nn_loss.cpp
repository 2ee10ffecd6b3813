// The losses: functional forms over THNN's criteria (the legacy ones take no gradOutput: their
// gradient is for a loss gradient of 1, so the backward scales it by the incoming one), and modules.
#include <ember/nn/loss.hpp>

#include <memory>
#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::fail;
using ember::detail::make_empty;
using namespace internal;

namespace {
// gradInput *= gradOutput (a one-element tensor). On CUDA the value stays on the device (reading it
// back would wait for the GPU on every backward): gradOutput broadcast over gradInput, cmul computing
// the same products as mul by the value.
template <typename A> void scale_by_grad_output(A &a) {
  if constexpr (ember::detail::is_cuda_tag_v<typename A::tag>) {
    if (EMBER_TH(nElement, a)(a.grad_input) == 0) return;
    std::unique_ptr<THLongStorage, void (*)(THLongStorage *)> size(EMBER_TH(newSizeOf, a)(a.grad_input),
                                                                  THLongStorage_free);
    auto free_handle = [](typename A::Handle *t) { EMBER_TH(free, t)(t); };
    std::unique_ptr<typename A::Handle, decltype(free_handle)> g(EMBER_TH(newExpand, a)(a.grad_output, size.get()),
                                                                 free_handle);
    EMBER_TH(cmul, a)(a.grad_input, a.grad_input, g.get());
  } else {
    auto g = EMBER_TH(get1d, a)(a.grad_output, 0);
    if (g != 1) EMBER_TH(mul, a)(a.grad_input, a.grad_input, g);
  }
}

// THNN's criteria write the loss into a 1-element tensor; a loss is a 0-dimensional one, as in libtorch
// (the view records its gradient back to the kernel's [1]).
Tensor criterion_value(const Tensor &loss) { return loss.view({}); }

void check_same_shape(const char *fn, const Tensor &input, const Tensor &target) {
  check_arg(input, fn, "input");
  check_arg(target, fn, "target");
  if (input.sizes() != target.sizes())
    fail(std::string(fn) + ": target of size " + shape_str(target.sizes()) + " does not match input of size " +
         shape_str(input.sizes()));
}

const IndexArg kTarget{"target", "class indices", "target"};

// For the losses over class indices: input [N x C] or [C]; returns C after checking the target
// ([N], or [1] for one sample) and weight ([C] or undefined).
long check_class_input(const char *fn, const Tensor &input, const Tensor &target, const Tensor &weight) {
  check_dims(input, fn, "input", 1, 2);
  check_arg(target, fn, "target");
  long n = input.dim() == 2 ? input.size(0) : 1, classes = input.size(-1);
  if (target.dim() != 1 || target.size(0) != n)
    fail(std::string(fn) + ": target must be [" + std::to_string(n) + "] (one class index per sample of input " +
         shape_str(input.sizes()) + "), got size " + shape_str(target.sizes()));
  if (weight.defined() && weight.sizes() != Shape{classes})
    fail(std::string(fn) + ": weight must be [" + std::to_string(classes) + "] (one per class), got size " +
         shape_str(weight.sizes()));
  return classes;
}
}  // namespace

namespace functional {

namespace {
// ClassNLLCriterion over log-probabilities; fn names the caller in messages.
Tensor class_nll(const char *fn, const Tensor &input, const Tensor &target, const Tensor &weight, long ignore_index,
                 Reduction reduction) {
  long classes = check_class_input(fn, input, target, weight);
  Tensor t = one_based(target, classes, input.device(), fn, kTarget, ignore_index);
  bool average = reduction == kMean;
  long ignore = ignore_index + 1;  // THNN compares it with the 1-based targets
  // buffers: the weights, and total_weight (the divisor, from the forward pass to the backward)
  return criterion_value(thnn::apply(
      {"ClassNLLCriterion", input, {}, {weight, make_empty(input.options())}},
      [t, average, ignore](auto &a) {
        EMBER_THNN(ClassNLLCriterion_updateOutput, a)(a.state, a.input, long_th(t, a), a.output, average, a.buffers[0],
                                                      a.buffers[1], ignore);
      },
      [t, average, ignore](auto &a) {
        EMBER_THNN(ClassNLLCriterion_updateGradInput, a)(a.state, a.input, long_th(t, a), a.grad_input, average,
                                                         a.buffers[0], a.buffers[1], ignore);
        scale_by_grad_output(a);
      }));
}
}  // namespace

namespace {
// SpatialClassNLLCriterion: ClassNLL at every pixel of [N x C x H x W] log-probabilities.
Tensor spatial_nll(const char *fn, const Tensor &input, const Tensor &target, const Tensor &weight,
                   Reduction reduction) {
  check_arg(target, fn, "target");
  long n = input.size(0), classes = input.size(1), h = input.size(2), w = input.size(3);
  if (target.sizes() != Shape{n, h, w})
    fail(std::string(fn) + ": target must be " + shape_str({n, h, w}) + " (one class index per pixel of input " +
         shape_str(input.sizes()) + "), got size " + shape_str(target.sizes()));
  if (weight.defined() && weight.sizes() != Shape{classes})
    fail(std::string(fn) + ": weight must be [" + std::to_string(classes) + "] (one per class), got size " +
         shape_str(weight.sizes()));
  check_dtype(weight, input, fn, "weight");
  Tensor t = one_based(target, classes, input.device(), fn, kTarget);
  bool average = reduction == kMean;
  // buffers: the weights, and total_weight (the divisor, from the forward pass to the backward)
  return criterion_value(thnn::apply(
      {"SpatialClassNLLCriterion", input, {}, {weight, make_empty(input.options())}},
      [t, average](auto &a) {
        EMBER_THNN(SpatialClassNLLCriterion_updateOutput, a)(a.state, a.input, long_th(t, a), a.output, average,
                                                             a.buffers[0], a.buffers[1]);
      },
      [t, average](auto &a) {
        EMBER_THNN(SpatialClassNLLCriterion_updateGradInput, a)(a.state, a.input, long_th(t, a), a.grad_input, average,
                                                                a.buffers[0], a.buffers[1]);
        scale_by_grad_output(a);
      }));
}
}  // namespace

Tensor nll_loss(const Tensor &input, const Tensor &target, const Tensor &weight, long ignore_index,
                Reduction reduction) {
  if (input.defined() && input.dim() == 4) return spatial_nll("nll_loss", input, target, weight, reduction);
  return class_nll("nll_loss", input, target, weight, ignore_index, reduction);
}

Tensor cross_entropy(const Tensor &input, const Tensor &target, const Tensor &weight, long ignore_index,
                     Reduction reduction) {
  if (input.defined() && input.dim() == 4)
    return spatial_nll("cross_entropy", log_softmax(input, 1), target, weight, reduction);
  check_class_input("cross_entropy", input, target, weight);
  return class_nll("cross_entropy", log_softmax(input, -1), target, weight, ignore_index, reduction);
}

// The element-wise criteria: (input, target, output or gradInput, sizeAverage).
#define EMBER_NN_CRITERION(FN, NAME)                                                                         \
  Tensor FN(const Tensor &input, const Tensor &target, Reduction reduction) {                               \
    check_same_shape(#FN, input, target);                                                                   \
    bool average = reduction == kMean;                                                                      \
    return criterion_value(thnn::apply(                                                                                     \
        {#NAME, input, {}, {target}},                                                                       \
        [average](auto &a) {                                                                                \
          EMBER_THNN(NAME##_updateOutput, a)(a.state, a.input, a.buffers[0], a.output, average);            \
        },                                                                                                  \
        [average](auto &a) {                                                                                \
          EMBER_THNN(NAME##_updateGradInput, a)(a.state, a.input, a.buffers[0], a.grad_input, average);     \
          scale_by_grad_output(a);                                                                          \
        }));                                                                                                 \
  }
EMBER_NN_CRITERION(mse_loss, MSECriterion)
EMBER_NN_CRITERION(l1_loss, AbsCriterion)
EMBER_NN_CRITERION(smooth_l1_loss, SmoothL1Criterion)
EMBER_NN_CRITERION(kl_div, DistKLDivCriterion)
EMBER_NN_CRITERION(soft_margin_loss, SoftMarginCriterion)
#undef EMBER_NN_CRITERION

Tensor binary_cross_entropy(const Tensor &input, const Tensor &target, const Tensor &weight, Reduction reduction) {
  check_same_shape("binary_cross_entropy", input, target);
  Tensor w;
  if (weight.defined()) {
    NoGradGuard no_grad;
    w = weight.expand(input.sizes()).contiguous();
  }
  bool average = reduction == kMean;
  return criterion_value(thnn::apply(
      {"BCECriterion", input, {}, {target, w}},
      [average](auto &a) {
        EMBER_THNN(BCECriterion_updateOutput, a)(a.state, a.input, a.buffers[0], a.output, average, a.buffers[1]);
      },
      [average](auto &a) {
        EMBER_THNN(BCECriterion_updateGradInput, a)(a.state, a.input, a.buffers[0], a.grad_input, average,
                                                    a.buffers[1]);
        scale_by_grad_output(a);
      }));
}

// -log(sigmoid(x)) t - log(1 - sigmoid(x)) (1 - t) = (1 - t) x - logsigmoid(x): no exp(x) overflow.
Tensor binary_cross_entropy_with_logits(const Tensor &input, const Tensor &target, const Tensor &weight,
                                        Reduction reduction) {
  check_same_shape("binary_cross_entropy_with_logits", input, target);
  Tensor loss = (1.0 - target) * input - logsigmoid(input);
  if (weight.defined()) loss = loss * weight;
  return reduction == kMean ? loss.mean() : loss.sum();
}

Tensor multi_margin_loss(const Tensor &input, const Tensor &target, int p, double margin, const Tensor &weight,
                         Reduction reduction) {
  long classes = check_class_input("multi_margin_loss", input, target, weight);
  if (p != 1 && p != 2) fail("multi_margin_loss: p must be 1 or 2, got " + std::to_string(p));
  Tensor t = one_based(target, classes, input.device(), "multi_margin_loss", kTarget);
  bool average = reduction == kMean;
  return criterion_value(thnn::apply(
      {"MultiMarginCriterion", input, {}, {weight}},
      [t, average, p, margin](auto &a) {
        EMBER_THNN(MultiMarginCriterion_updateOutput, a)(a.state, a.input, long_th(t, a), a.output, average, p,
                                                         a.buffers[0], margin);
      },
      [t, average, p, margin](auto &a) {
        EMBER_THNN(MultiMarginCriterion_updateGradInput, a)(a.state, a.input, long_th(t, a), a.grad_input, average, p,
                                                            a.buffers[0], margin);
        scale_by_grad_output(a);
      }));
}

Tensor multilabel_margin_loss(const Tensor &input, const Tensor &target, Reduction reduction) {
  const char *fn = "multilabel_margin_loss";
  check_dims(input, fn, "input", 1, 2);
  check_same_shape(fn, input, target);
  // -1 ends a row's targets: 1-based, it becomes THNN's terminating 0.
  Tensor t = one_based(target, input.size(-1), input.device(), fn, kTarget, -1);
  bool average = reduction == kMean;
  return criterion_value(thnn::apply(
      {"MultiLabelMarginCriterion", input, {}, {make_empty(input.options())}},
      [t, average](auto &a) {
        EMBER_THNN(MultiLabelMarginCriterion_updateOutput, a)(a.state, a.input, long_th(t, a), a.output, a.buffers[0],
                                                              average);
      },
      [t, average](auto &a) {
        EMBER_THNN(MultiLabelMarginCriterion_updateGradInput, a)(a.state, a.input, long_th(t, a), a.grad_input,
                                                                 a.buffers[0], average);
        scale_by_grad_output(a);
      }));
}

// No THNN kernel: composed of logsigmoid, whose node gives the gradient.
Tensor multilabel_soft_margin_loss(const Tensor &input, const Tensor &target, const Tensor &weight,
                                   Reduction reduction) {
  const char *fn = "multilabel_soft_margin_loss";
  check_dims(input, fn, "input", 2, 2);
  check_same_shape(fn, input, target);
  if (weight.defined() && weight.sizes() != Shape{input.size(1)})
    fail(std::string(fn) + ": weight must be [" + std::to_string(input.size(1)) + "] (one per class), got size " +
         shape_str(weight.sizes()));
  Tensor loss = -(target * logsigmoid(input) + (1.0 - target) * logsigmoid(-input));
  if (weight.defined()) loss = loss * weight;
  Tensor per_sample = loss.mean(1);
  return reduction == kMean ? per_sample.mean() : per_sample.sum();
}

}  // namespace functional

// ------------------------------------------------------------------------------------ modules
namespace F = functional;

void Loss::pretty_print(std::ostream &os) const {
  os << type_name() << "(reduction=" << (reduction == kMean ? "mean" : "sum") << ")";
}

CrossEntropyLossImpl::CrossEntropyLossImpl(const CrossEntropyLossOptions &o)
    : Loss("CrossEntropyLoss", o.reduction_), weight(o.weight_), ignore_index(o.ignore_index_) {
  register_buffer("weight", &weight);
}

Tensor CrossEntropyLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::cross_entropy(input, target, weight, ignore_index, reduction);
}

NLLLossImpl::NLLLossImpl(const NLLLossOptions &o) : Loss("NLLLoss", o.reduction_), weight(o.weight_), ignore_index(o.ignore_index_) {
  register_buffer("weight", &weight);
}

Tensor NLLLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::nll_loss(input, target, weight, ignore_index, reduction);
}

Tensor MSELossImpl::forward(const Tensor &input, const Tensor &target) { return F::mse_loss(input, target, reduction); }
Tensor L1LossImpl::forward(const Tensor &input, const Tensor &target) { return F::l1_loss(input, target, reduction); }
Tensor SmoothL1LossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::smooth_l1_loss(input, target, reduction);
}
Tensor KLDivLossImpl::forward(const Tensor &input, const Tensor &target) { return F::kl_div(input, target, reduction); }
Tensor SoftMarginLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::soft_margin_loss(input, target, reduction);
}
Tensor MultiLabelMarginLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::multilabel_margin_loss(input, target, reduction);
}

BCELossImpl::BCELossImpl(Reduction r, Tensor w) : Loss("BCELoss", r), weight(std::move(w)) { register_buffer("weight", &weight); }

Tensor BCELossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::binary_cross_entropy(input, target, weight, reduction);
}

BCEWithLogitsLossImpl::BCEWithLogitsLossImpl(Reduction r, Tensor w) : Loss("BCEWithLogitsLoss", r), weight(std::move(w)) {
  register_buffer("weight", &weight);
}

Tensor BCEWithLogitsLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::binary_cross_entropy_with_logits(input, target, weight, reduction);
}

MultiMarginLossImpl::MultiMarginLossImpl(int p_, double margin_, Tensor w, Reduction r)
    : Loss("MultiMarginLoss", r), p(p_), margin(margin_), weight(std::move(w)) {
  if (p != 1 && p != 2) fail("MultiMarginLoss: p must be 1 or 2, got " + std::to_string(p));
  register_buffer("weight", &weight);
}

Tensor MultiMarginLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::multi_margin_loss(input, target, p, margin, weight, reduction);
}

MultiLabelSoftMarginLossImpl::MultiLabelSoftMarginLossImpl(Reduction r, Tensor w)
    : Loss("MultiLabelSoftMarginLoss", r), weight(std::move(w)) {
  register_buffer("weight", &weight);
}

Tensor MultiLabelSoftMarginLossImpl::forward(const Tensor &input, const Tensor &target) {
  return F::multilabel_soft_margin_loss(input, target, weight, reduction);
}

}  // namespace ember::nn
