// THC types: Long Float Double
// Element-wise arithmetic and math, TH's rules (TH/generic/THTensorMathPointwise.c): the result is
// resized like the (first) input and may be that input; tensor operands pair elements in row-major
// order and need the same number of elements, not the same shape. Integer division by zero is an
// error found before anything is written; bit operations are integer-only.

#define THCPW_NAME(NAME) TH_CONCAT_STRING_3(TH, CReal, Tensor) "_" NAME

static void THCTensor_(checkSameCount)(THCState *state, const char *fn, THCTensor *a, THCTensor *b) {
  ptrdiff_t na = THCTensor_(nElement)(state, a), nb = THCTensor_(nElement)(state, b);
  THArgCheck(na == nb, 3, "%s: the tensors have %td and %td elements", fn, na, nb);
}

/* Integer division by a zero value is refused; a floating-point one gives inf or NaN, as in TH. */
static void THCTensor_(checkScalarDivisor)(const char *fn, real value) {
#if defined(THC_REAL_IS_LONG)
  THArgCheck(value != 0, 3, "%s: integer division by zero (the divisor value is 0)", fn);
#else
  (void)fn;
  (void)value;
#endif
}

/* What lshift and rshift hand the kernel: the shift for integers; for floating types, which multiply
 * or divide by 2^value, that power, computed once here as TH does. */
static real THCTensor_(shiftOperand)(real value) {
#if defined(THC_REAL_IS_LONG)
  return value;
#else
  return (real)pow((real)2, value);
#endif
}

#if defined(THC_REAL_IS_LONG)
static void THCTensor_(checkTensorDivisor)(THCState *state, const char *fn, THCTensor *divisor) {
  if (THC_pointwiseAny(state, divisor, thc_pw::IsZero<real>{}))
    THError("%s: integer division by zero (the divisor tensor has a zero element)", fn);
}
#endif

static void THCTensor_(applyUnary)(THCState *state, THCTensor *self, THCTensor *src, thc_pw::Unary op) {
  THCTensor_(resizeAs)(state, self, src);
  THC_pointwiseApply2(state, self, src, thc_pw::UnaryOp<real>{op});
}

static void THCTensor_(applyScalar)(THCState *state, THCTensor *self, THCTensor *src, thc_pw::Scalar op, real v,
                                    real w) {
  THCTensor_(resizeAs)(state, self, src);
  THC_pointwiseApply2(state, self, src, thc_pw::ScalarOp<real>{op, v, w});
}

static void THCTensor_(applyBinary)(THCState *state, const char *fn, THCTensor *self, THCTensor *x, THCTensor *y,
                                    thc_pw::Binary op, real v) {
  THCTensor_(checkSameCount)(state, fn, x, y);
#if defined(THC_REAL_IS_LONG)
  if (op == thc_pw::Binary::Cdiv || op == thc_pw::Binary::Cfmod || op == thc_pw::Binary::Cremainder)
    THCTensor_(checkTensorDivisor)(state, fn, y);
#endif
  THCTensor_(resizeAs)(state, self, x);
  THC_pointwiseApply3(state, self, x, y, thc_pw::BinaryOp<real>{op, v});
}

/* ------------------------------------------------------------------ with a scalar */

void THCTensor_(add)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Add, value, 0);
}

#if defined(THC_REAL_IS_LONG)
void THCTensor_(sub)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  /* x + (-value) wraps exactly as x - value does */
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Add, (real)(0 - (unsigned long)value), 0);
}
#else
void THCTensor_(sub)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Add, -value, 0);
}
#endif

void THCTensor_(mul)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Mul, value, 0);
}

void THCTensor_(div)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(checkScalarDivisor)(THCPW_NAME("div"), value);
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Div, value, 0);
}
void THCTensor_(fmod)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(checkScalarDivisor)(THCPW_NAME("fmod"), value);
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Fmod, value, 0);
}
void THCTensor_(remainder)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(checkScalarDivisor)(THCPW_NAME("remainder"), value);
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Remainder, value, 0);
}
void THCTensor_(lshift)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Lshift, THCTensor_(shiftOperand)(value), 0);
}
void THCTensor_(rshift)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Rshift, THCTensor_(shiftOperand)(value), 0);
}
#if defined(THC_REAL_IS_LONG)
void THCTensor_(bitand)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::BitAnd, value, 0);
}
void THCTensor_(bitor)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::BitOr, value, 0);
}
void THCTensor_(bitxor)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::BitXor, value, 0);
}
#else
void THCTensor_(bitand)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THError("%s is not supported for float types (only for integer types)", THCPW_NAME("bitand"));
}
void THCTensor_(bitor)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THError("%s is not supported for float types (only for integer types)", THCPW_NAME("bitor"));
}
void THCTensor_(bitxor)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THError("%s is not supported for float types (only for integer types)", THCPW_NAME("bitxor"));
}
#endif

void THCTensor_(clamp)(THCState *state, THCTensor *self, THCTensor *src, real min_value, real max_value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Clamp, min_value, max_value);
}

void THCTensor_(cmaxValue)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Max, value, 0);
}

void THCTensor_(cminValue)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Min, value, 0);
}

/* ------------------------------------------------------------------ unary */

void THCTensor_(neg)(THCState *state, THCTensor *self, THCTensor *src) {
  THCTensor_(applyUnary)(state, self, src, thc_pw::Unary::Neg);
}
void THCTensor_(abs)(THCState *state, THCTensor *self, THCTensor *src) {
  THCTensor_(applyUnary)(state, self, src, thc_pw::Unary::Abs);
}
void THCTensor_(sign)(THCState *state, THCTensor *self, THCTensor *src) {
  THCTensor_(applyUnary)(state, self, src, thc_pw::Unary::Sign);
}

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
#define THCPW_UNARY(NAME, OP)                                                \
  void THCTensor_(NAME)(THCState *state, THCTensor *self, THCTensor *src) { \
    THCTensor_(applyUnary)(state, self, src, thc_pw::Unary::OP);            \
  }
THCPW_UNARY(sigmoid, Sigmoid)
THCPW_UNARY(log, Log)
THCPW_UNARY(lgamma, Lgamma)
THCPW_UNARY(log1p, Log1p)
THCPW_UNARY(exp, Exp)
THCPW_UNARY(cos, Cos)
THCPW_UNARY(acos, Acos)
THCPW_UNARY(cosh, Cosh)
THCPW_UNARY(sin, Sin)
THCPW_UNARY(asin, Asin)
THCPW_UNARY(sinh, Sinh)
THCPW_UNARY(tan, Tan)
THCPW_UNARY(atan, Atan)
THCPW_UNARY(tanh, Tanh)
THCPW_UNARY(sqrt, Sqrt)
THCPW_UNARY(rsqrt, Rsqrt)
THCPW_UNARY(ceil, Ceil)
THCPW_UNARY(floor, Floor)
THCPW_UNARY(round, Round)
THCPW_UNARY(trunc, Trunc)
THCPW_UNARY(frac, Frac)
THCPW_UNARY(cinv, Cinv)
#undef THCPW_UNARY

void THCTensor_(pow)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Pow, value, 0);
}

void THCTensor_(tpow)(THCState *state, THCTensor *self, real value, THCTensor *src) {
  THCTensor_(applyScalar)(state, self, src, thc_pw::Scalar::Tpow, value, 0);
}

/* atan2(tx, ty): the angle of the point (ty, tx), C's atan2(y = tx, x = ty). */
void THCTensor_(atan2)(THCState *state, THCTensor *r_, THCTensor *tx, THCTensor *ty) {
  THCTensor_(applyBinary)(state, THCPW_NAME("atan2"), r_, tx, ty, thc_pw::Binary::Atan2, 0);
}

void THCTensor_(lerp)(THCState *state, THCTensor *result, THCTensor *a, THCTensor *b, real w) {
  THCTensor_(applyBinary)(state, THCPW_NAME("lerp"), result, a, b, thc_pw::Binary::Lerp, w);
}
#endif

/* ------------------------------------------------------------------ with another tensor */

void THCTensor_(cadd)(THCState *state, THCTensor *self, THCTensor *src1, real value, THCTensor *src2) {
  THCTensor_(applyBinary)(state, THCPW_NAME("cadd"), self, src1, src2, thc_pw::Binary::Cadd, value);
}

void THCTensor_(csub)(THCState *state, THCTensor *self, THCTensor *src1, real value, THCTensor *src2) {
#if defined(THC_REAL_IS_LONG)
  real negated = (real)(0 - (unsigned long)value);
#else
  real negated = -value;
#endif
  THCTensor_(applyBinary)(state, THCPW_NAME("csub"), self, src1, src2, thc_pw::Binary::Cadd, negated);
}

#define THCPW_BINARY(NAME, OP)                                                                    \
  void THCTensor_(NAME)(THCState *state, THCTensor *self, THCTensor *src1, THCTensor *src2) {     \
    THCTensor_(applyBinary)(state, THCPW_NAME(#NAME), self, src1, src2, thc_pw::Binary::OP, 0); \
  }
THCPW_BINARY(cmul, Cmul)
THCPW_BINARY(cpow, Cpow)
THCPW_BINARY(cdiv, Cdiv)
THCPW_BINARY(clshift, Clshift)
THCPW_BINARY(crshift, Crshift)
THCPW_BINARY(cmax, Cmax)
THCPW_BINARY(cmin, Cmin)
THCPW_BINARY(cfmod, Cfmod)
THCPW_BINARY(cremainder, Cremainder)
#if defined(THC_REAL_IS_LONG)
THCPW_BINARY(cbitand, BitAnd)
THCPW_BINARY(cbitor, BitOr)
THCPW_BINARY(cbitxor, BitXor)
#else
#define THCPW_NO_BITWISE(NAME)                                                                  \
  void THCTensor_(NAME)(THCState *state, THCTensor *self, THCTensor *src1, THCTensor *src2) {   \
    THError("%s is not supported for float types (only for integer types)", THCPW_NAME(#NAME)); \
  }
THCPW_NO_BITWISE(cbitand)
THCPW_NO_BITWISE(cbitor)
THCPW_NO_BITWISE(cbitxor)
#undef THCPW_NO_BITWISE
#endif
#undef THCPW_BINARY

/* ------------------------------------------------------------------ addcmul, addcdiv */

/* self = t + value * src1 OP src2. When self is src1 or src2 but not t, copying t into self first
 * would destroy an operand: the result is made in a temporary. */
static void THCTensor_(addc)(THCState *state, const char *fn, THCTensor *self, THCTensor *t, real value,
                             THCTensor *src1, THCTensor *src2, bool divide) {
  THCTensor_(checkSameCount)(state, fn, t, src1);
  THCTensor_(checkSameCount)(state, fn, src1, src2);
#if defined(THC_REAL_IS_LONG)
  if (divide) THCTensor_(checkTensorDivisor)(state, fn, src2);
#endif
  THCTensor *out = self;
  if (self != t) {
    out = self == src1 || self == src2 ? THCTensor_(new)(state) : self;
    THCTensor_(resizeAs)(state, out, t);
    THCTensor_(copy)(state, out, t);
  }
  THC_pointwiseApply3(state, out, src1, src2, thc_pw::AddcOp<real>{divide, value});
  if (out != self) {
    THCTensor_(resizeAs)(state, self, t);
    THCTensor_(copy)(state, self, out);
    THCTensor_(free)(state, out);
  }
}

void THCTensor_(addcmul)(THCState *state, THCTensor *self, THCTensor *t, real value, THCTensor *src1,
                         THCTensor *src2) {
  THCTensor_(addc)(state, THCPW_NAME("addcmul"), self, t, value, src1, src2, false);
}

void THCTensor_(addcdiv)(THCState *state, THCTensor *self, THCTensor *t, real value, THCTensor *src1,
                         THCTensor *src2) {
  THCTensor_(addc)(state, THCPW_NAME("addcdiv"), self, t, value, src1, src2, true);
}

/* ------------------------------------------------------------------ cross */

/* The cross products of the 3-vectors along `dimension` (0-based; < 0: the first of size 3). */
void THCTensor_(cross)(THCState *state, THCTensor *self, THCTensor *a, THCTensor *b, int dimension) {
  THArgCheck(THCTensor_(isSameSizeAs)(state, a, b), 3, "%s: a %s and b %s must have the same size",
             THCPW_NAME("cross"), THCTensor_(sizeDesc)(state, a).str, THCTensor_(sizeDesc)(state, b).str);
  if (dimension < 0) {
    for (int d = 0; d < a->nDimension && dimension < 0; d++)
      if (a->size[d] == 3) dimension = d;
    THArgCheck(dimension >= 0, 2, "%s: a %s has no dimension of size 3", THCPW_NAME("cross"),
               THCTensor_(sizeDesc)(state, a).str);
  } else {
    THArgCheck(dimension < a->nDimension, 4, "%s: dimension %d out of range of a %dD tensor", THCPW_NAME("cross"),
               dimension + TH_INDEX_BASE, a->nDimension);
    THArgCheck(a->size[dimension] == 3, 4, "%s: dimension %d of a %s has size %ld, expected 3", THCPW_NAME("cross"),
               dimension + TH_INDEX_BASE, THCTensor_(sizeDesc)(state, a).str, a->size[dimension]);
  }
  /* An operand that shares storage with self (other than self itself) is read from a copy. */
  THCTensor *sa = self != a && a->storage == self->storage ? THCTensor_(newClone)(state, a)
                                                            : (THCTensor_(retain)(state, a), a);
  THCTensor *sb = self != b && b->storage == self->storage ? THCTensor_(newClone)(state, b)
                                                            : (THCTensor_(retain)(state, b), b);
  THCTensor_(resizeAs)(state, self, sa);
  /* One walk position per 3-vector: every dimension but `dimension` (the sizes are the same in the
   * three tensors, so position i is the same vector in each). */
  auto io = thc_pw::vectorWalk<real>(THCTensor_(data)(state, self), self, dimension);
  auto ia = thc_pw::vectorWalk<real>(THCTensor_(data)(state, sa), sa, dimension);
  auto ib = thc_pw::vectorWalk<real>(THCTensor_(data)(state, sb), sb, dimension);
  long n = THC_elementCount(sa) / 3;
  if (n > 0) {
    cudaStream_t stream = THCState_getCurrentStream(state);
    thc_pw::crossKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, stream>>>(
        io, ia, ib, (uint64_t)n, self->stride[dimension], sa->stride[dimension], sb->stride[dimension]);
    THCudaCheckLaunch("crossKernel");
  }
  THCTensor_(free)(state, sb);
  THCTensor_(free)(state, sa);
}

#undef THCPW_NAME
