// THC types: Byte Char Short Int Long Float Double
/* Copies of THCTensor: device to device (any type, converting), host to device and back (through a
 * contiguous staging tensor when either side is not contiguous; conversions between types happen
 * on the host with TH's own copies, Half included), and the asynchronous forms. ember has no Half
 * CUDA tensors: copyCudaHalf raises an error. Both tensors of a device copy must be reachable from
 * the current device. */

#define THC_COPY_NAME(fn) TH_CONCAT_STRING_3(TH, CReal, Tensor_) fn

static void THCTensor_(checkCopyCount)(ptrdiff_t dstCount, ptrdiff_t srcCount, const char *fn) {
  if (dstCount != srcCount)
    THArgCheck(0, 2, "%s: the destination has %td elements but the source has %td", fn, dstCount, srcCount);
}

/* ---------------------------------------------------------- device side */

void THCTensor_(copy)(THCState *state, THCTensor *self, THCTensor *src) {
  THC_copyDevice(state, self, src, THC_COPY_NAME("copy"));
}

/* The caller promises that self and src do not overlap; the copy is the same one. */
void THCTensor_(copyIgnoringOverlaps)(THCState *state, THCTensor *self, THCTensor *src) {
  THC_copyDevice(state, self, src, THC_COPY_NAME("copyIgnoringOverlaps"));
}

void THCTensor_(copyCuda)(THCState *state, THCTensor *self, THCTensor *src) {
  THC_copyDevice(state, self, src, THC_COPY_NAME("copyCuda"));
}

#define THC_COPY_FROM_DEVICE(TYPE, CTYPE)                                                            \
  void THCTensor_(copy##CTYPE)(THCState *state, THCTensor *dst, struct TH##CTYPE##Tensor *src) {     \
    THC_copyDevice(state, dst, src, THC_COPY_NAME("copy" #CTYPE));                                    \
  }
THC_COPY_FROM_DEVICE(Byte, CudaByte)
THC_COPY_FROM_DEVICE(Char, CudaChar)
THC_COPY_FROM_DEVICE(Short, CudaShort)
THC_COPY_FROM_DEVICE(Int, CudaInt)
THC_COPY_FROM_DEVICE(Long, CudaLong)
THC_COPY_FROM_DEVICE(Double, CudaDouble)
#undef THC_COPY_FROM_DEVICE

void THCTensor_(copyCudaFloat)(THCState *state, THCTensor *dst, struct THCudaTensor *src) {
  THC_copyDevice(state, dst, src, THC_COPY_NAME("copyCudaFloat"));
}

void THCTensor_(copyCudaHalf)(THCState *state, THCTensor *dst, struct THCudaHalfTensor *src) {
  THError("%s: ember has no Half tensors", THC_COPY_NAME("copyCudaHalf"));
}

/* --------------------------------------------------- host <-> device, same type */

/* Host to device. sync: wait for the copy (the host tensor may be reused at once). */
static void THCTensor_(upload)(THCState *state, THCTensor *self, THTensor *src, const char *fn) {
  ptrdiff_t n = THCTensor_(nElement)(state, self);
  THCTensor_(checkCopyCount)(n, THTensor_(nElement)(src), fn);
  if (n == 0) return;
  THTensor *hostSrc = THTensor_(newContiguous)(src);
  THCTensor *devDst = THCTensor_(isContiguous)(state, self) ? self : THCTensor_(newWithSize1d)(state, n);
  cudaStream_t stream = THCState_getCurrentStream(state);
  cudaError_t err = cudaMemcpyAsync(THCTensor_(data)(state, devDst), THTensor_(data)(hostSrc),
                                    sizeof(real) * (size_t)n, cudaMemcpyHostToDevice, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THTensor_(free)(hostSrc);
  if (err == cudaSuccess && devDst != self) THCTensor_(copy)(state, self, devDst);
  if (devDst != self) THCTensor_(free)(state, devDst);
  THCudaCheck(err);
}

/* Device to host, synchronous. */
static void THCTensor_(download)(THCState *state, THTensor *self, THCTensor *src, const char *fn) {
  ptrdiff_t n = THTensor_(nElement)(self);
  THCTensor_(checkCopyCount)(n, THCTensor_(nElement)(state, src), fn);
  if (n == 0) return;
  THCTensor *devSrc = THCTensor_(newContiguous)(state, src);
  THTensor *hostDst = THTensor_(isContiguous)(self) ? self : THTensor_(newWithSize1d)(n);
  cudaStream_t stream = THCState_getCurrentStream(state);
  cudaError_t err = cudaMemcpyAsync(THTensor_(data)(hostDst), THCTensor_(data)(state, devSrc),
                                    sizeof(real) * (size_t)n, cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCTensor_(free)(state, devSrc);
  if (err == cudaSuccess && hostDst != self) THTensor_(copy)(self, hostDst);
  if (hostDst != self) THTensor_(free)(hostDst);
  THCudaCheck(err);
}

void THCTensor_(copyCPU)(THCState *state, THCTensor *self, THTensor *src) {
  THCTensor_(upload)(state, self, src, THC_COPY_NAME("copyCPU"));
}

void THTensor_(copyCuda)(THCState *state, THTensor *self, THCTensor *src) {
  THCTensor_(download)(state, self, src, TH_CONCAT_STRING_3(TH, Real, Tensor_) "copyCuda");
}

/* Asynchronous: one cudaMemcpyAsync on the current stream, both tensors contiguous. It overlaps
 * with the host only when the host memory is pinned (THCState_getCudaHostAllocator); the host
 * tensor must stay alive and untouched until the stream has run the copy. */
void THCTensor_(copyAsyncCPU)(THCState *state, THCTensor *self, THTensor *src) {
  ptrdiff_t n = THCTensor_(nElement)(state, self);
  THCTensor_(checkCopyCount)(n, THTensor_(nElement)(src), THC_COPY_NAME("copyAsyncCPU"));
  THArgCheck(THCTensor_(isContiguous)(state, self), 2, "%s: the destination must be contiguous",
             THC_COPY_NAME("copyAsyncCPU"));
  THArgCheck(THTensor_(isContiguous)(src), 3, "%s: the source must be contiguous", THC_COPY_NAME("copyAsyncCPU"));
  if (n == 0) return;
  THCudaCheck(cudaMemcpyAsync(THCTensor_(data)(state, self), THTensor_(data)(src), sizeof(real) * (size_t)n,
                              cudaMemcpyHostToDevice, THCState_getCurrentStream(state)));
}

void THTensor_(copyAsyncCuda)(THCState *state, THTensor *self, THCTensor *src) {
  const char *fn = TH_CONCAT_STRING_3(TH, Real, Tensor_) "copyAsyncCuda";
  ptrdiff_t n = THTensor_(nElement)(self);
  THCTensor_(checkCopyCount)(n, THCTensor_(nElement)(state, src), fn);
  THArgCheck(THTensor_(isContiguous)(self), 2, "%s: the destination must be contiguous", fn);
  THArgCheck(THCTensor_(isContiguous)(state, src), 3, "%s: the source must be contiguous", fn);
  if (n == 0) return;
  THCudaCheck(cudaMemcpyAsync(THTensor_(data)(self), THCTensor_(data)(state, src), sizeof(real) * (size_t)n,
                              cudaMemcpyDeviceToHost, THCState_getCurrentStream(state)));
}

/* ------------------------------------------------ host <-> device, any type */

/* From a host tensor of another type: converted on the host by TH's copy into a host tensor of
 * this type, then uploaded. */
#define THC_COPY_FROM_HOST(TYPE)                                                                      \
  void THCTensor_(copy##TYPE)(THCState *state, THCTensor *self, TH##TYPE##Tensor *src) {            \
    THCTensor_(checkCopyCount)(THCTensor_(nElement)(state, self), TH##TYPE##Tensor_nElement(src),    \
                               THC_COPY_NAME("copy" #TYPE));                                         \
    if (std::is_same<TH##TYPE##Tensor, THTensor>::value) {                                           \
      THCTensor_(upload)(state, self, (THTensor *)src, THC_COPY_NAME("copy" #TYPE));                \
      return;                                                                                         \
    }                                                                                                 \
    THTensor *converted = THTensor_(new)();                                                           \
    THTensor_(resizeNd)(converted, src->nDimension, src->size, NULL);                                 \
    THTensor_(copy##TYPE)(converted, src);                                                            \
    THCTensor_(upload)(state, self, converted, THC_COPY_NAME("copy" #TYPE));                          \
    THTensor_(free)(converted);                                                                       \
  }

/* To a host tensor of another type: downloaded into a host tensor of this type, then converted by
 * TH's copy. */
#define THC_COPY_TO_HOST(TYPE)                                                                            \
  void TH_CONCAT_2(TH##TYPE##Tensor_copyCuda, Real)(THCState *state, TH##TYPE##Tensor *self,             \
                                                    THCTensor *src) {                                    \
    const char *fn = "TH" #TYPE "Tensor_copyCuda" TH_CONCAT_STRING_2(Real, );                            \
    THCTensor_(checkCopyCount)(TH##TYPE##Tensor_nElement(self), THCTensor_(nElement)(state, src), fn);   \
    if (std::is_same<TH##TYPE##Tensor, THTensor>::value) {                                               \
      THCTensor_(download)(state, (THTensor *)self, src, fn);                                            \
      return;                                                                                             \
    }                                                                                                     \
    THTensor *staged = THTensor_(new)();                                                                  \
    THTensor_(resizeNd)(staged, src->nDimension, src->size, NULL);                                        \
    THCTensor_(download)(state, staged, src, fn);                                                         \
    TH_CONCAT_2(TH##TYPE##Tensor_copy, Real)(self, staged);                                               \
    THTensor_(free)(staged);                                                                              \
  }

THC_COPY_FROM_HOST(Byte)
THC_COPY_FROM_HOST(Char)
THC_COPY_FROM_HOST(Short)
THC_COPY_FROM_HOST(Int)
THC_COPY_FROM_HOST(Long)
THC_COPY_FROM_HOST(Float)
THC_COPY_FROM_HOST(Double)
THC_COPY_FROM_HOST(Half)
THC_COPY_TO_HOST(Byte)
THC_COPY_TO_HOST(Char)
THC_COPY_TO_HOST(Short)
THC_COPY_TO_HOST(Int)
THC_COPY_TO_HOST(Long)
THC_COPY_TO_HOST(Float)
THC_COPY_TO_HOST(Double)
THC_COPY_TO_HOST(Half)
#undef THC_COPY_FROM_HOST
#undef THC_COPY_TO_HOST

#undef THC_COPY_NAME
