// Embedding: functional::embedding (an index select; one autograd node whose backward is THNN's
// LookupTable_accGradParameters) and the Embedding module.
#include <ember/nn/embedding.hpp>
#include <ember/nn/init.hpp>

#include <ostream>

#include "nn_internal.hpp"

namespace ember::nn {

using ember::detail::bump_version;
using ember::detail::fail;
using ember::detail::is_cuda_tag_v;
using ember::detail::make_empty;
using namespace internal;

namespace functional {

namespace {
// gw += the rows of g at the 1-based ids of index (LookupTable_accGradParameters). THCUNN sorts the
// ids into two index buffers of its own; THNN takes none.
template <typename Tag> void lookup_table_backward(Tag tag, const Tensor &index, const Tensor &g, const Tensor &gw,
                                                   int padding) {
  if constexpr (is_cuda_tag_v<Tag>) {
    Tensor sorted = make_empty({kLong, gw.device()}), positions = make_empty({kLong, gw.device()});
    EMBER_THNN(LookupTable_accGradParameters, tag)(thnn::state_of(tag), long_th(index, tag), g.th(tag), gw.th(tag),
                                                   nullptr, long_th(sorted, tag), long_th(positions, tag), false,
                                                   padding, 1.0);
  } else {
    EMBER_THNN(LookupTable_accGradParameters, tag)(thnn::state_of(tag), long_th(index, tag), g.th(tag), gw.th(tag),
                                                   nullptr, nullptr, nullptr, false, padding, 1.0);
  }
}
}  // namespace

Tensor embedding(const Tensor &ids, const Tensor &weight, std::optional<long> padding_idx,
                 std::optional<double> max_norm, double norm_type) {
  const std::string fn = "embedding";
  check_dims(weight, fn, "weight", 2, 2);
  long rows = weight.size(0), dim = weight.size(1);
  if (padding_idx && (*padding_idx < -rows || *padding_idx >= rows))
    fail("embedding: padding_idx " + std::to_string(*padding_idx) + " is out of range for " + std::to_string(rows) +
         " rows");
  if (max_norm && !(*max_norm > 0)) fail("embedding: max_norm must be positive, got " + std::to_string(*max_norm));
  if (!(norm_type > 0)) fail("embedding: norm_type must be positive, got " + std::to_string(norm_type));
  Tensor index = one_based(ids, rows, weight.device(), fn, {"input", "ids", "id"}).reshape({-1});
  if (max_norm) {
    // The referenced rows are rescaled in place, outside the graph, as PyTorch does.
    ember::detail::dispatch_on(weight, [&](auto tag) {
      EMBER_THNN(LookupTable_renorm, tag)(thnn::state_of(tag), long_th(index, tag), weight.th(tag), *max_norm,
                                          norm_type);
    });
    bump_version(weight);
  }
  Tensor output = make_empty(weight.options());
  ember::detail::dispatch_on(weight, [&](auto tag) {
    EMBER_TH(indexSelect, tag)(output.th(tag), weight.th(tag), 0, long_th(index, tag));
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
                     ember::detail::dispatch_on(gw,
                                                [&](auto tag) { lookup_table_backward(tag, index, g, gw, padding); });
                     return tensor_list{gw};
                   });
  return output;
}

}  // namespace functional

// ------------------------------------------------------------------------------------ module
EmbeddingImpl::EmbeddingImpl(const EmbeddingOptions &o)
    : Module("Embedding"), num_embeddings(o.num_embeddings()), embedding_dim(o.embedding_dim()),
      padding_idx(o.padding_idx() && *o.padding_idx() < 0 ? std::optional<long>(*o.padding_idx() + num_embeddings)
                                                          : o.padding_idx()),
      max_norm(o.max_norm()), norm_type(o.norm_type()) {
  long num = num_embeddings, dim = embedding_dim;
  if (num <= 0) fail("Embedding: num_embeddings must be positive, got " + std::to_string(num));
  if (dim <= 0) fail("Embedding: embedding_dim must be positive, got " + std::to_string(dim));
  if (padding_idx && (*padding_idx < 0 || *padding_idx >= num))
    fail("Embedding: padding_idx " + std::to_string(*o.padding_idx()) + " is out of range for " + std::to_string(num) +
         " rows");
  if (max_norm && !(*max_norm > 0)) fail("Embedding: max_norm must be positive, got " + std::to_string(*max_norm));
  if (!(norm_type > 0)) fail("Embedding: norm_type must be positive, got " + std::to_string(norm_type));
  weight = empty({num, dim});
  reset_parameters();
  register_parameter("weight", &weight);
}

void EmbeddingImpl::reset_parameters() {
  init::normal_(weight);
  if (padding_idx) {
    NoGradGuard no_grad;
    weight.select(0, *padding_idx).zero_();
  }
}

Tensor EmbeddingImpl::forward(const Tensor &ids) {
  return functional::embedding(ids, weight, padding_idx, max_norm, norm_type);
}

void EmbeddingImpl::pretty_print(std::ostream &os) const {
  os << "Embedding(" << num_embeddings << ", " << embedding_dim;
  if (padding_idx) os << ", padding_idx=" << *padding_idx;
  if (max_norm) os << ", max_norm=" << *max_norm;
  if (norm_type != 2) os << ", norm_type=" << norm_type;
  os << ")";
}

Embedding Embedding::from_pretrained(const Tensor &embeddings, bool freeze, std::optional<long> padding_idx,
                                     std::optional<double> max_norm, double norm_type) {
  check_dims(embeddings, "Embedding::from_pretrained", "embeddings", 2, 2);
  Embedding e(EmbeddingOptions(embeddings.size(0), embeddings.size(1))
                  .padding_idx(padding_idx)
                  .max_norm(max_norm)
                  .norm_type(norm_type));
  {
    NoGradGuard no_grad;
    e->weight = embeddings.detach().clone();
  }
  e->weight.requires_grad_(!freeze);
  return e;
}

}  // namespace ember::nn
