#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/FusedRNN.h"
#else
/* What GRUFused and LSTMFused share: the checks of their gate and state tensors and their biases.
 * A state (hx, cx, hy, ...) is 1-D [H] (one row) or 2-D [N x H]; a gate tensor has the state's number
 * of dimensions and rows, and nGates*H columns; a bias is NULL or nGates*H elements (any shape). */

/* Checks a state tensor; returns its number of rows and sets *width to H. */
long THNN_(FusedRNN_checkState)(const char *fn, const char *arg, THTensor *state, long *width);

/* Checks a gate tensor against the state's rows and the gates' total width. */
void THNN_(FusedRNN_checkGates)(const char *fn, const char *arg, THTensor *gates, int nDimension, long rows,
                                long width);

/* Checks a bias (NULL allowed) of `width` elements. */
void THNN_(FusedRNN_checkBias)(const char *fn, const char *arg, THTensor *bias, long width);

/* A contiguous copy or view of bias (retained; free it), or NULL for a NULL bias. */
THTensor *THNN_(FusedRNN_contiguousBias)(THTensor *bias);

/* Resizes a result to [rows x width] (or [width] when nDimension is 1) and returns where to write it:
 * the result itself (retained) when contiguous, else a new contiguous tensor; hand it to
 * THNN_(writeBack) afterwards. */
THTensor *THNN_(FusedRNN_beginResult)(THTensor *result, int nDimension, long rows, long width);

#endif
