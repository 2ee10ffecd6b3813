#pragma once
// ember::Tensor: a value type over a libTH tensor (THFloatTensor or THDoubleTensor) or, on a CUDA
// device, a libTHC one (THCudaTensor or THCudaDoubleTensor), in the shape of libtorch's torch::Tensor.
// Every operation runs where its operands are (all on one device: mixing devices is an error naming
// both); to(Device), cuda() and cpu() copy between devices. Operations built on THNN kernels run
// libTHCUNN's on CUDA tensors (convolutions, pooling, batch norm, embeddings, RNNs, losses).
// Copying a Tensor is cheap and shares the same tensor; views (view, narrow, select, transpose, expand, ...) share the storage. Every differentiable operation records
// an autograd node when an input requires grad (see autograd.hpp).
//
// Dtypes: Float and Double (floating point), Long, Int, Short, Char (signed 8-bit) and Byte (unsigned
// 8-bit) on TH's tensors of those types, and Bool on TH's Byte tensors (values 0 and 1). Operations are
// of three kinds: structural ones (creation, views, copies and conversions, printing) work on every
// dtype; arithmetic, comparisons, reductions and indexing work on every dtype on the CPU and on Float,
// Double and Long on CUDA (libTHC's math types); exp, log, sqrt, tanh and sigmoid compute an integral
// tensor in Float; mean, var, std, norm, mm/bmm/matmul, the random fills, autograd and the nn layers
// need a floating-point dtype. A dtype an operation cannot take is an ember::Error naming both.
// Operands of two dtypes are promoted as libtorch promotes them (promote_types, Scalar).
//
// Scalars (0-dimensional tensors, sizes() == {}), as in libtorch: scalar_tensor(v), empty({}) /
// zeros({}) / ones({}) / full({}, v), a full reduction (sum(), mean(), max(), min(), argmax(), var(),
// std(), norm(), the 1-D matmul), a reduction of a 1-D tensor over its dimension, select or an integer
// index on a 1-D tensor, squeeze() or view({}) of one element; item<T>() reads the value. Pointwise
// operations, comparisons, clone and conversions give a 0-dimensional result when every tensor operand
// is one; it broadcasts with any shape. A 0-dimensional tensor takes dim 0 and -1 (sum(0), ...).
// Empty tensors (TH's nDimension 0) have size {0}. The C API keeps Torch7's convention: the TH handle
// of a 0-dimensional tensor (th(), checkpoints of format version 1) is 1-D of size 1, and one of
// nDimension 0 is an empty tensor.
// Indices (argmax, max(dim)) are 0-based Long tensors.
#include <TH.h>

// libTHC's types, declared only: the public headers need no CUDA header (ember with or without CUDA).
struct THCState;
struct THCudaTensor;
struct THCudaDoubleTensor;
struct THCudaLongTensor;
struct THCudaIntTensor;
struct THCudaShortTensor;
struct THCudaCharTensor;
struct THCudaByteTensor;

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace ember {

// Every bad use of the C++ layer, and every error raised inside TH/THNN during an ember call, surfaces
// as an ember::Error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The order is the checkpoint format's dtype codes (serialize.hpp): append only.
enum class Dtype { Float, Double, Long, Int, Short, Char, Byte, Bool };
constexpr Dtype kFloat = Dtype::Float, kFloat32 = Dtype::Float;
constexpr Dtype kDouble = Dtype::Double, kFloat64 = Dtype::Double;
constexpr Dtype kLong = Dtype::Long, kInt64 = Dtype::Long;
constexpr Dtype kInt = Dtype::Int, kInt32 = Dtype::Int;
constexpr Dtype kShort = Dtype::Short, kInt16 = Dtype::Short;
constexpr Dtype kChar = Dtype::Char, kInt8 = Dtype::Char;
constexpr Dtype kByte = Dtype::Byte, kUInt8 = Dtype::Byte;
constexpr Dtype kBool = Dtype::Bool;
const char *dtype_name(Dtype dtype);  // "Float", "Double", "Long", "Int", "Short", "Char", "Byte", "Bool"
constexpr bool is_floating_point(Dtype dtype) { return dtype == kFloat || dtype == kDouble; }
// Long, Int, Short, Char, Byte, and Bool when include_bool.
constexpr bool is_integral(Dtype dtype, bool include_bool = false) {
  return !is_floating_point(dtype) && (include_bool || dtype != kBool);
}
size_t element_size(Dtype dtype);  // bytes per element: 4, 8, 8, 4, 2, 1, 1, 1
// libtorch's promotion of two tensor operands: the wider of two floating or two integral dtypes, a
// floating one over an integral one, anything over Bool; Byte with Char gives Short.
Dtype promote_types(Dtype a, Dtype b);

// Whether a value of dtype `from` may be written into a tensor of dtype `to` by an in-place operation
// (libtorch's can_cast): not floating into integral, not a non-Bool into Bool; anything else may.
bool can_cast(Dtype from, Dtype to);

// A number given to a tensor operation (t + 1, t * 0.5, fill_(2), eq(3)): implicit from any arithmetic
// type, it remembers whether it was written as a bool, an integer or a floating-point number. That
// decides the result's dtype as in libtorch: a scalar weighs in only when its kind (bool < integer <
// floating point) is above the tensor's, and then gives the default dtype of its kind: a Long t + 1 stays
// Long, t + 1.5 is Float; a Bool t + 1 is Long; a Float t + 1.5 stays Float (never Double); an Int
// t * 2 stays Int. Integers are kept exactly (a long, not a double).
class Scalar {
 public:
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>> Scalar(T value) {
    if constexpr (std::is_same_v<T, bool>) kind_ = Dtype::Bool;
    else if constexpr (std::is_integral_v<T>) kind_ = Dtype::Long;
    else kind_ = Dtype::Double;
    if constexpr (std::is_integral_v<T>) integer_ = static_cast<long>(value);
    floating_ = static_cast<double>(value);
  }
  // Bool, Long or Double: the dtype of its kind (a floating-point scalar is Double-precise).
  Dtype kind() const { return kind_; }
  bool is_floating_point() const { return kind_ == Dtype::Double; }
  bool is_integral(bool include_bool = false) const { return kind_ == Dtype::Long || (include_bool && kind_ == Dtype::Bool); }
  double to_double() const { return floating_; }
  // The value as an element of type T: a floating-point value truncated toward zero and saturated at
  // T's range for an integral T (NaN gives 0), an integer wrapped as C++ converts it, != 0 for bool.
  template <typename T> T to() const {
    if constexpr (std::is_same_v<T, bool>) {
      return kind_ == Dtype::Double ? floating_ != 0 : integer_ != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(floating_);
    } else {
      if (kind_ != Dtype::Double) return static_cast<T>(integer_);
      if (!(floating_ == floating_)) return T(0);
      if (floating_ <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
      if (floating_ >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
      return static_cast<T>(floating_);
    }
  }
  Scalar operator-() const { return kind_ == Dtype::Double ? Scalar(-floating_) : Scalar(-integer_); }

 private:
  Dtype kind_;
  long integer_ = 0;  // integers and bools
  double floating_ = 0;
};

using Shape = std::vector<long>;
std::string shape_str(const Shape &shape);  // "[2 x 3]"

struct TensorImpl;  // cpp/src/tensor_impl.hpp: the TH handle and the autograd metadata
namespace autograd {
struct Node;
}
namespace indexing {
class TensorIndex;  // indexing.hpp: Tensor::index and index_put_
}

// ------------------------------------------------------------------------------------------ devices
// Where a tensor lives: the CPU (libTH) or a CUDA device (libTHC). Index -1 means "the current
// device" (CUDA) and is the only index of the CPU. Parsed from "cpu", "cuda" or "cuda:1".
enum class DeviceType { CPU, CUDA };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;

struct Device {
  Device(DeviceType type = kCPU, int index = -1);  // throws for a CPU index other than -1 or 0
  Device(const std::string &spec);                 // "cpu", "cuda", "cuda:1"; throws otherwise
  Device(const char *spec) : Device(std::string(spec ? spec : "")) {}
  DeviceType type() const { return type_; }
  int index() const { return index_; }
  bool is_cpu() const { return type_ == kCPU; }
  bool is_cuda() const { return type_ == kCUDA; }
  std::string str() const;  // "cpu", "cuda", "cuda:1"
  bool operator==(const Device &o) const { return type_ == o.type_ && index_ == o.index_; }
  bool operator!=(const Device &o) const { return !(*this == o); }

 private:
  DeviceType type_;
  int index_;
};
std::ostream &operator<<(std::ostream &out, const Device &device);

namespace cuda {
// Whether this libember was built with libTHC (EMBER_CUDA) and a CUDA device can be used. Neither
// creates the CUDA context; device_count() asks the runtime (0 without a driver or a device).
bool is_built();
int device_count();
bool is_available();
}  // namespace cuda

// ------------------------------------------------------------------------------------ dtype dispatch
// The TH tensor type of a C type (a dispatch tag): Bool's tag is bool, stored in a THByteTensor.
template <typename T> struct THTensorOf;
template <> struct THTensorOf<float> { using type = THFloatTensor; };
template <> struct THTensorOf<double> { using type = THDoubleTensor; };
template <> struct THTensorOf<long> { using type = THLongTensor; };
template <> struct THTensorOf<int> { using type = THIntTensor; };
template <> struct THTensorOf<short> { using type = THShortTensor; };
template <> struct THTensorOf<char> { using type = THCharTensor; };
template <> struct THTensorOf<unsigned char> { using type = THByteTensor; };
template <> struct THTensorOf<bool> { using type = THByteTensor; };
template <typename T> using th_tensor_t = typename THTensorOf<T>::type;

// scalar_of_t<X>: float or double, for X a tag value type (float/double), a TH handle pointer, or any
// type with a nested `scalar` (the THNN adapter's arguments).
template <typename X, typename = void> struct ScalarOf;
template <typename X> struct ScalarOf<X, std::enable_if_t<std::is_arithmetic_v<X>>> { using type = X; };
template <> struct ScalarOf<THFloatTensor *> { using type = float; };
template <> struct ScalarOf<THDoubleTensor *> { using type = double; };
template <> struct ScalarOf<THLongTensor *> { using type = long; };
template <> struct ScalarOf<THIntTensor *> { using type = int; };
template <> struct ScalarOf<THShortTensor *> { using type = short; };
template <> struct ScalarOf<THCharTensor *> { using type = char; };
template <> struct ScalarOf<THByteTensor *> { using type = unsigned char; };
template <typename X> struct ScalarOf<X, std::void_t<typename X::scalar>> { using type = typename X::scalar; };
template <typename X> using scalar_of_t = typename ScalarOf<std::remove_cv_t<std::remove_reference_t<X>>>::type;

namespace detail {
// A dispatch tag is the element's C type for the CPU (float, double, long, ..., bool) and CudaTag<T> for
// CUDA (used by libember's sources and the THNN adapter; only libember instantiates the CUDA ones).
template <typename T> struct CudaHandleOf;
template <> struct CudaHandleOf<float> { using type = THCudaTensor; };
template <> struct CudaHandleOf<double> { using type = THCudaDoubleTensor; };
template <> struct CudaHandleOf<long> { using type = THCudaLongTensor; };
template <> struct CudaHandleOf<int> { using type = THCudaIntTensor; };
template <> struct CudaHandleOf<short> { using type = THCudaShortTensor; };
template <> struct CudaHandleOf<char> { using type = THCudaCharTensor; };
template <> struct CudaHandleOf<unsigned char> { using type = THCudaByteTensor; };
template <> struct CudaHandleOf<bool> { using type = THCudaByteTensor; };
template <typename T> struct CudaTag {
  using scalar = T;
  using handle = typename CudaHandleOf<T>::type;
};
template <typename X> struct IsCudaTag : std::false_type {};
template <typename T> struct IsCudaTag<CudaTag<T>> : std::true_type {};
template <typename X> constexpr bool is_cuda_tag_v = IsCudaTag<std::remove_cv_t<std::remove_reference_t<X>>>::value;

template <typename T, typename F, typename D> constexpr auto pick(F f, D d) {
  if constexpr (std::is_same_v<T, float>) return f;
  else return d;
}
}  // namespace detail

// EMBER_TH(NAME, X): THFloatTensor_NAME, THDoubleTensor_NAME, THLongTensor_NAME, ... (THByteTensor_NAME
// for Bool), chosen by the type of X (a dispatch tag, a TH handle, ...): EMBER_TH(cadd, tag)(r, a, 1, b).
// Only the chosen function is looked up, when a tag instantiates the call: a floating-point-only name
// (tanh) is fine in code that only floating tags reach.
#define EMBER_TH_CPU_CALL_(PREFIX, NAME, T, ...)                                                   \
  if constexpr (std::is_same_v<T, float>) return THFloat##PREFIX##_##NAME(__VA_ARGS__);            \
  else if constexpr (std::is_same_v<T, double>) return THDouble##PREFIX##_##NAME(__VA_ARGS__);     \
  else if constexpr (std::is_same_v<T, long>) return THLong##PREFIX##_##NAME(__VA_ARGS__);         \
  else if constexpr (std::is_same_v<T, int>) return THInt##PREFIX##_##NAME(__VA_ARGS__);           \
  else if constexpr (std::is_same_v<T, short>) return THShort##PREFIX##_##NAME(__VA_ARGS__);       \
  else if constexpr (std::is_same_v<T, char>) return THChar##PREFIX##_##NAME(__VA_ARGS__);         \
  else if constexpr (std::is_same_v<T, unsigned char> || std::is_same_v<T, bool>)                 \
    return THByte##PREFIX##_##NAME(__VA_ARGS__);
#define EMBER_TH(NAME, X)                                                                         \
  ::ember::detail::bind_tag<::ember::scalar_of_t<decltype(X)>>([](auto tag_, auto &&...a) -> decltype(auto) { \
    EMBER_TH_CPU_CALL_(Tensor, NAME, decltype(tag_), a...)                                        \
  })
namespace detail {
// f with the tag bound as its first argument.
template <typename Tag, typename F> constexpr auto bind_tag(F f) {
  return [f](auto &&...a) -> decltype(auto) { return f(Tag{}, std::forward<decltype(a)>(a)...); };
}
}  // namespace detail

namespace detail {
[[noreturn]] void fail_not_floating(Dtype dtype);  // "expected a floating-point tensor (Float or Double), got Long"
}
// Calls f(float{}) or f(double{}) (a tag whose type is the element type) and returns what it returns;
// any other dtype throws (see dispatch_all for code that serves every dtype).
template <typename F> decltype(auto) dispatch(Dtype dtype, F &&f) {
  if (dtype == Dtype::Float) return f(float{});
  if (dtype != Dtype::Double) detail::fail_not_floating(dtype);
  return f(double{});
}
// Calls f with the tag of any dtype (float, double, long, int, short, char, unsigned char, bool); every
// branch's result is converted to the Float one's.
template <typename F> decltype(auto) dispatch_all(Dtype dtype, F &&f) {
  using R = decltype(f(float{}));
  switch (dtype) {
    case Dtype::Float: return f(float{});
    case Dtype::Double: return static_cast<R>(f(double{}));
    case Dtype::Long: return static_cast<R>(f(long{}));
    case Dtype::Int: return static_cast<R>(f(int{}));
    case Dtype::Short: return static_cast<R>(f(short{}));
    case Dtype::Char: return static_cast<R>(f(char{}));
    case Dtype::Byte: return static_cast<R>(f(static_cast<unsigned char>(0)));
    case Dtype::Bool: break;
  }
  return static_cast<R>(f(bool{}));
}
// The dtype of a C type: float, double, long (int64_t), int, short, char (int8_t's storage in TH),
// unsigned char (uint8_t) and bool.
template <typename T> constexpr Dtype dtype_of() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, long> ||
                    std::is_same_v<T, int> || std::is_same_v<T, short> || std::is_same_v<T, char> ||
                    std::is_same_v<T, signed char> || std::is_same_v<T, unsigned char> || std::is_same_v<T, bool>,
                "dtype_of<T>: no ember dtype for this C type");
  if constexpr (std::is_same_v<T, float>) return kFloat;
  else if constexpr (std::is_same_v<T, double>) return kDouble;
  else if constexpr (std::is_same_v<T, long>) return kLong;
  else if constexpr (std::is_same_v<T, int>) return kInt;
  else if constexpr (std::is_same_v<T, short>) return kShort;
  else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char>) return kChar;
  else if constexpr (std::is_same_v<T, unsigned char>) return kByte;
  else return kBool;
}

// A dtype and a device: what the factories take (a Dtype or a Device alone converts to it).
struct TensorOptions {
  TensorOptions(Dtype dtype_ = kFloat) : dtype(dtype_) {}
  TensorOptions(Device device_) : device(device_) {}
  TensorOptions(DeviceType type) : device(type) {}
  TensorOptions(const char *spec) : device(spec) {}
  TensorOptions(Dtype dtype_, Device device_) : dtype(dtype_), device(device_) {}
  Dtype dtype = kFloat;
  Device device;
};

class Tensor {
 public:
  using Hook = std::function<Tensor(const Tensor &)>;

  Tensor() = default;  // undefined: every operation on it throws
  // Adopts a raw handle: takes over one reference (the caller must not free it). A THByteTensor is a
  // Byte tensor (adopt(t).to(kBool) makes a Bool one).
  static Tensor adopt(THFloatTensor *t);
  static Tensor adopt(THDoubleTensor *t);
  static Tensor adopt(THLongTensor *t);
  static Tensor adopt(THIntTensor *t);
  static Tensor adopt(THShortTensor *t);
  static Tensor adopt(THCharTensor *t);
  static Tensor adopt(THByteTensor *t);
  // Shares a raw handle: retains it (the caller keeps its own reference).
  template <typename H> static Tensor wrap(H *t);

  bool defined() const { return impl_ != nullptr; }
  Dtype dtype() const;
  long dim() const;
  Shape sizes() const;
  Shape strides() const;
  long size(long d) const;  // negative d counts from the end; a 0-dimensional tensor has none (an error)
  long numel() const;
  bool is_contiguous() const;
  bool is_same(const Tensor &other) const { return impl_ == other.impl_; }  // the same Tensor object
  // "torch.FloatTensor of size 2x3"; "... of size []" when 0-dimensional; "... with no dimension" when empty
  std::string toString() const;

  // The raw handle (borrowed; valid while this Tensor lives), by dispatch tag: th(float{}) or th<float>()
  // is the THFloatTensor of a CPU Float tensor, th<bool>() the THByteTensor of a Bool one. Throws if
  // the dtype or the device differs.
  template <typename T> th_tensor_t<T> *th(T) const;
  template <typename T> th_tensor_t<T> *th() const { return th(T{}); }
  THFloatTensor *th_float() const { return th<float>(); }
  THDoubleTensor *th_double() const { return th<double>(); }
  // Internal (cpp/src): the libTHC handle of a CUDA tensor, by a CUDA dispatch tag.
  template <typename Tag> typename Tag::handle *th(Tag tag) const;

  // Pointer to the first element (honours the storage offset; the layout follows strides()). CPU
  // tensors only (throws for a CUDA tensor: copy it with cpu()); T must be the dtype's C type
  // (dtype_of<T>() == dtype(); int64_t is long, uint8_t unsigned char, and a Bool tensor gives bool).
  template <typename T> T *data() const;
  // The value of a one-element tensor, converted to T (any arithmetic type; a CUDA tensor is read back).
  template <typename T> T item() const;
  double item() const;

  // Views: share the storage.
  Tensor view(Shape shape) const;  // one size may be -1 (inferred); needs a contiguous tensor
  Tensor reshape(Shape shape) const;  // a view when contiguous, else a copy
  Tensor narrow(long dim, long start, long length) const;
  Tensor select(long dim, long index) const;  // on a 1-D tensor: the element, 0-dimensional
  Tensor operator[](long index) const { return select(0, index); }
  Tensor transpose(long dim0, long dim1) const;
  Tensor t() const;  // 2-D transpose (a 1-D tensor is returned as is)
  Tensor permute(Shape dims) const;
  Tensor unsqueeze(long dim) const;
  Tensor squeeze() const;
  Tensor squeeze(long dim) const;
  Tensor flatten(long start_dim = 0, long end_dim = -1) const;
  Tensor expand(Shape shape) const;  // numpy rules; -1 keeps a size
  Tensor expand_as(const Tensor &other) const { return expand(other.sizes()); }
  Tensor contiguous() const;  // *this when already contiguous
  Tensor clone() const;
  Tensor detach() const;  // same data, no history, requires_grad false
  // *this when already of that dtype. Floating to integral truncates toward zero; to Bool gives
  // value != 0. Differentiable between floating dtypes only.
  Tensor to(Dtype dtype) const;
  // A copy on the device (*this when already there); differentiable: the gradient goes back.
  Tensor to(Device device) const;
  // non_blocking: an upload from a contiguous CPU tensor is queued on the current CUDA stream and
  // returns at once (asynchronous for real from pinned memory: pin_memory()); the source must stay
  // unchanged until the stream has run the copy. Any other move is to(device).
  Tensor to(Device device, bool non_blocking) const;
  // A contiguous copy in page-locked host memory (libTHC's pinned allocator), the source of
  // asynchronous uploads. A CPU tensor; needs CUDA (throws without it).
  Tensor pin_memory() const;
  Tensor to(DeviceType type) const { return to(Device(type)); }
  Tensor to(const char *device) const { return to(Device(device)); }
  Tensor cuda(int index = -1) const { return to(Device(kCUDA, index)); }
  Tensor cpu() const { return to(Device(kCPU)); }
  Device device() const;  // a CUDA tensor's device always has its index
  bool is_cuda() const { return device().is_cuda(); }
  TensorOptions options() const { return {dtype(), device()}; }

  // Arithmetic (numpy broadcasting). Operands of two dtypes are promoted to promote_types of them, a
  // Scalar as its comment says; division is Float for integral operands. Integral and Bool tensors take
  // + - * / neg abs sign clamp pow (Bool: no subtraction or negation, and + and * stay Bool: or, and);
  // exp, log, sqrt, tanh and sigmoid compute an integral tensor in Float (libtorch's rule).
  Tensor operator-() const;
  Tensor pow(Scalar exponent) const;  // an integral tensor to an integer power stays integral (>= 0 only)
  Tensor pow(const Tensor &exponent) const;
  Tensor exp() const;
  Tensor log() const;
  Tensor sqrt() const;
  Tensor abs() const;
  Tensor tanh() const;
  Tensor sigmoid() const;
  Tensor relu() const;
  Tensor sign() const;  // not differentiable (gradient 0)
  // +-infinity for one-sided; an infinite bound takes no part in promotion (a Long clamp(0, INFINITY)
  // stays Long), a finite floating-point one makes an integral tensor's result Float.
  Tensor clamp(Scalar min, Scalar max) const;
  Tensor matmul(const Tensor &other) const;  // 1-D, 2-D, batched 3-D (a 2-D side is broadcast)
  Tensor mm(const Tensor &other) const;
  Tensor bmm(const Tensor &other) const;

  // In place: each bumps the version counter shared by all views of the storage. The result's dtype
  // (as out of place) must be castable to this tensor's (can_cast): a Long add_ of a Float tensor or of
  // 1.5, or a Long div_, is an error; an Int add_ of a Long or a Float add_ of a Double is fine (computed
  // in the wider dtype, stored in this one). An integral tensor takes an integral alpha only.
  Tensor &add_(const Tensor &other, Scalar alpha = 1);
  Tensor &add_(Scalar value);
  Tensor &sub_(const Tensor &other, Scalar alpha = 1);
  Tensor &sub_(Scalar value);
  Tensor &mul_(const Tensor &other);
  Tensor &mul_(Scalar value);
  Tensor &div_(const Tensor &other);
  Tensor &div_(Scalar value);
  Tensor &zero_();
  Tensor &fill_(Scalar value);  // converted to the dtype as to() converts (2.7 fills a Long with 2)
  Tensor &copy_(const Tensor &src);  // src broadcast to this shape; any dtype, converted as to() does
  Tensor &uniform_(double from = 0, double to = 1);
  Tensor &normal_(double mean = 0, double std = 1);

  // Reductions (a negative dim counts from the end). sum of an integral or Bool tensor is Long; mean,
  // var, std and norm need a floating-point tensor; max and min keep the dtype; indices are Long.
  Tensor sum() const;
  Tensor sum(long dim, bool keepdim = false) const;
  Tensor mean() const;
  Tensor mean(long dim, bool keepdim = false) const;
  Tensor max() const;
  Tensor min() const;
  std::tuple<Tensor, Tensor> max(long dim, bool keepdim = false) const;  // values, indices
  std::tuple<Tensor, Tensor> min(long dim, bool keepdim = false) const;
  Tensor argmax() const;  // index into the flattened tensor
  Tensor argmax(long dim, bool keepdim = false) const;
  Tensor argmin() const;
  Tensor argmin(long dim, bool keepdim = false) const;
  Tensor var(bool unbiased = true) const;
  Tensor var(long dim, bool unbiased = true, bool keepdim = false) const;
  Tensor var(int dim, bool unbiased = true, bool keepdim = false) const { return var((long)dim, unbiased, keepdim); }
  Tensor std(bool unbiased = true) const;
  Tensor std(long dim, bool unbiased = true, bool keepdim = false) const;
  Tensor std(int dim, bool unbiased = true, bool keepdim = false) const { return std((long)dim, unbiased, keepdim); }
  Tensor norm(double p = 2) const;
  Tensor norm(double p, long dim, bool keepdim = false) const;
  // (var(1) and std(1) reduce over dimension 1; var(true) and var(false) over everything)

  // Comparisons: Bool tensors of the broadcast shape (not differentiable); the operands are promoted
  // to one dtype first.
  Tensor eq(const Tensor &other) const;
  Tensor ne(const Tensor &other) const;
  Tensor lt(const Tensor &other) const;
  Tensor le(const Tensor &other) const;
  Tensor gt(const Tensor &other) const;
  Tensor ge(const Tensor &other) const;
  Tensor eq(Scalar value) const;  // a Long t.eq(1.5) compares in Float (all false)
  Tensor ne(Scalar value) const;
  Tensor lt(Scalar value) const;
  Tensor le(Scalar value) const;
  Tensor gt(Scalar value) const;
  Tensor ge(Scalar value) const;
  bool equal(const Tensor &other) const;  // same shape and values (compared in the promoted dtype)
  // |this - other| <= atol + rtol |other| everywhere, in the promoted dtype (Float for integers).
  bool allclose(const Tensor &other, double rtol = 1e-5, double atol = 1e-8) const;

  // ---- Indexing, joining, reordering (tensor_index.cpp, tensor_join.cpp, tensor_sort.cpp): the ops
  // engineer's block; methods go here.
  // Index tensors are Long and 0-based, masks Bool; an index out of range is an error naming the op,
  // the value and its position (indices are checked on the host: a CUDA index is read back). Floating-
  // point inputs get gradients (repeated indices accumulate). Every dtype works on both devices (on CUDA
  // a dtype other than Float, Double and Long goes through Long). The in-place forms (scatter_,
  // masked_fill_, index_put_, clamp_) copy the out-of-place result into self.
  Tensor index_select(long dim, const Tensor &index) const;  // index: 1-D
  // out[i][j] = self[index[i][j]][j] for dim 0; index has self's dimensions, no larger except along dim.
  Tensor gather(long dim, const Tensor &index) const;
  // self[index[i][j]][j] = src[i][j] for dim 0 (repeated indices: one of the writes wins).
  Tensor &scatter_(long dim, const Tensor &index, const Tensor &src);
  Tensor &scatter_(long dim, const Tensor &index, Scalar value);
  Tensor scatter(long dim, const Tensor &index, const Tensor &src) const;
  Tensor scatter(long dim, const Tensor &index, Scalar value) const;
  Tensor &scatter_add_(long dim, const Tensor &index, const Tensor &src);  // repeated indices add up
  Tensor scatter_add(long dim, const Tensor &index, const Tensor &src) const;
  // mask broadcasts to self's shape. A value is converted to self's dtype (Scalar::to).
  Tensor &masked_fill_(const Tensor &mask, Scalar value);
  Tensor masked_fill(const Tensor &mask, Scalar value) const;
  Tensor masked_select(const Tensor &mask) const;  // 1-D, in row-major order of the broadcast shape
  // [n x dim] Long subscripts of the non-zero elements, row-major order; a 0-dimensional tensor gives
  // its 1-D view's [n x 1] (libtorch's [n x 0] has no TH form).
  Tensor nonzero() const;
  // Python's t[...] (see indexing.hpp). A view unless a tensor index is among the indices. An integer
  // index on a 1-D tensor gives a 0-dimensional tensor.
  Tensor index(const std::vector<indexing::TensorIndex> &indices) const;
  // Python's t[...] = value: value broadcasts to the shape index() would give.
  Tensor &index_put_(const std::vector<indexing::TensorIndex> &indices, const Tensor &value);
  Tensor &index_put_(const std::vector<indexing::TensorIndex> &indices, Scalar value);
  // nn::functional::softmax / log_softmax along dim.
  Tensor softmax(long dim) const;
  Tensor log_softmax(long dim) const;
  Tensor &clamp_(Scalar min, Scalar max);  // clamp in place (the result converted back to self's dtype)
  Tensor clamp_min(Scalar min) const;
  Tensor clamp_max(Scalar max) const;
  // Values and Long positions along dim, ascending unless descending. Ties keep their order in slices
  // of up to 11 elements only (TH's sort is not stable beyond).
  std::tuple<Tensor, Tensor> sort(long dim = -1, bool descending = false) const;
  // The k largest (or smallest) along dim, values and Long positions, in order when sorted; 1 <= k <= size.
  std::tuple<Tensor, Tensor> topk(long k, long dim = -1, bool largest = true, bool sorted = true) const;
  Tensor cumsum(long dim) const;  // integral and Bool inputs give a Long result
  Tensor repeat(Shape repeats) const;  // tiles; repeats may have more entries than dim() (leading ones)
  Tensor flip(Shape dims) const;
  // Rotates along dims by shifts (elements leaving one end come in at the other); no dims: over the
  // flattened tensor, shape kept.
  Tensor roll(Shape shifts, Shape dims = {}) const;
  // Pieces of split_size along dim (the last one smaller), or of the given sizes (summing to size(dim)).
  // Views of self.
  std::vector<Tensor> split(long split_size, long dim = 0) const;
  std::vector<Tensor> split_with_sizes(Shape split_sizes, long dim = 0) const;
  std::vector<Tensor> split(Shape split_sizes, long dim = 0) const {
    return split_with_sizes(std::move(split_sizes), dim);
  }
  std::vector<Tensor> chunk(long chunks, long dim = 0) const;  // at most `chunks` pieces of ceil(size / chunks)
  // ---- end of the ops block

  // Autograd (autograd.cpp).
  bool requires_grad() const;
  Tensor &set_requires_grad(bool requires_grad);  // leaves only
  Tensor &requires_grad_(bool requires_grad = true) { return set_requires_grad(requires_grad); }
  bool is_leaf() const;
  const Tensor &grad() const;  // undefined until a backward reaches this leaf
  Tensor &mutable_grad();  // e.g. t.mutable_grad() = Tensor() to drop the gradient
  std::shared_ptr<autograd::Node> grad_fn() const;
  long output_nr() const;
  // Runs backward from this tensor. gradient may be left out for a one-element tensor (ones_like:
  // 0-dimensional for a 0-dimensional tensor).
  void backward(const Tensor &gradient = Tensor(), bool retain_graph = false) const;
  // Called with the gradient of this tensor during backward; a defined result replaces it.
  void register_hook(Hook hook) const;
  // The version counter, shared by views; bumped by every in-place operation.
  uint64_t version() const;

  // For the implementation and the adapters (cpp/src, thnn.hpp).
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}
  TensorImpl &impl() const;
  const std::shared_ptr<TensorImpl> &impl_ptr() const { return impl_; }

 private:
  std::shared_ptr<TensorImpl> impl_;
};

using tensor_list = std::vector<Tensor>;

// The dtype a binary operation computes in (before its own rule: division is Float for integers):
// promote_types of two tensors' dtypes, or a tensor's with a Scalar as Scalar's comment says.
Dtype result_type(const Tensor &a, const Tensor &b);
Dtype result_type(const Tensor &t, const Scalar &s);

// Creation (on the CPU unless a TensorOptions says otherwise; the *_like keep dtype and device). A
// size of 0 gives an empty tensor (size {0}), the shape {} a 0-dimensional one.
Tensor empty(Shape shape, Dtype dtype = kFloat);
Tensor zeros(Shape shape, Dtype dtype = kFloat);
Tensor ones(Shape shape, Dtype dtype = kFloat);
Tensor full(Shape shape, Scalar value, Dtype dtype = kFloat);
Tensor rand(Shape shape, Dtype dtype = kFloat);   // uniform on [0, 1)
Tensor randn(Shape shape, Dtype dtype = kFloat);  // standard normal
// The same with a device: zeros({2, 3}, kCUDA), ones({4}, {kDouble, "cuda:1"}). Random values are
// drawn on the CPU (the manual_seed sequence) and copied, so a seed gives the same numbers anywhere.
Tensor empty(Shape shape, TensorOptions options);
Tensor zeros(Shape shape, TensorOptions options);
Tensor ones(Shape shape, TensorOptions options);
Tensor full(Shape shape, Scalar value, TensorOptions options);
Tensor rand(Shape shape, TensorOptions options);
Tensor randn(Shape shape, TensorOptions options);
Tensor arange(double end, Dtype dtype = kFloat);
Tensor arange(double start, double end, double step = 1, Dtype dtype = kFloat);  // end excluded (any dtype)
Tensor from_vector(const std::vector<float> &values, Shape shape = {});   // Float; default shape {n}
Tensor from_vector(const std::vector<double> &values, Shape shape = {});  // Double
Tensor from_vector(const std::vector<long> &values, Shape shape = {});    // Long (std::vector<int64_t>)
Tensor from_vector(const std::vector<int> &values, Shape shape = {});     // Int
Tensor from_vector(const std::vector<bool> &values, Shape shape = {});    // Bool
// copy = true copies the data; copy = false wraps the memory, which must outlive every view.
Tensor from_blob(void *data, Shape shape, Dtype dtype, bool copy = true);
Tensor empty_like(const Tensor &t);
Tensor zeros_like(const Tensor &t);
Tensor ones_like(const Tensor &t);
Tensor full_like(const Tensor &t, Scalar value);
Tensor rand_like(const Tensor &t);
Tensor randn_like(const Tensor &t);
// A 0-dimensional tensor holding value (Float unless options say otherwise), as libtorch's.
Tensor scalar_tensor(Scalar value, TensorOptions options = {});

// The generator of rand/randn/uniform_/normal_ (Torch7's MT19937 sequence for a seed).
void manual_seed(uint64_t seed);
THGenerator *default_generator();

Tensor operator+(const Tensor &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Tensor &b);
Tensor operator+(const Tensor &a, Scalar b);
Tensor operator-(const Tensor &a, Scalar b);
Tensor operator*(const Tensor &a, Scalar b);
Tensor operator/(const Tensor &a, Scalar b);
Tensor operator+(Scalar a, const Tensor &b);
Tensor operator-(Scalar a, const Tensor &b);
Tensor operator*(Scalar a, const Tensor &b);
Tensor operator/(Scalar a, const Tensor &b);
inline Tensor &operator+=(Tensor &a, const Tensor &b) { return a.add_(b); }
inline Tensor &operator-=(Tensor &a, const Tensor &b) { return a.sub_(b); }
inline Tensor &operator*=(Tensor &a, const Tensor &b) { return a.mul_(b); }
inline Tensor &operator/=(Tensor &a, const Tensor &b) { return a.div_(b); }
inline Tensor &operator+=(Tensor &a, Scalar b) { return a.add_(b); }
inline Tensor &operator-=(Tensor &a, Scalar b) { return a.sub_(b); }
inline Tensor &operator*=(Tensor &a, Scalar b) { return a.mul_(b); }
inline Tensor &operator/=(Tensor &a, Scalar b) { return a.div_(b); }
inline Tensor matmul(const Tensor &a, const Tensor &b) { return a.matmul(b); }

// ---- Free functions of the ops block (cat, stack, where, ...): the ops engineer's block.
// Joins along dim: one device, sizes equal except along dim, dtypes promoted (promote_types); empty
// tensors are left out. stack joins tensors of one shape along a new dimension dim.
Tensor cat(const tensor_list &tensors, long dim = 0);
Tensor stack(const tensor_list &tensors, long dim = 0);
// a where condition (Bool) holds, else b; the three broadcast; a and b promoted to one dtype.
Tensor where(const Tensor &condition, const Tensor &a, const Tensor &b);
// The subscripts of condition's non-zero elements, one Long tensor per dimension (nonzero's columns).
tensor_list where(const Tensor &condition);
// Long classes [...] to [..., num_classes] of 0 and 1 (Long); num_classes -1: the largest class + 1.
Tensor one_hot(const Tensor &classes, long num_classes = -1);
// ---- end of the free functions of the ops block

Shape broadcast_shapes(const Shape &a, const Shape &b);  // throws when they do not broadcast
// Sums grad down to shape (the reverse of broadcasting shape to grad's shape).
Tensor sum_to(const Tensor &grad, const Shape &shape);

// Torch7's format: values in columns, then "[torch.FloatTensor of size 2x3]"; big tensors elided. A
// 0-dimensional tensor prints its value, then "[torch.FloatTensor of size []]".
std::ostream &operator<<(std::ostream &out, const Tensor &t);

}  // namespace ember
