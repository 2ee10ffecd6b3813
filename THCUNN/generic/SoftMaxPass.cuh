// SoftMax's and LogSoftMax's host side, once per type (a generic header: no include guard; included
// by both generic files): THNN's shapes and checks (THNN/generic/SoftMaxRows.c), contiguous operands,
// the pass on the device (SoftMaxRows.cuh), the result written back.

// Torch7's shapes: 1D (C), 2D (N x C), 3D (C x H x W), 4D (N x C x H x W), normalised over C.
static inline void THNN_(SoftMax_rows)(THCState *state, const char *fn, THCTensor *input, long *nframe, long *dim,
                                       long *stride) {
  THNN_(checkDims)(state, fn, "input", input, 1, 4);
  const long *size = input->size;
  switch (input->nDimension) {
    case 1: *nframe = 1; *dim = size[0]; *stride = 1; break;
    case 2: *nframe = size[0]; *dim = size[1]; *stride = 1; break;
    case 3: *nframe = 1; *dim = size[0]; *stride = size[1] * size[2]; break;
    default: *nframe = size[0]; *dim = size[1]; *stride = size[2] * size[3]; break;
  }
}

// The forward pass (gradOutput NULL) reads src = input and writes result = output; the backward
// pass reads src = output and gradOutput and writes result = gradInput (which may be either).
template <typename RowOp>
static void THNN_(SoftMax_pass)(THCState *state, const char *fn, THCTensor *src, THCTensor *gradOutput,
                                THCTensor *result, RowOp op) {
  long nframe, dim, stride;
  THNN_(SoftMax_rows)(state, fn, src, &nframe, &dim, &stride);
  if (gradOutput) THNN_(checkSameNumel)(state, fn, "gradOutput", gradOutput, "output", src);
  THNN_(checkNotNull)(fn, gradOutput ? "gradInput" : "output", result);
  THNN_(checkDevice)(state, fn, gradOutput ? "output" : "input", src);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, gradOutput ? "gradInput" : "output", result);
  THCTensor *x = THCTensor_(newContiguous)(state, src);
  THCTensor *g = gradOutput ? THCTensor_(newContiguous)(state, gradOutput) : NULL;
  THCTensor_(resizeAs)(state, result, x);
  THCTensor *y = THCTensor_(newContiguous)(state, result);
  const real *xData = THCTensor_(data)(state, x);
  thcunn_softmax::run(state, xData, g ? THCTensor_(data)(state, g) : xData, THCTensor_(data)(state, y), nframe, dim,
                      stride, op);
  THCTensor_(freeCopyTo)(state, y, result);
  THCTensor_(free)(state, x);
  if (g) THCTensor_(free)(state, g);
}
