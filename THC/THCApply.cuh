#pragma once
// Pointwise kernels over one, two or three tensors of any sizes and strides, for the .cu files of
// libTHC. An operation is a functor called once per element with pointers to the element of each
// tensor (op(T1 *a), op(T1 *a, T2 *b), op(T1 *a, T2 *b, T3 *c)); it runs on the state's current
// stream. The tensors must have the same number of elements (the caller checks the shapes it
// requires and says so in its own words); they are walked in the row-major order of each one's
// own sizes, as TH's TH_TENSOR_APPLY walks them.
#include <cstdint>
#include <type_traits>

#include "THCGeneral.h"
#include "THCTensor.h"

// The element type of a THC tensor type (THCudaTensor -> float).
template <typename TensorT>
using THCScalarOf = std::remove_pointer_t<decltype(((TensorT *)nullptr)->storage->data)>;

// Where a tensor's elements are: a base pointer and, after collapsing, the fewest dimensions that
// describe the same walk. IndexT is uint32_t when every offset fits (faster division) else uint64_t.
template <typename T, typename IndexT>
struct TensorInfo {
  T *data;
  IndexT sizes[TH_MAX_DIMS];
  IndexT strides[TH_MAX_DIMS];
  int dims;

  // The element offset of the linear (row-major) index i.
  __host__ __device__ IndexT offset(IndexT i) const {
    IndexT off = 0;
    for (int d = dims - 1; d > 0; --d) {
      IndexT s = sizes[d];
      off += (i % s) * strides[d];
      i /= s;
    }
    return off + i * strides[0];
  }
  // One dimension of stride 1: the offset of i is i.
  bool isContiguous() const { return dims == 1 && strides[0] == 1; }
};

// The collapsed walk over t's elements: dimensions of size 1 dropped, and a dimension merged into
// the one before it when the two step through memory as one (stride[d-1] == size[d] * stride[d]).
// A tensor with no dimensions (no elements) gives dims 1, size 0.
template <typename T, typename IndexT, typename TensorT>
TensorInfo<T, IndexT> THC_tensorInfo(TensorT *t) {
  TensorInfo<T, IndexT> info;
  info.data = t->storage ? (T *)t->storage->data + t->storageOffset : nullptr;
  info.dims = 0;
  for (int d = 0; d < t->nDimension; d++) {
    if (t->size[d] == 1) continue;
    if (info.dims > 0 && (long)info.strides[info.dims - 1] == t->size[d] * t->stride[d]) {
      info.sizes[info.dims - 1] *= (IndexT)t->size[d];
      info.strides[info.dims - 1] = (IndexT)t->stride[d];
      continue;
    }
    info.sizes[info.dims] = (IndexT)t->size[d];
    info.strides[info.dims] = (IndexT)t->stride[d];
    info.dims++;
  }
  if (info.dims == 0) {  // a single element, or none
    info.dims = 1;
    info.sizes[0] = t->nDimension > 0 ? 1 : 0;
    info.strides[0] = 1;
  }
  return info;
}

// Whether every offset of t (and the element count) fits the 32-bit index. The bound is INT32_MAX,
// not UINT32_MAX, so that a grid-stride step (i += gridDim.x * blockDim.x, at most a few million)
// past the last element cannot wrap around and restart the loop.
template <typename TensorT>
bool THC_fitsIn32BitIndex(TensorT *t) {
  long span = 1;
  for (int d = 0; d < t->nDimension; d++) span += (t->size[d] - 1) * (t->stride[d] < 0 ? -t->stride[d] : t->stride[d]);
  long count = 1;
  for (int d = 0; d < t->nDimension; d++) count *= t->size[d];
  return span <= (long)INT32_MAX && count <= (long)INT32_MAX;
}

template <typename TensorT>
long THC_elementCount(TensorT *t) {
  if (t->nDimension == 0) return 0;
  long n = 1;
  for (int d = 0; d < t->nDimension; d++) n *= t->size[d];
  return n;
}

namespace thc_apply {
constexpr int kThreads = 256;

// Contiguous: the offset is the index. General: each tensor's offset from its collapsed sizes.
template <bool Contiguous, typename T, typename IndexT>
__device__ __forceinline__ T *at(const TensorInfo<T, IndexT> &t, IndexT i) {
  return Contiguous ? t.data + i : t.data + t.offset(i);
}

template <bool Contiguous, typename Op, typename A, typename IndexT>
__global__ void kernel1(TensorInfo<A, IndexT> a, IndexT n, Op op) {
  for (IndexT i = (IndexT)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (IndexT)gridDim.x * blockDim.x)
    op(at<Contiguous>(a, i));
}

template <bool Contiguous, typename Op, typename A, typename B, typename IndexT>
__global__ void kernel2(TensorInfo<A, IndexT> a, TensorInfo<B, IndexT> b, IndexT n, Op op) {
  for (IndexT i = (IndexT)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (IndexT)gridDim.x * blockDim.x)
    op(at<Contiguous>(a, i), at<Contiguous>(b, i));
}

template <bool Contiguous, typename Op, typename A, typename B, typename C, typename IndexT>
__global__ void kernel3(TensorInfo<A, IndexT> a, TensorInfo<B, IndexT> b, TensorInfo<C, IndexT> c, IndexT n,
                        Op op) {
  for (IndexT i = (IndexT)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (IndexT)gridDim.x * blockDim.x)
    op(at<Contiguous>(a, i), at<Contiguous>(b, i), at<Contiguous>(c, i));
}

// Enough blocks to fill the device several times over; the kernels stride over the rest.
inline unsigned gridFor(THCState *state, long n) {
  long blocks = (n + kThreads - 1) / kThreads;
  long cap = 8L * THCState_getCurrentDeviceProperties(state)->multiProcessorCount * (2048 / kThreads);
  return (unsigned)(blocks < cap ? blocks : cap);
}

template <typename... Ts>
bool allContiguous(const Ts &...infos) {
  return (infos.isContiguous() && ...);
}

[[noreturn]] inline void countMismatch(long na, long nb) {
  THError("pointwise operation: the tensors have %ld and %ld elements", na, nb);
  __builtin_unreachable();
}
}  // namespace thc_apply

// Runs op(&a[i]) over every element of a. Returns false (doing nothing) when a has no elements.
template <typename TensorA, typename Op>
bool THC_pointwiseApply1(THCState *state, TensorA *a, const Op &op) {
  using A = THCScalarOf<TensorA>;
  long n = THC_elementCount(a);
  if (n == 0) return false;
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned grid = thc_apply::gridFor(state, n);
  if (THC_fitsIn32BitIndex(a)) {
    auto ia = THC_tensorInfo<A, uint32_t>(a);
    if (thc_apply::allContiguous(ia))
      thc_apply::kernel1<true><<<grid, thc_apply::kThreads, 0, stream>>>(ia, (uint32_t)n, op);
    else
      thc_apply::kernel1<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, (uint32_t)n, op);
  } else {
    auto ia = THC_tensorInfo<A, uint64_t>(a);
    thc_apply::kernel1<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, (uint64_t)n, op);
  }
  THCudaCheckLaunch("THC_pointwiseApply1");
  return true;
}

// Runs op(&a[i], &b[i]) over every element; a and b must have the same number of elements.
template <typename TensorA, typename TensorB, typename Op>
bool THC_pointwiseApply2(THCState *state, TensorA *a, TensorB *b, const Op &op) {
  using A = THCScalarOf<TensorA>;
  using B = THCScalarOf<TensorB>;
  long n = THC_elementCount(a);
  if (n != THC_elementCount(b)) thc_apply::countMismatch(n, THC_elementCount(b));
  if (n == 0) return false;
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned grid = thc_apply::gridFor(state, n);
  if (THC_fitsIn32BitIndex(a) && THC_fitsIn32BitIndex(b)) {
    auto ia = THC_tensorInfo<A, uint32_t>(a);
    auto ib = THC_tensorInfo<B, uint32_t>(b);
    if (thc_apply::allContiguous(ia, ib))
      thc_apply::kernel2<true><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, (uint32_t)n, op);
    else
      thc_apply::kernel2<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, (uint32_t)n, op);
  } else {
    auto ia = THC_tensorInfo<A, uint64_t>(a);
    auto ib = THC_tensorInfo<B, uint64_t>(b);
    thc_apply::kernel2<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, (uint64_t)n, op);
  }
  THCudaCheckLaunch("THC_pointwiseApply2");
  return true;
}

// Runs op(&a[i], &b[i], &c[i]) over every element; a, b and c must have the same number of elements.
template <typename TensorA, typename TensorB, typename TensorC, typename Op>
bool THC_pointwiseApply3(THCState *state, TensorA *a, TensorB *b, TensorC *c, const Op &op) {
  using A = THCScalarOf<TensorA>;
  using B = THCScalarOf<TensorB>;
  using C = THCScalarOf<TensorC>;
  long n = THC_elementCount(a);
  if (n != THC_elementCount(b)) thc_apply::countMismatch(n, THC_elementCount(b));
  if (n != THC_elementCount(c)) thc_apply::countMismatch(n, THC_elementCount(c));
  if (n == 0) return false;
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned grid = thc_apply::gridFor(state, n);
  if (THC_fitsIn32BitIndex(a) && THC_fitsIn32BitIndex(b) && THC_fitsIn32BitIndex(c)) {
    auto ia = THC_tensorInfo<A, uint32_t>(a);
    auto ib = THC_tensorInfo<B, uint32_t>(b);
    auto ic = THC_tensorInfo<C, uint32_t>(c);
    if (thc_apply::allContiguous(ia, ib, ic))
      thc_apply::kernel3<true><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, ic, (uint32_t)n, op);
    else
      thc_apply::kernel3<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, ic, (uint32_t)n, op);
  } else {
    auto ia = THC_tensorInfo<A, uint64_t>(a);
    auto ib = THC_tensorInfo<B, uint64_t>(b);
    auto ic = THC_tensorInfo<C, uint64_t>(c);
    thc_apply::kernel3<false><<<grid, thc_apply::kThreads, 0, stream>>>(ia, ib, ic, (uint64_t)n, op);
  }
  THCudaCheckLaunch("THC_pointwiseApply3");
  return true;
}

namespace thc_apply {
// Sets *flag when pred(*x) holds for an element (the writes race, but all write the same 1).
template <typename T, typename Pred>
struct FlagIf {
  Pred pred;
  int *flag;
  __device__ void operator()(T *x) const {
    if (pred(*x)) *flag = 1;
  }
};
}  // namespace thc_apply

// Whether pred(x) holds for some element x of t (false for an empty t). Synchronises with the
// current stream to read the answer: for argument checks that TH makes before computing.
template <typename TensorA, typename Pred>
bool THC_pointwiseAny(THCState *state, TensorA *t, const Pred &pred) {
  using A = THCScalarOf<TensorA>;
  if (THC_elementCount(t) == 0) return false;
  cudaStream_t stream = THCState_getCurrentStream(state);
  int *flag = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&flag, sizeof(int)));
  int found = 0;
  cudaError_t err = cudaMemsetAsync(flag, 0, sizeof(int), stream);
  if (err == cudaSuccess) {
    THC_pointwiseApply1(state, t, thc_apply::FlagIf<A, Pred>{pred, flag});
    err = cudaMemcpyAsync(&found, flag, sizeof(int), cudaMemcpyDeviceToHost, stream);
    if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  }
  THCudaCheck(THCudaFree(state, flag));
  THCudaCheck(err);
  return found != 0;
}
