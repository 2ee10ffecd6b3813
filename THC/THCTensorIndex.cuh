#pragma once
// The kernels of generic/THCTensorIndex.cu: gather, scatter, scatterAdd, scatterFill and
// index{Select,Copy,Add,Fill}. Each one is a walk over the row-major subscripts of one shape that
// gives, for every element, the offsets of up to three tensors (each with its own strides, the one
// along the indexed dimension zeroed where the index value supplies it) and the subscript along
// that dimension; a small functor then reads the index and moves one element.
// Indices passed in are 1-based (TH_INDEX_BASE) and are checked before anything is written.
#include <cstdint>

#include "THC.h"
#include "THCApply.cuh"

namespace thc_index {
// Internal linkage: this header is compiled into one unit per type.
namespace {

constexpr int kThreads = 256;

// A row-major walk over sizes[0..dims); strides[k] are tensor k's strides for that walk.
struct Walk {
  long sizes[TH_MAX_DIMS];
  long strides[3][TH_MAX_DIMS];
  int dims;
  int dim;  // the dimension whose subscript the functor receives
};

inline Walk makeWalk(int dims, const long *sizes, int dim) {
  Walk w{};
  w.dims = dims;
  w.dim = dim;
  for (int d = 0; d < dims; d++) w.sizes[d] = sizes[d];
  return w;
}

// Tensor k of the walk is t; its stride along zeroDim (-1: none) is left out.
template <typename TensorT>
void setStrides(Walk &w, int k, const TensorT *t, int zeroDim) {
  for (int d = 0; d < w.dims; d++) w.strides[k][d] = d == zeroDim ? 0 : t->stride[d];
}

// The offsets of element i of the walk in each tensor; returns its subscript along w.dim.
__device__ __forceinline__ long walkOffsets(const Walk &w, long i, long off[3]) {
  long along = 0;
  off[0] = off[1] = off[2] = 0;
  for (int d = w.dims - 1; d >= 0; --d) {
    long s = w.sizes[d];
    long c = i % s;
    i /= s;
    off[0] += c * w.strides[0][d];
    off[1] += c * w.strides[1][d];
    off[2] += c * w.strides[2][d];
    if (d == w.dim) along = c;
  }
  return along;
}

template <typename Op>
__global__ void walkKernel(Walk w, long n, Op op) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    long off[3];
    long along = walkOffsets(w, i, off);
    op(off, along);
  }
}

template <typename Op>
void launchWalk(THCState *state, const Walk &w, long n, const Op &op) {
  if (n == 0) return;
  walkKernel<<<thc_apply::gridFor(state, n), kThreads, 0, THCState_getCurrentStream(state)>>>(w, n, op);
  THCudaCheckLaunch("thc_index::walkKernel");
}

// Additions that several threads may make to one element (repeated indices).
__device__ __forceinline__ void atomicAddTo(float *p, float v) { atomicAdd(p, v); }
__device__ __forceinline__ void atomicAddTo(double *p, double v) { atomicAdd(p, v); }
// Two's complement: adding the bit patterns as unsigned gives the signed sum (mod 2^64).
__device__ __forceinline__ void atomicAddTo(long *p, long v) {
  static_assert(sizeof(long) == sizeof(unsigned long long), "long is 64-bit");
  atomicAdd((unsigned long long *)p, (unsigned long long)v);
}

// gather, walking index's shape: out(0) = src(2) at index(1) along dim.
template <typename T>
struct GatherOp {
  T *out;
  const long *index;
  const T *src;
  long srcDimStride;
  __device__ void operator()(const long *off, long) const {
    out[off[0]] = src[off[2] + (index[off[1]] - TH_INDEX_BASE) * srcDimStride];
  }
};

enum class Write { Copy, Add, Fill };

// scatter / scatterAdd / scatterFill, walking index's shape: dst(0) at index(1) along dim gets src(2)
// or value.
template <typename T, Write mode>
struct ScatterOp {
  T *dst;
  const long *index;
  const T *src;
  long dstDimStride;
  T value;
  __device__ void operator()(const long *off, long) const {
    T *p = dst + off[0] + (index[off[1]] - TH_INDEX_BASE) * dstDimStride;
    if constexpr (mode == Write::Fill)
      *p = value;
    else if constexpr (mode == Write::Add)
      atomicAddTo(p, src[off[2]]);
    else
      *p = src[off[2]];
  }
};

// indexSelect, walking out's shape: out(0) = src(1) at index[along] along dim.
template <typename T>
struct SelectOp {
  T *out;
  const T *src;
  const long *index;
  long indexStride;
  long srcDimStride;
  __device__ void operator()(const long *off, long along) const {
    out[off[0]] = src[off[1] + (index[along * indexStride] - TH_INDEX_BASE) * srcDimStride];
  }
};

// indexCopy / indexAdd (walking src's shape) and indexFill (walking dst's shape with #index along
// dim): dst(0) at index[along] along dim gets src(1) or value.
template <typename T, Write mode>
struct PutOp {
  T *dst;
  const T *src;
  const long *index;
  long indexStride;
  long dstDimStride;
  T value;
  __device__ void operator()(const long *off, long along) const {
    T *p = dst + off[0] + (index[along * indexStride] - TH_INDEX_BASE) * dstDimStride;
    if constexpr (mode == Write::Fill)
      *p = value;
    else if constexpr (mode == Write::Add)
      atomicAddTo(p, src[off[1]]);
    else
      *p = src[off[1]];
  }
};

// The smallest row-major position of an index outside [TH_INDEX_BASE, bound - 1 + TH_INDEX_BASE].
__global__ void rangeKernel(TensorInfo<long, uint64_t> index, uint64_t n, long bound,
                            unsigned long long *firstBad) {
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    long v = index.data[index.offset(i)];
    if (v < TH_INDEX_BASE || v > bound - 1 + TH_INDEX_BASE) atomicMin(firstBad, (unsigned long long)i);
  }
}

[[noreturn]] inline void rangeError(const char *fn, long value, long bound, long position, int argNumber) {
  THArgCheck(0, argNumber, "%s: index %ld out of range [%d, %ld] at position %ld", fn, value, TH_INDEX_BASE,
             bound - 1 + TH_INDEX_BASE, position);
  __builtin_unreachable();
}

// TH's range check of a device index tensor, raised (as TH words it, with the 1-based position
// of the first offender) before the caller writes anything: a device flag read back by the host.
inline void checkRange(THCState *state, const char *fn, THCudaLongTensor *index, long bound, int argNumber) {
  long n = THC_elementCount(index);
  if (n == 0) return;
  auto info = THC_tensorInfo<long, uint64_t>(index);
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned long long *flag = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&flag, sizeof(*flag)));
  THCudaCheck(cudaMemsetAsync(flag, 0xff, sizeof(*flag), stream));
  rangeKernel<<<thc_apply::gridFor(state, n), kThreads, 0, stream>>>(info, (uint64_t)n, bound, flag);
  THCudaCheckLaunch("thc_index::rangeKernel");
  unsigned long long first = 0;
  THCudaCheck(cudaMemcpyAsync(&first, flag, sizeof(first), cudaMemcpyDeviceToHost, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
  THCudaCheck(THCudaFree(state, flag));
  if (first == ~0ULL) return;
  long value = 0;
  THCudaCheck(cudaMemcpy(&value, info.data + info.offset(first), sizeof(value), cudaMemcpyDeviceToHost));
  rangeError(fn, value, bound, (long)first + 1, argNumber);
}

// The same check of a CPU index vector (the *_long forms), before it is uploaded.
inline void checkRangeCPU(const char *fn, THLongTensor *index, long bound, int argNumber) {
  long n = (long)THLongTensor_nElement(index);
  if (n == 0) return;
  const long *p = THLongTensor_data(index);
  long stride = index->nDimension == 0 ? 1 : index->stride[0];
  for (long i = 0; i < n; i++) {
    long v = p[i * stride];
    if (v < TH_INDEX_BASE || v > bound - 1 + TH_INDEX_BASE) rangeError(fn, v, bound, i + 1, argNumber);
  }
}

// A device copy of a CPU index vector (the caller has checked it).
inline THCudaLongTensor *uploadIndex(THCState *state, THLongTensor *index) {
  THCudaLongTensor *g = THCudaLongTensor_new(state);
  long n = (long)THLongTensor_nElement(index);
  if (n == 0) return g;
  THCudaLongTensor_resize1d(state, g, n);
  THLongTensor *view = THLongTensor_newWithStorage1d(index->storage, index->storageOffset, n,
                                                     index->nDimension == 0 ? 1 : index->stride[0]);
  THLongTensor *flat = THLongTensor_newContiguous(view); /* one host-to-device copy of n longs */
  THCudaLongTensor_copyLong(state, g, flat);
  THLongTensor_free(flat);
  THLongTensor_free(view);
  return g;
}

// The offsets of advanced indexing (calculateAdvancedIndexingOffsets): output element i is
// baseOffset plus the offset, in the indexed tensor, of the i-th element of the walk where a
// dimension with an indexer takes its subscripts from the indexer (0-based values, as cutorch's
// consumers passed them) and consecutive indexed dimensions advance together.
struct AdvancedWalk {
  long sizes[TH_MAX_DIMS];
  long strides[TH_MAX_DIMS];
  const long *indexers[TH_MAX_DIMS];
  int dims;
};

__global__ void advancedOffsetsKernel(AdvancedWalk w, long *out, long n, long baseOffset) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    long rest = i, offset = 0;
    for (int d = w.dims - 1; d >= 0; --d) {
      long s = w.sizes[d], sub;
      if (w.indexers[d]) {
        sub = w.indexers[d][rest % s];
        if (!(d > 0 && w.indexers[d - 1])) rest /= s;
      } else {
        sub = rest % s;
        rest /= s;
      }
      offset += sub * w.strides[d];
    }
    out[i] = baseOffset + offset;
  }
}

}  // namespace
}  // namespace thc_index
