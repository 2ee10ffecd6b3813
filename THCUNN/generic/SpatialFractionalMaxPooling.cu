// Fractional max pooling (THNN/generic/SpatialFractionalMaxPooling.c): outputH x outputW windows of
// poolSizeH x poolSizeW whose starts follow the sequence drawn from the caller's randomSamples
// ([nBatch x nPlanes x 2]: sample 0 drives W, sample 1 H). The starts are computed on the host by
// the CPU's code (THNNPool_fractionalStarts*) from the samples, which THNN range-checks before
// writing anything, so the host reads them anyway. indices: 1-based plane positions.
#include "Pooling.cuh"
#include "PoolingPlan.cuh"

// Checks the sizes shared by both passes and fills s.
static inline void THNN_(SpatialFractionalMaxPooling_plan)(THCState *state, const char *fn, THCTensor *input,
                                                           int outputW, int outputH, int poolSizeW, int poolSizeH,
                                                           THNNPoolShape *s) {
  THNN_(poolInputShape)(state, fn, input, 2, s);
  THNNPool_fractionalShape2d(fn, s, outputW, outputH, poolSizeW, poolSizeH);
}

// Each plane's window starts (oH rows, then oW columns) on the device, from the checked samples.
static inline THCudaLongTensor *THNN_(SpatialFractionalMaxPooling_starts)(THCState *state, const char *fn,
                                                                          THCTensor *randomSamples,
                                                                          const THNNPoolShape *s, int poolSizeW,
                                                                          int poolSizeH) {
  const long planes = s->nBatch * s->nPlanes, iH = s->inputSize[0], iW = s->inputSize[1];
  const long oH = s->outputSize[0], oW = s->outputSize[1];
  std::vector<real> u((size_t)(2 * planes));
  THCTensor *samples = THCTensor_(newContiguous)(state, randomSamples);
  thcunn_pool::readToHost(state, u.data(), THCTensor_(data)(state, samples), sizeof(real) * u.size());
  THCTensor_(free)(state, samples);
  const long badSample = TH_CONCAT_2(THNNPool_firstBadSample, Real)(u.data(), 2 * planes);
  if (badSample >= 0) {
    const double bad = u[badSample];
    std::vector<real>().swap(u);  // freed first: the error may leave by longjmp, skipping destructors
    THNNPool_sampleError(fn, bad, badSample);
  }
  std::vector<long> starts((size_t)(planes * (oH + oW)));
  for (long p = 0; p < planes; p++) {
    TH_CONCAT_2(THNNPool_fractionalStarts, Real)(u[2 * p + 1], iH, oH, poolSizeH, &starts[p * (oH + oW)]);
    TH_CONCAT_2(THNNPool_fractionalStarts, Real)(u[2 * p], iW, oW, poolSizeW, &starts[p * (oH + oW) + oH]);
  }
  THCudaLongTensor *onDevice = THCudaLongTensor_newWithSize1d(state, (long)starts.size());
  // From pageable memory, the copy has taken the host data when the call returns.
  THCudaCheck(cudaMemcpyAsync(THCudaLongTensor_data(state, onDevice), starts.data(), sizeof(long) * starts.size(),
                              cudaMemcpyHostToDevice, THCState_getCurrentStream(state)));
  return onDevice;
}

void THNN_(SpatialFractionalMaxPooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                     int outputW, int outputH, int poolSizeW, int poolSizeH,
                                                     THCIndexTensor *indices, THCTensor *randomSamples) {
  const char *fn = "SpatialFractionalMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(SpatialFractionalMaxPooling_plan)(state, fn, input, outputW, outputH, poolSizeW, poolSizeH, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  THNN_(checkDims)(state, fn, "randomSamples", randomSamples, 3, 3);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 0, s.nBatch);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 1, s.nPlanes);
  THNN_(checkDimSize)(state, fn, "randomSamples", randomSamples, 2, 2);
  THNN_(poolCheckDevices)(state, fn, input, NULL, "output", output, indices);
  THNN_(checkDevice)(state, fn, "randomSamples", randomSamples);
  THCudaLongTensor *starts =
      THNN_(SpatialFractionalMaxPooling_starts)(state, fn, randomSamples, &s, poolSizeW, poolSizeH);

  long sizes[4];
  const int nd = THNNPool_outputSizes(&s, sizes);
  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  THCudaLongTensor *ind = thcunn::writable(state, indices, nd, sizes);
  thcunn_pool::fractionalForward(state, THCTensor_(data)(state, in), THCTensor_(data)(state, out),
                                 THCudaLongTensor_data(state, ind), THCudaLongTensor_data(state, starts),
                                 s.nBatch * s.nPlanes, s.inputSize[0], s.inputSize[1], s.outputSize[0],
                                 s.outputSize[1], poolSizeH, poolSizeW);
  THCudaLongTensor_free(state, starts);
  THCTensor_(free)(state, in);
  thcunn::written(state, out, output);
  thcunn::written(state, ind, indices);
}

void THNN_(SpatialFractionalMaxPooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                        THCTensor *gradInput, int outputW, int outputH, int poolSizeW,
                                                        int poolSizeH, THCIndexTensor *indices) {
  const char *fn = "SpatialFractionalMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(SpatialFractionalMaxPooling_plan)(state, fn, input, outputW, outputH, poolSizeW, poolSizeH, &s);
  THNN_(poolMaxBackward)(state, fn, input, gradOutput, gradInput, indices, &s, false);
}
