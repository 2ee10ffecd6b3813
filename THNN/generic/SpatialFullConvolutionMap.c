#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFullConvolutionMap.c"
#else
/* The transpose of SpatialConvolutionMap (ConvolutionMap.c): each connTable input plane, scaled by
 * its kernel, is added at every (y * dH, x * dW) offset of its output plane, giving an output of
 * [nOutputPlane x (H - 1) * dH + kH x (W - 1) * dW + kW]. Torch7 took only a 3D (single image)
 * input; a 4D batch is accepted as well. */

typedef struct {
  THNNConvPlan plan;
  long nConnections, kernelSize, L, inputImageSize, outputImageSize;
} THNN_(FullMapCall);

static void THNN_(SpatialFullConvolutionMap_begin)(const char *fn, THTensor *input, THTensor *weight,
                                                   const char *weightName, THTensor *connTable, int nInputPlane,
                                                   int nOutputPlane, int dW, int dH, THNN_(FullMapCall) *c) {
  THNN_(mapPlan)(fn, input, weight, weightName, connTable, nInputPlane, nOutputPlane, dW, dH, 1, &c->plan);
  c->nConnections = weight->size[0];
  c->kernelSize = weight->size[1] * weight->size[2];
  c->L = c->plan.inputHeight * c->plan.inputWidth;
  c->inputImageSize = c->plan.nInputPlane * c->L;
  c->outputImageSize = nOutputPlane * c->plan.outputHeight * c->plan.outputWidth;
}

void THNN_(SpatialFullConvolutionMap_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   THTensor *weight, THTensor *bias, THTensor *connTable,
                                                   int nInputPlane, int nOutputPlane, int dW, int dH) {
  const char *fn = "SpatialFullConvolutionMap_updateOutput";
  THNN_(FullMapCall) c;
  THNN_(SpatialFullConvolutionMap_begin)(fn, input, weight, "weight", connTable, nInputPlane, nOutputPlane, dW, dH,
                                         &c);
  THNN_(convCheckNumel)(fn, "bias", bias, nOutputPlane, "nOutputPlane");
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(convResize)(output, &c.plan, nOutputPlane, c.plan.outputHeight, c.plan.outputWidth);
  THTensor *table = THTensor_(newContiguous)(connTable), *in = THTensor_(newContiguous)(input);
  THTensor *w = THTensor_(newContiguous)(weight), *b = bias ? THTensor_(newContiguous)(bias) : NULL;
  THTensor *out = THNN_(writable)(output, 0);
  real *cols = THAlloc(sizeof(real) * nOutputPlane * c.kernelSize * c.L);
  for (long n = 0; n < c.plan.nImages; n++) {
    real *o = THTensor_(data)(out) + n * c.outputImageSize;
    THNN_(mapScatterExpand)(THTensor_(data)(in) + n * c.inputImageSize, THTensor_(data)(w), THTensor_(data)(table),
                            c.nConnections, 0, 1, nOutputPlane, c.kernelSize, c.L, cols);
    THNN_(convFillPlanes)(o, nOutputPlane, c.plan.outputHeight * c.plan.outputWidth, b ? THTensor_(data)(b) : NULL);
    THNN_(col2im)(&c.plan.geometry, cols, o);
  }
  THFree(cols);
  THNN_(writeBack)(output, out);
  THTensor_(free)(table);
  THTensor_(free)(in);
  THTensor_(free)(w);
  if (b) THTensor_(free)(b);
}

void THNN_(SpatialFullConvolutionMap_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, THTensor *weight, THTensor *bias,
                                                      THTensor *connTable, int nInputPlane, int nOutputPlane,
                                                      int dW, int dH) {
  const char *fn = "SpatialFullConvolutionMap_updateGradInput";
  THNN_(FullMapCall) c;
  THNN_(SpatialFullConvolutionMap_begin)(fn, input, weight, "weight", connTable, nInputPlane, nOutputPlane, dW, dH,
                                         &c);
  THNN_(convCheckGradOutput)(fn, gradOutput, &c.plan, nOutputPlane);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *table = THTensor_(newContiguous)(connTable), *gout = THTensor_(newContiguous)(gradOutput);
  THTensor *w = THTensor_(newContiguous)(weight), *gin = THNN_(writable)(gradInput, 0);
  real *cols = THAlloc(sizeof(real) * nOutputPlane * c.kernelSize * c.L);
  memset(THTensor_(data)(gin), 0, sizeof(real) * (size_t)THTensor_(nElement)(gin));
  for (long n = 0; n < c.plan.nImages; n++) {
    THNN_(im2col)(&c.plan.geometry, THTensor_(data)(gout) + n * c.outputImageSize, cols);
    THNN_(mapGatherReduce)(cols, THTensor_(data)(w), THTensor_(data)(table), c.nConnections, 1, 0, nInputPlane,
                           c.kernelSize, c.L, THTensor_(data)(gin) + n * c.inputImageSize);
  }
  THFree(cols);
  THNN_(writeBack)(gradInput, gin);
  THTensor_(free)(table);
  THTensor_(free)(gout);
  THTensor_(free)(w);
}

void THNN_(SpatialFullConvolutionMap_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *connTable, int nInputPlane, int nOutputPlane,
                                                        int dW, int dH, accreal scale) {
  const char *fn = "SpatialFullConvolutionMap_accGradParameters";
  THNN_(FullMapCall) c;
  THNN_(SpatialFullConvolutionMap_begin)(fn, input, gradWeight, "gradWeight", connTable, nInputPlane, nOutputPlane,
                                         dW, dH, &c);
  THNN_(convCheckNumel)(fn, "gradBias", gradBias, nOutputPlane, "nOutputPlane");
  THNN_(convCheckGradOutput)(fn, gradOutput, &c.plan, nOutputPlane);
  THTensor *table = THTensor_(newContiguous)(connTable), *in = THTensor_(newContiguous)(input);
  THTensor *gout = THTensor_(newContiguous)(gradOutput), *gw = THNN_(writable)(gradWeight, 1);
  real *cols = THAlloc(sizeof(real) * nOutputPlane * c.kernelSize * c.L);
  for (long n = 0; n < c.plan.nImages; n++) {
    THNN_(im2col)(&c.plan.geometry, THTensor_(data)(gout) + n * c.outputImageSize, cols);
    THNN_(mapAccGradWeight)(cols, THTensor_(data)(in) + n * c.inputImageSize, THTensor_(data)(table),
                            c.nConnections, 1, c.kernelSize, c.L, THTensor_(data)(gw), scale);
  }
  THFree(cols);
  THNN_(writeBack)(gradWeight, gw);
  if (gradBias) {
    THTensor *gb = THNN_(writable)(gradBias, 1);
    THNN_(convAccGradBias)(THTensor_(data)(gout), c.plan.nImages, nOutputPlane,
                           c.plan.outputHeight * c.plan.outputWidth, THTensor_(data)(gb), scale);
    THNN_(writeBack)(gradBias, gb);
  }
  THTensor_(free)(table);
  THTensor_(free)(in);
  THTensor_(free)(gout);
}

#endif
