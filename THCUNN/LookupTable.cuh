#pragma once
// The embedding table's kernels, shared with LookupTableBag. Gradients are accumulated per distinct
// row of the table: the indices are sorted (stably), one block handles each run of equal indices and
// sums the run's gradient rows in position order, so the result is deterministic and no two blocks
// write the same row.
#include "IndexTensors.cuh"

namespace thcunn_lookup {

// Where a position's gradient row comes from: position i itself (LookupTable) or its bag
// (LookupTableBag: bagOf[i] is 1-based), divided by the bag's size when bagSize is given (mean).
template <typename real>
struct GradSource {
  const real *grad;
  const long *bagOf, *bagSize;
  __device__ real at(long i, long j, long dim) const {
    long row = bagOf ? bagOf[i] - TH_INDEX_BASE : i;
    if (row < 0) return 0;  // a position before the first bag
    real v = grad[row * dim + j];
    return bagSize ? v / (real)bagSize[row] : v;
  }
};

// gradWeight[row] += scale / (byFreq ? occurrences : 1) * sum of the run's source rows, for each run
// of equal 1-based indices in sorted (order: their positions), except the index `padding` when
// hasPadding. count (NULL allowed) gets each present row's number of occurrences.
template <typename real, typename accreal>
__global__ void accumulateRuns(real *gradWeight, long dim, const long *sorted, const long *order, long n,
                               GradSource<real> src, long *count, bool byFreq, bool hasPadding, long padding,
                               accreal scale) {
  for (long p = blockIdx.x; p < n; p += gridDim.x) {
    if (p > 0 && sorted[p] == sorted[p - 1]) continue;
    long end = p + 1;
    while (end < n && sorted[end] == sorted[p]) end++;
    long row = sorted[p] - TH_INDEX_BASE;
    if (count && threadIdx.x == 0) count[row] = end - p;
    if (hasPadding && sorted[p] == padding) continue;
    accreal s = byFreq ? scale / (accreal)(end - p) : scale;
    for (long j = threadIdx.x; j < dim; j += blockDim.x) {
      accreal sum = 0;
      for (long q = p; q < end; q++) sum += src.at(order[q], j, dim);
      gradWeight[row * dim + j] += (real)(s * sum);
    }
  }
}

// The host side of accumulateRuns: sorts input into sorted/order (caller's buffers, NULL: temporaries),
// fills count (when byFreq) and launches on the current stream.
template <typename real, typename accreal>
void accumulate(THCState *state, THCudaLongTensor *input, real *gradWeight, long numw, long dim,
                GradSource<real> src, THCudaLongTensor *count, THCudaLongTensor *sorted, THCudaLongTensor *order,
                bool byFreq, bool hasPadding, long padding, accreal scale) {
  long numel = THCudaLongTensor_nElement(state, input);
  if (byFreq) {
    THCudaLongTensor_resize1d(state, count, numw);
    THCudaLongTensor_zero(state, count);
  }
  if (numel == 0) return;
  THCudaLongTensor *sortedBuf = sorted ? sorted : THCudaLongTensor_new(state);
  THCudaLongTensor *orderBuf = order ? order : THCudaLongTensor_new(state);
  thcunn_index::sortFlat(state, input, sortedBuf, orderBuf);
  // the caller's buffers may be views: read contiguous ones
  THCudaLongTensor *sortedRun = THCudaLongTensor_newContiguous(state, sortedBuf);
  THCudaLongTensor *orderRun = THCudaLongTensor_newContiguous(state, orderBuf);
  THCudaLongTensor *freq = byFreq ? THCudaLongTensor_newContiguous(state, count) : NULL;
  accumulateRuns<real, accreal>
      <<<thcunn_index::blocksFor(numel, 1), thcunn_index::kThreads, 0, THCState_getCurrentStream(state)>>>(
          gradWeight, dim, THCudaLongTensor_data(state, sortedRun), THCudaLongTensor_data(state, orderRun), numel,
          src, freq ? THCudaLongTensor_data(state, freq) : NULL, byFreq, hasPadding, padding, scale);
  THCudaCheckLaunch("thcunn_lookup::accumulateRuns");
  if (freq) THCudaLongTensor_freeCopyTo(state, freq, count);
  THCudaLongTensor_free(state, sortedRun);
  THCudaLongTensor_free(state, orderRun);
  if (sortedBuf != sorted) THCudaLongTensor_free(state, sortedBuf);
  if (orderBuf != order) THCudaLongTensor_free(state, orderBuf);
}

// Scales each distinct row named in sorted (1-based) whose normType-norm exceeds maxNorm by
// maxNorm / (norm + 1e-7); the norm is summed in double, as the CPU's accreal.
template <typename real>
__global__ void renormRows(real *weight, long s0, long s1, long dim, const long *sorted, long n, double maxNorm,
                           double normType) {
  __shared__ double shared[thcunn_index::kThreads];
  for (long p = blockIdx.x; p < n; p += gridDim.x) {
    if (p > 0 && sorted[p] == sorted[p - 1]) continue;
    real *row = weight + (sorted[p] - TH_INDEX_BASE) * s0;
    double part = 0;
    for (long j = threadIdx.x; j < dim; j += blockDim.x) {
      double a = fabs((double)row[j * s1]);
      part += normType == 1 ? a : normType == 2 ? a * a : pow(a, normType);
    }
    double norm = thcunn_index::blockSum(part, shared);
    norm = normType == 1 ? norm : normType == 2 ? sqrt(norm) : pow(norm, 1 / normType);
    if (norm > maxNorm) {
      real factor = (real)(maxNorm / (norm + 1e-7));
      for (long j = threadIdx.x; j < dim; j += blockDim.x) row[j * s1] *= factor;
    }
  }
}

}  // namespace thcunn_lookup
