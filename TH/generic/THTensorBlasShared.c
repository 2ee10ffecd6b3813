/* The layout helpers and the shape checks of BLAS's tensor operations (dot's aside), written once
 * for libTH and libTHC: included by TH's generic/THTensorMathBlas.c and by THC's
 * generic/THCTensorMathBlas.cu, which maps THTensor to its CUDA types and sets the THT_* state
 * macros as for generic/THTensorLayout.c (THT_STATE_, THT_S_, THT_S_ONLY). Internal to libTH and
 * libTHC (not installed API). No include guard: included once per type. */

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
static THTensor *THTensor_(newColumnMajor)(THT_STATE_ long rows, long cols) {
  long size[2] = {rows, cols}, stride[2] = {1, rows};
  THTensor *self = THTensor_(new)(THT_S_ONLY);
  THTensor_(resizeNd)(THT_S_ self, 2, size, stride);
  return self;
}

/* A column-major stand-in for the matrix r, with r's values unless beta == 0 makes them irrelevant
 * (NaN included): BLAS writes it when it cannot write r as it lies or r shares an operand's storage.
 * blasCopyBack hands it back. */
static THTensor *THTensor_(newColumnMajorCopy)(THT_STATE_ THTensor *r, real beta) {
  THTensor *out = THTensor_(newColumnMajor)(THT_S_ r->size[0], r->size[1]);
  if (beta != 0) THTensor_(copy)(THT_S_ out, r);
  return out;
}

/* r gets the values of its stand-in out, which is freed (nothing to do when out is r). */
static void THTensor_(blasCopyBack)(THT_STATE_ THTensor *r, THTensor *out) {
  if (out == r) return;
  THTensor_(copy)(THT_S_ r, out);
  THTensor_(free)(THT_S_ out);
}

/* A result r_ that is a separate tensor over the storage of an input would overwrite that input
 * before it is read: the result is then computed in a new tensor and copied to r_ at the end
 * (blasFinish). */
static THTensor *THTensor_(blasTarget)(THT_STATE_ THTensor *r_, THTensor *t, THTensor *x, THTensor *y) {
  if (r_ != t && r_->storage &&
      (r_->storage == t->storage || r_->storage == x->storage || r_->storage == y->storage))
    return THTensor_(new)(THT_S_ONLY);
  return r_;
}

/* res takes t's shape and, unless beta == 0 makes them irrelevant (NaN included), its values. */
static void THTensor_(blasStart)(THT_STATE_ THTensor *res, real beta, THTensor *t) {
  if (res == t) return;
  THTensor_(resizeAs)(THT_S_ res, t);
  if (beta != 0) THTensor_(copy)(THT_S_ res, t);
}

static void THTensor_(blasFinish)(THT_STATE_ THTensor *r_, THTensor *res) {
  if (res == r_) return;
  THTensor_(resizeAs)(THT_S_ r_, res);
  THTensor_(copy)(THT_S_ r_, res);
  THTensor_(free)(THT_S_ res);
}

/* An operand of gemm: x, or x' when transposed, as BLAS takes it; *owned is a contiguous copy to
 * free when x's strides are general. */
static char THTensor_(gemmOperand)(THT_STATE_ THTensor *x, int transposed, real **data, long *ld,
                                   THTensor **owned) {
  int r = transposed ? 1 : 0, c = 1 - r;
  *owned = NULL;
  char layout = THTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  if (!layout) {
    *owned = x = THTensor_(newContiguous)(THT_S_ x);
    layout = THTensor_(blasLayout)(x->size[r], x->size[c], x->stride[r], x->stride[c], ld);
  }
  *data = THTensor_(data)(THT_S_ x);
  return layout;
}

/* ------------------------------------------------------------ shape checks (TH's messages) */

static void THTensor_(checkAddmm)(THT_STATE_ THTensor *t, THTensor *m1, THTensor *m2) {
  if (m1->nDimension != 2 || m2->nDimension != 2)
    THError("addmm: matrices expected, got %dD, %dD tensors", m1->nDimension, m2->nDimension);
  if (m1->size[1] != m2->size[0])
    THError("addmm: size mismatch, m1: %s, m2: %s", THTensor_(sizeDesc)(THT_S_ m1).str,
            THTensor_(sizeDesc)(THT_S_ m2).str);
  if (t->nDimension != 2) THError("addmm: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != m1->size[0] || t->size[1] != m2->size[1])
    THError("addmm: size mismatch, t: %s, m1: %s, m2: %s", THTensor_(sizeDesc)(THT_S_ t).str,
            THTensor_(sizeDesc)(THT_S_ m1).str, THTensor_(sizeDesc)(THT_S_ m2).str);
}

static void THTensor_(checkAddmv)(THT_STATE_ THTensor *t, THTensor *mat, THTensor *vec) {
  if (mat->nDimension != 2 || vec->nDimension != 1)
    THError("addmv: matrix and vector expected, got %dD, %dD tensors", mat->nDimension, vec->nDimension);
  if (mat->size[1] != vec->size[0])
    THError("addmv: size mismatch, mat: %s, vec: %s", THTensor_(sizeDesc)(THT_S_ mat).str,
            THTensor_(sizeDesc)(THT_S_ vec).str);
  if (t->nDimension != 1) THError("addmv: vector expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != mat->size[0])
    THError("addmv: size mismatch, t: %s, mat: %s", THTensor_(sizeDesc)(THT_S_ t).str,
            THTensor_(sizeDesc)(THT_S_ mat).str);
}

static void THTensor_(checkAddr)(THT_STATE_ THTensor *t, THTensor *vec1, THTensor *vec2) {
  if (vec1->nDimension != 1 || vec2->nDimension != 1)
    THError("addr: vector and vector expected, got %dD, %dD tensors", vec1->nDimension, vec2->nDimension);
  if (t->nDimension != 2) THError("addr: matrix expected, got %dD tensor for t", t->nDimension);
  if (t->size[0] != vec1->size[0] || t->size[1] != vec2->size[0])
    THError("addr: size mismatch, t: %s, vec1: %s, vec2: %s", THTensor_(sizeDesc)(THT_S_ t).str,
            THTensor_(sizeDesc)(THT_S_ vec1).str, THTensor_(sizeDesc)(THT_S_ vec2).str);
}

/* The shape checks of addbmm and baddbmm: batch1 B x M x K, batch2 B x K x N. */
static void THTensor_(checkBatches)(THT_STATE_ const char *fn, THTensor *batch1, THTensor *batch2) {
  if (batch1->nDimension != 3 || batch2->nDimension != 3)
    THError("%s: 3D tensors expected, got %dD, %dD tensors", fn, batch1->nDimension, batch2->nDimension);
  if (batch1->size[0] != batch2->size[0] || batch1->size[2] != batch2->size[1])
    THError("%s: size mismatch, batch1: %s, batch2: %s", fn, THTensor_(sizeDesc)(THT_S_ batch1).str,
            THTensor_(sizeDesc)(THT_S_ batch2).str);
}

static void THTensor_(checkAddbmm)(THT_STATE_ THTensor *t, THTensor *batch1, THTensor *batch2) {
  THTensor_(checkBatches)(THT_S_ "addbmm", batch1, batch2);
  if (t->nDimension != 2 || t->size[0] != batch1->size[1] || t->size[1] != batch2->size[2])
    THError("addbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THTensor_(sizeDesc)(THT_S_ t).str,
            THTensor_(sizeDesc)(THT_S_ batch1).str, THTensor_(sizeDesc)(THT_S_ batch2).str);
}

static void THTensor_(checkBaddbmm)(THT_STATE_ THTensor *t, THTensor *batch1, THTensor *batch2) {
  THTensor_(checkBatches)(THT_S_ "baddbmm", batch1, batch2);
  if (t->nDimension != 3 || t->size[0] != batch1->size[0] || t->size[1] != batch1->size[1] ||
      t->size[2] != batch2->size[2])
    THError("baddbmm: size mismatch, t: %s, batch1: %s, batch2: %s", THTensor_(sizeDesc)(THT_S_ t).str,
            THTensor_(sizeDesc)(THT_S_ batch1).str, THTensor_(sizeDesc)(THT_S_ batch2).str);
}
