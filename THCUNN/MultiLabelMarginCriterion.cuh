#pragma once
// MultiLabelMarginCriterion's device code: input nframe x dim scores and target nframe x dim
// (both contiguous); row f of target lists its frame's classes (1-based) up to the first 0 (the
// rest of the row is ignored); isTarget marks the listed classes with 1.
#include "Criteria.cuh"

namespace thcunn {
template <typename T>
struct MultiLabel {
  const T *x;
  const long *target;
  const T *isTarget;
  long dim;
  // Calls visit(j) for each class j (0-based) listed in frame's row of target, in order.
  template <typename Visit>
  __device__ void forEachListed(long frame, const Visit &visit) const {
    const long *tf = target + frame * dim;
    for (long k = 0; k < dim && tf[k] >= TH_INDEX_BASE; k++) visit(tf[k] - TH_INDEX_BASE);
  }
};

// One block per frame (grid-stride): its row of isTarget set to 1 at the listed classes, else 0.
template <typename T>
__global__ void markTargetsKernel(T *isTarget, const long *target, long nframe, long dim) {
  __shared__ long long listEnd;  // the position of the row's first 0, or dim
  for (long frame = blockIdx.x; frame < nframe; frame += gridDim.x) {
    const long *tf = target + frame * dim;
    T *mf = isTarget + frame * dim;
    if (threadIdx.x == 0) listEnd = dim;
    __syncthreads();
    for (long k = threadIdx.x; k < dim; k += blockDim.x) {
      mf[k] = 0;
      if (tf[k] < TH_INDEX_BASE) atomicMin(&listEnd, (long long)k);
    }
    __syncthreads();
    for (long k = threadIdx.x; k < listEnd; k += blockDim.x) mf[tf[k] - TH_INDEX_BASE] = 1;
    __syncthreads();  // listEnd is read before the next frame resets it
  }
}

// Term k (frame k / dim, class i = k % dim) of the loss: for a class i not listed, the sum over
// the listed classes j of max(0, 1 - x[j] + x[i]), in double as THNN's accreal.
template <typename T>
struct MultiLabelTerm {
  MultiLabel<T> m;
  __device__ double operator()(long k) const {
    if (m.isTarget[k] != 0) return 0;
    long frame = k / m.dim;
    const T *xf = m.x + frame * m.dim;
    double xi = (double)m.x[k], sum = 0;
    m.forEachListed(frame, [&](long j) {
      double z = 1 - (double)xf[j] + xi;
      if (z > 0) sum += z;
    });
    return sum;
  }
};

// gradInput at k (frame, class i): g per violated pair (listed j, unlisted i): +g at i for each
// listed j it violates, -g at j for each unlisted i violating it, once per listing of j (THNN
// counts a class listed twice twice). The comparison is in T, as THNN makes it in real.
template <typename T>
struct MultiLabelGrad {
  MultiLabel<T> m;
  T *gradInput;
  double g;
  __device__ void operator()(long k) const {
    long frame = k / m.dim, i = k % m.dim;
    const T *xf = m.x + frame * m.dim, *mf = m.isTarget + frame * m.dim;
    long violations = 0;
    if (mf[i] == 0) {
      m.forEachListed(frame, [&](long j) { violations += (T)1 - xf[j] + xf[i] > 0; });
      gradInput[k] = (T)(g * (double)violations);
      return;
    }
    long listings = 0;
    m.forEachListed(frame, [&](long j) { listings += j == i; });
    for (long other = 0; other < m.dim; other++) violations += mf[other] == 0 && (T)1 - xf[i] + xf[other] > 0;
    gradInput[k] = (T)(-g * (double)(listings * violations));
  }
};
}  // namespace thcunn
