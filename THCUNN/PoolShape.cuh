#pragma once
// What the GPU pooling, padding and resampling modules share, on sizes only: THNN's window math
// (THNN/generic/Pooling.h) usable on the device, THNN's shape checks with its messages word for word
// (THNN/generic/Pooling.c, ResampleMap.c), and the first-bad-index record that lets a backward raise
// THNN's error for an index out of range after writing, as the CPU does.
#include <cstdio>

namespace thcunn_pool3d {

// One axis of a sliding window (THNNPoolWindow).
struct PoolWindow {
  int kernel, stride, pad, dilation;
};

struct PoolWindows3 {
  PoolWindow w[3];  // T, H, W
};

// Window i of an axis of inputSize positions clipped to the input: positions *start, *start +
// dilation, ... below *end. Returns the window's extent inside the padded input (the count that
// count_include_pad divides by, for dilation 1).
__host__ __device__ inline long poolWindow(long i, long inputSize, const PoolWindow &w, long *start, long *end) {
  const long extent = (long)w.dilation * (w.kernel - 1) + 1;
  long s = i * w.stride - w.pad;
  long e = s + extent;
  const long padded = (e < inputSize + w.pad ? e : inputSize + w.pad) - s;
  if (e > inputSize) e = inputSize;
  if (s < 0) s += (-s + w.dilation - 1) / w.dilation * w.dilation;
  *start = s;
  *end = e;
  return padded;
}

// Sizes along three axes (T, H, W), the leading ones 1 for a two-axis module: the kernels always
// run over three.
struct Dims3 {
  long in[3], out[3];
  __host__ __device__ long inCount() const { return in[0] * in[1] * in[2]; }
  __host__ __device__ long outCount() const { return out[0] * out[1] * out[2]; }
};

// An input of [nBatch x] nPlanes x in[0] x ... x in[nAxes - 1]; out filled by a module's plan.
struct PoolShape {
  int nAxes = 0, batched = 0;
  long nBatch = 1, nPlanes = 1;
  long in[3] = {1, 1, 1}, out[3] = {1, 1, 1};

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
    int nd = 0;
    if (batched) sizes[nd++] = nBatch;
    sizes[nd++] = nPlanes;
    for (int a = 0; a < nAxes; a++) sizes[nd++] = out[a];
    return nd;
  }
};

// The shape of an input whose dimensions were checked (nAxes + 1 or nAxes + 2 of them).
inline PoolShape poolInputShape(int nDimension, const long *size, int nAxes) {
  PoolShape s;
  s.nAxes = nAxes;
  s.batched = nDimension == nAxes + 2;
  s.nBatch = s.batched ? size[0] : 1;
  s.nPlanes = size[s.batched];
  for (int a = 0; a < nAxes; a++) s.in[a] = size[s.batched + 1 + a];
  return s;
}

// "AxBxC" from n values.
inline THDescBuff poolJoin(int n, const long *v) {
  THDescBuff b;
  size_t len = 0;
  b.str[0] = '\0';
  for (int i = 0; i < n && len < sizeof b.str; i++)
    len += (size_t)snprintf(b.str + len, sizeof b.str - len, i ? "x%ld" : "%ld", v[i]);
  return b;
}

// "(THW; kernel 3x3x3, stride ..., padding ..., dilation ..., ceil_mode 0)".
inline void poolDescribeWindows(char *buf, size_t cap, const char *axisNames, int n, const PoolWindow *windows,
                                bool ceil_mode) {
  long k[3], d[3], p[3], dil[3];
  char label[6] = {0};
  for (int a = 0; a < n; a++) {
    k[a] = windows[a].kernel;
    d[a] = windows[a].stride;
    p[a] = windows[a].pad;
    dil[a] = windows[a].dilation;
    label[2 * a] = axisNames[a];
    if (a + 1 < n) label[2 * a + 1] = 'x';
  }
  snprintf(buf, cap, "(%s; kernel %s, stride %s, padding %s, dilation %s, ceil_mode %d)", label, poolJoin(n, k).str,
           poolJoin(n, d).str, poolJoin(n, p).str, poolJoin(n, dil).str, ceil_mode ? 1 : 0);
}

// THNNPool_outputSize: floor (ceil) of (in + 2 pad - extent) / stride, plus one; in ceil mode a last
// window starting past the input and its left padding is dropped.
inline long poolOutputSize(const char *fn, long inputSize, const PoolWindow &w, bool ceil_mode) {
  const __int128 extent = (__int128)w.dilation * (w.kernel - 1) + 1;
  const __int128 span = (__int128)inputSize + 2 * (__int128)w.pad - extent;
  __int128 out = THNN_floorDiv128(ceil_mode ? span + w.stride - 1 : span, w.stride) + 1;
  if (ceil_mode && out > 1 && (out - 1) * w.stride >= (__int128)inputSize + w.pad) out--;
  return THNN_checkedSize(fn, "the output size", out);
}

inline void poolCheckBorderWindow(const char *fn, const char *axisNames, const PoolShape &s, const PoolWindow *windows,
                                  bool ceil_mode, int a, long i) {
  long start, end;
  poolWindow(i, s.in[a], windows[a], &start, &end);
  if (start < end) return;
  char params[384];
  poolDescribeWindows(params, sizeof params, axisNames, s.nAxes, windows, ceil_mode);
  THError("%s: window %ld along %c lies wholly in the padding for input %s %s", fn, i + TH_INDEX_BASE, axisNames[a],
          poolJoin(s.nAxes, s.in).str, params);
}

// THNN's poolOutputShape: checks each axis' window and sets s.out, with THNN's messages.
inline void poolOutputShape(const char *fn, const char *axisNames, PoolShape &s, const PoolWindow *windows,
                            bool ceil_mode) {
  const int n = s.nAxes;
  for (int a = 0; a < n; a++) {
    const PoolWindow &w = windows[a];
    const char axis = axisNames[a];
    if (w.kernel <= 0) THError("%s: kernel size must be positive, got k%c = %d", fn, axis, w.kernel);
    if (w.stride <= 0) THError("%s: stride must be positive, got d%c = %d", fn, axis, w.stride);
    if (w.dilation <= 0) THError("%s: dilation must be positive, got dilation%c = %d", fn, axis, w.dilation);
    if (w.pad < 0) THError("%s: padding must not be negative, got pad%c = %d", fn, axis, w.pad);
    if (w.pad > w.kernel / 2)
      THError("%s: pad should be smaller than half of kernel size, got pad%c = %d with k%c = %d", fn, axis, w.pad, axis,
              w.kernel);
  }
  bool tooSmall = false;
  for (int a = 0; a < n; a++) {
    s.out[a] = poolOutputSize(fn, s.in[a], windows[a], ceil_mode);
    if (s.out[a] < 1) tooSmall = true;
  }
  if (tooSmall) {
    char params[384];
    poolDescribeWindows(params, sizeof params, axisNames, n, windows, ceil_mode);
    THError("%s: output size %s is too small for input %s %s", fn, poolJoin(n, s.out).str, poolJoin(n, s.in).str,
            params);
  }
  long sizes[5];
  THNN_checkedProduct(fn, "the output", s.outputSizes(sizes), sizes);
  // Only the windows starting in the left padding or ending past the input can lie wholly outside it.
  for (int a = 0; a < n; a++) {
    const PoolWindow &w = windows[a];
    const long extent = (long)w.dilation * (w.kernel - 1) + 1;
    for (long i = 0; i < s.out[a] && i * w.stride < w.pad; i++)
      poolCheckBorderWindow(fn, axisNames, s, windows, ceil_mode, a, i);
    for (long i = s.out[a] - 1; i >= 0 && (__int128)i * w.stride - w.pad + extent > s.in[a]; i--)
      poolCheckBorderWindow(fn, axisNames, s, windows, ceil_mode, a, i);
  }
}

// "fn: arg must have size [expected], got [size]" unless t (NULL raises too) has exactly those sizes.
inline void poolCheckSizes(const char *fn, const char *arg, const void *t, int nDimension, const long *size,
                           int nExpected, const long *expected) {
  if (!t) THError("%s: %s must not be NULL", fn, arg);
  bool same = nDimension == nExpected;
  for (int i = 0; same && i < nDimension; i++) same = size[i] == expected[i];
  if (!same)
    THError("%s: %s must have size %s, got %s", fn, arg, _THSizeDesc(expected, nExpected).str,
            _THSizeDesc(size, nDimension).str);
}

// t (a tensor of any type, or NULL) has the output's sizes.
template <typename Tensor>
void poolCheckOutputLike(const char *fn, const char *arg, const Tensor *t, const PoolShape &s) {
  long sizes[5];
  const int nd = s.outputSizes(sizes);
  poolCheckSizes(fn, arg, t, t ? t->nDimension : 0, t ? t->size : nullptr, nd, sizes);
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
