#pragma once
// SparseLinear's host-side reading of the sparse input and its kernels. The input's entries decide
// the errors THNN raises (indices out of range) and, for an unsized output, the batch size, before
// anything is written: so the input (small next to the weights) is read back to the host, checked and
// grouped there exactly as THNN/generic/SparseLinear.c does, and the groups go back to the device.
#include "IndexTensors.cuh"

namespace thcunn_sparse {

// The (row, column, value) entries with non-zero value, 0-based, in input order.
template <typename real>
struct Entries {
  std::vector<long> row, col;
  std::vector<real> val;
};

// A contiguous host copy of the input: COO [nnz x 3] or legacy [batch x nnz x 2].
template <typename real>
struct HostInput {
  const real *p;
  bool legacy;
  long size0, size1;
  long count() const { return legacy ? size0 * size1 : size0; }
  // Entry e's batch row (1-based, as stored), feature index and value.
  void read(long e, real &batch, real &feature, real &value) const {
    const real *q = p + e * (legacy ? 2 : 3);
    batch = legacy ? (real)(e / size1 + 1) : q[0];
    feature = q[legacy ? 0 : 1];
    value = q[legacy ? 1 : 2];
  }
  // The largest batch index of the non-zero entries (the batch size of the legacy format).
  long batchSize() const {
    if (legacy) return size0;
    long most = 0;
    for (long e = 0; e < count(); e++) {
      real b, f, v;
      read(e, b, f, v);
      if (v != 0 && b > most && b < (real)(1L << 40)) most = (long)b;
    }
    return most;
  }
  // THNN's check of every non-zero entry's indices (feature in [1, inDim], batch in [1, batch]): false
  // and THNN's message in msg for the first bad one. (The caller frees what it holds, then raises:
  // an error unwinds by longjmp in guarded mode.)
  bool check(const char *fn, long inDim, long batch, char *msg, size_t len) const {
    for (long e = 0; e < count(); e++) {
      real b, f, v;
      read(e, b, f, v);
      if (v == 0) continue;
      if (!(f >= 1 && f < inDim + 1)) {
        snprintf(msg, len, "%s: feature index %g out of range [1, %ld] at entry %ld", fn, (double)f, inDim, e + 1);
        return false;
      }
      if (!(b >= 1 && b < batch + 1)) {
        snprintf(msg, len, "%s: batch index %g out of range [1, %ld] at entry %ld", fn, (double)b, batch, e + 1);
        return false;
      }
    }
    return true;
  }
  // The non-zero entries (after check).
  Entries<real> entries() const {
    Entries<real> s;
    for (long e = 0; e < count(); e++) {
      real b, f, v;
      read(e, b, f, v);
      if (v == 0) continue;
      s.row.push_back((long)b - 1);
      s.col.push_back((long)f - 1);
      s.val.push_back(v);
    }
    return s;
  }
};

// One thread per (group k, output o), o innermost: with the group's entries at start[k] ..
// start[k+1]-1, acc = sum of value[at] * src[other[at] * srcOther + o * srcOut], and
//   dst[k * dstK + o * dstO] = (init ? init[o * initS] : dst[...]) + factor * acc.
// The forward pass groups by batch row (src = weight, init = bias); the weight gradient by feature
// (src = gradOutput, accumulating).
template <typename real>
__global__ void groupProducts(real *dst, long dstK, long dstO, const real *init, long initS, long nGroups,
                              long outDim, const long *start, const long *other, const real *value, const real *src,
                              long srcOther, long srcOut, real factor) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < nGroups * outDim; t += (long)gridDim.x * blockDim.x) {
    long k = t / outDim, o = t % outDim;
    real acc = 0;
    for (long at = start[k]; at < start[k + 1]; at++) acc += value[at] * src[other[at] * srcOther + o * srcOut];
    real *d = dst + k * dstK + o * dstO;
    *d = (init ? init[o * initS] : *d) + factor * acc;
  }
}

// For each listed column f and output o: w[o, f] -= lr * g[o, f] (g NULL: w[o, f] = 0).
template <typename real>
__global__ void stepColumns(real *w, long ws0, long ws1, const real *g, long gs0, long gs1, const long *columns,
                            long nColumns, long outDim, real lr) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < nColumns * outDim; t += (long)gridDim.x * blockDim.x) {
    long f = columns[t / outDim], o = t % outDim;
    real *d = w + o * ws0 + f * ws1;
    *d = g ? *d - lr * g[o * gs0 + f * gs1] : 0;
  }
}

}  // namespace thcunn_sparse
