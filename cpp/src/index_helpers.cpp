// The index conversion of index_helpers.hpp.
#include "index_helpers.hpp"

#include <vector>

namespace ember::detail {

std::string subscript(long flat, const Shape &shape) {
  std::string s;
  for (size_t d = shape.size(); d-- > 0;) {
    s = "[" + std::to_string(flat % shape[d]) + "]" + s;
    flat /= shape[d];
  }
  return s;
}

Tensor th_index(const Tensor &index, long bound, const std::string &op, const IndexRule &rule) {
  check_defined(index, op.c_str());
  if (index.dtype() != kLong) fail(op + ": expected a Long index tensor, got " + dtype_name(index.dtype()));
  Tensor host = index.cpu().contiguous();
  const long *p = host.data<long>();
  std::vector<long> based((size_t)host.numel());
  for (long i = 0; i < host.numel(); i++) {
    if (rule.ignore && p[i] == *rule.ignore) {
      based[(size_t)i] = p[i] + TH_INDEX_BASE;
      continue;
    }
    long v = rule.allow_negative && p[i] < 0 ? p[i] + bound : p[i];
    if (v < 0 || v >= bound)
      fail(op + ": " + rule.what + " " + std::to_string(p[i]) + " at position " + subscript(i, host.sizes()) +
           " is out of range for a dimension of size " + std::to_string(bound));
    based[(size_t)i] = v + TH_INDEX_BASE;
  }
  return from_vector(based, index.sizes()).to(index.device());
}

}  // namespace ember::detail
