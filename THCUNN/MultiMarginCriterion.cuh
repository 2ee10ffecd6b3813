#pragma once
// MultiMarginCriterion's device code: input nframe x dim (contiguous), one 1-based target class
// y per frame; the hinge terms max(0, margin - x[y] + x[i]) for i != y, in double as THNN's accreal.
#include "Criteria.cuh"

namespace thcunn {
template <typename T>
struct MultiMargin {
  const T *x;
  const long *target;
  const T *weights;  // per class, or NULL
  long dim;
  int p;
  double margin;
  __device__ long targetOf(long frame) const { return target[frame] - TH_INDEX_BASE; }
  __device__ double weightOf(long y) const { return weights ? (double)weights[y] : 1.0; }
  // margin - x[y] + x[i] of frame's scores xf.
  __device__ double slack(const T *xf, long y, long i) const { return margin - (double)xf[y] + (double)xf[i]; }
};

// Term k (frame k / dim, class k % dim) of the loss: w[y] z^p where z > 0 and the class is not y.
template <typename T>
struct MultiMarginTerm {
  MultiMargin<T> m;
  __device__ double operator()(long k) const {
    long frame = k / m.dim, i = k % m.dim, y = m.targetOf(frame);
    double z = m.slack(m.x + frame * m.dim, y, i);
    if (i == y || z <= 0) return 0;
    return m.weightOf(y) * (m.p == 1 ? z : z * z);
  }
};

// One block per frame (grid-stride): gradInput[i] = w[y] g dz^p/dz for each violating i != y,
// and gradInput[y] minus their sum. g is 1 / dim, divided by nframe when sizeAverage.
template <typename T>
__global__ void multiMarginGradKernel(MultiMargin<T> m, T *gradInput, long nframe, double g) {
  for (long frame = blockIdx.x; frame < nframe; frame += gridDim.x) {
    const T *xf = m.x + frame * m.dim;
    T *gf = gradInput + frame * m.dim;
    long y = m.targetOf(frame);
    double wy = m.weightOf(y), own = 0;
    for (long i = threadIdx.x; i < m.dim; i += blockDim.x) {
      if (i == y) continue;
      double z = m.slack(xf, y, i);
      double h = z > 0 ? wy * g * (m.p == 1 ? 1 : 2 * z) : 0;
      gf[i] = (T)h;
      own -= h;
    }
    own = blockSum(own);
    if (threadIdx.x == 0) gf[y] = (T)own;
  }
}
}  // namespace thcunn
