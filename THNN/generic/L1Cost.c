#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/L1Cost.c"
#else

/* The L1 norm of the input, sum |x|, into a one-element output. */
void THNN_(L1Cost_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(checkNotNull)("L1Cost_updateOutput", "input", input);
  THNN_(checkNotNull)("L1Cost_updateOutput", "output", output);
  accreal sum = 0;
  TH_TENSOR_APPLY(real, input, sum += fabs((accreal)*input_data););
  THNN_(Criterion_setOutput)(output, sum, 1, false);
}

/* sign(x) (0 at 0). gradOutput is not read (Torch7's nn.L1Cost passes none: it may be NULL). */
void THNN_(L1Cost_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput) {
  THNN_(checkNotNull)("L1Cost_updateGradInput", "input", input);
  THNN_(checkNotNull)("L1Cost_updateGradInput", "gradInput", gradInput);
  THTensor_(resizeAs)(gradInput, input);
  TH_MAP2(real, gradInput, real, input, real x = *input_data; *gradInput_data = (real)((x > 0) - (x < 0)););
}

#endif
