// Indexing by Long index tensors and Bool masks (index_select, gather, scatter, masked_fill/select,
// where, nonzero, one_hot) and libtorch's t.index({...}) / index_put_, each with its backward. The
// in-place forms copy the out-of-place result into self, so autograd sees one formula per operation.
#include "index_helpers.hpp"

#include <ember/indexing.hpp>

#include <algorithm>

namespace ember {

using namespace detail;
using autograd::needs_record;
using autograd::record;
using indexing::TensorIndex;
using Needs = std::vector<bool>;

namespace {
std::string str(long v) { return std::to_string(v); }

// The handle TH/THC take for a Bool mask, by the dispatch tag of the data.
template <class Tag> auto *mask_th(const Tensor &mask, Tag) { return mask.th(DeviceTag<Tag, bool>{}); }

void check_mask(const Tensor &self, const Tensor &mask, const char *op) {
  check_defined(mask, op);
  check_same_device(self, mask, op);
  if (mask.dtype() != kBool) fail(std::string(op) + ": expected a Bool mask, got " + dtype_name(mask.dtype()));
}

// Whether `from` broadcasts to exactly `to`.
bool broadcasts_to(const Shape &from, const Shape &to) {
  if (from.size() > to.size()) return false;
  for (size_t k = 0; k < from.size(); k++) {
    long f = from[from.size() - 1 - k], t = to[to.size() - 1 - k];
    if (f != t && f != 1) return false;
  }
  return true;
}

// The broadcast shape of a and b; an error naming op when they do not broadcast.
Shape broadcast(const Shape &a, const Shape &b, const char *op) {
  try {
    return broadcast_shapes(a, b);
  } catch (const Error &e) {
    fail(std::string(op) + ": " + e.what());
  }
}

// mask (Bool) broadcast to exactly `shape`, contiguous (TH's masked kernels want the mask's shape).
Tensor mask_to(const Tensor &mask, const Shape &shape, const char *op) {
  if (!broadcasts_to(mask.sizes(), shape))
    fail(std::string(op) + ": the mask of shape " + shape_str(mask.sizes()) + " does not broadcast to " +
         shape_str(shape));
  return mask.expand(shape).contiguous();
}

// A copy of t with no history, to run an in-place kernel on.
Tensor fresh_copy(const Tensor &t) {
  NoGradGuard no_grad;
  return t.clone();
}

// t zero-padded at the end of each dimension to `shape` (the gradient of a src larger than its index).
Tensor pad_to(const Tensor &t, const Shape &shape) {
  if (t.sizes() == shape) return t;
  Tensor r = zeros(shape, t.options()), region = r;
  for (long d = 0; d < t.dim(); d++) region = region.narrow(d, 0, t.size(d));
  region.copy_(t);
  return r;
}

// Kernels on converted indices (th_index), shared by the forward passes and the backward ones.
Tensor select_along(const Tensor &t, long d, const Tensor &ix) {
  Tensor r = make_empty(t.options());
  visit_math(t, [&](auto tag, auto *h) { EMBER_TH(indexSelect, tag)(r.th(tag), h, (int)d, long_th(ix, tag)); });
  if (needs_record({t}))
    record("IndexSelectBackward", {r}, {t}, [in = t.sizes(), d, ix](const tensor_list &g, const Needs &) {
      Tensor grad = zeros(in, g[0].options()), gc = g[0].contiguous();
      visit_math(grad, [&](auto tag, auto *h) { EMBER_TH(indexAdd, tag)(h, (int)d, long_th(ix, tag), gc.th(tag)); });
      return tensor_list{grad};
    });
  return r;
}

Tensor gather_th(const Tensor &t, long d, const Tensor &ix) {
  Tensor r = make_empty(t.options());
  visit_math(t, [&](auto tag, auto *h) { EMBER_TH(gather, tag)(r.th(tag), h, (int)d, long_th(ix, tag)); });
  return r;
}

// The element of the dispatch tag's type that value gives (a Bool's is value != 0).
template <class Tag> auto element(const Scalar &value, Tag) { return value.to<scalar_of_t<Tag>>(); }

// into[index] = src (or += src, or = value when src is undefined), in place on a fresh tensor.
void scatter_th(const Tensor &into, long d, const Tensor &ix, const Tensor &src, Scalar value, bool add) {
  visit_math(into, [&](auto tag, auto *h) {
    if (!src.defined()) EMBER_TH(scatterFill, tag)(h, (int)d, long_th(ix, tag), element(value, tag));
    else if (add) EMBER_TH(scatterAdd, tag)(h, (int)d, long_th(ix, tag), src.th(tag));
    else EMBER_TH(scatter, tag)(h, (int)d, long_th(ix, tag), src.th(tag));
  });
}

// index has self's dimensions, sizes no larger than self's except along d and no larger than src's;
// returns d wrapped and the converted index.
std::pair<long, Tensor> check_gather_index(const Tensor &self, long d, const Tensor &index, const Tensor *src,
                                           const char *op) {
  d = checked_dim(self, d, op);
  check_defined(index, op);
  check_same_device(self, index, op);
  if (index.dim() != self.dim())
    fail(std::string(op) + ": index must have as many dimensions as self (" + str(self.dim()) + "), got " +
         shape_str(index.sizes()));
  if (src && src->dim() != self.dim())
    fail(std::string(op) + ": src must have as many dimensions as self (" + str(self.dim()) + "), got " +
         shape_str(src->sizes()));
  for (long k = 0; k < self.dim(); k++)
    if ((k != d && index.size(k) > self.size(k)) || (src && index.size(k) > src->size(k)))
      fail(std::string(op) + ": index of shape " + shape_str(index.sizes()) + " is larger than " +
           (k != d && index.size(k) > self.size(k) ? "self of shape " + shape_str(self.sizes())
                                                  : "src of shape " + shape_str(src->sizes())) +
           " in dimension " + str(k));
  return {d, th_index(index, self.size(d), op)};
}

Tensor scatter_impl(const Tensor &self, long dim, const Tensor &index, const Tensor &src, Scalar value, bool add,
                    const char *op) {
  if (src.defined()) check_same_dtype(self, src, op);
  if (via_long(self))
    return scatter_impl(self.to(kLong), dim, index, src.defined() ? src.to(kLong) : src, value, add, op).to(self.dtype());
  auto [d, ix] = check_gather_index(self, dim, index, src.defined() ? &src : nullptr, op);
  Tensor r = fresh_copy(self), s = src.defined() ? src.contiguous() : src;
  scatter_th(r, d, ix, s, value, add);
  tensor_list inputs = src.defined() ? tensor_list{self, src} : tensor_list{self};
  Shape src_shape = src.defined() ? src.sizes() : Shape();
  if (needs_record(inputs))
    record(add ? "ScatterAddBackward" : "ScatterBackward", {r}, inputs,
           [d = d, ix = ix, add, src_shape](const tensor_list &g, const Needs &n) {
             Tensor gc = g[0].contiguous(), grad_self;
             if (n[0]) {
               grad_self = add ? gc : gc.clone();
               if (!add) scatter_th(grad_self, d, ix, Tensor(), 0, false);  // overwritten elements get nothing
             }
             if (n.size() == 1) return tensor_list{grad_self};
             return tensor_list{grad_self, n[1] ? pad_to(gather_th(gc, d, ix), src_shape) : Tensor()};
           });
  return r;
}
}  // namespace

// ------------------------------------------------------------------- index_select, gather, scatter
// A 0-dimensional self runs as its one-element 1-D view (dim 0 or -1) and gives a 0-dimensional result.
Tensor Tensor::index_select(long d, const Tensor &index) const {
  if (dim() == 0) return view({1}).index_select(d, index).view({});
  if (via_long(*this)) return to(kLong).index_select(d, index).to(dtype());
  d = checked_dim(*this, d, "index_select");
  check_defined(index, "index_select");
  check_same_device(*this, index, "index_select");
  if (index.dim() != 1) fail("index_select: expected a 1-D index, got shape " + shape_str(index.sizes()));
  return select_along(*this, d, th_index(index, size(d), "index_select"));
}

Tensor Tensor::gather(long dim, const Tensor &index) const {
  if (this->dim() == 0 && index.defined() && index.dim() == 0) return view({1}).gather(dim, index.view({1})).view({});
  if (via_long(*this)) return to(kLong).gather(dim, index).to(dtype());
  auto [d, ix] = check_gather_index(*this, dim, index, nullptr, "gather");
  Tensor r = gather_th(*this, d, ix);
  if (needs_record({*this}))
    record("GatherBackward", {r}, {*this}, [in = sizes(), d = d, ix = ix](const tensor_list &g, const Needs &) {
      Tensor grad = zeros(in, g[0].options());
      scatter_th(grad, d, ix, g[0].contiguous(), 0, true);  // repeated indices accumulate
      return tensor_list{grad};
    });
  return r;
}

Tensor Tensor::scatter(long d, const Tensor &index, const Tensor &src) const {
  check_defined(src, "scatter");
  return scatter_impl(*this, d, index, src, 0, false, "scatter");
}
Tensor Tensor::scatter(long d, const Tensor &index, Scalar value) const {
  return scatter_impl(*this, d, index, Tensor(), value, false, "scatter");
}
Tensor Tensor::scatter_add(long d, const Tensor &index, const Tensor &src) const {
  check_defined(src, "scatter_add");
  return scatter_impl(*this, d, index, src, 0, true, "scatter_add");
}
Tensor &Tensor::scatter_(long d, const Tensor &index, const Tensor &src) {
  check_defined(src, "scatter_");
  return copy_(scatter_impl(*this, d, index, src, 0, false, "scatter_"));
}
Tensor &Tensor::scatter_(long d, const Tensor &index, Scalar value) {
  return copy_(scatter_impl(*this, d, index, Tensor(), value, false, "scatter_"));
}
Tensor &Tensor::scatter_add_(long d, const Tensor &index, const Tensor &src) {
  check_defined(src, "scatter_add_");
  return copy_(scatter_impl(*this, d, index, src, 0, true, "scatter_add_"));
}

// ------------------------------------------------------------------------------ masks, where
namespace {
Tensor masked_fill_impl(const Tensor &self, const Tensor &mask, Scalar value, const char *op) {
  check_defined(self, op);
  if (via_long(self)) return masked_fill_impl(self.to(kLong), mask, value, op).to(self.dtype());
  check_mask(self, mask, op);
  Tensor m = mask_to(mask, self.sizes(), op), r = fresh_copy(self);
  visit_math(r, [&](auto tag, auto *h) { EMBER_TH(maskedFill, tag)(h, mask_th(m, tag), element(value, tag)); });
  if (needs_record({self}))
    record("MaskedFillBackward", {r}, {self}, [m](const tensor_list &g, const Needs &) {
      Tensor grad = g[0].contiguous().clone();
      visit_math(grad, [&](auto tag, auto *h) { EMBER_TH(maskedFill, tag)(h, mask_th(m, tag), element(0, tag)); });
      return tensor_list{grad};
    });
  return r;
}
}  // namespace

Tensor Tensor::masked_fill(const Tensor &mask, Scalar value) const {
  return masked_fill_impl(*this, mask, value, "masked_fill");
}
Tensor &Tensor::masked_fill_(const Tensor &mask, Scalar value) {
  return copy_(masked_fill_impl(*this, mask, value, "masked_fill_"));
}

Tensor Tensor::masked_select(const Tensor &mask) const {
  check_defined(*this, "masked_select");
  if (via_long(*this)) return to(kLong).masked_select(mask).to(dtype());
  check_mask(*this, mask, "masked_select");
  Shape shape = broadcast(sizes(), mask.sizes(), "masked_select");
  Tensor m = mask_to(mask, shape, "masked_select"), x = expand(shape), r = make_empty(options());
  visit_math(x, [&](auto tag, auto *h) { EMBER_TH(maskedSelect, tag)(r.th(tag), h, mask_th(m, tag)); });
  if (needs_record({*this}))
    record("MaskedSelectBackward", {r}, {*this}, [in = sizes(), shape, m](const tensor_list &g, const Needs &) {
      Tensor grad = zeros(shape, g[0].options()), gc = g[0].contiguous();
      if (gc.numel() > 0)
        visit_math(grad, [&](auto tag, auto *h) { EMBER_TH(maskedCopy, tag)(h, mask_th(m, tag), gc.th(tag)); });
      return tensor_list{sum_to(grad, in)};
    });
  return r;
}

// a and b are promoted to one dtype (promote_types); the conversion is part of the graph.
Tensor where(const Tensor &condition, const Tensor &a_in, const Tensor &b_in) {
  check_defined(a_in, "where");
  check_defined(b_in, "where");
  check_mask(a_in, condition, "where");
  check_same_device(a_in, b_in, "where");
  Dtype dtype = promote_types(a_in.dtype(), b_in.dtype());
  Tensor a = a_in.to(dtype), b = b_in.to(dtype);
  if (via_long(a)) return where(condition, a.to(kLong), b.to(kLong)).to(dtype);
  Shape shape = broadcast(broadcast(condition.sizes(), a.sizes(), "where"), b.sizes(), "where");
  Tensor c = mask_to(condition, shape, "where"), r = fresh_copy(b.expand(shape));
  {
    NoGradGuard no_grad;
    Tensor picked = a.expand(shape).masked_select(c);
    if (picked.numel() > 0)
      visit_math(r, [&](auto tag, auto *h) { EMBER_TH(maskedCopy, tag)(h, mask_th(c, tag), picked.th(tag)); });
  }
  if (needs_record({a, b}))
    record("WhereBackward", {r}, {a, b}, [c, sa = a.sizes(), sb = b.sizes()](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? sum_to(g[0].masked_fill(c.to(kLong).eq(0.0), 0), sa) : Tensor(),
                         n[1] ? sum_to(g[0].masked_fill(c, 0), sb) : Tensor()};
    });
  return r;
}

Tensor Tensor::nonzero() const {
  check_defined(*this, "nonzero");
  if (via_long(*this)) return to(kLong).nonzero();
  Tensor r = make_empty({kLong, device()});
  visit_math(*this, [&](auto tag, auto *h) { EMBER_TH(nonzero, tag)(long_th(r, tag), h); });
  return r;
}

tensor_list where(const Tensor &condition) {
  Tensor subscripts = condition.nonzero();
  tensor_list r;
  for (long d = 0; d < condition.dim(); d++)
    r.push_back(subscripts.numel() > 0 ? subscripts.select(1, d).contiguous() : subscripts);
  return r;
}

Tensor one_hot(const Tensor &classes, long num_classes) {
  check_defined(classes, "one_hot");
  if (classes.dtype() != kLong)
    fail(std::string("one_hot: expected a Long tensor of classes, got ") + dtype_name(classes.dtype()));
  if (classes.numel() == 0) fail("one_hot: the tensor of classes is empty");
  if (classes.dim() == 0) return one_hot(classes.view({1}), num_classes).squeeze(0);  // [num_classes]
  if (num_classes == -1) num_classes = std::max(classes.max().item<long>() + 1, 1L);  // a negative class fails below
  if (num_classes < 1) fail("one_hot: num_classes must be positive or -1, got " + str(num_classes));
  Tensor ix = th_index(classes, num_classes, "one_hot").unsqueeze(-1);
  Shape shape = classes.sizes();
  shape.push_back(num_classes);
  Tensor r = zeros(shape, {kLong, classes.device()});
  scatter_th(r, (long)shape.size() - 1, ix, Tensor(), 1, false);
  return r;
}

// ------------------------------------------------------------------------ t.index({...})
namespace {
// self with the integer, slice, None and Ellipsis indices applied (a view), and the one tensor index
// if any, with the dimension of that view where it applies.
struct BasicIndexed {
  Tensor view;
  Tensor advanced;
  long advanced_dim = -1;
};

// Dimensions a tensor index covers: one for Long indices, the mask's for a Bool mask.
long covered(const Tensor &index) { return index.dtype() == kBool ? index.dim() : 1; }

// The elements start, start + step, ... of dimension d (bounds already clamped; length >= 1): a view.
Tensor stepped(const Tensor &t, long d, long start, long length, long step) {
  Shape size = t.sizes(), stride = t.strides();
  ptrdiff_t offset = visit_any(t, [](auto, auto *h) { return h->storageOffset; }) + start * stride[(size_t)d];
  size[(size_t)d] = length;
  stride[(size_t)d] *= step;
  Tensor v = visit_any(t, [&](auto tag, auto *h) {
    Tensor r = make_view(t, EMBER_TH(new, tag)());
    EMBER_TH(setStorageNd, tag)(r.th(tag), h->storage, offset, (int)size.size(), size.data(), stride.data());
    return r;
  });
  if (needs_record({t}))
    record("SliceBackward", {v}, {t}, [in = t.sizes(), d, start, length, step](const tensor_list &g, const Needs &) {
      Tensor grad = zeros(in, g[0].options());
      stepped(grad, d, start, length, step).copy_(g[0]);
      return tensor_list{grad};
    });
  return v;
}

Tensor slice(const Tensor &t, long d, const indexing::Slice &s, const char *op) {
  if (s.step <= 0) fail(std::string(op) + ": a slice step must be positive, got " + str(s.step));
  long n = t.size(d);
  auto bound = [n](std::optional<long> b, long otherwise) {
    if (!b) return otherwise;
    return std::clamp(*b < 0 ? *b + n : *b, 0L, n);
  };
  long start = bound(s.start, 0), stop = std::max(start, bound(s.stop, n));
  long length = (stop - start + s.step - 1) / s.step;
  if (length == 0)
    fail(std::string(op) + ": the slice selects nothing of dimension " + str(d) + " (size " + str(n) +
         "; TH has no dimension of size 0)");
  return stepped(t, d, start, length, s.step);
}

BasicIndexed apply_basic(const Tensor &self, const std::vector<TensorIndex> &indices, const char *op) {
  check_defined(self, op);
  long consumed = 0, ellipses = 0, tensors = 0;
  for (const TensorIndex &i : indices) {
    switch (i.kind()) {
      case TensorIndex::Kind::Integer:
      case TensorIndex::Kind::Slice: consumed++; break;
      case TensorIndex::Kind::Tensor:
        check_defined(i.tensor(), op);
        check_same_device(self, i.tensor(), op);
        if (i.tensor().dtype() != kLong && i.tensor().dtype() != kBool)
          fail(std::string(op) + ": a tensor index must be Long (indices) or Bool (a mask), got " +
               dtype_name(i.tensor().dtype()));
        tensors++;
        consumed += covered(i.tensor());
        break;
      case TensorIndex::Kind::Ellipsis: ellipses++; break;
      case TensorIndex::Kind::None: break;
    }
  }
  if (ellipses > 1) fail(std::string(op) + ": at most one Ellipsis, got " + str(ellipses));
  if (tensors > 1) fail(std::string(op) + ": at most one tensor index per call, got " + str(tensors));
  if (consumed > self.dim())
    fail(std::string(op) + ": too many indices (" + str(consumed) + " dimensions) for a tensor of shape " +
         shape_str(self.sizes()));
  BasicIndexed r{self, Tensor(), -1};
  long pos = 0;
  for (size_t k = 0; k < indices.size(); k++) {
    const TensorIndex &i = indices[k];
    switch (i.kind()) {
      case TensorIndex::Kind::Integer: {
        long n = r.view.size(pos), v = i.integer() < 0 ? i.integer() + n : i.integer();
        if (v < 0 || v >= n)
          fail(std::string(op) + ": index " + str(i.integer()) + " at position " + str((long)k) +
               " is out of range for dimension " + str(pos) + " of size " + str(n));
        r.view = r.view.select(pos, v);
        break;
      }
      case TensorIndex::Kind::Slice: r.view = slice(r.view, pos, i.slice(), op); pos++; break;
      case TensorIndex::Kind::None: r.view = r.view.unsqueeze(pos); pos++; break;
      case TensorIndex::Kind::Ellipsis: pos += self.dim() - consumed; break;
      case TensorIndex::Kind::Tensor:
        r.advanced = i.tensor();
        r.advanced_dim = pos;
        pos += covered(i.tensor());
        break;
    }
  }
  return r;
}

// The shape `index` gives: the view's with the tensor index's dimensions replaced by the index's
// shape (Long) or by the number of true elements (mask); the mask's shape is checked here.
Shape indexed_shape(const BasicIndexed &b, const char *op) {
  Shape in = b.view.sizes();
  if (!b.advanced.defined()) return in;
  size_t p = (size_t)b.advanced_dim, k = (size_t)covered(b.advanced);
  Shape out(in.begin(), in.begin() + (long)p);
  if (b.advanced.dtype() == kLong) {
    for (long s : b.advanced.sizes()) out.push_back(s);
  } else {
    if (Shape(in.begin() + (long)p, in.begin() + (long)(p + k)) != b.advanced.sizes())
      fail(std::string(op) + ": the mask of shape " + shape_str(b.advanced.sizes()) + " does not match dimensions " +
           str((long)p) + " to " + str((long)(p + k - 1)) + " of " + shape_str(in));
    out.push_back(b.advanced.to(kLong).sum().item<long>());
  }
  out.insert(out.end(), in.begin() + (long)(p + k), in.end());
  return out;
}

// The mask spread over the whole view (trailing dimensions added, leading ones broadcast): the
// elements it selects come in the order `index` lists them.
Tensor spread_mask(const BasicIndexed &b) {
  Shape s = b.advanced.sizes();
  s.resize((size_t)(b.view.dim() - b.advanced_dim), 1);
  return b.advanced.reshape(s).expand(b.view.sizes()).contiguous();
}

// The Long index along advanced_dim, flattened and converted for TH.
Tensor flat_index(const BasicIndexed &b, const char *op) {
  return th_index(b.advanced.reshape({-1}), b.view.size(b.advanced_dim), op, {"index", true, std::nullopt});
}

// self with value written where indices point (a new tensor; index_put_ copies it into self).
Tensor index_put(const Tensor &self, const std::vector<TensorIndex> &indices, const Tensor &value) {
  const char *op = "index_put_";
  check_defined(value, op);
  check_same_device(self, value, op);
  if (via_long(self)) return index_put(self.to(kLong), indices, value).to(self.dtype());
  Tensor r = fresh_copy(self);
  {
    NoGradGuard no_grad;
    BasicIndexed b = apply_basic(r, indices, op);
    Shape target = indexed_shape(b, op);
    if (!broadcasts_to(value.sizes(), target))
      fail(op + std::string(": the value of shape ") + shape_str(value.sizes()) +
           " does not broadcast to the indexed shape " + shape_str(target));
    Tensor src = value.to(self.dtype()).expand(target).contiguous();
    if (!b.advanced.defined()) {
      b.view.copy_(src);
    } else if (b.advanced.dtype() == kLong) {
      Tensor ix = flat_index(b, op);
      Shape flat = b.view.sizes();
      flat[(size_t)b.advanced_dim] = ix.numel();
      Tensor s = src.view(flat);
      visit_math(b.view, [&](auto tag, auto *h) {
        EMBER_TH(indexCopy, tag)(h, (int)b.advanced_dim, long_th(ix, tag), s.th(tag));
      });
    } else if (src.numel() > 0) {
      Tensor m = spread_mask(b);
      visit_math(b.view, [&](auto tag, auto *h) { EMBER_TH(maskedCopy, tag)(h, mask_th(m, tag), src.th(tag)); });
    }
  }
  if (needs_record({self, value}))
    record("IndexPutBackward", {r}, {self, value}, [indices, sv = value.sizes()](const tensor_list &g, const Needs &n) {
      return tensor_list{n[0] ? index_put(g[0], indices, zeros({}, g[0].options())) : Tensor(),
                         n[1] ? sum_to(g[0].index(indices), sv) : Tensor()};
    });
  return r;
}
}  // namespace

Tensor Tensor::index(const std::vector<TensorIndex> &indices) const {
  BasicIndexed b = apply_basic(*this, indices, "index");
  if (!b.advanced.defined()) return b.view;
  if (via_long(*this)) return to(kLong).index(indices).to(dtype());
  Shape shape = indexed_shape(b, "index");
  if (b.advanced.dtype() == kLong) return select_along(b.view, b.advanced_dim, flat_index(b, "index")).view(shape);
  Tensor picked = b.view.masked_select(spread_mask(b));
  return picked.numel() > 0 ? picked.view(shape) : picked;
}

Tensor &Tensor::index_put_(const std::vector<TensorIndex> &indices, const Tensor &value) {
  return copy_(index_put(*this, indices, value));
}
Tensor &Tensor::index_put_(const std::vector<TensorIndex> &indices, Scalar value) {
  check_defined(*this, "index_put_");
  return index_put_(indices, scalar_tensor(value, options()));
}

}  // namespace ember
