#pragma once
// vol2col / col2vol on the device: the 3D unfolding every volumetric GEMM convolution of THCUNN goes
// through, in the layout of THNN/generic/Vol2Col.c: column row r = ((c * kT + kt) * kH + kh) * kW + kw
// holds, at column (ot * outHeight + oh) * outWidth + ow, the volume element (c, ot * dT - padT + kt *
// dilationT, oh * dH - padH + kh * dilationH, ow * dW - padW + kw * dilationW), or 0 in the padding.
// A transposed convolution describes its output as the volume. Volume and columns are contiguous;
// both run on the current stream.
//
// vol2col: one thread per (channel, output position), writing that position's kT * kH * kW column
// entries; consecutive threads take consecutive positions, so reads and writes coalesce.
// col2vol: one thread per volume element, gathering (no atomics) the column entries read from it, in
// (kt, kh, kw) order as the CPU adds them.

#include "Im2Col.cuh"  // launchPerElement
#include "THNNConvShape.h"

namespace thcunn {

// THNN's THNNVolGeometry (THNN/THNNConvShape.h), the plan's geometry the checks fill in.
typedef THNNVolGeometry VolGeometry;

// A 1x1x1 kernel with stride 1 and no padding keeping the volume's size: the volume is its own unfolding.
inline bool volIsPointwise(const VolGeometry &g) {
  return g.kT == 1 && g.kH == 1 && g.kW == 1 && g.dT == 1 && g.dH == 1 && g.dW == 1 && g.padT == 0 && g.padH == 0 &&
         g.padW == 0 && g.outDepth == g.depth && g.outHeight == g.height && g.outWidth == g.width;
}

template <typename T>
__global__ void vol2colKernel(VolGeometry g, const T *__restrict__ vol, T *__restrict__ col, long n) {
  const long L = g.outDepth * g.outHeight * g.outWidth;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long position = i % L, c = i / L;
    const long ow = position % g.outWidth, oh = (position / g.outWidth) % g.outHeight;
    const long ot = position / (g.outWidth * g.outHeight);
    const long t0 = ot * g.dT - g.padT, h0 = oh * g.dH - g.padH, w0 = ow * g.dW - g.padW;
    const T *volume = vol + c * g.depth * g.height * g.width;
    T *out = col + c * g.kT * g.kH * g.kW * L + position;
    for (long kt = 0; kt < g.kT; kt++) {
      const long t = t0 + kt * g.dilationT;
      for (long kh = 0; kh < g.kH; kh++) {
        const long h = h0 + kh * g.dilationH;
        for (long kw = 0; kw < g.kW; kw++, out += L) {
          const long w = w0 + kw * g.dilationW;
          const bool inside = t >= 0 && t < g.depth && h >= 0 && h < g.height && w >= 0 && w < g.width;
          *out = inside ? volume[(t * g.height + h) * g.width + w] : T(0);
        }
      }
    }
  }
}

// The output position along one axis whose kernel tap k reads coordinate x, or -1 when none does:
// x = o * stride - pad + k * dilation with 0 <= o < outSize.
__device__ __forceinline__ long volTapSource(long x, long k, long stride, long pad, long dilation, long outSize) {
  const long shifted = x + pad - k * dilation;
  if (shifted < 0 || shifted % stride) return -1;
  const long o = shifted / stride;
  return o < outSize ? o : -1;
}

template <typename T>
__global__ void col2volKernel(VolGeometry g, const T *__restrict__ col, T *__restrict__ vol, long n) {
  const long L = g.outDepth * g.outHeight * g.outWidth;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long w = i % g.width, h = (i / g.width) % g.height, t = (i / (g.width * g.height)) % g.depth;
    const long c = i / (g.width * g.height * g.depth);
    T sum = 0;
    for (long kt = 0; kt < g.kT; kt++) {
      const long ot = volTapSource(t, kt, g.dT, g.padT, g.dilationT, g.outDepth);
      if (ot < 0) continue;
      for (long kh = 0; kh < g.kH; kh++) {
        const long oh = volTapSource(h, kh, g.dH, g.padH, g.dilationH, g.outHeight);
        if (oh < 0) continue;
        for (long kw = 0; kw < g.kW; kw++) {
          const long ow = volTapSource(w, kw, g.dW, g.padW, g.dilationW, g.outWidth);
          if (ow < 0) continue;
          sum += col[(((c * g.kT + kt) * g.kH + kh) * g.kW + kw) * L + (ot * g.outHeight + oh) * g.outWidth + ow];
        }
      }
    }
    vol[i] += sum;
  }
}

// col [channels * kT * kH * kW x outDepth * outHeight * outWidth] = the unfolding of vol [channels x
// depth x height x width].
template <typename T>
void vol2col(THCState *state, const VolGeometry &g, const T *vol, T *col) {
  launchPerElement(state, "vol2col", g.channels * g.outDepth * g.outHeight * g.outWidth, vol2colKernel<T>, g, vol,
                   col);
}

// vol += the folding of col (the adjoint of vol2col); entries that fall in the padding are dropped.
template <typename T>
void col2vol(THCState *state, const VolGeometry &g, const T *col, T *vol) {
  launchPerElement(state, "col2vol", g.channels * g.depth * g.height * g.width, col2volKernel<T>, g, col, vol);
}

}  // namespace thcunn
