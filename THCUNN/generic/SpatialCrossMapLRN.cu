// Local response normalisation across channels (formula and window in SpatialCrossMapLRN.cuh). The
// input is [C x H x W] or [N x C x H x W]; `scale` (caller-owned) is resized to the input's size and
// keeps the normalisers for updateGradInput, which takes the output and scale updateOutput left.

static inline thcunn::LRNShape THNN_(SpatialCrossMapLRN_shape)(THCState *state, const char *fn, THCTensor *input,
                                                                int size) {
  THNN_(checkDims)(state, fn, "input", input, 3, 4);
  if (size < 1) THError("%s: size must be positive, got %d", fn, size);
  const int b = input->nDimension == 4;
  const int pre = (size - 1) / 2;
  return {b ? input->size[0] : 1, input->size[b], input->size[b + 1] * input->size[b + 2], pre, size - 1 - pre};
}

void THNN_(SpatialCrossMapLRN_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *scale,
                                            int size, accreal alpha, accreal beta, accreal k) {
  const char *fn = "SpatialCrossMapLRN_updateOutput";
  const thcunn::LRNShape s = THNN_(SpatialCrossMapLRN_shape)(state, fn, input, size);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "scale", scale);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  THNN_(checkDevice)(state, fn, "scale", scale);

  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor_(resizeAs)(state, output, input);
  THCTensor_(resizeAs)(state, scale, input);
  THCTensor *out = THCTensor_(newContiguous)(state, output), *sc = THCTensor_(newContiguous)(state, scale);
  const long columns = s.n * s.inner;  // one thread per (image, position)
  if (columns > 0) {
    thcunn::lrnForwardKernel<<<thc_apply::gridFor(state, columns), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
        s, THCTensor_(data)(state, in), THCTensor_(data)(state, sc), THCTensor_(data)(state, out),
        (real)(alpha / size), (real)beta, (real)k);
    THCudaCheckLaunch("SpatialCrossMapLRN_updateOutput");
  }
  THCTensor_(free)(state, in);
  THCTensor_(freeCopyTo)(state, sc, scale);
  THCTensor_(freeCopyTo)(state, out, output);
}

void THNN_(SpatialCrossMapLRN_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                               THCTensor *gradInput, THCTensor *scale, THCTensor *output, int size,
                                               accreal alpha, accreal beta, accreal k) {
  const char *fn = "SpatialCrossMapLRN_updateGradInput";
  const thcunn::LRNShape s = THNN_(SpatialCrossMapLRN_shape)(state, fn, input, size);
  THNN_(checkSameSize)(state, fn, "gradOutput", gradOutput, "input", input);
  THNN_(checkSameSize)(state, fn, "scale", scale, "input", input);
  THNN_(checkSameSize)(state, fn, "output", output, "input", input);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "scale", scale);
  THNN_(checkDevice)(state, fn, "output", output);

  THCTensor *in = THCTensor_(newContiguous)(state, input), *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *sc = THCTensor_(newContiguous)(state, scale), *out = THCTensor_(newContiguous)(state, output);
  THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *gi = THCTensor_(newContiguous)(state, gradInput);
  const long columns = s.n * s.inner;  // one thread per (image, position)
  if (columns > 0) {
    thcunn::lrnBackwardKernel<<<thc_apply::gridFor(state, columns), thc_apply::kThreads, 0, THCState_getCurrentStream(state)>>>(
        s, THCTensor_(data)(state, in), THCTensor_(data)(state, go), THCTensor_(data)(state, sc),
        THCTensor_(data)(state, out), THCTensor_(data)(state, gi), (real)(2 * alpha * beta / size), (real)beta);
    THCudaCheckLaunch("SpatialCrossMapLRN_updateGradInput");
  }
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, go);
  THCTensor_(free)(state, sc);
  THCTensor_(free)(state, out);
  THCTensor_(freeCopyTo)(state, gi, gradInput);
}
