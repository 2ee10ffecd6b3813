#include "THNNFeatureLPShape.h"

#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/FeatureLPPooling.c"
#else

/* Lp pooling across features: output feature j = (sum over input features j*stride .. j*stride +
 * width - 1 of x^power)^(1/power), at every position of the optional trailing dimensions. The input
 * is [features], [features x d1] or [features x d1 x d2], with a leading batch dimension in batch
 * mode. Torch7 limited width to 2..16 and stride to 1..4 (its CUDA kernel's limits); any positive
 * values work here. */

/* The checks are THNNFeatureLPShape.h's, on sizes, shared with libTHCUNN. */
static THNNFeatureLPShape THNN_(FeatureLPPooling_shape)(const char *fn, THTensor *input, double power, int width,
                                                        int stride, bool batchMode) {
  if (batchMode)
    THNN_(checkDims)(fn, "input", input, 2, 4);
  else
    THNN_(checkDims)(fn, "input", input, 1, 3);
  return THNNFeatureLP_shape(fn, input->nDimension, input->size, power, width, stride, batchMode);
}

void THNN_(FeatureLPPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal power,
                                          int width, int stride, bool batchMode) {
  const char *fn = "FeatureLPPooling_updateOutput";
  const THNNFeatureLPShape s = THNN_(FeatureLPPooling_shape)(fn, input, power, width, stride, batchMode);
  THNN_(checkNotNull)(fn, "output", output);
  long sizes[4];
  const int nd = THNNFeatureLP_outputSizes(input->nDimension, input->size, &s, batchMode, sizes);
  const long F = s.nFeatures, oF = s.nOutFeatures, R = s.inner, columns = s.nBatch * R;

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);

  /* A column (one sample, one trailing position) runs through the features on its own. */
#pragma omp parallel for if (columns > 1 && columns * F > THNN_POOL_OMP_MIN)
  for (long c = 0; c < columns; c++) {
    const real *x = ip + (c / R) * F * R + c % R;
    real *y = op + (c / R) * oF * R + c % R;
    for (long j = 0; j < oF; j++) {
      accreal sum = 0;
      for (long i = 0; i < width; i++) sum += pow(x[(j * stride + i) * R], power);
      y[j * R] = (real)pow(sum, 1 / power);
    }
  }

  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
}

/* d output_j / d x_i = (x_i / output_j)^(power - 1); an output of 0 passes no gradient (Torch7's
 * choice, where the expression is 0/0). */
void THNN_(FeatureLPPooling_updateGradInput)(THNNState *state, THTensor *gradOutput, THTensor *input,
                                             THTensor *output, THTensor *gradInput, accreal power, int width,
                                             int stride, bool batchMode) {
  const char *fn = "FeatureLPPooling_updateGradInput";
  const THNNFeatureLPShape s = THNN_(FeatureLPPooling_shape)(fn, input, power, width, stride, batchMode);
  long sizes[4];
  const int nd = THNNFeatureLP_outputSizes(input->nDimension, input->size, &s, batchMode, sizes);
  THNN_(poolCheckTensorSizes)(fn, "output", output, nd, sizes);
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const long F = s.nFeatures, oF = s.nOutFeatures, R = s.inner, columns = s.nBatch * R;

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gi = THNN_(writable)(gradInput, 0);
  const real *ip = THTensor_(data)(in), *op = THTensor_(data)(out), *gop = THTensor_(data)(go);
  real *gip = THTensor_(data)(gi);

#pragma omp parallel for if (columns > 1 && columns * F > THNN_POOL_OMP_MIN)
  for (long c = 0; c < columns; c++) {
    const long inBase = (c / R) * F * R + c % R, outBase = (c / R) * oF * R + c % R;
    const real *x = ip + inBase, *y = op + outBase, *gy = gop + outBase;
    real *gx = gip + inBase;
    for (long i = 0; i < F; i++) gx[i * R] = 0;
    for (long j = 0; j < oF; j++) {
      const accreal yj = y[j * R];
      if (yj == 0) continue;
      for (long i = 0; i < width; i++) {
        const long at = (j * stride + i) * R;
        gx[at] += (real)(gy[j * R] * pow(x[at] / yj, power - 1));
      }
    }
  }

  THTensor_(free)(in);
  THTensor_(free)(out);
  THTensor_(free)(go);
  THNN_(writeBack)(gradInput, gi);
}

#endif
