/* libTH reductions and statistics: whole-tensor (sumall, maxall, varall, ...), along a dimension
 * (sum, max, std, norm, ...), cumulative sums and products, renorm and histograms. The ordering
 * functions (sort, topk, kthvalue, median, mode) are in THTensorMathSort.c. */
#include "THElementwise.h"
#include "THTensorMathReduceUtil.h"

/* Below this many elements a loop runs on one thread: the fork costs more than it saves. */
#define TH_REDUCE_OMP_THRESHOLD 65536
/* Whole-tensor folds split a contiguous run into blocks whose count and size depend on the
 * length only, and combine the per-block results in order: the result does not depend on the
 * number of threads. */
#define TH_REDUCE_MAX_BLOCKS 1024
#define TH_REDUCE_MIN_BLOCK 16384
/* The most columns folded at once by a reduction along a non-innermost dimension (their
 * accumulators live on the stack: 16 KiB of double). */
#define TH_REDUCE_COLUMNS 2048
/* Independent accumulators of the contiguous folds: enough to vectorise and hide the add latency. */
#define TH_REDUCE_LANES 16

typedef enum { TH_REDUCE_SUM, TH_REDUCE_PROD, TH_REDUCE_MAX, TH_REDUCE_MIN } THReduceOp;

static ptrdiff_t THReduce_blockSize(ptrdiff_t n) {
  ptrdiff_t block = (n + TH_REDUCE_MAX_BLOCKS - 1) / TH_REDUCE_MAX_BLOCKS;
  block = (block + TH_REDUCE_LANES - 1) / TH_REDUCE_LANES * TH_REDUCE_LANES;
  return THMax(block, TH_REDUCE_MIN_BLOCK);
}

#define TH_GENERIC_FILE "generic/THTensorMathReduce.c"
#include "THGenerateAllTypes.h"
