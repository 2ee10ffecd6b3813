#pragma once
// The criteria's shared device code (the per-type wrappers are in generic/CriterionCommon.cuh):
//  - sumTerms: the sum of term(i) over i < n, reduced on the device in a fixed tree (the same
//    result on every run) and handed, still on the device, to a finishing functor that writes the
//    one-element output. The host never waits for it.
//  - the element-wise criteria's term and gradient functors, and the NLL criteria's;
// Terms and gradients are computed in double for both types, as THNN computes them in accreal
// (double for Float on the CPU), so that Float results round as the CPU's do.
#include <vector>

#include "THCApply.cuh"

namespace thcunn {
constexpr int kSumThreads = 256;    // a power of two: blockSum halves it
constexpr long kMaxSumBlocks = 1024;

// The two sums of the NLL criteria: the weighted loss and the total weight.
struct LossAndWeight {
  double loss, weight;
};
__host__ __device__ inline LossAndWeight operator+(LossAndWeight a, LossAndWeight b) {
  return {a.loss + b.loss, a.weight + b.weight};
}

// The sum of every thread's a, returned to every thread of the block (blockDim.x == kSumThreads).
// Ends synchronised, so a block may call it again, e.g. once per row.
template <typename Acc>
__device__ Acc blockSum(Acc a) {
  __shared__ Acc buf[kSumThreads];
  buf[threadIdx.x] = a;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) buf[threadIdx.x] = buf[threadIdx.x] + buf[threadIdx.x + w];
    __syncthreads();
  }
  Acc sum = buf[0];
  __syncthreads();
  return sum;
}

// Each block sums a grid-stride share of the terms; a lone block finishes the sum itself.
template <typename Acc, typename Term, typename Finish>
__global__ void sumTermsKernel(long n, Term term, Acc *partial, Finish finish) {
  Acc a{};
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    a = a + term(i);
  a = blockSum(a);
  if (threadIdx.x != 0) return;
  if (gridDim.x == 1)
    finish(a);
  else
    partial[blockIdx.x] = a;
}

template <typename Acc, typename Finish>
__global__ void sumPartialsKernel(const Acc *partial, int count, Finish finish) {
  Acc a{};
  for (int i = threadIdx.x; i < count; i += blockDim.x) a = a + partial[i];
  a = blockSum(a);
  if (threadIdx.x == 0) finish(a);
}

// finish(sum of term(i) for i < n), on the current stream. Term: Acc operator()(long i);
// Finish: void operator()(Acc), both __device__; Acc{} is the zero.
template <typename Acc, typename Term, typename Finish>
void sumTerms(THCState *state, long n, const Term &term, const Finish &finish) {
  cudaStream_t stream = THCState_getCurrentStream(state);
  long blocks = (n + kSumThreads - 1) / kSumThreads;
  int grid = (int)(blocks < 1 ? 1 : blocks < kMaxSumBlocks ? blocks : kMaxSumBlocks);
  if (grid == 1) {
    sumTermsKernel<Acc><<<1, kSumThreads, 0, stream>>>(n, term, (Acc *)nullptr, finish);
    THCudaCheckLaunch("thcunn::sumTermsKernel");
    return;
  }
  // Scratch from the caching allocator: freed at once, it is reused only by later work on this stream.
  Acc *partial = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&partial, sizeof(Acc) * grid));
  sumTermsKernel<Acc><<<grid, kSumThreads, 0, stream>>>(n, term, partial, finish);
  sumPartialsKernel<Acc><<<1, kSumThreads, 0, stream>>>(partial, grid, finish);
  cudaError_t launched = cudaGetLastError();
  THCudaCheck(THCudaFree(state, partial));
  THCudaCheck(launched);
}

// The grid of a kernel that gives each of rows rows a block of kSumThreads (rows > 0).
inline unsigned rowBlocks(long rows) { return (unsigned)(rows < kMaxSumBlocks ? rows : kMaxSumBlocks); }

template <typename Op>
__global__ void forEachIndexKernel(long n, Op op) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) op(i);
}

// op(i) for every i < n, on the current stream.
template <typename Op>
void forEachIndex(THCState *state, long n, const Op &op) {
  if (n <= 0) return;
  forEachIndexKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(n, op);
  THCudaCheckLaunch("thcunn::forEachIndexKernel");
}

// *out = sum / termDivisor / averageOver, in the output's type (divisions by 1 are exact).
template <typename T>
struct WriteSum {
  T *out;
  double termDivisor, averageOver;
  __device__ void operator()(double sum) const { *out = (T)(sum / termDivisor / averageOver); }
};

// f(x[i], t[i]) of the element-wise criteria over contiguous input and target, times w[i] when
// there are weights.
template <typename T, typename F>
struct PairTerm {
  const T *x, *t, *w;
  F f;
  __device__ double operator()(long i) const {
    double v = f((double)x[i], (double)t[i]);
    return w ? (double)w[i] * v : v;
  }
};

// gradInput = f(x, t) * norm, element by element (for THC_pointwiseApply3).
template <typename T, typename F>
struct PairGrad {
  F f;
  double norm;
  __device__ void operator()(T *gi, const T *x, const T *t) const { *gi = (T)(f((double)*x, (double)*t) * norm); }
};

// Where the NLL criteria read their targets: input is nframe x nclasses x inner (contiguous),
// target nframe x inner; target i picks class target[i] (1-based) of frame i / inner at
// position i % inner, unless it is the ignored index.
template <typename T>
struct NLLTargets {
  const long *target;
  const T *weights;  // per class, or NULL
  long nclasses, inner;
  bool hasIgnore;
  long ignoreIndex;
  __device__ bool ignored(long i) const { return hasIgnore && target[i] == ignoreIndex; }
  __device__ long classOf(long i) const { return target[i] - TH_INDEX_BASE; }
  __device__ double weightOf(long c) const { return weights ? (double)weights[c] : 1.0; }
  __device__ long offsetOf(long i, long c) const { return (i / inner * nclasses + c) * inner + i % inner; }
};

template <typename T>
struct NLLTerm {
  NLLTargets<T> at;
  const T *x;
  __device__ LossAndWeight operator()(long i) const {
    if (at.ignored(i)) return {0, 0};
    long c = at.classOf(i);
    double w = at.weightOf(c);
    return {-w * (double)x[at.offsetOf(i, c)], w};
  }
};

// output = loss (divided by the total weight when sizeAverage and that is not 0); total_weight.
template <typename T>
struct WriteNLL {
  T *out, *totalWeight;
  bool sizeAverage;
  __device__ void operator()(LossAndWeight s) const {
    *out = (T)(sizeAverage && s.weight != 0 ? s.loss / s.weight : s.loss);
    *totalWeight = (T)s.weight;
  }
};

// gradInput at each counted target: -weight, divided by the total weight (read on the device)
// when sizeAverage; nothing when sizeAverage and the total weight is 0 (the loss was the constant 0).
template <typename T>
struct NLLGrad {
  NLLTargets<T> at;
  T *gradInput;
  const T *totalWeight;
  bool sizeAverage;
  __device__ void operator()(long i) const {
    double total = (double)*totalWeight;
    if (at.ignored(i) || (sizeAverage && total == 0)) return;
    double norm = sizeAverage ? 1 / total : 1;
    long c = at.classOf(i);
    gradInput[at.offsetOf(i, c)] = (T)(-at.weightOf(c) * norm);
  }
};
}  // namespace thcunn
