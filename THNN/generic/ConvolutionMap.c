#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionMap.c"
#else

void THNN_(mapPlan)(const char *fn, THTensor *input, THTensor *weight, const char *weightName, THTensor *connTable,
                    int nInputPlane, int nOutputPlane, int dW, int dH, int transposed, THNNConvPlan *plan) {
  THNN_(checkDims)(fn, "connTable", connTable, 2, 2);
  if (connTable->size[1] != 2)
    THError("%s: connTable must be [nConnections x 2], got %s", fn, THTensor_(sizeDesc)(connTable).str);
  const long nConnections = connTable->size[0];
  THNN_(checkDims)(fn, weightName, weight, 3, 3);
  if (weight->size[0] != nConnections)
    THError("%s: %s must be [%ld x kH x kW] (one kernel per connTable row), got %s", fn, weightName, nConnections,
            THTensor_(sizeDesc)(weight).str);
  if (nInputPlane <= 0 || nOutputPlane <= 0)
    THError("%s: nInputPlane and nOutputPlane must be positive, got %d and %d", fn, nInputPlane, nOutputPlane);
  for (long k = 0; k < nConnections; k++)
    for (int side = 0; side < 2; side++) {
      const real v = THTensor_(get2d)(connTable, k, side);
      const int limit = side ? nOutputPlane : nInputPlane;
      if (!(v >= 1 && v <= limit) || v != (real)(long)v)
        THError("%s: connTable[%ld][%d] (%s plane) must be an integer in [1, %d], got %g", fn, k + 1, side + 1,
                side ? "output" : "input", limit, (double)v);
    }
  const THNNConvParams p = {(int)weight->size[2], (int)weight->size[1], dW, dH, 0, 0, 1, 1, 0, 0};
  THNN_(convPlan)(fn, input, &p, transposed, plan);
  if (plan->nInputPlane < nInputPlane)
    THError("%s: input must have at least nInputPlane = %d planes, got size %s", fn, nInputPlane,
            THTensor_(sizeDesc)(input).str);
  plan->geometry.channels = transposed ? nOutputPlane : nInputPlane;
}

void THNN_(mapGatherReduce)(const real *cols, const real *weight, const real *table, long nConnections,
                            int srcSide, int dstSide, long nDstPlanes, long kernelSize, long L, real *dst) {
#pragma omp parallel for if (nConnections * kernelSize * L > THNN_CONV_OMP_MIN)
  for (long p = 0; p < nDstPlanes; p++) {
    real *d = dst + p * L;
    for (long k = 0; k < nConnections; k++) {
      if ((long)table[2 * k + dstSide] - 1 != p) continue;
      const real *c = cols + ((long)table[2 * k + srcSide] - 1) * kernelSize * L;
      for (long q = 0; q < kernelSize; q++) {
        const real w = weight[k * kernelSize + q], *cq = c + q * L;
        for (long l = 0; l < L; l++) d[l] += w * cq[l];
      }
    }
  }
}

void THNN_(mapScatterExpand)(const real *src, const real *weight, const real *table, long nConnections,
                             int srcSide, int dstSide, long nDstPlanes, long kernelSize, long L, real *cols) {
#pragma omp parallel for if (nConnections * kernelSize * L > THNN_CONV_OMP_MIN)
  for (long p = 0; p < nDstPlanes; p++) {
    real *c = cols + p * kernelSize * L;
    memset(c, 0, sizeof(real) * (size_t)(kernelSize * L));
    for (long k = 0; k < nConnections; k++) {
      if ((long)table[2 * k + dstSide] - 1 != p) continue;
      const real *s = src + ((long)table[2 * k + srcSide] - 1) * L;
      for (long q = 0; q < kernelSize; q++) {
        const real w = weight[k * kernelSize + q];
        real *cq = c + q * L;
        for (long l = 0; l < L; l++) cq[l] += w * s[l];
      }
    }
  }
}

void THNN_(mapAccGradWeight)(const real *cols, const real *planes, const real *table, long nConnections,
                             int colsSide, long kernelSize, long L, real *gradWeight, accreal scale) {
#pragma omp parallel for if (nConnections * kernelSize * L > THNN_CONV_OMP_MIN)
  for (long k = 0; k < nConnections; k++) {
    const real *c = cols + ((long)table[2 * k + colsSide] - 1) * kernelSize * L;
    const real *x = planes + ((long)table[2 * k + 1 - colsSide] - 1) * L;
    for (long q = 0; q < kernelSize; q++) {
      accreal sum = 0;
      for (long l = 0; l < L; l++) sum += (accreal)c[q * L + l] * x[l];
      gradWeight[k * kernelSize + q] += (real)(scale * sum);
    }
  }
}

#endif
