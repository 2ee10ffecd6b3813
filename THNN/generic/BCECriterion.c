#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/BCECriterion.c"
#else

/* Binary cross-entropy of probabilities x for targets t, optionally weighted element by element:
 * sum (or mean) of -w (t log x + (1 - t) log(1 - x)). As PyTorch 1.13, each log is clamped to
 * >= -100, so x = 0 or 1 gives a finite loss; Torch7 used log(x + 1e-12) instead (the two differ by
 * about 1e-12 / x, and at x = 0: -27.6 against -100). */
#define THNN_BCE_TERM_(x, t) \
  (-((t) * fmax(log(x), -100.0) + (1 - (t)) * fmax(log(1 - (x)), -100.0)))

/* Checks the arguments and that every probability is in [0, 1] (as PyTorch; Torch7 returned NaN). */
static void THNN_(BCECriterion_check)(const char *fn, THTensor *input, THTensor *target, THTensor *weights,
                                      const char *resultName, THTensor *result) {
  THNN_(Criterion_check)(fn, input, target, resultName, result);
  if (weights) THNN_(checkSameNumel)(fn, "weights", weights, "input", input);
  ptrdiff_t position = 0, bad = -1;
  double badValue = 0;
  TH_TENSOR_APPLY(real, input, if (bad < 0 && !(*input_data >= 0 && *input_data <= 1)) {
    bad = position;
    badValue = *input_data;
  } position++;);
  if (bad >= 0)
    THError("%s: input must hold probabilities in [0, 1], got %g at position %td", fn, badValue,
            bad + TH_INDEX_BASE);
}

void THNN_(BCECriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                                      bool sizeAverage, THTensor *weights) {
  THNN_(BCECriterion_check)("BCECriterion_updateOutput", input, target, weights, "output", output);
  accreal sum = 0;
  if (weights) {
    TH_TENSOR_APPLY3(real, input, real, target, real, weights,
                     sum += *weights_data * THNN_BCE_TERM_((accreal)*input_data, (accreal)*target_data););
  } else {
    TH_TENSOR_APPLY2(real, input, real, target, sum += THNN_BCE_TERM_((accreal)*input_data, (accreal)*target_data););
  }
  THNN_(Criterion_setOutput)(output, sum, THTensor_(nElement)(input), sizeAverage);
}

/* w (x - t) / (x (1 - x)), the denominator kept >= 1e-12 (as PyTorch 1.13). */
void THNN_(BCECriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                                         bool sizeAverage, THTensor *weights) {
  THNN_(BCECriterion_check)("BCECriterion_updateGradInput", input, target, weights, "gradInput", gradInput);
  const accreal norm = THNN_(Criterion_norm)(input, sizeAverage);
  THTensor_(resizeAs)(gradInput, input);
  TH_MAP3(real, gradInput, real, input, real, target, accreal x = *input_data;
          *gradInput_data = (real)(norm * (x - *target_data) / fmax(x * (1 - x), 1e-12)););
  if (weights) TH_MAP2(real, gradInput, real, weights, *gradInput_data *= *weights_data;);
}

#undef THNN_BCE_TERM_
#endif
