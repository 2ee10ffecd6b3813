#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MarginCriterion.c"
#else

/* Torch7's hinge loss for targets t of +1 or -1: sum (or mean) of max(0, margin - t x). */
void THNN_(MarginCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                                         bool sizeAverage, accreal margin) {
  THNN_CRITERION_SUM("MarginCriterion_updateOutput", input, target, output, sizeAverage,
                     (margin - t * x > 0 ? margin - t * x : 0));
}

/* -t where the margin is not met, else 0. */
void THNN_(MarginCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                            THTensor *gradInput, bool sizeAverage, accreal margin) {
  THNN_CRITERION_GRAD("MarginCriterion_updateGradInput", input, target, gradInput, sizeAverage,
                      (margin - t * x > 0 ? -t : 0));
}

#endif
