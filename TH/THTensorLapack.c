/* THTensorLapack: linear algebra on tensors through LAPACK, float types. LAPACK works on
 * column-major matrices: each function works on a column-major copy (or, when the caller passes
 * an output that is the input already laid out so, in place), as Torch7 did, so results come back
 * column-major (transposed strides) like Torch7's. */
#include <ctype.h>
#include "THLapack.h"
#include "THLapackFortran.h"
#include "THTensor.h"

/* LAPACK takes int sizes. */
static void THTensorLapack_checkInt(const char *fn, long value) {
  if (value > INT_MAX) THError("%s: size %ld is too large for LAPACK (at most %d)", fn, value, INT_MAX);
}

/* An option string (uplo, trans, ...): its first letter, upper-cased, which must be in allowed. */
static char THTensorLapack_option(const char *fn, const char *name, const char *value, const char *allowed) {
  char c = value ? (char)toupper((unsigned char)value[0]) : 0;
  if (!c || !strchr(allowed, c))
    THError("%s: %s should be one of \"%s\", but is \"%s\"", fn, name, allowed, value ? value : "(null)");
  return c;
}

#define TH_GENERIC_FILE "generic/THTensorLapack.c"
#include "THGenerateFloatTypes.h"
