#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LeakyReLU.c"
#else

/* x above 0, negval * x at and below. */
void THNN_(LeakyReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal negval_,
                                   bool inplace) {
  THNN_(Pointwise_prepareOutput)("LeakyReLU_updateOutput", input, output, inplace);
  const real negval = (real)negval_;
  TH_MAP2(real, output, real, input, real x = *input_data; *output_data = x > 0 ? x : x * negval;);
}

/* In place, `input` holds the output, whose sign is the input's for a positive negval. */
void THNN_(LeakyReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                      THTensor *gradInput, accreal negval_, bool inplace) {
  THNN_(checkNotNull)("LeakyReLU_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("LeakyReLU_updateGradInput", "input", input, gradOutput, gradInput, inplace);
  const real negval = (real)negval_;
  TH_MAP3(real, gradInput, real, gradOutput, real, input,
          *gradInput_data = *input_data > 0 ? *gradOutput_data : *gradOutput_data * negval;);
}

#endif
