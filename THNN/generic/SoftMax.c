#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMax.c"
#else

/* softmax over the classes (see SoftMax_rows for the shapes): exp(x - max) / sum, rows split among
 * OpenMP threads when the input is large. */
void THNN_(SoftMax_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  long nframe, dim, stride;
  THNN_(SoftMax_rows)("SoftMax_updateOutput", input, &nframe, &dim, &stride);
  THNN_(checkNotNull)("SoftMax_updateOutput", "output", output);
  input = THTensor_(newContiguous)(input);
  THTensor_(resizeAs)(output, input);
  THTensor *out = THNN_(writable)(output, 0);
  const real *x = THTensor_(data)(input);
  real *y = THTensor_(data)(out);
  long rows = nframe * stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    real *yr = y + base;
    real m = THNN_(SoftMax_rowMax)(x + base, dim, stride);
    real inv = (real)(1 / THNN_(SoftMax_rowExpShiftSum)(yr, x + base, dim, stride, m));
    for (long c = 0; c < dim; c++) yr[c * stride] *= inv;
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(input);
}

/* gradInput = output * (gradOutput - sum(gradOutput * output)), per row. `input` is not read. */
void THNN_(SoftMax_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                    THTensor *output) {
  const char *fn = "SoftMax_updateGradInput";
  long nframe, dim, stride;
  THNN_(SoftMax_rows)(fn, output, &nframe, &dim, &stride);
  THNN_(checkSameNumel)(fn, "gradOutput", gradOutput, "output", output);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  output = THTensor_(newContiguous)(output);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor_(resizeAs)(gradInput, output);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *y = THTensor_(data)(output), *g = THTensor_(data)(gradOutput);
  real *gi = THTensor_(data)(gin);
  long rows = nframe * stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    accreal dot = THNN_(SoftMax_rowDot)(g + base, y + base, dim, stride);
    for (long c = 0; c < dim; c++) {
      ptrdiff_t i = base + c * stride;
      gi[i] = (real)(y[i] * (g[i] - dot));
    }
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(output);
  THTensor_(free)(gradOutput);
}

#endif
