#pragma once
// The comparison functor of THCTensorMathCompare (generic/THCTensorMathCompare.cu): one functor
// whose relation is chosen at run time, so each type instantiates a few kernels rather than one
// per relation and output type. 1 where the relation holds, else 0 (a NaN gives 0, except for ne).
#include "THC.h"
#include "THCApply.cuh"

namespace thc_cmp {
enum class Relation { Lt, Gt, Le, Ge, Eq, Ne };

template <typename T>
__device__ __forceinline__ bool holds(Relation r, T x, T y) {
  switch (r) {
    case Relation::Lt: return x < y;
    case Relation::Gt: return x > y;
    case Relation::Le: return x <= y;
    case Relation::Ge: return x >= y;
    case Relation::Eq: return x == y;
    default: return x != y;
  }
}

// out = (x R value): Out is unsigned char (the Byte forms) or T (the ...T forms).
template <typename Out, typename T>
struct WithValue {
  Relation r;
  T value;
  __device__ void operator()(Out *out, T *x) const { *out = (Out)holds(r, *x, value); }
};

template <typename Out, typename T>
struct WithTensor {
  Relation r;
  __device__ void operator()(Out *out, T *x, T *y) const { *out = (Out)holds(r, *x, *y); }
};
}  // namespace thc_cmp
