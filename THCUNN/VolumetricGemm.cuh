#pragma once
// The vol2col + GEMM passes of THCUNN's volumetric convolutions (VolumetricConvolution, Dilated, Full,
// FullDilated), written once on device pointers; THCUNN/generic/VolumetricConvolutionGemm.cuh checks the
// tensors and calls them. The same passes as THNN/generic/ConvolutionGemm.c: weight is the [planes x K]
// matrix (K = channels * kT * kH * kW of the unfolded side), `planes` the number of planes on the
// other side; each volume is unfolded into `columns` [K x L] (L = outDepth * outHeight * outWidth),
// then multiplied in one cuBLAS GEMM. A pointwise unfolding (volIsPointwise) multiplies the volume
// itself. All on the current stream (cuBLAS's handle is bound to it).
#include "THCTensorMathBlas.cuh"
#include "ConvolutionGemm.cuh"  // fillPlanes
#include "PlaneReduce.cuh"
#include "Vol2Col.cuh"

namespace thcunn {

// THNN's parameters and plan, checked by the shared THNNVol_ functions of THNN/THNNConvShape.h.
typedef THNNVolParams VolParams;
typedef THNNVolPlan VolPlan;

// The unfolded side's sizes: K rows, L columns, imageSize elements a volume.
inline long volK(const VolGeometry &g) { return g.channels * g.kT * g.kH * g.kW; }
inline long volL(const VolGeometry &g) { return g.outDepth * g.outHeight * g.outWidth; }
inline long volImageSize(const VolGeometry &g) { return g.channels * g.depth * g.height * g.width; }

// cuBLAS takes int sizes, as OpenBLAS does: THNN's check.
inline void volCheckBlasSizes(const char *fn, const VolGeometry &g, long planes) {
  THNNConv_checkBlasSizes(fn, "volume", volK(g), volL(g), planes);
}

// out[n] = weight x unfold(in[n]) (+ bias per plane, when not NULL). columns: NULL when pointwise.
template <typename T>
void volForward(THCState *state, const VolGeometry &g, long nImages, long planes, const T *in, const T *weight,
                const T *bias, T *columns, T *out) {
  const long K = volK(g), L = volL(g);
  if (bias) fillPlanes(state, out, nImages, planes, L, bias);
  for (long n = 0; n < nImages; n++) {
    const T *image = in + n * volImageSize(g), *cols = image;
    if (columns) {
      vol2col(state, g, image, columns);
      cols = columns;
    }
    thc_blas::gemm(state, 'n', 'n', L, planes, K, T(1), cols, L, weight, K, T(bias ? 1 : 0), out + n * planes * L,
                   L);
  }
}

// in[n] = init per channel (0 when init is NULL) + fold(weight^T x out[n]). columns: NULL when pointwise.
template <typename T>
void volBackwardInput(THCState *state, const VolGeometry &g, long nImages, long planes, const T *out,
                      const T *weight, const T *init, T *columns, T *in) {
  const long K = volK(g), L = volL(g), imageSize = volImageSize(g);
  fillPlanes(state, in, nImages, g.channels, g.depth * g.height * g.width, init);
  for (long n = 0; n < nImages; n++) {
    const T *o = out + n * planes * L;
    T *image = in + n * imageSize;
    if (!columns) {
      thc_blas::gemm(state, 'n', 't', L, K, planes, T(1), o, L, weight, K, T(1), image, L);
      continue;
    }
    thc_blas::gemm(state, 'n', 't', L, K, planes, T(1), o, L, weight, K, T(0), columns, L);
    col2vol(state, g, columns, image);
  }
}

// gradWeight [planes x K] += scale * sum over n of out[n] x unfold(in[n])^T. columns: NULL when
// pointwise.
template <typename T>
void volBackwardWeight(THCState *state, const VolGeometry &g, long nImages, long planes, const T *in, const T *out,
                       T *columns, T scale, T *gradWeight) {
  const long K = volK(g), L = volL(g);
  for (long n = 0; n < nImages; n++) {
    const T *cols = in + n * volImageSize(g);
    if (columns) {
      vol2col(state, g, cols, columns);
      cols = columns;
    }
    thc_blas::gemm(state, 't', 'n', K, planes, L, scale, cols, L, out + n * planes * L, L, T(1), gradWeight, K);
  }
}

}  // namespace thcunn
