#pragma once
// IndexLinear's host-side checks and feature grouping, and its kernels. THNN checks sizes against
// cumSumSizes and every key against weight's rows before writing, so keys, sizes and cumSumSizes
// (index vectors, small next to the weights) are read back to the host for those checks. Updates of a
// feature's weight row must run in position order (a normalised row's max, and each step's decay,
// depend on the previous ones): positions are grouped by feature on the host and each group is one
// thread (normalisation) or one block (parameter steps) that walks its positions in order.
#include <algorithm>
#include "IndexTensors.cuh"

namespace thcunn_indexlinear {

constexpr long kNormColumns = 4;

// Every key + keysOffset in [0, nRows), as THNN checks it.
inline bool checkKeys(const char *fn, const long *keys, long nKeys, long keysOffset, long nRows, char *msg,
                      size_t len) {
  for (long k = 0; k < nKeys; k++) {
    long row = keys[k] + keysOffset;
    if (row < 0 || row >= nRows) {
      snprintf(msg, len, "%s: key %ld at position %ld gives weight row %ld (keysOffset %ld), outside [0, %ld)", fn,
               keys[k], k + TH_INDEX_BASE, row, keysOffset, nRows);
      return false;
    }
  }
  return true;
}

// THNN's checks of sizes and cumSumSizes (batch of them) against each other and against nKeys, and,
// when nRows >= 0, of every key's weight row: false and THNN's message in msg for the first failure.
inline bool checkBatch(const char *fn, const long *sizes, const long *cum, long batch, const long *keys, long nKeys,
                       long keysOffset, long nRows, char *msg, size_t len) {
  long total = 0;
  for (long b = 0; b < batch; b++) {
    total += sizes[b];
    if (sizes[b] < 0 || cum[b] != total) {
      snprintf(msg, len,
               "%s: sizes[%ld] = %ld and cumSumSizes[%ld] = %ld disagree (cumSumSizes must be the running sum of "
               "non-negative sizes, here %ld)",
               fn, b + TH_INDEX_BASE, sizes[b], b + TH_INDEX_BASE, cum[b], total);
      return false;
    }
  }
  if (total != nKeys) {
    snprintf(msg, len, "%s: sizes add up to %ld, but there are %ld keys", fn, total, nKeys);
    return false;
  }
  return nRows < 0 || checkKeys(fn, keys, nKeys, keysOffset, nRows, msg, len);
}

// The positions grouped by weight row, in position order within a group: group g is weight row
// row[g], positions order[start[g]] .. order[start[g+1]-1].
struct Features {
  std::vector<long> row, start, order;
};

inline Features groupByFeature(const long *keys, long nKeys, long keysOffset) {
  Features f;
  f.order.resize(nKeys);
  for (long k = 0; k < nKeys; k++) f.order[k] = k;
  std::stable_sort(f.order.begin(), f.order.end(), [&](long a, long b) { return keys[a] < keys[b]; });
  for (long at = 0; at < nKeys; at++)
    if (at == 0 || keys[f.order[at]] != keys[f.order[at - 1]]) {
      f.row.push_back(keys[f.order[at]] + keysOffset);
      f.start.push_back(at);
    }
  f.start.push_back(nKeys);
  return f;
}

// The batch row of each position.
inline std::vector<long> rowOfPositions(const long *cum, long batch, long nKeys) {
  std::vector<long> rowOf(nKeys);
  long k = 0;
  for (long b = 0; b < batch; b++)
    for (; k < cum[b]; k++) rowOf[k] = b;
  return rowOf;
}

// One thread per feature: THNN's normalisation of its positions' values, in position order (train:
// the row's max |value|, its inverse and the scale column are updated first).
template <typename real>
__global__ void normalizeValues(real *w, long s0, long s1, const long *rowOfGroup, const long *start,
                                const long *order, long nGroups, const real *val, real *nv, int train) {
  for (long grp = blockIdx.x * (long)blockDim.x + threadIdx.x; grp < nGroups; grp += (long)gridDim.x * blockDim.x) {
    real *row = w + rowOfGroup[grp] * s0;
    for (long at = start[grp]; at < start[grp + 1]; at++) {
      long k = order[at];
      real v = val[k], a = v < 0 ? -v : v;
      if (train) {
        if (a > row[0]) {
          row[0] = a;
          row[s1] = 1 / a;
        }
        row[2 * s1] = 1;
      }
      nv[k] = (a > row[0] ? (real)((v > 0) - (v < 0)) : v * row[s1]) + row[3 * s1];
    }
  }
}

// One thread per (batch row r, output c): bias[c] + sum over r's positions of val[k] weight[key + offset,
// norm + c], added in position order as THNN.
template <typename real>
__global__ void batchOutput(real *y, const real *bias, long bs, const real *w, long s0, long s1, long norm,
                            long outDim, long batch, const long *key, long keysOffset, const long *cum,
                            const real *val) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < batch * outDim; t += (long)gridDim.x * blockDim.x) {
    long r = t / outDim, c = t % outDim;
    real acc = bias[c * bs];
    for (long k = r ? cum[r - 1] : 0; k < cum[r]; k++) acc += val[k] * w[(key[k] + keysOffset) * s0 + (norm + c) * s1];
    y[t] = acc;
  }
}

// gradWeight [K x width]: position k gets scale values[k] gradOutput[row], preceded when normalising
// (width = 2 outDim) by scale gradOutput[row], the offset's gradient.
template <typename real, typename accreal>
__global__ void positionGrads(real *gw, long width, long nKeys, long outDim, const long *rowOf, const real *g,
                              const real *val, accreal scale) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < nKeys * width; t += (long)gridDim.x * blockDim.x) {
    long k = t / width, c = t % width;
    const real *gr = g + rowOf[k] * outDim;
    if (c < width - outDim) gw[t] = (real)(scale * gr[c]);
    else gw[t] = (real)(scale * val[k]) * gr[c - (width - outDim)];
  }
}

// The gradient rows a step reads: position k's row is G + (gRow ? gRow[k] : k) * ld; the offset's
// gradient is its first outDim values, the output weights' gradient outDim values from gCol; the
// weights' rate is lrWeight times val[k] (val NULL: 1).
template <typename real, typename accreal>
struct StepGrad {
  const real *G;
  const long *gRow;
  long ld, gCol;
  const real *val;
  accreal lrOffset, lrWeight, wd;
};

// One block per feature, its positions in order, THNN's IndexLinear_stepRow each: the output weights
// are decayed by wd and move by -lrWeight g; when normalising the offset column moves by
// -lrOffset sum_c gOffset[c] w_c (weights before the step) and every rate is scaled by the row's
// scale column.
template <typename real, typename accreal>
__global__ void stepFeatures(real *w, long s0, long s1, long norm, long outDim, const long *rowOfGroup,
                             const long *start, const long *order, long nGroups, StepGrad<real, accreal> sg) {
  __shared__ double shared[thcunn_index::kThreads];
  for (long grp = blockIdx.x; grp < nGroups; grp += gridDim.x) {
    real *row = w + rowOfGroup[grp] * s0, *ow = row + norm * s1;
    for (long at = start[grp]; at < start[grp + 1]; at++) {
      long k = order[at];
      const real *gr = sg.G + (sg.gRow ? sg.gRow[k] : k) * sg.ld;
      accreal lrOffset = sg.lrOffset, lrWeight = sg.lrWeight * (sg.val ? (accreal)sg.val[k] : 1), wd = sg.wd;
      if (norm) {
        accreal rowScale = row[2 * s1];
        lrOffset *= rowScale;
        lrWeight *= rowScale;
        wd *= rowScale;
        double part = 0;
        for (long c = threadIdx.x; c < outDim; c += blockDim.x) part += (double)gr[c] * ow[c * s1];
        double dot = thcunn_index::blockSum(part, shared);
        if (threadIdx.x == 0) row[3 * s1] -= (real)(dot * lrOffset);
      }
      for (long c = threadIdx.x; c < outDim; c += blockDim.x)
        ow[c * s1] -= (real)(wd * ow[c * s1] + lrWeight * gr[sg.gCol + c]);
      __syncthreads();
    }
  }
}

}  // namespace thcunn_indexlinear
