#pragma once
// The vol2col + GEMM passes of THCUNN's volumetric convolutions (VolumetricConvolution, Dilated, Full,
// FullDilated), written once on device pointers; THCUNN/generic/VolumetricConvolutionGemm.cuh checks the
// tensors and calls them. The same passes as THNN/generic/ConvolutionGemm.c: weight is the [planes x K]
// matrix (K = channels * kT * kH * kW of the unfolded side), `planes` the number of planes on the
// other side; each volume is unfolded into `columns` [K x L] (L = outDepth * outHeight * outWidth),
// then multiplied in one cuBLAS GEMM. A pointwise unfolding (volIsPointwise) multiplies the volume
// itself. All on the current stream (cuBLAS's handle is bound to it).
#include "THCTensorMathBlas.cuh"
#include "PlaneReduce.cuh"
#include "Vol2Col.cuh"

namespace thcunn {

// A volumetric convolution's hyper-parameters, in the legacy argument order (T, W, H); adj: a
// transposed convolution's extra output frames/columns/rows.
struct VolParams {
  int kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH, adjT, adjW, adjH;
};

// THNN's parameter checks (ConvolutionGemm3d.c), word for word.
inline void volCheckParams(const char *fn, const VolParams &p, bool transposed) {
  if (p.kT <= 0 || p.kW <= 0 || p.kH <= 0)
    THError("%s: kernel size must be positive, got kT=%d kW=%d kH=%d", fn, p.kT, p.kW, p.kH);
  if (p.dT <= 0 || p.dW <= 0 || p.dH <= 0)
    THError("%s: stride must be positive, got dT=%d dW=%d dH=%d", fn, p.dT, p.dW, p.dH);
  if (p.padT < 0 || p.padW < 0 || p.padH < 0)
    THError("%s: padding must not be negative, got padT=%d padW=%d padH=%d", fn, p.padT, p.padW, p.padH);
  if (p.dilationT <= 0 || p.dilationW <= 0 || p.dilationH <= 0)
    THError("%s: dilation must be positive, got dilationT=%d dilationW=%d dilationH=%d", fn, p.dilationT,
            p.dilationW, p.dilationH);
  if (!transposed) return;
  if (p.adjT < 0 || p.adjW < 0 || p.adjH < 0)
    THError("%s: adj must not be negative, got adjT=%d adjW=%d adjH=%d", fn, p.adjT, p.adjW, p.adjH);
  if ((p.adjT >= p.dT && p.adjT >= p.dilationT) || (p.adjW >= p.dW && p.adjW >= p.dilationW) ||
      (p.adjH >= p.dH && p.adjH >= p.dilationH))
    THError("%s: adj must be smaller than the stride or the dilation, got adjT=%d adjW=%d adjH=%d "
            "(dT=%d dW=%d dH=%d, dilationT=%d dilationW=%d dilationH=%d)",
            fn, p.adjT, p.adjW, p.adjH, p.dT, p.dW, p.dH, p.dilationT, p.dilationW, p.dilationH);
}

// What the checks derive from the input and the parameters (THNN's THNNVolPlan). A 4D input is one
// volume (batched false, nImages 1). `geometry` is the vol2col side: the input for a convolution, the
// output for a transposed one.
struct VolPlan {
  bool batched;
  long nImages, nInputPlane, inputDepth, inputHeight, inputWidth, outputDepth, outputHeight, outputWidth;
  VolGeometry geometry;
};

// The unfolded side's sizes: K rows, L columns, imageSize elements a volume.
inline long volK(const VolGeometry &g) { return g.channels * g.kT * g.kH * g.kW; }
inline long volL(const VolGeometry &g) { return g.outDepth * g.outHeight * g.outWidth; }
inline long volImageSize(const VolGeometry &g) { return g.channels * g.depth * g.height * g.width; }

// cuBLAS takes int sizes, as OpenBLAS does: THNN's unfoldingCheckSizes, same message.
inline void volCheckBlasSizes(const char *fn, const VolGeometry &g, long planes) {
  const long K = volK(g), L = volL(g);
  if (K > INT_MAX || L > INT_MAX || planes > INT_MAX || K * L > INT_MAX)
    THError("%s: the unfolded %s (%ld x %ld, %ld planes) is too large for BLAS's int sizes", fn, "volume", K, L,
            planes);
}

// dst[n][p][l] = values[p] (0 when values is NULL) over count = n * planes * planeSize elements.
template <typename T>
__global__ void fillPlanesKernel(T *dst, long planes, long planeSize, long count, const T *values) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += (long)gridDim.x * blockDim.x)
    dst[i] = values ? values[(i / planeSize) % planes] : T(0);
}

template <typename T>
void fillPlanes(THCState *state, T *dst, long nImages, long planes, long planeSize, const T *values) {
  const long count = nImages * planes * planeSize;
  if (count == 0) return;
  fillPlanesKernel<<<thc_apply::gridFor(state, count), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
      dst, planes, planeSize, count, values);
  THCudaCheckLaunch("fillPlanes");
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
