#pragma once
// LookupTableBag's forward kernel; its backward is LookupTable's run accumulation (LookupTable.cuh).
#include "LookupTable.cuh"

namespace thcunn_lookup {

// One thread per (bag, column), columns innermost: output[bag] is the sum (mode 0) or the mean
// (mode 1; 0 for an empty bag) of the weight rows of positions offsets[bag]-1 .. offsets[bag+1]-2
// (the last bag runs to the end of input). Column 0's thread also records the bag's size and, for
// each of its positions, the 1-based bag it belongs to.
template <typename real>
__global__ void embedBags(real *output, const real *weight, long s0, long s1, long dim, const long *input, long numel,
                          const long *offsets, long numBags, int mode, long *offset2bag, long *seqLength) {
  for (long n = blockIdx.x * (long)blockDim.x + threadIdx.x; n < numBags * dim; n += (long)gridDim.x * blockDim.x) {
    long bag = n / dim, j = n % dim;
    long begin = offsets[bag] - TH_INDEX_BASE;
    long end = bag + 1 < numBags ? offsets[bag + 1] - TH_INDEX_BASE : numel;
    real sum = 0;
    for (long e = begin; e < end; e++) sum += weight[(input[e] - TH_INDEX_BASE) * s0 + j * s1];
    if (mode == 1 && end > begin) sum /= (real)(end - begin);
    output[n] = sum;
    if (j == 0) {
      seqLength[bag] = end > begin ? end - begin : 0;
      for (long e = begin; e < end; e++) offset2bag[e] = bag + TH_INDEX_BASE;
    }
  }
}

}  // namespace thcunn_lookup
