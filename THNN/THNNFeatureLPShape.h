#ifndef THNN_FEATURE_LP_SHAPE_H
#define THNN_FEATURE_LP_SHAPE_H
/* FeatureLPPooling's shape checks on plain sizes (a tensor's nDimension and size array): shared by
 * libTHNN (generic/FeatureLPPooling.c) and libTHCUNN, so that both reject the same input in the same
 * words. Not installed. */
#include "TH.h"

/* The input as [nBatch x nFeatures x inner] (inner: the trailing positions); output feature j pools
 * input features j*stride .. j*stride + width - 1. */
typedef struct {
  long nBatch, nFeatures, inner, nOutFeatures;
  long width, stride;
} THNNFeatureLPShape;

/* width, stride and power, and an input of nd dimensions (already checked: 1 to 3, one more in batch
 * mode) with at least width features. */
static inline THNNFeatureLPShape THNNFeatureLP_shape(const char *fn, int nd, const long *size, double power,
                                                     int width, int stride, int batchMode) {
  if (width < 1 || stride < 1)
    THError("%s: width and stride must be positive, got width = %d, stride = %d", fn, width, stride);
  if (!(power != 0)) THError("%s: power must be non-zero, got %g", fn, power);
  const int f = batchMode ? 1 : 0;
  THNNFeatureLPShape s;
  s.nBatch = batchMode ? size[0] : 1;
  s.nFeatures = size[f];
  s.inner = 1;
  for (int d = f + 1; d < nd; d++) s.inner *= size[d];
  if (s.nFeatures < width)
    THError("%s: input must have at least width = %d features (dimension %d), got size %s", fn, width,
            f + TH_INDEX_BASE, _THSizeDesc(size, nd).str);
  s.nOutFeatures = (s.nFeatures - width) / stride + 1;
  s.width = width;
  s.stride = stride;
  return s;
}

/* The output's sizes: the input's (nd of them), with nOutFeatures features. Returns nd. */
static inline int THNNFeatureLP_outputSizes(int nd, const long *size, const THNNFeatureLPShape *s, int batchMode,
                                            long *sizes) {
  for (int d = 0; d < nd; d++) sizes[d] = size[d];
  sizes[batchMode ? 1 : 0] = s->nOutFeatures;
  return nd;
}

#endif
