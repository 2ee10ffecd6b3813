// Printing of Size2 and Size3 (nn/sizes.hpp).
#include <ember/nn/sizes.hpp>

#include <ostream>

namespace ember::nn {

std::ostream &operator<<(std::ostream &os, const Size2 &s) {
  if (s.h == s.w) return os << s.h;
  return os << "(" << s.h << ", " << s.w << ")";
}

std::ostream &operator<<(std::ostream &os, const Size3 &s) {
  if (s.d == s.h && s.h == s.w) return os << s.d;
  return os << "(" << s.d << ", " << s.h << ", " << s.w << ")";
}

}  // namespace ember::nn
