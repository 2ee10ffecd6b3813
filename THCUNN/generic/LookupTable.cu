// The embedding table's backward and its max-norm renormalisation, as THNN/generic/LookupTable.c
// (the forward pass is an index select, done by the caller). Indices are 1-based. The index range
// check reads the answer back to the host (THNN raises before writing); the rest stays on the stream.
// The caller's buffers: sorted and indices receive the sorted input and its 0-based positions; count
// (NULL allowed, as on the CPU where they are unused: temporaries then); count (when scaleGradByFreq)
// the number of occurrences of each row, resized to gradWeight's rows.

void THNN_(LookupTable_accGradParameters)(THCState *state, THCIndexTensor *input, THCTensor *gradOutput,
                                          THCTensor *gradWeight, THCIndexTensor *count, THCIndexTensor *sorted,
                                          THCIndexTensor *indices, bool scaleGradByFreq, int paddingValue,
                                          accreal scale) {
  const char *fn = "LookupTable_accGradParameters";
  THNN_(checkNotNull)(fn, "input", input);
  if (input->nDimension != 1 && input->nDimension != 2)
    THError("%s: input must be a 1D or 2D tensor of indices, got a %dD tensor of size %s", fn, input->nDimension,
            THCudaLongTensor_sizeDesc(state, input).str);
  THNN_(checkDims)(state, fn, "gradWeight", gradWeight, 2, 2);
  if (!THCTensor_(isContiguous)(state, gradWeight)) THError("%s: gradWeight must be contiguous", fn);
  long numw = gradWeight->size[0], dim = gradWeight->size[1];
  ptrdiff_t numel = THCudaLongTensor_nElement(state, input);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  if (THCTensor_(nElement)(state, gradOutput) != numel * dim)
    THError("%s: gradOutput must have %td elements (%td indices x %ld columns of gradWeight), got size %s", fn,
            numel * dim, numel, dim, THCTensor_(sizeDesc)(state, gradOutput).str);
  if (scaleGradByFreq) THNN_(checkNotNull)(fn, "count", count);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  thcunn::checkIndexRange(state, fn, "index", input, TH_INDEX_BASE, numw - 1 + TH_INDEX_BASE, false, 0);
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  thcunn_lookup::GradSource<real> src{THCTensor_(data)(state, go), NULL, NULL};
  thcunn_lookup::accumulate<real, accreal>(state, input, THCTensor_(data)(state, gradWeight), numw, dim, src,
                                           count, sorted, indices, scaleGradByFreq, true, (long)paddingValue, scale);
  THCTensor_(free)(state, go);
}

// Rows named in idx (repeats rescale a row once) are renormalised in place; idx is left as it was.
void THNN_(LookupTable_renorm)(THCState *state, THCIndexTensor *idx, THCTensor *weight, accreal maxNorm,
                               accreal normType) {
  const char *fn = "LookupTable_renorm";
  THNN_(checkNotNull)(fn, "idx", idx);
  if (idx->nDimension != 1)
    THError("%s: idx must be a 1D tensor of indices, got a %dD tensor of size %s", fn, idx->nDimension,
            THCudaLongTensor_sizeDesc(state, idx).str);
  THNN_(checkDims)(state, fn, "weight", weight, 2, 2);
  if (!(normType > 0)) THError("%s: normType must be positive, got %g", fn, (double)normType);
  THNN_(checkDevice)(state, fn, "weight", weight);
  long numw = weight->size[0], dim = weight->size[1];
  thcunn::checkIndexRange(state, fn, "index", idx, TH_INDEX_BASE, numw - 1 + TH_INDEX_BASE, false, 0);
  ptrdiff_t n = THCudaLongTensor_nElement(state, idx);
  if (n == 0) return;

  THCudaLongTensor *sorted = THCudaLongTensor_new(state), *order = THCudaLongTensor_new(state);
  thcunn_index::sortFlat(state, idx, sorted, order);
  thcunn_lookup::renormRows<real>
      <<<thcunn_index::blocksFor(n, 1), thcunn_index::kThreads, 0, THCState_getCurrentStream(state)>>>(
          THCTensor_(data)(state, weight), weight->stride[0], weight->stride[1], dim,
          THCudaLongTensor_data(state, sorted), n, (double)maxNorm, (double)normType);
  THCudaCheckLaunch("LookupTable_renorm");
  THCudaLongTensor_free(state, sorted);
  THCudaLongTensor_free(state, order);
}
