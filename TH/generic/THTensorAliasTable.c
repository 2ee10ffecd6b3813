/* Torch7's alias tables (the table builder of multinomialAliasSetup), written once for libTH and
 * libTHC: included by TH's generic/THTensorRandom.c and by THC's generic/THCTensorRandom.cu (which
 * builds the tables on a host copy of the probabilities), for the floating types. Internal to libTH
 * and libTHC (not installed API). No include guard: included once per type.
 *
 * For K > 0 probabilities read at p[k * ps], each finite and > 0 (the caller checks them first),
 * fills table (q) and alias (J, 0-based, 0 for "no alias") as described at TH's
 * multinomialAliasSetup. Returns -1 when every q ended > 0, table then holding the final q (divided
 * by the maximum if that exceeds 1, 1 where J is 0). Otherwise returns the index of the smallest q,
 * *q_min holding that q (the caller raises). */
static long THTensor_(buildAliasTable)(const real *p, long K, long ps, real *table, long *alias, real *q_min) {
  long *work = (long *)THAlloc((ptrdiff_t)sizeof(long) * K); /* small stack from the front, large from the back */
  long n_small = 0, n_large = 0;
  for (long k = 0; k < K; k++) {
    table[k] = (real)K * p[k * ps];
    alias[k] = 0;
    if (table[k] < 1)
      work[n_small++] = k;
    else
      work[K - 1 - n_large++] = k;
  }
  while (n_small > 0 && n_large > 0) {
    long s = work[n_small - 1];
    long l = work[K - n_large];
    alias[s] = l;
    table[l] = (real)((double)table[l] - (1.0 - (double)table[s]));
    if (table[l] < 1) {
      work[n_small - 1] = l;
      n_large--;
    } else {
      n_small--;
    }
  }
  THFree(work);
  real lo = table[0], q_max = table[0];
  long at_min = 0;
  for (long k = 1; k < K; k++) {
    if (table[k] < lo) {
      lo = table[k];
      at_min = k;
    }
    if (table[k] > q_max) q_max = table[k];
  }
  *q_min = lo;
  if (!(lo > 0)) return at_min;
  for (long k = 0; k < K; k++) table[k] = alias[k] <= 0 ? (real)1 : (q_max > 1 ? table[k] / q_max : table[k]);
  return -1;
}
