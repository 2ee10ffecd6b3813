// Volumetric(Dilated)MaxPooling's wrappers, once per type (THNN's poolMax3dForward/Backward):
// included by both generic files. Kernels in THCUNN/Pooling3d.cuh.
#include "generic/PoolTensors.cuh"

// The checks both passes share (THNN's poolPlan over "THW" and its byte-sized offsets).
static inline thcunn_pool3d::PoolShape THNN_(maxPool3dPlan)(THCState *state, const char *fn, THCTensor *input,
                                                            const thcunn_pool3d::PoolWindows3 &ws, bool ceilMode) {
  thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, 3);
  thcunn_pool3d::poolOutputShape(fn, "THW", s, ws.w, ceilMode);
  return s;
}

static inline void THNN_(maxPool3dForward)(THCState *state, const char *fn, THCTensor *input, THCTensor *output,
                                           THCIndexTensor *indices, const thcunn_pool3d::PoolWindows3 &ws,
                                           bool ceilMode) {
  const thcunn_pool3d::PoolShape s = THNN_(maxPool3dPlan)(state, fn, input, ws, ceilMode);
  for (int a = 0; a < 3; a++)
    if (ws.w[a].kernel > 256)
      THError("%s: kernel size must be at most %d (the indices keep each offset in a byte), got k%c = %d", fn, 256,
              "THW"[a], ws.w[a].kernel);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(checkDevice)(state, fn, "output", output);
  thcunn::checkIndexDevice(state, fn, "indices", indices);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THNN_(PoolOut) o = THNN_(poolOutBegin)(state, s, input, output, indices);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::maxPool3dForward<real>, THCTensor_(data)(state, o.in),
                THCTensor_(data)(state, o.out), THCIndexTensor_(data)(state, o.ind), n, d, ws);
  THNN_(poolOutEnd)(state, &o, output, indices);
}

static inline void THNN_(maxPool3dBackward)(THCState *state, const char *fn, THCTensor *input, THCTensor *gradOutput,
                                            THCTensor *gradInput, THCIndexTensor *indices,
                                            const thcunn_pool3d::PoolWindows3 &ws, bool ceilMode) {
  const thcunn_pool3d::PoolShape s = THNN_(maxPool3dPlan)(state, fn, input, ws, ceilMode);
  THNN_(poolCheckMaxGrad)(state, fn, gradOutput, gradInput, indices, s);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, true);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::maxPool3dBackward<real>, THCTensor_(data)(state, g.go),
                THCIndexTensor_(data)(state, g.ind), THCTensor_(data)(state, g.gi), n, d, ws, g.firstBad);
  long badIndex = 0;
  const long badAt = THNN_(poolGradEnd)(state, &g, gradInput, &badIndex);
  if (badAt >= 0)
    THError(
        "%s: indices value %ld at position %ld (counted from 0 over its elements) is not a window offset "
        "(its three low bytes offT + 256 offH + 65536 offW, each offset below the kernel size %dx%dx%d and "
        "inside the input)",
        fn, badIndex, badAt, ws.w[0].kernel, ws.w[1].kernel, ws.w[2].kernel);
}
