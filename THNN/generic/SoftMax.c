#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMax.c"
#else

/* softmax over the classes (see SoftMax_rows for the shapes): exp(x - max) / sum, rows split among
 * OpenMP threads when the input is large. */
void THNN_(SoftMax_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  THNN_(SoftMaxPass) p = THNN_(SoftMax_begin)("SoftMax_updateOutput", input, NULL, output);
  const real *x = p.srcData;
  real *y = p.resultData;
  const long rows = p.rows, dim = p.dim, stride = p.stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    real *yr = y + base;
    real m = THNN_(SoftMax_rowMax)(x + base, dim, stride);
    real inv = (real)(1 / THNN_(SoftMax_rowExpShiftSum)(yr, x + base, dim, stride, m));
    for (long c = 0; c < dim; c++) yr[c * stride] *= inv;
  }
  THNN_(SoftMax_end)(&p);
}

/* gradInput = output * (gradOutput - sum(gradOutput * output)), per row. `input` is not read. */
void THNN_(SoftMax_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                    THTensor *output) {
  const char *fn = "SoftMax_updateGradInput";
  THNN_(SoftMaxPass) p = THNN_(SoftMax_begin)(fn, output, gradOutput, gradInput);
  const real *y = p.srcData, *g = p.gradData;
  real *gi = p.resultData;
  const long rows = p.rows, dim = p.dim, stride = p.stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    accreal dot = THNN_(SoftMax_rowDot)(g + base, y + base, dim, stride);
    for (long c = 0; c < dim; c++) {
      ptrdiff_t i = base + c * stride;
      gi[i] = (real)(y[i] * (g[i] - dot));
    }
  }
  THNN_(SoftMax_end)(&p);
}

#endif
