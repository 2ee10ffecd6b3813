#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Tanh.c"
#else

void THNN_(Tanh_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(Pointwise_prepareOutput)("Tanh_updateOutput", input, output, false);
#ifdef TH_REAL_IS_FLOAT
  if (THNN_(Pointwise_mapVector)(output, input, THFloatVector_tanh)) return;
#endif
  TH_MAP2(real, output, real, input, *output_data = (real)tanh((accreal)*input_data););
}

/* From the output: 1 - tanh^2. `input` is not read. */
void THNN_(Tanh_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                 THTensor *output) {
  THNN_(checkNotNull)("Tanh_updateGradInput", "output", output);
  THNN_(Pointwise_prepareGradInput)("Tanh_updateGradInput", "output", output, gradOutput, gradInput, false);
  TH_MAP3(real, gradInput, real, gradOutput, real, output, real y = *output_data;
          *gradInput_data = *gradOutput_data * (1 - y * y););
}

#endif
