#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LogSigmoid.c"
#else

/* log(1 / (1 + e^-x)) = min(x, 0) - log1p(e^-|x|), with buffer = e^-|x| kept for the backward pass.
 * Torch7 computed -log(1 + e^-x) and kept e^-x, which overflows to -inf for x below about -89 (float)
 * where the answer is x; the buffer's contents differ accordingly (it is private to this module). */
void THNN_(LogSigmoid_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *buffer) {
  THNN_(Pointwise_prepareOutput)("LogSigmoid_updateOutput", input, output, false);
  THNN_(checkNotNull)("LogSigmoid_updateOutput", "buffer", buffer);
  THTensor_(resizeAs)(buffer, input);
  TH_MAP3(real, output, real, buffer, real, input, accreal x = *input_data; accreal z = exp(-fabs(x));
          *buffer_data = (real)z; *output_data = (real)((x < 0 ? x : 0) - log1p(z)););
}

/* d/dx = 1 - sigmoid(x): 1 / (1 + z) below 0 and z / (1 + z) above, with z = e^-|x| from the buffer. */
void THNN_(LogSigmoid_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, THTensor *buffer) {
  const char *fn = "LogSigmoid_updateGradInput";
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkSameNumel)(fn, "buffer (as left by updateOutput)", buffer, "input", input);
  THNN_(Pointwise_prepareGradInput)(fn, "input", input, gradOutput, gradInput, false);
  THTensor_(copy)(gradInput, gradOutput);
  TH_MAP3(real, gradInput, real, input, real, buffer, accreal z = *buffer_data;
          *gradInput_data = (real)(*gradInput_data * (*input_data < 0 ? 1 : z) / (1 + z)););
}

#endif
