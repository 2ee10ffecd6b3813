#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathPointwise.c"
#else

/* Element-wise arithmetic and math. The rules, Torch7's unless said otherwise:
 * - The result r_ is resized like the (first) input and may be that input (r_ == t). Binary
 *   operations pair elements in each tensor's row-major order: the numbers of elements must agree,
 *   the shapes need not (no broadcasting).
 * - Integer +, -, *, neg and abs wrap modulo 2^bits (see THElementwise.h). Integer division
 *   truncates toward zero; a zero divisor raises an error (Torch7 died of SIGFPE).
 * - fmod has the sign of the dividend (C's fmod and %), remainder the sign of the divisor
 *   (Python's %).
 * - lshift/rshift multiply/divide by 2^value. Float/Double compute exactly that; integer types
 *   shift the value as the unsigned type of their width, as Torch7 did: right shifts are logical
 *   (Char -8 >> 1 is 124), left shifts wrap. ember defines what C leaves undefined: a negative
 *   count shifts the other way, and a count of the width or more gives 0.
 * - bitand/bitor/bitxor and their c- versions raise an error for Float/Double, as in Torch7.
 * - pow/tpow/cpow: C's pow for Float/Double. Integer cpow is the exact, wrapping integer power; a
 *   negative exponent gives 1/x^k truncated toward zero: 1 for x = 1, +-1 for x = -1, 0 otherwise
 *   (x = 0 included).
 * - cmax/cmin/cmaxValue/cminValue propagate NaN: a NaN operand gives NaN. (Torch7's result
 *   depended on which operand was the NaN.) clamp keeps a NaN element NaN; sign(NaN) is 0, as in
 *   Torch7. */

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define THPW_FLOATING_
#endif

#if defined(TH_REAL_IS_FLOAT)
#define THPW_MATH_(NAME) NAME##f
#define THPW_LGAMMA_R_ lgammaf_r
#else
#define THPW_MATH_(NAME) NAME
#define THPW_LGAMMA_R_ lgamma_r
#endif

#if defined(TH_REAL_IS_BYTE)
#define THPW_NEGATIVE_(x) 0
#else
#define THPW_NEGATIVE_(x) ((x) < 0)
#endif

#ifdef THPW_FLOATING_
#define THPW_ISNAN_(x) ((x) != (x))
#else
#define THPW_ISNAN_(x) 0
#endif

#define THPW_CONTIGUOUS2_(A, B) (TH_ELEMENTWISE_CONTIGUOUS_(A) && TH_ELEMENTWISE_CONTIGUOUS_(B))

/* r_ = EXPR for each element x of t. */
#define THPW_UNARY_(NAME, EXPR)                                           \
  void THTensor_(NAME)(THTensor *r_, THTensor *t) {                       \
    TH_CHECK_NOT_NULL(#NAME, r_, t);                                      \
    THTensor_(resizeAs)(r_, t);                                           \
    TH_MAP2(real, r_, real, t, real x = *t_data; *r__data = (EXPR););     \
  }

/* r_ = EXPR for each element x of t and the scalar value, after the checks CHECK. */
#define THPW_SCALAR_(NAME, CHECK, EXPR)                                   \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, real value) {           \
    TH_CHECK_NOT_NULL(#NAME, r_, t);                                      \
    CHECK                                                                 \
    THTensor_(resizeAs)(r_, t);                                           \
    TH_MAP2(real, r_, real, t, real x = *t_data; *r__data = (EXPR););     \
  }

/* r_ = EXPR for each pair of elements x of t and y of src, after the checks CHECK. */
#define THPW_BINARY_(NAME, CHECK, EXPR)                                                   \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, THTensor *src) {                        \
    TH_CHECK_NOT_NULL(#NAME, r_, t, src);                                                 \
    TH_CHECK_SAME_COUNT(#NAME, t, src);                                                   \
    CHECK                                                                                 \
    THTensor_(resizeAs)(r_, t);                                                           \
    TH_MAP3(real, r_, real, t, real, src, real x = *t_data; real y = *src_data;           \
            *r__data = (EXPR););                                                          \
  }

/* ------------------------------------------------------------------ element helpers */

#ifndef THPW_FLOATING_
/* Integer division by zero would kill the process (SIGFPE): refuse it before computing. */
#define THPW_CHECK_SCALAR_DIVISOR_(NAME, VALUE) \
  THArgCheck((VALUE) != 0, 3, "%s: integer division by zero (the divisor value is 0)", NAME);

static void THTensor_(checkNoZeroDivisor)(const char *name, THTensor *divisor) {
  int zero = 0;
  TH_TENSOR_APPLY(real, divisor, zero |= *divisor_data == 0;);
  if (zero) THError("%s: integer division by zero (the divisor tensor has a zero element)", name);
}
#define THPW_CHECK_TENSOR_DIVISOR_(NAME, T) THTensor_(checkNoZeroDivisor)(NAME, T);

/* a shifted left (wrapping) or logically right by k bits; see the rules at the top for negative
 * and oversized counts. */
static inline real THTensor_(shiftLeft)(real a, real k) {
  const int bits = (int)sizeof(real) * CHAR_BIT;
#if !defined(TH_REAL_IS_BYTE)
  if (k < 0) return k <= -bits ? 0 : (real)(TH_SAME_WIDTH_UNSIGNED(a) >> -k);
#endif
  return k >= bits ? 0 : (real)(TH_UNSIGNED(a) << k);
}

static inline real THTensor_(shiftRight)(real a, real k) {
  const int bits = (int)sizeof(real) * CHAR_BIT;
#if !defined(TH_REAL_IS_BYTE)
  if (k < 0) return k <= -bits ? 0 : (real)(TH_UNSIGNED(a) << -k);
#endif
  return k >= bits ? 0 : (real)(TH_SAME_WIDTH_UNSIGNED(a) >> k);
}

static inline real THTensor_(remainderOf)(real a, real b) {
  real r = TH_IMOD(a, b);
  if (r != 0 && THPW_NEGATIVE_(r) != THPW_NEGATIVE_(b)) r = TH_ADD(r, b);
  return r;
}

static inline real THTensor_(intPow)(real base, real exponent) {
#if !defined(TH_REAL_IS_BYTE)
  if (exponent < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exponent & 1) ? (real)-1 : 1;
    return 0;
  }
#endif
  real result = 1;
  while (exponent != 0) {
    if (exponent & 1) result = TH_MUL(result, base);
    base = TH_MUL(base, base);
    exponent = (real)(exponent >> 1);
  }
  return result;
}
#else
static inline real THTensor_(remainderOf)(real a, real b) {
  real r = THPW_MATH_(fmod)(a, b);
  if (r != 0 && (r < 0) != (b < 0)) r += b;
  return r;
}

static inline real THTensor_(sigmoidOf)(real x) { return 1 / (1 + THPW_MATH_(exp)(-x)); }

/* lgamma_r: plain lgamma writes the global signgam, a data race under OpenMP. */
static inline real THTensor_(lgammaOf)(real x) {
  int sign;
  return THPW_LGAMMA_R_(x, &sign);
}
#endif

/* ------------------------------------------------------------------ fill */

void THTensor_(fill)(THTensor *r_, real value) {
  TH_CHECK_NOT_NULL("fill", r_);
  if (TH_ELEMENTWISE_CONTIGUOUS_(r_)) {
    real *r = THTensor_(data)(r_);
    TH_PARALLEL_RANGE(THTensor_(nElement)(r_), b, e, THVector_(fill)(r + b, value, e - b););
  } else {
    TH_MAP1_STRIDED(real, r_, *r__data = value;);
  }
}

void THTensor_(zero)(THTensor *r_) { THTensor_(fill)(r_, 0); }

void THTensor_(zeros)(THTensor *r_, THLongStorage *size) {
  TH_CHECK_NOT_NULL("zeros", r_, size);
  THTensor_(resize)(r_, size, NULL);
  THTensor_(fill)(r_, 0);
}

void THTensor_(zerosLike)(THTensor *r_, THTensor *input) {
  TH_CHECK_NOT_NULL("zerosLike", r_, input);
  THTensor_(resizeAs)(r_, input);
  THTensor_(fill)(r_, 0);
}

void THTensor_(ones)(THTensor *r_, THLongStorage *size) {
  TH_CHECK_NOT_NULL("ones", r_, size);
  THTensor_(resize)(r_, size, NULL);
  THTensor_(fill)(r_, 1);
}

void THTensor_(onesLike)(THTensor *r_, THTensor *input) {
  TH_CHECK_NOT_NULL("onesLike", r_, input);
  THTensor_(resizeAs)(r_, input);
  THTensor_(fill)(r_, 1);
}

/* ------------------------------------------------------------------ with a scalar */

/* r_ = t + value on the contiguous path of add and sub (THVector's adds). */
static void THTensor_(addScalar)(const char *name, THTensor *r_, THTensor *t, real value) {
  TH_CHECK_NOT_NULL(name, r_, t);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, THVector_(adds)(r + b, x + b, value, e - b););
  } else {
    TH_MAP2_STRIDED(real, r_, real, t, *r__data = TH_ADD(*t_data, value););
  }
}

void THTensor_(add)(THTensor *r_, THTensor *t, real value) { THTensor_(addScalar)("add", r_, t, value); }

/* x + (-value) is x - value exactly, for floats and for wrapping integers. */
void THTensor_(sub)(THTensor *r_, THTensor *t, real value) {
  THTensor_(addScalar)("sub", r_, t, TH_NEG(value));
}

void THTensor_(mul)(THTensor *r_, THTensor *t, real value) {
  TH_CHECK_NOT_NULL("mul", r_, t);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, THVector_(muls)(r + b, x + b, value, e - b););
  } else {
    TH_MAP2_STRIDED(real, r_, real, t, *r__data = TH_MUL(*t_data, value););
  }
}

#ifdef THPW_FLOATING_
void THTensor_(div)(THTensor *r_, THTensor *t, real value) {
  TH_CHECK_NOT_NULL("div", r_, t);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, THVector_(divs)(r + b, x + b, value, e - b););
  } else {
    TH_MAP2_STRIDED(real, r_, real, t, *r__data = *t_data / value;);
  }
}

THPW_SCALAR_(lshift, real factor = THPW_MATH_(pow)(2, value);, x * factor)
THPW_SCALAR_(rshift, real factor = THPW_MATH_(pow)(2, value);, x / factor)
THPW_SCALAR_(fmod, , THPW_MATH_(fmod)(x, value))
THPW_SCALAR_(remainder, , THTensor_(remainderOf)(x, value))
#else
THPW_SCALAR_(div, THPW_CHECK_SCALAR_DIVISOR_("div", value), TH_IDIV(x, value))
THPW_SCALAR_(lshift, , THTensor_(shiftLeft)(x, value))
THPW_SCALAR_(rshift, , THTensor_(shiftRight)(x, value))
THPW_SCALAR_(fmod, THPW_CHECK_SCALAR_DIVISOR_("fmod", value), TH_IMOD(x, value))
THPW_SCALAR_(remainder, THPW_CHECK_SCALAR_DIVISOR_("remainder", value),
             THTensor_(remainderOf)(x, value))
#endif

void THTensor_(clamp)(THTensor *r_, THTensor *t, real min_value, real max_value) {
  TH_CHECK_NOT_NULL("clamp", r_, t);
  THTensor_(resizeAs)(r_, t);
  TH_MAP2(real, r_, real, t, real x = *t_data;
          *r__data = x < min_value ? min_value : (x > max_value ? max_value : x););
}

THPW_SCALAR_(cmaxValue, , (x > value || THPW_ISNAN_(x)) ? x : value)
THPW_SCALAR_(cminValue, , (x < value || THPW_ISNAN_(x)) ? x : value)

/* ------------------------------------------------------------------ with another tensor */

/* r_ = t + value * src on the contiguous path of cadd and csub (THVector's cadd). */
static void THTensor_(addScaled)(const char *name, THTensor *r_, THTensor *t, real value, THTensor *src) {
  TH_CHECK_NOT_NULL(name, r_, t, src);
  TH_CHECK_SAME_COUNT(name, t, src);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t) && TH_ELEMENTWISE_CONTIGUOUS_(src)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t), *y = THTensor_(data)(src);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e,
                      THVector_(cadd)(r + b, x + b, y + b, value, e - b););
  } else {
    TH_MAP3_STRIDED(real, r_, real, t, real, src,
                     *r__data = TH_ADD(*t_data, TH_MUL(value, *src_data)););
  }
}

void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(addScaled)("cadd", r_, t, value, src);
}

void THTensor_(csub)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(addScaled)("csub", r_, t, TH_NEG(value), src);
}

void THTensor_(cmul)(THTensor *r_, THTensor *t, THTensor *src) {
  TH_CHECK_NOT_NULL("cmul", r_, t, src);
  TH_CHECK_SAME_COUNT("cmul", t, src);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t) && TH_ELEMENTWISE_CONTIGUOUS_(src)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t), *y = THTensor_(data)(src);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, THVector_(cmul)(r + b, x + b, y + b, e - b););
  } else {
    TH_MAP3_STRIDED(real, r_, real, t, real, src, *r__data = TH_MUL(*t_data, *src_data););
  }
}

#ifdef THPW_FLOATING_
void THTensor_(cdiv)(THTensor *r_, THTensor *t, THTensor *src) {
  TH_CHECK_NOT_NULL("cdiv", r_, t, src);
  TH_CHECK_SAME_COUNT("cdiv", t, src);
  THTensor_(resizeAs)(r_, t);
  if (THPW_CONTIGUOUS2_(r_, t) && TH_ELEMENTWISE_CONTIGUOUS_(src)) {
    real *r = THTensor_(data)(r_), *x = THTensor_(data)(t), *y = THTensor_(data)(src);
    TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, THVector_(cdiv)(r + b, x + b, y + b, e - b););
  } else {
    TH_MAP3_STRIDED(real, r_, real, t, real, src, *r__data = *t_data / *src_data;);
  }
}

THPW_BINARY_(cpow, , THPW_MATH_(pow)(x, y))
THPW_BINARY_(clshift, , x * THPW_MATH_(pow)(2, y))
THPW_BINARY_(crshift, , x / THPW_MATH_(pow)(2, y))
THPW_BINARY_(cfmod, , THPW_MATH_(fmod)(x, y))
THPW_BINARY_(cremainder, , THTensor_(remainderOf)(x, y))
#else
THPW_BINARY_(cdiv, THPW_CHECK_TENSOR_DIVISOR_("cdiv", src), TH_IDIV(x, y))
THPW_BINARY_(cpow, , THTensor_(intPow)(x, y))
THPW_BINARY_(clshift, , THTensor_(shiftLeft)(x, y))
THPW_BINARY_(crshift, , THTensor_(shiftRight)(x, y))
THPW_BINARY_(cfmod, THPW_CHECK_TENSOR_DIVISOR_("cfmod", src), TH_IMOD(x, y))
THPW_BINARY_(cremainder, THPW_CHECK_TENSOR_DIVISOR_("cremainder", src),
             THTensor_(remainderOf)(x, y))
#endif

THPW_BINARY_(cmax, , (x > y || THPW_ISNAN_(x)) ? x : y)
THPW_BINARY_(cmin, , (x < y || THPW_ISNAN_(x)) ? x : y)

/* ------------------------------------------------------------------ bitwise */

#ifdef THPW_FLOATING_
#define THPW_BITWISE_(NAME, OP)                                                            \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, real value) {                            \
    THError(#NAME " is not supported for float types (only for integer types)");         \
  }                                                                                        \
  void THTensor_(c##NAME)(THTensor *r_, THTensor *t, THTensor *src) {                      \
    THError("c" #NAME " is not supported for float types (only for integer types)");      \
  }
#else
#define THPW_BITWISE_(NAME, OP)        \
  THPW_SCALAR_(NAME, , x OP value)     \
  THPW_BINARY_(c##NAME, , x OP y)
#endif

THPW_BITWISE_(bitand, &)
THPW_BITWISE_(bitor, |)
THPW_BITWISE_(bitxor, ^)
#undef THPW_BITWISE_

/* ------------------------------------------------------------------ addcmul, addcdiv */

/* r_ = t + value * src1 OP src2, where COMBINE(a, s1, s2) gives one element. When r_ is src1 or
 * src2 but not t, copying t into r_ first would destroy an operand: compute into a temporary. */
#define THPW_ADDC_(NAME, CHECK, COMBINE)                                                        \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2) { \
    TH_CHECK_NOT_NULL(#NAME, r_, t, src1, src2);                                                \
    TH_CHECK_SAME_COUNT(#NAME, t, src1);                                                        \
    TH_CHECK_SAME_COUNT(#NAME, src1, src2);                                                     \
    CHECK                                                                                       \
    THTensor *out = r_;                                                                         \
    if (r_ != t) {                                                                              \
      out = r_ == src1 || r_ == src2 ? THTensor_(new)() : r_;                                   \
      THTensor_(resizeAs)(out, t);                                                              \
      THTensor_(copy)(out, t);                                                                  \
    }                                                                                           \
    TH_MAP3(real, out, real, src1, real, src2,                                                  \
            *out_data = COMBINE(*out_data, *src1_data, *src2_data););                           \
    if (out != r_) {                                                                            \
      THTensor_(resizeAs)(r_, t);                                                               \
      THTensor_(copy)(r_, out);                                                                 \
      THTensor_(free)(out);                                                                     \
    }                                                                                           \
  }

#define THPW_ADDCMUL_(a, s1, s2) TH_ADD(a, TH_MUL(TH_MUL(value, s1), s2))
#ifdef THPW_FLOATING_
#define THPW_ADDCDIV_(a, s1, s2) (a + value * s1 / s2)
THPW_ADDC_(addcdiv, , THPW_ADDCDIV_)
#else
#define THPW_ADDCDIV_(a, s1, s2) TH_ADD(a, TH_IDIV(TH_MUL(value, s1), s2))
THPW_ADDC_(addcdiv, THPW_CHECK_TENSOR_DIVISOR_("addcdiv", src2), THPW_ADDCDIV_)
#endif
THPW_ADDC_(addcmul, , THPW_ADDCMUL_)
#undef THPW_ADDC_
#undef THPW_ADDCMUL_
#undef THPW_ADDCDIV_

/* ------------------------------------------------------------------ unary */

#if defined(TH_REAL_IS_BYTE)
THPW_UNARY_(sign, x > 0)
#else
THPW_UNARY_(sign, (real)((x > 0) - (x < 0)))
#endif

#if !defined(TH_REAL_IS_BYTE) && !defined(TH_REAL_IS_CHAR)
THPW_UNARY_(neg, TH_NEG(x))
#endif
#ifdef THPW_FLOATING_
THPW_UNARY_(abs, THPW_MATH_(fabs)(x))
#elif !defined(TH_REAL_IS_BYTE) && !defined(TH_REAL_IS_CHAR)
THPW_UNARY_(abs, x < 0 ? TH_NEG(x) : x)
#endif

#ifdef THPW_FLOATING_
THPW_UNARY_(cinv, 1 / x)
#if defined(TH_REAL_IS_FLOAT)
/* Contiguous float exp/sigmoid/tanh go through THVector's vectorised kernels (vector/VectorMath.h). */
#define THPW_FLOAT_MAP_(NAME, MAP, EXPR)                                                        \
  void THTensor_(NAME)(THTensor *r_, THTensor *t) {                                             \
    TH_CHECK_NOT_NULL(#NAME, r_, t);                                                            \
    THTensor_(resizeAs)(r_, t);                                                                 \
    if (THPW_CONTIGUOUS2_(r_, t)) {                                                             \
      real *r = THTensor_(data)(r_), *x = THTensor_(data)(t);                                   \
      TH_PARALLEL_RANGE(THTensor_(nElement)(t), b, e, MAP(r + b, x + b, e - b););               \
    } else {                                                                                    \
      TH_MAP2_STRIDED(real, r_, real, t, real x = *t_data; *r__data = (EXPR););                 \
    }                                                                                           \
  }
THPW_FLOAT_MAP_(sigmoid, THFloatVector_sigmoid, THTensor_(sigmoidOf)(x))
THPW_FLOAT_MAP_(exp, THFloatVector_exp, expf(x))
THPW_FLOAT_MAP_(tanh, THFloatVector_tanh, tanhf(x))
#undef THPW_FLOAT_MAP_
#else
THPW_UNARY_(sigmoid, THTensor_(sigmoidOf)(x))
THPW_UNARY_(exp, THPW_MATH_(exp)(x))
THPW_UNARY_(tanh, THPW_MATH_(tanh)(x))
#endif
THPW_UNARY_(log, THPW_MATH_(log)(x))
THPW_UNARY_(lgamma, THTensor_(lgammaOf)(x))
THPW_UNARY_(log1p, THPW_MATH_(log1p)(x))
THPW_UNARY_(cos, THPW_MATH_(cos)(x))
THPW_UNARY_(acos, THPW_MATH_(acos)(x))
THPW_UNARY_(cosh, THPW_MATH_(cosh)(x))
THPW_UNARY_(sin, THPW_MATH_(sin)(x))
THPW_UNARY_(asin, THPW_MATH_(asin)(x))
THPW_UNARY_(sinh, THPW_MATH_(sinh)(x))
THPW_UNARY_(tan, THPW_MATH_(tan)(x))
THPW_UNARY_(atan, THPW_MATH_(atan)(x))
THPW_UNARY_(sqrt, THPW_MATH_(sqrt)(x))
THPW_UNARY_(rsqrt, 1 / THPW_MATH_(sqrt)(x))
THPW_UNARY_(ceil, THPW_MATH_(ceil)(x))
THPW_UNARY_(floor, THPW_MATH_(floor)(x))
THPW_UNARY_(round, THPW_MATH_(round)(x))
THPW_UNARY_(trunc, THPW_MATH_(trunc)(x))
THPW_UNARY_(frac, x - THPW_MATH_(trunc)(x))

/* atan2(tx, ty) element-wise: the angle of the point (ty, tx), as C's atan2(y = tx, x = ty). */
THPW_BINARY_(atan2, , THPW_MATH_(atan2)(x, y))

/* x * x for the common square: exact where pow is within an ulp, and much faster. */
THPW_SCALAR_(pow, , value == 2 ? x * x : THPW_MATH_(pow)(x, value))

void THTensor_(tpow)(THTensor *r_, real value, THTensor *t) {
  TH_CHECK_NOT_NULL("tpow", r_, t);
  THTensor_(resizeAs)(r_, t);
  TH_MAP2(real, r_, real, t, *r__data = THPW_MATH_(pow)(value, *t_data););
}

void THTensor_(lerp)(THTensor *r_, THTensor *a, THTensor *b, real weight) {
  TH_CHECK_NOT_NULL("lerp", r_, a, b);
  TH_CHECK_SAME_COUNT("lerp", a, b);
  THTensor_(resizeAs)(r_, a);
  TH_MAP3(real, r_, real, a, real, b, *r__data = *a_data + weight * (*b_data - *a_data););
}
#endif

#undef THPW_FLOATING_
#undef THPW_MATH_
#undef THPW_LGAMMA_R_
#undef THPW_NEGATIVE_
#undef THPW_ISNAN_
#undef THPW_CONTIGUOUS2_
#undef THPW_UNARY_
#undef THPW_SCALAR_
#undef THPW_BINARY_
#undef THPW_CHECK_SCALAR_DIVISOR_
#undef THPW_CHECK_TENSOR_DIVISOR_
#endif
