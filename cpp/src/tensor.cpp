// Tensor core: ownership of the TH handle, creation, accessors, views and
// conversions. Arithmetic is in tensor_math.cpp, printing in tensor_print.cpp.
#include "caching_allocator.hpp"
#include "tensor_impl.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <sstream>

namespace ember {

// ------------------------------------------------------------------------------------ the impl
TensorImpl::TensorImpl(Dtype dtype_, Device device_, void *handle_, std::shared_ptr<std::atomic<uint64_t>> version_)
    : dtype(dtype_), device(device_), handle(handle_), version(std::move(version_)) {}

namespace {
void free_handle(Dtype dtype, const Device &device, void *handle) {
  detail::dispatch_any(dtype, device, [&](auto tag) {
    using Handle = std::remove_pointer_t<decltype(Tensor().th(tag))>;
    EMBER_TH(free, tag)(static_cast<Handle *>(handle));
  });
}
}  // namespace

TensorImpl::~TensorImpl() { free_handle(dtype, device, handle); }

namespace detail {
void fail(const std::string &message) { throw Error(message); }

void fail_not_floating(Dtype dtype) {
  fail(std::string("expected a floating-point tensor (Float or Double), got a ") + dtype_name(dtype) +
       " tensor (convert it with .to(kFloat))");
}

void check_floating(const Tensor &t, const char *op) {
  check_defined(t, op);
  if (!is_floating_point(t.dtype()))
    fail(std::string(op) + ": expected a floating-point tensor (Float or Double), got a " + dtype_name(t.dtype()) +
         " tensor (convert it with .to(kFloat))");
}

void fail_not_cuda_math(Dtype dtype) {
  fail(std::string("on CUDA this operation needs a Float, Double or Long tensor, got a ") + dtype_name(dtype) +
       " tensor (libTHC has only copies for the other dtypes: convert it with .to(kLong) or compute on the CPU)");
}

void check_defined(const Tensor &t, const char *op) {
  if (!t.defined()) fail(std::string(op) + ": the tensor is undefined");
}

void check_same_dtype(const Tensor &a, const Tensor &b, const char *op) {
  check_defined(a, op);
  check_defined(b, op);
  check_same_device(a, b, op);
  if (a.dtype() != b.dtype())
    fail(std::string(op) + ": dtype mismatch: " + dtype_name(a.dtype()) + " and " + dtype_name(b.dtype()) +
         " (convert one with .to())");
}

long size_product(const Shape &shape, const char *op) {
  long product = 1;
  for (long s : shape)
    if (s != -1 && __builtin_mul_overflow(product, s, &product))
      fail(std::string(op) + ": the shape " + shape_str(shape) + " has more elements than a long can count");
  return product;
}

long wrap_dim(long dim, long ndim, const char *op) {
  long n = ndim > 0 ? ndim : 1;
  if (dim < -n || dim >= n)
    fail(std::string(op) + ": dimension " + std::to_string(dim) + " out of range for a " + std::to_string(ndim) +
         "-D tensor (expected [" + std::to_string(-n) + ", " + std::to_string(n - 1) + "])");
  return dim < 0 ? dim + n : dim;
}

static Tensor make(Dtype dtype, const Device &device, void *handle, std::shared_ptr<std::atomic<uint64_t>> version) {
  // If make_shared throws, nothing owns the handle yet: free it here.
  try {
    return Tensor(std::make_shared<TensorImpl>(dtype, device, handle, std::move(version)));
  } catch (...) {
    free_handle(dtype, device, handle);
    throw;
  }
}

Tensor make_empty(const TensorOptions &options) {
  const Device device = checked_device(options.device, "empty");  // a CUDA device gets its index
  void *h = dispatch_any(options.dtype, device, [](auto tag) -> void * {
    if constexpr (is_cuda_tag_v<decltype(tag)>) {
      return EMBER_TH(new, tag)();
    } else {  // an empty storage on ember's CPU cache: the tensor's resizes allocate from it
      auto *storage = EMBER_TH_STORAGE(newWithAllocator, tag)(0, cpu_allocator(), nullptr);
      auto *t = EMBER_TH(newWithStorage, tag)(storage, 0, nullptr, nullptr);
      EMBER_TH_STORAGE(free, tag)(storage);  // the tensor holds its own reference
      return t;
    }
  });
  return make(options.dtype, device, h, std::make_shared<std::atomic<uint64_t>>(0));
}

Tensor make_view(const Tensor &base, void *handle) {
  return make(base.dtype(), base.device(), handle, base.impl().version);
}

Tensor alias(const Tensor &t) {
  visit_any(t, [](auto tag, auto *h) { EMBER_TH(retain, tag)(h); });
  return with_zero_dim(make_view(t, t.impl().handle), t.impl().zero_dim);
}

Tensor with_zero_dim(Tensor r, bool zero_dim) {
  r.impl().zero_dim = zero_dim;
  return r;
}

void bump_version(const Tensor &t) { ++*t.impl().version; }

LongStorage::LongStorage(const Shape &shape) {
  ThErrorScope th_errors;
  s = THLongStorage_newWithSize((ptrdiff_t)shape.size());
  if (!shape.empty()) std::memcpy(THLongStorage_data(s), shape.data(), shape.size() * sizeof(long));
}
LongStorage::~LongStorage() { THLongStorage_free(s); }
}  // namespace detail

using namespace detail;

const char *dtype_name(Dtype dtype) {
  switch (dtype) {
    case kFloat: return "Float";
    case kDouble: return "Double";
    case kLong: return "Long";
    case kInt: return "Int";
    case kShort: return "Short";
    case kChar: return "Char";
    case kByte: return "Byte";
    case kBool: break;
  }
  return "Bool";
}

size_t element_size(Dtype dtype) {
  return dispatch_all(dtype, [](auto tag) { return sizeof(decltype(tag)); });
}

Dtype promote_types(Dtype a, Dtype b) {
  if (a == b) return a;
  if (a == kBool) return b;
  if (b == kBool) return a;
  if (is_floating_point(a) || is_floating_point(b))
    return (a == kDouble || b == kDouble) ? kDouble : kFloat;  // a floating dtype wins; Double over Float
  if ((a == kByte && b == kChar) || (a == kChar && b == kByte)) return kShort;  // both ranges fit in Short
  auto rank = [](Dtype d) { return d == kLong ? 4 : d == kInt ? 3 : d == kShort ? 2 : 1; };  // Byte, Char: 1
  return rank(a) >= rank(b) ? a : b;
}

bool can_cast(Dtype from, Dtype to) {
  if (is_floating_point(from) && !is_floating_point(to)) return false;
  return from == kBool || to != kBool;
}

Dtype result_type(const Tensor &a, const Tensor &b) {
  check_defined(a, "result_type");
  check_defined(b, "result_type");
  return promote_types(a.dtype(), b.dtype());
}

Dtype detail::scalar_result_type(Dtype t, const Scalar &s) {
  auto rank = [](Dtype d) { return d == kBool ? 0 : is_floating_point(d) ? 2 : 1; };
  if (rank(s.kind()) <= rank(t)) return t;
  return s.is_floating_point() ? kFloat : kLong;  // the default dtype of the scalar's kind
}

Dtype result_type(const Tensor &t, const Scalar &s) {
  check_defined(t, "result_type");
  return scalar_result_type(t.dtype(), s);
}

std::string shape_str(const Shape &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); i++) s += (i ? " x " : "") + std::to_string(shape[i]);
  return s + "]";
}

// ------------------------------------------------------------------------------ raw handles
namespace {
template <typename H> Tensor adopt_cpu(H *t) {
  if (!t) fail("Tensor::adopt: the handle is NULL");
  return make(dtype_of<scalar_of_t<H *>>(), Device(kCPU), t, std::make_shared<std::atomic<uint64_t>>(0));
}
}  // namespace
Tensor Tensor::adopt(THFloatTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THDoubleTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THLongTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THIntTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THShortTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THCharTensor *t) { return adopt_cpu(t); }
Tensor Tensor::adopt(THByteTensor *t) { return adopt_cpu(t); }

template <typename H> Tensor Tensor::wrap(H *t) {
  if (!t) fail("Tensor::wrap: the handle is NULL");
  EMBER_TH(retain, t)(t);
  return adopt(t);
}
template Tensor Tensor::wrap(THFloatTensor *);
template Tensor Tensor::wrap(THDoubleTensor *);
template Tensor Tensor::wrap(THLongTensor *);
template Tensor Tensor::wrap(THIntTensor *);
template Tensor Tensor::wrap(THShortTensor *);
template Tensor Tensor::wrap(THCharTensor *);
template Tensor Tensor::wrap(THByteTensor *);

TensorImpl &Tensor::impl() const {
  if (!impl_) fail("the tensor is undefined");
  return *impl_;
}

template <typename T> th_tensor_t<T> *Tensor::th(T) const {
  if (impl().device.is_cuda())
    fail(std::string("th<") + dtype_name(dtype_of<T>()) + ">: the tensor is on " + impl().device.str() +
         " (copy it with cpu())");
  if (impl().dtype != dtype_of<T>())
    fail(std::string("th<") + dtype_name(dtype_of<T>()) + ">: the tensor is " + dtype_name(impl().dtype));
  return static_cast<th_tensor_t<T> *>(impl().handle);
}
#define EMBER_INSTANTIATE_FOR_DTYPES(MACRO) \
  MACRO(float) MACRO(double) MACRO(long) MACRO(int) MACRO(short) MACRO(char) MACRO(unsigned char) MACRO(bool)
#define EMBER_INSTANTIATE_TH(T) template th_tensor_t<T> *Tensor::th(T) const;
EMBER_INSTANTIATE_FOR_DTYPES(EMBER_INSTANTIATE_TH)

// -------------------------------------------------------------------------------- accessors
Dtype Tensor::dtype() const { return impl().dtype; }

// TH's nDimension 0 (an empty tensor) shows as size {0}; a 0-dimensional tensor's handle is [1].
long Tensor::dim() const {
  if (impl().zero_dim) return 0;
  return visit_any(*this, [](auto tag, auto *h) -> long { return std::max(1, EMBER_TH(nDimension, tag)(h)); });
}

Shape Tensor::sizes() const {
  if (impl().zero_dim) return {};
  return visit_any(*this, [](auto, auto *h) {
    return h->nDimension ? Shape(h->size, h->size + h->nDimension) : Shape{0};
  });
}

Shape Tensor::strides() const {
  if (impl().zero_dim) return {};
  return visit_any(*this, [](auto, auto *h) {
    return h->nDimension ? Shape(h->stride, h->stride + h->nDimension) : Shape{1};
  });
}

long Tensor::size(long d) const {
  if (dim() == 0)
    fail("size: dimension " + std::to_string(d) + " asked of a 0-dimensional tensor (it has no dimensions)");
  return sizes()[(size_t)wrap_dim(d, dim(), "size")];
}

long Tensor::numel() const {
  return visit_any(*this, [](auto tag, auto *h) -> long { return EMBER_TH(nElement, tag)(h); });
}

bool Tensor::is_contiguous() const {
  return visit_any(*this, [](auto tag, auto *h) { return EMBER_TH(isContiguous, tag)(h) != 0; });
}

uint64_t Tensor::version() const { return *impl().version; }

std::string Tensor::toString() const {
  if (!defined()) return "undefined Tensor";
  // Torch7's names: torch.FloatTensor, torch.LongTensor, ..., torch.CudaTensor, torch.CudaDoubleTensor,
  // torch.CudaLongTensor, ...; Bool, which Torch7 did not have, is torch.BoolTensor.
  std::string s = !is_cuda() ? std::string("torch.") + dtype_name(dtype()) + "Tensor"
                             : std::string("torch.Cuda") + (dtype() == kFloat ? "" : dtype_name(dtype())) + "Tensor";
  if (numel() == 0) return s + " with no dimension";  // Torch7's name for an empty tensor
  s += " of size ";
  if (dim() == 0) return s + "[]";  // 0-dimensional
  Shape sz = sizes();
  for (size_t i = 0; i < sz.size(); i++) s += (i ? "x" : "") + std::to_string(sz[i]);
  return s;
}

template <typename T> T *Tensor::data() const {
  if (is_cuda()) fail("data: the tensor is on " + device().str() + " (copy it with cpu())");
  if (dtype() != dtype_of<T>())
    fail(std::string("data<") + dtype_name(dtype_of<T>()) + ">: the tensor is " + dtype_name(dtype()));
  auto *h = th<T>();
  return reinterpret_cast<T *>(h->storage->data + h->storageOffset);
}
#define EMBER_INSTANTIATE_DATA(T) template T *Tensor::data<T>() const;
EMBER_INSTANTIATE_FOR_DTYPES(EMBER_INSTANTIATE_DATA)

template <typename T> T Tensor::item() const {
  static_assert(std::is_arithmetic_v<T>, "item<T>: T must be an arithmetic type");
  if (numel() != 1) fail("item: the tensor has " + std::to_string(numel()) + " elements, expected 1");
  if (is_cuda()) return cpu().item<T>();
  return dispatch_all(dtype(), [&](auto tag) {
    auto *h = th(tag);
    return static_cast<T>(h->storage->data[h->storageOffset]);
  });
}
#define EMBER_INSTANTIATE_ITEM(T) template T Tensor::item<T>() const;
EMBER_INSTANTIATE_FOR_DTYPES(EMBER_INSTANTIATE_ITEM)
template signed char Tensor::item<signed char>() const;
template unsigned short Tensor::item<unsigned short>() const;
template unsigned int Tensor::item<unsigned int>() const;
template unsigned long Tensor::item<unsigned long>() const;
template long long Tensor::item<long long>() const;
template unsigned long long Tensor::item<unsigned long long>() const;
double Tensor::item() const { return item<double>(); }

// ------------------------------------------------------------------------------- creation
namespace {
THGenerator *generator() {
  static THGenerator *gen = THGenerator_new();  // lives as long as the process
  return gen;
}

Tensor sized(const Shape &shape, const TensorOptions &options, const char *op) {
  for (long s : shape)
    if (s < 0) fail(std::string(op) + ": negative size in " + shape_str(shape));
  Tensor r = make_empty(options);
  LongStorage size(shape.empty() ? Shape{1} : shape);  // {}: 0-dimensional, one element
  visit_any(r, [&](auto tag, auto *h) { EMBER_TH(resize, tag)(h, size.get(), nullptr); });
  return with_zero_dim(r, shape.empty());
}


// A new tensor of that shape filled by kernel(tag, handle); its version stays 0. libTHC cannot fill
// its Int, Short, Char, Byte and Bool tensors: those are filled on the CPU and copied.
template <class K> Tensor filled(const Shape &shape, const TensorOptions &options, const char *op, K kernel) {
  if (options.device.is_cuda() && !is_floating_point(options.dtype) && options.dtype != kLong)
    return filled(shape, options.dtype, op, kernel).to(options.device);
  Tensor r = sized(shape, options, op);
  visit_math(r, kernel);
  return r;
}
}  // namespace

THGenerator *default_generator() { return generator(); }
void manual_seed(uint64_t seed) { THRandom_manualSeed(generator(), (unsigned long)seed); }

Tensor empty(Shape shape, Dtype dtype) { return empty(std::move(shape), TensorOptions(dtype)); }
Tensor zeros(Shape shape, Dtype dtype) { return zeros(std::move(shape), TensorOptions(dtype)); }
Tensor ones(Shape shape, Dtype dtype) { return ones(std::move(shape), TensorOptions(dtype)); }
Tensor full(Shape shape, Scalar value, Dtype dtype) { return full(std::move(shape), value, TensorOptions(dtype)); }
Tensor rand(Shape shape, Dtype dtype) {
  Tensor r = sized(shape, dtype, "rand");
  check_floating(r, "rand");
  visit_cpu(r, "rand", [](auto tag, auto *h) { EMBER_TH(uniform, tag)(h, generator(), 0, 1); });
  return r;
}
Tensor randn(Shape shape, Dtype dtype) {
  Tensor r = sized(shape, dtype, "randn");
  check_floating(r, "randn");
  visit_cpu(r, "randn", [](auto tag, auto *h) { EMBER_TH(normal, tag)(h, generator(), 0, 1); });
  return r;
}
Tensor empty(Shape shape, TensorOptions options) { return sized(shape, options, "empty"); }
Tensor zeros(Shape shape, TensorOptions options) {
  return filled(shape, options, "zeros", [](auto tag, auto *h) { EMBER_TH(zero, tag)(h); });
}
Tensor ones(Shape shape, TensorOptions options) { return full(shape, 1, options); }
Tensor full(Shape shape, Scalar value, TensorOptions options) {
  return filled(shape, options, "full", [value](auto tag, auto *h) {
    EMBER_TH(fill, tag)(h, value.to<scalar_of_t<decltype(tag)>>());
  });
}
// Drawn on the CPU from the one generator, then copied: a seed gives the same values on any device.
Tensor rand(Shape shape, TensorOptions options) {
  checked_device(options.device, "rand");
  return rand(std::move(shape), options.dtype).to(options.device);
}
Tensor randn(Shape shape, TensorOptions options) {
  checked_device(options.device, "randn");
  return randn(std::move(shape), options.dtype).to(options.device);
}
Tensor empty_like(const Tensor &t) { return empty(t.sizes(), t.options()); }
Tensor zeros_like(const Tensor &t) { return zeros(t.sizes(), t.options()); }
Tensor ones_like(const Tensor &t) { return ones(t.sizes(), t.options()); }
Tensor full_like(const Tensor &t, Scalar value) { return full(t.sizes(), value, t.options()); }
Tensor rand_like(const Tensor &t) { return rand(t.sizes(), t.options()); }
Tensor randn_like(const Tensor &t) { return randn(t.sizes(), t.options()); }
Tensor scalar_tensor(Scalar value, TensorOptions options) { return full({}, value, options); }

Tensor arange(double end, Dtype dtype) { return arange(0, end, 1, dtype); }
Tensor arange(double start, double end, double step, Dtype dtype) {
  Tensor r = make_empty(dtype);
  ThErrorScope th_errors;
  dispatch_all(dtype, [&](auto tag) { EMBER_TH(arange, tag)(r.th(tag), start, end, step); });
  return r;
}

namespace {
Shape checked_shape(Shape shape, long n, const char *op) {
  if (shape.empty()) return Shape{n};
  for (long s : shape)
    if (s < 0) fail(std::string(op) + ": negative size in " + shape_str(shape));
  const long count = size_product(shape, op);
  if (count != n)
    fail(std::string(op) + ": " + std::to_string(n) + " values do not fill the shape " + shape_str(shape) + " (" +
         std::to_string(count) + " elements)");
  return shape;
}

template <typename T> Tensor from_values(const T *values, long n, Shape shape, const char *op) {
  Tensor r = empty(checked_shape(std::move(shape), n, op), dtype_of<T>());
  if (n > 0) std::memcpy(r.data<T>(), values, (size_t)n * sizeof(T));
  return r;
}
}  // namespace

Tensor from_vector(const std::vector<float> &values, Shape shape) {
  return from_values(values.data(), (long)values.size(), std::move(shape), "from_vector");
}
Tensor from_vector(const std::vector<double> &values, Shape shape) {
  return from_values(values.data(), (long)values.size(), std::move(shape), "from_vector");
}
Tensor from_vector(const std::vector<long> &values, Shape shape) {
  return from_values(values.data(), (long)values.size(), std::move(shape), "from_vector");
}
Tensor from_vector(const std::vector<int> &values, Shape shape) {
  return from_values(values.data(), (long)values.size(), std::move(shape), "from_vector");
}
Tensor from_vector(const std::vector<bool> &values, Shape shape) {
  std::vector<unsigned char> bytes(values.begin(), values.end());  // std::vector<bool> packs its bits
  return from_values(bytes.data(), (long)bytes.size(), std::move(shape), "from_vector").to(kBool);
}

Tensor from_blob(void *data, Shape shape, Dtype dtype, bool copy) {
  for (long s : shape)
    if (s < 0) fail("from_blob: negative size in " + shape_str(shape));
  const long n = size_product(shape, "from_blob");
  if (!data && n > 0) fail("from_blob: the data pointer is NULL");
  if (copy) {
    if (n == 0) return empty({0}, dtype);
    Tensor r = empty(shape, dtype);  // {}: 0-dimensional
    std::memcpy(dispatch_all(dtype, [&](auto tag) -> void * { return r.data<decltype(tag)>(); }), data,
                (size_t)n * element_size(dtype));
    return r;
  }
  // A storage that borrows the memory: neither freed nor resized by TH.
  Tensor r = make_empty(dtype);
  ThErrorScope th_errors;
  dispatch_all(dtype, [&](auto tag) {
    using T = std::conditional_t<std::is_same_v<decltype(tag), bool>, unsigned char, decltype(tag)>;  // TH's element
    auto *h = r.th(tag);
    auto *storage = EMBER_TH_STORAGE(newWithData, tag)(static_cast<T *>(data), n);
    EMBER_TH_STORAGE(clearFlag, tag)(storage, TH_STORAGE_FREEMEM | TH_STORAGE_RESIZABLE);
    Shape size = shape.empty() ? Shape{1} : shape;  // {}: 0-dimensional
    EMBER_TH(setStorageNd, tag)(h, storage, 0, (int)size.size(), size.data(), nullptr);
    EMBER_TH_STORAGE(free, tag)(storage);  // the tensor holds its own reference now
  });
  return with_zero_dim(r, shape.empty());
}

// ----------------------------------------------------------------------------------- views
namespace {
// A view of self with new geometry over the same storage: size {} is 0-dimensional (TH's [1]), and
// any size 0 gives TH's empty tensor (TH cannot hold a shape like [2 x 0]).
Tensor restride(const Tensor &self, Shape size, Shape stride, ptrdiff_t offset) {
  const bool zero_dim = size.empty();
  if (zero_dim) size = stride = {1};
  if (std::find(size.begin(), size.end(), 0L) != size.end()) size.clear(), stride.clear();
  return visit_any(self, [&](auto tag, auto *h) {
    Tensor r = make_view(self, EMBER_TH(new, tag)());
    EMBER_TH(setStorageNd, tag)(r.th(tag), h->storage, offset, (int)size.size(), size.data(), stride.data());
    return with_zero_dim(r, zero_dim);
  });
}

ptrdiff_t offset_of(const Tensor &t) {
  return visit_any(t, [](auto, auto *h) { return h->storageOffset; });
}

// Records a view's backward: `backward` maps the view's gradient to the input's.
Tensor record_view(const Tensor &self, Tensor view, const char *name, std::function<Tensor(const Tensor &)> backward) {
  if (autograd::needs_record({self}))
    autograd::record(name, {view}, {self}, [backward](const tensor_list &g, const std::vector<bool> &) {
      return tensor_list{backward(g[0])};
    });
  return view;
}

Shape infer_size(Shape shape, long numel, const char *op) {
  long infer = -1;
  for (size_t i = 0; i < shape.size(); i++) {
    if (shape[i] == -1) {
      if (infer >= 0) fail(std::string(op) + ": only one size may be -1 in " + shape_str(shape));
      infer = (long)i;
    } else if (shape[i] < 0) {
      fail(std::string(op) + ": invalid size in " + shape_str(shape));
    }
  }
  const long known = size_product(shape, op);
  if (infer >= 0 && known > 0 && numel % known == 0) shape[(size_t)infer] = numel / known;
  else if (infer >= 0 || known != numel)
    fail(std::string(op) + ": shape " + shape_str(shape) + " is invalid for a tensor of " + std::to_string(numel) +
         " elements");
  return shape;
}

Shape contiguous_strides(const Shape &size) {
  Shape stride(size.size());
  long s = 1;
  for (size_t i = size.size(); i-- > 0;) {
    stride[i] = s;
    s *= size[i] > 0 ? size[i] : 1;
  }
  return stride;
}
}  // namespace

Tensor Tensor::view(Shape shape) const {
  Shape in = sizes();
  shape = infer_size(std::move(shape), numel(), "view");
  if (!is_contiguous())
    fail("view: the tensor of size " + shape_str(in) + " is not contiguous (use reshape or contiguous())");
  return record_view(*this, restride(*this, shape, contiguous_strides(shape), offset_of(*this)), "ViewBackward",
                     [in](const Tensor &g) { return g.reshape(in); });
}

Tensor Tensor::reshape(Shape shape) const {
  return is_contiguous() ? view(std::move(shape)) : contiguous().view(std::move(shape));
}

Tensor Tensor::narrow(long d, long start, long length) const {
  if (dim() == 0) fail("narrow: cannot narrow a 0-dimensional tensor");
  Shape in = sizes();
  d = wrap_dim(d, dim(), "narrow");
  if (start < 0) start += in[(size_t)d];
  if (start < 0 || length < 0 || start + length > in[(size_t)d])
    fail("narrow: range [" + std::to_string(start) + ", " + std::to_string(start + length) + ") out of range for dimension " +
         std::to_string(d) + " of size " + std::to_string(in[(size_t)d]));
  Shape size = in;
  size[(size_t)d] = length;
  Shape stride = strides();
  return record_view(*this, restride(*this, size, stride, offset_of(*this) + start * stride[(size_t)d]),
                     "NarrowBackward", [in, d, start, length](const Tensor &g) {
                       Tensor r = zeros(in, g.options());
                       r.narrow(d, start, length).copy_(g);
                       return r;
                     });
}

// Selecting from a 1-D tensor gives a 0-dimensional one, as in libtorch.
Tensor Tensor::select(long d, long index) const {
  if (dim() == 0) fail("select: cannot select from a 0-dimensional tensor");
  Shape in = sizes();
  d = wrap_dim(d, dim(), "select");
  if (index < 0) index += in[(size_t)d];
  if (index < 0 || index >= in[(size_t)d])
    fail("select: index " + std::to_string(index) + " out of range for dimension " + std::to_string(d) + " of size " +
         std::to_string(in[(size_t)d]));
  Shape size = in, stride = strides();
  ptrdiff_t offset = offset_of(*this) + index * stride[(size_t)d];
  size.erase(size.begin() + d);
  stride.erase(stride.begin() + d);
  return record_view(*this, restride(*this, size, stride, offset), "SelectBackward", [in, d, index](const Tensor &g) {
    Tensor r = zeros(in, g.options());
    r.select(d, index).copy_(g);
    return r;
  });
}

Tensor Tensor::transpose(long d0, long d1) const {
  long n = dim();
  d0 = wrap_dim(d0, n, "transpose");
  d1 = wrap_dim(d1, n, "transpose");
  Shape size = sizes(), stride = strides();
  if (n > 0) {
    std::swap(size[(size_t)d0], size[(size_t)d1]);
    std::swap(stride[(size_t)d0], stride[(size_t)d1]);
  }
  return record_view(*this, restride(*this, size, stride, offset_of(*this)), "TransposeBackward",
                     [d0, d1](const Tensor &g) { return g.transpose(d0, d1); });
}

Tensor Tensor::t() const {
  if (dim() > 2) fail("t: expected a tensor with at most 2 dimensions, got " + std::to_string(dim()));
  return dim() == 2 ? transpose(0, 1) : *this;
}

Tensor Tensor::permute(Shape dims) const {
  long n = dim();
  if ((long)dims.size() != n)
    fail("permute: " + std::to_string(dims.size()) + " dimensions given for a " + std::to_string(n) + "-D tensor");
  Shape size = sizes(), stride = strides(), psize(size.size()), pstride(size.size()), inverse(size.size());
  std::vector<bool> seen(size.size());
  for (size_t i = 0; i < dims.size(); i++) {
    long d = wrap_dim(dims[i], n, "permute");
    if (seen[(size_t)d]) fail("permute: dimension " + std::to_string(d) + " repeated in " + shape_str(dims));
    seen[(size_t)d] = true;
    psize[i] = size[(size_t)d];
    pstride[i] = stride[(size_t)d];
    inverse[(size_t)d] = (long)i;
  }
  return record_view(*this, restride(*this, psize, pstride, offset_of(*this)), "PermuteBackward",
                     [inverse](const Tensor &g) { return g.permute(inverse); });
}

Tensor Tensor::unsqueeze(long d) const {
  long n = dim();
  d = wrap_dim(d, n + 1, "unsqueeze");
  Shape size = sizes(), stride = strides();
  long s = (size_t)d < size.size() ? size[(size_t)d] * stride[(size_t)d] : 1;
  size.insert(size.begin() + d, 1);
  stride.insert(stride.begin() + d, s);
  return record_view(*this, restride(*this, size, stride, offset_of(*this)), "UnsqueezeBackward",
                     [d](const Tensor &g) { return g.squeeze(d); });
}

Tensor Tensor::squeeze() const {
  Shape in = sizes(), size, stride;
  Shape st = strides();
  for (size_t i = 0; i < in.size(); i++)
    if (in[i] != 1) {
      size.push_back(in[i]);
      stride.push_back(st[i]);
    }
  return record_view(*this, restride(*this, size, stride, offset_of(*this)), "SqueezeBackward",
                     [in](const Tensor &g) { return g.reshape(in); });
}

Tensor Tensor::squeeze(long d) const {
  Shape in = sizes();
  d = wrap_dim(d, dim(), "squeeze");
  if (in.empty() || in[(size_t)d] != 1)
    return record_view(*this, alias(*this), "SqueezeBackward", [](const Tensor &g) { return g; });
  Shape size = in, stride = strides();
  size.erase(size.begin() + d);
  stride.erase(stride.begin() + d);
  return record_view(*this, restride(*this, size, stride, offset_of(*this)), "SqueezeBackward",
                     [in](const Tensor &g) { return g.reshape(in); });
}

Tensor Tensor::flatten(long start, long end) const {
  long n = dim();
  if (n == 0) return reshape({1});  // libtorch: a 0-dimensional tensor flattens to [1]
  start = wrap_dim(start, n, "flatten");
  end = wrap_dim(end, n, "flatten");
  if (start > end) fail("flatten: start_dim " + std::to_string(start) + " comes after end_dim " + std::to_string(end));
  Shape in = sizes(), shape(in.begin(), in.begin() + start);
  shape.push_back(std::accumulate(in.begin() + start, in.begin() + end + 1, 1L, std::multiplies<long>()));
  shape.insert(shape.end(), in.begin() + end + 1, in.end());
  return reshape(shape);
}

Tensor Tensor::expand(Shape shape) const {
  Shape in = sizes(), stride = strides();
  if (shape.size() < in.size())
    fail("expand: the target shape " + shape_str(shape) + " has fewer dimensions than the tensor " + shape_str(in));
  size_t lead = shape.size() - in.size();
  Shape estride(shape.size(), 0);
  for (size_t i = 0; i < shape.size(); i++) {
    if (i < lead) {
      if (shape[i] < 0) fail("expand: -1 is not allowed for a new leading dimension in " + shape_str(shape));
      continue;
    }
    long s = in[i - lead];
    if (shape[i] == -1) shape[i] = s;
    if (shape[i] == s) estride[i] = stride[i - lead];
    else if (s != 1)
      fail("expand: the size " + std::to_string(s) + " of dimension " + std::to_string(i - lead) + " of " + shape_str(in) +
           " cannot be expanded to " + shape_str(shape) + " (only size 1 expands)");
  }
  return record_view(*this, restride(*this, shape, estride, offset_of(*this)), "ExpandBackward",
                     [in](const Tensor &g) { return sum_to(g, in); });
}

Tensor Tensor::contiguous() const {
  return is_contiguous() ? *this : clone();
}

Tensor Tensor::clone() const {
  Tensor r = make_empty(options());
  visit_any(*this, [&](auto tag, auto *h) {
    EMBER_TH(resizeAs, tag)(r.th(tag), h);
    EMBER_TH(copy, tag)(r.th(tag), h);
  });
  r = with_zero_dim(r, dim() == 0);
  if (autograd::needs_record({*this}))
    autograd::record("CloneBackward", {r}, {*this}, [](const tensor_list &g, const std::vector<bool> &) { return g; });
  return r;
}

Tensor Tensor::detach() const { return alias(*this); }

namespace detail {
// TH's copy<Source> functions or THC's copyCuda<Source> ones (a Bool source reads as its bytes, 0 or 1).
#define EMBER_COPY_CONVERTING_(COPY)                                                       \
  if constexpr (std::is_same_v<S, float>) EMBER_TH(COPY##Float, out_tag)(out, in);         \
  else if constexpr (std::is_same_v<S, double>) EMBER_TH(COPY##Double, out_tag)(out, in);  \
  else if constexpr (std::is_same_v<S, long>) EMBER_TH(COPY##Long, out_tag)(out, in);      \
  else if constexpr (std::is_same_v<S, int>) EMBER_TH(COPY##Int, out_tag)(out, in);        \
  else if constexpr (std::is_same_v<S, short>) EMBER_TH(COPY##Short, out_tag)(out, in);    \
  else if constexpr (std::is_same_v<S, char>) EMBER_TH(COPY##Char, out_tag)(out, in);      \
  else EMBER_TH(COPY##Byte, out_tag)(out, in);
void copy_converting(const Tensor &out_tensor, const Tensor &in_tensor) {
  dispatch_any(out_tensor, [&](auto out_tag) {
    auto *out = out_tensor.th(out_tag);
    auto convert = [&](auto in_tag) {
      auto *in = in_tensor.th(in_tag);
      if constexpr (is_cuda_tag_v<decltype(out_tag)>) {
        using S = typename decltype(in_tag)::scalar;
        EMBER_COPY_CONVERTING_(copyCuda)
      } else {
        using S = decltype(in_tag);
        EMBER_COPY_CONVERTING_(copy)
      }
    };
    // the source's tags on the destination's device only (they share it)
    if constexpr (is_cuda_tag_v<decltype(out_tag)>) dispatch_tags<void, CudaTag>(in_tensor.dtype(), convert);
    else dispatch_tags<void, CpuTag>(in_tensor.dtype(), convert);
  });
}
#undef EMBER_COPY_CONVERTING_
}  // namespace detail

Tensor Tensor::to(Dtype target) const {
  check_defined(*this, "to");
  if (dtype() == target) return *this;
  if (target == kBool) {  // value != 0, not a truncating copy (0.5 is true)
    if (via_long(*this)) return to(kLong).to(kBool);
    Tensor r = make_empty(TensorOptions(kBool, device()));
    visit_math(*this, [&](auto tag, auto *h) { EMBER_TH(neValue, tag)(r.th(DeviceTag<decltype(tag), bool>{}), h, 0); });
    return with_zero_dim(r, dim() == 0);
  }
  Tensor r = empty(sizes(), TensorOptions(target, device()));
  copy_converting(r, *this);
  Dtype from = dtype();
  if (is_floating_point(from) && is_floating_point(target) && autograd::needs_record({*this}))
    autograd::record("ToBackward", {r}, {*this}, [from](const tensor_list &g, const std::vector<bool> &) {
      return tensor_list{g[0].to(from)};
    });
  return r;
}

}  // namespace ember
