#pragma once
// What the GPU pooling, padding and resampling modules share, on sizes only: THNN's window math and
// shape checks (the type-free part of THNN/generic/Pooling.h, included here, so its messages are the
// CPU's word for word) on this side's PoolShape, and the first-bad-index record that lets a backward raise
// THNN's error for an index out of range after writing, as the CPU does.
#include <cstdio>

#include "generic/Pooling.h"
#undef TH_GENERIC_FILE

namespace thcunn_pool3d {

struct PoolWindows3 {
  THNNPoolWindow w[3];  // T, H, W
};

// Sizes along three axes (T, H, W), the leading ones 1 for a two-axis module: the kernels always
// run over three.
struct Dims3 {
  long in[3], out[3];
  __host__ __device__ long inCount() const { return in[0] * in[1] * in[2]; }
  __host__ __device__ long outCount() const { return out[0] * out[1] * out[2]; }
};

// An input of [nBatch x] nPlanes x in[0] x ... x in[nAxes - 1] (THNNPoolShape with the unused axes
// 1); out filled by a module's plan.
struct PoolShape {
  int nAxes = 0, batched = 0;
  long nBatch = 1, nPlanes = 1;
  long in[3] = {1, 1, 1}, out[3] = {1, 1, 1};

  PoolShape() = default;
  explicit PoolShape(const THNNPoolShape &t) : nAxes(t.nAxes), batched(t.batched), nBatch(t.nBatch), nPlanes(t.nPlanes) {
    for (int a = 0; a < nAxes; a++) in[a] = t.inputSize[a], out[a] = t.outputSize[a];
  }
  THNNPoolShape thnn() const {
    THNNPoolShape t;
    t.nAxes = nAxes, t.batched = batched, t.nBatch = nBatch, t.nPlanes = nPlanes;
    for (int a = 0; a < THNN_POOL_MAX_AXES; a++) t.inputSize[a] = in[a], t.outputSize[a] = out[a];
    return t;
  }

  long planes() const { return nBatch * nPlanes; }
  Dims3 dims3() const {
    Dims3 d;
    const int lead = 3 - nAxes;
    for (int a = 0; a < 3; a++) {
      d.in[a] = a < lead ? 1 : in[a - lead];
      d.out[a] = a < lead ? 1 : out[a - lead];
    }
    return d;
  }
  // The output's sizes ([nBatch x] nPlanes x out...); returns their number.
  int outputSizes(long *sizes) const {
    const THNNPoolShape t = thnn();
    return THNNPool_outputSizes(&t, sizes);
  }
};

// The shape of an input whose dimensions were checked (nAxes + 1 or nAxes + 2 of them).
inline PoolShape poolInputShape(int nDimension, const long *size, int nAxes) {
  THNNPoolShape t;
  THNNPool_setInputShape(nDimension, size, nAxes, &t);
  return PoolShape(t);
}

// THNNPool_outputShape: checks each axis' window and sets s.out, with THNN's messages.
inline void poolOutputShape(const char *fn, const char *axisNames, PoolShape &s, const THNNPoolWindow *windows,
                            bool ceil_mode) {
  THNNPoolShape t = s.thnn();
  THNNPool_outputShape(fn, axisNames, &t, windows, ceil_mode);
  s = PoolShape(t);
}

// "fn: arg must have size [expected], got [size]" unless t (NULL raises too) has exactly those sizes.
inline void poolCheckSizes(const char *fn, const char *arg, const void *t, int nDimension, const long *size,
                           int nExpected, const long *expected) {
  if (!t) THError("%s: %s must not be NULL", fn, arg);
  THNNPool_checkSizes(fn, arg, nDimension, size, nExpected, expected);
}

// t (a tensor of any type, or NULL) has the output's sizes.
template <typename Tensor>
void poolCheckOutputLike(const char *fn, const char *arg, const Tensor *t, const PoolShape &s) {
  long sizes[5];
  const int nd = s.outputSizes(sizes);
  poolCheckSizes(fn, arg, t, t ? t->nDimension : 0, t ? t->size : nullptr, nd, sizes);
}

// The outputs along one axis (outSize of them) whose windows (dilation 1) cover input position pos:
// [*first, *last]. The average poolings' backward gathers over them.
__device__ inline void coveringWindows(long pos, long outSize, const THNNPoolWindow &w, long *first, long *last) {
  const long at = pos + w.pad;
  *first = at < w.kernel ? 0 : (at - w.kernel) / w.stride + 1;
  *last = at / w.stride < outSize - 1 ? at / w.stride : outSize - 1;
}

// ------------------------------------------------------------------ bad indices

// The lowest flat position at which a kernel met an index it could not follow, kept on the device
// (all bits set: none) so that the wrapper can raise THNN's error, which names the first one.
__device__ inline void noteBadIndex(unsigned long long *firstBad, long position) {
  atomicMin(firstBad, (unsigned long long)position);
}

inline unsigned long long *newBadIndexRecord(THCState *state) {
  unsigned long long *record = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&record, sizeof *record));
  THCudaCheck(cudaMemsetAsync(record, 0xff, sizeof *record, THCState_getCurrentStream(state)));
  return record;
}

// Frees the record; returns the first bad position (-1 when none) and the index there in *value.
// Synchronises with the current stream: the error must be raised on the host.
inline long freeBadIndexRecord(THCState *state, unsigned long long *record, const long *indices, long *value) {
  cudaStream_t stream = THCState_getCurrentStream(state);
  unsigned long long first = ~0ULL;
  cudaError_t err = cudaMemcpyAsync(&first, record, sizeof first, cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  if (err == cudaSuccess && first != ~0ULL) {
    err = cudaMemcpyAsync(value, indices + first, sizeof *value, cudaMemcpyDeviceToHost, stream);
    if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  }
  THCudaCheck(THCudaFree(state, record));
  THCudaCheck(err);
  return first == ~0ULL ? -1 : (long)first;
}

// A flat element index split into coordinates: i = ((p * out0 + o0) * out1 + o1) * out2 + o2.
struct Coords3 {
  long p, o[3];
};
__host__ __device__ inline Coords3 splitIndex(long i, const long *sizes) {
  Coords3 c;
  c.o[2] = i % sizes[2];
  i /= sizes[2];
  c.o[1] = i % sizes[1];
  i /= sizes[1];
  c.o[0] = i % sizes[0];
  c.p = i / sizes[0];
  return c;
}

// Grid-stride loop over n elements with a long index.
#define THCUNN_GRID_LOOP(i, n) \
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (long)gridDim.x * blockDim.x)

// Launches KERNEL (a grid-stride kernel over N elements) on the current stream, nothing when N is 0,
// and checks the launch.
#define THCUNN_LAUNCH(STATE, N, KERNEL, ...)                                                                           \
  do {                                                                                                                 \
    if ((N) > 0) {                                                                                                     \
      KERNEL<<<thc_apply::gridFor(STATE, N), thc_apply::kThreads, 0, THCState_getCurrentStream(STATE)>>>(__VA_ARGS__); \
      THCudaCheckLaunch(#KERNEL);                                                                                      \
    }                                                                                                                  \
  } while (0)

}  // namespace thcunn_pool3d
