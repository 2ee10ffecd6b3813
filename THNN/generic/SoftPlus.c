#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftPlus.c"
#else

/* log(1 + e^(beta x)) / beta, and x itself where beta x > threshold (where the two agree to
 * rounding). log(1 + e^z) is taken as max(z, 0) + log1p(e^-|z|), which cannot overflow. */
void THNN_(SoftPlus_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal beta,
                                  accreal threshold) {
  THNN_(Pointwise_prepareOutput)("SoftPlus_updateOutput", input, output, false);
  TH_MAP2(real, output, real, input, accreal z = beta * *input_data;
          *output_data = z > threshold ? *input_data : (real)(((z > 0 ? z : 0) + log1p(exp(-fabs(z)))) / beta););
}

/* The slope is sigmoid(beta x) (1 past the threshold), computed from the input; Torch7 derived it
 * from the output, which `output` still is here for the callers, but it is not read. */
void THNN_(SoftPlus_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                     THTensor *output, accreal beta, accreal threshold) {
  THNN_(checkNotNull)("SoftPlus_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("SoftPlus_updateGradInput", "input", input, gradOutput, gradInput, false);
  TH_MAP3(real, gradInput, real, gradOutput, real, input, accreal z = beta * *input_data;
          accreal e = exp(-fabs(z));
          *gradInput_data = z > threshold ? *gradOutput_data
                                          : (real)(*gradOutput_data * (z >= 0 ? 1 : e) / (1 + e)););
}

#endif
