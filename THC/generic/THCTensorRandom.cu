// THC types: Long Float Double
// Random fills (THCTensorRandom.cuh draws the numbers). The parameters are checked as TH checks
// them, with TH's messages under the THC function's name; each element is drawn from its own
// Philox block, so the values do not depend on the launch configuration.

#define THC_RANDOM_NAME(fn) TH_CONCAT_STRING_3(TH, CReal, Tensor_##fn)

namespace {
using namespace thc_random;

// ---------------------------------------------------------------- functors of every type

// 1 with probability p (a 53-bit uniform below p: p = 0 never, p = 1 always).
struct BernoulliOp {
  double p;
  __device__ void operator()(uint4 r, real *out) const { *out = (real)(uniformDouble(r.x, r.y) < p); }
};

// 1 with the probability of the matching element of a probability tensor.
struct BernoulliTensorOp {
  template <typename P>
  __device__ void operator()(uint4 r, real *out, P *p) const {
    *out = (real)(uniformDouble(r.x, r.y) < (double)*p);
  }
};

// TH's geometric: the trials up to the first success, p being the probability of going on.
struct GeometricOp {
  double logP;
  __device__ void operator()(uint4 r, real *out) const {
    double k = log(1.0 - uniformDouble(r.x, r.y)) / logP;
    *out = (real)(k >= (double)(INT_MAX - 1) ? INT_MAX : (int)k + 1);
  }
};

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
// ---------------------------------------------------------------- functors of the floating types

struct UniformOp {
  double a, b;
  __device__ void operator()(uint4 r, real *out) const {
    real v = (real)(a + (double)Uniforms<real>::first(r) * (b - a));
    *out = belowUpper<real>(v, a, b);
  }
};

struct NormalOp {
  real mean, stdv;
  __device__ void operator()(uint4 r, real *out) const { *out = normalDraw<real>(r) * stdv + mean; }
};

// means[i] + z * stddev, the draw rounded to real first (TH's steps).
struct NormalMeansOp {
  real stdv;
  __device__ void operator()(uint4 r, real *out, real *mean) const {
    real z = (real)(normalDraw<real>(r) * stdv);
    *out = z + *mean;
  }
};

struct NormalStddevsOp {
  real mean;
  __device__ void operator()(uint4 r, real *out, real *stdv) const {
    real scaled = (real)normalDraw<real>(r) * *stdv;
    *out = scaled + mean;
  }
};

struct NormalMeansStddevsOp {
  __device__ void operator()(uint4 r, real *out, real *mean, real *stdv) const {
    real scaled = (real)normalDraw<real>(r) * *stdv;
    *out = scaled + *mean;
  }
};

// exp of a normal(mean, stdv) draw: the parameters are the underlying normal's (final Torch7).
struct LogNormalOp {
  real mean, stdv;
  __device__ void operator()(uint4 r, real *out) const { *out = exp(normalDraw<real>(r) * stdv + mean); }
};

struct ExponentialOp {
  real lambda;
  __device__ void operator()(uint4 r, real *out) const {
    *out = -log((real)1 - Uniforms<real>::first(r)) / lambda;
  }
};

struct CauchyOp {
  real median, sigma;
  __device__ void operator()(uint4 r, real *out) const {
    *out = median + sigma * tan((real)M_PI * (Uniforms<real>::first(r) - (real)0.5));
  }
};

// Torch7's alias draw: k uniform in [0, K), kept with probability q[k], else J[k] - 1.
struct AliasDrawOp {
  const long *J;
  const real *q;
  long K, jStride, qStride;
  __device__ void operator()(uint4 r, long *out) const {
    long k = (long)(uniformDouble(r.x, r.y) * (double)K);
    if (k >= K) k = K - 1;
    *out = uniformDouble(r.z, r.w) < (double)q[k * qStride] ? k : J[k * jStride] - 1;
  }
};
#endif
}  // namespace

// ---------------------------------------------------------------- every type

void THCTensor_(bernoulli)(THCState *state, THCTensor *self, double p) {
  THArgCheck(p >= 0 && p <= 1, 2, THC_RANDOM_NAME(bernoulli) ": p must be in [0, 1], got %g", p);
  THCRandom_fill(state, BernoulliOp{p}, self);
}

// self is not resized (as TH): the probabilities need the same number of elements, each tensor
// walked in its own row-major order.
#define THC_BERNOULLI_TENSOR(NAME, PTENSOR)                                                               \
  void THCTensor_(NAME)(THCState * state, THCTensor * self, PTENSOR * p) {                                \
    ptrdiff_t n = THCTensor_(nElement)(state, self), np = PTENSOR##_nElement(state, p);                   \
    THArgCheck(n == np, 3, THC_RANDOM_NAME(NAME) ": self has %td elements but the probabilities have %td", \
               n, np);                                                                                     \
    long bad = THCRandom_countViolations(state, p, InUnitInterval{});                                     \
    THArgCheck(bad == 0, 3, THC_RANDOM_NAME(NAME) ": %ld probabilities are outside [0, 1]", bad);         \
    THCRandom_fill(state, BernoulliTensorOp{}, self, p);                               \
  }
THC_BERNOULLI_TENSOR(bernoulli_FloatTensor, THCudaTensor)
THC_BERNOULLI_TENSOR(bernoulli_DoubleTensor, THCudaDoubleTensor)
#undef THC_BERNOULLI_TENSOR

void THCTensor_(geometric)(THCState *state, THCTensor *self, double p) {
  THArgCheck(p > 0 && p < 1, 2, THC_RANDOM_NAME(geometric) ": p must be in (0, 1), got %g", p);
  THCRandom_fill(state, GeometricOp{log(p)}, self);
}

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
// ---------------------------------------------------------------- floating types

// a > b is not refused (TH does not): it gives (b, a].
void THCTensor_(uniform)(THCState *state, THCTensor *self, double a, double b) {
  THCRandom_fill(state, UniformOp{a, b}, self);
}

void THCTensor_(rand)(THCState *state, THCTensor *r_, THLongStorage *size) {
  THCTensor_(resize)(state, r_, size, NULL);
  THCTensor_(uniform)(state, r_, 0, 1);
}

void THCTensor_(randn)(THCState *state, THCTensor *r_, THLongStorage *size) {
  THCTensor_(resize)(state, r_, size, NULL);
  THCTensor_(normal)(state, r_, 0, 1);
}

void THCTensor_(normal)(THCState *state, THCTensor *self, double mean, double stdv) {
  THArgCheck(stdv > 0, 3, THC_RANDOM_NAME(normal) ": the standard deviation must be > 0, got %g", stdv);
  THCRandom_fill(state, NormalOp{(real)mean, (real)stdv}, self);
}

void THCTensor_(normal_means)(THCState *state, THCTensor *self, THCTensor *means, double stddev) {
  THArgCheck(stddev > 0, 3, THC_RANDOM_NAME(normal_means) ": the standard deviation must be > 0, got %g",
             stddev);
  THCTensor_(resizeAs)(state, self, means);
  THCRandom_fill(state, NormalMeansOp{(real)stddev}, self, means);
}

static void THCTensor_(checkStddevs)(THCState *state, const char *fn, THCTensor *stddevs, int arg) {
  long bad = THCRandom_countViolations(state, stddevs, NonNegative{});
  THArgCheck(bad == 0, arg, "%s: %ld standard deviations are negative or NaN", fn, bad);
}

void THCTensor_(normal_stddevs)(THCState *state, THCTensor *self, double mean, THCTensor *stddevs) {
  THCTensor_(checkStddevs)(state, THC_RANDOM_NAME(normal_stddevs), stddevs, 3);
  THCTensor_(resizeAs)(state, self, stddevs);
  THCRandom_fill(state, NormalStddevsOp{(real)mean}, self, stddevs);
}

void THCTensor_(normal_means_stddevs)(THCState *state, THCTensor *self, THCTensor *means, THCTensor *stddevs) {
  ptrdiff_t nm = THCTensor_(nElement)(state, means), ns = THCTensor_(nElement)(state, stddevs);
  THArgCheck(nm == ns, 3, THC_RANDOM_NAME(normal_means_stddevs) ": means has %td elements but stddevs has %td",
             nm, ns);
  THCTensor_(checkStddevs)(state, THC_RANDOM_NAME(normal_means_stddevs), stddevs, 3);
  THCTensor_(resizeAs)(state, self, means);
  THCRandom_fill(state, NormalMeansStddevsOp{}, self, means, stddevs);
}

void THCTensor_(logNormal)(THCState *state, THCTensor *self, double mean, double stdv) {
  THArgCheck(stdv > 0, 3, THC_RANDOM_NAME(logNormal) ": the standard deviation must be > 0, got %g", stdv);
  THCRandom_fill(state, LogNormalOp{(real)mean, (real)stdv}, self);
}

void THCTensor_(exponential)(THCState *state, THCTensor *self, double lambda) {
  THArgCheck(lambda > 0, 2, THC_RANDOM_NAME(exponential) ": lambda must be > 0, got %g", lambda);
  THCRandom_fill(state, ExponentialOp{(real)lambda}, self);
}

void THCTensor_(cauchy)(THCState *state, THCTensor *self, double median, double sigma) {
  THArgCheck(sigma > 0, 3, THC_RANDOM_NAME(cauchy) ": sigma must be > 0, got %g", sigma);
  THCRandom_fill(state, CauchyOp{(real)median, (real)sigma}, self);
}

// ---------------------------------------------------------------- multinomial

/* n_sample draws from each row of prob_dist (1-D: one distribution, 2-D: one per row; rows need
 * not sum to 1) into self, [n_sample] or [rows x n_sample], 0-based categories (TH's result and
 * TH's checks). A sample picks category j with probability w[j] / sum(w) (the weights left, without
 * replacement). */
void THCTensor_(multinomial)(THCState *state, THCudaLongTensor *self, THCTensor *prob_dist, int n_sample,
                             int with_replacement) {
  int dims = prob_dist->nDimension;
  THArgCheck(dims == 1 || dims == 2, 2, THC_RANDOM_NAME(multinomial) ": prob_dist must be 1-D or 2-D, got %d-D",
             dims);
  THArgCheck(n_sample > 0, 3, THC_RANDOM_NAME(multinomial) ": n_sample must be > 0, got %d", n_sample);
  long n_dist = dims == 1 ? 1 : prob_dist->size[0];
  long n_cat = prob_dist->size[dims - 1];
  long row_stride = dims == 1 ? 0 : prob_dist->stride[0], cat_stride = prob_dist->stride[dims - 1];
  const real *w = THCTensor_(data)(state, prob_dist);
  cudaStream_t stream = THCState_getCurrentStream(state);

  // The rows' sums, positive counts and first invalid entries, on the host before anything else.
  double *dev_sums = nullptr;
  size_t stat_bytes = (size_t)n_dist * (sizeof(double) + 2 * sizeof(long));
  THCudaCheck(THCudaMalloc(state, (void **)&dev_sums, stat_bytes));
  long *dev_pos = (long *)(dev_sums + n_dist), *dev_bad = dev_pos + n_dist;
  rowStatsKernel<real><<<(unsigned)n_dist, kRowThreads, 0, stream>>>(w, n_cat, row_stride, cat_stride, dev_sums,
                                                                      dev_pos, dev_bad);
  cudaError_t err = cudaGetLastError();
  void *stats = THAlloc((ptrdiff_t)stat_bytes);
  if (err == cudaSuccess) err = cudaMemcpyAsync(stats, dev_sums, stat_bytes, cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCudaFree(state, dev_sums);
  if (err != cudaSuccess) THFree(stats);
  THCudaCheck(err);

  const double *sums = (const double *)stats;
  const long *positives = (const long *)(sums + n_dist), *first_bad = positives + n_dist;
  for (long i = 0; i < n_dist; i++) {
    if (first_bad[i] < n_cat) {
      long j = first_bad[i];
      THFree(stats);
      real v = 0;
      THCudaCheck(cudaMemcpy(&v, w + i * row_stride + j * cat_stride, sizeof v, cudaMemcpyDeviceToHost));
      THArgCheck(0, 2, THC_RANDOM_NAME(multinomial) ": invalid distribution: entry %ld of row %ld is %g (expected "
                 "finite and >= 0)", j + TH_INDEX_BASE, i + TH_INDEX_BASE, (double)v);
    }
    if (!(sums[i] > 0 && sums[i] < INFINITY)) {
      double s = sums[i];
      THFree(stats);
      THArgCheck(0, 2, THC_RANDOM_NAME(multinomial) ": invalid distribution: row %ld sums to %g (expected a "
                 "finite sum > 0)", i + TH_INDEX_BASE, s);
    }
    if (!with_replacement && n_sample > positives[i]) {
      long pos = positives[i];
      THFree(stats);
      THArgCheck(0, 3, THC_RANDOM_NAME(multinomial) ": cannot draw %d samples without replacement from row %ld, "
                 "which has %ld categories of positive probability", n_sample, i + TH_INDEX_BASE, pos);
    }
  }
  THFree(stats);

  if (dims == 1)
    THCudaLongTensor_resize1d(state, self, n_sample);
  else
    THCudaLongTensor_resize2d(state, self, n_dist, n_sample);
  SampleOut out{THCudaLongTensor_data(state, self), dims == 1 ? 0 : self->stride[0], self->stride[dims - 1]};

  size_t row_bytes = (size_t)n_dist * (size_t)n_cat * sizeof(double);
  double *work = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&work, with_replacement ? row_bytes : 2 * row_bytes));
  THCPhiloxKey key = THCRandom_nextKey(state);
  if (with_replacement)
    multinomialWithReplacementKernel<real><<<(unsigned)n_dist, kRowThreads, 0, stream>>>(
        w, n_cat, row_stride, cat_stride, work, out, n_sample, key);
  else
    multinomialWithoutReplacementKernel<real><<<(unsigned)n_dist, kRowThreads, 0, stream>>>(
        w, n_cat, row_stride, cat_stride, work, work + (size_t)n_dist * (size_t)n_cat, out, n_sample, key);
  err = cudaGetLastError();
  THCudaFree(state, work);  // the caching allocator keeps it for this stream until the kernel is done
  THCudaCheck(err);
}

/* TH's alias tables, to the bit: TH's own builder (TH/generic/THTensorAliasTable.c, a sequential
 * walk over K probabilities) run on a host copy. J is 0-based with 0 for "no alias", as TH writes it. */
#include "generic/THTensorAliasTable.c"

void THCTensor_(multinomialAliasSetup)(THCState *state, THCTensor *probs, THCudaLongTensor *J, THCTensor *q) {
  THArgCheck(probs->nDimension == 1, 2, THC_RANDOM_NAME(multinomialAliasSetup) ": prob_dist must be 1-D, got %d-D",
             probs->nDimension);
  long K = probs->size[0];
  real *p = (real *)THAlloc((ptrdiff_t)sizeof(real) * K);
  THCRandom_download(state, p, (const real *)THCTensor_(data)(state, probs), K, probs->stride[0]);
  for (long k = 0; k < K; k++) {
    double v = (double)p[k];
    THArgCheckWithCleanup(v > 0 && v < INFINITY, THCleanup(THFree(p);), 2,
                          THC_RANDOM_NAME(multinomialAliasSetup) ": entry %ld of the probabilities is %g "
                          "(expected finite and > 0)", k + TH_INDEX_BASE, v);
  }

  real *table = (real *)THAlloc((ptrdiff_t)sizeof(real) * K);
  long *alias = (long *)THAlloc((ptrdiff_t)sizeof(long) * K);
  real q_min;
  long at_min = THTensor_(buildAliasTable)(p, K, 1, table, alias, &q_min);
  THArgCheckWithCleanup(at_min < 0, THCleanup(THFree(alias); THFree(table); THFree(p);), 2,
                        THC_RANDOM_NAME(multinomialAliasSetup) ": q of entry %ld ended at %g (expected > 0): its "
                        "probability is too small next to the others", at_min + TH_INDEX_BASE, (double)q_min);

  // q may be probs itself: it is written only now, after every probability was read
  THCudaLongTensor_resize1d(state, J, K);
  THCTensor_(resize1d)(state, q, K);
  THCRandom_upload(state, THCudaLongTensor_data(state, J), alias, K, J->stride[0]);
  THCRandom_upload(state, THCTensor_(data)(state, q), table, K, q->stride[0]);
  THFree(alias);
  THFree(table);
  THFree(p);
}

/* Fills self (any shape, not resized) with TH's alias draws from the tables of
 * multinomialAliasSetup, after TH's checks of J and q (done on a host copy of the two vectors). */
void THCTensor_(multinomialAliasDraw)(THCState *state, THCudaLongTensor *self, THCudaLongTensor *J, THCTensor *q) {
  THArgCheck(J->nDimension == 1 && q->nDimension == 1 && J->size[0] == q->size[0], 3,
             THC_RANDOM_NAME(multinomialAliasDraw) ": J and q must be 1-D of the same size, got %dD and %dD "
             "tensors of %td and %td elements", J->nDimension, q->nDimension, THCudaLongTensor_nElement(state, J),
             THCTensor_(nElement)(state, q));
  long K = J->size[0];
  const long *Jd = THCudaLongTensor_data(state, J);
  const real *qd = THCTensor_(data)(state, q);
  long *host_J = (long *)THAlloc((ptrdiff_t)sizeof(long) * K);
  real *host_q = (real *)THAlloc((ptrdiff_t)sizeof(real) * K);
  THCRandom_download(state, host_J, Jd, K, J->stride[0]);
  THCRandom_download(state, host_q, qd, K, q->stride[0]);
  for (long k = 0; k < K; k++) {
    long alias = host_J[k];
    double keep = (double)host_q[k];
    THArgCheckWithCleanup(keep >= 0 && keep <= 1, THCleanup(THFree(host_J); THFree(host_q);), 4,
                          THC_RANDOM_NAME(multinomialAliasDraw) ": q[%ld] is %g (expected in [0, 1])",
                          k + TH_INDEX_BASE, keep);
    THArgCheckWithCleanup(alias >= (keep < 1 ? 1 : 0) && alias <= K, THCleanup(THFree(host_J); THFree(host_q);), 3,
                          THC_RANDOM_NAME(multinomialAliasDraw) ": J[%ld] is %ld with q = %g (expected in "
                          "[%d, %ld])", k + TH_INDEX_BASE, alias, keep, keep < 1 ? 1 : 0, K);
  }
  THFree(host_J);
  THFree(host_q);
  THCRandom_fill(state, AliasDrawOp{Jd, qd, K, J->stride[0], q->stride[0]}, self);
}
#endif

#undef THC_RANDOM_NAME
