/* THVector's kernels built for AVX2 + FMA: the one translation unit compiled with -mavx2 -mfma
 * (see TH/CMakeLists.txt). Only THVector.c calls into it, and only after checking the CPU. */
#include "THElementwise.h"
#include "THVector.h"

#define THVECTOR_ISA AVX2
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#include "THGenerateAllTypes.h"

/* ------------------------------------------------------------------ exp, sigmoid, tanh (float) */
#include <immintrin.h>
#include "vector/THVectorMath.h"

/* e^x for x in [-87, 88] (no overflow or denormals on the way): x = n ln2 + r with |r| <= ln2/2
 * (ln2 split in two for an exact reduction), e^r = 1 + r + r^2 P(r) with Cephes' expf polynomial
 * (about 1 ulp), then 2^n put into the exponent bits. */
static inline __m256 THAVX2_exp(__m256 x) {
  const __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)),
                                   _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
  r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
  __m256 p = _mm256_set1_ps(1.9875691500e-4f);
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
  const __m256 er = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1)));
  const __m256i scale = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
  return _mm256_mul_ps(er, _mm256_castsi256_ps(scale));
}

/* Lanes where lo <= x <= hi (false for NaN). */
static inline int THAVX2_allWithin(__m256 x, float lo, float hi) {
  const __m256 in = _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(lo), _CMP_GE_OQ),
                                  _mm256_cmp_ps(x, _mm256_set1_ps(hi), _CMP_LE_OQ));
  return _mm256_movemask_ps(in) == 0xFF;
}

/* tanh: an odd Taylor polynomial through x^15 for |x| < 0.5 (truncation error < 5e-9), and
 * 1 - 2 / (e^(2|x|) + 1) above, with |x| capped at 9 where tanh is 1 in float; the sign put back. */
static inline __m256 THAVX2_tanh(__m256 x) {
  const __m256 signMask = _mm256_set1_ps(-0.0f);
  const __m256 ax = _mm256_min_ps(_mm256_andnot_ps(signMask, x), _mm256_set1_ps(9));
  const __m256 x2 = _mm256_mul_ps(ax, ax);
  __m256 p = _mm256_set1_ps(-929569.0f / 638512875.0f);
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(21844.0f / 6081075.0f));
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(-1382.0f / 155925.0f));
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(62.0f / 2835.0f));
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(-17.0f / 315.0f));
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(2.0f / 15.0f));
  p = _mm256_fmadd_ps(p, x2, _mm256_set1_ps(-1.0f / 3.0f));
  const __m256 small = _mm256_fmadd_ps(_mm256_mul_ps(p, x2), ax, ax);
  const __m256 e = THAVX2_exp(_mm256_add_ps(ax, ax));
  const __m256 large = _mm256_sub_ps(_mm256_set1_ps(1),
                                     _mm256_div_ps(_mm256_set1_ps(2), _mm256_add_ps(e, _mm256_set1_ps(1))));
  const __m256 t = _mm256_blendv_ps(large, small, _mm256_cmp_ps(ax, _mm256_set1_ps(0.5f), _CMP_LT_OQ));
  return _mm256_or_ps(t, _mm256_and_ps(signMask, x));
}

static inline __m256 THAVX2_sigmoid(__m256 x) {
  const __m256 one = _mm256_set1_ps(1);
  return _mm256_div_ps(one, _mm256_add_ps(one, THAVX2_exp(_mm256_sub_ps(_mm256_setzero_ps(), x))));
}

/* Groups of 8 with every lane in [LO, HI] take VECTOR_OP; other groups and the tail take SCALAR. */
#define THAVX2_MAP_(NAME, LO, HI, VECTOR_OP, SCALAR)                                   \
  void NAME(float *y, const float *x, ptrdiff_t n) {                                   \
    ptrdiff_t i = 0;                                                                   \
    for (; i + 8 <= n; i += 8) {                                                       \
      const __m256 v = _mm256_loadu_ps(x + i);                                         \
      if (THAVX2_allWithin(v, LO, HI)) {                                               \
        _mm256_storeu_ps(y + i, VECTOR_OP(v));                                         \
      } else {                                                                         \
        for (ptrdiff_t k = i; k < i + 8; k++) y[k] = SCALAR(x[k]);                     \
      }                                                                                \
    }                                                                                  \
    for (; i < n; i++) y[i] = SCALAR(x[i]);                                            \
  }

THAVX2_MAP_(THFloatVector_mapExp_AVX2, -87.0f, 88.0f, THAVX2_exp, expf)
THAVX2_MAP_(THFloatVector_mapSigmoid_AVX2, -88.0f, 87.0f, THAVX2_sigmoid, THFloatVector_sigmoidOf)
THAVX2_MAP_(THFloatVector_mapTanh_AVX2, -INFINITY, INFINITY, THAVX2_tanh, tanhf)
