#pragma once
// The im2col + GEMM engine of the 2D convolutions (SpatialConvolutionMM, SpatialDilatedConvolution,
// SpatialFullConvolution, SpatialFullDilatedConvolution; generic/SpatialConvolutionGemm.cuh holds
// their checks and tensor plumbing), on contiguous device arrays.
//
// The three passes are THNN's (THNN/generic/ConvolutionGemm.c), per image, with row-major matrices:
//   forward         out[planes x L] = weight[planes x K] * columns[K x L]   (+ bias per plane)
//   backward input  columns[K x L] = weight^T * out, folded back (col2im) into the image
//   backward weight gradWeight[planes x K] += scale * out * columns^T
// where columns is the image unfolded by the geometry (K = channels * kH * kW rows, L = outHeight *
// outWidth columns). A transposed convolution runs them the other way round (its im2col side is its
// output). Images go in chunks: a chunk is unfolded at once into the column buffer (bounded to
// kColumnBudget bytes) and multiplied by one strided-batched GEMM, the weight repeated with stride 0.
#include <cublas_v2.h>

#include <algorithm>

#include "Im2Col.cuh"
#include "PlaneReduce.cuh"
#include "THNNConvShape.h"

namespace thcunn {

// The column buffer's bound: large enough for a whole batch of the usual layers (W1: 2.4 MB an image).
constexpr long kColumnBudget = 128L << 20;

inline cublasStatus_t gemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                         int k, float alpha, const float *A, int lda, long long sA, const float *B,
                                         int ldb, long long sB, float beta, float *C, int ldc, long long sC,
                                         int count) {
  return cublasSgemmStridedBatched(h, ta, tb, m, n, k, &alpha, A, lda, sA, B, ldb, sB, &beta, C, ldc, sC, count);
}
inline cublasStatus_t gemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                         int k, double alpha, const double *A, int lda, long long sA, const double *B,
                                         int ldb, long long sB, double beta, double *C, int ldc, long long sC,
                                         int count) {
  return cublasDgemmStridedBatched(h, ta, tb, m, n, k, &alpha, A, lda, sA, B, ldb, sB, &beta, C, ldc, sC, count);
}

// A row-major operand: its data, whether the product reads it transposed, and the stride from one
// image's matrix to the next (0: the same matrix for every image).
template <typename T>
struct Operand {
  const T *data;
  bool transposed;
  long stride;
};

// C_i[M x N] = alpha * op(A_i)[M x K] op(B_i)[K x N] + beta * C_i for count images, the matrices
// contiguous and row-major. cuBLAS is column-major: it computes C_i^T = op(B_i)^T op(A_i)^T.
template <typename T>
void batchedProduct(THCState *state, long M, long N, long K, T alpha, Operand<T> A, Operand<T> B, T beta, T *C,
                    long strideC, long count) {
  if (M == 0 || N == 0 || count == 0) return;
  // (a leading dimension of 0, for an empty K, is one cuBLAS rejects)
  const int lda = (int)std::max(1L, A.transposed ? M : K), ldb = (int)std::max(1L, B.transposed ? K : N);
  THCublasCheck(gemmStridedBatched(THCState_getCurrentBlasHandle(state), B.transposed ? CUBLAS_OP_T : CUBLAS_OP_N,
                                   A.transposed ? CUBLAS_OP_T : CUBLAS_OP_N, (int)N, (int)M, (int)K, alpha, B.data, ldb,
                                   B.stride, A.data, lda, A.stride, beta, C, (int)N, strideC, (int)count));
}

// planes[n][p][l] = values[p] for count images of `planes` planes of L elements.
template <typename T>
__global__ void fillPlanesKernel(T *out, const T *__restrict__ values, long planes, long L, long n) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    out[i] = values[(i / L) % planes];
}

template <typename T>
void fillPlanes(THCState *state, T *out, long count, long planes, long L, const T *values) {
  const long n = count * planes * L;
  if (!values) {
    if (n > 0) THCudaCheck(cudaMemsetAsync(out, 0, sizeof(T) * n, THCState_getCurrentStream(state)));
    return;
  }
  launchPerElement(state, "fillPlanes", n, fillPlanesKernel<T>, out, values, planes, L);
}

// gradWeight[j] += scale * the sum over count of partial[i][j] (n elements each).
template <typename T>
__global__ void accPartialsKernel(const T *__restrict__ partial, long count, T scale, T *gradWeight, long n) {
  for (long j = (long)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (long)gridDim.x * blockDim.x) {
    T sum = 0;
    for (long i = 0; i < count; i++) sum += partial[i * n + j];
    gradWeight[j] += scale * sum;
  }
}

// An unfolding and its chunks of images.
struct GemmConvolution {
  THNNConvGeometry g;
  long K, L, imageSize;  // columns rows and columns; the image's elements
  bool pointwise;        // 1x1 kernel, stride 1, no padding, same size: the image is its own unfolding
  long chunk;            // images unfolded and multiplied at once

  // planes: the rows of the weight (the bound also covers backwardWeight's chunk x planes x K partials).
  GemmConvolution(const THNNConvGeometry &geometry, long nImages, long planes, long elementSize)
      : g(geometry),
        K(g.channels * g.kH * g.kW),
        L(g.outHeight * g.outWidth),
        imageSize(g.channels * g.height * g.width),
        // (a transposed convolution's adj can make its 1x1 output larger than the input)
        pointwise(g.kH == 1 && g.kW == 1 && g.dH == 1 && g.dW == 1 && g.padH == 0 && g.padW == 0 &&
                  g.height == g.outHeight && g.width == g.outWidth),
        chunk(1) {
    const long perImage = std::max(pointwise ? 0 : K * L, planes * K) * elementSize;
    chunk = std::max(1L, perImage == 0 ? nImages : std::min(nImages, kColumnBudget / perImage));
  }

  // The column buffer's elements (0 when pointwise).
  long columnElements() const { return pointwise ? 0 : chunk * K * L; }

  // count images unfold as one image of count * channels channels: image i's channel c is channel
  // i * channels + c, and its columns rows follow one another in the same order.
  THNNConvGeometry chunkGeometry(long count) const {
    THNNConvGeometry c = g;
    c.channels *= count;
    return c;
  }

  // Images [n0, n0 + count) unfolded into columns (or the images themselves when pointwise).
  template <typename T>
  const T *unfold(THCState *state, const T *images, long n0, long count, T *columns) const {
    const T *first = images + n0 * imageSize;
    if (pointwise) return first;
    im2col(state, chunkGeometry(count), first, columns);
    return columns;
  }

  // out[n] = weight * columns(images[n]) (+ bias): out [nImages x planes x L], weight [planes x K].
  template <typename T>
  void forward(THCState *state, long nImages, long planes, const T *images, const T *weight, const T *bias, T *columns,
               T *out) const {
    for (long n0 = 0; n0 < nImages; n0 += chunk) {
      const long count = std::min(chunk, nImages - n0);
      T *o = out + n0 * planes * L;
      if (bias) fillPlanes(state, o, count, planes, L, bias);
      const T *cols = unfold(state, images, n0, count, columns);
      batchedProduct<T>(state, planes, L, K, 1, {weight, false, 0}, {cols, false, K * L}, bias ? 1 : 0, o, planes * L,
                        count);
    }
  }

  // images[n] = init (per channel; 0 when NULL) + the folding of weight^T * out[n].
  template <typename T>
  void backwardInput(THCState *state, long nImages, long planes, const T *out, const T *weight, const T *init,
                     T *columns, T *images) const {
    for (long n0 = 0; n0 < nImages; n0 += chunk) {
      const long count = std::min(chunk, nImages - n0);
      T *im = images + n0 * imageSize;
      fillPlanes(state, im, count, g.channels, g.height * g.width, init);
      const Operand<T> o = {out + n0 * planes * L, false, planes * L};
      if (pointwise) {
        batchedProduct<T>(state, K, L, planes, 1, {weight, true, 0}, o, 1, im, imageSize, count);
        continue;
      }
      batchedProduct<T>(state, K, L, planes, 1, {weight, true, 0}, o, 0, columns, K * L, count);
      col2im(state, chunkGeometry(count), columns, im);
    }
  }

  // gradWeight [planes x K] += scale * sum_n out[n] * columns(images[n])^T; partial holds chunk x
  // planes x K elements: each image's product, then added in one pass.
  template <typename T>
  void backwardWeight(THCState *state, long nImages, long planes, const T *images, const T *out, T *columns, T *partial,
                      T scale, T *gradWeight) const {
    const long n = planes * K;
    for (long n0 = 0; n0 < nImages; n0 += chunk) {
      const long count = std::min(chunk, nImages - n0);
      const T *cols = unfold(state, images, n0, count, columns);
      batchedProduct<T>(state, planes, K, L, 1, {out + n0 * planes * L, false, planes * L}, {cols, true, K * L}, 0,
                        partial, n, count);
      launchPerElement(state, "accPartials", n, accPartialsKernel<T>, (const T *)partial, count, scale, gradWeight);
    }
  }
};

}  // namespace thcunn
