#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/HardTanh.c"
#else

/* x clamped to [min_val, max_val] (NaN passes through). */
void THNN_(HardTanh_updateOutput)(THNNState *state, THTensor *input, THTensor *output, accreal min_val_,
                                  accreal max_val_, bool inplace) {
  THNN_(Pointwise_prepareOutput)("HardTanh_updateOutput", input, output, inplace);
  const real min_val = (real)min_val_, max_val = (real)max_val_;
  TH_MAP2(real, output, real, input, real x = *input_data;
          *output_data = x < min_val ? min_val : (x > max_val ? max_val : x););
}

/* The slope is 1 strictly inside (min_val, max_val), 0 on and beyond the bounds (Torch7's and
 * PyTorch's choice), so that the in-place variant, which sees the clamped values, agrees. */
void THNN_(HardTanh_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                     accreal min_val_, accreal max_val_, bool inplace) {
  THNN_(checkNotNull)("HardTanh_updateGradInput", "input", input);
  THNN_(Pointwise_prepareGradInput)("HardTanh_updateGradInput", "input", input, gradOutput, gradInput, inplace);
  const real min_val = (real)min_val_, max_val = (real)max_val_;
  TH_MAP3(real, gradInput, real, gradOutput, real, input, real x = *input_data;
          *gradInput_data = (x <= min_val || x >= max_val) ? 0 : *gradOutput_data;);
}

#endif
