// Joining and rearranging: cat (TH's catArray, with its backward), and stack, split, chunk, repeat,
// flip and roll built on it and on views, so their gradients come with those.
#include "tensor_impl.hpp"

#include <algorithm>

namespace ember {

using namespace detail;
using autograd::needs_record;
using autograd::record;
using Needs = std::vector<bool>;

namespace {
std::string str(long v) { return std::to_string(v); }
}  // namespace

// Empty tensors (TH's dimensionless ones) are left out, as Torch7's cat did. The others are promoted
// to one dtype (promote_types); the conversions are part of the graph.
Tensor cat(const tensor_list &tensors, long dim) {
  tensor_list parts;
  for (size_t i = 0; i < tensors.size(); i++) {
    const Tensor &t = tensors[i];
    check_defined(t, "cat");
    if (t.dim() == 0)
      fail("cat: tensor " + std::to_string(i) + " is 0-dimensional and has no dimension to join along "
           "(unsqueeze it, or use stack)");
    if (t.numel() > 0) parts.push_back(t);
  }
  if (parts.empty()) fail("cat: expected at least one non-empty tensor");
  Dtype dtype = parts[0].dtype();
  for (const Tensor &t : parts) dtype = promote_types(dtype, t.dtype());
  const bool through_long = via_long(dtype, parts[0].device());
  for (Tensor &t : parts) t = t.to(through_long ? kLong : dtype);
  if (through_long) return cat(parts, dim).to(dtype);
  const Tensor &first = parts[0];
  long d = wrap_dim(dim, first.dim(), "cat");
  for (size_t i = 1; i < parts.size(); i++) {
    check_same_dtype(first, parts[i], "cat");
    Shape a = first.sizes(), b = parts[i].sizes();
    bool fits = a.size() == b.size();
    for (size_t k = 0; fits && k < a.size(); k++) fits = (long)k == d || a[k] == b[k];
    if (!fits)
      fail("cat: tensor " + str((long)i) + " of shape " + shape_str(b) + " does not match " + shape_str(a) +
           " except in dimension " + str(d));
  }
  Tensor r = make_empty(first.options());
  visit_math(first, [&](auto tag, auto *) {
    std::vector<decltype(first.th(tag))> handles;
    for (const Tensor &t : parts) handles.push_back(t.th(tag));
    EMBER_TH(catArray, tag)(r.th(tag), handles.data(), (int)handles.size(), (int)d);
  });
  if (needs_record(parts)) {
    Shape lengths;
    for (const Tensor &t : parts) lengths.push_back(t.size(d));
    record("CatBackward", {r}, parts, [d, lengths](const tensor_list &g, const Needs &n) {
      tensor_list grads;
      long start = 0;
      for (size_t i = 0; i < lengths.size(); start += lengths[i], i++)
        grads.push_back(n[i] ? g[0].narrow(d, start, lengths[i]) : Tensor());
      return grads;
    });
  }
  return r;
}

Tensor stack(const tensor_list &tensors, long dim) {
  if (tensors.empty()) fail("stack: expected at least one tensor");
  checked_dim(tensors[0], 0, "stack");
  long d = wrap_dim(dim, tensors[0].dim() + 1, "stack");  // up to a new last dimension
  tensor_list parts;
  for (const Tensor &t : tensors) {
    check_defined(t, "stack");
    if (t.sizes() != tensors[0].sizes())
      fail("stack: expected tensors of one shape, got " + shape_str(tensors[0].sizes()) + " and " +
           shape_str(t.sizes()));
    parts.push_back(t.unsqueeze(d));
  }
  return cat(parts, d);
}

tensor_list Tensor::split_with_sizes(Shape split_sizes, long dim) const {
  long d = checked_dim(*this, dim, "split_with_sizes"), total = 0;
  for (long s : split_sizes) {
    if (s <= 0) fail("split_with_sizes: sizes must be positive, got " + shape_str(split_sizes));
    total += s;
  }
  if (total != size(d))
    fail("split_with_sizes: sizes " + shape_str(split_sizes) + " sum to " + str(total) + ", not to the size " +
         str(size(d)) + " of dimension " + str(d));
  tensor_list pieces;
  long start = 0;
  for (long s : split_sizes) {
    pieces.push_back(narrow(d, start, s));
    start += s;
  }
  return pieces;
}

tensor_list Tensor::split(long split_size, long dim) const {
  long n = size(checked_dim(*this, dim, "split"));
  if (split_size <= 0) fail("split: split_size must be positive, got " + str(split_size));
  Shape sizes;
  for (long start = 0; start < n; start += split_size) sizes.push_back(std::min(split_size, n - start));
  return split_with_sizes(sizes, dim);
}

tensor_list Tensor::chunk(long chunks, long dim) const {
  long n = size(checked_dim(*this, dim, "chunk"));
  if (chunks <= 0) fail("chunk: chunks must be positive, got " + str(chunks));
  return split((n + chunks - 1) / chunks, dim);
}

// Each dimension of size s repeated r times becomes (r, s) expanded from (1, s), then merged.
Tensor Tensor::repeat(Shape repeats) const {
  check_defined(*this, "repeat");
  if ((long)repeats.size() < dim())
    fail("repeat: expected at least " + str(dim()) + " repeats (one per dimension), got " + shape_str(repeats));
  for (long r : repeats)
    if (r <= 0) fail("repeat: repeats must be positive (TH has no dimension of size 0), got " + shape_str(repeats));
  Shape padded(repeats.size() - (size_t)dim(), 1), in = sizes(), pairs, expanded, out;
  padded.insert(padded.end(), in.begin(), in.end());
  for (size_t k = 0; k < repeats.size(); k++) {
    pairs.insert(pairs.end(), {1, padded[k]});
    expanded.insert(expanded.end(), {repeats[k], padded[k]});
    out.push_back(repeats[k] * padded[k]);
  }
  return reshape(pairs).expand(expanded).reshape(out);
}

Tensor Tensor::flip(Shape dims) const {
  check_defined(*this, "flip");
  if (dim() == 0) return view({1}).flip(std::move(dims)).view({});  // dims 0 and -1, as libtorch
  Tensor r = *this;
  std::vector<bool> seen((size_t)dim(), false);
  for (long d : dims) {
    d = checked_dim(*this, d, "flip");
    if (seen[(size_t)d]) fail("flip: dimension " + str(d) + " appears twice in " + shape_str(dims));
    seen[(size_t)d] = true;
    std::vector<long> reversed((size_t)size(d));
    for (long i = 0; i < size(d); i++) reversed[(size_t)i] = size(d) - 1 - i;
    r = r.index_select(d, from_vector(reversed).to(device()));
  }
  return r;
}

Tensor Tensor::roll(Shape shifts, Shape dims) const {
  check_defined(*this, "roll");
  if (dim() == 0) return view({1}).roll(std::move(shifts), std::move(dims)).view({});
  if (dims.empty()) {
    if (shifts.size() != 1) fail("roll: without dims, expected one shift, got " + shape_str(shifts));
    return flatten().roll(shifts, {0}).view(sizes());
  }
  if (shifts.size() != dims.size())
    fail("roll: expected as many shifts as dims, got " + shape_str(shifts) + " and " + shape_str(dims));
  Tensor r = *this;
  for (size_t k = 0; k < dims.size(); k++) {
    long d = checked_dim(*this, dims[k], "roll"), n = size(d), s = ((shifts[k] % n) + n) % n;
    if (s != 0) r = cat({r.narrow(d, n - s, s), r.narrow(d, 0, n - s)}, d);
  }
  return r;
}

}  // namespace ember
