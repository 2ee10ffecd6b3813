// The inverse of VolumetricMaxPooling: input element (t, h, w) goes to output position
// (t dT - pT + offT, h dH - pH + offH, w dW - pW + offW) of an oT x oH x oW volume, the offsets packed
// in indices as VolumetricMaxPooling writes them; the rest of the output is 0. Where positions repeat
// the last element (in order) wins, as in THNN's loop: a first pass claims each position for the
// highest input element going there, a second writes the whole output. A position outside the
// output raises THNN's error (after writing, as THNN does).
#include "generic/PoolTensors.cuh"

static thcunn_pool3d::UnpoolPlan THNN_(VolumetricMaxUnpooling_plan)(THCState *state, const char *fn, THCTensor *input,
                                                                    THCIndexTensor *indices, int oT, int oW, int oH,
                                                                    int dT, int dW, int dH, int pT, int pW, int pH,
                                                                    thcunn_pool3d::PoolShape *s) {
  *s = THNN_(poolInputShape)(state, fn, input, 3);
  thcunn_pool3d::poolCheckSizes(fn, "indices", indices, indices ? indices->nDimension : 0,
                                indices ? indices->size : NULL, input->nDimension, input->size);
  if (oT < 1 || oW < 1 || oH < 1)
    THError("%s: output size must be positive, got oT = %d, oH = %d, oW = %d", fn, oT, oH, oW);
  if (dT < 1 || dW < 1 || dH < 1) THError("%s: stride must be positive, got dT = %d, dH = %d, dW = %d", fn, dT, dH, dW);
  if (pT < 0 || pW < 0 || pH < 0)
    THError("%s: padding must not be negative, got pT = %d, pH = %d, pW = %d", fn, pT, pH, pW);
  thcunn::checkIndexDevice(state, fn, "indices", indices);
  s->out[0] = oT;
  s->out[1] = oH;
  s->out[2] = oW;
  thcunn_pool3d::UnpoolPlan u = {s->dims3(), {dT, dH, dW}, {pT, pH, pW}};
  return u;
}

static void THNN_(VolumetricMaxUnpooling_badIndex)(const char *fn, long at, long index,
                                                   const thcunn_pool3d::PoolShape &s) {
  THError(
      "%s: indices value %ld at position %ld (counted from 0 over its elements) does not name a position of "
      "the %ldx%ldx%ld output (its three low bytes offT + 256 offH + 65536 offW are offsets from the window "
      "start)",
      fn, index, at, s.out[0], s.out[1], s.out[2]);
}

void THNN_(VolumetricMaxUnpooling_updateOutput)(THCState *state, THCTensor *input, THCTensor *output,
                                                THCIndexTensor *indices, int outputTime, int outputWidth,
                                                int outputHeight, int dT, int dW, int dH, int padT, int padW,
                                                int padH) {
  const char *fn = "VolumetricMaxUnpooling_updateOutput";
  thcunn_pool3d::PoolShape s;
  const thcunn_pool3d::UnpoolPlan u = THNN_(VolumetricMaxUnpooling_plan)(
      state, fn, input, indices, outputTime, outputWidth, outputHeight, dT, dW, dH, padT, padW, padH, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "output", output);
  long sizes[5];
  const int nd = s.outputSizes(sizes);
  const long nIn = s.planes() * u.d.inCount(), nOut = s.planes() * u.d.outCount();

  THCTensor *in = THCTensor_(newContiguous)(state, input);
  THCIndexTensor *ind = THCIndexTensor_(newContiguous)(state, indices);
  THCTensor *out = thcunn::writable(state, output, nd, sizes);
  long long *winner = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&winner, sizeof(long long) * (size_t)nOut));
  THCudaCheck(cudaMemsetAsync(winner, 0xff, sizeof(long long) * (size_t)nOut, THCState_getCurrentStream(state)));
  unsigned long long *firstBad = thcunn_pool3d::newBadIndexRecord(state);
  THCUNN_LAUNCH(state, nIn, thcunn_pool3d::unpoolClaim, THCIndexTensor_(data)(state, ind), nIn, u, winner, firstBad);
  THCUNN_LAUNCH(state, nOut, thcunn_pool3d::unpoolWrite<real>, THCTensor_(data)(state, in), winner,
                THCTensor_(data)(state, out), nOut);
  long badIndex = 0;
  const long badAt = thcunn_pool3d::freeBadIndexRecord(state, firstBad, THCIndexTensor_(data)(state, ind), &badIndex);
  THCudaCheck(THCudaFree(state, winner));
  THCTensor_(free)(state, in);
  THCIndexTensor_(free)(state, ind);
  thcunn::written(state, out, output);
  if (badAt >= 0) THNN_(VolumetricMaxUnpooling_badIndex)(fn, badAt, badIndex, s);
}

void THNN_(VolumetricMaxUnpooling_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                                   THCTensor *gradInput, THCIndexTensor *indices, int outputTime,
                                                   int outputWidth, int outputHeight, int dT, int dW, int dH, int padT,
                                                   int padW, int padH) {
  const char *fn = "VolumetricMaxUnpooling_updateGradInput";
  thcunn_pool3d::PoolShape s;
  const thcunn_pool3d::UnpoolPlan u = THNN_(VolumetricMaxUnpooling_plan)(
      state, fn, input, indices, outputTime, outputWidth, outputHeight, dT, dW, dH, padT, padW, padH, &s);
  THNN_(poolCheckOutputLike)(state, fn, "gradOutput", gradOutput, s);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);

  THNN_(PoolGrad) g = THNN_(poolGradBegin)(state, input, gradOutput, gradInput, indices, false);
  const long n = s.planes() * u.d.inCount();
  THCUNN_LAUNCH(state, n, thcunn_pool3d::unpoolGather<real>, THCTensor_(data)(state, g.go),
                THCIndexTensor_(data)(state, g.ind), THCTensor_(data)(state, g.gi), n, u, g.firstBad);
  long badIndex = 0;
  const long badAt = THNN_(poolGradEnd)(state, &g, gradInput, &badIndex);
  if (badAt >= 0) THNN_(VolumetricMaxUnpooling_badIndex)(fn, badAt, badIndex, s);
}
