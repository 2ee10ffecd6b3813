/* IEEE 754 binary16 <-> binary32 by bit manipulation: round to nearest, ties to even; subnormals,
 * infinities and NaN (kept quiet, with the top of its payload) are exact. */
#include <stdint.h>

#include "THHalf.h"

static uint16_t float_to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  uint32_t a = x & 0x7FFFFFFF;
  if (a > 0x7F800000) return (uint16_t)(sign | 0x7E00 | (a >> 13)); /* NaN */
  if (a >= 0x477FF000) return (uint16_t)(sign | 0x7C00); /* >= 65520 (65504 + half an ulp): inf */
  if (a < 0x33000000) return sign;                         /* < 2^-25: rounds to 0 */
  uint32_t h, rest, halfway;
  if (a < 0x38800000) {
    /* A subnormal half counts units of 2^-24: shift the float's full mantissa (2^-25 <= |f| <
     * 2^-14: exponent field 102..112, shift 24..14). A carry into 0x400 gives the smallest normal. */
    uint32_t mant = (a & 0x7FFFFF) | 0x800000;
    unsigned shift = 126 - (a >> 23);
    h = mant >> shift;
    rest = mant & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
  } else {
    /* Rebias the exponent (127 -> 15) and keep 10 of 23 mantissa bits; a carry out of the
     * mantissa correctly bumps the exponent (65520 and up were sent to inf above). */
    h = (a >> 13) - (112u << 10);
    rest = a & 0x1FFF;
    halfway = 0x1000;
  }
  if (rest > halfway || (rest == halfway && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1F, mant = h & 0x3FF, x;
  if (exp == 0x1F) {
    x = sign | 0x7F800000 | (mant << 13);
  } else if (exp != 0) {
    x = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    x = sign;
  } else {
    /* Subnormal: normalise; mant * 2^-24 with the leading bit moved to position 10. */
    uint32_t e = 113;
    while (!(mant & 0x400)) {
      mant <<= 1;
      e--;
    }
    x = sign | (e << 23) | ((mant & 0x3FF) << 13);
  }
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

void TH_float2halfbits(float *src, unsigned short *dest) {
  THArgCheck(src != NULL && dest != NULL, 1, "TH_float2halfbits: src and dest must not be NULL");
  *dest = float_to_half(*src);
}

void TH_halfbits2float(unsigned short *src, float *dest) {
  THArgCheck(src != NULL && dest != NULL, 1, "TH_halfbits2float: src and dest must not be NULL");
  *dest = half_to_float(*src);
}

THHalf TH_float2half(float f) {
  THHalf h = {float_to_half(f)};
  return h;
}

float TH_half2float(THHalf h) { return half_to_float(h.x); }
