#ifndef THNN_VECTOR_H
#define THNN_VECTOR_H
/* Vectorised float kernels of the transcendental activations over contiguous arrays, with run-time
 * dispatch: AVX2 + FMA where the CPU has them (vector/AVX2.c), the baseline build otherwise or when
 * EMBER_VECTOR_ISA=portable (as for TH's THVector). Internal to libTHNN. y may be exactly x. */
#include <stddef.h>

void THNN_vectorTanhFloat(float *y, const float *x, ptrdiff_t n);
void THNN_vectorSigmoidFloat(float *y, const float *x, ptrdiff_t n);
/* y = exp(x - shift) (y may be NULL: not stored); returns the sum of the exponentials (in double). */
double THNN_vectorExpShiftSumFloat(float *y, const float *x, float shift, ptrdiff_t n);
/* The sum of x, and the sum of x[i] y[i] (accumulated in float lanes, added into double every
 * 16 vectors). */
double THNN_vectorSumFloat(const float *x, ptrdiff_t n);
double THNN_vectorDotFloat(const float *x, const float *y, ptrdiff_t n);
/* The largest element, NaN ignored; -inf for n = 0. */
float THNN_vectorMaxFloat(const float *x, ptrdiff_t n);

#endif
