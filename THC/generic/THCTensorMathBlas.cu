// THC types: Long Float Double
// dot, addmv, addmm, addr, addbmm, baddbmm with TH's checks, messages and results (THTensorMathBlas.c):
// each operand is handed to BLAS as it lies when its strides allow it ('n' or 't'), and copied to
// a contiguous tensor only when they do not. Float and Double run on cuBLAS, Long on a tiled kernel
// (THCTensorMathBlas.cuh).

// How column-major BLAS sees a rows x cols matrix with these strides: 'n' when it is column-major,
// 't' when its transpose is, with the leading dimension in *ld; 0 when neither.
static char THCTensor_(blasLayout)(long rows, long cols, long rowStride, long colStride, long *ld) {
  if (rowStride == 1 && (cols == 1 || colStride >= THMax(1, rows))) {
    *ld = cols == 1 ? THMax(1, rows) : colStride;
    return 'n';
  }
  if (colStride == 1 && (rows == 1 || rowStride >= THMax(1, cols))) {
    *ld = rows == 1 ? THMax(1, cols) : rowStride;
    return 't';
  }
  return 0;
}

static THCTensor *THCTensor_(newColumnMajor)(THCState *state, long rows, long cols) {
  long size[2] = {rows, cols}, stride[2] = {1, rows};
  THCTensor *self = THCTensor_(new)(state);
  THCTensor_(resizeNd)(state, self, 2, size, stride);
  return self;
}

// A result r_ that is a separate tensor over an input's storage would overwrite that input before
// it is read: the result is then made in a new tensor and copied to r_ at the end (blasFinish).
static THCTensor *THCTensor_(blasTarget)(THCState *state, THCTensor *r_, THCTensor *t, THCTensor *x, THCTensor *y) {
  if (r_ != t && r_->storage &&
      (r_->storage == t->storage || r_->storage == x->storage || r_->storage == y->storage))
    return THCTensor_(new)(state);
  return r_;
}

// res takes t's shape and, unless beta == 0 makes them irrelevant (NaN included), its values.
static void THCTensor_(blasStart)(THCState *state, THCTensor *res, real beta, THCTensor *t) {
  if (res == t) return;
  THCTensor_(resizeAs)(state, res, t);
  if (beta != 0) THCTensor_(copy)(state, res, t);
}

static void THCTensor_(blasFinish)(THCState *state, THCTensor *r_, THCTensor *res) {
  if (res == r_) return;
  THCTensor_(resizeAs)(state, r_, res);
  THCTensor_(copy)(state, r_, res);
  THCTensor_(free)(state, res);
}

// A vector as BLAS takes it: its data and a positive increment; *owned is a contiguous copy to
// free when the stride is not positive (an expanded vector).
static real *THCTensor_(blasVector)(THCState *state, THCTensor *v, long *inc, THCTensor **owned) {
  *owned = NULL;
  if (v->stride[0] < 1) *owned = v = THCTensor_(newContiguous)(state, v);
  *inc = v->stride[0] < 1 ? 1 : v->stride[0];
  return THCTensor_(data)(state, v);
}

// An operand of gemm: x, or x' when transposed, as BLAS takes it; *owned is a contiguous copy to
// free when x's strides are general.
static char THCTensor_(gemmOperand)(THCState *state, THCTensor *x, int transposed, real **data, long *ld,
                                    THCTensor **owned) {
  int r = transposed ? 1 : 0, c = 1 - r;
  *owned = NULL;
  char layout = THCTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  if (!layout) {
    *owned = x = THCTensor_(newContiguous)(state, x);
    layout = THCTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  }
  *data = THCTensor_(data)(state, x);
  return layout;
}

// r = beta*r + alpha*m1*m2 (r M x N, m1 M x K, m2 K x N, shapes checked by the caller) in one gemm.
// BLAS writes C column-major, so a row-major r is computed as r' = m2'*m1'.
static void THCTensor_(gemmInto)(THCState *state, THCTensor *r, real beta, real alpha, THCTensor *m1, THCTensor *m2) {
  long M = r->size[0], N = r->size[1], K = m1->size[1], ldc = 0;
  char layout = THCTensor_(blasLayout)(M, N, r->stride[0], r->stride[1], &ldc);
  THCTensor *out = r;
  if (!layout || r->storage == m1->storage || r->storage == m2->storage) {
    out = THCTensor_(newColumnMajor)(state, M, N);
    if (beta != 0) THCTensor_(copy)(state, out, r);
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
  if (out != r) {
    THCTensor_(copy)(state, r, out);
    THCTensor_(free)(state, out);
  }
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
  if (m1->nDimension != 2 || m2->nDimension != 2)
    THError("addmm: matrices expected, got %dD, %dD tensors", m1->nDimension, m2->nDimension);
  if (m1->size[1] != m2->size[0])
    THError("addmm: size mismatch, m1: %s, m2: %s", THCTensor_(sizeDesc)(state, m1).str,
            THCTensor_(sizeDesc)(state, m2).str);
  if (t->nDimension != 2) THError("addmm: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != m1->size[0] || t->size[1] != m2->size[1])
    THError("addmm: size mismatch, t: %s, m1: %s, m2: %s", THCTensor_(sizeDesc)(state, t).str,
            THCTensor_(sizeDesc)(state, m1).str, THCTensor_(sizeDesc)(state, m2).str);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, m1, m2);
  THCTensor_(blasStart)(state, res, beta, t);
  THCTensor_(gemmInto)(state, res, beta, alpha, m1, m2);
  THCTensor_(blasFinish)(state, r_, res);
}

void THCTensor_(addmv)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *mat,
                       THCTensor *vec) {
  if (mat->nDimension != 2 || vec->nDimension != 1)
    THError("addmv: matrix and vector expected, got %dD, %dD tensors", mat->nDimension, vec->nDimension);
  if (mat->size[1] != vec->size[0])
    THError("addmv: size mismatch, mat: %s, vec: %s", THCTensor_(sizeDesc)(state, mat).str,
            THCTensor_(sizeDesc)(state, vec).str);
  if (t->nDimension != 1) THError("addmv: vector expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != mat->size[0])
    THError("addmv: size mismatch, t: %s, mat: %s", THCTensor_(sizeDesc)(state, t).str,
            THCTensor_(sizeDesc)(state, mat).str);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, mat, vec);
  THCTensor_(blasStart)(state, res, beta, t);
  long M = mat->size[0], N = mat->size[1], ld = 0;
  THCTensor *out = res;
  if (res->stride[0] < 1 || res->storage == mat->storage || res->storage == vec->storage) {
    out = THCTensor_(newWithSize1d)(state, M);
    if (beta != 0) THCTensor_(copy)(state, out, res);
  }
  THCTensor *ownedMat = NULL, *ownedVec = NULL;
  char layout = THCTensor_(blasLayout)(M, N, mat->stride[0], mat->stride[1], &ld);
  if (!layout) {
    ownedMat = mat = THCTensor_(newContiguous)(state, mat);
    layout = THCTensor_(blasLayout)(M, N, mat->stride[0], mat->stride[1], &ld);
  }
  long incx;
  real *x = THCTensor_(blasVector)(state, vec, &incx, &ownedVec);
  if (layout == 'n')
    thc_blas::gemv(state, 'n', M, N, alpha, THCTensor_(data)(state, mat), ld, x, incx, beta,
                   THCTensor_(data)(state, out), out->stride[0]);
  else
    thc_blas::gemv(state, 't', N, M, alpha, THCTensor_(data)(state, mat), ld, x, incx, beta,
                   THCTensor_(data)(state, out), out->stride[0]);
  if (ownedMat) THCTensor_(free)(state, ownedMat);
  if (ownedVec) THCTensor_(free)(state, ownedVec);
  if (out != res) {
    THCTensor_(copy)(state, res, out);
    THCTensor_(free)(state, out);
  }
  THCTensor_(blasFinish)(state, r_, res);
}

void THCTensor_(addr)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *vec1,
                      THCTensor *vec2) {
  if (vec1->nDimension != 1 || vec2->nDimension != 1)
    THError("addr: vector and vector expected, got %dD, %dD tensors", vec1->nDimension, vec2->nDimension);
  if (t->nDimension != 2) THError("addr: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != vec1->size[0] || t->size[1] != vec2->size[0])
    THError("addr: size mismatch, t: %s, vec1: %s, vec2: %s", THCTensor_(sizeDesc)(state, t).str,
            THCTensor_(sizeDesc)(state, vec1).str, THCTensor_(sizeDesc)(state, vec2).str);
  THCTensor *res = THCTensor_(blasTarget)(state, r_, t, vec1, vec2);
  THCTensor_(blasStart)(state, res, beta, t);
  long M = res->size[0], N = res->size[1], ld = 0;
  THCTensor *out = res;
  char layout = THCTensor_(blasLayout)(M, N, res->stride[0], res->stride[1], &ld);
  if (!layout || res->storage == vec1->storage || res->storage == vec2->storage) {
    out = THCTensor_(newColumnMajor)(state, M, N);
    if (beta != 0) THCTensor_(copy)(state, out, res);
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
  if (out != res) {
    THCTensor_(copy)(state, res, out);
    THCTensor_(free)(state, out);
  }
  THCTensor_(blasFinish)(state, r_, res);
}

// The shape checks of addbmm and baddbmm: batch1 B x M x K, batch2 B x K x N.
static void THCTensor_(checkBatches)(THCState *state, const char *fn, THCTensor *batch1, THCTensor *batch2) {
  if (batch1->nDimension != 3 || batch2->nDimension != 3)
    THError("%s: 3D tensors expected, got %dD, %dD tensors", fn, batch1->nDimension, batch2->nDimension);
  if (batch1->size[0] != batch2->size[0] || batch1->size[2] != batch2->size[1])
    THError("%s: size mismatch, batch1: %s, batch2: %s", fn, THCTensor_(sizeDesc)(state, batch1).str,
            THCTensor_(sizeDesc)(state, batch2).str);
}

void THCTensor_(addbmm)(THCState *state, THCTensor *r_, real beta, THCTensor *t, real alpha, THCTensor *batch1,
                        THCTensor *batch2) {
  THCTensor_(checkBatches)(state, "addbmm", batch1, batch2);
  if (t->nDimension != 2 || t->size[0] != batch1->size[1] || t->size[1] != batch2->size[2])
    THError("addbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THCTensor_(sizeDesc)(state, t).str,
            THCTensor_(sizeDesc)(state, batch1).str, THCTensor_(sizeDesc)(state, batch2).str);
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
  THCTensor_(checkBatches)(state, "baddbmm", batch1, batch2);
  if (t->nDimension != 3 || t->size[0] != batch1->size[0] || t->size[1] != batch1->size[1] ||
      t->size[2] != batch2->size[2])
    THError("baddbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THCTensor_(sizeDesc)(state, t).str,
            THCTensor_(sizeDesc)(state, batch1).str, THCTensor_(sizeDesc)(state, batch2).str);
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
