#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/GatedLinear.c"
#else

/* Gated linear unit: the input is split along dimension `dim` (1-based, as Torch7's nn.GatedLinearUnit
 * passed it) into halves a and b, and the output is a * sigmoid(b). GatedLinear_(shape) checks the
 * arguments and views the contiguous input as outer x 2 x half, the two halves of each outer slice
 * being `half` elements apart. */
static void THNN_(GatedLinear_shape)(const char *fn, THTensor *input, int dim, long *outer, long *half) {
  THNN_(checkDims)(fn, "input", input, 1, TH_MAX_DIMS);
  if (dim < TH_INDEX_BASE || dim >= input->nDimension + TH_INDEX_BASE)
    THError("%s: dim must be in [%d, %d] for an input of size %s, got %d", fn, TH_INDEX_BASE,
            input->nDimension - 1 + TH_INDEX_BASE, THTensor_(sizeDesc)(input).str, dim);
  int d = dim - TH_INDEX_BASE;
  if (input->size[d] % 2 != 0)
    THError("%s: input must have an even size at dimension %d (dim), got size %s", fn, dim,
            THTensor_(sizeDesc)(input).str);
  *outer = 1;
  for (int k = 0; k < d; k++) *outer *= input->size[k];
  *half = input->size[d] / 2;
  for (int k = d + 1; k < input->nDimension; k++) *half *= input->size[k];
}

static inline accreal THNN_(GatedLinear_sigmoid)(accreal z) { return 1 / (1 + exp(-z)); }

void THNN_(GatedLinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output, int dim) {
  long outer, half;
  THNN_(GatedLinear_shape)("GatedLinear_updateOutput", input, dim, &outer, &half);
  THNN_(checkNotNull)("GatedLinear_updateOutput", "output", output);
  input = THTensor_(newContiguous)(input);
  THTensor *size = THTensor_(newNarrow)(input, dim - TH_INDEX_BASE, 0, input->size[dim - TH_INDEX_BASE] / 2);
  THTensor_(resizeAs)(output, size);
  THTensor *out = THNN_(writable)(output, 0);
  const real *x = THTensor_(data)(input);
  real *y = THTensor_(data)(out);
#pragma omp parallel for if (outer > 1 && outer * half > TH_OMP_THRESHOLD)
  for (long o = 0; o < outer; o++) {
    const real *a = x + 2 * o * half, *b = a + half;
    for (long i = 0; i < half; i++) y[o * half + i] = (real)(a[i] * THNN_(GatedLinear_sigmoid)(b[i]));
  }
  THNN_(writeBack)(output, out);
  THTensor_(free)(size);
  THTensor_(free)(input);
}

/* d/da = sigmoid(b), d/db = a sigmoid(b) (1 - sigmoid(b)). */
void THNN_(GatedLinear_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                        THTensor *gradInput, int dim) {
  const char *fn = "GatedLinear_updateGradInput";
  long outer, half;
  THNN_(GatedLinear_shape)(fn, input, dim, &outer, &half);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  if (THTensor_(nElement)(gradOutput) != outer * half)
    THError("%s: gradOutput must have %ld elements (half of input %s), got size %s", fn, outer * half,
            THTensor_(sizeDesc)(input).str, THTensor_(sizeDesc)(gradOutput).str);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gin = THNN_(writable)(gradInput, 0);
  const real *x = THTensor_(data)(input), *g = THTensor_(data)(gradOutput);
  real *gi = THTensor_(data)(gin);
#pragma omp parallel for if (outer > 1 && outer * half > TH_OMP_THRESHOLD)
  for (long o = 0; o < outer; o++) {
    const real *a = x + 2 * o * half, *b = a + half;
    real *ga = gi + 2 * o * half, *gb = ga + half;
    for (long i = 0; i < half; i++) {
      accreal s = THNN_(GatedLinear_sigmoid)(b[i]), go = g[o * half + i];
      ga[i] = (real)(go * s);
      gb[i] = (real)(go * a[i] * s * (1 - s));
    }
  }
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
}

#endif
