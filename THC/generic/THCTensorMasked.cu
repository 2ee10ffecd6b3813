// THC types: Long Float Double
// maskedFill, maskedCopy, maskedSelect: TH's rules (TH/generic/THTensorMathIndex.c). Every argument
// is checked (mask size, mask values 0/1, enough src elements) before anything is written. The
// *Byte forms take the mask on the CPU and upload it.

#define THCMK_NAME(NAME) TH_CONCAT_STRING_3(TH, CReal, Tensor) "_" NAME

static void THCTensor_(checkMask)(THCState *state, const char *fn, THCTensor *t, const char *tName,
                                  THCudaByteTensor *mask, int maskArg) {
  ptrdiff_t nt = THCTensor_(nElement)(state, t), nm = THCudaByteTensor_nElement(state, mask);
  THArgCheck(nt == nm, maskArg, "%s: the mask %s has %td elements but %s %s has %td", fn,
             THCudaByteTensor_sizeDesc(state, mask).str, nm, tName, THCTensor_(sizeDesc)(state, t).str, nt);
  THC_checkMaskValues(state, fn, mask, maskArg);
}

/* A device copy of a CPU mask. */
static THCudaByteTensor *THCTensor_(newUploadedMask)(THCState *state, THByteTensor *mask) {
  THCudaByteTensor *m = THCudaByteTensor_new(state);
  THCudaByteTensor_resizeNd(state, m, mask->nDimension, mask->size, NULL);
  THCudaByteTensor_copyByte(state, m, mask);
  return m;
}

/* `in`, or a copy of it when it shares storage with `out`, which is written before `in` is read. */
static THCTensor *THCTensor_(newMaskReadable)(THCState *state, THCTensor *out, THCTensor *in) {
  if (in->storage && in->storage == out->storage) return THCTensor_(newClone)(state, in);
  THCTensor_(retain)(state, in);
  return in;
}

static void THCTensor_(moveSelected)(THCState *state, THCTensor *a, THCTensor *b, const long *indices, long n,
                                     bool scatter) {
  thc_masked::moveSelected<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      THC_tensorInfo<real, uint64_t>(a), THC_tensorInfo<real, uint64_t>(b), indices, n, scatter);
  THCudaCheckLaunch("moveSelected");
}

/* The CPU mask of a *Byte form, checked before it is uploaded (so an error leaks nothing). */
static void THCTensor_(checkCpuMask)(THCState *state, const char *fn, THCTensor *t, const char *tName,
                                     THByteTensor *mask, int maskArg) {
  ptrdiff_t nt = THCTensor_(nElement)(state, t), nm = THByteTensor_nElement(mask);
  THArgCheck(nt == nm, maskArg, "%s: the mask %s has %td elements but %s %s has %td", fn,
             THByteTensor_sizeDesc(mask).str, nm, tName, THCTensor_(sizeDesc)(state, t).str, nt);
  THByteTensor *c = THByteTensor_newContiguous(mask);
  const unsigned char *m = THByteTensor_data(c);
  int bad = 0;
  for (ptrdiff_t i = 0; i < nm; i++) bad |= m[i] > 1;
  THByteTensor_free(c);
  THArgCheck(!bad, maskArg, "%s: a mask may hold only 0 and 1", fn);
}

static void THCTensor_(fillWhere)(THCState *state, THCTensor *tensor, THCudaByteTensor *mask, real value) {
  THC_pointwiseApply2(state, tensor, mask, thc_masked::FillWhere<real>{value});
}

void THCTensor_(maskedFill)(THCState *state, THCTensor *tensor, THCudaByteTensor *mask, real value) {
  THCTensor_(checkMask)(state, THCMK_NAME("maskedFill"), tensor, "tensor", mask, 2);
  THCTensor_(fillWhere)(state, tensor, mask, value);
}

/* The k-th one of the mask receives the k-th element of src (row-major); src needs at least as
 * many elements as the mask has ones. */
static void THCTensor_(copyWhere)(THCState *state, const char *fn, THCTensor *tensor, THCudaByteTensor *mask,
                                  THCTensor *src) {
  long n = (long)THCudaByteTensor_nElement(state, mask);
  long *indices = THC_allocIndices(state, n);
  long ones = THC_maskIndices(state, mask, indices);
  ptrdiff_t available = THCTensor_(nElement)(state, src);
  if (available < ones) {
    THCudaCheck(THCudaFree(state, indices));
    THArgCheck(0, 3, "%s: the mask has %ld ones but src %s has only %td elements", fn, ones,
               THCTensor_(sizeDesc)(state, src).str, available);
  }
  if (ones > 0) {
    THCTensor *s = THCTensor_(newMaskReadable)(state, tensor, src);
    THCTensor_(moveSelected)(state, tensor, s, indices, ones, true);
    THCTensor_(free)(state, s);
  }
  if (indices) THCudaCheck(THCudaFree(state, indices));
}

void THCTensor_(maskedCopy)(THCState *state, THCTensor *tensor, THCudaByteTensor *mask, THCTensor *src) {
  THCTensor_(checkMask)(state, THCMK_NAME("maskedCopy"), tensor, "tensor", mask, 2);
  THCTensor_(copyWhere)(state, THCMK_NAME("maskedCopy"), tensor, mask, src);
}

/* tensor becomes the vector of the elements of src where the mask is 1, in row-major order (empty
 * when the mask has no ones). */
static void THCTensor_(selectWhere)(THCState *state, THCTensor *tensor, THCTensor *src, THCudaByteTensor *mask) {
  long n = (long)THCudaByteTensor_nElement(state, mask);
  long *indices = THC_allocIndices(state, n);
  long ones = THC_maskIndices(state, mask, indices);
  if (ones == 0) {
    if (indices) THCudaCheck(THCudaFree(state, indices));
    THCTensor_(resizeNd)(state, tensor, 0, NULL, NULL);
    return;
  }
  THCTensor *s = THCTensor_(newMaskReadable)(state, tensor, src);
  THCTensor_(resize1d)(state, tensor, ones);
  THCTensor_(moveSelected)(state, tensor, s, indices, ones, false);
  THCTensor_(free)(state, s);
  THCudaCheck(THCudaFree(state, indices));
}

void THCTensor_(maskedSelect)(THCState *state, THCTensor *tensor, THCTensor *src, THCudaByteTensor *mask) {
  THCTensor_(checkMask)(state, THCMK_NAME("maskedSelect"), src, "src", mask, 3);
  THCTensor_(selectWhere)(state, tensor, src, mask);
}

void THCTensor_(maskedFillByte)(THCState *state, THCTensor *tensor, THByteTensor *mask, real value) {
  THCTensor_(checkCpuMask)(state, THCMK_NAME("maskedFillByte"), tensor, "tensor", mask, 2);
  THCudaByteTensor *m = THCTensor_(newUploadedMask)(state, mask);
  THCTensor_(fillWhere)(state, tensor, m, value);
  THCudaByteTensor_free(state, m);
}

void THCTensor_(maskedCopyByte)(THCState *state, THCTensor *tensor, THByteTensor *mask, THCTensor *src) {
  THCTensor_(checkCpuMask)(state, THCMK_NAME("maskedCopyByte"), tensor, "tensor", mask, 2);
  /* Enough src elements for the ones, counted here so that copyWhere cannot fail after the upload. */
  THByteTensor *c = THByteTensor_newContiguous(mask);
  ptrdiff_t ones = 0, nm = THByteTensor_nElement(c);
  for (ptrdiff_t i = 0; i < nm; i++) ones += THByteTensor_data(c)[i];
  THByteTensor_free(c);
  ptrdiff_t available = THCTensor_(nElement)(state, src);
  THArgCheck(available >= ones, 3, "%s: the mask has %td ones but src %s has only %td elements",
             THCMK_NAME("maskedCopyByte"), ones, THCTensor_(sizeDesc)(state, src).str, available);
  THCudaByteTensor *m = THCTensor_(newUploadedMask)(state, mask);
  THCTensor_(copyWhere)(state, THCMK_NAME("maskedCopyByte"), tensor, m, src);
  THCudaByteTensor_free(state, m);
}

void THCTensor_(maskedSelectByte)(THCState *state, THCTensor *tensor, THCTensor *src, THByteTensor *mask) {
  THCTensor_(checkCpuMask)(state, THCMK_NAME("maskedSelectByte"), src, "src", mask, 3);
  THCudaByteTensor *m = THCTensor_(newUploadedMask)(state, mask);
  THCTensor_(selectWhere)(state, tensor, src, m);
  THCudaByteTensor_free(state, m);
}

#undef THCMK_NAME
