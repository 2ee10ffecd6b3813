// Gated linear unit: the input is split along dimension `dim` (1-based) into halves a and b, and the
// output is a * sigmoid(b). GatedLinear_(shape) checks the arguments as THNN does and views the
// contiguous input as outer x 2 x half.

static void THNN_(GatedLinear_shape)(THCState *state, const char *fn, THCTensor *input, int dim, long *outer,
                                     long *half) {
  THNN_(checkDims)(state, fn, "input", input, 1, TH_MAX_DIMS);
  THNN_(checkDevice)(state, fn, "input", input);
  if (dim < TH_INDEX_BASE || dim >= input->nDimension + TH_INDEX_BASE)
    THError("%s: dim must be in [%d, %d] for an input of size %s, got %d", fn, TH_INDEX_BASE,
            input->nDimension - 1 + TH_INDEX_BASE, THCTensor_(sizeDesc)(state, input).str, dim);
  const int d = dim - TH_INDEX_BASE;
  if (input->size[d] % 2 != 0)
    THError("%s: input must have an even size at dimension %d (dim), got size %s", fn, dim,
            THCTensor_(sizeDesc)(state, input).str);
  *outer = 1;
  for (int k = 0; k < d; k++) *outer *= input->size[k];
  *half = input->size[d] / 2;
  for (int k = d + 1; k < input->nDimension; k++) *half *= input->size[k];
}

void THNN_(GatedLinear_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, int dim) {
  long outer, half;
  THNN_(GatedLinear_shape)(state, "GatedLinear_updateOutput", input, dim, &outer, &half);
  THNN_(checkNotNull)("GatedLinear_updateOutput", "output", output);
  THNN_(checkDevice)(state, "GatedLinear_updateOutput", "output", output);
  THCTensor *x = THCTensor_(newContiguous)(state, input);
  THCTensor *firstHalf = THCTensor_(newNarrow)(state, x, dim - TH_INDEX_BASE, 0, x->size[dim - TH_INDEX_BASE] / 2);
  THCTensor_(resizeAs)(state, output, firstHalf);
  THCTensor *out = THCTensor_(newContiguous)(state, output);
  thcunn_glu::forward(state, THCTensor_(data)(state, x), THCTensor_(data)(state, out), outer * half, half);
  THCTensor_(freeCopyTo)(state, out, output);
  THCTensor_(free)(state, firstHalf);
  THCTensor_(free)(state, x);
}

void THNN_(GatedLinear_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                        THCTensor *gradInput, int dim) {
  const char *fn = "GatedLinear_updateGradInput";
  long outer, half;
  THNN_(GatedLinear_shape)(state, fn, input, dim, &outer, &half);
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  if (THCTensor_(nElement)(state, gradOutput) != outer * half)
    THError("%s: gradOutput must have %ld elements (half of input %s), got size %s", fn, outer * half,
            THCTensor_(sizeDesc)(state, input).str, THCTensor_(sizeDesc)(state, gradOutput).str);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THCTensor *x = THCTensor_(newContiguous)(state, input), *g = THCTensor_(newContiguous)(state, gradOutput);
  THCTensor_(resizeAs)(state, gradInput, x);
  THCTensor *gx = THCTensor_(newContiguous)(state, gradInput);
  thcunn_glu::backward(state, THCTensor_(data)(state, x), THCTensor_(data)(state, g), THCTensor_(data)(state, gx),
                       outer * half, half);
  THCTensor_(freeCopyTo)(state, gx, gradInput);
  THCTensor_(free)(state, x);
  THCTensor_(free)(state, g);
}
