/* THRandom: Torch7's random number generator, MT19937 (Matsumoto & Nishimura, 1998) seeded and
 * drawn exactly as Torch7 did, so that a seed gives Torch7's sequence.
 *
 * State cursor (the THGenerator fields, whose layout is ABI): after seeding, left = 1 and
 * next = 0, so the first draw regenerates the whole state block; after a regeneration left = 624
 * and next = 0; each draw decrements left (regenerating when it reaches 0) and then takes
 * state[next++]. */
#include <errno.h>

#include "THFreshSeed.h"
#include "THRandom.h"

#define MT_N _MERSENNE_STATE_N
#define MT_M _MERSENNE_STATE_M
#define MT_MATRIX_A 0x9908b0dfUL
#define MT_UPPER_MASK 0x80000000UL
#define MT_LOWER_MASK 0x7fffffffUL
/* The reference's default seed (init_genrand(5489) is what an unseeded mt19937 uses). */
#define MT_DEFAULT_SEED 5489UL

static const double two_pi = 6.283185307179586476925286766559;

THGenerator *THGenerator_new(void) {
  THGenerator *self = THAlloc(sizeof(THGenerator));
  /* zero the padding too: getRNGState copies the struct as bytes */
  memset(self, 0, sizeof(THGenerator));
  /* The MT19937 reference's default seed, so that an unseeded program is reproducible (ember's
   * choice: Torch7 seeded a new generator from /dev/urandom, older versions from the clock). */
  THRandom_manualSeed(self, MT_DEFAULT_SEED);
  return self;
}

THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from) {
  THArgCheck(self != NULL, 1, "THGenerator_copy: destination generator is NULL");
  THArgCheck(from != NULL, 2, "THGenerator_copy: source generator is NULL");
  if (self != from) memcpy(self, from, sizeof(THGenerator));
  return self;
}

void THGenerator_free(THGenerator *gen) { THFree(gen); }

int THGenerator_isValid(THGenerator *gen) {
  if (gen == NULL || gen->seeded != 1) return 0;
  if (gen->left < 1 || gen->left > MT_N || gen->next > MT_N) return 0;
  /* every state word is 32 bits wide in a state the generator can reach */
  for (int i = 0; i < MT_N; i++)
    if (gen->state[i] > 0xffffffffUL) return 0;
  return 1;
}

unsigned long THRandom_seed(THGenerator *gen) {
  THArgCheck(gen != NULL, 1, "THRandom_seed: generator is NULL");
  unsigned long s = THRandom_freshSeed();
  THRandom_manualSeed(gen, s);
  return s;
}

/* init_genrand of the reference; Torch7 also forgets a cached normal draw. */
void THRandom_manualSeed(THGenerator *gen, unsigned long the_seed_) {
  THArgCheck(gen != NULL, 1, "THRandom_manualSeed: generator is NULL");
  gen->the_initial_seed = the_seed_;
  gen->state[0] = the_seed_ & 0xffffffffUL;
  for (unsigned long j = 1; j < MT_N; j++) {
    unsigned long prev = gen->state[j - 1];
    gen->state[j] = (1812433253UL * (prev ^ (prev >> 30)) + j) & 0xffffffffUL;
  }
  gen->left = 1;
  gen->next = 0;
  gen->seeded = 1;
  gen->normal_x = 0;
  gen->normal_y = 0;
  gen->normal_rho = 0;
  gen->normal_is_valid = 0;
}

unsigned long THRandom_initialSeed(THGenerator *gen) {
  THArgCheck(gen != NULL, 1, "THRandom_initialSeed: generator is NULL");
  return gen->the_initial_seed;
}

static inline unsigned long mt_twist(unsigned long u, unsigned long v) {
  unsigned long y = (u & MT_UPPER_MASK) | (v & MT_LOWER_MASK);
  return (y >> 1) ^ ((v & 1UL) ? MT_MATRIX_A : 0UL);
}

/* The reference's block regeneration (genrand_int32's refill of all N words). */
static void mt_next_state(THGenerator *gen) {
  unsigned long *s = gen->state;
  int k = 0;
  for (; k < MT_N - MT_M; k++) s[k] = s[k + MT_M] ^ mt_twist(s[k], s[k + 1]);
  for (; k < MT_N - 1; k++) s[k] = s[k + (MT_M - MT_N)] ^ mt_twist(s[k], s[k + 1]);
  s[MT_N - 1] = s[MT_M - 1] ^ mt_twist(s[MT_N - 1], s[0]);
  gen->left = MT_N;
  gen->next = 0;
}

unsigned long THRandom_random(THGenerator *gen) {
  THArgCheck(gen != NULL, 1, "THRandom_random: generator is NULL");
  if (gen->seeded != 1) THRandom_manualSeed(gen, MT_DEFAULT_SEED);
  if (--gen->left <= 0 || gen->next >= MT_N) mt_next_state(gen);
  unsigned long y = gen->state[gen->next++];
  /* tempering */
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680UL;
  y ^= (y << 15) & 0xefc60000UL;
  y ^= y >> 18;
  return y & 0xffffffffUL;
}

/* One draw in [0, 1): draw * 2^-32, as Torch7 did. */
static inline double uniform01(THGenerator *gen) {
  return (double)THRandom_random(gen) * (1.0 / 4294967296.0);
}

double THRandom_uniform(THGenerator *gen, double a, double b) {
  THArgCheck(gen != NULL, 1, "THRandom_uniform: generator is NULL");
  return uniform01(gen) * (b - a) + a;
}

/* Box-Muller with Torch7's caching: one call draws two uniforms and returns the cosine branch;
 * the next call returns the sine branch of the same pair without drawing. */
double THRandom_normal(THGenerator *gen, double mean, double stdv) {
  THArgCheck(gen != NULL, 1, "THRandom_normal: generator is NULL");
  THArgCheck(stdv > 0, 3, "THRandom_normal: the standard deviation must be > 0, got %g", stdv);
  if (!gen->normal_is_valid) {
    gen->normal_x = uniform01(gen);
    gen->normal_y = uniform01(gen);
    gen->normal_rho = sqrt(-2.0 * log(1.0 - gen->normal_y));
    gen->normal_is_valid = 1;
    return gen->normal_rho * cos(two_pi * gen->normal_x) * stdv + mean;
  }
  gen->normal_is_valid = 0;
  return gen->normal_rho * sin(two_pi * gen->normal_x) * stdv + mean;
}

double THRandom_exponential(THGenerator *gen, double lambda) {
  THArgCheck(gen != NULL, 1, "THRandom_exponential: generator is NULL");
  THArgCheck(lambda > 0, 2, "THRandom_exponential: lambda must be > 0, got %g", lambda);
  return -1.0 / lambda * log(1.0 - uniform01(gen));
}

double THRandom_cauchy(THGenerator *gen, double median, double sigma) {
  THArgCheck(gen != NULL, 1, "THRandom_cauchy: generator is NULL");
  THArgCheck(sigma > 0, 3, "THRandom_cauchy: sigma must be > 0, got %g", sigma);
  return median + sigma * tan(M_PI * (uniform01(gen) - 0.5));
}

/* exp of a normal(mean, stdv) draw: mean and stdv are those of the underlying normal, as in the
 * final Torch7 (older Torch7 took them as the log-normal's own moments). */
double THRandom_logNormal(THGenerator *gen, double mean, double stdv) {
  THArgCheck(gen != NULL, 1, "THRandom_logNormal: generator is NULL");
  THArgCheck(stdv > 0, 3, "THRandom_logNormal: the standard deviation must be > 0, got %g", stdv);
  return exp(THRandom_normal(gen, mean, stdv));
}

/* The number of trials up to and including the first success, P(k) = (1 - p) p^(k-1) (Torch7's
 * convention: p is the probability of going on). Clamped to INT_MAX where Torch7 overflowed. */
int THRandom_geometric(THGenerator *gen, double p) {
  THArgCheck(gen != NULL, 1, "THRandom_geometric: generator is NULL");
  THArgCheck(p > 0 && p < 1, 2, "THRandom_geometric: p must be in (0, 1), got %g", p);
  double k = log(1.0 - uniform01(gen)) / log(p);
  return k >= (double)(INT_MAX - 1) ? INT_MAX : (int)k + 1;
}

int THRandom_bernoulli(THGenerator *gen, double p) {
  THArgCheck(gen != NULL, 1, "THRandom_bernoulli: generator is NULL");
  THArgCheck(p >= 0 && p <= 1, 2, "THRandom_bernoulli: p must be in [0, 1], got %g", p);
  return uniform01(gen) <= p;
}
