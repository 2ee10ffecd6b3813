#ifndef EMBER_CONV_TEST_H
#define EMBER_CONV_TEST_H
/* Helpers shared by the THNN convolution tests (spatial, temporal, volumetric): golden lookups,
 * tensor comparisons, random inputs for the gradient checks, layouts. Include after th_test.h,
 * golden.h and with GOLDEN (the golden file's name) defined. */
#include "th_test.h"
#include "golden.h"

#ifndef GOLDEN
#error "define GOLDEN (the golden file) before including conv_test.h"
#endif

/* Sizes as the (count, array) argument pair the checks take. */
#define SIZES(...) (sizeof((long[]){__VA_ARGS__}) / sizeof(long)), (long[]) { __VA_ARGS__ }

/* The golden tensor "<name>_<field>". */
static inline THFloatTensor *golden(const char *name, const char *field) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", name, field);
  return golden_float(GOLDEN, key);
}

static inline void assert_same_size_close(THFloatTensor *got, THFloatTensor *expected) {
  if (!THFloatTensor_isSameSizeAs(got, expected))
    fail_msg("size %s, expected %s", THFloatTensor_sizeDesc(got).str, THFloatTensor_sizeDesc(expected).str);
  assert_float_tensor_close(got, expected, 2e-5, 2e-4);
}

static inline void fill_float(THFloatTensor *t, float v) { THFloatTensor_fill(t, v); }

static inline void free_floats(THFloatTensor **all, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (all[i]) THFloatTensor_free(all[i]);
}
#define FREE_FLOATS(...)                             \
  do {                                               \
    THFloatTensor *all_[] = {__VA_ARGS__};           \
    free_floats(all_, sizeof all_ / sizeof all_[0]); \
  } while (0)

/* A tensor of the given size, uniform in [-1, 1) from the seeded generator. */
static inline THDoubleTensor *random_double(unsigned long seed, int nd, const long *size) {
  THDoubleTensor *t = THDoubleTensor_new();
  THDoubleTensor_resizeNd(t, nd, (long *)size, NULL);
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, seed);
  double *p = THDoubleTensor_data(t);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(t); i++) p[i] = THRandom_uniform(gen, -1, 1);
  THGenerator_free(gen);
  return t;
}

static inline double dot_double(THDoubleTensor *a, THDoubleTensor *b) {
  THDoubleTensor *ac = THDoubleTensor_newContiguous(a), *bc = THDoubleTensor_newContiguous(b);
  assert_int_equal(THDoubleTensor_nElement(ac), THDoubleTensor_nElement(bc));
  double s = 0;
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(ac); i++)
    s += THDoubleTensor_data(ac)[i] * THDoubleTensor_data(bc)[i];
  THDoubleTensor_free(ac);
  THDoubleTensor_free(bc);
  return s;
}

/* A non-contiguous tensor (its first and last dimensions transposed in storage) holding the values
 * of t. */
static inline THFloatTensor *noncontiguous_copy(THFloatTensor *t) {
  int nd = t->nDimension;
  long size[8];
  assert_true(nd >= 2 && nd <= 8);
  for (int d = 0; d < nd; d++) size[d] = t->size[d];
  long tmp = size[nd - 1];
  size[nd - 1] = size[0];
  size[0] = tmp;
  THFloatTensor *storage = THFloatTensor_new();
  THFloatTensor_resizeNd(storage, nd, size, NULL);
  THFloatTensor *view = THFloatTensor_newTranspose(storage, 0, nd - 1);
  THFloatTensor_free(storage);
  THFloatTensor_copy(view, t);
  assert_false(THFloatTensor_isContiguous(view));
  return view;
}

#endif
