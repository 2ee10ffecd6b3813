// The mean over each kT x kH x kW window of a [nBatch x] nPlanes x T x H x W input, divided by the
// window's positions inside the input, or with count_include_pad also those in the padding (THNN's
// rule, SpatialAveragePooling's).
#include "generic/PoolTensors.cuh"

static thcunn_pool3d::PoolShape THNN_(VolumetricAveragePooling_plan)(THCState *state, const char *fn, THCTensor *input,
                                                                     const thcunn_pool3d::PoolWindows3 &ws,
                                                                     bool ceil_mode) {
  thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, 3);
  thcunn_pool3d::poolOutputShape(fn, "THW", s, ws.w, ceil_mode);
  return s;
}

void THNN_(VolumetricAveragePooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int kT, int kW,
                                                  int kH, int dT, int dW, int dH, int padT, int padW, int padH,
                                                  bool ceil_mode, bool count_include_pad) {
  const char *fn = "VolumetricAveragePooling_updateOutput";
  const thcunn_pool3d::PoolWindows3 ws = {{{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}}};
  const thcunn_pool3d::PoolShape s = THNN_(VolumetricAveragePooling_plan)(state, fn, input, ws, ceil_mode);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THNN_(PoolOut) o = THNN_(poolOutBegin)(state, s, input, output, NULL);
  const long n = s.planes() * d.outCount();
  const auto kernel = thcunn_pool3d::averagePool3dForward<real, accreal>;
  THCUNN_LAUNCH(state, n, kernel, THCTensor_(data)(state, o.in), THCTensor_(data)(state, o.out), n, d, ws,
                count_include_pad);
  THNN_(poolOutEnd)(state, &o, output, NULL);
}

void THNN_(VolumetricAveragePooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                     THCTensor *gradInput, int kT, int kW, int kH, int dT, int dW,
                                                     int dH, int padT, int padW, int padH, bool ceil_mode,
                                                     bool count_include_pad) {
  const char *fn = "VolumetricAveragePooling_updateGradInput";
  const thcunn_pool3d::PoolWindows3 ws = {{{kT, dT, padT, 1}, {kH, dH, padH, 1}, {kW, dW, padW, 1}}};
  const thcunn_pool3d::PoolShape s = THNN_(VolumetricAveragePooling_plan)(state, fn, input, ws, ceil_mode);
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THCTensor *go = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *gi = thcunn::writable(state, gradInput, input->nDimension, input->size);
  const long n = s.planes() * d.inCount();
  const auto kernel = thcunn_pool3d::averagePool3dBackward<real, accreal>;
  THCUNN_LAUNCH(state, n, kernel, THCTensor_(data)(state, go), THCTensor_(data)(state, gi), n, d, ws,
                count_include_pad);
  THCTensor_(free)(state, go);
  thcunn::written(state, gi, gradInput);
}
