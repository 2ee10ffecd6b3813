#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionShape.c"
#else

static void THNN_(convCheckParams)(const char *fn, const THNNConvParams *p, int transposed) {
  if (p->kW <= 0 || p->kH <= 0)
    THError("%s: kernel size must be positive, got kW=%d kH=%d", fn, p->kW, p->kH);
  if (p->dW <= 0 || p->dH <= 0) THError("%s: stride must be positive, got dW=%d dH=%d", fn, p->dW, p->dH);
  if (p->padW < 0 || p->padH < 0)
    THError("%s: padding must not be negative, got padW=%d padH=%d", fn, p->padW, p->padH);
  if (p->dilationW <= 0 || p->dilationH <= 0)
    THError("%s: dilation must be positive, got dilationW=%d dilationH=%d", fn, p->dilationW, p->dilationH);
  if (!transposed) return;
  if (p->adjW < 0 || p->adjH < 0) THError("%s: adj must not be negative, got adjW=%d adjH=%d", fn, p->adjW, p->adjH);
  if ((p->adjW >= p->dW && p->adjW >= p->dilationW) || (p->adjH >= p->dH && p->adjH >= p->dilationH))
    THError("%s: adj must be smaller than the stride or the dilation, got adjW=%d adjH=%d "
            "(dW=%d dH=%d, dilationW=%d dilationH=%d)",
            fn, p->adjW, p->adjH, p->dW, p->dH, p->dilationW, p->dilationH);
}

void THNN_(convPlan)(const char *fn, THTensor *input, const THNNConvParams *p, int transposed,
                     THNNConvPlan *plan) {
  THNN_(checkDims)(fn, "input", input, 3, 4);
  THNN_(convCheckParams)(fn, p, transposed);
  const int b = input->nDimension == 4;
  plan->batched = b;
  plan->nImages = b ? input->size[0] : 1;
  plan->nInputPlane = input->size[b];
  plan->inputHeight = input->size[b + 1];
  plan->inputWidth = input->size[b + 2];
  plan->outputHeight = THNN_convOutputSize(fn, "the output height", plan->inputHeight, p->kH, p->dH, p->padH,
                                           p->dilationH, p->adjH, transposed);
  plan->outputWidth = THNN_convOutputSize(fn, "the output width", plan->inputWidth, p->kW, p->dW, p->padW,
                                          p->dilationW, p->adjW, transposed);
  if (plan->outputHeight < 1 || plan->outputWidth < 1)
    THError("%s: output size %ld x %ld (H x W) is too small for input %ld x %ld (kernel %d x %d, stride "
            "%d x %d, padding %d x %d, dilation %d x %d)",
            fn, plan->outputHeight, plan->outputWidth, plan->inputHeight, plan->inputWidth, p->kH, p->kW,
            p->dH, p->dW, p->padH, p->padW, p->dilationH, p->dilationW);

  /* The unfolded buffers' sizes, computed from these in long arithmetic: the output plane, and for a
   * convolution the rows of its im2col matrix (for a transposed one they come from the weight). */
  const long outputPlane[2] = {plan->outputHeight, plan->outputWidth};
  THNN_checkedProduct(fn, "the output plane", 2, outputPlane);
  if (!transposed) {
    const long unfoldedRows[3] = {plan->nInputPlane, p->kH, p->kW};
    THNN_checkedProduct(fn, "the unfolded input's rows (nInputPlane x kH x kW)", 3, unfoldedRows);
  }

  THNNConvGeometry *g = &plan->geometry;
  g->channels = transposed ? 0 : plan->nInputPlane;
  g->height = transposed ? plan->outputHeight : plan->inputHeight;
  g->width = transposed ? plan->outputWidth : plan->inputWidth;
  g->outHeight = transposed ? plan->inputHeight : plan->outputHeight;
  g->outWidth = transposed ? plan->inputWidth : plan->outputWidth;
  g->kH = p->kH;
  g->kW = p->kW;
  g->dH = p->dH;
  g->dW = p->dW;
  g->padH = p->padH;
  g->padW = p->padW;
  g->dilationH = p->dilationH;
  g->dilationW = p->dilationW;
}

void THNN_(convCheckGradOutput)(const char *fn, THTensor *gradOutput, const THNNConvPlan *plan,
                                long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  long expected[4] = {plan->nImages, nOutputPlane, plan->outputHeight, plan->outputWidth};
  const long *e = plan->batched ? expected : expected + 1;
  const int nd = plan->batched ? 4 : 3;
  int ok = gradOutput->nDimension == nd;
  for (int d = 0; ok && d < nd; d++) ok = gradOutput->size[d] == e[d];
  if (!ok)
    THError("%s: gradOutput must have size %s, got %s", fn, _THSizeDesc(e, nd).str,
            THTensor_(sizeDesc)(gradOutput).str);
}

void THNN_(convCheckNumel)(const char *fn, const char *arg, THTensor *t, long n, const char *what) {
  if (t && THTensor_(nElement)(t) != n)
    THError("%s: %s must have %ld elements (%s), got size %s", fn, arg, n, what, THTensor_(sizeDesc)(t).str);
}

void THNN_(convResize)(THTensor *t, const THNNConvPlan *plan, long planes, long height, long width) {
  if (plan->batched)
    THTensor_(resize4d)(t, plan->nImages, planes, height, width);
  else
    THTensor_(resize3d)(t, planes, height, width);
}

#endif
