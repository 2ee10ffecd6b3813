// The L1 norm of the input, sum |x|, into a one-element output; the gradient sign(x) (0 at 0).
// gradOutput is not read (Torch7's nn.L1Cost passes none: it may be NULL), as in THNN.
#include "CriterionCommon.cuh"

void THNN_(L1Cost_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(checkNotNull)("L1Cost_updateOutput", "input", input);
  THNN_(checkNotNull)("L1Cost_updateOutput", "output", output);
  THNN_(checkDevice)(state, "L1Cost_updateOutput", "input", input);
  THNN_(checkDevice)(state, "L1Cost_updateOutput", "output", output);
  // The element-wise criteria's sum with the input as its own (unread) target, never averaged.
  THNN_(Criterion_sum)(state, input, input, NULL, output, false, [] __device__(double x, double) { return fabs(x); });
}

void THNN_(L1Cost_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput) {
  THNN_(checkNotNull)("L1Cost_updateGradInput", "input", input);
  THNN_(checkNotNull)("L1Cost_updateGradInput", "gradInput", gradInput);
  THNN_(checkDevice)(state, "L1Cost_updateGradInput", "input", input);
  THNN_(checkDevice)(state, "L1Cost_updateGradInput", "gradInput", gradInput);
  THCTensor_(resizeAs)(state, gradInput, input);
  THC_pointwiseApply2(state, gradInput, input,
                      [] __device__(real *gi, const real *x) { *gi = (real)((*x > 0) - (*x < 0)); });
}
