#ifndef EMBER_GOLDEN_H
#define EMBER_GOLDEN_H
/* Reads the golden files of tests/golden (written by tests/golden/gen.py with PyTorch 1.13).
 * Format, one tensor per record:
 *   tensor NAME NDIM SIZE0 ... SIZE(NDIM-1)
 *   VALUE VALUE ...            (row-major, on one line, printed with 9 significant digits)
 * Lines starting with '#' are comments. EMBER_GOLDEN_DIR is set by tests/CMakeLists.txt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "TH.h"

/* A new Double tensor with the record NAME of FILE (relative to the golden directory); fails the
 * test (through cmocka's fail_msg) when it is missing. */
static inline THDoubleTensor *golden_double(const char *file, const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", EMBER_GOLDEN_DIR, file);
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot open golden file %s", path);
  char word[256];
  THDoubleTensor *result = NULL;
  while (fscanf(f, "%255s", word) == 1) {
    if (word[0] == '#') {
      int c;
      while ((c = fgetc(f)) != EOF && c != '\n') {}
      continue;
    }
    if (strcmp(word, "tensor") != 0) continue;
    char tname[256];
    int ndim;
    if (fscanf(f, "%255s %d", tname, &ndim) != 2 || ndim < 0 || ndim > 8) fail_msg("bad record in %s", path);
    long size[8];
    ptrdiff_t n = ndim ? 1 : 0;
    for (int d = 0; d < ndim; d++) {
      if (fscanf(f, "%ld", &size[d]) != 1) fail_msg("bad size in %s", path);
      n *= size[d];
    }
    if (strcmp(tname, name) != 0) {
      for (ptrdiff_t i = 0; i < n; i++) {
        double skip;
        if (fscanf(f, "%lf", &skip) != 1) fail_msg("truncated record %s in %s", tname, path);
      }
      continue;
    }
    result = THDoubleTensor_new();
    THDoubleTensor_resizeNd(result, ndim, size, NULL);
    double *p = THDoubleTensor_data(result);
    for (ptrdiff_t i = 0; i < n; i++)
      if (fscanf(f, "%lf", &p[i]) != 1) fail_msg("truncated record %s in %s", name, path);
    break;
  }
  fclose(f);
  if (!result) fail_msg("no record %s in %s", name, path);
  return result;
}

/* A new Float tensor holding d's values (same size, contiguous). */
static inline THFloatTensor *th_float_copy(THDoubleTensor *d) {
  THFloatTensor *f = THFloatTensor_new();
  THFloatTensor_resizeNd(f, d->nDimension, d->size, NULL);
  THFloatTensor_copyDouble(f, d);
  return f;
}

static inline THFloatTensor *golden_float(const char *file, const char *name) {
  THDoubleTensor *d = golden_double(file, name);
  THFloatTensor *f = th_float_copy(d);
  THDoubleTensor_free(d);
  return f;
}

/* Asserts that two Float tensors have the same shape and values within atol + rtol*|b|. */
#define assert_float_tensor_close(A, B, ATOL, RTOL) golden_assert_close_((A), (B), (ATOL), (RTOL), #A, #B)
static inline void golden_assert_close_(THFloatTensor *a, THFloatTensor *b, double atol, double rtol,
                                        const char *an, const char *bn) {
  if (THFloatTensor_nElement(a) != THFloatTensor_nElement(b))
    fail_msg("%s has %td elements (%s), %s has %td (%s)", an, THFloatTensor_nElement(a),
             THFloatTensor_sizeDesc(a).str, bn, THFloatTensor_nElement(b), THFloatTensor_sizeDesc(b).str);
  THFloatTensor *ac = THFloatTensor_newContiguous(a), *bc = THFloatTensor_newContiguous(b);
  const float *pa = THFloatTensor_data(ac), *pb = THFloatTensor_data(bc);
  ptrdiff_t n = THFloatTensor_nElement(ac);
  for (ptrdiff_t i = 0; i < n; i++) {
    double x = pa[i], y = pb[i];
    if (!(fabs(x - y) <= atol + rtol * fabs(y)) && !(isnan(x) && isnan(y))) {
      THFloatTensor_free(ac);
      THFloatTensor_free(bc);
      fail_msg("%s[%td] = %.9g but %s[%td] = %.9g", an, i, x, bn, i, y);
    }
  }
  THFloatTensor_free(ac);
  THFloatTensor_free(bc);
}
#endif
