#pragma once
// What a Tensor shares: one reference to a TH tensor, the version counter of its storage (shared
// with every view) and the autograd metadata. Internal to cpp/src.
#include <ember/autograd.hpp>

#include "th_errors.hpp"

#ifdef EMBER_WITH_CUDA
#include <THC.h>
#endif

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

// THFloatStorage_NAME, THDoubleStorage_NAME, ... by the CPU tag of X (see EMBER_TH).
#define EMBER_TH_STORAGE(NAME, X)                                                                  \
  ::ember::detail::bind_tag<::ember::scalar_of_t<decltype(X)>>([](auto tag_, auto &&...a) -> decltype(auto) { \
    EMBER_TH_CPU_CALL_(Storage, NAME, decltype(tag_), a...)                                        \
  })

namespace ember {

struct TensorImpl {
  TensorImpl(Dtype dtype, Device device, void *handle, std::shared_ptr<std::atomic<uint64_t>> version);
  ~TensorImpl();
  TensorImpl(const TensorImpl &) = delete;
  TensorImpl &operator=(const TensorImpl &) = delete;

  const Dtype dtype;
  const Device device;  // CPU, or CUDA with its index
  void *const handle;  // THFloatTensor*, THDoubleTensor*, THCudaTensor* or THCudaDoubleTensor*; owns one reference
  const std::shared_ptr<std::atomic<uint64_t>> version;
  // A 0-dimensional tensor (libtorch's scalar): TH has none (its nDimension 0 is an empty tensor), so
  // the handle holds the one element as a 1-D tensor of size 1 and this flag makes sizes() {}. Set
  // once, on a fresh result, before anyone else sees it (with_zero_dim).
  bool zero_dim = false;

  bool requires_grad = false;  // set on leaves; a tensor with a grad_fn requires grad
  std::shared_ptr<autograd::Node> grad_fn;
  long output_nr = 0;
  Tensor grad;
  std::weak_ptr<autograd::Node> grad_accumulator;  // leaves: the node that accumulates into grad
  std::vector<Tensor::Hook> hooks;                 // leaves (non-leaf hooks live on grad_fn)
  // Guards grad_accumulator and the accumulation into grad: threads that run one model (a parameter
  // in several graphs at once) record and run backward through the same leaf.
  std::mutex leaf_mutex;
};

namespace detail {
// ------------------------------------------------------------------------- (dtype, device) dispatch
// The same generic lambda serves the four dispatch tags (tensor.hpp), EMBER_TH(NAME, tag) picking
// TH's or THC's function (THC's get the process-wide THCState prepended).
// The tag of X: a tag itself, a TH/THC handle pointer, anything with a nested `tag` (the THNN
// adapter's Args), or anything with a nested `scalar` (CPU).
template <typename X, typename = void> struct TagOf { using type = scalar_of_t<X>; };
template <typename X> struct TagOf<X, std::void_t<typename X::tag>> { using type = typename X::tag; };  // thnn::Args
template <typename T> struct TagOf<CudaTag<T>> { using type = CudaTag<T>; };
template <> struct TagOf<THCudaTensor *> { using type = CudaTag<float>; };
template <> struct TagOf<THCudaDoubleTensor *> { using type = CudaTag<double>; };
template <> struct TagOf<THCudaLongTensor *> { using type = CudaTag<long>; };
template <> struct TagOf<THCudaIntTensor *> { using type = CudaTag<int>; };
template <> struct TagOf<THCudaShortTensor *> { using type = CudaTag<short>; };
template <> struct TagOf<THCudaCharTensor *> { using type = CudaTag<char>; };
template <> struct TagOf<THCudaByteTensor *> { using type = CudaTag<unsigned char>; };
// The tag of element type T on the device of Tag: T itself for a CPU tag, CudaTag<T> for a CUDA one.
template <typename Tag, typename T> using DeviceTag = std::conditional_t<is_cuda_tag_v<Tag>, CudaTag<T>, T>;
template <typename X> using tag_of_t = typename TagOf<std::remove_cv_t<std::remove_reference_t<X>>>::type;

// The process-wide THCState, created on first use (never at load time). Throws an ember::Error when
// ember was built without CUDA or no device can be used.
THCState *thc_state();
// Throws unless `device` can be used (CPU always can): "built without CUDA", "no CUDA device", or an
// index out of range. Returns the device with its index resolved (the current device for -1).
Device checked_device(Device device, const char *op);

// Makes t's device current for a scope (CUDA tensors; nothing for the CPU).
struct DeviceGuard {
  explicit DeviceGuard(const Device &device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard &) = delete;
  DeviceGuard &operator=(const DeviceGuard &) = delete;
  int previous = -1;
};

// f with the tag and the THCState bound as its first arguments (libTHC's functions take the state
// first; a CPU tag gets NULL, unused).
template <typename Tag, typename F> auto bind_tag_state(F f) {
  return [f](auto &&...a) -> decltype(auto) {
    if constexpr (is_cuda_tag_v<Tag>) return f(Tag{}, thc_state(), std::forward<decltype(a)>(a)...);
    else return f(Tag{}, static_cast<THCState *>(nullptr), std::forward<decltype(a)>(a)...);
  };
}

// The three dispatchers run f(tag) for a (dtype, device) pair, each for the dtypes its kind of
// operation serves (see tensor.hpp), and throw for the others; every branch's result is converted to
// the CPU Float one's.
//   dispatch_on:  Float and Double (floating-point operations, autograd, THNN);
//   dispatch_math: every dtype on the CPU, Float, Double and Long on CUDA (arithmetic, comparisons,
//                  reductions, indexing: libTHC's math types);
//   dispatch_any: every dtype on both devices (creation, views, copies: what libTHC has for all types).
[[noreturn]] void fail_not_cuda_math(Dtype dtype);  // "... on CUDA needs a Float, Double or Long tensor, got Byte"
template <typename R, template <typename> class Wrap, typename F> R dispatch_tags(Dtype dtype, F &&f) {
  switch (dtype) {
    case Dtype::Float: return static_cast<R>(f(Wrap<float>{}));
    case Dtype::Double: return static_cast<R>(f(Wrap<double>{}));
    case Dtype::Long: return static_cast<R>(f(Wrap<long>{}));
    case Dtype::Int: return static_cast<R>(f(Wrap<int>{}));
    case Dtype::Short: return static_cast<R>(f(Wrap<short>{}));
    case Dtype::Char: return static_cast<R>(f(Wrap<char>{}));
    case Dtype::Byte: return static_cast<R>(f(Wrap<unsigned char>{}));
    case Dtype::Bool: break;
  }
  return static_cast<R>(f(Wrap<bool>{}));
}
template <typename T> using CpuTag = T;

template <typename F> decltype(auto) dispatch_on(Dtype dtype, const Device &device, F &&f) {
  using R = decltype(f(float{}));
  ThErrorScope th_errors;
  if (!is_floating_point(dtype)) fail_not_floating(dtype);
  if (device.is_cuda()) {
#ifdef EMBER_WITH_CUDA
    DeviceGuard guard(device);
    if (dtype == kFloat) return static_cast<R>(f(CudaTag<float>{}));
    return static_cast<R>(f(CudaTag<double>{}));
#else
    checked_device(device, "dispatch");  // throws: built without CUDA
#endif
  }
  if (dtype == kFloat) return f(float{});
  return static_cast<R>(f(double{}));
}

template <typename F> decltype(auto) dispatch_math(Dtype dtype, const Device &device, F &&f) {
  using R = decltype(f(float{}));
  ThErrorScope th_errors;
  if (device.is_cuda()) {
#ifdef EMBER_WITH_CUDA
    DeviceGuard guard(device);
    if (dtype == kFloat) return static_cast<R>(f(CudaTag<float>{}));
    if (dtype == kDouble) return static_cast<R>(f(CudaTag<double>{}));
    if (dtype == kLong) return static_cast<R>(f(CudaTag<long>{}));
    fail_not_cuda_math(dtype);
#else
    checked_device(device, "dispatch");
#endif
  }
  return dispatch_tags<R, CpuTag>(dtype, f);
}

template <typename F> decltype(auto) dispatch_any(Dtype dtype, const Device &device, F &&f) {
  using R = decltype(f(float{}));
  ThErrorScope th_errors;
  if (device.is_cuda()) {
#ifdef EMBER_WITH_CUDA
    DeviceGuard guard(device);
    return dispatch_tags<R, CudaTag>(dtype, f);
#else
    checked_device(device, "dispatch");
#endif
  }
  return dispatch_tags<R, CpuTag>(dtype, f);
}
template <typename F> decltype(auto) dispatch_on(const Tensor &t, F &&f) {
  return dispatch_on(t.dtype(), t.device(), std::forward<F>(f));
}
template <typename F> decltype(auto) dispatch_math(const Tensor &t, F &&f) {
  return dispatch_math(t.dtype(), t.device(), std::forward<F>(f));
}
template <typename F> decltype(auto) dispatch_any(const Tensor &t, F &&f) {
  return dispatch_any(t.dtype(), t.device(), std::forward<F>(f));
}

// A new Tensor owning a fresh, empty TH/THC tensor (for kernel outputs).
Tensor make_empty(const TensorOptions &options);
// A Tensor over `handle` (takes over one reference) sharing the version counter of `base` (views).
// Not 0-dimensional: a view marks itself with with_zero_dim when its geometry is a scalar's.
Tensor make_view(const Tensor &base, void *handle);
// Another Tensor object over the same TH tensor and version counter (0-dimensional when t is),
// without history.
Tensor alias(const Tensor &t);
// r marked 0-dimensional when zero_dim (r is a fresh one-element result no one else holds yet); r.
// Kernels write TH tensors of size [1]: operations whose operands are all 0-dimensional mark their
// result with this.
Tensor with_zero_dim(Tensor r, bool zero_dim);
void bump_version(const Tensor &t);
void check_defined(const Tensor &t, const char *op);
// Both defined, of one dtype and on one device (an error naming both otherwise).
void check_same_dtype(const Tensor &a, const Tensor &b, const char *op);
void check_same_device(const Tensor &a, const Tensor &b, const char *op);
// Throws "<op>: expected a floating-point tensor (Float or Double), got a Long tensor ..." (and for an
// undefined t): the operations that need floating point name themselves with it.
void check_floating(const Tensor &t, const char *op);
// result_type(t, s) for a tensor of dtype t (see Scalar).
Dtype scalar_result_type(Dtype t, const Scalar &s);
// out = in converted to out's dtype (as to() converts, but Bool from a number other than 0 or 1 is
// not normalized), both of one size and on one device.
void copy_converting(const Tensor &out, const Tensor &in);
// Throws "<op>: ... only on the CPU" for a CUDA tensor (code that reads host memory directly).
void check_cpu_kernel(const Tensor &t, const char *op);
long wrap_dim(long dim, long ndim, const char *op);  // a negative dim counts from the end
[[noreturn]] void fail(const std::string &message);
// dim wrapped for t, which must be defined and not empty (an empty TH tensor has no dimensions); a
// 0-dimensional tensor takes dim 0 or -1. For the operations along one dimension.
inline long checked_dim(const Tensor &t, long d, const char *op) {
  check_defined(t, op);
  if (t.numel() == 0) fail(std::string(op) + ": the tensor is empty");
  return wrap_dim(d, t.dim(), op);
}
// Whether an operation on dispatch_math's kernels runs through Long: libTHC has them for Float,
// Double and Long only, so a tensor of another dtype on CUDA is converted to Long (exact for every
// integral dtype and Bool) and the result back.
inline bool via_long(Dtype dtype, const Device &device) {
  return device.is_cuda() && !is_floating_point(dtype) && dtype != kLong;
}
inline bool via_long(const Tensor &t) { return via_long(t.dtype(), t.device()); }
// The product of a shape's sizes, leaving out any -1 (a size to infer); an ember::Error naming op
// when it overflows a long (a wrapped-around count could match the wrong number of elements).
long size_product(const Shape &shape, const char *op);

// Runs f(tag, handle) with the typed handle of t (TH's or THC's by t's device), through dispatch_on,
// dispatch_math or dispatch_any.
template <typename F> decltype(auto) visit(const Tensor &t, F &&f) {
  return dispatch_on(t, [&](auto tag) -> decltype(auto) { return f(tag, t.th(tag)); });
}
template <typename F> decltype(auto) visit_math(const Tensor &t, F &&f) {
  return dispatch_math(t, [&](auto tag) -> decltype(auto) { return f(tag, t.th(tag)); });
}
template <typename F> decltype(auto) visit_any(const Tensor &t, F &&f) {
  return dispatch_any(t, [&](auto tag) -> decltype(auto) { return f(tag, t.th(tag)); });
}
// The same for code that only exists on the CPU (raw host pointers, THNN); a CUDA t throws naming op.
template <typename F> decltype(auto) visit_cpu(const Tensor &t, const char *op, F &&f) {
  check_cpu_kernel(t, op);
  ThErrorScope th_errors;
  return dispatch(t.dtype(), [&](auto tag) -> decltype(auto) { return f(tag, t.th(tag)); });
}

// RAII for the THLongStorage size lists that TH functions take.
struct LongStorage {
  explicit LongStorage(const Shape &shape);
  ~LongStorage();
  LongStorage(const LongStorage &) = delete;
  LongStorage &operator=(const LongStorage &) = delete;
  THLongStorage *get() const { return s; }
  THLongStorage *s;
};
}  // namespace detail

template <typename Tag> typename Tag::handle *Tensor::th(Tag) const {
  static_assert(detail::is_cuda_tag_v<Tag>, "th(tag): a CUDA dispatch tag");
  if (!impl().device.is_cuda() || impl().dtype != dtype_of<typename Tag::scalar>())
    detail::fail(std::string("th: expected a CUDA ") + dtype_name(dtype_of<typename Tag::scalar>()) + " tensor, got a " +
                 dtype_name(impl().dtype) + " tensor on " + impl().device.str());
  return static_cast<typename Tag::handle *>(impl().handle);
}
}  // namespace ember

// EMBER_TH(NAME, X) for the library: the CPU functions of tensor.hpp's EMBER_TH, or THCudaTensor_NAME,
// THCudaDoubleTensor_NAME, THCudaLongTensor_NAME, ... for a CUDA tag (with the process-wide THCState
// prepended). Only the chosen name is looked up, when a tag instantiates the call (an unqualified call
// with dependent arguments), so a TH-only name is fine in code that never runs on CUDA, and nothing of
// THC is needed when ember is built without it.
#undef EMBER_TH
#define EMBER_TH(NAME, X)                                                                                  \
  ::ember::detail::bind_tag_state<::ember::detail::tag_of_t<decltype(X)>>(                                \
      [](auto tag_, auto *state_, auto &&...a) -> decltype(auto) {                                         \
        using Tag_ = decltype(tag_);                                                                       \
        if constexpr (::ember::detail::is_cuda_tag_v<Tag_>) {                                              \
          using T_ = typename Tag_::scalar;                                                                \
          if constexpr (std::is_same_v<T_, float>) return THCudaTensor_##NAME(state_, a...);               \
          else if constexpr (std::is_same_v<T_, double>) return THCudaDoubleTensor_##NAME(state_, a...);   \
          else if constexpr (std::is_same_v<T_, long>) return THCudaLongTensor_##NAME(state_, a...);       \
          else if constexpr (std::is_same_v<T_, int>) return THCudaIntTensor_##NAME(state_, a...);         \
          else if constexpr (std::is_same_v<T_, short>) return THCudaShortTensor_##NAME(state_, a...);     \
          else if constexpr (std::is_same_v<T_, char>) return THCudaCharTensor_##NAME(state_, a...);       \
          else return THCudaByteTensor_##NAME(state_, a...);                                               \
        } else {                                                                                           \
          (void)state_;                                                                                    \
          EMBER_TH_CPU_CALL_(Tensor, NAME, Tag_, a...)                                                     \
        }                                                                                                  \
      })
