#ifndef TH_ELEMENTWISE_INC
#define TH_ELEMENTWISE_INC
/* What the element-wise kernels share (THVector, THTensorMathPointwise/Compare, THNN modules);
 * internal, not part of the legacy interface. The arithmetic macros use `real`, so they belong in
 * generic files. */
#include "THTensorApply.h"
#ifdef _OPENMP
#include <omp.h>
#endif

/* A hot loop marked TH_VECTORISED also gets an AVX2 clone, chosen at load time; the libraries
 * themselves target baseline x86-64 (SSE2). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TH_VECTORISED __attribute__((target_clones("avx2", "default")))
#else
#define TH_VECTORISED
#endif

/* ------------------------------------------------------------------ integer arithmetic
 * Integer +, -, * and negation wrap modulo 2^bits, as Torch7's did on every compiler in practice,
 * without the undefined behaviour of signed overflow: they run on an unsigned type at least as wide
 * as int and convert back (GCC converts modulo 2^bits). Floating-point values pass through. */
#define TH_UNSIGNED(x)                                                                        \
  _Generic((x), char: (unsigned)(x), signed char: (unsigned)(x), unsigned char: (unsigned)(x), \
           short: (unsigned)(x), int: (unsigned)(x), long: (unsigned long)(x), default: (x))
/* x as the unsigned type of its own width (char -8 is 248), for logical right shifts. */
#define TH_SAME_WIDTH_UNSIGNED(x)                                                          \
  _Generic((x), char: (unsigned char)(x), signed char: (unsigned char)(x),               \
           unsigned char: (unsigned char)(x), short: (unsigned short)(x), int: (unsigned)(x), \
           long: (unsigned long)(x), default: (x))
#define TH_ADD(a, b) ((real)(TH_UNSIGNED(a) + TH_UNSIGNED(b)))
#define TH_SUB(a, b) ((real)(TH_UNSIGNED(a) - TH_UNSIGNED(b)))
#define TH_MUL(a, b) ((real)(TH_UNSIGNED(a) * TH_UNSIGNED(b)))
#define TH_NEG(a) ((real)-TH_UNSIGNED(a))

/* C's integer division and remainder (truncating toward zero), except that the most negative value
 * divided by -1 wraps (and its remainder is 0) instead of trapping as x86's idiv does. The divisor
 * must be non-zero: callers check first. */
#define TH_IS_MINUS_ONE(b) ((real)-1 < 0 && (b) == (real)-1)
#define TH_IDIV(a, b) (TH_IS_MINUS_ONE(b) ? TH_NEG(a) : (real)((a) / (b)))
#define TH_IMOD(a, b) (TH_IS_MINUS_ONE(b) ? (real)0 : (real)((a) % (b)))

/* ------------------------------------------------------------------ argument checks */

/* Raises "NAME: ARG is NULL" for the first NULL among PTRS, ARG taken from the comma-separated
 * NAMES (the stringified argument list of TH_CHECK_NOT_NULL). */
static inline void THElementwise_checkNotNull(const char *name, const char *names, int count,
                                              const void *const *ptrs) {
  for (int i = 0; i < count; i++) {
    if (ptrs[i]) continue;
    const char *arg = names;
    for (int k = 0; k < i; k++) arg = strchr(arg, ',') + 1;
    while (*arg == ' ') arg++;
    int len = (int)strcspn(arg, ",");
    THError("%s: %.*s is NULL", name, len, arg);
  }
}

#define TH_CHECK_NOT_NULL(NAME, ...)                                                            \
  THElementwise_checkNotNull(NAME, #__VA_ARGS__,                                                \
                             (int)(sizeof((const void *[]){__VA_ARGS__}) / sizeof(const void *)), \
                             (const void *[]){__VA_ARGS__})

/* Element-wise operations pair elements up in each tensor's row-major order (legacy semantics):
 * the shapes may differ, the numbers of elements may not. */
static inline void THElementwise_checkSameCount(const char *name, const char *aname, int adim,
                                                const long *asize, const char *bname, int bdim,
                                                const long *bsize) {
  ptrdiff_t na = THIter_numel(adim, asize), nb = THIter_numel(bdim, bsize);
  if (na != nb)
    THError("%s: %s (size %s, %td elements) and %s (size %s, %td elements) must have the same "
            "number of elements", name, aname, _THSizeDesc(asize, adim).str, na, bname,
            _THSizeDesc(bsize, bdim).str, nb);
}

#define TH_CHECK_SAME_COUNT(NAME, A, B) \
  THElementwise_checkSameCount(NAME, #A, (A)->nDimension, (A)->size, #B, (B)->nDimension, (B)->size)

/* ------------------------------------------------------------------ loops */

static inline int THElementwise_isContiguous(int nDimension, const long *size, const long *stride) {
  long expected = 1;
  for (int d = nDimension - 1; d >= 0; d--) {
    if (size[d] == 1) continue;
    if (stride[d] != expected) return 0;
    expected *= size[d];
  }
  return 1;
}

#define TH_ELEMENTWISE_CONTIGUOUS_(T) THElementwise_isContiguous((T)->nDimension, (T)->size, (T)->stride)
#define TH_ELEMENTWISE_DATA_(TYPE, T) ((TYPE *)(T)->storage->data + (T)->storageOffset)

/* Runs CODE with [BEGIN, END) bound to a part of [0, N): one part per OpenMP thread when N is above
 * TH_OMP_THRESHOLD (parts are multiples of 64 elements so that vector loops keep aligned), all of it
 * otherwise. CODE must not raise an error (check everything before). */
#define TH_PARALLEL_RANGE(N, BEGIN, END, CODE)                                              \
  do {                                                                                      \
    ptrdiff_t th_n_ = (N);                                                                  \
    _Pragma("omp parallel if (th_n_ > TH_OMP_THRESHOLD)")                                   \
    {                                                                                       \
      ptrdiff_t th_parts_ = 1, th_part_ = 0;                                                \
      TH_ELEMENTWISE_THREADS_(th_parts_, th_part_)                                          \
      ptrdiff_t th_chunk_ = ((th_n_ + th_parts_ - 1) / th_parts_ + 63) & ~(ptrdiff_t)63;    \
      ptrdiff_t BEGIN = THMin(th_n_, th_part_ * th_chunk_);                                 \
      ptrdiff_t END = THMin(th_n_, BEGIN + th_chunk_);                                      \
      if (BEGIN < END) { CODE }                                                             \
    }                                                                                       \
  } while (0)

#ifdef _OPENMP
#define TH_ELEMENTWISE_THREADS_(PARTS, PART) \
  PARTS = omp_get_num_threads();             \
  PART = omp_get_thread_num();
#else
#define TH_ELEMENTWISE_THREADS_(PARTS, PART)
#endif

/* ------------------------------------------------------------------ the strided walk
 * For operands that are not all contiguous but have the same sizes (the usual case: the result
 * is resized like its input), the order of the walk is free: the dimensions are ordered by the
 * result's strides (its fastest one innermost) and merged where every operand allows, so a
 * transposed tensor walks as fast as a contiguous one when the other operands are transposed
 * alike. When an operand's fastest dimension is another one (a contiguous result of a transposed
 * input), the walk goes in tiles over those two dimensions, so that what one run reads across
 * cache lines the next runs read from the same lines. The work is cut into blocks (one tile, or
 * one stretch of a run) that OpenMP shares out when the tensors are large. */

#define TH_ELEMENTWISE_MAX_OPERANDS 3
/* Tile extents, measured on Zen (4096 x 4096 floats, one or two transposed operands): short runs
 * along the result (8 elements) keep the lines that a strided operand touches at once within the
 * L1's ways even at power-of-two strides; 256 rows then use every line fully. */
#define TH_ELEMENTWISE_TILE_RUN 8
#define TH_ELEMENTWISE_TILE_ROWS 256
#define TH_ELEMENTWISE_BLOCK 16384 /* elements of a block when there is no tiling */

typedef struct THElementwisePlan {
  int outer;                     /* dimensions walked outside the tile, outermost first */
  long size[TH_MAX_DIMS];
  long stride[TH_MAX_DIMS][TH_ELEMENTWISE_MAX_OPERANDS];
  long runSize, runStride[TH_ELEMENTWISE_MAX_OPERANDS]; /* the innermost dimension */
  long rowSize, rowStride[TH_ELEMENTWISE_MAX_OPERANDS]; /* the tile's other dimension (or size 1) */
  long runBlock, rowBlock;       /* tile extents */
  long runBlocks, rowBlocks;     /* tiles along each */
  ptrdiff_t blocks;
  int unitRun;                   /* every operand has stride 1 along the run */
} THElementwisePlan;

static inline long THElementwise_abs(long x) { return x < 0 ? -x : x; }

/* Dimension a goes outside dimension b: larger strides outside, the result's first. */
static inline int THElementwise_outside(int nops, const long (*stride)[TH_ELEMENTWISE_MAX_OPERANDS],
                                        int a, int b) {
  for (int k = 0; k < nops; k++) {
    long sa = THElementwise_abs(stride[a][k]), sb = THElementwise_abs(stride[b][k]);
    if (sa != sb) return sa > sb;
  }
  return 0;
}

/* Plans the walk over NOPS tensors (dimension counts, sizes, strides); 0 when their sizes differ. */
static inline int THElementwise_plan(THElementwisePlan *p, int nops, const int *nDimension,
                              const long *const *size, const long *const *stride) {
  int nd = nDimension[0];
  for (int k = 1; k < nops; k++) {
    if (nDimension[k] != nd) return 0;
    for (int d = 0; d < nd; d++)
      if (size[k][d] != size[0][d]) return 0;
  }
  /* The dimensions of size > 1, sorted outermost first (insertion sort: few dimensions). */
  long sz[TH_MAX_DIMS], st[TH_MAX_DIMS][TH_ELEMENTWISE_MAX_OPERANDS];
  int n = 0;
  for (int d = 0; d < nd; d++) {
    if (size[0][d] == 1) continue;
    int at = n++;
    sz[at] = size[0][d];
    for (int k = 0; k < nops; k++) st[at][k] = stride[k][d];
    while (at > 0 && THElementwise_outside(nops, st, at, at - 1)) {
      long tsz = sz[at];
      sz[at] = sz[at - 1];
      sz[at - 1] = tsz;
      for (int k = 0; k < nops; k++) {
        long tst = st[at][k];
        st[at][k] = st[at - 1][k];
        st[at - 1][k] = tst;
      }
      at--;
    }
  }
  /* Merge a dimension into the next inner one where every operand steps evenly across both. */
  int m = 0;
  for (int d = 0; d < n; d++) {
    int merge = m > 0;
    for (int k = 0; merge && k < nops; k++)
      if (st[m - 1][k] != st[d][k] * sz[d]) merge = 0;
    if (merge) {
      sz[m - 1] *= sz[d];
      for (int k = 0; k < nops; k++) st[m - 1][k] = st[d][k];
    } else {
      sz[m] = sz[d];
      for (int k = 0; k < nops; k++) st[m][k] = st[d][k];
      m++;
    }
  }
  if (m == 0) { /* a single element */
    sz[0] = 1;
    for (int k = 0; k < nops; k++) st[0][k] = 0;
    m = 1;
  }
  /* The run is the innermost dimension. An operand that strides along it and has a faster
   * dimension elsewhere picks the tile's other dimension. */
  int run = m - 1, row = -1;
  p->runSize = sz[run];
  for (int k = 0; k < nops; k++) p->runStride[k] = st[run][k];
  for (int k = 0; k < nops && row < 0; k++) {
    long best = THElementwise_abs(st[run][k]);
    for (int d = 0; d < run; d++) {
      long s = THElementwise_abs(st[d][k]);
      if (s != 0 && s < best) {
        best = s;
        row = d;
      }
    }
  }
  p->rowSize = row >= 0 ? sz[row] : 1;
  for (int k = 0; k < nops; k++) p->rowStride[k] = row >= 0 ? st[row][k] : 0;
  p->outer = 0;
  for (int d = 0; d < run; d++) {
    if (d == row) continue;
    p->size[p->outer] = sz[d];
    for (int k = 0; k < nops; k++) p->stride[p->outer][k] = st[d][k];
    p->outer++;
  }
  p->runBlock = row >= 0 ? TH_ELEMENTWISE_TILE_RUN : TH_ELEMENTWISE_BLOCK;
  p->rowBlock = row >= 0 ? TH_ELEMENTWISE_TILE_ROWS : 1;
  p->runBlocks = (p->runSize + p->runBlock - 1) / p->runBlock;
  p->rowBlocks = (p->rowSize + p->rowBlock - 1) / p->rowBlock;
  p->blocks = (ptrdiff_t)p->runBlocks * p->rowBlocks;
  for (int d = 0; d < p->outer; d++) p->blocks *= p->size[d];
  p->unitRun = 1;
  for (int k = 0; k < nops; k++)
    if (p->runStride[k] != 1) p->unitRun = 0;
  return 1;
}

/* Where block BLOCK starts (an element offset per operand) and its extent. */
static inline void THElementwise_block(const THElementwisePlan *p, int nops, ptrdiff_t block,
                                       ptrdiff_t *offset, long *rows, long *run) {
  long runTile = (long)(block % p->runBlocks);
  block /= p->runBlocks;
  long rowTile = (long)(block % p->rowBlocks);
  block /= p->rowBlocks;
  for (int k = 0; k < nops; k++)
    offset[k] = (ptrdiff_t)runTile * p->runBlock * p->runStride[k] +
                (ptrdiff_t)rowTile * p->rowBlock * p->rowStride[k];
  for (int d = p->outer - 1; d >= 0; d--) {
    long i = (long)(block % p->size[d]);
    block /= p->size[d];
    for (int k = 0; k < nops; k++) offset[k] += (ptrdiff_t)i * p->stride[d][k];
  }
  *rows = THMin(p->rowBlock, p->rowSize - rowTile * p->rowBlock);
  *run = THMin(p->runBlock, p->runSize - runTile * p->runBlock);
}

/* The block loop of a plan: DECLARE sets each operand's T_data at the start of a run (from
 * th_off_ and th_row_), STEP moves them along it. */
#define TH_PLANNED_WALK_(NOPS, DECLARE, UNIT_STEP, STEP, CODE)                                  \
  _Pragma("omp parallel for if (th_plan_.blocks > 1 && th_count_ > TH_OMP_THRESHOLD)")        \
  for (ptrdiff_t th_blk_ = 0; th_blk_ < th_plan_.blocks; th_blk_++) {                         \
    ptrdiff_t th_off_[TH_ELEMENTWISE_MAX_OPERANDS];                                           \
    long th_rows_, th_len_;                                                                   \
    THElementwise_block(&th_plan_, NOPS, th_blk_, th_off_, &th_rows_, &th_len_);              \
    for (long th_row_ = 0; th_row_ < th_rows_; th_row_++) {                                   \
      DECLARE                                                                                 \
      if (th_plan_.unitRun) {                                                                 \
        _Pragma("GCC ivdep") for (long th_i_ = 0; th_i_ < th_len_; th_i_++) { CODE UNIT_STEP } \
      } else {                                                                                \
        for (long th_i_ = 0; th_i_ < th_len_; th_i_++) { CODE STEP }                          \
      }                                                                                       \
    }                                                                                         \
  }

#define TH_PLANNED_DECLARE_(K, TYPE, T) \
  TYPE *T##_data = th_base##K##_ + th_off_[K] + th_row_ * th_plan_.rowStride[K];

/* TH_MAP{1,2,3}_STRIDED: CODE once per element of operands that are not all contiguous (with
 * T_data as in TH_TENSOR_APPLY); the planned walk when the sizes agree, TH_TENSOR_APPLY's walk in
 * each tensor's own row-major order when they do not (legacy: only the counts must agree). */
#define TH_MAP1_STRIDED(TYPE1, T1, CODE)                                                       \
  do {                                                                                         \
    ptrdiff_t th_count_ = THIter_numel((T1)->nDimension, (T1)->size);                          \
    if (th_count_ == 0) break;                                                                 \
    THElementwisePlan th_plan_;                                                                \
    const int th_nd_[1] = {(T1)->nDimension};                                                  \
    const long *th_sz_[1] = {(T1)->size}, *th_st_[1] = {(T1)->stride};                         \
    THElementwise_plan(&th_plan_, 1, th_nd_, th_sz_, th_st_);                                  \
    TYPE1 *th_base0_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                        \
    TH_PLANNED_WALK_(1, TH_PLANNED_DECLARE_(0, TYPE1, T1), T1##_data++;,                       \
                     T1##_data += th_plan_.runStride[0];, CODE)                                \
  } while (0)

#define TH_MAP2_STRIDED(TYPE1, T1, TYPE2, T2, CODE)                                            \
  do {                                                                                         \
    ptrdiff_t th_count_ = THIter_numel((T1)->nDimension, (T1)->size);                          \
    if (th_count_ == 0) break;                                                                 \
    THElementwisePlan th_plan_;                                                                \
    const int th_nd_[2] = {(T1)->nDimension, (T2)->nDimension};                                \
    const long *th_sz_[2] = {(T1)->size, (T2)->size}, *th_st_[2] = {(T1)->stride, (T2)->stride}; \
    if (!THElementwise_plan(&th_plan_, 2, th_nd_, th_sz_, th_st_)) {                           \
      TH_TENSOR_APPLY2(TYPE1, T1, TYPE2, T2, CODE);                                            \
      break;                                                                                   \
    }                                                                                          \
    TYPE1 *th_base0_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                        \
    TYPE2 *th_base1_ = TH_ELEMENTWISE_DATA_(TYPE2, T2);                                        \
    TH_PLANNED_WALK_(2, TH_PLANNED_DECLARE_(0, TYPE1, T1) TH_PLANNED_DECLARE_(1, TYPE2, T2),   \
                     T1##_data++; T2##_data++;,                                                \
                     T1##_data += th_plan_.runStride[0]; T2##_data += th_plan_.runStride[1];,  \
                     CODE)                                                                     \
  } while (0)

#define TH_MAP3_STRIDED(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE)                                 \
  do {                                                                                         \
    ptrdiff_t th_count_ = THIter_numel((T1)->nDimension, (T1)->size);                          \
    if (th_count_ == 0) break;                                                                 \
    THElementwisePlan th_plan_;                                                                \
    const int th_nd_[3] = {(T1)->nDimension, (T2)->nDimension, (T3)->nDimension};              \
    const long *th_sz_[3] = {(T1)->size, (T2)->size, (T3)->size};                              \
    const long *th_st_[3] = {(T1)->stride, (T2)->stride, (T3)->stride};                        \
    if (!THElementwise_plan(&th_plan_, 3, th_nd_, th_sz_, th_st_)) {                           \
      TH_TENSOR_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE);                                 \
      break;                                                                                   \
    }                                                                                          \
    TYPE1 *th_base0_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                        \
    TYPE2 *th_base1_ = TH_ELEMENTWISE_DATA_(TYPE2, T2);                                        \
    TYPE3 *th_base2_ = TH_ELEMENTWISE_DATA_(TYPE3, T3);                                        \
    TH_PLANNED_WALK_(3, TH_PLANNED_DECLARE_(0, TYPE1, T1) TH_PLANNED_DECLARE_(1, TYPE2, T2)    \
                     TH_PLANNED_DECLARE_(2, TYPE3, T3),                                        \
                     T1##_data++; T2##_data++; T3##_data++;,                                   \
                     T1##_data += th_plan_.runStride[0]; T2##_data += th_plan_.runStride[1];   \
                     T3##_data += th_plan_.runStride[2];,                                      \
                     CODE)                                                                     \
  } while (0)

/* TH_MAP{1,2,3}: CODE once per element with T1_data, T2_data, ... pointing at the current elements,
 * as in TH_TENSOR_APPLY. All tensors contiguous: one flat loop, split among threads when large,
 * vectorised (`ivdep`: elements are independent, and an output may be exactly its input).
 * Otherwise the strided walk above. The tensors must hold the same number of elements (callers
 * check, with a message of their own, before resizing anything). */
#define TH_MAP_LOOP_(BEGIN, END, CODE) \
  _Pragma("GCC ivdep") for (ptrdiff_t th_i_ = BEGIN; th_i_ < END; th_i_++) { CODE }

#define TH_MAP1(TYPE1, T1, CODE)                                                        \
  do {                                                                                  \
    ptrdiff_t th_n_all_ = THIter_numel((T1)->nDimension, (T1)->size);                   \
    if (th_n_all_ > 0 && TH_ELEMENTWISE_CONTIGUOUS_(T1)) {                              \
      TYPE1 *th_d1_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                  \
      TH_PARALLEL_RANGE(th_n_all_, th_b_, th_e_, TH_MAP_LOOP_(th_b_, th_e_,             \
        TYPE1 *T1##_data = th_d1_ + th_i_; CODE));                                      \
    } else {                                                                            \
      TH_MAP1_STRIDED(TYPE1, T1, CODE);                                                 \
    }                                                                                   \
  } while (0)

#define TH_MAP2(TYPE1, T1, TYPE2, T2, CODE)                                             \
  do {                                                                                  \
    ptrdiff_t th_n_all_ = THIter_numel((T1)->nDimension, (T1)->size);                   \
    if (th_n_all_ > 0 && TH_ELEMENTWISE_CONTIGUOUS_(T1) && TH_ELEMENTWISE_CONTIGUOUS_(T2)) { \
      TYPE1 *th_d1_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                  \
      TYPE2 *th_d2_ = TH_ELEMENTWISE_DATA_(TYPE2, T2);                                  \
      TH_PARALLEL_RANGE(th_n_all_, th_b_, th_e_, TH_MAP_LOOP_(th_b_, th_e_,             \
        TYPE1 *T1##_data = th_d1_ + th_i_; TYPE2 *T2##_data = th_d2_ + th_i_; CODE));   \
    } else {                                                                            \
      TH_MAP2_STRIDED(TYPE1, T1, TYPE2, T2, CODE);                                      \
    }                                                                                   \
  } while (0)

#define TH_MAP3(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE)                                  \
  do {                                                                                  \
    ptrdiff_t th_n_all_ = THIter_numel((T1)->nDimension, (T1)->size);                   \
    if (th_n_all_ > 0 && TH_ELEMENTWISE_CONTIGUOUS_(T1) && TH_ELEMENTWISE_CONTIGUOUS_(T2) && \
        TH_ELEMENTWISE_CONTIGUOUS_(T3)) {                                               \
      TYPE1 *th_d1_ = TH_ELEMENTWISE_DATA_(TYPE1, T1);                                  \
      TYPE2 *th_d2_ = TH_ELEMENTWISE_DATA_(TYPE2, T2);                                  \
      TYPE3 *th_d3_ = TH_ELEMENTWISE_DATA_(TYPE3, T3);                                  \
      TH_PARALLEL_RANGE(th_n_all_, th_b_, th_e_, TH_MAP_LOOP_(th_b_, th_e_,             \
        TYPE1 *T1##_data = th_d1_ + th_i_; TYPE2 *T2##_data = th_d2_ + th_i_;           \
        TYPE3 *T3##_data = th_d3_ + th_i_; CODE));                                      \
    } else {                                                                            \
      TH_MAP3_STRIDED(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE);                           \
    }                                                                                   \
  } while (0)

#endif
