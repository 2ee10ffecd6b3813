#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Abs.c"
#else

void THNN_(Abs_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(checkNotNull)("Abs_updateOutput", "input", input);
  THNN_(checkNotNull)("Abs_updateOutput", "output", output);
  THTensor_(resizeAs)(output, input);
  TH_TENSOR_APPLY2(real, output, real, input, *output_data = *input_data < 0 ? -*input_data : *input_data;);
}

/* d|x|/dx = sign(x), taken as +1 at 0 (Torch7's choice). */
void THNN_(Abs_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput) {
  THNN_(checkSameNumel)("Abs_updateGradInput", "gradOutput", gradOutput, "input", input);
  THNN_(checkNotNull)("Abs_updateGradInput", "gradInput", gradInput);
  THTensor_(resizeAs)(gradInput, input);
  TH_TENSOR_APPLY3(real, gradInput, real, gradOutput, real, input,
                   *gradInput_data = *input_data < 0 ? -*gradOutput_data : *gradOutput_data;);
}

#endif
