#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#else

#if defined(TH_REAL_IS_LONG) || defined(TH_REAL_IS_DOUBLE)
#define sortkey_t uint64_t
#define sortKeyPairs THSort_pairs64
#else
#define sortkey_t uint32_t
#define sortKeyPairs THSort_pairs32
#endif

/* The sort key of x: the unsigned order of keys is the order of values, and equal values (-0 and
 * +0 included) have equal keys. NaN gets the largest key, but it compares false with everything,
 * so no key order is its order: slices with NaN never go by keys alone. */
static inline sortkey_t THTensor_(sortKey)(real x) {
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  const sortkey_t sign = (sortkey_t)1 << (sizeof(sortkey_t) * 8 - 1);
  if (isnan(x)) return ~(sortkey_t)0;
  if (x == 0) x = 0; /* -0 gets the key of +0 */
  sortkey_t u;
  memcpy(&u, &x, sizeof u);
  return (u & sign) ? ~u : u | sign; /* negatives: reverse their order, below the positives */
#elif defined(TH_REAL_IS_BYTE)
  return x;
#elif defined(TH_REAL_IS_LONG)
  return (sortkey_t)x ^ ((sortkey_t)1 << 63);
#elif defined(TH_REAL_IS_CHAR)
  return (sortkey_t)((long)x - CHAR_MIN);
#elif defined(TH_REAL_IS_SHORT)
  return (sortkey_t)((long)x - SHRT_MIN);
#else
  return (sortkey_t)((long)x - INT_MIN);
#endif
}

#define TH_SORT_ASCENDING(a, b) ((a) < (b))
#define TH_SORT_DESCENDING(a, b) ((a) > (b))
#define TH_SORT_ASCENDING_FN(name) THTensor_(name##Ascending)
#define TH_SORT_DESCENDING_FN(name) THTensor_(name##Descending)
TH_SORT_DEFINE_QUICKSORT(TH_SORT_ASCENDING_FN, real, TH_SORT_ASCENDING)
TH_SORT_DEFINE_QUICKSORT(TH_SORT_DESCENDING_FN, real, TH_SORT_DESCENDING)
TH_SORT_DEFINE_QUICKSELECT(TH_SORT_ASCENDING_FN, real, TH_SORT_ASCENDING)

/* Sorts v[0..n) (ix moving with it) the way Torch7's quicksort does: step for step, from the
 * order v is in. */
static void THTensor_(quicksort)(real *v, long *ix, long n, int descending) {
  if (descending)
    THTensor_(quicksortDescending)(v, ix, n);
  else
    THTensor_(quicksortAscending)(v, ix, n);
}

/* The radix sort's arrays for slices of up to n elements: keys and positions, 2n of each. */
typedef struct THTensor_(SortScratch) {
  sortkey_t *key;
  long *order;
} THTensor_(SortScratch);

static void THTensor_(sortScratchInit)(THTensor_(SortScratch) *s, long n) {
  s->key = THAlloc(sizeof(sortkey_t) * 2 * (size_t)n);
  s->order = THAlloc(sizeof(long) * 2 * (size_t)n);
}

static void THTensor_(sortScratchFree)(THTensor_(SortScratch) *s) {
  THFree(s->key);
  THFree(s->order);
}

/* Sorts the n values at data (stride apart) by their keys: s->order[0..n) gets their positions in
 * ascending order (descending when descending != 0). Returns 1 when no two values are equal and
 * none is NaN, for then that is the only sorted order, so the one Torch7's quicksort gives; the
 * sorted keys show whether two were equal. Returns 0 otherwise, leaving s->order undefined, and
 * skips the sort when the keys span fewer than n values (so two are equal: Byte slices longer
 * than 256, integers of a small range). */
static int THTensor_(sortDistinct)(const real *data, long stride, long n, int descending, THTensor_(SortScratch) *s) {
  sortkey_t flip = descending ? ~(sortkey_t)0 : 0; /* complemented keys sort descending */
  sortkey_t lowest = ~(sortkey_t)0, highest = 0;
  for (long i = 0; i < n; i++) {
    real x = data[i * stride];
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
    if (isnan(x)) return 0;
#endif
    sortkey_t key = THTensor_(sortKey)(x) ^ flip;
    lowest = key < lowest ? key : lowest;
    highest = key > highest ? key : highest;
    s->key[i] = key;
    s->order[i] = i;
  }
  if (n > 1 && highest - lowest < (sortkey_t)(n - 1)) return 0;
  /* A cheap first look in long slices: when every TH_SORT_SAMPLE_STEP-th value already has a twin
   * (data of limited precision often has some), the whole sort would be wasted. */
  if (n >= TH_SORT_SAMPLE_MIN) {
    long m = n / TH_SORT_SAMPLE_STEP;
    sortkey_t *sample = s->key + n;
    for (long j = 0; j < m; j++) {
      sample[j] = s->key[j * TH_SORT_SAMPLE_STEP];
      s->order[n + j] = j;
    }
    sortKeyPairs(sample, s->order + n, sample + m, s->order + n + m, m);
    for (long j = 1; j < m; j++)
      if (sample[j] == sample[j - 1]) return 0;
  }
  sortKeyPairs(s->key, s->order, s->key + n, s->order + n, n);
  for (long i = 1; i < n; i++)
    if (s->key[i] == s->key[i - 1]) return 0;
  return 1;
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
  THTensor_(SortScratch) scratch;
  THTensor_(sortScratchInit)(&scratch, n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    if (THTensor_(sortDistinct)(t_data, t_stride, n, descendingOrder, &scratch)) {
      for (long i = 0; i < n; i++) {
        long at = scratch.order[i];
        out_data[i * out_stride] = t_data[at * t_stride];
        outi_data[i * outi_stride] = at;
      }
    } else {
      THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
      THTensor_(quicksort)(v, ix, n, descendingOrder);
      for (long i = 0; i < n; i++) {
        out_data[i * out_stride] = v[i];
        outi_data[i * outi_stride] = ix[i];
      }
    }
  });
  THTensor_(sortScratchFree)(&scratch);
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
  /* The sorted part (k or k - 1 elements) is sorted by keys when its values are distinct. */
  THTensor_(SortScratch) scratch;
  THTensor_(sortScratchInit)(&scratch, sorted ? k : 0);
  long first = dir ? n - k : 0;
  long sortedCount = dir ? k : k - 1;
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dim, {
    THTensor_(loadSlice)(v, ix, t_data, t_stride, n);
    if (dir && first > 0) THTensor_(quickselectAscending)(v, ix, first - 1, n);
    if (!dir) THTensor_(quickselectAscending)(v, ix, k - 1, n);
    int byKeys = sorted && THTensor_(sortDistinct)(v + first, 1, sortedCount, dir, &scratch);
    if (sorted && !byKeys) THTensor_(quicksort)(v + first, ix + first, sortedCount, dir);
    for (long j = 0; j < k; j++) {
      /* By keys: the j-th of the sorted part is its scratch.order[j]-th; the k-th smallest stays. */
      long at = first + (byKeys && j < sortedCount ? scratch.order[j] : j);
      out_data[j * out_stride] = v[at];
      outi_data[j * outi_stride] = ix[at];
    }
  });
  THTensor_(sortScratchFree)(&scratch);
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
    THTensor_(quickselectAscending)(v, ix, k - 1, n);
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
  THTensor_(SortScratch) scratch;
  THTensor_(sortScratchInit)(&scratch, n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    if (THTensor_(sortDistinct)(t_data, t_stride, n, 0, &scratch)) {
      /* Every run has one element: the first, the smallest value, wins. */
      *out_data = t_data[scratch.order[0] * t_stride];
      *outi_data = scratch.order[0];
    } else {
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
    }
  });
  THTensor_(sortScratchFree)(&scratch);
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
  long *ix = THAlloc(sizeof(long) * (size_t)n); /* moved along, not used */
  long i = 0;
  TH_TENSOR_APPLY(real, t, {
    v[i] = *t_data;
    ix[i] = i;
    i++;
  });
  long k = (long)((n + 1) / 2 - 1);
  THTensor_(quickselectAscending)(v, ix, k, (long)n);
  real median = v[k];
  THFree(v);
  THFree(ix);
  return median;
}

#undef TH_SORT_CHECK_ARGS
#undef TH_SORT_ASCENDING
#undef TH_SORT_DESCENDING
#undef TH_SORT_ASCENDING_FN
#undef TH_SORT_DESCENDING_FN
#undef sortKeyPairs
#undef sortkey_t

#endif
