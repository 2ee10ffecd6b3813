#ifndef TH_TENSOR_APPLY_INC
#define TH_TENSOR_APPLY_INC
/* Iteration over strided tensors, for the library's own kernels (not part of the legacy ABI).
 *
 * TH_TENSOR_APPLY{,2,3}(TYPE1, T1, ..., CODE) runs CODE once per element, with T1_data (a TYPE1*)
 * pointing at the current element of T1, and so on. The tensors must have the same number of
 * elements; their shapes may differ (legacy semantics: each is walked in its own row-major order).
 * Dimensions that are contiguous with each other are merged first, so a contiguous tensor is one
 * unit-stride run and CODE lands in a loop the compiler vectorises. Kernels that want OpenMP or
 * hand-written vector code test THTensor_(isContiguous) and take their own fast path first.
 *
 * TH_TENSOR_DIM_APPLY{,2,3}(TYPE1, T1, ..., DIM, CODE) runs CODE once per slice along DIM, with
 * T1_data at the slice's first element, T1_stride and T1_size its stride and length along DIM.
 * The tensors must have the same number of dimensions and the same sizes except along DIM.
 *
 * CODE must not `return` or `break` out of the loops. */
#include "THGeneral.h"

/* Element count above which a contiguous memory-bound loop is worth an OpenMP parallel region. */
#define TH_OMP_THRESHOLD 32768

typedef struct THIter {
  int dims; /* after merging; the last one is the innermost run */
  long size[TH_MAX_DIMS];
  long stride[TH_MAX_DIMS];
  long counter[TH_MAX_DIMS];
  long inner;       /* position within the innermost run */
  ptrdiff_t offset; /* element offset of the current position */
} THIter;

static inline ptrdiff_t THIter_numel(int nDimension, const long *size) {
  if (nDimension == 0) return 0;
  ptrdiff_t n = 1;
  for (int d = 0; d < nDimension; d++) n *= size[d];
  return n;
}

static inline void THIter_init(THIter *it, int nDimension, const long *size, const long *stride) {
  int dims = 0;
  for (int d = 0; d < nDimension; d++) {
    if (size[d] == 1) continue;
    if (dims > 0 && it->stride[dims - 1] == size[d] * stride[d]) {
      it->size[dims - 1] *= size[d];
      it->stride[dims - 1] = stride[d];
    } else {
      it->size[dims] = size[d];
      it->stride[dims] = stride[d];
      dims++;
    }
  }
  if (dims == 0) {
    it->size[0] = 1;
    it->stride[0] = 1;
    dims = 1;
  }
  it->dims = dims;
  for (int d = 0; d < dims; d++) it->counter[d] = 0;
  it->inner = 0;
  it->offset = 0;
}

/* Elements left in the current innermost run. */
static inline long THIter_run(const THIter *it) { return it->size[it->dims - 1] - it->inner; }

static inline long THIter_innerStride(const THIter *it) { return it->stride[it->dims - 1]; }

static inline void THIter_advance(THIter *it, long n) {
  int last = it->dims - 1;
  it->inner += n;
  it->offset += n * it->stride[last];
  if (it->inner < it->size[last]) return;
  it->offset -= it->inner * it->stride[last];
  it->inner = 0;
  for (int d = last - 1; d >= 0; d--) {
    it->counter[d]++;
    it->offset += it->stride[d];
    if (it->counter[d] < it->size[d]) return;
    it->offset -= it->counter[d] * it->stride[d];
    it->counter[d] = 0;
  }
}

#define TH_APPLY_NUMEL_CHECK_(N1, N2, T1, T2)                                                   \
  if ((N1) != (N2))                                                                             \
    THError("inconsistent tensor size: %s has %td elements but %s has %td", #T1, (ptrdiff_t)(N1), \
            #T2, (ptrdiff_t)(N2));

#define TH_TENSOR_APPLY(TYPE1, T1, CODE)                                                 \
  do {                                                                                   \
    ptrdiff_t th_left_ = THIter_numel((T1)->nDimension, (T1)->size);                     \
    if (th_left_ > 0) {                                                                  \
      THIter th_it1_;                                                                    \
      THIter_init(&th_it1_, (T1)->nDimension, (T1)->size, (T1)->stride);                 \
      TYPE1 *th_base1_ = (T1)->storage->data + (T1)->storageOffset;                      \
      while (th_left_ > 0) {                                                             \
        long th_run_ = THIter_run(&th_it1_);                                             \
        long th_s1_ = THIter_innerStride(&th_it1_);                                      \
        TYPE1 *T1##_data = th_base1_ + th_it1_.offset;                                   \
        if (th_s1_ == 1) {                                                               \
          for (long th_i_ = 0; th_i_ < th_run_; th_i_++, T1##_data++) { CODE }           \
        } else {                                                                         \
          for (long th_i_ = 0; th_i_ < th_run_; th_i_++, T1##_data += th_s1_) { CODE }   \
        }                                                                                \
        THIter_advance(&th_it1_, th_run_);                                               \
        th_left_ -= th_run_;                                                             \
      }                                                                                  \
    }                                                                                    \
  } while (0)

#define TH_TENSOR_APPLY2(TYPE1, T1, TYPE2, T2, CODE)                                         \
  do {                                                                                       \
    ptrdiff_t th_left_ = THIter_numel((T1)->nDimension, (T1)->size);                         \
    ptrdiff_t th_n2_ = THIter_numel((T2)->nDimension, (T2)->size);                           \
    TH_APPLY_NUMEL_CHECK_(th_left_, th_n2_, T1, T2)                                          \
    if (th_left_ > 0) {                                                                      \
      THIter th_it1_, th_it2_;                                                               \
      THIter_init(&th_it1_, (T1)->nDimension, (T1)->size, (T1)->stride);                     \
      THIter_init(&th_it2_, (T2)->nDimension, (T2)->size, (T2)->stride);                     \
      TYPE1 *th_base1_ = (T1)->storage->data + (T1)->storageOffset;                          \
      TYPE2 *th_base2_ = (T2)->storage->data + (T2)->storageOffset;                          \
      while (th_left_ > 0) {                                                                 \
        long th_run_ = THMin(THIter_run(&th_it1_), THIter_run(&th_it2_));                    \
        long th_s1_ = THIter_innerStride(&th_it1_), th_s2_ = THIter_innerStride(&th_it2_);   \
        TYPE1 *T1##_data = th_base1_ + th_it1_.offset;                                       \
        TYPE2 *T2##_data = th_base2_ + th_it2_.offset;                                       \
        if (th_s1_ == 1 && th_s2_ == 1) {                                                    \
          for (long th_i_ = 0; th_i_ < th_run_; th_i_++, T1##_data++, T2##_data++) { CODE }  \
        } else {                                                                             \
          for (long th_i_ = 0; th_i_ < th_run_;                                              \
               th_i_++, T1##_data += th_s1_, T2##_data += th_s2_) { CODE }                   \
        }                                                                                    \
        THIter_advance(&th_it1_, th_run_);                                                   \
        THIter_advance(&th_it2_, th_run_);                                                   \
        th_left_ -= th_run_;                                                                 \
      }                                                                                      \
    }                                                                                        \
  } while (0)

#define TH_TENSOR_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, CODE)                                   \
  do {                                                                                            \
    ptrdiff_t th_left_ = THIter_numel((T1)->nDimension, (T1)->size);                              \
    ptrdiff_t th_n2_ = THIter_numel((T2)->nDimension, (T2)->size);                                \
    ptrdiff_t th_n3_ = THIter_numel((T3)->nDimension, (T3)->size);                                \
    TH_APPLY_NUMEL_CHECK_(th_left_, th_n2_, T1, T2)                                               \
    TH_APPLY_NUMEL_CHECK_(th_left_, th_n3_, T1, T3)                                               \
    if (th_left_ > 0) {                                                                           \
      THIter th_it1_, th_it2_, th_it3_;                                                           \
      THIter_init(&th_it1_, (T1)->nDimension, (T1)->size, (T1)->stride);                          \
      THIter_init(&th_it2_, (T2)->nDimension, (T2)->size, (T2)->stride);                          \
      THIter_init(&th_it3_, (T3)->nDimension, (T3)->size, (T3)->stride);                          \
      TYPE1 *th_base1_ = (T1)->storage->data + (T1)->storageOffset;                               \
      TYPE2 *th_base2_ = (T2)->storage->data + (T2)->storageOffset;                               \
      TYPE3 *th_base3_ = (T3)->storage->data + (T3)->storageOffset;                               \
      while (th_left_ > 0) {                                                                      \
        long th_run_ = THMin(THMin(THIter_run(&th_it1_), THIter_run(&th_it2_)), THIter_run(&th_it3_)); \
        long th_s1_ = THIter_innerStride(&th_it1_), th_s2_ = THIter_innerStride(&th_it2_);        \
        long th_s3_ = THIter_innerStride(&th_it3_);                                               \
        TYPE1 *T1##_data = th_base1_ + th_it1_.offset;                                            \
        TYPE2 *T2##_data = th_base2_ + th_it2_.offset;                                            \
        TYPE3 *T3##_data = th_base3_ + th_it3_.offset;                                            \
        if (th_s1_ == 1 && th_s2_ == 1 && th_s3_ == 1) {                                          \
          for (long th_i_ = 0; th_i_ < th_run_; th_i_++, T1##_data++, T2##_data++, T3##_data++) { CODE } \
        } else {                                                                                  \
          for (long th_i_ = 0; th_i_ < th_run_;                                                   \
               th_i_++, T1##_data += th_s1_, T2##_data += th_s2_, T3##_data += th_s3_) { CODE }   \
        }                                                                                         \
        THIter_advance(&th_it1_, th_run_);                                                        \
        THIter_advance(&th_it2_, th_run_);                                                        \
        THIter_advance(&th_it3_, th_run_);                                                        \
        th_left_ -= th_run_;                                                                      \
      }                                                                                           \
    }                                                                                             \
  } while (0)

/* Steps the counters of every dimension but DIM (last dimension fastest); false when done. */
static inline int THDimIter_next(int nDimension, const long *size, int dim, long *counter) {
  for (int d = nDimension - 1; d >= 0; d--) {
    if (d == dim) continue;
    if (++counter[d] < size[d]) return 1;
    counter[d] = 0;
  }
  return 0;
}

static inline ptrdiff_t THDimIter_offset(int nDimension, const long *stride, int dim, const long *counter) {
  ptrdiff_t offset = 0;
  for (int d = 0; d < nDimension; d++)
    if (d != dim) offset += counter[d] * stride[d];
  return offset;
}

#define TH_DIM_APPLY_SLICE_(TYPE, T, DIM, COUNTER)                                           \
  TYPE *T##_data = (T)->storage->data + (T)->storageOffset +                                 \
                   THDimIter_offset((T)->nDimension, (T)->stride, (DIM), COUNTER);           \
  long T##_stride = (T)->stride[DIM];                                                        \
  long T##_size = (T)->size[DIM];                                                            \
  (void)T##_stride;                                                                          \
  (void)T##_size;

#define TH_TENSOR_DIM_APPLY(TYPE1, T1, DIM, CODE)                                  \
  do {                                                                             \
    if (THIter_numel((T1)->nDimension, (T1)->size) > 0) {                          \
      long th_counter_[TH_MAX_DIMS] = {0};                                         \
      do {                                                                         \
        TH_DIM_APPLY_SLICE_(TYPE1, T1, DIM, th_counter_)                           \
        CODE                                                                       \
      } while (THDimIter_next((T1)->nDimension, (T1)->size, (DIM), th_counter_));  \
    }                                                                              \
  } while (0)

#define TH_TENSOR_DIM_APPLY2(TYPE1, T1, TYPE2, T2, DIM, CODE)                      \
  do {                                                                             \
    if (THIter_numel((T1)->nDimension, (T1)->size) > 0) {                          \
      long th_counter_[TH_MAX_DIMS] = {0};                                         \
      do {                                                                         \
        TH_DIM_APPLY_SLICE_(TYPE1, T1, DIM, th_counter_)                           \
        TH_DIM_APPLY_SLICE_(TYPE2, T2, DIM, th_counter_)                           \
        CODE                                                                       \
      } while (THDimIter_next((T1)->nDimension, (T1)->size, (DIM), th_counter_));  \
    }                                                                              \
  } while (0)

#define TH_TENSOR_DIM_APPLY3(TYPE1, T1, TYPE2, T2, TYPE3, T3, DIM, CODE)           \
  do {                                                                             \
    if (THIter_numel((T1)->nDimension, (T1)->size) > 0) {                          \
      long th_counter_[TH_MAX_DIMS] = {0};                                         \
      do {                                                                         \
        TH_DIM_APPLY_SLICE_(TYPE1, T1, DIM, th_counter_)                           \
        TH_DIM_APPLY_SLICE_(TYPE2, T2, DIM, th_counter_)                           \
        TH_DIM_APPLY_SLICE_(TYPE3, T3, DIM, th_counter_)                           \
        CODE                                                                       \
      } while (THDimIter_next((T1)->nDimension, (T1)->size, (DIM), th_counter_));  \
    }                                                                              \
  } while (0)

#endif
