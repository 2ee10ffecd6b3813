// operator<<: Torch7's tensor format. One common format for every value (integers without a
// point, otherwise 4 decimals, or scientific when the magnitudes are far from 1; integral dtypes always
// as integers, every digit, and Bool as 0 and 1, as Torch7 printed its ByteTensor masks), values in columns,
// 3-D and higher printed as 2-D slices headed "(i,j,.,.) = ", and a last line
// "[torch.FloatTensor of size 2x3]" ("of size []" after a 0-dimensional tensor's value). Past
// kSummarize elements, only the first and last kEdge rows, columns and slices of each dimension are
// shown, with "..." between.
#include "tensor_impl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

namespace ember {

namespace {
constexpr long kSummarize = 1000;
constexpr long kEdge = 3;

struct Format {
  bool integer = true, scientific = false;
  int width = 1;

  // Values are long doubles: every Long (64-bit) value is exact in their 64-bit mantissa.
  std::string operator()(long double v) const {
    char buf[64];
    if (scientific) std::snprintf(buf, sizeof buf, "%*.4Le", width, v);
    else std::snprintf(buf, sizeof buf, "%*.*Lf", width, integer ? 0 : 4, v);
    return buf;
  }
};

Format choose_format(const std::vector<long double> &values, bool integral_dtype) {
  Format f;
  long double max_abs = 0, min_abs = INFINITY;
  for (long double v : values) {
    if (!std::isfinite(v)) continue;
    if (v != std::floor(v)) f.integer = false;
    max_abs = std::max(max_abs, std::fabs(v));
    if (v != 0) min_abs = std::min(min_abs, std::fabs(v));
  }
  int digits = max_abs >= 1 ? (int)std::floor(std::log10(max_abs)) + 1 : 1;
  if (f.integer) {
    f.scientific = !integral_dtype && digits > 9;
  } else {
    f.scientific = max_abs >= 1e5 || (min_abs < 1e-4 && max_abs < 1e-3);
  }
  // One column for the sign, then the digits (and the fraction or exponent).
  f.width = f.scientific ? 11 : f.integer ? digits + 1 : digits + 6;
  for (double v : values)
    if (!std::isfinite(v)) f.width = std::max(f.width, (int)f(v).size());
  return f;
}

// The indices shown along a dimension of size n.
std::vector<long> shown(long n, bool summarize) {
  std::vector<long> idx;
  for (long i = 0; i < n; i++) {
    if (summarize && n > 2 * kEdge && i == kEdge) {
      idx.push_back(-1);  // the "..." marker
      i = n - kEdge;
    }
    idx.push_back(i);
  }
  return idx;
}

struct Printer {
  std::ostream &out;
  Shape size, stride;
  Tensor t;
  Format fmt;
  bool summarize;

  long double at(const std::vector<long> &index) const {
    long off = 0;
    for (size_t i = 0; i < index.size(); i++) off += index[i] * stride[i];
    detail::check_cpu_kernel(t, "print");
    return dispatch_all(t.dtype(), [&](auto tag) {
      auto *h = t.th(tag);
      return (long double)h->storage->data[h->storageOffset + off];
    });
  }

  void matrix(std::vector<long> index) {  // the last two dimensions (or the only one)
    size_t nd = size.size();
    bool one_d = nd == 1;
    long rows = one_d ? size[0] : size[nd - 2], cols = one_d ? 1 : size[nd - 1];
    index.resize(nd);
    for (long r : shown(rows, summarize)) {
      if (r < 0) {
        out << " ...\n";
        continue;
      }
      index[one_d ? 0 : nd - 2] = r;
      std::string line;
      for (long c : shown(cols, summarize)) {
        if (c < 0) {
          line += " ...";
          continue;
        }
        if (!one_d) index[nd - 1] = c;
        line += (line.empty() ? "" : " ") + fmt(at(index));
      }
      out << line << "\n";
    }
  }

  void slices(std::vector<long> prefix) {  // dimensions before the last two
    if (prefix.size() + 2 >= size.size()) {
      out << "(";
      for (long i : prefix) out << i + 1 << ",";
      out << ".,.) = \n";
      matrix(prefix);
      out << "\n";
      return;
    }
    for (long i : shown(size[prefix.size()], summarize)) {
      if (i < 0) {
        out << "...\n\n";
        continue;
      }
      prefix.push_back(i);
      slices(prefix);
      prefix.pop_back();
    }
  }

  void values(std::vector<long> prefix, std::vector<long double> &all) const {  // the shown values
    if (prefix.size() == size.size()) {
      all.push_back(at(prefix));
      return;
    }
    for (long i : shown(size[prefix.size()], summarize)) {
      if (i < 0) continue;
      prefix.push_back(i);
      values(prefix, all);
      prefix.pop_back();
    }
  }
};
}  // namespace

std::ostream &operator<<(std::ostream &out, const Tensor &t) {
  if (!t.defined()) return out << "[undefined Tensor]";
  if (t.numel() == 0) return out << "[" << t.toString() << "]";
  // A CUDA tensor prints from a host copy, under its own type name.
  const Tensor host = t.is_cuda() ? t.detach().cpu() : t;
  Printer p{out, host.sizes(), host.strides(), host, {}, host.numel() > kSummarize};
  std::vector<long double> all;
  p.values({}, all);
  p.fmt = choose_format(all, !is_floating_point(t.dtype()));
  if (t.dim() == 0) out << p.fmt(all[0]) << "\n";  // the value as a 1-D tensor's column shows it
  else if (t.dim() <= 2) p.matrix({});
  else p.slices({});
  return out << "[" << t.toString() << "]";
}

}  // namespace ember
