#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLapack.c"
#else

/* After a LAPACK call that failed (info != 0; temporaries already freed): info < 0 is an argument
 * LAPACK refused, info > 0 the function's own failure, reported with the message that follows. */
#define THLAPACK_FAIL(FN, INFO, ...)                                       \
  do {                                                                     \
    if ((INFO) < 0) THError("%s: LAPACK rejected argument %d", FN, -(INFO)); \
    THError(__VA_ARGS__);                                                  \
  } while (0)

/* ------------------------------------------------------------ helpers */

static void THTensor_(checkMatrix)(const char *fn, THTensor *a, int arg) {
  THArgCheck(a != NULL, arg, "%s: A is NULL", fn);
  THArgCheck(a->nDimension == 2, arg, "%s: A should have 2 dimensions, but has %d", fn, a->nDimension);
  THTensorLapack_checkInt(fn, a->size[0]);
  THTensorLapack_checkInt(fn, a->size[1]);
}

static void THTensor_(checkSquare)(const char *fn, THTensor *a, int arg) {
  THTensor_(checkMatrix)(fn, a, arg);
  THArgCheck(a->size[0] == a->size[1], arg, "%s: A should be square, but is %ld x %ld", fn, a->size[0],
             a->size[1]);
}

/* A right-hand side: a matrix, or a vector taken as one column, of the given number of rows. */
static void THTensor_(checkRhs)(const char *fn, THTensor *b, int arg, long rows) {
  THArgCheck(b != NULL, arg, "%s: B is NULL", fn);
  THArgCheck(b->nDimension == 1 || b->nDimension == 2, arg,
             "%s: B should have 1 or 2 dimensions, but has %d", fn, b->nDimension);
  THArgCheck(b->size[0] == rows, arg, "%s: A and B size incompatible: A has %ld rows, B has %ld", fn,
             rows, b->size[0]);
  if (b->nDimension == 2) THTensorLapack_checkInt(fn, b->size[1]);
}

static int THTensor_(isColumnMajor)(THTensor *t, long rows) {
  return t->nDimension == 2 && t->size[0] == rows && (t->stride[0] == 1 || rows == 1) &&
         (t->size[1] == 1 || t->stride[1] == rows);
}

/* The tensor a rows x cols LAPACK result is written to, column-major with leading dimension rows:
 * out itself, resized, unless out is NULL or shares its storage with in1 or in2 (inputs still to
 * be read); a new tensor then. lapackDone hands it back. */
static THTensor *THTensor_(lapackOut)(THTensor *out, long rows, long cols, THTensor *in1, THTensor *in2) {
  int shares = out && out->storage &&
               ((in1 && out->storage == in1->storage) || (in2 && out->storage == in2->storage));
  THTensor *work;
  if (out && !shares) {
    work = out;
    THTensor_(retain)(out);
  } else {
    work = THTensor_(new)();
  }
  long size[2] = {rows, cols}, stride[2] = {1, rows};
  THTensor_(resizeNd)(work, 2, size, stride);
  return work;
}

/* A column-major copy of src (a matrix, or a vector as one column) with rows >= src's rows (the
 * extra rows zero), for LAPACK to overwrite: src itself when out is src and laid out so already
 * (in-place use), else as lapackOut gives it. */
static THTensor *THTensor_(lapackWork)(THTensor *out, THTensor *src, long rows, THTensor *other) {
  if (out == src && THTensor_(isColumnMajor)(src, rows) && !(other && other->storage == src->storage)) {
    THTensor_(retain)(src);
    return src;
  }
  long srcRows = src->size[0], cols = src->nDimension == 2 ? src->size[1] : 1;
  THTensor *work = THTensor_(lapackOut)(out == src ? NULL : out, rows, cols, src, other);
  THTensor *top = THTensor_(newNarrow)(work, 0, 0, srcRows);
  THTensor_(copy)(top, src);
  THTensor_(free)(top);
  real *data = THTensor_(data)(work);
  for (long j = 0; j < cols; j++)
    for (long i = srcRows; i < rows; i++) data[i + j * rows] = 0;
  return work;
}

/* Whether out is the matrix src that a call was asked to overwrite. Torch7 then computed in a
 * column-major copy (unless src was one already) and copied the result back into src's layout; a
 * vector src it took as a fresh n x 1 view, so it wrote into out directly. */
static int THTensor_(overwrites)(THTensor *out, THTensor *src) {
  return out && out == src && src->nDimension == 2;
}

/* Gives out the result held by work (from lapackWork/lapackOut) and releases work. With keepLayout
 * (Torch7 copied the result back into out), out keeps its strides where its sizes are the
 * result's, and is resized contiguous otherwise (resize2d). Without, out takes work's geometry,
 * as Torch7 computed in out itself: column-major, transposed strides. */
static void THTensor_(lapackDone)(THTensor *work, THTensor *out, int keepLayout) {
  if (out && work != out) {
    if (keepLayout)
      THTensor_(resizeAs)(out, work);
    else
      THTensor_(resizeNd)(out, work->nDimension, work->size, work->stride);
    THTensor_(copy)(out, work);
  }
  THTensor_(free)(work);
}

/* Whether out, already rows x cols, has strides LAPACK cannot write to (neither row- nor
 * column-major). geev's and gesvd's vector outputs keep such strides: Torch7 guarded them by
 * computing in a column-major copy and copying the result in. */
static int THTensor_(keepsOddLayout)(THTensor *out, long rows, long cols) {
  return out && out->nDimension == 2 && out->size[0] == rows && out->size[1] == cols &&
         !THTensor_(isContiguous)(out) && !THTensor_(isColumnMajor)(out, rows);
}

static void THTensor_(storeVector)(THTensor *dst, const real *values, long n) {
  THTensor_(resize1d)(dst, n);
  real *d = THTensor_(data)(dst);
  for (long i = 0; i < n; i++) d[i * dst->stride[0]] = values[i];
}

static void THTensor_(storeIntVector)(THIntTensor *dst, const int *values, long n) {
  THIntTensor_resize1d(dst, n);
  int *d = THIntTensor_data(dst);
  for (long i = 0; i < n; i++) d[i * dst->stride[0]] = values[i];
}

/* A 1-D tensor's values in a new buffer (THFree it). */
static real *THTensor_(gatherVector)(THTensor *v) {
  long n = v->size[0];
  real *values = THAlloc(sizeof(real) * n), *d = THTensor_(data)(v);
  for (long i = 0; i < n; i++) values[i] = d[i * v->stride[0]];
  return values;
}

/* LAPACK's answer to a workspace query (lwork = -1), as an allocation size. */
static int THTensor_(lapackLwork)(real answer) {
  double w = ceil((double)answer);
  return w < 1 ? 1 : w > INT_MAX ? INT_MAX : (int)w;
}

/* Zeroes the triangle opposite to uplo ('U' keeps the upper one, diagonal included). */
static void THTensor_(clearTriangle)(THTensor *t, char uplo) {
  real *d = THTensor_(data)(t);
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < t->size[1]; j++)
      if (uplo == 'U' ? i > j : i < j) d[i * t->stride[0] + j * t->stride[1]] = 0;
}

/* Copies the uplo triangle of the square t onto the other one. */
static void THTensor_(symmetrize)(THTensor *t, char uplo) {
  real *d = THTensor_(data)(t);
  long s0 = t->stride[0], s1 = t->stride[1];
  for (long i = 0; i < t->size[0]; i++)
    for (long j = 0; j < i; j++) {
      if (uplo == 'U')
        d[i * s0 + j * s1] = d[j * s0 + i * s1];
      else
        d[j * s0 + i * s1] = d[i * s0 + j * s1];
    }
}

/* ------------------------------------------------------------ solvers */

void THTensor_(gesv)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a) {
  if (!a) a = ra_;
  if (!b) b = rb_;
  THTensor_(checkSquare)("gesv", a, 4);
  THTensor_(checkRhs)("gesv", b, 3, a->size[0]);
  THArgCheck(rb_ && ra_, 1, "gesv: the result tensors must not be NULL");
  int n = (int)a->size[0], info;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, b);
  THTensor *rb__ = THTensor_(lapackWork)(rb_, b, n, a);
  int *ipiv = THAlloc(sizeof(int) * n);
  THLapack_(gesv)(n, (int)rb__->size[1], THTensor_(data)(ra__), n, ipiv, THTensor_(data)(rb__), n, &info);
  THFree(ipiv);
  if (info != 0) {
    THTensor_(free)(ra__);
    THTensor_(free)(rb__);
    THLAPACK_FAIL("gesv", info, "gesv: U(%d,%d) is zero, singular U.", info, info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(lapackDone)(rb__, rb_, THTensor_(overwrites)(rb_, b));
}

void THTensor_(trtrs)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a, const char *uplo,
                      const char *trans, const char *diag) {
  if (!a) a = ra_;
  if (!b) b = rb_;
  THTensor_(checkSquare)("trtrs", a, 4);
  THTensor_(checkRhs)("trtrs", b, 3, a->size[0]);
  THArgCheck(rb_ && ra_, 1, "trtrs: the result tensors must not be NULL");
  char u = THTensorLapack_option("trtrs", "uplo", uplo, "UL");
  char t = THTensorLapack_option("trtrs", "trans", trans, "NTC");
  char d = THTensorLapack_option("trtrs", "diag", diag, "NU");
  int n = (int)a->size[0], info;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, b);
  THTensor *rb__ = THTensor_(lapackWork)(rb_, b, n, a);
  THLapack_(trtrs)(u, t, d, n, (int)rb__->size[1], THTensor_(data)(ra__), n, THTensor_(data)(rb__), n,
                   &info);
  if (info != 0) {
    THTensor_(free)(ra__);
    THTensor_(free)(rb__);
    THLAPACK_FAIL("trtrs", info, "trtrs: A(%d,%d) is zero, singular A.", info, info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(lapackDone)(rb__, rb_, THTensor_(overwrites)(rb_, b));
}

/* Least squares (m >= n) or minimum norm (m < n) solution of A X = B. LAPACK works on max(m, n)
 * rows of B; as in the final Torch7, rb_ is the first n of them, the solution: n x nrhs with the
 * stride of the max(m, n) rows between columns (or, where rb_ was B and got the result copied
 * back, n x nrhs contiguous unless B was n x nrhs already). */
void THTensor_(gels)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a) {
  if (!a) a = ra_;
  if (!b) b = rb_;
  THTensor_(checkMatrix)("gels", a, 4);
  THTensor_(checkRhs)("gels", b, 3, a->size[0]);
  THArgCheck(rb_ && ra_, 1, "gels: the result tensors must not be NULL");
  int m = (int)a->size[0], n = (int)a->size[1], ldb = THMax(m, n), info, lwork;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, m, b);
  /* Never in place: Torch7 copied the n rows back into a B it was asked to overwrite. */
  THTensor *rb__ = THTensor_(lapackWork)(rb_ == b ? NULL : rb_, b, ldb, a);
  int nrhs = (int)rb__->size[1];
  real answer;
  THLapack_(gels)('N', m, n, nrhs, THTensor_(data)(ra__), m, THTensor_(data)(rb__), ldb, &answer, -1,
                  &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapack_(gels)('N', m, n, nrhs, THTensor_(data)(ra__), m, THTensor_(data)(rb__), ldb, work, lwork,
                  &info);
  THFree(work);
  if (info != 0) {
    THTensor_(free)(ra__);
    THTensor_(free)(rb__);
    THLAPACK_FAIL("gels", info,
                  "gels: the %d-th diagonal element of the triangular factor of A is zero, A does not "
                  "have full rank", info);
  }
  THTensor_(narrow)(rb__, NULL, 0, 0, n);
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(lapackDone)(rb__, rb_, THTensor_(overwrites)(rb_, b));
}

/* ------------------------------------------------------ eigenproblems, SVD */

/* Eigenvalues (ascending) of the symmetric A, which LAPACK reads from its uplo triangle, and with
 * jobz "V" the eigenvectors in the columns of rv_ (zeros with "N", where LAPACK leaves garbage). */
void THTensor_(syev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobz, const char *uplo) {
  if (!a) a = rv_;
  THTensor_(checkSquare)("syev", a, 3);
  THArgCheck(re_ && rv_, 1, "syev: the result tensors must not be NULL");
  char jz = THTensorLapack_option("syev", "jobz", jobz, "NV");
  char u = THTensorLapack_option("syev", "uplo", uplo, "UL");
  int n = (int)a->size[0], info, lwork;
  THTensor *rv__ = THTensor_(lapackWork)(rv_, a, n, NULL);
  real *w = THAlloc(sizeof(real) * n), answer;
  THLapack_(syev)(jz, u, n, THTensor_(data)(rv__), n, w, &answer, -1, &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapack_(syev)(jz, u, n, THTensor_(data)(rv__), n, w, work, lwork, &info);
  THFree(work);
  if (info != 0) {
    THFree(w);
    THTensor_(free)(rv__);
    THLAPACK_FAIL("syev", info, "syev: %d off-diagonal elements did not converge to zero", info);
  }
  if (jz == 'N') memset(THTensor_(data)(rv__), 0, sizeof(real) * n * n);
  THTensor_(lapackDone)(rv__, rv_, THTensor_(overwrites)(rv_, a));
  THTensor_(storeVector)(re_, w, n);
  THFree(w);
}

/* Eigenvalues of the general A as an n x 2 tensor (real and imaginary parts), and with jobvr "V"
 * the right eigenvectors in the columns of rv_ (a complex pair as LAPACK packs it: real part,
 * imaginary part in two consecutive columns). */
void THTensor_(geev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobvr) {
  THTensor_(checkSquare)("geev", a, 3);
  char jv = THTensorLapack_option("geev", "jobvr", jobvr, "NV");
  THArgCheck(re_ && (rv_ || jv == 'N'), 1, "geev: the result tensors must not be NULL");
  int n = (int)a->size[0], info, lwork;
  THTensor *a__ = THTensor_(lapackWork)(NULL, a, n, NULL);
  int rvKeeps = jv == 'V' && THTensor_(keepsOddLayout)(rv_, n, n);
  THTensor *rv__ = jv == 'V' ? THTensor_(lapackOut)(rvKeeps ? NULL : rv_, n, n, NULL, NULL) : NULL;
  real *vr = rv__ ? THTensor_(data)(rv__) : NULL;
  real *wr = THAlloc(sizeof(real) * 2 * n), *wi = wr + n, answer;
  THLapack_(geev)('N', jv, n, THTensor_(data)(a__), n, wr, wi, NULL, 1, vr, n, &answer, -1, &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapack_(geev)('N', jv, n, THTensor_(data)(a__), n, wr, wi, NULL, 1, vr, n, work, lwork, &info);
  THFree(work);
  THTensor_(free)(a__);
  if (info != 0) {
    THFree(wr);
    THTensor_(free)(rv__);
    THLAPACK_FAIL("geev", info, "geev: the QR algorithm failed to compute all the eigenvalues (%d did not "
                  "converge)", info);
  }
  THTensor_(resize2d)(re_, n, 2);
  real *e = THTensor_(data)(re_);
  for (long i = 0; i < n; i++) {
    e[i * re_->stride[0]] = wr[i];
    e[i * re_->stride[0] + re_->stride[1]] = wi[i];
  }
  THFree(wr);
  if (rv__) THTensor_(lapackDone)(rv__, rv_, rvKeeps);
}

/* A = U*diag(S)*V' with jobu "A" (U m x m, V n x n) or "S" (U m x k, V n x k, k = min(m, n)).
 * ra_ (may be NULL) receives what LAPACK leaves of A, and is A where a is NULL. As in Torch7, rv_
 * is V, not V', and row-major: Torch7 read LAPACK's column-major V' as a contiguous matrix, so V
 * (n x vcols) is contiguous unless rv_ had those sizes already (then it keeps its strides). U is
 * column-major. */
void THTensor_(gesvd2)(THTensor *ru_, THTensor *rs_, THTensor *rv_, THTensor *ra_, THTensor *a, const char *jobu) {
  if (!a) a = ra_;
  THTensor_(checkMatrix)("gesvd", a, 5);
  THArgCheck(ru_ && rs_ && rv_, 1, "gesvd: the result tensors must not be NULL");
  char ju = THTensorLapack_option("gesvd", "jobu", jobu, "AS");
  int m = (int)a->size[0], n = (int)a->size[1], k = THMin(m, n), info, lwork;
  int ucols = ju == 'A' ? m : k, vtrows = ju == 'A' ? n : k;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, m, NULL);
  /* Torch7's guard kept only a square U's odd strides (it resized any other U column-major). */
  int ruKeeps = m == ucols && THTensor_(keepsOddLayout)(ru_, m, ucols);
  THTensor *ru__ = THTensor_(lapackOut)(ruKeeps ? NULL : ru_, m, ucols, a, NULL);
  THTensor *vt = THTensor_(lapackOut)(NULL, vtrows, n, NULL, NULL);
  real *s = THAlloc(sizeof(real) * k), answer;
  THLapack_(gesvd)(ju, ju, m, n, THTensor_(data)(ra__), m, s, THTensor_(data)(ru__), m,
                   THTensor_(data)(vt), vtrows, &answer, -1, &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapack_(gesvd)(ju, ju, m, n, THTensor_(data)(ra__), m, s, THTensor_(data)(ru__), m,
                   THTensor_(data)(vt), vtrows, work, lwork, &info);
  THFree(work);
  if (info != 0) {
    THFree(s);
    THTensor_(free)(ra__);
    THTensor_(free)(ru__);
    THTensor_(free)(vt);
    THLAPACK_FAIL("gesvd", info, "gesvd: %d superdiagonals of an intermediate bidiagonal form did not "
                  "converge to zero", info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(lapackDone)(ru__, ru_, ruKeeps);
  THTensor_(transpose)(vt, NULL, 0, 1); /* V, with row-major strides */
  THTensor_(lapackDone)(vt, rv_, 1);
  THTensor_(storeVector)(rs_, s, k);
  THFree(s);
}

void THTensor_(gesvd)(THTensor *ru_, THTensor *rs_, THTensor *rv_, THTensor *a, const char *jobu) {
  THTensor_(gesvd2)(ru_, rs_, rv_, NULL, a, jobu);
}

/* ----------------------------------------------------------- inverses */

void THTensor_(getri)(THTensor *ra_, THTensor *a) {
  if (!a) a = ra_;
  THTensor_(checkSquare)("getri", a, 2);
  THArgCheck(ra_ != NULL, 1, "getri: the result tensor must not be NULL");
  int n = (int)a->size[0], info, lwork;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, NULL);
  int *ipiv = THAlloc(sizeof(int) * n);
  THLapack_(getrf)(n, n, THTensor_(data)(ra__), n, ipiv, &info);
  if (info == 0) {
    real answer;
    THLapack_(getri)(n, THTensor_(data)(ra__), n, ipiv, &answer, -1, &info);
    real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
    THLapack_(getri)(n, THTensor_(data)(ra__), n, ipiv, work, lwork, &info);
    THFree(work);
  }
  THFree(ipiv);
  if (info != 0) {
    THTensor_(free)(ra__);
    THLAPACK_FAIL("getri", info, "getri: U(%d,%d) is zero, singular U.", info, info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
}

/* ----------------------------------------------------------- Cholesky */

/* The Cholesky factor of the symmetric positive definite A (read from its uplo triangle): upper U
 * with A = U'U for "U", lower L with A = LL' for "L"; the other triangle is zero. */
void THTensor_(potrf)(THTensor *ra_, THTensor *a, const char *uplo) {
  if (!a) a = ra_;
  THTensor_(checkSquare)("potrf", a, 2);
  THArgCheck(ra_ != NULL, 1, "potrf: the result tensor must not be NULL");
  char u = THTensorLapack_option("potrf", "uplo", uplo, "UL");
  int n = (int)a->size[0], info;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, NULL);
  THLapackFortran_(potrf)(&u, &n, THTensor_(data)(ra__), &n, &info, 1);
  if (info != 0) {
    THTensor_(free)(ra__);
    THLAPACK_FAIL("potrf", info, "potrf: the leading minor of order %d is not positive definite", info);
  }
  THTensor_(clearTriangle)(ra__, u);
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
}

/* Solves A X = B given the Cholesky factor of A (from potrf with the same uplo). */
void THTensor_(potrs)(THTensor *rb_, THTensor *b, THTensor *a, const char *uplo) {
  if (!b) b = rb_;
  THTensor_(checkSquare)("potrs", a, 3);
  THTensor_(checkRhs)("potrs", b, 2, a->size[0]);
  THArgCheck(rb_ != NULL, 1, "potrs: the result tensor must not be NULL");
  char u = THTensorLapack_option("potrs", "uplo", uplo, "UL");
  int n = (int)a->size[0], info;
  THTensor *a__ = THTensor_(lapackWork)(NULL, a, n, NULL);
  THTensor *rb__ = THTensor_(lapackWork)(rb_, b, n, NULL);
  int nrhs = (int)rb__->size[1];
  THLapackFortran_(potrs)(&u, &n, &nrhs, THTensor_(data)(a__), &n, THTensor_(data)(rb__), &n, &info, 1);
  THTensor_(free)(a__);
  if (info != 0) {
    THTensor_(free)(rb__);
    THLAPACK_FAIL("potrs", info, "potrs: LAPACK failed (info %d)", info);
  }
  THTensor_(lapackDone)(rb__, rb_, THTensor_(overwrites)(rb_, b));
}

/* The inverse of A given its Cholesky factor (from potrf with the same uplo), both triangles. */
void THTensor_(potri)(THTensor *ra_, THTensor *a, const char *uplo) {
  if (!a) a = ra_;
  THTensor_(checkSquare)("potri", a, 2);
  THArgCheck(ra_ != NULL, 1, "potri: the result tensor must not be NULL");
  char u = THTensorLapack_option("potri", "uplo", uplo, "UL");
  int n = (int)a->size[0], info;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, NULL);
  THLapackFortran_(potri)(&u, &n, THTensor_(data)(ra__), &n, &info, 1);
  if (info != 0) {
    THTensor_(free)(ra__);
    THLAPACK_FAIL("potri", info, "potri: the factor's diagonal element (%d,%d) is zero, A is singular",
                  info, info);
  }
  THTensor_(symmetrize)(ra__, u);
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
}

/* Cholesky with complete pivoting of the symmetric positive semidefinite A: P'AP = U'U ("U") or
 * LL' ("L"), rpiv_ the permutation, 1-based. As in Torch7, a rank-deficient A is an error. */
void THTensor_(pstrf)(THTensor *ra_, THIntTensor *rpiv_, THTensor *a, const char *uplo, real tol) {
  if (!a) a = ra_;
  THTensor_(checkSquare)("pstrf", a, 3);
  THArgCheck(ra_ && rpiv_, 1, "pstrf: the result tensors must not be NULL");
  char u = THTensorLapack_option("pstrf", "uplo", uplo, "UL");
  int n = (int)a->size[0], info, rank;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, n, NULL);
  int *piv = THAlloc(sizeof(int) * n);
  real *work = THAlloc(sizeof(real) * 2 * n);
  THLapackFortran_(pstrf)(&u, &n, THTensor_(data)(ra__), &n, piv, &rank, &tol, work, &info, 1);
  THFree(work);
  if (info != 0) {
    THFree(piv);
    THTensor_(free)(ra__);
    THLAPACK_FAIL("pstrf", info, "pstrf: the matrix is rank deficient (computed rank %d of %d) or not "
                  "positive semidefinite", rank, n);
  }
  THTensor_(clearTriangle)(ra__, u);
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(storeIntVector)(rpiv_, piv, n);
  THFree(piv);
}

/* ----------------------------------------------------------------- QR */

/* LAPACK's compact QR of the m x n A: R in the upper triangle of ra_, the Householder vectors
 * below it, their scales in rtau_ (min(m, n)). */
void THTensor_(geqrf)(THTensor *ra_, THTensor *rtau_, THTensor *a) {
  if (!a) a = ra_;
  THTensor_(checkMatrix)("geqrf", a, 3);
  THArgCheck(ra_ && rtau_, 1, "geqrf: the result tensors must not be NULL");
  int m = (int)a->size[0], n = (int)a->size[1], k = THMin(m, n), info, lwork;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, m, NULL);
  real *tau = THAlloc(sizeof(real) * k), answer;
  THLapackFortran_(geqrf)(&m, &n, THTensor_(data)(ra__), &m, tau, &answer, &(int){-1}, &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapackFortran_(geqrf)(&m, &n, THTensor_(data)(ra__), &m, tau, work, &lwork, &info);
  THFree(work);
  if (info != 0) {
    THFree(tau);
    THTensor_(free)(ra__);
    THLAPACK_FAIL("geqrf", info, "geqrf: LAPACK failed (info %d)", info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
  THTensor_(storeVector)(rtau_, tau, k);
  THFree(tau);
}

/* The orthonormal Q of a QR factorization from geqrf's (a, tau), in a's shape m x n, column-major:
 * its first k columns (k = tau's size) are Q's, the others keep what a held there, as Torch7 asked
 * LAPACK for k columns only. */
void THTensor_(orgqr)(THTensor *ra_, THTensor *a, THTensor *tau) {
  if (!a) a = ra_;
  THTensor_(checkMatrix)("orgqr", a, 2);
  THArgCheck(ra_ != NULL, 1, "orgqr: the result tensor must not be NULL");
  THArgCheck(tau && tau->nDimension == 1, 3, "orgqr: tau should have 1 dimension, but has %d",
             tau ? tau->nDimension : 0);
  int m = (int)a->size[0], n = (int)a->size[1], k = (int)tau->size[0], info, lwork;
  THArgCheck(k <= THMin(m, n), 3, "orgqr: tau has %d elements, more than min(rows, columns) = %d of A", k,
             THMin(m, n));
  real *t = THTensor_(gatherVector)(tau), answer;
  THTensor *ra__ = THTensor_(lapackWork)(ra_, a, m, NULL);
  real *q = THTensor_(data)(ra__);
  THLapackFortran_(orgqr)(&m, &k, &k, q, &m, t, &answer, &(int){-1}, &info);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapackFortran_(orgqr)(&m, &k, &k, q, &m, t, work, &lwork, &info);
  THFree(work);
  THFree(t);
  if (info != 0) {
    THTensor_(free)(ra__);
    THLAPACK_FAIL("orgqr", info, "orgqr: LAPACK failed (info %d)", info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, a));
}

/* c multiplied by the Q of geqrf's (a, tau): Q c, Q' c, c Q or c Q' by side ("L", "R") and trans
 * ("N", "T"). */
void THTensor_(ormqr)(THTensor *ra_, THTensor *a, THTensor *tau, THTensor *c, const char *side,
                      const char *trans) {
  if (!c) c = ra_;
  THArgCheck(c && c->nDimension == 2, 4, "ormqr: C should have 2 dimensions, but has %d",
             c ? c->nDimension : 0);
  THTensor_(checkMatrix)("ormqr", a, 2);
  THArgCheck(ra_ != NULL, 1, "ormqr: the result tensor must not be NULL");
  THArgCheck(tau && tau->nDimension == 1, 3, "ormqr: tau should have 1 dimension, but has %d",
             tau ? tau->nDimension : 0);
  char s = THTensorLapack_option("ormqr", "side", side, "LR");
  char t = THTensorLapack_option("ormqr", "trans", trans, "NT");
  THTensorLapack_checkInt("ormqr", c->size[0]);
  THTensorLapack_checkInt("ormqr", c->size[1]);
  int m = (int)c->size[0], n = (int)c->size[1], nq = s == 'L' ? m : n, k = (int)tau->size[0], info, lwork;
  THArgCheck(a->size[0] == nq && a->size[1] >= k && k <= nq, 2,
             "ormqr: A should be %d x (at least %d) to multiply %s C (%d x %d), but is %ld x %ld", nq, k,
             s == 'L' ? "from the left" : "from the right", m, n, a->size[0], a->size[1]);
  real *tv = THTensor_(gatherVector)(tau), answer;
  THTensor *a__ = THTensor_(lapackWork)(NULL, a, nq, NULL);
  THTensor *ra__ = THTensor_(lapackWork)(ra_, c, m, NULL);
  real *ad = THTensor_(data)(a__), *cd = THTensor_(data)(ra__);
  THLapackFortran_(ormqr)(&s, &t, &m, &n, &k, ad, &nq, tv, cd, &m, &answer, &(int){-1}, &info, 1, 1);
  real *work = THAlloc(sizeof(real) * (lwork = THTensor_(lapackLwork)(answer)));
  THLapackFortran_(ormqr)(&s, &t, &m, &n, &k, ad, &nq, tv, cd, &m, work, &lwork, &info, 1, 1);
  THFree(work);
  THFree(tv);
  THTensor_(free)(a__);
  if (info != 0) {
    THTensor_(free)(ra__);
    THLAPACK_FAIL("ormqr", info, "ormqr: LAPACK failed (info %d)", info);
  }
  THTensor_(lapackDone)(ra__, ra_, THTensor_(overwrites)(ra_, c));
}

/* The reduced QR of the m x n A: rq_ m x k with orthonormal columns, rr_ k x n upper triangular,
 * k = min(m, n). As in Torch7, rq_ is orgqr's column-major m x n result narrowed to k columns
 * (strides 1, m); rr_ is contiguous unless it was k x n already. */
void THTensor_(qr)(THTensor *rq_, THTensor *rr_, THTensor *a) {
  THTensor_(checkMatrix)("qr", a, 3);
  THArgCheck(rq_ && rr_, 1, "qr: the result tensors must not be NULL");
  long m = a->size[0], n = a->size[1], k = THMin(m, n);
  THTensor *qa = THTensor_(new)(), *tau = THTensor_(new)();
  THTensor_(geqrf)(qa, tau, a);
  THTensor *r = THTensor_(newNarrow)(qa, 0, 0, k);
  THTensor_(resize2d)(rr_, k, n);
  THTensor_(copy)(rr_, r);
  THTensor_(clearTriangle)(rr_, 'U');
  THTensor_(free)(r);
  THTensor_(orgqr)(rq_, qa, tau);
  THTensor_(narrow)(rq_, NULL, 1, 0, k);
  THTensor_(free)(qa);
  THTensor_(free)(tau);
}

/* ------------------------------------------------------------ batched LU */

/* Matrix b of the 3-D t to (gather) or from (!gather) the column-major n x cols buffer; a 2-D t
 * holds one column per batch element. */
static void THTensor_(batchMatrix)(THTensor *t, long b, real *buffer, long n, long cols, int gather) {
  real *d = THTensor_(data)(t) + b * t->stride[0];
  long s1 = t->stride[1], s2 = t->nDimension == 3 ? t->stride[2] : 0;
  for (long j = 0; j < cols; j++)
    for (long i = 0; i < n; i++) {
      if (gather)
        buffer[i + j * n] = d[i * s1 + j * s2];
      else
        d[i * s1 + j * s2] = buffer[i + j * n];
    }
}

/* The LU factorization with partial pivoting of each matrix of the batch a (B x n x n): ra_ holds
 * L (unit diagonal, not stored) and U, rpivots_ (B x n) the row interchanges, 1-based, and rinfo_
 * (B, may be NULL) LAPACK's info per matrix (k > 0: U(k,k) is zero). Without rinfo_ a singular
 * matrix is an error. */
void THTensor_(btrifact)(THTensor *ra_, THIntTensor *rpivots_, THIntTensor *rinfo_, int pivot, THTensor *a) {
  THArgCheck(a && a->nDimension == 3, 5, "btrifact: A should have 3 dimensions, but has %d",
             a ? a->nDimension : 0);
  THArgCheck(a->size[1] == a->size[2], 5, "btrifact: the matrices of A should be square, but are %ld x %ld",
             a->size[1], a->size[2]);
  THArgCheck(pivot, 4, "btrifact: LU without pivoting is not implemented on the CPU");
  THArgCheck(ra_ && rpivots_, 1, "btrifact: the result tensors must not be NULL");
  THTensorLapack_checkInt("btrifact", a->size[1]);
  long batches = a->size[0];
  int n = (int)a->size[1], info;
  if (ra_ != a) {
    THTensor_(resizeAs)(ra_, a);
    THTensor_(copy)(ra_, a);
  }
  THIntTensor_resize2d(rpivots_, batches, n);
  if (rinfo_) THIntTensor_resize1d(rinfo_, batches);
  real *lu = THAlloc(sizeof(real) * n * n);
  int *ipiv = THAlloc(sizeof(int) * n);
  for (long b = 0; b < batches; b++) {
    THTensor_(batchMatrix)(ra_, b, lu, n, n, 1);
    THLapack_(getrf)(n, n, lu, n, ipiv, &info);
    THTensor_(batchMatrix)(ra_, b, lu, n, n, 0);
    int *p = THIntTensor_data(rpivots_) + b * rpivots_->stride[0];
    for (long i = 0; i < n; i++) p[i * rpivots_->stride[1]] = ipiv[i];
    if (rinfo_) {
      THIntTensor_data(rinfo_)[b * rinfo_->stride[0]] = info;
    } else if (info != 0) {
      THFree(lu);
      THFree(ipiv);
      THLAPACK_FAIL("btrifact", info, "btrifact: batch element %ld is singular: U(%d,%d) is zero", b, info,
                    info);
    }
  }
  THFree(lu);
  THFree(ipiv);
}

/* Solves A_b x = b_b for each batch element, given btrifact's LU factors and pivots of A. b is
 * B x n (one right-hand side each) or B x n x k. */
void THTensor_(btrisolve)(THTensor *rb_, THTensor *b, THTensor *atf, THIntTensor *pivots) {
  if (!b) b = rb_;
  THArgCheck(atf && atf->nDimension == 3, 3, "btrisolve: the LU factors should have 3 dimensions, but have %d",
             atf ? atf->nDimension : 0);
  THArgCheck(atf->size[1] == atf->size[2], 3,
             "btrisolve: the LU factors should be square matrices, but are %ld x %ld", atf->size[1],
             atf->size[2]);
  THArgCheck(b && (b->nDimension == 2 || b->nDimension == 3), 2,
             "btrisolve: B should have 2 or 3 dimensions, but has %d", b ? b->nDimension : 0);
  THArgCheck(b->size[0] == atf->size[0] && b->size[1] == atf->size[1], 2,
             "btrisolve: B %s does not match the LU factors %s", THTensor_(sizeDesc)(b).str,
             THTensor_(sizeDesc)(atf).str);
  THArgCheck(rb_ != NULL, 1, "btrisolve: the result tensor must not be NULL");
  long batches = atf->size[0], n = atf->size[1], cols = b->nDimension == 3 ? b->size[2] : 1;
  THArgCheck(pivots && pivots->nDimension == 2 && pivots->size[0] == batches && pivots->size[1] == n, 4,
             "btrisolve: pivots should be %ld x %ld", batches, n);
  THTensorLapack_checkInt("btrisolve", n);
  THTensorLapack_checkInt("btrisolve", cols);
  /* getrs swaps rows by the pivots: out of range ones would make it write out of bounds */
  const int *p = THIntTensor_data(pivots);
  for (long bi = 0; bi < batches; bi++)
    for (long i = 0; i < n; i++) {
      int v = p[bi * pivots->stride[0] + i * pivots->stride[1]];
      THArgCheck(v >= 1 && v <= n, 4, "btrisolve: pivot %d out of range [1, %ld] at batch %ld position %ld", v,
                 n, bi + 1, i + 1);
    }
  if (rb_ != b) {
    THTensor_(resizeAs)(rb_, b);
    THTensor_(copy)(rb_, b);
  }
  real *lu = THAlloc(sizeof(real) * n * (n + cols)), *x = lu + n * n;
  int *ipiv = THAlloc(sizeof(int) * n), info;
  for (long bi = 0; bi < batches; bi++) {
    THTensor_(batchMatrix)(atf, bi, lu, n, n, 1);
    THTensor_(batchMatrix)(rb_, bi, x, n, cols, 1);
    for (long i = 0; i < n; i++) ipiv[i] = p[bi * pivots->stride[0] + i * pivots->stride[1]];
    THLapack_(getrs)('N', (int)n, (int)cols, lu, (int)n, ipiv, x, (int)n, &info);
    THTensor_(batchMatrix)(rb_, bi, x, n, cols, 0);
  }
  THFree(lu);
  THFree(ipiv);
}

#undef THLAPACK_FAIL

#endif
