/* libTH ordering functions: sort, topk, kthvalue, median, mode and medianall.
 *
 * They all order "sort keys": every value maps to an unsigned integer whose unsigned order is the
 * value order (THTensor_(sortKey)). NaN maps above +inf, so sort puts NaN last in ascending order
 * and first in descending order, topk counts NaN as the largest value, and kthvalue, median,
 * medianall and mode treat NaN as larger than every number and all NaNs as equal. -0 and +0 are
 * equal. Sorting is a stable LSD radix sort on the keys (ties keep their index order, in both
 * directions); selection (kthvalue, median, topk) is quickselect with a heapsort fallback, not a
 * full sort. */
#include <stdint.h>
#include "THTensorMathReduceUtil.h"

/* Below this length insertion sort beats the radix passes. */
#define TH_SORT_SMALL 64

/* Key helpers for 32- and 64-bit keys: THSort_pairs<BITS> (stable sort of key/index pairs),
 * THSort_select<BITS> (k-th smallest key). */
#define TH_SORT_DEFINE_KEY_FUNCTIONS(KEY, BITS)                                                   \
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
  /* Stable sort of n (key, idx) pairs by key; tkey/tidx are n elements of scratch. One counting  \
   * pass per key byte, skipping the bytes that every key shares. */                              \
  static void THSort_pairs##BITS(KEY *key, long *idx, KEY *tkey, long *tidx, long n) {           \
    if (n <= TH_SORT_SMALL) {                                                                     \
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
  }                                                                                               \
                                                                                                  \
  static void THSort_siftDown##BITS(KEY *a, long root, long n) {                                 \
    for (long child; (child = 2 * root + 1) < n; root = child) {                                  \
      if (child + 1 < n && a[child + 1] > a[child]) child++;                                      \
      if (a[root] >= a[child]) return;                                                            \
      KEY s = a[root];                                                                            \
      a[root] = a[child];                                                                         \
      a[child] = s;                                                                               \
    }                                                                                             \
  }                                                                                               \
                                                                                                  \
  static void THSort_heapsort##BITS(KEY *a, long n) {                                            \
    for (long i = n / 2 - 1; i >= 0; i--) THSort_siftDown##BITS(a, i, n);                         \
    for (long end = n - 1; end > 0; end--) {                                                      \
      KEY s = a[0];                                                                               \
      a[0] = a[end];                                                                              \
      a[end] = s;                                                                                 \
      THSort_siftDown##BITS(a, 0, end);                                                           \
    }                                                                                             \
  }                                                                                               \
                                                                                                  \
  /* The k-th smallest (0-based) of a[0..n), which it reorders: Hoare's FIND with a median-of-3  \
   * pivot; after 2 log2(n) rounds it heapsorts what is left, so the worst case is O(n log n). */ \
  static KEY THSort_select##BITS(KEY *a, long n, long k) {                                       \
    long lo = 0, hi = n - 1;                                                                      \
    int rounds = 2 * (64 - __builtin_clzl((unsigned long)n)) + 4;                                 \
    while (lo < hi) {                                                                             \
      if (rounds-- == 0) {                                                                        \
        THSort_heapsort##BITS(a + lo, hi - lo + 1);                                               \
        break;                                                                                    \
      }                                                                                           \
      KEY p = a[lo], q = a[lo + (hi - lo) / 2], r = a[hi];                                        \
      KEY x = p < q ? (q < r ? q : (p < r ? r : p)) : (p < r ? p : (q < r ? r : q));              \
      long i = lo, j = hi;                                                                        \
      do {                                                                                        \
        while (a[i] < x) i++;                                                                     \
        while (x < a[j]) j--;                                                                     \
        if (i <= j) {                                                                             \
          KEY s = a[i];                                                                           \
          a[i] = a[j];                                                                            \
          a[j] = s;                                                                               \
          i++;                                                                                    \
          j--;                                                                                    \
        }                                                                                         \
      } while (i <= j);                                                                           \
      if (j < k) lo = i;                                                                          \
      if (k < i) hi = j;                                                                          \
    }                                                                                             \
    return a[k];                                                                                  \
  }

TH_SORT_DEFINE_KEY_FUNCTIONS(uint32_t, 32)
TH_SORT_DEFINE_KEY_FUNCTIONS(uint64_t, 64)

#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#include "THGenerateAllTypes.h"
