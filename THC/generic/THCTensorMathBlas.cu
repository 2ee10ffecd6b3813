// THC types: Long Float Double
// dot, addmv, addmm, addr, addbmm, baddbmm with TH's checks, messages and results (THTensorMathBlas.c):
// each operand is handed to BLAS as it lies when its strides allow it ('n' or 't'), and copied to
// a contiguous tensor only when they do not. Float and Double run on cuBLAS, Long on a tiled kernel
// (THCTensorMathBlas.cuh).

// TH's layout helpers and shape checks (TH/generic/THTensorBlasShared.c, over THC's tensors and state).
#include "THCSharedWithTHBegin.h"
#include "generic/THTensorBlasShared.c"
#include "THCSharedWithTHEnd.h"

// A vector as BLAS takes it: its data and a positive increment; *owned is a contiguous copy to
// free when the stride is not positive (an expanded vector).
static real *THCTensor_(blasVector)(THCState *state, THCTensor *v, long *inc, THCTensor **owned) {
  *owned = NULL;
  if (v->stride[0] < 1) *owned = v = THCTensor_(newContiguous)(state, v);
  *inc = v->stride[0] < 1 ? 1 : v->stride[0];
  return THCTensor_(data)(state, v);
}

// r = beta*r + alpha*m1*m2 (r M x N, m1 M x K, m2 K x N, shapes checked by the caller) in one gemm.
// BLAS writes C column-major, so a row-major r is computed as r' = m2'*m1'.
static void THCTensor_(gemmInto)(THCState *state, THCTensor *r, real beta, real alpha, THCTensor *m1, THCTensor *m2) {
  long M = r->size[0], N = r->size[1], K = m1->size[1], ldc = 0;
  char layout = THCTensor_(blasLayout)(M, N, r->stride[0], r->stride[1], &ldc);
  THCTensor *out = r;
  if (!layout || r->storage == m1->storage || r->storage == m2->storage) {
    out = THCTensor_(newColumnMajorCopy)(state, r, beta);
    layout = 'n';
    ldc = M;
  }
  int transposed = layout == 't';
  THCTensor *ownedA, *ownedB;
  real *a, *b;
  long lda, ldb;
  char ta = THCTensor_(gemmOperand)(state, transposed ? m2 : m1, transposed, &a, &lda, &ownedA);
  char tb = THCTensor_(gemmOperand)(state, transposed ? m1 : m2, transposed, &b, &ldb, &ownedB);
  thc_blas::gemm(state, ta, tb, transposed ? N : M, transposed ? M : N, K, alpha, a, lda, b, ldb, beta,
                 THCTensor_(data)(state, out), ldc);
  if (ownedA) THCTensor_(free)(state, ownedA);
  if (ownedB) THCTensor_(free)(state, ownedB);
  THCTensor_(blasCopyBack)(state, r, out);
}

accreal THCTensor_(dot)(THCState *state, THCTensor *self, THCTensor *src) {
  ptrdiff_t n = THCTensor_(nElement)(state, self), nsrc = THCTensor_(nElement)(state, src);
  THArgCheck(n == nsrc, 2, "dot: t has %td elements but src has %td", n, nsrc);
  if (n == 0) return 0;
  // one walk in row-major order for both: a 1-D tensor with a positive stride as it is, else a
  // contiguous copy
  THCTensor *x = self->nDimension == 1 && self->stride[0] > 0 ? self : THCTensor_(newContiguous)(state, self);
  THCTensor *y = src->nDimension == 1 && src->stride[0] > 0 ? src : THCTensor_(newContiguous)(state, src);
  // (a copy is contiguous; with one element it may keep a stride of 0, and 1 reads the same)
  long incx = x->nDimension == 1 && x->stride[0] > 0 ? x->stride[0] : 1;
  long incy = y->nDimension == 1 && y->stride[0] > 0 ? y->stride[0] : 1;
  accreal result = thc_blas::dot(state, (long)n, THCTensor_(data)(state, x), incx, THCTensor_(data)(state, y), incy);
  if (x != self) THCTensor_(free)(state, x);
  if (y != src) THCTensor_(free)(state, y);
  return result;
}

void THCTensor_(addmm)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *m1,
                       THCTensor *m2) {
  THCTensor_(checkAddmm)(state, t, m1, m2);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, m1, m2);
  THCTensor_(blasStart)(state, res, beta, t);
  THCTensor_(gemmInto)(state, res, beta, alpha, m1, m2);
  THCTensor_(blasFinish)(state, r_, res);
}

void THCTensor_(addmv)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *mat,
                       THCTensor *vec) {
  THCTensor_(checkAddmv)(state, t, mat, vec);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, mat, vec);
  THCTensor_(blasStart)(state, res, beta, t);
  long M = mat->size[0], N = mat->size[1], ld = 0;
  THCTensor *out = res;
  if (res->stride[0] < 1 || res->storage == mat->storage || res->storage == vec->storage) {
    out = THCTensor_(newWithSize1d)(state, M);
    if (beta != 0) THCTensor_(copy)(state, out, res);
  }
  THCTensor *ownedMat, *ownedVec;
  real *a;
  char layout = THCTensor_(gemmOperand)(state, mat, 0, &a, &ld, &ownedMat);
  long incx;
  real *x = THCTensor_(blasVector)(state, vec, &incx, &ownedVec);
  thc_blas::gemv(state, layout, layout == 'n' ? M : N, layout == 'n' ? N : M, alpha, a, ld, x, incx, beta,
                 THCTensor_(data)(state, out), out->stride[0]);
  if (ownedMat) THCTensor_(free)(state, ownedMat);
  if (ownedVec) THCTensor_(free)(state, ownedVec);
  THCTensor_(blasCopyBack)(state, res, out);
  THCTensor_(blasFinish)(state, r_, res);
}

void THCTensor_(addr)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *vec1,
                      THCTensor *vec2) {
  THCTensor_(checkAddr)(state, t, vec1, vec2);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, vec1, vec2);
  THCTensor_(blasStart)(state, res, beta, t);
  long M = res->size[0], N = res->size[1], ld = 0;
  THCTensor *out = res;
  char layout = THCTensor_(blasLayout)(M, N, res->stride[0], res->stride[1], &ld);
  if (!layout || res->storage == vec1->storage || res->storage == vec2->storage) {
    out = THCTensor_(newColumnMajorCopy)(state, res, beta);
    layout = 'n';
    ld = M;
  }
  // ger has no beta: scale the matrix BLAS sees first (beta == 0 writes zeros)
  real *data = THCTensor_(data)(state, out);
  if (beta != 1) thc_blas::scaleColumns(state, layout == 'n' ? M : N, layout == 'n' ? N : M, beta, data, ld);
  THCTensor *owned1, *owned2;
  long inc1, inc2;
  real *x1 = THCTensor_(blasVector)(state, vec1, &inc1, &owned1);
  real *x2 = THCTensor_(blasVector)(state, vec2, &inc2, &owned2);
  if (layout == 'n')
    thc_blas::ger(state, M, N, alpha, x1, inc1, x2, inc2, data, ld);
  else
    thc_blas::ger(state, N, M, alpha, x2, inc2, x1, inc1, data, ld);
  if (owned1) THCTensor_(free)(state, owned1);
  if (owned2) THCTensor_(free)(state, owned2);
  THCTensor_(blasCopyBack)(state, res, out);
  THCTensor_(blasFinish)(state, r_, res);
}

void THCTensor_(addbmm)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *batch1,
                        THCTensor *batch2) {
  THCTensor_(checkAddbmm)(state, t, batch1, batch2);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, batch1, batch2);
  THCTensor_(blasStart)(state, res, beta, t);
  THCTensor *m1 = THCTensor_(new)(state), *m2 = THCTensor_(new)(state);
  for (long b = 0; b < batch1->size[0]; b++) {
    THCTensor_(select)(state, m1, batch1, 0, b);
    THCTensor_(select)(state, m2, batch2, 0, b);
    THCTensor_(gemmInto)(state, res, b == 0 ? beta : (real)1, alpha, m1, m2);
  }
  THCTensor_(free)(state, m1);
  THCTensor_(free)(state, m2);
  THCTensor_(blasFinish)(state, r_, res);
}

#if !defined(THC_REAL_IS_LONG)
// baddbmm in one strided-batched gemm when that computes exactly what the loop over the batch
// would: every matrix of res, batch1 and batch2 taken by BLAS as it lies, the same layout for all
// (fixed batch strides, operands' >= 0), and the result's matrices neither overlapping one another
// nor sharing storage with an operand. Returns 0 (doing nothing) otherwise.
static int THCTensor_(baddbmmStridedBatched)(THCState *state, THCTensor *res, real beta, real alpha,
                                             THCTensor *batch1, THCTensor *batch2) {
  long B = res->size[0], M = res->size[1], N = res->size[2], K = batch1->size[2], ldc = 0;
  if (res->storage == batch1->storage || res->storage == batch2->storage) return 0;
  if (batch1->stride[0] < 0 || batch2->stride[0] < 0) return 0;
  char layout = THCTensor_(blasLayout)(M, N, res->stride[1], res->stride[2], &ldc);
  if (!layout) return 0;
  /* the extent of one matrix (blasLayout leaves strides >= 1 wherever the size is > 1) */
  long span = (M - 1) * res->stride[1] + (N - 1) * res->stride[2] + 1;
  if (B > 1 && res->stride[0] < span) return 0;
  int transposed = layout == 't';
  THCTensor *x = transposed ? batch2 : batch1, *y = transposed ? batch1 : batch2;
  int r = transposed ? 2 : 1, c = 3 - r; /* the dimensions BLAS reads as rows and columns */
  long lda = 0, ldb = 0;
  char ta = THCTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], &lda);
  char tb = THCTensor_(blasLayout)(y->size[r], y->size[c], y->stride[r], y->stride[c], &ldb);
  if (!ta || !tb) return 0;
  thc_blas::gemmStridedBatched(state, ta, tb, transposed ? N : M, transposed ? M : N, K, alpha,
                               THCTensor_(data)(state, x), lda, x->stride[0], THCTensor_(data)(state, y), ldb,
                               y->stride[0], beta, THCTensor_(data)(state, res), ldc, res->stride[0], B);
  return 1;
}
#endif

void THCTensor_(baddbmm)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *batch1,
                         THCTensor *batch2) {
  THCTensor_(checkBaddbmm)(state, t, batch1, batch2);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, batch1, batch2);
  THCTensor_(blasStart)(state, res, beta, t);
#if !defined(THC_REAL_IS_LONG)
  if (THCTensor_(baddbmmStridedBatched)(state, res, beta, alpha, batch1, batch2)) {
    THCTensor_(blasFinish)(state, r_, res);
    return;
  }
#endif
  THCTensor *r = THCTensor_(new)(state), *m1 = THCTensor_(new)(state), *m2 = THCTensor_(new)(state);
  for (long b = 0; b < batch1->size[0]; b++) {
    THCTensor_(select)(state, r, res, 0, b);
    THCTensor_(select)(state, m1, batch1, 0, b);
    THCTensor_(select)(state, m2, batch2, 0, b);
    THCTensor_(gemmInto)(state, r, beta, alpha, m1, m2);
  }
  THCTensor_(free)(state, r);
  THCTensor_(free)(state, m1);
  THCTensor_(free)(state, m2);
  THCTensor_(blasFinish)(state, r_, res);
}
