#pragma once
// Resampling by per-axis index maps, THNN's ResampleMap on the GPU: an output element copies the
// input element whose position along each axis is source(output position). Reflection and
// replication padding (spatial and volumetric) and nearest-neighbour upsampling are that gather
// forward and the matching scatter-add backward (atomics: several outputs may read one input);
// only the map differs. Two-axis modules run with a leading axis of size 1.
#include "PoolShape.cuh"

namespace thcunn_pool3d {

enum class ResampleMode { Reflect, Replicate, Nearest };

struct ResamplePlan {
  Dims3 d;
  int param[3];  // per axis: the pad before it (negative: cropped), or the nearest upsampling factor
  ResampleMode mode;
};

// The input position that output position o of an axis of n input positions reads (THNN's
// THNNResample_source): reflected about the ends (-1 -> 1, n -> n - 2), clamped to them, or o / scale.
__device__ inline long resampleSource(ResampleMode mode, long o, long param, long n) {
  if (mode == ResampleMode::Nearest) return o / param;
  const long x = o - param;
  if (mode == ResampleMode::Replicate) return x < 0 ? 0 : x >= n ? n - 1 : x;
  return x < 0 ? -x : x >= n ? 2 * (n - 1) - x : x;
}

// Output element i's source: its offset in the whole input.
__device__ inline long resampleSourceOffset(long i, const ResamplePlan &r) {
  const Coords3 c = splitIndex(i, r.d.out);
  long src[3];
  for (int a = 0; a < 3; a++) src[a] = resampleSource(r.mode, c.o[a], r.param[a], r.d.in[a]);
  return c.p * r.d.inCount() + (src[0] * r.d.in[1] + src[1]) * r.d.in[2] + src[2];
}

template <typename real>
__global__ void resampleGather(const real *input, real *output, long n, ResamplePlan r) {
  THCUNN_GRID_LOOP(i, n) output[i] = input[resampleSourceOffset(i, r)];
}

// gradInput (zeroed) += gradOutput at each output element's source.
template <typename real>
__global__ void resampleScatter(const real *gradOutput, real *gradInput, long n, ResamplePlan r) {
  THCUNN_GRID_LOOP(i, n) atomicAdd(gradInput + resampleSourceOffset(i, r), gradOutput[i]);
}

}  // namespace thcunn_pool3d
