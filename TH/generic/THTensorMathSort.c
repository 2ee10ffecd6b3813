#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#else

#if defined(TH_REAL_IS_LONG) || defined(TH_REAL_IS_DOUBLE)
#define sortkey_t uint64_t
#define THSortKey_(NAME) THSort_##NAME##64
#else
#define sortkey_t uint32_t
#define THSortKey_(NAME) THSort_##NAME##32
#endif

/* The sort key of x: unsigned order of keys == order of values (see THTensorMathSort.c). */
static inline sortkey_t THTensor_(sortKey)(real x) {
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  const sortkey_t sign = (sortkey_t)1 << (sizeof(sortkey_t) * 8 - 1);
  if (isnan(x)) return ~(sortkey_t)0;
  if (x == 0) x = 0; /* -0 sorts as +0 */
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

#define TH_SORT_CHECK_ARGS(FN, V, I, T, DIM, DIMARG) \
  THReduce_checkNotNull(FN, V, 1);                    \
  THReduce_checkNotNull(FN, I, 2);                    \
  THReduce_checkNotNull(FN, T, 3);                    \
  THReduce_checkDim(FN, DIM, T, DIMARG)

/* Sorts every slice along dimension; ri_ gets the 1-based positions the values came from. The sort
 * is stable: equal values keep their index order, ascending or descending. */
void THTensor_(sort)(THTensor *rt_, THLongTensor *ri_, THTensor *t, int dimension, int descendingOrder) {
  TH_SORT_CHECK_ARGS("sort", rt_, ri_, t, dimension, 4);
  THTensor *out = THTensor_(reduceTarget)(rt_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(ri_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, t->size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, t->size, NULL);
  long n = t->size[dimension];
  /* Descending: complemented keys, sorted ascending (stable, so ties stay in index order). */
  sortkey_t flip = descendingOrder ? ~(sortkey_t)0 : 0;
  sortkey_t *key = THAlloc(sizeof(sortkey_t) * 2 * (size_t)n);
  long *idx = THAlloc(sizeof(long) * 2 * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    for (long i = 0; i < n; i++) {
      key[i] = THTensor_(sortKey)(t_data[i * t_stride]) ^ flip;
      idx[i] = i;
    }
    THSortKey_(pairs)(key, idx, key + n, idx + n, n);
    for (long i = 0; i < n; i++) {
      out_data[i * out_stride] = t_data[idx[i] * t_stride];
      outi_data[i * outi_stride] = idx[i] + TH_INDEX_BASE;
    }
  });
  THFree(key);
  THFree(idx);
  THTensor_(reduceFinish)(rt_, out, dimension, 1);
  THLongTensor_reduceFinish(ri_, outi, dimension, 1);
}

/* The k largest (dir != 0) or smallest (dir == 0) elements of every slice along dim, by
 * quickselect. sorted != 0: largest first (dir != 0) or smallest first; sorted == 0: in their
 * index order. Among equal values the lower indices are chosen. k == 0 gives empty results. */
void THTensor_(topk)(THTensor *rt_, THLongTensor *ri_, THTensor *t, long k, int dim, int dir, int sorted) {
  TH_SORT_CHECK_ARGS("topk", rt_, ri_, t, dim, 5);
  long n = t->size[dim];
  THArgCheck(k >= 0 && k <= n, 4, "topk: k %ld out of range [0, %ld]", k, n);
  THTensor *out = THTensor_(reduceTarget)(rt_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(ri_, t->storage);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dim, k);
  /* k == 0 ends the size list at dim (the legacy resize rule): 0 elements either way. */
  THTensor_(resizeNd)(out, k == 0 ? 0 : t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, k == 0 ? 0 : t->nDimension, size, NULL);
  if (k > 0) {
    /* Largest: complemented keys, so that the k smallest keys are wanted either way. */
    sortkey_t flip = dir ? ~(sortkey_t)0 : 0;
    sortkey_t *key = THAlloc(sizeof(sortkey_t) * (2 * (size_t)n + 2 * (size_t)k));
    sortkey_t *work = key + n, *chosen = key + 2 * n;
    long *idx = THAlloc(sizeof(long) * 2 * (size_t)k);
    TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dim, {
      for (long i = 0; i < n; i++) key[i] = work[i] = THTensor_(sortKey)(t_data[i * t_stride]) ^ flip;
      sortkey_t kth = THSortKey_(select)(work, n, k - 1);
      long ties = k;
      for (long i = 0; i < n; i++) ties -= key[i] < kth;
      for (long i = 0, m = 0; m < k; i++) {
        if (key[i] < kth || (key[i] == kth && ties-- > 0)) {
          chosen[m] = key[i];
          idx[m++] = i;
        }
      }
      if (sorted) THSortKey_(pairs)(chosen, idx, chosen + k, idx + k, k);
      for (long j = 0; j < k; j++) {
        out_data[j * out_stride] = t_data[idx[j] * t_stride];
        outi_data[j * outi_stride] = idx[j] + TH_INDEX_BASE;
      }
    });
    THFree(key);
    THFree(idx);
  }
  THTensor_(reduceFinish)(rt_, out, dim, 1);
  THLongTensor_reduceFinish(ri_, outi, dim, 1);
}

/* The k-th smallest (1-based) of every slice, and the index of its first occurrence. */
static void THTensor_(selectDim)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                                 int dimension, int keepdim) {
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(values_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(indices_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  long n = t->size[dimension];
  sortkey_t *work = THAlloc(sizeof(sortkey_t) * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    for (long i = 0; i < n; i++) work[i] = THTensor_(sortKey)(t_data[i * t_stride]);
    sortkey_t kth = THSortKey_(select)(work, n, k - 1);
    long at = 0;
    while (THTensor_(sortKey)(t_data[at * t_stride]) != kth) at++;
    *out_data = t_data[at * t_stride];
    *outi_data = at + TH_INDEX_BASE;
  });
  THFree(work);
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

/* The most frequent value of every slice (among equally frequent values the smallest) and the
 * index of its first occurrence. */
void THTensor_(mode)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension, int keepdim) {
  TH_SORT_CHECK_ARGS("mode", values_, indices_, t, dimension, 4);
  long size[TH_MAX_DIMS];
  THReduce_replacedSize(size, t->nDimension, t->size, dimension, 1);
  THTensor *out = THTensor_(reduceTarget)(values_, t->storage);
  THLongTensor *outi = THLongTensor_reduceTarget(indices_, t->storage);
  THTensor_(resizeNd)(out, t->nDimension, size, NULL);
  THLongTensor_resizeNd(outi, t->nDimension, size, NULL);
  long n = t->size[dimension];
  sortkey_t *key = THAlloc(sizeof(sortkey_t) * 2 * (size_t)n);
  long *idx = THAlloc(sizeof(long) * 2 * (size_t)n);
  TH_TENSOR_DIM_APPLY3(real, out, long, outi, real, t, dimension, {
    for (long i = 0; i < n; i++) {
      key[i] = THTensor_(sortKey)(t_data[i * t_stride]);
      idx[i] = i;
    }
    /* Stable: each run of equal keys starts with the value's first occurrence. */
    THSortKey_(pairs)(key, idx, key + n, idx + n, n);
    long best = idx[0];
    long bestCount = 0;
    for (long i = 0, j; i < n; i = j) {
      for (j = i + 1; j < n && key[j] == key[i]; j++) {
      }
      if (j - i > bestCount) {
        bestCount = j - i;
        best = idx[i];
      }
    }
    *out_data = t_data[best * t_stride];
    *outi_data = best + TH_INDEX_BASE;
  });
  THFree(key);
  THFree(idx);
  THTensor_(reduceFinish)(values_, out, dimension, keepdim);
  THLongTensor_reduceFinish(indices_, outi, dimension, keepdim);
}

/* The lower median of all elements (the ((n+1)/2)-th smallest). */
real THTensor_(medianall)(THTensor *t) {
  THReduce_checkNotNull("medianall", t, 1);
  ptrdiff_t n = THTensor_(nElement)(t);
  THArgCheck(n > 0, 1, "medianall: the tensor is empty");
  sortkey_t *work = THAlloc(sizeof(sortkey_t) * (size_t)n);
  ptrdiff_t i = 0;
  TH_TENSOR_APPLY(real, t, work[i++] = THTensor_(sortKey)(*t_data););
  sortkey_t kth = THSortKey_(select)(work, n, (n + 1) / 2 - 1);
  THFree(work);
  real median = 0;
  int found = 0;
  TH_TENSOR_APPLY(real, t, {
    if (!found && THTensor_(sortKey)(*t_data) == kth) {
      median = *t_data;
      found = 1;
    }
  });
  return median;
}

#undef sortkey_t
#undef THSortKey_
#undef TH_SORT_CHECK_ARGS

#endif
