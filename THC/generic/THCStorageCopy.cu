// THC types: Byte Char Short Int Long Float Double
/* Copies of THCStorage: both storages must have the same size. Each copy views the storages as 1-D
 * tensors and uses the tensor copy of the same pair (generic/THCTensorCopy.cu). */

#define THC_SCOPY_NAME(fn) TH_CONCAT_STRING_3(TH, CReal, Storage_) fn

static void THCStorage_(checkCopySize)(ptrdiff_t dstSize, ptrdiff_t srcSize, const char *fn) {
  if (dstSize != srcSize)
    THArgCheck(0, 2, "%s: size mismatch: destination has %td elements, source %td", fn, dstSize, srcSize);
}

/* A 1-D tensor over the whole of a storage (a tensor without dimensions for an empty one). */
static THCTensor *THCStorage_(asTensor)(THCState *state, THCStorage *storage) {
  return THCTensor_(newWithStorage1d)(state, storage, 0, storage->size, 1);
}

void THCStorage_(copy)(THCState *state, THCStorage *storage, THCStorage *src) {
  THCStorage_(checkCopySize)(storage->size, src->size, THC_SCOPY_NAME("copy"));
  if (storage->size == 0 || storage->data == src->data) return;
  THCudaCheck(cudaMemcpyAsync(storage->data, src->data, sizeof(real) * (size_t)storage->size,
                              cudaMemcpyDeviceToDevice, THCState_getCurrentStream(state)));
}

void THCStorage_(copyCuda)(THCState *state, THCStorage *self, THCStorage *src) {
  THCStorage_(copy)(state, self, src);
}

void THCStorage_(copyCPU)(THCState *state, THCStorage *self, THStorage *src) {
  THCStorage_(checkCopySize)(self->size, src->size, THC_SCOPY_NAME("copyCPU"));
  if (self->size == 0) return;
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(self->data, src->data, sizeof(real) * (size_t)self->size, cudaMemcpyHostToDevice,
                              stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

void THStorage_(copyCuda)(THCState *state, THStorage *self, THCStorage *src) {
  THCStorage_(checkCopySize)(self->size, src->size, TH_CONCAT_STRING_3(TH, Real, Storage_) "copyCuda");
  if (self->size == 0) return;
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(self->data, src->data, sizeof(real) * (size_t)self->size, cudaMemcpyDeviceToHost,
                              stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

/* From a host storage of any type, and to one. */
#define THC_SCOPY_HOST(TYPE)                                                                          \
  void THCStorage_(copy##TYPE)(THCState *state, THCStorage *self, struct TH##TYPE##Storage *src) {  \
    THCStorage_(checkCopySize)(self->size, src->size, THC_SCOPY_NAME("copy" #TYPE));                 \
    TH##TYPE##Tensor *s = TH##TYPE##Tensor_newWithStorage1d(src, 0, src->size, 1);                   \
    THCTensor *d = THCStorage_(asTensor)(state, self);                                                \
    THCTensor_(copy##TYPE)(state, d, s);                                                              \
    THCTensor_(free)(state, d);                                                                       \
    TH##TYPE##Tensor_free(s);                                                                         \
  }                                                                                                   \
  void TH_CONCAT_2(TH##TYPE##Storage_copyCuda, Real)(THCState *state, TH##TYPE##Storage *self,       \
                                                     struct THCStorage *src) {                        \
    THCStorage_(checkCopySize)(self->size, src->size, "TH" #TYPE "Storage_copyCuda" TH_CONCAT_STRING_2(Real, )); \
    TH##TYPE##Tensor *d = TH##TYPE##Tensor_newWithStorage1d(self, 0, self->size, 1);                  \
    THCTensor *s = THCStorage_(asTensor)(state, src);                                                 \
    TH_CONCAT_2(TH##TYPE##Tensor_copyCuda, Real)(state, d, s);                                        \
    THCTensor_(free)(state, s);                                                                       \
    TH##TYPE##Tensor_free(d);                                                                         \
  }
THC_SCOPY_HOST(Byte)
THC_SCOPY_HOST(Char)
THC_SCOPY_HOST(Short)
THC_SCOPY_HOST(Int)
THC_SCOPY_HOST(Long)
THC_SCOPY_HOST(Float)
THC_SCOPY_HOST(Double)
THC_SCOPY_HOST(Half)
#undef THC_SCOPY_HOST

/* From a device storage of another type. */
#define THC_SCOPY_DEVICE(CTYPE)                                                                        \
  void THCStorage_(copy##CTYPE)(THCState *state, THCStorage *self, struct TH##CTYPE##Storage *src) {  \
    THCStorage_(checkCopySize)(self->size, src->size, THC_SCOPY_NAME("copy" #CTYPE));                 \
    TH##CTYPE##Tensor *s = TH##CTYPE##Tensor_newWithStorage1d(state, src, 0, src->size, 1);           \
    THCTensor *d = THCStorage_(asTensor)(state, self);                                                 \
    THCTensor_(copy##CTYPE)(state, d, s);                                                              \
    THCTensor_(free)(state, d);                                                                        \
    TH##CTYPE##Tensor_free(state, s);                                                                  \
  }
THC_SCOPY_DEVICE(CudaByte)
THC_SCOPY_DEVICE(CudaChar)
THC_SCOPY_DEVICE(CudaShort)
THC_SCOPY_DEVICE(CudaInt)
THC_SCOPY_DEVICE(CudaLong)
THC_SCOPY_DEVICE(CudaDouble)
#undef THC_SCOPY_DEVICE

void THCStorage_(copyCudaFloat)(THCState *state, THCStorage *self, struct THCudaStorage *src) {
  THCStorage_(checkCopySize)(self->size, src->size, THC_SCOPY_NAME("copyCudaFloat"));
  THCudaTensor *s = THCudaTensor_newWithStorage1d(state, src, 0, src->size, 1);
  THCTensor *d = THCStorage_(asTensor)(state, self);
  THCTensor_(copyCudaFloat)(state, d, s);
  THCTensor_(free)(state, d);
  THCudaTensor_free(state, s);
}

void THCStorage_(copyCudaHalf)(THCState *state, THCStorage *self, struct THCudaHalfStorage *src) {
  THError("%s: ember has no Half tensors", THC_SCOPY_NAME("copyCudaHalf"));
}

#undef THC_SCOPY_NAME
