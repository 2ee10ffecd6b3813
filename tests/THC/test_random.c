/* THCRandom and THCTensorRandom. The generator is not TH's (Philox, not MT19937), so values are
 * not compared with TH one for one: the tests check reproducibility (same seed and calls, same
 * numbers, whatever the layout), moments of 1e6 draws against the distribution's (tolerances of
 * 5 to 10 standard errors), ranges, TH's checks and results where they are deterministic (alias
 * tables), and TH's alias draws' frequencies. */
#include "thc_test.h"

#define BIG 1000000L

/* Mean and (population) variance of a CPU copy of a device tensor: moments_float, moments_double. */
#define THC_MOMENTS(s, CReal, Real)                                          \
  static void moments_##s(TH##CReal##Tensor *t, double *mean, double *var) { \
    TH##Real##Tensor *h = thc_download_##s(t);                               \
    long n = (long)TH##Real##Tensor_nElement(h);                             \
    const s *d = TH##Real##Tensor_data(h);                                   \
    double s1 = 0, s2 = 0;                                                   \
    for (long i = 0; i < n; i++) s1 += d[i];                                 \
    *mean = s1 / n;                                                          \
    for (long i = 0; i < n; i++) s2 += (d[i] - *mean) * (d[i] - *mean);      \
    *var = s2 / n;                                                           \
    TH##Real##Tensor_free(h);                                                \
  }
THC_MOMENTS(float, Cuda, Float)
THC_MOMENTS(double, CudaDouble, Double)
#undef THC_MOMENTS

#define assert_within(X, WANT, TOL)                                                               \
  do {                                                                                            \
    double x_ = (X), w_ = (WANT);                                                                 \
    if (!(fabs(x_ - w_) <= (TOL))) fail_msg("%s = %.6g, expected %.6g +- %g", #X, x_, w_, (double)(TOL)); \
  } while (0)

/* The number of elements that differ between two device float tensors of the same size. */
static long count_differences(THCudaTensor *a, THCudaTensor *b) {
  THFloatTensor *ha = thc_download_float(a), *hb = thc_download_float(b);
  assert_true(THFloatTensor_isSameSizeAs(ha, hb));
  long n = (long)THFloatTensor_nElement(ha), diff = 0;
  for (long i = 0; i < n; i++) diff += THFloatTensor_data(ha)[i] != THFloatTensor_data(hb)[i];
  THFloatTensor_free(ha);
  THFloatTensor_free(hb);
  return diff;
}

/* ---------------------------------------------------------------- seeds and state */

static void test_seed_reproducibility(void **state) {
  (void)state;
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 1000);
  THCudaTensor *b = THCudaTensor_newWithSize1d(thc_state, 1000);
  THCRandom_manualSeed(thc_state, 42);
  assert_int_equal(THCRandom_initialSeed(thc_state), 42);
  THCudaTensor_uniform(thc_state, a, 0, 1);
  THCRandom_manualSeed(thc_state, 42);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);
  /* the next call draws fresh numbers */
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_true(count_differences(a, b) > 990);
  /* another seed, other numbers */
  THCRandom_manualSeed(thc_state, 43);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_true(count_differences(a, b) > 990);
  /* manualSeedAll seeds the current device too; seed() picks a seed and reports it */
  THCRandom_manualSeedAll(thc_state, 42);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);
  THCRandom_seed(thc_state);
  unsigned long s = THCRandom_initialSeed(thc_state);
  THCudaTensor_uniform(thc_state, a, 0, 1);
  THCRandom_manualSeed(thc_state, s);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);
  THCRandom_seedAll(thc_state);
  THCudaTensor_free(thc_state, a);
  THCudaTensor_free(thc_state, b);
}

/* Element i of a call depends on its row-major index only: a transposed (non-contiguous) target
 * gets, in its own row-major order, the values a contiguous one gets. */
static void test_layout_independence(void **state) {
  (void)state;
  THCudaTensor *base = THCudaTensor_newWithSize2d(thc_state, 300, 200);
  THCudaTensor *t = THCudaTensor_newTranspose(thc_state, base, 0, 1); /* 200 x 300, strides 1, 200 */
  THCudaTensor *c = THCudaTensor_newWithSize2d(thc_state, 200, 300);
  THCRandom_manualSeed(thc_state, 7);
  THCudaTensor_normal(thc_state, t, 1, 2);
  THCRandom_manualSeed(thc_state, 7);
  THCudaTensor_normal(thc_state, c, 1, 2);
  assert_int_equal(count_differences(t, c), 0);
  THC_FREE_CUDA(c, t, base);
}

static void test_rng_state_roundtrip(void **state) {
  (void)state;
  THByteTensor *saved = THByteTensor_new();
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 5000);
  THCudaTensor *b = THCudaTensor_newWithSize1d(thc_state, 5000);
  THCRandom_manualSeed(thc_state, 1234);
  THCudaTensor_uniform(thc_state, a, 0, 1); /* not at the start of the stream */
  THCRandom_getRNGState(thc_state, saved);
  assert_int_equal(saved->nDimension, 1);
  THCudaTensor_normal(thc_state, a, 0, 1);
  THCRandom_manualSeed(thc_state, 99); /* somewhere else */
  THCudaTensor_uniform(thc_state, b, 0, 1);
  THCRandom_setRNGState(thc_state, saved);
  assert_int_equal(THCRandom_initialSeed(thc_state), 1234);
  THCudaTensor_normal(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);

  THByteTensor *bad = THByteTensor_newWithSize1d(3);
  assert_th_error(THCRandom_setRNGState(thc_state, bad), "state must be");
  /* the failed call changed nothing */
  THCRandom_setRNGState(thc_state, saved);
  THCudaTensor_normal(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);
  THByteTensor_free(bad);
  THByteTensor_free(saved);
  THCudaTensor_free(thc_state, a);
  THCudaTensor_free(thc_state, b);
}

/* ---------------------------------------------------------------- continuous distributions */

static void test_uniform_range_and_moments(void **state) {
  (void)state;
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, BIG);
  THCRandom_manualSeed(thc_state, 1);
  THCudaTensor_uniform(thc_state, t, -2, 3);
  THFloatTensor *h = thc_download_float(t);
  for (long i = 0; i < BIG; i++) {
    float v = THFloatTensor_data(h)[i];
    if (!(v >= -2 && v < 3)) fail_msg("element %ld = %g is outside [-2, 3)", i, v);
  }
  THFloatTensor_free(h);
  double m, v;
  moments_float(t, &m, &v);
  assert_within(m, 0.5, 0.01);
  assert_within(v, 25.0 / 12, 0.02);

  THCudaDoubleTensor *d = THCudaDoubleTensor_newWithSize2d(thc_state, 1000, 1000);
  THCudaDoubleTensor_uniform(thc_state, d, 10, 11);
  THDoubleTensor *hd = thc_download_double(d);
  for (long i = 0; i < BIG; i++) {
    double x = THDoubleTensor_data(hd)[i];
    if (!(x >= 10 && x < 11)) fail_msg("element %ld = %.17g is outside [10, 11)", i, x);
  }
  THDoubleTensor_free(hd);
  moments_double(d, &m, &v);
  assert_within(m, 10.5, 0.002);
  assert_within(v, 1.0 / 12, 0.001);
  THCudaDoubleTensor_free(thc_state, d);
  THCudaTensor_free(thc_state, t);
}

static void test_rand_randn(void **state) {
  (void)state;
  THLongStorage *size = THLongStorage_newWithSize2(1000, 1000);
  THCudaTensor *t = THCudaTensor_new(thc_state);
  THCudaTensor_rand(thc_state, t, size);
  assert_int_equal(THCudaTensor_nDimension(thc_state, t), 2);
  assert_int_equal(THCudaTensor_size(thc_state, t, 0), 1000);
  assert_int_equal(THCudaTensor_size(thc_state, t, 1), 1000);
  double m, v;
  moments_float(t, &m, &v);
  assert_within(m, 0.5, 0.002);
  assert_within(v, 1.0 / 12, 0.001);
  THCudaTensor_randn(thc_state, t, size);
  moments_float(t, &m, &v);
  assert_within(m, 0, 0.01);
  assert_within(v, 1, 0.01);
  THCudaDoubleTensor *d = THCudaDoubleTensor_new(thc_state);
  THCudaDoubleTensor_randn(thc_state, d, size);
  assert_int_equal(THCudaDoubleTensor_nElement(thc_state, d), BIG);
  moments_double(d, &m, &v);
  assert_within(m, 0, 0.01);
  assert_within(v, 1, 0.01);
  THCudaDoubleTensor_free(thc_state, d);
  THCudaTensor_free(thc_state, t);
  THLongStorage_free(size);
}

static void test_normal_lognormal_exponential(void **state) {
  (void)state;
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, BIG);
  THCudaDoubleTensor *d = THCudaDoubleTensor_newWithSize1d(thc_state, BIG);
  double m, v;
  THCudaTensor_normal(thc_state, t, 1.5, 2);
  moments_float(t, &m, &v);
  assert_within(m, 1.5, 0.02);
  assert_within(v, 4, 0.05);
  THCudaDoubleTensor_normal(thc_state, d, -3, 0.5);
  moments_double(d, &m, &v);
  assert_within(m, -3, 0.005);
  assert_within(v, 0.25, 0.003);

  /* the parameters are those of the underlying normal (TH) */
  THCudaTensor_logNormal(thc_state, t, 0.5, 0.25);
  moments_float(t, &m, &v);
  assert_within(m, exp(0.5 + 0.25 * 0.25 / 2), 0.01);
  assert_within(v, (exp(0.0625) - 1) * exp(1 + 0.0625), 0.01);

  THCudaDoubleTensor_exponential(thc_state, d, 2);
  THDoubleTensor *h = thc_download_double(d);
  for (long i = 0; i < BIG; i++)
    if (!(THDoubleTensor_data(h)[i] >= 0)) fail_msg("exponential draw %ld = %g < 0", i, THDoubleTensor_data(h)[i]);
  THDoubleTensor_free(h);
  moments_double(d, &m, &v);
  assert_within(m, 0.5, 0.005);
  assert_within(v, 0.25, 0.01);

  /* cauchy: half the draws below the median, half within one sigma of it */
  THCudaTensor_cauchy(thc_state, t, 2, 3);
  THFloatTensor *hc = thc_download_float(t);
  long below = 0, near = 0;
  for (long i = 0; i < BIG; i++) {
    float x = THFloatTensor_data(hc)[i];
    below += x < 2;
    near += x > -1 && x < 5;
  }
  THFloatTensor_free(hc);
  assert_within((double)below / BIG, 0.5, 0.005);
  assert_within((double)near / BIG, 0.5, 0.005);
  THCudaDoubleTensor_free(thc_state, d);
  THCudaTensor_free(thc_state, t);
}

/* normal with a mean and/or a standard deviation per element: even elements get (0, 0 or 1), odd
 * ones (10, 3). self takes the parameters' sizes. */
static void test_normal_tensor_parameters(void **state) {
  (void)state;
  THFloatTensor *hm = THFloatTensor_newWithSize2d(1000, 1000), *hs = THFloatTensor_newWithSize2d(1000, 1000);
  for (long i = 0; i < BIG; i++) {
    THFloatTensor_data(hm)[i] = i % 2 ? 10 : 0;
    THFloatTensor_data(hs)[i] = i % 2 ? 3 : 0;
  }
  THCudaTensor *means = thc_upload_float(hm), *stds = thc_upload_float(hs);
  THCudaTensor *out = THCudaTensor_newWithSize1d(thc_state, 5);
  double s[2][2] = {{0, 0}, {0, 0}}; /* [parity][sum, sum of squares] */
  THFloatTensor *h;

  THCudaTensor_normal_means(thc_state, out, means, 2);
  h = thc_download_float(out);
  assert_true(THFloatTensor_isSameSizeAs(h, hm));
  for (long i = 0; i < BIG; i++) {
    double x = THFloatTensor_data(h)[i] - (i % 2 ? 10 : 0);
    s[i % 2][0] += x;
    s[i % 2][1] += x * x;
  }
  THFloatTensor_free(h);
  for (int p = 0; p < 2; p++) {
    assert_within(s[p][0] / (BIG / 2), 0, 0.03);
    assert_within(s[p][1] / (BIG / 2), 4, 0.08);
  }

  THCudaTensor_resize1d(thc_state, out, 5);
  THCudaTensor_normal_stddevs(thc_state, out, 1, stds);
  h = thc_download_float(out);
  assert_true(THFloatTensor_isSameSizeAs(h, hs));
  memset(s, 0, sizeof s);
  for (long i = 0; i < BIG; i++) {
    double x = THFloatTensor_data(h)[i] - 1;
    if (i % 2 == 0 && x != 0) fail_msg("element %ld: %g with a standard deviation of 0, expected 1", i, x + 1);
    s[1][0] += i % 2 ? x : 0;
    s[1][1] += i % 2 ? x * x : 0;
  }
  THFloatTensor_free(h);
  assert_within(s[1][0] / (BIG / 2), 0, 0.04);
  assert_within(s[1][1] / (BIG / 2), 9, 0.15);

  THCudaTensor_normal_means_stddevs(thc_state, out, means, stds);
  h = thc_download_float(out);
  memset(s, 0, sizeof s);
  for (long i = 0; i < BIG; i++) {
    double x = THFloatTensor_data(h)[i] - (i % 2 ? 10 : 0);
    if (i % 2 == 0 && x != 0) fail_msg("element %ld: %g with a standard deviation of 0, expected 0", i, x);
    s[1][0] += i % 2 ? x : 0;
    s[1][1] += i % 2 ? x * x : 0;
  }
  THFloatTensor_free(h);
  assert_within(s[1][0] / (BIG / 2), 0, 0.04);
  assert_within(s[1][1] / (BIG / 2), 9, 0.15);

  /* bad parameters: TH's messages; a failed call draws nothing */
  THFloatTensor_data(hs)[3] = -1;
  THCudaTensor *bad = thc_upload_float(hs);
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 100), *b = THCudaTensor_newWithSize1d(thc_state, 100);
  THCRandom_manualSeed(thc_state, 5);
  assert_th_error(THCudaTensor_normal_stddevs(thc_state, out, 0, bad), "negative or NaN");
  assert_th_error(THCudaTensor_normal_means_stddevs(thc_state, out, means, bad), "negative or NaN");
  assert_th_error(THCudaTensor_normal_means(thc_state, out, means, 0), "standard deviation must be > 0");
  assert_th_error(THCudaTensor_normal_means_stddevs(thc_state, out, means, a), "elements");
  THCudaTensor_uniform(thc_state, a, 0, 1);
  THCRandom_manualSeed(thc_state, 5);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);

  THC_FREE_CUDA(a, b, bad, out, means, stds);
  THFloatTensor_free(hm);
  THFloatTensor_free(hs);
}

static void test_bad_scalar_parameters(void **state) {
  (void)state;
  THCudaTensor *a = THCudaTensor_newWithSize1d(thc_state, 100), *b = THCudaTensor_newWithSize1d(thc_state, 100);
  THCudaLongTensor *l = THCudaLongTensor_newWithSize1d(thc_state, 10);
  THCRandom_manualSeed(thc_state, 11);
  assert_th_error(THCudaTensor_normal(thc_state, a, 0, 0), "standard deviation must be > 0");
  assert_th_error(THCudaTensor_logNormal(thc_state, a, 0, -1), "standard deviation must be > 0");
  assert_th_error(THCudaTensor_exponential(thc_state, a, 0), "lambda must be > 0");
  assert_th_error(THCudaTensor_cauchy(thc_state, a, 0, -1), "sigma must be > 0");
  assert_th_error(THCudaTensor_bernoulli(thc_state, a, 1.5), "p must be in [0, 1]");
  assert_th_error(THCudaLongTensor_bernoulli(thc_state, l, -0.1), "p must be in [0, 1]");
  assert_th_error(THCudaTensor_geometric(thc_state, a, 1), "p must be in (0, 1)");
  assert_th_error(THCudaLongTensor_geometric(thc_state, l, 0), "p must be in (0, 1)");
  /* nothing was drawn: the stream is where the seed put it */
  THCudaTensor_uniform(thc_state, a, 0, 1);
  THCRandom_manualSeed(thc_state, 11);
  THCudaTensor_uniform(thc_state, b, 0, 1);
  assert_int_equal(count_differences(a, b), 0);
  /* an empty tensor draws nothing and is fine */
  THCudaTensor *e = THCudaTensor_new(thc_state);
  THCudaTensor_normal(thc_state, e, 0, 1);
  assert_int_equal(THCudaTensor_nElement(thc_state, e), 0);
  THCudaTensor_free(thc_state, e);
  THCudaLongTensor_free(thc_state, l);
  THCudaTensor_free(thc_state, a);
  THCudaTensor_free(thc_state, b);
}

/* ---------------------------------------------------------------- discrete distributions */

static void test_bernoulli_and_geometric(void **state) {
  (void)state;
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, BIG);
  THCudaLongTensor *l = THCudaLongTensor_newWithSize2d(thc_state, 1000, 1000);
  THCudaTensor_bernoulli(thc_state, t, 0.3);
  THFloatTensor *h = thc_download_float(t);
  long ones = 0;
  for (long i = 0; i < BIG; i++) {
    float x = THFloatTensor_data(h)[i];
    if (x != 0 && x != 1) fail_msg("bernoulli draw %ld = %g", i, x);
    ones += x == 1;
  }
  THFloatTensor_free(h);
  assert_within((double)ones / BIG, 0.3, 0.003);

  THCudaLongTensor_bernoulli(thc_state, l, 1);
  THLongTensor *hl = thc_download_long(l);
  for (long i = 0; i < BIG; i++)
    if (THLongTensor_data(hl)[i] != 1) fail_msg("bernoulli(1) draw %ld = %ld", i, THLongTensor_data(hl)[i]);
  THLongTensor_free(hl);
  THCudaLongTensor_bernoulli(thc_state, l, 0);
  hl = thc_download_long(l);
  for (long i = 0; i < BIG; i++)
    if (THLongTensor_data(hl)[i] != 0) fail_msg("bernoulli(0) draw %ld = %ld", i, THLongTensor_data(hl)[i]);
  THLongTensor_free(hl);

  /* geometric: TH's convention, p the probability of going on: mean 1 / (1 - p), var p / (1 - p)^2;
   * TH's own draws give the same moments */
  THCudaLongTensor_geometric(thc_state, l, 0.3);
  hl = thc_download_long(l);
  double s = 0, s2 = 0;
  for (long i = 0; i < BIG; i++) {
    long k = THLongTensor_data(hl)[i];
    if (k < 1) fail_msg("geometric draw %ld = %ld < 1", i, k);
    s += k;
    s2 += (double)k * k;
  }
  THLongTensor_free(hl);
  double mean = s / BIG, var = s2 / BIG - mean * mean;
  assert_within(mean, 1 / 0.7, 0.005);
  assert_within(var, 0.3 / 0.49, 0.01);
  THGenerator *g = THGenerator_new();
  THDoubleTensor *th = THDoubleTensor_newWithSize1d(BIG);
  THDoubleTensor_geometric(th, g, 0.3);
  assert_within(THDoubleTensor_meanall(th), mean, 0.01);
  THDoubleTensor_free(th);
  THGenerator_free(g);

  THCudaDoubleTensor *d = THCudaDoubleTensor_newWithSize1d(thc_state, BIG);
  THCudaDoubleTensor_geometric(thc_state, d, 0.5);
  double m, v;
  moments_double(d, &m, &v);
  assert_within(m, 2, 0.01);
  assert_within(v, 2, 0.05);
  THCudaDoubleTensor_free(thc_state, d);
  THCudaLongTensor_free(thc_state, l);
  THCudaTensor_free(thc_state, t);
}

/* One probability per element (p walked in its own row-major order): odd elements 0.9, even 0.2. */
static void test_bernoulli_tensor_probabilities(void **state) {
  (void)state;
  THDoubleTensor *hp = THDoubleTensor_newWithSize1d(BIG);
  for (long i = 0; i < BIG; i++) THDoubleTensor_data(hp)[i] = i % 2 ? 0.9 : 0.2;
  THCudaDoubleTensor *p = thc_upload_double(hp);
  THFloatTensor *hpf = THFloatTensor_newWithSize1d(BIG);
  for (long i = 0; i < BIG; i++) THFloatTensor_data(hpf)[i] = i % 4 == 0 ? 1 : 0; /* exact cases */
  THCudaTensor *pf = thc_upload_float(hpf);
  THCudaTensor *self = THCudaTensor_newWithSize2d(thc_state, 1000, 1000);

  THCudaTensor_bernoulli_DoubleTensor(thc_state, self, p);
  THFloatTensor *h = thc_download_float(self);
  long ones[2] = {0, 0};
  for (long i = 0; i < BIG; i++) ones[i % 2] += THFloatTensor_data(h)[i] == 1;
  THFloatTensor_free(h);
  assert_within((double)ones[0] / (BIG / 2), 0.2, 0.005);
  assert_within((double)ones[1] / (BIG / 2), 0.9, 0.005);

  THCudaLongTensor *l = THCudaLongTensor_newWithSize1d(thc_state, BIG);
  THCudaLongTensor_bernoulli_FloatTensor(thc_state, l, pf);
  THLongTensor *hl = thc_download_long(l);
  for (long i = 0; i < BIG; i++)
    if (THLongTensor_data(hl)[i] != (i % 4 == 0)) fail_msg("element %ld = %ld with p = %d", i, THLongTensor_data(hl)[i], i % 4 == 0);
  THLongTensor_free(hl);

  /* bad probabilities, wrong sizes */
  THDoubleTensor_data(hp)[17] = 1.5;
  THCudaDoubleTensor *bad = thc_upload_double(hp);
  assert_th_error(THCudaTensor_bernoulli_DoubleTensor(thc_state, self, bad), "outside [0, 1]");
  THCudaTensor *small = THCudaTensor_newWithSize1d(thc_state, 10);
  assert_th_error(THCudaTensor_bernoulli_FloatTensor(thc_state, small, pf), "elements");
  THCudaTensor_bernoulli_FloatTensor(thc_state, self, pf); /* still works */
  h = thc_download_float(self);
  assert_true(THFloatTensor_data(h)[0] == 1 && THFloatTensor_data(h)[1] == 0);
  THFloatTensor_free(h);

  THCudaTensor_free(thc_state, small);
  THCudaDoubleTensor_free(thc_state, bad);
  THCudaLongTensor_free(thc_state, l);
  THCudaTensor_free(thc_state, self);
  THCudaTensor_free(thc_state, pf);
  THFloatTensor_free(hpf);
  THCudaDoubleTensor_free(thc_state, p);
  THDoubleTensor_free(hp);
}

/* ---------------------------------------------------------------- multinomial */

static THCudaTensor *upload_values(const float *v, long rows, long cols) {
  THFloatTensor *h = rows > 0 ? THFloatTensor_newWithSize2d(rows, cols) : THFloatTensor_newWithSize1d(cols);
  memcpy(THFloatTensor_data(h), v, sizeof(float) * (size_t)(rows > 0 ? rows * cols : cols));
  THCudaTensor *t = thc_upload_float(h);
  THFloatTensor_free(h);
  return t;
}

static void test_multinomial_with_replacement(void **state) {
  (void)state;
  const float w1[] = {1, 2, 3, 4};
  THCudaTensor *p1 = upload_values(w1, 0, 4);
  THCudaLongTensor *r = THCudaLongTensor_new(thc_state);
  const int n = 200000;
  THCudaTensor_multinomial(thc_state, r, p1, n, 1);
  THLongTensor *h = thc_download_long(r);
  assert_int_equal(h->nDimension, 1);
  assert_int_equal(h->size[0], n);
  long count[4] = {0};
  for (long i = 0; i < n; i++) {
    long k = THLongTensor_data(h)[i];
    if (k < 0 || k > 3) fail_msg("sample %ld = %ld", i, k);
    count[k]++;
  }
  THLongTensor_free(h);
  for (int k = 0; k < 4; k++) assert_within((double)count[k] / n, (k + 1) / 10.0, 0.006);

  /* 2-D, zero weights never drawn; a transposed (non-contiguous) distribution */
  const float w2[] = {1, 0, 0, 5, 3, 5}; /* 3 x 2: transposed, rows {1, 0, 3} and {0, 5, 5} */
  THCudaTensor *p2base = upload_values(w2, 3, 2);
  THCudaTensor *p2 = THCudaTensor_newTranspose(thc_state, p2base, 0, 1);
  THCudaTensor_multinomial(thc_state, r, p2, n, 1);
  h = thc_download_long(r);
  assert_int_equal(h->nDimension, 2);
  assert_int_equal(h->size[0], 2);
  assert_int_equal(h->size[1], n);
  long c2[2][3] = {{0}};
  for (long row = 0; row < 2; row++)
    for (long i = 0; i < n; i++) {
      long k = THLongTensor_data(h)[row * n + i];
      if (k < 0 || k > 2) fail_msg("row %ld sample %ld = %ld", row, i, k);
      c2[row][k]++;
    }
  THLongTensor_free(h);
  assert_int_equal(c2[0][1], 0);
  assert_int_equal(c2[1][0], 0);
  assert_within((double)c2[0][0] / n, 0.25, 0.006);
  assert_within((double)c2[1][1] / n, 0.5, 0.006);

  THC_FREE_CUDA(p2, p2base, p1);
  THCudaLongTensor_free(thc_state, r);
}

static void test_multinomial_without_replacement(void **state) {
  (void)state;
  /* 3 rows of 10 categories, row 2 with only 5 positive weights: 10, 10 and 5 distinct samples */
  float w[30];
  for (int i = 0; i < 30; i++) w[i] = (float)(i % 10 + 1);
  for (int j = 0; j < 10; j += 2) w[20 + j] = 0;
  THCudaTensor *p = upload_values(w, 3, 10);
  THCudaLongTensor *r = THCudaLongTensor_new(thc_state);
  THCudaTensor_multinomial(thc_state, r, p, 10, 0);
  THLongTensor *h = thc_download_long(r);
  assert_int_equal(h->size[0], 3);
  assert_int_equal(h->size[1], 10);
  for (int row = 0; row < 2; row++) {
    int seen[10] = {0};
    for (int s = 0; s < 10; s++) {
      long k = THLongTensor_data(h)[row * 10 + s];
      if (k < 0 || k > 9 || seen[k]) fail_msg("row %d sample %d = %ld: not a new category", row, s, k);
      seen[k] = 1;
    }
  }
  THLongTensor_free(h);
  assert_th_error(THCudaTensor_multinomial(thc_state, r, p, 10, 0), "without replacement");
  THCudaTensor_multinomial(thc_state, r, p, 5, 0);
  h = thc_download_long(r);
  int seen[10] = {0};
  for (int s = 0; s < 5; s++) {
    long k = THLongTensor_data(h)[2 * 5 + s];
    if (k < 0 || k > 9 || k % 2 == 0 || seen[k]) fail_msg("row 2 sample %d = %ld", s, k);
    seen[k] = 1;
  }
  THLongTensor_free(h);

  /* frequencies: 20000 rows {1, 3}: the first sample is 1 three times in four, the second the other */
  const long rows = 20000;
  float *wf = malloc(sizeof(float) * rows * 2);
  for (long i = 0; i < rows; i++) {
    wf[2 * i] = 1;
    wf[2 * i + 1] = 3;
  }
  THCudaTensor *pf = upload_values(wf, rows, 2);
  free(wf);
  THCudaTensor_multinomial(thc_state, r, pf, 2, 0);
  h = thc_download_long(r);
  long first_one = 0;
  for (long i = 0; i < rows; i++) {
    long a = THLongTensor_data(h)[2 * i], b = THLongTensor_data(h)[2 * i + 1];
    if (a + b != 1 || a * b != 0) fail_msg("row %ld: samples %ld and %ld", i, a, b);
    first_one += a == 1;
  }
  THLongTensor_free(h);
  assert_within((double)first_one / rows, 0.75, 0.015);

  THCudaTensor_free(thc_state, pf);
  THCudaTensor_free(thc_state, p);
  THCudaLongTensor_free(thc_state, r);
}

static void test_multinomial_bad_distributions(void **state) {
  (void)state;
  THCudaLongTensor *r = THCudaLongTensor_new(thc_state);
  const float neg[] = {1, -1, 2}, zero[] = {1, 1, 0, 0}, inf[] = {1, INFINITY};
  THCudaTensor *pn = upload_values(neg, 0, 3), *pz = upload_values(zero, 2, 2), *pi = upload_values(inf, 0, 2);
  assert_th_error(THCudaTensor_multinomial(thc_state, r, pn, 1, 1), "invalid distribution");
  assert_th_error(THCudaTensor_multinomial(thc_state, r, pz, 1, 1), "invalid distribution");
  assert_th_error(THCudaTensor_multinomial(thc_state, r, pi, 1, 1), "invalid distribution");
  assert_th_error(THCudaTensor_multinomial(thc_state, r, pn, 0, 1), "n_sample");
  THCudaTensor *p3 = THCudaTensor_newWithSize3d(thc_state, 2, 2, 2);
  assert_th_error(THCudaTensor_multinomial(thc_state, r, p3, 1, 1), "1-D or 2-D");
  /* still works */
  const float ok[] = {0, 1};
  THCudaTensor *po = upload_values(ok, 0, 2);
  THCudaTensor_multinomial(thc_state, r, po, 3, 1);
  THLongTensor *h = thc_download_long(r);
  for (int i = 0; i < 3; i++) assert_int_equal(THLongTensor_data(h)[i], 1);
  THLongTensor_free(h);
  THC_FREE_CUDA(po, p3, pn, pz, pi);
  THCudaLongTensor_free(thc_state, r);
}

/* The alias tables are TH's to the bit; the draws follow TH's rule, so their frequencies match
 * TH's own draws'. */
static void test_multinomial_alias(void **state) {
  (void)state;
  const float w[] = {0.1f, 0.2f, 0.3f, 0.15f, 0.25f};
  THFloatTensor *hp = THFloatTensor_newWithSize1d(5);
  memcpy(THFloatTensor_data(hp), w, sizeof w);
  THLongTensor *thJ = THLongTensor_new();
  THFloatTensor *thq = THFloatTensor_new();
  THFloatTensor_multinomialAliasSetup(hp, thJ, thq);

  THCudaTensor *p = thc_upload_float(hp);
  THCudaLongTensor *J = THCudaLongTensor_new(thc_state);
  THCudaTensor *q = THCudaTensor_new(thc_state);
  THCudaTensor_multinomialAliasSetup(thc_state, p, J, q);
  thc_assert_long_matches(J, thJ);
  thc_assert_float_matches(q, thq, 0);

  THCudaLongTensor *draws = THCudaLongTensor_newWithSize2d(thc_state, 1000, 1000);
  THCudaTensor_multinomialAliasDraw(thc_state, draws, J, q);
  THLongTensor *th_draws = THLongTensor_newWithSize1d(BIG);
  THGenerator *g = THGenerator_new();
  THFloatTensor_multinomialAliasDraw(th_draws, g, thJ, thq);
  THLongTensor *h = thc_download_long(draws);
  long ours[5] = {0}, theirs[5] = {0};
  for (long i = 0; i < BIG; i++) {
    long a = THLongTensor_data(h)[i], b = THLongTensor_data(th_draws)[i];
    if (a < 0 || a > 4) fail_msg("alias draw %ld = %ld", i, a);
    ours[a]++;
    theirs[b]++;
  }
  for (int k = 0; k < 5; k++) assert_within((double)ours[k] / BIG, (double)theirs[k] / BIG, 0.004);
  THLongTensor_free(h);

  /* bad input: TH's checks */
  THFloatTensor_data(hp)[2] = 0;
  THCudaTensor *bad = thc_upload_float(hp);
  assert_th_error(THCudaTensor_multinomialAliasSetup(thc_state, bad, J, q), "expected finite and > 0");
  THCudaLongTensor *J4 = THCudaLongTensor_newWithSize1d(thc_state, 4);
  assert_th_error(THCudaTensor_multinomialAliasDraw(thc_state, draws, J4, q), "same size");
  /* the tables were left as they were and still draw */
  thc_assert_long_matches(J, thJ);
  THCudaTensor_multinomialAliasDraw(thc_state, draws, J, q);

  THCudaLongTensor_free(thc_state, J4);
  THCudaTensor_free(thc_state, bad);
  THGenerator_free(g);
  THLongTensor_free(th_draws);
  THCudaLongTensor_free(thc_state, draws);
  THCudaTensor_free(thc_state, q);
  THCudaLongTensor_free(thc_state, J);
  THCudaTensor_free(thc_state, p);
  THFloatTensor_free(thq);
  THLongTensor_free(thJ);
  THFloatTensor_free(hp);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_reproducibility),
      cmocka_unit_test(test_layout_independence),
      cmocka_unit_test(test_rng_state_roundtrip),
      cmocka_unit_test(test_uniform_range_and_moments),
      cmocka_unit_test(test_rand_randn),
      cmocka_unit_test(test_normal_lognormal_exponential),
      cmocka_unit_test(test_normal_tensor_parameters),
      cmocka_unit_test(test_bad_scalar_parameters),
      cmocka_unit_test(test_bernoulli_and_geometric),
      cmocka_unit_test(test_bernoulli_tensor_probabilities),
      cmocka_unit_test(test_multinomial_with_replacement),
      cmocka_unit_test(test_multinomial_without_replacement),
      cmocka_unit_test(test_multinomial_bad_distributions),
      cmocka_unit_test(test_multinomial_alias),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
