/* THFloatVector's transcendental and reduction kernels (exp, sigmoid, tanh, expShiftSum, sum, dot,
 * max), written once with GCC vector extensions and built three times: by THVector.c for the
 * baseline instruction set (THVECTOR_LANES 4, SSE2), by vector/AVX2.c with -mavx2 -mfma (8 lanes,
 * a*b+c contracted to FMA) and by vector/AVX512.c (16 lanes). THVECTOR_ISA names the build (the
 * kernels are THFloatVector_<name>_<ISA>); one build per translation unit. generic/THVector.c
 * declares every build and dispatches. Outputs
 * may be exactly their inputs. Accuracy (tests/TH/test_vector.c measures it against libm in
 * double, for every build): exp within 1 ulp, tanh within 2 ulp and sigmoid within 3 ulp,
 * subnormal results included; NaN in gives NaN out. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef float THVecF __attribute__((vector_size(4 * THVECTOR_LANES), aligned(4)));
typedef int32_t THVecI __attribute__((vector_size(4 * THVECTOR_LANES), aligned(4)));

#define THVECTOR_MATH_(NAME) TH_CONCAT_3(THFloatVector_##NAME, _, THVECTOR_ISA)
#define THVECTOR_MATH_INLINE static inline __attribute__((always_inline))

THVECTOR_MATH_INLINE THVecF THVec_splat(float c) { return (THVecF){0} + c; }

/* mask ? a : b, lane by lane (mask lanes are all ones or all zeros, as comparisons give). */
THVECTOR_MATH_INLINE THVecF THVec_select(THVecI mask, THVecF a, THVecF b) {
  return (THVecF)((mask & (THVecI)a) | (~mask & (THVecI)b));
}

/* Whether any lane of mask is set (lanes all ones or all zeros): one test instruction. */
THVECTOR_MATH_INLINE int THVec_any(THVecI mask) {
#if THVECTOR_LANES == 16
  return _mm512_test_epi32_mask((__m512i)mask, (__m512i)mask) != 0;
#elif THVECTOR_LANES == 8
  return !_mm256_testz_si256((__m256i)mask, (__m256i)mask);
#else
  return _mm_movemask_epi8((__m128i)mask) != 0;
#endif
}

THVECTOR_MATH_INLINE THVecF THVec_abs(THVecF x) {
  return (THVecF)((THVecI)x & 0x7fffffff);
}

/* exp(x) = p 2^n: x = n ln2 + r with |r| <= ln2/2 (Cody-Waite split of ln2, exact products for the
 * n that occur) and p = exp(r) by a degree-6 polynomial fitted for relative error on that interval
 * (0.07 ulp). n comes back as an integer. */
THVECTOR_MATH_INLINE THVecF THVec_expReduced(THVecF x, THVecI *n) {
  /* Adding 1.5 * 2^23 rounds x log2(e) to an integer held in the low mantissa bits. */
  const THVecF shifter = THVec_splat(12582912.0f);
  THVecF t = x * THVec_splat(1.44269504088896341f) + shifter;
  THVecF nf = t - shifter;
  *n = (THVecI)t - (THVecI)shifter;
  THVecF r = x - nf * THVec_splat(0.693359375f);
  r = r - nf * THVec_splat(-2.12194440e-4f);
  THVecF q = THVec_splat(1.375140855e-03f);
  q = q * r + THVec_splat(8.368918672e-03f);
  q = q * r + THVec_splat(4.166953266e-02f);
  q = q * r + THVec_splat(1.666651815e-01f);
  q = q * r + THVec_splat(4.999998808e-01f);
  return (r * r) * q + r + THVec_splat(1.0f);
}

/* exp(x). Where every lane is in [-87, 88] (softmax's shifted inputs, always), 2^n is one normal
 * scale and the result normal. Elsewhere 2^n is applied in two halves so that results down to the
 * subnormals and up to FLT_MAX come out without overflow of the scale itself; inputs are clamped to
 * [-104, 89], beyond which the result is 0 or inf anyway. Both give the same bits where both apply;
 * the first is the short one (exp's latency is what bounds its loops, not its arithmetic). The
 * comparisons are written so that a NaN lane stays NaN. */
THVECTOR_MATH_INLINE THVecF THVec_exp(THVecF x) {
  THVecI ni;
  if (!THVec_any((x < THVec_splat(-87.0f)) | (x > THVec_splat(88.0f)))) {
    THVecF p = THVec_expReduced(x, &ni);
    return p * (THVecF)((ni + 127) << 23);
  }
  const THVecF hi = THVec_splat(89.0f), lo = THVec_splat(-104.0f);
  x = THVec_select(x > hi, hi, x);
  x = THVec_select(x < lo, lo, x);
  THVecF p = THVec_expReduced(x, &ni);
  THVecI n1 = ni >> 1, n2 = ni - n1;
  THVecF s1 = (THVecF)((n1 + 127) << 23), s2 = (THVecF)((n2 + 127) << 23);
  return (p * s1) * s2;
}

/* tanh(x) = sign(x) tanh(|x|): below |x| = 0.55 the odd polynomial a + a^3 P(a^2) (fitted for
 * relative error, 0.02 ulp), above 1 - 2 / (exp(2a) + 1). 2a is capped at 40, where that is 1 in
 * float already, so the exponential needs neither clamping below nor a split scale (NaN stays NaN
 * through the cap's comparison); the sign bit of x is put back last, so tanh(-0) = -0. */
THVECTOR_MATH_INLINE THVecF THVec_tanh(THVecF x) {
  THVecF a = THVec_abs(x);
  THVecF u = a * a;
  THVecF p = THVec_splat(-6.287600915e-03f);
  p = p * u + THVec_splat(2.108201862e-02f);
  p = p * u + THVec_splat(-5.385511070e-02f);
  p = p * u + THVec_splat(1.333261679e-01f);
  p = p * u + THVec_splat(-3.333331865e-01f);
  THVecF small = (a * u) * p + a;
  THVecF a2 = a + a, cap = THVec_splat(40.0f);
  a2 = THVec_select(a2 > cap, cap, a2);
  THVecI n;
  THVecF e = THVec_expReduced(a2, &n) * (THVecF)((n + 127) << 23);
  THVecF large = THVec_splat(1.0f) - THVec_splat(2.0f) / (e + THVec_splat(1.0f));
  THVecF t = THVec_select(a < THVec_splat(0.55f), small, large);
  return (THVecF)((THVecI)t | ((THVecI)x & INT32_MIN));
}

/* sigmoid(x) from e = exp(-|x|): 1 / (1 + e) for x >= 0 and e / (1 + e) below, so that neither
 * tail loses its relative accuracy (and very negative x give the right subnormals, not 0). */
THVECTOR_MATH_INLINE THVecF THVec_sigmoid(THVecF x) {
  THVecF e = THVec_exp(-THVec_abs(x));
  THVecF r = THVec_splat(1.0f) / (THVec_splat(1.0f) + e);
  return THVec_select(x >= THVec_splat(0.0f), r, e * r);
}

/* Runs BODY on v, vector by vector over x[0, n): full vectors straight from memory (the vector
 * type is only 4-byte aligned, and GCC lets a vector alias its element type), the tail through a
 * padded block (PAD fills the unused lanes, chosen so that they change no result). STORE and
 * STORE_TAIL put v back (nothing for a reduction). */
#define THVECTOR_MATH_WALK_(x, n, PAD, BODY, STORE, STORE_TAIL)       \
  do {                                                                \
    ptrdiff_t i_ = 0;                                                 \
    THVecF v;                                                         \
    float block_[THVECTOR_LANES];                                     \
    for (; i_ + THVECTOR_LANES <= (n); i_ += THVECTOR_LANES) {        \
      v = *(const THVecF *)((x) + i_);                                \
      BODY;                                                           \
      STORE;                                                          \
    }                                                                 \
    if (i_ < (n)) {                                                   \
      for (int k_ = 0; k_ < THVECTOR_LANES; k_++) block_[k_] = (PAD); \
      memcpy(block_, (x) + i_, sizeof(float) * (size_t)((n) - i_));   \
      memcpy(&v, block_, sizeof v);                                   \
      BODY;                                                           \
      STORE_TAIL;                                                     \
    }                                                                 \
  } while (0)

/* y = BODY(x), y may be x. */
#define THVECTOR_MATH_MAP_(y, x, n, PAD, BODY)                    \
  THVECTOR_MATH_WALK_(x, n, PAD, BODY, *(THVecF *)((y) + i_) = v, \
                      (memcpy(block_, &v, sizeof v),              \
                       memcpy((y) + i_, block_, sizeof(float) * (size_t)((n) - i_))))

#define THVECTOR_MATH_REDUCE_(x, n, PAD, BODY) THVECTOR_MATH_WALK_(x, n, PAD, BODY, (void)0, (void)block_)

/* part (float lanes) += TERM, added into total (double lanes) every 16 vectors, so that long arrays
 * lose nothing and the float chains stay short: 16 terms of at most 1 each when the terms are
 * exponentials shifted by the maximum, a relative error below 1e-6. */
typedef double THVecD __attribute__((vector_size(8 * THVECTOR_LANES)));
#define THVECTOR_MATH_ACCUMULATE_(part, total, count, TERM) \
  do {                                                      \
    part += (TERM);                                         \
    if (++count == 16) {                                    \
      total += __builtin_convertvector(part, THVecD);       \
      part = THVec_splat(0.0f);                             \
      count = 0;                                            \
    }                                                       \
  } while (0)

/* The sum of the lanes of total and part. */
THVECTOR_MATH_INLINE double THVec_total(THVecD total, THVecF part) {
  total += __builtin_convertvector(part, THVecD);
  double sum = 0;
  for (int k = 0; k < THVECTOR_LANES; k++) sum += total[k];
  return sum;
}

void THVECTOR_MATH_(exp)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_MATH_MAP_(y, x, n, 0.0f, v = THVec_exp(v));
}

void THVECTOR_MATH_(sigmoid)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_MATH_MAP_(y, x, n, 0.0f, v = THVec_sigmoid(v));
}

void THVECTOR_MATH_(tanh)(float *y, const float *x, ptrdiff_t n) {
  THVECTOR_MATH_MAP_(y, x, n, 0.0f, v = THVec_tanh(v));
}

/* y = exp(x - shift) (not stored when y is NULL); returns the sum of the exponentials. Padding
 * lanes are -inf (exp gives 0). */
double THVECTOR_MATH_(expShiftSum)(float *y, const float *x, float shift, ptrdiff_t n) {
  const THVecF s = THVec_splat(shift);
  THVecF part = THVec_splat(0.0f);
  THVecD total = {0};
  int count = 0;
#define THVECTOR_MATH_EXP_SUM_ \
  v = THVec_exp(v - s);        \
  THVECTOR_MATH_ACCUMULATE_(part, total, count, v)
  if (y) THVECTOR_MATH_MAP_(y, x, n, -__builtin_inff(), THVECTOR_MATH_EXP_SUM_);
  else THVECTOR_MATH_REDUCE_(x, n, -__builtin_inff(), THVECTOR_MATH_EXP_SUM_);
#undef THVECTOR_MATH_EXP_SUM_
  return THVec_total(total, part);
}

double THVECTOR_MATH_(sum)(const float *x, ptrdiff_t n) {
  THVecF part = THVec_splat(0.0f);
  THVecD total = {0};
  int count = 0;
  THVECTOR_MATH_REDUCE_(x, n, 0.0f, THVECTOR_MATH_ACCUMULATE_(part, total, count, v));
  return THVec_total(total, part);
}

/* Full vectors in float lanes as sum, the tail in double. */
double THVECTOR_MATH_(dot)(const float *x, const float *y, ptrdiff_t n) {
  THVecF part = THVec_splat(0.0f);
  THVecD total = {0};
  int count = 0;
  ptrdiff_t i = 0;
  for (; i + THVECTOR_LANES <= n; i += THVECTOR_LANES)
    THVECTOR_MATH_ACCUMULATE_(part, total, count,
                              *(const THVecF *)(x + i) * *(const THVecF *)(y + i));
  double sum = THVec_total(total, part);
  for (; i < n; i++) sum += (double)x[i] * y[i];
  return sum;
}

/* NaN is ignored (softmax lets it reach its results through the exponentials); -inf for n = 0.
 * Four vectors of maxima, so that four comparisons are in flight instead of one. */
float THVECTOR_MATH_(max)(const float *x, ptrdiff_t n) {
  THVecF m[4];
  for (int q = 0; q < 4; q++) m[q] = THVec_splat(-__builtin_inff());
  ptrdiff_t i = 0;
  for (; i + 4 * THVECTOR_LANES <= n; i += 4 * THVECTOR_LANES)
    for (int q = 0; q < 4; q++) {
      THVecF v = *(const THVecF *)(x + i + q * THVECTOR_LANES);
      m[q] = THVec_select(v > m[q], v, m[q]);
    }
  for (int q = 1; q < 4; q++) m[0] = THVec_select(m[q] > m[0], m[q], m[0]);
  THVECTOR_MATH_REDUCE_(x + i, n - i, -__builtin_inff(), m[0] = THVec_select(v > m[0], v, m[0]));
  float best = -__builtin_inff();
  for (int k = 0; k < THVECTOR_LANES; k++) best = m[0][k] > best ? m[0][k] : best;
  return best;
}

#undef THVECTOR_MATH_ACCUMULATE_
#undef THVECTOR_MATH_REDUCE_
#undef THVECTOR_MATH_MAP_
#undef THVECTOR_MATH_WALK_
#undef THVECTOR_MATH_INLINE
#undef THVECTOR_MATH_
