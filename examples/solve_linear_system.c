/* A libTH example in C (the interim `make demo` before the C++ layer): solves a random,
 * well-conditioned 200x200 system A x = b with libTH's gesv and prints the residual |A x - b|. */
#include <stdio.h>
#include "TH.h"

int main(void) {
  const long n = 200;
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, 42);
  THDoubleTensor *a = THDoubleTensor_newWithSize2d(n, n);
  THDoubleTensor *b = THDoubleTensor_newWithSize2d(n, 1);
  THDoubleTensor_uniform(a, gen, -1, 1);
  THDoubleTensor_uniform(b, gen, -1, 1);
  for (long i = 0; i < n; i++) THDoubleTensor_set2d(a, i, i, THDoubleTensor_get2d(a, i, i) + n);

  THDoubleTensor *x = THDoubleTensor_new();
  THDoubleTensor *lu = THDoubleTensor_new();
  THDoubleTensor_gesv(x, lu, b, a);

  THDoubleTensor *ax = THDoubleTensor_new();
  THDoubleTensor_addmm(ax, 0, ax, 1, a, x);
  THDoubleTensor_csub(ax, ax, 1, b);
  printf("solved a %ldx%ld system with libTH: |A x - b| = %.3g\n", n, n, THDoubleTensor_normall(ax, 2));

  THDoubleTensor_free(ax);
  THDoubleTensor_free(lu);
  THDoubleTensor_free(x);
  THDoubleTensor_free(b);
  THDoubleTensor_free(a);
  THGenerator_free(gen);
  return 0;
}
