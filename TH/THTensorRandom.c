/* Random fills of tensors, drawn from THRandom (MT19937 with Torch7's seeding).
 *
 * Draw order: each function fills its tensor in row-major order, one scalar draw of THRandom per
 * element (two for the alias draw), so a tensor filled after manualSeed(s) holds exactly the
 * scalars that the same THRandom calls would return in that order. */
#include "TH.h"
#include "THTensorApply.h"

/* A uniform integer in [min, max) for max > min: draw % (max - min) + min with one 32-bit draw, as
 * Torch7 did for every type and range (a range wider than 2^32 gives min + draw), but in wrapping
 * unsigned arithmetic converted back to long: Torch7 added min as unsigned, so a negative min gave
 * ~1.8e19 on Float and Double; the integer types wrap to the same values as Torch7's. */
static long random_in_range(THGenerator *gen, long min, long max) {
  unsigned long range = (unsigned long)max - (unsigned long)min;
  return (long)((unsigned long)min + THRandom_random(gen) % range);
}

#define TH_CHECK_GENERATOR(FN, GEN, ARG) THArgCheck((GEN) != NULL, ARG, FN ": generator is NULL")
#define TH_CHECK_TENSOR(FN, T, ARG) THArgCheck((T) != NULL, ARG, FN ": " #T " is NULL")

/* Counts the elements of tensor T (of element type TYPE) for which the condition OK(v) is false. */
#define TH_COUNT_BAD(TYPE, T, OK, COUNT) \
  do {                                   \
    COUNT = 0;                           \
    TH_TENSOR_APPLY(TYPE, T, {           \
      double v = (double)*T##_data;      \
      if (!(OK)) COUNT++;                \
    });                                  \
  } while (0)

#define TH_GENERIC_FILE "generic/THTensorRandom.c"
#include "THGenerateAllTypes.h"

/* getRNGState / setRNGState exist for ByteTensor only (the legacy interface). */
void THByteTensor_getRNGState(THGenerator *gen, THByteTensor *self) {
  TH_CHECK_GENERATOR("getRNGState", gen, 1);
  TH_CHECK_TENSOR("getRNGState", self, 2);
  THByteTensor_resize1d(self, (long)sizeof(THGenerator));
  const unsigned char *bytes = (const unsigned char *)gen;
  TH_TENSOR_APPLY(unsigned char, self, *self_data = *bytes++;);
}

void THByteTensor_setRNGState(THGenerator *gen, THByteTensor *self) {
  TH_CHECK_GENERATOR("setRNGState", gen, 1);
  TH_CHECK_TENSOR("setRNGState", self, 2);
  ptrdiff_t n = THByteTensor_nElement(self);
  THArgCheck(n == (ptrdiff_t)sizeof(THGenerator), 2,
             "setRNGState: the state must hold %zu bytes (sizeof(THGenerator)), got %td",
             sizeof(THGenerator), n);
  THGenerator saved; /* a copy: the tensor's bytes need not be aligned for a THGenerator */
  unsigned char *bytes = (unsigned char *)&saved;
  TH_TENSOR_APPLY(unsigned char, self, *bytes++ = *self_data;);
  THArgCheck(THGenerator_isValid(&saved), 2,
             "setRNGState: the bytes are not a valid generator state (not seeded, or the cursor "
             "left = %d / next = %lu out of range)", saved.left, saved.next);
  THGenerator_copy(gen, &saved);
}
