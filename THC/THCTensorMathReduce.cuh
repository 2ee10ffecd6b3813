#pragma once
// The reduction operations of generic/THCTensorMathReduce.cu and generic/THCTensorMathScan.cu
// (ops and writers for THCReduce.cuh), for Long, Float and Double. Integer sums and products wrap
// modulo 2^64 as TH's do; max/min propagate NaN (the first NaN wins) and among equal values return
// the first position, TH's rule.
#include <cmath>
#include "THCReduce.cuh"
#include "THCApply.cuh"
#include "THCTensorMath.h"

namespace thc_reduce {

template <typename Acc>
__host__ __device__ inline Acc wrapAdd(Acc a, Acc b) { return a + b; }
template <>
__host__ __device__ inline long wrapAdd<long>(long a, long b) { return (long)((unsigned long)a + (unsigned long)b); }
template <typename Acc>
__host__ __device__ inline Acc wrapMul(Acc a, Acc b) { return a * b; }
template <>
__host__ __device__ inline long wrapMul<long>(long a, long b) { return (long)((unsigned long)a * (unsigned long)b); }

template <typename T, typename Acc>
struct SumOp {
  __host__ __device__ Acc init() const { return 0; }
  __device__ Acc map(T x, long) const { return (Acc)x; }
  __host__ __device__ Acc combine(Acc a, Acc b) const { return wrapAdd(a, b); }
};

template <typename T, typename Acc>
struct ProdOp {
  __host__ __device__ Acc init() const { return 1; }
  __device__ Acc map(T x, long) const { return (Acc)x; }
  __host__ __device__ Acc combine(Acc a, Acc b) const { return wrapMul(a, b); }
};

// A value and its position along the run; i < 0 marks the identity.
template <typename T>
struct ValueIndex {
  T v;
  long i;
};

// max (isMax) or min with TH's rule: NaN beats every number, and among equal values (or NaNs) the
// smaller position wins, which makes the combination associative and commutative.
template <typename T>
struct ExtremeOp {
  bool isMax;
  __host__ __device__ ValueIndex<T> init() const { return {T(0), -1}; }
  __device__ ValueIndex<T> map(T x, long i) const { return {x, i}; }
  __host__ __device__ ValueIndex<T> combine(ValueIndex<T> a, ValueIndex<T> b) const {
    if (a.i < 0) return b;
    if (b.i < 0) return a;
    bool aNan = a.v != a.v, bNan = b.v != b.v;
    bool bWins;
    if (aNan || bNan)
      bWins = aNan && bNan ? b.i < a.i : bNan;
    else if (a.v == b.v)
      bWins = b.i < a.i;
    else
      bWins = isMax ? b.v > a.v : b.v < a.v;
    return bWins ? b : a;
  }
};

// The p-norm: p = 0 counts the non-zeros, p = inf takes the largest |x| (NaN propagates), other p
// sum |x|^p; normFinish takes the root.
template <typename T, typename Acc>
struct NormOp {
  Acc p;
  __host__ __device__ Acc init() const { return 0; }
  __device__ Acc map(T x, long) const {
    Acc a = fabs((Acc)x);
    if (p == 0) return (Acc)(x != 0);
    if (p == 1) return a;
    if (p == 2) return a * a;
    if (isinf(p)) return a;
    return pow(a, p);
  }
  __host__ __device__ Acc combine(Acc a, Acc b) const {
    if (!isinf(p)) return a + b;
    if (a != a) return a;
    return (b > a || b != b) ? b : a;
  }
};

template <typename Acc>
__host__ __device__ inline Acc normFinish(Acc acc, Acc p) {
  if (p == 0 || p == 1 || isinf(p)) return acc;
  if (p == 2) return sqrt(acc);
  return pow(acc, 1 / p);
}

// Count, mean and sum of squared deviations, merged pairwise (Chan et al.): one pass, and far more
// accurate in float than summing squares.
template <typename Acc>
struct Moments {
  long n;
  Acc mean;
  Acc m2;
};

template <typename T, typename Acc>
struct MomentsOp {
  __host__ __device__ Moments<Acc> init() const { return {0, 0, 0}; }
  __device__ Moments<Acc> map(T x, long) const { return {1, (Acc)x, 0}; }
  __host__ __device__ Moments<Acc> combine(Moments<Acc> a, Moments<Acc> b) const {
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    long n = a.n + b.n;
    Acc d = b.mean - a.mean;
    Acc fb = (Acc)b.n / (Acc)n;
    return {n, a.mean + d * fb, a.m2 + b.m2 + d * d * (Acc)a.n * fb};
  }
};

// The variance (biased: over n, else over n - 1, NaN for a single element as in TH), or its root.
template <typename Acc>
__host__ __device__ inline Acc momentsFinish(Moments<Acc> m, bool biased, bool takeSqrt) {
  Acc v = biased ? m.m2 / (Acc)m.n : (m.n == 1 ? (Acc)NAN : m.m2 / (Acc)(m.n - 1));
  return takeSqrt ? sqrt(v) : v;
}

// ------------------------------------------------------------------ writers (out is contiguous)

template <typename T, typename Acc>
struct SumWriter {  // sum, or mean when mean is set
  T *out;
  bool mean;
  __device__ void operator()(long run, Acc a, long n) const { out[run] = (T)(mean ? a / (Acc)n : a); }
};

template <typename T, typename Acc>
struct StoreWriter {
  T *out;
  __device__ void operator()(long run, Acc a, long) const { out[run] = (T)a; }
};

template <typename T>
struct ExtremeWriter {
  T *values;
  long *indices;
  __device__ void operator()(long run, ValueIndex<T> a, long) const {
    values[run] = a.v;
    indices[run] = a.i;
  }
};

template <typename T, typename Acc>
struct NormWriter {
  T *out;
  Acc p;
  __device__ void operator()(long run, Acc a, long) const { out[run] = (T)normFinish(a, p); }
};

template <typename T, typename Acc>
struct MomentsWriter {
  T *out;
  bool biased, takeSqrt;
  __device__ void operator()(long run, Moments<Acc> m, long) const { out[run] = (T)momentsFinish(m, biased, takeSqrt); }
};

// renorm's factor for each slice: maxnorm / (norm + 1e-7) where the norm exceeds maxnorm, else 1.
template <typename Acc>
struct RenormScaleWriter {
  Acc *scale;
  Acc p, maxnorm;
  __device__ void operator()(long run, Acc a, long) const {
    Acc norm = normFinish(a, p);
    scale[run] = norm > maxnorm ? maxnorm / (norm + (Acc)1e-7) : (Acc)1;
  }
};

// ------------------------------------------------------------------ pointwise helpers

// Scales the rows of a contiguous rows x len array: y[r][j] = x[r][j] * scale[r].
template <typename T, typename Acc>
__global__ void scaleRowsKernel(T *y, const T *x, const Acc *scale, long rows, long len) {
  long n = rows * len;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    y[i] = (T)(x[i] * scale[i / len]);
}

// Inclusive scans along the middle dimension of contiguous outer x n x inner arrays, one thread
// per run (adjacent threads take adjacent columns when inner > 1): y may be x.
template <typename T, typename Acc>
__global__ void scanKernel(T *y, const T *x, long outer, long n, long inner, bool product) {
  long runs = outer * inner;
  for (long r = (long)blockIdx.x * blockDim.x + threadIdx.x; r < runs; r += (long)gridDim.x * blockDim.x) {
    long base = (r / inner) * n * inner + r % inner;
    Acc acc = (Acc)x[base];
    y[base] = (T)acc;
    for (long i = 1; i < n; i++) {
      Acc v = (Acc)x[base + i * inner];
      acc = product ? wrapMul(acc, v) : wrapAdd(acc, v);
      y[base + i * inner] = (T)acc;
    }
  }
}

template <typename T>
struct DifferenceOp {  // c = a - b
  __device__ void operator()(T *c, const T *a, const T *b) const { *c = *a - *b; }
};

struct UnequalFlagOp {  // clears *flag at the first pair that differs (NaN differs from itself)
  int *flag;
  template <typename T>
  __device__ void operator()(T *a, T *b) const {
    if (!(*a == *b)) *flag = 0;
  }
};

inline unsigned gridFor(THCState *state, long n) {
  long blocks = (n + kThreads - 1) / kThreads;
  long cap = maxBlocks(state);
  return (unsigned)(blocks < 1 ? 1 : blocks < cap ? blocks : cap);
}
}  // namespace thc_reduce
