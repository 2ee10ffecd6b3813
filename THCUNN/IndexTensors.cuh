#pragma once
// What the index-reading families (LookupTable, LookupTableBag, IndexLinear, SparseLinear) share:
// moving small index tensors between host and device, and grid-stride loops (THNN's index range
// check is thcunn::checkIndexRange, THCUNNInternal.cuh). Their CPU kernels raise errors that depend
// on index values before writing anything, so these families read indices on the host where THNN's
// semantics need a host value (documented at each use); everything else runs on the current stream.
#include <vector>

namespace thcunn_index {

constexpr int kThreads = 128;

// Blocks for n items of `perBlock` each, capped (the kernels loop over the rest).
inline unsigned blocksFor(long n, long perBlock) {
  long blocks = (n + perBlock - 1) / perBlock;
  return (unsigned)(blocks < 1 ? 1 : blocks > 65535 ? 65535 : blocks);
}

// Sums v over the block (blockDim.x == thcunn_index::kThreads); every thread gets the total.
__device__ inline double blockSum(double v, double *shared) {
  shared[threadIdx.x] = v;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if ((int)threadIdx.x < half) shared[threadIdx.x] += shared[threadIdx.x + half];
    __syncthreads();
  }
  double total = shared[0];
  __syncthreads();
  return total;
}

// bias[c * bs] += factor * sum over rows of g[r * outDim + c] (g contiguous [batch x outDim]): one
// thread per column, rows summed in order (THNN's order), in accreal.
template <typename real, typename accreal>
__global__ void addColumnSumsKernel(real *bias, long bs, const real *g, long batch, long outDim, accreal factor) {
  for (long c = blockIdx.x * (long)blockDim.x + threadIdx.x; c < outDim; c += (long)gridDim.x * blockDim.x) {
    accreal sum = 0;
    for (long r = 0; r < batch; r++) sum += g[r * outDim + c];
    bias[c * bs] += (real)(factor * sum);
  }
}

template <typename real, typename accreal>
void addColumnSums(THCState *state, real *bias, long bs, const real *g, long batch, long outDim, accreal factor) {
  if (outDim == 0) return;
  addColumnSumsKernel<real, accreal><<<blocksFor(outDim, kThreads), kThreads, 0, THCState_getCurrentStream(state)>>>(
      bias, bs, g, batch, outDim, factor);
  THCudaCheckLaunch("thcunn_index::addColumnSums");
}

// A contiguous host copy of a device index tensor (synchronises with the current stream).
inline THLongTensor *download(THCState *state, THCudaLongTensor *t) {
  THLongTensor *h = THLongTensor_new();
  THLongTensor_resizeNd(h, t->nDimension, t->size, NULL);
  THLongTensor_copyCudaLong(state, h, t);
  return h;
}

// A new 1-D device index tensor holding v.
inline THCudaLongTensor *upload(THCState *state, const std::vector<long> &v) {
  THLongTensor *h = THLongTensor_newWithSize1d((long)v.size());
  std::copy(v.begin(), v.end(), THLongTensor_data(h));
  THCudaLongTensor *d = THCudaLongTensor_newWithSize1d(state, (long)v.size());
  THCudaLongTensor_copyCPU(state, d, h);
  THLongTensor_free(h);
  return d;
}

// A 1-D contiguous device copy of an index tensor of any shape, sorted ascending (stable) into
// `sorted`, with the 0-based positions of its values in `order`.
inline void sortFlat(THCState *state, THCudaLongTensor *input, THCudaLongTensor *sorted, THCudaLongTensor *order) {
  THCudaLongTensor *flat = THCudaLongTensor_newClone(state, input);
  THCudaLongTensor_resize1d(state, flat, THCudaLongTensor_nElement(state, input));
  THCudaLongTensor_sort(state, sorted, order, flat, 0, 0);
  THCudaLongTensor_free(state, flat);
}

// The non-zero entries of a sparse input grouped by a key in [0, nKeys) (counting sort, stable):
// entries start[k] .. start[k+1]-1 have key k; `other` and `value` are their other index and value.
template <typename real>
struct Groups {
  std::vector<long> start, other;
  std::vector<real> value;
};

template <typename real>
Groups<real> groupBy(const std::vector<long> &key, const std::vector<long> &other, const std::vector<real> &value,
                     long nKeys) {
  Groups<real> g;
  g.start.assign(nKeys + 1, 0);
  for (long k : key) g.start[k + 1]++;
  for (long k = 0; k < nKeys; k++) g.start[k + 1] += g.start[k];
  std::vector<long> next(g.start.begin(), g.start.end() - 1);
  g.other.resize(key.size());
  g.value.resize(key.size());
  for (size_t e = 0; e < key.size(); e++) {
    long at = next[key[e]]++;
    g.other[at] = other[e];
    g.value[at] = value[e];
  }
  return g;
}

}  // namespace thcunn_index
