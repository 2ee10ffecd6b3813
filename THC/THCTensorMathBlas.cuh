#pragma once
// The BLAS of generic/THCTensorMathBlas.cu with TH's THBlas argument conventions (column-major,
// 'n'/'t', leading dimensions): cuBLAS for float and double (on the state's current handle, which
// is bound to the current stream), a plain tiled kernel for long (correct, not fast).
#include <climits>

#include "THC.h"
#include "THCApply.cuh"

namespace thc_blas {
// Internal linkage: this header is compiled into one unit per type.
namespace {

constexpr int kTile = 16;

// C(i,j) = alpha * sum_k A(i,k) B(k,j) + beta * C(i,j) with every matrix given by two strides;
// beta == 0 does not read C. Rows on x (no practical limit), columns on y (at most 65535 tiles).
template <typename T>
__global__ void stridedGemmKernel(long M, long N, long K, T alpha, const T *a, long as0, long as1, const T *b,
                                  long bs0, long bs1, T beta, T *c, long cs0, long cs1) {
  __shared__ T tileA[kTile][kTile];
  __shared__ T tileB[kTile][kTile];
  long row = (long)blockIdx.x * kTile + threadIdx.x;
  long col = (long)blockIdx.y * kTile + threadIdx.y;
  T acc = 0;
  for (long k0 = 0; k0 < K; k0 += kTile) {
    // thread (x, y) loads A(row, k0 + y) and B(k0 + x, col)
    long ka = k0 + threadIdx.y, kb = k0 + threadIdx.x;
    tileA[threadIdx.x][threadIdx.y] = row < M && ka < K ? a[row * as0 + ka * as1] : (T)0;
    tileB[threadIdx.x][threadIdx.y] = kb < K && col < N ? b[kb * bs0 + col * bs1] : (T)0;
    __syncthreads();
    for (int kk = 0; kk < kTile; kk++) acc += tileA[threadIdx.x][kk] * tileB[kk][threadIdx.y];
    __syncthreads();
  }
  if (row < M && col < N) {
    T *p = c + row * cs0 + col * cs1;
    *p = beta == (T)0 ? alpha * acc : beta * *p + alpha * acc;
  }
}

template <typename T>
void stridedGemm(THCState *state, long M, long N, long K, T alpha, const T *a, long as0, long as1, const T *b,
                 long bs0, long bs1, T beta, T *c, long cs0, long cs1) {
  if (M == 0 || N == 0) return;
  long tilesN = (N + kTile - 1) / kTile;
  if (tilesN > 65535) THError("matrix product: %ld columns are more than the long kernel handles", N);
  dim3 block(kTile, kTile), grid((unsigned)((M + kTile - 1) / kTile), (unsigned)tilesN);
  stridedGemmKernel<<<grid, block, 0, THCState_getCurrentStream(state)>>>(M, N, K, alpha, a, as0, as1, b, bs0,
                                                                          bs1, beta, c, cs0, cs1);
  THCudaCheckLaunch("thc_blas::stridedGemmKernel");
}

// A column-major m x n matrix with leading dimension ld as (row stride, column stride), or its
// transpose when trans is 't'.
inline void opStrides(char trans, long ld, long *s0, long *s1) {
  bool t = trans == 't' || trans == 'T';
  *s0 = t ? ld : 1;
  *s1 = t ? 1 : ld;
}

inline int blasInt(long v) {
  if (v > INT_MAX || v < INT_MIN) THError("BLAS: size or stride %ld does not fit cuBLAS's int", v);
  return (int)v;
}

inline cublasOperation_t blasOp(char trans) { return trans == 't' || trans == 'T' ? CUBLAS_OP_T : CUBLAS_OP_N; }

/* ------------------------------------------------------------------- gemm */

inline void gemm(THCState *state, char ta, char tb, long m, long n, long k, float alpha, const float *a, long lda,
                 const float *b, long ldb, float beta, float *c, long ldc) {
  THCublasCheck(cublasSgemm(THCState_getCurrentBlasHandle(state), blasOp(ta), blasOp(tb), blasInt(m), blasInt(n),
                            blasInt(k), &alpha, a, blasInt(lda), b, blasInt(ldb), &beta, c, blasInt(ldc)));
}

inline void gemm(THCState *state, char ta, char tb, long m, long n, long k, double alpha, const double *a,
                 long lda, const double *b, long ldb, double beta, double *c, long ldc) {
  THCublasCheck(cublasDgemm(THCState_getCurrentBlasHandle(state), blasOp(ta), blasOp(tb), blasInt(m), blasInt(n),
                            blasInt(k), &alpha, a, blasInt(lda), b, blasInt(ldb), &beta, c, blasInt(ldc)));
}

inline void gemm(THCState *state, char ta, char tb, long m, long n, long k, long alpha, const long *a, long lda,
                 const long *b, long ldb, long beta, long *c, long ldc) {
  long as0, as1, bs0, bs1;
  opStrides(ta, lda, &as0, &as1);
  opStrides(tb, ldb, &bs0, &bs1);
  stridedGemm(state, m, n, k, alpha, a, as0, as1, b, bs0, bs1, beta, c, 1L, ldc);
}

// The same product for `batches` matrices at fixed element strides (strideA, strideB, strideC)
// from one another: one cuBLAS call (baddbmm's fast path; there is none for long).
inline void gemmStridedBatched(THCState *state, char ta, char tb, long m, long n, long k, float alpha, const float *a,
                               long lda, long strideA, const float *b, long ldb, long strideB, float beta, float *c,
                               long ldc, long strideC, long batches) {
  THCublasCheck(cublasSgemmStridedBatched(THCState_getCurrentBlasHandle(state), blasOp(ta), blasOp(tb), blasInt(m),
                                          blasInt(n), blasInt(k), &alpha, a, blasInt(lda), strideA, b, blasInt(ldb),
                                          strideB, &beta, c, blasInt(ldc), strideC, blasInt(batches)));
}

inline void gemmStridedBatched(THCState *state, char ta, char tb, long m, long n, long k, double alpha,
                               const double *a, long lda, long strideA, const double *b, long ldb, long strideB,
                               double beta, double *c, long ldc, long strideC, long batches) {
  THCublasCheck(cublasDgemmStridedBatched(THCState_getCurrentBlasHandle(state), blasOp(ta), blasOp(tb), blasInt(m),
                                          blasInt(n), blasInt(k), &alpha, a, blasInt(lda), strideA, b, blasInt(ldb),
                                          strideB, &beta, c, blasInt(ldc), strideC, blasInt(batches)));
}

/* ------------------------------------------------------------------- gemv */

inline void gemv(THCState *state, char trans, long m, long n, float alpha, const float *a, long lda, const float *x,
                 long incx, float beta, float *y, long incy) {
  THCublasCheck(cublasSgemv(THCState_getCurrentBlasHandle(state), blasOp(trans), blasInt(m), blasInt(n), &alpha, a,
                            blasInt(lda), x, blasInt(incx), &beta, y, blasInt(incy)));
}

inline void gemv(THCState *state, char trans, long m, long n, double alpha, const double *a, long lda,
                 const double *x, long incx, double beta, double *y, long incy) {
  THCublasCheck(cublasDgemv(THCState_getCurrentBlasHandle(state), blasOp(trans), blasInt(m), blasInt(n), &alpha, a,
                            blasInt(lda), x, blasInt(incx), &beta, y, blasInt(incy)));
}

// y = alpha * op(A) x + beta * y, A column-major m x n: y has m rows ('n') or n ('t').
inline void gemv(THCState *state, char trans, long m, long n, long alpha, const long *a, long lda, const long *x,
                 long incx, long beta, long *y, long incy) {
  long as0, as1;
  opStrides(trans, lda, &as0, &as1);
  bool t = trans == 't' || trans == 'T';
  stridedGemm(state, t ? n : m, 1L, t ? m : n, alpha, a, as0, as1, x, incx, 0L, beta, y, incy, 0L);
}

/* -------------------------------------------------------------------- ger */

inline void ger(THCState *state, long m, long n, float alpha, const float *x, long incx, const float *y, long incy,
                float *a, long lda) {
  THCublasCheck(cublasSger(THCState_getCurrentBlasHandle(state), blasInt(m), blasInt(n), &alpha, x, blasInt(incx), y,
                           blasInt(incy), a, blasInt(lda)));
}

inline void ger(THCState *state, long m, long n, double alpha, const double *x, long incx, const double *y,
                long incy, double *a, long lda) {
  THCublasCheck(cublasDger(THCState_getCurrentBlasHandle(state), blasInt(m), blasInt(n), &alpha, x, blasInt(incx), y,
                           blasInt(incy), a, blasInt(lda)));
}

// A += alpha * x y' (A column-major m x n): a product with an inner dimension of 1.
inline void ger(THCState *state, long m, long n, long alpha, const long *x, long incx, const long *y, long incy,
                long *a, long lda) {
  stridedGemm(state, m, n, 1L, alpha, x, incx, 0L, y, 0L, incy, (long)1, a, 1L, lda);
}

/* ------------------------------------------------------ scaling (ger's beta) */

// A = beta * A for the column-major m x n A; beta == 0 writes zeros (NaN in A included).
template <typename T>
__global__ void scaleColumnsKernel(long m, long n, T beta, T *a, long lda) {
  long total = m * n;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x) {
    T *p = a + (i % m) + (i / m) * lda;
    *p = beta == (T)0 ? (T)0 : beta * *p;
  }
}

template <typename T>
void scaleColumns(THCState *state, long m, long n, T beta, T *a, long lda) {
  if (m == 0 || n == 0) return;
  scaleColumnsKernel<<<thc_apply::gridFor(state, m * n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      m, n, beta, a, lda);
  THCudaCheckLaunch("thc_blas::scaleColumnsKernel");
}

/* -------------------------------------------------------------------- dot */

inline float dot(THCState *state, long n, const float *x, long incx, const float *y, long incy) {
  float result = 0;
  THCublasCheck(cublasSdot(THCState_getCurrentBlasHandle(state), blasInt(n), x, blasInt(incx), y, blasInt(incy),
                           &result));
  return result;
}

inline double dot(THCState *state, long n, const double *x, long incx, const double *y, long incy) {
  double result = 0;
  THCublasCheck(cublasDdot(THCState_getCurrentBlasHandle(state), blasInt(n), x, blasInt(incx), y, blasInt(incy),
                           &result));
  return result;
}

// Sums of products per warp, added into *result (64-bit wrap-around, as TH's long dot).
__global__ void longDotKernel(long n, const long *x, long incx, const long *y, long incy,
                              unsigned long long *result) {
  long acc = 0;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    acc += x[i * incx] * y[i * incy];
  for (int delta = 16; delta > 0; delta /= 2) acc += __shfl_down_sync(0xffffffffu, acc, delta);
  if ((threadIdx.x & 31) == 0) atomicAdd(result, (unsigned long long)acc);
}

inline long dot(THCState *state, long n, const long *x, long incx, const long *y, long incy) {
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned long long *sum = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&sum, sizeof(*sum)));
  THCudaCheck(cudaMemsetAsync(sum, 0, sizeof(*sum), stream));
  longDotKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, stream>>>(n, x, incx, y, incy, sum);
  THCudaCheckLaunch("thc_blas::longDotKernel");
  unsigned long long result = 0;
  THCudaCheck(cudaMemcpyAsync(&result, sum, sizeof(result), cudaMemcpyDeviceToHost, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
  THCudaCheck(THCudaFree(state, sum));
  return (long)result;
}

}  // namespace
}  // namespace thc_blas
