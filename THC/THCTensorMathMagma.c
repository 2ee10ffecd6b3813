/* libTHC's linear algebra (THCTensorMathMagma.h) for Float and Double: computed on the HOST. The
 * device operands are copied to CPU tensors, ember's TH LAPACK function of the same name runs on
 * them (same checks, messages and results as TH), and the results are copied back to the device
 * tensors. ember has no MAGMA: these are correct, not fast. */
#include "THC.h"

/* The host copies of an operation's device operands. The same device tensor passed twice gets one
 * copy, so TH sees the same aliasing (results written in place of an input); NULL stays NULL. */
#define THC_LAPACK_MAX_OPERANDS 6

/* A host copy of a device int tensor (btrifact's pivots and info, btrisolve's pivots). */
static THIntTensor *THCLapack_downloadInt(THCState *state, THCudaIntTensor *g) {
  if (!g) return NULL;
  THIntTensor *c = THIntTensor_new();
  if (g->nDimension > 0) {
    THIntTensor_resizeNd(c, g->nDimension, g->size, NULL);
    THIntTensor_copyCudaInt(state, c, g);
  }
  return c;
}

/* g takes c's sizes (and, when they change, its strides) and values. */
static void THCLapack_uploadInt(THCState *state, THCudaIntTensor *g, THIntTensor *c) {
  if (!g) return;
  if (c->nDimension == 0) {
    THCudaIntTensor_resizeNd(state, g, 0, NULL, NULL);
    return;
  }
  int same = g->nDimension == c->nDimension;
  for (int d = 0; same && d < c->nDimension; d++) same = g->size[d] == c->size[d];
  if (!same) THCudaIntTensor_resizeNd(state, g, c->nDimension, c->size, c->stride);
  THCudaIntTensor_copyInt(state, g, c);
}

#define THC_GENERIC_FILE "generic/THCTensorMathMagma.c"
#include "THCGenerateFloatType.h"
#define THC_GENERIC_FILE "generic/THCTensorMathMagma.c"
#include "THCGenerateDoubleType.h"
