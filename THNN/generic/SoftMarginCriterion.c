#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMarginCriterion.c"
#else

/* Sum (or mean) of log(1 + e^(-t x)) for targets t of +1 or -1, as max(-t x, 0) + log1p(e^-|t x|), which cannot overflow. */
void THNN_(SoftMarginCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                            bool sizeAverage) {
  THNN_CRITERION_SUM("SoftMarginCriterion_updateOutput", input, target, output, sizeAverage, ((-t * x > 0 ? -t * x : 0) + log1p(exp(-fabs(t * x)))));
}

/* -t sigmoid(-t x), through the e^-|t x| that cannot overflow. */
void THNN_(SoftMarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                               bool sizeAverage) {
  THNN_CRITERION_GRAD("SoftMarginCriterion_updateGradInput", input, target, gradInput, sizeAverage, (-t * (t * x > 0 ? exp(-t * x) : 1) / (1 + exp(-fabs(t * x)))));
}

#endif
