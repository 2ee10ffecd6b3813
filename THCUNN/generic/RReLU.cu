// Randomized leaky ReLU. Training: each element at or below 0 is multiplied by its own slope drawn
// uniformly from [lower, upper], and noise keeps the factor of every element (1 above 0).
// Evaluation: the fixed slope (lower + upper) / 2, noise untouched.
//
// The slopes are drawn on the device by libTHC's generator (THCTensor_(uniform) on noise), so they
// differ from the CPU's Mersenne Twister draws. `generator` (the CPU's THGenerator *) is therefore
// not used and may be NULL here, also in training.
#include "generic/Pointwise.cuh"

void THNN_(RReLU_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *noise, double lower,
                               double upper, bool train, bool inplace, void *generator) {
  (void)generator;
  const char *fn = "RReLU_updateOutput";
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkNotNull)(fn, "output", output);
  if (!(lower <= upper)) THError("%s: lower (%g) must not exceed upper (%g)", fn, lower, upper);
  if (train) {
    THNN_(checkNotNull)(fn, "noise", noise);
    THNN_(checkDevice)(state, fn, "noise", noise);
  }
  THNN_(Pointwise_prepareOutput)(state, fn, input, output, inplace);
  if (train) {
    THCTensor_(resizeAs)(state, noise, input);
    THCTensor_(uniform)(state, noise, lower, upper);
    // The element's value is read before its output is written: output may be input.
    THC_pointwiseApply3(state, output, noise, input, [] __device__(real *y, real *r, const real *x) {
      const real v = *x;
      if (v <= 0) {
        *y = v * *r;
      } else {
        *r = 1;
        *y = v;
      }
    });
  } else {
    const real slope = (real)((lower + upper) / 2);
    THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
      const real v = *x;
      *y = v >= 0 ? v : v * slope;
    });
  }
}

// Training (with a non-degenerate range): gradOutput times noise. Otherwise the fixed slope
// (lower + upper) / 2 for elements at or below 0.
void THNN_(RReLU_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                  THCTensor *noise, double lower, double upper, bool train, bool inplace) {
  const char *fn = "RReLU_updateGradInput";
  THNN_(checkNotNull)(fn, "input", input);
  const bool useNoise = train && upper - lower > 1e-6;
  if (useNoise) {
    THNN_(checkSameNumel)(state, fn, "noise (as left by updateOutput)", noise, "input", input);
    THNN_(checkDevice)(state, fn, "noise", noise);
  }
  THNN_(Pointwise_prepareGradInput)(state, fn, "input", input, gradOutput, gradInput, inplace);
  if (useNoise) {
    THC_pointwiseApply3(state, gradInput, gradOutput, noise,
                        [] __device__(real *gi, const real *go, const real *r) { *gi = *go * *r; });
  } else {
    const real slope = (real)((lower + upper) / 2);
    THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
      *gi = *x <= 0 ? *go * slope : *go;
    });
  }
}
