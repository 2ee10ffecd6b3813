#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LookupTable.c"
#else
/* The embedding table's backward and its max-norm renormalisation. Rows are addressed by 1-based
 * indices; the forward pass is an index select, done by the caller. */

/* gradWeight[input[i]] += scale / count(input[i]) * gradOutput[i] for every position i whose index is
 * not paddingValue; count is 1 unless scaleGradByFreq (then it is the number of times the index
 * occurs in input, kept in `count`). sorted and indices are Torch7's CUDA buffers, unused here.
 * input: 1-D or 2-D; gradOutput: as many rows of gradWeight's width as input has elements.
 * Every index, padding included, must lie in [1, rows of gradWeight] (as in Torch7). */
void THNN_(LookupTable_accGradParameters)(THNNState *state, THIndexTensor *input, THTensor *gradOutput,
                                          THTensor *gradWeight, THIntegerTensor *count, THTensor *sorted,
                                          THIndexTensor *indices, bool scaleGradByFreq, int paddingValue,
                                          accreal scale) {
  const char *fn = "LookupTable_accGradParameters";
  THNN_(checkNotNull)(fn, "input", input);
  if (input->nDimension != 1 && input->nDimension != 2)
    THError("%s: input must be a 1D or 2D tensor of indices, got a %dD tensor of size %s", fn, input->nDimension,
            THLongTensor_sizeDesc(input).str);
  THNN_(checkDims)(fn, "gradWeight", gradWeight, 2, 2);
  if (!THTensor_(isContiguous)(gradWeight)) THError("%s: gradWeight must be contiguous", fn);
  long numw = gradWeight->size[0], dim = gradWeight->size[1];
  ptrdiff_t numel = THLongTensor_nElement(input);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  if (THTensor_(nElement)(gradOutput) != numel * dim)
    THError("%s: gradOutput must have %td elements (%td indices x %ld columns of gradWeight), got size %s", fn,
            numel * dim, numel, dim, THTensor_(sizeDesc)(gradOutput).str);
  if (scaleGradByFreq) THNN_(checkNotNull)(fn, "count", count);
  THNN_(checkIndexRange)(fn, "index", input, TH_INDEX_BASE, numw - 1 + TH_INDEX_BASE, false, 0);

  THLongTensor *in = THLongTensor_newContiguous(input);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  const long *idx = THLongTensor_data(in);
  const real *g = THTensor_(data)(go);
  real *gw = THTensor_(data)(gradWeight);
  int *freq = NULL;
  if (scaleGradByFreq) {
    THIntTensor_resize1d(count, numw);
    THIntTensor_zero(count);
    freq = THIntTensor_data(count);
    for (ptrdiff_t i = 0; i < numel; i++) freq[idx[i] - TH_INDEX_BASE]++;
  }
  /* Threads own disjoint ranges of rows, so no two write the same row; each scans all indices. */
  int parallel = numel * dim > TH_OMP_THRESHOLD && numw > 1;
#pragma omp parallel if (parallel)
  {
    long lo = 0, hi = numw;
#ifdef _OPENMP
    int nt = omp_get_num_threads(), t = omp_get_thread_num();
    lo = numw * t / nt;
    hi = numw * (t + 1) / nt;
#endif
    for (ptrdiff_t i = 0; i < numel; i++) {
      long k = idx[i] - TH_INDEX_BASE;
      if (idx[i] == paddingValue || k < lo || k >= hi) continue;
      real s = (real)(freq ? scale / freq[k] : scale);
      real *row = gw + k * dim;
      const real *src = g + i * dim;
#pragma omp simd
      for (long j = 0; j < dim; j++) row[j] += s * src[j];
    }
  }
  THTensor_(free)(go);
  THLongTensor_free(in);
}

static int THNN_(LookupTable_compareIndex)(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Each row of weight named in idx (1-based, repeats allowed: a row is rescaled once) whose
 * normType-norm exceeds maxNorm is scaled by maxNorm / (norm + 1e-7). Torch7 sorted the caller's idx
 * in place to find the distinct rows; ember sorts a copy and leaves idx as it was. */
void THNN_(LookupTable_renorm)(THNNState *state, THIndexTensor *idx, THTensor *weight, accreal maxNorm,
                               accreal normType) {
  const char *fn = "LookupTable_renorm";
  THNN_(checkNotNull)(fn, "idx", idx);
  if (idx->nDimension != 1)
    THError("%s: idx must be a 1D tensor of indices, got a %dD tensor of size %s", fn, idx->nDimension,
            THLongTensor_sizeDesc(idx).str);
  THNN_(checkDims)(fn, "weight", weight, 2, 2);
  if (!(normType > 0)) THError("%s: normType must be positive, got %g", fn, (double)normType);
  long numw = weight->size[0], dim = weight->size[1];
  THNN_(checkIndexRange)(fn, "index", idx, TH_INDEX_BASE, numw - 1 + TH_INDEX_BASE, false, 0);

  ptrdiff_t n = THLongTensor_nElement(idx);
  if (n == 0) return;
  long *rows = THAlloc(sizeof(long) * (size_t)n);
  THLongTensor *ic = THLongTensor_newContiguous(idx);
  memcpy(rows, THLongTensor_data(ic), sizeof(long) * (size_t)n);
  THLongTensor_free(ic);
  qsort(rows, (size_t)n, sizeof(long), THNN_(LookupTable_compareIndex));
  ptrdiff_t distinct = 0;
  for (ptrdiff_t i = 0; i < n; i++)
    if (i == 0 || rows[i] != rows[i - 1]) rows[distinct++] = rows[i];

  long s0 = weight->stride[0], s1 = weight->stride[1];
  real *w = THTensor_(data)(weight);
#pragma omp parallel for if (distinct * dim > TH_OMP_THRESHOLD)
  for (ptrdiff_t i = 0; i < distinct; i++) {
    real *row = w + (rows[i] - TH_INDEX_BASE) * s0;
    accreal norm = 0;
    for (long j = 0; j < dim; j++) {
      accreal a = fabs((accreal)row[j * s1]);
      norm += normType == 1 ? a : normType == 2 ? a * a : pow(a, normType);
    }
    norm = normType == 1 ? norm : normType == 2 ? sqrt(norm) : pow(norm, 1 / normType);
    if (norm > maxNorm) {
      real factor = (real)(maxNorm / (norm + 1e-7));
      for (long j = 0; j < dim; j++) row[j * s1] *= factor;
    }
  }
  THFree(rows);
}

#endif
