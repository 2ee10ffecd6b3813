/* Instantiates a THCUNN test file's generic part for Float and Double, as tests/THC/thc_each_type.h
 * does: the test file (compiled as the main file) wraps its generic part in #ifdef TEST_TYPE_PASS
 * and includes this header in its #else branch; the generic part sees
 *   Real, CReal, real     Float, Cuda, float; Double, CudaDouble, double
 *   TTensor, CTensor      THFloatTensor, THCudaTensor; THDoubleTensor, THCudaDoubleTensor
 *   T_(NAME), C_(NAME)    TH<Real>Tensor_NAME; TH<CReal>Tensor_NAME (takes thc_state first)
 *   CPU_(NAME), GPU_(NAME) THNN_<Real>NAME (libTHNN); THNN_<CReal>NAME (libTHCUNN)
 *   TEST_(NAME)           test_<Real>_NAME, a name for the pass's test functions
 *   TEST_TOL              1e-4 for Float (relative and absolute), 1e-10 for Double (issue 13)
 *   TEST_RANDOM(seed, nd, s0, s1, s2, s3, lo, hi)  a contiguous CPU tensor of nd dimensions (the
 *                         first nd of s0..s3; pass 0 for the others) with values in [lo, hi)
 *   TEST_UPLOAD(T)        a device copy of a CPU tensor (same sizes, contiguous)
 *   TEST_MATCHES(G, E)    asserts that a device tensor has a CPU tensor's sizes and values (TEST_TOL)
 * No include guard: used once per test file. */
#define TEST_TYPE_PASS
#define T_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define C_(NAME) TH_CONCAT_4(TH, CReal, Tensor_, NAME)
#define CPU_(NAME) TH_CONCAT_3(THNN_, Real, NAME)
#define GPU_(NAME) TH_CONCAT_3(THNN_, CReal, NAME)
#define TTensor TH_CONCAT_3(TH, Real, Tensor)
#define CTensor TH_CONCAT_3(TH, CReal, Tensor)
#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)
#define TEST_RANDOM(SEED, ND, S0, S1, S2, S3, LO, HI) TH_CONCAT_2(thcunn_random_, Real)(SEED, ND, S0, S1, S2, S3, LO, HI)

#define TEST_UPLOAD(T) TH_CONCAT_2(thc_upload_, real)(T)
#define TEST_MATCHES(G, E) TH_CONCAT_3(thc_assert_, real, _matches)(G, E, TEST_TOL)

#define Real Float
#define CReal Cuda
#define real float
#define TEST_TOL 1e-4
#include __BASE_FILE__
#undef Real
#undef CReal
#undef real
#undef TEST_TOL

#define Real Double
#define CReal CudaDouble
#define real double
#define TEST_TOL 1e-10
#include __BASE_FILE__
#undef Real
#undef CReal
#undef real
#undef TEST_TOL
#undef TEST_UPLOAD
#undef TEST_MATCHES
#undef TEST_TYPE_PASS
