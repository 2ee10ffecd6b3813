#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Pointwise.h"

/* The element-wise criteria (Abs, MSE, SmoothL1, SoftMargin, DistKLDiv, Margin, BCE) in one shape:
 * THNN_CRITERION_SUM(FN, input, target, output, sizeAverage, TERM) sets output (one element) to
 * the sum of TERM over the elements, divided by their count when sizeAverage;
 * THNN_CRITERION_GRAD(FN, input, target, gradInput, sizeAverage, GRAD) sets gradInput to GRAD per
 * element, divided likewise. TERM and GRAD read `x` (input) and `t` (target). */
#define THNN_CRITERION_SUM(FN, INPUT, TARGET, OUTPUT, SIZE_AVERAGE, TERM)                       \
  do {                                                                                          \
    THNN_(Criterion_check)(FN, INPUT, TARGET, "output", OUTPUT);                                \
    accreal sum_ = 0;                                                                           \
    TH_TENSOR_APPLY2(real, INPUT, real, TARGET, accreal x = *INPUT##_data;                      \
                     accreal t = *TARGET##_data; (void)x; sum_ += (TERM););                              \
    THNN_(Criterion_setOutput)(OUTPUT, sum_, THTensor_(nElement)(INPUT), SIZE_AVERAGE);         \
  } while (0)

#define THNN_CRITERION_GRAD(FN, INPUT, TARGET, GRAD_INPUT, SIZE_AVERAGE, GRAD)                  \
  do {                                                                                          \
    THNN_(Criterion_check)(FN, INPUT, TARGET, "gradInput", GRAD_INPUT);                         \
    accreal norm_ = THNN_(Criterion_norm)(INPUT, SIZE_AVERAGE);                                 \
    THTensor_(resizeAs)(GRAD_INPUT, INPUT);                                                     \
    TH_MAP3(real, GRAD_INPUT, real, INPUT, real, TARGET, accreal x = *INPUT##_data;             \
            accreal t = *TARGET##_data; (void)x; *GRAD_INPUT##_data = (real)((GRAD) * norm_););          \
  } while (0)

#else
/* What the element-wise modules share: the in-place convention and the criteria's checks. */

/* Checks input and output; output becomes input itself (same storage, sizes and strides) when
 * inplace, else it is resized like input. */
void THNN_(Pointwise_prepareOutput)(const char *fn, THTensor *input, THTensor *output, bool inplace);

/* Checks that gradOutput has as many elements as `like` (the input or the output, named likeName,
 * that the gradient is taken at); gradInput becomes gradOutput itself when inplace, else it is
 * resized like `like`. */
void THNN_(Pointwise_prepareGradInput)(const char *fn, const char *likeName, THTensor *like,
                                       THTensor *gradOutput, THTensor *gradInput, bool inplace);

/* Float tensors both contiguous: runs kernel (a THFloatVector kernel; NULL for Double) over them, in
 * parts split among OpenMP threads when large, and returns 1; else does nothing and returns 0.
 * output must already have input's size. */
int THNN_(Pointwise_mapVector)(THTensor *output, THTensor *input, void (*kernel)(real *, const real *, ptrdiff_t));

/* Checks that every element of `index` (named arg) is in [lo, hi], except those equal to `skip` when
 * hasSkip; the error names the first bad one's position, 1-based per dimension, e.g.
 * "ClassNLLCriterion_updateOutput: target 7 out of range [1, 5] at position [3]". */
void THNN_(checkIndexRange)(const char *fn, const char *arg, THIndexTensor *index, long lo, long hi, bool hasSkip,
                            long skip);

/* Checks a criterion's input and target (same element count, at least one element) and its
 * result tensor (not NULL). */
void THNN_(Criterion_check)(const char *fn, THTensor *input, THTensor *target, const char *resultName,
                            THTensor *result);

/* 1 / nElement(input) when sizeAverage, else 1. */
accreal THNN_(Criterion_norm)(THTensor *input, bool sizeAverage);

/* output resized to one element (Torch7's callers passed it so sized; an unsized one is sized
 * here), holding sum / n when sizeAverage, else sum. */
void THNN_(Criterion_setOutput)(THTensor *output, accreal sum, ptrdiff_t n, bool sizeAverage);

#endif
