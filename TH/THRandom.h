#ifndef TH_RANDOM_INC
#define TH_RANDOM_INC
#include "THGeneral.h"

#define _MERSENNE_STATE_N 624
#define _MERSENNE_STATE_M 397

/* MT19937 state; the layout is part of the legacy ABI (getRNGState copies it as bytes). */
typedef struct THGenerator {
  unsigned long the_initial_seed;
  int left;
  int seeded;
  unsigned long next;
  unsigned long state[_MERSENNE_STATE_N];
  double normal_x;
  double normal_y;
  double normal_rho;
  int normal_is_valid;
} THGenerator;

TH_API THGenerator *THGenerator_new(void);
TH_API THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from);
TH_API void THGenerator_free(THGenerator *gen);
/* 1 when the state is one the generator could be in (used before accepting a saved state). */
TH_API int THGenerator_isValid(THGenerator *_generator);
/* Seeds from the clock and returns the seed. */
TH_API unsigned long THRandom_seed(THGenerator *_generator);
TH_API void THRandom_manualSeed(THGenerator *_generator, unsigned long the_seed_);
TH_API unsigned long THRandom_initialSeed(THGenerator *_generator);
/* A 32-bit draw of MT19937. */
TH_API unsigned long THRandom_random(THGenerator *_generator);
TH_API double THRandom_uniform(THGenerator *_generator, double a, double b);
TH_API double THRandom_normal(THGenerator *_generator, double mean, double stdv);
TH_API double THRandom_exponential(THGenerator *_generator, double lambda);
TH_API double THRandom_cauchy(THGenerator *_generator, double median, double sigma);
/* exp(normal(mean, stdv)): mean and stdv are those of the logarithm. */
TH_API double THRandom_logNormal(THGenerator *_generator, double mean, double stdv);
TH_API int THRandom_geometric(THGenerator *_generator, double p);
TH_API int THRandom_bernoulli(THGenerator *_generator, double p);
#endif
