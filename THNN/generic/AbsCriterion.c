#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/AbsCriterion.c"
#else

/* Sum (or mean, with sizeAverage) of |x - t|. */
void THNN_(AbsCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                            bool sizeAverage) {
  THNN_CRITERION_SUM("AbsCriterion_updateOutput", input, target, output, sizeAverage, fabs(x - t));
}

/* sign(x - t), taken as +1 where x == t (Torch7's choice). */
void THNN_(AbsCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                               bool sizeAverage) {
  THNN_CRITERION_GRAD("AbsCriterion_updateGradInput", input, target, gradInput, sizeAverage, (x - t >= 0 ? 1 : -1));
}

#endif
