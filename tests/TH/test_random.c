/* THRandom (MT19937 as Torch7 seeds and draws it) and THTensorRandom.
 *
 * Expected values come from the MT19937 reference (Matsumoto & Nishimura's mt19937ar: the first
 * outputs of init_genrand(5489) are 3499211612, 581869302, 3890346734, 3586334585, 545404204;
 * the C++ standard requires the 10000th output of a default-seeded std::mt19937, which is
 * init_genrand(5489), to be 4123659995; std::mt19937(1)'s first output is 1791095845), or are
 * computed in the test from raw draws by the documented formulas, or are distribution moments.
 *
 * Torch7's own sequences (integer fills, 32-bit draws for every range, a chain of calls that must
 * stay in step, randperm, multinomial, alias tables and draws) come from golden/random_torch7.h,
 * written by tests/golden/gen_random_torch7.py: an independent Python model of Torch7's final
 * random code (torch/torch7 814ea4af), whose MT19937 is checked against the reference values above. */
#include "th_test.h"

#include "../golden/random_torch7.h"

#define TWO_PI 6.283185307179586476925286766559
#define N(a) (sizeof(a) / sizeof((a)[0]))

static double u01(unsigned long draw) {
  return (double)draw * (1.0 / 4294967296.0);
}

/* The next n raw draws of a generator seeded with seed. */
static void raw_draws(unsigned long seed, unsigned long *out, size_t n) {
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, seed);
  for (size_t i = 0; i < n; i++) out[i] = THRandom_random(g);
  THGenerator_free(g);
}

/* ---------------------------------------------------------------- MT19937 reference values */

static void test_mt_reference_seed_5489(void **state) {
  (void)state;
  static const unsigned long want[] = {3499211612UL, 581869302UL, 3890346734UL, 3586334585UL, 545404204UL};
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 5489);
  for (size_t i = 0; i < N(want); i++) assert_int_equal(THRandom_random(g), want[i]);
  for (int i = (int)N(want) + 1; i < 10000; i++) {
    unsigned long d = THRandom_random(g);
    assert_true(d <= 0xffffffffUL);
  }
  assert_int_equal(THRandom_random(g), 4123659995UL); /* the 10000th */
  THGenerator_free(g);
}

static void test_mt_reference_other_seeds(void **state) {
  (void)state;
  unsigned long d;
  raw_draws(1, &d, 1);
  assert_int_equal(d, 1791095845UL);
  /* only the low 32 bits of the seed enter the state (init_genrand masks it) */
  unsigned long a[700], b[700];
  raw_draws(5489UL + (1UL << 32), a, N(a));
  raw_draws(5489UL, b, N(b));
  assert_memory_equal(a, b, sizeof a);
}

/* A new generator is seeded with the reference default 5489 (ember's choice: Torch7 read
 * /dev/urandom). */
static void test_new_generator_default_seed(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  assert_int_equal(THRandom_initialSeed(g), 5489);
  assert_true(THGenerator_isValid(g));
  assert_int_equal(g->left, 1);
  assert_int_equal(g->next, 0);
  assert_int_equal(THRandom_random(g), 3499211612UL);
  /* after the first draw the whole block is regenerated: left + next == 625 from then on */
  assert_int_equal(g->left, 624);
  assert_int_equal(g->next, 1);
  THGenerator_free(g);
}

static void test_seed_and_initial_seed(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  unsigned long s = THRandom_seed(g);
  assert_int_equal(THRandom_initialSeed(g), s);
  unsigned long got[5], want[5];
  for (int i = 0; i < 5; i++) got[i] = THRandom_random(g);
  raw_draws(s, want, 5);
  assert_memory_equal(got, want, sizeof got);
  THRandom_manualSeed(g, 42);
  assert_int_equal(THRandom_initialSeed(g), 42);
  THGenerator_free(g);
}

static void test_copy_and_is_valid(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new(), *h = THGenerator_new();
  THRandom_manualSeed(g, 7);
  for (int i = 0; i < 1000; i++) THRandom_random(g);
  THRandom_normal(g, 0, 1); /* leaves a cached normal */
  THGenerator_copy(h, g);
  assert_true(THGenerator_isValid(h));
  for (int i = 0; i < 10; i++) assert_true(THRandom_normal(g, 1, 2) == THRandom_normal(h, 1, 2));
  for (int i = 0; i < 10; i++) assert_int_equal(THRandom_random(g), THRandom_random(h));

  /* after exactly one block of draws the cursor is at its end (left 1, next 624): still valid */
  THRandom_manualSeed(h, 8);
  for (int i = 0; i < 624; i++) THRandom_random(h);
  assert_int_equal(h->left, 1);
  assert_int_equal(h->next, 624);
  assert_true(THGenerator_isValid(h));

  THGenerator_copy(h, g);
  h->left = 0;
  assert_false(THGenerator_isValid(h));
  THGenerator_copy(h, g);
  h->next = 625;
  assert_false(THGenerator_isValid(h));
  THGenerator_copy(h, g);
  h->seeded = 0;
  assert_false(THGenerator_isValid(h));
  THGenerator_copy(h, g);
  h->state[3] = 1UL << 40;
  assert_false(THGenerator_isValid(h));
  assert_false(THGenerator_isValid(NULL));
  THGenerator_free(g);
  THGenerator_free(h);
}

/* ---------------------------------------------------------------- distributions from the draws */

static void test_uniform_formula(void **state) {
  (void)state;
  unsigned long d[4];
  raw_draws(123, d, 4);
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 123);
  assert_true(THRandom_uniform(g, 0, 1) == u01(d[0]));
  assert_true(THRandom_uniform(g, -3, 5) == -3 + 8 * u01(d[1]));
  assert_true(THRandom_uniform(g, 2, 2) == 2);
  double v = THRandom_uniform(g, 10, 20);
  assert_true(v == 10 + 10 * u01(d[3]));
  assert_true(v >= 10 && v < 20);
  THGenerator_free(g);
}

/* Box-Muller with caching: u1, u2 -> rho = sqrt(-2 log(1 - u2)); the first call returns
 * rho cos(2 pi u1), the second rho sin(2 pi u1) without drawing, the third draws again. */
static void test_normal_formula_and_cache(void **state) {
  (void)state;
  unsigned long d[5];
  raw_draws(99, d, 5);
  double rho = sqrt(-2 * log(1 - u01(d[1])));
  double rho2 = sqrt(-2 * log(1 - u01(d[3])));
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 99);
  assert_close(THRandom_normal(g, 1, 2), rho * cos(TWO_PI * u01(d[0])) * 2 + 1, 1e-15);
  assert_close(THRandom_normal(g, -1, 3), rho * sin(TWO_PI * u01(d[0])) * 3 - 1, 1e-15);
  assert_close(THRandom_normal(g, 0, 1), rho2 * cos(TWO_PI * u01(d[2])), 1e-15);
  /* the cached sine is not a fresh draw: the next raw draw is the 5th */
  THRandom_normal(g, 0, 1);
  assert_int_equal(THRandom_random(g), d[4]);

  /* manualSeed forgets the cached value */
  THRandom_manualSeed(g, 99);
  double first = THRandom_normal(g, 0, 1);
  THRandom_manualSeed(g, 99);
  assert_true(THRandom_normal(g, 0, 1) == first);
  THGenerator_free(g);
}

static void test_other_distribution_formulas(void **state) {
  (void)state;
  unsigned long d[8];
  raw_draws(2024, d, 8);
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 2024);
  assert_close(THRandom_exponential(g, 2.5), -1 / 2.5 * log(1 - u01(d[0])), 1e-15);
  assert_close(THRandom_cauchy(g, 1, 0.5), 1 + 0.5 * tan(M_PI * (u01(d[1]) - 0.5)), 1e-15);
  assert_int_equal(THRandom_geometric(g, 0.3), (int)(log(1 - u01(d[2])) / log(0.3)) + 1);
  assert_int_equal(THRandom_bernoulli(g, 0.4), u01(d[3]) <= 0.4);
  assert_int_equal(THRandom_bernoulli(g, 1), 1);
  assert_int_equal(THRandom_bernoulli(g, 0), d[5] == 0);
  /* logNormal(m, s) = exp(normal(m, s)), the final Torch7's definition */
  double m = 2, s = 0.5;
  double z = sqrt(-2 * log(1 - u01(d[7]))) * cos(TWO_PI * u01(d[6]));
  assert_close(THRandom_logNormal(g, m, s), exp(z * s + m), 1e-14);
  THGenerator_free(g);
}

static void moments(const double *x, int n, double *mean, double *var) {
  double s = 0, ss = 0;
  for (int i = 0; i < n; i++) s += x[i];
  *mean = s / n;
  for (int i = 0; i < n; i++) ss += (x[i] - *mean) * (x[i] - *mean);
  *var = ss / (n - 1);
}

/* Means within ~5 standard errors, variances within a few percent, over 100k draws. */
static void test_distribution_moments(void **state) {
  (void)state;
  enum { n = 100000 };
  double *x = malloc(sizeof(double) * n), mean, var;
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 31337);

  for (int i = 0; i < n; i++) x[i] = THRandom_uniform(g, -1, 3);
  moments(x, n, &mean, &var);
  assert_close(mean, 1, 0.02);
  assert_close(var, 16.0 / 12, 0.03);

  for (int i = 0; i < n; i++) x[i] = THRandom_normal(g, 2, 3);
  moments(x, n, &mean, &var);
  assert_true(fabs(mean - 2) < 5 * 3 / sqrt(n));
  assert_close(var, 9, 0.03);

  for (int i = 0; i < n; i++) x[i] = THRandom_exponential(g, 4);
  moments(x, n, &mean, &var);
  assert_close(mean, 0.25, 0.02);
  assert_close(var, 1.0 / 16, 0.05);

  for (int i = 0; i < n; i++) x[i] = THRandom_geometric(g, 0.6); /* P(k) = 0.4 * 0.6^(k-1) */
  moments(x, n, &mean, &var);
  assert_close(mean, 1 / 0.4, 0.02);
  assert_close(var, 0.6 / (0.4 * 0.4), 0.05);

  for (int i = 0; i < n; i++) x[i] = THRandom_bernoulli(g, 0.3);
  moments(x, n, &mean, &var);
  assert_true(fabs(mean - 0.3) < 5 * sqrt(0.21 / n));

  /* exp(N(0.5, 0.25^2)): mean exp(m + s^2 / 2), variance (exp(s^2) - 1) exp(2 m + s^2) */
  for (int i = 0; i < n; i++) x[i] = THRandom_logNormal(g, 0.5, 0.25);
  moments(x, n, &mean, &var);
  assert_close(mean, exp(0.5 + 0.03125), 0.01);
  assert_close(var, (exp(0.0625) - 1) * exp(1.0625), 0.05);

  /* Cauchy: no moments; the median and quartiles are median -+ sigma */
  int below = 0, inner = 0;
  for (int i = 0; i < n; i++) {
    double c = THRandom_cauchy(g, 5, 2);
    below += c < 5;
    inner += c > 3 && c < 7;
  }
  assert_true(fabs(below - n / 2) < 5 * sqrt(n * 0.25));
  assert_true(fabs(inner - n / 2) < 5 * sqrt(n * 0.25));
  THGenerator_free(g);
  free(x);
}

static void test_scalar_bad_args(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  assert_th_error(THRandom_normal(g, 0, 0), "standard deviation must be > 0");
  assert_th_error(THRandom_normal(g, 0, -1), "standard deviation");
  assert_th_error(THRandom_exponential(g, 0), "lambda must be > 0");
  assert_th_error(THRandom_cauchy(g, 0, -2), "sigma must be > 0");
  assert_th_error(THRandom_logNormal(g, 1, 0), "standard deviation must be > 0");
  assert_th_error(THRandom_geometric(g, 1), "p must be in (0, 1)");
  assert_th_error(THRandom_geometric(g, 0), "p must be in (0, 1)");
  assert_th_error(THRandom_bernoulli(g, 1.5), "p must be in [0, 1]");
  assert_th_error(THRandom_bernoulli(g, NAN), "p must be in [0, 1]");
  assert_th_error(THRandom_random(NULL), "generator is NULL");
  assert_th_error(THRandom_manualSeed(NULL, 3), "generator is NULL");
  /* a mean <= 0 is fine: it is the mean of the logarithm */
  THRandom_manualSeed(g, 20);
  for (int i = 0; i < 4; i++) assert_close(THRandom_logNormal(g, -1, 0.5), log_normal_seed20[i], 1e-15);
  /* still works, and the failed calls drew nothing */
  THRandom_manualSeed(g, 5489);
  assert_th_error(THRandom_normal(g, 0, 0), "standard deviation");
  assert_int_equal(THRandom_random(g), 3499211612UL);
  THGenerator_free(g);
}

/* ---------------------------------------------------------------- RNG state as bytes */

static void test_rng_state_roundtrip(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 77);
  for (int i = 0; i < 700; i++) THRandom_random(g); /* past a block boundary */
  THRandom_normal(g, 0, 1);                         /* a cached normal is part of the state */
  THByteTensor *st = THByteTensor_new();
  THByteTensor_getRNGState(g, st);
  assert_int_equal(THByteTensor_nDimension(st), 1);
  assert_int_equal(THByteTensor_size(st, 0), sizeof(THGenerator));
  assert_memory_equal(THByteTensor_data(st), g, sizeof(THGenerator));

  double want[6];
  for (int i = 0; i < 3; i++) want[i] = THRandom_normal(g, 0, 1);
  for (int i = 3; i < 6; i++) want[i] = (double)THRandom_random(g);

  THGenerator *h = THGenerator_new();
  THByteTensor_setRNGState(h, st);
  for (int i = 0; i < 3; i++) assert_true(THRandom_normal(h, 0, 1) == want[i]);
  for (int i = 3; i < 6; i++) assert_true((double)THRandom_random(h) == want[i]);

  /* a state held in a non-contiguous tensor (every other byte of a bigger one) */
  THByteTensor *big = THByteTensor_newWithSize1d(2 * (long)sizeof(THGenerator));
  THByteTensor *view = THByteTensor_newWithStorage1d(THByteTensor_storage(big), 0, sizeof(THGenerator), 2);
  THByteTensor_getRNGState(g, view);
  THRandom_manualSeed(h, 1);
  THByteTensor_setRNGState(h, view);
  assert_int_equal(THRandom_random(h), THRandom_random(g));

  /* wrong size, invalid contents */
  THByteTensor *small = THByteTensor_newWithSize1d(10);
  assert_th_error(THByteTensor_setRNGState(h, small), "must hold 5048 bytes");
  THByteTensor_getRNGState(g, st);
  ((THGenerator *)(void *)THByteTensor_data(st))->left = 0;
  assert_th_error(THByteTensor_setRNGState(h, st), "not a valid generator state");
  THByteTensor_getRNGState(g, st);
  ((THGenerator *)(void *)THByteTensor_data(st))->seeded = 0;
  assert_th_error(THByteTensor_setRNGState(h, st), "not a valid generator state");
  /* h is unchanged by the failures */
  assert_int_equal(THRandom_random(h), THRandom_random(g));
  THByteTensor_free(small);
  THByteTensor_free(view);
  THByteTensor_free(big);
  THByteTensor_free(st);
  THGenerator_free(g);
  THGenerator_free(h);
}

/* ---------------------------------------------------------------- tensor fills */

/* A fill after manualSeed(seed) equals the same scalar calls in row-major order, on a
 * transposed (non-contiguous) view too. */
static void test_tensor_fill_order(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  THDoubleTensor *t = THDoubleTensor_newWithSize2d(4, 3);
  THDoubleTensor *tt = THDoubleTensor_newTranspose(t, 0, 1); /* 3 x 4, strides (1, 3) */
  double want[12];

  THRandom_manualSeed(g, 5);
  for (int i = 0; i < 12; i++) want[i] = THRandom_uniform(g, -2, 2);
  THRandom_manualSeed(g, 5);
  THDoubleTensor_uniform(tt, g, -2, 2);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) assert_true(THDoubleTensor_get2d(tt, i, j) == want[i * 4 + j]);

  THRandom_manualSeed(g, 6);
  for (int i = 0; i < 12; i++) want[i] = THRandom_normal(g, 1, 0.5);
  THRandom_manualSeed(g, 6);
  THDoubleTensor_normal(tt, g, 1, 0.5);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) assert_true(THDoubleTensor_get2d(tt, i, j) == want[i * 4 + j]);

#define CHECK_FILL(CALL_T, CALL_S)                         \
  THRandom_manualSeed(g, 8);                               \
  for (int i = 0; i < 12; i++) want[i] = (double)(CALL_S); \
  THRandom_manualSeed(g, 8);                               \
  CALL_T;                                                  \
  for (int i = 0; i < 12; i++) assert_true(THDoubleTensor_data(t)[i] == want[i]);
  CHECK_FILL(THDoubleTensor_exponential(t, g, 3), THRandom_exponential(g, 3))
  CHECK_FILL(THDoubleTensor_cauchy(t, g, -1, 2), THRandom_cauchy(g, -1, 2))
  CHECK_FILL(THDoubleTensor_logNormal(t, g, 3, 1), THRandom_logNormal(g, 3, 1))
  CHECK_FILL(THDoubleTensor_geometric(t, g, 0.7), THRandom_geometric(g, 0.7))
  CHECK_FILL(THDoubleTensor_bernoulli(t, g, 0.5), THRandom_bernoulli(g, 0.5))
  CHECK_FILL(THDoubleTensor_random(t, g), THRandom_random(g))
  CHECK_FILL(THDoubleTensor_uniform(t, g, 5, 6), THRandom_uniform(g, 5, 6))
#undef CHECK_FILL

  /* the Float versions round the same draws */
  THFloatTensor *f = THFloatTensor_newWithSize1d(12);
  THRandom_manualSeed(g, 9);
  for (int i = 0; i < 12; i++) want[i] = THRandom_normal(g, 0, 1);
  THRandom_manualSeed(g, 9);
  THFloatTensor_normal(f, g, 0, 1);
  for (int i = 0; i < 12; i++) assert_true(THFloatTensor_data(f)[i] == (float)want[i]);

  /* an empty tensor draws nothing */
  THDoubleTensor *e = THDoubleTensor_new();
  THRandom_manualSeed(g, 5489);
  THDoubleTensor_uniform(e, g, 0, 1);
  THDoubleTensor_normal(e, g, 0, 1);
  assert_int_equal(THRandom_random(g), 3499211612UL);

  THDoubleTensor_free(e);
  THFloatTensor_free(f);
  THDoubleTensor_free(tt);
  THDoubleTensor_free(t);
  THGenerator_free(g);
}

/* random(): draw modulo the count of non-negative values of the type. */
static void test_tensor_random_per_type(void **state) {
  (void)state;
  enum { n = 64 };
  unsigned long d[n];
  raw_draws(11, d, n);
  THGenerator *g = THGenerator_new();
#define CHECK_RANDOM(Name, T, MOD)                                                             \
  {                                                                                            \
    TH##Name##Tensor *t = TH##Name##Tensor_newWithSize1d(n);                                   \
    THRandom_manualSeed(g, 11);                                                                \
    TH##Name##Tensor_random(t, g);                                                             \
    for (int i = 0; i < n; i++) assert_true(TH##Name##Tensor_data(t)[i] == (T)(d[i] % (MOD))); \
    TH##Name##Tensor_free(t);                                                                  \
  }
  CHECK_RANDOM(Byte, unsigned char, 256UL)
  CHECK_RANDOM(Char, char, 128UL)
  CHECK_RANDOM(Short, short, 32768UL)
  CHECK_RANDOM(Int, int, 2147483648UL)
  CHECK_RANDOM(Long, long, 1UL << 63)
  CHECK_RANDOM(Float, float, (1UL << 24) + 1)
  CHECK_RANDOM(Double, double, (1UL << 53) + 1)
#undef CHECK_RANDOM

  /* Torch7's values from the Python model: Long (and Float, Double) hold the 32-bit draw itself */
  unsigned long d7[N(random_draws_seed7)];
  raw_draws(7, d7, N(d7));
  assert_memory_equal(d7, random_draws_seed7, sizeof random_draws_seed7);
#define CHECK_GOLDEN(Name, WANT)                                                           \
  {                                                                                        \
    TH##Name##Tensor *t = TH##Name##Tensor_newWithSize1d(N(WANT));                         \
    THRandom_manualSeed(g, 7);                                                             \
    TH##Name##Tensor_random(t, g);                                                         \
    for (size_t i = 0; i < N(WANT); i++) assert_true(TH##Name##Tensor_data(t)[i] == (WANT)[i]); \
    TH##Name##Tensor_free(t);                                                              \
  }
  CHECK_GOLDEN(Char, random_char_seed7)
  CHECK_GOLDEN(Short, random_short_seed7)
  CHECK_GOLDEN(Int, random_int_seed7)
  CHECK_GOLDEN(Long, random_draws_seed7)
  CHECK_GOLDEN(Double, random_draws_seed7)
#undef CHECK_GOLDEN
  THGenerator_free(g);
}

/* clampedRandom(min, max): min + draw % (max - min) with one 32-bit draw, including a negative
 * min on the float types (Torch7 gave ~1.8e19 there). */
static void test_clamped_and_capped_random(void **state) {
  (void)state;
  enum { n = 200 };
  unsigned long d[n];
  raw_draws(12, d, n);
  THGenerator *g = THGenerator_new();
  int negatives = 0;
#define CHECK_CLAMPED(Name, T, MIN, MAX)                                                  \
  {                                                                                       \
    TH##Name##Tensor *t = TH##Name##Tensor_newWithSize2d(n / 10, 10);                     \
    THRandom_manualSeed(g, 12);                                                           \
    TH##Name##Tensor_clampedRandom(t, g, MIN, MAX);                                       \
    for (int i = 0; i < n; i++) {                                                         \
      T v = TH##Name##Tensor_data(t)[i];                                                  \
      assert_true(v == (T)((long)(MIN) + (long)(d[i] % (unsigned long)((MAX) - (MIN))))); \
      assert_true(v >= (MIN) && v < (MAX));                                               \
      negatives += v < 0;                                                                 \
    }                                                                                     \
    TH##Name##Tensor_free(t);                                                             \
  }
  CHECK_CLAMPED(Float, float, -10, 10)
  CHECK_CLAMPED(Double, double, -1000, -990)
  CHECK_CLAMPED(Long, long, -5, 5)
  CHECK_CLAMPED(Char, char, -128, 128)
  CHECK_CLAMPED(Byte, unsigned char, 0, 256)
  CHECK_CLAMPED(Short, short, 100, 103)
#undef CHECK_CLAMPED
  assert_true(negatives > n); /* Float, Double, Long and Char drew negative values */

  /* cappedRandom(max) == clampedRandom(0, max) */
  THIntTensor *a = THIntTensor_newWithSize1d(50), *b = THIntTensor_newWithSize1d(50);
  THRandom_manualSeed(g, 3);
  THIntTensor_cappedRandom(a, g, 7);
  THRandom_manualSeed(g, 3);
  THIntTensor_clampedRandom(b, g, 0, 7);
  assert_memory_equal(THIntTensor_data(a), THIntTensor_data(b), 50 * sizeof(int));

  /* Torch7's values from the Python model, every integer type: one 32-bit draw per element for
   * every range, so a range wider than 2^32 gives min + draw */
  THLongTensor *l = THLongTensor_new();
#define CHECK_CLAMPED_GOLDEN(Name, SEED, MIN, MAX, WANT)                                   \
  {                                                                                        \
    TH##Name##Tensor *t = TH##Name##Tensor_newWithSize1d(N(WANT));                         \
    THRandom_manualSeed(g, SEED);                                                          \
    TH##Name##Tensor_clampedRandom(t, g, MIN, MAX);                                        \
    for (size_t i = 0; i < N(WANT); i++) assert_true(TH##Name##Tensor_data(t)[i] == (WANT)[i]); \
    TH##Name##Tensor_free(t);                                                              \
  }
  CHECK_CLAMPED_GOLDEN(Long, 12, -(1L << 40), 1L << 40, clamped_long_wide)
  CHECK_CLAMPED_GOLDEN(Long, 14, LONG_MIN, LONG_MAX, clamped_long_full)
  CHECK_CLAMPED_GOLDEN(Int, 15, INT_MIN, INT_MAX, clamped_int)
  CHECK_CLAMPED_GOLDEN(Short, 16, -300, 300, clamped_short)
  CHECK_CLAMPED_GOLDEN(Char, 17, -128, 128, clamped_char)
  CHECK_CLAMPED_GOLDEN(Byte, 18, 3, 250, clamped_byte)
  /* a negative minimum on Double: ember's fix (Torch7 gave ~1.8e19); still one draw each */
  CHECK_CLAMPED_GOLDEN(Double, 19, -1000, -990, clamped_double_negative)
  CHECK_CLAMPED_GOLDEN(Float, 19, -1000, -990, clamped_double_negative)
#undef CHECK_CLAMPED_GOLDEN
  THLongTensor_resize1d(l, N(capped_long_wide));
  THRandom_manualSeed(g, 13);
  THLongTensor_cappedRandom(l, g, 1L << 62);
  assert_memory_equal(THLongTensor_data(l), capped_long_wide, sizeof capped_long_wide);
  /* the wide range drew exactly one 32-bit word per element: the generator is in step */
  unsigned long after[N(capped_long_wide) + 1];
  raw_draws(13, after, N(after));
  assert_int_equal(THRandom_random(g), after[N(capped_long_wide)]);

  assert_th_error(THIntTensor_clampedRandom(a, g, 5, 5), "max must be greater than min");
  assert_th_error(THByteTensor_clampedRandom((THByteTensor *)NULL, g, 0, 5), "self is NULL");
  THByteTensor *by = THByteTensor_newWithSize1d(3);
  assert_th_error(THByteTensor_clampedRandom(by, g, 0, 300), "does not fit the type's range [0, 255]");
  assert_th_error(THByteTensor_clampedRandom(by, g, -1, 5), "does not fit");
  assert_th_error(THByteTensor_cappedRandom(by, g, 0), "max must be > 0");
  assert_th_error(THByteTensor_cappedRandom(by, g, 257), "does not fit");
  assert_th_error(THByteTensor_random(by, NULL), "generator is NULL");
  THByteTensor_free(by);
  THLongTensor_free(l);
  THIntTensor_free(a);
  THIntTensor_free(b);
  THGenerator_free(g);
}

/* bernoulli with a probability per element: element i is (u_i <= p_i). */
static void test_bernoulli_tensor_probabilities(void **state) {
  (void)state;
  float pf[] = {0, 1, 0.5f, 0.25f, 0.75f, 0.1f};
  double pd[] = {1, 0, 0.5, 0.9, 0.3, 0.6};
  unsigned long d[6];
  raw_draws(13, d, 6);
  THGenerator *g = THGenerator_new();
  THFloatTensor *p = th_test_float(pf, 2, 3, 0, 0);
  THDoubleTensor *q = th_test_double(pd, 6, 0, 0, 0);
  THByteTensor *r = THByteTensor_newWithSize2d(3, 2);
  THRandom_manualSeed(g, 13);
  THByteTensor_bernoulli_FloatTensor(r, g, p);
  for (int i = 0; i < 6; i++) assert_int_equal(THByteTensor_data(r)[i], u01(d[i]) <= (double)pf[i]);
  THLongTensor *s = THLongTensor_newWithSize1d(6);
  THRandom_manualSeed(g, 13);
  THLongTensor_bernoulli_DoubleTensor(s, g, q);
  for (int i = 0; i < 6; i++) assert_int_equal(THLongTensor_data(s)[i], u01(d[i]) <= pd[i]);

  /* in place on the probabilities (self == p) */
  THRandom_manualSeed(g, 13);
  THDoubleTensor_bernoulli_DoubleTensor(q, g, q);
  for (int i = 0; i < 6; i++) assert_true(THDoubleTensor_data(q)[i] == (u01(d[i]) <= pd[i]));

  THDoubleTensor_data(q)[2] = 1.5;
  assert_th_error(THLongTensor_bernoulli_DoubleTensor(s, g, q), "1 probabilities are outside [0, 1]");
  THLongTensor_resize1d(s, 5);
  assert_th_error(THLongTensor_bernoulli_FloatTensor(s, g, p),
                  "self has 5 elements but the probabilities have 6");
  assert_th_error(THLongTensor_bernoulli(s, g, -0.1), "p must be in [0, 1]");
  assert_th_error(THLongTensor_geometric(s, g, 1.0), "p must be in (0, 1)");
  THLongTensor_free(s);
  THByteTensor_free(r);
  THDoubleTensor_free(q);
  THFloatTensor_free(p);
  THGenerator_free(g);
}

/* One sequence of tensor calls after manualSeed(42) gives Torch7's numbers throughout: a Long
 * clampedRandom over a range wider than 2^32 draws one 32-bit word per element, so the geometric,
 * bernoulli, uniform, normal (with its cached second value), exponential, cauchy and logNormal
 * draws after it stay in step. Expected values: the Python model (golden/random_torch7.h). */
static void run_chain(THGenerator *g, int use_float) {
  float pf[] = {0, 1, 0.5f, 0.25f, 0.75f, 0.1f};
  double pd[] = {1, 0, 0.5, 0.9, 0.3, 0.6};
  THRandom_manualSeed(g, 42);
  THLongTensor *l = THLongTensor_newWithSize1d(3);
  long got[21];
  THLongTensor_clampedRandom(l, g, -(1L << 40), 1L << 40);
  memcpy(got, THLongTensor_data(l), 3 * sizeof(long));
  THLongTensor_geometric(l, g, 0.3);
  memcpy(got + 3, THLongTensor_data(l), 3 * sizeof(long));
  THLongTensor_bernoulli(l, g, 0.4);
  memcpy(got + 6, THLongTensor_data(l), 3 * sizeof(long));
  THFloatTensor *p = th_test_float(pf, 6, 0, 0, 0);
  THDoubleTensor *q = th_test_double(pd, 3, 2, 0, 0);
  THByteTensor *b = THByteTensor_newWithSize2d(2, 3);
  THByteTensor_bernoulli_FloatTensor(b, g, p);
  for (int i = 0; i < 6; i++) got[9 + i] = THByteTensor_data(b)[i];
  THByteTensor_bernoulli_DoubleTensor(b, g, q);
  for (int i = 0; i < 6; i++) got[15 + i] = THByteTensor_data(b)[i];
  assert_memory_equal(got, chain_integers, sizeof chain_integers);

  double reals[13];
  if (use_float) {
    THFloatTensor *t = THFloatTensor_new();
#define FLOAT_STEP(AT, COUNT, CALL)                                                \
  THFloatTensor_resize1d(t, COUNT);                                                \
  CALL;                                                                            \
  for (int i = 0; i < (COUNT); i++) reals[(AT) + i] = THFloatTensor_data(t)[i];
    FLOAT_STEP(0, 3, THFloatTensor_uniform(t, g, -2, 3))
    FLOAT_STEP(3, 3, THFloatTensor_normal(t, g, 1, 2))
    FLOAT_STEP(6, 2, THFloatTensor_exponential(t, g, 1.5))
    FLOAT_STEP(8, 2, THFloatTensor_cauchy(t, g, -1, 0.5))
    FLOAT_STEP(10, 3, THFloatTensor_logNormal(t, g, 0.5, 0.25))
#undef FLOAT_STEP
    for (int i = 0; i < 13; i++) assert_true(reals[i] == chain_reals_float[i]);
    THFloatTensor_free(t);
  } else {
    THDoubleTensor *t = THDoubleTensor_new();
#define DOUBLE_STEP(AT, COUNT, CALL)                                               \
  THDoubleTensor_resize1d(t, COUNT);                                               \
  CALL;                                                                            \
  for (int i = 0; i < (COUNT); i++) reals[(AT) + i] = THDoubleTensor_data(t)[i];
    DOUBLE_STEP(0, 3, THDoubleTensor_uniform(t, g, -2, 3))
    DOUBLE_STEP(3, 3, THDoubleTensor_normal(t, g, 1, 2))
    DOUBLE_STEP(6, 2, THDoubleTensor_exponential(t, g, 1.5))
    DOUBLE_STEP(8, 2, THDoubleTensor_cauchy(t, g, -1, 0.5))
    DOUBLE_STEP(10, 3, THDoubleTensor_logNormal(t, g, 0.5, 0.25))
#undef DOUBLE_STEP
    /* the same libm on both sides: equal up to the last bit or two of the transcendental ones */
    for (int i = 0; i < 13; i++) assert_close(reals[i], chain_reals[i], 1e-15);
    THDoubleTensor_free(t);
  }
  assert_int_equal(THRandom_random(g), chain_next_draw[0]);
  THByteTensor_free(b);
  THDoubleTensor_free(q);
  THFloatTensor_free(p);
  THLongTensor_free(l);
}

static void test_sequence_in_step_with_torch7(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  run_chain(g, 0);
  run_chain(g, 1);
  THGenerator_free(g);
}

/* normal_means / _stddevs / _means_stddevs: element i = z_i * stddev_i + mean_i. */
static void test_normal_with_tensor_parameters(void **state) {
  (void)state;
  double means[] = {0, 10, -5, 100}, stds[] = {1, 0.5, 0, 2};
  double z[4];
  THGenerator *g = THGenerator_new();
  THRandom_manualSeed(g, 14);
  for (int i = 0; i < 4; i++) z[i] = THRandom_normal(g, 0, 1);
  THDoubleTensor *m = th_test_double(means, 2, 2, 0, 0), *s = th_test_double(stds, 4, 0, 0, 0);
  THDoubleTensor *r = THDoubleTensor_new();

  THRandom_manualSeed(g, 14);
  THDoubleTensor_normal_means(r, g, m, 3);
  assert_int_equal(THDoubleTensor_nDimension(r), 2);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(r)[i], z[i] * 3 + means[i], 1e-15);

  THRandom_manualSeed(g, 14);
  THDoubleTensor_normal_stddevs(r, g, 7, s);
  assert_int_equal(THDoubleTensor_nDimension(r), 1);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(r)[i], z[i] * stds[i] + 7, 1e-15);
  assert_true(THDoubleTensor_data(r)[2] == 7); /* stddev 0 gives the mean */

  THRandom_manualSeed(g, 14);
  THDoubleTensor_normal_means_stddevs(r, g, m, s);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(r)[i], z[i] * stds[i] + means[i], 1e-15);

  /* Float: Torch7 stored the normal draws as float, then multiplied and added in float */
  float fmeans[] = {0.1f, 10, -5, 100}, fstds[] = {1.5f, 0.3f, 0, 2};
  THFloatTensor *fm = th_test_float(fmeans, 4, 0, 0, 0), *fs = th_test_float(fstds, 4, 0, 0, 0);
  THFloatTensor *fr = THFloatTensor_new();
  double z3[4];
  THRandom_manualSeed(g, 14);
  for (int i = 0; i < 4; i++) z3[i] = THRandom_normal(g, 0, 3);
  THRandom_manualSeed(g, 14);
  THFloatTensor_normal_means(fr, g, fm, 3);
  for (int i = 0; i < 4; i++) assert_true(THFloatTensor_data(fr)[i] == (float)((float)z3[i] + fmeans[i]));
  THRandom_manualSeed(g, 14);
  THFloatTensor_normal_stddevs(fr, g, 0.7, fs);
  for (int i = 0; i < 4; i++)
    assert_true(THFloatTensor_data(fr)[i] == (float)((float)((float)z[i] * fstds[i]) + 0.7f));
  THRandom_manualSeed(g, 14);
  THFloatTensor_normal_means_stddevs(fr, g, fm, fs);
  for (int i = 0; i < 4; i++)
    assert_true(THFloatTensor_data(fr)[i] == (float)((float)((float)z[i] * fstds[i]) + fmeans[i]));
  THFloatTensor_free(fr);
  THFloatTensor_free(fs);
  THFloatTensor_free(fm);

  /* in place: self == means */
  THRandom_manualSeed(g, 14);
  THDoubleTensor_normal_means(m, g, m, 1);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(m)[i], z[i] + means[i], 1e-15);

  THDoubleTensor_data(s)[1] = -1;
  assert_th_error(THDoubleTensor_normal_stddevs(r, g, 0, s), "1 standard deviations are negative or NaN");
  assert_th_error(THDoubleTensor_normal_means(r, g, m, 0), "standard deviation must be > 0");
  THDoubleTensor_resize1d(s, 3);
  assert_th_error(THDoubleTensor_normal_means_stddevs(r, g, m, s), "means has 4 elements but stddevs has 3");
  assert_th_error(THDoubleTensor_normal(r, g, 0, -1), "standard deviation must be > 0");
  assert_th_error(THDoubleTensor_exponential(r, g, -1), "lambda must be > 0");
  assert_th_error(THDoubleTensor_cauchy(r, g, 0, 0), "sigma must be > 0");
  assert_th_error(THFloatTensor_logNormal((THFloatTensor *)NULL, g, 1, 1), "self is NULL");
  assert_th_error(THDoubleTensor_logNormal(r, g, 1, 0), "standard deviation must be > 0");
  THDoubleTensor_resize1d(r, 4);
  THRandom_manualSeed(g, 20);
  THDoubleTensor_logNormal(r, g, -1, 0.5);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(r)[i], log_normal_seed20[i], 1e-15);
  THDoubleTensor_free(r);
  THDoubleTensor_free(m);
  THDoubleTensor_free(s);
  THGenerator_free(g);
}

/* The Float uniform stays below b although the double draw may round up to it in float. */
static void test_float_uniform_below_upper(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  THFloatTensor *t = THFloatTensor_newWithSize1d(100000);
  THRandom_manualSeed(g, 15);
  /* [1, 1 + 2^-22) holds the floats 1 and 1 + 2^-23: draws with u < 1/4 round to 1, the
   * others to 1 + 2^-23, or (u >= 3/4) to the upper bound 1 + 2^-22, which is moved down */
  double b = 1 + ldexp(1, -22);
  THFloatTensor_uniform(t, g, 1, b);
  int at_one = 0;
  for (int i = 0; i < 100000; i++) {
    float v = THFloatTensor_data(t)[i];
    assert_true(v >= 1 && v < (float)b);
    at_one += v == 1;
  }
  assert_true(fabs(at_one - 25000) < 5 * sqrt(100000 * 0.25 * 0.75));
  THFloatTensor_free(t);
  THGenerator_free(g);
}

static void test_rand_randn(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  THLongStorage *size = THLongStorage_newWithSize2(2, 5);
  THFloatTensor *r = THFloatTensor_new();
  double want[10];
  THRandom_manualSeed(g, 16);
  for (int i = 0; i < 10; i++) want[i] = THRandom_uniform(g, 0, 1);
  THRandom_manualSeed(g, 16);
  THFloatTensor_rand(r, g, size);
  assert_int_equal(THFloatTensor_nDimension(r), 2);
  assert_int_equal(THFloatTensor_size(r, 0), 2);
  assert_int_equal(THFloatTensor_size(r, 1), 5);
  for (int i = 0; i < 10; i++) assert_true(THFloatTensor_data(r)[i] == (float)want[i]);

  THDoubleTensor *n = THDoubleTensor_new();
  THRandom_manualSeed(g, 16);
  for (int i = 0; i < 10; i++) want[i] = THRandom_normal(g, 0, 1);
  THRandom_manualSeed(g, 16);
  THDoubleTensor_randn(n, g, size);
  assert_int_equal(THDoubleTensor_size(n, 1), 5);
  for (int i = 0; i < 10; i++) assert_true(THDoubleTensor_data(n)[i] == want[i]);
  assert_th_error(THDoubleTensor_randn(n, g, NULL), "size is NULL");
  THDoubleTensor_free(n);
  THFloatTensor_free(r);
  THLongStorage_free(size);
  THGenerator_free(g);
}

/* randperm: 0..n-1 (a returned index, 0-based as Torch7's C returned it) in Fisher-Yates order:
 * position i swaps with i + draw % (n - i). */
static void test_randperm(void **state) {
  (void)state;
  enum { n = 100 };
  unsigned long d[n];
  raw_draws(17, d, n);
  long want[n];
  for (long i = 0; i < n; i++) want[i] = i;
  for (long i = 0; i < n - 1; i++) {
    long z = i + (long)(d[i] % (unsigned long)(n - i)), tmp = want[i];
    want[i] = want[z];
    want[z] = tmp;
  }
  THGenerator *g = THGenerator_new();
  THLongTensor *p = THLongTensor_new();
  THRandom_manualSeed(g, 17);
  THLongTensor_randperm(p, g, n);
  assert_int_equal(THLongTensor_nDimension(p), 1);
  assert_memory_equal(THLongTensor_data(p), want, sizeof want);
  int seen[n] = {0};
  for (int i = 0; i < n; i++) seen[THLongTensor_data(p)[i]]++;
  for (int i = 0; i < n; i++) assert_int_equal(seen[i], 1);

  /* Torch7's permutation of 10 from the Python model */
  THRandom_manualSeed(g, 17);
  THLongTensor_randperm(p, g, 10);
  assert_memory_equal(THLongTensor_data(p), randperm_10_seed17, sizeof randperm_10_seed17);

  THFloatTensor *f = THFloatTensor_new();
  THRandom_manualSeed(g, 17);
  THFloatTensor_randperm(f, g, n);
  for (int i = 0; i < n; i++) assert_true(THFloatTensor_data(f)[i] == (float)want[i]);

  /* a Byte holds 0..255: n up to 256 */
  THByteTensor *b = THByteTensor_new();
  THByteTensor_randperm(b, g, 1);
  assert_int_equal(THByteTensor_data(b)[0], 0);
  THByteTensor_randperm(b, g, 256);
  int byte_seen[256] = {0};
  for (int i = 0; i < 256; i++) byte_seen[THByteTensor_data(b)[i]]++;
  for (int i = 0; i < 256; i++) assert_int_equal(byte_seen[i], 1);
  assert_th_error(THByteTensor_randperm(b, g, 257), "n - 1 <= 255");
  assert_th_error(THLongTensor_randperm(p, g, 0), "n must be >= 1");
  THByteTensor_free(b);
  THFloatTensor_free(f);
  THLongTensor_free(p);
  THGenerator_free(g);
}

/* ---------------------------------------------------------------- multinomial */

static void test_multinomial_with_replacement(void **state) {
  (void)state;
  enum { n = 40000 };
  double w[] = {1, 2, 0, 3, 4}; /* unnormalised, with a zero */
  THGenerator *g = THGenerator_new();
  THDoubleTensor *p = th_test_double(w, 5, 0, 0, 0);
  THLongTensor *r = THLongTensor_new();

  /* Torch7's first draws, 0-based, from the Python model */
  THRandom_manualSeed(g, 18);
  THDoubleTensor_multinomial(r, g, p, 12, 1);
  assert_int_equal(THLongTensor_nDimension(r), 1);
  assert_int_equal(THLongTensor_size(r, 0), 12);
  assert_memory_equal(THLongTensor_data(r), multinomial_with_seed18, sizeof multinomial_with_seed18);

  /* frequencies */
  THDoubleTensor_multinomial(r, g, p, n, 1);
  int count[5] = {0};
  for (int i = 0; i < n; i++) {
    long c = THLongTensor_data(r)[i];
    assert_true(c >= 0 && c < 5);
    count[c]++;
  }
  assert_int_equal(count[2], 0);
  for (int c = 0; c < 5; c++) {
    double pc = w[c] / 10;
    assert_true(fabs(count[c] - n * pc) <= 5 * sqrt(n * pc * (1 - pc)) + 1e-9);
  }

  /* 2-D: rows drawn one after the other */
  double rows[] = {0.2, 0.3, 0.5, 0.6, 0.0, 0.4};
  THDoubleTensor *rp = th_test_double(rows, 2, 3, 0, 0);
  THRandom_manualSeed(g, 19);
  THDoubleTensor_multinomial(r, g, rp, 5, 1);
  assert_int_equal(THLongTensor_size(r, 0), 2);
  assert_int_equal(THLongTensor_size(r, 1), 5);
  for (int i = 0; i < 10; i++) assert_int_equal(THLongTensor_get2d(r, i / 5, i % 5), multinomial_rows_seed19[i]);

  /* a Float, transposed (non-contiguous) one */
  float w2[] = {1, 0, 0, 1, 1, 0}; /* 3 x 2, transposed to rows {1, 0, 1} and {0, 1, 0} */
  THFloatTensor *q = th_test_float(w2, 3, 2, 0, 0);
  THFloatTensor_transpose(q, NULL, 0, 1);
  THFloatTensor_multinomial(r, g, q, 50, 1);
  assert_int_equal(THLongTensor_size(r, 0), 2);
  assert_int_equal(THLongTensor_size(r, 1), 50);
  for (int i = 0; i < 50; i++) {
    long a = THLongTensor_get2d(r, 0, i), b = THLongTensor_get2d(r, 1, i);
    assert_true(a == 0 || a == 2);
    assert_int_equal(b, 1);
  }
  THFloatTensor_free(q);
  THDoubleTensor_free(rp);
  THLongTensor_free(r);
  THDoubleTensor_free(p);
  THGenerator_free(g);
}

static void test_multinomial_without_replacement(void **state) {
  (void)state;
  double w[] = {0.1, 0, 0.5, 0.4};
  THGenerator *g = THGenerator_new();
  THDoubleTensor *p = th_test_double(w, 4, 0, 0, 0);
  THLongTensor *r = THLongTensor_new();
  THRandom_manualSeed(g, 19);
  for (int rep = 0; rep < 200; rep++) {
    THDoubleTensor_multinomial(r, g, p, 3, 0);
    long *x = THLongTensor_data(r);
    assert_true(x[0] != x[1] && x[0] != x[2] && x[1] != x[2]);
    for (int i = 0; i < 3; i++) assert_true(x[i] == 0 || x[i] == 2 || x[i] == 3);
  }

  /* Torch7's draws from the Python model: four calls of 4 samples from 5 positive weights */
  double w6[] = {0.1, 0.0, 0.5, 0.4, 0.25, 0.05};
  THDoubleTensor *p6 = th_test_double(w6, 6, 0, 0, 0);
  THRandom_manualSeed(g, 21);
  for (int call = 0; call < 4; call++) {
    THDoubleTensor_multinomial(r, g, p6, 4, 0);
    assert_memory_equal(THLongTensor_data(r), multinomial_without_seed21 + 4 * call, 4 * sizeof(long));
  }
  float wf[] = {0.3f, 0.1f, 0.2f, 0.4f};
  THFloatTensor *pf = th_test_float(wf, 4, 0, 0, 0);
  THRandom_manualSeed(g, 22);
  THFloatTensor_multinomial(r, g, pf, 4, 0);
  assert_memory_equal(THLongTensor_data(r), multinomial_without_float_seed22,
                      sizeof multinomial_without_float_seed22);

  /* first-draw frequencies without replacement are the plain probabilities */
  int count[4] = {0};
  for (int rep = 0; rep < 20000; rep++) {
    THDoubleTensor_multinomial(r, g, p, 1, 0);
    count[THLongTensor_data(r)[0]]++;
  }
  assert_true(fabs(count[2] - 10000) < 5 * sqrt(20000 * 0.25));

  assert_th_error(THDoubleTensor_multinomial(r, g, p, 4, 0),
                  "which has 3 categories of positive probability");
  assert_th_error(THDoubleTensor_multinomial(r, g, p, 0, 1), "n_sample must be > 0");
  THDoubleTensor_data(p)[1] = -0.5;
  assert_th_error(THDoubleTensor_multinomial(r, g, p, 1, 1), "entry 2 of row 1 is -0.5");
  THDoubleTensor_data(p)[1] = NAN;
  assert_th_error(THDoubleTensor_multinomial(r, g, p, 1, 1), "invalid distribution");
  double zeros[] = {0, 0, 1, 0, 0, 0};
  THDoubleTensor *z = th_test_double(zeros, 2, 3, 0, 0);
  assert_th_error(THDoubleTensor_multinomial(r, g, z, 1, 1), "row 2 sums to 0");
  THDoubleTensor *cube = THDoubleTensor_newWithSize3d(2, 2, 2);
  assert_th_error(THDoubleTensor_multinomial(r, g, cube, 1, 1), "must be 1-D or 2-D, got 3-D");
  /* still works after the errors */
  THRandom_manualSeed(g, 22);
  THFloatTensor_multinomial(r, g, pf, 4, 0);
  assert_memory_equal(THLongTensor_data(r), multinomial_without_float_seed22,
                      sizeof multinomial_without_float_seed22);
  THDoubleTensor_free(cube);
  THDoubleTensor_free(z);
  THFloatTensor_free(pf);
  THDoubleTensor_free(p6);
  THLongTensor_free(r);
  THDoubleTensor_free(p);
  THGenerator_free(g);
}

/* Torch7's alias tables and draws (from the Python model). Its tables are not a textbook alias
 * table: J is 0-based and 0 also means "no alias" (q set to 1), and a draw that takes the alias
 * returns J[k] - 1. */
static void test_multinomial_alias(void **state) {
  (void)state;
  THGenerator *g = THGenerator_new();
  double pd[] = {0.1, 0.05, 0.3, 0.15, 0.25, 0.15};
  enum { K = 6 };
  THDoubleTensor *p = th_test_double(pd, K, 0, 0, 0), *q = THDoubleTensor_new();
  THLongTensor *J = THLongTensor_new();
  THDoubleTensor_multinomialAliasSetup(p, J, q);
  assert_int_equal(THLongTensor_nDimension(J), 1);
  assert_int_equal(THLongTensor_size(J, 0), K);
  assert_int_equal(THDoubleTensor_size(q, 0), K);
  assert_memory_equal(THLongTensor_data(J), alias_double_J, sizeof alias_double_J);
  for (int k = 0; k < K; k++) assert_true(THDoubleTensor_data(q)[k] == alias_double_q[k]);

  /* draws: k = (long)uniform(0, K), then bernoulli(q[k]) keeps k or takes J[k] - 1 */
  THLongTensor *r = THLongTensor_newWithSize2d(4, 4);
  THRandom_manualSeed(g, 23);
  THDoubleTensor_multinomialAliasDraw(r, g, J, q);
  assert_memory_equal(THLongTensor_data(r), alias_double_draws_seed23, sizeof alias_double_draws_seed23);
  /* the same from raw draws, by the formula */
  unsigned long d[32];
  raw_draws(23, d, 32);
  for (int i = 0; i < 16; i++) {
    long k = (long)(u01(d[2 * i]) * K);
    long want = u01(d[2 * i + 1]) <= alias_double_q[k] ? k : alias_double_J[k] - 1;
    assert_int_equal(THLongTensor_data(r)[i], want);
  }

  /* Float: q computed in float; here three slots alias category 0 or nothing and get q = 1 */
  float pf[] = {0.4f, 0.05f, 0.05f, 0.3f, 0.2f};
  THFloatTensor *fp = th_test_float(pf, 5, 0, 0, 0), *fq = THFloatTensor_new();
  THFloatTensor_multinomialAliasSetup(fp, J, fq);
  assert_memory_equal(THLongTensor_data(J), alias_float_J, sizeof alias_float_J);
  for (int k = 0; k < 5; k++) assert_true(THFloatTensor_data(fq)[k] == alias_float_q[k]);
  THLongTensor_resize1d(r, 16);
  THRandom_manualSeed(g, 24);
  THFloatTensor_multinomialAliasDraw(r, g, J, fq);
  assert_memory_equal(THLongTensor_data(r), alias_float_draws_seed24, sizeof alias_float_draws_seed24);

  /* probabilities that do not sum to 1 are taken as given (q scaled by its maximum) */
  double pu[] = {1, 2, 3};
  THDoubleTensor *u = th_test_double(pu, 3, 0, 0, 0);
  THDoubleTensor_multinomialAliasSetup(u, J, q);
  assert_memory_equal(THLongTensor_data(J), alias_unnormalised_J, sizeof alias_unnormalised_J);
  for (int k = 0; k < 3; k++) assert_true(THDoubleTensor_data(q)[k] == alias_unnormalised_q[k]);

  /* q may be the probabilities themselves */
  THDoubleTensor *pp = THDoubleTensor_newClone(p);
  THDoubleTensor_multinomialAliasSetup(pp, J, pp);
  for (int k = 0; k < K; k++) assert_true(THDoubleTensor_data(pp)[k] == alias_double_q[k]);
  assert_memory_equal(THLongTensor_data(J), alias_double_J, sizeof alias_double_J);

  /* every draw is a category, over many draws */
  THLongTensor_resize1d(r, 10000);
  THDoubleTensor_multinomialAliasDraw(r, g, J, pp);
  for (int i = 0; i < 10000; i++) assert_true(THLongTensor_data(r)[i] >= 0 && THLongTensor_data(r)[i] < K);

  /* bad tables and probabilities; the library keeps working */
  THLongTensor_data(J)[2] = 7;
  assert_th_error(THDoubleTensor_multinomialAliasDraw(r, g, J, pp), "J[3] is 7 with q = 1 (expected in [0, 6])");
  THLongTensor_data(J)[2] = 0;
  THDoubleTensor_data(pp)[2] = 0.5;
  assert_th_error(THDoubleTensor_multinomialAliasDraw(r, g, J, pp), "J[3] is 0 with q = 0.5 (expected in [1, 6])");
  THDoubleTensor_data(pp)[2] = 1.5;
  assert_th_error(THDoubleTensor_multinomialAliasDraw(r, g, J, pp), "q[3] is 1.5");
  THDoubleTensor_resize1d(pp, 3);
  assert_th_error(THDoubleTensor_multinomialAliasDraw(r, g, J, pp), "J and q must be 1-D of the same size");
  THDoubleTensor_data(p)[1] = 0;
  assert_th_error(THDoubleTensor_multinomialAliasSetup(p, J, q), "entry 2 of the probabilities is 0");
  THDoubleTensor_data(p)[1] = -1;
  assert_th_error(THDoubleTensor_multinomialAliasSetup(p, J, q), "entry 2 of the probabilities is -1");
  /* positive, but so small next to 1/K that Torch7's table rounds its partner's q to 0 */
  double tiny[] = {1e-300, 0.5}; /* q = {2e-300, 1}: 1 - (1 - 2e-300) rounds to 0 */
  THDoubleTensor *t = th_test_double(tiny, 2, 0, 0, 0);
  assert_th_error(THDoubleTensor_multinomialAliasSetup(t, J, q), "q of entry 2 ended at 0");
  THDoubleTensor *m2 = THDoubleTensor_newWithSize2d(2, 2);
  assert_th_error(THDoubleTensor_multinomialAliasSetup(m2, J, q), "prob_dist must be 1-D");
  THFloatTensor_multinomialAliasSetup(fp, J, fq);
  assert_memory_equal(THLongTensor_data(J), alias_float_J, sizeof alias_float_J);
  THDoubleTensor_free(m2);
  THDoubleTensor_free(t);
  THDoubleTensor_free(pp);
  THDoubleTensor_free(u);
  THFloatTensor_free(fq);
  THFloatTensor_free(fp);
  THLongTensor_free(r);
  THLongTensor_free(J);
  THDoubleTensor_free(q);
  THDoubleTensor_free(p);
  THGenerator_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mt_reference_seed_5489),
      cmocka_unit_test(test_mt_reference_other_seeds),
      cmocka_unit_test(test_new_generator_default_seed),
      cmocka_unit_test(test_seed_and_initial_seed),
      cmocka_unit_test(test_copy_and_is_valid),
      cmocka_unit_test(test_uniform_formula),
      cmocka_unit_test(test_normal_formula_and_cache),
      cmocka_unit_test(test_other_distribution_formulas),
      cmocka_unit_test(test_distribution_moments),
      cmocka_unit_test(test_scalar_bad_args),
      cmocka_unit_test(test_rng_state_roundtrip),
      cmocka_unit_test(test_tensor_fill_order),
      cmocka_unit_test(test_tensor_random_per_type),
      cmocka_unit_test(test_clamped_and_capped_random),
      cmocka_unit_test(test_bernoulli_tensor_probabilities),
      cmocka_unit_test(test_sequence_in_step_with_torch7),
      cmocka_unit_test(test_normal_with_tensor_parameters),
      cmocka_unit_test(test_float_uniform_below_upper),
      cmocka_unit_test(test_rand_randn),
      cmocka_unit_test(test_randperm),
      cmocka_unit_test(test_multinomial_with_replacement),
      cmocka_unit_test(test_multinomial_without_replacement),
      cmocka_unit_test(test_multinomial_alias),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
