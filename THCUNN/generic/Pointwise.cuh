// What the element-wise activations share, with THNN's in-place convention (THNN/generic/Pointwise.c).
// A generic header: no include guard, included by each activation's generic file once per type.

// Checks input and output (not NULL, on the current device); output becomes input itself when
// inplace, else it is resized like input.
static inline void THNN_(Pointwise_prepareOutput)(THCState *state, const char *fn, THCTensor *input,
                                                  THCTensor *output, bool inplace) {
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "output", output);
  if (inplace)
    THCTensor_(set)(state, output, input);
  else
    THCTensor_(resizeAs)(state, output, input);
}

// Checks that gradOutput has as many elements as `like` (named likeName: the input or the output the
// gradient is taken at) and gradInput; gradInput becomes gradOutput itself when inplace, else it is
// resized like `like`.
static inline void THNN_(Pointwise_prepareGradInput)(THCState *state, const char *fn, const char *likeName,
                                                     THCTensor *like, THCTensor *gradOutput, THCTensor *gradInput,
                                                     bool inplace) {
  THNN_(checkNotNull)(fn, likeName, like);
  THNN_(checkSameNumel)(state, fn, "gradOutput", gradOutput, likeName, like);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, likeName, like);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  if (inplace)
    THCTensor_(set)(state, gradInput, gradOutput);
  else
    THCTensor_(resizeAs)(state, gradInput, like);
}
