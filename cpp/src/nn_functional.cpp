// nn::functional's layers: each a THNN kernel triple behind thnn::apply, or (BatchNorm, Embedding,
// Dropout) one autograd node written out where the kernels' split does not fit the adapter.
#include <cmath>
#include <limits>

#include "nn_internal.hpp"

namespace ember::nn {

namespace internal {
using ember::detail::fail;

void check_arg(const Tensor &t, const std::string &fn, const char *arg) {
  if (!t.defined()) fail(fn + ": " + arg + " is undefined");
}

void check_dims(const Tensor &t, const std::string &fn, const char *arg, long lo, long hi) {
  check_arg(t, fn, arg);
  if (t.dim() < lo || t.dim() > hi)
    fail(fn + ": " + arg + " must have " + std::to_string(lo) + (lo == hi ? "" : " to " + std::to_string(hi)) +
         " dimensions, got size " + shape_str(t.sizes()));
}

void check_dtype(const Tensor &t, const Tensor &like, const std::string &fn, const char *arg) {
  if (t.defined() && t.dtype() != like.dtype())
    fail(fn + ": " + arg + " is " + dtype_name(t.dtype()) + " but the input is " + dtype_name(like.dtype()) +
         " (convert one with .to())");
  if (t.defined() && t.device() != like.device())
    fail(fn + ": " + arg + " is on " + t.device().str() + " but the input is on " + like.device().str() +
         " (move one with .to())");
}

int to_int(long v, const std::string &fn, const char *what) {
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    fail(fn + ": " + what + " " + std::to_string(v) + " is out of range");
  return (int)v;
}

Tensor reusable(std::vector<Tensor> &pool, Dtype dtype) {
  for (const Tensor &t : pool)
    if (t.impl_ptr().use_count() == 1 && t.dtype() == dtype) return t;
  pool.push_back(ember::detail::make_empty(dtype));
  return pool.back();
}

Index::Index() : cpu_(THLongTensor_new()) {}
Index::Index(THLongTensor *cpu) : cpu_(cpu) {}
Index::~Index() {
  THLongTensor_free(cpu_);
#ifdef EMBER_WITH_CUDA
  if (cuda_) THCudaLongTensor_free(ember::detail::thc_state(), cuda_);
#endif
}

THCudaLongTensor *Index::cuda() {
#ifdef EMBER_WITH_CUDA
  if (!cuda_) {
    THCState *state = ember::detail::thc_state();
    cuda_ = THCudaLongTensor_new(state);
    THCudaLongTensor_copyLong(state, cuda_, cpu_);
  }
  return cuda_;
#else
  ember::detail::thc_state();  // throws: built without CUDA
  return nullptr;
#endif
}

LongTensor reusable(std::vector<LongTensor> &pool) {
  for (const LongTensor &t : pool)
    if (t.use_count() == 1) return t;
  pool.push_back(std::make_shared<Index>());
  return pool.back();
}

LongTensor one_based_ids(const Tensor &ids, long count, const std::string &fn, const char *what,
                         std::optional<long> ignore) {
  check_arg(ids, fn, what);
  Tensor c = ids.detach().cpu().contiguous();
  long n = c.numel();
  auto r = std::make_shared<Index>(THLongTensor_newWithSize1d(n));
  long *out = THLongTensor_data(r->cpu());
  dispatch(c.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T *v = c.data<T>();
    for (long i = 0; i < n; i++) {
      T x = v[i];
      if (!(x == std::floor(x)))
        fail(fn + ": " + what + " " + std::to_string(x) + " at position " + std::to_string(i) + " is not an integer");
      long id = (long)x;
      if (ignore && id == *ignore) {
        out[i] = id + 1;
        continue;
      }
      if (id < 0 || id >= count)
        fail(fn + ": " + what + " " + std::to_string(id) + " at position " + std::to_string(i) + " is out of range [0, " +
             std::to_string(count) + ")");
      out[i] = id + 1;
    }
  });
  return r;
}
}  // namespace internal

using namespace internal;

// ------------------------------------------------------------------------------------ kernels with buffers
namespace {
struct ConvGeometry {
  int kW, kH, dW, dH, padW, padH, adjW, adjH;
};

ConvGeometry conv_geometry(const char *fn, const Tensor &weight, Size2 stride, Size2 padding, Size2 adj) {
  check_dims(weight, fn, "weight", 4, 4);
  return {to_int(weight.size(3), fn, "kernel width"), to_int(weight.size(2), fn, "kernel height"),
          to_int(stride.w, fn, "stride"),             to_int(stride.h, fn, "stride"),
          to_int(padding.w, fn, "padding"),           to_int(padding.h, fn, "padding"),
          to_int(adj.w, fn, "output_padding"),        to_int(adj.h, fn, "output_padding")};
}

struct PoolGeometry {
  int kW, kH, dW, dH, padW, padH;
};

PoolGeometry pool_geometry(const char *fn, Size2 kernel, Size2 stride, Size2 padding) {
  if (stride == Size2(0)) stride = kernel;
  return {to_int(kernel.w, fn, "kernel size"), to_int(kernel.h, fn, "kernel size"), to_int(stride.w, fn, "stride"),
          to_int(stride.h, fn, "stride"),      to_int(padding.w, fn, "padding"),    to_int(padding.h, fn, "padding")};
}
}  // namespace

Tensor internal::conv2d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size2 stride, Size2 padding,
                        const Tensor &finput, const Tensor &fgrad_input) {
  ConvGeometry g = conv_geometry("conv2d", weight, stride, padding, 0);
  return thnn::apply(
      {"SpatialConvolutionMM", input, {weight, bias}, {finput, fgrad_input}},
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1],
                                                         a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH, g.padW,
                                                         g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                            a.params[0], a.buffers[0], a.buffers[1], g.kW, g.kH,
                                                            g.dW, g.dH, g.padW, g.padH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialConvolutionMM_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_params[0],
                                                              a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
                                                              g.kH, g.dW, g.dH, g.padW, g.padH, a.scale);
      });
}

Tensor internal::max_pool2d(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding, bool ceil_mode,
                            const LongTensor &indices) {
  PoolGeometry g = pool_geometry("max_pool2d", kernel, stride, padding);
  return thnn::apply(
      {"SpatialMaxPooling", input},
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(SpatialMaxPooling_updateOutput, a)(a.state, a.input, a.output, indices->of(a), g.kW, g.kH, g.dW,
                                                      g.dH, g.padW, g.padH, ceil_mode);
      },
      [g, indices, ceil_mode](auto &a) {
        EMBER_THNN(SpatialMaxPooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                         indices->of(a), g.kW, g.kH, g.dW, g.dH, g.padW, g.padH,
                                                         ceil_mode);
      });
}

namespace functional {

using ember::detail::bump_version;
using ember::detail::make_empty;
using ember::detail::is_cuda_tag_v;
using ember::detail::wrap_dim;

// ------------------------------------------------------------------------------------ linear, conv
Tensor linear(const Tensor &input, const Tensor &weight, const Tensor &bias) {
  check_dims(weight, "linear", "weight", 2, 2);
  check_arg(input, "linear", "input");
  if (input.dim() > 2) {  // THNN's Linear takes [in] or [N x in]: fold the leading dimensions
    Shape shape = input.sizes();
    Tensor y = linear(input.reshape({-1, shape.back()}), weight, bias);
    shape.back() = weight.size(0);
    return y.view(shape);
  }
  if (input.is_cuda()) {  // THCUNN has no Linear: the same through addmm (cuBLAS) and a broadcast add
    Tensor y = input.matmul(weight.t());
    return bias.defined() ? y + bias : y;
  }
  return thnn::apply(
      {"Linear", input, {weight, bias}, {make_empty(input.options())}},
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1], a.buffers[0]);
      }),
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0]);
      }),
      thnn::cpu_only("Linear", [](auto &a) {
        EMBER_THNN(Linear_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_input, a.params[0],
                                                a.params[1], a.grad_params[0], a.grad_params[1], a.buffers[0],
                                                a.scale);
      }));
}

Tensor conv2d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size2 stride, Size2 padding) {
  check_arg(input, "conv2d", "input");
  // finput keeps this call's unfolded input until its backward: fresh buffers for every call.
  return internal::conv2d(input, weight, bias, stride, padding, make_empty(input.options()),
                          make_empty(input.options()));
}
Tensor conv_transpose2d(const Tensor &input, const Tensor &weight, const Tensor &bias, Size2 stride, Size2 padding,
                        Size2 output_padding) {
  ConvGeometry g = conv_geometry("conv_transpose2d", weight, stride, padding, output_padding);
  check_arg(input, "conv_transpose2d", "input");
  Dtype dt = input.dtype();  // buffers: columns, ones, gradColumns (scratch only)
  return thnn::apply(
      {"SpatialFullConvolution", input, {weight, bias}, {make_empty(dt), make_empty(dt), make_empty(dt)}},
      [g](auto &a) {
        EMBER_THNN(SpatialFullConvolution_updateOutput, a)(a.state, a.input, a.output, a.params[0], a.params[1],
                                                           a.buffers[0], a.buffers[1], g.kW, g.kH, g.dW, g.dH,
                                                           g.padW, g.padH, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialFullConvolution_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input,
                                                              a.params[0], a.buffers[2], g.kW, g.kH, g.dW, g.dH,
                                                              g.padW, g.padH, g.adjW, g.adjH);
      },
      [g](auto &a) {
        EMBER_THNN(SpatialFullConvolution_accGradParameters, a)(a.state, a.input, a.grad_output, a.grad_params[0],
                                                                a.grad_params[1], a.buffers[0], a.buffers[1], g.kW,
                                                                g.kH, g.dW, g.dH, g.padW, g.padH, g.adjW, g.adjH,
                                                                a.scale);
      });
}

// ------------------------------------------------------------------------------------ pooling
Tensor max_pool2d(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding, bool ceil_mode) {
  // The argmax of every window, from the forward pass to its backward (1-based, THNN's).
  return internal::max_pool2d(input, kernel, stride, padding, ceil_mode, std::make_shared<Index>());
}

Tensor avg_pool2d(const Tensor &input, Size2 kernel, Size2 stride, Size2 padding, bool ceil_mode,
                  bool count_include_pad) {
  PoolGeometry g = pool_geometry("avg_pool2d", kernel, stride, padding);
  return thnn::apply(
      {"SpatialAveragePooling", input},
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(SpatialAveragePooling_updateOutput, a)(a.state, a.input, a.output, g.kW, g.kH, g.dW, g.dH,
                                                          g.padW, g.padH, ceil_mode, count_include_pad);
      },
      [g, ceil_mode, count_include_pad](auto &a) {
        EMBER_THNN(SpatialAveragePooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, g.kW,
                                                             g.kH, g.dW, g.dH, g.padW, g.padH, ceil_mode,
                                                             count_include_pad);
      });
}

Tensor adaptive_avg_pool2d(const Tensor &input, Size2 output_size) {
  int ow = to_int(output_size.w, "adaptive_avg_pool2d", "output width");
  int oh = to_int(output_size.h, "adaptive_avg_pool2d", "output height");
  return thnn::apply(
      {"SpatialAdaptiveAveragePooling", input},
      [ow, oh](auto &a) {
        EMBER_THNN(SpatialAdaptiveAveragePooling_updateOutput, a)(a.state, a.input, a.output, ow, oh);
      },
      [](auto &a) {
        EMBER_THNN(SpatialAdaptiveAveragePooling_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input);
      });
}

// ------------------------------------------------------------------------------------ batch norm
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

// ------------------------------------------------------------------------------------ dropout
Tensor dropout(const Tensor &input, double p, bool training) {
  check_arg(input, "dropout", "input");
  if (!(p >= 0 && p <= 1)) fail("dropout: p must be in [0, 1], got " + std::to_string(p));
  if (!training || p == 0) return input;
  if (p == 1) return input * 0.0;
  // The mask is drawn on the CPU (the one generator) and copied to a CUDA input's device.
  Tensor mask = empty(input.sizes(), input.dtype());
  {
    NoGradGuard no_grad;
    dispatch(input.dtype(), [&](auto tag) { EMBER_TH(bernoulli, tag)(mask.th(tag), default_generator(), 1 - p); });
    mask.mul_(1 / (1 - p));
    mask = mask.to(input.device());
  }
  return input * mask;
}

// ------------------------------------------------------------------------------------ embedding
namespace {
// gw += the rows of g at the 1-based ids of index (LookupTable_accGradParameters). THCUNN sorts the
// ids into two index buffers of its own; THNN takes none.
template <typename Tag> void lookup_table_backward(Tag tag, Index &index, const Tensor &g, const Tensor &gw,
                                                   int padding) {
  if constexpr (is_cuda_tag_v<Tag>) {
    Index sorted, positions;
    EMBER_THNN(LookupTable_accGradParameters, tag)(thnn::state_of(tag), index.of(tag), g.th(tag), gw.th(tag),
                                                   nullptr, sorted.of(tag), positions.of(tag), false, padding, 1.0);
  } else {
    EMBER_THNN(LookupTable_accGradParameters, tag)(thnn::state_of(tag), index.of(tag), g.th(tag), gw.th(tag),
                                                   nullptr, nullptr, nullptr, false, padding, 1.0);
  }
}
}  // namespace

Tensor embedding(const Tensor &ids, const Tensor &weight, std::optional<long> padding_idx) {
  const std::string fn = "embedding";
  check_dims(weight, fn, "weight", 2, 2);
  long rows = weight.size(0), dim = weight.size(1);
  if (padding_idx && (*padding_idx < -rows || *padding_idx >= rows))
    fail("embedding: padding_idx " + std::to_string(*padding_idx) + " is out of range for " + std::to_string(rows) +
         " rows");
  LongTensor index = one_based_ids(ids, rows, fn, "id");
  Tensor output = make_empty(weight.options());
  ember::detail::dispatch_on(weight, [&](auto tag) {
    EMBER_TH(indexSelect, tag)(output.th(tag), weight.th(tag), 0, index->of(tag));
  });
  Shape shape = ids.sizes();
  shape.push_back(dim);
  output = output.view(shape);
  if (!autograd::needs_record({weight})) return output;
  // LookupTable skips the positions whose 1-based id equals paddingValue (0: none).
  int padding = padding_idx ? (int)((*padding_idx + rows) % rows + 1) : 0;
  autograd::record("EmbeddingBackward", {output}, {weight},
                   [index, rows, dim, padding, options = weight.options()](const tensor_list &grads,
                                                                           const std::vector<bool> &) {
                     Tensor gw = zeros({rows, dim}, options), g = grads[0].contiguous();
                     ember::detail::dispatch_on(gw, [&](auto tag) { lookup_table_backward(tag, *index, g, gw, padding); });
                     return tensor_list{gw};
                   });
  return output;
}

// ------------------------------------------------------------------------------------ activations
// relu, tanh and sigmoid are Tensor's methods (tensor_math.cpp), under the names libtorch also has.
Tensor relu(const Tensor &input) { return input.relu(); }
Tensor tanh(const Tensor &input) { return input.tanh(); }
Tensor sigmoid(const Tensor &input) { return input.sigmoid(); }

Tensor leaky_relu(const Tensor &input, double negative_slope) {
  return thnn::apply(
      {"LeakyReLU", input},
      [negative_slope](auto &a) {
        EMBER_THNN(LeakyReLU_updateOutput, a)(a.state, a.input, a.output, negative_slope, false);
      },
      [negative_slope](auto &a) {
        EMBER_THNN(LeakyReLU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, negative_slope,
                                                 false);
      });
}

Tensor elu(const Tensor &input, double alpha) {
  return thnn::apply(
      {"ELU", input, {}, {}, /*save_output=*/true},
      [alpha](auto &a) { EMBER_THNN(ELU_updateOutput, a)(a.state, a.input, a.output, alpha, false); },
      [alpha](auto &a) {
        EMBER_THNN(ELU_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output, alpha, false);
      });
}

// The modules whose gradient is a function of their output: (input, gradOutput, gradInput, output).
#define EMBER_NN_OUTPUT_GRAD_MODULE(FN, NAME)                                                                  \
  Tensor FN(const Tensor &input) {                                                                            \
    return thnn::apply(                                                                                       \
        {#NAME, input, {}, {}, /*save_output=*/true},                                                         \
        [](auto &a) { EMBER_THNN(NAME##_updateOutput, a)(a.state, a.input, a.output); },                      \
        [](auto &a) {                                                                                         \
          EMBER_THNN(NAME##_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output);     \
        });                                                                                                   \
  }
namespace {
EMBER_NN_OUTPUT_GRAD_MODULE(log_softmax_rows, LogSoftMax)
EMBER_NN_OUTPUT_GRAD_MODULE(softmax_rows, SoftMax)
}  // namespace
#undef EMBER_NN_OUTPUT_GRAD_MODULE

Tensor softplus(const Tensor &input, double beta, double threshold) {
  return thnn::apply(
      {"SoftPlus", input, {}, {}, /*save_output=*/true},
      [beta, threshold](auto &a) { EMBER_THNN(SoftPlus_updateOutput, a)(a.state, a.input, a.output, beta, threshold); },
      [beta, threshold](auto &a) {
        EMBER_THNN(SoftPlus_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.output, beta,
                                                threshold);
      });
}

Tensor logsigmoid(const Tensor &input) {
  return thnn::apply(
      {"LogSigmoid", input, {}, {make_empty(input.options())}},
      [](auto &a) { EMBER_THNN(LogSigmoid_updateOutput, a)(a.state, a.input, a.output, a.buffers[0]); },
      [](auto &a) {
        EMBER_THNN(LogSigmoid_updateGradInput, a)(a.state, a.input, a.grad_output, a.grad_input, a.buffers[0]);
      });
}

namespace {
// THNN's (Log)SoftMax normalises 1-D over dimension 0, 2-D over 1, 3-D over 0 and 4-D over 1; any
// other dimension is moved last and the tensor seen as rows.
Tensor softmax_along(const Tensor &input, long dim, const char *fn, Tensor (*rows)(const Tensor &)) {
  check_arg(input, fn, "input");
  long nd = input.dim();
  dim = wrap_dim(dim, nd, fn);
  if (input.is_cuda()) {
    // No THCUNN yet: exp(x - max) / sum, the max (a constant shift) taken without history.
    Tensor shift;
    {
      NoGradGuard no_grad;
      shift = std::get<0>(input.max(dim, true));
    }
    Tensor z = input - shift, e = z.exp(), sum = e.sum(dim, true);
    return std::string(fn) == "softmax" ? e / sum : z - sum.log();
  }
  if ((nd == 1 || nd == 3) ? dim == 0 : (nd == 2 || nd == 4) && dim == 1) return rows(input);
  Tensor moved = dim == nd - 1 ? input : input.transpose(dim, nd - 1);
  Tensor y = rows(moved.reshape({-1, input.size(dim)})).view(moved.sizes());
  return dim == nd - 1 ? y : y.transpose(dim, nd - 1);
}
}  // namespace

Tensor log_softmax(const Tensor &input, long dim) { return softmax_along(input, dim, "log_softmax", log_softmax_rows); }
Tensor softmax(const Tensor &input, long dim) { return softmax_along(input, dim, "softmax", softmax_rows); }

}  // namespace functional
}  // namespace ember::nn
