#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Sqrt.c"
#else

/* sqrt(x + eps). Torch7's kernel ignored eps (nn.Sqrt(b) documents sqrt(x + b)); ember adds it. */
void THNN_(Sqrt_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal eps_) {
  THNN_(Pointwise_prepareOutput)("Sqrt_updateOutput", input, output, false);
  const real eps = (real)eps_;
  TH_MAP2(real, output, real, input, *output_data = sqrt(*input_data + eps););
}

/* From the output: 1 / (2 sqrt(x + eps)); taken as 0 where the output is 0 (Torch7's choice) rather
 * than infinite. `input` is not read. */
void THNN_(Sqrt_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                 THTensor *output) {
  THNN_(checkNotNull)("Sqrt_updateGradInput", "output", output);
  THNN_(Pointwise_prepareGradInput)("Sqrt_updateGradInput", "output", output, gradOutput, gradInput, false);
  TH_MAP3(real, gradInput, real, gradOutput, real, output, real y = *output_data;
          *gradInput_data = y == 0 ? 0 : (real)0.5 * *gradOutput_data / y;);
}

#endif
