#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathBlas.c"
#else

/* libTH's tensors take no state argument (see generic/THTensorBlasShared.c). */
#define THT_STATE_
#define THT_S_
#define THT_S_ONLY
#include "generic/THTensorBlasShared.c"
#undef THT_STATE_
#undef THT_S_
#undef THT_S_ONLY

/* r = beta*r + alpha*m1*m2 (r M x N, m1 M x K, m2 K x N, shapes checked by the caller) in one
 * gemm, copying only operands with general strides: BLAS writes C column-major, so a row-major r
 * is computed as r' = m2'*m1'. */
static void THTensor_(gemmInto)(THTensor *r, real beta, real alpha, THTensor *m1, THTensor *m2) {
  long M = r->size[0], N = r->size[1], K = m1->size[1], ldc;
  char layout = THTensor_(blasLayout)(M, N, r->stride[0], r->stride[1], &ldc);
  THTensor *out = r;
  if (!layout || r->storage == m1->storage || r->storage == m2->storage) {
    out = THTensor_(newColumnMajorCopy)(r, beta);
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
  THTensor_(blasCopyBack)(r, out);
}

void THTensor_(addmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *m1, THTensor *m2) {
  THTensor_(checkAddmm)(t, m1, m2);
  THTensor *res = THTensor_(blasTarget)(r_, t, m1, m2);
  THTensor_(blasStart)(res, beta, t);
  THTensor_(gemmInto)(res, beta, alpha, m1, m2);
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(addmv)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *mat, THTensor *vec) {
  THTensor_(checkAddmv)(t, mat, vec);
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
  THTensor_(blasCopyBack)(res, out);
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(addr)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *vec1, THTensor *vec2) {
  THTensor_(checkAddr)(t, vec1, vec2);
  THTensor *res = THTensor_(blasTarget)(r_, t, vec1, vec2);
  THTensor_(blasStart)(res, beta, t);
  long M = res->size[0], N = res->size[1], ld = 0;
  THTensor *out = res;
  char layout = THTensor_(blasLayout)(M, N, res->stride[0], res->stride[1], &ld);
  if (!layout || res->storage == vec1->storage || res->storage == vec2->storage) {
    out = THTensor_(newColumnMajorCopy)(res, beta);
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
  THTensor_(blasCopyBack)(res, out);
  THTensor_(blasFinish)(r_, res);
}

void THTensor_(addbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *batch1, THTensor *batch2) {
  THTensor_(checkAddbmm)(t, batch1, batch2);
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
  THTensor_(checkBaddbmm)(t, batch1, batch2);
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
