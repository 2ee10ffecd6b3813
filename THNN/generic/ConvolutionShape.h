#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionShape.h"

/* A 2D convolution's hyper-parameters as the legacy functions take them (adj: the extra output
 * rows/columns of a transposed convolution). */
typedef struct {
  int kW, kH, dW, dH, padW, padH, dilationW, dilationH, adjW, adjH;
} THNNConvParams;

/* What the checks derive from the input and the parameters. A 3D input is one image (batched = 0,
 * nImages = 1). `geometry` is the im2col side: the input for a convolution, the output for a
 * transposed one (its channels are filled in once the weight gave nOutputPlane). */
typedef struct {
  int batched;
  long nImages, nInputPlane, inputHeight, inputWidth, outputHeight, outputWidth;
  THNNConvGeometry geometry;
} THNNConvPlan;

#else
/* The checks every 2D convolution shares, with messages that name the function and the argument. */

/* Checks input (3D C x H x W or 4D N x C x H x W, not NULL) and p (kernel, stride, dilation > 0,
 * padding >= 0; for transposed, 0 <= adj < stride or adj < dilation), computes the output size
 * (Torch7's formulas) and raises an error when it is smaller than 1x1. */
void THNN_(convPlan)(const char *fn, THTensor *input, const THNNConvParams *p, int transposed,
                     THNNConvPlan *plan);

/* gradOutput must be [nImages x nOutputPlane x outputHeight x outputWidth] (without nImages for a
 * single image). */
void THNN_(convCheckGradOutput)(const char *fn, THTensor *gradOutput, const THNNConvPlan *plan,
                                long nOutputPlane);

/* A parameter gradient or bias: NULL is allowed when optional; else it must have n elements. */
void THNN_(convCheckNumel)(const char *fn, const char *arg, THTensor *t, long n, const char *what);

/* Resizes t to [nImages x planes x height x width], or without nImages for a single image. */
void THNN_(convResize)(THTensor *t, const THNNConvPlan *plan, long planes, long height, long width);

#endif
