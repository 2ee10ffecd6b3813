#ifndef THC_TENSOR_RANDOM_INC
#define THC_TENSOR_RANDOM_INC
#include "THCTensor.h"

/* The generators, one per device (cutorch's names). Draws are reproducible: the same seed and the
 * same sequence of calls give the same numbers. */
THC_API void THCRandom_seed(THCState *state);              /* a seed from the clock, current device */
THC_API void THCRandom_seedAll(THCState *state);
THC_API void THCRandom_manualSeed(THCState *state, unsigned long seed);
THC_API void THCRandom_manualSeedAll(THCState *state, unsigned long seed);
THC_API unsigned long THCRandom_initialSeed(THCState *state);
THC_API void THCRandom_getRNGState(THCState *state, THByteTensor *rng_state);
THC_API void THCRandom_setRNGState(THCState *state, THByteTensor *rng_state);

/* Internal to libTHC: THCudaInit and THCudaShutdown make and release the per-device generators
 * (the state keeps them in its rngState field). */
struct THCRNGState;
void THCRandom_init(THCState *state, int numDevices);
void THCRandom_shutdown(THCState *state);

#include "generic/THCTensorRandom.h"
#include "THCGenerateMathTypes.h"
#endif
