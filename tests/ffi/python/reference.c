/* Runs a set of THNN kernels on fixed inputs and prints every input and result (Float, then Double),
 * so that test_numerics.py can check that the binding's calls give exactly the C results. Output:
 * per tensor a line "tensor <Float|Double> <name> <ndim> <sizes...>" and a line of values (%.17g). */
#include <stdio.h>
#include <THNN.h>

#define STR_(x) #x
#define STR(x) STR_(x)

/* Values in [-1, 1) from a seed and an index: the same for both types, exact in float. */
static double pattern(int seed, ptrdiff_t i) {
  return (double)(((i + 1) * 7919 + seed * 104729) % 2048 - 1024) / 1024.0;
}

#define R Float
#define real float
#include "reference_kernels.h"
#undef R
#undef real
#define R Double
#define real double
#include "reference_kernels.h"
#undef R
#undef real

int main(void) {
  THSetNumThreads(1);
  run_Float();
  run_Double();
  return 0;
}
