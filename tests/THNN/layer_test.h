#ifndef EMBER_LAYER_TEST_H
#define EMBER_LAYER_TEST_H
/* Shared by the tests of the layers with parameters (test_linear.c, test_batchnorm.c, test_sparse.c,
 * test_rnn_fused.c): golden records named <case>_<field>, and freeing lists of tensors. */
#include "th_test.h"
#include "THNN.h"
#include "golden.h"
#include "gradcheck.h"

/* The Float record CASE_FIELD of the golden file FILE. */
static inline THFloatTensor *gold(const char *file, const char *name, const char *field) {
  char key[128];
  snprintf(key, sizeof key, "%s_%s", name, field);
  return golden_float(file, key);
}

/* Asserts that got has the shape and (within atol + rtol |expected|) the values of the record. */
static inline void assert_gold(const char *file, const char *name, const char *field, THFloatTensor *got,
                               double tol) {
  THFloatTensor *expected = gold(file, name, field);
  if (!THFloatTensor_isSameSizeAs(got, expected))
    fail_msg("%s_%s: size %s, expected %s", name, field, THFloatTensor_sizeDesc(got).str,
             THFloatTensor_sizeDesc(expected).str);
  assert_float_tensor_close(got, expected, tol, tol);
  THFloatTensor_free(expected);
}

/* Frees each non-NULL tensor of the list. */
#define FREE_TENSORS_(T, ...)                                            \
  do {                                                                   \
    T *list_[] = {__VA_ARGS__};                                          \
    for (size_t i_ = 0; i_ < sizeof list_ / sizeof list_[0]; i_++)       \
      if (list_[i_]) T##_free(list_[i_]);                                \
  } while (0)
#define free_floats(...) FREE_TENSORS_(THFloatTensor, __VA_ARGS__)
#define free_doubles(...) FREE_TENSORS_(THDoubleTensor, __VA_ARGS__)

/* The largest |a - b| over two Double tensors of the same number of elements. */
static inline double max_abs_diff(THDoubleTensor *a, THDoubleTensor *b) {
  if (THDoubleTensor_nElement(a) != THDoubleTensor_nElement(b))
    fail_msg("max_abs_diff: %td vs %td elements", THDoubleTensor_nElement(a), THDoubleTensor_nElement(b));
  THDoubleTensor *ac = THDoubleTensor_newContiguous(a), *bc = THDoubleTensor_newContiguous(b);
  double worst = 0;
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(ac); i++)
    worst = fmax(worst, fabs(THDoubleTensor_data(ac)[i] - THDoubleTensor_data(bc)[i]));
  THDoubleTensor_free(ac);
  THDoubleTensor_free(bc);
  return worst;
}

#endif
