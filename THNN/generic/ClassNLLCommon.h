#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ClassNLLCommon.h"
#else
/* What ClassNLLCriterion and SpatialClassNLLCriterion share. Their input is viewed as
 * nframe x nclasses x inner (inner = H x W for the spatial one, 1 otherwise) and their target as
 * nframe x inner class numbers in [1, nclasses] (1-based, as Torch7). */

/* Checks every target against [1, nclasses], except those equal to ignore_index when hasIgnore
 * (the error names the first bad one's position), and weights (NULL or nclasses elements). */
void THNN_(ClassNLL_checkTargets)(const char *fn, THIndexTensor *target, long nclasses, bool hasIgnore,
                                  long ignore_index, THTensor *weights);

/* output = -sum over the counted targets of w[t] x[t], divided by total_weight = sum of those w[t]
 * when sizeAverage (and it is not 0, as Torch7); both results resized to one element. */
void THNN_(ClassNLL_forward)(THTensor *input, THIndexTensor *target, THTensor *output, THTensor *weights,
                             THTensor *total_weight, long nframe, long nclasses, long inner, bool sizeAverage,
                             bool hasIgnore, long ignore_index);

/* Writes -w[t] (/ total_weight when sizeAverage) at each counted target's entry of gradInput and
 * leaves the other entries alone: Torch7's callers pass gradInput sized and zeroed. One of another
 * size is resized like input and zeroed first. Checks total_weight (one element) first. */
void THNN_(ClassNLL_backward)(const char *fn, THTensor *input, THIndexTensor *target, THTensor *gradInput,
                              THTensor *weights, THTensor *total_weight, long nframe, long nclasses, long inner,
                              bool sizeAverage, bool hasIgnore, long ignore_index);

#endif
