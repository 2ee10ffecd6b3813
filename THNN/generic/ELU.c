#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ELU.c"
#else

/* x above 0, alpha (e^x - 1) below (expm1: accurate near 0). */
void THNN_(ELU_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal alpha_,
                             bool inplace) {
  THNN_(Pointwise_prepareOutput)("ELU_updateOutput", input, output, inplace);
  const accreal alpha = alpha_;
  TH_MAP2(real, output, real, input, real x = *input_data;
          *output_data = x > 0 ? x : (real)(alpha * expm1((accreal)x)););
}

/* From the output: the slope is 1 above 0 and alpha e^x = output + alpha below. */
void THNN_(ELU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                THTensor *output, accreal alpha_, bool inplace) {
  THNN_(checkNotNull)("ELU_updateGradInput", "output", output);
  THNN_(Pointwise_prepareGradInput)("ELU_updateGradInput", "output", output, gradOutput, gradInput, inplace);
  const real alpha = (real)alpha_;
  TH_MAP3(real, gradInput, real, gradOutput, real, output, real y = *output_data;
          *gradInput_data = y > 0 ? *gradOutput_data : *gradOutput_data * (y + alpha););
}

#endif
