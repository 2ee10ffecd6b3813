#pragma once
// Element functors of THCTensorMathPointwise (generic/THCTensorMathPointwise.cu). Each family of
// operations is ONE functor whose operation is chosen at run time (an enum, the same for every
// thread, so no divergence): this keeps the number of kernel instantiations per type at a handful
// instead of one per operation, while the kernels stay bound by memory bandwidth.
// Integer arithmetic follows TH (THElementwise.h): +, -, * and neg wrap modulo 2^64, division
// truncates toward zero and x / -1 is -x without trapping.
#include <cmath>
#include <type_traits>

#include "THC.h"
#include "THCApply.cuh"

namespace thc_pw {

template <typename T>
using Unsigned = std::make_unsigned_t<T>;

template <typename T>
__device__ __forceinline__ T add(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return (T)((Unsigned<T>)a + (Unsigned<T>)b);
  else
    return a + b;
}
template <typename T>
__device__ __forceinline__ T mul(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return (T)((Unsigned<T>)a * (Unsigned<T>)b);
  else
    return a * b;
}
template <typename T>
__device__ __forceinline__ T neg(T a) {
  if constexpr (std::is_integral_v<T>)
    return (T)(0 - (Unsigned<T>)a);
  else
    return -a;
}
// Integer quotient and C remainder (sign of the dividend); the caller has refused zero divisors.
template <typename T>
__device__ __forceinline__ T idiv(T a, T b) {
  return b == (T)-1 ? neg(a) : (T)(a / b);
}
template <typename T>
__device__ __forceinline__ T imod(T a, T b) {
  return b == (T)-1 ? (T)0 : (T)(a % b);
}
// The remainder with the sign of the divisor (Python's %).
template <typename T>
__device__ __forceinline__ T remainderOf(T a, T b) {
  T r;
  if constexpr (std::is_integral_v<T>)
    r = imod(a, b);
  else
    r = fmod(a, b);
  if (r != 0 && (r < 0) != (b < 0)) r = add(r, b);
  return r;
}
// Integer shifts as TH: on the unsigned value (right shifts are logical, left shifts wrap); a
// negative count shifts the other way, a count of the width or more gives 0.
template <typename T>
__device__ __forceinline__ T shiftLeft(T a, T k) {
  constexpr int bits = (int)sizeof(T) * 8;
  if (k < 0) return k <= -bits ? (T)0 : (T)((Unsigned<T>)a >> -k);
  return k >= bits ? (T)0 : (T)((Unsigned<T>)a << k);
}
template <typename T>
__device__ __forceinline__ T shiftRight(T a, T k) {
  constexpr int bits = (int)sizeof(T) * 8;
  if (k < 0) return k <= -bits ? (T)0 : (T)((Unsigned<T>)a << -k);
  return k >= bits ? (T)0 : (T)((Unsigned<T>)a >> k);
}
// The exact, wrapping integer power; a negative exponent gives 1/x^k truncated toward zero.
template <typename T>
__device__ __forceinline__ T intPow(T base, T exponent) {
  if (exponent < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exponent & 1) ? (T)-1 : (T)1;
    return 0;
  }
  T result = 1;
  while (exponent != 0) {
    if (exponent & 1) result = mul(result, base);
    base = mul(base, base);
    exponent = (T)(exponent >> 1);
  }
  return result;
}
template <typename T>
__device__ __forceinline__ bool isNan(T x) {
  return x != x;  // always false for integers
}

enum class Unary {
  Neg, Abs, Sign,  // every type
  Sigmoid, Log, Lgamma, Log1p, Exp, Cos, Acos, Cosh, Sin, Asin, Sinh, Tan, Atan, Tanh, Sqrt, Rsqrt,
  Ceil, Floor, Round, Trunc, Frac, Cinv  // floating point only
};

template <typename T>
__device__ __forceinline__ T unary(Unary op, T x) {
  switch (op) {
    case Unary::Neg: return neg(x);
    case Unary::Abs:
      if constexpr (std::is_integral_v<T>)
        return x < 0 ? neg(x) : x;
      else
        return fabs(x);
    case Unary::Sign: return (T)((x > 0) - (x < 0));
    default: break;
  }
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case Unary::Sigmoid: return (T)1 / ((T)1 + exp(-x));
      case Unary::Log: return log(x);
      case Unary::Lgamma: return lgamma(x);
      case Unary::Log1p: return log1p(x);
      case Unary::Exp: return exp(x);
      case Unary::Cos: return cos(x);
      case Unary::Acos: return acos(x);
      case Unary::Cosh: return cosh(x);
      case Unary::Sin: return sin(x);
      case Unary::Asin: return asin(x);
      case Unary::Sinh: return sinh(x);
      case Unary::Tan: return tan(x);
      case Unary::Atan: return atan(x);
      case Unary::Tanh: return tanh(x);
      case Unary::Sqrt: return sqrt(x);
      case Unary::Rsqrt: return (T)1 / sqrt(x);
      case Unary::Ceil: return ceil(x);
      case Unary::Floor: return floor(x);
      case Unary::Round: return round(x);  // halves away from zero, as C's round
      case Unary::Trunc: return trunc(x);
      case Unary::Frac: return x - trunc(x);
      case Unary::Cinv: return (T)1 / x;
      default: break;
    }
  }
  return x;
}

template <typename T>
struct UnaryOp {
  Unary op;
  __device__ void operator()(T *out, T *in) const { *out = unary(op, *in); }
};

// x OP v (w: clamp's upper bound). Integer Div/Fmod/Remainder come with v != 0 (checked on the
// host). Floating-point Lshift/Rshift come with v = 2^value already computed.
enum class Scalar { Add, Mul, Div, Lshift, Rshift, Fmod, Remainder, BitAnd, BitOr, BitXor, Pow, Tpow, Clamp, Max, Min };

template <typename T>
__device__ __forceinline__ T scalar(Scalar op, T x, T v, T w) {
  switch (op) {
    case Scalar::Add: return add(x, v);
    case Scalar::Mul: return mul(x, v);
    case Scalar::Clamp: return x < v ? v : (x > w ? w : x);
    case Scalar::Max: return (x > v || isNan(x)) ? x : v;
    case Scalar::Min: return (x < v || isNan(x)) ? x : v;
    default: break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
      case Scalar::Div: return idiv(x, v);
      case Scalar::Lshift: return shiftLeft(x, v);
      case Scalar::Rshift: return shiftRight(x, v);
      case Scalar::Fmod: return imod(x, v);
      case Scalar::Remainder: return remainderOf(x, v);
      case Scalar::BitAnd: return x & v;
      case Scalar::BitOr: return x | v;
      case Scalar::BitXor: return x ^ v;
      default: break;
    }
  } else {
    switch (op) {
      case Scalar::Div: return x / v;
      case Scalar::Lshift: return x * v;
      case Scalar::Rshift: return x / v;
      case Scalar::Fmod: return fmod(x, v);
      case Scalar::Remainder: return remainderOf(x, v);
      case Scalar::Pow: return v == 2 ? x * x : pow(x, v);
      case Scalar::Tpow: return pow(v, x);
      default: break;
    }
  }
  return x;
}

template <typename T>
struct ScalarOp {
  Scalar op;
  T v, w;
  __device__ void operator()(T *out, T *in) const { *out = scalar(op, *in, v, w); }
};

// x OP y, element by element (v: cadd's scale, lerp's weight). Integer Div/Fmod/Remainder come
// with no zero in y (checked on the host).
enum class Binary { Cadd, Cmul, Cdiv, Cpow, Cfmod, Cremainder, Cmax, Cmin, Clshift, Crshift, BitAnd, BitOr, BitXor, Atan2, Lerp };

template <typename T>
__device__ __forceinline__ T binary(Binary op, T x, T y, T v) {
  switch (op) {
    case Binary::Cadd: return add(x, mul(v, y));
    case Binary::Cmul: return mul(x, y);
    case Binary::Cmax: return (x > y || isNan(x)) ? x : y;
    case Binary::Cmin: return (x < y || isNan(x)) ? x : y;
    case Binary::Cremainder: return remainderOf(x, y);
    default: break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
      case Binary::Cdiv: return idiv(x, y);
      case Binary::Cpow: return intPow(x, y);
      case Binary::Cfmod: return imod(x, y);
      case Binary::Clshift: return shiftLeft(x, y);
      case Binary::Crshift: return shiftRight(x, y);
      case Binary::BitAnd: return x & y;
      case Binary::BitOr: return x | y;
      case Binary::BitXor: return x ^ y;
      default: break;
    }
  } else {
    switch (op) {
      case Binary::Cdiv: return x / y;
      case Binary::Cpow: return pow(x, y);
      case Binary::Cfmod: return fmod(x, y);
      case Binary::Clshift: return x * pow((T)2, y);
      case Binary::Crshift: return x / pow((T)2, y);
      case Binary::Atan2: return atan2(x, y);
      case Binary::Lerp: return x + v * (y - x);
      default: break;
    }
  }
  return x;
}

template <typename T>
struct BinaryOp {
  Binary op;
  T v;
  __device__ void operator()(T *out, T *x, T *y) const { *out = binary(op, *x, *y, v); }
};

// out += v * s1 * s2 (addcmul) or out += v * s1 / s2 (addcdiv), grouped as TH groups them.
template <typename T>
struct AddcOp {
  bool divide;
  T v;
  __device__ void operator()(T *out, T *s1, T *s2) const {
    if (divide) {
      if constexpr (std::is_integral_v<T>)
        *out = add(*out, idiv(mul(v, *s1), *s2));
      else
        *out = *out + v * *s1 / *s2;
    } else {
      *out = add(*out, mul(mul(v, *s1), *s2));
    }
  }
};

template <typename T>
struct IsZero {
  __device__ bool operator()(T x) const { return x == 0; }
};

// The walk over t's elements with dimension `skip` left out (not collapsed: the three tensors of a
// cross product have the same sizes and must be walked alike).
template <typename T, typename TensorT>
TensorInfo<T, uint64_t> vectorWalk(T *data, TensorT *t, int skip) {
  TensorInfo<T, uint64_t> info;
  info.data = data;
  info.dims = 0;
  for (int d = 0; d < t->nDimension; d++) {
    if (d == skip) continue;
    info.sizes[info.dims] = (uint64_t)t->size[d];
    info.strides[info.dims] = (uint64_t)t->stride[d];
    info.dims++;
  }
  if (info.dims == 0) {  // a single vector
    info.dims = 1;
    info.sizes[0] = 1;
    info.strides[0] = 0;
  }
  return info;
}

// The cross products of the 3-vectors: element i of the walk gives the first component of one
// vector in out, a and b; the other two are `stride` elements apart in each. Each vector is read
// whole before its result is written, so out may be a or b.
template <typename T, typename IndexT>
__global__ void crossKernel(TensorInfo<T, IndexT> out, TensorInfo<T, IndexT> a, TensorInfo<T, IndexT> b, IndexT n,
                            long so, long sa, long sb) {
  for (IndexT i = (IndexT)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (IndexT)gridDim.x * blockDim.x) {
    const T *pa = a.data + a.offset(i);
    const T *pb = b.data + b.offset(i);
    T *po = out.data + out.offset(i);
    T a0 = pa[0], a1 = pa[sa], a2 = pa[2 * sa];
    T b0 = pb[0], b1 = pb[sb], b2 = pb[2 * sb];
    T r0 = add(mul(a1, b2), neg(mul(a2, b1)));
    T r1 = add(mul(a2, b0), neg(mul(a0, b2)));
    T r2 = add(mul(a0, b1), neg(mul(a1, b0)));
    po[0] = r0;
    po[so] = r1;
    po[2 * so] = r2;
  }
}

}  // namespace thc_pw
