#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathIndex.c"
#else

/* `in`, or a private copy of it when it shares storage with an output that the kernel resizes or
 * writes before it has read all of `in`. Free the result with THTensor_(free). */
static THTensor *THTensor_(newReadable)(const void *outStorage, THTensor *in) {
  if (in->storage && (const void *)in->storage == outStorage) return THTensor_(newClone)(in);
  THTensor_(retain)(in);
  return in;
}

static void THTensor_(makeEmpty)(THTensor *t) { THTensor_(resizeNd)(t, 0, NULL, NULL); }

/* ------------------------------------------------------------------ masks */

static void THTensor_(checkMaskSize)(const char *fn, THTensor *t, const char *tName, THByteTensor *mask,
                                     int maskArg) {
  ptrdiff_t nt = THTensor_(nElement)(t), nm = THByteTensor_nElement(mask);
  THArgCheck(nt == nm, maskArg, "%s: the mask %s has %td elements but %s %s has %td", fn,
             THByteTensor_sizeDesc(mask).str, nm, tName, THTensor_(sizeDesc)(t).str, nt);
}

void THTensor_(maskedFill)(THTensor *tensor, THByteTensor *mask, real value) {
  THTensor_(checkMaskSize)("maskedFill", tensor, "tensor", mask, 2);
  THMask_countOnes("maskedFill", mask, 2);
  THByteTensor *m = THByteTensor_newReadable(tensor->storage, mask);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, m, if (*m_data) *tensor_data = value;);
  THByteTensor_free(m);
}

/* The k-th one of the mask (row-major order) receives the k-th element of src. */
void THTensor_(maskedCopy)(THTensor *tensor, THByteTensor *mask, THTensor *src) {
  THTensor_(checkMaskSize)("maskedCopy", tensor, "tensor", mask, 2);
  ptrdiff_t ones = THMask_countOnes("maskedCopy", mask, 2);
  ptrdiff_t available = THTensor_(nElement)(src);
  THArgCheck(available >= ones, 3, "maskedCopy: the mask has %td ones but src %s has only %td elements", ones,
             THTensor_(sizeDesc)(src).str, available);
  if (ones == 0) return;
  THTensor *s = THTensor_(newReadable)(tensor->storage, src);
  THByteTensor *m = THByteTensor_newReadable(tensor->storage, mask);
  THIter next;
  THIter_init(&next, s->nDimension, s->size, s->stride);
  const real *sBase = THTensor_(data)(s);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, m, {
    if (*m_data) {
      *tensor_data = sBase[next.offset];
      THIter_advance(&next, 1);
    }
  });
  THByteTensor_free(m);
  THTensor_(free)(s);
}

/* tensor becomes the vector of the elements of src where the mask is 1, in row-major order. */
void THTensor_(maskedSelect)(THTensor *tensor, THTensor *src, THByteTensor *mask) {
  THTensor_(checkMaskSize)("maskedSelect", src, "src", mask, 3);
  ptrdiff_t ones = THMask_countOnes("maskedSelect", mask, 3);
  if (ones == 0) {
    THTensor_(makeEmpty)(tensor);
    return;
  }
  THTensor *s = THTensor_(newReadable)(tensor->storage, src);
  THByteTensor *m = THByteTensor_newReadable(tensor->storage, mask);
  THTensor_(resize1d)(tensor, (long)ones);
  real *out = THTensor_(data)(tensor);
  long outStride = tensor->stride[0];
  ptrdiff_t k = 0;
  TH_TENSOR_APPLY2(real, s, unsigned char, m, {
    if (*m_data) out[k++ * outStride] = *s_data;
  });
  THByteTensor_free(m);
  THTensor_(free)(s);
}

/* subscript becomes an N x nDimension matrix of the 0-based subscripts of the N non-zero elements
 * (NaN counts as non-zero), in row-major order; Torch7's C returned them 0-based too (its Lua layer
 * added 1). */
void THTensor_(nonzero)(THLongTensor *subscript, THTensor *tensor) {
  ptrdiff_t count = 0;
  TH_TENSOR_APPLY(real, tensor, count += *tensor_data != 0;);
  if (count == 0) {
    THLongTensor_resizeNd(subscript, 0, NULL, NULL);
    return;
  }
  THTensor *t = THTensor_(newReadable)(subscript->storage, tensor);
  int nd = t->nDimension;
  THLongTensor_resize2d(subscript, (long)count, nd);
  long *sub = THLongTensor_data(subscript);
  long rowStride = subscript->stride[0], colStride = subscript->stride[1];
  const real *base = THTensor_(data)(t);
  long counter[TH_MAX_DIMS] = {0};
  ptrdiff_t offset = 0, n = THTensor_(nElement)(t), row = 0;
  for (ptrdiff_t e = 0; e < n; e++) {
    if (base[offset] != 0) {
      for (int d = 0; d < nd; d++) sub[row * rowStride + d * colStride] = counter[d];
      row++;
    }
    for (int d = nd - 1; d >= 0; d--) {
      offset += t->stride[d];
      if (++counter[d] < t->size[d]) break;
      offset -= counter[d] * t->stride[d];
      counter[d] = 0;
    }
  }
  THTensor_(free)(t);
}

/* -------------------------------------------------- index{Select,Copy,Add,Fill} */

/* `index` is a vector (an empty tensor means no indices) and `dim` a dimension of t. */
static void THTensor_(checkIndexDim)(const char *fn, THTensor *t, const char *tName, int dim, int dimArg,
                                     THLongTensor *index, int indexArg) {
  THArgCheck(index->nDimension <= 1, indexArg, "%s: index must be a vector, got a %dD tensor", fn,
             index->nDimension);
  THArgCheck(dim >= 0 && dim < t->nDimension, dimArg, "%s: dimension %d out of range of a %dD %s", fn,
             dim + TH_INDEX_BASE, t->nDimension, tName);
}

/* Sizes of a contiguous tensor around dim: outer = product of the sizes before it, inner after. */
static void THTensor_(outerInner)(const THTensor *t, int dim, ptrdiff_t *outer, ptrdiff_t *inner) {
  *outer = 1;
  *inner = 1;
  for (int d = 0; d < dim; d++) *outer *= t->size[d];
  for (int d = dim + 1; d < t->nDimension; d++) *inner *= t->size[d];
}

/* tensor takes src's shape with size(dim) = #index; slice i is slice index[i] of src. */
void THTensor_(indexSelect)(THTensor *tensor, THTensor *src, int dim, THLongTensor *index) {
  THTensor_(checkIndexDim)("indexSelect", src, "src", dim, 3, index, 4);
  long n = (long)THLongTensor_nElement(index);
  THIndex_checkRange("indexSelect", index, src->size[dim], 4);
  if (n == 0) {
    THTensor_(makeEmpty)(tensor);
    return;
  }
  THTensor *s = THTensor_(newReadable)(tensor->storage, src);
  THLongTensor *idx = THLongTensor_newReadable(tensor->storage, index);
  long size[TH_MAX_DIMS];
  for (int d = 0; d < s->nDimension; d++) size[d] = s->size[d];
  size[dim] = n;
  THTensor_(resizeNd)(tensor, s->nDimension, size, NULL);

  const long *ip = THLongTensor_data(idx);
  long is = idx->stride[0];
  if (THTensor_(isContiguous)(tensor) && THTensor_(isContiguous)(s)) {
    /* Block copies: whole rows for dim 0 (the LookupTable shape), runs of `inner` otherwise. */
    ptrdiff_t outer, inner;
    THTensor_(outerInner)(s, dim, &outer, &inner);
    real *out = THTensor_(data)(tensor);
    const real *from = THTensor_(data)(s);
    long srcSize = s->size[dim];
    if (inner == 1) {
#pragma omp parallel for if (outer * n > TH_OMP_THRESHOLD)
      for (ptrdiff_t o = 0; o < outer; o++) {
        const real *row = from + o * srcSize;
        real *to = out + o * n;
        for (long i = 0; i < n; i++) to[i] = row[ip[i * is] - TH_INDEX_BASE];
      }
    } else {
#pragma omp parallel for collapse(2) if (outer * n * inner > TH_OMP_THRESHOLD)
      for (ptrdiff_t o = 0; o < outer; o++)
        for (long i = 0; i < n; i++)
          memcpy(out + (o * n + i) * inner, from + (o * srcSize + ip[i * is] - TH_INDEX_BASE) * inner,
                 sizeof(real) * (size_t)inner);
    }
  } else {
    TH_TENSOR_DIM_APPLY2(real, tensor, real, s, dim, {
      for (long i = 0; i < n; i++) tensor_data[i * tensor_stride] = s_data[(ip[i * is] - TH_INDEX_BASE) * s_stride];
    });
  }
  THLongTensor_free(idx);
  THTensor_(free)(s);
}

/* indexCopy (accumulate 0) and indexAdd (accumulate 1): slice i of src goes to slice index[i] of
 * tensor. src has tensor's shape except size(dim) = #index (Torch7 compared only element counts of
 * the slices; a src of another shape is refused here rather than read in a surprising order).
 * Repeated indices: the last copy wins, the additions all count. */
static void THTensor_(indexPut)(const char *fn, THTensor *tensor, int dim, THLongTensor *index, THTensor *src,
                                int accumulate) {
  THTensor_(checkIndexDim)(fn, tensor, "tensor", dim, 2, index, 3);
  long n = (long)THLongTensor_nElement(index);
  if (n == 0) {
    THArgCheck(THTensor_(nElement)(src) == 0, 4, "%s: no indices but src %s is not empty", fn,
               THTensor_(sizeDesc)(src).str);
    return;
  }
  int sameShape = src->nDimension == tensor->nDimension && src->size[dim] == n;
  for (int d = 0; sameShape && d < tensor->nDimension; d++)
    if (d != dim && src->size[d] != tensor->size[d]) sameShape = 0;
  THArgCheck(sameShape, 4, "%s: src %s must have the size of tensor %s except %ld (the number of indices) at dimension %d",
             fn, THTensor_(sizeDesc)(src).str, THTensor_(sizeDesc)(tensor).str, n, dim + TH_INDEX_BASE);
  THIndex_checkRange(fn, index, tensor->size[dim], 3);

  THTensor *s = THTensor_(newReadable)(tensor->storage, src);
  THLongTensor *idx = THLongTensor_newReadable(tensor->storage, index);
  const long *ip = THLongTensor_data(idx);
  long is = idx->stride[0];
  if (THTensor_(isContiguous)(tensor) && THTensor_(isContiguous)(s)) {
    ptrdiff_t outer, inner;
    THTensor_(outerInner)(tensor, dim, &outer, &inner);
    real *out = THTensor_(data)(tensor);
    const real *from = THTensor_(data)(s);
    long outSize = tensor->size[dim];
    for (ptrdiff_t o = 0; o < outer; o++) {
      for (long i = 0; i < n; i++) {
        real *dst = out + (o * outSize + ip[i * is] - TH_INDEX_BASE) * inner;
        const real *blk = from + (o * n + i) * inner;
        if (accumulate)
          for (ptrdiff_t k = 0; k < inner; k++) dst[k] += blk[k];
        else if (inner == 1)
          *dst = *blk;
        else
          memcpy(dst, blk, sizeof(real) * (size_t)inner);
      }
    }
  } else {
    TH_TENSOR_DIM_APPLY2(real, tensor, real, s, dim, {
      for (long i = 0; i < n; i++) {
        real *dst = tensor_data + (ip[i * is] - TH_INDEX_BASE) * tensor_stride;
        if (accumulate)
          *dst += s_data[i * s_stride];
        else
          *dst = s_data[i * s_stride];
      }
    });
  }
  THLongTensor_free(idx);
  THTensor_(free)(s);
}

void THTensor_(indexCopy)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(indexPut)("indexCopy", tensor, dim, index, src, 0);
}

void THTensor_(indexAdd)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(indexPut)("indexAdd", tensor, dim, index, src, 1);
}

void THTensor_(indexFill)(THTensor *tensor, int dim, THLongTensor *index, real val) {
  THTensor_(checkIndexDim)("indexFill", tensor, "tensor", dim, 2, index, 3);
  long n = (long)THLongTensor_nElement(index);
  THIndex_checkRange("indexFill", index, tensor->size[dim], 3);
  if (n == 0) return;
  THLongTensor *idx = THLongTensor_newReadable(tensor->storage, index);
  const long *ip = THLongTensor_data(idx);
  long is = idx->stride[0];
  TH_TENSOR_DIM_APPLY(real, tensor, dim, {
    for (long i = 0; i < n; i++) tensor_data[(ip[i * is] - TH_INDEX_BASE) * tensor_stride] = val;
  });
  THLongTensor_free(idx);
}

/* ----------------------------------------------------------- gather, scatter */

/* index has t's number of dimensions and, except along dim (unless alongDimToo), sizes <= t's. */
static void THTensor_(checkIndexFits)(const char *fn, THTensor *t, const char *tName, int dim, THLongTensor *index,
                                      int alongDimToo) {
  THArgCheck(index->nDimension == t->nDimension, 3, "%s: index must have as many dimensions as %s (%d), got %d",
             fn, tName, t->nDimension, index->nDimension);
  for (int d = 0; d < t->nDimension; d++)
    if (d != dim || alongDimToo)
      THArgCheck(index->size[d] <= t->size[d], 3, "%s: index %s is larger than %s %s at dimension %d", fn,
                 THLongTensor_sizeDesc(index).str, tName, THTensor_(sizeDesc)(t).str, d + TH_INDEX_BASE);
}

/* t's strides with the one along dim zeroed: walked with index's subscripts, they give t's
 * offset less the part along dim, which comes from the index value instead. */
static void THTensor_(stridesBut)(const THTensor *t, int dim, long *strides) {
  for (int d = 0; d < t->nDimension; d++) strides[d] = d == dim ? 0 : t->stride[d];
}

/* tensor takes index's shape; for dim 0, tensor[i][j] = src[index[i][j]][j]. */
void THTensor_(gather)(THTensor *tensor, THTensor *src, int dim, THLongTensor *index) {
  THArgCheck(dim >= 0 && dim < src->nDimension, 3, "gather: dimension %d out of range of a %dD src",
             dim + TH_INDEX_BASE, src->nDimension);
  if (THLongTensor_nElement(index) == 0) {
    THTensor_(makeEmpty)(tensor);
    return;
  }
  THTensor_(checkIndexFits)("gather", src, "src", dim, index, 0);
  THIndex_checkRange("gather", index, src->size[dim], 4);
  THTensor *s = THTensor_(newReadable)(tensor->storage, src);
  THLongTensor *idx = THLongTensor_newReadable(tensor->storage, index);
  THTensor_(resizeNd)(tensor, idx->nDimension, idx->size, NULL);

  long sStrides[TH_MAX_DIMS];
  THTensor_(stridesBut)(s, dim, sStrides);
  const long *strides[3] = {tensor->stride, idx->stride, sStrides};
  int last = idx->nDimension - 1;
  long n = idx->size[last], ts = tensor->stride[last], is = idx->stride[last], ss = sStrides[last];
  long sd = s->stride[dim];
  real *tBase = THTensor_(data)(tensor);
  const long *iBase = THLongTensor_data(idx);
  const real *sBase = THTensor_(data)(s);
  THRowWalk w;
  THRowWalk_init(&w, idx->nDimension, idx->size, 3, strides);
  do {
    real *tp = tBase + w.offset[0];
    const long *ip = iBase + w.offset[1];
    const real *sp = sBase + w.offset[2];
    for (long k = 0; k < n; k++) tp[k * ts] = sp[k * ss + (ip[k * is] - TH_INDEX_BASE) * sd];
  } while (THRowWalk_next(&w));
  THLongTensor_free(idx);
  THTensor_(free)(s);
}

/* The checks shared by the scatters; false when there is nothing to do (an empty index). */
static int THTensor_(checkScatter)(const char *fn, THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THArgCheck(dim >= 0 && dim < tensor->nDimension, 2, "%s: dimension %d out of range of a %dD tensor", fn,
             dim + TH_INDEX_BASE, tensor->nDimension);
  if (THLongTensor_nElement(index) == 0) return 0;
  THTensor_(checkIndexFits)(fn, tensor, "tensor", dim, index, 0);
  if (src) THTensor_(checkIndexFits)(fn, src, "src", dim, index, 1);
  THIndex_checkRange(fn, index, tensor->size[dim], 3);
  return 1;
}

/* The inverse of gather: for dim 0, tensor[index[i][j]][j] = src[i][j] (scatterAdd: +=;
 * scatterFill: = val when src is NULL). Repeated indices: the last write wins, additions all count. */
static void THTensor_(scatterImpl)(const char *fn, THTensor *tensor, int dim, THLongTensor *index, THTensor *src,
                                   int accumulate, real val) {
  if (!THTensor_(checkScatter)(fn, tensor, dim, index, src)) return;
  THTensor *s = src ? THTensor_(newReadable)(tensor->storage, src) : NULL;
  THLongTensor *idx = THLongTensor_newReadable(tensor->storage, index);

  long tStrides[TH_MAX_DIMS];
  THTensor_(stridesBut)(tensor, dim, tStrides);
  const long *strides[3] = {tStrides, idx->stride, s ? s->stride : idx->stride};
  int last = idx->nDimension - 1;
  long n = idx->size[last], ts = tStrides[last], is = idx->stride[last], ss = s ? s->stride[last] : 0;
  long td = tensor->stride[dim];
  real *tBase = THTensor_(data)(tensor);
  const long *iBase = THLongTensor_data(idx);
  const real *sBase = s ? THTensor_(data)(s) : NULL;
  THRowWalk w;
  THRowWalk_init(&w, idx->nDimension, idx->size, s ? 3 : 2, strides);
  do {
    real *tp = tBase + w.offset[0];
    const long *ip = iBase + w.offset[1];
    if (!s) {
      for (long k = 0; k < n; k++) tp[k * ts + (ip[k * is] - TH_INDEX_BASE) * td] = val;
    } else {
      const real *sp = sBase + w.offset[2];
      if (accumulate)
        for (long k = 0; k < n; k++) tp[k * ts + (ip[k * is] - TH_INDEX_BASE) * td] += sp[k * ss];
      else
        for (long k = 0; k < n; k++) tp[k * ts + (ip[k * is] - TH_INDEX_BASE) * td] = sp[k * ss];
    }
  } while (THRowWalk_next(&w));
  THLongTensor_free(idx);
  if (s) THTensor_(free)(s);
}

void THTensor_(scatter)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(scatterImpl)("scatter", tensor, dim, index, src, 0, 0);
}

void THTensor_(scatterAdd)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(scatterImpl)("scatterAdd", tensor, dim, index, src, 1, 0);
}

void THTensor_(scatterFill)(THTensor *tensor, int dim, THLongTensor *index, real val) {
  THTensor_(scatterImpl)("scatterFill", tensor, dim, index, NULL, 0, val);
}

#endif
