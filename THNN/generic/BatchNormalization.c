#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/BatchNormalization.c"
#else
/* Batch normalisation over dimension 1 (channels) of a 2-D [N x C] or N-D [N x C x ...] input.
 * Training: each channel is normalised with its batch mean and biased variance; save_mean keeps the
 * mean and save_std the inverse standard deviation 1/sqrt(var + eps) for the backward pass;
 * running_mean/running_var (when given) move towards the mean and the UNBIASED variance by momentum.
 * Evaluation: the running statistics are used. weight and bias may be NULL (1 and 0).
 *
 * A channel's values lie in N blocks of `inner` contiguous elements (the product of the dimensions
 * after 1), one block every C*inner elements. Channels are independent: OpenMP splits them among
 * threads and each channel is read twice (statistics, then the result), while its data is still in
 * cache. The sums run per chunk in `real` with vectorised reductions, then add up in accreal. */

#define THNN_BN_CHUNK 1024

typedef struct {
  long n, channels, inner; /* N, C, product of the sizes after dimension 1 */
} THNN_(BNShape);

static THNN_(BNShape) THNN_(BatchNorm_shape)(const char *fn, THTensor *input) {
  THNN_(checkNotNull)(fn, "input", input);
  if (input->nDimension < 2)
    THError("%s: input must be a 2D or higher tensor [N x C x ...], got a %dD tensor of size %s", fn,
            input->nDimension, THTensor_(sizeDesc)(input).str);
  THNN_(BNShape) s = {input->size[0], input->size[1], 1};
  for (int d = 2; d < input->nDimension; d++) s.inner *= input->size[d];
  return s;
}

/* A per-channel vector: NULL (when allowed) or 1-D of C elements. */
static void THNN_(BatchNorm_checkVector)(const char *fn, const char *arg, THTensor *v, long channels,
                                         int mayBeNull) {
  if (!v && mayBeNull) return;
  THNN_(checkDims)(fn, arg, v, 1, 1);
  THNN_(checkDimSize)(fn, arg, v, 0, channels);
}

/* A per-channel result vector: resized to [C] when it arrives unsized (Torch7 wanted it sized). */
static void THNN_(BatchNorm_prepareVector)(const char *fn, const char *arg, THTensor *v, long channels) {
  if (!v) return;
  if (v->nDimension == 0) THTensor_(resize1d)(v, channels);
  THNN_(BatchNorm_checkVector)(fn, arg, v, channels, 0);
}

static inline real THNN_(BatchNorm_at)(THTensor *v, long c, real absent) {
  return v ? THTensor_(data)(v)[c * v->stride[0]] : absent;
}

static inline void THNN_(BatchNorm_set)(THTensor *v, long c, real value) {
  if (v) THTensor_(data)(v)[c * v->stride[0]] = value;
}

/* The sums go by runs of at most THNN_BN_CHUNK contiguous values, each summed in `real` and added up in
 * accreal so that long channels stay accurate. A run of THNN_BN_LANES * 4 values or more is summed in
 * THNN_BN_LANES partial sums, enough independent vector accumulators to hide the add latency; what is
 * left of it, or a shorter run, takes one vector reduction, and fewer than 8 values a scalar loop:
 * setting up and folding vector accumulators costs more than so few values (small blocks, e.g. 7x7
 * images or a 2-D input whose blocks are single values, are all such runs). */
#define THNN_BN_LANES 32

/* With d = x - shift over channel c's blocks: sum(d) and sum(d^2) when g is NULL, else sum(g) and
 * sum(d g). The next block (N blocks lie C*inner elements apart, so the hardware prefetcher would start
 * cold on each) is prefetched while one is summed. Inlined into the two kernels below, so that each
 * is compiled for its own case. */
static inline __attribute__((always_inline)) void THNN_(BatchNorm_sums)(const real *restrict x,
                                                                        const real *restrict g, THNN_(BNShape) s,
                                                                        long c, real shift, accreal *sumU,
                                                                        accreal *sumDU) {
  accreal s1 = 0, s2 = 0;
  for (long b = 0; b < s.n; b++) {
    long base = (b * s.channels + c) * s.inner, ahead = b + 1 < s.n ? s.channels * s.inner : 0;
    const real *px = x + base, *pg = g ? g + base : NULL;
    for (long at = 0; at < s.inner; at += THNN_BN_CHUNK) {
      long end = at + THNN_BN_CHUNK < s.inner ? at + THNN_BN_CHUNK : s.inner, i = at;
      real a = 0, q = 0;
      if (end - at >= THNN_BN_LANES * 4) {
        real la[THNN_BN_LANES] = {0}, lq[THNN_BN_LANES] = {0};
        for (; i + THNN_BN_LANES <= end; i += THNN_BN_LANES) {
          __builtin_prefetch(px + ahead + i);
          __builtin_prefetch(px + ahead + i + 16);
          if (pg) {
            __builtin_prefetch(pg + ahead + i);
            __builtin_prefetch(pg + ahead + i + 16);
          }
          for (int k = 0; k < THNN_BN_LANES; k++) {
            real d = px[i + k] - shift, u = pg ? pg[i + k] : d;
            la[k] += u;
            lq[k] += d * u;
          }
        }
        for (int w = THNN_BN_LANES / 2; w > 0; w /= 2)
          for (int k = 0; k < w; k++) {
            la[k] += la[k + w];
            lq[k] += lq[k + w];
          }
        a = la[0];
        q = lq[0];
      }
      if (end - i >= 8) {
#pragma omp simd reduction(+ : a, q)
        for (long j = i; j < end; j++) {
          real d = px[j] - shift, u = pg ? pg[j] : d;
          a += u;
          q += d * u;
        }
      } else {
        for (long j = i; j < end; j++) {
          real d = px[j] - shift, u = pg ? pg[j] : d;
          a += u;
          q += d * u;
        }
      }
      s1 += a;
      s2 += q;
    }
  }
  *sumU = s1;
  *sumDU = s2;
}

TH_VECTORISED static void THNN_(BatchNorm_moments)(const real *x, THNN_(BNShape) s, long c, real shift,
                                                   accreal *sum, accreal *sumSq) {
  THNN_(BatchNorm_sums)(x, NULL, s, c, shift, sum, sumSq);
}

TH_VECTORISED static void THNN_(BatchNorm_gradMoments)(const real *x, const real *g, THNN_(BNShape) s, long c,
                                                       real mean, accreal *sum, accreal *dot) {
  THNN_(BatchNorm_sums)(x, g, s, c, mean, sum, dot);
}

/* y = x * a + b + g * k over channel c's blocks; a NULL x or g stands for a zero term. */
TH_VECTORISED static void THNN_(BatchNorm_affine)(real *y, const real *x, const real *g, THNN_(BNShape) s, long c,
                                                  real a, real b, real k) {
  for (long blk = 0; blk < s.n; blk++) {
    long base = (blk * s.channels + c) * s.inner;
    real *py = y + base;
    const real *px = x ? x + base : NULL, *pg = g ? g + base : NULL;
    if (px && pg) {
#pragma omp simd
      for (long i = 0; i < s.inner; i++) py[i] = px[i] * a + b + pg[i] * k;
    } else if (px) {
#pragma omp simd
      for (long i = 0; i < s.inner; i++) py[i] = px[i] * a + b;
    } else {
#pragma omp simd
      for (long i = 0; i < s.inner; i++) py[i] = b + pg[i] * k;
    }
  }
}

static inline int THNN_(BatchNorm_parallel)(THNN_(BNShape) s) {
  return s.channels > 1 && s.n * s.channels * s.inner > TH_OMP_THRESHOLD;
}

/* 1/sqrt(var + eps); 0 when both are 0 (Torch7's guard against a division by zero). */
static inline accreal THNN_(BatchNorm_invstd)(accreal var, accreal eps) {
  return var == 0 && eps == 0 ? 0 : 1 / sqrt(var + eps);
}

void THNN_(BatchNormalization_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                            THTensor *bias, THTensor *running_mean, THTensor *running_var,
                                            THTensor *save_mean, THTensor *save_std, bool train,
                                            accreal momentum, accreal eps) {
  const char *fn = "BatchNormalization_updateOutput";
  THNN_(BNShape) s = THNN_(BatchNorm_shape)(fn, input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(BatchNorm_checkVector)(fn, "weight", weight, s.channels, 1);
  THNN_(BatchNorm_checkVector)(fn, "bias", bias, s.channels, 1);
  THNN_(BatchNorm_checkVector)(fn, "running_mean", running_mean, s.channels, train);
  THNN_(BatchNorm_checkVector)(fn, "running_var", running_var, s.channels, train);
  long perChannel = s.n * s.inner;
  if (train && perChannel < 2)
    THError("%s: training needs more than one value per channel, got input of size %s", fn,
            THTensor_(sizeDesc)(input).str);
  if (train) {
    THNN_(BatchNorm_prepareVector)(fn, "save_mean", save_mean, s.channels);
    THNN_(BatchNorm_prepareVector)(fn, "save_std", save_std, s.channels);
  }

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeAs)(output, input);
  THTensor *out = THNN_(writable)(output, 0);
  const real *x = THTensor_(data)(in);
  real *y = THTensor_(data)(out);
#pragma omp parallel for if (THNN_(BatchNorm_parallel)(s))
  for (long c = 0; c < s.channels; c++) {
    accreal mean, invstd;
    if (train) {
      /* Shifting by one sample keeps the one-pass variance accurate when |mean| >> std. */
      real shift = x[c * s.inner];
      accreal sum, sumSq;
      THNN_(BatchNorm_moments)(x, s, c, shift, &sum, &sumSq);
      accreal shiftedMean = sum / perChannel;
      accreal sq = sumSq - sum * shiftedMean; /* sum of squared deviations */
      if (sq < 0) sq = 0;
      mean = shift + shiftedMean;
      invstd = THNN_(BatchNorm_invstd)(sq / perChannel, eps);
      THNN_(BatchNorm_set)(save_mean, c, (real)mean);
      THNN_(BatchNorm_set)(save_std, c, (real)invstd);
      if (running_mean)
        THNN_(BatchNorm_set)(running_mean, c,
                             (real)(momentum * mean + (1 - momentum) * THNN_(BatchNorm_at)(running_mean, c, 0)));
      if (running_var)
        THNN_(BatchNorm_set)(running_var, c,
                             (real)(momentum * sq / (perChannel - 1) +
                                    (1 - momentum) * THNN_(BatchNorm_at)(running_var, c, 0)));
    } else {
      mean = THNN_(BatchNorm_at)(running_mean, c, 0);
      invstd = THNN_(BatchNorm_invstd)(THNN_(BatchNorm_at)(running_var, c, 0), eps);
    }
    accreal a = invstd * THNN_(BatchNorm_at)(weight, c, 1);
    THNN_(BatchNorm_affine)(y, x, NULL, s, c, (real)a, (real)(THNN_(BatchNorm_at)(bias, c, 0) - mean * a), 0);
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(in);
}

/* Training: gradInput = (g - mean(g) - (x - mean) * sum((x - mean) g) * invstd^2 / n) * invstd * w with
 * the saved statistics; evaluation: gradInput = g * invstd * w with the running ones. gradWeight +=
 * scale * sum((x - mean) g) * invstd, gradBias += scale * sum(g). Only what is not NULL is computed. */
void THNN_(BatchNormalization_backward)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                        THTensor *gradInput, THTensor *gradWeight, THTensor *gradBias,
                                        THTensor *weight, THTensor *running_mean, THTensor *running_var,
                                        THTensor *save_mean, THTensor *save_std, bool train, accreal scale,
                                        accreal eps) {
  const char *fn = "BatchNormalization_backward";
  THNN_(BNShape) s = THNN_(BatchNorm_shape)(fn, input);
  THNN_(checkSameSize)(fn, "gradOutput", gradOutput, "input", input);
  THNN_(BatchNorm_checkVector)(fn, "weight", weight, s.channels, 1);
  THNN_(BatchNorm_checkVector)(fn, "gradWeight", gradWeight, s.channels, 1);
  THNN_(BatchNorm_checkVector)(fn, "gradBias", gradBias, s.channels, 1);
  /* training reads the saved statistics, evaluation the running ones; the others are not looked at */
  if (train) {
    THNN_(BatchNorm_checkVector)(fn, "save_mean", save_mean, s.channels, 0);
    THNN_(BatchNorm_checkVector)(fn, "save_std", save_std, s.channels, 0);
  } else {
    THNN_(BatchNorm_checkVector)(fn, "running_mean", running_mean, s.channels, 0);
    THNN_(BatchNorm_checkVector)(fn, "running_var", running_var, s.channels, 0);
  }

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  if (gradInput) THTensor_(resizeAs)(gradInput, input);
  THTensor *gi = gradInput ? THNN_(writable)(gradInput, 0) : NULL;
  const real *x = THTensor_(data)(in), *g = THTensor_(data)(go);
  real *dx = gi ? THTensor_(data)(gi) : NULL;
  long perChannel = s.n * s.inner;
#pragma omp parallel for if (THNN_(BatchNorm_parallel)(s))
  for (long c = 0; c < s.channels; c++) {
    accreal mean, invstd;
    if (train) {
      mean = THNN_(BatchNorm_at)(save_mean, c, 0);
      invstd = THNN_(BatchNorm_at)(save_std, c, 0);
    } else {
      mean = THNN_(BatchNorm_at)(running_mean, c, 0);
      invstd = THNN_(BatchNorm_invstd)(THNN_(BatchNorm_at)(running_var, c, 0), eps);
    }
    accreal w = THNN_(BatchNorm_at)(weight, c, 1);
    accreal sum = 0, dot = 0;
    if (gradWeight || gradBias || (dx && train))
      THNN_(BatchNorm_gradMoments)(x, g, s, c, (real)mean, &sum, &dot);
    if (dx) {
      if (train) {
        /* dx = x * a + b + g * k with k = invstd w, a = -dot invstd^2 / n * k, b = -mean a - mean(g) k */
        accreal k = invstd * w;
        accreal a = -dot * invstd * invstd / perChannel * k;
        accreal b = -mean * a - sum / perChannel * k;
        THNN_(BatchNorm_affine)(dx, x, g, s, c, (real)a, (real)b, (real)k);
      } else {
        THNN_(BatchNorm_affine)(dx, NULL, g, s, c, 0, 0, (real)(invstd * w));
      }
    }
    if (gradWeight)
      THNN_(BatchNorm_set)(gradWeight, c, (real)(THNN_(BatchNorm_at)(gradWeight, c, 0) + scale * dot * invstd));
    if (gradBias) THNN_(BatchNorm_set)(gradBias, c, (real)(THNN_(BatchNorm_at)(gradBias, c, 0) + scale * sum));
  }
  if (gi) THNN_(writeBack)(gradInput, gi);
  THTensor_(free)(go);
  THTensor_(free)(in);
}

#undef THNN_BN_CHUNK
#undef THNN_BN_LANES
#endif
