#ifndef TH_VECTOR_MATH_INC
#define TH_VECTOR_MATH_INC
/* Float exp, sigmoid and tanh over contiguous arrays, for THFloatTensor_exp/sigmoid/tanh: AVX2+FMA
 * versions (vector/AVX2.c) where the CPU has them, C's libm otherwise (THVector.c). y may be x.
 * Internal to libTH. The AVX2 versions agree with libm to a few ulp; they hand any group of 8
 * elements holding NaN or a value outside their range to libm. */
#include <stddef.h>

void THFloatVector_mapExp(float *y, const float *x, ptrdiff_t n);
void THFloatVector_mapSigmoid(float *y, const float *x, ptrdiff_t n);
void THFloatVector_mapTanh(float *y, const float *x, ptrdiff_t n);

void THFloatVector_mapExp_AVX2(float *y, const float *x, ptrdiff_t n);
void THFloatVector_mapSigmoid_AVX2(float *y, const float *x, ptrdiff_t n);
void THFloatVector_mapTanh_AVX2(float *y, const float *x, ptrdiff_t n);

static inline float THFloatVector_sigmoidOf(float x) { return 1 / (1 + expf(-x)); }
#endif
