/* Instantiates a THC test file's generic part once per type (Long, Float, Double), as
 * tests/common/th_each_type.h does for TH: the test file (compiled as the main file) defines
 * TEST_TYPE_PASS, THC_TEST_FLOAT_TOL and THC_TEST_DOUBLE_TOL (the tolerances of TEST_MATCHES for
 * the float types) and includes this header, which includes the test file again (__BASE_FILE__)
 * after thc_generic.h, with these defined:
 *   Real, CReal, real   Long, CudaLong, long; Float, Cuda, float; Double, CudaDouble, double
 *   TEST_FLOAT          Float and Double
 *   TEST_UPLOAD(T)      a device copy of a TH tensor
 *   TEST_MATCHES(G, E)  asserts that a device tensor matches a TH one
 * No include guard: used once per test file. */
#define Real Long
#define CReal CudaLong
#define real long
#define TEST_FLOAT 0
#define TEST_UPLOAD(T) thc_upload_long(T)
#define TEST_MATCHES(G, E) thc_assert_long_matches(G, E)
#include "thc_generic.h"
#include __BASE_FILE__
#include "thc_generic_end.h"

#define Real Float
#define CReal Cuda
#define real float
#define TEST_FLOAT 1
#define TEST_UPLOAD(T) thc_upload_float(T)
#define TEST_MATCHES(G, E) thc_assert_float_matches(G, E, THC_TEST_FLOAT_TOL)
#include "thc_generic.h"
#include __BASE_FILE__
#include "thc_generic_end.h"

#define Real Double
#define CReal CudaDouble
#define real double
#define TEST_FLOAT 1
#define TEST_UPLOAD(T) thc_upload_double(T)
#define TEST_MATCHES(G, E) thc_assert_double_matches(G, E, THC_TEST_DOUBLE_TOL)
#include "thc_generic.h"
#include __BASE_FILE__
#include "thc_generic_end.h"
