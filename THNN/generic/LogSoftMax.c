#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LogSoftMax.c"
#else

/* log softmax over the classes (see SoftMax_rows for the shapes): x - max - log(sum exp(x - max)),
 * each row in one pass over its exponentials (summed, not stored, so output may be input). Rows
 * are split among OpenMP threads when the input is large. */
void THNN_(LogSoftMax_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(SoftMaxPass) p = THNN_(SoftMax_begin)("LogSoftMax_updateOutput", input, NULL, output);
  const real *x = p.srcData;
  real *y = p.resultData;
  const long rows = p.rows, dim = p.dim, stride = p.stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    const real *xr = x + base;
    real *yr = y + base;
    real m = THNN_(SoftMax_rowMax)(xr, dim, stride);
    real lse = (real)(m + log(THNN_(SoftMax_rowExpShiftSum)(NULL, xr, dim, stride, m)));
    for (long c = 0; c < dim; c++) yr[c * stride] = xr[c * stride] - lse;
  }
  THNN_(SoftMax_end)(&p);
}

/* gradInput = gradOutput - exp(output) * sum(gradOutput), per row. `input` is not read. */
void THNN_(LogSoftMax_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, THTensor *output) {
  const char *fn = "LogSoftMax_updateGradInput";
  THNN_(SoftMaxPass) p = THNN_(SoftMax_begin)(fn, output, gradOutput, gradInput);
  const real *y = p.srcData, *g = p.gradData;
  real *gi = p.resultData;
  const long rows = p.rows, dim = p.dim, stride = p.stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    accreal sum = THNN_(SoftMax_rowSum)(g + base, dim, stride);
    THNN_(SoftMax_rowSubExpScaled)(gi + base, g + base, y + base, dim, stride, sum);
  }
  THNN_(SoftMax_end)(&p);
}

#endif
