#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathBlas.c"
#else

/* How column-major BLAS sees a rows x cols matrix with these strides: 'n' when it is column-major
 * (stride 1 down a column), 't' when its transpose is, with the leading dimension in *ld; 0 when
 * neither (general strides, overlapping or expanded), and the caller makes a copy. */
static char THTensor_(blasLayout)(long rows, long cols, long rowStride, long colStride, long *ld) {
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

/* A new rows x cols column-major tensor. */
static THTensor *THTensor_(newColumnMajor)(long rows, long cols) {
  long size[2] = {rows, cols}, stride[2] = {1, rows};
  THTensor *self = THTensor_(new)();
  THTensor_(resizeNd)(self, 2, size, stride);
  return self;
}

/* A result r_ that is a separate tensor over the storage of an input would overwrite that input
 * before it is read: the result is then computed in a new tensor and copied to r_ at the end
 * (blasFinish). */
static THTensor *THTensor_(blasTarget)(THTensor *r_, THTensor *t, THTensor *x, THTensor *y) {
  if (r_ != t && r_->storage &&
      (r_->storage == t->storage || r_->storage == x->storage || r_->storage == y->storage))
    return THTensor_(new)();
  return r_;
}

/* res takes t's shape and, unless beta == 0 makes them irrelevant (NaN included), its values. */
static void THTensor_(blasStart)(THTensor *res, real beta, THTensor *t) {
  if (res == t) return;
  THTensor_(resizeAs)(res, t);
  if (beta != 0) THTensor_(copy)(res, t);
}

static void THTensor_(blasFinish)(THTensor *r_, THTensor *res) {
  if (res == r_) return;
  THTensor_(resizeAs)(r_, res);
  THTensor_(copy)(r_, res);
  THTensor_(free)(res);
}

/* An operand of gemm: x, or x' when transposed, as BLAS takes it; *owned is a contiguous copy to
 * free when x's strides are general. */
static char THTensor_(gemmOperand)(THTensor *x, int transposed, real **data, long *ld, THTensor **owned) {
  int r = transposed ? 1 : 0, c = 1 - r;
  *owned = NULL;
  char layout = THTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  if (!layout) {
    *owned = x = THTensor_(newContiguous)(x);
    layout = THTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  }
  *data = THTensor_(data)(x);
  return layout;
}

/* r = beta*r + alpha*m1*m2 (r M x N, m1 M x K, m2 K x N, shapes checked by the caller) in one
 * gemm, copying only operands with general strides: BLAS writes C column-major, so a row-major r
 * is computed as r' = m2'*m1'. */
static void THTensor_(gemmInto)(THTensor *r, real beta, real alpha, THTensor *m1, THTensor *m2) {
  long M = r->size[0], N = r->size[1], K = m1->size[1], ldc;
  char layout = THTensor_(blasLayout)(M, N, r->stride[0], r->stride[1], &ldc);
  THTensor *out = r;
  if (!layout || r->storage == m1->storage || r->storage == m2->storage) {
    out = THTensor_(newColumnMajor)(M, N);
    if (beta != 0) THTensor_(copy)(out, r);
    layout = 'n';
    ldc = M;
  }
  int transposed = layout == 't';
  THTensor *ownedA, *ownedB;
  real *a, *b;
  long lda, ldb;
  char ta = THTensor_(gemmOperand)(transposed ? m2 : m1, transposed, &a, &lda, &ownedA);
  char tb = THTensor_(gemmOperand)(transposed ? m1 : m2, transposed, &b, &ldb, &ownedB);
  THBlas_(gemm)(ta, tb, transposed ? N : M, transposed ? M : N, K, alpha, a, lda, b, ldb, beta,
                THTensor_(data)(out), ldc);
  THTensor_(free)(ownedA);
  THTensor_(free)(ownedB);
  if (out != r) {
    THTensor_(copy)(r, out);
    THTensor_(free)(out);
  }
}

void THTensor_(addmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *m1, THTensor *m2) {
  if (m1->nDimension != 2 || m2->nDimension != 2)
    THError("addmm: matrices expected, got %dD, %dD tensors", m1->nDimension, m2->nDimension);
  if (m1->size[1] != m2->size[0])
    THError("addmm: size mismatch, m1: %s, m2: %s", THTensor_(sizeDesc)(m1).str,
            THTensor_(sizeDesc)(m2).str);
  if (t->nDimension != 2) THError("addmm: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != m1->size[0] || t->size[1] != m2->size[1])
    THError("addmm: size mismatch, t: %s, m1: %s, m2: %s", THTensor_(sizeDesc)(t).str,
            THTensor_(sizeDesc)(m1).str, THTensor_(sizeDesc)(m2).str);
  THTensor *res = THTensor_(blasTarget)(r_, t, m1, m2);
  THTensor_(blasStart)(res, beta, t);
  THTensor_(gemmInto)(res, beta, alpha, m1, m2);
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(addmv)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *mat, THTensor *vec) {
  if (mat->nDimension != 2 || vec->nDimension != 1)
    THError("addmv: matrix and vector expected, got %dD, %dD tensors", mat->nDimension, vec->nDimension);
  if (mat->size[1] != vec->size[0])
    THError("addmv: size mismatch, mat: %s, vec: %s", THTensor_(sizeDesc)(mat).str,
            THTensor_(sizeDesc)(vec).str);
  if (t->nDimension != 1) THError("addmv: vector expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != mat->size[0])
    THError("addmv: size mismatch, t: %s, mat: %s", THTensor_(sizeDesc)(t).str,
            THTensor_(sizeDesc)(mat).str);
  THTensor *res = THTensor_(blasTarget)(r_, t, mat, vec);
  THTensor_(blasStart)(res, beta, t);
  long M = mat->size[0], N = mat->size[1], ld = 0;
  THTensor *out = res;
  if ((M > 1 && res->stride[0] == 0) || res->storage == mat->storage || res->storage == vec->storage) {
    out = THTensor_(newWithSize1d)(M);
    if (beta != 0) THTensor_(copy)(out, res);
  }
  THTensor *owned = NULL;
  char layout = THTensor_(blasLayout)(M, N, mat->stride[0], mat->stride[1], &ld);
  if (!layout) {
    owned = mat = THTensor_(newContiguous)(mat);
    layout = THTensor_(blasLayout)(M, N, mat->stride[0], mat->stride[1], &ld);
  }
  if (layout == 'n')
    THBlas_(gemv)('n', M, N, alpha, THTensor_(data)(mat), ld, THTensor_(data)(vec), vec->stride[0], beta,
                  THTensor_(data)(out), out->stride[0]);
  else
    THBlas_(gemv)('t', N, M, alpha, THTensor_(data)(mat), ld, THTensor_(data)(vec), vec->stride[0], beta,
                  THTensor_(data)(out), out->stride[0]);
  THTensor_(free)(owned);
  if (out != res) {
    THTensor_(copy)(res, out);
    THTensor_(free)(out);
  }
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(addr)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *vec1, THTensor *vec2) {
  if (vec1->nDimension != 1 || vec2->nDimension != 1)
    THError("addr: vector and vector expected, got %dD, %dD tensors", vec1->nDimension,
            vec2->nDimension);
  if (t->nDimension != 2) THError("addr: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != vec1->size[0] || t->size[1] != vec2->size[0])
    THError("addr: size mismatch, t: %s, vec1: %s, vec2: %s", THTensor_(sizeDesc)(t).str,
            THTensor_(sizeDesc)(vec1).str, THTensor_(sizeDesc)(vec2).str);
  THTensor *res = THTensor_(blasTarget)(r_, t, vec1, vec2);
  THTensor_(blasStart)(res, beta, t);
  long M = res->size[0], N = res->size[1], ld = 0;
  THTensor *out = res;
  char layout = THTensor_(blasLayout)(M, N, res->stride[0], res->stride[1], &ld);
  if (!layout || res->storage == vec1->storage || res->storage == vec2->storage) {
    out = THTensor_(newColumnMajor)(M, N);
    if (beta != 0) THTensor_(copy)(out, res);
    layout = 'n';
    ld = M;
  }
  /* ger has no beta: scale the columns BLAS sees first */
  long m = layout == 'n' ? M : N, n = layout == 'n' ? N : M;
  real *data = THTensor_(data)(out);
  if (beta != 1)
    for (long j = 0; j < n; j++) THBlas_(scal)(m, beta, data + j * ld, 1);
  if (layout == 'n')
    THBlas_(ger)(M, N, alpha, THTensor_(data)(vec1), vec1->stride[0], THTensor_(data)(vec2),
                 vec2->stride[0], data, ld);
  else
    THBlas_(ger)(N, M, alpha, THTensor_(data)(vec2), vec2->stride[0], THTensor_(data)(vec1),
                 vec1->stride[0], data, ld);
  if (out != res) {
    THTensor_(copy)(res, out);
    THTensor_(free)(out);
  }
  THTensor_(blasFinish)(r_, res);
}

/* The shape checks of addbmm and baddbmm: batch1 B x M x K, batch2 B x K x N. */
static void THTensor_(checkBatches)(const char *fn, THTensor *batch1, THTensor *batch2) {
  if (batch1->nDimension != 3 || batch2->nDimension != 3)
    THError("%s: 3D tensors expected, got %dD, %dD tensors", fn, batch1->nDimension, batch2->nDimension);
  if (batch1->size[0] != batch2->size[0] || batch1->size[2] != batch2->size[1])
    THError("%s: size mismatch, batch1: %s, batch2: %s", fn, THTensor_(sizeDesc)(batch1).str,
            THTensor_(sizeDesc)(batch2).str);
}

void THTensor_(addbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *batch1, THTensor *batch2) {
  THTensor_(checkBatches)("addbmm", batch1, batch2);
  if (t->nDimension != 2 || t->size[0] != batch1->size[1] || t->size[1] != batch2->size[2])
    THError("addbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THTensor_(sizeDesc)(t).str,
            THTensor_(sizeDesc)(batch1).str, THTensor_(sizeDesc)(batch2).str);
  THTensor *res = THTensor_(blasTarget)(r_, t, batch1, batch2);
  THTensor_(blasStart)(res, beta, t);
  THTensor *m1 = THTensor_(new)(), *m2 = THTensor_(new)();
  for (long b = 0; b < batch1->size[0]; b++) {
    THTensor_(select)(m1, batch1, 0, b);
    THTensor_(select)(m2, batch2, 0, b);
    THTensor_(gemmInto)(res, b == 0 ? beta : 1, alpha, m1, m2);
  }
  THTensor_(free)(m1);
  THTensor_(free)(m2);
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(baddbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *batch1, THTensor *batch2) {
  THTensor_(checkBatches)("baddbmm", batch1, batch2);
  if (t->nDimension != 3 || t->size[0] != batch1->size[0] || t->size[1] != batch1->size[1] ||
      t->size[2] != batch2->size[2])
    THError("baddbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THTensor_(sizeDesc)(t).str,
            THTensor_(sizeDesc)(batch1).str, THTensor_(sizeDesc)(batch2).str);
  THTensor *res = THTensor_(blasTarget)(r_, t, batch1, batch2);
  THTensor_(blasStart)(res, beta, t);
  THTensor *r = THTensor_(new)(), *m1 = THTensor_(new)(), *m2 = THTensor_(new)();
  for (long b = 0; b < batch1->size[0]; b++) {
    THTensor_(select)(r, res, 0, b);
    THTensor_(select)(m1, batch1, 0, b);
    THTensor_(select)(m2, batch2, 0, b);
    THTensor_(gemmInto)(r, beta, alpha, m1, m2);
  }
  THTensor_(free)(r);
  THTensor_(free)(m1);
  THTensor_(free)(m2);
  THTensor_(blasFinish)(r_, res);
}

#endif
