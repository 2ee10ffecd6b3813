#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/HardShrink.c"
#else

/* x where |x| > lambda, else 0. */
void THNN_(HardShrink_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal lambda_) {
  THNN_(Pointwise_prepareOutput)("HardShrink_updateOutput", input, output, false);
  const real lambda = (real)lambda_;
  TH_MAP2(real, output, real, input, real x = *input_data;
          *output_data = (x > lambda || x < -lambda) ? x : 0;);
}

void THNN_(HardShrink_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, accreal lambda_) {
  THNN_(checkNotNull)("HardShrink_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("HardShrink_updateGradInput", "input", input, gradOutput, gradInput, false);
  const real lambda = (real)lambda_;
  TH_MAP3(real, gradInput, real, gradOutput, real, input, real x = *input_data;
          *gradInput_data = (x > lambda || x < -lambda) ? *gradOutput_data : 0;);
}

#endif
