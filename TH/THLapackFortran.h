#ifndef TH_LAPACK_FORTRAN_INC
#define TH_LAPACK_FORTRAN_INC
/* LAPACK's Fortran routines as libopenblas exports them (internal to libTH, not legacy API).
 * Fortran passes every argument by reference and each CHARACTER argument's length as a hidden
 * size_t after the others; both are spelled out here. THLapackFortran_(NAME) picks the s or d
 * routine for the type being generated. */
#include <stddef.h>

#define TH_LAPACK_FORTRAN_DECLARE(T, P)                                                             \
  void P##gesv_(int *n, int *nrhs, T *a, int *lda, int *ipiv, T *b, int *ldb, int *info);            \
  void P##trtrs_(char *uplo, char *trans, char *diag, int *n, int *nrhs, T *a, int *lda, T *b,      \
                 int *ldb, int *info, size_t, size_t, size_t);                                      \
  void P##gels_(char *trans, int *m, int *n, int *nrhs, T *a, int *lda, T *b, int *ldb, T *work,    \
                int *lwork, int *info, size_t);                                                     \
  void P##syev_(char *jobz, char *uplo, int *n, T *a, int *lda, T *w, T *work, int *lwork,          \
                int *info, size_t, size_t);                                                         \
  void P##geev_(char *jobvl, char *jobvr, int *n, T *a, int *lda, T *wr, T *wi, T *vl, int *ldvl,   \
                T *vr, int *ldvr, T *work, int *lwork, int *info, size_t, size_t);                  \
  void P##gesvd_(char *jobu, char *jobvt, int *m, int *n, T *a, int *lda, T *s, T *u, int *ldu,     \
                 T *vt, int *ldvt, T *work, int *lwork, int *info, size_t, size_t);                 \
  void P##getrf_(int *m, int *n, T *a, int *lda, int *ipiv, int *info);                             \
  void P##getrs_(char *trans, int *n, int *nrhs, T *a, int *lda, int *ipiv, T *b, int *ldb,         \
                 int *info, size_t);                                                                \
  void P##getri_(int *n, T *a, int *lda, int *ipiv, T *work, int *lwork, int *info);                \
  void P##potrf_(char *uplo, int *n, T *a, int *lda, int *info, size_t);                            \
  void P##potrs_(char *uplo, int *n, int *nrhs, T *a, int *lda, T *b, int *ldb, int *info, size_t); \
  void P##potri_(char *uplo, int *n, T *a, int *lda, int *info, size_t);                            \
  void P##geqrf_(int *m, int *n, T *a, int *lda, T *tau, T *work, int *lwork, int *info);           \
  void P##orgqr_(int *m, int *n, int *k, T *a, int *lda, T *tau, T *work, int *lwork, int *info);   \
  void P##ormqr_(char *side, char *trans, int *m, int *n, int *k, T *a, int *lda, T *tau, T *c,     \
                 int *ldc, T *work, int *lwork, int *info, size_t, size_t);                         \
  void P##pstrf_(char *uplo, int *n, T *a, int *lda, int *piv, int *rank, T *tol, T *work,          \
                 int *info, size_t);

TH_LAPACK_FORTRAN_DECLARE(float, s)
TH_LAPACK_FORTRAN_DECLARE(double, d)
#undef TH_LAPACK_FORTRAN_DECLARE

#define THLapackFortranFloat_(NAME) s##NAME##_
#define THLapackFortranDouble_(NAME) d##NAME##_
#define THLapackFortran_(NAME) TH_CONCAT_3(THLapackFortran, Real, _)(NAME)

#endif
