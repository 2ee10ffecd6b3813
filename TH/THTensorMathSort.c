/* libTH ordering functions: sort, topk, kthvalue, median, mode and medianall.
 *
 * The positions these return among equal values (and where NaN ends up, since NaN compares false
 * with everything) are whatever Torch7's algorithms left there, and callers have seen them: a
 * quicksort in Sedgewick's form (median-of-three pivot, partitions of at most TH_SORT_SMALL_RUN
 * elements left to one final insertion pass) and a quickselect with the same partitioning step.
 * This module runs those algorithms step for step: the same comparisons and the same swaps, so the
 * same arrangement, in its own code. Returned indices are 0-based, as Torch7's C returned them.
 *
 * A slice without two equal values and without NaN has only one sorted order, which any correct
 * sort finds; those are sorted by a stable LSD radix sort on "sort keys" (unsigned integers whose
 * order is the value order, THTensor_(sortKey)), several times faster than the quicksort. The
 * sorted keys show whether two values were equal (-0 and +0 get the same key, and compare equal in
 * Torch7 too); only then, or when the slice holds a NaN, does the quicksort run, on the slice in
 * the order it came. */
#include <stdint.h>
#include "THTensorMathReduceUtil.h"

/* Quicksort leaves a partition of at most this many elements to the final insertion pass; a whole
 * slice is partitioned only when it has more than TH_SORT_SMALL_RUN + 1 elements (Torch7's limits). */
#define TH_SORT_SMALL_RUN 10

/* Below this length insertion sort beats the radix passes. */
#define TH_SORT_RADIX_MIN 64

/* Slices of at least TH_SORT_SAMPLE_MIN elements first look for equal values among every
 * TH_SORT_SAMPLE_STEP-th one (a sort of 1/64 of the slice), to skip a radix sort bound to fail. */
#define TH_SORT_SAMPLE_MIN 65536
#define TH_SORT_SAMPLE_STEP 64

/* THSort_pairs<BITS>: stable sort of key/index pairs by key, for 32- and 64-bit keys. */
#define TH_SORT_DEFINE_RADIX(KEY, BITS)                                                           \
  static void THSort_insertion##BITS(KEY *key, long *idx, long n) {                              \
    for (long i = 1; i < n; i++) {                                                                \
      KEY k = key[i];                                                                             \
      long v = idx[i], j = i;                                                                     \
      for (; j > 0 && key[j - 1] > k; j--) {                                                      \
        key[j] = key[j - 1];                                                                      \
        idx[j] = idx[j - 1];                                                                      \
      }                                                                                           \
      key[j] = k;                                                                                 \
      idx[j] = v;                                                                                 \
    }                                                                                             \
  }                                                                                               \
                                                                                                  \
  /* Sorts n (key, idx) pairs by key; tkey/tidx are n elements of scratch. One counting pass per  \
   * key byte, skipping the bytes that every key shares. */                                       \
  static void THSort_pairs##BITS(KEY *key, long *idx, KEY *tkey, long *tidx, long n) {           \
    if (n < TH_SORT_RADIX_MIN) {                                                                  \
      THSort_insertion##BITS(key, idx, n);                                                        \
      return;                                                                                     \
    }                                                                                             \
    enum { BYTES = sizeof(KEY) };                                                                 \
    long count[BYTES][256] = {{0}};                                                               \
    for (long i = 0; i < n; i++)                                                                  \
      for (int b = 0; b < BYTES; b++) count[b][(key[i] >> (8 * b)) & 255]++;                      \
    KEY *src = key, *dst = tkey;                                                                  \
    long *isrc = idx, *idst = tidx;                                                               \
    for (int b = 0; b < BYTES; b++) {                                                             \
      long *c = count[b];                                                                         \
      if (c[(key[0] >> (8 * b)) & 255] == n) continue;                                            \
      for (long d = 0, at = 0; d < 256; d++) {                                                    \
        long cd = c[d];                                                                           \
        c[d] = at;                                                                                \
        at += cd;                                                                                 \
      }                                                                                           \
      for (long i = 0; i < n; i++) {                                                              \
        long at = c[(src[i] >> (8 * b)) & 255]++;                                                 \
        dst[at] = src[i];                                                                         \
        idst[at] = isrc[i];                                                                       \
      }                                                                                           \
      KEY *sk = src;                                                                              \
      src = dst;                                                                                  \
      dst = sk;                                                                                   \
      long *si = isrc;                                                                            \
      isrc = idst;                                                                                \
      idst = si;                                                                                  \
    }                                                                                             \
    if (src != key) {                                                                             \
      memcpy(key, src, sizeof(KEY) * (size_t)n);                                                  \
      memcpy(idx, isrc, sizeof(long) * (size_t)n);                                                \
    }                                                                                             \
  }

TH_SORT_DEFINE_RADIX(uint32_t, 32)
TH_SORT_DEFINE_RADIX(uint64_t, 64)

/* Exchanges elements a and b of v and of ix. */
#define TH_SORT_SWAP(VALUE, v, ix, a, b) \
  do {                                   \
    VALUE swappedValue = (v)[a];         \
    (v)[a] = (v)[b];                     \
    (v)[b] = swappedValue;               \
    long swappedIndex = (ix)[a];         \
    (ix)[a] = (ix)[b];                   \
    (ix)[b] = swappedIndex;              \
  } while (0)

/* Torch7's quicksort of an array v of VALUE in the order BEFORE(x, y) ("x goes before y"), the
 * original positions ix moving with it: FN(partition), FN(partitionAll) and FN(quicksort), FN
 * mapping a name to the function's name. */
#define TH_SORT_DEFINE_QUICKSORT(FN, VALUE, BEFORE)                                                 \
  /* One partitioning step of v[lo..hi] (at least 3 elements). The median of three (v[lo], the    \
   * middle element moved to lo + 1, v[hi]) becomes the pivot at lo, with v[lo + 1] and v[hi] as  \
   * the sentinels of the two scans; the pivot ends at *pivotAt. Afterwards v[lo..*pivotAt - 1]   \
   * holds nothing that goes after the pivot and v[*rightStart..hi] nothing that goes before it   \
   * (an element equal to the pivot may sit between *pivotAt and *rightStart). */                  \
  static inline void FN(partition)(VALUE *v, long *ix, long lo, long hi, long *pivotAt,             \
                                   long *rightStart) {                                              \
    TH_SORT_SWAP(VALUE, v, ix, (lo + hi) / 2, lo + 1);                                              \
    if (BEFORE(v[hi], v[lo + 1])) TH_SORT_SWAP(VALUE, v, ix, lo + 1, hi);                           \
    if (BEFORE(v[hi], v[lo])) TH_SORT_SWAP(VALUE, v, ix, lo, hi);                                   \
    if (BEFORE(v[lo], v[lo + 1])) TH_SORT_SWAP(VALUE, v, ix, lo, lo + 1);                           \
    VALUE pivot = v[lo];                                                                            \
    long i = lo + 1, j = hi;                                                                        \
    for (;;) {                                                                                      \
      do i++;                                                                                       \
      while (BEFORE(v[i], pivot));                                                                  \
      do j--;                                                                                       \
      while (BEFORE(pivot, v[j]));                                                                  \
      if (j < i) break;                                                                             \
      TH_SORT_SWAP(VALUE, v, ix, i, j);                                                             \
    }                                                                                               \
    TH_SORT_SWAP(VALUE, v, ix, lo, j);                                                              \
    *pivotAt = j;                                                                                   \
    *rightStart = i;                                                                                \
  }                                                                                                 \
                                                                                                    \
  /* Partitions v[lo..hi] again and again until no part has more than TH_SORT_SMALL_RUN elements. \
   * Parts are disjoint, so the order they are done in does not matter; recursing into the smaller\
   * one keeps the depth below log2(n). */                                                         \
  static void FN(partitionAll)(VALUE *v, long *ix, long lo, long hi) {                              \
    while (hi - lo + 1 > TH_SORT_SMALL_RUN) {                                                       \
      long pivotAt, rightStart;                                                                     \
      FN(partition)(v, ix, lo, hi, &pivotAt, &rightStart);                                          \
      long leftCount = pivotAt - lo, rightCount = hi - rightStart + 1;                              \
      if (leftCount < rightCount) {                                                                 \
        if (leftCount > TH_SORT_SMALL_RUN) FN(partitionAll)(v, ix, lo, pivotAt - 1);                \
        lo = rightStart;                                                                            \
      } else {                                                                                      \
        if (rightCount > TH_SORT_SMALL_RUN) FN(partitionAll)(v, ix, rightStart, hi);                \
        hi = pivotAt - 1;                                                                           \
      }                                                                                             \
    }                                                                                               \
  }                                                                                                 \
                                                                                                    \
  /* Sorts v[0..n). After the partitioning, one insertion pass from the end backwards: an element \
   * that goes after its right neighbour moves right past every element that goes before it (so   \
   * equal elements never pass each other in this pass). */                                       \
  static void FN(quicksort)(VALUE *v, long *ix, long n) {                                           \
    if (n > TH_SORT_SMALL_RUN + 1) FN(partitionAll)(v, ix, 0, n - 1);                               \
    for (long i = n - 2; i >= 0; i--) {                                                             \
      if (!BEFORE(v[i + 1], v[i])) continue;                                                        \
      VALUE moving = v[i];                                                                          \
      long movingAt = ix[i], j = i + 1;                                                             \
      do {                                                                                          \
        v[j - 1] = v[j];                                                                            \
        ix[j - 1] = ix[j];                                                                          \
        j++;                                                                                        \
      } while (j < n && BEFORE(v[j], moving));                                                      \
      v[j - 1] = moving;                                                                            \
      ix[j - 1] = movingAt;                                                                         \
    }                                                                                               \
  }

/* Torch7's quickselect, FN(quickselect), with the partitioning step of the ascending
 * TH_SORT_DEFINE_QUICKSORT(FN, VALUE, BEFORE): reorders v[0..n) (and ix) until v[k] holds what an
 * ascending sort would put there, everything before it goes no later and everything after it no
 * earlier. */
#define TH_SORT_DEFINE_QUICKSELECT(FN, VALUE, BEFORE)                    \
  static void FN(quickselect)(VALUE *v, long *ix, long k, long n) {      \
    long lo = 0, hi = n - 1;                                             \
    while (hi > lo) {                                                    \
      if (hi == lo + 1) {                                                \
        if (BEFORE(v[hi], v[lo])) TH_SORT_SWAP(VALUE, v, ix, lo, hi);    \
        return;                                                          \
      }                                                                  \
      long pivotAt, rightStart;                                          \
      FN(partition)(v, ix, lo, hi, &pivotAt, &rightStart);               \
      if (pivotAt <= k) lo = rightStart;                                 \
      if (pivotAt >= k) hi = pivotAt - 1;                                \
    }                                                                    \
  }

#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#include "THGenerateAllTypes.h"
