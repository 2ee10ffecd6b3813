#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionShape.c"
#else

/* The checks themselves are THNNConvShape.h's, on sizes, shared with libTHCUNN. */

void THNN_(convPlan)(const char *fn, THTensor *input, const THNNConvParams *p, int transposed,
                     THNNConvPlan *plan) {
  THNN_(checkDims)(fn, "input", input, 3, 4);
  THNNConv_plan(fn, input->nDimension, input->size, p, transposed, plan);
}

void THNN_(convCheckGradOutput)(const char *fn, THTensor *gradOutput, const THNNConvPlan *plan,
                                long nOutputPlane) {
  THNN_(checkNotNull)(fn, "gradOutput", gradOutput);
  THNNConv_checkGradOutput(fn, gradOutput->nDimension, gradOutput->size, plan, nOutputPlane);
}

void THNN_(convCheckNumel)(const char *fn, const char *arg, THTensor *t, long n, const char *what) {
  if (t) THNNConv_checkNumel(fn, arg, t->nDimension, t->size, n, what);
}

void THNN_(convResize)(THTensor *t, const THNNConvPlan *plan, long planes, long height, long width) {
  if (plan->batched)
    THTensor_(resize4d)(t, plan->nImages, planes, height, width);
  else
    THTensor_(resize3d)(t, planes, height, width);
}

#endif
