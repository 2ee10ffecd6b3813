// |x| and its gradient sign(x) * gradOutput, taken as +gradOutput at 0 (Torch7's choice, as THNN).

void THNN_(Abs_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(checkNotNull)("Abs_updateOutput", "input", input);
  THNN_(checkNotNull)("Abs_updateOutput", "output", output);
  THNN_(checkDevice)(state, "Abs_updateOutput", "input", input);
  THNN_(checkDevice)(state, "Abs_updateOutput", "output", output);
  THCTensor_(resizeAs)(state, output, input);
  THC_pointwiseApply2(state, output, input, [] __device__(real *out, const real *in) { *out = *in < 0 ? -*in : *in; });
}

void THNN_(Abs_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput) {
  THNN_(checkSameNumel)(state, "Abs_updateGradInput", "gradOutput", gradOutput, "input", input);
  THNN_(checkNotNull)("Abs_updateGradInput", "gradInput", gradInput);
  THNN_(checkDevice)(state, "Abs_updateGradInput", "input", input);
  THNN_(checkDevice)(state, "Abs_updateGradInput", "gradOutput", gradOutput);
  THNN_(checkDevice)(state, "Abs_updateGradInput", "gradInput", gradInput);
  THCTensor_(resizeAs)(state, gradInput, input);
  THC_pointwiseApply3(state, gradInput, gradOutput, input,
                      [] __device__(real *gi, const real *go, const real *in) { *gi = *in < 0 ? -*go : *go; });
}
