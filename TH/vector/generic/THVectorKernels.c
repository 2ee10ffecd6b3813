#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "vector/generic/THVectorKernels.c"
#else
/* THVector's kernels for one instruction set, named THRealVector_NAME_<THVECTOR_ISA>: THVector.c
 * builds them for the baseline (DEFAULT), vector/AVX2.c (-mavx2 -mfma) and vector/AVX512.c
 * (-mavx512*) build the same loops again for AVX2 and AVX-512; THVector.c picks one set at run time. Plain loops that GCC vectorises
 * for the target at hand. Outputs may be exactly their inputs (in place), hence `ivdep` rather
 * than `restrict`. Integer division assumes non-zero divisors (the callers check). */

#define THVectorISA_(NAME) TH_CONCAT_3(THVector_(NAME), _, THVECTOR_ISA)

void THVectorISA_(fill)(real *x, const real c, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) x[i] = c;
}

void THVectorISA_(cadd)(real *z, const real *x, const real *y, const real c, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) z[i] = TH_ADD(x[i], TH_MUL(c, y[i]));
}

void THVectorISA_(adds)(real *y, const real *x, const real c, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) y[i] = TH_ADD(x[i], c);
}

void THVectorISA_(cmul)(real *z, const real *x, const real *y, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) z[i] = TH_MUL(x[i], y[i]);
}

void THVectorISA_(muls)(real *y, const real *x, const real c, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) y[i] = TH_MUL(x[i], c);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define THVECTOR_DIV_(a, b) ((a) / (b))
#else
#define THVECTOR_DIV_(a, b) TH_IDIV(a, b)
#endif

void THVectorISA_(cdiv)(real *z, const real *x, const real *y, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) z[i] = THVECTOR_DIV_(x[i], y[i]);
}

void THVectorISA_(divs)(real *y, const real *x, const real c, const ptrdiff_t n) {
#pragma GCC ivdep
  for (ptrdiff_t i = 0; i < n; i++) y[i] = THVECTOR_DIV_(x[i], c);
}

#undef THVECTOR_DIV_

/* memmove: the C library's copy is already tuned per CPU (and streams past the cache when large). */
void THVectorISA_(copy)(real *y, const real *x, const ptrdiff_t n) {
  if (y != x && n > 0) memmove(y, x, sizeof(real) * (size_t)n);
}

#undef THVectorISA_
#endif
