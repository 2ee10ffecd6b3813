#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/DistKLDivCriterion.c"
#else

/* Kullback-Leibler divergence of the log-probabilities x from the probabilities t: sum (or mean) of t (log t - x), where terms with t <= 0 count 0 (as Torch7 and PyTorch). */
void THNN_(DistKLDivCriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target, THTensor *output,
                            bool sizeAverage) {
  THNN_CRITERION_SUM("DistKLDivCriterion_updateOutput", input, target, output, sizeAverage, (t > 0 ? t * (log(t) - x) : 0));
}

/* -t where t > 0, else 0. */
void THNN_(DistKLDivCriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target, THTensor *gradInput,
                               bool sizeAverage) {
  THNN_CRITERION_GRAD("DistKLDivCriterion_updateGradInput", input, target, gradInput, sizeAverage, (t > 0 ? -t : 0));
}

#endif
