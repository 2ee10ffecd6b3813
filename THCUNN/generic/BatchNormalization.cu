// Batch normalisation over dimension 1 (channels) of a 2-D [N x C] or N-D [N x C x ...] input, as
// THNN's (THNN/generic/BatchNormalization.c: same checks, messages, saved and running statistics).
// Training: each channel is normalised with its batch mean and biased variance; saveMean keeps the
// mean and saveStd the inverse standard deviation 1/sqrt(var + eps); runningMean/runningVar (when
// given) move towards the mean and the UNBIASED variance by momentum. Evaluation uses the running
// statistics. weight and bias may be NULL (1 and 0). One block per channel (BatchNormalization.cuh).

static inline thcunn::BNShape THNN_(BatchNorm_shape)(THCState *state, const char *fn, THCTensor *input) {
  THNN_(checkNotNull)(fn, "input", input);
  if (input->nDimension < 2)
    THError("%s: input must be a 2D or higher tensor [N x C x ...], got a %dD tensor of size %s", fn,
            input->nDimension, THCTensor_(sizeDesc)(state, input).str);
  thcunn::BNShape s = {input->size[0], input->size[1], 1};
  for (int d = 2; d < input->nDimension; d++) s.inner *= input->size[d];
  return s;
}

// A per-channel vector: NULL (when allowed) or 1-D of C elements, on the current device.
static inline void THNN_(BatchNorm_checkVector)(THCState *state, const char *fn, const char *arg, THCTensor *v,
                                                long channels, bool mayBeNull) {
  if (!v && mayBeNull) return;
  THNN_(checkDims)(state, fn, arg, v, 1, 1);
  THNN_(checkDimSize)(state, fn, arg, v, 0, channels);
  THNN_(checkDevice)(state, fn, arg, v);
}

// A per-channel result vector: resized to [C] when it arrives unsized (Torch7 wanted it sized).
static inline void THNN_(BatchNorm_prepareVector)(THCState *state, const char *fn, const char *arg, THCTensor *v,
                                                  long channels) {
  if (!v) return;
  if (v->nDimension == 0) THCTensor_(resize1d)(state, v, channels);
  THNN_(BatchNorm_checkVector)(state, fn, arg, v, channels, false);
}

static inline thcunn::ChannelVector<real> THNN_(BatchNorm_vector)(THCState *state, THCTensor *v) {
  return {v ? THCTensor_(data)(state, v) : NULL, v ? v->stride[0] : 0};
}

void THNN_(BatchNormalization_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                            THCTensor *bias, THCTensor *runningMean, THCTensor *runningVar,
                                            THCTensor *saveMean, THCTensor *saveStd, bool train, double momentum,
                                            double eps) {
  const char *fn = "BatchNormalization_updateOutput";
  const thcunn::BNShape s = THNN_(BatchNorm_shape)(state, fn, input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(BatchNorm_checkVector)(state, fn, "weight", weight, s.channels, true);
  THNN_(BatchNorm_checkVector)(state, fn, "bias", bias, s.channels, true);
  THNN_(BatchNorm_checkVector)(state, fn, "running_mean", runningMean, s.channels, train);
  THNN_(BatchNorm_checkVector)(state, fn, "running_var", runningVar, s.channels, train);
  if (train && s.perChannel() < 2)
    THError("%s: training needs more than one value per channel, got input of size %s", fn,
            THCTensor_(sizeDesc)(state, input).str);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  if (train) {
    THNN_(BatchNorm_prepareVector)(state, fn, "save_mean", saveMean, s.channels);
    THNN_(BatchNorm_prepareVector)(state, fn, "save_std", saveStd, s.channels);
  }

  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCTensor_(resizeAs)(state, output, input);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  thcunn::BNForward<real> a = {THCTensor_(data)(state, in),
                               THCTensor_(data)(state, out),
                               s,
                               THNN_(BatchNorm_vector)(state, weight),
                               THNN_(BatchNorm_vector)(state, bias),
                               THNN_(BatchNorm_vector)(state, runningMean),
                               THNN_(BatchNorm_vector)(state, runningVar),
                               THNN_(BatchNorm_vector)(state, train ? saveMean : NULL),
                               THNN_(BatchNorm_vector)(state, train ? saveStd : NULL),
                               train,
                               momentum,
                               eps};
  if (s.channels > 0) {
    thcunn::bnForwardKernel<<<(unsigned)s.channels, thcunn::planeThreadsFor(s.perChannel()), 0,
                              THCState_getCurrentStream(state)>>>(a);
    THCudaCheckLaunch("BatchNormalization_updateOutput");
  }
  THCTensor_(free)(state, in);
  THCTensor_(freeCopyTo)(state, out, output);
}

// Only what is not NULL is computed: gradInput, gradWeight, gradBias.
void THNN_(BatchNormalization_backward)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                        THCTensor *gradInput, THCTensor *gradWeight, THCTensor *gradBias,
                                        THCTensor *weight, THCTensor *runningMean, THCTensor *runningVar,
                                        THCTensor *saveMean, THCTensor *saveStd, bool train, double scale,
                                        double eps) {
  const char *fn = "BatchNormalization_backward";
  const thcunn::BNShape s = THNN_(BatchNorm_shape)(state, fn, input);
  THNN_(checkSameSize)(state, fn, "gradOutput", gradOutput, "input", input);
  THNN_(BatchNorm_checkVector)(state, fn, "weight", weight, s.channels, true);
  THNN_(BatchNorm_checkVector)(state, fn, "gradWeight", gradWeight, s.channels, true);
  THNN_(BatchNorm_checkVector)(state, fn, "gradBias", gradBias, s.channels, true);
  // training reads the saved statistics, evaluation the running ones; the others are not looked at
  THNN_(BatchNorm_checkVector)(state, fn, train ? "save_mean" : "running_mean", train ? saveMean : runningMean,
                               s.channels, false);
  THNN_(BatchNorm_checkVector)(state, fn, train ? "save_std" : "running_var", train ? saveStd : runningVar,
                               s.channels, false);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);

  THCTensor *in = THCTensor_(newContiguous)(state, input), *go = THCTensor_(newContiguous)(state, gradOutput);
  if (gradInput) THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *gi = gradInput ? THCTensor_(newContiguous)(state, gradInput) : NULL;
  thcunn::BNBackward<real> a = {THCTensor_(data)(state, in),
                                THCTensor_(data)(state, go),
                                gi ? THCTensor_(data)(state, gi) : NULL,
                                s,
                                THNN_(BatchNorm_vector)(state, weight),
                                THNN_(BatchNorm_vector)(state, train ? NULL : runningMean),
                                THNN_(BatchNorm_vector)(state, train ? NULL : runningVar),
                                THNN_(BatchNorm_vector)(state, train ? saveMean : NULL),
                                THNN_(BatchNorm_vector)(state, train ? saveStd : NULL),
                                THNN_(BatchNorm_vector)(state, gradWeight),
                                THNN_(BatchNorm_vector)(state, gradBias),
                                train,
                                scale,
                                eps};
  if (s.channels > 0) {
    thcunn::bnBackwardKernel<<<(unsigned)s.channels, thcunn::planeThreadsFor(s.perChannel()), 0,
                               THCState_getCurrentStream(state)>>>(a);
    THCudaCheckLaunch("BatchNormalization_backward");
  }
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, go);
  if (gi) THCTensor_(freeCopyTo)(state, gi, gradInput);
}
