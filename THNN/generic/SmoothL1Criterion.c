#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SmoothL1Criterion.c"
#else

/* Sum (or mean) of the Huber loss with threshold 1: (x - t)^2 / 2 where |x - t| < 1, |x - t| - 1/2 elsewhere. */
void THNN_(SmoothL1Criterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                            bool sizeAverage) {
  THNN_CRITERION_SUM("SmoothL1Criterion_updateOutput", input, target, output, sizeAverage, (fabs(x - t) < 1 ? 0.5 * (x - t) * (x - t) : fabs(x - t) - 0.5));
}

/* x - t clamped to [-1, 1]. */
void THNN_(SmoothL1Criterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                               bool sizeAverage) {
  THNN_CRITERION_GRAD("SmoothL1Criterion_updateGradInput", input, target, gradInput, sizeAverage, (x - t < -1 ? -1 : (x - t > 1 ? 1 : x - t)));
}

#endif
