#pragma once
// What SoftMax and LogSoftMax share on the device (their THNN counterpart is THNN/generic/SoftMaxRows.c):
// the input seen as rows of `dim` classes, rows r of nframe * stride, row r starting at
// (r / stride) * dim * stride + r % stride with its classes `stride` apart.
//
// Each pass is a RowOp with two per-row reductions and an element-wise result:
//   static constexpr bool kNeedsMax;         whether the row's maximum m is taken first (else m = 0)
//   T term(T x, T g, T m) const;             summed over the row into s
//   T result(T x, T g, T m, T s) const;      the element written
// x being the source (input, or output for the backward passes) and g gradOutput (x in the forward
// passes). Contiguous rows (stride 1): one block per row, the threads on consecutive classes
// (coalesced), warp-shuffle reductions. Spatial rows (stride > 1): one thread per row, consecutive
// threads on consecutive positions of a frame, so their accesses coalesce too.

namespace thcunn_softmax {

constexpr int kMaxThreads = 512;

template <typename T>
struct MaxOf {
  __device__ T operator()(T a, T b) const { return fmax(a, b); }  // fmax: a NaN is ignored, as THNN's max
};
template <typename T>
struct SumOf {
  __device__ T operator()(T a, T b) const { return a + b; }
};

// The combination of every thread's v, returned to all threads of the block (blockDim.x a multiple
// of 32, at most 1024).
template <typename T, typename Combine>
__device__ T blockReduce(T v, Combine combine, T identity) {
  __shared__ T warpResults[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int offset = 16; offset > 0; offset /= 2) v = combine(v, __shfl_down_sync(0xffffffffu, v, offset));
  if (lane == 0) warpResults[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (int)(blockDim.x / 32) ? warpResults[lane] : identity;
    for (int offset = 16; offset > 0; offset /= 2) v = combine(v, __shfl_down_sync(0xffffffffu, v, offset));
    if (lane == 0) warpResults[0] = v;
  }
  __syncthreads();
  const T total = warpResults[0];
  __syncthreads();  // every thread has read it before a next reduction overwrites it
  return total;
}

template <typename T, typename RowOp>
__global__ void contiguousRowsKernel(const T *x, const T *g, T *y, long rows, long dim, RowOp op) {
  for (long r = blockIdx.x; r < rows; r += gridDim.x) {
    const T *xr = x + r * dim, *gr = g + r * dim;
    T *yr = y + r * dim;
    T m = 0;
    if (RowOp::kNeedsMax) {
      T local = -INFINITY;
      for (long c = threadIdx.x; c < dim; c += blockDim.x) local = fmax(local, xr[c]);
      m = blockReduce(local, MaxOf<T>{}, (T)-INFINITY);
    }
    T local = 0;
    for (long c = threadIdx.x; c < dim; c += blockDim.x) local += op.term(xr[c], gr[c], m);
    const T s = blockReduce(local, SumOf<T>{}, (T)0);
    // every read of the row is done (blockReduce synchronised): y may be x or g
    for (long c = threadIdx.x; c < dim; c += blockDim.x) yr[c] = op.result(xr[c], gr[c], m, s);
  }
}

template <typename T, typename RowOp>
__global__ void spatialRowsKernel(const T *x, const T *g, T *y, long rows, long dim, long stride, RowOp op) {
  for (long r = (long)blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += (long)gridDim.x * blockDim.x) {
    const long base = (r / stride) * dim * stride + r % stride;
    T m = 0;
    if (RowOp::kNeedsMax) {
      m = -INFINITY;
      for (long c = 0; c < dim; c++) m = fmax(m, x[base + c * stride]);
    }
    T s = 0;
    for (long c = 0; c < dim; c++) s += op.term(x[base + c * stride], g[base + c * stride], m);
    for (long c = 0; c < dim; c++) {
      const long i = base + c * stride;
      y[i] = op.result(x[i], g[i], m, s);
    }
  }
}

inline int threadsFor(long dim) {
  int t = 32;
  while (t < kMaxThreads && t < dim) t *= 2;
  return t;
}

// Runs op over the rows of the contiguous x (and g), writing the contiguous y.
template <typename T, typename RowOp>
void run(THCState *state, const T *x, const T *g, T *y, long nframe, long dim, long stride, RowOp op) {
  const long rows = nframe * stride;
  if (rows == 0 || dim == 0) return;
  cudaStream_t stream = THCState_getCurrentStream(state);
  const long cap = 8L * THCState_getCurrentDeviceProperties(state)->multiProcessorCount * 8;
  if (stride == 1) {
    const long grid = rows < cap ? rows : cap;
    contiguousRowsKernel<<<(unsigned)grid, threadsFor(dim), 0, stream>>>(x, g, y, rows, dim, op);
  } else {
    spatialRowsKernel<<<thc_apply::gridFor(state, rows), thc_apply::kThreads, 0, stream>>>(x, g, y, rows, dim,
                                                                                            stride, op);
  }
  THCudaCheckLaunch("softmax rows");
}

// The four passes.
template <typename T>
struct SoftMaxForward {
  static constexpr bool kNeedsMax = true;
  __device__ T term(T x, T, T m) const { return exp(x - m); }
  __device__ T result(T x, T, T m, T s) const { return exp(x - m) / s; }
};
template <typename T>
struct LogSoftMaxForward {
  static constexpr bool kNeedsMax = true;
  __device__ T term(T x, T, T m) const { return exp(x - m); }
  __device__ T result(T x, T, T m, T s) const { return x - (m + log(s)); }
};
// gradInput = output * (gradOutput - sum(gradOutput * output)).
template <typename T>
struct SoftMaxBackward {
  static constexpr bool kNeedsMax = false;
  __device__ T term(T y, T g, T) const { return g * y; }
  __device__ T result(T y, T g, T, T s) const { return y * (g - s); }
};
// gradInput = gradOutput - exp(output) * sum(gradOutput).
template <typename T>
struct LogSoftMaxBackward {
  static constexpr bool kNeedsMax = false;
  __device__ T term(T, T g, T) const { return g; }
  __device__ T result(T y, T g, T, T s) const { return g - exp(y) * s; }
};

}  // namespace thcunn_softmax
