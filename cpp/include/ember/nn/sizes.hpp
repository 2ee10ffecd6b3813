#pragma once
// The sizes the layers take per spatial dimension (kernel, stride, padding, dilation), implicit from
// one number as libtorch's ExpandingArray: Size2(3) is 3x3, Size2(3, 5) (or {3, 5}) is 3 high and 5
// wide; Size3(3) is 3x3x3, Size3(2, 3, 5) is 2 deep, 3 high and 5 wide.
#include <iosfwd>

namespace ember::nn {

struct Size2 {
  Size2(long both) : h(both), w(both) {}  // NOLINT: implicit
  Size2(long h_, long w_) : h(h_), w(w_) {}
  bool operator==(const Size2 &o) const { return h == o.h && w == o.w; }
  long h, w;
};

struct Size3 {
  Size3(long all) : d(all), h(all), w(all) {}  // NOLINT: implicit
  Size3(long d_, long h_, long w_) : d(d_), h(h_), w(w_) {}
  bool operator==(const Size3 &o) const { return d == o.d && h == o.h && w == o.w; }
  long d, h, w;
};

// As a module's repr prints them: 3 when every dimension has it (PyTorch would print (3, 3)), else (3, 5).
std::ostream &operator<<(std::ostream &os, const Size2 &s);
std::ostream &operator<<(std::ostream &os, const Size3 &s);

}  // namespace ember::nn
