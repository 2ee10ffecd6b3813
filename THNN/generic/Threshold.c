#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Threshold.c"
#else

/* val where x <= threshold, x elsewhere (ReLU is Threshold(0, 0)). Written as `x <= threshold ? val
 * : x` in both variants, so a NaN passes through; Torch7's out-of-place variant (`x > threshold ?
 * x : val`) turned NaN into val while its in-place one kept it. */
void THNN_(Threshold_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal threshold_,
                                   accreal val_, bool inplace) {
  THNN_(Pointwise_prepareOutput)("Threshold_updateOutput", input, output, inplace);
  const real threshold = (real)threshold_, val = (real)val_;
  TH_MAP2(real, output, real, input, real x = *input_data; *output_data = x <= threshold ? val : x;);
}

/* In place, `input` holds the output; for val <= threshold that masks the same elements. The
 * gradient is loaded whatever the mask: a load only where the mask lets it through is a branch per
 * element (mispredicted half the time on ReLU's masks) that also keeps the loop from vectorising. */
void THNN_(Threshold_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                      THTensor *gradInput, accreal threshold_, accreal val_, bool inplace) {
  THNN_(checkNotNull)("Threshold_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("Threshold_updateGradInput", "input", input, gradOutput, gradInput, inplace);
  const real threshold = (real)threshold_;
  TH_MAP3(real, gradInput, real, gradOutput, real, input,
          const real g = *gradOutput_data; *gradInput_data = *input_data <= threshold ? 0 : g;);
}

#endif
