// nn.LookupTableBag (cunn's EmbeddingBag; THNN has no CPU kernel): input [numel] holds 1-based rows of
// weight [numw x dim]; offsets [numBags] the 1-based positions where the bags start (non-decreasing,
// the first normally 1; a bag runs to the next one's start, the last to the end of input).
//   mode 0: output[bag] = sum of the bag's weight rows;  mode 1: their mean (an empty bag gives 0).
// updateOutput also fills offset2bag [numel] (each position's 1-based bag; 0 for positions before the
// first offset) and seq_length [numBags] (each bag's size), which accGradParameters reads:
//   gradWeight[input[i]] += scale / (count of input[i] if scaleGradByFreq) * gradOutput[bag(i)]
//                           (/ seq_length[bag(i)] in mode 1).
// count, sortedIndices, origIndices are buffers as for LookupTable (NULL allowed). The range checks
// of input and offsets read the answer back to the host, as THNN's index checks raise before writing.

static void THNN_(LookupTableBag_checkIndices)(THCState *state, const char *fn, THCIndexTensor *input, long numw) {
  THNN_(checkNotNull)(fn, "input", input);
  if (input->nDimension != 1)
    THError("%s: input must be a 1D tensor of indices, got a %dD tensor of size %s", fn, input->nDimension,
            THCudaLongTensor_sizeDesc(state, input).str);
  thcunn::checkIndexRange(state, fn, "index", input, TH_INDEX_BASE, numw - 1 + TH_INDEX_BASE, false, 0);
}

static void THNN_(LookupTableBag_checkMode)(const char *fn, int mode) {
  if (mode != 0 && mode != 1) THError("%s: mode must be 0 (sum) or 1 (mean), got %d", fn, mode);
}

void THNN_(LookupTableBag_updateOutput)(THCState *state, THCIndexTensor *input, THCIndexTensor *offsets,
                                        THCTensor *weight, THCTensor *output, THCIndexTensor *offset2bag, int mode,
                                        THCIndexTensor *seq_length) {
  const char *fn = "LookupTableBag_updateOutput";
  THNN_(checkDims)(state, fn, "weight", weight, 2, 2);
  THNN_(LookupTableBag_checkMode)(fn, mode);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "offset2bag", offset2bag);
  THNN_(checkNotNull)(fn, "seq_length", seq_length);
  THNN_(checkDevice)(state, fn, "weight", weight);
  THNN_(checkDevice)(state, fn, "output", output);
  long numw = weight->size[0], dim = weight->size[1];
  THNN_(LookupTableBag_checkIndices)(state, fn, input, numw);
  THNN_(checkNotNull)(fn, "offsets", offsets);
  if (offsets->nDimension != 1)
    THError("%s: offsets must be a 1D tensor of bag starts, got a %dD tensor of size %s", fn, offsets->nDimension,
            THCudaLongTensor_sizeDesc(state, offsets).str);
  long numel = input->size[0], numBags = offsets->size[0];
  thcunn::checkIndexRange(state, fn, "offset", offsets, TH_INDEX_BASE, numel + TH_INDEX_BASE, false, 0);

  THCudaLongTensor *in = THCudaLongTensor_newContiguous(state, input);
  THCudaLongTensor *off = THCudaLongTensor_newContiguous(state, offsets);
  THCudaLongTensor_resize1d(state, offset2bag, numel);
  THCudaLongTensor_zero(state, offset2bag);
  THCudaLongTensor_resize1d(state, seq_length, numBags);
  THCudaLongTensor *o2b = THCudaLongTensor_newContiguous(state, offset2bag);
  THCudaLongTensor *len = THCudaLongTensor_newContiguous(state, seq_length);
  THCTensor_(resize2d)(state, output, numBags, dim);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  if (numBags * dim > 0) {
    thcunn_lookup::embedBags<real>
        <<<thcunn_index::blocksFor(numBags * dim, thcunn_index::kThreads), thcunn_index::kThreads, 0,
           THCState_getCurrentStream(state)>>>(THCTensor_(data)(state, out), THCTensor_(data)(state, weight),
                                               weight->stride[0], weight->stride[1], dim,
                                               THCudaLongTensor_data(state, in), numel,
                                               THCudaLongTensor_data(state, off), numBags, mode,
                                               THCudaLongTensor_data(state, o2b), THCudaLongTensor_data(state, len));
    THCudaCheckLaunch("LookupTableBag_updateOutput");
  }
  THCTensor_(freeCopyTo)(state, out, output);
  THCudaLongTensor_freeCopyTo(state, o2b, offset2bag);
  THCudaLongTensor_freeCopyTo(state, len, seq_length);
  THCudaLongTensor_free(state, off);
  THCudaLongTensor_free(state, in);
}

void THNN_(LookupTableBag_accGradParameters)(THCState *state, THCIndexTensor *input, THCTensor *gradOutput,
                                             THCTensor *gradWeight, THCIndexTensor *offset2bag, THCIndexTensor *count,
                                             THCIndexTensor *sortedIndices, THCIndexTensor *origIndices,
                                             bool scaleGradByFreq, int mode, THCIndexTensor *seq_length,
                                             accreal scale_) {
  const char *fn = "LookupTableBag_accGradParameters";
  THNN_(checkDims)(state, fn, "gradWeight", gradWeight, 2, 2);
  if (!THCTensor_(isContiguous)(state, gradWeight)) THError("%s: gradWeight must be contiguous", fn);
  THNN_(LookupTableBag_checkMode)(fn, mode);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  long numw = gradWeight->size[0], dim = gradWeight->size[1];
  THNN_(LookupTableBag_checkIndices)(state, fn, input, numw);
  long numel = input->size[0];
  THNN_(checkNotNull)(fn, "offset2bag", offset2bag);
  if (THCudaLongTensor_nElement(state, offset2bag) != numel)
    THError("%s: offset2bag must have %ld elements (one per index), got size %s; pass updateOutput's", fn, numel,
            THCudaLongTensor_sizeDesc(state, offset2bag).str);
  THNN_(checkDims)(state, fn, "gradOutput", gradOutput, 2, 2);
  THNN_(checkDimSize)(state, fn, "gradOutput", gradOutput, 1, dim);
  long numBags = gradOutput->size[0];
  if (mode == 1) {
    THNN_(checkNotNull)(fn, "seq_length", seq_length);
    if (THCudaLongTensor_nElement(state, seq_length) != numBags)
      THError("%s: seq_length must have %ld elements (one per bag), got size %s; pass updateOutput's", fn, numBags,
              THCudaLongTensor_sizeDesc(state, seq_length).str);
  }
  if (scaleGradByFreq) THNN_(checkNotNull)(fn, "count", count);
  thcunn::checkIndexRange(state, fn, "bag", offset2bag, TH_INDEX_BASE, numBags - 1 + TH_INDEX_BASE, true, 0);
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCudaLongTensor *o2b = THCudaLongTensor_newContiguous(state, offset2bag);
  THCudaLongTensor *len = mode == 1 ? THCudaLongTensor_newContiguous(state, seq_length) : NULL;
  thcunn_lookup::GradSource<real> src{THCTensor_(data)(state, go), THCudaLongTensor_data(state, o2b),
                                      len ? THCudaLongTensor_data(state, len) : NULL};
  thcunn_lookup::accumulate<real, accreal>(state, input, THCTensor_(data)(state, gradWeight), numw, dim, src,
                                           count, sortedIndices, origIndices, scaleGradByFreq, false, 0, scale_);
  if (len) THCudaLongTensor_free(state, len);
  THCudaLongTensor_free(state, o2b);
  THCTensor_(free)(state, go);
}
