#pragma once
// The one conversion of ember's 0-based Long indices to the 1-based Long tensors that TH's, THC's,
// THNN's and THCUNN's index arguments take, shared by the tensor operations and the nn layer.
#include <optional>
#include <string>

#include "tensor_impl.hpp"

namespace ember::detail {

// How th_index reads an index tensor.
struct IndexRule {
  const char *what = "index";   // the value's name in the error ("index", "target", "id")
  bool allow_negative = false;  // a negative index counts from the end (t.index)
  std::optional<long> ignore;   // a value passed on unchecked, as ignore + 1 (nll_loss's ignore_index)
};

// index (Long) checked against [0, bound) on the host, then copied 1-based (TH_INDEX_BASE) into a
// contiguous Long tensor of index's shape on index's device, so that a bad index is this error and
// never a TH or kernel abort: "<op>: <what> <value> at position [i][j] is out of range for a
// dimension of size <bound>".
Tensor th_index(const Tensor &index, long bound, const std::string &op, const IndexRule &rule = {});

// "[i][j]": the subscript of row-major position `flat` in a tensor of `shape`.
std::string subscript(long flat, const Shape &shape);

// The handle of a Long tensor for the kernels of X's dispatch tag (a tag or THNN's Args):
// THLongTensor* on the CPU, THCudaLongTensor* on CUDA.
template <class X> auto *long_th(const Tensor &index, const X &) {
  return index.th(DeviceTag<tag_of_t<X>, long>{});
}

}  // namespace ember::detail
