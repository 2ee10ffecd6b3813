// log(1 / (1 + e^-x)) = min(x, 0) - log1p(e^-|x|), with buffer = e^-|x| kept for the backward pass
// (as THNN: no overflow for very negative x).
#include "generic/Pointwise.cuh"

void THNN_(LogSigmoid_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *buffer) {
  const char *fn = "LogSigmoid_updateOutput";
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "buffer", buffer);
  THNN_(checkDevice)(state, fn, "buffer", buffer);
  THNN_(Pointwise_prepareOutput)(state, fn, input, output, false);
  THCTensor_(resizeAs)(state, buffer, input);
  THC_pointwiseApply3(state, output, buffer, input, [] __device__(real *y, real *z, const real *x) {
    const real v = *x, e = exp(-fabs(v));
    *z = e;
    *y = (v < 0 ? v : 0) - log1p(e);
  });
}

// d/dx = 1 - sigmoid(x): 1 / (1 + z) below 0 and z / (1 + z) above, with z = e^-|x| from the buffer.
void THNN_(LogSigmoid_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                       THCTensor *gradInput, THCTensor *buffer) {
  const char *fn = "LogSigmoid_updateGradInput";
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkSameNumel)(state, fn, "buffer (as left by updateOutput)", buffer, "input", input);
  THNN_(checkDevice)(state, fn, "buffer", buffer);
  THNN_(Pointwise_prepareGradInput)(state, fn, "input", input, gradOutput, gradInput, false);
  // Four operands: gradOutput goes through gradInput first, as on the CPU.
  THCTensor_(copy)(state, gradInput, gradOutput);
  THC_pointwiseApply3(state, gradInput, input, buffer, [] __device__(real *gi, const real *x, const real *z) {
    *gi = *gi * (*x < 0 ? 1 : *z) / (1 + *z);
  });
}
