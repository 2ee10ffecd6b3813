/* Instantiates a test file's generic part once per TH type: the test file (compiled as the main
 * file) defines TEST_GENERIC_PASS and includes this header, which includes the test file again
 * (__BASE_FILE__) with Real, real and the type's traits defined:
 *   TEST_SIGNED    the type has negative values
 *   TEST_FLOATING  Float and Double
 *   TEST_HAS_NEG   neg and abs are checked against the plain C reference (Short and wider)
 *   TEST_BIG       the types whose tests also run on large (threaded) operands: Int and Float
 * No include guard: used once per test file. */
#define Real Byte
#define real unsigned char
#define TEST_SIGNED 0
#define TEST_FLOATING 0
#define TEST_BIG 0
#define TEST_HAS_NEG 0
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Char
#define real char
#define TEST_SIGNED 1
#define TEST_FLOATING 0
#define TEST_BIG 0
#define TEST_HAS_NEG 0
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Short
#define real short
#define TEST_SIGNED 1
#define TEST_FLOATING 0
#define TEST_BIG 0
#define TEST_HAS_NEG 1
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Int
#define real int
#define TEST_SIGNED 1
#define TEST_FLOATING 0
#define TEST_BIG 1
#define TEST_HAS_NEG 1
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Long
#define real long
#define TEST_SIGNED 1
#define TEST_FLOATING 0
#define TEST_BIG 0
#define TEST_HAS_NEG 1
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Float
#define real float
#define TEST_SIGNED 1
#define TEST_FLOATING 1
#define TEST_BIG 1
#define TEST_HAS_NEG 1
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
#define Real Double
#define real double
#define TEST_SIGNED 1
#define TEST_FLOATING 1
#define TEST_BIG 0
#define TEST_HAS_NEG 1
#include __BASE_FILE__
#undef Real
#undef real
#undef TEST_SIGNED
#undef TEST_FLOATING
#undef TEST_BIG
#undef TEST_HAS_NEG
