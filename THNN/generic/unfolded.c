#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/unfolded.c"
#else
/* Torch7's exported im2col helpers, on the shared THNN_(im2col) / THNN_(col2im) (Im2Col.c):
 * finput is [nInputPlane*kH*kW x outputHeight*outputWidth], input [nInputPlane x inputHeight x
 * inputWidth]; any output size is accepted (positions that fall outside the padded input read 0). */

static THNNConvGeometry THNN_(unfoldedGeometry)(const char *fn, THTensor *finput, THTensor *input, int kW, int kH,
                                                int dW, int dH, int padW, int padH, int nInputPlane,
                                                int inputWidth, int inputHeight, int outputWidth,
                                                int outputHeight) {
  THNN_(checkNotNull)(fn, "finput", finput);
  THNN_(checkNotNull)(fn, "input", input);
  if (kW <= 0 || kH <= 0 || dW <= 0 || dH <= 0 || padW < 0 || padH < 0)
    THError("%s: kernel and stride must be positive and padding not negative, got kW=%d kH=%d dW=%d dH=%d "
            "padW=%d padH=%d",
            fn, kW, kH, dW, dH, padW, padH);
  if (nInputPlane <= 0 || inputWidth <= 0 || inputHeight <= 0 || outputWidth <= 0 || outputHeight <= 0)
    THError("%s: sizes must be positive, got nInputPlane=%d inputWidth=%d inputHeight=%d outputWidth=%d "
            "outputHeight=%d",
            fn, nInputPlane, inputWidth, inputHeight, outputWidth, outputHeight);
  const THNNConvGeometry g = {nInputPlane, inputHeight, inputWidth, outputHeight, outputWidth,
                              kH, kW, dH, dW, padH, padW, 1, 1};
  const long imageSize = (long)nInputPlane * inputHeight * inputWidth;
  if (THTensor_(nElement)(input) != imageSize)
    THError("%s: input must have nInputPlane*inputHeight*inputWidth = %ld elements, got size %s", fn, imageSize,
            THTensor_(sizeDesc)(input).str);
  return g;
}

/* input += the folding of finput, which must have nInputPlane*kH*kW*outputHeight*outputWidth
 * elements. */
void THNN_(unfolded_acc)(THTensor *finput, THTensor *input, int kW, int kH, int dW, int dH, int padW, int padH,
                         int nInputPlane, int inputWidth, int inputHeight, int outputWidth, int outputHeight) {
  const char *fn = "unfolded_acc";
  const THNNConvGeometry g = THNN_(unfoldedGeometry)(fn, finput, input, kW, kH, dW, dH, padW, padH, nInputPlane,
                                                     inputWidth, inputHeight, outputWidth, outputHeight);
  const long columnsSize = g.channels * g.kH * g.kW * g.outHeight * g.outWidth;
  if (THTensor_(nElement)(finput) != columnsSize)
    THError("%s: finput must have nInputPlane*kH*kW*outputHeight*outputWidth = %ld elements, got size %s", fn,
            columnsSize, THTensor_(sizeDesc)(finput).str);
  THTensor *cols = THTensor_(newContiguous)(finput), *im = THNN_(writable)(input, 1);
  THNN_(col2im)(&g, THTensor_(data)(cols), THTensor_(data)(im));
  THNN_(writeBack)(input, im);
  THTensor_(free)(cols);
}

/* finput = the unfolding of input; finput keeps its shape when it has the right number of
 * elements, else it is resized to [nInputPlane*kH*kW x outputHeight*outputWidth]. */
void THNN_(unfolded_copy)(THTensor *finput, THTensor *input, int kW, int kH, int dW, int dH, int padW, int padH,
                          int nInputPlane, int inputWidth, int inputHeight, int outputWidth, int outputHeight) {
  const THNNConvGeometry g = THNN_(unfoldedGeometry)("unfolded_copy", finput, input, kW, kH, dW, dH, padW, padH,
                                                     nInputPlane, inputWidth, inputHeight, outputWidth,
                                                     outputHeight);
  const long rows = g.channels * g.kH * g.kW, L = g.outHeight * g.outWidth;
  if (THTensor_(nElement)(finput) != rows * L) THTensor_(resize2d)(finput, rows, L);
  THTensor *im = THTensor_(newContiguous)(input), *cols = THNN_(writable)(finput, 0);
  THNN_(im2col)(&g, THTensor_(data)(im), THTensor_(data)(cols));
  THNN_(writeBack)(finput, cols);
  THTensor_(free)(im);
}

#endif
