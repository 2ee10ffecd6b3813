/* Torch7's direct 2-D and 3-D convolutions (THTensorConv), used by some THNN modules.
 *
 * Conventions (Torch7's):
 *  - vf: 'V' valid (the kernel stays inside the input: out = (in - k) / s + 1 per dimension) or
 *        'F' full (every overlap: out = (in - 1) * s + k);
 *  - xc: 'X' cross-correlation (kernel as is) or 'C' convolution (kernel flipped in every
 *        dimension). Only the first character of vf and xc is read, as in Torch7.
 *  - valid, per dimension: out[o] += alpha * sum_k in[o * s + k] * w[k]   (w = kernel or flipped)
 *    full, per dimension:  out[i * s + k] += alpha * in[i] * w[k]         (for every input i):
 *        the convolution for 'C' (w = kernel), the cross-correlation for 'X' (w = flipped kernel)
 *    rev ("reverse" valid cross-correlation, for weight gradients; the kernel is the one that is
 *        strided): out[o] += alpha * sum_k in[o + k * s] * kernel[k], out = in - (k - 1) * s.
 *  - The *ptr functions work on contiguous planes (rows of ic elements) and accumulate into r_.
 *    The tensor functions compute r_ = beta * r_ + alpha * (...), resizing r_; as in Torch7, r_
 *    is zeroed instead of scaled when beta == 0 or when r_ did not already hold as many elements
 *    as the result. Inputs may have any strides (Torch7 copied them to contiguous ones); so may
 *    a correctly sized r_ (Torch7 wrote it as if contiguous).
 *  - Integer types wrap modulo 2^bits (the arithmetic is done unsigned where it could overflow). */
#include <limits.h>

#include "TH.h"
#include "THTensorApply.h"

typedef enum { TH_CONV_VALID, TH_CONV_FULL, TH_CONV_REV } THConvMode;

/* A plane of a convolution: up to 3 dimensions (2-D planes have depth 1), element strides. */
typedef struct {
  long size[3];
  long stride[3];
} THConvBox;

/* Which input plane, kernel plane and output plane each product uses: output plane (p1, p2),
 * p1 < n1, p2 < n2, accumulates the products s < nsum of the input plane at element offset
 * p1 * in1 + p2 * in2 + s * ins and the kernel plane at p1 * ker1 + p2 * ker2 + s * kers. */
typedef struct {
  long n1, n2, nsum;
  long in1, in2, ins;
  long ker1, ker2, kers;
} THConvPlan;

/* In 128 bits, where no size or stride can wrap it around. */
static __int128 conv_out_size(THConvMode mode, long in, long k, long s) {
  switch (mode) {
    case TH_CONV_VALID: return (in - k) / s + 1;
    case TH_CONV_FULL: return (__int128)(in - 1) * s + k;
    default: return in - (__int128)(k - 1) * s;
  }
}

static THConvMode conv_parse_vf(const char *fn, const char *vf, int arg) {
  THArgCheck(vf != NULL && (vf[0] == 'V' || vf[0] == 'F'), arg,
             "%s: vf must be \"V\" (valid) or \"F\" (full), got \"%s\"", fn, vf ? vf : "(null)");
  return vf[0] == 'V' ? TH_CONV_VALID : TH_CONV_FULL;
}

/* Whether the kernel is read flipped: valid convolution and full cross-correlation. */
static int conv_parse_flip(const char *fn, THConvMode mode, const char *xc, int arg) {
  THArgCheck(xc != NULL && (xc[0] == 'X' || xc[0] == 'C'), arg,
             "%s: xc must be \"X\" (cross-correlation) or \"C\" (convolution), got \"%s\"", fn,
             xc ? xc : "(null)");
  return (mode == TH_CONV_VALID) == (xc[0] == 'C');
}

static void conv_describe(char *buf, size_t len, const long *size, int nd) {
  int at = snprintf(buf, len, "%ld", size[3 - nd]);
  for (int d = 4 - nd; d < 3 && at > 0 && (size_t)at < len; d++)
    at += snprintf(buf + at, len - (size_t)at, "x%ld", size[d]);
}

/* Checks the strides and plane sizes of a convolution with nd (2 or 3) plane dimensions
 * (in/k/step/out indexed 0..2, the first unused when nd == 2) and gives the output plane size. */
static void conv_check_planes(const char *fn, THConvMode mode, int nd, const long *in, const long *k,
                              const long *step, int step_arg, long *out) {
  for (int d = 3 - nd; d < 3; d++)
    THArgCheck(step[d] >= 1, step_arg + d - (3 - nd), "%s: strides must be >= 1, got %ld", fn, step[d]);
  char ib[96], kb[96];
  conv_describe(ib, sizeof ib, in, nd);
  conv_describe(kb, sizeof kb, k, nd);
  for (int d = 0; d < 3; d++) {
    THArgCheck(in[d] >= 1 && k[d] >= 1, 4, "%s: empty input (%s) or kernel (%s)", fn, ib, kb);
    if (mode == TH_CONV_VALID)
      THArgCheck(in[d] >= k[d], 4, "%s: the input plane (%s) is smaller than the kernel (%s)", fn, ib,
                 kb);
    const __int128 size = conv_out_size(mode, in[d], k[d], step[d]);
    if (mode == TH_CONV_REV)
      THArgCheck(size >= 1, 4, "%s: the input plane (%s) is smaller than the kernel (%s) spread by the stride",
                 fn, ib, kb);
    THArgCheck(size <= LONG_MAX, step_arg + d - (3 - nd),
               "%s: the output plane of input %s and kernel %s overflows with stride %ld", fn, ib, kb, step[d]);
    out[d] = (long)size;
  }
}

#define TH_GENERIC_FILE "generic/THTensorConv.c"
#include "THGenerateAllTypes.h"
