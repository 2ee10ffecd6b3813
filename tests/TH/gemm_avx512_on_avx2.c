/* ember's GEMM in its AVX-512 configuration (TH/gemm/AVX512.c: 32 x 12 float and 16 x 12 double
 * micro-tiles and that set's cache blocking) compiled for AVX2 + FMA, where GCC splits each 16-lane
 * vector in two: test_gemm runs it on every AVX2 CPU, so that the blocking and edge handling of the
 * AVX-512 build are tested also on machines without AVX-512. */
#include <stdlib.h>

#define THGEMM_ISA AVX512_ON_AVX2
#include "gemm/AVX512.c"

/* libTH's packing space is internal to it; this build gets its own (one block per thread, as there). */
static __thread void *scratch;
static __thread size_t scratchBytes;

void *THGemm_scratch(size_t bytes) {
  if (bytes > scratchBytes) {
    free(scratch);
    scratchBytes = (bytes + 63) / 64 * 64;
    scratch = aligned_alloc(64, scratchBytes);
    if (!scratch) abort();
  }
  return scratch;
}
