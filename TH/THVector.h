#ifndef TH_VECTOR_INC
#define TH_VECTOR_INC
#include "THGeneral.h"

/* Contiguous-array kernels. Float and Double pick an AVX2 or a portable version at first use
 * (runtime CPU dispatch; the library is never built with -march=native). */
#define THVector_(NAME) TH_CONCAT_4(TH, Real, Vector_, NAME)

#include "generic/THVector.h"
#include "THGenerateAllTypes.h"

/* ember extension: the best kernel set the CPU (and OS) can run, which the kernels here and THNN's
 * hand-vectorised loops use: 2 for AVX-512 (F, BW, DQ, VL), 1 for AVX2 + FMA, 0 for the baseline.
 * EMBER_VECTOR_ISA=portable or =avx2 caps it (for tests of every set, and for telling a kernel bug
 * from a compiler one); read at every call. */
TH_API int THVector_isa(void);

/* ember extension, not part of the legacy interface: float transcendental and reduction kernels
 * over contiguous arrays, for THFloatTensor_exp/sigmoid/tanh and THNN's activations and softmax.
 * Dispatched with the kernels above (EMBER_VECTOR_ISA=portable forces the baseline build). Outputs
 * may be exactly their inputs. Accuracy against the exact values: exp within 1 ulp, tanh within
 * 2 ulp, sigmoid within 3 ulp, subnormal results included; NaN in gives NaN out. */
TH_API void THFloatVector_exp(float *y, const float *x, ptrdiff_t n);
TH_API void THFloatVector_sigmoid(float *y, const float *x, ptrdiff_t n);
TH_API void THFloatVector_tanh(float *y, const float *x, ptrdiff_t n);
/* y = exp(x - shift) (y may be NULL: not stored); returns the sum of the exponentials. The sums
 * run in float lanes added into a double every 16 vectors. */
TH_API double THFloatVector_expShiftSum(float *y, const float *x, float shift, ptrdiff_t n);
/* The sum of x, and the sum of x[i] y[i], accumulated as expShiftSum's. */
TH_API double THFloatVector_sum(const float *x, ptrdiff_t n);
TH_API double THFloatVector_dot(const float *x, const float *y, ptrdiff_t n);
/* The largest element, NaN ignored; -inf for n = 0. */
TH_API float THFloatVector_max(const float *x, ptrdiff_t n);
#endif
