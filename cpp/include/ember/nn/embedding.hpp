#pragma once
// Embedding tables: nn::functional::embedding and the Embedding module. Ids are Long tensors of
// 0-based row numbers (any shape; other integral dtypes are converted); a Float, Double or Bool
// tensor of ids, or an id out of range, throws, naming it.
// (No EmbeddingBag: THNN has no LookupTableBag kernel, only THCUNN does.)
#include <ember/autograd.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/options.hpp>

#include <optional>

namespace ember::nn::functional {

// Rows of weight [num x dim] picked by ids: the result is ids' shape + [dim]. The row padding_idx
// (negative: counted from the end) gets no gradient. With max_norm, first rescales in place (without
// history) every row that ids reference whose norm_type-norm exceeds max_norm to norm max_norm
// (THNN's LookupTable_renorm, as PyTorch does).
Tensor embedding(const Tensor &ids, const Tensor &weight, std::optional<long> padding_idx = std::nullopt,
                 std::optional<double> max_norm = std::nullopt, double norm_type = 2);

}  // namespace ember::nn::functional

namespace ember::nn {

struct EmbeddingOptions {
  EmbeddingOptions(long num_embeddings, long embedding_dim)
      : num_embeddings_(num_embeddings), embedding_dim_(embedding_dim) {}
  EMBER_NN_OPTION(long, num_embeddings)
  EMBER_NN_OPTION(long, embedding_dim)
  EMBER_NN_OPTION(std::optional<long>, padding_idx)
  EMBER_NN_OPTION(std::optional<double>, max_norm)
  EMBER_NN_OPTION(double, norm_type)

 private:
  long num_embeddings_, embedding_dim_;
  std::optional<long> padding_idx_;
  std::optional<double> max_norm_;
  double norm_type_ = 2;
};

// weight [num_embeddings x embedding_dim], N(0, 1) (the padding row zeroed); forward takes ids and
// gives ids' shape + [embedding_dim].
class EmbeddingImpl : public Module {
 public:
  explicit EmbeddingImpl(const EmbeddingOptions &options);
  EmbeddingImpl(long num_embeddings, long embedding_dim, std::optional<long> padding_idx = std::nullopt)
      : EmbeddingImpl(EmbeddingOptions(num_embeddings, embedding_dim).padding_idx(padding_idx)) {}
  Tensor forward(const Tensor &ids) override;
  void pretty_print(std::ostream &os) const override;
  void reset_parameters();
  Tensor weight;
  const long num_embeddings, embedding_dim;
  const std::optional<long> padding_idx;  // in [0, num_embeddings)
  const std::optional<double> max_norm;
  const double norm_type;
};

class Embedding : public ModuleHolder<EmbeddingImpl> {
 public:
  using ModuleHolder<EmbeddingImpl>::ModuleHolder;
  // An Embedding whose weight is a copy of embeddings [num x dim]; freeze: the weight does not
  // require grad.
  static Embedding from_pretrained(const Tensor &embeddings, bool freeze = true,
                                   std::optional<long> padding_idx = std::nullopt,
                                   std::optional<double> max_norm = std::nullopt, double norm_type = 2);
};

}  // namespace ember::nn
