#pragma once
// The device side of the 2D and temporal pooling families (THCUNN/generic/Spatial*Pooling.cu,
// SpatialMaxUnpooling.cu, TemporalMaxPooling.cu). The window math, shapes and messages are the CPU's
// (THNN/generic/Pooling.h, type-free, included here); the kernels below follow the CPU loops' rules:
// one thread per output element (per input element for the gathers), the CPU's scan order for the
// max (the first of equal values wins, a NaN wins, the last NaN), the same 1-based plane positions.
// Every template here may be defined with `real` etc. defined as macros (the families include this
// header from their generic file), so none of those names appear below.
#include <vector>

#include "PoolShape.cuh"

namespace thcunn_pool {

template <typename Body>
__global__ void eachKernel(long n, Body body) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x) body(i);
}

// body(i) for every i in [0, n), on the current stream; consecutive threads take consecutive i.
template <typename Body>
void forEach(THCState *state, long n, const Body &body) {
  if (n <= 0) return;
  eachKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(n, body);
  THCudaCheckLaunch("pooling kernel");
}

// ------------------------------------------------------------------ host helpers

// Reads `bytes` of device memory once the current stream has written them: the host value that an
// error message (or fractional pooling's window plan) needs.
inline void readToHost(THCState *state, void *dst, const void *src, size_t bytes) {
  cudaStream_t stream = THCState_getCurrentStream(state);
  THCudaCheck(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream));
  THCudaCheck(cudaStreamSynchronize(stream));
}

inline long readLong(THCState *state, const long *src) {
  long v = 0;
  readToHost(state, &v, src, sizeof v);
  return v;
}

// The lowest position at which a kernel met an index out of range, as the CPU reports the lowest
// (thcunn_pool3d's bad-index record): begin() before the kernel, note() on the device, end() after
// it (-1: none; else indices[position] in *value).
struct FirstBad {
  unsigned long long *at = nullptr;

  void begin(THCState *state) { at = thcunn_pool3d::newBadIndexRecord(state); }
  long end(THCState *state, const long *indices, long *value) {
    const long first = thcunn_pool3d::freeBadIndexRecord(state, at, indices, value);
    at = nullptr;
    return first;
  }
};

__device__ inline void noteBad(unsigned long long *at, long i) { thcunn_pool3d::noteBadIndex(at, i); }

// ------------------------------------------------------------------ device window scans

// THNN_(poolWindowMax): rows y0, y0 + dy, ... < y1 and columns x0, x0 + dx, ... < x1 of a row-major
// plane (not empty); the max's plane position goes to *at.
template <typename T>
__device__ T windowMax(const T *plane, long width, long y0, long y1, long dy, long x0, long x1, long dx, long *at) {
  T best = plane[y0 * width + x0];
  long bestAt = y0 * width + x0;
  for (long y = y0; y < y1; y += dy)
    for (long x = x0; x < x1; x += dx) {
      const T v = plane[y * width + x];
      if (v > best || v != v) {
        best = v;
        bestAt = y * width + x;
      }
    }
  *at = bestAt;
  return best;
}

template <typename T>
__device__ T windowSum(const T *plane, long width, long y0, long y1, long x0, long x1) {
  T sum = 0;
  for (long y = y0; y < y1; y++)
    for (long x = x0; x < x1; x++) sum += plane[y * width + x];
  return sum;
}

// An output element's plane and position: i = (p * oH + oh) * oW + ow.
struct OutPos {
  long p, oh, ow;
  __device__ OutPos(long i, long oH, long oW) : p(i / (oH * oW)), oh(i / oW % oH), ow(i % oW) {}
};

// ------------------------------------------------------------------ max pooling

// Spatial(Dilated)MaxPooling over contiguous planes: output and 1-based plane positions.
template <typename T>
void max2dForward(THCState *state, const T *in, T *out, long *ind, long planes, long iH, long iW, long oH, long oW,
                  THNNPoolWindow wH, THNNPoolWindow wW) {
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    long h0, h1, w0, w1, at;
    THNNPool_window(o.oh, iH, &wH, &h0, &h1);
    THNNPool_window(o.ow, iW, &wW, &w0, &w1);
    out[i] = windowMax(in + o.p * iH * iW, iW, h0, h1, wH.dilation, w0, w1, wW.dilation, &at);
    ind[i] = at + TH_INDEX_BASE;
  });
}

// The backward of the max poolings that store 1-based plane positions: gradInput (zeroed by the
// caller) += gradOutput at each index; windows may overlap, hence the atomics. Index 0 passes
// nothing when zeroIsNone (THNN_(poolMaxBackward)); other indices outside the plane are noted.
template <typename T>
void maxScatter(THCState *state, T *gi, const T *go, const long *ind, long planes, long inSize, long outSize,
                bool zeroIsNone, unsigned long long *bad) {
  forEach(state, planes * outSize, [=] __device__(long i) {
    const long at = ind[i] - TH_INDEX_BASE;
    if (at < 0 || at >= inSize) {
      if (!(zeroIsNone && ind[i] == 0)) noteBad(bad, i);
      return;
    }
    atomicAdd(gi + i / outSize * inSize + at, go[i]);
  });
}

// SpatialFractionalMaxPooling: plane p's windows start at rows starts[p (oH + oW) + oh] and
// columns starts[p (oH + oW) + oH + ow].
template <typename T>
void fractionalForward(THCState *state, const T *in, T *out, long *ind, const long *starts, long planes, long iH,
                       long iW, long oH, long oW, long poolH, long poolW) {
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    const long *rows = starts + o.p * (oH + oW), *cols = rows + oH;
    long at;
    out[i] = windowMax(in + o.p * iH * iW, iW, rows[o.oh], rows[o.oh] + poolH, 1, cols[o.ow], cols[o.ow] + poolW, 1,
                       &at);
    ind[i] = at + TH_INDEX_BASE;
  });
}

// SpatialAdaptiveMaxPooling: rows[i] and cols[i] (cols = rows + planes oH oW) hold the max's 1-based
// row and column within its window (THNNPool_adaptiveMaxWindow).
template <typename T>
void adaptiveMaxForward(THCState *state, const T *in, T *out, long *rows, long planes, long iH, long iW, long oH,
                        long oW) {
  long *cols = rows + planes * oH * oW;
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    long h0, h1, w0, w1, at;
    THNNPool_adaptiveMaxWindow(o.oh, oH, iH, &h0, &h1);
    THNNPool_adaptiveMaxWindow(o.ow, oW, iW, &w0, &w1);
    out[i] = windowMax(in + o.p * iH * iW, iW, h0, h1, 1, w0, w1, 1, &at);
    rows[i] = at / iW - h0 + TH_INDEX_BASE;
    cols[i] = at % iW - w0 + TH_INDEX_BASE;
  });
}

// Its backward: gradInput (zeroed) += gradOutput at each window offset; offsets outside the window
// are noted.
template <typename T>
void adaptiveMaxScatter(THCState *state, T *gi, const T *go, const long *rows, long planes, long iH, long iW, long oH,
                        long oW, unsigned long long *bad) {
  const long *cols = rows + planes * oH * oW;
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    long h0, h1, w0, w1;
    THNNPool_adaptiveMaxWindow(o.oh, oH, iH, &h0, &h1);
    THNNPool_adaptiveMaxWindow(o.ow, oW, iW, &w0, &w1);
    const long dy = rows[i] - TH_INDEX_BASE, dx = cols[i] - TH_INDEX_BASE;
    if (dy < 0 || dy >= h1 - h0 || dx < 0 || dx >= w1 - w0) {
      noteBad(bad, i);
      return;
    }
    atomicAdd(gi + (o.p * iH + h0 + dy) * iW + w0 + dx, go[i]);
  });
}

// TemporalMaxPooling on [nBatch x] T x F: per (output frame, feature), the max over kW frames dW
// apart and its 0-based offset in the window; threads run along the features (coalesced).
template <typename T>
void temporalForward(THCState *state, const T *in, T *out, long *ind, long nBatch, long nT, long oT, long F, int kW,
                     int dW) {
  forEach(state, nBatch * oT * F, [=] __device__(long i) {
    const long r = i / F, f = i % F;
    const T *window = in + ((r / oT) * nT + (r % oT) * dW) * F + f;
    T best = window[0];
    long bestK = 0;
    for (long k = 1; k < kW; k++) {
      const T v = window[k * F];
      if (v > best || v != v) {
        best = v;
        bestK = k;
      }
    }
    out[i] = best;
    ind[i] = bestK;
  });
}

// Its backward: gradInput (zeroed) += gradOutput at each offset; -1 passes nothing (Torch7's mark of
// a window without a max), other offsets outside [0, kW) are noted.
template <typename T>
void temporalScatter(THCState *state, T *gi, const T *go, const long *ind, long nBatch, long nT, long oT, long F,
                     int kW, int dW, unsigned long long *bad) {
  forEach(state, nBatch * oT * F, [=] __device__(long i) {
    const long k = ind[i];
    if (k == -1) return;
    if (k < 0 || k >= kW) {
      noteBad(bad, i);
      return;
    }
    const long r = i / F, f = i % F;
    atomicAdd(gi + ((r / oT) * nT + (r % oT) * dW + k) * F + f, go[i]);
  });
}

// ------------------------------------------------------------------ average pooling

// SpatialAveragePooling's divisor of window (oh, ow) and its clipped bounds (THNN's rule).
__device__ inline long avgWindow(long oh, long ow, long iH, long iW, const THNNPoolWindow &wH,
                                 const THNNPoolWindow &wW, bool countIncludePad, long *h0, long *h1, long *w0,
                                 long *w1) {
  const long paddedH = THNNPool_window(oh, iH, &wH, h0, h1);
  const long paddedW = THNNPool_window(ow, iW, &wW, w0, w1);
  return countIncludePad ? paddedH * paddedW : (*h1 - *h0) * (*w1 - *w0);
}

template <typename T>
void avgForward(THCState *state, const T *in, T *out, long planes, long iH, long iW, long oH, long oW,
                THNNPoolWindow wH, THNNPoolWindow wW, bool countIncludePad) {
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    long h0, h1, w0, w1;
    const long divisor = avgWindow(o.oh, o.ow, iH, iW, wH, wW, countIncludePad, &h0, &h1, &w0, &w1);
    out[i] = windowSum(in + o.p * iH * iW, iW, h0, h1, w0, w1) / (T)divisor;
  });
}

// A gather, one thread per input element: the windows that hold it, summed in the CPU's order.
template <typename T>
void avgBackward(THCState *state, T *gi, const T *go, long planes, long iH, long iW, long oH, long oW,
                 THNNPoolWindow wH, THNNPoolWindow wW, bool countIncludePad) {
  forEach(state, planes * iH * iW, [=] __device__(long i) {
    const long p = i / (iH * iW), y = i / iW % iH, x = i % iW;
    long oh0, oh1, ow0, ow1;
    thcunn_pool3d::coveringWindows(y, oH, wH, &oh0, &oh1);
    thcunn_pool3d::coveringWindows(x, oW, wW, &ow0, &ow1);
    T sum = 0;
    for (long oh = oh0; oh <= oh1; oh++)
      for (long ow = ow0; ow <= ow1; ow++) {
        long h0, h1, w0, w1;
        const long divisor = avgWindow(oh, ow, iH, iW, wH, wW, countIncludePad, &h0, &h1, &w0, &w1);
        sum += go[(p * oH + oh) * oW + ow] / (T)divisor;
      }
    gi[i] = sum;
  });
}

template <typename T>
void adaptiveAvgForward(THCState *state, const T *in, T *out, long planes, long iH, long iW, long oH, long oW) {
  forEach(state, planes * oH * oW, [=] __device__(long i) {
    const OutPos o(i, oH, oW);
    const long h0 = THNNPool_adaptiveStart(o.oh, iH, oH), h1 = THNNPool_adaptiveEnd(o.oh, iH, oH);
    const long w0 = THNNPool_adaptiveStart(o.ow, iW, oW), w1 = THNNPool_adaptiveEnd(o.ow, iW, oW);
    out[i] = windowSum(in + o.p * iH * iW, iW, h0, h1, w0, w1) / (T)((h1 - h0) * (w1 - w0));
  });
}

// A gather as avgBackward: window o holds y from o = floor(y out / in) while its start is <= y.
template <typename T>
void adaptiveAvgBackward(THCState *state, T *gi, const T *go, long planes, long iH, long iW, long oH, long oW) {
  forEach(state, planes * iH * iW, [=] __device__(long i) {
    const long p = i / (iH * iW), y = i / iW % iH, x = i % iW;
    T sum = 0;
    for (long oh = y * oH / iH; oh < oH && THNNPool_adaptiveStart(oh, iH, oH) <= y; oh++) {
      const long rows = THNNPool_adaptiveEnd(oh, iH, oH) - THNNPool_adaptiveStart(oh, iH, oH);
      for (long ow = x * oW / iW; ow < oW && THNNPool_adaptiveStart(ow, iW, oW) <= x; ow++) {
        const long cols = THNNPool_adaptiveEnd(ow, iW, oW) - THNNPool_adaptiveStart(ow, iW, oW);
        sum += go[(p * oH + oh) * oW + ow] / (T)(rows * cols);
      }
    }
    gi[i] = sum;
  });
}

// ------------------------------------------------------------------ unpooling

// SpatialMaxUnpooling: input element k of plane p goes to output position ind[k] - 1 of that plane;
// where indices repeat, the last element wins, as in the CPU's loop: winner[] (zeroed, one per
// output element) keeps the highest 1-based input position per output position, then each output
// element reads its winner (0: none, the output is 0 there). Indices outside the plane are noted.
template <typename T>
void unpoolForward(THCState *state, const T *in, T *out, const long *ind, unsigned long long *winner, long planes,
                   long inSize, long outSize, unsigned long long *bad) {
  forEach(state, planes * inSize, [=] __device__(long k) {
    const long at = ind[k] - TH_INDEX_BASE;
    if (at < 0 || at >= outSize) {
      noteBad(bad, k);
      return;
    }
    atomicMax(winner + k / inSize * outSize + at, (unsigned long long)(k % inSize + 1));
  });
  forEach(state, planes * outSize, [=] __device__(long j) {
    const unsigned long long w = winner[j];
    out[j] = w ? in[j / outSize * inSize + (long)w - 1] : (T)0;
  });
}

// Its backward, a gather: gradInput[k] = gradOutput at k's index (0 where it is out of range, noted).
template <typename T>
void unpoolBackward(THCState *state, T *gi, const T *go, const long *ind, long planes, long inSize, long outSize,
                    unsigned long long *bad) {
  forEach(state, planes * inSize, [=] __device__(long k) {
    const long at = ind[k] - TH_INDEX_BASE;
    if (at < 0 || at >= outSize) {
      noteBad(bad, k);
      gi[k] = 0;
      return;
    }
    gi[k] = go[k / inSize * outSize + at];
  });
}

}  // namespace thcunn_pool
