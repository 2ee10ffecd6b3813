#pragma once
// im2col / col2im on the device: the unfolding every 2D convolution of THCUNN goes through, with the
// layout of THNN's (THNNConvGeometry in THNN/THNNSizes.h): column row r = (c * kH + kh) * kW + kw,
// column oh * outWidth + ow. Image and columns are contiguous; both run on `stream`.
//
// im2col: one thread per (channel, output position), writing the kH * kW column entries of that
// position; consecutive threads take consecutive output positions, so reads and writes coalesce.
// col2im: one thread per image element, gathering (no atomics) the column entries that read it.

namespace thcunn {

// Launches kernel(args..., n) on the current stream with a grid for n elements (none when n is 0): the
// shape of the one-thread-per-element kernels, which take their element count last.
template <typename... Params, typename... Args>
void launchPerElement(THCState *state, const char *name, long n, void (*kernel)(Params...), Args... args) {
  if (n <= 0) return;
  kernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(args..., n);
  _THCudaCheckCall(cudaGetLastError(), name, __FILE__, __LINE__);  // THCudaCheckLaunch with a name not literal
}

// The image element that kernel tap (kh, kw) of output position (oh, ow) reads from `plane` (one
// channel, height x width), or 0 where that falls in the padding.
template <typename T>
__device__ inline T tapAt(const THNNConvGeometry &g, const T *plane, long oh, long ow, long kh, long kw) {
  const long h = oh * g.dH - g.padH + kh * g.dilationH, w = ow * g.dW - g.padW + kw * g.dilationW;
  return (h >= 0 && h < g.height && w >= 0 && w < g.width) ? plane[h * g.width + w] : T(0);
}

// Calls visit(kh, kw, oh, ow) for every kernel tap (kh, kw) of every output position (oh, ow) that
// reads image element (h, w), i.e. h = oh * dH - padH + kh * dilationH (and so for w): the gather
// that folds columns (or output gradients) back onto the image without atomics.
template <typename Visit>
__device__ inline void forEachTapReading(const THNNConvGeometry &g, long h, long w, Visit visit) {
  for (long kh = 0; kh < g.kH; kh++) {
    const long hs = h + g.padH - kh * g.dilationH;  // = oh * dH when a position reads (h, .) through kh
    if (hs < 0 || hs % g.dH) continue;
    const long oh = hs / g.dH;
    if (oh >= g.outHeight) continue;
    for (long kw = 0; kw < g.kW; kw++) {
      const long ws = w + g.padW - kw * g.dilationW;
      if (ws < 0 || ws % g.dW) continue;
      const long ow = ws / g.dW;
      if (ow >= g.outWidth) continue;
      visit(kh, kw, oh, ow);
    }
  }
}

template <typename T>
__global__ void im2colKernel(THNNConvGeometry g, const T *__restrict__ im, T *__restrict__ col, long n) {
  const long positions = g.outHeight * g.outWidth;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight, c = i / positions;
    const T *plane = im + c * g.height * g.width;
    T *out = col + c * g.kH * g.kW * positions + oh * g.outWidth + ow;
    for (long kh = 0; kh < g.kH; kh++)
      for (long kw = 0; kw < g.kW; kw++) {
        *out = tapAt(g, plane, oh, ow, kh, kw);
        out += positions;
      }
  }
}

// im[c][h][w] += the sum of the column entries read from it.
template <typename T>
__global__ void col2imKernel(THNNConvGeometry g, const T *__restrict__ col, T *__restrict__ im, long n) {
  const long positions = g.outHeight * g.outWidth;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    const long w = i % g.width, h = (i / g.width) % g.height, c = i / (g.width * g.height);
    T sum = 0;
    forEachTapReading(g, h, w, [&](long kh, long kw, long oh, long ow) {
      sum += col[((c * g.kH + kh) * g.kW + kw) * positions + oh * g.outWidth + ow];
    });
    im[i] += sum;
  }
}

// col [channels * kH * kW x outHeight * outWidth] = the unfolding of im [channels x height x width].
template <typename T>
void im2col(THCState *state, const THNNConvGeometry &g, const T *im, T *col) {
  launchPerElement(state, "im2col", g.channels * g.outHeight * g.outWidth, im2colKernel<T>, g, im, col);
}

// im += the folding of col (the adjoint of im2col); entries that fall in the padding are dropped.
template <typename T>
void col2im(THCState *state, const THNNConvGeometry &g, const T *col, T *im) {
  launchPerElement(state, "col2im", g.channels * g.height * g.width, col2imKernel<T>, g, col, im);
}

}  // namespace thcunn
