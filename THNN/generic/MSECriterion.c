#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MSECriterion.c"
#else

/* Sum (or mean) of (x - t)^2. */
void THNN_(MSECriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                            bool sizeAverage) {
  THNN_CRITERION_SUM("MSECriterion_updateOutput", input, target, output, sizeAverage, (x - t) * (x - t));
}

/* 2 (x - t). */
void THNN_(MSECriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                               bool sizeAverage) {
  THNN_CRITERION_GRAD("MSECriterion_updateGradInput", input, target, gradInput, sizeAverage, 2 * (x - t));
}

#endif
