// Max over oheight x owidth windows spread over the input as Torch7 computed them
// (THNNPool_adaptiveMaxWindow; see THNN/generic/SpatialAdaptiveMaxPooling.c). indices has two
// planes in front of the output's sizes: each max's 1-based row within its window, then its column.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

// indices' sizes: 2, then the output's. Returns the number of dimensions.
static inline int THNN_(SpatialAdaptiveMaxPooling_indexSizes)(const THNNPoolShape *s, long *sizes) {
  sizes[0] = 2;
  return 1 + THNNPool_outputSizes(s, sizes + 1);
}

void THNN_(SpatialAdaptiveMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                   THCIndexTensor *indices, int owidth, int oheight) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolInputShape)(state, fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(poolCheckAdaptiveSize)(fn, owidth, oheight, &s);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, indices);
  long sizes[4], indexSizes[5];
  const int nd = THNNPool_outputSizes(&s, sizes);
  const int indexNd = THNN_(SpatialAdaptiveMaxPooling_indexSizes)(&s, indexSizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  THCudaLongTensor *ind = thcunn::writable(state, indices, indexNd, indexSizes);
  thcunn_pool::adaptiveMaxForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out),
                                  THCudaLongTensor_data(state, ind), s.nBatch * s.nPlanes, s.inputSize[0],
                                  s.inputSize[1], s.outputSize[0], s.outputSize[1]);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
  thcunn::written(state, ind, indices);
}

// The output size is gradOutput's. Offsets outside their window raise THNN's error (after gradInput
// is written, as on the CPU).
void THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                      THCTensor *gradInput, THCIndexTensor *indices) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolAdaptiveGradShape)(state, fn, input, gradOutput, gradInput, &s);
  long indexSizes[5];
  const int indexNd = THNN_(SpatialAdaptiveMaxPooling_indexSizes)(&s, indexSizes);
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, indexNd, indexSizes);
  THNN_(poolCheckDevices)(state, fn, input, gradOutput, "gradInput", gradInput, indices);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];
  const long outSize = oH * oW;

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, true);
  const long *rows = THCudaLongTensor_data(state, g.indices);
  thcunn_pool::FirstBad bad;
  bad.begin(state);
  thcunn_pool::adaptiveMaxScatter(state, THCTensor_(data)(state, g.gradInput), THCTensor_(data)(state, g.gradOutput),
                                  rows, planes, iH, iW, oH, oW, bad.at);
  long badRow = 0, badCol = 0;
  const long badAt = bad.end(state, rows, &badRow);
  if (badAt >= 0) badCol = thcunn_pool::readLong(state, rows + planes * outSize + badAt);
  THNN_(poolGradEnd)(state, &g);
  if (badAt >= 0) {
    long h0, h1, w0, w1;
    THNNPool_adaptiveMaxWindow(badAt % outSize / oW, oH, iH, &h0, &h1);
    THNNPool_adaptiveMaxWindow(badAt % oW, oW, iW, &w0, &w1);
    THError("%s: indices give offsets (row %ld, column %ld) at position %ld (counted from 0 over one of its two "
            "planes) outside their %ldx%ld window (the offsets are 1-based)",
            fn, badRow, badCol, badAt, h1 - h0, w1 - w0);
  }
}
