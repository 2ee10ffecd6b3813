// The inverse of max pooling (THNN/generic/SpatialMaxUnpooling.c): each input element goes to the
// 1-based position that indices (input's sizes) gives within an oheight x owidth output plane, the
// last of repeated positions winning; the rest of the output is zero. An index outside the plane
// raises THNN's error naming the first such position (the output is written first, as on the CPU;
// the GPU writes every in-range element of the plane where the CPU stopped at the bad one).
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

static inline void THNN_(SpatialMaxUnpooling_plan)(THCState *state, const char *fn, THCTensor *input,
                                                   THCIndexTensor *indices, int owidth, int oheight,
                                                   THNNPoolShape *s) {
  THNN_(poolInputShape)(state, fn, input, 2, s);
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, input->nDimension, input->size);
  THNN_(poolCheckAdaptiveSize)(fn, owidth, oheight, s);
}

void THNN_(SpatialMaxUnpooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                             THCIndexTensor *indices, int owidth, int oheight) {
  const char *fn = "SpatialMaxUnpooling_updateOutput";
  THNNPoolShape s;
  THNN_(SpatialMaxUnpooling_plan)(state, fn, input, indices, owidth, oheight, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, indices);
  long sizes[4];
  const int nd = THNNPool_outputSizes(&s, sizes);
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1], outSize = (long)owidth * oheight;

  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCudaLongTensor *ind = THCudaLongTensor_newContiguous(state, indices);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  THCudaLongTensor *winner = THCudaLongTensor_newWithSize1d(state, planes * outSize);
  THCudaLongTensor_zero(state, winner);
  const long *xp = THCudaLongTensor_data(state, ind);
  thcunn_pool::FirstBad bad;
  bad.begin(state);
  thcunn_pool::unpoolForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out), xp,
                             (unsigned long long *)THCudaLongTensor_data(state, winner), planes, inSize, outSize,
                             bad.at);
  long badIndex = 0;
  const long badAt = bad.end(state, xp, &badIndex);
  THCudaLongTensor_free(state, winner);
  THCudaLongTensor_free(state, ind);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
  if (badAt >= 0) THNNPool_indexError(fn, "indices", badAt, badIndex, TH_INDEX_BASE, outSize - 1 + TH_INDEX_BASE);
}

void THNN_(SpatialMaxUnpooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                THCTensor *gradInput, THCIndexTensor *indices, int owidth,
                                                int oheight) {
  const char *fn = "SpatialMaxUnpooling_updateGradInput";
  THNNPoolShape s;
  THNN_(SpatialMaxUnpooling_plan)(state, fn, input, indices, owidth, oheight, &s);
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, indices);
  const long planes = s.nBatch * s.nPlanes;
  const long inSize = s.inputSize[0] * s.inputSize[1], outSize = (long)owidth * oheight;

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, false);
  const long *xp = THCudaLongTensor_data(state, g.indices);
  thcunn_pool::FirstBad bad;
  bad.begin(state);
  thcunn_pool::unpoolBackward(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput), xp,
                              planes, inSize, outSize, bad.at);
  long badIndex = 0;
  const long badAt = bad.end(state, xp, &badIndex);
  THNN_(poolGradEnd)(state, &g);
  if (badAt >= 0) THNNPool_indexError(fn, "indices", badAt, badIndex, TH_INDEX_BASE, outSize - 1 + TH_INDEX_BASE);
}
