/* libTH ordering functions: sort, topk, kthvalue, median, mode and medianall.
 *
 * The positions these return among equal values (and where NaN ends up, since NaN compares false
 * with everything) are whatever Torch7's algorithms left there, and callers have seen them: a
 * quicksort in Sedgewick's form (median-of-three pivot, partitions of at most TH_SORT_SMALL_RUN
 * elements left to one final insertion pass) and a quickselect with the same partitioning step.
 * This module runs those algorithms step for step: the same comparisons and the same swaps, so the
 * same arrangement, in its own code. Returned indices are 0-based, as Torch7's C returned them. */
#include "THTensorMathReduceUtil.h"

/* Quicksort leaves a partition of at most this many elements to the final insertion pass; a whole
 * slice is partitioned only when it has more than TH_SORT_SMALL_RUN + 1 elements (Torch7's limits). */
#define TH_SORT_SMALL_RUN 10

#define TH_GENERIC_FILE "generic/THTensorMathSort.c"
#include "THGenerateAllTypes.h"
