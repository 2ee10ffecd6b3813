#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Sigmoid.c"
#else

void THNN_(Sigmoid_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(Pointwise_prepareOutput)("Sigmoid_updateOutput", input, output, false);
#ifdef TH_REAL_IS_FLOAT
  if (THNN_(Pointwise_mapVector)(output, input, THFloatVector_sigmoid)) return;
#endif
  TH_MAP2(real, output, real, input, *output_data = (real)(1 / (1 + exp(-(accreal)*input_data))););
}

/* From the output: y (1 - y). `input` is not read. */
void THNN_(Sigmoid_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                    THTensor *output) {
  THNN_(checkNotNull)("Sigmoid_updateGradInput", "output", output);
  THNN_(Pointwise_prepareGradInput)("Sigmoid_updateGradInput", "output", output, gradOutput, gradInput, false);
  TH_MAP3(real, gradInput, real, gradOutput, real, output, real y = *output_data;
          *gradInput_data = *gradOutput_data * (1 - y) * y;);
}

#endif
