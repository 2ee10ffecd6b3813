#ifndef THC_GENERIC_FILE
#define THC_GENERIC_FILE "generic/THCTensor.c"
#else

/* libTH's header code over THC's types: THTensor and THStorage name the CUDA ones while it is
 * compiled (see TH/generic/THTensorLayout.c). */
#include "THCSharedWithTHBegin.h"
#include "generic/THTensorLayout.c"
#include "THCSharedWithTHEnd.h"

/* ------------------------------------------------------ element access */

/* The storage index of an element, after TH's checks (same messages). */
static ptrdiff_t THCTensor_(elementOffset)(const THCTensor *t, int n, const long *x) {
  THArgCheck(t->nDimension == n, 1, "expected a %dD tensor, got a %dD tensor", n, t->nDimension);
  ptrdiff_t offset = t->storageOffset;
  for (int d = 0; d < n; d++) {
    THArgCheck(x[d] >= 0 && x[d] < t->size[d], d + 2, "index %ld out of range [0, %ld) at dimension %d",
               x[d], t->size[d], d + TH_INDEX_BASE);
    offset += x[d] * t->stride[d];
  }
  return offset;
}

void THCTensor_(set1d)(THCState *state, THCTensor *tensor, long x0, real value) {
  long x[1] = {x0};
  THCStorage_(set)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 1, x), value);
}

void THCTensor_(set2d)(THCState *state, THCTensor *tensor, long x0, long x1, real value) {
  long x[2] = {x0, x1};
  THCStorage_(set)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 2, x), value);
}

void THCTensor_(set3d)(THCState *state, THCTensor *tensor, long x0, long x1, long x2, real value) {
  long x[3] = {x0, x1, x2};
  THCStorage_(set)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 3, x), value);
}

void THCTensor_(set4d)(THCState *state, THCTensor *tensor, long x0, long x1, long x2, long x3, real value) {
  long x[4] = {x0, x1, x2, x3};
  THCStorage_(set)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 4, x), value);
}

real THCTensor_(get1d)(THCState *state, const THCTensor *tensor, long x0) {
  long x[1] = {x0};
  return THCStorage_(get)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 1, x));
}

real THCTensor_(get2d)(THCState *state, const THCTensor *tensor, long x0, long x1) {
  long x[2] = {x0, x1};
  return THCStorage_(get)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 2, x));
}

real THCTensor_(get3d)(THCState *state, const THCTensor *tensor, long x0, long x1, long x2) {
  long x[3] = {x0, x1, x2};
  return THCStorage_(get)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 3, x));
}

real THCTensor_(get4d)(THCState *state, const THCTensor *tensor, long x0, long x1, long x2, long x3) {
  long x[4] = {x0, x1, x2, x3};
  return THCStorage_(get)(state, tensor->storage, THCTensor_(elementOffset)(tensor, 4, x));
}

/* ------------------------------------------------------- device queries */

THCDescBuff THCTensor_(sizeDesc)(THCState *state, const THCTensor *tensor) {
  return _THSizeDesc(tensor->size, tensor->nDimension);
}

/* The device of the tensor's memory; -1 for a tensor without storage. */
int THCTensor_(getDevice)(THCState *state, const THCTensor *self) {
  return self->storage ? self->storage->device : -1;
}

/* 1 when every tensor given (NULL ones ignored, as tensors without storage) lives on the current
 * device. */
int THCTensor_(checkGPU)(THCState *state, unsigned int nTensors, ...) {
  int device = THCState_getCurrentDevice(state);
  int ok = 1;
  va_list args;
  va_start(args, nTensors);
  for (unsigned int i = 0; i < nTensors; i++) {
    THCTensor *t = va_arg(args, THCTensor *);
    if (t && t->storage && t->storage->device != device) ok = 0;
  }
  va_end(args);
  return ok;
}

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
/* A texture object reading the elements of a 1-D contiguous tensor (the caller destroys it with
 * cudaDestroyTextureObject). Textures have no 64-bit float channel: a double tensor's texture has
 * int2 elements, the two halves of each double (__hiloint2double(v.y, v.x) reads one back). */
cudaTextureObject_t THCTensor_(getTextureObject)(THCState *state, THCTensor *self) {
  THArgCheck(self->nDimension == 1 && THCTensor_(isContiguous)(state, self), 2,
             "%s: expected a 1D contiguous tensor, got size %s",
             TH_CONCAT_STRING_3(TH, CReal, Tensor_) "getTextureObject", THCTensor_(sizeDesc)(state, self).str);
  struct cudaResourceDesc resource;
  memset(&resource, 0, sizeof resource);
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = THCTensor_(data)(state, self);
#if defined(THC_REAL_IS_FLOAT)
  resource.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
#else
  resource.res.linear.desc = cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindSigned);
#endif
  resource.res.linear.sizeInBytes = sizeof(real) * (size_t)self->size[0];
  struct cudaTextureDesc texture;
  memset(&texture, 0, sizeof texture);
  texture.readMode = cudaReadModeElementType;
  cudaTextureObject_t object;
  THCudaCheck(cudaCreateTextureObject(&object, &resource, &texture, NULL));
  return object;
}
#endif

#endif
