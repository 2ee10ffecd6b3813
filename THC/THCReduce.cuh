#pragma once
// Reductions for the .cu files of libTHC: along one dimension of a contiguous tensor seen as
// outer x n x inner, and over all elements. A reduction is an Op with
//   Acc init() const;                      the identity
//   Acc map(T x, long i) const;            one element (i: its position along the reduced run)
//   Acc combine(Acc a, Acc b) const;       associative (the tree may pair partials in any order)
// and the dimension kernels hand each finished run to a Writer: w(long run, Acc a, long n), run
// being the row-major index of the result element. Acc must be a plain struct or scalar (it lives
// in shared memory). Everything runs on the state's current stream.
#include "THCGeneral.h"
#include "THCTensor.h"
#include "THCTensorCopy.h"

namespace thc_reduce {
constexpr int kThreads = 256;     // threads of the run-per-block and reduce-all kernels
constexpr int kColumns = 32;      // columns per block of the outer-dimension kernel (one warp)
constexpr int kColumnRows = 16;   // threads that split each column's run
constexpr int kMaxAllBlocks = 1024;
constexpr long kFewRuns = 16;      // up to this many runs of at least kLongRun elements are
constexpr long kLongRun = 65536;   // reduced one after the other by the whole grid

// Combines the blockDim.x accumulators of buf (blockDim.x a power of two) into buf[0].
template <typename Acc, typename Op>
__device__ void treeReduce(Acc *buf, const Op &op) {
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) buf[threadIdx.x] = op.combine(buf[threadIdx.x], buf[threadIdx.x + w]);
    __syncthreads();
  }
}

// Reduction along the innermost dimension: one block per run of n contiguous elements (runs taken
// grid-stride), its threads reading consecutive elements (coalesced) and meeting in a tree.
template <typename Op, typename T, typename Writer>
__global__ void innerKernel(const T *in, long runs, long n, Op op, Writer w) {
  using Acc = decltype(op.init());
  __shared__ Acc buf[kThreads];
  for (long run = blockIdx.x; run < runs; run += gridDim.x) {
    const T *x = in + run * n;
    Acc a = op.init();
    for (long i = threadIdx.x; i < n; i += blockDim.x) a = op.combine(a, op.map(x[i], i));
    buf[threadIdx.x] = a;
    __syncthreads();
    treeReduce(buf, op);
    if (threadIdx.x == 0) w(run, buf[0], n);
    __syncthreads();  // buf[0] is read before the next run overwrites buf
  }
}

// Reduction along a dimension with inner > 1 elements after it: threadIdx.x picks a column
// (outer index o, inner index j; adjacent threads read adjacent memory), threadIdx.y splits the
// column's n elements, and the kColumnRows partials meet in a tree.
template <typename Op, typename T, typename Writer>
__global__ void outerKernel(const T *in, long outer, long n, long inner, Op op, Writer w) {
  using Acc = decltype(op.init());
  __shared__ Acc buf[kColumnRows][kColumns];
  long columns = outer * inner;
  for (long c0 = (long)blockIdx.x * kColumns; c0 < columns; c0 += (long)gridDim.x * kColumns) {
    long c = c0 + threadIdx.x;
    Acc a = op.init();
    if (c < columns) {
      const T *x = in + (c / inner) * n * inner + c % inner;
      for (long i = threadIdx.y; i < n; i += kColumnRows) a = op.combine(a, op.map(x[i * inner], i));
    }
    buf[threadIdx.y][threadIdx.x] = a;
    __syncthreads();
    for (int h = kColumnRows / 2; h > 0; h /= 2) {
      if (threadIdx.y < h)
        buf[threadIdx.y][threadIdx.x] = op.combine(buf[threadIdx.y][threadIdx.x], buf[threadIdx.y + h][threadIdx.x]);
      __syncthreads();
    }
    if (threadIdx.y == 0 && c < columns) w(c, buf[0][threadIdx.x], n);
    __syncthreads();
  }
}

// Reduce-all, first pass: every block folds a grid-stride share of the n elements into
// partial[blockIdx.x]. Second pass (one block): the partials into *result.
template <typename Op, typename T, typename Acc>
__global__ void allFirstPass(const T *in, long n, Op op, Acc *partial) {
  __shared__ Acc buf[kThreads];
  Acc a = op.init();
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    a = op.combine(a, op.map(in[i], i));
  buf[threadIdx.x] = a;
  __syncthreads();
  treeReduce(buf, op);
  if (threadIdx.x == 0) partial[blockIdx.x] = buf[0];
}

// One block's fold of count partial results (treeReduce ends synchronised: every thread gets it).
template <typename Op, typename Acc>
__device__ Acc foldPartials(const Acc *partial, int count, const Op &op) {
  __shared__ Acc buf[kThreads];
  Acc a = op.init();
  for (int i = threadIdx.x; i < count; i += blockDim.x) a = op.combine(a, partial[i]);
  buf[threadIdx.x] = a;
  __syncthreads();
  treeReduce(buf, op);
  return buf[0];
}

template <typename Op, typename Acc>
__global__ void allSecondPass(const Acc *partial, int count, Op op, Acc *result) {
  Acc a = foldPartials(partial, count, op);
  if (threadIdx.x == 0) *result = a;
}

// Second pass of the reduction of one long run (see THC_reduceDim): its result to w.
template <typename Op, typename Acc, typename Writer>
__global__ void allSecondPassWrite(const Acc *partial, int count, Op op, Writer w, long run, long n) {
  Acc a = foldPartials(partial, count, op);
  if (threadIdx.x == 0) w(run, a, n);
}

inline long maxBlocks(THCState *state) {
  return 8L * THCState_getCurrentDeviceProperties(state)->multiProcessorCount * (2048 / kThreads);
}

// The smallest power of two >= n, between 32 and kThreads: a short run does not idle 256 threads.
inline int threadsFor(long n) {
  int t = 32;
  while (t < kThreads && t < n) t *= 2;
  return t;
}
}  // namespace thc_reduce

// Reduces every run of the contiguous outer x n x inner array `in` along its middle dimension
// (n >= 1), handing the outer * inner results, in row-major order, to w.
template <typename Op, typename T, typename Writer>
void THC_reduceDim(THCState *state, const T *in, long outer, long n, long inner, const Op &op, const Writer &w) {
  using namespace thc_reduce;
  cudaStream_t stream = THCState_getCurrentStream(state);
  long cap = maxBlocks(state);
  if (inner == 1 && outer <= kFewRuns && n >= kLongRun) {
    // A few long runs: the whole grid on each in turn, in two passes (scratch from the caching
    // allocator, reused by every run since they are queued on one stream).
    using Acc = decltype(op.init());
    long blocks = (n + kThreads - 1) / kThreads;
    long allCap = cap < kMaxAllBlocks ? cap : kMaxAllBlocks;
    int grid = (int)(blocks < allCap ? blocks : allCap);
    Acc *partial = nullptr;
    THCudaCheck(THCudaMalloc(state, (void **)&partial, sizeof(Acc) * grid));
    cudaError_t launched = cudaSuccess;
    for (long run = 0; run < outer && launched == cudaSuccess; run++) {
      allFirstPass<<<grid, kThreads, 0, stream>>>(in + run * n, n, op, partial);
      allSecondPassWrite<<<1, kThreads, 0, stream>>>(partial, grid, op, w, run, n);
      launched = cudaGetLastError();
    }
    THCudaCheck(THCudaFree(state, partial));
    THCudaCheck(launched);
    return;
  }
  if (inner == 1) {
    long grid = outer < cap ? outer : cap;
    innerKernel<<<(unsigned)grid, threadsFor(n), 0, stream>>>(in, outer, n, op, w);
  } else {
    long blocks = (outer * inner + kColumns - 1) / kColumns;
    long grid = blocks < cap ? blocks : cap;
    outerKernel<<<(unsigned)grid, dim3(kColumns, kColumnRows), 0, stream>>>(in, outer, n, inner, op, w);
  }
  THCudaCheckLaunch("THC_reduceDim");
}

// Folds the n >= 1 contiguous elements of `in` and returns the accumulator to the host (the
// current stream is synchronised). The two passes' scratch comes from the caching allocator.
template <typename Op, typename T>
auto THC_reduceAll(THCState *state, const T *in, long n, const Op &op) -> decltype(op.init()) {
  using namespace thc_reduce;
  using Acc = decltype(op.init());
  cudaStream_t stream = THCState_getCurrentStream(state);
  long blocks = (n + kThreads - 1) / kThreads;
  long cap = maxBlocks(state) < kMaxAllBlocks ? maxBlocks(state) : kMaxAllBlocks;
  int grid = (int)(blocks < cap ? blocks : cap);
  Acc *scratch = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&scratch, sizeof(Acc) * (grid + 1)));
  allFirstPass<<<grid, kThreads, 0, stream>>>(in, n, op, scratch + 1);
  allSecondPass<<<1, kThreads, 0, stream>>>(scratch + 1, grid, op, scratch);
  cudaError_t launch = cudaGetLastError();
  Acc result;
  cudaError_t copied = cudaMemcpyAsync(&result, scratch, sizeof(Acc), cudaMemcpyDeviceToHost, stream);
  cudaError_t synced = cudaStreamSynchronize(stream);
  THCudaCheck(THCudaFree(state, scratch));
  THCudaCheck(launch);
  THCudaCheck(copied);
  THCudaCheck(synced);
  return result;
}

// Where a reduction or a sort writes a result of nd dimensions `size`: self resized, when it is
// contiguous afterwards and shares no storage with the input (inputStorage, of any type), else a
// new contiguous tensor. THC_resultFinish hands such a tensor to self: through set when self
// aliases the input (as TH does, the input must stay as it was), through copy otherwise; then the
// reduced dimension is dropped unless keepdim.
#define THC_REDUCE_DEFINE_RESULT(TensorT)                                                          \
  inline TensorT *THC_resultTarget(THCState *state, TensorT *self, const void *inputStorage, int nd, \
                                   long *size) {                                                  \
    if (!(self->storage && (const void *)self->storage == inputStorage)) {                         \
      TensorT##_resizeNd(state, self, nd, size, NULL);                                            \
      if (TensorT##_isContiguous(state, self)) return self;                                       \
    }                                                                                             \
    TensorT *out = TensorT##_new(state);                                                          \
    TensorT##_resizeNd(state, out, nd, size, NULL);                                               \
    return out;                                                                                   \
  }                                                                                               \
  inline void THC_resultFinish(THCState *state, TensorT *self, TensorT *out, const void *inputStorage, \
                               int dim, int keepdim) {                                            \
    if (out != self) {                                                                            \
      if (self->storage && (const void *)self->storage == inputStorage)                           \
        TensorT##_set(state, self, out);                                                          \
      else                                                                                        \
        TensorT##_copy(state, self, out);                                                         \
      TensorT##_free(state, out);                                                                 \
    }                                                                                             \
    if (!keepdim) TensorT##_squeeze1d(state, self, self, dim);                                    \
  }
THC_REDUCE_DEFINE_RESULT(THCudaTensor)
THC_REDUCE_DEFINE_RESULT(THCudaDoubleTensor)
THC_REDUCE_DEFINE_RESULT(THCudaLongTensor)
#undef THC_REDUCE_DEFINE_RESULT

// The argument checks of the reductions and sorts (for the generic files: the name is the THC
// function's, e.g. THCudaTensor_max), with TH's wording. THC_CHECK_VALUES_INDICES_ is those of
// FN(values, indices, src, dim, ...): the three tensors (arguments 1 to 3) and dim (argument 4).
#define THC_TENSOR_NAME_ TH_CONCAT_STRING_3(TH, CReal, Tensor)
#define THC_CHECK_NOT_NULL_(FN, PTR, ARG) \
  THArgCheck((PTR) != NULL, ARG, THC_TENSOR_NAME_ "_" FN ": " #PTR " is NULL")
#define THC_CHECK_DIM_(FN, DIM, T, ARG)                                                             \
  THArgCheck((DIM) >= 0 && (DIM) < (T)->nDimension, ARG,                                            \
             THC_TENSOR_NAME_ "_" FN ": dimension %ld out of range of a %dD tensor", (long)(DIM) + 1, \
             (T)->nDimension)
#define THC_CHECK_VALUES_INDICES_(FN, VALUES, INDICES, SRC, DIM) \
  do {                                                           \
    THC_CHECK_NOT_NULL_(FN, VALUES, 1);                          \
    THC_CHECK_NOT_NULL_(FN, INDICES, 2);                         \
    THC_CHECK_NOT_NULL_(FN, SRC, 3);                             \
    THC_CHECK_DIM_(FN, DIM, SRC, 4);                             \
  } while (0)

// The element counts before (outer) and after (inner) dimension dim of a tensor's sizes.
inline long THC_outerSize(const long *size, int dim) {
  long n = 1;
  for (int d = 0; d < dim; d++) n *= size[d];
  return n;
}
inline long THC_innerSize(int nd, const long *size, int dim) {
  long n = 1;
  for (int d = dim + 1; d < nd; d++) n *= size[d];
  return n;
}
