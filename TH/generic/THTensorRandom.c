#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorRandom.c"
#else

/* Fills SELF in row-major order with EXPR (evaluated once per element, in that order). */
#define TH_RANDOM_FILL(SELF, EXPR) TH_TENSOR_APPLY(real, SELF, *SELF##_data = (real)(EXPR);)

/* random(): a draw modulo the number of non-negative values the type holds (Torch7): [0, 255]
 * for Byte, [0, 2^(bits-1) - 1] for the signed types (Long: the whole 32-bit draw), and for
 * Float/Double [0, 2^mantissa] (every such integer is exact), which a 32-bit draw leaves whole
 * for Double. The integer types also give their range to clampedRandom's check. */
#if defined(TH_REAL_IS_BYTE)
#define TH_RANDOM_MODULUS (UCHAR_MAX + 1UL)
#define TH_REAL_LOWEST 0L
#define TH_REAL_HIGHEST ((long)UCHAR_MAX)
#elif defined(TH_REAL_IS_CHAR)
#define TH_RANDOM_MODULUS (SCHAR_MAX + 1UL)
#define TH_REAL_LOWEST ((long)CHAR_MIN)
#define TH_REAL_HIGHEST ((long)CHAR_MAX)
#elif defined(TH_REAL_IS_SHORT)
#define TH_RANDOM_MODULUS (SHRT_MAX + 1UL)
#define TH_REAL_LOWEST ((long)SHRT_MIN)
#define TH_REAL_HIGHEST ((long)SHRT_MAX)
#elif defined(TH_REAL_IS_INT)
#define TH_RANDOM_MODULUS (INT_MAX + 1UL)
#define TH_REAL_LOWEST ((long)INT_MIN)
#define TH_REAL_HIGHEST ((long)INT_MAX)
#elif defined(TH_REAL_IS_LONG)
#define TH_RANDOM_MODULUS ((unsigned long)LONG_MAX + 1UL)
#define TH_REAL_LOWEST LONG_MIN
#define TH_REAL_HIGHEST LONG_MAX
#elif defined(TH_REAL_IS_FLOAT)
#define TH_RANDOM_MODULUS ((1UL << FLT_MANT_DIG) + 1UL)
#elif defined(TH_REAL_IS_DOUBLE)
#define TH_RANDOM_MODULUS ((1UL << DBL_MANT_DIG) + 1UL)
#endif

/* The largest integer up to which the type holds every integer exactly (randperm's bound). */
#if defined(TH_REAL_IS_FLOAT)
#define TH_EXACT_INTEGER_MAX (1L << FLT_MANT_DIG)
#elif defined(TH_REAL_IS_DOUBLE)
#define TH_EXACT_INTEGER_MAX (1L << DBL_MANT_DIG)
#else
#define TH_EXACT_INTEGER_MAX TH_REAL_HIGHEST
#endif

void THTensor_(random)(THTensor *self, THGenerator *gen) {
  TH_CHECK_TENSOR("random", self, 1);
  TH_CHECK_GENERATOR("random", gen, 2);
  TH_RANDOM_FILL(self, THRandom_random(gen) % TH_RANDOM_MODULUS);
}

/* Integers in [min, max) (see random_in_range). On the integer types the range must fit the type. */
void THTensor_(clampedRandom)(THTensor *self, THGenerator *gen, long min, long max) {
  TH_CHECK_TENSOR("clampedRandom", self, 1);
  TH_CHECK_GENERATOR("clampedRandom", gen, 2);
  THArgCheck(max > min, 4, "clampedRandom: max must be greater than min, got min = %ld, max = %ld", min,
             max);
#ifdef TH_REAL_LOWEST
  THArgCheck(min >= TH_REAL_LOWEST && max - 1 <= TH_REAL_HIGHEST, 3,
             "clampedRandom: the range [%ld, %ld) does not fit the type's range [%ld, %ld]", min, max,
             TH_REAL_LOWEST, TH_REAL_HIGHEST);
#endif
  TH_RANDOM_FILL(self, random_in_range(gen, min, max));
}

void THTensor_(cappedRandom)(THTensor *self, THGenerator *gen, long max) {
  TH_CHECK_TENSOR("cappedRandom", self, 1);
  TH_CHECK_GENERATOR("cappedRandom", gen, 2);
  THArgCheck(max > 0, 3, "cappedRandom: max must be > 0, got %ld", max);
#ifdef TH_REAL_LOWEST
  THArgCheck(max - 1 <= TH_REAL_HIGHEST, 3,
             "cappedRandom: the range [0, %ld) does not fit the type's range [%ld, %ld]", max,
             TH_REAL_LOWEST, TH_REAL_HIGHEST);
#endif
  TH_RANDOM_FILL(self, random_in_range(gen, 0, max));
}

void THTensor_(geometric)(THTensor *self, THGenerator *gen, double p) {
  TH_CHECK_TENSOR("geometric", self, 1);
  TH_CHECK_GENERATOR("geometric", gen, 2);
  THArgCheck(p > 0 && p < 1, 3, "geometric: p must be in (0, 1), got %g", p);
  TH_RANDOM_FILL(self, THRandom_geometric(gen, p));
}

void THTensor_(bernoulli)(THTensor *self, THGenerator *gen, double p) {
  TH_CHECK_TENSOR("bernoulli", self, 1);
  TH_CHECK_GENERATOR("bernoulli", gen, 2);
  THArgCheck(p >= 0 && p <= 1, 3, "bernoulli: p must be in [0, 1], got %g", p);
  TH_RANDOM_FILL(self, THRandom_bernoulli(gen, p));
}

/* One draw per element with that element's probability (self and p: the same number of
 * elements, each walked in its own row-major order; self is not resized, as in Torch7). */
#define TH_BERNOULLI_TENSOR(NAME, PTYPE, PTENSOR)                                                   \
  void THTensor_(NAME)(THTensor *self, THGenerator *gen, PTENSOR *p) {                              \
    TH_CHECK_TENSOR(#NAME, self, 1);                                                                \
    TH_CHECK_GENERATOR(#NAME, gen, 2);                                                              \
    TH_CHECK_TENSOR(#NAME, p, 3);                                                                   \
    ptrdiff_t n = THTensor_(nElement)(self), np = PTENSOR##_nElement(p);                            \
    THArgCheck(n == np, 3, #NAME ": self has %td elements but the probabilities have %td", n, np); \
    ptrdiff_t bad;                                                                                  \
    TH_COUNT_BAD(PTYPE, p, v >= 0 && v <= 1, bad);                                                  \
    THArgCheck(bad == 0, 3, #NAME ": %td probabilities are outside [0, 1]", bad);                   \
    TH_TENSOR_APPLY2(real, self, PTYPE, p, *self_data = (real)THRandom_bernoulli(gen, *p_data););  \
  }
TH_BERNOULLI_TENSOR(bernoulli_FloatTensor, float, THFloatTensor)
TH_BERNOULLI_TENSOR(bernoulli_DoubleTensor, double, THDoubleTensor)
#undef TH_BERNOULLI_TENSOR

void THTensor_(randperm)(THTensor *r_, THGenerator *gen, long n) {
  TH_CHECK_TENSOR("randperm", r_, 1);
  TH_CHECK_GENERATOR("randperm", gen, 2);
  THArgCheck(n >= 1 && n - 1 <= TH_EXACT_INTEGER_MAX, 3,
             "randperm: n must be >= 1 with n - 1 <= %ld for this type, got %ld", (long)TH_EXACT_INTEGER_MAX, n);
  THTensor_(resize1d)(r_, n);
  real *r = THTensor_(data)(r_);
  long s = r_->stride[0];
  /* 0..n-1: a returned index, 0-based as Torch7's C returned it */
  for (long i = 0; i < n; i++) r[i * s] = (real)i;
  /* Fisher-Yates from the front, one draw per position (Torch7's order of draws). */
  for (long i = 0; i < n - 1; i++) {
    long z = (long)(THRandom_random(gen) % (unsigned long)(n - i));
    real tmp = r[i * s];
    r[i * s] = r[(i + z) * s];
    r[(i + z) * s] = tmp;
  }
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

#if defined(TH_REAL_IS_FLOAT)
#define TH_NEXT_DOWN(x) nextafterf((x), -INFINITY)
#else
#define TH_NEXT_DOWN(x) nextafter((x), -INFINITY)
#endif

/* A uniform draw in [a, b) rounded to real (a > b is not checked, as in Torch7: it gives (b, a]).
 * Torch7 rounded the double draw to float without a
 * check, so a Float uniform(0, 1) returned 1 about once in 2^25 draws; ember keeps it below b. */
static inline real THTensor_(uniformBelow)(THGenerator *gen, double a, double b) {
  real v = (real)THRandom_uniform(gen, a, b);
  if (v >= (real)b && a < b) {
    real below = TH_NEXT_DOWN((real)b);
    v = below >= (real)a ? below : (real)a;
  }
  return v;
}

void THTensor_(uniform)(THTensor *self, THGenerator *gen, double a, double b) {
  TH_CHECK_TENSOR("uniform", self, 1);
  TH_CHECK_GENERATOR("uniform", gen, 2);
  TH_RANDOM_FILL(self, THTensor_(uniformBelow)(gen, a, b));
}

void THTensor_(normal)(THTensor *self, THGenerator *gen, double mean, double stdv) {
  TH_CHECK_TENSOR("normal", self, 1);
  TH_CHECK_GENERATOR("normal", gen, 2);
  THArgCheck(stdv > 0, 4, "normal: the standard deviation must be > 0, got %g", stdv);
  TH_RANDOM_FILL(self, THRandom_normal(gen, mean, stdv));
}

/* The normal_* variants take a mean and/or a standard deviation per element: self is resized
 * like means (or stddevs) and element i is z_i * stddev_i + mean_i, z_i the i-th normal draw.
 * Torch7 filled the whole tensor with normal draws, then scaled and shifted it in real
 * arithmetic; the roundings below are those steps, so Float results match it to the bit. A
 * standard deviation of 0 gives the mean; a negative or NaN one is an error. */
static void THTensor_(checkStddevs)(const char *fn, THTensor *stddevs, int arg) {
  ptrdiff_t bad;
  TH_COUNT_BAD(real, stddevs, v >= 0, bad);
  THArgCheck(bad == 0, arg, "%s: %td standard deviations are negative or NaN", fn, bad);
}

void THTensor_(normal_means)(THTensor *self, THGenerator *gen, THTensor *means, double stddev) {
  TH_CHECK_TENSOR("normal_means", self, 1);
  TH_CHECK_GENERATOR("normal_means", gen, 2);
  TH_CHECK_TENSOR("normal_means", means, 3);
  THArgCheck(stddev > 0, 4, "normal_means: the standard deviation must be > 0, got %g", stddev);
  THTensor_(resizeAs)(self, means);
  TH_TENSOR_APPLY2(real, self, real, means, {
    real z = (real)THRandom_normal(gen, 0, stddev);
    *self_data = z + *means_data;
  });
}

void THTensor_(normal_stddevs)(THTensor *self, THGenerator *gen, double mean, THTensor *stddevs) {
  TH_CHECK_TENSOR("normal_stddevs", self, 1);
  TH_CHECK_GENERATOR("normal_stddevs", gen, 2);
  TH_CHECK_TENSOR("normal_stddevs", stddevs, 4);
  THTensor_(checkStddevs)("normal_stddevs", stddevs, 4);
  THTensor_(resizeAs)(self, stddevs);
  TH_TENSOR_APPLY2(real, self, real, stddevs, {
    real scaled = (real)THRandom_normal(gen, 0, 1) * *stddevs_data;
    *self_data = scaled + (real)mean;
  });
}

void THTensor_(normal_means_stddevs)(THTensor *self, THGenerator *gen, THTensor *means, THTensor *stddevs) {
  TH_CHECK_TENSOR("normal_means_stddevs", self, 1);
  TH_CHECK_GENERATOR("normal_means_stddevs", gen, 2);
  TH_CHECK_TENSOR("normal_means_stddevs", means, 3);
  TH_CHECK_TENSOR("normal_means_stddevs", stddevs, 4);
  ptrdiff_t nm = THTensor_(nElement)(means), ns = THTensor_(nElement)(stddevs);
  THArgCheck(nm == ns, 4, "normal_means_stddevs: means has %td elements but stddevs has %td", nm, ns);
  THTensor_(checkStddevs)("normal_means_stddevs", stddevs, 4);
  THTensor_(resizeAs)(self, means);
  TH_TENSOR_APPLY3(real, self, real, means, real, stddevs, {
    real scaled = (real)THRandom_normal(gen, 0, 1) * *stddevs_data;
    *self_data = scaled + *means_data;
  });
}

void THTensor_(exponential)(THTensor *self, THGenerator *gen, double lambda) {
  TH_CHECK_TENSOR("exponential", self, 1);
  TH_CHECK_GENERATOR("exponential", gen, 2);
  THArgCheck(lambda > 0, 3, "exponential: lambda must be > 0, got %g", lambda);
  TH_RANDOM_FILL(self, THRandom_exponential(gen, lambda));
}

void THTensor_(cauchy)(THTensor *self, THGenerator *gen, double median, double sigma) {
  TH_CHECK_TENSOR("cauchy", self, 1);
  TH_CHECK_GENERATOR("cauchy", gen, 2);
  THArgCheck(sigma > 0, 4, "cauchy: sigma must be > 0, got %g", sigma);
  TH_RANDOM_FILL(self, THRandom_cauchy(gen, median, sigma));
}

void THTensor_(logNormal)(THTensor *self, THGenerator *gen, double mean, double stdv) {
  TH_CHECK_TENSOR("logNormal", self, 1);
  TH_CHECK_GENERATOR("logNormal", gen, 2);
  THArgCheck(stdv > 0, 4, "logNormal: the standard deviation must be > 0, got %g", stdv);
  TH_RANDOM_FILL(self, THRandom_logNormal(gen, mean, stdv));
}

void THTensor_(rand)(THTensor *r_, THGenerator *gen, THLongStorage *size) {
  TH_CHECK_TENSOR("rand", r_, 1);
  TH_CHECK_GENERATOR("rand", gen, 2);
  TH_CHECK_TENSOR("rand", size, 3);
  THTensor_(resize)(r_, size, NULL);
  TH_RANDOM_FILL(r_, THTensor_(uniformBelow)(gen, 0, 1));
}

void THTensor_(randn)(THTensor *r_, THGenerator *gen, THLongStorage *size) {
  TH_CHECK_TENSOR("randn", r_, 1);
  TH_CHECK_GENERATOR("randn", gen, 2);
  TH_CHECK_TENSOR("randn", size, 3);
  THTensor_(resize)(r_, size, NULL);
  TH_RANDOM_FILL(r_, THRandom_normal(gen, 0, 1));
}

/* ---------------------------------------------------------------- multinomial */

/* Checks one row of n weights (element stride s) and returns its sum; counts the positive ones. */
static double THTensor_(checkWeights)(const char *fn, const real *w, long n, long s, long row,
                                      long *positive) {
  double sum = 0;
  *positive = 0;
  for (long j = 0; j < n; j++) {
    double v = (double)w[j * s];
    THArgCheck(v >= 0 && v < INFINITY, 3,
               "%s: invalid distribution: entry %ld of row %ld is %g (expected finite and >= 0)", fn,
               j + TH_INDEX_BASE, row + TH_INDEX_BASE, v);
    sum += v;
    if (v > 0) (*positive)++;
  }
  THArgCheck(sum > 0 && sum < INFINITY, 3,
             "%s: invalid distribution: row %ld sums to %g (expected a finite sum > 0)", fn,
             row + TH_INDEX_BASE, sum);
  return sum;
}

/* The first category whose cumulative probability is >= u (cum[n - 1] is 1 and u < 1). */
static long THTensor_(searchCumulative)(const double *cum, long n, double u) {
  long lo = 0, hi = n;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (cum[mid] < u)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* n_sample draws from each row of prob_dist (1-D: one distribution, 2-D: one per row; rows need
 * not sum to 1). self becomes [n_sample] or [rows x n_sample] of 0-based categories, as Torch7's C
 * returned them. Torch7's algorithm, step for step so that draws match for a seed: cum holds the
 * row's cumulative sums divided by their total, its last entry set to 1 before each draw; one
 * uniform(0, 1) draw u per sample picks the first category whose cum is >= u. Without replacement
 * the drawn category's mass d is then taken out of cum in place (cum[k] -= d from that category
 * on) and cum is divided by 1 - d. n_sample must not exceed the number of positive weights (Torch7
 * checked only the number of categories and then divided by zero). */
void THTensor_(multinomial)(THLongTensor *self, THGenerator *gen, THTensor *prob_dist, int n_sample,
                            int with_replacement) {
  TH_CHECK_TENSOR("multinomial", self, 1);
  TH_CHECK_GENERATOR("multinomial", gen, 2);
  TH_CHECK_TENSOR("multinomial", prob_dist, 3);
  int dims = prob_dist->nDimension;
  THArgCheck(dims == 1 || dims == 2, 3, "multinomial: prob_dist must be 1-D or 2-D, got %d-D", dims);
  long n_dist = dims == 1 ? 1 : prob_dist->size[0];
  long n_cat = prob_dist->size[dims - 1];
  long row_stride = dims == 1 ? 0 : prob_dist->stride[0], cat_stride = prob_dist->stride[dims - 1];
  THArgCheck(n_sample > 0, 4, "multinomial: n_sample must be > 0, got %d", n_sample);
  const real *w = THTensor_(data)(prob_dist);
  for (long i = 0; i < n_dist; i++) {
    long positive;
    THTensor_(checkWeights)("multinomial", w + i * row_stride, n_cat, cat_stride, i, &positive);
    THArgCheck(with_replacement || n_sample <= positive, 4,
               "multinomial: cannot draw %d samples without replacement from row %ld, which has %ld "
               "categories of positive probability", n_sample, i + TH_INDEX_BASE, positive);
  }

  if (dims == 1)
    THLongTensor_resize1d(self, n_sample);
  else
    THLongTensor_resize2d(self, n_dist, n_sample);
  long *out = THLongTensor_data(self);
  long out_row = dims == 1 ? 0 : self->stride[0], out_col = self->stride[dims - 1];
  double *cum = THAlloc((ptrdiff_t)sizeof(double) * n_cat);

  for (long i = 0; i < n_dist; i++) {
    double sum = 0;
    for (long j = 0; j < n_cat; j++) cum[j] = sum += (double)w[i * row_stride + j * cat_stride];
    for (long j = 0; j < n_cat; j++) cum[j] /= sum;
    for (int s = 0; s < n_sample; s++) {
      double u = THRandom_uniform(gen, 0, 1);
      cum[n_cat - 1] = 1;
      long drawn = THTensor_(searchCumulative)(cum, n_cat, u);
      out[i * out_row + s * out_col] = drawn;
      if (!with_replacement) {
        double mass = cum[drawn] - (drawn > 0 ? cum[drawn - 1] : 0);
        double left = 1 - mass;
        for (long k = 0; k < n_cat; k++) cum[k] = (k >= drawn ? cum[k] - mass : cum[k]) / left;
      }
    }
  }
  THFree(cum);
}

#include "generic/THTensorAliasTable.c"

/* Torch7's alias tables (Walker's method as Torch7 built them), to the bit, so that
 * multinomialAliasDraw gives Torch7's draws for a seed. For K probabilities p (1-D, taken as
 * given: Torch7 did not normalise them): q[k] = K p[k] in real arithmetic; the k with q[k] < 1 go
 * on a "small" stack, the others on a "large" one, in index order. While both stacks hold entries,
 * the top small s takes the top large l as its alias (J[s] = l, q[l] -= 1 - q[s]); if q[l] fell
 * below 1, l replaces s on the small stack and leaves the large one, else s is popped. Then q is
 * divided by its maximum if that exceeds 1, and every k whose J is 0 gets q[k] = 1. J is 0-based
 * and starts at 0, so 0 stands both for "no alias" and for an alias to category 0: slots aliased to
 * category 0 keep their own category (Torch7's table, which therefore does not draw exactly in
 * proportion to p; neither do sums other than 1). Every q must end > 0: Torch7 refused zero
 * probabilities, and so does ember. */
void THTensor_(multinomialAliasSetup)(THTensor *prob_dist, THLongTensor *J, THTensor *q) {
  TH_CHECK_TENSOR("multinomialAliasSetup", prob_dist, 1);
  TH_CHECK_TENSOR("multinomialAliasSetup", J, 2);
  TH_CHECK_TENSOR("multinomialAliasSetup", q, 3);
  THArgCheck(prob_dist->nDimension == 1, 1, "multinomialAliasSetup: prob_dist must be 1-D, got %d-D",
             prob_dist->nDimension);
  long K = prob_dist->size[0];
  long ps = prob_dist->stride[0];
  const real *p = THTensor_(data)(prob_dist);
  for (long k = 0; k < K; k++) {
    double v = (double)p[k * ps];
    THArgCheck(v > 0 && v < INFINITY, 1,
               "multinomialAliasSetup: entry %ld of the probabilities is %g (expected finite and > 0)",
               k + TH_INDEX_BASE, v);
  }

  real *table = THAlloc((ptrdiff_t)sizeof(real) * K);
  long *alias = THAlloc((ptrdiff_t)sizeof(long) * K);
  real q_min;
  long at_min = THTensor_(buildAliasTable)(p, K, ps, table, alias, &q_min);
  THArgCheckWithCleanup(at_min < 0, THCleanup(THFree(alias); THFree(table);), 1,
                        "multinomialAliasSetup: q of entry %ld ended at %g (expected > 0): its "
                        "probability is too small next to the others", at_min + TH_INDEX_BASE, (double)q_min);

  /* q may be prob_dist itself: it is written only now, after every probability was read */
  THLongTensor_resize1d(J, K);
  THTensor_(resize1d)(q, K);
  long *Jd = THLongTensor_data(J);
  real *qd = THTensor_(data)(q);
  for (long k = 0; k < K; k++) {
    Jd[k * J->stride[0]] = alias[k];
    qd[k * q->stride[0]] = table[k];
  }
  THFree(alias);
  THFree(table);
}

/* Fills self (any shape, not resized) in row-major order with Torch7's alias draws: per element
 * k = (long)uniform(0, K) (kept below K, which rounding reaches for K > 2^21), then bernoulli(q[k]):
 * 1 gives k, 0 gives J[k] - 1. Torch7's draw read J as 1-based while its setup wrote it 0-based;
 * ember keeps the pair as Torch7 had it, so that draws match for a seed. J's entries must be in
 * [0, K] and >= 1 where q < 1 (as multinomialAliasSetup makes them), so a draw is in [0, K - 1]. */
void THTensor_(multinomialAliasDraw)(THLongTensor *self, THGenerator *gen, THLongTensor *J, THTensor *q) {
  TH_CHECK_TENSOR("multinomialAliasDraw", self, 1);
  TH_CHECK_GENERATOR("multinomialAliasDraw", gen, 2);
  TH_CHECK_TENSOR("multinomialAliasDraw", J, 3);
  TH_CHECK_TENSOR("multinomialAliasDraw", q, 4);
  THArgCheck(J->nDimension == 1 && q->nDimension == 1 && J->size[0] == q->size[0], 3,
             "multinomialAliasDraw: J and q must be 1-D of the same size, got %dD and %dD tensors of "
             "%td and %td elements", J->nDimension, q->nDimension, THLongTensor_nElement(J),
             THTensor_(nElement)(q));
  long K = J->size[0];
  const long *Jd = THLongTensor_data(J);
  const real *qd = THTensor_(data)(q);
  long js = J->stride[0], qs = q->stride[0];
  for (long k = 0; k < K; k++) {
    long alias = Jd[k * js];
    double keep = (double)qd[k * qs];
    THArgCheck(keep >= 0 && keep <= 1, 4, "multinomialAliasDraw: q[%ld] is %g (expected in [0, 1])",
               k + TH_INDEX_BASE, keep);
    THArgCheck(alias >= (keep < 1 ? 1 : 0) && alias <= K, 3,
               "multinomialAliasDraw: J[%ld] is %ld with q = %g (expected in [%d, %ld])", k + TH_INDEX_BASE,
               alias, keep, keep < 1 ? 1 : 0, K);
  }
  TH_TENSOR_APPLY(long, self, {
    long k = (long)THRandom_uniform(gen, 0, (double)K);
    if (k >= K) k = K - 1;
    *self_data = THRandom_bernoulli(gen, (double)qd[k * qs]) ? k : Jd[k * js] - 1;
  });
}

#undef TH_NEXT_DOWN
#endif /* float types */

#undef TH_RANDOM_FILL
#undef TH_RANDOM_MODULUS
#undef TH_EXACT_INTEGER_MAX
#ifdef TH_REAL_LOWEST
#undef TH_REAL_LOWEST
#undef TH_REAL_HIGHEST
#endif

#endif
