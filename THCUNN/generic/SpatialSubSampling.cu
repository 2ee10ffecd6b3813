// LeNet's subsampling (SpatialSubSampling.cuh): weight and bias hold one value per plane (any shape
// with nInputPlane elements); bias and gradBias may be NULL. Checks as THNN's, in its order.

// Checks input, the window and weight (named weightName, not NULL) as THNN does.
static thcunn::SubSampling THNN_(SpatialSubSampling_plan)(THCState *state, const char *fn, THCTensor *input,
                                                          THCTensor *weight, const char *weightName, int kW, int kH,
                                                          int dW, int dH) {
  THNN_(checkNotNull)(fn, weightName, weight);
  THNN_(checkDims)(state, fn, "input", input, 3, 4);
  const thcunn::SubSampling s = thcunn::subSamplingPlan(fn, input->nDimension, input->size, kW, kH, dW, dH);
  THNNConv_checkNumel(fn, weightName, weight->nDimension, weight->size, s.nPlanes, "one per input plane");
  return s;
}

static void THNN_(SpatialSubSampling_checkBias)(const char *fn, const char *arg, THCTensor *bias,
                                                const thcunn::SubSampling &s) {
  if (bias) THNNConv_checkNumel(fn, arg, bias->nDimension, bias->size, s.nPlanes, "one per input plane");
}

static void THNN_(SpatialSubSampling_checkGradOutput)(const char *fn, THCTensor *gradOutput,
                                                      const thcunn::SubSampling &s) {
  thcunn::subSamplingCheckOutputLike(fn, "gradOutput", gradOutput, gradOutput ? gradOutput->nDimension : 0,
                                     gradOutput ? gradOutput->size : NULL, s);
}

void THNN_(SpatialSubSampling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                            THCTensor *bias, int kW, int kH, int dW, int dH) {
  const char *fn = "SpatialSubSampling_updateOutput";
  const thcunn::SubSampling s = THNN_(SpatialSubSampling_plan)(state, fn, input, weight, "weight", kW, kH, dW, dH);
  THNN_(SpatialSubSampling_checkBias)(fn, "bias", bias, s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(checkDevice)(state, fn, "weight", weight);
  THNN_(checkDevice)(state, fn, "bias", bias);

  long sizes[4];
  const int nd = s.outputSizes(sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input), *w = THCTensor_(newContiguous)(state, weight);
  THCTensor *b = bias ? THCTensor_(newContiguous)(state, bias) : NULL;
  THCTensor_(resizeNd)(state, output, nd, sizes, NULL);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  thcunn::launchPerElement(state, "subSamplingOutput", (long)THCTensor_(nElement)(state, out),
                           thcunn::subSamplingOutputKernel<real>, s, (const real *)THCTensor_(data)(state, in),
                           (const real *)THCTensor_(data)(state, w),
                           (const real *)(b ? THCTensor_(data)(state, b) : NULL), THCTensor_(data)(state, out));
  THCTensor_(freeCopyTo)(state, out, output);
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, w);
  if (b) THCTensor_(free)(state, b);
}

void THNN_(SpatialSubSampling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                               THCTensor *gradInput, THCTensor *weight, int kW, int kH, int dW,
                                               int dH) {
  const char *fn = "SpatialSubSampling_updateGradInput";
  const thcunn::SubSampling s = THNN_(SpatialSubSampling_plan)(state, fn, input, weight, "weight", kW, kH, dW, dH);
  THNN_(SpatialSubSampling_checkGradOutput)(fn, gradOutput, s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "weight", weight);

  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput), *w = THCTensor_(newContiguous)(state, weight);
  THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  thcunn::launchPerElement(state, "subSamplingGradInput", (long)THCTensor_(nElement)(state, gi),
                           thcunn::subSamplingGradInputKernel<real>, s, (const real *)THCTensor_(data)(state, go),
                           (const real *)THCTensor_(data)(state, w), THCTensor_(data)(state, gi));
  THCTensor_(freeCopyTo)(state, gi, gradInput);
  THCTensor_(free)(state, go);
  THCTensor_(free)(state, w);
}

void THNN_(SpatialSubSampling_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                 THCTensor *gradWeight, THCTensor *gradBias, int kW, int kH, int dW,
                                                 int dH, accreal scale) {
  const char *fn = "SpatialSubSampling_accGradParameters";
  const thcunn::SubSampling s =
      THNN_(SpatialSubSampling_plan)(state, fn, input, gradWeight, "gradWeight", kW, kH, dW, dH);
  THNN_(SpatialSubSampling_checkBias)(fn, "gradBias", gradBias, s);
  THNN_(SpatialSubSampling_checkGradOutput)(fn, gradOutput, s);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  THNN_(checkDevice)(state, fn, "gradBias", gradBias);

  THCTensor *in = THCTensor_(newContiguous)(state, input), *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  THCTensor *gb = gradBias ? THCTensor_(newContiguous)(state, gradBias) : NULL;
  if (s.nPlanes > 0) {  // one block per plane
    thcunn::subSamplingGradParametersKernel<<<(unsigned)s.nPlanes, thcunn::planeThreadsFor(s.nBatch * s.oH * s.oW), 0,
                                              THCState_getCurrentStream(state)>>>(
        s, THCTensor_(data)(state, in), THCTensor_(data)(state, go), s.nBatch, (real)scale, THCTensor_(data)(state, gw),
        gb ? THCTensor_(data)(state, gb) : NULL);
    THCudaCheckLaunch("subSamplingGradParameters");
  }
  THCTensor_(freeCopyTo)(state, gw, gradWeight);
  if (gb) THCTensor_(freeCopyTo)(state, gb, gradBias);
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, go);
}
