#ifndef THC_GENERIC_FILE
#define THC_GENERIC_FILE "generic/THCTensorMathMagma.c"
#else
/* Included by THCTensorMathMagma.c for Float and Double: every function copies its operands to
 * the host, calls TH's function of the same name and copies the results back. */

typedef struct {
  THCTensor *gpu[THC_LAPACK_MAX_OPERANDS];
  THTensor *cpu[THC_LAPACK_MAX_OPERANDS];
  int count;
} THCTensor_(LapackOperands);

/* The host copy of g (downloaded once per distinct device tensor), NULL for NULL. */
static THTensor *THCTensor_(lapackHost)(THCState *state, THCTensor_(LapackOperands) *ops, THCTensor *g) {
  if (!g) return NULL;
  for (int i = 0; i < ops->count; i++)
    if (ops->gpu[i] == g) return ops->cpu[i];
  THAssert(ops->count < THC_LAPACK_MAX_OPERANDS);
  THTensor *c = THTensor_(new)();
  if (g->nDimension > 0) {
    THTensor_(resizeNd)(c, g->nDimension, g->size, NULL);
    THTensor_(copyCuda)(state, c, g);
  }
  ops->gpu[ops->count] = g;
  ops->cpu[ops->count] = c;
  ops->count++;
  return c;
}

/* The result g takes its host copy's sizes (and, when they change, its strides: TH's results are
 * column-major) and values. */
static void THCTensor_(lapackResult)(THCState *state, THCTensor_(LapackOperands) *ops, THCTensor *g) {
  if (!g) return;
  THTensor *c = NULL;
  for (int i = 0; i < ops->count; i++)
    if (ops->gpu[i] == g) c = ops->cpu[i];
  THAssert(c != NULL);
  if (c->nDimension == 0) {
    THCTensor_(resizeNd)(state, g, 0, NULL, NULL);
    return;
  }
  int same = g->nDimension == c->nDimension;
  for (int d = 0; same && d < c->nDimension; d++) same = g->size[d] == c->size[d];
  if (!same) THCTensor_(resizeNd)(state, g, c->nDimension, c->size, c->stride);
  THCTensor_(copyCPU)(state, g, c);
}

static void THCTensor_(lapackFree)(THCTensor_(LapackOperands) *ops) {
  for (int i = 0; i < ops->count; i++) THTensor_(free)(ops->cpu[i]);
  ops->count = 0;
}

void THCTensor_(btrifact)(THCState *state, THCTensor *ra_, THCudaIntTensor *rpivots_, THCudaIntTensor *rinfo_,
                          int pivot, THCTensor *a) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ra = THCTensor_(lapackHost)(state, &ops, ra_), *ha = THCTensor_(lapackHost)(state, &ops, a);
  THIntTensor *pivots = THCLapack_downloadInt(state, rpivots_), *info = THCLapack_downloadInt(state, rinfo_);
  THTensor_(btrifact)(ra, pivots, info, pivot, ha);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCLapack_uploadInt(state, rpivots_, pivots);
  THCLapack_uploadInt(state, rinfo_, info);
  if (pivots) THIntTensor_free(pivots);
  if (info) THIntTensor_free(info);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(btrisolve)(THCState *state, THCTensor *rb_, THCTensor *b, THCTensor *atf, THCudaIntTensor *pivots) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *rb = THCTensor_(lapackHost)(state, &ops, rb_), *hb = THCTensor_(lapackHost)(state, &ops, b);
  THTensor *hatf = THCTensor_(lapackHost)(state, &ops, atf);
  THIntTensor *hpivots = THCLapack_downloadInt(state, pivots);
  THTensor_(btrisolve)(rb, hb, hatf, hpivots);
  THCTensor_(lapackResult)(state, &ops, rb_);
  if (hpivots) THIntTensor_free(hpivots);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(gesv)(THCState *state, THCTensor *rb_, THCTensor *ra_, THCTensor *b_, THCTensor *a_) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *rb = THCTensor_(lapackHost)(state, &ops, rb_), *ra = THCTensor_(lapackHost)(state, &ops, ra_);
  THTensor *b = THCTensor_(lapackHost)(state, &ops, b_), *a = THCTensor_(lapackHost)(state, &ops, a_);
  THTensor_(gesv)(rb, ra, b, a);
  THCTensor_(lapackResult)(state, &ops, rb_);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(gels)(THCState *state, THCTensor *rb_, THCTensor *ra_, THCTensor *b_, THCTensor *a_) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *rb = THCTensor_(lapackHost)(state, &ops, rb_), *ra = THCTensor_(lapackHost)(state, &ops, ra_);
  THTensor *b = THCTensor_(lapackHost)(state, &ops, b_), *a = THCTensor_(lapackHost)(state, &ops, a_);
  THTensor_(gels)(rb, ra, b, a);
  THCTensor_(lapackResult)(state, &ops, rb_);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(syev)(THCState *state, THCTensor *re_, THCTensor *rv_, THCTensor *a_, const char *jobz,
                      const char *uplo) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *re = THCTensor_(lapackHost)(state, &ops, re_), *rv = THCTensor_(lapackHost)(state, &ops, rv_);
  THTensor *a = THCTensor_(lapackHost)(state, &ops, a_);
  THTensor_(syev)(re, rv, a, jobz, uplo);
  THCTensor_(lapackResult)(state, &ops, re_);
  THCTensor_(lapackResult)(state, &ops, rv_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(geev)(THCState *state, THCTensor *re_, THCTensor *rv_, THCTensor *a_, const char *jobvr) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *re = THCTensor_(lapackHost)(state, &ops, re_), *rv = THCTensor_(lapackHost)(state, &ops, rv_);
  THTensor *a = THCTensor_(lapackHost)(state, &ops, a_);
  THTensor_(geev)(re, rv, a, jobvr);
  THCTensor_(lapackResult)(state, &ops, re_);
  THCTensor_(lapackResult)(state, &ops, rv_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(gesvd)(THCState *state, THCTensor *ru_, THCTensor *rs_, THCTensor *rv_, THCTensor *a,
                       const char *jobu) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ru = THCTensor_(lapackHost)(state, &ops, ru_), *rs = THCTensor_(lapackHost)(state, &ops, rs_);
  THTensor *rv = THCTensor_(lapackHost)(state, &ops, rv_), *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(gesvd)(ru, rs, rv, ha, jobu);
  THCTensor_(lapackResult)(state, &ops, ru_);
  THCTensor_(lapackResult)(state, &ops, rs_);
  THCTensor_(lapackResult)(state, &ops, rv_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(gesvd2)(THCState *state, THCTensor *ru_, THCTensor *rs_, THCTensor *rv_, THCTensor *ra_,
                        THCTensor *a, const char *jobu) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ru = THCTensor_(lapackHost)(state, &ops, ru_), *rs = THCTensor_(lapackHost)(state, &ops, rs_);
  THTensor *rv = THCTensor_(lapackHost)(state, &ops, rv_), *ra = THCTensor_(lapackHost)(state, &ops, ra_);
  THTensor *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(gesvd2)(ru, rs, rv, ra, ha, jobu);
  THCTensor_(lapackResult)(state, &ops, ru_);
  THCTensor_(lapackResult)(state, &ops, rs_);
  THCTensor_(lapackResult)(state, &ops, rv_);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(getri)(THCState *state, THCTensor *ra_, THCTensor *a) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ra = THCTensor_(lapackHost)(state, &ops, ra_), *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(getri)(ra, ha);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(potri)(THCState *state, THCTensor *ra_, THCTensor *a, const char *uplo) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ra = THCTensor_(lapackHost)(state, &ops, ra_), *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(potri)(ra, ha, uplo);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(potrf)(THCState *state, THCTensor *ra_, THCTensor *a, const char *uplo) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *ra = THCTensor_(lapackHost)(state, &ops, ra_), *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(potrf)(ra, ha, uplo);
  THCTensor_(lapackResult)(state, &ops, ra_);
  THCTensor_(lapackFree)(&ops);
}

/* cutorch's order: the right-hand side b second and the Cholesky factor a third (its header named
 * them the other way round; its code and its callers used this order), as TH's potrs(rb_, b, a). */
void THCTensor_(potrs)(THCState *state, THCTensor *rb_, THCTensor *b, THCTensor *a, const char *uplo) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *rb = THCTensor_(lapackHost)(state, &ops, rb_), *hb = THCTensor_(lapackHost)(state, &ops, b);
  THTensor *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(potrs)(rb, hb, ha, uplo);
  THCTensor_(lapackResult)(state, &ops, rb_);
  THCTensor_(lapackFree)(&ops);
}

void THCTensor_(qr)(THCState *state, THCTensor *rq_, THCTensor *rr_, THCTensor *a) {
  THCTensor_(LapackOperands) ops = {{0}, {0}, 0};
  THTensor *rq = THCTensor_(lapackHost)(state, &ops, rq_), *rr = THCTensor_(lapackHost)(state, &ops, rr_);
  THTensor *ha = THCTensor_(lapackHost)(state, &ops, a);
  THTensor_(qr)(rq, rr, ha);
  THCTensor_(lapackResult)(state, &ops, rq_);
  THCTensor_(lapackResult)(state, &ops, rr_);
  THCTensor_(lapackFree)(&ops);
}

#endif
