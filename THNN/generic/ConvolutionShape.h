#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionShape.h"

/* THNNConvParams, THNNConvPlan and the checks on plain sizes. */
#include "THNNConvShape.h"

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
