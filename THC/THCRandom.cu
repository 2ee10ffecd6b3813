// The random generators of libTHC: one per device, each a Philox key (the seed) and the number of
// calls drawn so far. A call reserves one call number and draws the counters (element index, call
// number) under the key (THCTensorRandom.cuh), so a generator's whole state is those two numbers:
// getRNGState/setRNGState save and restore them as 16 bytes.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "THCTensorRandom.cuh"
#include "THFreshSeed.h"

namespace {
// TH's default seed for a new generator, used for each device until it is seeded.
constexpr uint64_t kDefaultSeed = 5489;
constexpr long kStateBytes = 16;  // seed, then the next call number, both little-endian uint64

struct Generator {
  uint64_t seed;
  uint64_t nextCall;  // updated atomically: host threads may draw concurrently
};
}  // namespace

struct THCRNGState {
  int numDevices;
  Generator *generators;
};

namespace {
THCRNGState *rngState(THCState *state) {
  THCRNGState *rng = THCState_getRngState(state);
  if (!rng) THError("THCRandom: the random generators are not set up (call THCudaInit first)");
  return rng;
}

Generator *currentGenerator(THCState *state) {
  THCRNGState *rng = rngState(state);
  int device = THCState_getCurrentDevice(state);
  if (device < 0 || device >= rng->numDevices)
    THError("THCRandom: device %d has no generator (%d devices)", device, rng->numDevices);
  return &rng->generators[device];
}

void reseed(Generator *g, uint64_t seed) {
  g->seed = seed;
  __atomic_store_n(&g->nextCall, 0, __ATOMIC_SEQ_CST);
}

}  // namespace

void THCRandom_init(THCState *state, int numDevices) {
  THCRNGState *rng = (THCRNGState *)THAlloc(sizeof(THCRNGState));
  rng->numDevices = numDevices;
  rng->generators = (Generator *)THAlloc(sizeof(Generator) * (numDevices > 0 ? numDevices : 1));
  for (int d = 0; d < numDevices; d++) reseed(&rng->generators[d], kDefaultSeed);
  THCState_setRngState(state, rng);
}

void THCRandom_shutdown(THCState *state) {
  THCRNGState *rng = THCState_getRngState(state);
  if (!rng) return;
  THCState_setRngState(state, nullptr);
  THFree(rng->generators);
  THFree(rng);
}

THCPhiloxKey THCRandom_nextKey(THCState *state) {
  Generator *g = currentGenerator(state);
  THCPhiloxKey key;
  key.seed = g->seed;
  key.call = __atomic_fetch_add(&g->nextCall, 1, __ATOMIC_SEQ_CST);
  return key;
}

void THCRandom_seed(THCState *state) { THCRandom_manualSeed(state, THRandom_freshSeed()); }

void THCRandom_seedAll(THCState *state) { THCRandom_manualSeedAll(state, THRandom_freshSeed()); }

void THCRandom_manualSeed(THCState *state, unsigned long seed) { reseed(currentGenerator(state), seed); }

void THCRandom_manualSeedAll(THCState *state, unsigned long seed) {
  THCRNGState *rng = rngState(state);
  for (int d = 0; d < rng->numDevices; d++) reseed(&rng->generators[d], seed);
}

unsigned long THCRandom_initialSeed(THCState *state) { return (unsigned long)currentGenerator(state)->seed; }

void THCRandom_getRNGState(THCState *state, THByteTensor *rng_state) {
  Generator *g = currentGenerator(state);
  uint64_t words[2] = {g->seed, __atomic_load_n(&g->nextCall, __ATOMIC_SEQ_CST)};
  THByteTensor_resize1d(rng_state, kStateBytes);
  unsigned char *out = THByteTensor_data(rng_state);
  long stride = rng_state->stride[0];
  for (long i = 0; i < kStateBytes; i++) out[i * stride] = (unsigned char)(words[i / 8] >> (8 * (i % 8)));
}

void THCRandom_setRNGState(THCState *state, THByteTensor *rng_state) {
  THArgCheck(rng_state->nDimension == 1 && rng_state->size[0] == kStateBytes, 2,
             "THCRandom_setRNGState: the state must be a 1-D tensor of %ld bytes (from getRNGState)",
             kStateBytes);
  Generator *g = currentGenerator(state);
  const unsigned char *in = THByteTensor_data(rng_state);
  long stride = rng_state->stride[0];
  uint64_t words[2] = {0, 0};
  for (long i = 0; i < kStateBytes; i++) words[i / 8] |= (uint64_t)in[i * stride] << (8 * (i % 8));
  g->seed = words[0];
  __atomic_store_n(&g->nextCall, words[1], __ATOMIC_SEQ_CST);
}
