// Lp pooling across features, as THNN's (THNN/generic/FeatureLPPooling.c: same checks, THNNFeatureLPShape.h;
// any positive width and stride). The input is [features], [features x d1] or [features x d1 x d2],
// with a leading batch dimension in batch mode; kernels in FeatureLPPooling.cuh.

static inline thcunn::LPShape THNN_(FeatureLPPooling_shape)(THCState *state, const char *fn, THCTensor *input,
                                                            double power, int width, int stride, bool batchMode) {
  if (batchMode)
    THNN_(checkDims)(state, fn, "input", input, 2, 4);
  else
    THNN_(checkDims)(state, fn, "input", input, 1, 3);
  return THNNFeatureLP_shape(fn, input->nDimension, input->size, power, width, stride, batchMode);
}

// t has the given sizes (THNN's poolCheckTensorSizes, same message).
static inline void THNN_(FeatureLPPooling_checkSizes)(const char *fn, const char *arg, THCTensor *t, int nd,
                                                      const long *sizes) {
  THNN_(checkNotNull)(fn, arg, t);
  bool same = t->nDimension == nd;
  for (int d = 0; same && d < nd; d++) same = t->size[d] == sizes[d];
  if (!same)
    THError("%s: %s must have size %s, got %s", fn, arg, _THSizeDesc(sizes, nd).str,
            _THSizeDesc(t->size, t->nDimension).str);
}

void THNN_(FeatureLPPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal power,
                                          int width, int stride, bool batchMode) {
  const char *fn = "FeatureLPPooling_updateOutput";
  const thcunn::LPShape s = THNN_(FeatureLPPooling_shape)(state, fn, input, power, width, stride, batchMode);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  long sizes[4];
  const int nd = THNNFeatureLP_outputSizes(input->nDimension, input->size, &s, batchMode, sizes);

  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor_(resizeNd)(state, output, nd, sizes, NULL);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  const long n = s.nBatch * s.nOutFeatures * s.inner;
  if (n > 0) {
    thcunn::featureLPForwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0,
                                     THCState_getCurrentStream(state)>>>(
        s, (double)power, THCTensor_(data)(state, in), THCTensor_(data)(state, out));
    THCudaCheckLaunch("FeatureLPPooling_updateOutput");
  }
  THCTensor_(free)(state, in);
  THCTensor_(freeCopyTo)(state, out, output);
}

void THNN_(FeatureLPPooling_updateGradInput)(THCState *state, THCTensor *gradOutput, THCTensor *input,
                                             THCTensor *output, THCTensor *gradInput, accreal power, int width,
                                             int stride, bool batchMode) {
  const char *fn = "FeatureLPPooling_updateGradInput";
  const thcunn::LPShape s = THNN_(FeatureLPPooling_shape)(state, fn, input, power, width, stride, batchMode);
  long sizes[4];
  const int nd = THNNFeatureLP_outputSizes(input->nDimension, input->size, &s, batchMode, sizes);
  THNN_(FeatureLPPooling_checkSizes)(fn, "output", output, nd, sizes);
  THNN_(FeatureLPPooling_checkSizes)(fn, "gradOutput", gradOutput, nd, sizes);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);

  THCTensor *in = THCTensor_(newContiguous)(state, input), *out = THCTensor_(newContiguous)(state, output);
  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  const long n = s.nBatch * s.nFeatures * s.inner;
  if (n > 0) {
    thcunn::featureLPBackwardKernel<<<thc_apply::gridFor(state, n), thc_apply::kThreads, 0,
                                      THCState_getCurrentStream(state)>>>(
        s, (double)power, THCTensor_(data)(state, in), THCTensor_(data)(state, out), THCTensor_(data)(state, go),
        THCTensor_(data)(state, gi));
    THCudaCheckLaunch("FeatureLPPooling_updateGradInput");
  }
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, out);
  THCTensor_(free)(state, go);
  THCTensor_(freeCopyTo)(state, gi, gradInput);
}
