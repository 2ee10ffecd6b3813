#pragma once
// libtorch's tensor indexing: t.index({Slice(1, None, 2), 0, Ellipsis, None}) reads what Python's
// t[1::2, 0, ..., None] reads, and t.index_put_({...}, value) writes there (Tensor::index, tensor.hpp).
// An index is an integer (negative counts from the end; removes the dimension, so indexing a 1-D
// tensor with one integer gives a 0-dimensional tensor, as in libtorch), a Slice (start, stop
// with negative bounds, step > 0; keeps it), None (inserts a dimension of size 1), Ellipsis (as many
// full slices as needed), or one tensor: Long indices along one dimension (negative count from the
// end) or a Bool mask over as many dimensions as it has. At most one tensor index per call.
#include <ember/tensor.hpp>

#include <optional>

namespace ember::indexing {

// A missing Slice bound (Slice(None, 3)) or, as an index, a new dimension of size 1.
constexpr std::nullopt_t None = std::nullopt;

struct EllipsisIndexType {};
constexpr EllipsisIndexType Ellipsis;

// start:stop:step; a missing bound is the start or the end of the dimension.
struct Slice {
  Slice(std::optional<long> start_ = None, std::optional<long> stop_ = None, long step_ = 1)
      : start(start_), stop(stop_), step(step_) {}
  std::optional<long> start, stop;
  long step;
};

// One entry of an index list: what converts to it implicitly is what libtorch accepts.
class TensorIndex {
 public:
  enum class Kind { Integer, Slice, None, Ellipsis, Tensor };
  TensorIndex(long integer) : kind_(Kind::Integer), integer_(integer) {}
  TensorIndex(int integer) : TensorIndex((long)integer) {}
  TensorIndex(Slice slice) : kind_(Kind::Slice), slice_(slice) {}
  TensorIndex(std::nullopt_t) : kind_(Kind::None) {}
  TensorIndex(EllipsisIndexType) : kind_(Kind::Ellipsis) {}
  TensorIndex(Tensor tensor) : kind_(Kind::Tensor), tensor_(std::move(tensor)) {}

  Kind kind() const { return kind_; }
  long integer() const { return integer_; }
  const Slice &slice() const { return slice_; }
  const Tensor &tensor() const { return tensor_; }

 private:
  Kind kind_;
  long integer_ = 0;
  Slice slice_;
  Tensor tensor_;
};

}  // namespace ember::indexing
