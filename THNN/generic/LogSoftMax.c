#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LogSoftMax.c"
#else

/* log softmax over the classes (see SoftMax_rows for the shapes): x - max - log(sum exp(x - max)),
 * each row in one pass over its exponentials (summed, not stored, so output may be input). Rows
 * are split among OpenMP threads when the input is large. */
void THNN_(LogSoftMax_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {
  long nframe, dim, stride;
  THNN_(SoftMax_rows)("LogSoftMax_updateOutput", input, &nframe, &dim, &stride);
  THNN_(checkNotNull)("LogSoftMax_updateOutput", "output", output);
  input = THTensor_(newContiguous)(input);
  THTensor_(resizeAs)(output, input);
  THTensor *out = THNN_(writable)(output, 0);
  const real *x = THTensor_(data)(input);
  real *y = THTensor_(data)(out);
  long rows = nframe * stride;
#pragma omp parallel for if (rows > 1 && rows * dim > TH_OMP_THRESHOLD)
  for (long r = 0; r < rows; r++) {
    ptrdiff_t base = THNN_(SoftMax_rowBase)(r, dim, stride);
    const real *xr = x + base;
    real *yr = y + base;
    real m = THNN_(SoftMax_rowMax)(xr, dim, stride);
    real lse = (real)(m + log(THNN_(SoftMax_rowExpShiftSum)(NULL, xr, dim, stride, m)));
    for (long c = 0; c < dim; c++) yr[c * stride] = xr[c * stride] - lse;
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(input);
}

/* gradInput = gradOutput - exp(output) * sum(gradOutput), per row. `input` is not read. */
void THNN_(LogSoftMax_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                       THTensor *gradInput, THTensor *output) {
  const char *fn = "LogSoftMax_updateGradInput";
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
    accreal sum = THNN_(SoftMax_rowSum)(g + base, dim, stride);
    THNN_(SoftMax_rowSubExpScaled)(gi + base, g + base, y + base, dim, stride, sum);
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(output);
  THTensor_(free)(gradOutput);
}

#endif
