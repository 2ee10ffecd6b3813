#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THLapack.c"
#else

void THLapack_(gesv)(int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb, int *info) {
  THLapackFortran_(gesv)(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

void THLapack_(trtrs)(char uplo, char trans, char diag, int n, int nrhs, real *a, int lda, real *b,
                      int ldb, int *info) {
  THLapackFortran_(trtrs)(&uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, info, 1, 1, 1);
}

void THLapack_(gels)(char trans, int m, int n, int nrhs, real *a, int lda, real *b, int ldb,
                     real *work, int lwork, int *info) {
  THLapackFortran_(gels)(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}

void THLapack_(syev)(char jobz, char uplo, int n, real *a, int lda, real *w, real *work, int lwork,
                     int *info) {
  THLapackFortran_(syev)(&jobz, &uplo, &n, a, &lda, w, work, &lwork, info, 1, 1);
}

void THLapack_(geev)(char jobvl, char jobvr, int n, real *a, int lda, real *wr, real *wi, real *vl,
                     int ldvl, real *vr, int ldvr, real *work, int lwork, int *info) {
  THLapackFortran_(geev)(&jobvl, &jobvr, &n, a, &lda, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork,
                         info, 1, 1);
}

void THLapack_(gesvd)(char jobu, char jobvt, int m, int n, real *a, int lda, real *s, real *u, int ldu,
                      real *vt, int ldvt, real *work, int lwork, int *info) {
  THLapackFortran_(gesvd)(&jobu, &jobvt, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, info, 1,
                          1);
}

void THLapack_(getrf)(int m, int n, real *a, int lda, int *ipiv, int *info) {
  THLapackFortran_(getrf)(&m, &n, a, &lda, ipiv, info);
}

void THLapack_(getrs)(char trans, int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb,
                      int *info) {
  THLapackFortran_(getrs)(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}

void THLapack_(getri)(int n, real *a, int lda, int *ipiv, real *work, int lwork, int *info) {
  THLapackFortran_(getri)(&n, a, &lda, ipiv, work, &lwork, info);
}

#endif
