#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathReduceUtil.h"
#else
/* Internal (see THTensorMathReduceUtil.h). */

/* The tensor a reduction writes into: r itself, or a new tensor when r shares its storage with the
 * input (writing there would clobber input not yet read). THTensor_(reduceFinish) then hands the
 * result to r. inputStorage is the input's storage, of any type (a Long input may alias indices). */
static inline THTensor *THTensor_(reduceTarget)(THTensor *r, const void *inputStorage) {
  return r->storage && (const void *)r->storage == inputStorage ? THTensor_(new)() : r;
}

/* Drops the reduced dimension unless keepdim (Torch7's squeeze1d: a 1D result keeps its single
 * element) and, when the result was computed aside, points r at it. */
static inline void THTensor_(reduceFinish)(THTensor *r, THTensor *out, int dim, int keepdim) {
  if (!keepdim) THTensor_(squeeze1d)(out, out, dim);
  if (out != r) {
    THTensor_(set)(r, out);
    THTensor_(free)(out);
  }
}

#endif
