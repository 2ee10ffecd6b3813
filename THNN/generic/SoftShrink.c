#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftShrink.c"
#else

/* x moved lambda towards 0, and 0 where |x| <= lambda. */
void THNN_(SoftShrink_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal lambda_) {
  THNN_(Pointwise_prepareOutput)("SoftShrink_updateOutput", input, output, false);
  const real lambda = (real)lambda_;
  TH_MAP2(real, output, real, input, real x = *input_data;
          *output_data = x > lambda ? x - lambda : (x < -lambda ? x + lambda : 0););
}

void THNN_(SoftShrink_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, accreal lambda_) {
  THNN_(checkNotNull)("SoftShrink_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("SoftShrink_updateGradInput", "input", input, gradOutput, gradInput, false);
  const real lambda = (real)lambda_;
  TH_MAP3(real, gradInput, real, gradOutput, real, input, real x = *input_data;
          *gradInput_data = (x > lambda || x < -lambda) ? *gradOutput_data : 0;);
}

#endif
