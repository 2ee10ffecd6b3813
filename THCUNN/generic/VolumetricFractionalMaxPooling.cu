// Fractional max pooling in 3-D, in Torch7's layout: input [nBatch x] nPlanes x H x W x T (T
// innermost), output [nBatch x] nPlanes x outputH x outputW x outputT. The window starts follow
// THNN's sequence per plane and axis, driven by the caller's randomSamples [nBatch x nPlanes x 3]
// (sample 0 drives T, 1 W, 2 H); they are computed on the host as THNN computes them (in `real`),
// because THNN checks every sample lies in [0, 1) before writing, which needs them there anyway.
// indices holds each max's 1-based position within its input volume.
#include "generic/PoolTensors.cuh"

static const int THNN_(VolumetricFractionalMaxPooling_sample)[3] = {2, 1, 0};

static thcunn_pool3d::PoolShape THNN_(VolumetricFractionalMaxPooling_plan)(THCState *state, const char *fn,
                                                                           THCTensor *input, int outputT, int outputW,
                                                                           int outputH, int poolSizeT, int poolSizeW,
                                                                           int poolSizeH) {
  const thcunn_pool3d::PoolShape s = THNN_(poolInputShape)(state, fn, input, 3);
  const int out[3] = {outputH, outputW, outputT}, pool[3] = {poolSizeH, poolSizeW, poolSizeT};
  THNNPoolShape t = s.thnn();
  THNNPool_fractionalShape3d(fn, &t, out, pool, input->nDimension, input->size);
  return thcunn_pool3d::PoolShape(t);
}

// The window starts of every plane along H, then W, then T, on the device (THCudaFree them); raises
// THNN's error for a sample outside [0, 1).
static long *THNN_(fractionalStartsOnDevice)(THCState *state, const char *fn, THCTensor *randomSamples,
                                             const thcunn_pool3d::PoolShape &s,
                                             const thcunn_pool3d::FractionalPlan &plan) {
  const long planes = s.planes();
  THCTensor *samples = THCTensor_(newContiguous)(state, randomSamples);
  real *u = (real *)THAlloc(sizeof(real) * (size_t)(3 * planes));
  cudaStream_t stream = THCState_getCurrentStream(state);
  cudaError_t err = cudaMemcpyAsync(u, THCTensor_(data)(state, samples), sizeof(real) * (size_t)(3 * planes),
                                    cudaMemcpyDeviceToHost, stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCTensor_(free)(state, samples);
  if (err != cudaSuccess) THFree(u);
  THCudaCheck(err);
  const long badSample = TH_CONCAT_2(THNNPool_firstBadSample, Real)(u, 3 * planes);
  if (badSample >= 0) {
    const double bad = u[badSample];
    THFree(u);
    THNNPool_sampleError(fn, bad, badSample);
  }
  long *starts = (long *)THAlloc(sizeof(long) * (size_t)(planes * plan.perPlane));
  for (long p = 0; p < planes; p++)
    for (int a = 0; a < 3; a++)
      TH_CONCAT_2(THNNPool_fractionalStarts, Real)(u[3 * p + THNN_(VolumetricFractionalMaxPooling_sample)[a]],
                                                   s.in[a], s.out[a], (int)plan.pool[a],
                                                   starts + p * plan.perPlane + plan.axisBase[a]);
  THFree(u);
  long *deviceStarts = nullptr;
  const size_t bytes = sizeof(long) * (size_t)(planes * plan.perPlane);
  err = THCudaMalloc(state, (void **)&deviceStarts, bytes);
  // From pageable memory the copy has read `starts` when it returns.
  if (err == cudaSuccess) err = cudaMemcpyAsync(deviceStarts, starts, bytes, cudaMemcpyHostToDevice, stream);
  THFree(starts);
  THCudaCheck(err);
  return deviceStarts;
}

void THNN_(VolumetricFractionalMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                        int outputT, int outputW, int outputH, int poolSizeT,
                                                        int poolSizeW, int poolSizeH, THCIndexTensor *indices,
                                                        THCTensor *randomSamples) {
  const char *fn = "VolumetricFractionalMaxPooling_updateOutput";
  const thcunn_pool3d::PoolShape s = THNN_(VolumetricFractionalMaxPooling_plan)(
      state, fn, input, outputT, outputW, outputH, poolSizeT, poolSizeW, poolSizeH);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(checkDims)(state, fn, "randomSamples", randomSamples, 3, 3);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 0, s.nBatch);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 1, s.nPlanes);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 2, 3);
  THNN_(checkDevice)(state, fn, "output", output);
  thcunn::checkIndexDevice(state, fn, "indices", indices);
  THNN_(checkDevice)(state, fn, "randomSamples", randomSamples);
  const thcunn_pool3d::FractionalPlan plan = {
      s.out[0] + s.out[1] + s.out[2], {0, s.out[0], s.out[0] + s.out[1]}, {poolSizeH, poolSizeW, poolSizeT}};
  long *starts = THNN_(fractionalStartsOnDevice)(state, fn, randomSamples, s, plan);

  const thcunn_pool3d::Dims3 d = s.dims3();
  THNN_(PoolOut) o = THNN_(poolOutBegin)(state, s, input, output, indices);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::fractionalMaxPool3dForward<real>, THCTensor_(data)(state, o.in),
                THCTensor_(data)(state, o.out), THCIndexTensor_(data)(state, o.ind), n, d, starts, plan);
  THCudaCheck(THCudaFree(state, starts));
  THNN_(poolOutEnd)(state, &o, output, indices);
}

void THNN_(VolumetricFractionalMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                           THCTensor *gradInput, int outputT, int outputW, int outputH,
                                                           int poolSizeT, int poolSizeW, int poolSizeH,
                                                           THCIndexTensor *indices) {
  const char *fn = "VolumetricFractionalMaxPooling_updateGradInput";
  const thcunn_pool3d::PoolShape s = THNN_(VolumetricFractionalMaxPooling_plan)(
      state, fn, input, outputT, outputW, outputH, poolSizeT, poolSizeW, poolSizeH);
  THNN_(poolCheckMaxGrad)(state, fn, gradOutput, gradInput, indices, s);
  const thcunn_pool3d::Dims3 d = s.dims3();

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, true);
  const long n = s.planes() * d.outCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::maxPoolScatter<real>, THCTensor_(data)(state, g.go),
                THCIndexTensor_(data)(state, g.ind), THCTensor_(data)(state, g.gi), n, d.outCount(), d.inCount(),
                g.firstBad);
  long badIndex = 0;
  const long badAt = THNN_(poolGradEnd)(state, &g, gradInput, &badIndex);
  if (badAt >= 0)
    THError("%s: %s value %ld is out of range [%ld, %ld] at position %ld (counted from 0 over its elements)", fn,
            "indices", badIndex, (long)TH_INDEX_BASE, d.inCount() - 1 + TH_INDEX_BASE, badAt);
}
