// 1D convolution over frames: input [T x inputFrameSize] or [N x T x inputFrameSize], weight
// [outputFrameSize x kW*inputFrameSize], output [T' x outputFrameSize], T' = (T - kW) / dW + 1.
//
// As in THNN/generic/TemporalConvolution.c, the input is its own unfolding: the window of output
// frame t is the contiguous run of kW*inputFrameSize elements at frame t*dW, a row-major
// [T' x kW*inputFrameSize] matrix with leading dimension dW*inputFrameSize. cuBLAS needs the leading
// dimension to cover a row, so the kernel is split into blocks of dW frames (one block when
// dW >= kW): block j, kernel frames [j*dW, min(kW, (j+1)*dW)), is one GEMM over that strided view,
// batched over the images (output and input gradient) with no copy.

// THNN's checks (THNN/THNNTemporalShape.h): input 2D or 3D with at least kW frames of inputFrameSize
// features (when >= 0), kW and dW positive, weight [outputFrameSize x kW*inputFrameSize], sizes that fit
// BLAS's int.
static THNNTemporalPlan THNN_(TemporalConvolution_plan)(THCState *state, const char *fn, THCTensor *input,
                                                        const char *weightName, THCTensor *weight, int kW, int dW,
                                                        long inputFrameSize) {
  THNN_(checkDims)(state, fn, "input", input, 2, 3);
  THNNTemporalPlan plan;
  THNNTemporal_planInput(fn, input->nDimension, input->size, kW, dW, inputFrameSize, &plan);
  THNN_(checkNotNull)(fn, weightName, weight);
  THNNTemporal_planWeight(fn, weightName, weight->nDimension, weight->size, input->nDimension, input->size, kW, dW,
                          &plan);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, weightName, weight);
  return plan;
}

static void THNN_(TemporalConvolution_checkGradOutput)(THCState *state, const char *fn, THCTensor *gradOutput,
                                                       const THNNTemporalPlan *plan) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNTemporal_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan->batched, plan->nImages,
                               plan->nOutputFrames, plan->outputFrameSize);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
}

static void THNN_(TemporalConvolution_checkNumel)(THCState *state, const char *fn, const char *arg, THCTensor *t,
                                                  long n, const char *what) {
  if (t) THNNConv_checkNumel(fn, arg, t->nDimension, t->size, n, what);
  THNN_(checkDevice)(state, fn, arg, t);
}

// Whether the GEMMs have anything to do (cuBLAS rejects leading dimensions of 0).
static int THNN_(TemporalConvolution_hasWork)(const THNNTemporalPlan *plan) {
  return plan->nImages > 0 && plan->inputFrameSize > 0 && plan->outputFrameSize > 0;
}

// The kernel blocks: block j starts at element j*dW*inputFrameSize of a window and has `width` elements.
static long THNN_(TemporalConvolution_blocks)(int kW, int dW) { return (kW + dW - 1) / dW; }
static long THNN_(TemporalConvolution_blockWidth)(long j, int kW, int dW, long inputFrameSize) {
  return THMin((long)dW, kW - j * dW) * inputFrameSize;
}

void THNN_(TemporalConvolution_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                                             THCTensor *bias, int kW, int dW, int inputFrameSize,
                                             int outputFrameSize) {
  const char *fn = "TemporalConvolution_updateOutput";
  const THNNTemporalPlan plan =
      THNN_(TemporalConvolution_plan)(state, fn, input, "weight", weight, kW, dW, inputFrameSize);
  if (plan.outputFrameSize != outputFrameSize)
    THError("%s: weight must have outputFrameSize = %d rows, got %s", fn, outputFrameSize,
            THCTensor_(sizeDesc)(state, weight).str);
  THNN_(TemporalConvolution_checkNumel)(state, fn, "bias", bias, outputFrameSize, "outputFrameSize");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);

  const long inF = plan.inputFrameSize, outF = outputFrameSize, Tout = plan.nOutputFrames;
  if (plan.batched)
    THCTensor_(resize3d)(state, output, plan.nImages, Tout, outF);
  else
    THCTensor_(resize2d)(state, output, Tout, outF);
  THCTensor *in = THCTensor_(newContiguous)(state, input), *w = THCTensor_(newContiguous)(state, weight);
  THCTensor *b = bias ? THCTensor_(newContiguous)(state, bias) : NULL, *out = THCTensor_(newContiguous)(state, output);
  const real *x = THCTensor_(data)(state, in), *wd = THCTensor_(data)(state, w);
  real *y = THCTensor_(data)(state, out);
  thcunn_temporal::fillRows(state, y, plan.nImages * Tout, outF, b ? (const real *)THCTensor_(data)(state, b) : NULL);
  for (long j = 0; THNN_(TemporalConvolution_hasWork)(&plan) && j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
    const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
    // y_n [T' x outF] += window block [T' x width] x weight block^T, for every image n
    thc_blas::gemmStridedBatched(state, 't', 'n', outF, Tout, width, (real)1, wd + off, kW * inF, 0L, x + off,
                                 dW * inF, plan.nFrames * inF, (real)1, y, outF, Tout * outF, plan.nImages);
  }
  THCTensor_(freeCopyTo)(state, out, output);
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, w);
  if (b) THCTensor_(free)(state, b);
}

void THNN_(TemporalConvolution_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                THCTensor *gradInput, THCTensor *weight, int kW, int dW) {
  const char *fn = "TemporalConvolution_updateGradInput";
  const THNNTemporalPlan plan = THNN_(TemporalConvolution_plan)(state, fn, input, "weight", weight, kW, dW, -1);
  THNN_(TemporalConvolution_checkGradOutput)(state, fn, gradOutput, &plan);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);

  const long inF = plan.inputFrameSize, outF = plan.outputFrameSize, Tout = plan.nOutputFrames;
  THCTensor_(resizeAs)(state, gradInput, input);
  THCTensor *gout = THCTensor_(newContiguous)(state, gradOutput), *w = THCTensor_(newContiguous)(state, weight);
  THCTensor *gin = THCTensor_(newContiguous)(state, gradInput);
  THCTensor_(zero)(state, gin);
  const real *gy = THCTensor_(data)(state, gout), *wd = THCTensor_(data)(state, w);
  real *gx = THCTensor_(data)(state, gin);
  for (long j = 0; THNN_(TemporalConvolution_hasWork)(&plan) && j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
    const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
    // window block [T' x width] += gradOutput [T' x outF] x weight block: within one GEMM the windows
    // of a block do not overlap (stride dW*inF >= width); the blocks are added one GEMM after another.
    thc_blas::gemmStridedBatched(state, 'n', 'n', width, Tout, outF, (real)1, wd + off, kW * inF, 0L, gy, outF,
                                 Tout * outF, (real)1, gx + off, dW * inF, plan.nFrames * inF, plan.nImages);
  }
  THCTensor_(freeCopyTo)(state, gin, gradInput);
  THCTensor_(free)(state, gout);
  THCTensor_(free)(state, w);
}

void THNN_(TemporalConvolution_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                  THCTensor *gradWeight, THCTensor *gradBias, int kW, int dW,
                                                  accreal scale) {
  const char *fn = "TemporalConvolution_accGradParameters";
  const THNNTemporalPlan plan =
      THNN_(TemporalConvolution_plan)(state, fn, input, "gradWeight", gradWeight, kW, dW, -1);
  THNN_(TemporalConvolution_checkNumel)(state, fn, "gradBias", gradBias, plan.outputFrameSize, "outputFrameSize");
  THNN_(TemporalConvolution_checkGradOutput)(state, fn, gradOutput, &plan);

  const long inF = plan.inputFrameSize, outF = plan.outputFrameSize, Tout = plan.nOutputFrames;
  THCTensor *in = THCTensor_(newContiguous)(state, input), *gout = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  const real *x = THCTensor_(data)(state, in), *gy = THCTensor_(data)(state, gout);
  real *gwd = THCTensor_(data)(state, gw);
  // Every image adds into the same gradWeight: one GEMM per image and block, in turn on the stream.
  for (long n = 0; THNN_(TemporalConvolution_hasWork)(&plan) && n < plan.nImages; n++) {
    const real *xn = x + n * plan.nFrames * inF, *gyn = gy + n * Tout * outF;
    for (long j = 0; j < THNN_(TemporalConvolution_blocks)(kW, dW); j++) {
      const long off = j * dW * inF, width = THNN_(TemporalConvolution_blockWidth)(j, kW, dW, inF);
      // gradWeight block [outF x width] += scale * gradOutput^T x window block
      thc_blas::gemm(state, 'n', 't', width, outF, Tout, (real)scale, xn + off, dW * inF, gyn, outF, (real)1,
                     gwd + off, kW * inF);
    }
  }
  THCTensor_(freeCopyTo)(state, gw, gradWeight);
  if (gradBias) {
    THCTensor *gb = THCTensor_(newContiguous)(state, gradBias);
    thcunn_temporal::accGradBias(state, gy, plan.nImages * Tout, outF, THCTensor_(data)(state, gb), (double)scale);
    THCTensor_(freeCopyTo)(state, gb, gradBias);
  }
  THCTensor_(free)(state, in);
  THCTensor_(free)(state, gout);
}
