#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Square.c"
#else

void THNN_(Square_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(Pointwise_prepareOutput)("Square_updateOutput", input, output, false);
  TH_MAP2(real, output, real, input, *output_data = *input_data * *input_data;);
}

void THNN_(Square_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput) {
  THNN_(checkNotNull)("Square_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("Square_updateGradInput", "input", input, gradOutput, gradInput, false);
  TH_MAP3(real, gradInput, real, gradOutput, real, input, *gradInput_data = 2 * *input_data * *gradOutput_data;);
}

#endif
