// The bilinear and trilinear upsampling wrappers, once per type (THNN's linearForward and
// linearBackward, with their checks and messages); kernels in THCUNN/Interpolation.cuh.
#include "generic/PoolTensors.cuh"

// Each plane of input (nAxes + 1 or nAxes + 2 dimensions) resized to outSize[0..nAxes), named in the
// messages by outSizeNames.
static inline void THNN_(linearForward)(THCState *state, const char *fn, int nAxes, const int *outSize,
                                        const char *const *outSizeNames, THCTensor *input, THCTensor *output) {
  thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, nAxes);
  for (int a = 0; a < nAxes; a++) {
    if (outSize[a] < 1) THError("%s: output size must be positive, got %s = %d", fn, outSizeNames[a], outSize[a]);
    s.out[a] = outSize[a];
  }
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  long sizes[5];
  const int nd = s.outputSizes(sizes);
  THNN_checkedProduct(fn, "the output", nd, sizes);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THNN_(PoolOut) o = THNN_(poolOutBegin)(state, s, input, output, NULL);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::linearForward<real>, THCTensor_(data)(state, o.in),
                THCTensor_(data)(state, o.out), n, d);
  THNN_(poolOutEnd)(state, &o, output, NULL);
}

// The legacy backward, given the sizes instead of the input: gradInput becomes nbatch x nchannels x
// inSize... (without nbatch when gradOutput has no batch dimension and nbatch is 1). sizeNames names
// nbatch, nchannels, the input sizes, then the output sizes.
static inline void THNN_(linearBackward)(THCState *state, const char *fn, int nAxes, long nbatch, long nchannels,
                                         const int *inSize, const int *outSize, const char *const *sizeNames,
                                         THCTensor *gradOutput, THCTensor *gradInput) {
  THNNInterp_checkGradSizes(fn, nAxes, nbatch, nchannels, inSize, outSize, sizeNames);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  const thcunn_pool3d::PoolShape s(
      THNNInterp_gradShape(nAxes, nbatch, nchannels, inSize, outSize, gradOutput->nDimension));
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  long giSizes[5];
  const THNNPoolShape t = s.thnn();
  const int nd = THNNInterp_gradInputSizes(fn, &t, giSizes);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *gi = thcunn::writable(state, gradInput, nd, giSizes);
  THCTensor_(zero)(state, gi);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::linearBackward<real>, THCTensor_(data)(state, go), THCTensor_(data)(state, gi),
                n, d);
  THCTensor_(free)(state, go);
  thcunn::written(state, gi, gradInput);
}
