#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THVector.c"
#else

/* One kernel set per instruction set (defined in vector/generic/THVectorKernels.c). */
typedef struct THVector_(Kernels) {
  void (*fill)(real *, const real, const ptrdiff_t);
  void (*cadd)(real *, const real *, const real *, const real, const ptrdiff_t);
  void (*adds)(real *, const real *, const real, const ptrdiff_t);
  void (*cmul)(real *, const real *, const real *, const ptrdiff_t);
  void (*muls)(real *, const real *, const real, const ptrdiff_t);
  void (*cdiv)(real *, const real *, const real *, const ptrdiff_t);
  void (*divs)(real *, const real *, const real, const ptrdiff_t);
  void (*copy)(real *, const real *, const ptrdiff_t);
#if defined(TH_REAL_IS_FLOAT)
  /* vector/VectorMath.h */
  void (*exp)(float *, const float *, ptrdiff_t);
  void (*sigmoid)(float *, const float *, ptrdiff_t);
  void (*tanh)(float *, const float *, ptrdiff_t);
  double (*expShiftSum)(float *, const float *, float, ptrdiff_t);
  double (*sum)(const float *, ptrdiff_t);
  double (*dot)(const float *, const float *, ptrdiff_t);
  float (*max)(const float *, ptrdiff_t);
#endif
} THVector_(Kernels);

#if defined(TH_REAL_IS_FLOAT)
#define THVECTOR_MATH_SET_(ISA)                                                                    \
  void THFloatVector_exp_##ISA(float *, const float *, ptrdiff_t);                                \
  void THFloatVector_sigmoid_##ISA(float *, const float *, ptrdiff_t);                            \
  void THFloatVector_tanh_##ISA(float *, const float *, ptrdiff_t);                               \
  double THFloatVector_expShiftSum_##ISA(float *, const float *, float, ptrdiff_t);               \
  double THFloatVector_sum_##ISA(const float *, ptrdiff_t);                                       \
  double THFloatVector_dot_##ISA(const float *, const float *, ptrdiff_t);                        \
  float THFloatVector_max_##ISA(const float *, ptrdiff_t);
#define THVECTOR_MATH_FIELDS_(ISA)                                                                 \
  , THFloatVector_exp_##ISA, THFloatVector_sigmoid_##ISA, THFloatVector_tanh_##ISA,               \
      THFloatVector_expShiftSum_##ISA, THFloatVector_sum_##ISA, THFloatVector_dot_##ISA,          \
      THFloatVector_max_##ISA
#else
#define THVECTOR_MATH_SET_(ISA)
#define THVECTOR_MATH_FIELDS_(ISA)
#endif

#define THVECTOR_KERNEL_SET_(ISA)                                                           \
  void TH_CONCAT_3(THVector_(fill), _, ISA)(real *, const real, const ptrdiff_t);          \
  void TH_CONCAT_3(THVector_(cadd), _, ISA)(real *, const real *, const real *, const real, \
                                            const ptrdiff_t);                               \
  void TH_CONCAT_3(THVector_(adds), _, ISA)(real *, const real *, const real, const ptrdiff_t); \
  void TH_CONCAT_3(THVector_(cmul), _, ISA)(real *, const real *, const real *, const ptrdiff_t); \
  void TH_CONCAT_3(THVector_(muls), _, ISA)(real *, const real *, const real, const ptrdiff_t); \
  void TH_CONCAT_3(THVector_(cdiv), _, ISA)(real *, const real *, const real *, const ptrdiff_t); \
  void TH_CONCAT_3(THVector_(divs), _, ISA)(real *, const real *, const real, const ptrdiff_t); \
  void TH_CONCAT_3(THVector_(copy), _, ISA)(real *, const real *, const ptrdiff_t);        \
  THVECTOR_MATH_SET_(ISA)                                                                   \
  static const THVector_(Kernels) TH_CONCAT_3(THVector_(kernels), _, ISA) = {               \
      TH_CONCAT_3(THVector_(fill), _, ISA), TH_CONCAT_3(THVector_(cadd), _, ISA),           \
      TH_CONCAT_3(THVector_(adds), _, ISA), TH_CONCAT_3(THVector_(cmul), _, ISA),           \
      TH_CONCAT_3(THVector_(muls), _, ISA), TH_CONCAT_3(THVector_(cdiv), _, ISA),           \
      TH_CONCAT_3(THVector_(divs), _, ISA), TH_CONCAT_3(THVector_(copy), _, ISA)            \
      THVECTOR_MATH_FIELDS_(ISA)};

THVECTOR_KERNEL_SET_(DEFAULT)
THVECTOR_KERNEL_SET_(AVX2)
THVECTOR_KERNEL_SET_(AVX512)
#undef THVECTOR_KERNEL_SET_
#undef THVECTOR_MATH_SET_
#undef THVECTOR_MATH_FIELDS_

/* The set in use; NULL until the first call picks one. Atomic, so that threads racing through the
 * first call (or an explicit vectorDispatchInit) only ever see a complete set. */
static const THVector_(Kernels) *THVector_(active);

void THVector_(vectorDispatchInit)(void) {
  static const THVector_(Kernels) *const sets[] = {&THVector_(kernels_DEFAULT), &THVector_(kernels_AVX2),
                                                   &THVector_(kernels_AVX512)};
  const THVector_(Kernels) *set = sets[THVector_isa()];
  __atomic_store_n(&THVector_(active), set, __ATOMIC_RELEASE);
}

static inline const THVector_(Kernels) *THVector_(kernels)(void) {
  const THVector_(Kernels) *set = __atomic_load_n(&THVector_(active), __ATOMIC_ACQUIRE);
  if (!set) {
    THVector_(vectorDispatchInit)();
    set = __atomic_load_n(&THVector_(active), __ATOMIC_ACQUIRE);
  }
  return set;
}

#define THVECTOR_NAME_(NAME) TH_CONCAT_STRING_3(TH, Real, Vector_##NAME)
#define THVECTOR_CHECK_(NAME, N, ...)                                                         \
  do {                                                                                        \
    THArgCheck((N) >= 0, 0, "%s: n must be >= 0, got %td", THVECTOR_NAME_(NAME), (ptrdiff_t)(N)); \
    const void *th_ptrs_[] = {__VA_ARGS__};                                                   \
    for (size_t th_k_ = 0; (N) > 0 && th_k_ < sizeof th_ptrs_ / sizeof th_ptrs_[0]; th_k_++)  \
      THArgCheck(th_ptrs_[th_k_] != NULL, (int)th_k_ + 1, "%s: array argument %d is NULL",    \
                 THVECTOR_NAME_(NAME), (int)th_k_ + 1);                                       \
  } while (0)

#if !defined(TH_REAL_IS_FLOAT) && !defined(TH_REAL_IS_DOUBLE)
/* Integer division by zero would kill the process (SIGFPE): refuse it before dividing anything. */
static void THVector_(checkDivisors)(const real *y, ptrdiff_t n) {
  for (ptrdiff_t i = 0; i < n; i++)
    if (y[i] == 0)
      THError("%s: integer division by zero (divisor element %td is 0)", THVECTOR_NAME_(cdiv), i);
}
#endif

void THVector_(fill)(real *x, const real c, const ptrdiff_t n) {
  THVECTOR_CHECK_(fill, n, x);
  THVector_(kernels)()->fill(x, c, n);
}

void THVector_(cadd)(real *z, const real *x, const real *y, const real c, const ptrdiff_t n) {
  THVECTOR_CHECK_(cadd, n, z, x, y);
  THVector_(kernels)()->cadd(z, x, y, c, n);
}

void THVector_(adds)(real *y, const real *x, const real c, const ptrdiff_t n) {
  THVECTOR_CHECK_(adds, n, y, x);
  THVector_(kernels)()->adds(y, x, c, n);
}

void THVector_(cmul)(real *z, const real *x, const real *y, const ptrdiff_t n) {
  THVECTOR_CHECK_(cmul, n, z, x, y);
  THVector_(kernels)()->cmul(z, x, y, n);
}

void THVector_(muls)(real *y, const real *x, const real c, const ptrdiff_t n) {
  THVECTOR_CHECK_(muls, n, y, x);
  THVector_(kernels)()->muls(y, x, c, n);
}

void THVector_(cdiv)(real *z, const real *x, const real *y, const ptrdiff_t n) {
  THVECTOR_CHECK_(cdiv, n, z, x, y);
#if !defined(TH_REAL_IS_FLOAT) && !defined(TH_REAL_IS_DOUBLE)
  THVector_(checkDivisors)(y, n);
#endif
  THVector_(kernels)()->cdiv(z, x, y, n);
}

void THVector_(divs)(real *y, const real *x, const real c, const ptrdiff_t n) {
  THVECTOR_CHECK_(divs, n, y, x);
#if !defined(TH_REAL_IS_FLOAT) && !defined(TH_REAL_IS_DOUBLE)
  if (n > 0 && c == 0) THError("%s: integer division by zero (c is 0)", THVECTOR_NAME_(divs));
#endif
  THVector_(kernels)()->divs(y, x, c, n);
}

void THVector_(copy)(real *y, const real *x, const ptrdiff_t n) {
  THVECTOR_CHECK_(copy, n, y, x);
  THVector_(kernels)()->copy(y, x, n);
}

#if defined(TH_REAL_IS_FLOAT)
/* ember extensions (see THVector.h). */
void THVector_(exp)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_CHECK_(exp, n, y, x);
  THVector_(kernels)()->exp(y, x, n);
}

void THVector_(sigmoid)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_CHECK_(sigmoid, n, y, x);
  THVector_(kernels)()->sigmoid(y, x, n);
}

void THVector_(tanh)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_CHECK_(tanh, n, y, x);
  THVector_(kernels)()->tanh(y, x, n);
}

double THVector_(expShiftSum)(float *y, const float *x, float shift, ptrdiff_t n) {
  THVECTOR_CHECK_(expShiftSum, n, x); /* y may be NULL */
  return THVector_(kernels)()->expShiftSum(y, x, shift, n);
}

double THVector_(sum)(const float *x, ptrdiff_t n) {
  THVECTOR_CHECK_(sum, n, x);
  return THVector_(kernels)()->sum(x, n);
}

double THVector_(dot)(const float *x, const float *y, ptrdiff_t n) {
  THVECTOR_CHECK_(dot, n, x, y);
  return THVector_(kernels)()->dot(x, y, n);
}

float THVector_(max)(const float *x, ptrdiff_t n) {
  THVECTOR_CHECK_(max, n, x);
  return THVector_(kernels)()->max(x, n);
}
#endif

#undef THVECTOR_NAME_
#undef THVECTOR_CHECK_
#endif
