/* Float kernels for the transcendental activations, written once with GCC vector extensions and
 * built twice: by THNNVector.c for the baseline instruction set (4 lanes, SSE2) and by vector/AVX2.c
 * with -mavx2 -mfma (8 lanes, a*b+c contracted to FMA). THNN_VECTOR_ISA names the build (the
 * kernels are THNN_vector<Name>_<ISA>) and THNN_VECTOR_LANES its width; one build per translation
 * unit. Outputs may be exactly their inputs. Accuracy (tests/THNN/test_activations.c measures it
 * against libm in double): exp within 1 ulp, tanh within 2 ulp and sigmoid within 3 ulp, subnormal
 * results included; NaN in gives NaN out. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef float THNNvf __attribute__((vector_size(4 * THNN_VECTOR_LANES), aligned(4)));
typedef int32_t THNNvi __attribute__((vector_size(4 * THNN_VECTOR_LANES), aligned(4)));
typedef double THNNv4d __attribute__((vector_size(32)));

#define THNN_VECTOR_FN_(NAME, ISA) THNN_vector##NAME##_##ISA
#define THNN_VECTOR_FN(NAME, ISA) THNN_VECTOR_FN_(NAME, ISA)
#define THNN_VM_(NAME) THNN_VECTOR_FN(NAME, THNN_VECTOR_ISA)

#define THNN_VM_INLINE static inline __attribute__((always_inline))

THNN_VM_INLINE THNNvf THNN_VM_(splat)(float c) { return (THNNvf){0} + c; }

/* mask ? a : b, lane by lane (mask lanes are all ones or all zeros, as comparisons give). */
THNN_VM_INLINE THNNvf THNN_VM_(select)(THNNvi mask, THNNvf a, THNNvf b) {
  return (THNNvf)((mask & (THNNvi)a) | (~mask & (THNNvi)b));
}

THNN_VM_INLINE THNNvf THNN_VM_(abs)(THNNvf x) {
  return (THNNvf)((THNNvi)x & 0x7fffffff);
}

/* exp(x): x = n ln2 + r with |r| <= ln2/2 (Cody-Waite split of ln2, exact products for the n that
 * occur), exp(r) by a degree-6 polynomial fitted for relative error on that interval (0.07 ulp), and
 * 2^n applied in two halves so that results down to the subnormals and up to FLT_MAX come out
 * without overflow of the scale itself. Inputs are clamped to [-104, 89], beyond which the result
 * is 0 or inf anyway; the comparisons are written so that a NaN lane stays NaN. */
THNN_VM_INLINE THNNvf THNN_VM_(exp)(THNNvf x) {
  const THNNvf hi = THNN_VM_(splat)(89.0f), lo = THNN_VM_(splat)(-104.0f);
  x = THNN_VM_(select)(x > hi, hi, x);
  x = THNN_VM_(select)(x < lo, lo, x);
  /* Adding 1.5 * 2^23 rounds x log2(e) to an integer held in the low mantissa bits. */
  const THNNvf shifter = THNN_VM_(splat)(12582912.0f);
  THNNvf t = x * THNN_VM_(splat)(1.44269504088896341f) + shifter;
  THNNvf n = t - shifter;
  THNNvi ni = (THNNvi)t - (THNNvi)shifter;
  THNNvf r = x - n * THNN_VM_(splat)(0.693359375f);
  r = r - n * THNN_VM_(splat)(-2.12194440e-4f);
  THNNvf q = THNN_VM_(splat)(1.375140855e-03f);
  q = q * r + THNN_VM_(splat)(8.368918672e-03f);
  q = q * r + THNN_VM_(splat)(4.166953266e-02f);
  q = q * r + THNN_VM_(splat)(1.666651815e-01f);
  q = q * r + THNN_VM_(splat)(4.999998808e-01f);
  THNNvf p = (r * r) * q + r + THNN_VM_(splat)(1.0f);
  THNNvi n1 = ni >> 1, n2 = ni - n1;
  THNNvf s1 = (THNNvf)((n1 + 127) << 23), s2 = (THNNvf)((n2 + 127) << 23);
  return (p * s1) * s2;
}

/* tanh(x) = sign(x) tanh(|x|): below |x| = 0.55 the odd polynomial a + a^3 P(a^2) (fitted for
 * relative error, 0.02 ulp), above 1 - 2 / (exp(2a) + 1) (exp overflows to inf for large a, giving
 * 1); the sign bit of x is put back last, so tanh(-0) = -0. */
THNN_VM_INLINE THNNvf THNN_VM_(tanh)(THNNvf x) {
  THNNvf a = THNN_VM_(abs)(x);
  THNNvf u = a * a;
  THNNvf p = THNN_VM_(splat)(-6.287600915e-03f);
  p = p * u + THNN_VM_(splat)(2.108201862e-02f);
  p = p * u + THNN_VM_(splat)(-5.385511070e-02f);
  p = p * u + THNN_VM_(splat)(1.333261679e-01f);
  p = p * u + THNN_VM_(splat)(-3.333331865e-01f);
  THNNvf small = (a * u) * p + a;
  THNNvf e = THNN_VM_(exp)(a + a);
  THNNvf large = THNN_VM_(splat)(1.0f) - THNN_VM_(splat)(2.0f) / (e + THNN_VM_(splat)(1.0f));
  THNNvf t = THNN_VM_(select)(a < THNN_VM_(splat)(0.55f), small, large);
  return (THNNvf)((THNNvi)t | ((THNNvi)x & INT32_MIN));
}

/* sigmoid(x) from e = exp(-|x|): 1 / (1 + e) for x >= 0 and e / (1 + e) below, so that neither
 * tail loses its relative accuracy (and very negative x give the right subnormals, not 0). */
THNN_VM_INLINE THNNvf THNN_VM_(sigmoid)(THNNvf x) {
  THNNvf e = THNN_VM_(exp)(-THNN_VM_(abs)(x));
  THNNvf r = THNN_VM_(splat)(1.0f) / (THNN_VM_(splat)(1.0f) + e);
  return THNN_VM_(select)(x >= THNN_VM_(splat)(0.0f), r, e * r);
}

/* Runs BODY on v, vector by vector over x[0, n): full vectors straight from memory (THNNvf is only
 * 4-byte aligned, and GCC lets a vector alias its element type), the tail through a padded block
 * (PAD fills the unused lanes, chosen so that they change no result). STORE and STORE_TAIL put v
 * back (nothing for a reduction). */
#define THNN_VM_WALK_(x, n, PAD, BODY, STORE, STORE_TAIL)                     \
  do {                                                                        \
    ptrdiff_t i_ = 0;                                                         \
    THNNvf v;                                                                 \
    float block_[THNN_VECTOR_LANES];                                          \
    for (; i_ + THNN_VECTOR_LANES <= (n); i_ += THNN_VECTOR_LANES) {          \
      v = *(const THNNvf *)((x) + i_);                                        \
      BODY;                                                                   \
      STORE;                                                                  \
    }                                                                         \
    if (i_ < (n)) {                                                           \
      for (int k_ = 0; k_ < THNN_VECTOR_LANES; k_++) block_[k_] = (PAD);      \
      memcpy(block_, (x) + i_, sizeof(float) * (size_t)((n) - i_));           \
      memcpy(&v, block_, sizeof v);                                           \
      BODY;                                                                   \
      STORE_TAIL;                                                             \
    }                                                                         \
  } while (0)

/* y = BODY(x), y may be x. */
#define THNN_VM_MAP_(y, x, n, PAD, BODY)                                                   \
  THNN_VM_WALK_(x, n, PAD, BODY, *(THNNvf *)((y) + i_) = v,                              \
                (memcpy(block_, &v, sizeof v),                                           \
                 memcpy((y) + i_, block_, sizeof(float) * (size_t)((n) - i_))))

#define THNN_VM_REDUCE_(x, n, PAD, BODY) THNN_VM_WALK_(x, n, PAD, BODY, (void)0, (void)block_)

void THNN_VM_(Tanh)(float *y, const float *x, ptrdiff_t n) {
  THNN_VM_MAP_(y, x, n, 0.0f, v = THNN_VM_(tanh)(v));
}

void THNN_VM_(Sigmoid)(float *y, const float *x, ptrdiff_t n) {
  THNN_VM_MAP_(y, x, n, 0.0f, v = THNN_VM_(sigmoid)(v));
}

/* y = exp(x - shift) (not stored when y is NULL); returns the sum of the exponentials. Each lane
 * sums 16 vectors in float (at most 16 terms of at most 1 each when shift is the maximum: relative
 * error below 1e-6), then adds that into double, so that long rows lose nothing and the float chain
 * stays short. Padding lanes are -inf (exp gives 0). */
double THNN_VM_(ExpShiftSum)(float *y, const float *x, float shift, ptrdiff_t n) {
  const THNNvf s = THNN_VM_(splat)(shift);
  THNNvf part = THNN_VM_(splat)(0.0f);
  double total = 0;
  int count = 0;
#define THNN_VM_EXP_SUM_                                                  \
  v = THNN_VM_(exp)(v - s);                                               \
  part += v;                                                              \
  if (++count == 16) {                                                    \
    for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];         \
    part = THNN_VM_(splat)(0.0f);                                         \
    count = 0;                                                            \
  }
  if (y) THNN_VM_MAP_(y, x, n, -__builtin_inff(), THNN_VM_EXP_SUM_);
  else THNN_VM_REDUCE_(x, n, -__builtin_inff(), THNN_VM_EXP_SUM_);
#undef THNN_VM_EXP_SUM_
  for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];
  return total;
}

/* The sum of x, in float lanes flushed into double every 16 vectors (as ExpShiftSum). */
double THNN_VM_(Sum)(const float *x, ptrdiff_t n) {
  THNNvf part = THNN_VM_(splat)(0.0f);
  double total = 0;
  int count = 0;
  THNN_VM_REDUCE_(x, n, 0.0f, part += v;
                  if (++count == 16) {
                    for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];
                    part = THNN_VM_(splat)(0.0f);
                    count = 0;
                  });
  for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];
  return total;
}

/* The sum of x[i] y[i], accumulated likewise. */
double THNN_VM_(Dot)(const float *x, const float *y, ptrdiff_t n) {
  THNNvf part = THNN_VM_(splat)(0.0f);
  double total = 0;
  ptrdiff_t i = 0;
  for (int count = 0; i + THNN_VECTOR_LANES <= n; i += THNN_VECTOR_LANES) {
    part += *(const THNNvf *)(x + i) * *(const THNNvf *)(y + i);
    if (++count == 16) {
      for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];
      part = THNN_VM_(splat)(0.0f);
      count = 0;
    }
  }
  for (int k = 0; k < THNN_VECTOR_LANES; k++) total += part[k];
  for (; i < n; i++) total += (double)x[i] * y[i];
  return total;
}

/* The largest element (NaN ignored: it reaches the softmax results through the exponentials);
 * -inf for n = 0. */
float THNN_VM_(Max)(const float *x, ptrdiff_t n) {
  THNNvf m = THNN_VM_(splat)(-__builtin_inff());
  THNN_VM_REDUCE_(x, n, -__builtin_inff(), m = THNN_VM_(select)(v > m, v, m));
  float best = -__builtin_inff();
  for (int k = 0; k < THNN_VECTOR_LANES; k++) best = m[k] > best ? m[k] : best;
  return best;
}

#undef THNN_VM_REDUCE_
#undef THNN_VM_MAP_
#undef THNN_VM_WALK_
#undef THNN_VM_INLINE
#undef THNN_VM_
