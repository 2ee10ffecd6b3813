#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/RReLU.c"
#else

/* Randomized leaky ReLU. Training: each element at or below 0 is multiplied by its own slope drawn
 * uniformly from [lower, upper] (in element order, one THRandom_uniform draw each, as Torch7 drew
 * them), and noise keeps the factor of every element (1 above 0). Evaluation: the fixed slope
 * (lower + upper) / 2, noise untouched. */
void THNN_(RReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *noise,
                               accreal lower, accreal upper, bool train, bool inplace, THGenerator *generator) {
  const char *fn = "RReLU_updateOutput";
  THNN_(checkNotNull)(fn, "input", input);
  THNN_(checkNotNull)(fn, "output", output);
  if (!(lower <= upper)) THError("%s: lower (%g) must not exceed upper (%g)", fn, (double)lower, (double)upper);
  if (train) {
    THNN_(checkNotNull)(fn, "noise", noise);
    THNN_(checkNotNull)(fn, "generator (in training)", generator);
  }
  THNN_(Pointwise_prepareOutput)(fn, input, output, inplace);
  if (train) {
    THTensor_(resizeAs)(noise, input);
    TH_TENSOR_APPLY3(real, output, real, noise, real, input, real x = *input_data;
                     if (x <= 0) {
                       real r = (real)THRandom_uniform(generator, lower, upper);
                       *noise_data = r;
                       *output_data = x * r;
                     } else {
                       *noise_data = 1;
                       *output_data = x;
                     });
  } else {
    const real slope = (real)((lower + upper) / 2);
    TH_MAP2(real, output, real, input, real x = *input_data; *output_data = x >= 0 ? x : x * slope;);
  }
}

/* Training (with a non-degenerate range): gradOutput times noise. Otherwise, as Torch7, the fixed
 * slope (lower + upper) / 2 for elements at or below 0 (with upper == lower the two agree). */
void THNN_(RReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                  THTensor *noise, accreal lower, accreal upper, bool train, bool inplace) {
  const char *fn = "RReLU_updateGradInput";
  THNN_(checkNotNull)(fn, "input", input);
  bool useNoise = train && upper - lower > 1e-6;
  if (useNoise) THNN_(checkSameNumel)(fn, "noise (as left by updateOutput)", noise, "input", input);
  THNN_(Pointwise_prepareGradInput)(fn, "input", input, gradOutput, gradInput, inplace);
  if (useNoise) {
    TH_MAP3(real, gradInput, real, gradOutput, real, noise, *gradInput_data = *gradOutput_data * *noise_data;);
  } else {
    const real slope = (real)((lower + upper) / 2);
    TH_MAP3(real, gradInput, real, gradOutput, real, input,
            *gradInput_data = *input_data <= 0 ? *gradOutput_data * slope : *gradOutput_data;);
  }
}

#endif
