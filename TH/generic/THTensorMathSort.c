#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#else

/* Exchanges elements a and b of v, and of ix when it is not NULL. */
static inline void THTensor_(sortSwap)(real *v, long *ix, long a, long b) {
  real value = v[a];
  v[a] = v[b];
  v[b] = value;
  if (ix) {
    long at = ix[a];
    ix[a] = ix[b];
    ix[b] = at;
  }
}

#define TH_SORT_ASCENDING(a, b) ((a) < (b))
#define TH_SORT_DESCENDING(a, b) ((a) > (b))

/* Torch7's quicksort for one order, BEFORE(a, b) saying that a goes before b: partition##DIR,
 * quicksort##DIR and their helpers. ix (the original positions) moves with v. */
#define TH_SORT_DEFINE_ORDER(DIR, BEFORE)                                                            \
  /* One partitioning step of v[lo..hi] (at least 3 elements). The median of three (v[lo], the     \
   * middle element moved to lo + 1, v[hi]) becomes the pivot at lo, with v[lo + 1] and v[hi] as   \
   * the sentinels of the two scans; the pivot ends at *pivotAt. Afterwards v[lo..*pivotAt - 1]    \
   * holds nothing that goes after the pivot and v[*rightStart..hi] nothing that goes before it    \
   * (an element equal to the pivot may sit between *pivotAt and *rightStart). */                   \
  static inline void THTensor_(partition##DIR)(real *v, long *ix, long lo, long hi, long *pivotAt, \
                                                long *rightStart) {                                  \
    THTensor_(sortSwap)(v, ix, (lo + hi) / 2, lo + 1);                                               \
    if (BEFORE(v[hi], v[lo + 1])) THTensor_(sortSwap)(v, ix, lo + 1, hi);                           \
    if (BEFORE(v[hi], v[lo])) THTensor_(sortSwap)(v, ix, lo, hi);                                   \
    if (BEFORE(v[lo], v[lo + 1])) THTensor_(sortSwap)(v, ix, lo, lo + 1);                           \
    real pivot = v[lo];                                                                              \
    long i = lo + 1, j = hi;                                                                         \
    for (;;) {                                                                                       \
      do i++;                                                                                        \
      while (BEFORE(v[i], pivot));                                                                   \
      do j--;                                                                                        \
      while (BEFORE(pivot, v[j]));                                                                   \
      if (j < i) break;                                                                              \
      THTensor_(sortSwap)(v, ix, i, j);                                                              \
    }                                                                                                \
    THTensor_(sortSwap)(v, ix, lo, j);                                                               \
    *pivotAt = j;                                                                                    \
    *rightStart = i;                                                                                 \
  }                                                                                                  \
                                                                                                     \
  /* Partitions v[lo..hi] again and again until no part has more than TH_SORT_SMALL_RUN elements.  \
   * Parts are disjoint, so the order they are done in does not matter; recursing into the smaller \
   * one keeps the depth below log2(n). */                                                          \
  static void THTensor_(partitionAll##DIR)(real *v, long *ix, long lo, long hi) {                   \
    while (hi - lo + 1 > TH_SORT_SMALL_RUN) {                                                        \
      long pivotAt, rightStart;                                                                      \
      THTensor_(partition##DIR)(v, ix, lo, hi, &pivotAt, &rightStart);                               \
      long leftCount = pivotAt - lo, rightCount = hi - rightStart + 1;                               \
      if (leftCount < rightCount) {                                                                  \
        if (leftCount > TH_SORT_SMALL_RUN) THTensor_(partitionAll##DIR)(v, ix, lo, pivotAt - 1);    \
        lo = rightStart;                                                                             \
      } else {                                                                                       \
        if (rightCount > TH_SORT_SMALL_RUN) THTensor_(partitionAll##DIR)(v, ix, rightStart, hi);    \
        hi = pivotAt - 1;                                                                            \
      }                                                                                              \
    }                                                                                                \
  }                                                                                                  \
                                                                                                     \
  /* Sorts v[0..n). After the partitioning, one insertion pass from the end backwards: an element  \
   * that goes after its right neighbour moves right past every element that goes before it (so    \
   * equal elements never pass each other in this pass). */                                        \
  static void THTensor_(quicksort##DIR)(real *v, long *ix, long n) {                                \
    if (n > TH_SORT_SMALL_RUN + 1) THTensor_(partitionAll##DIR)(v, ix, 0, n - 1);                   \
    for (long i = n - 2; i >= 0; i--) {                                                              \
      if (!BEFORE(v[i + 1], v[i])) continue;                                                         \
      real moving = v[i];                                                                            \
      long movingAt = ix[i], j = i + 1;                                                              \
      do {                                                                                           \
        v[j - 1] = v[j];                                                                             \
        ix[j - 1] = ix[j];                                                                           \
        j++;                                                                                         \
      } while (j < n && BEFORE(v[j], moving));                                                       \
      v[j - 1] = moving;                                                                             \
      ix[j - 1] = movingAt;                                                                          \
    }                                                                                                \
  }

TH_SORT_DEFINE_ORDER(Ascending, TH_SORT_ASCENDING)
TH_SORT_DEFINE_ORDER(Descending, TH_SORT_DESCENDING)

/* Torch7's quickselect: reorders v[0..n) (and ix, when not NULL) by ascending partitioning steps
 * until v[k] holds what an ascending sort would put there, everything before it goes no later and
 * everything after it no earlier. */
static void THTensor_(quickselect)(real *v, long *ix, long k, long n) {
  long lo = 0, hi = n - 1;
  while (hi > lo) {
    if (hi == lo + 1) {
      if (v[hi] < v[lo]) THTensor_(sortSwap)(v, ix, lo, hi);
      return;
    }
    long pivotAt, rightStart;
    THTensor_(partitionAscending)(v, ix, lo, hi, &pivotAt, &rightStart);
    if (pivotAt <= k) lo = rightStart;
    if (pivotAt >= k) hi = pivotAt - 1;
  }
}

/* Copies a slice of n elements (stride apart) to v, and its positions 0..n-1 to ix. */
static void THTensor_(loadSlice)(real *v, long *ix, const real *data, long stride, long n) {
  for (long i = 0; i < n; i++) {
    v[i] = data[i * stride];
    ix[i] = i;
  }
}

#define TH_SORT_CHECK_ARGS(FN, V, I, T, DIM, DIMARG) \
  THReduce_checkNotNull(FN, V, 1);                    \
  THReduce_checkNotNull(FN, I, 2);                    \
  THReduce_checkNotNull(FN, T, 3);                    \
  THReduce_checkDim(FN, DIM, T, DIMARG)

/* Sorts every slice along dimension; ri_ gets the 0-based positions the values came from. Equal
 * values keep their order in slices of up to 11 elements (only the insertion pass runs); in longer
 * ones they end where Torch7's quicksort put them. */
void THTensor_(sort)(THTensor *rt_, THLongTensor *ri_, THTensor *t, int dimension, int descendingOrder) {
  TH_SORT_CHECK_ARGS("sort", rt_, ri_, t, dimension, 4);
  THTensor *out = THTensor_(reduceTarget)(rt_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(ri_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, t->size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, t->size, NULL);
  long n = t->size[dimension];
  real *v = THAlloc(sizeof(real) * (size_t)n);
  long *ix = THAlloc(sizeof(long) * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
    if (descendingOrder)
      THTensor_(quicksortDescending)(v, ix, n);
    else
      THTensor_(quicksortAscending)(v, ix, n);
    for (long i = 0; i < n; i++) {
      out_data[i * out_stride] = v[i];
      outi_data[i * outi_stride] = ix[i];
    }
  });
  THFree(v);
  THFree(ix);
  THTensor_(reduceFinish)(rt_, out, dimension, 1);
  THLongTensor_reduceFinish(ri_, outi, dimension, 1);
}

/* The k largest (dir != 0) or smallest (dir == 0) elements of every slice along dim, as Torch7
 * chose and ordered them. Largest: quickselect puts the n - k smallest first and the rest follow,
 * sorted descending when sorted != 0. Smallest: quickselect puts the k-th smallest at k - 1 with
 * the others before it, and sorted != 0 sorts only those k - 1. Unsorted results come in the order
 * quickselect left them. k must be 1 to the slice's length, as Torch7 required. */
void THTensor_(topk)(THTensor *rt_, THLongTensor *ri_, THTensor *t, long k, int dim, int dir, int sorted) {
  TH_SORT_CHECK_ARGS("topk", rt_, ri_, t, dim, 5);
  long n = t->size[dim];
  THArgCheck(k >= 1 && k <= n, 4, "topk: k %ld out of range [1, %ld]", k, n);
  THTensor *out = THTensor_(reduceTarget)(rt_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(ri_, t->storage);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dim, k);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  real *v = THAlloc(sizeof(real) * (size_t)n);
  long *ix = THAlloc(sizeof(long) * (size_t)n);
  long first = dir ? n - k : 0;
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dim, {
    THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
    if (dir) {
      if (first > 0) THTensor_(quickselect)(v, ix, first - 1, n);
      if (sorted) THTensor_(quicksortDescending)(v + first, ix + first, k);
    } else {
      THTensor_(quickselect)(v, ix, k - 1, n);
      if (sorted) THTensor_(quicksortAscending)(v, ix, k - 1);
    }
    for (long j = 0; j < k; j++) {
      out_data[j * out_stride] = v[first + j];
      outi_data[j * outi_stride] = ix[first + j];
    }
  });
  THFree(v);
  THFree(ix);
  THTensor_(reduceFinish)(rt_, out, dim, 1);
  THLongTensor_reduceFinish(ri_, outi, dim, 1);
}

/* The k-th smallest (k from 1) of every slice and its 0-based position: what quickselect leaves at
 * k - 1 (among equal values, whichever one it left there). */
static void THTensor_(selectDim)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                                 int dimension, int keepdim) {
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(values_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(indices_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  long n = t->size[dimension];
  real *v = THAlloc(sizeof(real) * (size_t)n);
  long *ix = THAlloc(sizeof(long) * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
    THTensor_(quickselect)(v, ix, k - 1, n);
    *out_data = v[k - 1];
    *outi_data = ix[k - 1];
  });
  THFree(v);
  THFree(ix);
  THTensor_(reduceFinish)(values_, out, dimension, keepdim);
  THLongTensor_reduceFinish(indices_, outi, dimension, keepdim);
}

void THTensor_(kthvalue)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k, int dimension,
                         int keepdim) {
  TH_SORT_CHECK_ARGS("kthvalue", values_, indices_, t, dimension, 5);
  THArgCheck(k >= 1 && k <= t->size[dimension], 4, "kthvalue: k %ld out of range [1, %ld]", k,
             t->size[dimension]);
  THTensor_(selectDim)(values_, indices_, t, k, dimension, keepdim);
}

/* The lower median for an even count: the ((n+1)/2)-th smallest, as in Torch7. */
void THTensor_(median)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension, int keepdim) {
  TH_SORT_CHECK_ARGS("median", values_, indices_, t, dimension, 4);
  THTensor_(selectDim)(values_, indices_, t, (t->size[dimension] + 1) / 2, dimension, keepdim);
}

/* The most frequent value of every slice, as Torch7 found it: the slice sorted ascending, runs of
 * equal neighbours counted, the first longest run wins (so among equally frequent values the
 * smallest), and the index is that of the run's last element (in a slice of up to 11 elements,
 * where the sort keeps equal values in order, the value's last occurrence). NaN equals nothing,
 * so every NaN is a run of its own. */
void THTensor_(mode)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension, int keepdim) {
  TH_SORT_CHECK_ARGS("mode", values_, indices_, t, dimension, 4);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(values_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(indices_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  long n = t->size[dimension];
  real *v = THAlloc(sizeof(real) * (size_t)n);
  long *ix = THAlloc(sizeof(long) * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
    THTensor_(quicksortAscending)(v, ix, n);
    long best = 0; /* one declaration a line: a comma would split the macro argument */
    long bestCount = 0;
    long run = 0;
    for (long i = 0; i < n; i++) {
      run++;
      if (i == n - 1 || v[i] != v[i + 1]) {
        if (run > bestCount) {
          bestCount = run;
          best = i;
        }
        run = 0;
      }
    }
    *out_data = v[best];
    *outi_data = ix[best];
  });
  THFree(v);
  THFree(ix);
  THTensor_(reduceFinish)(values_, out, dimension, keepdim);
  THLongTensor_reduceFinish(indices_, outi, dimension, keepdim);
}

/* The lower median of all elements (the ((n+1)/2)-th smallest): quickselect over a copy in
 * row-major order, as Torch7 did it. */
real THTensor_(medianall)(THTensor *t) {
  THReduce_checkNotNull("medianall", t, 1);
  ptrdiff_t n = THTensor_(nElement)(t);
  THArgCheck(n > 0, 1, "medianall: the tensor is empty");
  real *v = THAlloc(sizeof(real) * (size_t)n);
  ptrdiff_t i = 0;
  TH_TENSOR_APPLY(real, t, v[i++] = *t_data;);
  long k = (long)((n + 1) / 2 - 1);
  THTensor_(quickselect)(v, NULL, k, (long)n);
  real median = v[k];
  THFree(v);
  return median;
}

#undef TH_SORT_CHECK_ARGS
#undef TH_SORT_DEFINE_ORDER
#undef TH_SORT_ASCENDING
#undef TH_SORT_DESCENDING

#endif
